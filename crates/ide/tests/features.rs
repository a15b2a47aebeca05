//! IDE features on small fixtures: one `check_*` helper per feature. A fixture is one or more
//! files (`//- /path` starts a file; without it the text is `/ws/main.cu`); `$0` marks the
//! cursor. Results are rendered as text and compared with expect-test snapshots
//! (`UPDATE_EXPECT=1` refreshes them).

use expect_test::{expect, Expect};
use warpc_base::{CompileOptions, FileId, TextRange, TextSize};
use warpc_ide::{Analysis, AnalysisHost, FilePosition};

struct Fixture {
    host: AnalysisHost,
    /// The file holding `$0` and the cursor.
    pos: FilePosition,
    main: FileId,
}

fn fixture(text: &str) -> Fixture {
    let mut host = AnalysisHost::new(CompileOptions::default(), None);
    let mut files: Vec<(String, String)> = Vec::new();
    if text.trim_start().starts_with("//- ") {
        for chunk in text.split("//- ").filter(|c| !c.trim().is_empty()) {
            let (path, body) = chunk.split_once('\n').unwrap();
            files.push((path.trim().to_string(), body.to_string()));
        }
    } else {
        files.push(("/ws/main.cu".into(), text.to_string()));
    }
    let mut pos = None;
    let mut main = None;
    for (path, body) in &files {
        let (body, cursor) = match body.find("$0") {
            Some(i) => (body.replacen("$0", "", 1), Some(i)),
            None => (body.clone(), None),
        };
        let id = host.set_file_text(path, &body);
        if let Some(i) = cursor {
            pos = Some(FilePosition {
                file: id,
                offset: TextSize::from(i as u32),
            });
        }
        if path.ends_with(".cu") && main.is_none() {
            main = Some(id);
        }
    }
    let main = main.expect("a .cu file");
    host.add_main_file(main);
    Fixture {
        host,
        pos: pos.unwrap_or(FilePosition {
            file: main,
            offset: 0.into(),
        }),
        main,
    }
}

impl Fixture {
    fn analysis(&self) -> Analysis {
        self.host.analysis()
    }

    /// `path:line:col` of a range start.
    fn loc(&self, file: FileId, r: TextRange) -> String {
        let a = self.analysis();
        let lc = a.line_index(file).line_col(r.start());
        let text = a.file_text(file);
        let word = &text[usize::from(r.start())..usize::from(r.end())];
        format!("{}:{}:{} {word:?}", a.path(file).display(), lc.line + 1, lc.col + 1)
    }
}

fn check_hover(text: &str, expect: Expect) {
    let f = fixture(text);
    let h = f.analysis().hover(f.pos).unwrap();
    expect.assert_eq(&h.map_or("<none>".into(), |h| h.markdown));
}

fn check_goto(text: &str, expect: Expect) {
    let f = fixture(text);
    let targets = f.analysis().goto_definition(f.pos).unwrap();
    let out: Vec<String> = targets.iter().map(|t| f.loc(t.file, t.focus_range)).collect();
    expect.assert_eq(&out.join("\n"));
}

fn check_references(text: &str, expect: Expect) {
    let f = fixture(text);
    let refs = f.analysis().references(f.pos, true).unwrap();
    let out: Vec<String> = refs.iter().map(|r| f.loc(r.file, r.range)).collect();
    expect.assert_eq(&out.join("\n"));
}

fn check_completion(text: &str, expect: Expect) {
    let f = fixture(text);
    let items = f.analysis().completions(f.pos).unwrap();
    // Only what the fixture declares (and a few builtins), not the whole CUDA prelude.
    let out: Vec<String> = items
        .iter()
        .filter(|i| {
            !matches!(i.kind, warpc_ide::CompletionKind::Keyword)
                && (!matches!(
                    i.kind,
                    warpc_ide::CompletionKind::Function
                        | warpc_ide::CompletionKind::Type
                        | warpc_ide::CompletionKind::Macro
                        | warpc_ide::CompletionKind::EnumMember
                        | warpc_ide::CompletionKind::Variable
                ) || f.analysis().file_text(f.main).contains(i.label.as_str()))
        })
        .map(|i| format!("{:?} {} {}", i.kind, i.label, i.detail.clone().unwrap_or_default()))
        .collect();
    expect.assert_eq(&out.join("\n"));
}

#[test]
fn hover_locals_and_auto() {
    check_hover(
        r#"
__global__ void k(float *out) {
  auto v$0 = out[0] * 2;
  out[1] = v;
}
"#,
        expect![[r#"
            ```cuda
            float v
            ```

            local variable"#]],
    );
    check_hover(
        r#"
__global__ void k(const float *__restrict__ in, float *out) {
  out[0] = in$0[0];
}
"#,
        expect![[r#"
            ```cuda
            const float *__restrict__ in
            ```

            parameter"#]],
    );
}

#[test]
fn hover_constants_enums_records() {
    check_hover(
        r#"
__constant__ int table[4] = {1, 2, 3, 4};
const int LIMIT = 40 + 2;
__global__ void k(int *o) { o[0] = LIMIT$0 + table[1]; }
"#,
        expect![[r#"
            ```cuda
            const int LIMIT
            ```

            value: `42`

            host variable: not accessible from device code"#]],
    );
    check_hover(
        r#"
__constant__ int table[4] = {1, 2, 3, 4};
__global__ void k(int *o) { o[0] = table$0[1]; }
"#,
        expect![[r#"
            ```cuda
            __constant__ int table[4]
            ```

            constant memory variable"#]],
    );
    check_hover(
        r#"
enum Mode { A, B = 5, C };
__global__ void k(int *o) { o[0] = C$0; }
"#,
        expect![[r#"
            ```cuda
            C = 6
            ```

            enumerator"#]],
    );
    check_hover(
        r#"
struct Particle { float x, y; int id; };
__global__ void k(Particle$0 *p) { p->x = 1; }
"#,
        expect![[r#"
            ```cuda
            struct Particle {
                float x; // offset 0
                float y; // offset 4
                int id; // offset 8
            }
            ```

            size 12, align 4"#]],
    );
    check_hover(
        r#"
struct Particle { float x, y; int id; };
__global__ void k(Particle *p) { p->id$0 = 1; }
"#,
        expect![[r#"
            ```cuda
            int id
            ```

            field of `Particle`, offset 8"#]],
    );
}

#[test]
fn hover_macros_and_builtins() {
    check_hover(
        r#"
#define SQUARE(x) ((x) * (x))
__global__ void k(float *o) { o[0] = SQUA$0RE(o[1]); }
"#,
        expect![[r#"
            ```cuda
            #define SQUARE(x) ((x) * (x))
            ```"#]],
    );
    check_hover(
        r#"
__global__ void k(int *o) { o[0] = __CUDA_ARCH$0__; }
"#,
        expect![[r#"
            ```cuda
            #define __CUDA_ARCH__ 750 // predefined
            ```

            expands to `750`"#]],
    );
    check_hover(
        r#"
__global__ void k(float *o) { o[0] = blockDim$0.x; }
"#,
        expect![[r#"
            ```cuda
            dim3 blockDim
            ```

            Dimensions of the block, in threads (`dim3`). Reads `%ntid`."#]],
    );
    check_hover(
        r#"
__global__ void k(int *o) { atomicMax$0(o, 3); }
"#,
        expect![[r#"
            ```cuda
            __device__ int atomicMax(int *address, int val)
            ```

            device function (`__device__`)

            symbol `_Z9atomicMaxPii`

            ---

            Atomically stores the maximum of the value at `address` and `val`; returns the old value."#]],
    );
}

#[test]
fn hover_picks_the_called_overload() {
    check_hover(
        r#"
__global__ void k(float *o) { atomicAdd$0(o, 1.0f); }
"#,
        expect![[r#"
            ```cuda
            __device__ float atomicAdd(float *address, float val)
            ```

            device function (`__device__`)

            symbol `_Z9atomicAddPff`

            ---

            Reads the value at `address`, adds `val` and stores the sum, atomically; returns the old value (`atom.add` / `red.add`)."#]],
    );
}

#[test]
fn goto_definition_headers_and_macros() {
    check_goto(
        r#"
//- /ws/util.cuh
#pragma once
__device__ float helper(float v) { return v + 1.0f; }
//- /ws/main.cu
#include "util.cuh"
#define APPLY(f, x) f(x)
__global__ void k(float *o) { o[0] = APPLY(help$0er, o[1]); }
"#,
        expect![[r#"/ws/util.cuh:2:18 "helper""#]],
    );
    check_goto(
        r#"
#define N 128
__global__ void k(float *o) { o[N$0 - 1] = 0; }
"#,
        expect![[r#"/ws/main.cu:2:9 "N""#]],
    );
    check_goto(
        r#"
typedef struct { float re, im; } cpx;
__global__ void k(cpx *o) { o->im$0 = 0; }
"#,
        expect![[r#"/ws/main.cu:2:28 "im""#]],
    );
    check_goto(
        r#"
__device__ int f(int);
__device__ int f(int x) { return x; }
__global__ void k(int *o) { o[0] = f$0(1); }
"#,
        expect![[r#"/ws/main.cu:3:16 "f""#]],
    );
    check_goto(
        r#"
__global__ void k(int *o) {
  for (int i = 0; i < 4; ++i) {
    int i2 = i$0;
    o[i2] = 0;
  }
}
"#,
        expect![[r#"/ws/main.cu:3:12 "i""#]],
    );
}

#[test]
fn references_and_rename_across_files() {
    let text = r#"
//- /ws/util.cuh
#pragma once
__device__ float scale$0(float v) { return v * 2.0f; }
//- /ws/main.cu
#include "util.cuh"
__global__ void k(float *o) { o[0] = scale(o[1]) + scale(o[2]); }
"#;
    check_references(
        text,
        expect![[r#"
            /ws/util.cuh:2:18 "scale"
            /ws/main.cu:2:38 "scale"
            /ws/main.cu:2:52 "scale""#]],
    );
    let f = fixture(text);
    let change = f.analysis().rename(f.pos, "times_two").unwrap().unwrap();
    let edits: Vec<String> = change
        .edits
        .iter()
        .flat_map(|(file, es)| es.iter().map(move |(r, t)| (file, r, t)))
        .map(|(file, r, t)| format!("{} -> {t}", f.loc(*file, *r)))
        .collect();
    expect![[r#"
        /ws/util.cuh:2:18 "scale" -> times_two
        /ws/main.cu:2:38 "scale" -> times_two
        /ws/main.cu:2:52 "scale" -> times_two"#]]
    .assert_eq(&edits.join("\n"));
    let f = fixture("__global__ void k(int *o) { atomicAdd$0(o, 1); }");
    assert!(f.analysis().rename(f.pos, "x").unwrap().is_err());
    let f = fixture("__global__ void k(int *o) { int a$0 = 1; o[0] = a; }");
    assert!(f.analysis().rename(f.pos, "3x").unwrap().is_err());
}

#[test]
fn completion_members_and_scopes() {
    check_completion(
        r#"
struct Vec3 { float x, y, z; };
__global__ void k(Vec3 *v) { v->$0 }
"#,
        expect![[r#"
            Field x float
            Field y float
            Field z float"#]],
    );
    check_completion(
        r#"
#define BLOCK 256
__device__ int twice(int v) { return 2 * v; }
__global__ void k(int *o, int count) {
  int local_sum = 0;
  o[0] = lo$0
}
"#,
        expect!["Local local_sum int"],
    );
    check_completion(
        r#"
#define BLOCK 256
__device__ int twice(int v) { return 2 * v; }
__global__ void k(int *o, int count) {
  o[0] = $0
}
"#,
        expect![[r#"
            Local o int *
            Local count int
            BuiltinVariable threadIdx uint3
            BuiltinVariable blockIdx uint3
            BuiltinVariable blockDim dim3
            BuiltinVariable gridDim dim3
            BuiltinVariable warpSize int
            Function twice __device__ int twice(int v)
            Function k __global__ void k(int *o, int count)
            Macro BLOCK #define BLOCK 256"#]],
    );
}

#[test]
fn completion_after_namespace() {
    check_completion(
        r#"
namespace geo {
struct vec2 { float x, y; };
__device__ float dot(vec2 a, vec2 b) { return a.x * b.x + a.y * b.y; }
__device__ int counter;
}
__global__ void k(float *o) { o[0] = geo::$0 }
"#,
        expect![[r#"
            Function dot __device__ float geo::dot(geo::vec2 a, geo::vec2 b)
            Variable counter int counter
            Type vec2 "#]],
    );
}

#[test]
fn signature_help_and_inlay_hints() {
    let f = fixture(
        r#"
__device__ float lerp(float a, float b, float t) { return a + t * (b - a); }
__global__ void k(float *o) { o[0] = lerp(o[1], o[2], $0); }
"#,
    );
    let h = f.analysis().signature_help(f.pos).unwrap().unwrap();
    assert_eq!(
        h.signatures[0].label,
        "__device__ float lerp(float a, float b, float t)"
    );
    assert_eq!(h.active_param, 2);
    let f = fixture(
        r#"
__device__ float lerp(float a, float b, float t) { return a + t * (b - a); }
__global__ void k(float *o) {
  auto x = lerp(o[1], o[2], 0.5f);
  float b = 1;
  o[0] = lerp(x, b, 0.25f);
}
"#,
    );
    let text = f.analysis().file_text(f.main);
    let hints = f.analysis().inlay_hints(f.main, None).unwrap();
    let out: Vec<String> = hints
        .iter()
        .map(|h| {
            let lc = f.analysis().line_index(f.main).line_col(h.offset);
            let after: String = text[usize::from(h.offset)..].chars().take(4).collect();
            format!(
                "{}:{} {:?} {} before {after:?}",
                lc.line + 1,
                lc.col + 1,
                h.kind,
                h.label
            )
        })
        .collect();
    expect![[r#"
        4:9 Type : float before " = l"
        4:17 Parameter a: before "o[1]"
        4:23 Parameter b: before "o[2]"
        4:29 Parameter t: before "0.5f"
        6:15 Parameter a: before "x, b"
        6:21 Parameter t: before "0.25""#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn symbols_folding_selection() {
    let f = fixture(
        r#"
#define TILE 16
/* A long
   comment */
struct Pair { int a; int b; };
enum Kind { K0, K1 };
__constant__ float coeffs[TILE];
namespace geo {
__device__ float dot(float a, float b) { return a * b; }
}
__global__ void kern(float *o) {
  if (o) {
    o[0] = geo::dot(1, 2);
  }
}
"#,
    );
    let a = f.analysis();
    let mut out = Vec::new();
    fn walk(out: &mut Vec<String>, s: &warpc_ide::Symbol, depth: usize) {
        out.push(format!(
            "{}{:?} {} {}",
            "  ".repeat(depth),
            s.kind,
            s.name,
            s.detail.clone().unwrap_or_default()
        ));
        for c in &s.children {
            walk(out, c, depth + 1);
        }
    }
    for s in a.document_symbols(f.main).unwrap() {
        walk(&mut out, &s, 0);
    }
    expect![[r#"
        Macro TILE #define
        Struct Pair struct
          Field a 
          Field b 
        Enum Kind 
          EnumMember K0 
          EnumMember K1 
        Constant coeffs __constant__
        Namespace geo 
          Function dot __device__
        Kernel kern __global__"#]]
    .assert_eq(&out.join("\n"));
    let idx = a.line_index(f.main);
    let folds: Vec<String> = a
        .folding_ranges(f.main)
        .unwrap()
        .iter()
        .map(|fo| {
            format!(
                "{:?} {}-{}",
                fo.kind,
                idx.line_col(fo.range.start()).line + 1,
                idx.line_col(fo.range.end()).line + 1
            )
        })
        .collect();
    expect![[r#"
        Comment 3-4
        Region 8-10
        Region 11-15
        Region 12-14"#]]
    .assert_eq(&folds.join("\n"));
    let text = a.file_text(f.main);
    let off = TextSize::from(text.find("dot(1").unwrap() as u32 + 1);
    let sel: Vec<String> = a
        .selection_ranges(f.main, off)
        .unwrap()
        .iter()
        .take(5)
        .map(|r| text[usize::from(r.start())..usize::from(r.end())].replace('\n', "⏎"))
        .collect();
    expect![[r#"
        dot
        geo::dot
        geo::dot(1, 2)
        o[0] = geo::dot(1, 2)
        o[0] = geo::dot(1, 2);"#]]
    .assert_eq(&sel.join("\n"));
}

#[test]
fn workspace_symbols_and_ptx() {
    let f = fixture(
        r#"
__device__ float helper(float v) { return v * 3.0f; }
extern "C" __global__ void scale_kernel(float *o) { o[threadIdx.x] = helper(o[threadIdx.x]); }
"#,
    );
    let a = f.analysis();
    let syms = a.workspace_symbols("sckern").unwrap();
    assert_eq!(
        syms.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(),
        vec!["scale_kernel"]
    );
    let text = a.file_text(f.main);
    let at = TextSize::from(text.find("return v").unwrap() as u32);
    let one = a.ptx(f.main, Some(at)).unwrap();
    assert_eq!(one.function.as_deref(), Some("helper"));
    assert!(one.ptx.contains(".func"), "{}", one.ptx);
    let all = a.ptx(f.main, None).unwrap();
    assert!(all.ptx.contains(".entry scale_kernel("), "{}", all.ptx);
    let kernels = a.kernels(f.main).unwrap();
    assert_eq!(kernels.len(), 1);
    assert_eq!(kernels[0].link_name, "scale_kernel");
}

#[test]
fn diagnostics_by_file() {
    let f = fixture(
        r#"
//- /ws/bad.cuh
__device__ int g() { return undefined_thing; }
//- /ws/main.cu
#include "bad.cuh"
__global__ void k(int *o) { o[0] = g() + nope; }
"#,
    );
    let diags = f.analysis().diagnostics(f.main).unwrap();
    let out: Vec<String> = diags
        .iter()
        .flat_map(|(file, ds)| ds.iter().map(move |d| (file, d)))
        .map(|(file, d)| format!("{} {}", f.loc(*file, d.primary.unwrap().range), d.message))
        .collect();
    expect![[r#"
        /ws/bad.cuh:1:29 "undefined_thing" identifier "undefined_thing" is undefined
        /ws/main.cu:2:42 "nope" identifier "nope" is undefined"#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn robust_on_garbage() {
    // No request panics on broken or odd input, anywhere in it.
    let texts = [
        "__global__ void k(float *o) { o[ = ; }\n#define X(\nstruct { int; \n",
        "#include \"missing.h\"\nint x = y +;\n}}}}\n",
        "__global__ void k(float *o) { o->.x->[0](; auto = ; }",
        "",
    ];
    for text in texts {
        let f = fixture(text);
        let a = f.analysis();
        let _ = a.diagnostics(f.main).unwrap();
        let _ = a.semantic_tokens(f.main).unwrap();
        let _ = a.document_symbols(f.main).unwrap();
        let _ = a.folding_ranges(f.main).unwrap();
        let _ = a.inlay_hints(f.main, None).unwrap();
        for off in 0..=text.len() {
            let pos = FilePosition {
                file: f.main,
                offset: TextSize::from(off as u32),
            };
            let _ = a.hover(pos).unwrap();
            let _ = a.goto_definition(pos).unwrap();
            let _ = a.completions(pos).unwrap();
            let _ = a.signature_help(pos).unwrap();
            let _ = a.selection_ranges(f.main, pos.offset).unwrap();
            let _ = a.references(pos, true).unwrap();
        }
    }
}

#[test]
fn survives_random_edits() {
    // A seeded random walk of small edits over conformance files; every analysis runs after
    // each edit and must answer (DESIGN.md: the language server survives random edit sequences).
    let mut seed: u64 = 0x5eed_1234_abcd;
    let mut next = move |n: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n.max(1)
    };
    let dir = warpc_testkit::conformance_dir("c");
    for name in ["02_reduce.cu", "15_structs.cu", "12_globals.cu"] {
        let mut text = std::fs::read_to_string(dir.join(name)).unwrap();
        let mut host = AnalysisHost::new(CompileOptions::default(), None);
        let file = host.set_file_text("/ws/fuzz.cu", &text);
        host.add_main_file(file);
        let pieces = [
            "{",
            "}",
            "(",
            ")",
            ";",
            ",",
            ".",
            "->",
            "*",
            "x",
            "#define Q(a) a\n",
            "\"",
            "/*",
            "0x",
            "__shared__ ",
            "auto ",
        ];
        for _ in 0..30 {
            let mut at = next(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            if next(2) == 0 && at < text.len() {
                let mut end = at + 1 + next(4);
                while end < text.len() && !text.is_char_boundary(end) {
                    end += 1;
                }
                text.replace_range(at..end.min(text.len()), "");
            } else {
                text.insert_str(at, pieces[next(pieces.len())]);
            }
            host.set_file_text("/ws/fuzz.cu", &text);
            let a = host.analysis();
            let _ = a.frontend_diagnostics(file).unwrap();
            let _ = a.semantic_tokens(file).unwrap();
            let _ = a.document_symbols(file).unwrap();
            let _ = a.folding_ranges(file).unwrap();
            let _ = a.inlay_hints(file, None).unwrap();
            for _ in 0..4 {
                let pos = FilePosition {
                    file,
                    offset: TextSize::from(next(text.len() + 1) as u32),
                };
                let _ = a.hover(pos).unwrap();
                let _ = a.goto_definition(pos).unwrap();
                let _ = a.references(pos, true).unwrap();
                let _ = a.completions(pos).unwrap();
                let _ = a.signature_help(pos).unwrap();
            }
        }
    }
}
