//! Robustness: random (mostly ill-formed) HIR must never make the checker panic.

use super::builder::*;
use crate::body::*;
use crate::check::{build_def_map, check_body, pretty};
use crate::item_tree::*;
use crate::ty::FnId;
use warpc_base::CompileOptions;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len() as u64) as usize]
    }
}

const NAMES: &[&str] = &[
    "a",
    "b",
    "p",
    "s",
    "f",
    "g",
    "threadIdx",
    "blockDim",
    "warpSize",
    "x",
    "y",
    "arr",
    "E1",
    "zz",
];
const FIELDS: &[&str] = &["x", "y", "z", "re", "w"];

fn type_ref(r: &mut Rng, depth: u32) -> TypeRef {
    let builtins = [
        BuiltinType::Int,
        BuiltinType::Float,
        BuiltinType::Char,
        BuiltinType::ULongLong,
        BuiltinType::Void,
        BuiltinType::Bool,
        BuiltinType::Double,
    ];
    if depth > 3 {
        return TypeRef::Builtin(*r.pick(&builtins));
    }
    match r.below(9) {
        0 => ptr(type_ref(r, depth + 1)),
        1 => arr(type_ref(r, depth + 1), r.below(4) as u128),
        2 => konst(type_ref(r, depth + 1)),
        3 => named(r.pick::<&str>(&["S", "complexf", "nope"])),
        4 => rec(r.pick::<&str>(&["S", "Undeclared"])),
        5 => TypeRef::Function {
            ret: Box::new(type_ref(r, depth + 1)),
            params: vec![type_ref(r, depth + 1)],
            variadic: r.below(2) == 0,
            noexcept: (r.below(2) == 0).then_some(None),
        },
        6 => TypeRef::Array(Box::new(type_ref(r, depth + 1)), None),
        _ => TypeRef::Builtin(*r.pick(&builtins)),
    }
}

fn random_body(r: &mut Rng) -> Body {
    let n_exprs = 1 + r.below(40) as u32;
    let n_stmts = 1 + r.below(20) as u32;
    let eid = |r: &mut Rng| ExprId(r.below(n_exprs as u64 + 2) as u32);
    let sid = |r: &mut Rng| StmtId(r.below(n_stmts as u64 + 1) as u32);
    let mut b = Body {
        params: vec![Some("a".into()), Some("p".into())],
        ..Default::default()
    };
    for _ in 0..8 {
        b.types.push(type_ref(r, 0));
    }
    let tid = |r: &mut Rng| TypeRefId(r.below(9) as u32);
    let binops = [
        BinaryOp::Add,
        BinaryOp::Sub,
        BinaryOp::Mul,
        BinaryOp::Div,
        BinaryOp::Rem,
        BinaryOp::Shl,
        BinaryOp::Lt,
        BinaryOp::Eq,
        BinaryOp::LogicAnd,
        BinaryOp::Comma,
        BinaryOp::BitXor,
    ];
    let unops = [
        UnaryOp::Neg,
        UnaryOp::Not,
        UnaryOp::Deref,
        UnaryOp::AddrOf,
        UnaryOp::PreInc,
        UnaryOp::PostDec,
        UnaryOp::BitNot,
        UnaryOp::Plus,
    ];
    for _ in 0..n_exprs {
        let e = match r.below(16) {
            0 => Expr::Missing,
            1 => Expr::Literal(Literal::Int {
                value: r.below(5) as u128,
                unsigned: r.below(2) == 0,
                long: r.below(3) as u8,
                decimal: r.below(2) == 0,
            }),
            2 => Expr::Literal(Literal::Float {
                bits: 1.5f64.to_bits(),
                single: r.below(2) == 0,
            }),
            3 => Expr::Literal(Literal::String(b"hi".to_vec())),
            4 | 5 => Expr::Name((*r.pick(NAMES)).into()),
            6 => Expr::Unary {
                op: *r.pick(&unops),
                expr: eid(r),
            },
            7 | 8 => Expr::Binary {
                op: *r.pick(&binops),
                lhs: eid(r),
                rhs: eid(r),
            },
            9 => Expr::Assign {
                op: if r.below(2) == 0 { None } else { Some(*r.pick(&binops)) },
                lhs: eid(r),
                rhs: eid(r),
            },
            10 => Expr::Cond {
                cond: eid(r),
                then: eid(r),
                else_: eid(r),
            },
            11 => Expr::Call {
                callee: eid(r),
                args: (0..r.below(3)).map(|_| eid(r)).collect(),
            },
            12 => Expr::Index {
                base: eid(r),
                index: eid(r),
            },
            13 => Expr::Member {
                base: eid(r),
                field: (*r.pick(FIELDS)).into(),
                arrow: r.below(2) == 0,
            },
            14 => Expr::Cast {
                ty: tid(r),
                expr: eid(r),
            },
            _ => match r.below(4) {
                0 => Expr::SizeofExpr(eid(r)),
                1 => Expr::SizeofType(tid(r)),
                2 => Expr::KernelLaunch {
                    callee: eid(r),
                    config: vec![eid(r)],
                    args: vec![],
                },
                _ => Expr::InitList(Box::new(crate::body::Initializer::List(vec![]))),
            },
        };
        b.exprs.push(e);
    }
    for _ in 0..n_stmts {
        let s = match r.below(14) {
            0 => Stmt::Expr(eid(r)),
            1 | 2 => {
                let init = match r.below(3) {
                    0 => None,
                    1 => Some(Initializer::Expr(eid(r))),
                    _ => Some(Initializer::List(vec![
                        (None, Initializer::Expr(eid(r))),
                        (
                            if r.below(2) == 0 {
                                Some(Designator::Field("x".into()))
                            } else {
                                Some(Designator::Index(eid(r)))
                            },
                            Initializer::Expr(eid(r)),
                        ),
                        (None, Initializer::List(vec![(None, Initializer::Expr(eid(r)))])),
                    ])),
                };
                let space = *r.pick(&[
                    MemorySpace::Default,
                    MemorySpace::Shared,
                    MemorySpace::Constant,
                    MemorySpace::Global,
                ]);
                let storage = *r.pick(&[StorageClass::None, StorageClass::Static, StorageClass::Extern]);
                Stmt::Decl(vec![LocalDecl {
                    name: (*r.pick(NAMES)).into(),
                    ty: tid(r),
                    storage,
                    space,
                    init,
                    align: Vec::new(),
                }])
            }
            3 => Stmt::Block((0..r.below(4)).map(|_| sid(r)).collect()),
            4 => Stmt::If {
                cond: eid(r),
                then: sid(r),
                else_: Some(sid(r)),
            },
            5 => Stmt::While {
                cond: eid(r),
                body: sid(r),
                hint: LoopHint::None,
            },
            6 => Stmt::For {
                init: Some(sid(r)),
                cond: Some(eid(r)),
                step: None,
                body: sid(r),
                hint: LoopHint::Unroll(None),
            },
            7 => Stmt::Switch {
                cond: eid(r),
                body: sid(r),
            },
            8 => Stmt::Case {
                value: eid(r),
                body: sid(r),
            },
            9 => Stmt::Default { body: sid(r) },
            10 => r
                .pick(&[Stmt::Break, Stmt::Continue, Stmt::Return(None), Stmt::Empty])
                .clone(),
            11 => Stmt::Return(Some(eid(r))),
            12 => Stmt::Goto((*r.pick(&["l1", "l2"])).into()),
            _ => Stmt::Label {
                name: (*r.pick(&["l1", "l2"])).into(),
                body: sid(r),
            },
        };
        b.stmts.push(s);
    }
    // A root block over the top few statements (cycles through ids are possible in random HIR,
    // so only acyclic references are used: each block lists higher-numbered statements).
    b.root = Some(StmtId(0));
    b
}

/// Random statement graphs may contain cycles; break them by only keeping references to
/// statements with a larger id (HIR from lowering is always a tree).
fn make_acyclic(b: &mut Body) {
    let n = b.stmts.len() as u32;
    for (i, s) in b.stmts.iter_mut().enumerate() {
        let i = i as u32;
        let fix = |id: &mut StmtId| {
            if id.0 <= i {
                id.0 = n + 5; // out of range: the checker treats it as empty
            }
        };
        match s {
            Stmt::Block(v) => v.iter_mut().for_each(fix),
            Stmt::If { then, else_, .. } => {
                fix(then);
                if let Some(e) = else_ {
                    fix(e);
                }
            }
            Stmt::While { body, .. }
            | Stmt::DoWhile { body, .. }
            | Stmt::Switch { body, .. }
            | Stmt::Case { body, .. }
            | Stmt::Default { body }
            | Stmt::Label { body, .. } => fix(body),
            Stmt::For { init, body, .. } => {
                if let Some(x) = init {
                    fix(x);
                }
                fix(body);
            }
            _ => {}
        }
    }
    // Expressions likewise: only reference higher ids.
    let m = b.exprs.len() as u32;
    for (i, e) in b.exprs.iter_mut().enumerate() {
        let i = i as u32;
        let fix = |id: &mut ExprId| {
            if id.0 <= i {
                id.0 = m + 5;
            }
        };
        match e {
            Expr::Unary { expr, .. } | Expr::SizeofExpr(expr) | Expr::Cast { expr, .. } => fix(expr),
            Expr::Binary { lhs, rhs, .. } | Expr::Assign { lhs, rhs, .. } => {
                fix(lhs);
                fix(rhs);
            }
            Expr::Cond { cond, then, else_ } => {
                fix(cond);
                fix(then);
                fix(else_);
            }
            Expr::Call { callee, args } => {
                fix(callee);
                args.iter_mut().for_each(fix);
            }
            Expr::KernelLaunch { callee, config, args } => {
                fix(callee);
                config.iter_mut().for_each(fix);
                args.iter_mut().for_each(fix);
            }
            Expr::Index { base, index } => {
                fix(base);
                fix(index);
            }
            Expr::Member { base, .. } => fix(base),
            _ => {}
        }
    }
}

#[test]
fn random_hir_never_panics() {
    let mut tu = Tu::default();
    tu.record(RecordKind::Struct, Some("S"), &[("x", float()), ("y", int())], None);
    let anon = tu.record(RecordKind::Struct, None, &[("re", float()), ("im", float())], None);
    tu.typedef(
        "complexf",
        TypeRef::Record {
            kind: RecordKind::Struct,
            name: None,
            def: Some(anon),
        },
    );
    tu.items.enums.push(EnumItem {
        name: Some("E".into()),
        enumerators: vec![("E1".into(), None)],
        fixed: None,
        scoped: false,
        member_of_template: None,
    });
    tu.items.items.push(Item::Enum(0));
    tu.func("f", float(), &[("v", float())], attrs_device(), None);
    tu.func("f", int(), &[("v", int())], attrs_device(), None);
    tu.func("g", void(), &[("v", ptr(rec("S")))], FnAttrs::default(), None);
    let dm = build_def_map(&tu.items, &CompileOptions::default());
    let fid = FnId(dm.functions.len() as u32);
    let mut dm = dm;
    dm.functions.push(crate::ty::FnDecl {
        declared_inline: false,
        defaulted: false,
        deleted: false,
        name: "k".into(),
        link_name: "k".into(),
        sig: crate::ty::FnSig {
            ret: crate::ty::Ty::int(crate::ty::IntKind::Int),
            params: vec![
                crate::ty::Ty::float(crate::ty::FloatKind::F32),
                crate::ty::Ty::ptr(crate::ty::Ty::int(crate::ty::IntKind::Int)),
            ],
            variadic: false,
            noexcept: false,
        },
        space: crate::ty::ExecSpace::Device,
        inline: crate::ty::InlineHint::None,
        is_static: false,
        extern_c: true,
        launch_bounds: None,
        cluster_dims: None,
        kind: crate::ty::FnKind::Normal,
        item: 0,
        body_index: Some(0),
        defaults: Vec::new(),
        is_constexpr: false,
        method: None,
        instance: None,
        env: Vec::new(),
        lambda: None,
        deduce_ret: false,
        ret_pattern: None,
        noexcept: false,
    });
    let mut r = Rng(0x9e3779b97f4a7c15);
    for _ in 0..20000 {
        let mut b = random_body(&mut r);
        make_acyclic(&mut b);
        let (tb, _diags) = check_body(&dm, fid, &b, &CompileOptions::default());
        let _ = pretty::print_body(&dm, fid, &tb);
    }
}
