//! Shapes: routes sorted by their slotted data into groups rendered from one template, the
//! checks a template must pass before it is trusted, and the fail-fast rule once a render of
//! a shape timed out.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::OnceLock;

use rayon::prelude::*;

use super::cut::{Template, excerpt};
use super::slot::{Slotted, slot};
use crate::ssr::{RenderError, Renderer};

/// A shape needs at least this many routes to be rendered from a template. A template of up to
/// [`CHECK_EVERY`] routes costs three React renders (the template, its first and its last
/// route), so from four routes on it renders fewer pages than rendering each: a 200-page site's
/// seven full list pages per language took seven renders each, now three.
pub(super) const MIN_GROUP: usize = 4;
// The three renders of a template must be fewer than the routes it makes.
const _: () = assert!(3 < MIN_GROUP);

/// Besides the first route of a shape, every `CHECK_EVERY`-th one is also rendered in full
/// and compared with its filled template.
pub(super) const CHECK_EVERY: usize = 50;

/// A route whose data has the shape of a template group, with its values.
pub(super) struct Member {
    pub(super) route: usize,
    pub(super) values: Vec<String>,
}

/// Routes of one shape, rendered from one template.
pub(super) struct Group {
    pub(super) shape: usize,
    pub(super) url: String,
    pub(super) json: String,
    /// The keys of the shape's values.
    keys: Vec<String>,
    pub(super) members: Vec<Member>,
}

/// How the routes will be made.
pub(super) struct Plan {
    /// Shapes shared by at least [`MIN_GROUP`] routes, when templates are on.
    pub(super) groups: Vec<Group>,
    /// Routes rendered one by one.
    pub(super) direct: Vec<usize>,
    /// Each route's shape, if its data could be slotted.
    pub(super) shape_of: Vec<Option<usize>>,
    pub(super) shapes: usize,
}

/// Sorts routes into shapes, and splits them into template groups (with `templates`, a shape
/// shared by at least [`MIN_GROUP`] routes) and the routes rendered one by one.
pub(super) fn plan(routes: &[(&str, &str)], templates: bool) -> Plan {
    let mut shape_of = vec![None; routes.len()];
    if routes.len() < 2 {
        return Plan {
            groups: Vec::new(),
            direct: (0..routes.len()).collect(),
            shape_of,
            shapes: 0,
        };
    }
    let slotted: Vec<Option<Slotted>> = routes
        .par_iter()
        .map(|(url, json)| slot(url, json))
        .collect();
    let mut by_shape: BTreeMap<String, Group> = Default::default();
    let mut direct = Vec::new();
    for (route, s) in slotted.into_iter().enumerate() {
        match s {
            Some(s) => {
                by_shape
                    .entry(s.json)
                    .or_insert_with_key(|json| Group {
                        shape: 0,
                        url: s.url,
                        json: json.clone(),
                        keys: s.keys,
                        members: Vec::new(),
                    })
                    .members
                    .push(Member {
                        route,
                        values: s.values,
                    });
            }
            None => direct.push(route),
        }
    }
    let shapes = by_shape.len();
    let mut groups = Vec::new();
    for (shape, mut group) in by_shape.into_values().enumerate() {
        for m in &group.members {
            if let Some(s) = shape_of.get_mut(m.route) {
                *s = Some(shape);
            }
        }
        if templates && group.members.len() >= MIN_GROUP {
            group.shape = shape;
            groups.push(group);
        } else {
            direct.extend(group.members.iter().map(|m| m.route));
        }
    }
    direct.sort_unstable();
    Plan {
        groups,
        direct,
        shape_of,
        shapes,
    }
}

/// Members of a group that are also rendered in full, to check its template against.
pub(super) fn is_checked(position: usize, len: usize) -> bool {
    position.is_multiple_of(CHECK_EVERY) || position + 1 == len
}

impl Group {
    /// The group's template, if it may be used: `rendered` (the render of the shape's slotted
    /// data) cuts into a template that follows the safety rules, and filling it reproduces,
    /// byte for byte, the full render (`full_renders`) of each of its `members` that was
    /// `checked`. Else why not, for the verbose log, naming the members by their `url`.
    pub(super) fn trusted_template<'u>(
        &self,
        rendered: Option<Result<String, String>>,
        full_renders: &HashMap<usize, String>,
        checked: &HashSet<usize>,
        members: &[Member],
        url: &dyn Fn(usize) -> &'u str,
    ) -> Result<Template, String> {
        let template = match rendered {
            Some(Ok(html)) => Template::parse(&html, &self.keys).map_err(|e| e.to_string())?,
            Some(Err(e)) => return Err(e),
            None => return Err(crate::msg!("output-template-not-rendered").text()),
        };
        for m in members {
            if let Some(full) = full_renders.get(&m.route) {
                let filled = template.fill(&m.values);
                if &filled != full {
                    return Err(crate::msg!(
                        "output-template-differs",
                        url = url(m.route),
                        difference = first_difference(&filled, full)
                    )
                    .text());
                }
            } else if checked.contains(&m.route) {
                return Err(crate::msg!("output-template-route-failed", url = url(m.route)).text());
            }
        }
        Ok(template)
    }
}

/// Where a filled template first differs from the full render, for the verbose log.
pub(super) fn first_difference(filled: &str, rendered: &str) -> String {
    let at = filled
        .bytes()
        .zip(rendered.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(filled.len().min(rendered.len()));
    crate::msg!(
        "output-template-difference",
        at = at,
        template = format!("{:?}", excerpt(filled, at, 40, 40)),
        react = format!("{:?}", excerpt(rendered, at, 40, 40))
    )
    .text()
}

/// Renders through `renderer`, except routes of a shape in which a render already timed out:
/// those fail at once, naming the route that timed out.
pub(super) struct Renders<'a, R: ?Sized> {
    renderer: &'a R,
    /// Per shape: the route whose render timed out.
    stalled: Vec<OnceLock<String>>,
}

impl<'a, R: Renderer + ?Sized> Renders<'a, R> {
    /// For routes of `shapes` shapes, none of them stalled yet.
    pub(super) fn new(renderer: &'a R, shapes: usize) -> Self {
        Renders {
            renderer,
            stalled: (0..shapes).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Renders `data` at `url` on `worker`; `label` names the route in messages.
    pub(super) fn render(
        &self,
        worker: usize,
        (url, data): (&str, &str),
        shape: Option<usize>,
        label: &str,
    ) -> Result<String, String> {
        let stalled = shape.and_then(|s| self.stalled.get(s));
        if let Some(first) = stalled.and_then(OnceLock::get) {
            return Err(crate::msg!("output-shape-stalled", first = first).text());
        }
        match self.renderer.render(worker, url, data) {
            Ok(html) => Ok(html),
            Err(RenderError::TimedOut { timeout, .. }) => {
                if let Some(cell) = stalled {
                    let _ = cell.set(label.to_string());
                }
                Err(RenderError::TimedOut {
                    url: label.to_string(),
                    timeout,
                }
                .to_string())
            }
            Err(e) => Err(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_difference_is_shown_in_context() {
        let d = first_difference("<h1>TITLE</h1>", "<h1>Title</h1>");
        assert!(d.starts_with("at byte 5:"), "{d}");
    }
}
