//! Syntax of CUDA C/C++ for warpc: token and node kinds, the raw lexer, the error-recovering
//! parser (events over an abstract token stream), the lossless tree builder that merges the
//! parser's view (macro-expanded tokens) with the file's own text, and typed AST views.
//!
//! Pipeline: the preprocessor produces [`Piece`]s; [`parse_tu`] feeds the parser tokens (the
//! `Token` and `Expanded` pieces) to the grammar ([`grammar`], events in [`parser`]), then
//! [`builder`] replays the events against the pieces to build one rowan tree per file, with
//! macro-expanded tokens as zero-width tokens spelled through [`Expansions`]. [`parse_text`]
//! does the same for a single unpreprocessed file (tests, tools). Node shapes: `grammar.md`.

mod builder;
mod grammar;
pub mod lexer;
mod parse;
mod parser;
mod syntax_kind;

pub mod ast;
pub mod pieces;

pub use lexer::{lex, LexError, Token};
pub use parse::{
    dump_node, parse_after, parse_preamble, parse_preamble_after, parse_text, parse_tu, text_pieces, Expansion,
    Expansions, FileTree, FnDefRef, FnSyntax, Inclusion, PreambleParse, TuParse, TEXT_FILE,
};
pub use pieces::{Piece, Pieces, PiecesIter};
pub use rowan::{NodeOrToken, WalkEvent};
pub use syntax_kind::{CudaLang, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};
