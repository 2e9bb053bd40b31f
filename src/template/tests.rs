//! Tests of [`render_many`](super::render_many) with stand-ins for React and with the real
//! worker pool, and the data the submodules' tests share.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::fill::escape_like_react;
use super::shapes::MIN_GROUP;
use super::{Routes, Stats, plan_routes, render_many, render_planned};
use crate::log::{Log, Verbosity};
use crate::ssr::{RenderError, Renderer};

/// A blog post's route data.
pub(super) fn post_data(slug: &str, title: &str, html: &str) -> String {
    serde_json::json!({
            "path": format!("/en/blog/{slug}/"),
            "lang": "en",
            "head": {"lang": "en", "dir": "ltr", "title": title},
            "site": {"companyName": "Nahj", "phone": "+971"},
            "page": {"kind": "blogPost", "post": {"slug": slug, "title": title, "excerpt": "", "html": html, "n": 3}}
        })
        .to_string()
}

/// Keys for a template of `n` values, none of them HTML.
pub(super) fn text_keys(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("page.text{i}")).collect()
}

/// How the stand-in for React writes a post's title.
#[derive(Clone, Copy, PartialEq)]
enum Title {
    Escaped,
    /// Upper-cased: the template cannot reproduce it.
    Shouted,
    /// Set with dangerouslySetInnerHTML.
    Raw,
    /// As the link's whole URL.
    Href,
}

/// A stand-in for React: renders a post's title, its author and its raw HTML, from the
/// data it is given.
struct FakeReact {
    title: Title,
}

impl Renderer for FakeReact {
    fn render(&self, _worker: usize, url: &str, data: &str) -> Result<String, RenderError> {
        let d: Value = serde_json::from_str(data).unwrap();
        let post = &d["page"]["post"];
        let text = |v: &Value| {
            let mut out = String::new();
            escape_like_react(&mut out, v.as_str().unwrap_or(""));
            out
        };
        let title = match self.title {
            Title::Escaped => text(&post["title"]),
            Title::Shouted => text(&post["title"]).to_uppercase(),
            Title::Raw => post["title"].as_str().unwrap_or("").to_string(),
            Title::Href => format!("<a href=\"{}\">more</a>", text(&post["title"])),
        };
        Ok(format!(
            "<a href=\"{}\">{title}</a><p>By {}</p><div>{}</div>",
            text(&Value::String(url.to_string())),
            text(&post["author"]),
            post["html"].as_str().unwrap_or("")
        ))
    }

    fn size(&self) -> usize {
        2
    }
}

/// `render_many`'s view of `(url, data)` routes.
fn jobs(routes: &[(String, String)]) -> Vec<(&str, &str)> {
    routes
        .iter()
        .map(|(u, d)| (u.as_str(), d.as_str()))
        .collect()
}

/// Routes whose data goes once their page is finished, as a build's do (it lets each route's
/// data go as soon as its page is written): asking for it after that is a bug.
struct LetGo<'a> {
    jobs: Vec<(&'a str, &'a str)>,
    finished: Vec<std::sync::atomic::AtomicBool>,
}

impl Routes for LetGo<'_> {
    fn url(&self, i: usize) -> &str {
        self.jobs.url(i)
    }

    fn with_data(
        &self,
        i: usize,
        render: &mut dyn FnMut(&str) -> Result<String, String>,
    ) -> Result<String, String> {
        assert!(
            !self.finished[i].load(Ordering::SeqCst),
            "route {i}'s data was asked for after its page was finished"
        );
        self.jobs.with_data(i, render)
    }
}

fn render_with(
    renderer: &impl Renderer,
    routes: &[(String, String)],
    templates: bool,
) -> (Vec<Result<String, String>>, Stats) {
    let jobs = jobs(routes);
    let planned = plan_routes(&jobs, templates);
    let routes = LetGo {
        finished: jobs.iter().map(|_| Default::default()).collect(),
        jobs,
    };
    let out: Vec<Mutex<Option<Result<String, String>>>> =
        routes.jobs.iter().map(|_| Mutex::new(None)).collect();
    let stats = render_planned(
        renderer,
        &routes,
        planned,
        Log(Verbosity::Quiet),
        |i, html| {
            routes.finished[i].store(true, Ordering::SeqCst);
            let previous = out[i].lock().unwrap().replace(html);
            assert!(previous.is_none(), "route {i} was finished twice");
        },
    );
    (
        out.into_iter()
            .map(|m| m.into_inner().unwrap().expect("every route is finished"))
            .collect(),
        stats,
    )
}

fn pages(
    renderer: &FakeReact,
    routes: &[(String, String)],
    templates: bool,
) -> (Vec<String>, Stats) {
    let (out, stats) = render_with(renderer, routes, templates);
    (out.into_iter().map(Result::unwrap).collect(), stats)
}

fn posts(n: usize) -> Vec<(String, String)> {
    (0..n)
        .map(|i| {
            let slug = format!("post-{i}");
            (
                format!("/en/blog/{slug}/"),
                post_data(
                    &slug,
                    &format!("Title {i} & <\"co\">"),
                    &format!("<p>{i} & raw</p>"),
                ),
            )
        })
        .collect()
}

#[test]
fn templated_pages_equal_rendered_pages() {
    let routes = posts(60);
    let react = FakeReact {
        title: Title::Escaped,
    };
    let (direct, none) = pages(&react, &routes, false);
    let (templated, stats) = pages(&react, &routes, true);
    assert_eq!(none, Stats::default());
    // Routes 0, 50 and 59 are checked against a full render; the other 57 are filled.
    assert_eq!(
        stats,
        Stats {
            from_templates: 57,
            templates: 1
        }
    );
    assert_eq!(templated, direct);
    assert_eq!(
        direct[3],
        "<a href=\"/en/blog/post-3/\">Title 3 &amp; &lt;&quot;co&quot;&gt;</a><p>By </p><div><p>3 & raw</p></div>"
    );
}

#[test]
fn a_template_that_breaks_a_rule_or_does_not_reproduce_the_render_is_not_used() {
    let routes = posts(20);
    for title in [Title::Shouted, Title::Raw, Title::Href] {
        let react = FakeReact { title };
        let (direct, _) = pages(&react, &routes, false);
        let (templated, stats) = pages(&react, &routes, true);
        assert_eq!(
            stats,
            Stats {
                from_templates: 0,
                templates: 1
            }
        );
        assert_eq!(templated, direct);
    }
}

/// [`FakeReact`], counting the renders it was asked for.
struct Counting {
    react: FakeReact,
    calls: AtomicUsize,
}

impl Renderer for Counting {
    fn render(&self, worker: usize, url: &str, data: &str) -> Result<String, RenderError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.react.render(worker, url, data)
    }

    fn size(&self) -> usize {
        self.react.size()
    }
}

#[test]
fn the_smallest_templated_shape_takes_fewer_renders_than_its_routes() {
    let routes = posts(MIN_GROUP);
    let react = Counting {
        react: FakeReact {
            title: Title::Escaped,
        },
        calls: AtomicUsize::new(0),
    };
    let (templated, stats) = render_with(&react, &routes, true);
    // The template, the first and the last route are rendered; the others are filled.
    assert_eq!(react.calls.load(Ordering::SeqCst), 3);
    assert_eq!(
        stats,
        Stats {
            from_templates: MIN_GROUP - 2,
            templates: 1
        }
    );
    let (direct, _) = pages(&react.react, &routes, false);
    let templated: Vec<String> = templated.into_iter().map(Result::unwrap).collect();
    assert_eq!(templated, direct);
}

/// [`FakeReact`] with four workers, recording which of them rendered; each render takes a
/// millisecond, as a real one does, so every worker given routes gets some.
struct Workers {
    react: FakeReact,
    used: Mutex<std::collections::BTreeSet<usize>>,
}

impl Renderer for Workers {
    fn render(&self, worker: usize, url: &str, data: &str) -> Result<String, RenderError> {
        self.used.lock().unwrap().insert(worker);
        std::thread::sleep(Duration::from_millis(1));
        self.react.render(worker, url, data)
    }

    fn size(&self) -> usize {
        4
    }
}

#[test]
fn a_second_worker_renders_only_when_there_are_enough_renders_for_it() {
    let workers = || Workers {
        react: FakeReact {
            title: Title::Escaped,
        },
        used: Mutex::new(Default::default()),
    };
    let used = |w: Workers| w.used.into_inner().unwrap().into_iter().collect::<Vec<_>>();
    // Without templates each route is one render.
    for (routes, expected) in [
        (1, vec![0]),
        (super::RENDERS_PER_WORKER * 2 - 1, vec![0]),
        (super::RENDERS_PER_WORKER * 2, vec![0, 1]),
        (super::RENDERS_PER_WORKER * 9, vec![0, 1, 2, 3]),
    ] {
        let w = workers();
        let (out, _) = render_with(&w, &posts(routes), false);
        assert!(out.iter().all(Result::is_ok));
        assert_eq!(used(w), expected, "{routes} renders");
    }
    // 1,000 routes of one shape are a template and 21 checked routes: one worker.
    let w = workers();
    let (out, stats) = render_with(&w, &posts(1000), true);
    assert_eq!((out.len(), stats.templates), (1000, 1));
    assert_eq!(used(w), vec![0]);
}

#[test]
fn few_routes_of_a_shape_are_rendered_one_by_one() {
    let routes = posts(MIN_GROUP - 1);
    let (_, stats) = pages(
        &FakeReact {
            title: Title::Escaped,
        },
        &routes,
        true,
    );
    assert_eq!(stats, Stats::default());
}

/// Times out (after a moment, as a hung worker would) on data with `page.hang`, counting
/// the renders it was asked for.
struct Hangs {
    calls: AtomicUsize,
}

impl Renderer for Hangs {
    fn render(&self, _worker: usize, url: &str, data: &str) -> Result<String, RenderError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let d: Value = serde_json::from_str(data).unwrap();
        if d["page"]["hang"] == true {
            std::thread::sleep(Duration::from_millis(50));
            return Err(RenderError::TimedOut {
                url: url.into(),
                timeout: Duration::from_millis(50),
            });
        }
        Ok(format!(
            "<h1>{}</h1>",
            d["page"]["title"].as_str().unwrap_or("")
        ))
    }

    fn size(&self) -> usize {
        2
    }
}

/// `n` routes of a shape that hangs and `n` of one that does not.
fn hanging_routes(n: usize) -> Vec<(String, String)> {
    (0..2 * n)
        .map(|i| {
            let path = format!("/en/x/{i}/");
            let page =
                serde_json::json!({"kind": "x", "hang": i % 2 == 0, "title": format!("T{i}")});
            let data = serde_json::json!({"path": path, "lang": "en", "page": page});
            (path, data.to_string())
        })
        .collect()
}

#[test]
fn after_a_time_out_the_rest_of_the_shape_fails_at_once() {
    for templates in [true, false] {
        let routes = hanging_routes(20);
        let hangs = Hangs {
            calls: AtomicUsize::new(0),
        };
        let (out, _) = render_with(&hangs, &routes, templates);
        for (i, result) in out.iter().enumerate() {
            if i % 2 == 0 {
                let err = result.as_ref().unwrap_err();
                assert!(
                    err.contains("took longer than") || err.contains("same data shape, timed out"),
                    "{err}"
                );
            } else {
                assert_eq!(result.as_deref(), Ok(format!("<h1>T{i}</h1>").as_str()));
            }
        }
        // The first render of the hanging shape on each of the 2 workers at most (the
        // template and a checked route, or two routes), then the 20 that do not hang,
        // rendered or checked.
        let hung = hangs.calls.load(Ordering::SeqCst) - 20;
        assert!(
            hung <= 2 + usize::from(templates),
            "{hung} renders of the hanging shape"
        );
    }
}

/// The real worker script and pool, on a bundle that loops forever for one shape.
#[test]
fn a_hung_shape_costs_one_time_out_not_one_per_route() {
    let project = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let timeout = Duration::from_millis(500);
    let pool = crate::ssr::NodePool::start(
        crate::ssr::WorkerConfig {
            node: crate::assets::node_binary(project),
            script: project.join("site/ssr-worker.mjs"),
            bundle: project.join("tests/fixtures/ssr-bundles/hangs.mjs"),
            timeout,
            compile_cache: None,
            snapshot: None,
        },
        2,
    )
    .unwrap();
    let routes = hanging_routes(30);
    let t = Instant::now();
    let (out, _) = render_with(&pool, &routes, true);
    let elapsed = t.elapsed();
    // One route at a time per worker would take 30 × 0.5 s / 2 = 7.5 s.
    assert!(elapsed < Duration::from_secs(4), "{elapsed:?}");
    let failed = out.iter().filter(|r| r.is_err()).count();
    assert_eq!(failed, 30);
    assert_eq!(out[1].as_deref(), Ok("<h1>T1</h1>"));
}

/// Counts the renders of a stand-in for React with one worker.
struct CountingReact<'a> {
    renders: &'a AtomicUsize,
    react: FakeReact,
}

impl Renderer for CountingReact<'_> {
    fn render(&self, worker: usize, url: &str, data: &str) -> Result<String, RenderError> {
        let html = self.react.render(worker, url, data);
        self.renders.fetch_add(1, Ordering::SeqCst);
        html
    }

    fn size(&self) -> usize {
        1
    }
}

#[test]
fn the_worker_renders_the_next_route_while_a_page_is_written() {
    // One worker. The first page's write waits for the second route's render: written on the
    // thread that talks to the worker, it would wait forever (here: until the deadline).
    let renders = AtomicUsize::new(0);
    let react = CountingReact {
        renders: &renders,
        react: FakeReact {
            title: Title::Escaped,
        },
    };
    let routes = posts(3);
    let jobs = jobs(&routes);
    let waited = Mutex::new(None);
    let written = AtomicUsize::new(0);
    render_many(&react, &jobs, false, Log(Verbosity::Quiet), |i, html| {
        assert!(html.is_ok());
        if i == 0 {
            let deadline = Instant::now() + Duration::from_secs(10);
            while renders.load(Ordering::SeqCst) < 2 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            *waited.lock().unwrap() = Some(renders.load(Ordering::SeqCst));
        }
        written.fetch_add(1, Ordering::SeqCst);
    });
    assert!(
        waited.into_inner().unwrap().is_some_and(|n| n >= 2),
        "the second route was not rendered while the first page was being written"
    );
    assert_eq!(written.into_inner(), 3);
}

#[test]
fn pages_are_all_written_once_when_writing_falls_behind_rendering() {
    // More pages than may wait for the writing thread, each slow to write: the threads that
    // talk to the workers write the overflow themselves, and every page is written once.
    let routes = posts(3 * super::PAGES_IN_FLIGHT);
    let jobs = jobs(&routes);
    let out: Vec<Mutex<Option<String>>> = routes.iter().map(|_| Mutex::new(None)).collect();
    let writers: Mutex<std::collections::HashSet<std::thread::ThreadId>> = Mutex::default();
    let react = FakeReact {
        title: Title::Escaped,
    };
    render_many(&react, &jobs, false, Log(Verbosity::Quiet), |i, html| {
        std::thread::sleep(Duration::from_micros(300));
        writers.lock().unwrap().insert(std::thread::current().id());
        let previous = out[i].lock().unwrap().replace(html.unwrap());
        assert!(previous.is_none(), "route {i} was written twice");
    });
    for ((url, data), page) in routes.iter().zip(out) {
        let page = page.into_inner().unwrap().expect("every route is written");
        assert_eq!(page, react.render(0, url, data).unwrap());
    }
    assert!(
        writers.into_inner().unwrap().len() >= 2,
        "the overflow is written by the threads that talk to the workers"
    );
}
