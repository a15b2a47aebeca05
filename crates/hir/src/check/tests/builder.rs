//! A small builder for HIR (item trees and bodies) so the checker can be tested without the
//! parser, and a driver that checks a whole translation unit and prints the result.
#![allow(dead_code)]

use crate::body::*;
use crate::check::pretty::{print_body, print_def_map};
use crate::check::{build_def_map, check_body, BodyDiagnostic};
use crate::item_tree::*;
use smol_str::SmolStr;
use warpc_base::CompileOptions;

// ---- types -------------------------------------------------------------------------------------

pub fn int() -> TypeRef {
    TypeRef::Builtin(BuiltinType::Int)
}
pub fn uint() -> TypeRef {
    TypeRef::Builtin(BuiltinType::UInt)
}
pub fn float() -> TypeRef {
    TypeRef::Builtin(BuiltinType::Float)
}
pub fn void() -> TypeRef {
    TypeRef::Builtin(BuiltinType::Void)
}
pub fn bt(b: BuiltinType) -> TypeRef {
    TypeRef::Builtin(b)
}
pub fn ptr(t: TypeRef) -> TypeRef {
    TypeRef::Pointer(Box::new(t))
}
pub fn konst(t: TypeRef) -> TypeRef {
    TypeRef::Qualified(Quals::CONST, Box::new(t))
}
pub fn restrict(t: TypeRef) -> TypeRef {
    TypeRef::Qualified(Quals::RESTRICT, Box::new(t))
}
pub fn named(n: &str) -> TypeRef {
    TypeRef::Named(n.into())
}
pub fn rec(name: &str) -> TypeRef {
    TypeRef::Record {
        kind: RecordKind::Struct,
        name: Some(name.into()),
        def: None,
    }
}
/// `T[n]` with a literal bound.
pub fn arr(t: TypeRef, n: u128) -> TypeRef {
    TypeRef::Array(Box::new(t), Some(Box::new(const_int(n))))
}
pub fn arr_unsized(t: TypeRef) -> TypeRef {
    TypeRef::Array(Box::new(t), None)
}

pub fn int_lit(v: u128) -> Expr {
    Expr::Literal(Literal::Int {
        value: v,
        unsigned: false,
        long: 0,
        decimal: true,
    })
}

pub fn const_int(v: u128) -> ConstExpr {
    ConstExpr {
        exprs: vec![int_lit(v)],
        types: vec![],
        root: ExprId(0),
    }
}

/// A constant expression built with a body builder (its root is the last expression).
pub fn const_expr(f: impl FnOnce(&mut Fb) -> ExprId) -> ConstExpr {
    let mut b = Fb::new(&[]);
    let root = f(&mut b);
    ConstExpr {
        exprs: b.body.exprs,
        types: b.body.types,
        root,
    }
}

// ---- bodies ------------------------------------------------------------------------------------

/// Function body builder.
pub struct Fb {
    pub body: Body,
}

impl Fb {
    pub fn new(params: &[&str]) -> Fb {
        Fb {
            body: Body {
                params: params.iter().map(|p| Some(SmolStr::new(p))).collect(),
                ..Default::default()
            },
        }
    }
    pub fn ex(&mut self, e: Expr) -> ExprId {
        self.body.exprs.push(e);
        ExprId(self.body.exprs.len() as u32 - 1)
    }
    pub fn n(&mut self, name: &str) -> ExprId {
        self.ex(Expr::Name(name.into()))
    }
    pub fn i(&mut self, v: u128) -> ExprId {
        self.ex(int_lit(v))
    }
    pub fn lit(&mut self, l: Literal) -> ExprId {
        self.ex(Expr::Literal(l))
    }
    pub fn f32(&mut self, v: f32) -> ExprId {
        self.lit(Literal::Float {
            bits: (v as f64).to_bits(),
            single: true,
        })
    }
    pub fn f64(&mut self, v: f64) -> ExprId {
        self.lit(Literal::Float {
            bits: v.to_bits(),
            single: false,
        })
    }
    pub fn str(&mut self, s: &str) -> ExprId {
        self.lit(Literal::String(s.as_bytes().to_vec()))
    }
    pub fn bin(&mut self, op: BinaryOp, l: ExprId, r: ExprId) -> ExprId {
        self.ex(Expr::Binary { op, lhs: l, rhs: r })
    }
    pub fn un(&mut self, op: UnaryOp, e: ExprId) -> ExprId {
        self.ex(Expr::Unary { op, expr: e })
    }
    pub fn asg(&mut self, l: ExprId, r: ExprId) -> ExprId {
        self.ex(Expr::Assign {
            op: None,
            lhs: l,
            rhs: r,
        })
    }
    pub fn casg(&mut self, op: BinaryOp, l: ExprId, r: ExprId) -> ExprId {
        self.ex(Expr::Assign {
            op: Some(op),
            lhs: l,
            rhs: r,
        })
    }
    pub fn call(&mut self, name: &str, args: Vec<ExprId>) -> ExprId {
        let c = self.n(name);
        self.ex(Expr::Call { callee: c, args })
    }
    pub fn idx(&mut self, b: ExprId, i: ExprId) -> ExprId {
        self.ex(Expr::Index { base: b, index: i })
    }
    pub fn mem(&mut self, b: ExprId, f: &str) -> ExprId {
        self.ex(Expr::Member {
            base: b,
            field: f.into(),
            arrow: false,
        })
    }
    pub fn arrow(&mut self, b: ExprId, f: &str) -> ExprId {
        self.ex(Expr::Member {
            base: b,
            field: f.into(),
            arrow: true,
        })
    }
    /// `threadIdx.x` etc.
    pub fn bvar(&mut self, var: &str, f: &str) -> ExprId {
        let b = self.n(var);
        self.mem(b, f)
    }
    pub fn cast(&mut self, t: TypeRef, e: ExprId) -> ExprId {
        let ty = self.ty(t);
        self.ex(Expr::Cast { ty, expr: e })
    }
    pub fn ty(&mut self, t: TypeRef) -> TypeRefId {
        self.body.types.push(t);
        TypeRefId(self.body.types.len() as u32 - 1)
    }
    pub fn st(&mut self, s: Stmt) -> StmtId {
        self.body.stmts.push(s);
        StmtId(self.body.stmts.len() as u32 - 1)
    }
    pub fn es(&mut self, e: ExprId) -> StmtId {
        self.st(Stmt::Expr(e))
    }
    pub fn decl_full(
        &mut self,
        name: &str,
        t: TypeRef,
        space: MemorySpace,
        storage: StorageClass,
        init: Option<Initializer>,
    ) -> StmtId {
        let ty = self.ty(t);
        self.st(Stmt::Decl(vec![LocalDecl {
            name: name.into(),
            ty,
            storage,
            space,
            init,
            align: Vec::new(),
        }]))
    }
    pub fn decl(&mut self, name: &str, t: TypeRef, init: Option<ExprId>) -> StmtId {
        self.decl_full(
            name,
            t,
            MemorySpace::Default,
            StorageClass::None,
            init.map(Initializer::Expr),
        )
    }
    pub fn decl_list(&mut self, name: &str, t: TypeRef, items: Vec<Initializer>) -> StmtId {
        let list = Initializer::List(items.into_iter().map(|i| (None, i)).collect());
        self.decl_full(name, t, MemorySpace::Default, StorageClass::None, Some(list))
    }
    pub fn ret(&mut self, e: Option<ExprId>) -> StmtId {
        self.st(Stmt::Return(e))
    }
    pub fn block(&mut self, ss: Vec<StmtId>) -> StmtId {
        self.st(Stmt::Block(ss))
    }
    pub fn if_(&mut self, c: ExprId, t: StmtId, e: Option<StmtId>) -> StmtId {
        self.st(Stmt::If {
            cond: c,
            then: t,
            else_: e,
        })
    }
    pub fn finish(mut self, stmts: Vec<StmtId>) -> Body {
        let root = self.block(stmts);
        self.body.root = Some(root);
        self.body
    }
}

// ---- translation units -------------------------------------------------------------------------

#[derive(Default)]
pub struct Tu {
    pub items: ItemTree,
    pub bodies: Vec<Body>,
}

pub fn attrs_global() -> FnAttrs {
    FnAttrs {
        global: true,
        ..Default::default()
    }
}
pub fn attrs_device() -> FnAttrs {
    FnAttrs {
        device: true,
        ..Default::default()
    }
}

impl Tu {
    pub fn func(&mut self, name: &str, ret: TypeRef, params: &[(&str, TypeRef)], attrs: FnAttrs, body: Option<Body>) {
        self.func_v(name, ret, params, false, attrs, body)
    }

    pub fn func_v(
        &mut self,
        name: &str,
        ret: TypeRef,
        params: &[(&str, TypeRef)],
        variadic: bool,
        attrs: FnAttrs,
        body: Option<Body>,
    ) {
        let has_body = body.is_some();
        let body_index = body.map(|b| {
            self.bodies.push(b);
            self.bodies.len() as u32 - 1
        });
        self.items.items.push(Item::Function(FunctionItem {
            name: name.into(),
            ret,
            params: params
                .iter()
                .map(|(n, t)| Param {
                    name: (!n.is_empty()).then(|| SmolStr::new(n)),
                    ty: t.clone(),
                    default: None,
                    pack: false,
                })
                .collect(),
            variadic,
            attrs,
            has_body,
            body_index,
            method: None,
            template: None,
            class_params: None,
        }));
    }

    pub fn record(
        &mut self,
        kind: RecordKind,
        name: Option<&str>,
        fields: &[(&str, TypeRef)],
        align: Option<u128>,
    ) -> u32 {
        self.items.records.push(RecordItem {
            kind,
            name: name.map(SmolStr::new),
            fields: Some(
                fields
                    .iter()
                    .map(|(n, t)| FieldItem {
                        name: (!n.is_empty()).then(|| SmolStr::new(n)),
                        ty: t.clone(),
                        bit_width: None,
                        align: Vec::new(),
                        init: None,
                    })
                    .collect(),
            ),
            align: align.map(const_int),
            template: None,
            specialization: None,
            bases: Vec::new(),
            restricted_data: false,
            restricted: Vec::new(),
            base_access: Vec::new(),
            friends: Vec::new(),
            nested: false,
            member_of_template: None,
            member_end: 0,
            usings: Vec::new(),
            is_final: false,
        });
        let i = self.items.records.len() as u32 - 1;
        self.items.items.push(Item::Record(i));
        i
    }

    pub fn typedef(&mut self, name: &str, ty: TypeRef) {
        self.items.items.push(Item::Typedef { name: name.into(), ty });
    }

    pub fn var(&mut self, name: &str, ty: TypeRef, space: MemorySpace, init: Option<(Initializer, ConstExpr)>) {
        self.items.items.push(Item::Var(VarItem {
            name: name.into(),
            ty,
            storage: StorageClass::None,
            space,
            extern_c: false,
            init: init.map(|(init, exprs)| GlobalInit { init, exprs }),
            member_of: None,
            align: Vec::new(),
            is_constexpr: false,
        }));
    }
}

pub fn show_diag(d: &BodyDiagnostic) -> String {
    let mut s = format!("{:?}[{}] at {:?}: {}", d.severity, d.code, d.at, d.message);
    for n in &d.notes {
        s.push_str(&format!("\n    note: {n}"));
    }
    s
}

/// Builds the def map, checks every function body, and prints everything.
pub fn check_tu(tu: &Tu, options: &CompileOptions) -> String {
    let dm = build_def_map(&tu.items, options);
    let mut out = String::new();
    for d in &dm.diagnostics {
        out.push_str(&format!(
            "item {}: {:?}[{}]: {}\n",
            d.item, d.severity, d.code, d.message
        ));
    }
    for (i, f) in dm.functions.iter().enumerate() {
        let Some(bi) = f.body_index else { continue };
        let (tb, diags) = check_body(&dm, crate::ty::FnId(i as u32), &tu.bodies[bi as usize], options);
        out.push_str(&print_body(&dm, crate::ty::FnId(i as u32), &tb));
        for d in &diags {
            out.push_str(&show_diag(d));
            out.push('\n');
        }
    }
    out
}

pub fn def_map_of(tu: &Tu) -> String {
    print_def_map(&build_def_map(&tu.items, &CompileOptions::default()))
}
