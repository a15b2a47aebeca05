//! `#if` expression evaluation over macro-expanded tokens (`defined` and `__has_*` already
//! replaced by `0`/`1`): integer arithmetic in `intmax_t`/`uintmax_t` with the usual arithmetic
//! conversions, short-circuit `&&`, `||` and `?:` (no diagnostics from unevaluated operands),
//! character constants, `true`/`false`, remaining identifiers as 0, and C++'s alternative
//! operator spellings (`and`, `or`, `not`, ...).

use warpc_syntax::SyntaxKind::{self, *};

use crate::macros::Tok;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Val {
    pub v: u64,
    pub unsigned: bool,
}

impl Val {
    fn signed(v: i64) -> Val {
        Val {
            v: v as u64,
            unsigned: false,
        }
    }
    fn truth(b: bool) -> Val {
        Val {
            v: b as u64,
            unsigned: false,
        }
    }
    fn is_true(self) -> bool {
        self.v != 0
    }
}

/// Parentheses and `?:` nesting limit (keeps recursion bounded on hostile input).
const MAX_NESTING: u32 = 256;

/// Evaluates a whole `#if` expression; the error message is nvcc-like where nvcc has one.
pub(crate) fn evaluate(toks: &[Tok]) -> Result<Val, String> {
    if toks.is_empty() {
        return Err("expected an expression".into());
    }
    let mut p = Parser { toks, pos: 0, depth: 0 };
    let v = p.comma(true)?;
    if let Some(t) = toks.get(p.pos) {
        return Err(if t.kind == R_PAREN {
            "expected an expression".into() // stray `)`
        } else if matches!(
            t.kind,
            EQ | STAR_EQ
                | SLASH_EQ
                | PERCENT_EQ
                | PLUS_EQ
                | MINUS_EQ
                | SHL_EQ
                | SHR_EQ
                | AMP_EQ
                | CARET_EQ
                | PIPE_EQ
                | PLUS2
                | MINUS2
        ) {
            "this operator is not allowed in a preprocessing expression".into()
        } else {
            format!("missing binary operator before token \"{}\"", t.text)
        });
    }
    Ok(v)
}

struct Parser<'t> {
    toks: &'t [Tok],
    pos: usize,
    depth: u32,
}

fn alt_kind(t: &Tok) -> SyntaxKind {
    if t.kind != IDENT {
        return t.kind;
    }
    match t.text.as_str() {
        "and" => AMP2,
        "or" => PIPE2,
        "not" => BANG,
        "bitand" => AMP,
        "bitor" => PIPE,
        "xor" => CARET,
        "compl" => TILDE,
        "not_eq" => NEQ,
        _ => IDENT,
    }
}

fn binop_prec(kind: SyntaxKind) -> Option<u8> {
    Some(match kind {
        PIPE2 => 1,
        AMP2 => 2,
        PIPE => 3,
        CARET => 4,
        AMP => 5,
        EQ2 | NEQ => 6,
        LT | GT | LTEQ | GTEQ => 7,
        SHL | SHR => 8,
        PLUS | MINUS => 9,
        STAR | SLASH | PERCENT => 10,
        _ => return None,
    })
}

impl Parser<'_> {
    fn peek(&self) -> Option<SyntaxKind> {
        self.toks.get(self.pos).map(alt_kind)
    }

    fn nest(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err("preprocessing expression is nested too deeply".into());
        }
        Ok(())
    }

    fn comma(&mut self, eval: bool) -> Result<Val, String> {
        let mut v = self.cond(eval)?;
        while self.peek() == Some(COMMA) {
            self.pos += 1;
            v = self.cond(eval)?;
        }
        Ok(v)
    }

    fn cond(&mut self, eval: bool) -> Result<Val, String> {
        let c = self.binary(1, eval)?;
        if self.peek() != Some(QUESTION) {
            return Ok(c);
        }
        self.pos += 1;
        self.nest()?;
        let a = self.comma(eval && c.is_true())?;
        if self.peek() != Some(COLON) {
            return Err("expected a \":\"".into());
        }
        self.pos += 1;
        let b = self.cond(eval && !c.is_true())?;
        self.depth -= 1;
        let unsigned = a.unsigned || b.unsigned;
        Ok(Val {
            v: if c.is_true() { a.v } else { b.v },
            unsigned,
        })
    }

    fn binary(&mut self, min_prec: u8, eval: bool) -> Result<Val, String> {
        let mut lhs = self.unary(eval)?;
        while let Some((op, prec)) = self.peek().and_then(|op| Some((op, binop_prec(op)?))) {
            if prec < min_prec {
                break;
            }
            self.pos += 1;
            let rhs_eval = match op {
                AMP2 => eval && lhs.is_true(),
                PIPE2 => eval && !lhs.is_true(),
                _ => eval,
            };
            let rhs = self.binary(prec + 1, rhs_eval)?;
            lhs = apply(op, lhs, rhs, eval)?;
        }
        Ok(lhs)
    }

    fn unary(&mut self, eval: bool) -> Result<Val, String> {
        let Some(kind) = self.peek() else {
            return Err("expected an expression".into());
        };
        match kind {
            PLUS | MINUS | TILDE | BANG => {
                self.pos += 1;
                self.nest()?;
                let v = self.unary(eval)?;
                self.depth -= 1;
                Ok(match kind {
                    PLUS => v,
                    MINUS => Val {
                        v: v.v.wrapping_neg(),
                        unsigned: v.unsigned,
                    },
                    TILDE => Val {
                        v: !v.v,
                        unsigned: v.unsigned,
                    },
                    _ => Val::truth(!v.is_true()),
                })
            }
            L_PAREN => {
                self.pos += 1;
                self.nest()?;
                let v = self.comma(eval)?;
                self.depth -= 1;
                if self.peek() != Some(R_PAREN) {
                    return Err("expected a \")\"".into());
                }
                self.pos += 1;
                Ok(v)
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Result<Val, String> {
        let t = &self.toks[self.pos];
        self.pos += 1;
        match t.kind {
            INT_NUMBER => parse_int(&t.text),
            CHAR_LIT => char_value(&t.text),
            FLOAT_NUMBER => Err("floating constant in preprocessor expression".into()),
            IDENT => Ok(Val::signed(match t.text.as_str() {
                "true" => 1,
                _ => 0,
            })),
            EQ | STAR_EQ | SLASH_EQ | PERCENT_EQ | PLUS_EQ | MINUS_EQ | SHL_EQ | SHR_EQ | AMP_EQ | CARET_EQ
            | PIPE_EQ | PLUS2 | MINUS2 => Err("this operator is not allowed in a preprocessing expression".into()),
            _ => Err(format!("token \"{}\" is not valid in preprocessor expressions", t.text)),
        }
    }
}

fn apply(op: SyntaxKind, l: Val, r: Val, eval: bool) -> Result<Val, String> {
    let u = l.unsigned || r.unsigned;
    let (li, ri) = (l.v as i64, r.v as i64);
    let v = match op {
        STAR => Val {
            v: l.v.wrapping_mul(r.v),
            unsigned: u,
        },
        SLASH | PERCENT => {
            if r.v == 0 {
                if eval {
                    return Err("division by zero".into());
                }
                return Ok(Val { v: 0, unsigned: u });
            }
            let v = if u {
                if op == SLASH {
                    l.v / r.v
                } else {
                    l.v % r.v
                }
            } else if op == SLASH {
                li.wrapping_div(ri) as u64
            } else {
                li.wrapping_rem(ri) as u64
            };
            Val { v, unsigned: u }
        }
        PLUS => Val {
            v: l.v.wrapping_add(r.v),
            unsigned: u,
        },
        MINUS => Val {
            v: l.v.wrapping_sub(r.v),
            unsigned: u,
        },
        SHL | SHR => {
            // The result has the (promoted) type of the left operand.
            let count: i128 = if r.unsigned { r.v as i128 } else { ri as i128 };
            let left = (op == SHL) == (count >= 0);
            let n = count.unsigned_abs();
            let v = if left {
                if n >= 64 {
                    0
                } else {
                    l.v << n
                }
            } else if l.unsigned {
                if n >= 64 {
                    0
                } else {
                    l.v >> n
                }
            } else if n >= 64 {
                if li < 0 {
                    u64::MAX
                } else {
                    0
                }
            } else {
                (li >> n) as u64
            };
            Val {
                v,
                unsigned: l.unsigned,
            }
        }
        LT | GT | LTEQ | GTEQ => {
            let ord = if u { l.v.cmp(&r.v) } else { li.cmp(&ri) };
            Val::truth(match op {
                LT => ord.is_lt(),
                GT => ord.is_gt(),
                LTEQ => ord.is_le(),
                _ => ord.is_ge(),
            })
        }
        EQ2 => Val::truth(l.v == r.v),
        NEQ => Val::truth(l.v != r.v),
        AMP => Val {
            v: l.v & r.v,
            unsigned: u,
        },
        CARET => Val {
            v: l.v ^ r.v,
            unsigned: u,
        },
        PIPE => Val {
            v: l.v | r.v,
            unsigned: u,
        },
        AMP2 => Val::truth(l.is_true() && r.is_true()),
        PIPE2 => Val::truth(l.is_true() || r.is_true()),
        _ => unreachable!("not a binary operator: {op:?}"),
    };
    Ok(v)
}

/// An integer literal: decimal, octal, hex or binary, digit separators, `u`/`l`/`ll`/`z` suffixes.
pub(crate) fn parse_int(text: &str) -> Result<Val, String> {
    let clean: String = text.chars().filter(|&c| c != '\'').collect();
    let lower = clean.to_ascii_lowercase();
    let (radix, digits_start) = if lower.starts_with("0x") {
        (16, 2)
    } else if lower.starts_with("0b") {
        (2, 2)
    } else if lower.starts_with('0') && lower.len() > 1 {
        (8, 1)
    } else {
        (10, 0)
    };
    let body = &lower[digits_start..];
    let digits_end = body.find(|c: char| !c.is_digit(radix.max(10))).unwrap_or(body.len());
    let (digits, suffix) = body.split_at(digits_end);
    if !matches!(
        suffix,
        "" | "u" | "l" | "ul" | "lu" | "ll" | "ull" | "llu" | "z" | "uz" | "zu"
    ) || (suffix.contains("ll") && !clean.contains("ll") && !clean.contains("LL"))
    {
        return Err("extra text after expected end of number".into());
    }
    if digits.is_empty() {
        if radix == 8 {
            // just "0" with a suffix, e.g. `0u`
            return Ok(Val {
                v: 0,
                unsigned: suffix.contains('u'),
            });
        }
        return Err("extra text after expected end of number".into());
    }
    if digits.chars().any(|c| !c.is_digit(radix)) {
        return Err(if radix == 8 {
            "invalid octal digit".into()
        } else {
            "extra text after expected end of number".into()
        });
    }
    let v = u64::from_str_radix(digits, radix).map_err(|_| "integer constant is too large".to_string())?;
    let unsigned = suffix.contains('u') || v > i64::MAX as u64;
    Ok(Val { v, unsigned })
}

/// The value of a character constant as `#if` sees it (plain `char` is signed, as on x86-64).
pub(crate) fn char_value(text: &str) -> Result<Val, String> {
    let quote = text.find('\'').ok_or("invalid character constant")?;
    let prefix = &text[..quote];
    let body = text[quote + 1..].strip_suffix('\'').ok_or("missing closing quote")?;
    let mut units: Vec<u32> = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            if prefix.is_empty() || prefix == "u8" {
                let mut buf = [0u8; 4];
                units.extend(c.encode_utf8(&mut buf).bytes().map(u32::from));
            } else {
                units.push(c as u32);
            }
            continue;
        }
        let Some(e) = chars.next() else {
            return Err("invalid character constant".into());
        };
        let v = match e {
            'n' => 10,
            't' => 9,
            'r' => 13,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'e' | 'E' => 27,
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap();
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                v
            }
            'x' => {
                let mut v: u32 = 0;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(16)) {
                    v = v.wrapping_mul(16).wrapping_add(d);
                    chars.next();
                }
                v
            }
            'u' | 'U' => {
                let n = if e == 'u' { 4 } else { 8 };
                let mut v: u32 = 0;
                for _ in 0..n {
                    let d = chars
                        .next()
                        .and_then(|c| c.to_digit(16))
                        .ok_or("invalid universal character")?;
                    v = v * 16 + d;
                }
                v
            }
            other => other as u32,
        };
        units.push(v);
    }
    if units.is_empty() {
        return Err("empty character constant".into());
    }
    Ok(match prefix {
        "" => {
            if units.len() == 1 {
                Val::signed(units[0] as u8 as i8 as i64)
            } else {
                let v = units.iter().fold(0u32, |acc, &u| (acc << 8) | (u & 0xff));
                Val::signed(v as i32 as i64)
            }
        }
        "u8" => Val::signed((*units.last().unwrap() & 0xff) as i64),
        "u" => Val::signed((*units.last().unwrap() & 0xffff) as i64),
        "U" => Val {
            v: *units.last().unwrap() as u64,
            unsigned: true,
        },
        _ => Val::signed(*units.last().unwrap() as i32 as i64), // L: wchar_t is a signed 32-bit int
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        assert_eq!(parse_int("42"), Ok(Val { v: 42, unsigned: false }));
        assert_eq!(parse_int("0x1fu"), Ok(Val { v: 31, unsigned: true }));
        assert_eq!(parse_int("017"), Ok(Val { v: 15, unsigned: false }));
        assert_eq!(parse_int("0b101"), Ok(Val { v: 5, unsigned: false }));
        assert_eq!(
            parse_int("1'000'000ULL"),
            Ok(Val {
                v: 1_000_000,
                unsigned: true
            })
        );
        assert_eq!(
            parse_int("0xffffffffffffffff"),
            Ok(Val {
                v: u64::MAX,
                unsigned: true
            })
        );
        assert!(parse_int("099").is_err());
        assert!(parse_int("12abc").is_err());
        assert!(parse_int("0x1ffffffffffffffff").is_err());
        assert_eq!(char_value("'a'"), Ok(Val::signed(97)));
        assert_eq!(char_value("'\\xff'"), Ok(Val::signed(-1)));
        assert_eq!(char_value("'\\n'"), Ok(Val::signed(10)));
        assert_eq!(char_value("'ab'"), Ok(Val::signed(0x6162)));
        assert_eq!(
            char_value("U'\\U0001F600'"),
            Ok(Val {
                v: 0x1F600,
                unsigned: true
            })
        );
        assert_eq!(char_value("L'\\0'"), Ok(Val::signed(0)));
    }
}
