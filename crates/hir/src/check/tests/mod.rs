//! Checker tests: HIR built programmatically (`builder`), and source-based once lowering exists.

mod builder;
mod fuzz;
mod hir;
mod source;
mod tables;
mod usings;
