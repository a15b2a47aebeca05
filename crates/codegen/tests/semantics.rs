//! Semantics of the lowering, checked without a GPU: a kernel computes values from constants
//! only and stores them to `out[0..]`; after `-O3` LLVM has folded everything, so the PTX holds
//! `st.global.b32 [%rdN+4*i], VALUE;` and VALUE must be what C++ says. The same kernel at `-O0`
//! must pass ptxas.

mod common;

use common::*;
use std::collections::BTreeMap;
use warpc_base::OptLevel;
use warpc_hir::body::LoopHint;
use warpc_hir::thir::*;
use warpc_hir::ty::*;

/// Stored immediates by byte offset, from `st.global.b32 [%rdN(+OFF)], VALUE;` lines.
fn stores(ptx: &str) -> BTreeMap<u64, i64> {
    let mut out = BTreeMap::new();
    for line in ptx.lines() {
        let l = line.trim();
        let Some(rest) = l.strip_prefix("st.global.b32") else {
            continue;
        };
        let rest = rest.trim();
        let (addr, val) = rest.split_once(',').unwrap();
        let addr = addr.trim().trim_start_matches('[').trim_end_matches(']');
        let off = addr
            .split_once('+')
            .map(|(_, o)| o.parse::<u64>().unwrap())
            .unwrap_or(0);
        let val = val.trim().trim_end_matches(';');
        let v = val.parse::<i64>().unwrap_or_else(|_| panic!("not folded: {l}"));
        out.insert(off, v);
    }
    out
}

struct Case {
    f: Fb,
    out: LocalId,
    stmts: Vec<TStmtId>,
    expect: Vec<i64>,
}

impl Case {
    fn new() -> Case {
        let mut f = Fb::new();
        let out = f.param("out", ptr(int()));
        Case {
            f,
            out,
            stmts: Vec::new(),
            expect: Vec::new(),
        }
    }
    /// `out[n] = e` (e converted to int), expecting `want`.
    fn check(&mut self, e: TExprId, want: i64) {
        let f = &mut self.f;
        let e = f.conv(e, int());
        let n = self.expect.len() as i64;
        let o = f.get(self.out);
        let idx = f.int(n);
        let l = f.at(o, idx);
        let a = f.assign(l, e);
        let s = f.x(a);
        self.stmts.push(s);
        self.expect.push(want);
    }
    fn stmt(&mut self, s: TStmtId) {
        self.stmts.push(s);
    }
    fn run(self, tu: &mut Tu, name: &str) {
        let k = tu.kernel(name, vec![ptr(int())]);
        let expect = self.expect.clone();
        tu.set_body(k, self.f.finish(self.stmts));
        let p = tu.compile(k, &options("sm_80"));
        assert!(p.diagnostics.is_empty(), "{:#?}", p.diagnostics);
        let got = stores(&p.ptx);
        if std::env::var_os("WARPC_DUMP_PTX").is_some() {
            eprintln!("{}", p.ptx);
        }
        let want: BTreeMap<u64, i64> = expect.iter().enumerate().map(|(i, v)| (4 * i as u64, *v)).collect();
        assert_eq!(got, want, "\n{}", p.ptx);
        ptxas(&tu.module(&options_o("sm_80", OptLevel::O0)).0, "sm_80");
        ptxas(&tu.module(&options("sm_80")).0, "sm_80");
    }
}

#[test]
fn integer_arithmetic() {
    let mut c = Case::new();
    let f = &mut c.f;
    let m8 = f.int(-8);
    let one = f.int(1);
    let e = f.bin(TBinOp::Shr, m8, one);
    c.check(e, -4);
    let f = &mut c.f;
    let m8 = f.lit(uint(), (-8i32 as u32) as i128);
    let one = f.int(1); // shift count of another type
    let e = f.bin(TBinOp::Shr, m8, one);
    c.check(e, 0x7FFF_FFFC);
    let f = &mut c.f;
    let a = f.int(-7);
    let b = f.int(2);
    let e = f.bin(TBinOp::Div, a, b);
    c.check(e, -3);
    let f = &mut c.f;
    let a = f.int(-7);
    let b = f.int(2);
    let e = f.bin(TBinOp::Rem, a, b);
    c.check(e, -1);
    let f = &mut c.f;
    let a = f.lit(uint(), 0xFFFF_FFF9);
    let b = f.uint(2);
    let e = f.bin(TBinOp::Div, a, b);
    c.check(e, 0x7FFF_FFFC);
    let f = &mut c.f;
    let a = f.int(6);
    let b = f.int(3);
    let x = f.bin(TBinOp::BitXor, a, b);
    let nb = f.e(int(), ValueCategory::RValue, ExprKind::Unary(TUnaryOp::BitNot, x));
    c.check(nb, !5);
    let f = &mut c.f;
    let a = f.int(5);
    let e = f.e(int(), ValueCategory::RValue, ExprKind::Unary(TUnaryOp::Neg, a));
    c.check(e, -5);
    // Narrowing and widening: (signed char)200 == -56; (unsigned char)-1 == 255.
    let f = &mut c.f;
    let a = f.int(200);
    let sc = f.conv(a, Ty::int(IntKind::SChar));
    c.check(sc, -56);
    let f = &mut c.f;
    let a = f.int(-1);
    let uc = f.conv(a, Ty::int(IntKind::UChar));
    c.check(uc, 255);
    // long long arithmetic truncated back.
    let f = &mut c.f;
    let a = f.lit(Ty::int(IntKind::LongLong), 1 << 40);
    let b = f.lit(Ty::int(IntKind::LongLong), 3);
    let s = f.bin(TBinOp::Add, a, b);
    let sh = f.lit(Ty::int(IntKind::LongLong), 38);
    let e = f.bin(TBinOp::Shr, s, sh);
    c.check(e, 4);
    // Comparisons by signedness: -1 < 1 (int) but (unsigned)-1 > 1.
    let f = &mut c.f;
    let a = f.int(-1);
    let b = f.int(1);
    let lt = f.bin(TBinOp::Lt, a, b);
    c.check(lt, 1);
    let f = &mut c.f;
    let a = f.lit(uint(), 0xFFFF_FFFF);
    let b = f.uint(1);
    let lt = f.bin(TBinOp::Lt, a, b);
    c.check(lt, 0);
    c.run(&mut Tu::new(), "ints");
}

#[test]
fn floats_and_conversions() {
    let mut c = Case::new();
    let f = &mut c.f;
    let a = f.f32(2.75);
    c.check(a, 2); // truncation toward zero
    let f = &mut c.f;
    let a = f.f64(-2.75);
    c.check(a, -2);
    let f = &mut c.f;
    let a = f.f32(1.5);
    let b = f.f32(2.0);
    let m = f.bin(TBinOp::Mul, a, b);
    let d = f.f32(0.5);
    let s = f.bin(TBinOp::Add, m, d);
    let ten = f.f32(10.0);
    let s = f.bin(TBinOp::Mul, s, ten);
    c.check(s, 35);
    let f = &mut c.f;
    let a = f.int(7);
    let af = f.conv(a, f64t());
    let b = f.f64(2.0);
    let q = f.bin(TBinOp::Div, af, b);
    let h = f.f64(100.0);
    let q = f.bin(TBinOp::Mul, q, h);
    c.check(q, 350);
    // float -> bool -> int; 0.0 -> false.
    let f = &mut c.f;
    let a = f.f32(0.25);
    let b = f.conv(a, Ty::bool());
    c.check(b, 1);
    let f = &mut c.f;
    let a = f.f32(0.0);
    let b = f.conv(a, Ty::bool());
    c.check(b, 0);
    // unsigned -> float: 0x80000000 is positive.
    let f = &mut c.f;
    let a = f.lit(uint(), 0x8000_0000);
    let af = f.conv(a, f64t());
    let two = f.f64(1073741824.0);
    let q = f.bin(TBinOp::Div, af, two);
    c.check(q, 2);
    c.run(&mut Tu::new(), "floats");
}

#[test]
fn control_flow_and_lvalues() {
    let mut c = Case::new();
    // int s = 0; for (int k = 0; k < 10; ++k) { if (k == 3) continue; if (k == 8) break; s += k; }
    let f = &mut c.f;
    let s = f.local("s", int());
    let k = f.local("k", int());
    let z = f.int(0);
    let d = f.decl(s, Some(TInit::Expr(z)));
    c.stmt(d);
    let f = &mut c.f;
    let z = f.int(0);
    let init = f.decl(k, Some(TInit::Expr(z)));
    let kv = f.get(k);
    let ten = f.int(10);
    let cond = f.bin(TBinOp::Lt, kv, ten);
    let kl = f.lv(k);
    let step = f.inc(kl, true);
    let kv = f.get(k);
    let three = f.int(3);
    let eq3 = f.bin(TBinOp::Eq, kv, three);
    let cont = f.s(TStmt::Continue);
    let i1 = f.if_(eq3, cont, None);
    let kv = f.get(k);
    let eight = f.int(8);
    let eq8 = f.bin(TBinOp::Eq, kv, eight);
    let brk = f.s(TStmt::Break);
    let i2 = f.if_(eq8, brk, None);
    let sl = f.lv(s);
    let kv = f.get(k);
    let add = f.compound(TBinOp::Add, sl, kv);
    let a = f.x(add);
    let body = f.block(vec![i1, i2, a]);
    let lp = f.for_(Some(init), Some(cond), Some(step), body, LoopHint::None);
    c.stmt(lp);
    let sv = c.f.get(s);
    c.check(sv, 1 + 2 + 4 + 5 + 6 + 7);

    // int n = 0, w = 5; while (w) { w--; n += 2; } do { n++; } while (n < 3);
    let f = &mut c.f;
    let n = f.local("n", int());
    let w = f.local("w", int());
    let z = f.int(0);
    let d1 = f.decl(n, Some(TInit::Expr(z)));
    let five = f.int(5);
    let d2 = f.decl(w, Some(TInit::Expr(five)));
    let wv = f.get(w);
    let wb = f.conv(wv, Ty::bool());
    let wl = f.lv(w);
    let dec = f.e(
        int(),
        ValueCategory::RValue,
        ExprKind::IncDec {
            lhs: wl,
            inc: false,
            prefix: false,
        },
    );
    let s1 = f.x(dec);
    let nl = f.lv(n);
    let two = f.int(2);
    let add = f.compound(TBinOp::Add, nl, two);
    let s2 = f.x(add);
    let body = f.block(vec![s1, s2]);
    let wh = f.s(TStmt::While {
        cond: wb,
        body,
        hint: LoopHint::None,
    });
    let nl = f.lv(n);
    let inc = f.inc(nl, false);
    let s3 = f.x(inc);
    let nv = f.get(n);
    let three = f.int(3);
    let lt = f.bin(TBinOp::Lt, nv, three);
    let dw = f.s(TStmt::DoWhile {
        body: s3,
        cond: lt,
        hint: LoopHint::None,
    });
    c.stmt(d1);
    c.stmt(d2);
    c.stmt(wh);
    c.stmt(dw);
    let nv = c.f.get(n);
    c.check(nv, 11);
    let wv = c.f.get(w);
    c.check(wv, 0);

    // Short circuit: int t = 0; (0 && (t = 1)) || (t += 10, 1); t == 10; result of || == 1.
    let f = &mut c.f;
    let t = f.local("t", int());
    let z = f.int(0);
    let d = f.decl(t, Some(TInit::Expr(z)));
    c.stmt(d);
    let f = &mut c.f;
    let fls = f.bool(false);
    let tl = f.lv(t);
    let one = f.int(1);
    let asg = f.assign(tl, one);
    let asg = f.load(asg);
    let asgb = f.conv(asg, Ty::bool());
    let and = f.e(Ty::bool(), ValueCategory::RValue, ExprKind::LogicAnd(fls, asgb));
    let tl = f.lv(t);
    let ten = f.int(10);
    let add = f.compound(TBinOp::Add, tl, ten);
    let tru = f.bool(true);
    let comma = f.e(Ty::bool(), ValueCategory::RValue, ExprKind::Comma(add, tru));
    let or = f.e(Ty::bool(), ValueCategory::RValue, ExprKind::LogicOr(and, comma));
    c.check(or, 1);
    let tv = c.f.get(t);
    c.check(tv, 10);

    // Conditional lvalue: int a = 1, b = 2; (t > 5 ? a : b) = 7; a*10+b == 72; and rvalue ?:.
    let f = &mut c.f;
    let a = f.local("a", int());
    let b = f.local("b", int());
    let one = f.int(1);
    let da = f.decl(a, Some(TInit::Expr(one)));
    let two = f.int(2);
    let db = f.decl(b, Some(TInit::Expr(two)));
    c.stmt(da);
    c.stmt(db);
    let f = &mut c.f;
    let tv = f.get(t);
    let five = f.int(5);
    let gt = f.bin(TBinOp::Gt, tv, five);
    let al = f.lv(a);
    let bl = f.lv(b);
    let cnd = f.e(
        int(),
        ValueCategory::LValue,
        ExprKind::Cond {
            cond: gt,
            then: al,
            else_: bl,
        },
    );
    let seven = f.int(7);
    let asg = f.assign(cnd, seven);
    let s = f.x(asg);
    c.stmt(s);
    let f = &mut c.f;
    let av = f.get(a);
    let ten = f.int(10);
    let m = f.bin(TBinOp::Mul, av, ten);
    let bv = f.get(b);
    let sum = f.bin(TBinOp::Add, m, bv);
    c.check(sum, 72);
    let f = &mut c.f;
    let bv = f.get(b);
    let two = f.int(2);
    let eq = f.bin(TBinOp::Eq, bv, two);
    let x = f.int(100);
    let y = f.int(200);
    let cnd = f.e(
        int(),
        ValueCategory::RValue,
        ExprKind::Cond {
            cond: eq,
            then: x,
            else_: y,
        },
    );
    c.check(cnd, 100);

    // switch with fallthrough and goto.
    let f = &mut c.f;
    let r = f.local("r", int());
    let z = f.int(0);
    let d = f.decl(r, Some(TInit::Expr(z)));
    let c1 = f.s(TStmt::Case(0));
    let rl = f.lv(r);
    let v1 = f.int(1);
    let a1 = f.compound(TBinOp::Add, rl, v1);
    let s1 = f.x(a1);
    let c2 = f.s(TStmt::Case(1));
    let rl = f.lv(r);
    let v2 = f.int(20);
    let a2 = f.compound(TBinOp::Add, rl, v2);
    let s2 = f.x(a2);
    let br = f.s(TStmt::Break);
    let df = f.s(TStmt::Default);
    let rl = f.lv(r);
    let v3 = f.int(300);
    let a3 = f.compound(TBinOp::Add, rl, v3);
    let s3 = f.x(a3);
    let body = f.block(vec![c1, s1, c2, s2, br, df, s3]);
    let four = f.int(4);
    let sw = f.s(TStmt::Switch {
        cond: four,
        body,
        cases: vec![4, 5],
        has_default: true,
    });
    let skip = f.label("skip");
    let g = f.s(TStmt::Goto(skip));
    let rl = f.lv(r);
    let big = f.int(5000);
    let a4 = f.compound(TBinOp::Add, rl, big);
    let s4 = f.x(a4);
    let lab = f.s(TStmt::Label(skip));
    for s in [d, sw, g, s4, lab] {
        c.stmt(s);
    }
    let rv = c.f.get(r);
    c.check(rv, 21);
    c.run(&mut Tu::new(), "control");
}

#[test]
fn aggregates_and_pointers() {
    let mut tu = Tu::new();
    let pt = tu.record(
        "Pt",
        vec![
            ("x", int(), 0),
            ("c", Ty::int(IntKind::Char), 4),
            ("y", Ty::int(IntKind::Long), 8),
        ],
        16,
        8,
        false,
    );
    let ptt = Ty::new(TyKind::Record(pt));
    let un = tu.record("U", vec![("f", f32t(), 0), ("u", uint(), 0)], 4, 4, true);
    let unt = Ty::new(TyKind::Record(un));
    let mut c = Case::new();
    // int arr[5] = {1, 2}; arr[4] == 0; arr[1] == 2; &arr[4] - &arr[1] == 3.
    let f = &mut c.f;
    let arr = f.local("arr", array(int(), Some(5)));
    let e1 = f.int(1);
    let e2 = f.int(2);
    let d = f.decl(arr, Some(TInit::List(vec![TInit::Expr(e1), TInit::Expr(e2)])));
    c.stmt(d);
    let f = &mut c.f;
    let av = f.get(arr);
    let four = f.int(4);
    let a4 = f.at(av, four);
    let a4v = f.load(a4);
    c.check(a4v, 0);
    let f = &mut c.f;
    let av = f.get(arr);
    let one = f.int(1);
    let a1 = f.at(av, one);
    let a1v = f.load(a1);
    c.check(a1v, 2);
    let f = &mut c.f;
    let av = f.get(arr);
    let four = f.int(4);
    let a4 = f.at(av, four);
    let p4 = f.addr_of(a4);
    let av = f.get(arr);
    let one = f.int(1);
    let a1 = f.at(av, one);
    let p1 = f.addr_of(a1);
    let diff = f.e(long(), ValueCategory::RValue, ExprKind::PtrDiff { lhs: p4, rhs: p1 });
    c.check(diff, 3);
    // char msg[8] = "hi"; msg[1] + msg[5]
    let f = &mut c.f;
    let msg = f.local("msg", array(char_t(), Some(8)));
    let d = f.decl(msg, Some(TInit::Bytes(b"hi".to_vec())));
    c.stmt(d);
    let f = &mut c.f;
    let mv = f.get(msg);
    let one = f.int(1);
    let m1 = f.at(mv, one);
    let m1 = f.load(m1);
    let m1 = f.conv(m1, int());
    let mv = f.get(msg);
    let five = f.int(5);
    let m5 = f.at(mv, five);
    let m5 = f.load(m5);
    let m5 = f.conv(m5, int());
    let s = f.bin(TBinOp::Add, m1, m5);
    c.check(s, 'i' as i64);
    // Pt p = {3, 'a', 1L << 33}; Pt q = p; q.x += 1; q.y >> 30 + q.x + q.c
    let f = &mut c.f;
    let p = f.local("p", ptt.clone());
    let q = f.local("q", ptt.clone());
    let three = f.int(3);
    let ca = f.lit(Ty::int(IntKind::Char), 'a' as i128);
    let big = f.lit(Ty::int(IntKind::Long), 1 << 33);
    let d = f.decl(
        p,
        Some(TInit::List(vec![TInit::Expr(three), TInit::Expr(ca), TInit::Expr(big)])),
    );
    let pv = f.get(p);
    let dq = f.decl(q, Some(TInit::Expr(pv)));
    let ql = f.lv(q);
    let qx = f.member(ql, 0, int());
    let one = f.int(1);
    let inc = f.compound(TBinOp::Add, qx, one);
    let s = f.x(inc);
    for st in [d, dq, s] {
        c.stmt(st);
    }
    let f = &mut c.f;
    let ql = f.lv(q);
    let qy = f.member(ql, 2, long());
    let qy = f.load(qy);
    let thirty = f.lit(long(), 30);
    let sh = f.bin(TBinOp::Shr, qy, thirty);
    let ql = f.lv(q);
    let qx = f.member(ql, 0, int());
    let qx = f.load(qx);
    let qx = f.conv(qx, long());
    let s1 = f.bin(TBinOp::Add, sh, qx);
    let ql = f.lv(q);
    let qc = f.member(ql, 1, char_t());
    let qc = f.load(qc);
    let qc = f.conv(qc, long());
    let s2 = f.bin(TBinOp::Add, s1, qc);
    c.check(s2, 8 + 4 + 97);
    // union U u; u.f = 1.0f; u.u == 0x3f800000
    let f = &mut c.f;
    let u = f.local("u", unt.clone());
    let d = f.decl(
        u,
        Some(TInit::Union {
            field: 0,
            init: Box::new(TInit::Zero),
        }),
    );
    let ul = f.lv(u);
    let uf = f.member(ul, 0, f32t());
    let onef = f.f32(1.0);
    let asg = f.assign(uf, onef);
    let s = f.x(asg);
    c.stmt(d);
    c.stmt(s);
    let f = &mut c.f;
    let ul = f.lv(u);
    let uu = f.member(ul, 1, uint());
    let uu = f.load(uu);
    c.check(uu, 0x3f80_0000);
    // Compound literal / aggregate temporary: (Pt){7}.x + (Pt){7}.y
    let f = &mut c.f;
    let seven = f.int(7);
    let agg = f.e(
        ptt.clone(),
        ValueCategory::RValue,
        ExprKind::Aggregate(Box::new(TInit::List(vec![TInit::Expr(seven)]))),
    );
    let ax = f.member(agg, 0, int());
    c.check(ax, 7);
    c.run(&mut tu, "aggregates");
}
