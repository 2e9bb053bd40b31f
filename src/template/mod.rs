//! Rendering many routes of one shape from one React render.
//!
//! Most of a large site is blog posts whose markup differs only in the strings they show
//! (title, author, date, body...). Rendering each through React costs about 1.5 ms; filling
//! strings into a template costs microseconds. So, before rendering, every route's data is
//! *slotted*: each string that is content (not a key the app branches on: `lang`, `dir`,
//! `kind`, `id`, `section`, or anything under `site`) is replaced by a sentinel
//! `U+E000 & <n> U+E001`, and its value is kept aside with the key it came from. Routes whose
//! slotted data is identical have the same *shape*; one of each shape is rendered with the
//! sentinels instead of the strings, and the output is cut at the sentinels into a
//! [`Template`].
//!
//! React escapes `&` in text and attributes (to `&amp;`) but not in `dangerouslySetInnerHTML`,
//! so each sentinel in the output also says how its value must be written: escaped exactly as
//! React escapes, or raw. A template is only as safe as React if:
//!
//! - a value is written raw only when its key is declared to hold HTML ([`HTML_KEYS`], HTML the
//!   Rust side sanitised);
//! - no value lands where React does more than escape it, or where escaping is not enough:
//!   inside `<script>` or `<style>`, in a `style` or event-handler attribute, in a list of URLs
//!   (`srcset`), or at the start of a URL attribute (`href`, `src`, `action`, ...), where
//!   React 19 blocks `javascript:` URLs. A value in a URL after text that fixes its scheme
//!   (`/en/blog/` + slug, `https://wa.me/` + number) is filled exactly as React writes it.
//!
//! A template that breaks either rule is not used. One that follows them is only trusted after
//! it reproduced, byte for byte, the full render of several routes of its shape (see
//! [`CHECK_EVERY`]); a screen that transforms a string (upper-cases it, measures it, looks it
//! up) fails that check, and its routes are rendered one by one.
//!
//! Shapes also bound the cost of a hung screen: once a route times out in the renderer, the
//! routes of its shape not yet rendered fail at once instead of waiting for the timeout each.
//!
//! The submodules follow a route through that: [`slot`] replaces its strings with sentinels,
//! [`shapes`] groups routes by shape and decides which template to trust, [`cut`] cuts a
//! rendered page into a template and [`safety`] says where a sentinel may land, [`fill`]
//! writes a route's values into a template as React would.
//!
//! [`Template`]: cut::Template
//! [`HTML_KEYS`]: safety::HTML_KEYS
//! [`CHECK_EVERY`]: shapes::CHECK_EVERY

mod cut;
mod fill;
mod safety;
mod shapes;
mod slot;
#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;

use crate::log::Log;
use crate::ssr::{Renderer, run_jobs};
use shapes::{Member, Plan, Renders, is_checked, plan};

/// How [`render_many`] made its pages.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stats {
    /// Pages filled from a template instead of rendered by React.
    pub(crate) from_templates: usize,
    /// Templates rendered (each checked against full renders of its shape).
    pub(crate) templates: usize,
}

/// React renders that keep one more worker busy enough to pay for itself. A worker takes about
/// 90 ms of CPU to start and renders its first pages several times slower than later ones (V8
/// starts them interpreted), on a machine whose cores the build's own threads use too.
const RENDERS_PER_WORKER: usize = 100;

/// How many of `renderer`'s workers render `renders` routes: one more for each
/// [`RENDERS_PER_WORKER`] renders. The pool starts one worker before the build knows how many
/// renders it needs, and each other one when it is first given a route.
fn workers_for<R: Renderer + ?Sized>(renders: usize, renderer: &R) -> usize {
    (renders / RENDERS_PER_WORKER).clamp(1, renderer.size().max(1))
}

/// Renders `routes` (`(url, data)`), calling `finish(index, html or error)` for each as soon
/// as it is made, from any thread. With `templates`, routes of one shape are filled from one
/// template once it reproduced the full render of the routes checked against it; the rest,
/// and the routes of a template that did not, go through `renderer`. After a render times out,
/// the routes of its shape that were not rendered yet fail at once.
pub(crate) fn render_many<R, F>(
    renderer: &R,
    routes: &[(&str, &str)],
    templates: bool,
    log: Log,
    finish: F,
) -> Stats
where
    R: Renderer + ?Sized,
    F: Fn(usize, Result<String, String>) + Sync,
{
    let t = Instant::now();
    let Plan {
        groups,
        direct,
        shape_of,
        shapes,
    } = plan(routes, templates);
    if templates {
        log.verbose(&format!(
            "    shapes     {:>8.1} ms  ({} routes slotted into {shapes} shapes)",
            t.elapsed().as_secs_f64() * 1000.0,
            routes.len()
        ));
    }
    let renders = Renders::new(renderer, shapes);
    let route = |i: usize| routes.get(i).copied().unwrap_or_default();
    let shape = |i: usize| shape_of.get(i).copied().flatten();

    // First pass: each group's template, the routes checked against it, and every route that
    // has no group.
    #[derive(Clone, Copy)]
    enum Job {
        Template(usize),
        Route(usize),
    }
    let mut jobs: Vec<Job> = (0..groups.len()).map(Job::Template).collect();
    let mut checked: HashSet<usize> = Default::default();
    for g in &groups {
        for (pos, m) in g.members.iter().enumerate() {
            if is_checked(pos, g.members.len()) {
                checked.insert(m.route);
                jobs.push(Job::Route(m.route));
            }
        }
    }
    jobs.extend(direct.iter().map(|&i| Job::Route(i)));
    let templates: Vec<Mutex<Option<Result<String, String>>>> =
        groups.iter().map(|_| Mutex::new(None)).collect();
    let full_renders: Mutex<HashMap<usize, String>> = Default::default();
    let t = Instant::now();
    run_jobs(
        workers_for(jobs.len(), renderer),
        &jobs,
        |worker, _, job| match *job {
            Job::Template(g) => {
                let (Some(group), Some(cell)) = (groups.get(g), templates.get(g)) else {
                    return;
                };
                let label = format!(
                    "the template of {}",
                    group.members.first().map_or("", |m| route(m.route).0)
                );
                let result =
                    renders.render(worker, (&group.url, &group.json), Some(group.shape), &label);
                *cell.lock().unwrap_or_else(|p| p.into_inner()) = Some(result);
            }
            Job::Route(i) => {
                let result = renders.render(worker, route(i), shape(i), route(i).0);
                if let (true, Ok(html)) = (checked.contains(&i), &result) {
                    full_renders
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .insert(i, html.clone());
                }
                finish(i, result);
            }
        },
    );

    log.verbose(&format!(
        "    React      {:>8.1} ms  ({} routes, {} templates)",
        t.elapsed().as_secs_f64() * 1000.0,
        jobs.len() - groups.len(),
        groups.len()
    ));
    let t = Instant::now();

    // Second pass: fill each trusted template; routes of a template that did not match are
    // rendered one by one.
    let full_renders = full_renders.into_inner().unwrap_or_else(|p| p.into_inner());
    let mut from_templates = 0;
    let mut fallback = Vec::new();
    for (group, rendered) in groups.iter().zip(templates) {
        let rendered = rendered.into_inner().unwrap_or_else(|p| p.into_inner());
        let template = group.trusted_template(rendered, &full_renders, &checked, routes);
        let rest = group.members.iter().filter(|m| !checked.contains(&m.route));
        match template {
            Ok(t) => {
                let rest: Vec<&Member> = rest.collect();
                rest.par_iter()
                    .for_each(|m| finish(m.route, Ok(t.fill(&m.values))));
                from_templates += rest.len();
            }
            Err(why) => {
                log.verbose(&format!(
                    "  the template for {} ({} routes) is not used, {why}; they are rendered one by one",
                    group.members.first().map_or("", |m| route(m.route).0),
                    group.members.len()
                ));
                fallback.extend(rest.map(|m| m.route));
            }
        }
    }
    if from_templates > 0 {
        log.verbose(&format!(
            "    templates  {:>8.1} ms  ({from_templates} routes filled)",
            t.elapsed().as_secs_f64() * 1000.0
        ));
    }
    if !fallback.is_empty() {
        run_jobs(
            workers_for(fallback.len(), renderer),
            &fallback,
            |worker, _, &i| {
                finish(i, renders.render(worker, route(i), shape(i), route(i).0));
            },
        );
    }

    Stats {
        from_templates,
        templates: groups.len(),
    }
}
