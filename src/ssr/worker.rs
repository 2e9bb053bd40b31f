//! One render worker: a Node process, started ready to render, and its protocol (a request on
//! stdin, the reply on fd 3: one JSON message per line, a page's HTML as the bytes its header
//! line counts; a time-out per render). `site/ssr-protocol.cjs` is the other side.

use std::borrow::Cow;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Duration;

use serde::Deserialize;

use super::spawn::spawn_worker;
use super::{RenderError, WorkerConfig};
use crate::messages::Arg;

/// One reply: its JSON line (without the `\n`) and, when the line counts `"bytes"`, the bytes
/// that followed it (a page's HTML).
type Line = std::io::Result<(Vec<u8>, Option<Vec<u8>>)>;

/// A running worker process, ready for the next request.
pub(super) struct Worker {
    child: Child,
    /// Taken (closed) on drop, which ends the worker's read loop.
    stdin: Option<ChildStdin>,
    replies: Receiver<Line>,
    next_id: u64,
}

impl Worker {
    pub(super) fn start(cfg: &WorkerConfig) -> Result<Worker, RenderError> {
        let start_error =
            |e: std::io::Error| RenderError::Start(format!("{}: {e}", cfg.node.display()).into());
        let mut command = Command::new(&cfg.node);
        if let Some(dir) = &cfg.compile_cache {
            command.env("NODE_COMPILE_CACHE", dir);
        }
        command.args(super::WORKER_V8_FLAGS);
        match &cfg.snapshot {
            Some(blob) => command.arg("--snapshot-blob").arg(blob),
            None => command.arg(&cfg.script).arg(&cfg.bundle),
        };
        command
            .env("NODE_ENV", "production")
            .stdin(Stdio::piped())
            .stderr(Stdio::inherit());
        let (mut child, replies) = spawn_worker(command).map_err(start_error)?;
        let Some(stdin) = child.stdin.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(RenderError::Start(
                crate::msg!("output-worker-no-stdin").into(),
            ));
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
            Ok(Ok((line, None)))
                if serde_json::from_slice::<Ready>(&line).is_ok_and(|r| r.ready) =>
            {
                Ok(worker)
            }
            Ok(Ok((line, _))) => {
                worker.kill();
                Err(RenderError::Start(
                    crate::msg!(
                        "output-worker-unexpected-message",
                        line = String::from_utf8_lossy(&line).trim()
                    )
                    .into(),
                ))
            }
            _ => {
                let status = worker.child.try_wait().ok().flatten();
                worker.kill();
                let status: Arg = match status {
                    Some(s) => s.to_string().into(),
                    None => crate::msg!("output-worker-no-status").into(),
                };
                Err(RenderError::Start(
                    crate::msg!("output-worker-exited", status = status).into(),
                ))
            }
        }
    }

    /// The worker's process id.
    #[cfg(test)]
    pub(super) fn pid(&self) -> u32 {
        self.child.id()
    }

    pub(super) fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub(super) fn render(
        &mut self,
        url: &str,
        data_json: &str,
        timeout: Duration,
    ) -> Result<String, Failure> {
        self.next_id += 1;
        let id = self.next_id;
        let url_json = serde_json::to_string(url).map_err(|e| {
            Failure::Crashed(crate::msg!("output-worker-url", detail = e.to_string()).into())
        })?;
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
            return Err(Failure::Crashed(
                crate::msg!("output-worker-input-closed").into(),
            ));
        };
        if let Err(e) = stdin.write_all(line.as_bytes()).and_then(|_| stdin.flush()) {
            return Err(Failure::Crashed(
                crate::msg!("output-worker-cannot-write", detail = e.to_string()).into(),
            ));
        }
        let reply = match self.replies.recv_timeout(timeout) {
            Ok(Ok(reply)) => reply,
            Ok(Err(e)) => {
                return Err(Failure::Crashed(
                    crate::msg!("output-worker-cannot-read", detail = e.to_string()).into(),
                ));
            }
            Err(RecvTimeoutError::Timeout) => return Err(Failure::TimedOut),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.wait().map(|s| s.to_string());
                return Err(Failure::Crashed(
                    status.unwrap_or_else(|e| e.to_string()).into(),
                ));
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
        let (line, body) = reply;
        let reply: Reply = serde_json::from_slice(&line).map_err(|e| {
            Failure::Crashed(crate::msg!("output-worker-not-json", detail = e.to_string()).into())
        })?;
        if reply.id != id {
            return Err(Failure::Crashed(
                crate::msg!("output-worker-wrong-reply", answered = reply.id, asked = id).into(),
            ));
        }
        let html = match body {
            Some(bytes) => Some(String::from_utf8(bytes).map_err(|e| {
                Failure::Crashed(
                    crate::msg!("output-worker-not-utf8", detail = e.to_string()).into(),
                )
            })?),
            None => reply.html,
        };
        match (html, reply.error) {
            (Some(html), None) => Ok(html),
            (_, Some(message)) => Err(Failure::Threw(message, reply.stack)),
            (None, None) => Err(Failure::Crashed(
                crate::msg!("output-worker-empty-answer").into(),
            )),
        }
    }
}

/// Sends each reply read from `from` ([`Line`]) until the end or an error: a `\n`-terminated
/// JSON line, and after a line with `"bytes": n`, the next `n` bytes with it.
fn read_lines(from: impl Read, to: &Sender<Line>) {
    #[derive(Deserialize)]
    struct Header {
        bytes: Option<usize>,
    }
    let mut reader = BufReader::with_capacity(1 << 16, from);
    loop {
        let mut line = Vec::new();
        let reply = match reader.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                }
                // Only a short line can be a page's header; an error's line (with its stack)
                // is left to the reader of the reply.
                let bytes = (line.len() < 64)
                    .then(|| serde_json::from_slice::<Header>(&line).ok())
                    .flatten()
                    .and_then(|h| h.bytes);
                match bytes {
                    // No page is a gigabyte: a count like that is a broken worker, not a page.
                    Some(n) if n > 1 << 30 => Err(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        crate::msg!("output-worker-reply-size", bytes = n).text(),
                    )),
                    Some(n) => {
                        let mut body = vec![0; n];
                        reader.read_exact(&mut body).map(|()| (line, Some(body)))
                    }
                    None => Ok((line, None)),
                }
            }
            Err(e) => Err(e),
        };
        let failed = reply.is_err();
        if to.send(reply).is_err() || failed {
            break;
        }
    }
}

/// How one render failed; the pool names the route in the [`RenderError`] it makes of it.
pub(super) enum Failure {
    Threw(String, String),
    Crashed(Arg),
    TimedOut,
}

impl Worker {
    /// Closes the worker's input, which ends its read loop; [`Drop`] then waits for it to exit.
    /// Closing every worker's input first lets a pool's workers exit together.
    pub(super) fn close_input(&mut self) {
        drop(self.stdin.take());
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing stdin ends the worker's read loop; give it half a second, then make sure.
        self.close_input();
        for _ in 0..500 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use crate::ssr::tests::project;

    #[test]
    fn a_worker_exits_by_itself_when_its_input_closes() {
        let cfg = WorkerConfig {
            node: crate::assets::node_binary(project()),
            script: project().join("site/ssr-worker.mjs"),
            bundle: project().join("tests/fixtures/ssr-bundles/echo.mjs"),
            timeout: Duration::from_secs(30),
            compile_cache: None,
            snapshot: None,
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
}
