//! `warpc-difftest`: the differential-execution suite, a crate of tests only.
//!
//! Each kernel of the conformance corpus and of `testdata` is compiled by NVRTC (the reference)
//! and by warpc, and both PTX modules run in the CPU emulator (`warpc-ptx-emu`) on identical
//! inputs; their outputs must agree. The suite is `tests/difftest.rs`, the launch specs are
//! `tests/difftest/specs_*.rs`, and the bundle for a real GPU is written by
//! `tests/difftest/bundle.rs`. Run it with `cargo test --release -p warpc-difftest` or
//! `cargo xtask difftest`.
//!
//! It is a crate of its own so that the emulator does not depend on the compiler: only this
//! crate's tests link both.
