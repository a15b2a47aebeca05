//! Subscripts and member access (`a[i]`, `a.m`, `p->m`).

use super::checker::Checker;
use crate::body::{Expr, ExprId};
use crate::thir::{Dim, ExprKind, TExprId, ValueCategory};
use crate::ty::{IntKind, RecordId, Ty, TyKind};
use smol_str::SmolStr;

impl<'a> Checker<'a> {
    pub(super) fn index(&mut self, id: ExprId, base: ExprId, index: ExprId) -> TExprId {
        let b0 = self.expr(base);
        self.cache.insert(base, b0);
        if super::cxx::record_of(self.ty(b0)).is_some() {
            if let Some(r) = self.try_operator(id, "[]", base, Some(index)) {
                return r;
            }
        }
        let b = self.value(base);
        let i = self.value(index);
        let (bt, it) = (self.ty(b).clone(), self.ty(i).clone());
        if bt.is_error() || it.is_error() {
            return self.err_expr();
        }
        let (p, off, pid, oid) = if bt.is_pointer() {
            (b, i, base, index)
        } else if it.is_pointer() {
            (i, b, index, base)
        } else {
            let msg = format!(
                "expression must have pointer-to-object type but it has type \"{}\"",
                self.show(&bt)
            );
            self.error_e(base, "type-mismatch", msg);
            return self.err_expr();
        };
        let pt = self.ty(p).clone();
        if !self.ty(off).is_integer() {
            self.error_e(
                oid,
                "type-mismatch",
                "expression must have integral or unscoped enum type",
            );
            return self.err_expr();
        }
        let elem = pt.pointee().unwrap().clone();
        if !self.check_complete_pointee(&elem, pid) {
            return self.err_expr();
        }
        let off = self.arith_conv(off, &Ty::int(IntKind::Long));
        let addr = self.rvalue_of(pt.unqualified(), ExprKind::PtrAdd { ptr: p, offset: off });
        self.mk(elem, ValueCategory::LValue, ExprKind::Deref(addr))
    }

    /// The object pointer of `base->m`: `e` (the checked `base`) itself, or for a class, what
    /// its `operator->()` returns, applied again while that is a class (C++ [over.ref]); a
    /// cycle of classes stops at a limit. `None` after reporting.
    pub(crate) fn arrow_operand(&mut self, base: ExprId, e: TExprId) -> Option<TExprId> {
        let mut cur = e;
        let mut steps = 0;
        while super::cxx::record_of(self.ty(cur)).is_some() {
            steps += 1;
            let next = if steps <= 64 {
                self.overloaded_operator(base, "->", &[(cur, base)])
            } else {
                None
            };
            match next {
                Some(n) => cur = n,
                None => {
                    let shown = self.show(&self.ty(cur).clone());
                    let msg = format!("expression must have pointer-to-class type but it has type \"{shown}\"");
                    self.error_e(base, "type-mismatch", msg);
                    return None;
                }
            }
        }
        Some(cur)
    }

    pub(super) fn member(&mut self, id: ExprId, base: ExprId, field: &SmolStr, arrow: bool) -> TExprId {
        if !arrow {
            if let Some(Expr::Name(n)) = self.exprs.get(base.0 as usize) {
                if let (true, Some(var)) = (self.is_builtin_var_name(n), Self::builtin_var(n)) {
                    let dim = match field.as_str() {
                        "x" => Dim::X,
                        "y" => Dim::Y,
                        "z" => Dim::Z,
                        _ => {
                            let (rname, _) = self.builtin_var_record(var);
                            self.error_e(id, "no-member", format!("class \"{rname}\" has no member \"{field}\""));
                            return self.err_expr();
                        }
                    };
                    return self.rvalue_of(Ty::int(IntKind::UInt), ExprKind::BuiltinVar(var, dim));
                }
            }
        }
        let b = if arrow {
            let e = self.expr(base);
            self.cache.insert(base, e);
            let Some(cur) = self.arrow_operand(base, e) else {
                return self.err_expr();
            };
            let v = self.rv(cur);
            let t = self.ty(v).clone();
            if t.is_error() {
                return v;
            }
            match t.pointee() {
                Some(p) if matches!(p.kind, TyKind::Record(_)) => {
                    let p = p.clone();
                    self.mk(p, ValueCategory::LValue, ExprKind::Deref(v))
                }
                _ => {
                    let msg = format!(
                        "expression must have pointer-to-class type but it has type \"{}\"",
                        self.show(&t)
                    );
                    self.error_e(base, "type-mismatch", msg);
                    return self.err_expr();
                }
            }
        } else {
            self.expr(base)
        };
        let bt = self.ty(b).clone();
        if bt.is_error() {
            return b;
        }
        let TyKind::Record(rid) = bt.kind else {
            let msg = format!("expression must have class type but it has type \"{}\"", self.show(&bt));
            self.error_e(base, "type-mismatch", msg);
            return self.err_expr();
        };
        if field.contains("::") {
            // `obj.Base::member`.
            let Some((sub, name)) = self.qualified_member(base, b, field) else {
                return self.err_expr();
            };
            let Some(srid) = super::cxx::record_of(&self.ty(sub).clone()) else {
                return self.err_expr();
            };
            let Some(path) = find_field(&self.dm.records, srid, &name) else {
                let msg = format!(
                    "class \"{}\" has no member \"{name}\"",
                    self.show(&self.ty(sub).unqualified())
                );
                self.error_e(id, "no-member", msg);
                return self.err_expr();
            };
            let mut cur = sub;
            for (rec, fi) in path {
                cur = self.field_of(cur, rec, fi);
            }
            return cur;
        }
        let rd = self.dm.record(rid);
        if !rd.complete {
            let msg = if arrow {
                format!(
                    "pointer or reference to incomplete type \"{}\" is not allowed",
                    self.show(&bt.unqualified())
                )
            } else {
                format!("incomplete type \"{}\" is not allowed", self.show(&bt.unqualified()))
            };
            self.error_e(base, "incomplete-type", msg);
            return self.err_expr();
        }
        let Some(path) = find_field(&self.dm.records, rid, field) else {
            if let Some(v) = self.static_member(id, rid, field) {
                // A static data member named through an object.
                return v;
            }
            let msg = format!("class \"{}\" has no member \"{field}\"", self.show(&bt.unqualified()));
            self.error_e(id, "no-member", msg);
            return self.err_expr();
        };
        if let Some(&(rec, _)) = path.last() {
            // Named through a using-declaration (`using Base::x;`): the access written there.
            let access_in = self.using_declarer(rid, rec, field, false).map_or(rec, |(r, _)| r);
            // A protected member of a base named through a derived class is usable in the
            // derived class's friends ([class.access.base]/5: `group._data` in a friend of
            // `coalesced_group`, `_data` protected in its base `thread_group`).
            let protected_in_base = rid != access_in
                && self
                    .dm
                    .records
                    .get(access_in)
                    .is_some_and(|r| r.restricted.iter().any(|(n, p)| n == field && *p))
                && self.is_friend_of(rid);
            if !protected_in_base && !self.check_access_as(id, access_in, field, false, (rec, field)) {
                return self.err_expr();
            }
            if !self.check_base_member_access(id, rid, access_in, field, false) {
                return self.err_expr();
            }
        }
        let mut cur = b;
        for (rec, fi) in path {
            cur = self.field_of(cur, rec, fi);
        }
        cur
    }
}

/// The path of (record, field index) steps to a named field, looking through anonymous members.
/// C++: a class's own members hide its bases'; base subobjects (unnamed fields) are searched
/// after the members, in declaration order.
pub(crate) fn find_field(records: &crate::ty::Records, rid: RecordId, name: &str) -> Option<Vec<(RecordId, u32)>> {
    let rd = records.get(rid)?;
    for (i, f) in rd.fields.iter().enumerate() {
        if rd.is_base_field(i as u32) {
            continue;
        }
        match &f.name {
            Some(n) if n == name => return Some(vec![(rid, i as u32)]),
            None => {
                if let TyKind::Record(inner) = f.ty.kind {
                    if let Some(mut rest) = find_field(records, inner, name) {
                        rest.insert(0, (rid, i as u32));
                        return Some(rest);
                    }
                }
            }
            _ => {}
        }
    }
    for b in &rd.bases {
        if let Some(fi) = b.field {
            if let Some(mut rest) = find_field(records, b.record, name) {
                rest.insert(0, (rid, fi));
                return Some(rest);
            }
        }
    }
    None
}
