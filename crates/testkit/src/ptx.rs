//! Reading kernel signatures (`.entry` declarations) out of PTX text.
//!
//! Tests compare the kernels warpc emits with NVRTC's: same names, same parameter layout, same
//! performance directives. The two PTX writers spell equal things differently: cicc prints
//! `.param .u64 p`, `.param .f32 p`, LLVM's NVPTX back end prints `.param .u64 .ptr .global .align 1 p`
//! or `.param .b32 p`. [`ptx_entries`] keeps the spelling (whitespace normalised) and
//! [`normalize_param_type`] reduces it to what the ABI fixes: bit width, plus alignment and array
//! size for byte arrays (`b32`, `b64`, `align8 b8[24]`).

/// One `.entry` (kernel) declaration of a PTX module.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PtxEntry {
    /// The kernel's PTX name (mangled unless `extern "C"`).
    pub name: String,
    /// Parameter types in order, without `.param` and without the parameter name, whitespace
    /// normalised; arrays keep their extent: `".u64"`, `".f32"`, `".u64 .ptr .global .align 1"`,
    /// `".align 8 .b8 [24]"`.
    pub params: Vec<String>,
    /// Performance directives between the parameter list and the body, whitespace normalised:
    /// `".maxntid 256, 1, 1"`, `".minnctapersm 2"`, `".reqntid 128"`, `".maxnreg 32"`.
    pub directives: Vec<String>,
}

impl PtxEntry {
    /// The parameter types reduced by [`normalize_param_type`], for comparing PTX from different
    /// compilers.
    pub fn normalized_params(&self) -> Vec<String> {
        self.params.iter().map(|p| normalize_param_type(p)).collect()
    }
}

/// The `.entry` declarations of `ptx`, in order of appearance.
///
/// Comments are ignored. Malformed input never panics: a declaration that cannot be read is skipped.
pub fn ptx_entries(ptx: &str) -> Vec<PtxEntry> {
    let text = strip_comments(ptx);
    let mut entries = Vec::new();
    let mut search_from = 0;
    while let Some(found) = text[search_from..].find(".entry") {
        let start = search_from + found;
        let after = start + ".entry".len();
        search_from = after;
        let boundary_before = text[..start].chars().next_back().is_none_or(char::is_whitespace);
        let boundary_after = text[after..].chars().next().is_some_and(char::is_whitespace);
        if !boundary_before || !boundary_after {
            continue;
        }
        if let Some((entry, end)) = parse_entry(&text, after) {
            entries.push(entry);
            search_from = end;
        }
    }
    entries
}

/// Parses the declaration after `.entry` at byte `pos`; returns it and where it ends.
fn parse_entry(text: &str, pos: usize) -> Option<(PtxEntry, usize)> {
    let rest = &text[pos..];
    let name_start = rest.len() - rest.trim_start().len();
    let rest = &rest[name_start..];
    let name_len = rest.find(|c: char| !is_ident_char(c)).unwrap_or(rest.len());
    if name_len == 0 {
        return None;
    }
    let name = rest[..name_len].to_string();
    let mut cursor = pos + name_start + name_len;

    let mut params = Vec::new();
    let after_name = &text[cursor..];
    if after_name.trim_start().starts_with('(') {
        let open = cursor + after_name.find('(')?;
        let close = open + text[open..].find(')')?;
        params = text[open + 1..close]
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .map(param_type)
            .collect();
        cursor = close + 1;
    }

    // Directives run up to the body `{` or the `;` of a prototype.
    let tail = &text[cursor..];
    let end = tail.find(['{', ';']).unwrap_or(tail.len());
    let mut directives: Vec<String> = Vec::new();
    for token in tail[..end].split_whitespace() {
        match directives.last_mut() {
            Some(last) if !token.starts_with('.') => {
                last.push(' ');
                last.push_str(token);
            }
            _ => directives.push(token.to_string()),
        }
    }
    Some((
        PtxEntry {
            name,
            params,
            directives,
        },
        cursor + end,
    ))
}

/// `.param .align 8 .b8 k_param_0[24]` -> `.align 8 .b8 [24]`; `.param .u32 k_param_1` -> `.u32`.
fn param_type(param: &str) -> String {
    let param = separate_extents(param);
    let mut tokens: Vec<&str> = param.split_whitespace().collect();
    if tokens.first() == Some(&".param") {
        tokens.remove(0);
    }
    let extent = if tokens.last().is_some_and(|t| t.starts_with('[')) {
        tokens.pop()
    } else {
        None
    };
    tokens.pop(); // the parameter's name
    tokens.extend(extent);
    tokens.join(" ")
}

/// Makes every `[N]` one token of its own: `a[ 3 ]` -> `a [3]`.
fn separate_extents(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    let mut in_brackets = false;
    for c in text.chars() {
        match c {
            '[' => {
                in_brackets = true;
                out.push(' ');
                out.push('[');
            }
            ']' => {
                in_brackets = false;
                out.push(']');
            }
            c if in_brackets && c.is_whitespace() => {}
            c => out.push(c),
        }
    }
    out
}

/// Reduces a parameter type as printed in PTX to what the calling convention fixes, so that cicc's
/// and LLVM's spellings compare equal:
///
/// - scalar types become their bit width: `.u32`, `.s32`, `.f32`, `.b32` -> `b32`; `.pred` -> `pred`;
/// - `.ptr` with its state space and alignment (an optimisation hint) is dropped:
///   `.u64 .ptr .global .align 1` -> `b64`;
/// - alignment and extent of byte arrays stay: `.align 8 .b8 [24]` -> `align8 b8[24]`.
pub fn normalize_param_type(ty: &str) -> String {
    let ty = separate_extents(ty);
    let mut out: Vec<String> = Vec::new();
    let mut tokens = ty.split_whitespace();
    let mut in_ptr = false;
    while let Some(token) = tokens.next() {
        match token {
            ".ptr" => in_ptr = true,
            ".global" | ".shared" | ".const" | ".local" | ".param" if in_ptr => {}
            ".align" => {
                let n = tokens.next().unwrap_or("");
                if !in_ptr {
                    out.push(format!("align{n}"));
                }
            }
            t if t.starts_with('[') => match out.last_mut() {
                Some(last) => last.push_str(t),
                None => out.push(t.to_string()),
            },
            t => {
                in_ptr = false;
                out.push(scalar_width(t));
            }
        }
    }
    out.join(" ")
}

/// `.u32` -> `b32`, `.f16` -> `b16`, `.f16x2` -> `b32`, `.pred` -> `pred`; others lose their dot.
fn scalar_width(token: &str) -> String {
    let t = token.trim_start_matches('.');
    match t {
        "pred" => return "pred".to_string(),
        "f16x2" | "bf16x2" => return "b32".to_string(),
        "bf16" => return "b16".to_string(),
        _ => {}
    }
    let mut chars = t.chars();
    match chars.next() {
        Some('u' | 's' | 'b' | 'f') => {
            let bits = chars.as_str();
            if !bits.is_empty() && bits.chars().all(|c| c.is_ascii_digit()) {
                return format!("b{bits}");
            }
            t.to_string()
        }
        _ => t.to_string(),
    }
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '%' | '.')
}

/// Replaces `//` and `/* */` comments with spaces (keeping byte offsets), leaving string literals
/// (as in `.file 1 "a//b.cu"`) alone.
fn strip_comments(ptx: &str) -> String {
    let bytes = ptx.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let end = bytes[i + 1..]
                    .iter()
                    .position(|&b| b == b'"' || b == b'\n')
                    .map_or(bytes.len(), |p| i + 1 + p + 1)
                    .min(bytes.len());
                out.extend_from_slice(&bytes[i..end]);
                i = end;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = bytes[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |p| i + p);
                out.resize(out.len() + (end - i), b' ');
                i = end;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = ptx[i + 2..].find("*/").map_or(bytes.len(), |p| i + 2 + p + 2);
                out.extend(bytes[i..end].iter().map(|&b| if b == b'\n' { b'\n' } else { b' ' }));
                i = end;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    // Only ASCII bytes were replaced by ASCII spaces, so this stays valid UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Output of `nvcc -ptx -arch=sm_90` (CUDA 13.5) for
    /// `struct S { double a; int b; float c[3]; };` kernels (bodies shortened).
    const NVCC_PTX: &str = r#"//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-39125733
// Cuda compilation tools, release 13.5, V13.5.37
// Based on NVVM 7.0.1
//

.version 9.5
.target sm_90
.address_size 64

	// .globl	k1
// _ZZ2k1E2sh has been demoted

.func  (.param .b32 func_retval0) _Z6helperf(
	.param .b32 _Z6helperf_param_0
)
{
	.reg .f32 	%f<3>;
	ld.param.f32 	%f1, [_Z6helperf_param_0];
	add.f32 	%f2, %f1, %f1;
	st.param.f32 	[func_retval0+0], %f2;
	ret;
}
	// .globl	k1
.visible .entry k1(
	.param .align 8 .b8 k1_param_0[24],
	.param .u64 k1_param_1,
	.param .u64 k1_param_2,
	.param .u32 k1_param_3,
	.param .u64 k1_param_4,
	.param .u8 k1_param_5,
	.param .f32 k1_param_6
)
.maxntid 256, 1, 1
.minnctapersm 2
{
	.reg .pred 	%p<2>;
	// demoted variable
	.shared .align 4 .b8 _ZZ2k1E2sh[512];
	ld.param.s8 	%rs1, [k1_param_5];
	ret;

}
	// .globl	_Z2k2IiEvPT_
.visible .entry _Z2k2IiEvPT_(
	.param .u64 _Z2k2IiEvPT__param_0
)
{
	ret;

}
	// .globl	_Z2k3v
.visible .entry _Z2k3v()
{
	ret;

}
"#;

    /// LLVM 22 `llc -mcpu=sm_90` output for the same `k1` signature and an empty kernel, with the
    /// scalar parameters respelled `.bN` as the NVPTX back end prints them in other contexts.
    const LLVM_PTX: &str = r#"//
// Generated by LLVM NVPTX Back-End
//

.version 7.8
.target sm_90
.address_size 64

	// .globl	k1                      // -- Begin function k1
                                        // @k1
.visible .entry k1(
	.param .align 8 .b8 k1_param_0[24],
	.param .u64 .ptr .global .align 1 k1_param_1,
	.param .u64 .ptr .align 1 k1_param_2,
	.param .b32 k1_param_3,
	.param .b64 k1_param_4,
	.param .b8 k1_param_5,
	.param .b32 k1_param_6
)
.maxntid 256
.minnctapersm 2
{
	ret;
                                        // -- End function
}
	// .globl	k3                      // -- Begin function k3
.visible .entry _Z2k3v()                    // @k3
{
// %bb.0:
	ret;
}
"#;

    #[test]
    fn reads_nvcc_entries() {
        let entries = ptx_entries(NVCC_PTX);
        expect_test::expect![[r#"
            [
                PtxEntry {
                    name: "k1",
                    params: [
                        ".align 8 .b8 [24]",
                        ".u64",
                        ".u64",
                        ".u32",
                        ".u64",
                        ".u8",
                        ".f32",
                    ],
                    directives: [
                        ".maxntid 256, 1, 1",
                        ".minnctapersm 2",
                    ],
                },
                PtxEntry {
                    name: "_Z2k2IiEvPT_",
                    params: [
                        ".u64",
                    ],
                    directives: [],
                },
                PtxEntry {
                    name: "_Z2k3v",
                    params: [],
                    directives: [],
                },
            ]
        "#]]
        .assert_debug_eq(&entries);
    }

    #[test]
    fn llvm_and_nvcc_signatures_normalise_equal() {
        let nvcc = ptx_entries(NVCC_PTX);
        let llvm = ptx_entries(LLVM_PTX);
        assert_eq!(llvm[0].params[1], ".u64 .ptr .global .align 1");
        assert_eq!(
            nvcc[0].normalized_params(),
            ["align8 b8[24]", "b64", "b64", "b32", "b64", "b8", "b32"]
        );
        assert_eq!(nvcc[0].normalized_params(), llvm[0].normalized_params());
        assert_eq!(nvcc[2], llvm[1]);
    }

    #[test]
    fn normalisation_cases() {
        for (input, expected) in [
            (".f64", "b64"),
            (".s16", "b16"),
            (".pred", "pred"),
            (".f16x2", "b32"),
            (".u64 .ptr .shared .align 16", "b64"),
            (".align 16 .b8 [32]", "align16 b8[32]"),
            ("  .align 4   .b8  [ 12 ] ", "align4 b8[12]"),
        ] {
            assert_eq!(normalize_param_type(input), expected, "{input}");
        }
    }

    #[test]
    fn ignores_comments_strings_and_lookalikes() {
        let ptx = ".file 1 \"/a//b.cu\"\n// .entry fake(.param .u32 x)\n/* .entry also_fake() */\n\
                   .visible .entryx notme()\n.entry real(.param .u32 real_param_0, .param .b8 a[ 3 ], .param .b8 b [4])\n{\n}\n";
        let entries = ptx_entries(ptx);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].name, "real");
        assert_eq!(entries[0].params, [".u32", ".b8 [3]", ".b8 [4]"]);
    }

    #[test]
    fn truncated_input_does_not_panic() {
        for ptx in [
            ".entry",
            ".entry k(",
            ".entry k(.param",
            ".entry k(.param .u32 a",
            "\"",
            "/*",
            "//",
        ] {
            let _ = ptx_entries(ptx);
        }
        assert_eq!(ptx_entries(".entry k").len(), 1);
    }
}
