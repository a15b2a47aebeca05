//! Constant evaluation over THIR: integer constant expressions (array bounds, case labels,
//! enumerators, launch bounds) and constant initializers (arithmetic values, null pointers,
//! addresses of globals plus offsets).

use super::checker::Checker;
use super::types::{normalize_int, size_of};
use crate::thir::{CastKind, ExprKind, TBinOp, TExprId, TUnaryOp, ValueCategory};
use crate::ty::{ConstValue, FloatKind, GlobalId, IntKind, TyKind};

/// A compile-time value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CVal {
    /// Value normalised to its type (sign-extended for signed types).
    Int(i128, IntKind),
    Float(f64, FloatKind),
    Null,
    /// Address of a global plus a byte offset.
    Addr(GlobalId, i64),
}

impl CVal {
    pub(crate) fn as_int(&self) -> Option<i128> {
        match self {
            CVal::Int(v, _) => Some(*v),
            _ => None,
        }
    }

    pub(crate) fn to_const_value(&self) -> ConstValue {
        match self {
            CVal::Int(v, k) => {
                let bits = k.bits();
                let t = (*v as u128) & if bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 };
                if t == 0 {
                    ConstValue::Zero
                } else {
                    ConstValue::Int(t)
                }
            }
            CVal::Float(f, _) => {
                if f.to_bits() == 0 {
                    ConstValue::Zero
                } else {
                    ConstValue::Float(f.to_bits())
                }
            }
            CVal::Null => ConstValue::Zero,
            CVal::Addr(g, off) => ConstValue::GlobalAddr(*g, *off),
        }
    }
}

pub(crate) fn round_float(v: f64, k: FloatKind) -> f64 {
    match k {
        FloatKind::F32 => v as f32 as f64,
        FloatKind::F64 | FloatKind::LongDouble => v,
    }
}

/// Truncating float to integer conversion; `None` when out of range (undefined behaviour).
pub(crate) fn float_to_int(v: f64, k: IntKind) -> Option<i128> {
    if k == IntKind::Bool {
        return Some((v != 0.0) as i128);
    }
    if !v.is_finite() {
        return None;
    }
    let t = v.trunc();
    let bits = k.bits();
    let (lo, hi) = if k.is_signed() {
        (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1))
    } else {
        (0.0, 2f64.powi(bits as i32))
    };
    if t < lo || t >= hi {
        return None;
    }
    Some(t as i128)
}

impl<'a> Checker<'a> {
    /// Evaluates `e` if it is a constant expression.
    pub(crate) fn eval(&self, e: TExprId) -> Option<CVal> {
        let x = self.out.expr(e);
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
            ExprKind::NullPtr => Some(CVal::Null),
            ExprKind::Cast(kind, inner) => self.eval_cast(*kind, *inner, ty),
            ExprKind::Unary(op, a) => {
                let a = self.eval(*a)?;
                match (op, a) {
                    (TUnaryOp::Neg, CVal::Int(v, k)) => Some(CVal::Int(normalize_int(v.wrapping_neg(), k), k)),
                    (TUnaryOp::Neg, CVal::Float(v, k)) => Some(CVal::Float(-v, k)),
                    (TUnaryOp::BitNot, CVal::Int(v, k)) => Some(CVal::Int(normalize_int(!v, k), k)),
                    (TUnaryOp::Not, CVal::Int(v, _)) => Some(CVal::Int((v == 0) as i128, IntKind::Bool)),
                    _ => None,
                }
            }
            ExprKind::Binary(op, a, b) => {
                let a = self.eval(*a)?;
                let b = self.eval(*b)?;
                eval_binary(*op, a, b)
            }
            ExprKind::LogicAnd(a, b) => {
                let a = self.eval(*a)?.as_int()?;
                if a == 0 {
                    return Some(CVal::Int(0, IntKind::Bool));
                }
                let b = self.eval(*b)?.as_int()?;
                Some(CVal::Int((b != 0) as i128, IntKind::Bool))
            }
            ExprKind::LogicOr(a, b) => {
                let a = self.eval(*a)?.as_int()?;
                if a != 0 {
                    return Some(CVal::Int(1, IntKind::Bool));
                }
                let b = self.eval(*b)?.as_int()?;
                Some(CVal::Int((b != 0) as i128, IntKind::Bool))
            }
            ExprKind::Cond { cond, then, else_ } => {
                if x.category == ValueCategory::LValue {
                    return None;
                }
                let c = self.eval(*cond)?.as_int()?;
                if c != 0 {
                    self.eval(*then)
                } else {
                    self.eval(*else_)
                }
            }
            ExprKind::Comma(_, _) => None,
            ExprKind::Call { callee, args } => self.eval_call(*callee, args, ty),
            ExprKind::AddrOf(l) => {
                let (g, off) = self.eval_lvalue_addr(*l)?;
                Some(CVal::Addr(g, off))
            }
            ExprKind::PtrAdd { ptr, offset } | ExprKind::PtrSub { ptr, offset } => {
                let p = self.eval(*ptr)?;
                let n = self.eval(*offset)?.as_int()?;
                let elem = self.out.expr(*ptr).ty.pointee()?.clone();
                let size = size_of(&elem, &self.dm.records)? as i128;
                let delta = if matches!(x.kind, ExprKind::PtrAdd { .. }) {
                    n * size
                } else {
                    -n * size
                };
                match p {
                    CVal::Addr(g, off) => Some(CVal::Addr(g, off + delta as i64)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A call of a `constexpr` function with scalar constant arguments and an arithmetic
    /// result (`mk<T>()`, `min(N, 32)` in a template argument): the value the constexpr
    /// interpreter found in an earlier round of `warpc-db`'s fixed point
    /// (`DefMap::known_calls`); else the call is requested (`Checker::call_requests`) and
    /// this evaluation fails.
    /// A parameter of reference type to an arithmetic type (`const T&` of `cuda::std::max`)
    /// takes its referent's value, as the key holds it (`eval_constexpr_call` binds it to a
    /// temporary); a function returning such a reference (`Deref(Call)`, see
    /// `eval_load`) gives the referent's value.
    fn eval_call(&self, callee: crate::ty::FnId, args: &[TExprId], ty: &crate::ty::Ty) -> Option<CVal> {
        let d = self.dm.functions.get(callee.0 as usize)?;
        if !d.is_constexpr || !ty.is_arithmetic() {
            return None;
        }
        let mut vals = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let by_ref = d
                .sig
                .params
                .get(i)
                .is_some_and(|p| matches!(&p.kind, TyKind::Reference(t) if t.is_arithmetic()));
            let v = if by_ref { self.eval_ref_arg(*a)? } else { self.eval(*a)? };
            match v {
                v @ (CVal::Int(..) | CVal::Float(..)) => vals.push(v.to_const_value()),
                CVal::Null if !by_ref => vals.push(v.to_const_value()),
                CVal::Null | CVal::Addr(..) => return None,
            }
        }
        let key: crate::def_map::CallKey = (d.link_name.clone(), vals);
        match self.dm.known_calls.get(&key) {
            Some(v) => const_value_scalar(v, &ty.unqualified()),
            None => {
                super::items::note_call_miss(&key);
                let mut requests = self.call_requests.borrow_mut();
                if !requests.contains(&key) {
                    requests.push(key);
                }
                None
            }
        }
    }

    /// The value an argument bound to a `const T&` parameter refers to: a temporary
    /// (`Comma(Assign(tmp, v), AddrOf(tmp))`) or a constant lvalue (`AddrOf(lv)`).
    fn eval_ref_arg(&self, e: TExprId) -> Option<CVal> {
        match &self.out.expr(e).kind {
            ExprKind::Comma(set, addr) => {
                let ExprKind::Assign { lhs, rhs } = &self.out.expr(*set).kind else {
                    return None;
                };
                let ExprKind::AddrOf(t) = &self.out.expr(*addr).kind else {
                    return None;
                };
                let same = matches!(
                    (&self.out.expr(*lhs).kind, &self.out.expr(*t).kind),
                    (ExprKind::Local(a), ExprKind::Local(b)) if a == b
                );
                if !same {
                    return None;
                }
                self.eval(*rhs)
            }
            ExprKind::AddrOf(lv) => self.eval_load(*lv),
            _ => None,
        }
    }

    /// Address of a constant lvalue (a global, or a member/element of one).
    fn eval_lvalue_addr(&self, e: TExprId) -> Option<(GlobalId, i64)> {
        let x = self.out.expr(e);
        match &x.kind {
            ExprKind::Global(g) => Some((*g, 0)),
            ExprKind::Member { base, field } => {
                let (g, off) = self.eval_lvalue_addr(*base)?;
                let TyKind::Record(r) = self.out.expr(*base).ty.kind else {
                    return None;
                };
                let f = self.dm.records.get(r)?.fields.get(*field as usize)?;
                Some((g, off + f.offset as i64))
            }
            ExprKind::Deref(p) => match self.eval(*p)? {
                CVal::Addr(g, off) => Some((g, off)),
                _ => None,
            },
            _ => None,
        }
    }

    fn eval_cast(&self, kind: CastKind, inner: TExprId, to: &crate::ty::Ty) -> Option<CVal> {
        match kind {
            CastKind::Load => self.eval_load(inner),
            CastKind::ArrayToPtr => {
                let (g, off) = self.eval_lvalue_addr(inner)?;
                Some(CVal::Addr(g, off))
            }
            CastKind::NullToPtr => Some(CVal::Null),
            CastKind::PtrToPtr => self.eval(inner),
            CastKind::ToVoid | CastKind::FnToPtr | CastKind::PtrToInt => None,
            CastKind::IntToPtr => match self.eval(inner)? {
                CVal::Int(0, _) => Some(CVal::Null),
                _ => None,
            },
            CastKind::ToBool => match self.eval(inner)? {
                CVal::Int(v, _) => Some(CVal::Int((v != 0) as i128, IntKind::Bool)),
                CVal::Float(v, _) => Some(CVal::Int((v != 0.0) as i128, IntKind::Bool)),
                CVal::Null => Some(CVal::Int(0, IntKind::Bool)),
                CVal::Addr(..) => Some(CVal::Int(1, IntKind::Bool)),
            },
            CastKind::IntToInt => {
                let k = super::types::int_kind(to)?;
                let v = self.eval(inner)?.as_int()?;
                Some(CVal::Int(normalize_int(v, k), k))
            }
            CastKind::IntToFloat => {
                let TyKind::Float(k) = to.kind else { return None };
                let v = self.eval(inner)?.as_int()?;
                // Unsigned 64-bit values above i64::MAX are held as positive i128 values.
                Some(CVal::Float(round_float(v as f64, k), k))
            }
            CastKind::FloatToInt => {
                let k = super::types::int_kind(to)?;
                let CVal::Float(v, _) = self.eval(inner)? else {
                    return None;
                };
                Some(CVal::Int(normalize_int(float_to_int(v, k)?, k), k))
            }
            CastKind::FloatToFloat => {
                let TyKind::Float(k) = to.kind else { return None };
                let CVal::Float(v, _) = self.eval(inner)? else {
                    return None;
                };
                Some(CVal::Float(round_float(v, k), k))
            }
        }
    }

    /// A load is constant when it reads a `const` local or global with a constant initializer.
    fn eval_load(&self, lv: TExprId) -> Option<CVal> {
        let x = self.out.expr(lv);
        if !x.ty.is_const() || !x.ty.is_arithmetic() {
            return None;
        }
        match &x.kind {
            ExprKind::Local(l) => self.local_consts.get(l).cloned(),
            ExprKind::Global(g) => {
                let gd = self.dm.globals.get(g.0 as usize)?;
                const_value_scalar(gd.init.as_ref()?, &x.ty)
            }
            // A call of a `constexpr` function returning `const T&` (`cuda::std::max`).
            ExprKind::Deref(p) => match &self.out.expr(*p).kind {
                ExprKind::Call { callee, args }
                    if self
                        .dm
                        .functions
                        .get(callee.0 as usize)
                        .is_some_and(|d| matches!(d.sig.ret.kind, TyKind::Reference(_))) =>
                {
                    self.eval_call(*callee, args, &x.ty.unqualified())
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// A scalar [`ConstValue`] of arithmetic type `ty` as a [`CVal`].
pub(crate) fn const_value_scalar(v: &ConstValue, ty: &crate::ty::Ty) -> Option<CVal> {
    match (&ty.kind, v) {
        (TyKind::Int(k), ConstValue::Zero) => Some(CVal::Int(0, *k)),
        (TyKind::Int(k), ConstValue::Int(b)) => Some(CVal::Int(normalize_int(*b as i128, *k), *k)),
        (TyKind::Float(k), ConstValue::Zero) => Some(CVal::Float(0.0, *k)),
        (TyKind::Float(k), ConstValue::Float(b)) => Some(CVal::Float(round_float(f64::from_bits(*b), *k), *k)),
        _ => None,
    }
}

pub(crate) fn eval_binary(op: TBinOp, a: CVal, b: CVal) -> Option<CVal> {
    use TBinOp::*;
    match (a, b) {
        (CVal::Int(x, k), CVal::Int(y, k2)) => {
            let cmp = |c: bool| Some(CVal::Int(c as i128, IntKind::Bool));
            match op {
                Lt => return cmp(x < y),
                Gt => return cmp(x > y),
                Le => return cmp(x <= y),
                Ge => return cmp(x >= y),
                Eq => return cmp(x == y),
                Ne => return cmp(x != y),
                _ => {}
            }
            let v = match op {
                Add => x.wrapping_add(y),
                Sub => x.wrapping_sub(y),
                Mul => x.wrapping_mul(y),
                Div => {
                    if y == 0 {
                        return None;
                    }
                    x.wrapping_div(y)
                }
                Rem => {
                    if y == 0 {
                        return None;
                    }
                    x.wrapping_rem(y)
                }
                Shl => {
                    if y < 0 || y >= k.bits() as i128 {
                        return None;
                    }
                    x.wrapping_shl(y as u32)
                }
                Shr => {
                    if y < 0 || y >= k.bits() as i128 {
                        return None;
                    }
                    x >> (y as u32)
                }
                BitAnd => x & y,
                BitOr => x | y,
                BitXor => x ^ y,
                _ => unreachable!(),
            };
            let _ = k2;
            Some(CVal::Int(normalize_int(v, k), k))
        }
        (CVal::Float(x, k), CVal::Float(y, _)) => {
            let cmp = |c: bool| Some(CVal::Int(c as i128, IntKind::Bool));
            let v = match op {
                Add => x + y,
                Sub => x - y,
                Mul => x * y,
                Div => x / y,
                Lt => return cmp(x < y),
                Gt => return cmp(x > y),
                Le => return cmp(x <= y),
                Ge => return cmp(x >= y),
                Eq => return cmp(x == y),
                Ne => return cmp(x != y),
                _ => return None,
            };
            Some(CVal::Float(round_float(v, k), k))
        }
        (CVal::Null, CVal::Null) => match op {
            Eq => Some(CVal::Int(1, IntKind::Bool)),
            Ne => Some(CVal::Int(0, IntKind::Bool)),
            _ => None,
        },
        _ => None,
    }
}
