//! The raw lexer: text to `(kind, len)` tokens covering every byte, trivia included.
//!
//! It knows C/C++ lexical grammar only: identifiers (keywords are classified later, after
//! preprocessing), preprocessing numbers split into integer and floating literals, character and
//! string literals with their prefixes (raw strings too), comments, punctuation with longest match,
//! and CUDA's `<<<`/`>>>`. Directive structure is the preprocessor's business. Line splices
//! (backslash-newline) between tokens are whitespace. Never fails: anything unlexable becomes an
//! `ERROR_TOKEN` plus a [`LexError`].
//!
//! Bad bytes: the driver reads files with lossy UTF-8 decoding, so an invalid byte sequence
//! arrives as U+FFFD; outside comments it is an error ("invalid multibyte character sequence",
//! nvcc's wording), and it never joins an identifier. NUL bytes are errors too. A run of bad
//! characters on one line (`@@@`, `@ @ @`, `\xff\xfe`) is one `ERROR_TOKEN` and one error, so junk
//! cannot produce thousands of diagnostics.

use crate::SyntaxKind::{self, *};
use warpc_base::{TextRange, TextSize};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: SyntaxKind,
    pub len: TextSize,
}

/// The message for bytes that are not valid UTF-8 (seen as U+FFFD after lossy decoding).
pub const INVALID_UTF8: &str = "invalid multibyte character sequence (the source is not valid UTF-8)";
/// The message for NUL bytes.
pub const NUL_CHARACTER: &str = "null character in source";
const UNRECOGNIZED: &str = "unrecognized character";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub range: TextRange,
    pub message: &'static str,
}

/// Lexes all of `text`. The token lengths add up to `text.len()`.
pub fn lex(text: &str) -> (Vec<Token>, Vec<LexError>) {
    let mut lexer = Lexer {
        bytes: text.as_bytes(),
        text,
        pos: 0,
        tokens: Vec::new(),
        errors: Vec::new(),
    };
    while lexer.pos < lexer.bytes.len() {
        let start = lexer.pos;
        let kind = lexer.next_kind();
        debug_assert!(lexer.pos > start, "lexer made no progress at {start}");
        if lexer.pos == start {
            lexer.pos += 1;
        }
        lexer.tokens.push(Token {
            kind,
            len: TextSize::from((lexer.pos - start) as u32),
        });
    }
    (lexer.tokens, lexer.errors)
}

/// Lexes a single token from the start of `text` (used by `##` pasting and macro tests).
/// Returns `None` unless `text` is exactly one non-trivia token.
pub fn lex_single(text: &str) -> Option<SyntaxKind> {
    let (tokens, errors) = lex(text);
    match tokens.as_slice() {
        [tok] if errors.is_empty() && !tok.kind.is_trivia() => Some(tok.kind),
        _ => None,
    }
}

struct Lexer<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
    tokens: Vec<Token>,
    errors: Vec<LexError>,
}

impl Lexer<'_> {
    fn peek(&self, n: usize) -> u8 {
        self.bytes.get(self.pos + n).copied().unwrap_or(0)
    }

    fn error(&mut self, start: usize, message: &'static str) {
        self.errors.push(LexError {
            range: TextRange::new(TextSize::from(start as u32), TextSize::from(self.pos as u32)),
            message,
        });
    }

    fn next_kind(&mut self) -> SyntaxKind {
        let start = self.pos;
        let c = self.peek(0);
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                self.eat_whitespace();
                WHITESPACE
            }
            b'\\' if self.is_splice() => {
                self.eat_whitespace();
                WHITESPACE
            }
            b'/' if self.peek(1) == b'/' => {
                self.eat_line_comment();
                COMMENT
            }
            b'/' if self.peek(1) == b'*' => {
                self.pos += 2;
                loop {
                    if self.pos >= self.bytes.len() {
                        self.error(start, "unterminated comment");
                        return ERROR_TOKEN;
                    }
                    if self.peek(0) == b'*' && self.peek(1) == b'/' {
                        self.pos += 2;
                        return COMMENT;
                    }
                    self.pos += 1;
                }
            }
            b'0'..=b'9' => self.number(),
            b'.' if self.peek(1).is_ascii_digit() => self.number(),
            b'\'' => self.quoted(b'\''),
            b'"' => self.quoted(b'"'),
            b'R' if self.peek(1) == b'"' => self.raw_string(1),
            b'u' | b'U' | b'L' => {
                if let Some(kind) = self.prefixed_literal() {
                    kind
                } else {
                    self.ident()
                }
            }
            0 => self.bad_run(NUL_CHARACTER),
            0xEF if self.at_replacement_char() => self.bad_run(INVALID_UTF8),
            c if c == b'_' || c == b'$' || c.is_ascii_alphabetic() || c >= 0x80 => self.ident(),
            _ => self.punct(),
        }
    }

    /// Whether U+FFFD (an invalid byte sequence after lossy decoding) starts here.
    fn at_replacement_char(&self) -> bool {
        self.bytes[self.pos..].starts_with("\u{FFFD}".as_bytes())
    }

    /// The length of the bad character at the current position, if there is one: NUL, U+FFFD,
    /// or a character that starts no token.
    fn bad_char_len(&self) -> Option<usize> {
        let c = self.peek(0);
        if self.pos >= self.bytes.len() {
            return None;
        }
        if c == 0 {
            return Some(1);
        }
        if self.at_replacement_char() {
            return Some(3);
        }
        matches!(c, b'@' | b'`' | 0x01..=0x08 | 0x0e..=0x1f | 0x7f)
            .then_some(1)
            .or_else(|| (c == b'\\' && !self.is_splice()).then_some(1))
    }

    /// A run of bad characters (separated by spaces or tabs at most, on one line) as one
    /// `ERROR_TOKEN` with one error named after its first character.
    fn bad_run(&mut self, message: &'static str) -> SyntaxKind {
        let start = self.pos;
        while let Some(n) = self.bad_char_len() {
            self.pos += n;
            let mut next = self.pos;
            while matches!(self.bytes.get(next), Some(b' ' | b'\t')) {
                next += 1;
            }
            let saved = std::mem::replace(&mut self.pos, next);
            if self.bad_char_len().is_none() {
                self.pos = saved;
                break;
            }
        }
        self.error(start, message);
        ERROR_TOKEN
    }

    fn is_splice(&self) -> bool {
        match self.peek(1) {
            b'\n' => true,
            b'\r' => self.peek(2) == b'\n',
            _ => false,
        }
    }

    fn eat_whitespace(&mut self) {
        loop {
            match self.peek(0) {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                b'\\' if self.is_splice() => self.pos += if self.peek(1) == b'\r' { 3 } else { 2 },
                _ => break,
            }
        }
    }

    fn eat_line_comment(&mut self) {
        while self.pos < self.bytes.len() {
            match self.peek(0) {
                b'\n' => break,
                b'\\' if self.is_splice() => self.pos += if self.peek(1) == b'\r' { 3 } else { 2 },
                _ => self.pos += 1,
            }
        }
    }

    fn ident(&mut self) -> SyntaxKind {
        // Identifiers: ASCII letters, digits, '_', '$', and any non-ASCII UTF-8 sequence.
        while self.pos < self.bytes.len() {
            let c = self.peek(0);
            if c == b'_' || c == b'$' || c.is_ascii_alphanumeric() {
                self.pos += 1;
            } else if c >= 0x80 && !self.at_replacement_char() {
                let ch = self.text[self.pos..].chars().next().map_or(1, char::len_utf8);
                self.pos += ch;
            } else {
                break;
            }
        }
        IDENT
    }

    /// `u8"..."`, `u'x'`, `U"..."`, `L"..."`, `uR"(...)"`, `u8R"(...)"`.
    fn prefixed_literal(&mut self) -> Option<SyntaxKind> {
        let prefix_len = if self.peek(0) == b'u' && self.peek(1) == b'8' {
            2
        } else {
            1
        };
        match self.peek(prefix_len) {
            q @ (b'\'' | b'"') => {
                self.pos += prefix_len;
                Some(self.quoted(q))
            }
            b'R' if self.peek(prefix_len + 1) == b'"' => Some(self.raw_string(prefix_len + 1)),
            _ => None,
        }
    }

    fn quoted(&mut self, quote: u8) -> SyntaxKind {
        let start = self.pos;
        self.pos += 1;
        let mut invalid = false;
        loop {
            invalid |= self.at_replacement_char();
            match self.peek(0) {
                0 if self.pos >= self.bytes.len() => break,
                b'\n' => break,
                b'\\' => {
                    self.pos += 1;
                    if self.pos < self.bytes.len() {
                        // keep UTF-8 boundaries intact
                        self.pos += self.text[self.pos..].chars().next().map_or(1, char::len_utf8);
                    }
                }
                c if c == quote => {
                    self.pos += 1;
                    if invalid {
                        // nvcc: "invalid multibyte character sequence" in a literal.
                        self.error(start, INVALID_UTF8);
                        return ERROR_TOKEN;
                    }
                    return if quote == b'"' { STRING_LIT } else { CHAR_LIT };
                }
                _ => self.pos += self.text[self.pos..].chars().next().map_or(1, char::len_utf8),
            }
        }
        self.error(start, "missing closing quote");
        ERROR_TOKEN
    }

    /// `R"delim( ... )delim"`; `prefix` is the number of bytes before the opening quote.
    fn raw_string(&mut self, prefix: usize) -> SyntaxKind {
        let start = self.pos;
        self.pos += prefix + 1;
        let delim_start = self.pos;
        while self.pos < self.bytes.len() && self.peek(0) != b'(' && self.pos - delim_start <= 16 {
            self.pos += 1;
        }
        if self.peek(0) != b'(' {
            self.pos = (start + prefix + 1).max(self.pos);
            self.error(start, "invalid raw string delimiter");
            return ERROR_TOKEN;
        }
        let delim = &self.text[delim_start..self.pos];
        let close = format!("){delim}\"");
        match self.text[self.pos..].find(&close) {
            Some(off) => {
                self.pos += off + close.len();
                STRING_LIT
            }
            None => {
                self.pos = self.bytes.len();
                self.error(start, "missing closing quote");
                ERROR_TOKEN
            }
        }
    }

    /// A preprocessing number, classified as an integer or a floating literal.
    fn number(&mut self) -> SyntaxKind {
        let start = self.pos;
        let hex = self.peek(0) == b'0' && matches!(self.peek(1), b'x' | b'X');
        let mut is_float = false;
        while self.pos < self.bytes.len() {
            let c = self.peek(0);
            let exp = if hex {
                matches!(c, b'p' | b'P')
            } else {
                matches!(c, b'e' | b'E')
            };
            if exp && matches!(self.peek(1), b'+' | b'-') {
                is_float = true;
                self.pos += 2;
            } else if c == b'.' {
                is_float = true;
                self.pos += 1;
            } else if c == b'\'' && self.peek(1).is_ascii_alphanumeric() {
                self.pos += 1; // C++14 digit separator
            } else if c.is_ascii_alphanumeric() || c == b'_' {
                if exp {
                    is_float = true;
                }
                self.pos += 1;
            } else {
                break;
            }
        }
        let text = &self.text[start..self.pos];
        // A decimal integer with an exponent but no sign (`1e5`) is floating.
        if !hex && !is_float && text.bytes().any(|b| b == b'e' || b == b'E') {
            is_float = true;
        }
        if is_float {
            FLOAT_NUMBER
        } else {
            INT_NUMBER
        }
    }

    fn punct(&mut self) -> SyntaxKind {
        // Longest match, decided on the first byte (a table scan cost ~150 instructions for
        // `;`, and punctuators are a third of all tokens).
        let (p1, p2) = (self.peek(1), self.peek(2));
        let two = |kind2: SyntaxKind, second: u8, kind1: SyntaxKind| {
            if p1 == second {
                (kind2, 2)
            } else {
                (kind1, 1)
            }
        };
        let (kind, len) = match self.peek(0) {
            b'<' => match (p1, p2) {
                (b'<', b'<') => (LAUNCH_OPEN, 3),
                (b'<', b'=') => (SHL_EQ, 3),
                (b'<', _) => (SHL, 2),
                (b'=', _) => (LTEQ, 2),
                _ => (LT, 1),
            },
            b'>' => match (p1, p2) {
                (b'>', b'>') => (LAUNCH_CLOSE, 3),
                (b'>', b'=') => (SHR_EQ, 3),
                (b'>', _) => (SHR, 2),
                (b'=', _) => (GTEQ, 2),
                _ => (GT, 1),
            },
            b'.' => match (p1, p2) {
                (b'.', b'.') => (ELLIPSIS, 3),
                (b'*', _) => (DOT_STAR, 2),
                _ => (DOT, 1),
            },
            b'-' => match (p1, p2) {
                (b'>', b'*') => (ARROW_STAR, 3),
                (b'>', _) => (ARROW, 2),
                (b'-', _) => (MINUS2, 2),
                (b'=', _) => (MINUS_EQ, 2),
                _ => (MINUS, 1),
            },
            b'+' => match p1 {
                b'+' => (PLUS2, 2),
                b'=' => (PLUS_EQ, 2),
                _ => (PLUS, 1),
            },
            b'&' => match p1 {
                b'&' => (AMP2, 2),
                b'=' => (AMP_EQ, 2),
                _ => (AMP, 1),
            },
            b'|' => match p1 {
                b'|' => (PIPE2, 2),
                b'=' => (PIPE_EQ, 2),
                _ => (PIPE, 1),
            },
            b'=' => two(EQ2, b'=', EQ),
            b'!' => two(NEQ, b'=', BANG),
            b':' => two(COLON2, b':', COLON),
            b'*' => two(STAR_EQ, b'=', STAR),
            b'/' => two(SLASH_EQ, b'=', SLASH),
            b'%' => two(PERCENT_EQ, b'=', PERCENT),
            b'^' => two(CARET_EQ, b'=', CARET),
            b'#' => two(HASH2, b'#', HASH),
            b'(' => (L_PAREN, 1),
            b')' => (R_PAREN, 1),
            b'[' => (L_BRACK, 1),
            b']' => (R_BRACK, 1),
            b'{' => (L_CURLY, 1),
            b'}' => (R_CURLY, 1),
            b';' => (SEMICOLON, 1),
            b',' => (COMMA, 1),
            b'~' => (TILDE, 1),
            b'?' => (QUESTION, 1),
            _ => (ERROR_TOKEN, 0),
        };
        if len > 0 {
            self.pos += len;
            return kind;
        }
        if self.bad_char_len().is_some() {
            return self.bad_run(UNRECOGNIZED);
        }
        let start = self.pos;
        self.pos += self.text[self.pos..].chars().next().map_or(1, char::len_utf8);
        self.error(start, UNRECOGNIZED);
        ERROR_TOKEN
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{expect, Expect};

    fn check(text: &str, expect: Expect) {
        let (tokens, errors) = lex(text);
        let mut out = String::new();
        let mut pos = 0usize;
        for t in &tokens {
            let len = u32::from(t.len) as usize;
            out.push_str(&format!("{:?} {:?}\n", t.kind, &text[pos..pos + len]));
            pos += len;
        }
        for e in &errors {
            out.push_str(&format!("error {:?}: {}\n", e.range, e.message));
        }
        assert_eq!(pos, text.len());
        expect.assert_eq(&out);
    }

    #[test]
    fn every_punctuator() {
        let puncts = [
            ("<<<", LAUNCH_OPEN),
            (">>>", LAUNCH_CLOSE),
            ("<<=", SHL_EQ),
            (">>=", SHR_EQ),
            ("...", ELLIPSIS),
            ("->*", ARROW_STAR),
            ("->", ARROW),
            ("++", PLUS2),
            ("--", MINUS2),
            ("<<", SHL),
            (">>", SHR),
            ("<=", LTEQ),
            (">=", GTEQ),
            ("==", EQ2),
            ("!=", NEQ),
            ("&&", AMP2),
            ("||", PIPE2),
            ("::", COLON2),
            ("*=", STAR_EQ),
            ("/=", SLASH_EQ),
            ("%=", PERCENT_EQ),
            ("+=", PLUS_EQ),
            ("-=", MINUS_EQ),
            ("&=", AMP_EQ),
            ("^=", CARET_EQ),
            ("|=", PIPE_EQ),
            (".*", DOT_STAR),
            ("##", HASH2),
            ("(", L_PAREN),
            (")", R_PAREN),
            ("[", L_BRACK),
            ("]", R_BRACK),
            ("{", L_CURLY),
            ("}", R_CURLY),
            (";", SEMICOLON),
            (",", COMMA),
            (".", DOT),
            ("&", AMP),
            ("*", STAR),
            ("+", PLUS),
            ("-", MINUS),
            ("~", TILDE),
            ("!", BANG),
            ("/", SLASH),
            ("%", PERCENT),
            ("<", LT),
            (">", GT),
            ("^", CARET),
            ("|", PIPE),
            ("?", QUESTION),
            (":", COLON),
            ("=", EQ),
            ("#", HASH),
        ];
        for (p, kind) in puncts {
            assert_eq!(lex_single(p), Some(kind), "{p}");
        }
        // Longest match first, then the rest.
        check(
            "<<<=....->*-->>>=",
            expect![[r#"
                LAUNCH_OPEN "<<<"
                EQ "="
                ELLIPSIS "..."
                DOT "."
                ARROW_STAR "->*"
                MINUS2 "--"
                LAUNCH_CLOSE ">>>"
                EQ "="
            "#]],
        );
    }

    #[test]
    fn numbers_and_punct() {
        check(
            "a<<<1,2>>>(0x1fu, 1.5f, 1e5, .5, 0x1p-3, 10ull) ->* <<=",
            expect![[r#"
                IDENT "a"
                LAUNCH_OPEN "<<<"
                INT_NUMBER "1"
                COMMA ","
                INT_NUMBER "2"
                LAUNCH_CLOSE ">>>"
                L_PAREN "("
                INT_NUMBER "0x1fu"
                COMMA ","
                WHITESPACE " "
                FLOAT_NUMBER "1.5f"
                COMMA ","
                WHITESPACE " "
                FLOAT_NUMBER "1e5"
                COMMA ","
                WHITESPACE " "
                FLOAT_NUMBER ".5"
                COMMA ","
                WHITESPACE " "
                FLOAT_NUMBER "0x1p-3"
                COMMA ","
                WHITESPACE " "
                INT_NUMBER "10ull"
                R_PAREN ")"
                WHITESPACE " "
                ARROW_STAR "->*"
                WHITESPACE " "
                SHL_EQ "<<="
            "#]],
        );
    }

    #[test]
    fn literals_comments_errors() {
        check(
            "u8\"x\" L'a' R\"d(q)\")d\" // c\\\n more\n/* b */ \"open\n@",
            expect![[r#"
                STRING_LIT "u8\"x\""
                WHITESPACE " "
                CHAR_LIT "L'a'"
                WHITESPACE " "
                STRING_LIT "R\"d(q)\")d\""
                WHITESPACE " "
                COMMENT "// c\\\n more"
                WHITESPACE "\n"
                COMMENT "/* b */"
                WHITESPACE " "
                ERROR_TOKEN "\"open"
                WHITESPACE "\n"
                ERROR_TOKEN "@"
                error 42..47: missing closing quote
                error 48..49: unrecognized character
            "#]],
        );
    }

    #[test]
    fn unterminated_comment_and_non_ascii() {
        check(
            "héllo /* x",
            expect![[r#"
                IDENT "héllo"
                WHITESPACE " "
                ERROR_TOKEN "/* x"
                error 7..11: unterminated comment
            "#]],
        );
    }

    #[test]
    fn bad_bytes_and_junk_runs() {
        // Lossy decoding turned invalid bytes into U+FFFD: an error outside comments, never
        // part of an identifier; a run of bad characters on one line is one token.
        check(
            "a\u{FFFD}\u{FFFD}b @ @@ `\n\0\0 x \"\u{FFFD}\" // \u{FFFD}\n",
            expect![[r#"
                IDENT "a"
                ERROR_TOKEN "��"
                IDENT "b"
                WHITESPACE " "
                ERROR_TOKEN "@ @@ `"
                WHITESPACE "\n"
                ERROR_TOKEN "\0\0"
                WHITESPACE " "
                IDENT "x"
                WHITESPACE " "
                ERROR_TOKEN "\"�\""
                WHITESPACE " "
                COMMENT "// �"
                WHITESPACE "\n"
                error 1..7: invalid multibyte character sequence (the source is not valid UTF-8)
                error 9..15: unrecognized character
                error 16..18: null character in source
                error 21..26: invalid multibyte character sequence (the source is not valid UTF-8)
            "#]],
        );
    }
}
