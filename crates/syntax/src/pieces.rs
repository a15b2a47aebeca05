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

/// A piece stream in shared segments: a preprocessor result that goes on from another (the
/// prelude's, a preamble's) refers to the earlier pieces instead of copying them. Equality and
/// hashing are over the pieces, whatever the segments.
#[derive(Clone, Debug, Default)]
pub struct Pieces {
    /// `Arc<Vec<_>>`, not `Arc<[_]>`: a preprocessor's vector becomes a segment without a copy.
    segments: Vec<std::sync::Arc<Vec<Piece>>>,
    len: usize,
}

impl Pieces {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn iter(&self) -> PiecesIter<'_> {
        fn seg(s: &std::sync::Arc<Vec<Piece>>) -> std::slice::Iter<'_, Piece> {
            s.iter()
        }
        let seg: for<'s> fn(&'s std::sync::Arc<Vec<Piece>>) -> std::slice::Iter<'s, Piece> = seg;
        self.segments.iter().flat_map(seg)
    }

    /// The pieces after the first `start`: the later segments, shared, when `start` is at a
    /// segment's start (else a copy).
    pub fn suffix(&self, start: usize) -> Pieces {
        let mut at = 0;
        for (i, s) in self.segments.iter().enumerate() {
            if at == start {
                return Pieces {
                    segments: self.segments[i..].to_vec(),
                    len: self.len - start,
                };
            }
            at += s.len();
        }
        if at == start {
            return Pieces::default();
        }
        Pieces::from(self.iter().skip(start).cloned().collect::<Vec<_>>())
    }

    /// The pieces as one slice: borrowed when they are one segment, else a copy.
    pub fn contiguous(&self) -> std::borrow::Cow<'_, [Piece]> {
        match self.segments.as_slice() {
            [] => std::borrow::Cow::Borrowed(&[]),
            [one] => std::borrow::Cow::Borrowed(&one[..]),
            _ => std::borrow::Cow::Owned(self.to_vec()),
        }
    }

    /// The pieces as one vector (a copy).
    pub fn to_vec(&self) -> Vec<Piece> {
        self.iter().cloned().collect()
    }

    /// These pieces followed by `more`'s (the segments are shared, not copied).
    pub fn concat(&self, more: Pieces) -> Pieces {
        let mut segments = self.segments.clone();
        segments.extend(more.segments);
        Pieces {
            segments,
            len: self.len + more.len,
        }
    }
}

impl From<Vec<Piece>> for Pieces {
    fn from(v: Vec<Piece>) -> Pieces {
        let len = v.len();
        Pieces {
            segments: if v.is_empty() {
                Vec::new()
            } else {
                vec![std::sync::Arc::new(v)]
            },
            len,
        }
    }
}

impl PartialEq for Pieces {
    fn eq(&self, other: &Pieces) -> bool {
        if self.len != other.len {
            return false;
        }
        // The common case first: the same shared segments (a prelude's, a preamble's).
        let same_segments = self.segments.len() == other.segments.len()
            && self
                .segments
                .iter()
                .zip(&other.segments)
                .all(|(a, b)| std::sync::Arc::ptr_eq(a, b));
        // Else piece by piece: the same pieces split into segments differently are equal.
        same_segments || self.iter().eq(other.iter())
    }
}

impl Eq for Pieces {}

impl std::hash::Hash for Pieces {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.len.hash(state);
        for p in self.iter() {
            p.hash(state);
        }
    }
}

/// The iterator of [`Pieces::iter`].
pub type PiecesIter<'a> = std::iter::FlatMap<
    std::slice::Iter<'a, std::sync::Arc<Vec<Piece>>>,
    std::slice::Iter<'a, Piece>,
    fn(&'a std::sync::Arc<Vec<Piece>>) -> std::slice::Iter<'a, Piece>,
>;

impl<'a> IntoIterator for &'a Pieces {
    type Item = &'a Piece;
    type IntoIter = PiecesIter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
