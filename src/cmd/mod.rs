//! One module per command: its flags (`Args`) and `execute`, which calls the library and
//! returns the exit code.

pub mod build;
pub mod check;
pub mod new;
pub mod serve;
pub mod translations;

use sahel::build::BuildError;

/// `error: <detail>`, in the reader's language.
pub fn error_line(detail: impl Into<sahel::messages::Arg>) -> sahel::messages::Msg {
    sahel::msg!("cmd-error", detail = detail)
}

/// Prints a failed build's or check's errors; content, config and build errors all exit 1.
pub fn report(error: BuildError) -> u8 {
    match error {
        BuildError::Content(d) => eprint!("{}", d.render()),
        BuildError::Other(e) => eprintln!("{}", error_line(format!("{e:#}"))),
    }
    1
}
