//! Rematerialization of predicates in LLVM's PTX: a `setp` whose predicate is used in other
//! blocks is computed again in each of them, so no predicate stays live across blocks.
//!
//! CodeGenPrepare sinks compares into the blocks that use them (NVPTX has one kind of condition
//! register), but MachineCSE then merges the copies again with an identical `setp` in a
//! dominating block (and its PRE hoists partially redundant ones), so a predicate computed once
//! lives across every block up to its last use. SASS has seven predicate registers; ptxas keeps
//! the others in general registers. Inlined libdevice code tests the same arguments in many
//! blocks (`pow(u, k)` in a loop: NaN, infinity, zero, one, sign of each loop-invariant argument),
//! so a binomial-tree kernel kept about twenty predicates live across its loops
//! (testdata/perf/option_pricing.cu: 84 registers against nvcc's 72; cicc does not merge them).
//! Disabling MachineCSE fixes that kernel but loses the merges that small kernels profit from
//! (shared-array addresses, bounds checks), so the predicates are recomputed here instead.
//!
//! Safety: a `setp` is recomputed only when its predicate has that one definition and every
//! register operand has exactly one definition in the function. The operands' definitions then
//! dominate the `setp`, which dominates every use of its predicate, and no path from an operand's
//! definition to such a use can define the operand again, so the recomputed predicate is equal.
//! Functions whose inline assembly declares registers (scoped names that could shadow the
//! function's) are left as they are.

use rustc_hash::{FxHashMap, FxHashSet};

/// One statement of a PTX line: its guard, opcode and operands (split at top-level commas).
struct Stmt<'a> {
    guard: Option<&'a str>,
    opcode: &'a str,
    operands: Vec<&'a str>,
}

fn split_operands(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = s[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

/// The instruction statements of one line (several for `{ .reg ...; mov ...; }` lines).
fn statements(line: &str) -> Vec<Stmt<'_>> {
    let code = match line.find("//") {
        Some(i) => &line[..i],
        None => line,
    };
    let mut out = Vec::new();
    for part in code.split(';') {
        let part = part.trim().trim_start_matches('{').trim_end_matches('}').trim();
        if part.is_empty() || part.starts_with('.') || part.starts_with('$') {
            continue;
        }
        let (guard, rest) = match part.strip_prefix('@') {
            Some(g) => match g.split_once(char::is_whitespace) {
                Some((g, r)) => (Some(g), r.trim_start()),
                None => continue,
            },
            None => (None, part),
        };
        let (opcode, operands) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        out.push(Stmt {
            guard,
            opcode,
            operands: split_operands(operands),
        });
    }
    out
}

/// The `%` registers named in `s`.
fn registers(s: &str) -> impl Iterator<Item = &str> {
    s.match_indices('%').map(move |(i, _)| {
        let end = s[i + 1..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
            .map_or(s.len(), |e| i + 1 + e);
        // `%tid.x` is one name; `%r1.x` does not occur in LLVM's output.
        &s[i..end]
    })
}

fn is_label(line: &str) -> bool {
    let t = line.trim_end();
    t.starts_with('$') && t.ends_with(':')
}

/// `text` with `from` replaced by `to` where it is a whole register name.
fn replace_register(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(i) = rest.find(from) {
        let after = rest[i + from.len()..].chars().next();
        out.push_str(&rest[..i]);
        if after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            out.push_str(from);
        } else {
            out.push_str(to);
        }
        rest = &rest[i + from.len()..];
    }
    out.push_str(rest);
    out
}

/// Whether an inline assembly block of `func` declares registers (`{ .reg .pred %p; ... }`),
/// whose names could shadow the function's. Other inline assembly (`__ffs`'s
/// `bfind.shiftamt.u32`, say) only names the registers LLVM gave its operands.
fn declares_registers_in_asm(func: &str) -> bool {
    let mut inside = false;
    for line in func.lines() {
        if line.contains("begin inline asm") {
            inside = true;
        } else if line.contains("end inline asm") {
            inside = false;
        } else if inside && line.contains(".reg") {
            return true;
        }
    }
    false
}

/// The function definition `func` (LLVM's PTX of one `.entry` or `.func`) with each predicate
/// that is used outside the block of its `setp` recomputed at its first use in each such block.
pub(crate) fn predicates(func: &str) -> String {
    if declares_registers_in_asm(func) {
        return func.to_string();
    }
    let lines: Vec<&str> = func.lines().collect();
    // Definitions per register: the first operand of every statement (all registers of a
    // `{...}` destination list, both sides of `%p|%q`). Counting a non-destination as one only
    // makes a register ineligible.
    let mut defs: FxHashMap<&str, u32> = FxHashMap::default();
    let mut block = vec![0usize; lines.len()];
    let mut current = 0;
    for (i, line) in lines.iter().enumerate() {
        if is_label(line) {
            current += 1;
        }
        block[i] = current;
        for st in statements(line) {
            if let Some(first) = st.operands.first() {
                if first.starts_with('{') || first.starts_with('%') {
                    for r in registers(first) {
                        *defs.entry(r).or_default() += 1;
                    }
                }
            }
        }
    }
    // The `setp`s that can be recomputed: line index, opcode, operands after the predicate.
    let mut candidates: FxHashMap<&str, (usize, &str, String)> = FxHashMap::default();
    for (i, line) in lines.iter().enumerate() {
        let sts = statements(line);
        let [st] = sts.as_slice() else { continue };
        if st.guard.is_some() || !st.opcode.starts_with("setp.") || st.operands.len() < 3 {
            continue;
        }
        let pred = st.operands[0];
        if !pred.starts_with("%p") || pred.contains('|') || defs.get(pred) != Some(&1) {
            continue;
        }
        let sources = &st.operands[1..];
        let single = sources
            .iter()
            .all(|o| registers(o).all(|r| defs.get(r) == Some(&1) && r != pred));
        if single {
            candidates.insert(pred, (i, st.opcode, sources.join(", ")));
        }
    }
    if candidates.is_empty() {
        return func.to_string();
    }
    let Some(decl) = lines.iter().position(|l| l.trim_start().starts_with(".reg .pred")) else {
        return func.to_string();
    };
    let Some(mut next) = lines[decl]
        .split_once("%p<")
        .and_then(|(_, r)| r.split_once('>'))
        .and_then(|(n, _)| n.parse::<u32>().ok())
    else {
        return func.to_string();
    };
    let first = next;
    let mut out: Vec<String> = Vec::with_capacity(lines.len() + 16);
    let mut copies: FxHashMap<(usize, &str), String> = FxHashMap::default();
    for (i, line) in lines.iter().enumerate() {
        let mut text = line.to_string();
        let used: FxHashSet<&str> = registers(line)
            .filter(|r| candidates.get(r).is_some_and(|c| c.0 != i && block[c.0] != block[i]))
            .collect();
        let mut used: Vec<&str> = used.into_iter().collect();
        used.sort_unstable();
        for pred in used {
            let (_, opcode, sources) = &candidates[pred];
            let copy = copies.entry((block[i], pred)).or_insert_with(|| {
                let name = format!("%p{next}");
                next += 1;
                out.push(format!("\t{opcode} \t{name}, {sources};"));
                name
            });
            text = replace_register(&text, pred, copy);
        }
        out.push(text);
    }
    if next == first {
        return func.to_string();
    }
    out[decl] = lines[decl].replacen(&format!("%p<{first}>"), &format!("%p<{next}>"), 1);
    let mut s = out.join("\n");
    if func.ends_with('\n') {
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const FUNC: &str = "\
.visible .entry k(
\t.param .u64 k_param_0
)
{
\t.reg .pred \t%p<4>;
\t.reg .b32 \t%r<6>;

\tld.param.b32 \t%r1, [k_param_0];
\tmov.b32 \t%r5, 7;
\tsetp.eq.b32 \t%p1, %r1, 0;
\tsetp.lt.s32 \t%p2, %r1, %r5;
\t@%p1 bra \t$L__BB0_2;
\tadd.s32 \t%r2, %r1, 1;
$L__BB0_2:
\tselp.b32 \t%r3, 1, 2, %p1;
\tselp.b32 \t%r4, 3, 4, %p1;
\t@%p2 bra \t$L__BB0_3;
$L__BB0_3:
\tmov.b32 \t%r5, %r3;
\tret;
}
";

    #[test]
    fn recomputes_cross_block_predicates_once_per_block() {
        let out = predicates(FUNC);
        // %p1 (operand defined once) is recomputed once in $L__BB0_2; %p2 reads %r5, which is
        // defined twice, so it stays.
        expect_test::expect![[r#"
            .visible .entry k(
            	.param .u64 k_param_0
            )
            {
            	.reg .pred 	%p<5>;
            	.reg .b32 	%r<6>;

            	ld.param.b32 	%r1, [k_param_0];
            	mov.b32 	%r5, 7;
            	setp.eq.b32 	%p1, %r1, 0;
            	setp.lt.s32 	%p2, %r1, %r5;
            	@%p1 bra 	$L__BB0_2;
            	add.s32 	%r2, %r1, 1;
            $L__BB0_2:
            	setp.eq.b32 	%p4, %r1, 0;
            	selp.b32 	%r3, 1, 2, %p4;
            	selp.b32 	%r4, 3, 4, %p4;
            	@%p2 bra 	$L__BB0_3;
            $L__BB0_3:
            	mov.b32 	%r5, %r3;
            	ret;
            }
        "#]]
        .assert_eq(&out);
    }

    #[test]
    fn leaves_multiply_defined_operands_and_inline_asm() {
        let twice = FUNC.replace("\tadd.s32 \t%r2, %r1, 1;", "\tadd.s32 \t%r1, %r1, 1;");
        assert_eq!(predicates(&twice), twice);
        let asm = FUNC.replace(
            "\tret;",
            "\t// begin inline asm\n\t{ .reg .pred %p1; setp.eq.b32 %p1, %r1, 0; }\n\t// end inline asm\n\tret;",
        );
        assert_eq!(predicates(&asm), asm);
    }

    #[test]
    fn inline_asm_without_registers_is_no_obstacle() {
        let asm = "\t// begin inline asm\n\tbfind.shiftamt.u32 %r2, %r1;\n\t// end inline asm\n";
        let func = FUNC.replace("\tadd.s32 \t%r2, %r1, 1;\n", asm);
        assert_eq!(
            predicates(&func),
            predicates(FUNC).replace("\tadd.s32 \t%r2, %r1, 1;\n", asm)
        );
    }

    #[test]
    fn register_names_are_whole() {
        assert_eq!(
            replace_register("selp %p1, %p12, %p1;", "%p1", "%p9"),
            "selp %p9, %p12, %p9;"
        );
        assert_eq!(registers("{tmp, %r273}").collect::<Vec<_>>(), ["%r273"]);
    }
}
