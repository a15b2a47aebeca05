//! Constant evaluation of calls (C++ `constexpr` functions): an interpreter over checked
//! bodies (THIR), with a step limit and a recursion limit, for `static_assert` conditions that
//! call functions. Scalars only (integers, floating point); a construct it does not handle
//! makes the expression "not constant" rather than giving a wrong answer.

use super::consteval::{const_value_scalar, eval_binary, float_to_int, round_float, CVal};
use super::types::normalize_int;
use crate::thir::{CastKind, ExprKind, LocalId, TExprId, TInit, TStmt, TStmtId, TUnaryOp, TypedBody};
use crate::ty::{ConstValue, FnId, GlobalId, IntKind, Ty, TyKind};

/// Steps (statements and expressions evaluated) before giving up.
const FUEL: u64 = 1_000_000;
/// Nested calls before giving up.
const MAX_DEPTH: u32 = 512;

/// Why an evaluation stopped without a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotConstant {
    /// Something the interpreter does not evaluate (or that is not constant).
    Unsupported,
    /// The step or recursion limit was reached.
    Limit,
    /// A call of a function that is not `constexpr` (or has no body).
    Call(FnId),
}

enum Flow {
    Normal,
    Break,
    Continue,
    Return(Option<CVal>),
}

struct Frame<'b> {
    body: &'b TypedBody,
    locals: Vec<Option<CVal>>,
}

/// The constant initializer of a global, where it has one (`constexpr` variables).
pub type GlobalValues<'g> = &'g dyn Fn(GlobalId) -> Option<&'g ConstValue>;

struct Interp<'f, 'g> {
    bodies: &'f dyn Fn(FnId) -> Option<&'f TypedBody>,
    globals: GlobalValues<'g>,
    fuel: u64,
    depth: u32,
    limit_hit: bool,
    bad_call: Option<FnId>,
}

/// Evaluates expression `root` of `body` (e.g. a checked `static_assert` condition), calling
/// into function bodies through `bodies` (which gives only `constexpr` functions' bodies).
/// Returns the integer value.
pub fn eval_constexpr_int<'f, 'g>(
    body: &'f TypedBody,
    root: TExprId,
    bodies: &'f dyn Fn(FnId) -> Option<&'f TypedBody>,
    globals: GlobalValues<'g>,
) -> Result<i128, NotConstant> {
    match eval_root(body, root, bodies, globals)? {
        CVal::Int(v, _) => Ok(v),
        _ => Err(NotConstant::Unsupported),
    }
}

/// Evaluates expression `root` of `body` (a variable's initializer) as a value of arithmetic
/// type `ty`.
pub fn eval_constexpr_scalar<'f, 'g>(
    body: &'f TypedBody,
    root: TExprId,
    bodies: &'f dyn Fn(FnId) -> Option<&'f TypedBody>,
    globals: GlobalValues<'g>,
    ty: &Ty,
) -> Result<ConstValue, NotConstant> {
    let v = eval_root(body, root, bodies, globals)?;
    convert(v, ty)
        .map(|v| v.to_const_value())
        .ok_or(NotConstant::Unsupported)
}

fn eval_root<'f, 'g>(
    body: &'f TypedBody,
    root: TExprId,
    bodies: &'f dyn Fn(FnId) -> Option<&'f TypedBody>,
    globals: GlobalValues<'g>,
) -> Result<CVal, NotConstant> {
    let mut it = Interp {
        bodies,
        globals,
        fuel: FUEL,
        depth: 0,
        limit_hit: false,
        bad_call: None,
    };
    let mut frame = Frame {
        body,
        locals: vec![None; body.locals.len()],
    };
    match it.eval(&mut frame, root) {
        Some(v) => Ok(v),
        None if it.limit_hit => Err(NotConstant::Limit),
        None if it.bad_call.is_some() => Err(NotConstant::Call(it.bad_call.unwrap())),
        None => Err(NotConstant::Unsupported),
    }
}

fn convert(v: CVal, to: &Ty) -> Option<CVal> {
    match (&to.kind, v) {
        (TyKind::Int(IntKind::Bool), CVal::Int(x, _)) => Some(CVal::Int((x != 0) as i128, IntKind::Bool)),
        (TyKind::Int(IntKind::Bool), CVal::Float(x, _)) => Some(CVal::Int((x != 0.0) as i128, IntKind::Bool)),
        (TyKind::Int(k), CVal::Int(x, _)) => Some(CVal::Int(normalize_int(x, *k), *k)),
        (TyKind::Int(k), CVal::Float(x, _)) => Some(CVal::Int(normalize_int(float_to_int(x, *k)?, *k), *k)),
        (TyKind::Float(k), CVal::Int(x, _)) => Some(CVal::Float(round_float(x as f64, *k), *k)),
        (TyKind::Float(k), CVal::Float(x, _)) => Some(CVal::Float(round_float(x, *k), *k)),
        _ => None,
    }
}

impl<'f, 'g> Interp<'f, 'g> {
    fn step(&mut self) -> Option<()> {
        if self.fuel == 0 {
            self.limit_hit = true;
            return None;
        }
        self.fuel -= 1;
        Some(())
    }

    fn call(&mut self, f: FnId, args: Vec<CVal>) -> Option<CVal> {
        if self.depth >= MAX_DEPTH {
            self.limit_hit = true;
            return None;
        }
        let Some(body) = (self.bodies)(f) else {
            self.bad_call.get_or_insert(f);
            return None;
        };
        let root = body.root?;
        if args.len() != body.param_count as usize {
            return None;
        }
        let mut frame = Frame {
            body,
            locals: vec![None; body.locals.len()],
        };
        for (i, a) in args.into_iter().enumerate() {
            frame.locals[i] = Some(convert(a, &body.locals[i].ty)?);
        }
        self.depth += 1;
        // Each interpreted call costs several native frames (tens of KiB in a debug build):
        // grow the stack on the heap rather than overflow it before MAX_DEPTH, whatever thread
        // (main, rayon worker, language server) runs the check.
        let flow = stacker::maybe_grow(256 << 10, 4 << 20, || self.exec(&mut frame, root));
        self.depth -= 1;
        match flow? {
            Flow::Return(v) => v,
            _ => None,
        }
    }

    fn exec(&mut self, fr: &mut Frame<'_>, s: TStmtId) -> Option<Flow> {
        self.step()?;
        let body = fr.body;
        match body.stmt(s) {
            TStmt::Empty => Some(Flow::Normal),
            TStmt::Expr(e) => {
                self.eval(fr, *e)?;
                Some(Flow::Normal)
            }
            TStmt::Decl { local, init } => {
                let v = match init {
                    None => None,
                    Some(TInit::Expr(e)) => Some(convert(self.eval(fr, *e)?, &body.local(*local).ty)?),
                    Some(_) => return None,
                };
                fr.locals[local.0 as usize] = v;
                Some(Flow::Normal)
            }
            TStmt::Block(ss) => {
                for s in ss {
                    match self.exec(fr, *s)? {
                        Flow::Normal => {}
                        other => return Some(other),
                    }
                }
                Some(Flow::Normal)
            }
            TStmt::If { cond, then, else_ } => {
                if self.eval(fr, *cond)?.as_int()? != 0 {
                    self.exec(fr, *then)
                } else if let Some(e) = else_ {
                    self.exec(fr, *e)
                } else {
                    Some(Flow::Normal)
                }
            }
            TStmt::While { cond, body: b, .. } => {
                while self.eval(fr, *cond)?.as_int()? != 0 {
                    match self.exec(fr, *b)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Some(Flow::Return(v)),
                        _ => {}
                    }
                }
                Some(Flow::Normal)
            }
            TStmt::DoWhile { body: b, cond, .. } => {
                loop {
                    match self.exec(fr, *b)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Some(Flow::Return(v)),
                        _ => {}
                    }
                    if self.eval(fr, *cond)?.as_int()? == 0 {
                        break;
                    }
                }
                Some(Flow::Normal)
            }
            TStmt::For {
                init,
                cond,
                step,
                body: b,
                ..
            } => {
                if let Some(i) = init {
                    self.exec(fr, *i)?;
                }
                loop {
                    if let Some(c) = cond {
                        if self.eval(fr, *c)?.as_int()? == 0 {
                            break;
                        }
                    }
                    match self.exec(fr, *b)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Some(Flow::Return(v)),
                        _ => {}
                    }
                    if let Some(st) = step {
                        self.eval(fr, *st)?;
                    }
                }
                Some(Flow::Normal)
            }
            TStmt::Return(e) => {
                let v = match e {
                    Some(e) => Some(self.eval(fr, *e)?),
                    None => None,
                };
                Some(Flow::Return(v))
            }
            TStmt::Break => Some(Flow::Break),
            TStmt::Continue => Some(Flow::Continue),
            TStmt::Switch { .. }
            | TStmt::Case(_)
            | TStmt::Default
            | TStmt::Goto(_)
            | TStmt::Label(_)
            | TStmt::Asm(_) => None,
        }
    }

    fn local_of(&self, fr: &Frame<'_>, e: TExprId) -> Option<LocalId> {
        match fr.body.expr(e).kind {
            ExprKind::Local(l) => Some(l),
            _ => None,
        }
    }

    fn eval(&mut self, fr: &mut Frame<'_>, e: TExprId) -> Option<CVal> {
        self.step()?;
        let body = fr.body;
        let x = body.expr(e);
        let ty = &x.ty;
        match &x.kind {
            ExprKind::IntConst(v) => {
                let k = super::types::int_kind(ty)?;
                Some(CVal::Int(normalize_int(*v as i128, k), k))
            }
            ExprKind::FloatConst(bits) => match ty.kind {
                TyKind::Float(k) => Some(CVal::Float(round_float(f64::from_bits(*bits), k), k)),
                _ => None,
            },
            ExprKind::Cast(CastKind::Load, inner) => {
                if let ExprKind::Global(g) = body.expr(*inner).kind {
                    // A `constexpr` (or `const`, constant-initialized) variable.
                    let gty = &body.expr(*inner).ty;
                    if !gty.is_const() {
                        return None;
                    }
                    return const_value_scalar((self.globals)(g)?, gty);
                }
                let l = self.local_of(fr, *inner)?;
                fr.locals.get(l.0 as usize)?.clone()
            }
            ExprKind::Cast(kind, inner) => {
                let v = self.eval(fr, *inner)?;
                match kind {
                    CastKind::IntToInt
                    | CastKind::IntToFloat
                    | CastKind::FloatToInt
                    | CastKind::FloatToFloat
                    | CastKind::ToBool => convert(v, ty),
                    _ => None,
                }
            }
            ExprKind::Unary(op, a) => {
                let a = self.eval(fr, *a)?;
                match (op, a) {
                    (TUnaryOp::Neg, CVal::Int(v, k)) => Some(CVal::Int(normalize_int(v.wrapping_neg(), k), k)),
                    (TUnaryOp::Neg, CVal::Float(v, k)) => Some(CVal::Float(-v, k)),
                    (TUnaryOp::BitNot, CVal::Int(v, k)) => Some(CVal::Int(normalize_int(!v, k), k)),
                    (TUnaryOp::Not, CVal::Int(v, _)) => Some(CVal::Int((v == 0) as i128, IntKind::Bool)),
                    _ => None,
                }
            }
            ExprKind::Binary(op, a, b) => {
                let a = self.eval(fr, *a)?;
                let b = self.eval(fr, *b)?;
                eval_binary(*op, a, b)
            }
            ExprKind::LogicAnd(a, b) => {
                if self.eval(fr, *a)?.as_int()? == 0 {
                    return Some(CVal::Int(0, IntKind::Bool));
                }
                let b = self.eval(fr, *b)?.as_int()?;
                Some(CVal::Int((b != 0) as i128, IntKind::Bool))
            }
            ExprKind::LogicOr(a, b) => {
                if self.eval(fr, *a)?.as_int()? != 0 {
                    return Some(CVal::Int(1, IntKind::Bool));
                }
                let b = self.eval(fr, *b)?.as_int()?;
                Some(CVal::Int((b != 0) as i128, IntKind::Bool))
            }
            ExprKind::Cond { cond, then, else_ } => {
                if self.eval(fr, *cond)?.as_int()? != 0 {
                    self.eval(fr, *then)
                } else {
                    self.eval(fr, *else_)
                }
            }
            ExprKind::Comma(a, b) => {
                self.eval(fr, *a)?;
                self.eval(fr, *b)
            }
            ExprKind::Assign { lhs, rhs } => {
                let l = self.local_of(fr, *lhs)?;
                let v = convert(self.eval(fr, *rhs)?, &body.local(l).ty)?;
                fr.locals[l.0 as usize] = Some(v.clone());
                Some(v)
            }
            ExprKind::CompoundAssign { op, lhs, rhs, op_ty } => {
                let l = self.local_of(fr, *lhs)?;
                let cur = convert(fr.locals.get(l.0 as usize)?.clone()?, op_ty)?;
                let r = self.eval(fr, *rhs)?;
                let v = convert(eval_binary(*op, cur, r)?, &body.local(l).ty)?;
                fr.locals[l.0 as usize] = Some(v.clone());
                Some(v)
            }
            ExprKind::IncDec { lhs, inc, prefix } => {
                let l = self.local_of(fr, *lhs)?;
                let old = fr.locals.get(l.0 as usize)?.clone()?;
                let new = match &old {
                    CVal::Int(v, k) => CVal::Int(normalize_int(if *inc { v + 1 } else { v - 1 }, *k), *k),
                    CVal::Float(v, k) => CVal::Float(round_float(if *inc { v + 1.0 } else { v - 1.0 }, *k), *k),
                    _ => return None,
                };
                fr.locals[l.0 as usize] = Some(new.clone());
                Some(if *prefix { new } else { old })
            }
            ExprKind::Call { callee, args } => {
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.eval(fr, *a)?);
                }
                self.call(*callee, vals)
            }
            _ => None,
        }
    }
}
