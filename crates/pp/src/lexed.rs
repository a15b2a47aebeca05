//! A file as the preprocessor reads it: the raw lexer tokens, with whitespace split at real
//! newlines (so a directive ends exactly where its line does) and line/space flags on every token.
//!
//! Logical lines follow translation phases 1-3: a backslash-newline splice does not end a line,
//! and a newline inside a block comment does not either (the comment is one space). Only a real
//! newline inside WHITESPACE ends a line; each such newline starts a new WHITESPACE token
//! flagged [`NEWLINE`].

use rustc_hash::FxHashMap;
use warpc_syntax::{lex, SyntaxKind};

/// A whitespace token that begins with a real (non-spliced) newline.
pub(crate) const NEWLINE: u8 = 1;
/// A non-trivia token that is the first of its logical line.
pub(crate) const LINE_START: u8 = 2;
/// A non-trivia token preceded by whitespace or a comment.
pub(crate) const SPACE_BEFORE: u8 = 4;

#[derive(Copy, Clone, Debug)]
pub(crate) struct Raw {
    pub kind: SyntaxKind,
    pub start: u32,
    pub end: u32,
    pub flags: u8,
}

impl Raw {
    pub fn is_trivia(&self) -> bool {
        matches!(self.kind, SyntaxKind::WHITESPACE | SyntaxKind::COMMENT)
    }
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }
    /// A `#` that starts a directive.
    pub fn is_directive_start(&self) -> bool {
        self.kind == SyntaxKind::HASH && self.has(LINE_START)
    }
}

pub(crate) struct Lexed {
    pub toks: Vec<Raw>,
    /// Lexer errors by the start offset of their token.
    pub errors: FxHashMap<u32, &'static str>,
    /// Byte offsets where physical lines start (for `__LINE__` and messages).
    pub line_starts: Vec<u32>,
}

impl Lexed {
    /// 1-based physical line of a byte offset.
    pub fn line_of(&self, offset: u32) -> u32 {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i as u32 + 1,
            Err(i) => i as u32,
        }
    }
}

/// Is there a real newline (not a splice) at `i`? Returns its length.
fn newline_at(bytes: &[u8], i: usize, end: usize) -> usize {
    match bytes[i] {
        b'\n' => 1,
        b'\r' if i + 1 < end && bytes[i + 1] == b'\n' => 2,
        _ => 0,
    }
}

fn splice_at(bytes: &[u8], i: usize, end: usize) -> usize {
    if bytes[i] != b'\\' || i + 1 >= end {
        return 0;
    }
    match bytes[i + 1] {
        b'\n' => 2,
        b'\r' if i + 2 < end && bytes[i + 2] == b'\n' => 3,
        _ => 0,
    }
}

pub(crate) fn lex_file(text: &str) -> Lexed {
    let (tokens, lex_errors) = lex(text);
    let bytes = text.as_bytes();
    let mut toks = Vec::with_capacity(tokens.len() + tokens.len() / 4);
    let mut pos = 0usize;
    let mut line_start = true;
    let mut space = false;
    for tok in &tokens {
        let len = u32::from(tok.len) as usize;
        let end = pos + len;
        match tok.kind {
            SyntaxKind::WHITESPACE => {
                let mut seg = pos;
                let mut seg_nl = false;
                let mut i = pos;
                while i < end {
                    let s = splice_at(bytes, i, end);
                    if s > 0 {
                        i += s;
                        continue;
                    }
                    let n = newline_at(bytes, i, end);
                    if n > 0 {
                        if i > seg {
                            toks.push(Raw {
                                kind: SyntaxKind::WHITESPACE,
                                start: seg as u32,
                                end: i as u32,
                                flags: if seg_nl { NEWLINE } else { 0 },
                            });
                        }
                        seg = i;
                        seg_nl = true;
                        line_start = true;
                        i += n;
                        continue;
                    }
                    i += 1;
                }
                if end > seg {
                    toks.push(Raw {
                        kind: SyntaxKind::WHITESPACE,
                        start: seg as u32,
                        end: end as u32,
                        flags: if seg_nl { NEWLINE } else { 0 },
                    });
                }
                space = true;
            }
            SyntaxKind::COMMENT => {
                toks.push(Raw {
                    kind: tok.kind,
                    start: pos as u32,
                    end: end as u32,
                    flags: 0,
                });
                space = true;
            }
            kind => {
                let mut flags = 0;
                if line_start {
                    flags |= LINE_START;
                }
                if space {
                    flags |= SPACE_BEFORE;
                }
                toks.push(Raw {
                    kind,
                    start: pos as u32,
                    end: end as u32,
                    flags,
                });
                line_start = false;
                space = false;
            }
        }
        pos = end;
    }
    let errors = lex_errors
        .iter()
        .map(|e| (u32::from(e.range.start()), e.message))
        .collect();
    let mut line_starts = vec![0u32];
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' {
            line_starts.push(i as u32 + 1);
        }
    }
    Lexed {
        toks,
        errors,
        line_starts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_whitespace_at_newlines() {
        let text = "a \\\n b  \n\n  #x /*\n*/ # y\r\n";
        let lexed = lex_file(text);
        let rendered: Vec<String> = lexed
            .toks
            .iter()
            .map(|t| format!("{:?}{:?}{}", t.kind, &text[t.start as usize..t.end as usize], t.flags))
            .collect();
        assert_eq!(
            rendered,
            [
                "IDENT\"a\"2",
                "WHITESPACE\" \\\\\\n \"0",
                "IDENT\"b\"4",
                "WHITESPACE\"  \"0",
                "WHITESPACE\"\\n\"1",
                "WHITESPACE\"\\n  \"1",
                "HASH\"#\"6",
                "IDENT\"x\"0",
                "WHITESPACE\" \"0",
                "COMMENT\"/*\\n*/\"0",
                "WHITESPACE\" \"0",
                "HASH\"#\"4",
                "WHITESPACE\" \"0",
                "IDENT\"y\"4",
                "WHITESPACE\"\\r\\n\"1",
            ]
        );
        assert_eq!(lexed.line_of(0), 1);
        assert_eq!(lexed.line_of(6), 2);
    }
}
