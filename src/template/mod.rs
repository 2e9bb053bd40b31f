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
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{TrySendError, sync_channel};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::log::Log;
use crate::ssr::{Renderer, run_jobs};
use shapes::{Member, Plan, Renders, is_checked, plan};

/// How [`render_planned`] made its pages.
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

/// Rendered pages waiting for the thread that writes them ([`render_planned`]): a bound on the
/// memory they hold (a page is tens of kilobytes).
const PAGES_IN_FLIGHT: usize = 64;

/// How many of `renderer`'s workers render `renders` routes: one per [`RENDERS_PER_WORKER`]
/// renders, at least one (so a second worker from 200 renders). The pool starts one worker before the build knows how many
/// renders it needs, and each other one when it is first given a route.
fn workers_for<R: Renderer + ?Sized>(renders: usize, renderer: &R) -> usize {
    (renders / RENDERS_PER_WORKER).clamp(1, renderer.size().max(1))
}

/// Routes sorted into shapes and template groups ([`plan_routes`]), ready for
/// [`render_planned`]. Planning needs no worker, so a build plans while its first worker starts.
pub(crate) struct Planned {
    plan: Plan,
    templates: bool,
    took: Duration,
}

/// Slots every route's data and groups the routes by shape (with `templates`; else every route
/// is rendered one by one).
pub(crate) fn plan_routes(routes: &[(&str, &str)], templates: bool) -> Planned {
    let t = Instant::now();
    let plan = plan(routes, templates);
    Planned {
        plan,
        templates,
        took: t.elapsed(),
    }
}

/// The routes [`render_planned`] renders, by index: each one's URL, for as long as the render
/// lasts, and its data, for as long as its owner holds it (a build lets each route's data go
/// as soon as its page is written).
pub(crate) trait Routes: Sync {
    fn url(&self, i: usize) -> &str;
    /// `render(data)` with route `i`'s data, or an error if it is no longer held.
    fn with_data(
        &self,
        i: usize,
        render: &mut dyn FnMut(&str) -> Result<String, String>,
    ) -> Result<String, String>;
}

/// `(url, data)` pairs, held throughout.
impl Routes for [(&str, &str)] {
    fn url(&self, i: usize) -> &str {
        self.get(i).map_or("", |r| r.0)
    }

    fn with_data(
        &self,
        i: usize,
        render: &mut dyn FnMut(&str) -> Result<String, String>,
    ) -> Result<String, String> {
        match self.get(i) {
            Some((_, data)) => render(data),
            None => Err(crate::msg!("output-no-route", n = i).text()),
        }
    }
}

/// [`plan_routes`] and [`render_planned`] in one call.
#[cfg(test)]
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
    render_planned(
        renderer,
        routes,
        plan_routes(routes, templates),
        log,
        finish,
    )
}

/// Renders `routes`, planned by [`plan_routes`] from their `(url, data)`, calling
/// `finish(index, html or error)` for each as soon as it is made, from any thread. With
/// templates (the plan's), routes of one shape are filled from one template once it reproduced
/// the full render of the routes checked against it; the rest, and the routes of a template that
/// did not, go through `renderer`. After a render times out, the routes of its shape that were
/// not rendered yet fail at once.
pub(crate) fn render_planned<R, D, F>(
    renderer: &R,
    routes: &D,
    planned: Planned,
    log: Log,
    finish: F,
) -> Stats
where
    R: Renderer + ?Sized,
    D: Routes + ?Sized,
    F: Fn(usize, Result<String, String>) + Sync,
{
    let Planned {
        plan:
            Plan {
                mut groups,
                direct,
                shape_of,
                shapes,
            },
        templates,
        took,
    } = planned;
    if templates {
        log.verbose(&format!(
            "    {:<10} {}",
            crate::msg!("output-verbose-shapes").text(),
            crate::msg!(
                "output-verbose-shapes-time",
                ms = format!("{:>8.1}", took.as_secs_f64() * 1000.0),
                routes = shape_of.len(),
                shapes = shapes
            )
        ));
    }
    let renders = Renders::new(renderer, shapes);
    let url = |i: usize| routes.url(i);
    let shape = |i: usize| shape_of.get(i).copied().flatten();
    let render = |worker: usize, i: usize| {
        routes.with_data(i, &mut |data| {
            renders.render(worker, (url(i), data), shape(i), url(i))
        })
    };

    // First pass: group by group, the template and the routes checked against it; then every
    // route that has no group. A group is filled, on a thread of its own, as soon as its last
    // render is in, while the workers go on with the next routes.
    #[derive(Clone, Copy)]
    enum Job {
        Template(usize),
        Route(usize),
    }
    let mut jobs: Vec<Job> = Vec::new();
    let mut checked: HashSet<usize> = Default::default();
    // The group of each checked route, and each group's renders still to come.
    let mut group_of: HashMap<usize, usize> = Default::default();
    let mut pending: Vec<AtomicUsize> = Vec::with_capacity(groups.len());
    for (g, group) in groups.iter().enumerate() {
        jobs.push(Job::Template(g));
        let mut renders = 1;
        for (pos, m) in group.members.iter().enumerate() {
            if is_checked(pos, group.members.len()) {
                checked.insert(m.route);
                group_of.insert(m.route, g);
                jobs.push(Job::Route(m.route));
                renders += 1;
            }
        }
        pending.push(AtomicUsize::new(renders));
    }
    jobs.extend(direct.iter().map(|&i| Job::Route(i)));
    // Each group's members, with the values filled into its template: taken by the thread that
    // fills the group, and let go route by route as each page is written.
    let first_member: Vec<usize> = groups
        .iter()
        .map(|g| g.members.first().map_or(usize::MAX, |m| m.route))
        .collect();
    let members: Vec<Mutex<Vec<Member>>> = groups
        .iter_mut()
        .map(|g| Mutex::new(std::mem::take(&mut g.members)))
        .collect();
    let templates: Vec<Mutex<Option<Result<String, String>>>> =
        groups.iter().map(|_| Mutex::new(None)).collect();
    let full_renders: Vec<Mutex<HashMap<usize, String>>> =
        groups.iter().map(|_| Mutex::default()).collect();
    let from_templates = AtomicUsize::new(0);
    let filling = Mutex::new(std::time::Duration::ZERO);
    let fallback: Mutex<Vec<usize>> = Mutex::default();

    // Second pass, per group: fill its template if it is trusted; else its routes are rendered
    // one by one after the first pass.
    let fill_group = |g: usize| {
        let (Some(group), Some(rendered), Some(full)) =
            (groups.get(g), templates.get(g), full_renders.get(g))
        else {
            return;
        };
        let t = Instant::now();
        let rendered = rendered.lock().unwrap_or_else(|p| p.into_inner()).take();
        let full = std::mem::take(&mut *full.lock().unwrap_or_else(|p| p.into_inner()));
        let group_members = members
            .get(g)
            .map(|m| std::mem::take(&mut *m.lock().unwrap_or_else(|p| p.into_inner())))
            .unwrap_or_default();
        let count = group_members.len();
        let template = group.trusted_template(rendered, &full, &checked, &group_members, &url);
        let rest = group_members
            .into_iter()
            .filter(|m| !checked.contains(&m.route));
        match template {
            Ok(t) => {
                let rest: Vec<Member> = rest.collect();
                from_templates.fetch_add(rest.len(), Ordering::Relaxed);
                rest.into_par_iter()
                    .for_each(|m| finish(m.route, Ok(t.fill(&m.values))));
            }
            Err(why) => {
                log.verbose(&format!(
                    "  {}",
                    crate::msg!(
                        "output-template-not-used",
                        url = url(first_member.get(g).copied().unwrap_or(usize::MAX)),
                        count = count,
                        why = why
                    )
                ));
                fallback
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .extend(rest.map(|m| m.route));
            }
        }
        *filling.lock().unwrap_or_else(|p| p.into_inner()) += t.elapsed();
    };

    let t = Instant::now();
    let react_done = std::thread::scope(|s| {
        let fill_group = &fill_group;
        // A rendered page is wrapped in its document and written on a thread of its own, so
        // the thread that talks to the worker sends it the next route at once instead of after
        // the write (the worker would wait idle meanwhile). When that thread is
        // [`PAGES_IN_FLIGHT`] pages behind, the worker's thread writes the page itself.
        let finish = &finish;
        let (to_write, pages) = sync_channel::<(usize, Result<String, String>)>(PAGES_IN_FLIGHT);
        s.spawn(move || pages.into_iter().for_each(|(i, page)| finish(i, page)));
        let write = |i: usize, page: Result<String, String>| {
            if let Err(TrySendError::Full((i, page)) | TrySendError::Disconnected((i, page))) =
                to_write.try_send((i, page))
            {
                finish(i, page);
            }
        };
        // The last render of a group hands the group to a thread that fills it.
        let rendered = |g: usize| {
            if pending
                .get(g)
                .is_some_and(|p| p.fetch_sub(1, Ordering::AcqRel) == 1)
            {
                s.spawn(move || fill_group(g));
            }
        };
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
                        url(first_member.get(g).copied().unwrap_or(usize::MAX))
                    );
                    let result = renders.render(
                        worker,
                        (&group.url, &group.json),
                        Some(group.shape),
                        &label,
                    );
                    *cell.lock().unwrap_or_else(|p| p.into_inner()) = Some(result);
                    rendered(g);
                }
                Job::Route(i) => {
                    let result = render(worker, i);
                    let group = group_of.get(&i).copied();
                    if let (Some(g), Ok(html)) = (group, &result)
                        && let Some(full) = full_renders.get(g)
                    {
                        full.lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .insert(i, html.clone());
                    }
                    write(i, result);
                    if let Some(g) = group {
                        rendered(g);
                    }
                }
            },
        );
        drop(to_write);
        log.verbose(&format!(
            "    {:<10} {}",
            "React",
            crate::msg!(
                "output-verbose-react-time",
                ms = format!("{:>8.1}", t.elapsed().as_secs_f64() * 1000.0),
                routes = jobs.len() - groups.len(),
                templates = groups.len()
            )
        ));
        Instant::now()
    });
    let from_templates = from_templates.into_inner();
    if from_templates > 0 {
        log.verbose(&format!(
            "    {:<10} {}",
            crate::msg!("output-verbose-templates").text(),
            crate::msg!(
                "output-verbose-templates-time",
                ms = format!(
                    "{:>8.1}",
                    filling
                        .into_inner()
                        .unwrap_or_else(|p| p.into_inner())
                        .as_secs_f64()
                        * 1000.0
                ),
                routes = from_templates,
                after = format!("{:.1}", react_done.elapsed().as_secs_f64() * 1000.0)
            )
        ));
    }
    let fallback = fallback.into_inner().unwrap_or_else(|p| p.into_inner());
    if !fallback.is_empty() {
        run_jobs(
            workers_for(fallback.len(), renderer),
            &fallback,
            |worker, _, &i| {
                finish(i, render(worker, i));
            },
        );
    }

    Stats {
        from_templates,
        templates: groups.len(),
    }
}
