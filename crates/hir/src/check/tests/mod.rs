//! Checker tests: HIR built programmatically (`builder`), and source-based once lowering exists.

mod builder;
mod hir;
mod tables;
mod fuzz;
mod source;
