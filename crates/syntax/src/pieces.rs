//! The contract between the preprocessor and the parser: a translation unit as a sequence of
//! [`Piece`]s.
//!
//! Read in order, the pieces say two things at once:
//! - the text of every file involved, in order: the `Trivia` and `Token` pieces of a file,
//!   concatenated, are exactly that file's text (for the part of it that was read; a header
//!   skipped by its include guard still contributes all its text as trivia);
//! - the macro-expanded token stream the grammar sees: the `Token` and `Expanded` pieces in order.
//!
//! `EnterFile`/`LeaveFile` bracket an included file's pieces (the `#include` directive itself is
//! a `Trivia` piece of the includer, just before `EnterFile`). The main file is implicit: pieces
//! before any `EnterFile` belong to it.
//!
//! A macro invocation appears as a `Trivia` piece of kind `MACRO_CALL` covering the invocation's
//! text (name and arguments), followed by its expansion as `Expanded` pieces: zero-width in the
//! file, with their spelling carried here. See docs/architecture.md, "Macros and the lossless tree".

use crate::SyntaxKind;
use smol_str::SmolStr;
use warpc_base::{FileId, TextRange};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// File text the grammar does not see: whitespace, comments, directive lines, inactive
    /// regions, macro invocation text. `range` is in the current file.
    Trivia {
        kind: SyntaxKind,
        range: TextRange,
    },
    /// A token of the current file that the grammar sees as written. `kind` is already
    /// classified (keywords are keywords).
    Token {
        kind: SyntaxKind,
        range: TextRange,
    },
    /// A token produced by macro expansion (zero-width in the current file). `call` is the range
    /// of the outermost macro invocation in the current file; `text` its spelling.
    Expanded {
        kind: SyntaxKind,
        text: SmolStr,
        call: TextRange,
    },
    EnterFile {
        file: FileId,
    },
    LeaveFile,
}

impl Piece {
    /// Whether the grammar sees this piece as a token.
    pub fn is_parser_token(&self) -> bool {
        matches!(self, Piece::Token { .. } | Piece::Expanded { .. })
    }
}
