//! warpc's fuzz targets (see `targets.rs`) as a library for the cargo-fuzz binaries and the
//! stable driver.

pub mod targets;

pub use targets::{check, parse, preprocess, Target};
