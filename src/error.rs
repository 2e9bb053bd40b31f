//! Why a build (or any stage it shares with `serve` and `translations`) failed: the bottom
//! layer's error type, so no stage depends on the `build` command for it.

use crate::diagnostics::{Diagnostic, Diagnostics};

/// Why a build failed. Both kinds exit with status 1.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("{0}")]
    Content(Diagnostics),
    #[error("{0:#}")]
    Other(#[from] anyhow::Error),
}

impl From<Diagnostics> for BuildError {
    fn from(d: Diagnostics) -> Self {
        BuildError::Content(d)
    }
}

impl From<Diagnostic> for BuildError {
    fn from(d: Diagnostic) -> Self {
        BuildError::Content(d.into())
    }
}
