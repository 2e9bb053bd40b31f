//! Progress and timing messages on stderr, at the verbosity the command line asked for.

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    Quiet,
    Normal,
    Verbose,
}

/// Progress and timing messages, on stderr.
#[derive(Debug, Clone, Copy)]
pub struct Log(pub Verbosity);

impl Log {
    pub fn progress(&self, msg: &str) {
        if self.0 >= Verbosity::Normal {
            eprintln!("{msg}");
        }
    }
    pub fn verbose(&self, msg: &str) {
        if self.0 >= Verbosity::Verbose && !msg.trim().is_empty() {
            eprintln!("{}", msg.trim_end());
        }
    }
}
