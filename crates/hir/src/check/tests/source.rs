//! Source-based checker tests: `parse_text` + lowering + `build_def_map` + `check_body`, printed
//! with line numbers.

use crate::body::{Body, BodySourceMap, Stmt};
use crate::check::pretty::{print_body, print_def_map, print_expr};
use crate::check::{build_def_map, check_body, BodyDiagnostic, DiagAt};
use crate::def_map::DefMap;
use crate::lower::{lower_body, lower_item_tree};
use crate::thir::{TStmt, TypedBody};
use crate::ty::FnId;
use expect_test::{expect, Expect};
use warpc_base::{CompileOptions, Severity, TextSize};
use warpc_syntax::parse_text;

pub struct Checked {
    pub text: String,
    pub dm: DefMap,
    /// Per function definition: (fn id, HIR body, source map, start offset, THIR, diagnostics).
    pub fns: Vec<(FnId, Body, BodySourceMap, TextSize, TypedBody, Vec<BodyDiagnostic>)>,
    /// Parse, lowering and item diagnostics, rendered.
    pub front: Vec<String>,
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn sev(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

pub fn check_text(text: &str, options: &CompileOptions) -> Checked {
    let parse = parse_text(text);
    let (tree, imap, lds) = lower_item_tree(&parse);
    let mut dm = build_def_map(&tree, options);
    // Classes defined in bodies: the def map lays them out once a body asks (as `warpc-db`'s
    // fixed point does).
    let mut locals: Vec<crate::ty::LocalRecordKey> = Vec::new();
    for _ in 0..8 {
        let mut asked = false;
        for (bi, (f, file, _)) in parse.all_fn_syntax().into_iter().enumerate() {
            let Some(fid) = dm.functions.iter().position(|f| f.body_index == Some(bi as u32)) else {
                continue;
            };
            let (body, _, _) = lower_body(&f, file);
            let (tb, _) = check_body(&dm, FnId(fid as u32), &body, options);
            for k in tb.local_record_requests {
                if !locals.contains(&k) {
                    locals.push(k);
                    asked = true;
                }
            }
        }
        if !asked {
            break;
        }
        dm = crate::check::build_def_map_with_rets(
            &tree,
            options,
            &[],
            &[],
            &[],
            &locals,
            &[],
            &Default::default(),
            &Default::default(),
            &Default::default(),
            &dm.record_ids,
        );
    }
    let mut front = Vec::new();
    for d in parse.errors.iter().chain(&lds) {
        let line = d.primary.map_or(0, |p| line_of(text, usize::from(p.range.start())));
        front.push(format!("{}:{line}: [{}] {}", sev(d.severity), d.code, d.message));
    }
    for d in &dm.diagnostics {
        let line = imap
            .items
            .get(d.item as usize)
            .map_or(0, |(_, r, _)| line_of(text, usize::from(r.start())));
        front.push(format!("{}:{line}: [{}] {}", sev(d.severity), d.code, d.message));
    }
    let mut fns = Vec::new();
    for (bi, (f, file, start)) in parse.all_fn_syntax().into_iter().enumerate() {
        let (body, map, bds) = lower_body(&f, file);
        for d in &bds {
            let line = d
                .primary
                .map_or(0, |p| line_of(text, usize::from(start + p.range.start())));
            front.push(format!("{}:{line}: [{}] {}", sev(d.severity), d.code, d.message));
        }
        let Some(fid) = dm.functions.iter().position(|f| f.body_index == Some(bi as u32)) else {
            continue;
        };
        let fid = FnId(fid as u32);
        let (tb, diags) = check_body(&dm, fid, &body, options);
        fns.push((fid, body, map, start, tb, diags));
    }
    Checked {
        text: text.to_string(),
        dm,
        fns,
        front,
    }
}

impl Checked {
    fn diag_line(&self, i: usize, at: &DiagAt) -> usize {
        let (_, _, map, start, _, _) = &self.fns[i];
        let r = match at {
            DiagAt::Expr(e) => map.exprs.get(e.0 as usize).copied(),
            DiagAt::Stmt(s) => map.stmts.get(s.0 as usize).copied(),
            DiagAt::Decl(s, n) => map
                .decl_names
                .iter()
                .find(|(st, k, _)| st == s && k == n)
                .map(|(_, _, r)| *r),
            DiagAt::Function => None,
        };
        line_of(&self.text, usize::from(*start + r.map_or(0.into(), |r| r.start())))
    }

    /// Every diagnostic as `severity:line: [code] message`, front end first.
    pub fn diagnostics(&self) -> Vec<String> {
        let mut out = self.front.clone();
        for (i, (.., diags)) in self.fns.iter().enumerate() {
            for d in diags {
                let mut s = format!(
                    "{}:{}: [{}] {}",
                    sev(d.severity),
                    self.diag_line(i, &d.at),
                    d.code,
                    d.message
                );
                for n in &d.notes {
                    s.push_str(&format!("\n    note: {n}"));
                }
                out.push(s);
            }
        }
        out
    }

    /// THIR of every function, then all diagnostics.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (fid, _, _, _, tb, _) in &self.fns {
            out.push_str(&print_body(&self.dm, *fid, tb));
        }
        for d in self.diagnostics() {
            out.push_str(&d);
            out.push('\n');
        }
        out
    }

    /// For each expression statement directly in a function's outermost block:
    /// `source text  =>  type` (plus the THIR with `full`).
    pub fn expr_types(&self, full: bool) -> String {
        let mut out = String::new();
        for (fid, body, map, start, tb, _) in &self.fns {
            let (Some(Stmt::Block(hs)), Some(TStmt::Block(ts))) =
                (body.root.map(|r| body.stmt(r)), tb.root.map(|r| tb.stmt(r)))
            else {
                continue;
            };
            for (h, t) in hs.iter().zip(ts) {
                let (Stmt::Expr(_), TStmt::Expr(e)) = (body.stmt(*h), tb.stmt(*t)) else {
                    continue;
                };
                let r = map.stmts[h.0 as usize];
                let src = &self.text[usize::from(*start + r.start())..usize::from(*start + r.end())];
                let src = src.trim_end_matches(';');
                let ty = crate::check::display_ty(&tb.expr(*e).ty, &self.dm.records);
                if full {
                    out.push_str(&format!("{src:<28} => {}\n", print_expr(&self.dm, tb, *e)));
                } else {
                    out.push_str(&format!("{src:<28} => {ty}\n"));
                }
            }
            let _ = fid;
        }
        for d in self.diagnostics() {
            out.push_str(&d);
            out.push('\n');
        }
        out
    }
}

pub fn check_source(text: &str) -> String {
    check_text(text, &CompileOptions::default()).render()
}

fn check(text: &str, want: Expect) {
    want.assert_eq(&check_source(text));
}

fn check_with_def_map(text: &str, want: Expect) {
    let c = check_text(text, &CompileOptions::default());
    want.assert_eq(&format!("{}{}", print_def_map(&c.dm), c.render()));
}

// ---- typing rules --------------------------------------------------------------------------------

/// The def map's fixed point resumes each round's build from the items the previous build
/// declared (`build_def_map_resuming`) when nothing they read changed: the result must be the
/// def map a build from scratch gives.
#[test]
fn resumed_def_map_build_equals_a_fresh_one() {
    let text = r#"
template <class T> struct Box { T v; __device__ T get() const { return v; } struct In { T w; }; };
template <class T> __device__ T twice(T x) { return x + x; }
template <class T> __device__ T once(T x) { Box<T> b{x}; return twice(b.get()); }
__device__ int user(Box<int> b, Box<float>::In i) { return once(b.get()) + (int)once(i.w); }
"#;
    let options = CompileOptions::default();
    let parse = parse_text(text);
    let (tree, _, _) = lower_item_tree(&parse);
    let mut dm = build_def_map(&tree, &options);
    let mut phase = None;
    let (mut requests, mut records) = (Vec::new(), Vec::new());
    let mut builds = 0;
    for _ in 0..8 {
        let mut asked = false;
        for (bi, (f, file, _)) in parse.all_fn_syntax().into_iter().enumerate() {
            let (body, _, _) = lower_body(&f, file);
            for fid in (0..dm.functions.len()).filter(|&i| dm.functions[i].body_index == Some(bi as u32)) {
                let (tb, _) = check_body(&dm, FnId(fid as u32), &body, &options);
                for r in tb.instance_requests {
                    if !requests.contains(&r) {
                        requests.push(r);
                        asked = true;
                    }
                }
                for r in tb.record_requests {
                    if !records.contains(&r) {
                        records.push(r);
                        asked = true;
                    }
                }
            }
        }
        if !asked {
            break;
        }
        let none = Default::default();
        let fresh = crate::check::build_def_map_with_rets(
            &tree,
            &options,
            &requests,
            &records,
            &[],
            &[],
            &[],
            &none,
            &Default::default(),
            &Default::default(),
            &dm.record_ids,
        );
        let resumed = crate::check::build_def_map_resuming(
            &tree,
            &options,
            &requests,
            &records,
            &[],
            &[],
            &[],
            &none,
            &Default::default(),
            &Default::default(),
            &dm.record_ids,
            &mut phase,
        );
        assert!(fresh == resumed, "round {builds}: the resumed build differs");
        builds += 1;
        dm = fresh;
    }
    // (`once<int>`, `once<float>`, then the `twice` instances their bodies ask for.)
    assert!(builds >= 2, "{builds} builds, {} requests", requests.len());
    assert!(dm.diagnostics.is_empty());
}

/// A round that learned only `constexpr` calls the items did not look for (calls in function
/// bodies) goes on from the kept items; one that learned a call a declaration needs (an array
/// bound) declares them again. Either way the def map is the one a fresh build gives.
#[test]
fn resumed_def_map_build_after_learned_calls_equals_a_fresh_one() {
    let text = r#"
constexpr int sq(int x) { return x * x; }
struct S { int a[sq(3)]; };
__device__ int user(S s) { return s.a[0]; }
"#;
    let options = CompileOptions::default();
    let parse = parse_text(text);
    let (tree, _, _) = lower_item_tree(&parse);
    type Calls = rustc_hash::FxHashMap<crate::def_map::CallKey, crate::ty::ConstValue>;
    fn build<'t>(
        tree: &'t crate::item_tree::ItemTree,
        options: &'t CompileOptions,
        calls: &Calls,
        phase: Option<&mut Option<crate::check::ItemsPhase<'t>>>,
    ) -> crate::def_map::DefMap {
        let record_ids = Default::default();
        let none = Default::default();
        let inits = Default::default();
        match phase {
            Some(phase) => crate::check::build_def_map_resuming(
                tree,
                options,
                &[],
                &[],
                &[],
                &[],
                &[],
                &none,
                &inits,
                calls,
                &record_ids,
                phase,
            ),
            None => crate::check::build_def_map_with_rets(
                tree,
                options,
                &[],
                &[],
                &[],
                &[],
                &[],
                &none,
                &inits,
                calls,
                &record_ids,
            ),
        }
    }
    let mut phase = None;
    let mut calls = rustc_hash::FxHashMap::default();
    let first = build(&tree, &options, &calls, Some(&mut phase));
    assert!(first == build(&tree, &options, &calls, None));
    let needed = first.call_requests.clone();
    assert_eq!(needed.len(), 1, "{needed:?}");
    // A call only a body needs (not looked for by the items).
    calls.insert(
        ("_Z2sqi".into(), vec![crate::ty::ConstValue::Int(7)]),
        crate::ty::ConstValue::Int(49),
    );
    assert!(
        build(&tree, &options, &calls, Some(&mut phase)) == build(&tree, &options, &calls, None),
        "resumed after an unrelated call"
    );
    // The call the array bound needs.
    calls.insert(needed[0].clone(), crate::ty::ConstValue::Int(9));
    let learned = build(&tree, &options, &calls, Some(&mut phase));
    assert!(
        learned == build(&tree, &options, &calls, None),
        "resumed after the bound's call"
    );
    assert!(learned.call_requests.is_empty() && learned != first);
}

#[test]
fn arithmetic_conversions() {
    let c = check_text(
        r#"
__device__ void f(bool b, char c, unsigned char uc, short s, unsigned short us, int i, unsigned u,
                  long l, unsigned long ul, long long ll, unsigned long long ull, float f, double d) {
  c + c;
  uc + s;
  us * us;
  b + b;
  i + u;
  u + l;
  ul + ll;
  l + ull;
  ll - u;
  i / f;
  ull * f;
  f + d;
  c << ll;
  ull >> c;
  u % i;
  i < u;
  c == uc;
  -us;
  ~c;
  !d;
  +uc;
  b ? c : s;
  i ? u : l;
  f ? i : f;
}
"#,
        &CompileOptions::default(),
    );
    expect![[r#"
        c + c                        => int
        uc + s                       => int
        us * us                      => int
        b + b                        => int
        i + u                        => unsigned int
        u + l                        => long
        ul + ll                      => unsigned long long
        l + ull                      => unsigned long long
        ll - u                       => long long
        i / f                        => float
        ull * f                      => float
        f + d                        => double
        c << ll                      => int
        ull >> c                     => unsigned long long
        u % i                        => unsigned int
        i < u                        => bool
        c == uc                      => bool
        -us                          => int
        ~c                           => int
        !d                           => bool
        +uc                          => int
        b ? c : s                    => int
        i ? u : l                    => long
        f ? i : f                    => float
    "#]]
    .assert_eq(&c.expr_types(false));
}

#[test]
fn literal_types() {
    let c = check_text(
        r#"
__device__ void f() {
  1;
  2147483647;
  2147483648;
  0x7fffffff;
  0x80000000;
  0xffffffffffffffff;
  017777777777;
  037777777777;
  10u;
  10l;
  10ul;
  10ll;
  10ull;
  0x10LL;
  'a';
  '\xff';
  1.0f;
  1.0;
  1e3f;
  "abc";
  true;
  false;
  sizeof(int);
  sizeof "abc";
}
"#,
        &CompileOptions::default(),
    );
    expect![[r#"
        1                            => (const 1 int)
        2147483647                   => (const 2147483647 int)
        2147483648                   => (const 2147483648 long)
        0x7fffffff                   => (const 2147483647 int)
        0x80000000                   => (const 2147483648 unsigned int)
        0xffffffffffffffff           => (const 18446744073709551615 unsigned long)
        017777777777                 => (const 2147483647 int)
        037777777777                 => (const 4294967295 unsigned int)
        10u                          => (const 10 unsigned int)
        10l                          => (const 10 long)
        10ul                         => (const 10 unsigned long)
        10ll                         => (const 10 long long)
        10ull                        => (const 10 unsigned long long)
        0x10LL                       => (const 16 long long)
        'a'                          => (const 97 char)
        '\xff'                       => (const -1 char)
        1.0f                         => (const 1.0 float)
        1.0                          => (const 1.0 double)
        1e3f                         => (const 1000.0 float)
        "abc"                        => (str "abc\0" const char [4]&)
        true                         => (const 1 bool)
        false                        => (const 0 bool)
        sizeof(int)                  => (const 4 unsigned long)
        sizeof "abc"                 => (const 4 unsigned long)
    "#]]
    .assert_eq(&c.expr_types(true));
}

#[test]
fn pointer_arithmetic() {
    check(
        r#"
__device__ long f(float *p, const float *q, int i, unsigned u, float a[4][5]) {
  p + i;
  u + p;
  p - 1;
  p - q;
  p[i];
  i[p];
  *(p + 2);
  &p[1];
  p++;
  --q;
  p += u;
  q -= 2;
  p < q;
  p == 0;
  q != p;
  a[1][2];
  (char *)p - (char *)q;
  return q - p;
}
"#,
        expect![[r#"
            fn f(p: float *, q: const float *, i: int, u: unsigned int, a: float (*)[5]) -> long
            {
              (ptradd (load (local p float *&) float *) (int2int (load (local i int&) int) long) float *)
              (ptradd (load (local p float *&) float *) (int2int (load (local u unsigned int&) unsigned int) long) float *)
              (ptrsub (load (local p float *&) float *) (int2int (const 1 int) long) float *)
              (ptrdiff (load (local p float *&) float *) (load (local q const float *&) const float *) long)
              (deref (ptradd (load (local p float *&) float *) (int2int (load (local i int&) int) long) float *) float&)
              (deref (ptradd (load (local p float *&) float *) (int2int (load (local i int&) int) long) float *) float&)
              (deref (ptradd (load (local p float *&) float *) (int2int (const 2 int) long) float *) float&)
              (addr (deref (ptradd (load (local p float *&) float *) (int2int (const 1 int) long) float *) float&) float *)
              (postinc (local p float *&) float *)
              (predec (local q const float *&) const float *&)
              (add=[float *] (local p float *&) (int2int (load (local u unsigned int&) unsigned int) long) float *&)
              (sub=[const float *] (local q const float *&) (int2int (const 2 int) long) const float *&)
              (lt (ptr2ptr (load (local p float *&) float *) const float *) (load (local q const float *&) const float *) bool)
              (eq (load (local p float *&) float *) (null2ptr (const 0 int) float *) bool)
              (ne (load (local q const float *&) const float *) (ptr2ptr (load (local p float *&) float *) const float *) bool)
              (deref (ptradd (decay (deref (ptradd (load (local a float (*)[5]&) float (*)[5]) (int2int (const 1 int) long) float (*)[5]) float [5]&) float *) (int2int (const 2 int) long) float *) float&)
              (ptrdiff (ptr2ptr (load (local p float *&) float *) char *) (ptr2ptr (load (local q const float *&) const float *) char *) long)
              return (ptrdiff (load (local q const float *&) const float *) (load (local p float *&) float *) long)
            }
        "#]],
    );
}

#[test]
fn struct_layout() {
    let c = check_text(
        r#"
struct A { char c; double d; short s; };
union Bits { float f; unsigned u; unsigned char b[5]; };
struct __align__(16) float4 { float x, y, z, w; };
struct Nested { struct A a; struct float4 v; struct Nested *next; char tail; };
struct Fwd;
struct UsesFwd { struct Fwd *p; int n; };
typedef struct { float re, im; } complexf;
struct Arr { short s[3]; complexf c[2]; long long q; };
struct Empty {};
union U2 { char c; double d; int i[3]; };
enum Color { RED, GREEN = 5, BLUE };
__device__ void layout(complexf a, struct A *b, union Bits c, enum Color d, Color *e) {}
__device__ int sizes() { return sizeof(struct A) + sizeof(union Bits) + sizeof(struct Nested) + __alignof__(struct float4); }
"#,
        &CompileOptions::default(),
    );
    let mut out = print_def_map(&c.dm);
    for d in c.diagnostics() {
        out.push_str(&d);
        out.push('\n');
    }
    expect![[r#"
        struct A size=24 align=8
          +0 c: char
          +8 d: double
          +16 s: short
        union Bits size=8 align=4
          +0 f: float
          +0 u: unsigned int
          +0 b: unsigned char [5]
        struct float4 size=16 align=16
          +0 x: float
          +4 y: float
          +8 z: float
          +12 w: float
        struct Nested size=64 align=16
          +0 a: A
          +32 v: float4
          +48 next: Nested *
          +56 tail: char
        struct Fwd incomplete
        struct UsesFwd size=16 align=8
          +0 p: Fwd *
          +8 n: int
        struct complexf size=8 align=4
          +0 re: float
          +4 im: float
        struct Arr size=32 align=8
          +0 s: short [3]
          +8 c: complexf [2]
          +24 q: long long
        struct Empty size=1 align=1
        union U2 size=16 align=8
          +0 c: char
          +0 d: double
          +0 i: int [3]
        typedef complexf = complexf
        fn _Z6layout8complexfP1A4Bits5ColorPS3_ __device__ layout(complexf, A *, Bits, int, int *) -> void body#0 [item 12]
        fn _Z5sizesv __device__ sizes() -> int body#1 [item 13]
        enumerator RED = 0
        enumerator Color::RED = 0
        enumerator GREEN = 5
        enumerator Color::GREEN = 5
        enumerator BLUE = 6
        enumerator Color::BLUE = 6
    "#]].assert_eq(&out);
}

#[test]
fn local_classes() {
    // Classes defined in function bodies: laid out per function, named in the rest of their
    // block (and only there), anonymous members, alignment, nested local classes.
    check(
        r#"
__device__ float pun(unsigned u) {
  union { unsigned u; float f; } p;
  p.u = u;
  return p.f;
}
__device__ int pairs() {
  struct Pair { char c; double d; };
  Pair a = {1, 2.0};
  struct Pair b[2];
  b[1] = a;
  struct __align__(16) Wide { int x; union { short s; char k[6]; }; struct { int q; } in; } w;
  w.s = 3;
  w.in.q = 4;
  {
    struct Pair { int only; } shadow = {5};
    a.c = (char)shadow.only;
  }
  return sizeof(Pair) + sizeof(w) + alignof(Wide) + b[1].c + w.k[0] + w.in.q;
}
__device__ int other() {
  Pair p;
  return 0;
}
"#,
        expect![[r#"
            fn pun(u: unsigned int) -> float
            {
              decl p: union <unnamed>
              (assign (member (local p union <unnamed>&) .u unsigned int&) (load (local u unsigned int&) unsigned int) unsigned int&)
              return (load (member (local p union <unnamed>&) .f float&) float)
            }
            fn pairs() -> int
            {
              ;
              decl a: Pair = {(int2int (const 1 int) char), (const 2.0 double)}
              decl b: Pair [2]
              (assign (deref (ptradd (decay (local b Pair [2]&) Pair *) (int2int (const 1 int) long) Pair *) Pair&) (load (local a Pair&) Pair) Pair&)
              decl w: Wide
              (assign (member (member (local w Wide&) .#1 union <unnamed>&) .s short&) (int2int (const 3 int) short) short&)
              (assign (member (member (local w Wide&) .in struct <unnamed>&) .q int&) (const 4 int) int&)
              {
                decl shadow: Pair = {(const 5 int)}
                (assign (member (local a Pair&) .c char&) (int2int (load (member (local shadow Pair&) .only int&) int) char) char&)
              }
              return (int2int (add (add (add (add (add (const 16 unsigned long) (const 16 unsigned long) unsigned long) (const 16 unsigned long) unsigned long) (int2int (load (member (deref (ptradd (decay (local b Pair [2]&) Pair *) (int2int (const 1 int) long) Pair *) Pair&) .c char&) char) unsigned long) unsigned long) (int2int (load (deref (ptradd (decay (member (member (local w Wide&) .#1 union <unnamed>&) .k char [6]&) char *) (int2int (const 0 int) long) char *) char&) char) unsigned long) unsigned long) (int2int (load (member (member (local w Wide&) .in struct <unnamed>&) .q int&) int) unsigned long) unsigned long) int)
            }
            fn other() -> int
            {
              ;
              return (const 0 int)
            }
            error:22: [undefined-identifier] identifier "Pair" is undefined
        "#]],
    );
}

#[test]
fn local_class_errors() {
    check(
        r#"
struct Fwd;
__device__ int f() {
  struct S { int a : 3; int get() { return 1; } static int k; Fwd in; };
  struct Inc { Fwd in; } i;
  return 0;
}
"#,
        expect![[r#"
            fn f() -> int
            {
              ;
              ;
              return (const 0 int)
            }
            error:4: [unsupported] unsupported: bit-fields of local classes
            error:4: [unsupported] unsupported: member functions of local classes
            error:4: [unsupported] unsupported: static members and typedefs of local classes
            error:4: [incomplete-type] incomplete type "Fwd" is not allowed
            error:5: [incomplete-type] incomplete type "Fwd" is not allowed
        "#]],
    );
}

#[test]
fn overload_resolution() {
    check(
        r#"
__device__ int atomicAdd(int *p, int v);
__device__ unsigned atomicAdd(unsigned *p, unsigned v);
__device__ unsigned long long atomicAdd(unsigned long long *p, unsigned long long v);
__device__ float atomicAdd(float *p, float v);
__device__ double atomicAdd(double *p, double v);
__device__ int min(int a, int b);
__device__ unsigned min(unsigned a, unsigned b);
__device__ float min(float a, float b);
__device__ double min(double a, double b);
__device__ void g(const int *p);
__device__ void g(int *p);
__device__ void h(void *p);
__device__ void h(bool b);
__device__ void k(float *f, int *i, unsigned *u, unsigned long long *l, double *d, short s) {
  atomicAdd(f, 1.0f);
  atomicAdd(i, 1);
  atomicAdd(u, 1u);
  atomicAdd(l, 1ull);
  atomicAdd(d, 0.5);
  atomicAdd(u, 1);
  min(1, 2);
  min(s, s);
  min(1.0f, 2.0f);
  min(1.0f, 2.0);
  g(i);
  g((const int *)i);
  h(i);
  h(0);
  min(1, 2.0f);
  atomicAdd(f, 1.0);
  atomicAdd(s, 1);
}
"#,
        expect![[r#"
            fn k(f: float *, i: int *, u: unsigned int *, l: unsigned long long *, d: double *, s: short) -> void
            {
              (call atomicAdd (load (local f float *&) float *) (const 1.0 float) float)
              (call atomicAdd (load (local i int *&) int *) (const 1 int) int)
              (call atomicAdd (load (local u unsigned int *&) unsigned int *) (const 1 unsigned int) unsigned int)
              (call atomicAdd (load (local l unsigned long long *&) unsigned long long *) (const 1 unsigned long long) unsigned long long)
              (call atomicAdd (load (local d double *&) double *) (const 0.5 double) double)
              (call atomicAdd (load (local u unsigned int *&) unsigned int *) (int2int (const 1 int) unsigned int) unsigned int)
              (call min (const 1 int) (const 2 int) int)
              (call min (int2int (load (local s short&) short) int) (int2int (load (local s short&) short) int) int)
              (call min (const 1.0 float) (const 2.0 float) float)
              (const 0 <error-type>)
              (call g (load (local i int *&) int *) void)
              (call g (ptr2ptr (load (local i int *&) int *) const int *) void)
              (call h (ptr2ptr (load (local i int *&) int *) void *) void)
              (const 0 <error-type>)
              (const 0 <error-type>)
              (call atomicAdd (load (local f float *&) float *) (float2float (const 1.0 double) float) float)
              (const 0 <error-type>)
            }
            callees: atomicAdd, atomicAdd, atomicAdd, atomicAdd, atomicAdd, min, min, g, g, h
            error:25: [ambiguous-overload] more than one instance of overloaded function "min" matches the argument list:
                note: function "min(float, float)"
                note: function "min(double, double)"
                note: argument types are: (float, double)
            error:29: [ambiguous-overload] more than one instance of overloaded function "h" matches the argument list:
                note: function "h(void *)"
                note: function "h(bool)"
                note: argument types are: (int)
            error:30: [ambiguous-overload] more than one instance of overloaded function "min" matches the argument list:
                note: function "min(int, int)"
                note: function "min(float, float)"
                note: argument types are: (int, float)
            error:32: [no-matching-overload] no instance of overloaded function "atomicAdd" matches the argument list
                note: argument types are: (short, int)
                note: candidate "atomicAdd(int *, int)": argument 1 of type "short" does not convert to "int *"
                note: candidate "atomicAdd(unsigned int *, unsigned int)": argument 1 of type "short" does not convert to "unsigned int *"
                note: candidate "atomicAdd(unsigned long long *, unsigned long long)": argument 1 of type "short" does not convert to "unsigned long long *"
                note: candidate "atomicAdd(float *, float)": argument 1 of type "short" does not convert to "float *"
                note: candidate "atomicAdd(double *, double)": argument 1 of type "short" does not convert to "double *"
        "#]],
    );
}

#[test]
fn references_and_default_arguments() {
    check_with_def_map(
        r#"
struct P { float x, y; };
__device__ void swap2(float &a, float &b) { float t = a; a = b; b = t; }
__device__ float &at(float *v, int i) { return v[i]; }
__device__ int pick(long long v, int extra = 10, const float &s = 0.5f, const int *p = 0) { return v + extra; }
__device__ int pick(int v) { return v; }
__device__ float len(const P &p) { return p.x; }
__global__ void k(float *v, P *ps, int *o) {
  swap2(v[0], v[1]);
  at(v, 2) = 1.0f;
  float &r = v[3];
  r = len(ps[0]);
  o[0] = pick(5ll);
  o[1] = pick(3);
}
"#,
        expect![[r#"
            struct P size=8 align=4
              +0 x: float
              +4 y: float
            fn _Z5swap2RfS_ __device__ swap2(float &, float &) -> void body#0 [item 1]
            fn _Z2atPfi __device__ at(float *, int) -> float & body#1 [item 2]
            fn _Z4pickxiRKfPKi __device__ pick(long long, int = Int(10), const float & = Float(4602678819172646912), const int * = Zero) -> int body#2 [item 3]
            fn _Z4picki __device__ pick(int) -> int body#3 [item 4]
            fn _Z3lenRK1P __device__ len(const P &) -> float body#4 [item 5]
            fn _Z1kPfP1PPi __global__ k(float *, P *, int *) -> void body#5 [item 6]
            fn swap2(a: float *, b: float *) -> void
            {
              decl t: float = (load (deref (load (local a float *&) float *) float&) float)
              (assign (deref (load (local a float *&) float *) float&) (load (deref (load (local b float *&) float *) float&) float) float&)
              (assign (deref (load (local b float *&) float *) float&) (load (local t float&) float) float&)
            }
            fn at(v: float *, i: int) -> float &
            {
              return (addr (deref (ptradd (load (local v float *&) float *) (int2int (load (local i int&) int) long) float *) float&) float *)
            }
            fn pick(v: long long, extra: int, s: const float *, p: const int *) -> int
            {
              return (int2int (add (load (local v long long&) long long) (int2int (load (local extra int&) int) long long) long long) int)
            }
            fn pick(v: int) -> int
            {
              return (load (local v int&) int)
            }
            fn len(p: const P *) -> float
            {
              return (load (member (deref (load (local p const P *&) const P *) const P&) .x const float&) float)
            }
            fn k(v: float *, ps: P *, o: int *) -> void
            {
              (call swap2 (addr (deref (ptradd (load (local v float *&) float *) (int2int (const 0 int) long) float *) float&) float *) (addr (deref (ptradd (load (local v float *&) float *) (int2int (const 1 int) long) float *) float&) float *) void)
              (assign (deref (call at (load (local v float *&) float *) (const 2 int) float *) float&) (const 1.0 float) float&)
              decl r: float * = (addr (deref (ptradd (load (local v float *&) float *) (int2int (const 3 int) long) float *) float&) float *)
              (assign (deref (load (local r float *&) float *) float&) (call len (addr (deref (ptradd (load (local ps P *&) P *) (int2int (const 0 int) long) P *) P&) const P *) float) float&)
              (assign (deref (ptradd (load (local o int *&) int *) (int2int (const 0 int) long) int *) int&) (call pick (const 5 long long) (const 10 int) (comma (assign (local $ref.tmp float&) (const 0.5 float) float&) (addr (local $ref.tmp float&) const float *) const float *) (nullptr const int *) int) int&)
              (assign (deref (ptradd (load (local o int *&) int *) (int2int (const 1 int) long) int *) int&) (call pick (const 3 int) int) int&)
            }
            callees: swap2, at, pick, pick, len
        "#]],
    );
}

#[test]
fn default_arguments_name_their_scope_unqualified() {
    // A default argument is looked up in the scope of its function: enumerators (also of an
    // enum defined in a typedef or alias declaration, as libcu++'s `memory_order`), constants,
    // and members of the class for member functions.
    check_with_def_map(
        r#"
namespace ns {
using memory_order = enum memory_order { mo_relaxed, mo_seq = 5 };
constexpr int kk = 3;
__device__ int f(memory_order m = mo_seq, int z = kk) { return m + z; }
struct S { static constexpr int w = 7; __device__ int g(int a = w, memory_order m = mo_relaxed) { return a + m; } };
}
__global__ void k(int *p) { p[0] = ns::f(); ns::S s; p[1] = s.g(); }
"#,
        expect![[r#"
            struct ns::S size=1 align=1
            typedef ns::memory_order = int
            var _ZN2ns2kkE host: const int = 0x3
            var _ZN2ns1S1wE host static: const int = 0x7
            fn _ZN2ns1fENS_12memory_orderEi __device__ ns::f(int = Int(5), int = Int(3)) -> int body#0 [item 3]
            fn _ZN2ns1S1gEiNS_12memory_orderE __device__ ns::S::g(ns::S *, int = Int(7), int = Zero) -> int inline body#1 [item 6]
            fn _Z1kPi __global__ k(int *) -> void body#2 [item 7]
            enumerator ns::mo_relaxed = 0
            enumerator ns::memory_order::mo_relaxed = 0
            enumerator ns::mo_seq = 5
            enumerator ns::memory_order::mo_seq = 5
            fn ns::f(m: int, z: int) -> int
            {
              return (add (load (local m int&) int) (load (local z int&) int) int)
            }
            fn ns::S::g(this: ns::S *, a: int, m: int) -> int
            {
              return (add (load (local a int&) int) (load (local m int&) int) int)
            }
            fn k(p: int *) -> void
            {
              (assign (deref (ptradd (load (local p int *&) int *) (int2int (const 0 int) long) int *) int&) (call ns::f (const 5 int) (const 3 int) int) int&)
              decl s: ns::S
              (assign (deref (ptradd (load (local p int *&) int *) (int2int (const 1 int) long) int *) int&) (call ns::S::g (addr (local s ns::S&) ns::S *) (const 7 int) (const 0 int) int) int&)
            }
            callees: ns::f, ns::S::g
        "#]],
    );
}

#[test]
fn variable_template_specializations() {
    // Explicit and partial specializations of variable templates are chosen as C++ says
    // (libcu++'s `is_same_v<T, T>`, `is_integral_v` over `__cccl_is_integral_helper_v<int>`);
    // a partial specialization matches exactly (`v<const T>` is not `v<float>`); defaults;
    // attributes between `struct` and the name of a partial specialization; recursion limit.
    check(
        r#"
template <class T> inline constexpr bool h = false;
template <> inline constexpr bool h<int> = true;
template <class T> inline constexpr bool h<T*> = true;
template <class A, class B> constexpr bool same = false;
template <class A> constexpr bool same<A, A> = true;
template <class T> constexpr bool tc = h<T>;
template <class T> constexpr bool tc<const T> = tc<T>;
template <class T, bool B = false> inline constexpr int ext = -1;
template <class T> inline constexpr int ext<T, true> = sizeof(T);
template <class T> struct __attribute__((__visibility__("default"))) rc { using type = T; };
template <class T> struct __attribute__((__visibility__("default"))) rc<const T> { using type = T; };
template <int N> constexpr int fact = N * fact<N - 1>;
template <> constexpr int fact<0> = 1;
static_assert(h<int> && !h<float> && h<float *>, "h");
static_assert(same<int, int> && !same<const int, int>, "same");
static_assert(same<typename rc<const int>::type, int>, "rc");
static_assert(tc<const int> && !tc<const float>, "tc");
static_assert(ext<double, true> == 8 && ext<double> == -1, "ext");
static_assert(fact<5> == 120, "fact");
template <int N> constexpr int forever = forever<N + 1>;
__global__ void k(int *p) { p[0] = forever<1>; }
"#,
        expect![[r#"
            fn k(p: int *) -> void
            {
              (const 0 <error-type>)
            }
            error:22: [excessive-recursion] excessive recursion at instantiation of variable "forever<201>"
        "#]],
    );
}

#[test]
fn statements_and_control_flow() {
    check(
        r#"
__device__ int classify(int v) {
  switch (v & 7) {
  case 0: return 10;
  case 1:
  case 2: v += 3;
  case 3: return v * 2;
  case 5: break;
  default: return -1;
  }
  return v;
}

__device__ int collatz_steps(unsigned long long x, int limit) {
  int steps = 0;
again:
  if (x == 1 || steps >= limit) return steps;
  x = (x & 1) ? 3 * x + 1 : x / 2;
  ++steps;
  goto again;
}

__device__ int loops(int n) {
  int acc = 0;
  for (int a = 0; a < 8; ++a) {
    if (a == 3) continue;
    for (int b = 0; b < n; b++) {
      if (a * b > 20) break;
      acc += a ^ b;
    }
  }
  int k = 0;
  do { k++; } while (k < n);
  while (1) { if (k-- < 0) return acc; }
}

__device__ int missing(int x) { if (x) return 1; }
"#,
        expect![[r#"
            fn classify(v: int) -> int
            {
              switch (bitand (load (local v int&) int) (const 7 int) int) cases [0, 1, 2, 3, 5] default
                {
                  {
                    case #0:
                    return (const 10 int)
                  }
                  {
                    case #1:
                    ;
                  }
                  {
                    case #2:
                    (add=[int] (local v int&) (const 3 int) int&)
                  }
                  {
                    case #3:
                    return (mul (load (local v int&) int) (const 2 int) int)
                  }
                  {
                    case #4:
                    break
                  }
                  {
                    default:
                    return (neg (const 1 int) int)
                  }
                }
              return (load (local v int&) int)
            }
            fn collatz_steps(x: unsigned long long, limit: int) -> int
            {
              decl steps: int = (const 0 int)
              {
                again:
                if (or (eq (load (local x unsigned long long&) unsigned long long) (int2int (const 1 int) unsigned long long) bool) (ge (load (local steps int&) int) (load (local limit int&) int) bool) bool)
                  return (load (local steps int&) int)
              }
              (assign (local x unsigned long long&) (cond (tobool (bitand (load (local x unsigned long long&) unsigned long long) (int2int (const 1 int) unsigned long long) unsigned long long) bool) (add (mul (int2int (const 3 int) unsigned long long) (load (local x unsigned long long&) unsigned long long) unsigned long long) (int2int (const 1 int) unsigned long long) unsigned long long) (div (load (local x unsigned long long&) unsigned long long) (int2int (const 2 int) unsigned long long) unsigned long long) unsigned long long) unsigned long long&)
              (preinc (local steps int&) int&)
              goto again
            }
            fn loops(n: int) -> int
            {
              decl acc: int = (const 0 int)
              for
                init:
                  decl a: int = (const 0 int)
                cond: (lt (load (local a int&) int) (const 8 int) bool)
                step: (preinc (local a int&) int&)
                {
                  if (eq (load (local a int&) int) (const 3 int) bool)
                    continue
                  for
                    init:
                      decl b: int = (const 0 int)
                    cond: (lt (load (local b int&) int) (load (local n int&) int) bool)
                    step: (postinc (local b int&) int)
                    {
                      if (gt (mul (load (local a int&) int) (load (local b int&) int) int) (const 20 int) bool)
                        break
                      (add=[int] (local acc int&) (bitxor (load (local a int&) int) (load (local b int&) int) int) int&)
                    }
                }
              decl k: int = (const 0 int)
              do
                {
                  (postinc (local k int&) int)
                }
              while (lt (load (local k int&) int) (load (local n int&) int) bool)
              while (tobool (const 1 int) bool)
                {
                  if (lt (postdec (local k int&) int) (const 0 int) bool)
                    return (load (local acc int&) int)
                }
            }
            fn missing(x: int) -> int
            {
              if (tobool (load (local x int&) int) bool)
                return (const 1 int)
            }
            warning:37: [missing-return] missing return statement at end of non-void function "missing"
        "#]],
    );
}

#[test]
fn locals_globals_and_initializers() {
    check_with_def_map(
        r#"
struct Accel { float x, y, z; };
union Bits { float f; unsigned u; };
__constant__ float coeffs[8] = {1.f, 0.5f, 0.25f, 0.125f};
__device__ unsigned int counter = 0;
__device__ int lookup[] = {3, 1, 4, 1};
__device__ int *third = &lookup[2];
__device__ struct Accel g_acc = {1.0f, .z = 3};
__device__ char msg[8] = "hi";
__device__ union Bits ub = {1.0f};
const int N = 4 * 4;
extern __shared__ float dyn[];
__global__ void k(float *out) {
  __shared__ float tile[N][N + 1];
  extern __shared__ int dynl[];
  static __device__ int st = 7;
  struct Accel a = {0.f, 0.f, 0.f};
  float local[4] = {a.x, a.y, -a.x};
  int m[2][2] = {1, 2, 3};
  char s[] = "abc";
  const int c = 3;
  int arr[c];
  tile[threadIdx.y][threadIdx.x] = coeffs[threadIdx.x % 8] + dyn[0];
  out[0] = local[1] + lookup[2] + *third + m[1][0] + s[0] + arr[0] + st + counter;
}
"#,
        expect![[r#"
            struct Accel size=12 align=4
              +0 x: float
              +4 y: float
              +8 z: float
            union Bits size=4 align=4
              +0 f: float
              +0 u: unsigned int
            var coeffs __constant__: float [8] = {1.0, 0.5, 0.25, 0.125, zero, zero, zero, zero}
            var counter __device__: unsigned int = zero
            var lookup __device__: int [4] = {0x3, 0x1, 0x4, 0x1}
            var third __device__: int * = &global#2+8
            var g_acc __device__: Accel = {1.0, zero, 3.0}
            var msg __device__: char [8] = "hi"
            var ub __device__: Bits = {1.0}
            var N host: const int = 0x10
            var dyn extern __shared__: float []
            fn _Z1kPf __global__ k(float *) -> void body#0 [item 11]
            fn k(out: float *) -> void
              local tile: float [16][17] shared
              local dynl: int [] extern-shared
              local st: int static = 0x7
            {
              decl tile: float [16][17]
              decl dynl: int []
              decl st: int
              decl a: Accel = {(const 0.0 float), (const 0.0 float), (const 0.0 float)}
              decl local: float [4] = {(load (member (local a Accel&) .x float&) float), (load (member (local a Accel&) .y float&) float), (neg (load (member (local a Accel&) .x float&) float) float)}
              decl m: int [2][2] = {{(const 1 int), (const 2 int)}, {(const 3 int)}}
              decl s: char [4] = "abc"
              decl c: const int = (const 3 int)
              decl arr: int [3]
              (assign (deref (ptradd (decay (deref (ptradd (decay (local tile float [16][17]&) float (*)[17]) (int2int (threadIdx.y unsigned int) long) float (*)[17]) float [17]&) float *) (int2int (threadIdx.x unsigned int) long) float *) float&) (add (load (deref (ptradd (decay (global coeffs float [8]&) float *) (int2int (rem (threadIdx.x unsigned int) (int2int (const 8 int) unsigned int) unsigned int) long) float *) float&) float) (load (deref (ptradd (decay (global dyn float []&) float *) (int2int (const 0 int) long) float *) float&) float) float) float&)
              (assign (deref (ptradd (load (local out float *&) float *) (int2int (const 0 int) long) float *) float&) (add (add (add (add (add (add (add (load (deref (ptradd (decay (local local float [4]&) float *) (int2int (const 1 int) long) float *) float&) float) (int2float (load (deref (ptradd (decay (global lookup int [4]&) int *) (int2int (const 2 int) long) int *) int&) int) float) float) (int2float (load (deref (load (global third int *&) int *) int&) int) float) float) (int2float (load (deref (ptradd (decay (deref (ptradd (decay (local m int [2][2]&) int (*)[2]) (int2int (const 1 int) long) int (*)[2]) int [2]&) int *) (int2int (const 0 int) long) int *) int&) int) float) float) (int2float (load (deref (ptradd (decay (local s char [4]&) char *) (int2int (const 0 int) long) char *) char&) char) float) float) (int2float (load (deref (ptradd (decay (local arr int [3]&) int *) (int2int (const 0 int) long) int *) int&) int) float) float) (int2float (load (local st int&) int) float) float) (int2float (load (global counter unsigned int&) unsigned int) float) float) float&)
            }
            globals: coeffs, counter, lookup, third, dyn
        "#]],
    );
}

#[test]
fn builtin_variables() {
    check(
        r#"
struct uint3 { unsigned int x, y, z; };
typedef struct uint3 dim3;
__device__ void use(uint3 v, dim3 d);
__global__ void k(int *out) {
  out[threadIdx.x] = blockIdx.y * blockDim.z + gridDim.x + warpSize;
  use(threadIdx, blockDim);
  uint3 t = threadIdx;
  int threadIdx = 3;
  out[threadIdx] = t.x;
}
"#,
        expect![[r#"
            fn k(out: int *) -> void
            {
              (assign (deref (ptradd (load (local out int *&) int *) (int2int (threadIdx.x unsigned int) long) int *) int&) (int2int (add (add (mul (blockIdx.y unsigned int) (blockDim.z unsigned int) unsigned int) (gridDim.x unsigned int) unsigned int) (int2int (warpSize int) unsigned int) unsigned int) int) int&)
              (call use (aggregate {(threadIdx.x unsigned int), (threadIdx.y unsigned int), (threadIdx.z unsigned int)} uint3) (aggregate {(blockDim.x unsigned int), (blockDim.y unsigned int), (blockDim.z unsigned int)} uint3) void)
              decl t: uint3 = (aggregate {(threadIdx.x unsigned int), (threadIdx.y unsigned int), (threadIdx.z unsigned int)} uint3)
              decl threadIdx: int = (const 3 int)
              (assign (deref (ptradd (load (local out int *&) int *) (int2int (load (local threadIdx int&) int) long) int *) int&) (int2int (load (member (local t uint3&) .x unsigned int&) unsigned int) int) int&)
            }
            callees: use
        "#]],
    );
}

// ---- errors/*.cu (the semantic ones) -----------------------------------------------------------

/// Checks the file's `// expect-error: line N[ or M]: text` header against our diagnostics.
fn expect_error_header(text: &str, options: &CompileOptions) -> String {
    let first = text.lines().next().unwrap();
    let spec = first.strip_prefix("// expect-error: line ").unwrap();
    let (lines, msg) = spec.split_once(": ").unwrap();
    let lines: Vec<usize> = lines.split(" or ").map(|l| l.trim().parse().unwrap()).collect();
    let c = check_text(text, options);
    let diags = c.diagnostics();
    let norm = |s: &str| s.to_lowercase().replace('"', "");
    let found = diags.iter().any(|d| {
        let Some((head, rest)) = d.split_once(": ") else {
            return false;
        };
        let line: usize = head.split(':').nth(1).and_then(|l| l.parse().ok()).unwrap_or(0);
        d.starts_with("error") && lines.contains(&line) && norm(rest).contains(&norm(msg))
    });
    assert!(found, "expected `{msg}` at line {lines:?}, got:\n{}", diags.join("\n"));
    diags.join("\n") + "\n"
}

fn check_error_file(text: &str, want: Expect) {
    want.assert_eq(&expect_error_header(text, &CompileOptions::default()));
}

#[test]
fn error_01_host_call() {
    check_error_file(
        r#"// expect-error: line 6: calling a __host__ function
int host_only(int v) { return v * 2; }

__global__ void k(int *out) {
  int v = threadIdx.x;
  out[v] = host_only(v);
}
"#,
        expect![[r#"
            error:6: [wrong-exec-space] calling a __host__ function("host_only(int)") from a __global__ function("k") is not allowed
        "#]],
    );
}

#[test]
fn error_02_global_return() {
    check_error_file(
        r#"// expect-error: line 2: void return type
__global__ int not_void(int *p) { return p[0]; }
"#,
        expect![[r#"
            error:2: [global-return-type] a __global__ function must have a void return type
        "#]],
    );
}

#[test]
fn error_03_shared_init() {
    check_error_file(
        r#"// expect-error: line 3: initializer not allowed for __shared__ variable
__global__ void k(float *out) {
  __shared__ float s = 1.0f;
  out[threadIdx.x] = s;
}
"#,
        expect![[r#"
            error:3: [shared-init] initializer not allowed for __shared__ variable
        "#]],
    );
}

#[test]
fn error_04_undeclared() {
    check_error_file(
        r#"// expect-error: line 4: identifier "totl" is undefined
__global__ void k(int *out, int n) {
  int total = n * 2;
  out[threadIdx.x] = totl;
}
"#,
        expect![[r#"
            error:4: [undefined-identifier] identifier "totl" is undefined
                note: did you mean "total"?
        "#]],
    );
}

#[test]
fn error_06_type_mismatch() {
    check_error_file(
        r#"// expect-error: line 4: a value of type "float *" cannot be used to initialize an entity of type "float"
__global__ void k(float *p) {
  float ok = p[0];
  float bad = p;
  p[1] = ok + bad;
}
"#,
        expect![[r#"
            error:4: [type-mismatch] a value of type "float *" cannot be used to initialize an entity of type "float"
        "#]],
    );
}

#[test]
fn error_07_arg_count() {
    check_error_file(
        r#"// expect-error: line 5: too few arguments in function call
__device__ float mix(float a, float b, float t) { return a + (b - a) * t; }

__global__ void k(float *p) {
  p[threadIdx.x] = mix(p[0], p[1]);
}
"#,
        expect![[r#"
            error:5: [arg-count] too few arguments in function call
        "#]],
    );
}

#[test]
fn error_08_device_launch() {
    check_error_file(
        r#"// expect-error: line 5: kernel launch from __device__ or __global__ functions requires separate compilation mode
__global__ void child(int *p) { p[threadIdx.x] = 0; }

__global__ void parent(int *p) {
  child<<<1, 32>>>(p);
}
"#,
        expect![[r#"
            error:5: [device-launch] kernel launch from __device__ or __global__ functions requires separate compilation mode
        "#]],
    );
}

#[test]
fn error_09_const_assign() {
    check_error_file(
        r#"// expect-error: line 4: expression must be a modifiable lvalue
__global__ void k(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
  in[threadIdx.x] = 0.0f;
}
"#,
        expect![[r#"
            error:4: [not-modifiable] expression must be a modifiable lvalue
        "#]],
    );
}

#[test]
fn more_semantic_errors() {
    check(
        r#"
struct S { int a; };
int hostvar;
const int HOSTC = 3;
__device__ int devfn(int);
__global__ void kern(int);
__host__ __device__ int hd(int x);
int hostfn(int);
__host__ __device__ int hd(int x) { return hostfn(x); }
__device__ void e1(int *p, const int *q, struct S s, float f) {
  int a = hostvar + HOSTC;
  kern(1);
  void *v = p; int *w = v;
  p = q;
  a = p;
  int b = s.zz;
  int c = a.x;
  int d = a[1];
  int e = *a;
  struct S t = 1;
  struct S u = {1, 2};
  int arr[2] = {1, 2, 3};
  threadIdx.x = 1;
  continue;
  switch (a) { case 1: case 1: break; default: default: ; }
  switch (p) { }
  f % 2;
  f << 1;
  p + p;
  p * 2;
  (float)p;
  &1;
  devfn(p);
  (void)(1 ? p : 1.0f);
  w = 1;
  devfn();
  devfn(1, 2);
  undefined_fn(3);
  -p;
  ~f;
  if (s) {}
  lab: lab: ;
  char str[3] = "abcd";
  __device__ int dd;
}
"#,
        expect![[r#"
            fn hd(x: int) -> int
            {
              return (call hostfn (load (local x int&) int) int)
            }
            callees: hostfn
            fn e1(p: int *, q: const int *, s: S, f: float) -> void
            {
              decl a: int = (const 0 <error-type>)
              (const 0 <error-type>)
              decl v: void * = (ptr2ptr (load (local p int *&) int *) void *)
              decl w: int * = (const 0 <error-type>)
              (assign (local p int *&) (const 0 <error-type>) int *&)
              (assign (local a int&) (const 0 <error-type>) int&)
              decl b: int = (const 0 <error-type>)
              decl c: int = (const 0 <error-type>)
              decl d: int = (const 0 <error-type>)
              decl e: int = (const 0 <error-type>)
              decl t: S = (const 0 <error-type>)
              decl u: S = {(const 1 int)}
              decl arr: int [2] = {(const 1 int), (const 2 int)}
              (const 0 <error-type>)
              ;
              switch (load (local a int&) int) cases [1] default
                {
                  {
                    case #0:
                    ;
                  }
                  break
                  {
                    default:
                    ;
                  }
                  ;
                }
              switch (const 0 <error-type>) cases []
                {
                }
              (const 0 <error-type>)
              (const 0 <error-type>)
              (const 0 <error-type>)
              (const 0 <error-type>)
              (const 0 <error-type>)
              (const 0 <error-type>)
              (const 0 <error-type>)
              (const 0 <error-type>)
              (assign (local w int *&) (const 0 <error-type>) int *&)
              (const 0 <error-type>)
              (const 0 <error-type>)
              (const 0 <error-type>)
              (const 0 <error-type>)
              (const 0 <error-type>)
              if (const 0 <error-type>)
                {
                }
              {
                lab:
                ;
              }
              {
                lab:
                ;
              }
              decl str: char [3] = "abcd"
              decl dd: int
            }
            callees: kern
            warning:9: [wrong-exec-space] calling a __host__ function("hostfn(int)") from a __host__ __device__ function("hd") is not allowed
            error:42: [duplicate-label] label "lab" has already been defined
            error:11: [host-variable] identifier "hostvar" is undefined in device code
            error:12: [unconfigured-kernel-call] a __global__ function call must be configured
            error:13: [type-mismatch] a value of type "void *" cannot be used to initialize an entity of type "int *"
            error:14: [type-mismatch] a value of type "const int *" cannot be assigned to an entity of type "int *"
            error:15: [type-mismatch] a value of type "int *" cannot be assigned to an entity of type "int"
            error:16: [no-member] class "S" has no member "zz"
            error:17: [type-mismatch] expression must have class type but it has type "int"
            error:18: [type-mismatch] expression must have pointer-to-object type but it has type "int"
            error:19: [type-mismatch] operand of "*" must be a pointer but has type "int"
            error:20: [type-mismatch] no suitable constructor exists to convert from "int" to "S"
            error:21: [too-many-initializers] too many initializer values
            error:22: [too-many-initializers] too many initializer values
            error:23: [not-modifiable] expression must be a modifiable lvalue
            error:24: [misplaced-continue] a continue statement may only be used within a loop
            error:25: [duplicate-case] case label value has already appeared in this switch
            error:25: [duplicate-case] default label has already appeared in this switch
            error:26: [type-mismatch] expression must have integral or enum type
            error:27: [type-mismatch] expression must have integral or unscoped enum type
            error:28: [type-mismatch] expression must have integral or unscoped enum type
            error:29: [type-mismatch] expression must have integral or unscoped enum type
            error:30: [type-mismatch] expression must have arithmetic or unscoped enum type
            error:31: [invalid-cast] invalid type conversion
            error:32: [not-lvalue] expression must be an lvalue or a function designator
            error:33: [type-mismatch] argument of type "int *" is incompatible with parameter of type "int"
            error:34: [type-mismatch] operand types are incompatible ("int *" and "float")
            error:35: [type-mismatch] a value of type "int" cannot be assigned to an entity of type "int *"
            error:36: [arg-count] too few arguments in function call
            error:37: [arg-count] too many arguments in function call
            error:38: [undefined-identifier] identifier "undefined_fn" is undefined
            error:39: [type-mismatch] expression must have arithmetic or unscoped enum type
            error:40: [type-mismatch] expression must have integral or unscoped enum type
            error:41: [type-mismatch] expression must have bool type (or be convertible to bool)
            error:43: [type-mismatch] a value of type "const char [5]" cannot be used to initialize an entity of type "char [3]"
            error:44: [invalid-memory-space] an automatic "__device__" variable declaration is not allowed inside a device function body
        "#]],
    );
}

// ---- the conformance kernels ---------------------------------------------------------------------

/// Declarations the conformance kernels need from the builtin headers (a stand-in until the
/// real headers are wired in): builtin vector types, intrinsics, math, atomics, printf.
const PRELUDE: &str = r#"
struct uint3 { unsigned int x, y, z; };
typedef struct uint3 dim3;
struct float3 { float x, y, z; };
struct __align__(16) float4 { float x, y, z, w; };
__device__ float4 make_float4(float, float, float, float);
__device__ float3 make_float3(float, float, float);
__device__ void __syncthreads(void);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ float __shfl_down_sync(unsigned, float, unsigned);
__device__ int __shfl_down_sync(unsigned, int, unsigned);
__device__ int __shfl_up_sync(unsigned, int, unsigned);
__device__ float __shfl_up_sync(unsigned, float, unsigned);
__device__ int atomicAdd(int *, int);
__device__ unsigned atomicAdd(unsigned *, unsigned);
__device__ unsigned long long atomicAdd(unsigned long long *, unsigned long long);
__device__ float atomicAdd(float *, float);
__device__ double atomicAdd(double *, double);
__device__ int atomicSub(int *, int);
__device__ unsigned atomicSub(unsigned *, unsigned);
__device__ int atomicMax(int *, int);
__device__ unsigned atomicMax(unsigned *, unsigned);
__device__ int atomicMin(int *, int);
__device__ unsigned atomicMin(unsigned *, unsigned);
__device__ int atomicAnd(int *, int);
__device__ unsigned atomicAnd(unsigned *, unsigned);
__device__ int atomicOr(int *, int);
__device__ unsigned atomicOr(unsigned *, unsigned);
__device__ int atomicXor(int *, int);
__device__ unsigned atomicXor(unsigned *, unsigned);
__device__ unsigned atomicInc(unsigned *, unsigned);
__device__ unsigned atomicDec(unsigned *, unsigned);
__device__ int atomicExch(int *, int);
__device__ unsigned atomicExch(unsigned *, unsigned);
__device__ float atomicExch(float *, float);
__device__ int atomicCAS(int *, int, int);
__device__ unsigned atomicCAS(unsigned *, unsigned, unsigned);
__device__ float sinf(float); __device__ float cosf(float); __device__ float expf(float);
__device__ float __sinf(float); __device__ float __expf(float); __device__ float __fdividef(float, float);
__device__ float powf(float, float); __device__ float fabsf(float); __device__ float sqrtf(float);
__device__ float logf(float); __device__ float fmaxf(float, float); __device__ float fminf(float, float);
__device__ float floorf(float); __device__ float ceilf(float); __device__ float truncf(float);
__device__ float roundf(float); __device__ float rsqrtf(float);
__device__ double sin(double); __device__ double exp(double); __device__ double tanh(double);
__device__ double atan2(double, double); __device__ double erf(double); __device__ double cbrt(double);
__device__ float sin(float); __device__ float exp(float);
__device__ unsigned __ballot_sync(unsigned, int); __device__ int __any_sync(unsigned, int);
__device__ int __all_sync(unsigned, int);
__device__ int __popc(unsigned); __device__ int __clz(int); __device__ int __ffs(int);
__device__ unsigned __brev(unsigned); __device__ unsigned __umulhi(unsigned, unsigned);
__device__ int __popcll(unsigned long long); __device__ int __clzll(long long);
extern "C" __host__ __device__ int printf(const char *, ...);
"#;

/// Expands object-like `#define NAME VALUE` lines by whole-word substitution (the conformance
/// kernels need nothing more) and blanks out directives, keeping line numbers.
fn crude_preprocess(text: &str) -> String {
    let mut defs: Vec<(String, String)> = Vec::new();
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix("#define ") {
            let (name, value) = rest.split_once(' ').unwrap_or((rest, ""));
            defs.push((name.to_string(), value.trim().to_string()));
            out.push('\n');
            continue;
        }
        if t.starts_with("#include") {
            out.push('\n');
            continue;
        }
        let mut l = line.to_string();
        for (n, v) in &defs {
            let mut res = String::new();
            let bytes: Vec<char> = l.chars().collect();
            let mut i = 0;
            while i < bytes.len() {
                let is_start = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_');
                let rest: String = bytes[i..].iter().collect();
                if is_start && rest.starts_with(n.as_str()) {
                    let after = bytes.get(i + n.chars().count());
                    if !after.is_some_and(|c| c.is_alphanumeric() || *c == '_') {
                        res.push_str(v);
                        i += n.chars().count();
                        continue;
                    }
                }
                res.push(bytes[i]);
                i += 1;
            }
            l = res;
        }
        out.push_str(&l);
        out.push('\n');
    }
    out
}

#[test]
fn conformance_kernels_check_cleanly() {
    let files = warpc_testkit::conformance_files("c");
    let mut failures = String::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let src = format!("{PRELUDE}{}", crude_preprocess(&text));
        let c = check_text(&src, &CompileOptions::default());
        let errors: Vec<String> = c.diagnostics().into_iter().filter(|d| d.starts_with("error")).collect();
        if !errors.is_empty() {
            failures.push_str(&format!("{}:\n  {}\n", f.display(), errors.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "{failures}");
}

/// Full THIR of a few conformance kernels, as a regression snapshot.
#[test]
fn conformance_thir_snapshots() {
    let dir = warpc_testkit::conformance_dir("c");
    let mut out = String::new();
    for name in ["02_reduce.cu", "07_nbody.cu", "15_structs.cu"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let src = format!("{PRELUDE}{}", crude_preprocess(&text));
        let c = check_text(&src, &CompileOptions::default());
        out.push_str(&format!("=== {name}\n"));
        for (fid, _, _, _, tb, _) in &c.fns {
            if c.dm.function(*fid).body_index.is_some() {
                out.push_str(&print_body(&c.dm, *fid, tb));
            }
        }
        for d in c.diagnostics() {
            out.push_str(&d);
            out.push('\n');
        }
    }
    expect![[r#"
        === 02_reduce.cu
        fn warp_sum(v: float) -> float
        {
          for
            init:
              decl offset: int = (const 16 int)
            cond: (gt (load (local offset int&) int) (const 0 int) bool)
            step: (shr=[int] (local offset int&) (const 1 int) int&)
            (add=[float] (local v float&) (call __shfl_down_sync (const 4294967295 unsigned int) (load (local v float&) float) (int2int (load (local offset int&) int) unsigned int) float) float&)
          return (load (local v float&) float)
        }
        callees: __shfl_down_sync
        fn reduce_sum(in: const float *, out: float *, n: int) -> void
          local partial: float [256] shared
        {
          decl partial: float [256]
          decl t: unsigned int = (threadIdx.x unsigned int)
          decl i: unsigned int = (add (mul (blockIdx.x unsigned int) (int2int (mul (const 256 int) (const 2 int) int) unsigned int) unsigned int) (load (local t unsigned int&) unsigned int) unsigned int)
          decl v: float = (const 0.0 float)
          if (lt (load (local i unsigned int&) unsigned int) (int2int (load (local n int&) int) unsigned int) bool)
            (assign (local v float&) (load (deref (ptradd (load (local in const float *&) const float *) (int2int (load (local i unsigned int&) unsigned int) long) const float *) const float&) float) float&)
          if (lt (add (load (local i unsigned int&) unsigned int) (int2int (const 256 int) unsigned int) unsigned int) (int2int (load (local n int&) int) unsigned int) bool)
            (add=[float] (local v float&) (load (deref (ptradd (load (local in const float *&) const float *) (int2int (add (load (local i unsigned int&) unsigned int) (int2int (const 256 int) unsigned int) unsigned int) long) const float *) const float&) float) float&)
          (assign (deref (ptradd (decay (local partial float [256]&) float *) (int2int (load (local t unsigned int&) unsigned int) long) float *) float&) (load (local v float&) float) float&)
          (call __syncthreads void)
          for
            init:
              decl s: unsigned int = (int2int (div (const 256 int) (const 2 int) int) unsigned int)
            cond: (gt (load (local s unsigned int&) unsigned int) (int2int (const 32 int) unsigned int) bool)
            step: (shr=[unsigned int] (local s unsigned int&) (const 1 int) unsigned int&)
            {
              if (lt (load (local t unsigned int&) unsigned int) (load (local s unsigned int&) unsigned int) bool)
                (add=[float] (deref (ptradd (decay (local partial float [256]&) float *) (int2int (load (local t unsigned int&) unsigned int) long) float *) float&) (load (deref (ptradd (decay (local partial float [256]&) float *) (int2int (add (load (local t unsigned int&) unsigned int) (load (local s unsigned int&) unsigned int) unsigned int) long) float *) float&) float) float&)
              (call __syncthreads void)
            }
          if (lt (load (local t unsigned int&) unsigned int) (int2int (const 32 int) unsigned int) bool)
            {
              (assign (local v float&) (add (load (deref (ptradd (decay (local partial float [256]&) float *) (int2int (load (local t unsigned int&) unsigned int) long) float *) float&) float) (load (deref (ptradd (decay (local partial float [256]&) float *) (int2int (add (load (local t unsigned int&) unsigned int) (int2int (const 32 int) unsigned int) unsigned int) long) float *) float&) float) float) float&)
              (assign (local v float&) (call warp_sum (load (local v float&) float) float) float&)
              if (eq (load (local t unsigned int&) unsigned int) (int2int (const 0 int) unsigned int) bool)
                (call atomicAdd (load (local out float *&) float *) (load (local v float&) float) float)
            }
        }
        callees: __syncthreads, atomicAdd, warp_sum
        === 07_nbody.cu
        fn body_body(bi: float4, bj: float4, a: Accel, soft2: float) -> Accel
        {
          {
            decl dx: float = (sub (load (member (local bj float4&) .x float&) float) (load (member (local bi float4&) .x float&) float) float)
            decl dy: float = (sub (load (member (local bj float4&) .y float&) float) (load (member (local bi float4&) .y float&) float) float)
            decl dz: float = (sub (load (member (local bj float4&) .z float&) float) (load (member (local bi float4&) .z float&) float) float)
          }
          decl d2: float = (add (add (add (mul (load (local dx float&) float) (load (local dx float&) float) float) (mul (load (local dy float&) float) (load (local dy float&) float) float) float) (mul (load (local dz float&) float) (load (local dz float&) float) float) float) (load (local soft2 float&) float) float)
          decl inv: float = (call rsqrtf (load (local d2 float&) float) float)
          decl s: float = (mul (mul (mul (load (member (local bj float4&) .w float&) float) (load (local inv float&) float) float) (load (local inv float&) float) float) (load (local inv float&) float) float)
          (add=[float] (member (local a Accel&) .x float&) (mul (load (local dx float&) float) (load (local s float&) float) float) float&)
          (add=[float] (member (local a Accel&) .y float&) (mul (load (local dy float&) float) (load (local s float&) float) float) float&)
          (add=[float] (member (local a Accel&) .z float&) (mul (load (local dz float&) float) (load (local s float&) float) float) float&)
          return (load (local a Accel&) Accel)
        }
        callees: rsqrtf
        fn nbody_accel(pos: const float4 *, acc: float3 *, n: int, soft2: float) -> void
          local shpos: float4 [] extern-shared
        {
          decl shpos: float4 []
          decl i: int = (int2int (add (mul (blockIdx.x unsigned int) (blockDim.x unsigned int) unsigned int) (threadIdx.x unsigned int) unsigned int) int)
          decl me: float4 = (cond (lt (load (local i int&) int) (load (local n int&) int) bool) (load (deref (ptradd (load (local pos const float4 *&) const float4 *) (int2int (load (local i int&) int) long) const float4 *) const float4&) float4) (call make_float4 (const 0.0 float) (const 0.0 float) (const 0.0 float) (const 0.0 float) float4) float4)
          decl a: Accel = {(const 0.0 float), (const 0.0 float), (const 0.0 float)}
          for
            init:
              decl base: int = (const 0 int)
            cond: (lt (load (local base int&) int) (load (local n int&) int) bool)
            step: (add=[unsigned int] (local base int&) (blockDim.x unsigned int) int&)
            {
              decl j: int = (int2int (add (int2int (load (local base int&) int) unsigned int) (threadIdx.x unsigned int) unsigned int) int)
              (assign (deref (ptradd (decay (local shpos float4 []&) float4 *) (int2int (threadIdx.x unsigned int) long) float4 *) float4&) (cond (lt (load (local j int&) int) (load (local n int&) int) bool) (load (deref (ptradd (load (local pos const float4 *&) const float4 *) (int2int (load (local j int&) int) long) const float4 *) const float4&) float4) (call make_float4 (const 0.0 float) (const 0.0 float) (const 0.0 float) (const 0.0 float) float4) float4) float4&)
              (call __syncthreads void)
              for
                init:
                  decl k: int = (const 0 int)
                cond: (and (lt (int2int (load (local k int&) int) unsigned int) (blockDim.x unsigned int) bool) (lt (add (load (local base int&) int) (load (local k int&) int) int) (load (local n int&) int) bool) bool)
                step: (preinc (local k int&) int&)
                (assign (local a Accel&) (call body_body (load (local me float4&) float4) (load (deref (ptradd (decay (local shpos float4 []&) float4 *) (int2int (load (local k int&) int) long) float4 *) float4&) float4) (load (local a Accel&) Accel) (load (local soft2 float&) float) Accel) Accel&)
              (call __syncthreads void)
            }
          if (lt (load (local i int&) int) (load (local n int&) int) bool)
            (assign (deref (ptradd (load (local acc float3 *&) float3 *) (int2int (load (local i int&) int) long) float3 *) float3&) (call make_float3 (load (member (local a Accel&) .x float&) float) (load (member (local a Accel&) .y float&) float) (load (member (local a Accel&) .z float&) float) float3) float3&)
        }
        callees: make_float4, make_float3, __syncthreads, body_body
        === 15_structs.cu
        fn cmul(a: complexf, b: complexf) -> complexf
        {
          decl r: complexf
          (assign (member (local r complexf&) .re float&) (sub (mul (load (member (local a complexf&) .re float&) float) (load (member (local b complexf&) .re float&) float) float) (mul (load (member (local a complexf&) .im float&) float) (load (member (local b complexf&) .im float&) float) float) float) float&)
          (assign (member (local r complexf&) .im float&) (add (mul (load (member (local a complexf&) .re float&) float) (load (member (local b complexf&) .im float&) float) float) (mul (load (member (local a complexf&) .im float&) float) (load (member (local b complexf&) .re float&) float) float) float) float&)
          return (load (local r complexf&) complexf)
        }
        fn rotate_all(p: Params, v: complexf *, signs: unsigned int *) -> void
        {
          decl i: int = (int2int (add (mul (blockIdx.x unsigned int) (blockDim.x unsigned int) unsigned int) (threadIdx.x unsigned int) unsigned int) int)
          if (ge (load (local i int&) int) (load (member (local p Params&) .n int&) int) bool)
            return
          decl z: complexf = (call cmul (load (deref (ptradd (load (local v complexf *&) complexf *) (int2int (load (local i int&) int) long) complexf *) complexf&) complexf) (load (member (local p Params&) .rot complexf&) complexf) complexf)
          (mul=[float] (member (local z complexf&) .re float&) (load (member (local p Params&) .scale float&) float) float&)
          (mul=[float] (member (local z complexf&) .im float&) (load (member (local p Params&) .scale float&) float) float&)
          (assign (deref (ptradd (load (local v complexf *&) complexf *) (int2int (load (local i int&) int) long) complexf *) complexf&) (load (local z complexf&) complexf) complexf&)
          decl b: Bits
          (assign (member (local b Bits&) .f float&) (load (member (local z complexf&) .re float&) float) float&)
          decl local: float [4] = {(load (member (local z complexf&) .re float&) float), (load (member (local z complexf&) .im float&) float), (neg (load (member (local z complexf&) .re float&) float) float), (neg (load (member (local z complexf&) .im float&) float) float)}
          decl m: float = (load (deref (ptradd (decay (local local float [4]&) float *) (int2int (const 0 int) long) float *) float&) float)
          for
            init:
              decl k: int = (const 1 int)
            cond: (lt (load (local k int&) int) (const 4 int) bool)
            step: (preinc (local k int&) int&)
            (assign (local m float&) (load (cond (gt (load (deref (ptradd (decay (local local float [4]&) float *) (int2int (load (local k int&) int) long) float *) float&) float) (load (local m float&) float) bool) (deref (ptradd (decay (local local float [4]&) float *) (int2int (load (local k int&) int) long) float *) float&) (local m float&) float&) float) float&)
          (assign (deref (ptradd (load (local signs unsigned int *&) unsigned int *) (int2int (load (local i int&) int) long) unsigned int *) unsigned int&) (bitor (bitor (shr (load (member (local b Bits&) .u unsigned int&) unsigned int) (const 31 int) unsigned int) (shl (int2int (gt (load (local m float&) float) (const 1.0 float) bool) unsigned int) (const 1 int) unsigned int) unsigned int) (bitand (load (deref (ptradd (ptr2ptr (addr (deref (ptradd (load (local v complexf *&) complexf *) (int2int (load (local i int&) int) long) complexf *) complexf&) complexf *) const unsigned int *) (int2int (const 1 int) long) const unsigned int *) const unsigned int&) unsigned int) (const 2147483648 unsigned int) unsigned int) unsigned int) unsigned int&)
        }
        callees: cmul
    "#]].assert_eq(&out);
}

/// Symbols from source declarations (expected names from `nvcc -ptx`, see `mangle.rs`).
#[test]
fn mangled_names_from_source() {
    let c = check_text(
        r#"
struct float4x { float x, y, z, w; };
typedef struct { float re, im; } complexf;
typedef unsigned int uint;
typedef struct float4x F4;
enum E { EA, EB };
struct S { int a; };
__device__ void f2(float4x*, float4x*);
__device__ void f4(const float* __restrict__, float* __restrict__);
__device__ void f16(complexf, complexf*);
__device__ void f17(uint, int);
__device__ void f18(E, enum E*);
__device__ void f20(float*, const float*, const float*);
__device__ void f21(float (*)(float), float (*)(float));
__device__ void f22(float * __restrict__ * p);
__device__ void f26(const S*, const struct S*, S*);
__device__ void f29(F4*, float4x*);
__device__ void f31(int (*)[4][5], int[3][6]);
__device__ void f34(int (*)(int, ...));
__device__ void f40(const float* const*, float**);
__device__ void f43(int* __restrict__ const, const int*);
__device__ void f50(int);
__device__ void f50(float);
__device__ void f58(const char* const*);
__device__ void v(void);
extern "C" __global__ void ck(int);
__global__ void kk(int *o);
"#,
        &CompileOptions::default(),
    );
    let names: Vec<String> = c.dm.functions.iter().map(|f| f.link_name.to_string()).collect();
    let mut out = names.join("\n") + "\n";
    for d in c.diagnostics() {
        out.push_str(&d);
        out.push('\n');
    }
    expect![[r#"
        _Z2f2P7float4xS0_
        _Z2f4PKfPf
        _Z3f168complexfPS_
        _Z3f17ji
        _Z3f181EPS_
        _Z3f20PfPKfS1_
        _Z3f21PFffES0_
        _Z3f22PrPf
        _Z3f26PK1SS1_PS_
        _Z3f29P7float4xS0_
        _Z3f31PA4_A5_iPA6_i
        _Z3f34PFiizE
        _Z3f40PKPKfPPf
        _Z3f43PiPKi
        _Z3f50i
        _Z3f50f
        _Z3f58PKPKc
        _Z1vv
        ck
        _Z2kkPi
    "#]]
    .assert_eq(&out);
}

/// Long left-leaning operator chains (generated code) must not exhaust the stack.
#[test]
fn long_expression_chains() {
    // Chains nested inside parentheses in their first operand: the tree gets ~4000 deep.
    let mut e = String::from("a[0]");
    for _ in 0..4 {
        let terms: Vec<String> = (0..1000).map(|i| format!("a[{}]", i % 7)).collect();
        e = format!("({e}) + {}", terms.join(" + "));
    }
    // ... and a long chain on the right-hand side of another one.
    let rhs: Vec<String> = (0..1000).map(|i| format!("a[{}]", i % 5)).collect();
    e = format!("{e} * ({})", rhs.join(" - "));
    let src = format!("__device__ float f(const float *a) {{ return {e}; }}\n");
    let c = check_text(&src, &CompileOptions::default());
    let errors: Vec<String> = c.diagnostics().into_iter().filter(|d| d.starts_with("error")).collect();
    eprintln!("{errors:?} {}", c.fns.len());
    assert!(errors.len() <= 1, "{errors:?}");
}

/// The lowering's pathological inputs, through the checker as well: no panic, no overflow.
#[test]
fn pathological_inputs_check_without_overflow() {
    let n = 10_000;
    let cases = [
        format!("int g = {}1{};", "(".repeat(n), ")".repeat(n)),
        format!("int g = {}1;", "-".repeat(n)),
        format!("int g = {}1;", "(int)".repeat(n)),
        format!("void f() {{ int x = {}1{}; }}", "(".repeat(n), ")".repeat(n)),
        format!("void f() {{ int x, a; x = {}0; }}", "a = ".repeat(n)),
        format!("void f() {{ int x, a, b; x = {}0; }}", "a ? b : ".repeat(n)),
        format!("void f() {{ int x; {} }}", "if (1) ".repeat(n) + "x;"),
        format!("void f() {{ int x; if (0) x; {} }}", "else if (1) x; ".repeat(n)),
        format!("void f() {{ {}{} }}", "{".repeat(n), "}".repeat(n)),
        format!("void f() {{ int a[] = {}1{}; }}", "{".repeat(n), "}".repeat(n)),
        format!(
            "int g(int); void f() {{ int x; x = g{}; }}",
            "(g".repeat(n) + &")".repeat(n)
        ),
        format!("int {}x{};", "(".repeat(n), ")".repeat(n)),
        format!("int {}x;", "*".repeat(n)),
        format!("void f() {{ int x; {} x; }}", "#pragma unroll\n".repeat(n)),
        format!("float g = 0x1p{}f + 1e99999 + 0x1p-99999999999999999;", "9".repeat(30)),
        format!("void f(int *p) {{ {}0; }}", "*p = ".repeat(n)),
        format!("void f() {{ int x; x = {}1; }}", "!~-".repeat(n)),
        format!("void f() {{ int x = 1 {}; }}", "+ 1 ".repeat(1000)),
        format!("void f() {{ int a[2][2]; a{}; }}", "[0]".repeat(1000)),
        format!("void f() {{ {} }}", "while (1) ".repeat(n) + ";"),
    ];
    for src in &cases {
        let c = check_text(src, &CompileOptions::default());
        for (fid, _, _, _, tb, _) in &c.fns {
            let _ = print_body(&c.dm, *fid, tb);
        }
    }
}

/// Execution spaces, builtin kinds, inline hints, launch bounds, redeclarations.
#[test]
fn function_declarations() {
    let c = check_text(
        r#"
extern "C" __global__ void __launch_bounds__(256, 2) k1(int n);
extern "C" __global__ void __launch_bounds__(128) k1(int n) {}
__global__ void k2(float *p, int n) {}
__host__ __device__ inline float hd(float x) { return x; }
static __device__ __forceinline__ int fi(int x) { return x; }
__device__ __noinline__ int ni(int x);
__device__ __noinline__ int ni(int x) { return x; }
__device__ int ni(float x);
float host_fn(float);
extern "C" __device__ void __nvvm_bar_sync(int);
extern "C" __device__ float __nv_sinf(float);
extern "C" int printf(const char *, ...);
extern "C" { __device__ int cfun(int); }
__device__ int cfun(int x) { return x; }
__device__ void twice() {}
__device__ void twice() {}
__device__ int retdiff(int);
__device__ float retdiff(int);
__device__ void lb() __launch_bounds__(64);
"#,
        &CompileOptions::default(),
    );
    let mut out = print_def_map(&c.dm);
    for d in c.diagnostics() {
        out.push_str(&d);
        out.push('\n');
    }
    expect![[r#"
        fn k1 __global__ k1(int) -> void launch_bounds(128) body#0 [item 1]
        fn _Z2k2Pfi __global__ k2(float *, int) -> void body#1 [item 2]
        fn _Z2hdf __host__ __device__ hd(float) -> float inline body#2 [item 3]
        fn _Z2fii __device__ fi(int) -> int forceinline static body#3 [item 4]
        fn _Z2nii __device__ ni(int) -> int noinline body#4 [item 6]
        fn _Z2nif __device__ ni(float) -> int [item 7]
        fn _Z7host_fnf __host__ host_fn(float) -> float [item 8]
        fn __nvvm_bar_sync __device__ __nvvm_bar_sync(int) -> void builtin [item 9]
        fn __nv_sinf __device__ __nv_sinf(float) -> float libdevice [item 10]
        fn printf __host__ __device__ printf(const char *, ...) -> int builtin [item 11]
        fn cfun __device__ cfun(int) -> int body#5 [item 13]
        fn _Z5twicev __device__ twice() -> void body#6 [item 14]
        fn _Z7retdiffi __device__ retdiff(int) -> int [item 16]
        fn _Z2lbv __device__ lb() -> void [item 18]
        Error [item 15] redefinition: function "twice" has already been defined
        Error [item 17] redeclaration: declaration is incompatible with previous "retdiff"
        Warning [item 18] launch-bounds-ignored: __launch_bounds__ is only allowed on __global__ functions; ignored
        error:17: [redefinition] function "twice" has already been defined
        error:19: [redeclaration] declaration is incompatible with previous "retdiff"
        warning:20: [launch-bounds-ignored] __launch_bounds__ is only allowed on __global__ functions; ignored
    "#]]
    .assert_eq(&out);
}

/// C++ needs a declaration before a use: functions, globals and enumerators declared by a later
/// item are undefined in a body (with a note saying where the problem is); a prototype before
/// the use is enough, and a function may call itself.
#[test]
fn declaration_before_use() {
    let c = check_text(
        r#"__device__ int proto(int);
__device__ int early(int x) { return proto(x) + later(x) + later_g + LATER_E + early(x - 1); }
__device__ int use_after(int x) { return later(x) + later_g + LATER_E; }
__device__ int later(int x) { return x; }
__device__ int later_g;
enum E { LATER_E };
__device__ int proto(int x) { return x; }
__global__ void k(int *p) { p[0] = early(1) + use_after(2); }
"#,
        &CompileOptions::default(),
    );
    expect![[r#"
        error:2: [undefined-identifier] identifier "later" is undefined
            note: "later" is declared after this function; declare it before its first use
        error:2: [undefined-identifier] identifier "later_g" is undefined
            note: "later_g" is declared after this function; declare it before its first use
        error:2: [undefined-identifier] identifier "LATER_E" is undefined
            note: "LATER_E" is declared after this function; declare it before its first use
        error:3: [undefined-identifier] identifier "later" is undefined
            note: "later" is declared after this function; declare it before its first use
        error:3: [undefined-identifier] identifier "later_g" is undefined
            note: "later_g" is declared after this function; declare it before its first use
        error:3: [undefined-identifier] identifier "LATER_E" is undefined
            note: "LATER_E" is declared after this function; declare it before its first use"#]]
    .assert_eq(&c.diagnostics().join("\n"));
}

/// Undefined identifiers get a "did you mean" note from the names in scope (locals, parameters,
/// namespace-scope names declared before the function, builtin variables), only for plausible
/// typos, never for names declared later.
#[test]
fn did_you_mean_suggestions() {
    let c = check_text(
        r#"__device__ float scale_factor;
__device__ int helper(int v) { return v; }
__global__ void k(int *out, int count) {
  int total = 0;
  out[0] = totl;
  out[1] = helpr(1);
  out[2] = cuont;
  out[3] = (int)scale_facter;
  out[4] = threadIdz.x;
  out[5] = zq;
  out[6] = completely_unrelated;
  out[7] = later_one;
}
__device__ int later_on;
"#,
        &CompileOptions::default(),
    );
    expect![[r#"
        error:5: [undefined-identifier] identifier "totl" is undefined
            note: did you mean "total"?
        error:6: [undefined-identifier] identifier "helpr" is undefined
            note: did you mean "helper"?
        error:7: [undefined-identifier] identifier "cuont" is undefined
            note: did you mean "count"?
        error:8: [undefined-identifier] identifier "scale_facter" is undefined
            note: did you mean "scale_factor"?
        error:9: [undefined-identifier] identifier "threadIdz" is undefined
            note: did you mean "threadIdx"?
        error:10: [undefined-identifier] identifier "zq" is undefined
        error:11: [undefined-identifier] identifier "completely_unrelated" is undefined
        error:12: [undefined-identifier] identifier "later_one" is undefined"#]]
    .assert_eq(&c.diagnostics().join("\n"));
}

#[test]
fn edit_distance_counts_single_edits() {
    use crate::check::names::edit_distance;
    assert_eq!(edit_distance("totl", "total"), 1);
    assert_eq!(edit_distance("kitten", "sitting"), 3);
    assert_eq!(edit_distance("", "abc"), 3);
    assert_eq!(edit_distance("abc", "abc"), 0);
    assert_eq!(edit_distance("é", "e"), 1);
    assert_eq!(edit_distance("cuont", "count"), 1);
    // The bounded form agrees within its limit and gives up beyond it.
    use crate::check::names::distance_within;
    assert_eq!(distance_within("kitten", "sitting", 3), Some(3));
    assert_eq!(distance_within("kitten", "sitting", 2), None);
    assert_eq!(distance_within("cuont", "count", 1), Some(1));
    assert_eq!(distance_within("abcdef", "uvwxyz", 1), None);
    assert_eq!(distance_within("é", "e", 1), Some(1));
}

/// In a class template's body its member typedefs are type names: `sizeof(value_type)` is
/// `sizeof` of a type, lowered as `Vec::value_type`. The item-level expressions checked with
/// each specialization (`static_assert`s, static data member initializers, array bounds) find
/// the specialization's member (`Vec<float, 3>::value_type`), as the member declarations do.
#[test]
fn class_template_member_typedefs_in_item_level_expressions() {
    let c = check_text(
        r#"
template <class T, int K>
struct Vec {
  typedef T value_type;
  using index_type = int;
  static constexpr int size = K;
  static_assert(size > 0 && sizeof(value_type) >= 4, "elements");
  static constexpr int bytes = sizeof(value_type) * K + sizeof(index_type);
  char pad[sizeof(value_type)];
  static_assert(sizeof(value_type) == 4, "four bytes");
  T data[K];
};
static_assert(Vec<float, 3>::bytes == 16 && sizeof(Vec<float, 3>) == 16, "float");
static_assert(Vec<double, 2>::size == 2, "double");
"#,
        &CompileOptions::default(),
    );
    expect![[r#"
        struct Vec<float, 3> size=16 align=4
          +0 pad: char [4]
          +4 data: float [3]
        struct Vec<double, 2> size=24 align=8
          +0 pad: char [8]
          +8 data: double [2]
        typedef Vec<float, 3>::value_type = float
        typedef Vec<float, 3>::index_type = int
        typedef Vec<double, 2>::value_type = double
        typedef Vec<double, 2>::index_type = int
        var _ZN13Vec<float, 3>4sizeE host static: const int = 0x3
        var _ZN13Vec<float, 3>5bytesE host static: const int = 0x10
        var _ZN14Vec<double, 2>4sizeE host static: const int = 0x2
        var _ZN14Vec<double, 2>5bytesE host static: const int = 0x14
        Error [item 6] static-assert: static assertion failed with "four bytes"
        error:10: [static-assert] static assertion failed with "four bytes"
    "#]]
    .assert_eq(&format!("{}{}", print_def_map(&c.dm), c.render()));
}
