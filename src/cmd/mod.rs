//! One module per command: its flags (`Args`) and `execute`, which calls the library and
//! returns the exit code.

pub mod build;
pub mod check;
pub mod new;
pub mod serve;
pub mod translations;

use sahel::build::BuildError;

/// Prints a failed build's or check's errors; content, config and build errors all exit 1.
pub fn report(error: BuildError) -> u8 {
    match error {
        BuildError::Content(d) => eprint!("{}", d.render()),
        BuildError::Other(e) => eprintln!("error: {e:#}"),
    }
    1
}
