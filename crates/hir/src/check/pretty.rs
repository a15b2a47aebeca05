//! A compact, stable text form of THIR and of the def map, for snapshot tests and
//! `warpc --emit=thir`.
//!
//! Expressions are S-expressions ending in their type; lvalues have `&` after the type:
//! `(add (load (local i int&) int) (const 1 int) int)`. Casts print as their kind (`load`,
//! `int2int`, `decay`, ...). Statements are one per line, indented.

use super::display::display_ty;
use crate::def_map::{DefMap, ValueDef};
use crate::thir::{
    BuiltinVar, CastKind, Dim, ExprKind, LocalStorage, TBinOp, TExprId, TInit, TStmt, TStmtId, TUnaryOp, TypedBody,
    ValueCategory,
};
use crate::ty::{ConstValue, ExecSpace, FnId, FnKind, InlineHint, Ty, TyKind, VarSpace};
use std::fmt::Write;

struct P<'a> {
    dm: &'a DefMap,
    b: &'a TypedBody,
    out: String,
    /// Current expression nesting (printing stops descending at [`MAX_PRINT_DEPTH`]).
    depth: std::cell::Cell<u32>,
}

/// Deeper expressions print as `(...)`: the printer must not exhaust the stack.
const MAX_PRINT_DEPTH: u32 = 256;

fn cast_name(k: CastKind) -> &'static str {
    match k {
        CastKind::Load => "load",
        CastKind::IntToInt => "int2int",
        CastKind::ToBool => "tobool",
        CastKind::IntToFloat => "int2float",
        CastKind::FloatToInt => "float2int",
        CastKind::FloatToFloat => "float2float",
        CastKind::PtrToPtr => "ptr2ptr",
        CastKind::PtrToInt => "ptr2int",
        CastKind::IntToPtr => "int2ptr",
        CastKind::NullToPtr => "null2ptr",
        CastKind::ArrayToPtr => "decay",
        CastKind::FnToPtr => "fn2ptr",
        CastKind::ToVoid => "tovoid",
    }
}

fn binop_name(op: TBinOp) -> &'static str {
    match op {
        TBinOp::Add => "add",
        TBinOp::Sub => "sub",
        TBinOp::Mul => "mul",
        TBinOp::Div => "div",
        TBinOp::Rem => "rem",
        TBinOp::Shl => "shl",
        TBinOp::Shr => "shr",
        TBinOp::BitAnd => "bitand",
        TBinOp::BitOr => "bitor",
        TBinOp::BitXor => "bitxor",
        TBinOp::Lt => "lt",
        TBinOp::Gt => "gt",
        TBinOp::Le => "le",
        TBinOp::Ge => "ge",
        TBinOp::Eq => "eq",
        TBinOp::Ne => "ne",
    }
}

fn var_name(v: BuiltinVar, d: Dim) -> String {
    let v = match v {
        BuiltinVar::ThreadIdx => "threadIdx",
        BuiltinVar::BlockIdx => "blockIdx",
        BuiltinVar::BlockDim => "blockDim",
        BuiltinVar::GridDim => "gridDim",
    };
    let d = match d {
        Dim::X => "x",
        Dim::Y => "y",
        Dim::Z => "z",
    };
    format!("{v}.{d}")
}

fn escape(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            0 => s.push_str("\\0"),
            0x20..=0x7e => s.push(b as char),
            _ => {
                let _ = write!(s, "\\x{b:02x}");
            }
        }
    }
    s
}

/// An integer constant's bits as the value of type `ty`.
fn int_value(bits: u128, ty: &Ty) -> String {
    match ty.kind {
        TyKind::Int(k) if k.is_signed() => {
            let n = k.bits();
            let v = if n < 128 && (bits >> (n - 1)) & 1 == 1 {
                (bits as i128) - (1i128 << n)
            } else {
                bits as i128
            };
            v.to_string()
        }
        _ => bits.to_string(),
    }
}

fn float_value(bits: u64, ty: &Ty) -> String {
    let v = f64::from_bits(bits);
    match ty.kind {
        TyKind::Float(crate::ty::FloatKind::F32) => format!("{:?}", v as f32),
        _ => format!("{v:?}"),
    }
}

impl<'a> P<'a> {
    fn ty(&self, t: &Ty) -> String {
        display_ty(t, &self.dm.records)
    }

    fn expr(&self, e: TExprId) -> String {
        if self.depth.get() >= MAX_PRINT_DEPTH {
            return "(...)".into();
        }
        self.depth.set(self.depth.get() + 1);
        let s = self.expr_inner(e);
        self.depth.set(self.depth.get() - 1);
        s
    }

    fn expr_inner(&self, e: TExprId) -> String {
        let Some(x) = self.b.exprs.get(e.0 as usize) else {
            return "<bad expr>".into();
        };
        let mut ty = self.ty(&x.ty);
        if x.category == ValueCategory::LValue {
            ty.push('&');
        }
        let list = |v: &[TExprId]| v.iter().map(|a| self.expr(*a)).collect::<Vec<_>>().join(" ");
        let head = match &x.kind {
            ExprKind::IntConst(v) => format!("const {}", int_value(*v, &x.ty)),
            ExprKind::FloatConst(b) => format!("const {}", float_value(*b, &x.ty)),
            ExprKind::StringConst(b) => format!("str \"{}\"", escape(b)),
            ExprKind::NullPtr => "nullptr".into(),
            ExprKind::Local(l) => format!(
                "local {}",
                self.b.locals.get(l.0 as usize).map_or("?", |l| l.name.as_str())
            ),
            ExprKind::Global(g) => format!(
                "global {}",
                self.dm.globals.get(g.0 as usize).map_or("?", |g| g.name.as_str())
            ),
            ExprKind::Function(f) => format!("fn {}", self.fn_name(*f)),
            ExprKind::BuiltinVar(v, d) => var_name(*v, *d),
            ExprKind::WarpSize => "warpSize".into(),
            ExprKind::Cast(k, a) => format!("{} {}", cast_name(*k), self.expr(*a)),
            ExprKind::Unary(op, a) => {
                let n = match op {
                    TUnaryOp::Neg => "neg",
                    TUnaryOp::BitNot => "bitnot",
                    TUnaryOp::Not => "not",
                };
                format!("{n} {}", self.expr(*a))
            }
            ExprKind::Binary(op, a, b) => format!("{} {} {}", binop_name(*op), self.expr(*a), self.expr(*b)),
            ExprKind::PtrAdd { ptr, offset } => format!("ptradd {} {}", self.expr(*ptr), self.expr(*offset)),
            ExprKind::PtrSub { ptr, offset } => format!("ptrsub {} {}", self.expr(*ptr), self.expr(*offset)),
            ExprKind::PtrDiff { lhs, rhs } => format!("ptrdiff {} {}", self.expr(*lhs), self.expr(*rhs)),
            ExprKind::LogicAnd(a, b) => format!("and {} {}", self.expr(*a), self.expr(*b)),
            ExprKind::LogicOr(a, b) => format!("or {} {}", self.expr(*a), self.expr(*b)),
            ExprKind::Cond { cond, then, else_ } => {
                format!("cond {} {} {}", self.expr(*cond), self.expr(*then), self.expr(*else_))
            }
            ExprKind::Assign { lhs, rhs } => format!("assign {} {}", self.expr(*lhs), self.expr(*rhs)),
            ExprKind::CompoundAssign { op, lhs, rhs, op_ty } => {
                format!(
                    "{}=[{}] {} {}",
                    binop_name(*op),
                    self.ty(op_ty),
                    self.expr(*lhs),
                    self.expr(*rhs)
                )
            }
            ExprKind::IncDec { lhs, inc, prefix } => {
                let n = match (prefix, inc) {
                    (true, true) => "preinc",
                    (true, false) => "predec",
                    (false, true) => "postinc",
                    (false, false) => "postdec",
                };
                format!("{n} {}", self.expr(*lhs))
            }
            ExprKind::Call { callee, args } => {
                let a = list(args);
                if a.is_empty() {
                    format!("call {}", self.fn_name(*callee))
                } else {
                    format!("call {} {a}", self.fn_name(*callee))
                }
            }
            ExprKind::CallIndirect { callee, args } => {
                let a = list(args);
                if a.is_empty() {
                    format!("icall {}", self.expr(*callee))
                } else {
                    format!("icall {} {a}", self.expr(*callee))
                }
            }
            ExprKind::Member { base, field } => {
                let fname = match &self.b.exprs.get(base.0 as usize).map(|b| &b.ty.kind) {
                    Some(TyKind::Record(r)) => self
                        .dm
                        .records
                        .get(r)
                        .and_then(|r| r.fields.get(*field as usize))
                        .map(|f| f.name.clone().map_or(format!("#{field}"), |n| n.to_string()))
                        .unwrap_or_else(|| format!("#{field}")),
                    _ => format!("#{field}"),
                };
                format!("member {} .{fname}", self.expr(*base))
            }
            ExprKind::Deref(a) => format!("deref {}", self.expr(*a)),
            ExprKind::AddrOf(a) => format!("addr {}", self.expr(*a)),
            ExprKind::Comma(a, b) => format!("comma {} {}", self.expr(*a), self.expr(*b)),
            ExprKind::Aggregate(i) => format!("aggregate {}", self.init(i)),
            ExprKind::ForEach {
                first,
                count,
                elem,
                each,
                reverse,
            } => format!(
                "for-each{} {} {} {} {}",
                if *reverse { "-reverse" } else { "" },
                self.expr(*first),
                self.expr(*count),
                self.b.locals.get(elem.0 as usize).map_or("?", |l| l.name.as_str()),
                self.expr(*each)
            ),
        };
        format!("({head} {ty})")
    }

    fn init(&self, i: &TInit) -> String {
        match i {
            TInit::Expr(e) => self.expr(*e),
            TInit::List(v) => format!("{{{}}}", v.iter().map(|i| self.init(i)).collect::<Vec<_>>().join(", ")),
            TInit::Union { field, init } => format!("{{.#{field} = {}}}", self.init(init)),
            TInit::Zero => "zero".into(),
            TInit::Bytes(b) => format!("\"{}\"", escape(b)),
        }
    }

    fn fn_name(&self, f: FnId) -> String {
        self.dm
            .functions
            .get(f.0 as usize)
            .map_or("?".into(), |f| f.name.to_string())
    }

    fn line(&mut self, depth: usize, s: &str) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn stmt(&mut self, s: TStmtId, depth: usize) {
        let Some(st) = self.b.stmts.get(s.0 as usize) else {
            self.line(depth, "<bad stmt>");
            return;
        };
        match st {
            TStmt::Expr(e) => {
                let t = self.expr(*e);
                self.line(depth, &t);
            }
            TStmt::Decl { local, init } => {
                let l = &self.b.locals[local.0 as usize];
                let mut t = format!("decl {}: {}", l.name, self.ty(&l.ty));
                if let Some(i) = init {
                    let _ = write!(t, " = {}", self.init(i));
                }
                self.line(depth, &t);
            }
            TStmt::Block(ss) => {
                self.line(depth, "{");
                for s in ss {
                    self.stmt(*s, depth + 1);
                }
                self.line(depth, "}");
            }
            TStmt::If { cond, then, else_ } => {
                let c = self.expr(*cond);
                self.line(depth, &format!("if {c}"));
                self.stmt(*then, depth + 1);
                // `else if` chains print flat (and iteratively).
                let mut next = *else_;
                while let Some(e) = next {
                    match self.b.stmts.get(e.0 as usize) {
                        Some(TStmt::If { cond, then, else_ }) => {
                            let c = self.expr(*cond);
                            self.line(depth, &format!("else if {c}"));
                            self.stmt(*then, depth + 1);
                            next = *else_;
                        }
                        _ => {
                            self.line(depth, "else");
                            self.stmt(e, depth + 1);
                            next = None;
                        }
                    }
                }
            }
            TStmt::While { cond, body, hint } => {
                let c = self.expr(*cond);
                self.line(depth, &format!("while {c}{}", hint_str(hint)));
                self.stmt(*body, depth + 1);
            }
            TStmt::DoWhile { body, cond, hint } => {
                self.line(depth, &format!("do{}", hint_str(hint)));
                self.stmt(*body, depth + 1);
                let c = self.expr(*cond);
                self.line(depth, &format!("while {c}"));
            }
            TStmt::For {
                init,
                cond,
                step,
                body,
                hint,
            } => {
                self.line(depth, &format!("for{}", hint_str(hint)));
                if let Some(i) = init {
                    self.line(depth + 1, "init:");
                    self.stmt(*i, depth + 2);
                }
                if let Some(c) = cond {
                    let c = self.expr(*c);
                    self.line(depth + 1, &format!("cond: {c}"));
                }
                if let Some(st) = step {
                    let st = self.expr(*st);
                    self.line(depth + 1, &format!("step: {st}"));
                }
                self.stmt(*body, depth + 1);
            }
            TStmt::Switch {
                cond,
                body,
                cases,
                has_default,
            } => {
                let c = self.expr(*cond);
                let cs: Vec<String> = cases
                    .iter()
                    .map(|v| int_value(*v, &self.b.exprs[cond.0 as usize].ty))
                    .collect();
                let d = if *has_default { " default" } else { "" };
                self.line(depth, &format!("switch {c} cases [{}]{d}", cs.join(", ")));
                self.stmt(*body, depth + 1);
            }
            TStmt::Case(i) => self.line(depth, &format!("case #{i}:")),
            TStmt::Default => self.line(depth, "default:"),
            TStmt::Break => self.line(depth, "break"),
            TStmt::Continue => self.line(depth, "continue"),
            TStmt::Return(e) => {
                let t = match e {
                    Some(e) => format!("return {}", self.expr(*e)),
                    None => "return".into(),
                };
                self.line(depth, &t);
            }
            TStmt::Goto(l) => {
                let n = self.b.labels.get(l.0 as usize).map_or("?", |s| s.as_str());
                self.line(depth, &format!("goto {n}"));
            }
            TStmt::Label(l) => {
                let n = self.b.labels.get(l.0 as usize).map_or("?", |s| s.as_str());
                self.line(depth, &format!("{n}:"));
            }
            TStmt::Empty => self.line(depth, ";"),
            TStmt::Asm(a) => {
                let mut t = String::from(if a.side_effects { "asm sideeffect \"" } else { "asm \"" });
                for p in &a.template {
                    match p {
                        crate::thir::AsmPiece::Text(x) => t.push_str(&x.escape_debug().to_string()),
                        crate::thir::AsmPiece::Operand(n) => t.push_str(&format!("${n}")),
                        crate::thir::AsmPiece::Unique => t.push_str("${:uid}"),
                    }
                }
                t.push('"');
                for o in &a.outputs {
                    let m = if o.read_write { "+" } else { "=" };
                    t.push_str(&format!(" {m}{}({})", o.letter as char, self.expr(o.place)));
                }
                for i in &a.inputs {
                    t.push_str(&format!(" {}({})", i.letter as char, self.expr(i.value)));
                }
                if a.memory {
                    t.push_str(" ~memory");
                }
                self.line(depth, &t);
            }
        }
    }
}

fn hint_str(h: &crate::body::LoopHint) -> String {
    match h {
        crate::body::LoopHint::None => String::new(),
        crate::body::LoopHint::Unroll(None) => " [unroll]".into(),
        crate::body::LoopHint::Unroll(Some(n)) => format!(" [unroll {n}]"),
    }
}

fn storage_str(s: LocalStorage) -> &'static str {
    match s {
        LocalStorage::Auto => "",
        LocalStorage::Param => " param",
        LocalStorage::Shared => " shared",
        LocalStorage::ExternShared => " extern-shared",
        LocalStorage::Static => " static",
    }
}

/// Prints one expression of a body.
pub fn print_expr(dm: &DefMap, body: &TypedBody, e: TExprId) -> String {
    P {
        dm,
        b: body,
        out: String::new(),
        depth: Default::default(),
    }
    .expr(e)
}

/// Prints a checked body: its signature line, the non-parameter locals with a storage other than
/// automatic, then the statements.
pub fn print_body(dm: &DefMap, func: FnId, body: &TypedBody) -> String {
    let mut p = P {
        dm,
        b: body,
        out: String::new(),
        depth: Default::default(),
    };
    let params: Vec<String> = body
        .locals
        .iter()
        .take(body.param_count as usize)
        .map(|l| format!("{}: {}", l.name, p.ty(&l.ty)))
        .collect();
    let (name, ret) = match dm.functions.get(func.0 as usize) {
        Some(f) => (f.name.to_string(), p.ty(&f.sig.ret)),
        None => ("?".into(), "?".into()),
    };
    p.out.push_str(&format!("fn {name}({}) -> {ret}\n", params.join(", ")));
    for l in body.locals.iter().skip(body.param_count as usize) {
        if l.storage != LocalStorage::Auto {
            let init = l
                .static_init
                .as_ref()
                .map(|v| format!(" = {}", const_value(v)))
                .unwrap_or_default();
            p.out.push_str(&format!(
                "  local {}: {}{}{init}\n",
                l.name,
                p.ty(&l.ty),
                storage_str(l.storage)
            ));
        }
    }
    if let Some(r) = body.root {
        p.stmt(r, 0);
    }
    if !body.callees.is_empty() {
        let c: Vec<String> = body.callees.iter().map(|f| p.fn_name(*f)).collect();
        p.out.push_str(&format!("callees: {}\n", c.join(", ")));
    }
    if !body.globals.is_empty() {
        let g: Vec<String> = body
            .globals
            .iter()
            .map(|g| dm.globals[g.0 as usize].name.to_string())
            .collect();
        p.out.push_str(&format!("globals: {}\n", g.join(", ")));
    }
    p.out
}

/// Prints a constant initializer.
pub fn const_value(v: &ConstValue) -> String {
    match v {
        ConstValue::Zero => "zero".into(),
        ConstValue::Int(i) => format!("{i:#x}"),
        ConstValue::Float(b) => format!("{:?}", f64::from_bits(*b)),
        ConstValue::Aggregate(v) => format!("{{{}}}", v.iter().map(const_value).collect::<Vec<_>>().join(", ")),
        ConstValue::Bytes(b) => format!("\"{}\"", escape(b)),
        ConstValue::GlobalAddr(g, off) => format!("&global#{}+{off}", g.0),
    }
}

/// Prints the def map: records with layouts, globals, functions, other names.
pub fn print_def_map(dm: &DefMap) -> String {
    let mut out = String::new();
    let show = |t: &Ty| display_ty(t, &dm.records);
    for (_, r) in dm.records.iter() {
        let kind = if r.is_union { "union" } else { "struct" };
        let name = r.name.as_deref().unwrap_or("<anon>");
        if !r.complete {
            let _ = writeln!(out, "{kind} {name} incomplete");
            continue;
        }
        let _ = writeln!(out, "{kind} {name} size={} align={}", r.size, r.align);
        for f in &r.fields {
            let _ = writeln!(
                out,
                "  +{} {}: {}",
                f.offset,
                f.name.as_deref().unwrap_or("<anon>"),
                show(&f.ty)
            );
        }
    }
    for (name, t) in &dm.typedefs {
        let _ = writeln!(out, "typedef {name} = {}", show(t));
    }
    for g in &dm.globals {
        let space = match g.space {
            VarSpace::Global if g.managed => "__managed__",
            VarSpace::Global => "__device__",
            VarSpace::Constant => "__constant__",
            VarSpace::Shared => "__shared__",
            VarSpace::ExternShared => "extern __shared__",
            VarSpace::Host => "host",
        };
        let init = g
            .init
            .as_ref()
            .map(|v| format!(" = {}", const_value(v)))
            .unwrap_or_default();
        let ext = if g.is_extern { " extern" } else { "" };
        let st = if g.is_static { " static" } else { "" };
        let _ = writeln!(out, "var {} {space}{ext}{st}: {}{init}", g.link_name, show(&g.ty));
    }
    for f in &dm.functions {
        let space = match f.space {
            ExecSpace::Global => "__global__",
            ExecSpace::Device => "__device__",
            ExecSpace::Host => "__host__",
            ExecSpace::HostDevice => "__host__ __device__",
        };
        let params: Vec<String> = f.sig.params.iter().map(&show).collect();
        let mut extra = String::new();
        match f.kind {
            FnKind::Normal => {}
            FnKind::Builtin => extra.push_str(" builtin"),
            FnKind::Libdevice => extra.push_str(" libdevice"),
        }
        match f.inline {
            InlineHint::None => {}
            InlineHint::Inline => extra.push_str(" inline"),
            InlineHint::Force => extra.push_str(" forceinline"),
            InlineHint::Never => extra.push_str(" noinline"),
        }
        if f.is_static {
            extra.push_str(" static");
        }
        if let Some(lb) = f.launch_bounds {
            let _ = write!(extra, " launch_bounds({}", lb.max_threads);
            if let Some(m) = lb.min_blocks {
                let _ = write!(extra, ", {m}");
            }
            if let Some(m) = lb.max_blocks_per_cluster {
                let _ = write!(extra, ", {m}");
            }
            extra.push(')');
        }
        if let Some([x, y, z]) = f.cluster_dims {
            let _ = write!(extra, " cluster_dims({x}, {y}, {z})");
        }
        if let Some(b) = f.body_index {
            let _ = write!(extra, " body#{b}");
        }
        let mut params = params;
        for (p, d) in params.iter_mut().zip(&f.defaults) {
            match d {
                Some(crate::ty::DefaultArg::Value(d)) => {
                    let _ = write!(p, " = {d:?}");
                }
                Some(crate::ty::DefaultArg::AtCall(_)) => p.push_str(" = <at call>"),
                None => {}
            }
        }
        let va = if f.sig.variadic {
            if params.is_empty() {
                "..."
            } else {
                ", ..."
            }
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "fn {} {space} {}({}{va}) -> {}{extra} [item {}]",
            f.link_name,
            f.name,
            params.join(", "),
            show(&f.sig.ret),
            f.item
        );
    }
    for (name, defs) in &dm.values {
        for d in defs {
            if let ValueDef::Enumerator(v, k) = d {
                let v = crate::def_map::enumerator_value(*v, *k);
                let _ = writeln!(out, "enumerator {name} = {v}");
            }
        }
    }
    for d in &dm.diagnostics {
        let _ = writeln!(out, "{:?} [item {}] {}: {}", d.severity, d.item, d.code, d.message);
    }
    out
}
