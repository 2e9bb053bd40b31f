//! The integration tests: one binary (one link of the library, one place for shared helpers in
//! `common`), a module per area. Run one area with `cargo test --test testsuite <module>::`,
//! e.g. `cargo test --test testsuite build::`.

mod common;

mod build;
mod cards;
mod check;
mod contracts;
mod docs;
mod edit;
mod external;
mod languages;
mod layers;
mod media_hardening;
mod new;
mod output_guard;
mod pages;
mod photos;
mod properties;
mod secrets;
mod serve;
mod sizes;
mod translations;
