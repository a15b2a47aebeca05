//! warpc's semantic model.
//!
//! - [`body`]: HIR, the untyped position-free form of declarations and bodies (from syntax).
//! - [`item_tree`]: top-level declarations without bodies (the incrementality firewall).
//! - [`ty`], [`def_map`]: resolved declarations and semantic types.
//! - [`thir`]: typed, explicit bodies for codegen.
//!
//! Lowering (syntax to HIR) lives in [`lower`]; checking (HIR to THIR) in [`check`]. Both are
//! pure functions; the salsa queries that call them live in `warpc-db`.

#[macro_use]
mod macros {
    /// Minimal bitflags without a dependency: a newtype over an integer with named constants.
    macro_rules! bitflags_lite {
        ($(#[$m:meta])* $name:ident : $t:ty { $($flag:ident = $v:expr),* $(,)? }) => {
            $(#[$m])*
            #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
            pub struct $name(pub $t);
            impl $name {
                $(pub const $flag: $name = $name($v);)*
                pub const fn empty() -> Self { $name(0) }
                pub const fn contains(self, other: $name) -> bool { self.0 & other.0 == other.0 }
                pub const fn union(self, other: $name) -> $name { $name(self.0 | other.0) }
                pub const fn is_empty(self) -> bool { self.0 == 0 }
                pub const fn difference(self, other: $name) -> $name { $name(self.0 & !other.0) }
            }
            impl std::ops::BitOr for $name {
                type Output = $name;
                fn bitor(self, o: $name) -> $name { $name(self.0 | o.0) }
            }
            impl std::ops::BitOrAssign for $name {
                fn bitor_assign(&mut self, o: $name) { self.0 |= o.0 }
            }
        };
    }
}

pub mod body;
pub mod check;
pub mod def_map;
pub mod item_tree;
pub mod lower;
pub mod mangle;
pub mod thir;
pub mod ty;

pub use def_map::{DefMap, ItemDiagnostic, ValueDef};

/// Qualified lookup through using-directives and inline namespaces ([namespace.qual]/2): after
/// the candidates `names`, each `N::rest` as `T::rest` for every namespace `T` that `nominated`
/// lists for `N` (`cg::grid_group` also tries `cg::__v1::grid_group` after `using namespace
/// __v1;` or `inline namespace __v1` in `cg`).
pub(crate) fn lookup_through_directives<'d>(
    names: &mut Vec<smol_str::SmolStr>,
    nominated: impl Fn(&str) -> Option<&'d [smol_str::SmolStr]>,
) {
    let mut from = 0;
    // A namespace nominated through another takes a round; a few suffice.
    for _ in 0..3 {
        let end = names.len();
        for i in from..end {
            let n = names[i].clone();
            let mut at = 0;
            while let Some(k) = n[at..].find("::") {
                let (outer, rest) = (&n[..at + k], &n[at + k + 2..]);
                at += k + 2;
                if outer.contains('<') {
                    break;
                }
                for inner in nominated(outer).unwrap_or(&[]) {
                    // `N::T::x` already goes through `T`.
                    let last = inner.rsplit("::").next().unwrap_or(inner);
                    if rest.strip_prefix(last).is_some_and(|r| r.starts_with("::")) {
                        continue;
                    }
                    let q = smol_str::SmolStr::new(format!("{inner}::{rest}"));
                    if !names.contains(&q) {
                        names.push(q);
                    }
                }
            }
        }
        if names.len() == end {
            break;
        }
        from = end;
    }
}
