//! Starting a worker process: its reply pipe (fd 3), its stdout sent to sahel's stderr, and on
//! Linux `PR_SET_PDEATHSIG`, so the kernel kills it when sahel dies. The only `unsafe` code of
//! the render workers is here.

use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::sync::mpsc::{Sender, channel};

/// The worker's file descriptor for replies.
#[cfg(unix)]
const REPLY_FD: i32 = 3;

/// Starts a worker: its replies come on a pipe of their own (the worker's fd [`REPLY_FD`]),
/// its stdout goes to sahel's stderr, and (Linux) the kernel kills it when sahel dies.
#[cfg(unix)]
pub(super) fn spawn_worker(mut command: Command) -> std::io::Result<(Child, std::io::PipeReader)> {
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
pub(super) fn spawn_worker(
    mut command: Command,
) -> std::io::Result<(Child, std::process::ChildStdout)> {
    command.arg("1").stdout(Stdio::piped());
    let mut child = spawn_from_long_lived_thread(command)?;
    match child.stdout.take() {
        Some(stdout) => Ok((child, stdout)),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            Err(std::io::Error::other(
                crate::msg!("output-worker-no-stdout").text(),
            ))
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
    let (tx, rx) = channel();
    spawner()
        .send(SpawnRequest { command, reply: tx })
        .map_err(|_| std::io::Error::other(crate::msg!("output-spawner-not-running").text()))?;
    rx.recv()
        .map_err(|_| std::io::Error::other(crate::msg!("output-spawner-stopped").text()))?
}

/// The thread that starts every worker (started on first use). A worker inherits its
/// scheduling priority.
fn spawner() -> &'static Sender<SpawnRequest> {
    static SPAWNER: OnceLock<Sender<SpawnRequest>> = OnceLock::new();
    SPAWNER.get_or_init(|| {
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
    })
}

/// How much lower than the render workers' priority sahel's own threads run during a render
/// ([`yield_to_workers`]): a nice value of 10 more gives them about a tenth of a core's time
/// when both want it.
#[cfg(target_os = "linux")]
const YIELD_NICENESS: i32 = 10;

/// Lowers the scheduling priority of the calling thread, and of the threads it starts from
/// now on, below the render workers' (Linux: nice +[`YIELD_NICENESS`], at most 19; elsewhere
/// nothing). The workers keep the priority sahel started with: the thread that starts them is
/// made first, at that priority, and they inherit it.
///
/// A cold build on two cores is bound by its CPU time, and the one render worker it starts is
/// its critical path: Node's start-up, then the React renders, one after the other, while
/// sahel's threads load the content, fill templates and write files around it and took CPU
/// time from it. Yielding to the worker made a 242-page build 3-9% faster in interleaved runs;
/// sahel's threads still take every core the workers leave idle. An unprivileged process cannot raise its
/// priority again, so the thread keeps the lower one until it ends (in `sahel build`, the
/// process ends with the build).
pub(crate) fn yield_to_workers() {
    spawner();
    #[cfg(target_os = "linux")]
    // SAFETY: getpriority and setpriority take integer arguments only; `who` 0 is the calling
    // thread on Linux, where the nice value belongs to the thread. A failure changes nothing.
    unsafe {
        // getpriority may return -1 as a value: errno tells an error apart.
        *libc::__errno_location() = 0;
        let nice = libc::getpriority(libc::PRIO_PROCESS, 0);
        if nice == -1 && *libc::__errno_location() != 0 {
            return;
        }
        let _ = libc::setpriority(libc::PRIO_PROCESS, 0, (nice + YIELD_NICENESS).min(19));
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    use crate::ssr::Renderer;
    use crate::ssr::tests::{data, pool};

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
                "ssr::spawn::tests::helper_busy_worker",
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

    /// The nice value of the calling thread.
    #[cfg(target_os = "linux")]
    fn thread_nice() -> i32 {
        // SAFETY: getpriority takes integer arguments only; `who` 0 is the calling thread.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }
    }

    /// The nice value of process `pid` (field 19 of /proc/<pid>/stat).
    #[cfg(target_os = "linux")]
    fn process_nice(pid: u32) -> i32 {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
        let fields: Vec<&str> = stat.rsplit_once(") ").unwrap().1.split(' ').collect();
        // After the name: state is field 3, so field 19 is at index 16.
        fields[16].parse().unwrap()
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_build_yields_the_cpu_to_its_workers_and_the_workers_keep_their_priority() {
        // On a thread of its own, as a build's main thread: it, and the threads it starts
        // later, run below the workers, which start at the priority the process had.
        std::thread::spawn(|| {
            let before = thread_nice();
            super::super::yield_to_workers();
            let after = thread_nice();
            assert_eq!(after, (before + 10).min(19));
            let started_later = std::thread::spawn(thread_nice).join().unwrap();
            assert_eq!(
                started_later, after,
                "a thread the build starts inherits its priority"
            );
            let pool = pool("echo.mjs", 1, Duration::from_secs(30));
            let worker = pool.pids()[0];
            assert_eq!(
                process_nice(worker),
                before,
                "a worker started by a thread that yielded runs at the process's priority"
            );
            assert_eq!(
                pool.render(0, "/ar/", &data("نص")).unwrap(),
                "<p data-url=\"/ar/\">نص</p>"
            );
        })
        .join()
        .unwrap();
    }

    /// Whether process `pid` exists and is not a zombie.
    #[cfg(target_os = "linux")]
    fn running(pid: u32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            let state = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
            !state.starts_with('Z') && !state.starts_with('X')
        })
    }
}
