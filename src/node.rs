//! The Node.js binary the app's tools run on: Vite, the render workers, the type check.

use std::path::{Path, PathBuf};

/// The Node binary: the project's pinned one (`node_modules/.bin/node`, from the `node`
/// package) when installed, else `node` on PATH.
pub fn node_binary(app: &Path) -> PathBuf {
    let pinned = app.join("node_modules/.bin/node");
    if pinned.exists() {
        pinned
    } else {
        PathBuf::from("node")
    }
}
