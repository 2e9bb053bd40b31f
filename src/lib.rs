//! sahel: a static site generator that pre-renders a React app in every language of its table.
//!
//! The site runs as `load → validate → build`: [`config`] and [`content`] read and parse
//! (parsers are pure, I/O sits in `load` functions), [`routes`] turns the model into the
//! route table with head data, [`assets`] runs Vite, [`ssr`] renders routes through a pool of
//! Node workers, and [`output`] writes the documents and swaps `dist/` in atomically.

pub(crate) mod assets;
pub mod assistant;
pub mod build;
pub mod cards;
pub mod check;
pub mod config;
pub mod content;
pub mod diagnostics;
pub mod error;
pub(crate) mod fingerprint;
pub mod head;
pub mod lang;
pub(crate) mod log;
pub mod media;
pub mod messages;
pub(crate) mod node;
pub mod output;
pub(crate) mod page_data;
pub mod pages;
pub mod pipeline;
pub mod routes;
pub mod scaffold;
pub mod screen;
pub(crate) mod secrets;
pub mod seo;
pub mod serve;
pub(crate) mod ssr;
pub(crate) mod template;
pub mod text;
pub mod translations;

pub use build::BuildReport;
