//! Server-side rendering through a pool of long-lived Node workers.
//!
//! Each worker runs `site/ssr-worker.mjs`, which imports the SSR bundle Vite built. Requests go
//! to the worker's stdin and replies come back on a pipe of their own (the worker's file
//! descriptor 3, see [`spawn`]), one JSON message per line: `{"id", "url", "data"}` in,
//! `{"id", "bytes": n}` followed by the page's `n` bytes of HTML, or `{"id", "error", "stack"}`,
//! out (`worker.rs`). Lines end at `\n` only, on both sides (JSON never holds a raw `\n`, while
//! U+2028 and U+2029, which editors paste from Word and PDF files, may appear raw in a message);
//! a page's bytes are read by count, whatever they hold. The worker's stdout is only a log: it is connected
//! to sahel's stderr, so a `console.log` or `process.stdout.write` in a screen or a library can
//! never be taken for a reply.
//!
//! The pool owns start-up, one request in flight per worker, a per-render timeout, restarting a
//! worker that crashed or hung (that route fails with the route and the JS stack named), and
//! shutdown. Workers die with sahel: they exit when their stdin closes, and on Linux they are
//! also killed by the kernel when sahel dies, even by `SIGKILL` (`PR_SET_PDEATHSIG`). The
//! contract `render(url, data) -> html` does not depend on Node: another engine can implement
//! [`Renderer`].
//!
//! [`worker`] holds one worker process and its protocol, [`spawn`] starts the process.

pub(crate) mod snapshot;
mod spawn;
mod worker;

pub(crate) use spawn::yield_to_workers;

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use worker::{Failure, Worker};

use crate::messages::{Arg, Msg};

/// V8 flags of every render worker, and of the worker snapshot's build and check (a snapshot is
/// made and started with the same flags). V8's top tier (TurboFan) compiles on a background
/// thread and pays off only after thousands of calls; a worker renders a few dozen to a few
/// thousand routes (the rest are filled from templates), so that thread only takes a core from
/// the other workers and from sahel. With Maglev as the top tier the React stage took 15-20%
/// less time at 200, 2,000 and 20,000 pages on 2 cores (`--max-opt=1`, Sparkplug only, was
/// faster on a 200-page site and slower from 20,000).
pub(crate) const WORKER_V8_FLAGS: &[&str] = &["--max-opt=2"];

/// Renders one route.
// `pub`, like `RenderError` and `NodePool`, only because public items of the build pipeline
// name it (a render context's pool, the pool `start_pool` returns).
pub trait Renderer: Sync {
    fn render(&self, worker: usize, url: &str, data_json: &str) -> Result<String, RenderError>;
    /// How many workers can render at once (`render`'s `worker` is taken modulo this).
    fn size(&self) -> usize;
}

#[derive(Debug, Clone)]
pub enum RenderError {
    Threw {
        url: String,
        message: String,
        stack: String,
    },
    /// The worker stopped; `reason` says how (its exit status, or what went wrong).
    Crashed {
        url: String,
        reason: Arg,
    },
    TimedOut {
        url: String,
        timeout: Duration,
    },
    Start(Arg),
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RenderError::Threw {
                url,
                message,
                stack,
            } => write!(
                f,
                "{}\n{stack}",
                crate::msg!("output-render-threw", url = url, message = message)
            ),
            RenderError::Crashed { url, reason } => write!(
                f,
                "{}",
                crate::msg!("output-render-crashed", url = url, reason = reason.clone())
            ),
            RenderError::TimedOut { url, timeout } => write!(
                f,
                "{}",
                crate::msg!(
                    "output-render-timed-out",
                    url = url,
                    timeout = duration(*timeout)
                )
            ),
            RenderError::Start(reason) => write!(
                f,
                "{}",
                crate::msg!("output-render-start", reason = reason.clone())
            ),
        }
    }
}

impl std::error::Error for RenderError {}

/// `30 s`, `250 ms`.
fn duration(d: Duration) -> Msg {
    if d.subsec_millis() == 0 && d.as_secs() > 0 {
        crate::msg!("output-seconds", n = d.as_secs())
    } else {
        crate::msg!(
            "output-milliseconds",
            n = u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
        )
    }
}

/// How to start a worker.
#[derive(Debug, Clone)]
pub(crate) struct WorkerConfig {
    pub(crate) node: PathBuf,
    pub(crate) script: PathBuf,
    pub(crate) bundle: PathBuf,
    pub(crate) timeout: Duration,
    /// Where Node keeps V8's compiled code of the bundle between runs (`NODE_COMPILE_CACHE`,
    /// Node 22.1+; older versions ignore it), so a worker starts about 70 ms sooner.
    pub(crate) compile_cache: Option<PathBuf>,
    /// A V8 startup snapshot of a worker with the bundle loaded and warmed up ([`snapshot`]):
    /// when set, workers start from it instead of running `script` on `bundle`.
    pub(crate) snapshot: Option<PathBuf>,
}

/// A pool of Node render workers, one per core by default.
pub struct NodePool {
    cfg: WorkerConfig,
    workers: Vec<Mutex<Option<Worker>>>,
}

impl NodePool {
    /// Starts `size` workers in parallel.
    #[cfg(test)]
    pub(crate) fn start(cfg: WorkerConfig, size: usize) -> Result<NodePool, RenderError> {
        NodePool::start_some(cfg, size, size)
    }

    /// A pool of `size` workers of which `at_once` (at least one) start now, in parallel; each
    /// other one starts when [`Renderer::render`] first gives it a route.
    pub(crate) fn start_some(
        cfg: WorkerConfig,
        size: usize,
        at_once: usize,
    ) -> Result<NodePool, RenderError> {
        let size = size.max(1);
        let at_once = at_once.clamp(1, size);
        let started: Vec<Result<Worker, RenderError>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..at_once)
                .map(|_| s.spawn(|| Worker::start(&cfg)))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|_| {
                        Err(RenderError::Start(
                            crate::msg!("output-worker-start-panicked").into(),
                        ))
                    })
                })
                .collect()
        });
        let mut workers = Vec::with_capacity(size);
        for w in started {
            workers.push(Mutex::new(Some(w?)));
        }
        workers.resize_with(size, || Mutex::new(None));
        Ok(NodePool { cfg, workers })
    }

    /// Whether the workers start from a worker snapshot ([`snapshot`]).
    pub(crate) fn started_from_snapshot(&self) -> bool {
        self.cfg.snapshot.is_some()
    }

    /// The process ids of the running workers.
    #[cfg(test)]
    fn pids(&self) -> Vec<u32> {
        self.workers
            .iter()
            .filter_map(|w| {
                let w = w.lock().unwrap_or_else(|p| p.into_inner());
                w.as_ref().map(Worker::pid)
            })
            .collect()
    }
}

impl Drop for NodePool {
    fn drop(&mut self) {
        // Every worker's input is closed before any is waited for, so they exit together.
        for slot in &mut self.workers {
            let slot = slot.get_mut().unwrap_or_else(|p| p.into_inner());
            if let Some(w) = slot.as_mut() {
                w.close_input();
            }
        }
    }
}

impl Renderer for NodePool {
    fn size(&self) -> usize {
        self.workers.len()
    }

    fn render(&self, worker: usize, url: &str, data_json: &str) -> Result<String, RenderError> {
        let Some(slot) = self.workers.get(worker % self.workers.len().max(1)) else {
            return Err(RenderError::Start(crate::msg!("output-pool-empty").into()));
        };
        let mut slot = slot.lock().unwrap_or_else(|p| p.into_inner());
        let w = match slot.as_mut() {
            Some(w) => w,
            // A worker not started with the pool (or replaced after a crash) starts now; if the
            // worker snapshot cannot start it (removed by another build meanwhile), the ordinary
            // way can, as at the pool's start.
            None => match Worker::start(&self.cfg) {
                Ok(w) => slot.insert(w),
                Err(_) if self.cfg.snapshot.is_some() => {
                    slot.insert(Worker::start(&WorkerConfig {
                        snapshot: None,
                        ..self.cfg.clone()
                    })?)
                }
                Err(e) => return Err(e),
            },
        };
        let failure = match w.render(url, data_json, self.cfg.timeout) {
            Ok(html) => return Ok(html),
            Err(Failure::Threw(message, stack)) => {
                return Err(RenderError::Threw {
                    url: url.into(),
                    message,
                    stack,
                });
            }
            Err(Failure::TimedOut) => RenderError::TimedOut {
                url: url.into(),
                timeout: self.cfg.timeout,
            },
            Err(Failure::Crashed(reason)) => RenderError::Crashed {
                url: url.into(),
                reason,
            },
        };
        // Replace the worker; the next route gets a fresh one.
        if let Some(mut dead) = slot.take() {
            dead.kill();
        }
        *slot = Worker::start(&self.cfg).ok();
        Err(failure)
    }
}

/// Runs every job, `workers` at a time: `work(worker, index, job)` runs on the worker's own
/// thread, so writing a page can overlap rendering the next.
pub(crate) fn run_jobs<J, W>(workers: usize, jobs: &[J], work: W)
where
    J: Sync,
    W: Fn(usize, usize, &J) + Sync,
{
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for w in 0..workers.max(1) {
            let (next, work) = (&next, &work);
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(j) = jobs.get(i) else { break };
                    work(w, i, j);
                }
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::time::Instant;

    pub(super) fn project() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
    }

    /// A pool running the real worker script on a stand-in bundle from
    /// `tests/fixtures/ssr-bundles/`.
    pub(super) fn pool(bundle: &str, size: usize, timeout: Duration) -> NodePool {
        NodePool::start(
            WorkerConfig {
                node: crate::assets::node_binary(project()),
                script: project().join("site/ssr-worker.mjs"),
                bundle: project().join("tests/fixtures/ssr-bundles").join(bundle),
                timeout,
                compile_cache: None,
                snapshot: None,
            },
            size,
        )
        .unwrap()
    }

    pub(super) fn data(text: &str) -> String {
        serde_json::json!({ "text": text }).to_string()
    }

    #[test]
    fn line_and_paragraph_separators_stay_inside_a_message() {
        let pool = pool("echo.mjs", 1, Duration::from_secs(30));
        let text =
            "a\u{2028}b\u{2029}c \u{200F}\u{202B}عربي\u{202C}\u{2066}x\u{2069} \r \u{85} end";
        let html = pool.render(0, "/en/x\u{2028}/", &data(text)).unwrap();
        assert_eq!(html, format!("<p data-url=\"/en/x\u{2028}/\">{text}</p>"));
        // Pretty-printed JSON (raw newlines between tokens) is still one message.
        let pretty = serde_json::to_string_pretty(&serde_json::json!({ "text": "y" })).unwrap();
        assert_eq!(
            pool.render(0, "/", &pretty).unwrap(),
            "<p data-url=\"/\">y</p>"
        );
    }

    #[test]
    fn a_page_is_read_whole_whatever_its_bytes_look_like() {
        let pool = pool("echo.mjs", 1, Duration::from_secs(30));
        // A page is sent as its byte count and its bytes: text shaped like the protocol's own
        // lines, line ends of every kind, Arabic, emoji and a page larger than a pipe's buffer
        // come back exactly as rendered.
        let texts = [
            "before\n{\"id\":7,\"bytes\":2}\nab\n{\"ready\":true}\n".to_string(),
            "مرحباً \u{1F1E6}\u{1F1EA} 👋🏽 \r\n\u{2028}\u{2029}\u{85}".to_string(),
            "طويل ".repeat(300_000),
            String::new(),
        ];
        for (i, text) in texts.iter().enumerate() {
            let url = format!("/ar/{i}/");
            let html = pool.render(0, &url, &data(text)).unwrap();
            assert_eq!(
                html,
                format!("<p data-url=\"{url}\">{text}</p>"),
                "text {i}"
            );
        }
    }

    #[test]
    fn what_the_app_prints_on_stdout_is_a_log_not_a_reply() {
        // The bundle writes to stdout before, while and after rendering: with console.log,
        // with process.stdout.write, and with something that looks like a reply.
        let pool = pool("noisy.mjs", 2, Duration::from_secs(30));
        for i in 0..6 {
            let html = pool.render(i, &format!("/en/{i}/"), &data("x")).unwrap();
            assert_eq!(html, format!("<p>{i}</p>"));
        }
    }

    #[test]
    fn a_worker_that_writes_garbage_to_stdout_is_still_understood() {
        // A worker script of its own, not the real one: stdout gets garbage, replies go to fd 3.
        let node = crate::assets::node_binary(project());
        let pool = NodePool::start(
            WorkerConfig {
                node,
                script: project().join("tests/fixtures/ssr-bundles/garbage-worker.mjs"),
                bundle: PathBuf::from("unused"),
                timeout: Duration::from_secs(30),
                compile_cache: None,
                snapshot: None,
            },
            1,
        )
        .unwrap();
        assert_eq!(pool.render(0, "/a/", "{}").unwrap(), "<p>/a/</p>");
        assert_eq!(pool.render(0, "/b/", "{}").unwrap(), "<p>/b/</p>");
    }

    #[test]
    fn a_hung_render_times_out_and_the_worker_is_replaced() {
        let pool = pool("hangs.mjs", 1, Duration::from_millis(400));
        let t = Instant::now();
        let err = pool.render(0, "/hang/", &data("x")).unwrap_err();
        assert!(matches!(err, RenderError::TimedOut { .. }), "{err}");
        assert!(err.to_string().contains("took longer than 400 ms"), "{err}");
        assert!(t.elapsed() < Duration::from_secs(10));
        assert_eq!(pool.render(0, "/ok/", &data("x")).unwrap(), "<p>ok</p>");
    }

    #[test]
    fn a_throwing_render_names_the_error_and_the_worker_stays() {
        let pool = pool("hangs.mjs", 1, Duration::from_secs(30));
        let before = pool.pids();
        let err = pool.render(0, "/throw/", &data("x")).unwrap_err();
        assert!(
            matches!(&err, RenderError::Threw { message, .. } if message == "no such page"),
            "{err}"
        );
        assert_eq!(pool.pids(), before);
    }

    #[test]
    fn a_crashed_worker_is_replaced() {
        let pool = pool("hangs.mjs", 1, Duration::from_secs(30));
        let err = pool.render(0, "/exit/", &data("x")).unwrap_err();
        assert!(matches!(err, RenderError::Crashed { .. }), "{err}");
        assert_eq!(pool.render(0, "/ok/", &data("x")).unwrap(), "<p>ok</p>");
    }

    #[test]
    fn a_worker_not_started_at_once_starts_when_first_given_a_route() {
        let cfg = pool("echo.mjs", 1, Duration::from_secs(30)).cfg.clone();
        let pool = NodePool::start_some(cfg, 2, 1).unwrap();
        assert_eq!(pool.size(), 2);
        assert_eq!(pool.pids().len(), 1, "one worker starts at once");
        assert_eq!(
            pool.render(1, "/b/", &data("y")).unwrap(),
            "<p data-url=\"/b/\">y</p>"
        );
        assert_eq!(
            pool.pids().len(),
            2,
            "the second started for its first route"
        );
        assert_eq!(
            pool.render(0, "/a/", &data("x")).unwrap(),
            "<p data-url=\"/a/\">x</p>"
        );
    }

    #[test]
    fn a_worker_started_late_starts_the_ordinary_way_if_the_snapshot_is_gone() {
        let cfg = pool("echo.mjs", 1, Duration::from_secs(30)).cfg.clone();
        let mut pool = NodePool::start_some(cfg, 2, 1).unwrap();
        // As if the pool had started from a snapshot that another build removed since.
        let tmp = tempfile::tempdir().unwrap();
        pool.cfg.snapshot = Some(tmp.path().join("worker-removed.blob"));
        assert_eq!(
            pool.render(1, "/b/", &data("y")).unwrap(),
            "<p data-url=\"/b/\">y</p>"
        );
        assert_eq!(pool.pids().len(), 2);
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn dropping_the_pool_ends_every_worker() {
        let pool = pool("echo.mjs", 2, Duration::from_secs(30));
        assert_eq!(
            pool.render(1, "/a/", &data("x")).unwrap(),
            "<p data-url=\"/a/\">x</p>"
        );
        let pids = pool.pids();
        assert_eq!(pids.len(), 2);
        // Dropped on another thread, as the build does while it writes the rest: every worker
        // still ends and is reaped. (That the inputs close before any wait, so the workers exit
        // together, is a matter of time, which the benchmarks measure.)
        std::thread::spawn(move || drop(pool)).join().unwrap();
        for pid in pids {
            // Reaped, not left as zombies: the process is gone from /proc.
            assert!(
                !Path::new(&format!("/proc/{pid}")).exists(),
                "worker {pid} is still there"
            );
        }
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(duration(Duration::from_secs(30)).render("en"), "30 s");
        assert_eq!(duration(Duration::from_millis(250)).render("en"), "250 ms");
        assert_eq!(
            duration(Duration::from_millis(1500)).render("en"),
            "1500 ms"
        );
    }
}
