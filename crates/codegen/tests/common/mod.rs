//! Test support: a small builder for DefMaps and THIR bodies (the front end is written
//! concurrently; these tests build what the checker would produce by hand), and helpers that
//! compile a whole "translation unit" and check the PTX with ptxas.

#![allow(dead_code)]

use smol_str::SmolStr;
use std::sync::OnceLock;
use warpc_base::{CompileOptions, OptLevel, SmVersion};
use warpc_codegen::{assemble_module, compile_function, compile_globals, FnInput, FnPtx};
use warpc_hir::body::{LoopHint, Quals};
use warpc_hir::thir::*;
use warpc_hir::ty::*;
use warpc_hir::DefMap;
use warpc_testkit::Oracles;

pub fn int() -> Ty {
    Ty::int(IntKind::Int)
}
pub fn uint() -> Ty {
    Ty::int(IntKind::UInt)
}
pub fn long() -> Ty {
    Ty::int(IntKind::Long)
}
pub fn ull() -> Ty {
    Ty::int(IntKind::ULongLong)
}
pub fn f32t() -> Ty {
    Ty::float(FloatKind::F32)
}
pub fn f64t() -> Ty {
    Ty::float(FloatKind::F64)
}
pub fn ptr(t: Ty) -> Ty {
    Ty::ptr(t)
}
pub fn cptr(t: Ty) -> Ty {
    Ty::ptr(t.with_quals(Quals::CONST))
}
pub fn restrict(t: Ty) -> Ty {
    t.with_quals(Quals::RESTRICT)
}
pub fn array(t: Ty, n: Option<u64>) -> Ty {
    Ty::new(TyKind::Array(Box::new(t), n))
}
pub fn char_t() -> Ty {
    Ty::int(IntKind::Char)
}

pub fn options(arch: &str) -> CompileOptions {
    CompileOptions {
        arch: SmVersion::parse(arch).unwrap(),
        ..CompileOptions::default()
    }
}

pub fn options_o(arch: &str, opt: OptLevel) -> CompileOptions {
    CompileOptions { opt, ..options(arch) }
}

// ---------------------------------------------------------------- DefMap

#[derive(Default)]
pub struct Tu {
    pub defs: DefMap,
    pub bodies: Vec<(FnId, TypedBody)>,
}

impl Tu {
    pub fn new() -> Tu {
        Tu::default()
    }

    #[allow(clippy::too_many_arguments)]
    pub fn func(
        &mut self,
        name: &str,
        link: &str,
        ret: Ty,
        params: Vec<Ty>,
        space: ExecSpace,
        inline: InlineHint,
        kind: FnKind,
    ) -> FnId {
        let id = FnId(self.defs.functions.len() as u32);
        self.defs.functions.push(FnDecl {
            declared_inline: false,
            defaulted: false,
            deleted: false,
            name: name.into(),
            link_name: link.into(),
            sig: FnSig {
                ret,
                params,
                variadic: false,
                noexcept: false,
            },
            space,
            inline,
            is_static: false,
            extern_c: !link.starts_with("_Z"),
            launch_bounds: None,
            cluster_dims: None,
            kind,
            item: id.0,
            body_index: None,
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
        id
    }

    pub fn kernel(&mut self, name: &str, params: Vec<Ty>) -> FnId {
        self.func(
            name,
            name,
            Ty::void(),
            params,
            ExecSpace::Global,
            InlineHint::None,
            FnKind::Normal,
        )
    }

    pub fn device(&mut self, name: &str, link: &str, ret: Ty, params: Vec<Ty>, inline: InlineHint) -> FnId {
        self.func(name, link, ret, params, ExecSpace::Device, inline, FnKind::Normal)
    }

    /// A body-less builtin (`__nvvm_*`, `__warpc_*`, `printf`).
    pub fn builtin(&mut self, name: &str, ret: Ty, params: Vec<Ty>) -> FnId {
        let id = self.func(
            name,
            name,
            ret,
            params,
            ExecSpace::Device,
            InlineHint::None,
            FnKind::Builtin,
        );
        if name == "printf" {
            self.defs.functions[id.0 as usize].sig.variadic = true;
        }
        id
    }

    pub fn libdevice(&mut self, name: &str, ret: Ty, params: Vec<Ty>) -> FnId {
        self.func(
            name,
            name,
            ret,
            params,
            ExecSpace::Device,
            InlineHint::None,
            FnKind::Libdevice,
        )
    }

    pub fn global(&mut self, name: &str, ty: Ty, space: VarSpace, init: Option<ConstValue>) -> GlobalId {
        let id = GlobalId(self.defs.globals.len() as u32);
        self.defs.globals.push(GlobalDecl {
            name: name.into(),
            link_name: name.into(),
            ty,
            space,
            init,
            is_static: false,
            is_extern: false,
            item: id.0,
            align: 0,
            managed: false,
        });
        id
    }

    pub fn record(
        &mut self,
        name: &str,
        fields: Vec<(&str, Ty, u64)>,
        size: u64,
        align: u64,
        is_union: bool,
    ) -> RecordId {
        let id = RecordId(self.defs.records.len() as u32);
        self.defs.records.push(RecordDecl {
            name: Some(name.into()),
            is_union,
            fields: fields
                .into_iter()
                .map(|(n, ty, offset)| FieldDecl {
                    name: Some(n.into()),
                    ty,
                    offset,
                    bits: None,
                })
                .collect(),
            size,
            align,
            complete: true,
            mangle: None,
            closure_refs: Vec::new(),
            bases: Vec::new(),
            dsize: None,
            restricted: Vec::new(),
            nested: false,
            friends: Vec::new(),
            usings: Vec::new(),
            field_inits: Vec::new(),
            init_env: Vec::new(),
            init_scopes: Vec::new(),
            is_final: false,
        });
        id
    }

    pub fn set_body(&mut self, id: FnId, body: TypedBody) {
        self.bodies.retain(|(f, _)| *f != id);
        self.bodies.push((id, body));
    }

    pub fn inputs(&self) -> Vec<FnInput<'_>> {
        self.bodies.iter().map(|(id, body)| FnInput { id: *id, body }).collect()
    }

    pub fn body(&self, id: FnId) -> &TypedBody {
        &self.bodies.iter().find(|(f, _)| *f == id).unwrap().1
    }

    /// Compiles function `id` with every other body as a potential callee.
    pub fn compile(&self, id: FnId, opts: &CompileOptions) -> FnPtx {
        let inputs = self.inputs();
        let main = inputs.iter().find(|i| i.id == id).copied().unwrap();
        let callees: Vec<FnInput> = inputs.iter().filter(|i| i.id != id).copied().collect();
        compile_function(&self.defs, main, &callees, opts, libdevice())
    }

    /// Compiles every kernel and, transitively, every function still called; assembles them.
    pub fn module(&self, opts: &CompileOptions) -> (String, Vec<FnPtx>) {
        let mut done: Vec<FnPtx> = Vec::new();
        let mut work: Vec<FnId> = self
            .bodies
            .iter()
            .map(|(id, _)| *id)
            .filter(|id| self.defs.function(*id).space == ExecSpace::Global)
            .collect();
        let mut i = 0;
        while i < work.len() {
            let p = self.compile(work[i], opts);
            assert!(!p.has_errors(), "{} failed: {:#?}", p.link_name, p.diagnostics);
            for c in &p.calls {
                if let Some((id, _)) = self
                    .bodies
                    .iter()
                    .find(|(id, _)| self.defs.function(*id).link_name == c.as_str())
                {
                    if !work.contains(id) {
                        work.push(*id);
                    }
                }
            }
            done.push(p);
            i += 1;
        }
        let globals = compile_globals(&self.defs, opts);
        assert!(globals.diagnostics.is_empty(), "{:#?}", globals.diagnostics);
        let refs: Vec<&FnPtx> = done.iter().collect();
        (assemble_module(opts, &globals, &refs), done)
    }
}

// ---------------------------------------------------------------- bodies

pub struct Fb {
    pub b: TypedBody,
}

impl Default for Fb {
    fn default() -> Self {
        Self::new()
    }
}

impl Fb {
    pub fn new() -> Fb {
        Fb {
            b: TypedBody::default(),
        }
    }

    pub fn param(&mut self, name: &str, ty: Ty) -> LocalId {
        assert_eq!(self.b.param_count as usize, self.b.locals.len(), "parameters first");
        self.b.param_count += 1;
        self.push_local(name, ty, LocalStorage::Param, None)
    }

    pub fn local(&mut self, name: &str, ty: Ty) -> LocalId {
        self.push_local(name, ty, LocalStorage::Auto, None)
    }

    pub fn local_with(&mut self, name: &str, ty: Ty, storage: LocalStorage, init: Option<ConstValue>) -> LocalId {
        self.push_local(name, ty, storage, init)
    }

    fn push_local(&mut self, name: &str, ty: Ty, storage: LocalStorage, static_init: Option<ConstValue>) -> LocalId {
        self.b.locals.push(TLocal {
            name: SmolStr::new(name),
            ty,
            storage,
            static_init,
            align: 0,
        });
        LocalId(self.b.locals.len() as u32 - 1)
    }

    pub fn e(&mut self, ty: Ty, category: ValueCategory, kind: ExprKind) -> TExprId {
        self.b.exprs.push(TExpr { ty, category, kind });
        TExprId(self.b.exprs.len() as u32 - 1)
    }

    pub fn ty(&self, e: TExprId) -> Ty {
        self.b.expr(e).ty.clone()
    }

    /// lvalue of a local.
    pub fn lv(&mut self, l: LocalId) -> TExprId {
        let ty = self.b.local(l).ty.clone();
        self.e(ty, ValueCategory::LValue, ExprKind::Local(l))
    }

    /// lvalue-to-rvalue conversion (arrays decay instead).
    pub fn load(&mut self, e: TExprId) -> TExprId {
        let ty = self.ty(e);
        if let TyKind::Array(el, _) = &ty.kind {
            let p = ptr((**el).clone());
            return self.e(p, ValueCategory::RValue, ExprKind::Cast(CastKind::ArrayToPtr, e));
        }
        self.e(
            ty.unqualified(),
            ValueCategory::RValue,
            ExprKind::Cast(CastKind::Load, e),
        )
    }

    /// rvalue of a local.
    pub fn get(&mut self, l: LocalId) -> TExprId {
        let e = self.lv(l);
        self.load(e)
    }

    pub fn glv(&mut self, g: GlobalId, ty: Ty) -> TExprId {
        if !self.b.globals.contains(&g) {
            self.b.globals.push(g);
            self.b.globals.sort();
        }
        self.e(ty, ValueCategory::LValue, ExprKind::Global(g))
    }

    pub fn lit(&mut self, ty: Ty, v: i128) -> TExprId {
        self.e(ty, ValueCategory::RValue, ExprKind::IntConst(v as u128))
    }
    pub fn int(&mut self, v: i64) -> TExprId {
        self.lit(int(), v as i128)
    }
    pub fn uint(&mut self, v: u32) -> TExprId {
        self.lit(uint(), v as i128)
    }
    pub fn bool(&mut self, v: bool) -> TExprId {
        self.lit(Ty::bool(), v as i128)
    }
    pub fn f32(&mut self, v: f32) -> TExprId {
        self.e(
            f32t(),
            ValueCategory::RValue,
            ExprKind::FloatConst((v as f64).to_bits()),
        )
    }
    pub fn f64(&mut self, v: f64) -> TExprId {
        self.e(f64t(), ValueCategory::RValue, ExprKind::FloatConst(v.to_bits()))
    }
    pub fn string(&mut self, s: &str) -> TExprId {
        let mut bytes = s.as_bytes().to_vec();
        bytes.push(0);
        let ty = array(char_t().with_quals(Quals::CONST), Some(bytes.len() as u64));
        let lv = self.e(ty, ValueCategory::LValue, ExprKind::StringConst(bytes));
        self.e(
            cptr(char_t()),
            ValueCategory::RValue,
            ExprKind::Cast(CastKind::ArrayToPtr, lv),
        )
    }

    pub fn bin(&mut self, op: TBinOp, a: TExprId, b: TExprId) -> TExprId {
        let ty = match op {
            TBinOp::Lt | TBinOp::Gt | TBinOp::Le | TBinOp::Ge | TBinOp::Eq | TBinOp::Ne => Ty::bool(),
            _ => self.ty(a),
        };
        self.e(ty, ValueCategory::RValue, ExprKind::Binary(op, a, b))
    }

    pub fn cast(&mut self, kind: CastKind, e: TExprId, ty: Ty) -> TExprId {
        self.e(ty, ValueCategory::RValue, ExprKind::Cast(kind, e))
    }

    /// An implicit arithmetic conversion, with the cast kind picked from the types.
    pub fn conv(&mut self, e: TExprId, to: Ty) -> TExprId {
        let from = self.ty(e);
        if from == to {
            return e;
        }
        let kind = match (&from.kind, &to.kind) {
            (_, TyKind::Int(IntKind::Bool)) => CastKind::ToBool,
            (TyKind::Int(_), TyKind::Int(_)) => CastKind::IntToInt,
            (TyKind::Int(_), TyKind::Float(_)) => CastKind::IntToFloat,
            (TyKind::Float(_), TyKind::Int(_)) => CastKind::FloatToInt,
            (TyKind::Float(_), TyKind::Float(_)) => CastKind::FloatToFloat,
            (TyKind::Pointer(_), TyKind::Pointer(_)) => CastKind::PtrToPtr,
            _ => panic!("no conversion {from:?} -> {to:?}"),
        };
        self.cast(kind, e, to)
    }

    /// `p[i]` for a pointer rvalue `p`: lvalue `*(p + i)`.
    pub fn at(&mut self, p: TExprId, i: TExprId) -> TExprId {
        let pty = self.ty(p);
        let el = pty.pointee().unwrap().clone();
        let sum = self.e(pty, ValueCategory::RValue, ExprKind::PtrAdd { ptr: p, offset: i });
        self.e(el, ValueCategory::LValue, ExprKind::Deref(sum))
    }

    pub fn deref(&mut self, p: TExprId) -> TExprId {
        let el = self.ty(p).pointee().unwrap().clone();
        self.e(el, ValueCategory::LValue, ExprKind::Deref(p))
    }

    pub fn addr_of(&mut self, e: TExprId) -> TExprId {
        let t = ptr(self.ty(e));
        self.e(t, ValueCategory::RValue, ExprKind::AddrOf(e))
    }

    pub fn member(&mut self, base: TExprId, field: u32, fty: Ty) -> TExprId {
        let cat = self.b.expr(base).category;
        self.e(fty, cat, ExprKind::Member { base, field })
    }

    pub fn assign(&mut self, lhs: TExprId, rhs: TExprId) -> TExprId {
        let ty = self.ty(lhs);
        self.e(ty, ValueCategory::LValue, ExprKind::Assign { lhs, rhs })
    }

    pub fn compound(&mut self, op: TBinOp, lhs: TExprId, rhs: TExprId) -> TExprId {
        let ty = self.ty(lhs);
        let op_ty = self.ty(rhs);
        self.e(
            ty,
            ValueCategory::LValue,
            ExprKind::CompoundAssign { op, lhs, rhs, op_ty },
        )
    }

    pub fn inc(&mut self, lhs: TExprId, prefix: bool) -> TExprId {
        let ty = self.ty(lhs);
        let cat = if prefix {
            ValueCategory::LValue
        } else {
            ValueCategory::RValue
        };
        self.e(ty, cat, ExprKind::IncDec { lhs, inc: true, prefix })
    }

    pub fn call(&mut self, f: FnId, ret: Ty, args: Vec<TExprId>) -> TExprId {
        if !self.b.callees.contains(&f) {
            self.b.callees.push(f);
            self.b.callees.sort();
        }
        self.e(ret, ValueCategory::RValue, ExprKind::Call { callee: f, args })
    }

    pub fn sreg(&mut self, v: BuiltinVar, d: Dim) -> TExprId {
        self.e(uint(), ValueCategory::RValue, ExprKind::BuiltinVar(v, d))
    }

    /// `blockIdx.x * blockDim.x + threadIdx.x` as int.
    pub fn global_index(&mut self) -> TExprId {
        let b = self.sreg(BuiltinVar::BlockIdx, Dim::X);
        let d = self.sreg(BuiltinVar::BlockDim, Dim::X);
        let t = self.sreg(BuiltinVar::ThreadIdx, Dim::X);
        let m = self.bin(TBinOp::Mul, b, d);
        let s = self.bin(TBinOp::Add, m, t);
        self.conv(s, int())
    }

    pub fn s(&mut self, s: TStmt) -> TStmtId {
        self.b.stmts.push(s);
        TStmtId(self.b.stmts.len() as u32 - 1)
    }

    pub fn x(&mut self, e: TExprId) -> TStmtId {
        self.s(TStmt::Expr(e))
    }

    pub fn decl(&mut self, l: LocalId, init: Option<TInit>) -> TStmtId {
        self.s(TStmt::Decl { local: l, init })
    }

    pub fn block(&mut self, stmts: Vec<TStmtId>) -> TStmtId {
        self.s(TStmt::Block(stmts))
    }

    pub fn if_(&mut self, cond: TExprId, then: TStmtId, else_: Option<TStmtId>) -> TStmtId {
        self.s(TStmt::If { cond, then, else_ })
    }

    pub fn for_(
        &mut self,
        init: Option<TStmtId>,
        cond: Option<TExprId>,
        step: Option<TExprId>,
        body: TStmtId,
        hint: LoopHint,
    ) -> TStmtId {
        self.s(TStmt::For {
            init,
            cond,
            step,
            body,
            hint,
        })
    }

    pub fn ret(&mut self, e: Option<TExprId>) -> TStmtId {
        self.s(TStmt::Return(e))
    }

    pub fn label(&mut self, name: &str) -> LabelId {
        self.b.labels.push(name.into());
        LabelId(self.b.labels.len() as u32 - 1)
    }

    pub fn finish(mut self, stmts: Vec<TStmtId>) -> TypedBody {
        let root = self.block(stmts);
        self.b.root = Some(root);
        self.b
    }
}

// ---------------------------------------------------------------- oracles

pub fn oracles() -> &'static Oracles {
    static O: OnceLock<Oracles> = OnceLock::new();
    O.get_or_init(Oracles::require)
}

pub fn libdevice() -> Option<&'static [u8]> {
    static L: OnceLock<Vec<u8>> = OnceLock::new();
    Some(
        L.get_or_init(|| std::fs::read(&oracles().libdevice).expect("libdevice.10.bc"))
            .as_slice(),
    )
}

/// Asserts that ptxas accepts `ptx` for `arch`.
pub fn ptxas(ptx: &str, arch: &str) -> warpc_testkit::PtxasReport {
    if std::env::var_os("WARPC_DUMP_PTX").is_some() {
        eprintln!("===== PTX ({arch}) =====\n{ptx}");
    }
    match oracles().ptxas(ptx, arch) {
        Ok(r) => r,
        Err(e) => panic!("ptxas -arch={arch} rejected the PTX:\n{e}\n--- PTX ---\n{ptx}"),
    }
}
