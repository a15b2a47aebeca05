//! Lowering: syntax (`warpc-syntax` trees) to HIR ([`crate::body`], [`crate::item_tree`]).
//!
//! Pure functions, called by the salsa queries in `warpc-db`:
//! - [`lower_item_tree`]: the declarations of a whole translation unit, in TU order (header
//!   items where they were included), one [`crate::item_tree::Item`] per declarator, records and
//!   enums with tag references resolved to the definition visible at that point;
//! - [`lower_body`]: one function definition ([`warpc_syntax::FnSyntax`], position-free) into a
//!   [`crate::body::Body`] and its source map, with ranges relative to the function start.
//!
//! Token texts always go through the expansion side table (macro-expanded tokens are zero-width
//! in the tree); source ranges of such tokens are their macro call's range. Constructs outside
//! the C subset give `unsupported: ...` diagnostics (and `Item::Unsupported` at the top level);
//! nothing here panics on any tree.
//!
//! Modules: `ctx` (specifiers, declarators, types, expressions, initializers), `literal`
//! (literal decoding), `items`, `body`, and [`pretty`] (stable text forms for tests).

mod body;
mod ctx;
mod items;
mod literal;
pub mod pretty;
#[cfg(test)]
mod tests;

pub use body::lower_body;
pub(crate) use items::{is_conversion_name, member_name};
pub use items::{
    lower_item_tree, lower_item_tree_after, lower_item_tree_prefix, lower_item_tree_prefix_after, ItemTreePrefix,
};

/// The identifiers of a qualified name `A::B::C` in the non-trivia tokens `toks` from index `i`
/// (after any leading `::`), and the index of the token after it.
pub(crate) fn qualified_parts<S: AsRef<str>>(
    toks: &[(warpc_syntax::SyntaxKind, S)],
    mut i: usize,
) -> (Vec<String>, usize) {
    use warpc_syntax::SyntaxKind as K;
    let mut parts = Vec::new();
    while let Some((K::IDENT, t)) = toks.get(i) {
        parts.push(t.as_ref().to_string());
        i += 1;
        if toks.get(i).is_some_and(|t| t.0 == K::COLON2) {
            i += 1;
        } else {
            break;
        }
    }
    (parts, i)
}
