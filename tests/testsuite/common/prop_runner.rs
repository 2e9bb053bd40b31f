//! Runs a property twice: with a fixed seed (the same cases on every run and every machine), then
//! with a random seed that is printed, so a failure it finds can be reproduced.
//!
//! - `SAHEL_PROPTEST_SEED=N` makes the second pass use seed `N` instead of a random one.
//! - `SAHEL_PROPTEST_SCALE=K` runs `K` times the default number of cases in both passes (for
//!   long local runs, e.g. `SAHEL_PROPTEST_SCALE=50 cargo test --release --test testsuite properties::`).
//!
//! Failures proptest finds are also kept in `proptest-regressions/<property>.txt` (replayed
//! first on every run); copy the minimal input the failure message prints into a regression
//! fixture (`tests/fixtures/regressions/`) so it runs forever as a plain test too.

#![allow(dead_code)] // each test file uses part of this module

use std::fmt::Debug;
use std::sync::OnceLock;

use proptest::strategy::Strategy;
use proptest::test_runner::{
    Config, FileFailurePersistence, RngSeed, TestCaseError, TestError, TestRunner,
};

/// The seed of the first pass of every property.
pub const FIXED_SEED: u64 = 0x5A4E_2025;

/// The seed of the second pass: `SAHEL_PROPTEST_SEED`, else random (one per test process).
pub fn second_seed() -> u64 {
    static SEED: OnceLock<u64> = OnceLock::new();
    *SEED.get_or_init(|| {
        if let Some(seed) = std::env::var("SAHEL_PROPTEST_SEED")
            .ok()
            .and_then(|s| s.trim().parse().ok())
        {
            return seed;
        }
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        // SplitMix64 of the time and the process id.
        let mut z = nanos ^ (u64::from(std::process::id()) << 32) ^ 0x9E37_79B9_7F4A_7C15;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}

/// The case multiplier from `SAHEL_PROPTEST_SCALE` (default 1).
pub fn scale() -> u32 {
    std::env::var("SAHEL_PROPTEST_SCALE")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .filter(|&k| k >= 1)
        .unwrap_or(1)
}

/// How many cases each pass of a property runs.
#[derive(Debug, Clone, Copy)]
pub struct Cases {
    pub fixed: u32,
    pub random: u32,
    /// Bound on the time spent shrinking a failure, in milliseconds.
    pub shrink_ms: u32,
}

impl Cases {
    pub const fn new(fixed: u32, random: u32) -> Cases {
        Cases {
            fixed,
            random,
            shrink_ms: 60_000,
        }
    }
    pub const fn shrink_ms(mut self, ms: u32) -> Cases {
        self.shrink_ms = ms;
        self
    }
}

/// Runs `test` on values of `strategy`: a fixed-seed pass, then a random-seed pass. Panics
/// with the seed, the reason and the minimal failing input on failure.
pub fn check<S, F>(name: &'static str, cases: Cases, strategy: S, test: F)
where
    S: Strategy,
    S::Value: Debug,
    F: Fn(S::Value) -> Result<(), TestCaseError>,
{
    let seed = second_seed();
    eprintln!(
        "{name}: random seed: {seed}; reproduce with SAHEL_PROPTEST_SEED={seed} cargo test --test testsuite properties::{name}"
    );
    let persistence: &'static str = Box::leak(
        format!(
            "{}/proptest-regressions/{name}.txt",
            env!("CARGO_MANIFEST_DIR")
        )
        .into_boxed_str(),
    );
    let mut total = 0;
    for (pass, seed, n) in [
        ("fixed-seed", FIXED_SEED, cases.fixed),
        ("random-seed", seed, cases.random),
    ] {
        let n = n.saturating_mul(scale());
        if n == 0 {
            continue;
        }
        let config = Config {
            cases: n,
            rng_seed: RngSeed::Fixed(seed),
            failure_persistence: Some(Box::new(FileFailurePersistence::Direct(persistence))),
            max_shrink_time: cases.shrink_ms,
            max_shrink_iters: 10_000,
            max_global_rejects: n.saturating_mul(4).max(1024),
            ..Config::default()
        };
        let mut runner = TestRunner::new(config);
        match runner.run(&strategy, &test) {
            Ok(()) => total += n,
            Err(TestError::Fail(reason, value)) => panic!(
                "property `{name}` failed in its {pass} pass (seed {seed}; reproduce with \
                 SAHEL_PROPTEST_SEED={seed}): {reason}\n\nminimal failing input:\n{value:#?}\n\n\
                 keep this input as a regression fixture under tests/fixtures/regressions/"
            ),
            Err(TestError::Abort(reason)) => {
                panic!("property `{name}` aborted in its {pass} pass (seed {seed}): {reason}")
            }
        }
    }
    eprintln!("{name}: {total} cases passed");
}
