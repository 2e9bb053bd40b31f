//! Server-side rendering through a pool of long-lived Node workers.
//!
//! Each worker runs `site/ssr-worker.mjs`, which imports the SSR bundle Vite built and answers
//! one JSON line per request: `{"id", "url", "data"}` in, `{"id", "html"}` or
//! `{"id", "error", "stack"}` out. The pool owns start-up, one request in flight per worker,
//! a per-render timeout, restarting a worker that crashed or hung (that route fails with the
//! route and the JS stack named), and shutdown. The contract `render(url, data) -> html` does
//! not depend on Node: another engine can implement [`Renderer`].

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use serde::Deserialize;

/// Renders one route.
pub trait Renderer: Sync {
    fn render(&self, worker: usize, url: &str, data_json: &str) -> Result<String, RenderError>;
    fn size(&self) -> usize;
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum RenderError {
    #[error("React threw while rendering {url}: {message}\n{stack}")]
    Threw {
        url: String,
        message: String,
        stack: String,
    },
    #[error("the render worker for {url} stopped ({reason}); it was restarted")]
    Crashed { url: String, reason: String },
    #[error("rendering {url} took longer than {seconds} s; the worker was restarted")]
    TimedOut { url: String, seconds: u64 },
    #[error("cannot start the render worker: {0}")]
    Start(String),
}

/// How to start a worker.
#[derive(Debug, Clone)]
pub struct WorkerConfig {
    pub node: PathBuf,
    pub script: PathBuf,
    pub bundle: PathBuf,
    pub timeout: Duration,
    /// Where Node keeps V8's compiled code of the bundle between runs (`NODE_COMPILE_CACHE`,
    /// Node 22.1+; older versions ignore it), so a worker starts about 70 ms sooner.
    pub compile_cache: Option<PathBuf>,
}

struct Worker {
    child: Child,
    /// Taken (closed) on drop, which ends the worker's read loop.
    stdin: Option<ChildStdin>,
    lines: Receiver<std::io::Result<String>>,
    next_id: u64,
}

impl Worker {
    fn start(cfg: &WorkerConfig) -> Result<Worker, RenderError> {
        let mut command = Command::new(&cfg.node);
        if let Some(dir) = &cfg.compile_cache {
            command.env("NODE_COMPILE_CACHE", dir);
        }
        let mut child = command
            .arg(&cfg.script)
            .arg(&cfg.bundle)
            .env("NODE_ENV", "production")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| RenderError::Start(format!("{}: {e}", cfg.node.display())))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::with_capacity(1 << 16, stdout);
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) => break,
                    Ok(_) => {
                        if tx.send(Ok(line)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        break;
                    }
                }
            }
        });
        let mut worker = Worker {
            child,
            stdin: Some(stdin),
            lines: rx,
            next_id: 0,
        };
        // The worker says it is ready once the bundle is imported.
        match worker.lines.recv_timeout(Duration::from_secs(60)) {
            Ok(Ok(line)) if line.contains("\"ready\":true") => Ok(worker),
            Ok(Ok(line)) => {
                worker.kill();
                Err(RenderError::Start(format!(
                    "unexpected first message: {}",
                    line.trim()
                )))
            }
            _ => {
                let status = worker.child.try_wait().ok().flatten();
                worker.kill();
                Err(RenderError::Start(format!(
                    "the worker exited before it was ready ({}); see the messages above",
                    status.map_or("no status".into(), |s| s.to_string())
                )))
            }
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn render(&mut self, url: &str, data_json: &str, timeout: Duration) -> Result<String, Failure> {
        self.next_id += 1;
        let id = self.next_id;
        let url_json = serde_json::to_string(url).expect("string serialises");
        let mut line = String::with_capacity(data_json.len() + url.len() + 48);
        line.push_str("{\"id\":");
        line.push_str(&id.to_string());
        line.push_str(",\"url\":");
        line.push_str(&url_json);
        line.push_str(",\"data\":");
        line.push_str(data_json);
        line.push_str("}\n");
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Failure::Crashed("its input is closed".into()));
        };
        if let Err(e) = stdin.write_all(line.as_bytes()).and_then(|_| stdin.flush()) {
            return Err(Failure::Crashed(format!("cannot write to it: {e}")));
        }
        let reply = match self.lines.recv_timeout(timeout) {
            Ok(Ok(reply)) => reply,
            Ok(Err(e)) => return Err(Failure::Crashed(format!("cannot read from it: {e}"))),
            Err(RecvTimeoutError::Timeout) => return Err(Failure::TimedOut),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.wait().map(|s| s.to_string());
                return Err(Failure::Crashed(status.unwrap_or_else(|e| e.to_string())));
            }
        };
        #[derive(Deserialize)]
        struct Reply {
            id: u64,
            html: Option<String>,
            error: Option<String>,
            #[serde(default)]
            stack: String,
        }
        let reply: Reply = serde_json::from_str(&reply)
            .map_err(|e| Failure::Crashed(format!("it sent a message that is not JSON: {e}")))?;
        if reply.id != id {
            return Err(Failure::Crashed(format!(
                "it answered request {} instead of {id}",
                reply.id
            )));
        }
        match (reply.html, reply.error) {
            (Some(html), None) => Ok(html),
            (_, Some(message)) => Err(Failure::Threw(message, reply.stack)),
            (None, None) => Err(Failure::Crashed("it sent an empty answer".into())),
        }
    }
}

enum Failure {
    Threw(String, String),
    Crashed(String),
    TimedOut,
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing stdin ends the worker's read loop; give it a moment, then make sure.
        drop(self.stdin.take());
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }
}

/// A pool of Node render workers, one per core by default.
pub struct NodePool {
    cfg: WorkerConfig,
    workers: Vec<Mutex<Option<Worker>>>,
}

impl NodePool {
    /// Starts `size` workers in parallel.
    pub fn start(cfg: WorkerConfig, size: usize) -> Result<NodePool, RenderError> {
        let size = size.max(1);
        let started: Vec<Result<Worker, RenderError>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..size).map(|_| s.spawn(|| Worker::start(&cfg))).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("worker start thread"))
                .collect()
        });
        let mut workers = Vec::with_capacity(size);
        for w in started {
            workers.push(Mutex::new(Some(w?)));
        }
        Ok(NodePool { cfg, workers })
    }
}

impl Renderer for NodePool {
    fn size(&self) -> usize {
        self.workers.len()
    }

    fn render(&self, worker: usize, url: &str, data_json: &str) -> Result<String, RenderError> {
        let mut slot = self.workers[worker % self.workers.len()]
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if slot.is_none() {
            *slot = Some(Worker::start(&self.cfg)?);
        }
        let w = slot.as_mut().expect("worker present");
        match w.render(url, data_json, self.cfg.timeout) {
            Ok(html) => Ok(html),
            Err(Failure::Threw(message, stack)) => Err(RenderError::Threw {
                url: url.into(),
                message,
                stack,
            }),
            Err(other) => {
                // Replace the worker; the next route gets a fresh one.
                if let Some(mut dead) = slot.take() {
                    dead.kill();
                }
                *slot = Worker::start(&self.cfg).ok();
                Err(match other {
                    Failure::TimedOut => RenderError::TimedOut {
                        url: url.into(),
                        seconds: self.cfg.timeout.as_secs(),
                    },
                    Failure::Crashed(reason) => RenderError::Crashed {
                        url: url.into(),
                        reason,
                    },
                    Failure::Threw(..) => unreachable!("handled above"),
                })
            }
        }
    }
}

/// Renders every job on every worker at once; `done(index, result)` runs on the worker's
/// thread as soon as that route is rendered, so writing can overlap rendering.
pub fn render_all<R, J, F>(
    renderer: &R,
    jobs: &[J],
    job: impl Fn(&J) -> (&str, &str) + Sync,
    done: F,
) where
    R: Renderer + ?Sized,
    J: Sync,
    F: Fn(usize, Result<String, RenderError>) + Sync,
{
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for w in 0..renderer.size() {
            let (next, job, done) = (&next, &job, &done);
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(j) = jobs.get(i) else { break };
                    let (url, data) = job(j);
                    done(i, renderer.render(w, url, data));
                }
            });
        }
    });
}
