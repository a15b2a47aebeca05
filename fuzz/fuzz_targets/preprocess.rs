//! cargo-fuzz target: `cargo fuzz run preprocess` (nightly). See `src/targets.rs` for the invariants.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    warpc_fuzz::preprocess(data);
});
