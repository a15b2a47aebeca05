//! GCC-style inline PTX assembly (`asm volatile("..." : outputs : inputs : clobbers)`), checked
//! as nvcc checks it in device code: one register constraint letter per operand (`h` 16-bit,
//! `r` 32-bit, `l` 64-bit integer or pointer, `f` float, `d` double, `n` integer constant
//! input), output operands modifiable lvalues marked `=` or `+`, clobbers `"memory"` only, and
//! the template's `%N`, `%%`, `%=` interpreted when there are operands (operand modifiers and
//! symbolic names are errors, as in nvcc; without operands the template is used as written). The diagnostics use nvcc's wording.

use super::checker::{int_bits, Checker};
use super::DiagAt;
use crate::body::{AsmOperand, AsmStmt, StmtId};
use crate::thir::{AsmPiece, ExprKind, TAsm, TAsmInput, TAsmOutput, TStmt, TStmtId};
use crate::ty::{FloatKind, IntKind, Ty, TyKind};

/// Constraint letters nvcc does not know at all (any other letter is known but rejected for
/// the operand's type, or not allowed in device code).
const UNKNOWN_LETTERS: &[u8] = b"jkvwzBOPTUW";

/// An operand's constraint string, split.
struct Constraint {
    /// `=` (write-only output) or `+` (read-write output), if written first.
    modifier: Option<u8>,
    early_clobber: bool,
    letter: u8,
}

impl Checker<'_> {
    pub(crate) fn asm_stmt(&mut self, s: StmtId, a: &AsmStmt) -> TStmtId {
        let mark = self.pending_temps.len();
        let mut ok = true;
        let mut outputs = Vec::new();
        for op in &a.outputs {
            match self.asm_output(op) {
                Some(o) => outputs.push(o),
                None => ok = false,
            }
        }
        let mut inputs = Vec::new();
        for op in &a.inputs {
            match self.asm_input(op) {
                Some(i) => inputs.push(i),
                None => ok = false,
            }
        }
        let mut memory = false;
        for c in &a.clobbers {
            match c.as_slice() {
                b"memory" => memory = true,
                b"cc" => {
                    self.error(
                        DiagAt::Stmt(s),
                        "asm",
                        "The cc clobber constraint is not supported in device code",
                    );
                    ok = false;
                }
                other => {
                    let name = String::from_utf8_lossy(other);
                    self.error(DiagAt::Stmt(s), "asm", format!("unknown register name \"{name}\""));
                    ok = false;
                }
            }
        }
        let count = (a.outputs.len() + a.inputs.len()) as u32;
        let template = if count == 0 {
            // Without operands nvcc passes the template through as written (`%%` stays).
            let text = String::from_utf8_lossy(&a.template).into_owned();
            if text.is_empty() {
                Vec::new()
            } else {
                vec![AsmPiece::Text(text)]
            }
        } else {
            match parse_template(&a.template, count) {
                Ok(t) => t,
                Err(msg) => {
                    self.error(DiagAt::Stmt(s), "asm", msg);
                    ok = false;
                    Vec::new()
                }
            }
        };
        // Temporaries of the operand expressions end with the statement.
        let dtors = self.destroy_temps(mark);
        if !ok {
            return self.mk_stmt(TStmt::Empty);
        }
        let side_effects = a.volatile || outputs.is_empty();
        let asm = self.mk_stmt(TStmt::Asm(Box::new(TAsm {
            template,
            side_effects,
            memory,
            outputs,
            inputs,
        })));
        match dtors {
            Some(d) => {
                let d = self.mk_stmt(TStmt::Expr(d));
                self.mk_stmt(TStmt::Block(vec![asm, d]))
            }
            None => asm,
        }
    }

    /// Splits a constraint and reports what nvcc rejects before looking at the operand.
    fn asm_constraint(&mut self, op: &AsmOperand, output: bool) -> Option<Constraint> {
        let at = DiagAt::Expr(op.expr);
        let mut rest = op.constraint.as_slice();
        let modifier = match rest.first() {
            Some(&m @ (b'=' | b'+')) => {
                rest = &rest[1..];
                Some(m)
            }
            _ => None,
        };
        if output && modifier.is_none() {
            self.error(
                at,
                "asm",
                "an asm output operand must have one of the '=' or '+' modifiers",
            );
            return None;
        }
        if !output && modifier.is_some() {
            self.error(at, "asm", "an asm input operand may not have the '=' or '+' modifiers");
            return None;
        }
        let mut early_clobber = false;
        while let Some(&b'&') = rest.first() {
            early_clobber = true;
            rest = &rest[1..];
        }
        if let Some(&m @ (b'=' | b'+')) = rest.first() {
            self.error(at, "asm", format!("unknown asm constraint modifier '{}'", m as char));
            return None;
        }
        let letter = match rest {
            [] => {
                self.error(at, "asm", "asm operand has no constraint letter");
                return None;
            }
            [l] => *l,
            _ => {
                self.error(
                    at,
                    "asm",
                    "an asm operand may specify only one constraint letter in a __device__/__global__ function",
                );
                return None;
            }
        };
        if UNKNOWN_LETTERS.contains(&letter) || !letter.is_ascii_graphic() {
            self.error(
                at,
                "asm",
                format!("unknown asm constraint letter '{}'", char::from(letter)),
            );
            return None;
        }
        if matches!(letter, b'i' | b'm' | b's') {
            self.error(
                at,
                "asm",
                format!(
                    "asm constraint letter '{}' is not allowed inside a __device__/__global__ function",
                    letter as char
                ),
            );
            return None;
        }
        Some(Constraint {
            modifier,
            early_clobber,
            letter,
        })
    }

    /// Whether a value of type `t` fits register letter `letter`; reports otherwise.
    fn asm_fits(&mut self, at: DiagAt, letter: u8, t: &Ty) -> bool {
        if t.is_error() {
            return false;
        }
        if !t.is_scalar() {
            self.error(at, "asm", "an asm operand must have scalar type");
            return false;
        }
        let size = super::size_of(t, &self.dm.records).unwrap_or(0);
        let fits = match letter {
            b'h' => t.is_integer() && size == 2,
            b'r' => t.is_integer() && size == 4,
            b'l' => (t.is_integer() || t.is_pointer()) && size == 8,
            b'f' => matches!(t.kind, TyKind::Float(FloatKind::F32)),
            b'd' => matches!(t.kind, TyKind::Float(FloatKind::F64)),
            _ => false,
        };
        if !fits {
            self.error(
                at,
                "asm",
                format!(
                    "asm operand type size({size}) does not match type/size implied by constraint '{}'",
                    letter as char
                ),
            );
        }
        fits
    }

    fn asm_output(&mut self, op: &AsmOperand) -> Option<TAsmOutput> {
        let c = self.asm_constraint(op, true);
        let place = self.expr(op.expr);
        let c = c?;
        if !self.check_modifiable(place, op.expr) {
            return None;
        }
        let t = self.ty(place).clone();
        if !self.asm_fits(DiagAt::Expr(op.expr), c.letter, &t) {
            return None;
        }
        Some(TAsmOutput {
            letter: c.letter,
            place,
            read_write: c.modifier == Some(b'+'),
            early_clobber: c.early_clobber,
        })
    }

    fn asm_input(&mut self, op: &AsmOperand) -> Option<TAsmInput> {
        let c = self.asm_constraint(op, false);
        let value = self.value(op.expr);
        let c = c?;
        let t = self.ty(value).clone();
        if t.is_error() {
            return None;
        }
        if c.letter == b'n' {
            let TyKind::Int(k) = t.kind else {
                self.error_e(
                    op.expr,
                    "asm",
                    "an asm operand must be an integral constant expression.",
                );
                return None;
            };
            let Some(v) = self.eval(value).and_then(|c| c.as_int()) else {
                self.error_e(
                    op.expr,
                    "asm",
                    "an asm operand must be an integral constant expression.",
                );
                return None;
            };
            // `bool` is printed as the integer 1 or 0, as nvcc does.
            let k = if k == IntKind::Bool { IntKind::Int } else { k };
            let value = self.rvalue_of(Ty::int(k), ExprKind::IntConst(int_bits(v, k)));
            return Some(TAsmInput { letter: b'n', value });
        }
        if !self.asm_fits(DiagAt::Expr(op.expr), c.letter, &t) {
            return None;
        }
        Some(TAsmInput {
            letter: c.letter,
            value,
        })
    }
}

/// Interprets the template of an asm statement with operands: `%%` is `%`, `%=` a unique number, `%N` operand `N` (below
/// `count`), `%{ %| %}` (dialect alternatives) nothing, `%` before any other character stays
/// (PTX's `%laneid`), unless a letter is followed by a digit (an operand modifier, which nvcc
/// rejects).
pub(crate) fn parse_template(t: &[u8], count: u32) -> Result<Vec<AsmPiece>, String> {
    let text = String::from_utf8_lossy(t);
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut i = 0;
    let mut lit_start = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        cur.push_str(&text[lit_start..i]);
        let Some(&next) = b.get(i + 1) else {
            return Err("'%' at end of asm string is invalid".into());
        };
        i += 2;
        match next {
            b'%' => cur.push('%'),
            b'{' | b'|' | b'}' => {}
            b'=' => {
                flush(&mut cur, &mut out);
                out.push(AsmPiece::Unique);
            }
            b'0'..=b'9' => {
                let start = i - 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let n: u64 = text[start..i].parse().unwrap_or(u64::MAX);
                if n >= count as u64 {
                    return Err(
                        "asm operand index requested is larger than the number of asm operands provided".into(),
                    );
                }
                flush(&mut cur, &mut out);
                out.push(AsmPiece::Operand(n as u32));
            }
            b'[' => {
                let end = text[i..].find(']').map_or(text.len(), |e| i + e);
                return Err(format!("invalid symbolic operand name \"{}\"", &text[i..end]));
            }
            c if c.is_ascii_alphabetic() && b.get(i).is_some_and(|d| d.is_ascii_digit()) => {
                return Err(format!(
                    "Asm operand modifier not supported at \"%{}\", try removing modifier or escaping with %",
                    c as char
                ));
            }
            _ => {
                // Not a directive: the `%` and the character stay as written.
                i -= 1;
                cur.push('%');
            }
        }
        lit_start = i;
    }
    cur.push_str(&text[lit_start..]);
    flush(&mut cur, &mut out);
    Ok(out)
}

fn flush(cur: &mut String, out: &mut Vec<AsmPiece>) {
    if !cur.is_empty() {
        out.push(AsmPiece::Text(std::mem::take(cur)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(t: &str, count: u32) -> String {
        match parse_template(t.as_bytes(), count) {
            Ok(p) => p
                .iter()
                .map(|p| match p {
                    AsmPiece::Text(x) => x.clone(),
                    AsmPiece::Operand(n) => format!("<{n}>"),
                    AsmPiece::Unique => "<uid>".into(),
                })
                .collect(),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn templates() {
        assert_eq!(show("mov.u32 %0, %%laneid;", 1), "mov.u32 <0>, %laneid;");
        assert_eq!(show("add %0, %1, %10; %=", 11), "add <0>, <1>, <10>; <uid>");
        assert_eq!(show("// %laneid %c %x {%%p} $x", 0), "// %laneid %c %x {%p} $x");
        assert_eq!(show("%0x", 1), "<0>x");
        assert_eq!(show("%{a%}", 0), "a");
        assert_eq!(
            show("%2", 2),
            "error: asm operand index requested is larger than the number of asm operands provided"
        );
        assert_eq!(show("50%", 0), "error: '%' at end of asm string is invalid");
        assert_eq!(
            show("%c1", 2),
            "error: Asm operand modifier not supported at \"%c\", try removing modifier or escaping with %"
        );
        assert_eq!(show("%[x]", 1), "error: invalid symbolic operand name \"x\"");
        assert_eq!(
            show("%99999999999999999999999", 1),
            "error: asm operand index requested is larger than the number of asm operands provided"
        );
    }
}
