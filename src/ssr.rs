//! Server-side rendering through a pool of long-lived Node workers.
//!
//! Each worker runs `site/ssr-worker.mjs`, which imports the SSR bundle Vite built. Requests go
//! to the worker's stdin and replies come back on a pipe of their own (the worker's file
//! descriptor 3, see [`REPLY_FD`]), one JSON message per line: `{"id", "url", "data"}` in,
//! `{"id", "html"}` or `{"id", "error", "stack"}` out. Lines end at `\n` only, on both sides
//! (JSON never holds a raw `\n`, while U+2028 and U+2029, which editors paste from Word and
//! PDF files, may appear raw in a message). The worker's stdout is only a log: it is connected
//! to sahel's stderr, so a `console.log` or `process.stdout.write` in a screen or a library can
//! never be taken for a reply.
//!
//! The pool owns start-up, one request in flight per worker, a per-render timeout, restarting a
//! worker that crashed or hung (that route fails with the route and the JS stack named), and
//! shutdown. Workers die with sahel: they exit when their stdin closes, and on Linux they are
//! also killed by the kernel when sahel dies, even by `SIGKILL` (`PR_SET_PDEATHSIG`). The
//! contract `render(url, data) -> html` does not depend on Node: another engine can implement
//! [`Renderer`].

use std::borrow::Cow;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Mutex, OnceLock};
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
    #[error("rendering {url} took longer than {}; the worker was restarted", duration(*timeout))]
    TimedOut { url: String, timeout: Duration },
    #[error("cannot start the render worker: {0}")]
    Start(String),
}

/// `30 s`, `250 ms`.
pub fn duration(d: Duration) -> String {
    if d.subsec_millis() == 0 && d.as_secs() > 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{} ms", d.as_millis())
    }
}

/// The worker's file descriptor for replies.
pub const REPLY_FD: i32 = 3;

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

/// One reply line, without its `\n`.
type Line = std::io::Result<Vec<u8>>;

struct Worker {
    child: Child,
    /// Taken (closed) on drop, which ends the worker's read loop.
    stdin: Option<ChildStdin>,
    replies: Receiver<Line>,
    next_id: u64,
}

impl Worker {
    fn start(cfg: &WorkerConfig) -> Result<Worker, RenderError> {
        let start_error =
            |e: std::io::Error| RenderError::Start(format!("{}: {e}", cfg.node.display()));
        let mut command = Command::new(&cfg.node);
        if let Some(dir) = &cfg.compile_cache {
            command.env("NODE_COMPILE_CACHE", dir);
        }
        command
            .arg(&cfg.script)
            .arg(&cfg.bundle)
            .env("NODE_ENV", "production")
            .stdin(Stdio::piped())
            .stderr(Stdio::inherit());
        let (mut child, replies) = spawn_worker(command).map_err(start_error)?;
        let Some(stdin) = child.stdin.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(RenderError::Start("the worker has no stdin".into()));
        };
        let (tx, rx) = channel();
        let reader = std::thread::Builder::new()
            .name("render-worker-replies".into())
            .spawn(move || read_lines(replies, &tx));
        if let Err(e) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(start_error(e));
        }
        let mut worker = Worker {
            child,
            stdin: Some(stdin),
            replies: rx,
            next_id: 0,
        };
        // The worker says it is ready once the bundle is imported.
        #[derive(Deserialize)]
        struct Ready {
            ready: bool,
        }
        match worker.replies.recv_timeout(Duration::from_secs(60)) {
            Ok(Ok(line)) if serde_json::from_slice::<Ready>(&line).is_ok_and(|r| r.ready) => {
                Ok(worker)
            }
            Ok(Ok(line)) => {
                worker.kill();
                Err(RenderError::Start(format!(
                    "unexpected first message: {}",
                    String::from_utf8_lossy(&line).trim()
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
        let url_json = serde_json::to_string(url)
            .map_err(|e| Failure::Crashed(format!("the URL cannot be sent: {e}")))?;
        // A raw `\n` in valid JSON can only be whitespace between tokens (inside a string it is
        // written `\n`), so it may become a space; the message then stays one line.
        let data_json = if data_json.contains('\n') {
            Cow::Owned(data_json.replace('\n', " "))
        } else {
            Cow::Borrowed(data_json)
        };
        let mut line = String::with_capacity(data_json.len() + url.len() + 48);
        line.push_str("{\"id\":");
        line.push_str(&id.to_string());
        line.push_str(",\"url\":");
        line.push_str(&url_json);
        line.push_str(",\"data\":");
        line.push_str(&data_json);
        line.push_str("}\n");
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Failure::Crashed("its input is closed".into()));
        };
        if let Err(e) = stdin.write_all(line.as_bytes()).and_then(|_| stdin.flush()) {
            return Err(Failure::Crashed(format!("cannot write to it: {e}")));
        }
        let reply = match self.replies.recv_timeout(timeout) {
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
        let reply: Reply = serde_json::from_slice(&reply)
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

/// Sends each `\n`-terminated line of `from` (without the `\n`) until the end or an error.
fn read_lines(from: impl Read, to: &Sender<Line>) {
    let mut reader = BufReader::with_capacity(1 << 16, from);
    loop {
        let mut line = Vec::new();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                }
                if to.send(Ok(line)).is_err() {
                    break;
                }
            }
            Err(e) => {
                let _ = to.send(Err(e));
                break;
            }
        }
    }
}

/// Starts a worker: its replies come on a pipe of their own (the worker's fd [`REPLY_FD`]),
/// its stdout goes to sahel's stderr, and (Linux) the kernel kills it when sahel dies.
#[cfg(unix)]
fn spawn_worker(mut command: Command) -> std::io::Result<(Child, std::io::PipeReader)> {
    use std::os::fd::AsFd;
    use std::os::fd::AsRawFd;
    use std::os::unix::process::CommandExt;

    let logs = std::io::stderr().as_fd().try_clone_to_owned()?;
    let (replies, reply_writer) = std::io::pipe()?;
    let fd = reply_writer.as_raw_fd();
    let parent = std::process::id();
    command.arg(REPLY_FD.to_string()).stdout(Stdio::from(logs));
    // SAFETY: the closure runs in the child between fork and exec, and only makes
    // async-signal-safe calls (fcntl, dup2, prctl, getppid) without allocating.
    unsafe {
        command.pre_exec(move || setup_worker_process(fd, parent));
    }
    let child = spawn_from_long_lived_thread(command)?;
    // The worker holds the writing end now; once it exits, reading ends.
    drop(reply_writer);
    Ok((child, replies))
}

/// In the child, before `exec`: the reply pipe becomes fd [`REPLY_FD`], and (Linux) the worker
/// asks to be killed when the thread that started it exits (see
/// [`spawn_from_long_lived_thread`]).
#[cfg(unix)]
fn setup_worker_process(fd: std::os::fd::RawFd, parent: u32) -> std::io::Result<()> {
    // SAFETY: plain system calls on file descriptors and the process's own attributes.
    unsafe {
        if fd == REPLY_FD {
            // dup2 onto itself would keep close-on-exec set: clear it instead.
            let flags = libc::fcntl(fd, libc::F_GETFD);
            if flags < 0 || libc::fcntl(fd, libc::F_SETFD, flags & !libc::FD_CLOEXEC) < 0 {
                return Err(std::io::Error::last_os_error());
            }
        } else if libc::dup2(fd, REPLY_FD) < 0 {
            return Err(std::io::Error::last_os_error());
        }
        #[cfg(target_os = "linux")]
        {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // sahel may have died before the request took effect.
            if u32::try_from(libc::getppid()).ok() != Some(parent) {
                return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = parent;
    }
    Ok(())
}

/// Without a separate pipe (not Unix), replies come on the worker's stdout; the worker sends
/// `console.*` to stderr, but a library writing to stdout directly would break a reply.
#[cfg(not(unix))]
fn spawn_worker(mut command: Command) -> std::io::Result<(Child, std::process::ChildStdout)> {
    command.arg("1").stdout(Stdio::piped());
    let mut child = spawn_from_long_lived_thread(command)?;
    match child.stdout.take() {
        Some(stdout) => Ok((child, stdout)),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            Err(std::io::Error::other("the worker has no stdout"))
        }
    }
}

struct SpawnRequest {
    command: Command,
    reply: Sender<std::io::Result<Child>>,
}

/// Spawns `command` from one thread that lives as long as sahel. `PR_SET_PDEATHSIG` fires when
/// the *thread* that forked the child exits, not the process; workers are started and
/// restarted from short-lived threads (the pool's start-up, a render thread replacing a hung
/// worker), which would take their workers with them.
fn spawn_from_long_lived_thread(command: Command) -> std::io::Result<Child> {
    static SPAWNER: OnceLock<Sender<SpawnRequest>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (tx, rx) = channel::<SpawnRequest>();
        // If the thread cannot start, `rx` is dropped with it and every request below fails.
        let _ = std::thread::Builder::new()
            .name("sahel-worker-spawner".into())
            .spawn(move || {
                for mut request in rx {
                    let _ = request.reply.send(request.command.spawn());
                }
            });
        tx
    });
    let (tx, rx) = channel();
    spawner
        .send(SpawnRequest { command, reply: tx })
        .map_err(|_| std::io::Error::other("the thread that starts workers is not running"))?;
    rx.recv()
        .map_err(|_| std::io::Error::other("the thread that starts workers stopped"))?
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
                .map(|h| {
                    h.join().unwrap_or_else(|_| {
                        Err(RenderError::Start("the thread starting it panicked".into()))
                    })
                })
                .collect()
        });
        let mut workers = Vec::with_capacity(size);
        for w in started {
            workers.push(Mutex::new(Some(w?)));
        }
        Ok(NodePool { cfg, workers })
    }

    /// The process ids of the running workers.
    pub fn pids(&self) -> Vec<u32> {
        self.workers
            .iter()
            .filter_map(|w| {
                let w = w.lock().unwrap_or_else(|p| p.into_inner());
                w.as_ref().map(|w| w.child.id())
            })
            .collect()
    }
}

impl Renderer for NodePool {
    fn size(&self) -> usize {
        self.workers.len()
    }

    fn render(&self, worker: usize, url: &str, data_json: &str) -> Result<String, RenderError> {
        let Some(slot) = self.workers.get(worker % self.workers.len().max(1)) else {
            return Err(RenderError::Start("the pool has no workers".into()));
        };
        let mut slot = slot.lock().unwrap_or_else(|p| p.into_inner());
        let w = match slot.as_mut() {
            Some(w) => w,
            None => slot.insert(Worker::start(&self.cfg)?),
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
pub fn run_jobs<J, W>(workers: usize, jobs: &[J], work: W)
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

    fn project() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
    }

    /// A pool running the real worker script on a stand-in bundle from
    /// `tests/fixtures/ssr-bundles/`.
    fn pool(bundle: &str, size: usize, timeout: Duration) -> NodePool {
        NodePool::start(
            WorkerConfig {
                node: crate::assets::node_binary(project()),
                script: project().join("site/ssr-worker.mjs"),
                bundle: project().join("tests/fixtures/ssr-bundles").join(bundle),
                timeout,
                compile_cache: None,
            },
            size,
        )
        .unwrap()
    }

    fn data(text: &str) -> String {
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
    fn a_worker_exits_by_itself_when_its_input_closes() {
        let cfg = WorkerConfig {
            node: crate::assets::node_binary(project()),
            script: project().join("site/ssr-worker.mjs"),
            bundle: project().join("tests/fixtures/ssr-bundles/echo.mjs"),
            timeout: Duration::from_secs(30),
            compile_cache: None,
        };
        let mut worker = Worker::start(&cfg).unwrap();
        drop(worker.stdin.take());
        let t = Instant::now();
        let status = loop {
            if let Some(status) = worker.child.try_wait().unwrap() {
                break status;
            }
            assert!(t.elapsed() < Duration::from_secs(5), "still running");
            std::thread::sleep(Duration::from_millis(10));
        };
        assert!(status.success(), "{status}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn workers_started_from_a_thread_that_ended_keep_running() {
        // PR_SET_PDEATHSIG follows the thread that forked: the pool starts workers from
        // short-lived threads, so they must be forked by the long-lived spawner.
        let pool = std::thread::spawn(|| pool("echo.mjs", 2, Duration::from_secs(30)))
            .join()
            .unwrap();
        std::thread::sleep(Duration::from_millis(200));
        for i in 0..4 {
            assert_eq!(
                pool.render(i, "/", &data("z")).unwrap(),
                "<p data-url=\"/\">z</p>"
            );
        }
    }

    /// Run as a child process by the test below: starts a worker, keeps it busy in a render
    /// that never ends, prints the worker's pid and waits to be killed.
    #[test]
    #[ignore = "a helper process for workers_die_with_sahel_even_when_it_is_killed"]
    fn helper_busy_worker() {
        if std::env::var_os("SAHEL_TEST_HELPER").is_none() {
            return;
        }
        let pool = std::sync::Arc::new(pool("hangs.mjs", 1, Duration::from_secs(3600)));
        let pids = pool.pids();
        let busy = std::sync::Arc::clone(&pool);
        std::thread::spawn(move || busy.render(0, "/hang/", "{}"));
        // Long enough for the worker to be inside the endless render, deaf to its stdin.
        std::thread::sleep(Duration::from_millis(1000));
        println!("WORKER-PIDS {pids:?}");
        std::thread::sleep(Duration::from_secs(3600));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn workers_die_with_sahel_even_when_it_is_killed() {
        let mut helper = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "ssr::tests::helper_busy_worker",
                "--ignored",
                "--nocapture",
            ])
            .env("SAHEL_TEST_HELPER", "1")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(helper.stdout.take().unwrap()).lines();
        let pids: Vec<u32> = loop {
            let line = lines
                .next()
                .expect("the helper prints its worker's pid")
                .unwrap();
            if let Some(list) = line.strip_prefix("WORKER-PIDS ") {
                break serde_json::from_str(list).unwrap();
            }
        };
        assert_eq!(pids.len(), 1);
        assert!(running(pids[0]), "the worker runs while its parent does");
        helper.kill().unwrap(); // SIGKILL: sahel cannot clean up
        helper.wait().unwrap();
        let t = Instant::now();
        while running(pids[0]) {
            if t.elapsed() > Duration::from_secs(5) {
                let _ = Command::new("kill")
                    .args(["-9", &pids[0].to_string()])
                    .status();
                panic!("the busy worker {} outlived its parent", pids[0]);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether process `pid` exists and is not a zombie.
    #[cfg(target_os = "linux")]
    fn running(pid: u32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            let state = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
            !state.starts_with('Z') && !state.starts_with('X')
        })
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(duration(Duration::from_secs(30)), "30 s");
        assert_eq!(duration(Duration::from_millis(250)), "250 ms");
        assert_eq!(duration(Duration::from_millis(1500)), "1500 ms");
    }
}
