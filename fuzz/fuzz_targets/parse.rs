//! cargo-fuzz target: `cargo fuzz run parse` (nightly). See `src/targets.rs` for the invariants.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    warpc_fuzz::parse(data);
});
