//! Decoding of literal tokens: integers (value, suffix flags, radix), floating literals (exact
//! f64 bits, hex floats included; `f`-suffixed ones rounded once, to f32), character literals
//! with escapes, and string literals (escapes, raw strings, adjacent concatenation).

use crate::body::{CharPrefix, Literal};

/// A problem found while decoding; `warning` ones do not make the program invalid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LitError {
    pub message: String,
    pub warning: bool,
}

fn err(message: impl Into<String>) -> LitError {
    LitError {
        message: message.into(),
        warning: false,
    }
}

fn warn(message: impl Into<String>) -> LitError {
    LitError {
        message: message.into(),
        warning: true,
    }
}

/// An integer literal such as `0x1fu`, `10ull`, `017`, `1'000'000`.
pub(crate) fn int_literal(text: &str) -> (Literal, Vec<LitError>) {
    let mut errors = Vec::new();
    let clean: String = text.chars().filter(|&c| c != '\'').collect();
    let (base, body): (u32, &str) = if let Some(b) = clean.strip_prefix("0x").or_else(|| clean.strip_prefix("0X")) {
        (16, b)
    } else if let Some(b) = clean.strip_prefix("0b").or_else(|| clean.strip_prefix("0B")) {
        (2, b)
    } else if let Some(b) = clean.strip_prefix('0') {
        (8, b)
    } else {
        (10, &clean[..])
    };
    let digits_end = if base == 16 {
        body.find(|c: char| !c.is_ascii_hexdigit())
    } else {
        body.find(|c: char| !c.is_ascii_digit())
    }
    .unwrap_or(body.len());
    let (digits, suffix) = body.split_at(digits_end);
    let mut value: u128 = 0;
    let mut overflow = false;
    for c in digits.chars() {
        let Some(d) = c.to_digit(base) else {
            errors.push(err(format!(
                "invalid digit \"{c}\" in {} constant",
                if base == 8 { "octal" } else { "binary" }
            )));
            break;
        };
        match value.checked_mul(base as u128).and_then(|v| v.checked_add(d as u128)) {
            Some(v) => value = v,
            None => overflow = true,
        }
    }
    if digits.is_empty() && base != 8 {
        errors.push(err("invalid integer constant"));
    }
    if overflow || value > u64::MAX as u128 {
        errors.push(err("integer constant is too large"));
        value = u64::MAX as u128;
    }
    let mut unsigned = false;
    let mut long = 0u8;
    let s = suffix.to_ascii_lowercase();
    let ok = match s.as_str() {
        "" => true,
        "u" => {
            unsigned = true;
            true
        }
        "l" | "ul" | "lu" => {
            unsigned = s.contains('u');
            long = 1;
            true
        }
        "ll" | "ull" | "llu" => {
            unsigned = s.contains('u');
            long = 2;
            // `lL` mixed case is invalid
            !suffix.contains("lL") && !suffix.contains("Ll")
        }
        _ => false,
    };
    if !ok {
        errors.push(err("extra text after expected end of number"));
    }
    (
        Literal::Int {
            value,
            unsigned,
            long,
            decimal: base == 10,
        },
        errors,
    )
}

/// A floating literal such as `1.5f`, `1e-3`, `.5`, `0x1.8p3`, `2.0L`.
pub(crate) fn float_literal(text: &str) -> (Literal, Vec<LitError>) {
    let mut errors = Vec::new();
    let clean: String = text.chars().filter(|&c| c != '\'').collect();
    let hex = clean.len() > 1 && clean[..2].eq_ignore_ascii_case("0x");
    // Suffix: trailing f/F/l/L (not hex digits for hex floats: the exponent ends the mantissa).
    let (num, suffix) = match clean
        .char_indices()
        .rev()
        .take_while(|(_, c)| matches!(c, 'f' | 'F' | 'l' | 'L'))
        .last()
    {
        Some((i, _)) if !hex || clean[..i].contains(['p', 'P']) => clean.split_at(i),
        _ => (&clean[..], ""),
    };
    let single = matches!(suffix, "f" | "F");
    if !matches!(suffix, "" | "f" | "F" | "l" | "L") {
        errors.push(err("extra text after expected end of number"));
    }
    let bits = if hex {
        match hex_float(&num[2..], if single { 24 } else { 53 }) {
            Some(v) => v.to_bits(),
            None => {
                errors.push(err("invalid hexadecimal floating constant"));
                0
            }
        }
    } else if single {
        match num.parse::<f32>() {
            Ok(v) => (v as f64).to_bits(),
            Err(_) => {
                errors.push(err("invalid floating constant"));
                0
            }
        }
    } else {
        match num.parse::<f64>() {
            Ok(v) => v.to_bits(),
            Err(_) => {
                errors.push(err("invalid floating constant"));
                0
            }
        }
    };
    if f64::from_bits(bits).is_infinite() {
        errors.push(warn("floating constant is out of range"));
    }
    (Literal::Float { bits, single }, errors)
}

/// Value of `mantissa[.fraction]p[+-]exp` (hex digits, `0x` stripped), rounded once to
/// `precision` significant bits (53 for double, 24 for float).
fn hex_float(s: &str, precision: u32) -> Option<f64> {
    let (mant, exp) = s.split_once(['p', 'P'])?;
    let exp: i64 = exp.parse().ok()?;
    let (int_part, frac_part) = mant.split_once('.').unwrap_or((mant, ""));
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    // Accumulate up to 120 significant bits; remember whether anything nonzero was dropped.
    let mut m: u128 = 0;
    let mut e2: i64 = exp.clamp(-1_000_000, 1_000_000);
    let mut sticky = false;
    let mut significant = 0u32;
    for (i, c) in int_part.chars().chain(frac_part.chars()).enumerate() {
        let d = c.to_digit(16)? as u128;
        let in_frac = i >= int_part.len();
        if significant < 28 {
            m = (m << 4) | d;
            if m != 0 {
                significant += 1;
            }
            if in_frac {
                e2 -= 4;
            }
        } else {
            sticky |= d != 0;
            if !in_frac {
                e2 += 4;
            }
        }
    }
    if m == 0 {
        return Some(0.0);
    }
    // Normalize to `precision` bits with round-half-even.
    let bits = 128 - m.leading_zeros();
    if bits > precision {
        let shift = bits - precision;
        let rem = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        m >>= shift;
        e2 += shift as i64;
        let round_up = rem > half || (rem == half && (sticky || m & 1 == 1));
        if round_up {
            m += 1;
            if m >> precision != 0 {
                m >>= 1;
                e2 += 1;
            }
        }
    }
    let v = m as f64;
    Some(scale2(v, e2))
}

fn scale2(mut v: f64, mut e: i64) -> f64 {
    // Beyond these the result is infinite or zero whatever the mantissa (< 2^113).
    if e > 2100 {
        return f64::INFINITY;
    }
    if e < -2300 {
        return 0.0;
    }
    // Multiply by 2^e in steps that stay exact until the final result.
    while e > 1000 {
        v *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        v *= 2f64.powi(-1000);
        e += 1000;
    }
    v * 2f64.powi(e as i32)
}

/// Decodes the escapes of a quoted literal body into code points (`\x`/octal escapes give
/// their numeric value, which may exceed a byte).
fn unescape(body: &str, errors: &mut Vec<LitError>) -> Vec<(u32, bool)> {
    // (value, is_numeric_escape)
    let mut out = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push((c as u32, false));
            continue;
        }
        let Some(e) = chars.next() else {
            errors.push(err("invalid escape sequence"));
            break;
        };
        let v = match e {
            'n' => '\n' as u32,
            't' => '\t' as u32,
            'r' => '\r' as u32,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'e' | 'E' => 27,
            '\\' | '\'' | '"' | '?' => e as u32,
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push((v, true));
                continue;
            }
            'x' => {
                let mut v: u32 = 0;
                let mut n = 0;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(16)) {
                    v = v.wrapping_mul(16).wrapping_add(d);
                    chars.next();
                    n += 1;
                }
                if n == 0 {
                    errors.push(err("expected a hexadecimal digit"));
                }
                out.push((v, true));
                continue;
            }
            'u' | 'U' => {
                let len = if e == 'u' { 4 } else { 8 };
                let mut v: u32 = 0;
                for _ in 0..len {
                    match chars.peek().and_then(|c| c.to_digit(16)) {
                        Some(d) => {
                            v = v * 16 + d;
                            chars.next();
                        }
                        None => {
                            errors.push(err("invalid universal character"));
                            break;
                        }
                    }
                }
                out.push((v, false));
                continue;
            }
            other => {
                errors.push(warn("unrecognized character escape sequence"));
                other as u32
            }
        };
        out.push((v, false));
    }
    out
}

/// Splits a literal token into (prefix, raw?, body between the quotes).
fn split_quoted(text: &str, quote: char) -> Option<(&str, bool, &str)> {
    let q = text.find(quote)?;
    let prefix = &text[..q];
    if let Some(p) = prefix.strip_suffix('R') {
        // R"delim( ... )delim"
        let rest = &text[q + 1..];
        let open = rest.find('(')?;
        let delim = &rest[..open];
        let close = format!("){delim}\"");
        let body_end = rest.rfind(&close)?;
        if body_end < open + 1 {
            return None;
        }
        return Some((p, true, &rest[open + 1..body_end]));
    }
    let body = text[q + 1..].strip_suffix(quote)?;
    Some((prefix, false, body))
}

/// A character literal such as `'a'`, `'\n'`, `L'x'`, `'\x41'`.
pub(crate) fn char_literal(text: &str) -> (Literal, Vec<LitError>) {
    let mut errors = Vec::new();
    let Some((prefix, _, body)) = split_quoted(text, '\'') else {
        return (
            Literal::Char {
                value: 0,
                prefix: CharPrefix::Narrow,
            },
            vec![err("invalid character constant")],
        );
    };
    let prefix = match prefix {
        "L" => CharPrefix::Wide,
        "u" => CharPrefix::Utf16,
        "U" => CharPrefix::Utf32,
        _ => CharPrefix::Narrow,
    };
    let wide = prefix != CharPrefix::Narrow;
    let cps = unescape(body, &mut errors);
    let value = match cps.as_slice() {
        [] => {
            errors.push(err("empty character constant"));
            0
        }
        [(v, _)] if wide || *v < 0x80 => *v,
        [(v, true)] => *v & 0xff,
        _ => {
            if wide {
                errors.push(warn("multicharacter character literal (potential portability problem)"));
                cps.last().map_or(0, |c| c.0)
            } else {
                // A narrow literal of several chars (or a non-ASCII char): its UTF-8 bytes
                // packed big-endian into an int, as GCC and EDG do.
                let mut bytes = Vec::new();
                for (v, numeric) in &cps {
                    if *numeric {
                        bytes.push(*v as u8);
                    } else if let Some(c) = char::from_u32(*v) {
                        let mut buf = [0u8; 4];
                        bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    }
                }
                if bytes.len() > 1 {
                    errors.push(warn("multicharacter character literal (potential portability problem)"));
                }
                bytes
                    .iter()
                    .rev()
                    .take(4)
                    .rev()
                    .fold(0u32, |acc, b| (acc << 8) | *b as u32)
            }
        }
    };
    // A value out of a UTF-16 code unit's range is truncated, as nvcc does.
    let value = if prefix == CharPrefix::Utf16 {
        value & 0xffff
    } else {
        value
    };
    (Literal::Char { value, prefix }, errors)
}

/// Adjacent string literal tokens, concatenated, as bytes (UTF-8 for non-ASCII characters).
pub(crate) fn string_literal<'a>(texts: impl Iterator<Item = &'a str>) -> (Literal, Vec<LitError>) {
    let mut errors = Vec::new();
    let mut bytes = Vec::new();
    let mut wide_reported = false;
    for text in texts {
        let Some((prefix, raw, body)) = split_quoted(text, '"') else {
            errors.push(err("invalid string literal"));
            continue;
        };
        if matches!(prefix, "L" | "u" | "U") && !wide_reported {
            wide_reported = true;
            errors.push(err("unsupported: wide string literals"));
        }
        if raw {
            bytes.extend_from_slice(body.as_bytes());
            continue;
        }
        for (v, numeric) in unescape(body, &mut errors) {
            if numeric {
                bytes.push(v as u8);
            } else if let Some(c) = char::from_u32(v) {
                let mut buf = [0u8; 4];
                bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    (Literal::String(bytes), errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(t: &str) -> (u128, bool, u8, bool, usize) {
        match int_literal(t) {
            (
                Literal::Int {
                    value,
                    unsigned,
                    long,
                    decimal,
                },
                e,
            ) => (value, unsigned, long, decimal, e.len()),
            _ => unreachable!(),
        }
    }

    fn float(t: &str) -> (f64, bool) {
        match float_literal(t) {
            (Literal::Float { bits, single }, e) => {
                assert!(e.is_empty(), "{t}: {e:?}");
                (f64::from_bits(bits), single)
            }
            _ => unreachable!(),
        }
    }

    #[test]
    fn integers() {
        assert_eq!(int("0"), (0, false, 0, false, 0));
        assert_eq!(int("42"), (42, false, 0, true, 0));
        assert_eq!(int("0x1fu"), (31, true, 0, false, 0));
        assert_eq!(int("017"), (15, false, 0, false, 0));
        assert_eq!(int("10ull"), (10, true, 2, true, 0));
        assert_eq!(int("10LU"), (10, true, 1, true, 0));
        assert_eq!(int("0b101"), (5, false, 0, false, 0));
        assert_eq!(int("1'000'000"), (1_000_000, false, 0, true, 0));
        assert_eq!(int("0xffffffffffffffff"), (u64::MAX as u128, false, 0, false, 0));
        assert_eq!(int("0x9e3779b97f4a7c15ull").0, 0x9e3779b97f4a7c15);
        assert_eq!(int("99999999999999999999999").4, 1);
        assert_eq!(int("09").4, 1);
        assert_eq!(int("12abc").4, 1);
    }

    #[test]
    fn floats() {
        assert_eq!(float("1.5f"), (1.5, true));
        assert_eq!(float("0.1f"), (0.1f32 as f64, true));
        assert_eq!(float("0.1"), (0.1, false));
        assert_eq!(float("1e5"), (1e5, false));
        assert_eq!(float(".5"), (0.5, false));
        assert_eq!(float("1."), (1.0, false));
        assert_eq!(float("1.e3"), (1000.0, false));
        assert_eq!(float("2.0L"), (2.0, false));
        assert_eq!(float("0x1p-3"), (0.125, false));
        assert_eq!(float("0x1.8p1"), (3.0, false));
        assert_eq!(float("0x1.fffffffffffff8p0"), (2.0, false));
        assert_eq!(float("0x.8p1f"), (1.0, true));
        assert_eq!(float("0x1.000001p0f"), (1.0, true));
        assert_eq!(float("1e-45f").0, f32::from_bits(1) as f64);
    }

    #[test]
    fn chars_and_strings() {
        let c = |t: &str| match char_literal(t).0 {
            Literal::Char { value, prefix } => (value, prefix != CharPrefix::Narrow),
            _ => unreachable!(),
        };
        assert_eq!(c("'a'"), (97, false));
        assert_eq!(c("'\\n'"), (10, false));
        assert_eq!(c("'\\x41'"), (65, false));
        assert_eq!(c("'\\377'"), (255, false));
        assert_eq!(c("'\\0'"), (0, false));
        assert_eq!(c("L'\\u00e9'"), (0xe9, true));
        assert_eq!(c("'ab'"), (0x6162, false));
        assert!(matches!(
            char_literal("u'b'").0,
            Literal::Char {
                value: 98,
                prefix: CharPrefix::Utf16
            }
        ));
        assert!(matches!(
            char_literal("U'c'").0,
            Literal::Char {
                value: 99,
                prefix: CharPrefix::Utf32
            }
        ));
        assert!(matches!(
            char_literal("u8'd'").0,
            Literal::Char {
                value: 100,
                prefix: CharPrefix::Narrow
            }
        ));
        let s = |ts: &[&str]| match string_literal(ts.iter().copied()).0 {
            Literal::String(b) => b,
            _ => unreachable!(),
        };
        assert_eq!(s(&["\"a\\tb\"", "\" c\""]), b"a\tb c");
        assert_eq!(s(&["\"%d\\n\""]), b"%d\n");
        assert_eq!(s(&["R\"x(a\\n)x\""]), b"a\\n");
        assert_eq!(s(&["u8\"\\xff\""]), [0xff]);
        assert_eq!(s(&["\"é\""]), "é".as_bytes());
    }
}
