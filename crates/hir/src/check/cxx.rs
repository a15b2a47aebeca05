//! C++ classes in bodies: `this`, implicit member access, member function calls, constructors
//! (temporaries `T(args)`, local objects, member initializer lists) and overloaded operators.
//!
//! A non-static member function is an ordinary function whose first parameter is `this`
//! (`Pointer(Record)`, see [`crate::ty::MethodDecl`]); a member call passes the object's
//! address there, so overload resolution over the implicit object parameter is ordinary
//! resolution over pointer conversions (a `const` object cannot call a non-`const` member). A
//! constructor call on object `o` is `Call(ctor, [&o, args...])`; a temporary `T(args)` is
//! `Comma(Call(ctor, [&tmp, args...]), tmp)` over a fresh `Auto` local.

use super::checker::Checker;
use super::DiagAt;
use crate::body::{Body, Expr, ExprId, TypeRefId};
use crate::item_tree::MethodKind;
use crate::thir::{CastKind, ExprKind, LocalStorage, TExprId, TInit, TStmt, TStmtId, ValueCategory};
use crate::ty::{FnId, RecordId, Ty, TyKind};
use crate::ValueDef;
use smol_str::SmolStr;
use warpc_base::Severity;

/// The unqualified name of a class without template arguments (`ns::B<ns::X, 4>` -> `B`).
/// `{}`.
pub(crate) static EMPTY_LIST: crate::body::Initializer = crate::body::Initializer::List(Vec::new());

pub(crate) fn simple_class_name(qualified: &str) -> String {
    let mut depth = 0i32;
    let mut last = 0;
    let b = qualified.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            b':' if depth == 0 && b.get(i + 1) == Some(&b':') => {
                last = i + 2;
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    let tail = &qualified[last.min(qualified.len())..];
    tail.split('<').next().unwrap_or(tail).to_string()
}

/// The record a (possibly qualified) type names.
pub(crate) fn record_of(t: &Ty) -> Option<RecordId> {
    match t.kind {
        TyKind::Record(r) => Some(r),
        _ => None,
    }
}

impl<'a> Checker<'a> {
    /// Member functions called `name` of record `rid`, or else of its bases (a derived class's
    /// members hide its bases'; the first base that has some wins).
    pub(crate) fn methods(&self, rid: RecordId, name: &str) -> Vec<FnId> {
        let mut own = self.own_methods(rid, name);
        self.using_methods(rid, name, &mut own, 0);
        if !own.is_empty() {
            return own;
        }
        let bases: Vec<RecordId> = self
            .dm
            .records
            .get(rid)
            .map(|r| r.bases.iter().map(|b| b.record).collect())
            .unwrap_or_default();
        for b in bases {
            if b == rid {
                continue;
            }
            let found = self.methods(b, name);
            if !found.is_empty() {
                return found;
            }
        }
        Vec::new()
    }

    /// Adds to `out` the member functions `name` that using-declarations of record `rid` bring
    /// from its bases (`using Base::f;`), except those hidden by one in `out` with the same
    /// parameters and qualifiers ([namespace.udecl]/14).
    fn using_methods(&self, rid: RecordId, name: &str, out: &mut Vec<FnId>, depth: u32) {
        let Some(rd) = self.dm.records.get(rid) else {
            return;
        };
        if rd.usings.is_empty() || depth > 32 {
            return;
        }
        for u in rd.usings.iter().filter(|u| !u.ctor && u.name == name) {
            for f in self.methods(u.from, name) {
                if !out.iter().any(|&g| g == f || self.same_member_signature(f, g)) {
                    out.push(f);
                }
            }
        }
    }

    /// The class (`naming` or one of its bases) whose using-declaration brings member `name`
    /// (a constructor when `ctor`) of class `member_of` into `naming`'s scope, with the name
    /// the declaration is recorded under for access checking.
    pub(crate) fn using_declarer(
        &self,
        naming: RecordId,
        member_of: RecordId,
        name: &str,
        ctor: bool,
    ) -> Option<(RecordId, String)> {
        let mut stack = vec![(naming, 0u32)];
        while let Some((r, depth)) = stack.pop() {
            if r == member_of || depth > 32 {
                continue;
            }
            let rd = self.dm.records.get(r)?;
            let found = rd.usings.iter().find(|u| {
                u.ctor == ctor
                    && (ctor || u.name == name)
                    && (u.from == member_of || !self.base_paths(u.from, member_of).is_empty())
            });
            if let Some(u) = found {
                return Some((r, u.name.to_string()));
            }
            stack.extend(rd.bases.iter().map(|b| (b.record, depth + 1)));
        }
        None
    }

    /// Whether member functions `a` and `b` have the same parameters (after `this`) and
    /// qualifiers: one declared in a derived class hides or overrides the other.
    pub(crate) fn same_member_signature(&self, a: FnId, b: FnId) -> bool {
        let (x, y) = (self.dm.function(a), self.dm.function(b));
        let params = |d: &crate::ty::FnDecl| d.sig.params[usize::from(d.has_this())..].to_vec();
        let konst = |d: &crate::ty::FnDecl| d.method.as_ref().is_some_and(|m| m.is_const);
        params(x) == params(y) && x.sig.variadic == y.sig.variadic && konst(x) == konst(y)
    }

    /// The constructors `using Base::Base;` declarations of record `rid` inherit, except those
    /// a constructor of `own` hides (same parameters), default constructors, and those whose
    /// only argument would be a base object (copy and move constructors; [over.match.funcs]/9).
    pub(crate) fn inherited_constructors(&self, rid: RecordId, own: &[FnId]) -> Vec<FnId> {
        let Some(rd) = self.dm.records.get(rid) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for u in rd.usings.iter().filter(|u| u.ctor) {
            for f in self.constructors(u.from) {
                let d = self.dm.function(f);
                let params = &d.sig.params[usize::from(d.has_this())..];
                let copy_like = params.first().is_some_and(|p| match &p.kind {
                    TyKind::Reference(r) => match r.kind {
                        TyKind::Record(b) => b == u.from || !self.base_paths(u.from, b).is_empty(),
                        _ => false,
                    },
                    _ => false,
                }) && d.min_args() <= 2;
                if params.is_empty() || copy_like {
                    continue;
                }
                if !own.iter().chain(&out).any(|&g| self.same_member_signature(f, g)) {
                    out.push(f);
                }
            }
        }
        out
    }

    /// Member functions called `name` declared in record `rid` itself.
    pub(crate) fn own_methods(&self, rid: RecordId, name: &str) -> Vec<FnId> {
        let Some(rn) = self.dm.records.get(rid).and_then(|r| r.name.clone()) else {
            return Vec::new();
        };
        let key = format!("{rn}::{name}");
        self.dm
            .values
            .get(key.as_str())
            .map(|defs| {
                defs.iter()
                    .filter_map(|d| match d {
                        ValueDef::Function(f) if self.dm.function(*f).method.is_some() => Some(*f),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A static data member `name` of record `rid` as an lvalue (a constant when it is a
    /// `const` arithmetic member with a constant initializer).
    pub(crate) fn static_member(&mut self, id: ExprId, rid: RecordId, name: &str) -> Option<TExprId> {
        let g = match self.static_data_member(rid, name, 0)? {
            ValueDef::Global(g) => g,
            // `obj.num_elements`, `S<int>::v`: an enumerator of an enumeration member.
            ValueDef::Enumerator(v, k) => return Some(self.int_const(crate::def_map::enumerator_value(v, k), k)),
            _ => return None,
        };
        let gd = self.dm.global(g);
        if gd.ty.is_const() && gd.ty.is_arithmetic() {
            if let Some(c) = gd
                .init
                .as_ref()
                .and_then(|v| super::consteval::const_value_scalar(v, &gd.ty))
            {
                let t = gd.ty.unqualified();
                return Some(self.cval_expr(&c, &t));
            }
        }
        Some(self.global_ref(id, g))
    }

    /// The static data member (or enumerator) `name` of record `rid` or, when it has none, of
    /// its bases (`integral_constant<bool, true>::value` found from `is_same<int, int>`).
    pub(crate) fn static_data_member(&self, rid: RecordId, name: &str, depth: u32) -> Option<ValueDef> {
        let rd = self.dm.records.get(rid)?;
        if let Some(rn) = &rd.name {
            if let Some(defs) = self.dm.values.get(format!("{rn}::{name}").as_str()) {
                return match defs.first()? {
                    d @ (ValueDef::Global(_) | ValueDef::Enumerator(..)) => Some(*d),
                    _ => None,
                };
            }
        }
        if depth > 64 {
            return None;
        }
        rd.bases
            .iter()
            .filter(|b| b.record != rid)
            .find_map(|b| self.static_data_member(b.record, name, depth + 1))
    }

    /// The constructors of record `rid` (empty for a C-style struct).
    pub(crate) fn constructors(&self, rid: RecordId) -> Vec<FnId> {
        let Some(rn) = self.dm.records.get(rid).and_then(|r| r.name.clone()) else {
            return Vec::new();
        };
        // A class template specialization `ns::B<int>`: its constructors are `ns::B<int>::B`.
        let simple = simple_class_name(&rn);
        let mut own: Vec<FnId> = self
            .own_methods(rid, &simple)
            .into_iter()
            .filter(|&f| {
                self.dm
                    .function(f)
                    .method
                    .as_ref()
                    .is_some_and(|m| m.kind == MethodKind::Constructor)
            })
            .collect();
        let inherited = self.inherited_constructors(rid, &own);
        own.extend(inherited);
        own
    }

    /// Whether record `rid` has constructors (or constructor templates): it is initialized by
    /// calling one, not as an aggregate.
    pub(crate) fn has_ctors(&self, rid: RecordId) -> bool {
        !self.constructors(rid).is_empty()
            || !self.ctor_templates(rid).is_empty()
            || !self.inherited_ctor_templates(rid).is_empty()
    }

    /// The constructor templates of record `rid` (`template <class U> S(U&&);`).
    pub(crate) fn ctor_templates(&self, rid: RecordId) -> Vec<u32> {
        let Some(rn) = self.dm.records.get(rid).and_then(|r| r.name.clone()) else {
            return Vec::new();
        };
        self.member_templates(rid, &simple_class_name(&rn))
    }

    /// The constructor templates `using Base::Base;` declarations of record `rid` inherit
    /// (through the bases' own inheriting declarations too), with the class declaring each.
    pub(crate) fn inherited_ctor_templates(&self, rid: RecordId) -> Vec<(RecordId, u32)> {
        let mut out = Vec::new();
        let mut todo = vec![rid];
        let mut seen = vec![rid];
        while let Some(r) = todo.pop() {
            let Some(rd) = self.dm.records.get(r) else { continue };
            for u in rd.usings.iter().filter(|u| u.ctor && u.from != r) {
                if seen.contains(&u.from) || seen.len() > 64 {
                    continue;
                }
                seen.push(u.from);
                out.extend(self.ctor_templates(u.from).into_iter().map(|t| (u.from, t)));
                todo.push(u.from);
            }
        }
        out
    }

    /// Whether record `rid` declares constructors of its own (not only inherited ones).
    pub(crate) fn declares_constructors(&self, rid: RecordId) -> bool {
        self.constructors(rid)
            .iter()
            .any(|&f| self.dm.function(f).method.as_ref().is_some_and(|m| m.record == rid))
    }

    /// `this` of the member function being checked, as an rvalue pointer.
    pub(crate) fn this_value(&mut self) -> Option<TExprId> {
        if let Some(t) = self.this_override {
            return Some(t);
        }
        let l = self.func.as_ref()?.this_local?;
        let ty = self.out.local(l).ty.clone();
        let lv = self.mk(ty.clone(), ValueCategory::LValue, ExprKind::Local(l));
        Some(self.cast(CastKind::Load, lv, ty))
    }

    pub(crate) fn this_expr(&mut self, id: ExprId) -> TExprId {
        match self.this_value() {
            Some(v) => v,
            None if self.nsdmi_no_object => {
                self.error_e(
                    id,
                    "unsupported",
                    "unsupported: a default member initializer that uses \"this\", run by aggregate initialization",
                );
                self.err_expr()
            }
            None => {
                self.error_e(
                    id,
                    "invalid-this",
                    "\"this\" may only be used inside a nonstatic member function",
                );
                self.err_expr()
            }
        }
    }

    /// A data member `name` of the current member function's class, through `this`.
    pub(crate) fn implicit_member(&mut self, name: &str) -> Option<TExprId> {
        let rid = self.func.as_ref()?.record?;
        let path = super::access::find_field(&self.dm.records, rid, name)?;
        if self.nsdmi_no_object && self.this_value().is_none() {
            self.error(
                DiagAt::Function,
                "unsupported",
                "unsupported: a default member initializer that names another member, run by aggregate initialization",
            );
            return Some(self.err_expr());
        }
        let this = self.this_value()?;
        let pointee = self.ty(this).pointee().cloned()?;
        let mut cur = self.mk(pointee, ValueCategory::LValue, ExprKind::Deref(this));
        for (rec, fi) in path {
            cur = self.field_of(cur, rec, fi);
        }
        Some(cur)
    }

    /// Field `fi` of record `rec` in the object `obj`: the member with the object's value
    /// category and cv-qualifiers; for a reference member (or a lambda's capture by reference),
    /// whose field holds the referent's address, the referent as an lvalue.
    pub(crate) fn field_of(&mut self, obj: TExprId, rec: RecordId, fi: u32) -> TExprId {
        let (cat, quals) = {
            let x = self.out.expr(obj);
            (x.category, super::types::cv(x.ty.quals))
        };
        let rd = self.dm.record(rec);
        let Some(field) = rd.fields.get(fi as usize) else {
            return self.err_expr();
        };
        let is_ref = rd.closure_refs.get(fi as usize) == Some(&true);
        let fty = super::types::add_quals(field.ty.clone(), quals);
        let m = self.mk(fty.clone(), cat, ExprKind::Member { base: obj, field: fi });
        if !is_ref {
            // A member of an xvalue is an xvalue ([expr.ref]/6.2).
            if self.is_xvalue(obj) {
                self.xvalues.insert(m);
            }
            return m;
        }
        let p = self.rv(m);
        let referent = fty.pointee().cloned().unwrap_or_else(Ty::error);
        self.mk(referent, ValueCategory::LValue, ExprKind::Deref(p))
    }

    /// Whether field `fi` of record `rec` is a reference member (or a capture by reference).
    pub(crate) fn is_ref_field(&self, rec: RecordId, fi: u32) -> bool {
        self.dm.record(rec).closure_refs.get(fi as usize) == Some(&true)
    }

    /// Access control: member `name` declared in class `rec` is usable here unless it is
    /// `private` (and this is not a member of `rec` or a class nested in it) or `protected` (and
    /// this is not a member of `rec` or of a class derived from it). Lambdas, and classes with
    /// `friend` declarations, are not checked. Reports nvcc's error; false when inaccessible.
    pub(crate) fn check_access(&mut self, at: ExprId, rec: RecordId, name: &str, is_function: bool) -> bool {
        self.check_access_as(at, rec, name, is_function, (rec, name))
    }

    /// [`Self::check_access`] for a member `name` whose access class `rec` gives (its own, or
    /// a using-declaration's there); the message names member `shown.1` of class `shown.0`.
    pub(crate) fn check_access_as(
        &mut self,
        at: ExprId,
        rec: RecordId,
        name: &str,
        is_function: bool,
        shown: (RecordId, &str),
    ) -> bool {
        let Some(&(_, protected)) = self
            .dm
            .records
            .get(rec)
            .and_then(|r| r.restricted.iter().find(|(n, _)| n == name))
        else {
            return true;
        };
        let Some(f) = self.func.as_ref() else { return true };
        if self
            .dm
            .functions
            .get(f.id.0 as usize)
            .is_some_and(|d| d.lambda.is_some())
        {
            return true;
        }
        if let Some(here) = f.record {
            // A nested class may use its enclosing class's members (not tracked which: allowed).
            if here == rec || self.dm.record(here).nested || (protected && !self.base_paths(here, rec).is_empty()) {
                return true;
            }
        }
        if self.is_friend_of(rec) {
            return true;
        }
        let class = self.record_display(shown.0);
        let what = if is_function { "function" } else { "member" };
        let name = shown.1;
        self.error_e(
            at,
            "inaccessible",
            format!("{what} \"{class}::{name}\" is inaccessible"),
        );
        false
    }

    /// Whether the function being checked may use the base subobjects along `path` (derived to
    /// base): each non-public step is usable only in the derived class (its members, friends and
    /// nested classes) and, for protected inheritance, in classes derived from it.
    pub(crate) fn base_access_ok(&self, path: &[(RecordId, crate::ty::BaseDecl)]) -> bool {
        path.iter().all(|(derived, b)| match b.access {
            crate::ty::Access::Public => true,
            acc => {
                let Some(f) = self.func.as_ref() else { return true };
                if self
                    .dm
                    .functions
                    .get(f.id.0 as usize)
                    .is_some_and(|d| d.lambda.is_some())
                {
                    return true;
                }
                let member = f.record.is_some_and(|here| {
                    here == *derived
                        || self.dm.record(here).nested
                        || (acc == crate::ty::Access::Protected && !self.base_paths(here, *derived).is_empty())
                });
                member || self.is_friend_of(*derived)
            }
        })
    }

    /// Reports nvcc's "conversion to inaccessible base class" when a derived-to-base conversion
    /// along `path` crosses a base the function being checked may not use.
    pub(crate) fn check_base_conversion(&mut self, path: &[(RecordId, crate::ty::BaseDecl)]) {
        if self.base_access_ok(path) {
            return;
        }
        let Some(base) = path.last().map(|(_, b)| b.record) else {
            return;
        };
        let msg = format!(
            "conversion to inaccessible base class \"{}\" is not allowed",
            self.record_display(base)
        );
        match self.last_expr {
            Some(at) => self.error_e(at, "inaccessible", msg),
            None => self.error(DiagAt::Function, "inaccessible", msg),
        }
    }

    /// A member `name` of class `rec` named through class `naming` (derived from `rec`):
    /// refused with nvcc's "member/function ... is inaccessible" when the path crosses a base
    /// the function being checked may not use.
    pub(crate) fn check_base_member_access(
        &mut self,
        at: ExprId,
        naming: RecordId,
        rec: RecordId,
        name: &str,
        is_function: bool,
    ) -> bool {
        if naming == rec {
            return true;
        }
        let paths = self.base_paths(naming, rec);
        if paths.is_empty() || paths.iter().any(|p| self.base_access_ok(p)) {
            return true;
        }
        let class = self.record_display(rec);
        let what = if is_function { "function" } else { "member" };
        self.error_e(
            at,
            "inaccessible",
            format!("{what} \"{class}::{name}\" is inaccessible"),
        );
        false
    }

    /// Whether the function being checked is a friend of class `rec`: named in its `friend`
    /// declarations, or a member of a class that is.
    pub(crate) fn is_friend_of(&self, rec: RecordId) -> bool {
        let Some(f) = self.func.as_ref() else { return false };
        let friends = &self.dm.record(rec).friends;
        if friends.is_empty() {
            return false;
        }
        let base_name = |n: &str| -> String { n.split('<').next().unwrap_or(n).to_string() };
        // A friend named from the global namespace or through an inline namespace
        // (`::cuda::device::__4::barrier_native_handle`) names the member as warpc names it.
        let spelled = |x: &str| -> String {
            let x = x.strip_prefix("::").unwrap_or(x);
            for (abi, named) in &self.dm.inline_spelled {
                if let Some(rest) = x.strip_prefix(abi.as_str()).filter(|r| r.starts_with("::")) {
                    return format!("{named}{rest}");
                }
            }
            x.to_string()
        };
        if friends
            .iter()
            .any(|x| *x == f.name || base_name(x) == base_name(&f.name) || spelled(x) == f.name)
        {
            return true;
        }
        f.record.and_then(|r| self.dm.record(r).name.as_ref()).is_some_and(|n| {
            // A friend class template befriends the members of all its specializations.
            friends.iter().any(|x| {
                let x = spelled(x);
                x == n.as_str() || (!x.contains('<') && x == base_name(n))
            })
        })
    }

    /// The address of an object: `&lvalue`, or of a temporary holding an rvalue.
    pub(crate) fn object_address(&mut self, v: TExprId) -> TExprId {
        let x = self.out.expr(v);
        let ty = x.ty.clone();
        if ty.is_error() {
            return v;
        }
        if x.category == ValueCategory::LValue {
            return self.rvalue_of(Ty::ptr(ty), ExprKind::AddrOf(v));
        }
        let t = ty.unqualified();
        let tmp = self.add_local(SmolStr::new("$obj.tmp"), t.clone(), LocalStorage::Auto);
        let tl = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let asg = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Assign { lhs: tl, rhs: v });
        let tl2 = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let addr = self.rvalue_of(Ty::ptr(t.clone()), ExprKind::AddrOf(tl2));
        self.rvalue_of(Ty::ptr(t), ExprKind::Comma(asg, addr))
    }

    fn record_display(&self, rid: RecordId) -> String {
        self.show(&Ty::new(TyKind::Record(rid)))
    }

    /// The one conversion function of the class of `obj` (another class than `rid`, not derived
    /// from it) whose result is an `rid` object or a reference to one; `explicit` ones count
    /// when `direct` (direct-initialization).
    fn conversion_to_class(&self, obj: TExprId, rid: RecordId, direct: bool) -> Option<FnId> {
        let from = self.ty(obj).clone();
        let TyKind::Record(src) = from.kind else { return None };
        if src == rid || self.base_path(&from, &Ty::new(TyKind::Record(rid))).is_some() {
            return None;
        }
        let found: Vec<FnId> = self
            .conversion_functions(src)
            .into_iter()
            .filter(|&f| {
                let d = self.dm.function(f);
                let Some(m) = d.method.as_ref() else { return false };
                if (m.explicit && !direct) || (from.is_const() && !m.is_const) {
                    return false;
                }
                let r = match &d.sig.ret.kind {
                    TyKind::Reference(r) => (**r).clone(),
                    _ => d.sig.ret.clone(),
                };
                r.kind == TyKind::Record(rid)
            })
            .collect();
        match found[..] {
            [f] => Some(f),
            _ => None,
        }
    }

    /// Calls a constructor of `rid` on the object at `addr` (an rvalue pointer) with checked
    /// arguments `raw`; the result is the (void) call.
    pub(crate) fn construct_at(
        &mut self,
        id: ExprId,
        rid: RecordId,
        addr: TExprId,
        mut raw: Vec<TExprId>,
        arg_ids: &[ExprId],
    ) -> TExprId {
        let mut ctors = self.constructors(rid);
        let class = self.record_display(rid);
        // Constructor templates whose arguments deduce from these: their instances.
        match self.template_candidates(id, &SmolStr::new(&class), &self.ctor_templates(rid), &raw) {
            Some(fs) => ctors.extend(fs),
            None => return self.err_expr(),
        }
        // Inherited constructor templates (`using __base::__base;` naming a base's
        // `template <class... A> B(in_place_t, A&&...)`): their instances construct the base
        // subobject. Default, copy and move constructors are not inherited.
        let mut inherited_instances = Vec::new();
        if !raw.is_empty() {
            let mut by_base: Vec<(RecordId, Vec<u32>)> = Vec::new();
            for (b, t) in self.inherited_ctor_templates(rid) {
                match by_base.iter_mut().find(|(r, _)| *r == b) {
                    Some((_, ts)) => ts.push(t),
                    None => by_base.push((b, vec![t])),
                }
            }
            for (b, ts) in by_base {
                let bname = SmolStr::new(self.record_display(b));
                match self.template_candidates(id, &bname, &ts, &raw) {
                    Some(fs) => {
                        for f in fs {
                            let d = self.dm.function(f);
                            let params = &d.sig.params[usize::from(d.has_this())..];
                            let copy_like = params.len() == 1
                                && params.first().is_some_and(|p| match &p.kind {
                                    TyKind::Reference(r) => match r.kind {
                                        TyKind::Record(x) => x == b || !self.base_paths(b, x).is_empty(),
                                        _ => false,
                                    },
                                    _ => false,
                                });
                            if !copy_like && !ctors.iter().any(|&g| self.same_member_signature(f, g)) {
                                ctors.push(f);
                                inherited_instances.push(f);
                            }
                        }
                    }
                    None => return self.err_expr(),
                }
            }
        }
        let copy_init = std::mem::take(&mut self.copy_init);
        if copy_init && raw.len() == 1 {
            ctors.retain(|&f| !self.dm.function(f).method.as_ref().is_some_and(|m| m.explicit));
            if ctors.is_empty() {
                let from = self.show(&self.ty(raw[0]).clone());
                let msg = format!("no suitable constructor exists to convert from \"{from}\" to \"{class}\"");
                self.error_e(id, "type-mismatch", msg);
                return self.err_expr();
            }
        }
        if ctors.is_empty() && self.ctor_templates(rid).is_empty() && self.inherited_ctor_templates(rid).is_empty() {
            self.error_e(id, "no-constructor", format!("class \"{class}\" has no constructor"));
            return self.err_expr();
        }
        // A `const` object is not `const` while it is being constructed.
        let addr = match self.ty(addr).pointee().cloned() {
            Some(p) if !p.quals.is_empty() => self.cast(CastKind::PtrToPtr, addr, Ty::ptr(p.unqualified())),
            _ => addr,
        };
        let inherits_only = !self.declares_constructors(rid) && self.ctor_templates(rid).is_empty();
        if inherits_only && raw.is_empty() {
            // A class whose constructors are all inherited has an implicit default constructor.
            return match self.implicit_default_construct(id, rid, addr) {
                Some(e) => e,
                None => self.rvalue_of(Ty::void(), ExprKind::Aggregate(Box::new(TInit::Zero))),
            };
        }
        raw.insert(0, addr);
        let argv: Vec<TExprId> = raw.iter().map(|e| self.rv(*e)).collect();
        if raw.len() == 2 && !self.viable_exists(&ctors, &argv, &raw) {
            // `T(s)` / `static_cast<T>(s)` with `s` of another class that converts to `T`: the
            // copy constructor's reference binds to the conversion function's result, and in
            // direct-initialization an `explicit` conversion function counts ([over.match.ref]).
            if let Some(f) = self.conversion_to_class(raw[1], rid, !copy_init) {
                let obj = self.object_address(raw[1]);
                let name = self.dm.function(f).name.clone();
                let call = self.call_resolved(id, &name, &[f], vec![obj], &[id]);
                if self.ty(call).is_error() {
                    return call;
                }
                let t = Ty::new(TyKind::Record(rid));
                let v = self.rv(call);
                let target = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
                let asg = self.mk(t, ValueCategory::LValue, ExprKind::Assign { lhs: target, rhs: v });
                let asg = self.rv(asg);
                return self.cast(CastKind::ToVoid, asg, Ty::void());
            }
        }
        if raw.len() == 2
            && (!self.viable_exists(&ctors, &argv, &raw) || self.implicit_copy_candidate(rid, &ctors, &raw))
        {
            // `T x(t)` with `t` a `T` (or derived from it) and no user copy or move constructor
            // that takes it: the implicit copy constructor, unless another constructor takes
            // `t` by as good a conversion.
            let from = self.ty(raw[1]).clone();
            let t = Ty::new(TyKind::Record(rid));
            if record_of(&from) == Some(rid)
                && self.out.expr(raw[1]).category == ValueCategory::LValue
                && !self.user_copy_ctor(rid)
                && self.nontrivial_copy(rid, 0)
            {
                // The implicit copy constructor calls members' or bases' user-provided ones.
                let pty = self.ty(addr).clone();
                let dst = self.add_local(SmolStr::new("$copy.dst"), pty.clone(), LocalStorage::Auto);
                let dl = self.mk(pty.clone(), ValueCategory::LValue, ExprKind::Local(dst));
                let set = self.mk(pty, ValueCategory::LValue, ExprKind::Assign { lhs: dl, rhs: addr });
                let at = arg_ids.first().copied().unwrap_or(id);
                let Some(copy) = self.implicit_copy_into(dst, raw[1], rid, at) else {
                    let msg = format!("unsupported: copying an object of class \"{class}\" here would call a user-provided copy constructor");
                    self.error_e(at, "unsupported", msg);
                    return self.err_expr();
                };
                if self.ty(copy).is_error() {
                    return copy;
                }
                let set = self.cast(CastKind::ToVoid, set, Ty::void());
                return self.rvalue_of(Ty::void(), ExprKind::Comma(set, copy));
            }
            if record_of(&from) == Some(rid) || self.base_path(&from, &t).is_some() {
                let v = self.rv(raw[1]);
                let at = arg_ids.first().copied().unwrap_or(id);
                let c = self.convert(v, &t, super::conv::ConvCtx::Init, at);
                if self.ty(c).is_error() {
                    return c;
                }
                let target = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
                let asg = self.mk(t, ValueCategory::LValue, ExprKind::Assign { lhs: target, rhs: c });
                let asg = self.rv(asg);
                return self.cast(CastKind::ToVoid, asg, Ty::void());
            }
        }
        if !self.viable_exists(&ctors, &argv, &raw) {
            if raw.len() == 1 {
                self.error_e(
                    id,
                    "no-constructor",
                    format!("no default constructor exists for class \"{class}\""),
                );
            } else {
                let shown: Vec<String> = argv[1..].iter().map(|a| self.show(self.ty(*a))).collect();
                // The constructor's name: the class's last top-level component without its
                // template arguments (`ns::dur<long, ns::r<1, 2>>` -> `dur`).
                let last = super::checker::top_level_parent(&class).map_or(&class[..], |p| &class[p.len() + 2..]);
                let simple = last.split('<').next().unwrap_or(last).to_string();
                let msg = format!("no instance of constructor \"{class}::{simple}\" matches the argument list");
                let mut notes = vec![format!("argument types are: ({})", shown.join(", "))];
                notes.extend(self.candidate_notes(&ctors, &argv, &raw));
                self.diag(DiagAt::Expr(id), Severity::Error, "no-matching-overload", msg, notes);
            }
            return self.err_expr();
        }
        let mut ids = arg_ids.to_vec();
        ids.insert(0, id);
        let call = self.call_resolved(id, &SmolStr::new(&class), &ctors, raw, &ids);
        if let ExprKind::Call { callee, .. } = self.out.expr(call).kind {
            let from = self.dm.function(callee).method.as_ref().map(|m| m.record);
            let inherited = from.is_some_and(|b| b != rid)
                && (inherited_instances.contains(&callee) || self.inherited_constructors(rid, &[]).contains(&callee));
            if inherited && self.needs_construction_besides(rid, from) {
                // An inherited constructor initialises the base; the class's other bases and
                // members would be default-initialised.
                self.error_e(
                    id,
                    "unsupported",
                    "unsupported: inheriting constructors of a class whose other bases or members need initialization",
                );
                return self.err_expr();
            }
        }
        call
    }

    /// Whether class `rid` has an implicit copy or move constructor (none of `ctors` takes a
    /// reference to the class first) and it beats the constructors `ctors` for the argument
    /// `raw[1]` (a `rid` or a class derived from it).
    fn implicit_copy_candidate(&mut self, rid: RecordId, ctors: &[FnId], raw: &[TExprId]) -> bool {
        let from = self.ty(raw[1]).clone();
        let t = Ty::new(TyKind::Record(rid));
        if record_of(&from) != Some(rid) && self.base_path(&from, &t).is_none() {
            return false;
        }
        let user_copy = ctors.iter().any(|&f| {
            let d = self.dm.function(f);
            d.instance.is_none()
                && d.sig.params.get(1).is_some_and(|p| match &p.kind {
                    TyKind::Reference(r) => record_of(r) == Some(rid),
                    _ => false,
                })
        });
        !user_copy && self.implicit_copy_wins(rid, ctors, raw)
    }

    /// Whether default-initializing the bases (except `skip`) or members of `rid` runs code.
    fn needs_construction_besides(&self, rid: RecordId, skip: Option<RecordId>) -> bool {
        let rd = self.dm.record(rid);
        rd.bases.iter().any(|b| match skip {
            Some(s) if b.record == s => false,
            // A base between the class and the inheriting constructor's class (a chain of
            // `using __base::__base;`): its own other bases and members.
            Some(s) if b.record != rid && !self.base_paths(b.record, s).is_empty() => {
                self.needs_construction_besides(b.record, skip)
            }
            _ => self.needs_construction(b.record, 1),
        }) || rd.fields.iter().enumerate().any(|(i, f)| {
            !rd.is_base_field(i as u32)
                && record_of(f.ty.innermost_element()).is_some_and(|r| self.needs_construction(r, 1))
        })
    }

    /// Whether value-initializing an object of class `rid` zero-initializes it before its
    /// default constructor runs ([dcl.init]/8): that constructor is not user-provided (it is
    /// `= default` on its declaration).
    pub(crate) fn value_init_zeroes(&self, rid: RecordId) -> bool {
        self.constructors(rid).iter().any(|&f| {
            let d = self.dm.function(f);
            d.defaulted && d.sig.params.len() == usize::from(d.has_this())
        })
    }

    /// Whether class `rid` has a user-provided default constructor (one taking no arguments
    /// that is not `= default`): default-initialization runs it.
    pub(crate) fn user_default_ctor(&self, rid: RecordId) -> bool {
        self.constructors(rid).iter().any(|&f| {
            let d = self.dm.function(f);
            !d.defaulted && d.sig.params.len() == usize::from(d.has_this())
        })
    }

    /// Value-initializes the object of class `rid` (with constructors) at `addr`, a pure
    /// pointer expression: zeroed first when its default constructor is not user-provided,
    /// then default-constructed.
    pub(crate) fn value_construct_at(&mut self, id: ExprId, rid: RecordId, addr: TExprId) -> TExprId {
        let call = self.construct_at(id, rid, addr, Vec::new(), &[]);
        if self.ty(call).is_error() || !self.value_init_zeroes(rid) {
            return call;
        }
        let t = Ty::new(TyKind::Record(rid));
        let z = self.rvalue_of(t.clone(), ExprKind::Aggregate(Box::new(TInit::Zero)));
        let obj = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
        let zero = self.mk(t, ValueCategory::LValue, ExprKind::Assign { lhs: obj, rhs: z });
        let ct = self.ty(call).clone();
        self.rvalue_of(ct, ExprKind::Comma(zero, call))
    }

    /// A temporary of record type `rid` built by a constructor: `Comma(ctor(&tmp, ...), tmp)`.
    pub(crate) fn construct_temp(
        &mut self,
        id: ExprId,
        rid: RecordId,
        raw: Vec<TExprId>,
        arg_ids: &[ExprId],
    ) -> TExprId {
        let fate = self.temp_fate(id, rid);
        if fate == super::lifetime::TempFate::Refused {
            return self.err_expr();
        }
        let t = Ty::new(TyKind::Record(rid));
        let tmp = self.add_local(SmolStr::new("$ctor.tmp"), t.clone(), LocalStorage::Auto);
        let tl = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let addr = self.rvalue_of(Ty::ptr(t.clone()), ExprKind::AddrOf(tl));
        // `T()` / `T{}` value-initializes.
        let call = if raw.is_empty() {
            self.value_construct_at(id, rid, addr)
        } else {
            self.construct_at(id, rid, addr, raw, arg_ids)
        };
        if self.ty(call).is_error() {
            return call;
        }
        if fate == super::lifetime::TempFate::Destroy {
            // The object itself (its address is `this` for member calls), destroyed at the end
            // of the full-expression.
            return self.temp_object(call, tmp, rid, id);
        }
        let tl2 = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let load = self.cast(CastKind::Load, tl2, t.clone());
        self.rvalue_of(t, ExprKind::Comma(call, load))
    }

    /// `T(args)` / `T{args}`.
    pub(crate) fn construct_expr(
        &mut self,
        id: ExprId,
        ty: TypeRefId,
        args: &[ExprId],
        list: bool,
        init: Option<&'a crate::body::Initializer>,
    ) -> TExprId {
        // `tuple<T&...>(t...)`: the arguments' pack expansions, expanded.
        let expanded;
        let args = if !list
            && args
                .iter()
                .any(|a| matches!(self.exprs.get(a.0 as usize), Some(Expr::PackExpansion(_))))
        {
            expanded = self.expand_args(args);
            &expanded[..]
        } else {
            args
        };
        if let Some(crate::body::TypeRef::Named(n)) = self.types.get(ty.0 as usize) {
            if let Some(class) = self.ctad_class(n) {
                // `S(args)` / `S{args}` with `S` a class template: its arguments are deduced.
                return match self.deduce_class_from(&class, args, &DiagAt::Expr(id)) {
                    Some(t) => self.construct_ty(id, t, args, list, init),
                    None => self.err_expr(),
                };
            }
        }
        let target = self.body_type(ty, DiagAt::Expr(id));
        self.construct_ty(id, target, args, list, init)
    }

    /// `T(args)` / `T{args}` with the type already resolved (`init`: the braced list as
    /// written, for an aggregate).
    pub(crate) fn construct_ty(
        &mut self,
        id: ExprId,
        target: Ty,
        args: &[ExprId],
        list: bool,
        init: Option<&'a crate::body::Initializer>,
    ) -> TExprId {
        if target.is_error() {
            for a in args {
                self.value(*a);
            }
            return self.err_expr();
        }
        // Nested lists or designators: only an aggregate takes them.
        let plain = match init {
            Some(crate::body::Initializer::List(items)) => items.len() == args.len(),
            _ => true,
        };
        if !plain && record_of(&target).is_none_or(|r| self.has_ctors(r)) {
            self.error_e(
                id,
                "unsupported",
                "unsupported: nested or designated braced lists in T{...} for this type",
            );
            return self.err_expr();
        }
        if let Some(rid) = record_of(&target) {
            if self.has_ctors(rid) {
                // `T{f(t)...}`: one argument per element of the pack.
                let expanded = self.with_packs_expanded(args);
                let args = &expanded[..];
                let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
                if raw.iter().any(|r| self.ty(*r).is_error()) {
                    return self.err_expr();
                }
                return self.construct_temp(id, rid, raw, args);
            }
            let fate = self.temp_fate(id, rid);
            if fate == super::lifetime::TempFate::Refused {
                for a in args {
                    self.value(*a);
                }
                return self.err_expr();
            }
            let v = self.aggregate_temp(id, rid, &target, args, list, init);
            if fate == super::lifetime::TempFate::Destroy && !self.ty(v).is_error() {
                return self.keep_temp(v, rid, id);
            }
            return v;
        }
        self.scalar_construct(id, target, args, list)
    }

    /// `T(args)` / `T{args}` for a class without constructors (value-initialization, a copy,
    /// or aggregate initialization), an rvalue.
    fn aggregate_temp(
        &mut self,
        id: ExprId,
        rid: RecordId,
        target: &Ty,
        args: &[ExprId],
        list: bool,
        init: Option<&'a crate::body::Initializer>,
    ) -> TExprId {
        {
            // `T()` / `T{}` value-initialises, `T(x)` copies. (`D{{x}}` has no top-level
            // expressions but a non-empty list: aggregate initialization, below.)
            let empty_list = match init {
                Some(crate::body::Initializer::List(items)) => items.is_empty(),
                _ => true,
            };
            if args.is_empty() && empty_list {
                let t = target.unqualified();
                // With default member initializers: they initialize their members.
                let ti = if super::cxx_nsdmi::has_field_inits(self.dm, rid, 0) {
                    self.initializer(&t, &EMPTY_LIST, &DiagAt::Expr(id)).0
                } else {
                    TInit::Zero
                };
                return self.rvalue_of(t, ExprKind::Aggregate(Box::new(ti)));
            }
            if args.len() == 1 && !list {
                let v = self.value(args[0]);
                return self.convert(v, target, super::conv::ConvCtx::Init, args[0]);
            }
            if let (true, Some(init)) = (list, init) {
                // `T{x}` with `x` a `T` (or derived from it) copies; otherwise the list
                // initializes the aggregate's members in order.
                // (`T{f(t)...}`: the list's pack expansion is expanded below.)
                let pack = args
                    .iter()
                    .any(|a| matches!(self.exprs.get(a.0 as usize), Some(Expr::PackExpansion(_))));
                if let (false, [one]) = (pack, args) {
                    let v = self.expr(*one);
                    self.cache.insert(*one, v);
                    let vt = self.ty(v).clone();
                    if record_of(&vt) == Some(rid) || self.base_path(&vt, &target.unqualified()).is_some() {
                        let v = self.value(*one);
                        return self.convert(v, target, super::conv::ConvCtx::Init, *one);
                    }
                }
                let t = target.unqualified();
                let (ti, _) = self.initializer(&t, init, &DiagAt::Expr(id));
                return self.rvalue_of(t, ExprKind::Aggregate(Box::new(ti)));
            }
            self.error_e(
                id,
                "unsupported",
                "unsupported: aggregate initialization in a functional cast",
            );
            self.err_expr()
        }
    }

    /// `T(args)` / `T{args}` for a non-class type.
    fn scalar_construct(&mut self, id: ExprId, target: Ty, args: &[ExprId], list: bool) -> TExprId {
        match args {
            [] => {
                let t = target.unqualified();
                if t.is_void() {
                    return self.rvalue_of(t, ExprKind::Aggregate(Box::new(TInit::Zero)));
                }
                if t.is_scalar() {
                    return match t.kind {
                        TyKind::Pointer(_) => self.rvalue_of(t, ExprKind::NullPtr),
                        TyKind::Float(_) => self.rvalue_of(t, ExprKind::FloatConst(0f64.to_bits())),
                        _ => self.rvalue_of(t, ExprKind::IntConst(0)),
                    };
                }
                self.error_e(id, "unsupported", "unsupported: value-initialization of this type");
                self.err_expr()
            }
            [one] if !list => self.explicit_cast_ty(id, target, *one),
            [one] => {
                let v = self.value(*one);
                self.convert(v, &target, super::conv::ConvCtx::Init, *one)
            }
            _ => {
                for a in args {
                    self.value(*a);
                }
                let msg = "too many initializer values";
                self.error_e(id, "type-mismatch", msg);
                self.err_expr()
            }
        }
    }

    /// `base.f(args)` / `base->f(args)` when `f` is a member function; `None` when the member is
    /// not a function (the caller treats it as a call through a data member).
    pub(crate) fn member_call(
        &mut self,
        id: ExprId,
        base: ExprId,
        field: &SmolStr,
        arrow: bool,
        args: &[ExprId],
        explicit: &'a [crate::body::TemplateArgExpr],
    ) -> Option<TExprId> {
        let b = self.expr(base);
        self.cache.insert(base, b);
        // `c->f()` on a class: through its `operator->`.
        let b = if arrow && record_of(self.ty(b)).is_some() {
            match self.arrow_operand(base, b) {
                Some(p) => p,
                None => return Some(self.err_expr()),
            }
        } else {
            b
        };
        if field.contains("::") {
            // `obj.Base::f(args)`: `f` of that base class, on the base subobject.
            let obj = if arrow {
                let v = self.rv(b);
                let p = self.ty(v).pointee().cloned()?;
                self.mk(p, ValueCategory::LValue, ExprKind::Deref(v))
            } else {
                b
            };
            let (sub, name) = self.qualified_member(base, obj, field)?;
            let Some(rid) = record_of(&self.ty(sub).clone()) else {
                return Some(self.err_expr());
            };
            let fns: Vec<FnId> = self.methods(rid, &name);
            if fns.is_empty() {
                return None;
            }
            let mut raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
            let mut ids = args.to_vec();
            let with_this: Vec<FnId> = fns
                .iter()
                .copied()
                .filter(|&f| self.dm.function(f).has_this())
                .collect();
            if with_this.is_empty() {
                return Some(self.call_resolved(id, &name, &fns, raw, &ids));
            }
            let addr = self.object_address(sub);
            raw.insert(0, addr);
            ids.insert(0, base);
            return Some(self.call_resolved(id, &name, &with_this, raw, &ids));
        }
        let bt = self.ty(b).clone();
        let rec_ty = if arrow { bt.pointee().cloned()? } else { bt.clone() };
        let rid = record_of(&rec_ty)?;
        let fns = self.methods(rid, field);
        // (Member templates of a base too: `tile.shfl_xor(v, 1)` with `shfl_xor` a member
        // template of a base class template.)
        let templates = self.inherited_member_templates(rid, field, 0);
        if (fns.is_empty() || !explicit.is_empty()) && templates.is_empty() {
            return None;
        }
        if !templates.is_empty() {
            let obj = if arrow { self.rv(b) } else { self.object_address(b) };
            // Explicit template arguments name only the templates.
            let with_this: Vec<FnId> = fns
                .iter()
                .copied()
                .filter(|&f| explicit.is_empty() && self.dm.function(f).has_this())
                .collect();
            return Some(self.call_with_templates(id, field, with_this, &templates, explicit, args, Some((obj, base))));
        }
        let mut raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
        if raw.iter().any(|r| self.ty(*r).is_error()) {
            return Some(self.err_expr());
        }
        let mut ids = args.to_vec();
        let with_this: Vec<FnId> = fns
            .iter()
            .copied()
            .filter(|&f| self.dm.function(f).has_this())
            .collect();
        let name = SmolStr::new(field.as_str());
        if with_this.is_empty() {
            // Static member functions called through an object.
            return Some(self.call_resolved(id, &name, &fns, raw, &ids));
        }
        if rec_ty.is_const()
            && with_this
                .iter()
                .all(|&f| !self.dm.function(f).method.as_ref().is_some_and(|m| m.is_const))
        {
            let qualified = self.dm.function(with_this[0]).name.clone();
            let msg = format!(
                "the object has type qualifiers that are not compatible with the member function \"{qualified}\""
            );
            let note = format!("object type is: {}", self.show(&rec_ty));
            self.diag(DiagAt::Expr(base), Severity::Error, "const-object", msg, vec![note]);
            return Some(self.err_expr());
        }
        let obj = if arrow { self.rv(b) } else { self.object_address(b) };
        raw.insert(0, obj);
        ids.insert(0, base);
        Some(self.call_resolved(id, &name, &with_this, raw, &ids))
    }

    /// `obj.Q::name`: the subobject of `obj` of class `Q` (the object's class or a base) and
    /// `name`. `None` after reporting when `Q` is neither.
    pub(crate) fn qualified_member(&mut self, at: ExprId, obj: TExprId, field: &str) -> Option<(TExprId, SmolStr)> {
        let (q, name) = field.rsplit_once("::")?;
        let t = self.ty(obj).clone();
        if t.is_error() {
            return None;
        }
        let rid = record_of(&t)?;
        let qs = simple_class_name(q);
        let named = |this: &Self, r: RecordId| {
            this.dm
                .record(r)
                .name
                .as_deref()
                .is_some_and(|n| simple_class_name(n) == qs)
        };
        if named(self, rid) {
            return Some((obj, SmolStr::new(name)));
        }
        let mut stack = vec![rid];
        let mut seen = 0;
        while let Some(r) = stack.pop() {
            seen += 1;
            if seen > 256 {
                break;
            }
            for b in self.dm.record(r).bases.clone() {
                if named(self, b.record) {
                    let bt = Ty::new(TyKind::Record(b.record));
                    let Some(path) = self.base_path(&t, &bt) else {
                        self.error_e(at, "ambiguous-base", format!("base class \"{q}\" is ambiguous"));
                        return None;
                    };
                    let sub = self.base_subobject(obj, &path);
                    return Some((sub, SmolStr::new(name)));
                }
                stack.push(b.record);
            }
        }
        let msg = format!(
            "qualified name is not a member of class \"{}\" or its base classes",
            self.show(&t.unqualified())
        );
        self.error_e(at, "not-a-base", msg);
        None
    }

    /// An overloaded operator for operands of class type: a member `operator@` of the first
    /// operand's class, else a free `operator@` found by ordinary lookup or in the operands'
    /// namespaces. `None` when no operand is a class (built-in operator). `operands` are checked
    /// expressions (lvalues kept) with their positions.
    pub(crate) fn overloaded_operator(
        &mut self,
        id: ExprId,
        op: &str,
        operands: &[(TExprId, ExprId)],
    ) -> Option<TExprId> {
        let types: Vec<Ty> = operands.iter().map(|(e, _)| self.ty(*e).clone()).collect();
        if !types.iter().any(|t| record_of(t).is_some()) {
            return None;
        }
        if types.iter().any(|t| t.is_error()) {
            return Some(self.err_expr());
        }
        let fname = format!("operator{op}");
        let name = SmolStr::new(&fname);
        // Member function templates of the first operand's class (tried after its ordinary
        // members, when no namespace-scope candidate is visible).
        let member_templates =
            record_of(&types[0]).map_or(Vec::new(), |rid| self.inherited_member_templates(rid, &fname, 0));
        // Member candidates of the first operand's class.
        if let Some(rid) = record_of(&types[0]) {
            let fns: Vec<FnId> = self
                .methods(rid, &fname)
                .into_iter()
                .filter(|&f| {
                    let d = self.dm.function(f);
                    d.has_this() && d.sig.params.len() == operands.len()
                })
                .collect();
            if !fns.is_empty() && self.any_viable(&fns, operands, true) {
                let obj = self.object_address(operands[0].0);
                let mut raw = vec![obj];
                let mut ids = vec![operands[0].1];
                for (e, i) in &operands[1..] {
                    raw.push(*e);
                    ids.push(*i);
                }
                return Some(self.call_resolved(id, &name, &fns, raw, &ids));
            }
        }
        // Free candidates: ordinary lookup, then each class operand's namespace; functions and
        // function templates.
        let mut fns: Vec<FnId> = Vec::new();
        let mut templates: Vec<u32> = Vec::new();
        let add = |this: &Self, defs: Option<&Vec<ValueDef>>, fns: &mut Vec<FnId>, templates: &mut Vec<u32>| {
            for d in defs.into_iter().flatten() {
                match d {
                    ValueDef::Function(f) => {
                        let decl = this.dm.function(*f);
                        if decl.method.is_none() && decl.sig.params.len() == operands.len() && !fns.contains(f) {
                            fns.push(*f);
                        }
                    }
                    ValueDef::Template(t) if !templates.contains(t) => templates.push(*t),
                    _ => {}
                }
            }
        };
        add(self, self.visible_values(&fname), &mut fns, &mut templates);
        // Argument-dependent lookup: the operands' associated namespaces (their classes',
        // bases', template arguments').
        let adl = self.adl_defs(&fname, &types);
        add(self, Some(&adl), &mut fns, &mut templates);
        // Only the templates that deduce from the operands (and whose signature forms: SFINAE) are
        // candidates: an unrelated operator template in scope leaves the built-in operators and
        // conversions below their turn.
        let raw: Vec<TExprId> = operands.iter().map(|(e, _)| *e).collect();
        let deducing = |this: &mut Self, ts: Vec<u32>, raw: &[TExprId]| -> Vec<u32> {
            ts.into_iter()
                .filter(|&t| {
                    this.template_arity_fits(t, raw.len())
                        && this.deduce(t, &[], raw).is_ok_and(|a| this.substitution(t, &a).is_ok())
                })
                .collect()
        };
        let templates = deducing(self, templates, &raw);
        let member_templates = deducing(self, member_templates, &raw[1..]);
        // A member template is a candidate beside the free functions: it is called when no free
        // function template deduces and no free function is viable (`c -= d` with a member
        // `template <class U> C &operator-=(const C<U> &)` and an unrelated
        // `operator-=(__half &, const __half &)` in scope).
        if templates.is_empty()
            && !member_templates.is_empty()
            && (fns.is_empty() || !self.any_viable(&fns, operands, false))
        {
            // `a[i]` with a member `template <class I> T &operator[](I)`: a member call.
            let obj = self.object_address(operands[0].0);
            let args: Vec<ExprId> = operands[1..].iter().map(|(_, i)| *i).collect();
            let with_this: Vec<FnId> = record_of(&types[0])
                .map(|rid| self.methods(rid, &fname))
                .unwrap_or_default()
                .into_iter()
                .filter(|&f| self.dm.function(f).has_this())
                .collect();
            let obj_id = operands[0].1;
            return Some(self.call_with_templates(
                id,
                &name,
                with_this,
                &member_templates,
                &[],
                &args,
                Some((obj, obj_id)),
            ));
        }
        if !templates.is_empty() {
            let args: Vec<ExprId> = operands.iter().map(|(_, i)| *i).collect();
            return Some(self.call_with_templates(id, &name, fns, &templates, &[], &args, None));
        }
        let user_call = |this: &mut Self, fns: &[FnId]| {
            let raw: Vec<TExprId> = operands.iter().map(|(e, _)| *e).collect();
            let ids: Vec<ExprId> = operands.iter().map(|(_, i)| *i).collect();
            this.call_resolved(id, &name, fns, raw, &ids)
        };
        // Built-in operators apply to class operands with one conversion function to a scalar
        // type: convert them (the built-in path reads the operands back from the cache). They
        // are candidates beside the operator functions ([over.match.oper]/3): with no viable
        // operator function (`b == c` with `operator float()`, where `operator==(const
        // __nv_bfloat16 &, ...)` would need two user-defined conversions), the built-in one.
        let assignment = op.ends_with('=') && !matches!(op, "==" | "!=" | "<=" | ">=");
        if !fns.is_empty() && (assignment || self.any_viable(&fns, operands, false)) {
            return Some(user_call(self, &fns));
        }
        if !assignment {
            let mut converted = Vec::new();
            let mut ok = true;
            for (e, i) in operands {
                let t = self.ty(*e).clone();
                let Some(rid) = record_of(&t) else {
                    converted.push(None);
                    continue;
                };
                let fs: Vec<FnId> = self
                    .conversion_functions(rid)
                    .into_iter()
                    .filter(|&f| {
                        let d = self.dm.function(f);
                        let m = d.method.as_ref();
                        let r = match &d.sig.ret.kind {
                            TyKind::Reference(x) => (**x).clone(),
                            _ => d.sig.ret.clone(),
                        };
                        r.is_scalar()
                            && !m.is_some_and(|m| m.explicit)
                            && (!t.is_const() || m.is_some_and(|m| m.is_const))
                    })
                    .collect();
                if fs.len() != 1 {
                    ok = false;
                    break;
                }
                converted.push(Some((fs[0], *e, *i)));
            }
            if ok {
                for (f, e, i) in converted.into_iter().flatten() {
                    let obj = self.object_address(e);
                    let name = self.dm.function(f).name.clone();
                    let call = self.call_resolved(i, &name, &[f], vec![obj], &[i]);
                    let r = self.rv(call);
                    self.cache.insert(i, r);
                }
                return None;
            }
        }
        if !fns.is_empty() {
            // No viable candidate: the call reports why each one fails.
            return Some(user_call(self, &fns));
        }
        let shown: Vec<String> = types.iter().map(|t| self.show(t)).collect();
        let note = format!("operand types are: {}", shown.join(&format!(" {op} ")));
        let msg = format!("no operator \"{op}\" matches these operands");
        self.diag(
            DiagAt::Expr(id),
            Severity::Error,
            "no-matching-operator",
            msg,
            vec![note],
        );
        Some(self.err_expr())
    }

    /// Whether some candidate accepts the operands (the first through `this` when `member`),
    /// without reporting anything.
    fn any_viable(&mut self, fns: &[FnId], operands: &[(TExprId, ExprId)], member: bool) -> bool {
        let saved = self.diags.len();
        let saved_exprs = self.out.exprs.len();
        let saved_locals = self.out.locals.len();
        let mut raw = Vec::new();
        if member {
            let t = self.ty(operands[0].0).clone();
            let p = self.rvalue_of(Ty::ptr(t), ExprKind::NullPtr);
            raw.push(p);
        }
        for (e, _) in &operands[usize::from(member)..] {
            raw.push(*e);
        }
        let argv: Vec<TExprId> = raw.iter().map(|e| self.rv(*e)).collect();
        let ok = self.viable_exists(fns, &argv, &raw);
        self.diags.truncate(saved);
        self.out.exprs.truncate(saved_exprs);
        self.out.locals.truncate(saved_locals);
        ok
    }

    /// Statements a constructor runs before its body: each member in declaration order is
    /// initialised from its member initializer, or by its class's default constructor.
    pub(crate) fn ctor_prologue(&mut self, body: &'a Body) -> Vec<TStmtId> {
        let mut out = Vec::new();
        let Some(rid) = self.func.as_ref().and_then(|f| f.record) else {
            if let Some(mi) = body.mem_inits.first() {
                self.error_e(mi.at, "syntax", "only constructors take member initializers");
            }
            return out;
        };
        let fields = self.dm.record(rid).fields.clone();
        let bases = self.dm.record(rid).bases.clone();
        let names_base = |this: &Self, b: &crate::ty::BaseDecl, n: &str| {
            this.dm.record(b.record).name.as_deref().is_some_and(|bn| {
                let simple = bn.rsplit("::").next().unwrap_or(bn);
                let bt = bn.split('<').next().unwrap_or(bn);
                bn == n
                    || simple == n
                    || simple.split('<').next() == Some(n)
                    || bt == n
                    // A qualified name found through namespaces and inline namespaces
                    // (`::cuda::std::__atomic_ref_impl<T, S>`).
                    || (n.contains("::")
                        && this
                            .name_candidates(n.split('<').next().unwrap_or(n))
                            .iter()
                            .any(|q| q == bt || q == bn))
                    // An alias template naming the base's class template (`: ::cuda::std::
                    // __atomic_ref_impl<T, S>(r)` with `__atomic_ref_impl = __atomic_ref<T, S>`).
                    || this.name_candidates(n.split('<').next().unwrap_or(n)).iter().any(|q| {
                        this.dm.alias_templates.get(q).is_some_and(|a| match &a.ty {
                            crate::body::TypeRef::Template { name, .. } => {
                                let last = |s: &str| s.rsplit("::").next().unwrap_or(s).to_owned();
                                last(name) == last(bt)
                            }
                            _ => false,
                        })
                    })
            })
        };
        // The mem-initializers with `Base<T>(u)...` expanded: (mem-initializer, pack element).
        let mut inits: Vec<(usize, Option<usize>)> = Vec::new();
        for (i, mi) in body.mem_inits.iter().enumerate() {
            if !mi.pack {
                inits.push((i, None));
                continue;
            }
            let n = mi.ty.and_then(|t| self.types.get(t.0 as usize)).and_then(|tr| {
                let mut names = Vec::new();
                super::items::names_in(tr, &mut names);
                names.iter().find_map(|n| self.pack_len(n))
            });
            match n {
                Some(n) => inits.extend((0..n).map(|k| (i, Some(k)))),
                None => self.error_e(
                    mi.at,
                    "template-args",
                    "pack expansion does not make use of any argument packs",
                ),
            }
        }
        // A template-id names its base by the type it denotes (through alias templates too).
        let named: Vec<Option<RecordId>> = inits
            .iter()
            .map(|&(i, k)| {
                let mi = &body.mem_inits[i];
                let Some(t) = mi.ty else {
                    // `__base(args)` with `using __base = B<T>;` a member alias (libcu++'s
                    // `optional`): the base the type names (a data member's name wins).
                    if k.is_some() || fields.iter().any(|f| f.name.as_deref() == Some(mi.name.as_str())) {
                        return None;
                    }
                    let saved = self.diags.len();
                    let found = super::types::TypeEnv::typedef(&mut super::checker::BodyTypeEnv { ck: self }, &mi.name);
                    self.diags.truncate(saved);
                    return found.and_then(|(t, _)| match t.unqualified().kind {
                        TyKind::Record(r) => Some(r),
                        _ => None,
                    });
                };
                let tr = self.types.get(t.0 as usize)?;
                let saved = self.diags.len();
                let saved_index = self.pack_index;
                self.pack_index = k.or(saved_index);
                let ty = self.resolve_type_ref(tr, DiagAt::Expr(mi.at));
                self.pack_index = saved_index;
                self.diags.truncate(saved);
                match ty.unqualified().kind {
                    TyKind::Record(r) => Some(r),
                    _ => None,
                }
            })
            .collect();
        // Expanded mem-initializer `j` names base `b` (an element of a pack expansion by its type
        // only).
        let names_base = |this: &Self, b: &crate::ty::BaseDecl, j: usize| {
            named[j] == Some(b.record)
                || (inits[j].1.is_none() && names_base(this, b, &body.mem_inits[inits[j].0].name))
        };
        // A delegating constructor (`S(int x) : S(x, 2 * x) {}`, [class.base.init]/6): the
        // mem-initializer names the class itself, the target constructor initializes the whole
        // object (its mem-initializers, default member initializers and body), then this
        // constructor's body runs.
        let own = self.dm.record(rid).name.as_deref().map(simple_class_name);
        let delegating = inits.iter().enumerate().position(|(j, &(i, _))| {
            named[j] == Some(rid)
                || (named[j].is_none() && own.as_deref() == Some(simple_class_name(&body.mem_inits[i].name).as_str()))
        });
        if let Some(d) = delegating {
            if body.mem_inits.len() > 1 {
                // nvcc points at the second of the mem-initializers that conflict.
                let at = body.mem_inits[if d == 0 { 1 } else { d }].at;
                self.error_e(
                    at,
                    "syntax",
                    "a delegating constructor cannot have other mem-initializers",
                );
                return out;
            }
            let mi = &body.mem_inits[inits[d].0];
            let Some(this) = self.this_value() else { return out };
            let args = self.with_packs_expanded(&mi.args);
            let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
            let e = self.construct_at(mi.at, rid, this, raw, &args);
            let me = self.func.as_ref().map(|f| f.id);
            if matches!(self.out.expr(e).kind, ExprKind::Call { callee, .. } if Some(callee) == me) {
                // (A cycle through other constructors is not detected yet.)
                self.error_e(
                    mi.at,
                    "syntax",
                    "constructor delegates directly or indirectly to itself",
                );
            }
            out.push(self.mk_stmt(TStmt::Expr(e)));
            return out;
        }
        for (j, &(i, _)) in inits.iter().enumerate() {
            let mi = &body.mem_inits[i];
            if bases.iter().any(|b| names_base(self, b, j)) {
                continue;
            }
            if !fields.iter().any(|f| f.name.as_deref() == Some(mi.name.as_str())) {
                let msg = format!(
                    "\"{}\" is not a nonstatic data member or base class of class \"{}\"",
                    mi.name,
                    self.record_display(rid)
                );
                self.error_e(mi.at, "no-member", msg);
            }
        }
        // Base subobjects first, in declaration order.
        for b in &bases {
            let found = (0..inits.len()).find(|&j| names_base(self, b, j));
            let init = found.map(|j| &body.mem_inits[inits[j].0]);
            // An element of `Base<T>(u)...`: its arguments with the packs' element `k`.
            let elem = found.and_then(|j| inits[j].1);
            let Some(this) = self.this_value() else { break };
            let rt = Ty::new(TyKind::Record(rid));
            let obj = self.mk(rt, ValueCategory::LValue, ExprKind::Deref(this));
            let sub = self.base_subobject(obj, &[(rid, b.clone())]);
            let bt = Ty::new(TyKind::Record(b.record));
            let addr = self.rvalue_of(Ty::ptr(bt.clone()), ExprKind::AddrOf(sub));
            let saved_index = self.pack_index;
            let saved_cache = elem.map(|k| {
                self.pack_index = Some(k);
                std::mem::take(&mut self.cache)
            });
            let e = match init {
                Some(mi) if self.has_ctors(b.record) && mi.args.is_empty() => {
                    self.value_construct_at(mi.at, b.record, addr)
                }
                Some(mi) if self.has_ctors(b.record) => {
                    let args = self.with_packs_expanded(&mi.args);
                    let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
                    self.construct_at(mi.at, b.record, addr, raw, &args)
                }
                // `B{a, b}`, `B{f(t)...}` (libcu++'s `_DynamicValues{static_cast<_TDynamic>(
                // __vals)...}`): an aggregate base list-initialized member by member, unless one
                // argument of the base's own type copies it.
                Some(mi) if mi.list && !mi.args.is_empty() && !self.copies_base(&mi.args, b.record) => {
                    let ti = self.braced_args_init(&bt, &mi.args, &DiagAt::Expr(mi.at));
                    let v = self.rvalue_of(bt.clone(), ExprKind::Aggregate(Box::new(ti)));
                    let lv = self.mk(bt.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
                    self.mk(bt.clone(), ValueCategory::LValue, ExprKind::Assign { lhs: lv, rhs: v })
                }
                Some(mi) => match mi.args.as_slice() {
                    [] => {
                        let z = self.rvalue_of(bt.clone(), ExprKind::Aggregate(Box::new(TInit::Zero)));
                        let lv = self.mk(bt.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
                        self.mk(bt.clone(), ValueCategory::LValue, ExprKind::Assign { lhs: lv, rhs: z })
                    }
                    [one] => {
                        let v = self.value(*one);
                        let c = self.convert(v, &bt, super::conv::ConvCtx::Init, *one);
                        let lv = self.mk(bt.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
                        self.mk(bt.clone(), ValueCategory::LValue, ExprKind::Assign { lhs: lv, rhs: c })
                    }
                    _ => {
                        self.error_e(mi.at, "type-mismatch", "too many initializer values");
                        self.err_expr()
                    }
                },
                None => {
                    let at = body.mem_inits.first().map(|m| m.at).unwrap_or(ExprId(0));
                    match self.default_construct_at(at, b.record, addr) {
                        Some(e) => e,
                        None => continue,
                    }
                }
            };
            if let Some(c) = saved_cache {
                self.cache = c;
                self.pack_index = saved_index;
            }
            out.push(self.mk_stmt(TStmt::Expr(e)));
        }
        for (fi, field) in fields.iter().enumerate() {
            if self.dm.record(rid).is_base_field(fi as u32) {
                continue;
            }
            let Some(fname) = field.name.clone() else { continue };
            let init = body.mem_inits.iter().find(|m| m.name == fname);
            let fty = field.ty.clone();
            let Some(this) = self.this_value() else { break };
            let rt = Ty::new(TyKind::Record(rid));
            let obj = self.mk(rt, ValueCategory::LValue, ExprKind::Deref(this));
            let lv = self.mk(
                fty.clone(),
                ValueCategory::LValue,
                ExprKind::Member {
                    base: obj,
                    field: fi as u32,
                },
            );
            if init.is_none() {
                // The member's default member initializer, if it has one.
                if let Some(e) = self
                    .this_value()
                    .and_then(|this| self.field_init_at(rid, fi as u32, this, DiagAt::Function))
                {
                    out.push(self.mk_stmt(TStmt::Expr(e)));
                    continue;
                }
            }
            let e = match (init, record_of(&fty)) {
                (Some(mi), _) if self.is_ref_field(rid, fi as u32) => {
                    // A reference member binds to its initializer: the field takes its address.
                    let referent = fty.pointee().cloned().unwrap_or_else(Ty::error);
                    // (`r(fwd<A>(a)...)`: the expansion of a one-element pack.)
                    let args = self.with_packs_expanded(&mi.args);
                    let c = match args.as_slice() {
                        [one] => {
                            let v = self.expr(*one);
                            self.bind_reference_to(&referent, v, *one, super::conv::ConvCtx::Init)
                        }
                        _ => {
                            self.error_e(mi.at, "type-mismatch", "a reference member is initialized by one value");
                            self.err_expr()
                        }
                    };
                    self.mk(
                        fty.unqualified(),
                        ValueCategory::LValue,
                        ExprKind::Assign { lhs: lv, rhs: c },
                    )
                }
                (Some(mi), Some(frid)) if self.has_ctors(frid) => {
                    let args = self.with_packs_expanded(&mi.args);
                    let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
                    let addr = self.rvalue_of(Ty::ptr(fty.clone()), ExprKind::AddrOf(lv));
                    if raw.is_empty() {
                        self.value_construct_at(mi.at, frid, addr)
                    } else {
                        self.construct_at(mi.at, frid, addr, raw, &args)
                    }
                }
                // `m{a, b}`, `m{f(t)...}`: list-initialization (aggregates member by member).
                (Some(mi), _) if mi.list => {
                    let ti = self.braced_args_init(&fty, &mi.args, &DiagAt::Expr(mi.at));
                    let v = self.rvalue_of(fty.unqualified(), ExprKind::Aggregate(Box::new(ti)));
                    self.mk(
                        fty.unqualified(),
                        ValueCategory::LValue,
                        ExprKind::Assign { lhs: lv, rhs: v },
                    )
                }
                // (`v(fwd<A>(a)...)`, libcu++'s `__optional_destruct_base`: the expansion of a
                // pack of at most one element.)
                (Some(mi), _) => match self.with_packs_expanded(&mi.args).as_slice() {
                    [] => {
                        let z = self.rvalue_of(fty.unqualified(), ExprKind::Aggregate(Box::new(TInit::Zero)));
                        self.mk(
                            fty.unqualified(),
                            ValueCategory::LValue,
                            ExprKind::Assign { lhs: lv, rhs: z },
                        )
                    }
                    [one] => {
                        let v = self.value(*one);
                        let c = self.convert(v, &fty, super::conv::ConvCtx::Init, *one);
                        self.mk(
                            fty.unqualified(),
                            ValueCategory::LValue,
                            ExprKind::Assign { lhs: lv, rhs: c },
                        )
                    }
                    _ => {
                        self.error_e(mi.at, "type-mismatch", "too many initializer values");
                        self.err_expr()
                    }
                },
                (None, Some(frid)) if self.needs_construction(frid, 0) => {
                    let addr = self.rvalue_of(Ty::ptr(fty.clone()), ExprKind::AddrOf(lv));
                    let at = body.mem_inits.first().map(|m| m.at).unwrap_or(ExprId(0));
                    match self.default_construct_at(at, frid, addr) {
                        Some(e) => e,
                        None => continue,
                    }
                }
                (None, _) => continue,
            };
            out.push(self.mk_stmt(TStmt::Expr(e)));
        }
        out
    }

    /// Whether default-initialising an object of class `rid` runs code: it has constructors, or
    /// a base or member does.
    pub(crate) fn needs_construction(&self, rid: RecordId, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        let ctors = self.constructors(rid);
        // A default constructor declared `= default` does what the implicit one does: only its
        // bases' and members' construction (`__half() = default;` runs no code).
        let defaulted_default = ctors.iter().any(|&f| {
            let d = self.dm.function(f);
            d.defaulted && !d.sig.params.iter().any(|p| matches!(p.kind, TyKind::Reference(_)))
        });
        if (!ctors.is_empty() || !self.ctor_templates(rid).is_empty()) && !defaulted_default {
            return true;
        }
        let rd = self.dm.record(rid);
        !rd.field_inits.is_empty()
            || rd.bases.iter().any(|b| self.needs_construction(b.record, depth + 1))
            || rd.fields.iter().any(|f| {
                let t = f.ty.innermost_element();
                record_of(t).is_some_and(|r| self.needs_construction(r, depth + 1))
            })
    }

    /// Default-initialises the object of class `rid` at `addr`: its default constructor, or for
    /// a class without constructors (an implicit default constructor) its bases' and members'.
    /// `None` when that does nothing.
    pub(crate) fn default_construct_at(&mut self, at: ExprId, rid: RecordId, addr: TExprId) -> Option<TExprId> {
        if !self.needs_construction(rid, 0) {
            return None;
        }
        if self.has_ctors(rid) {
            return Some(self.construct_at(at, rid, addr, Vec::new(), &[]));
        }
        self.implicit_default_construct(at, rid, addr)
    }

    /// What an implicit (or `= default`) default constructor of `rid` does to the object at
    /// `addr`: its bases' and members' default constructors. `None` when that is nothing.
    pub(crate) fn implicit_default_construct(&mut self, at: ExprId, rid: RecordId, addr: TExprId) -> Option<TExprId> {
        let rd = self.dm.record(rid).clone();
        let rt = Ty::new(TyKind::Record(rid));
        let mut parts = Vec::new();
        for (fi, f) in rd.fields.iter().enumerate() {
            if let Some(e) = self.field_init_at(rid, fi as u32, addr, DiagAt::Expr(at)) {
                parts.push(e);
                continue;
            }
            let Some(frid) = record_of(&f.ty) else {
                if matches!(f.ty.kind, TyKind::Array(..)) && self.needs_construction_ty(&f.ty) {
                    self.error_e(
                        at,
                        "unsupported",
                        "unsupported: arrays of objects with constructors inside classes without constructors",
                    );
                    return Some(self.err_expr());
                }
                continue;
            };
            if !self.needs_construction(frid, 0) {
                continue;
            }
            let obj = self.mk(rt.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
            let m = self.mk(
                f.ty.clone(),
                ValueCategory::LValue,
                ExprKind::Member {
                    base: obj,
                    field: fi as u32,
                },
            );
            let a = self.rvalue_of(Ty::ptr(f.ty.clone()), ExprKind::AddrOf(m));
            if let Some(e) = self.default_construct_at(at, frid, a) {
                parts.push(e);
            }
        }
        for b in rd.bases.iter().filter(|b| b.field.is_none()) {
            if let Some(e) = {
                let p = self.cast(CastKind::PtrToPtr, addr, Ty::ptr(Ty::new(TyKind::Record(b.record))));
                self.default_construct_at(at, b.record, p)
            } {
                parts.insert(0, e);
            }
        }
        let mut it = parts.into_iter();
        let first = it.next()?;
        Some(it.fold(first, |acc, e| self.rvalue_of(Ty::void(), ExprKind::Comma(acc, e))))
    }

    fn needs_construction_ty(&self, t: &Ty) -> bool {
        let t = t.innermost_element();
        record_of(t).is_some_and(|r| self.needs_construction(r, 0))
    }

    /// A local of class type with constructors: the declaration, then the constructor call with
    /// `args` (checked here; `value`: none, value-initialization). `None` when the class has no
    /// constructors.
    pub(crate) fn construct_local(
        &mut self,
        at: ExprId,
        local: crate::thir::LocalId,
        rid: RecordId,
        args: &[ExprId],
        value: bool,
    ) -> Option<TExprId> {
        if !self.has_ctors(rid) {
            return None;
        }
        let t = self.out.local(local).ty.clone();
        let lv = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Local(local));
        let addr = self.rvalue_of(Ty::ptr(t), ExprKind::AddrOf(lv));
        if value {
            return Some(self.value_construct_at(at, rid, addr));
        }
        let args = self.with_packs_expanded(args);
        let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
        Some(self.construct_at(at, rid, addr, raw, &args))
    }
}

/// Derived-to-base conversions. A non-empty base subobject is an unnamed field of the derived
/// record (`RecordDecl::bases`), an empty one sits at offset 0; pointers are adjusted by the
/// base's offset (null stays null), objects are sliced by member access.
impl<'a> Checker<'a> {
    /// The paths (each a list of (class, base) steps) from class `from` to its base `to`.
    pub(crate) fn base_paths(&self, from: RecordId, to: RecordId) -> Vec<Vec<(RecordId, crate::ty::BaseDecl)>> {
        fn go(
            records: &crate::ty::Records,
            from: RecordId,
            to: RecordId,
            path: &mut Vec<(RecordId, crate::ty::BaseDecl)>,
            out: &mut Vec<Vec<(RecordId, crate::ty::BaseDecl)>>,
        ) {
            if path.len() > 32 || out.len() > 4 {
                return;
            }
            let Some(rd) = records.get(from) else { return };
            for b in &rd.bases {
                path.push((from, b.clone()));
                if b.record == to {
                    out.push(path.clone());
                } else {
                    go(records, b.record, to, path, out);
                }
                path.pop();
            }
        }
        let mut out = Vec::new();
        if from != to {
            go(&self.dm.records, from, to, &mut Vec::new(), &mut out);
        }
        out
    }

    /// The unique derived-to-base path from record type `from` to record type `to`.
    pub(crate) fn base_path(&self, from: &Ty, to: &Ty) -> Option<Vec<(RecordId, crate::ty::BaseDecl)>> {
        let (f, t) = (record_of(from)?, record_of(to)?);
        let mut paths = self.base_paths(f, t);
        (paths.len() == 1).then(|| paths.pop().unwrap())
    }

    /// Whether record type `base` is an ambiguous base of `derived` (nvcc: "base class ... is
    /// ambiguous").
    pub(crate) fn ambiguous_base(&self, derived: &Ty, base: &Ty) -> bool {
        match (record_of(derived), record_of(base)) {
            (Some(f), Some(t)) => self.base_paths(f, t).len() > 1,
            _ => false,
        }
    }

    /// Adds `delta` bytes to pointer rvalue `v` and gives it type `to`. With `null_check`, a
    /// null pointer stays null (the pointer is evaluated once, through a temporary).
    pub(crate) fn offset_pointer(&mut self, v: TExprId, delta: i64, to: Ty, null_check: bool) -> TExprId {
        if delta == 0 {
            return self.cast(CastKind::PtrToPtr, v, to);
        }
        let from = self.ty(v).clone();
        let bytes = |this: &mut Self, p: TExprId| {
            let cq = from.pointee().map(|p| p.quals).unwrap_or_default();
            let ct = Ty::ptr(crate::check::types::add_quals(Ty::int(crate::ty::IntKind::Char), cq));
            let c = this.cast(CastKind::PtrToPtr, p, ct.clone());
            let off = this.rvalue_of(
                Ty::int(crate::ty::IntKind::Long),
                ExprKind::IntConst(delta as i128 as u128),
            );
            let a = this.rvalue_of(ct, ExprKind::PtrAdd { ptr: c, offset: off });
            this.cast(CastKind::PtrToPtr, a, to.clone())
        };
        if !null_check {
            return bytes(self, v);
        }
        let tmp = self.add_local(SmolStr::new("$base.ptr"), from.unqualified(), LocalStorage::Auto);
        let tl = self.mk(from.unqualified(), ValueCategory::LValue, ExprKind::Local(tmp));
        let asg = self.mk(
            from.unqualified(),
            ValueCategory::LValue,
            ExprKind::Assign { lhs: tl, rhs: v },
        );
        let load = |this: &mut Self| {
            let l = this.mk(from.unqualified(), ValueCategory::LValue, ExprKind::Local(tmp));
            this.cast(CastKind::Load, l, from.unqualified())
        };
        let c0 = load(self);
        let cond = self.cast(CastKind::ToBool, c0, Ty::int(crate::ty::IntKind::Bool));
        let p = load(self);
        let then = bytes(self, p);
        let null = self.rvalue_of(to.clone(), ExprKind::NullPtr);
        let sel = self.rvalue_of(
            to.clone(),
            ExprKind::Cond {
                cond,
                then,
                else_: null,
            },
        );
        self.rvalue_of(to, ExprKind::Comma(asg, sel))
    }

    /// The byte offset of a base path.
    pub(crate) fn path_offset(path: &[(RecordId, crate::ty::BaseDecl)]) -> i64 {
        path.iter().map(|(_, b)| b.offset as i64).sum()
    }

    /// Converts pointer rvalue `v` (to a derived class) to pointer type `to` (to its base).
    pub(crate) fn upcast_pointer(&mut self, v: TExprId, path: &[(RecordId, crate::ty::BaseDecl)], to: Ty) -> TExprId {
        let off = Self::path_offset(path);
        let null_check = off != 0 && !matches!(self.out.expr(v).kind, ExprKind::AddrOf(_));
        self.offset_pointer(v, off, to, null_check)
    }

    /// The base subobject of record value `v` (lvalue or rvalue) along `path`.
    pub(crate) fn base_subobject(&mut self, v: TExprId, path: &[(RecordId, crate::ty::BaseDecl)]) -> TExprId {
        let mut cur = v;
        for (_, b) in path {
            let (cat, quals) = {
                let x = self.out.expr(cur);
                (x.category, crate::check::types::cv(x.ty.quals))
            };
            let bt = crate::check::types::add_quals(Ty::new(TyKind::Record(b.record)), quals);
            cur = match b.field {
                Some(fi) => self.mk(bt, cat, ExprKind::Member { base: cur, field: fi }),
                None if cat == ValueCategory::LValue => {
                    let a = self.rvalue_of(Ty::ptr(self.ty(cur).clone()), ExprKind::AddrOf(cur));
                    let p = self.cast(CastKind::PtrToPtr, a, Ty::ptr(bt.clone()));
                    self.mk(bt, ValueCategory::LValue, ExprKind::Deref(p))
                }
                None => {
                    let d = self.cast(CastKind::ToVoid, cur, Ty::void());
                    let z = self.rvalue_of(bt.unqualified(), ExprKind::Aggregate(Box::new(TInit::Zero)));
                    self.rvalue_of(bt.unqualified(), ExprKind::Comma(d, z))
                }
            };
        }
        cur
    }
}

/// A compiler type trait's type argument: its type and its ABI view.
type TraitArg = (Ty, crate::mangle::MangleTy);

/// Whether a type is an enumeration: warpc represents an enum as `int` ([`Ty`]) and keeps it
/// apart only in the ABI view, where it is a name (`MangleTy::Named`), not a builtin code.
fn is_enum_ty(ty: &Ty, m: &crate::mangle::MangleTy) -> bool {
    use crate::mangle::MangleTy;
    matches!(ty.kind, TyKind::Int(_))
        && !matches!(m.strip_top_quals(), MangleTy::Builtin(_) | MangleTy::TemplateParam(_))
}

impl<'a> Checker<'a> {
    /// A compiler type trait (`__is_enum(T)`, `__is_base_of(B, D)`, ...) as a `bool` constant:
    /// the builtins libstdc++'s `<type_traits>` is written over. Traits that need what warpc does
    /// not model (virtual functions and `final` are rejected elsewhere; constructibility and
    /// assignability of classes) are `unsupported` errors, never a guess.
    pub(crate) fn type_trait(&mut self, id: ExprId, name: &str, args: &[TypeRefId]) -> TExprId {
        let mut tys = Vec::new();
        for t in args {
            let Some(tr) = self.types.get(t.0 as usize) else {
                return self.err_expr();
            };
            let saved = self.at_override.clone();
            if self.at_override.is_none() {
                self.at_override = Some(DiagAt::Expr(id));
            }
            // `Args...`: the pattern once per element of the pack it names.
            let (pattern, count) = match tr {
                crate::body::TypeRef::PackExpansion(inner) => {
                    let mut names = Vec::new();
                    super::items::names_in(inner, &mut names);
                    let Some(n) = names.iter().find_map(|n| self.pack_len(n)) else {
                        self.at_override = saved;
                        let msg = "pack expansion does not make use of any argument packs";
                        self.error_e(id, "pack-expansion", msg);
                        return self.err_expr();
                    };
                    (&**inner, Some(n))
                }
                tr => (tr, None),
            };
            let saved_index = self.pack_index;
            for k in 0..count.unwrap_or(1) {
                if count.is_some() {
                    self.pack_index = Some(k);
                }
                let (ty, m) = super::types::resolve(&mut super::checker::BodyTypeEnv { ck: self }, pattern);
                if ty.is_error() {
                    self.pack_index = saved_index;
                    self.at_override = saved;
                    return self.err_expr();
                }
                tys.push((ty, m));
            }
            self.pack_index = saved_index;
            self.at_override = saved;
        }
        let binary = matches!(
            name,
            "__is_base_of"
                | "__is_same"
                | "__is_same_as"
                | "__is_assignable"
                | "__is_trivially_assignable"
                | "__is_nothrow_assignable"
                | "__is_convertible_to"
        );
        let variadic = matches!(
            name,
            "__is_constructible" | "__is_trivially_constructible" | "__is_nothrow_constructible"
        );
        if tys.is_empty() || (binary && tys.len() != 2) || (!binary && !variadic && tys.len() != 1) {
            self.error_e(id, "type-trait", format!("wrong number of arguments to \"{name}\""));
            return self.err_expr();
        }
        let (t, m) = (&tys[0].0, &tys[0].1);
        let record = match t.kind {
            TyKind::Record(r) => Some(r),
            _ => None,
        };
        let is_union = record.is_some_and(|r| self.dm.record(r).is_union);
        let v = match name {
            "__is_enum" => is_enum_ty(t, m),
            "__is_class" => record.is_some() && !is_union,
            "__is_union" => is_union,
            "__is_final" => record.is_some_and(|r| self.dm.record(r).is_final),
            "__is_empty" => record.is_some_and(|r| {
                let rd = self.dm.record(r);
                !rd.is_union && rd.complete && rd.fields.is_empty()
            }),
            // warpc has no virtual functions (they are rejected as unsupported).
            "__is_polymorphic" | "__is_abstract" | "__has_virtual_destructor" => false,
            "__is_same" | "__is_same_as" => {
                let (u, um) = (&tys[1].0, &tys[1].1);
                t == u
                    && is_enum_ty(t, m) == is_enum_ty(u, um)
                    && (!is_enum_ty(t, m) || m.strip_top_quals() == um.strip_top_quals())
            }
            "__is_base_of" => match (record, &tys[1].0.kind) {
                (Some(b), TyKind::Record(d)) => {
                    !is_union && !self.dm.record(*d).is_union && (b == *d || !self.base_paths(*d, b).is_empty())
                }
                _ => false,
            },
            "__is_trivial"
            | "__is_pod"
            | "__is_trivially_copyable"
            | "__is_standard_layout"
            | "__is_literal_type"
            | "__has_trivial_destructor"
            | "__has_trivial_copy"
            | "__has_trivial_assign"
            | "__has_trivial_constructor"
            | "__is_aggregate" => {
                let aggregate = name == "__is_aggregate";
                match self.trivial_type(t, aggregate, 0) {
                    Some(v) => v,
                    None => return self.unsupported_trait(id, name),
                }
            }
            // A reference bound to `declval<U>()`: directly to a (reference-related) glvalue,
            // else through a temporary for `const T&` and `T&&` ([dcl.init.ref]); binding calls
            // nothing, so trivially and nothrow alike.
            "__has_unique_object_representations" => match self.unique_object_repr(t, 0) {
                Some(v) => v,
                None => return self.unsupported_trait(id, name),
            },
            "__is_constructible" | "__is_trivially_constructible" | "__is_nothrow_constructible"
                if matches!(t.kind, TyKind::Reference(_)) =>
            {
                match &tys[1..] {
                    [u] => match self.reference_binds(&tys[0], u) {
                        Some(v) => v,
                        None => return self.unsupported_trait(id, name),
                    },
                    _ => false,
                }
            }
            // `To t = declval<From>();` (EDG's and MSVC's spelling).
            "__is_convertible_to" => match self.implicitly_converts(&tys[0], &tys[1]) {
                Some(v) => v,
                None => return self.unsupported_trait(id, name),
            },
            // `declval<T>() = declval<U>()` with the built-in assignment: a modifiable lvalue
            // of scalar type from a value converting to it implicitly.
            "__is_assignable" | "__is_trivially_assignable" | "__is_nothrow_assignable" => {
                match self
                    .scalar_assignable(&tys[0], &tys[1])
                    .or_else(|| self.implicitly_assignable(&tys[0], &tys[1]))
                {
                    Some(v) => v,
                    None => return self.unsupported_trait(id, name),
                }
            }
            "__is_constructible" | "__is_trivially_constructible" | "__is_nothrow_constructible"
                if record.is_none() =>
            {
                // A scalar (or array) from nothing, or direct-initialized from `declval<U>()`
                // (C++17: an array from no argument only, anything from at most one).
                match &tys[1..] {
                    [] => !matches!(
                        t.kind,
                        TyKind::Void | TyKind::Function(_) | TyKind::Reference(_) | TyKind::Array(_, None)
                    ),
                    [u] => match self.scalar_constructible(&tys[0], u) {
                        Some(v) => v,
                        None => return self.unsupported_trait(id, name),
                    },
                    _ => false,
                }
            }
            // A class without constructors: value-initialized from nothing, copied from one of
            // its own type.
            "__is_constructible" | "__is_trivially_constructible" | "__is_nothrow_constructible"
                if record.is_some_and(|r| self.dm.record(r).complete && !self.has_ctors(r)) =>
            {
                let fits = match &tys[1..] {
                    [] => true,
                    [(a, _)] => super::types::same_unqual(a, t),
                    _ => return self.unsupported_trait(id, name),
                };
                if name == "__is_trivially_constructible" {
                    match self.trivial_type(t, false, 0) {
                        Some(v) => fits && v,
                        None => return self.unsupported_trait(id, name),
                    }
                } else {
                    fits
                }
            }
            _ => return self.unsupported_trait(id, name),
        };
        self.int_const(v as i128, crate::ty::IntKind::Bool)
    }

    /// `declval<U>()` for a trait's type argument `U`: its type and ABI view without the
    /// reference, and whether it is an lvalue (`U` an lvalue reference); `T&&` and `T` give
    /// xvalues.
    fn declval_parts(t: &TraitArg) -> (Ty, crate::mangle::MangleTy, bool) {
        use crate::mangle::MangleTy;
        match (&t.0.kind, t.1.strip_top_quals()) {
            (TyKind::Reference(inner), MangleTy::RvalueRef(m)) => ((**inner).clone(), (**m).clone(), false),
            (TyKind::Reference(inner), MangleTy::Reference(m)) => ((**inner).clone(), (**m).clone(), true),
            (TyKind::Reference(inner), m) => ((**inner).clone(), m.clone(), true),
            _ => (t.0.clone(), t.1.clone(), false),
        }
    }

    /// `T t(declval<U>());` for a non-class, non-reference `T`: a standard conversion of
    /// `U`'s value (arrays and functions decayed to pointers), `nullptr` to `bool` too (a
    /// direct-initialization); `None` where that needs what is not modelled (a class `U` with
    /// conversion functions, member pointers).
    fn scalar_constructible(&self, t: &TraitArg, u: &TraitArg) -> Option<bool> {
        if matches!(t.0.kind, TyKind::Void | TyKind::Function(_) | TyKind::Array(..)) {
            return Some(false);
        }
        let (x, xm, _) = Self::declval_parts(u);
        if let TyKind::Record(xr) = x.kind {
            return self.conversion_functions(xr).is_empty().then_some(false);
        }
        let x = match Self::decayed(&x) {
            Some(d) => d,
            None => return Some(false),
        };
        if matches!(x.kind, TyKind::Nullptr) && matches!(t.0.kind, TyKind::Int(crate::ty::IntKind::Bool)) {
            return Some(true);
        }
        // An enumeration's value initializes any arithmetic type (scoped and unscoped are not
        // told apart here: what libcu++'s traits ask of unscoped ones).
        if t.0.is_arithmetic() && !is_enum_ty(&t.0, &t.1) && is_enum_ty(&x, &xm) {
            return Some(true);
        }
        self.scalar_converts(&x, &xm, &t.0, &t.1)
    }

    /// `__is_convertible_to(From, To)`: `To t = declval<From>();` (a reference bound, else
    /// a standard conversion of the decayed value); `None` for classes and `void`.
    fn implicitly_converts(&self, from: &TraitArg, to: &TraitArg) -> Option<bool> {
        match &to.0.kind {
            TyKind::Reference(_) => return self.reference_binds(to, from),
            TyKind::Array(..) | TyKind::Function(_) => return Some(false),
            TyKind::Void | TyKind::Record(_) => return None,
            _ => {}
        }
        let (x, xm, _) = Self::declval_parts(from);
        if matches!(x.kind, TyKind::Record(_) | TyKind::Void) {
            return None;
        }
        let x = Self::decayed(&x)?;
        self.scalar_converts(&x, &xm, &to.0, &to.1)
    }

    /// The value a glvalue of type `x` gives as an operand: arrays and functions decay to
    /// pointers; `None` for `void`.
    fn decayed(x: &Ty) -> Option<Ty> {
        Some(match &x.kind {
            TyKind::Array(e, _) => Ty::ptr((**e).clone()),
            TyKind::Function(_) => Ty::ptr(x.unqualified()),
            TyKind::Void => return None,
            _ => x.clone(),
        })
    }

    /// A type without its cv-qualifiers (an array's are its innermost element's) and those
    /// qualifiers.
    fn split_cv(t: &Ty) -> (Ty, crate::body::Quals) {
        match &t.kind {
            TyKind::Array(e, n) => {
                let (e, q) = Self::split_cv(e);
                (Ty::new(TyKind::Array(Box::new(e), *n)), q)
            }
            _ => (t.unqualified(), super::types::cv(t.quals)),
        }
    }

    /// Whether two types are the same up to top-level cv-qualifiers, enums kept apart from
    /// their underlying integers (as `__is_same` does).
    fn same_unqual_trait(a: &Ty, am: &crate::mangle::MangleTy, b: &Ty, bm: &crate::mangle::MangleTy) -> bool {
        super::types::same_unqual(a, b)
            && is_enum_ty(a, am) == is_enum_ty(b, bm)
            && (!is_enum_ty(a, am) || am.strip_top_quals() == bm.strip_top_quals())
    }

    /// Whether a value of type `from` converts implicitly (by a standard conversion) to `to`;
    /// `None` where that needs what this does not model: classes (constructors and conversion
    /// functions), enums other than the same one, arrays, functions, `void` (`nullptr` to
    /// `bool` is a direct-initialization only: false here).
    fn scalar_converts(
        &self,
        from: &Ty,
        fm: &crate::mangle::MangleTy,
        to: &Ty,
        tm: &crate::mangle::MangleTy,
    ) -> Option<bool> {
        let modelled = |t: &Ty| {
            matches!(
                t.kind,
                TyKind::Int(_) | TyKind::Float(_) | TyKind::Pointer(_) | TyKind::Nullptr
            )
        };
        if !modelled(from) || !modelled(to) {
            return None;
        }
        // Nothing but the enumeration itself converts implicitly to an enumeration; from an
        // unscoped one to an integer is a promotion, from a scoped one nothing (which one it is
        // is not known here: not modelled).
        if is_enum_ty(to, tm) {
            return Some(Self::same_unqual_trait(from, fm, to, tm));
        }
        if is_enum_ty(from, fm) {
            return None;
        }
        // `nullptr` to `bool` is a direct-initialization only, never implicit.
        if matches!(from.kind, TyKind::Nullptr) && matches!(to.kind, TyKind::Int(crate::ty::IntKind::Bool)) {
            return Some(false);
        }
        let null = matches!(from.kind, TyKind::Nullptr);
        Some(self.std_converts(&from.unqualified(), null, &to.unqualified()))
    }

    /// `__is_constructible(T, U)` for a reference type `T`: whether it binds to
    /// `declval<U>()`; `None` where that is not modelled (class types).
    fn reference_binds(&self, t: &TraitArg, u: &TraitArg) -> Option<bool> {
        use crate::mangle::MangleTy;
        let rvalue_ref = matches!(t.1.strip_top_quals(), MangleTy::RvalueRef(_));
        let (r, rm, _) = Self::declval_parts(t);
        let (x, xm, lvalue) = Self::declval_parts(u);
        if matches!(r.kind, TyKind::Record(_)) || matches!(x.kind, TyKind::Record(_)) {
            return None;
        }
        // A function glvalue is an lvalue (`declval<F>()` too): it binds `F&` and `F&&` alike.
        match (&r.kind, &x.kind) {
            (TyKind::Function(_), TyKind::Function(_)) => return Some(super::types::same_unqual(&r, &x)),
            (TyKind::Function(_), _) | (TyKind::Void, _) | (_, TyKind::Void) => return Some(false),
            _ => {}
        }
        let (r0, rq) = Self::split_cv(&r);
        let (x0, xq) = Self::split_cv(&x);
        let cv_ok = rq.contains(xq);
        let const_ref = rq.contains(crate::body::Quals::CONST) && !rq.contains(crate::body::Quals::VOLATILE);
        let related = match (&r.kind, &x.kind) {
            (TyKind::Array(..), _) | (_, TyKind::Array(..)) | (_, TyKind::Function(_)) => r0 == x0,
            _ => Self::same_unqual_trait(&r, &rm, &x, &xm),
        };
        if related {
            return Some(cv_ok && if rvalue_ref { !lvalue } else { lvalue || const_ref });
        }
        if !rvalue_ref && !const_ref {
            return Some(false);
        }
        // Through a temporary: nothing converts to an array (C++17); an array or a function
        // gives a pointer.
        if matches!(r.kind, TyKind::Array(..)) {
            return Some(false);
        }
        let x = Self::decayed(&x)?;
        self.scalar_converts(&x, &xm, &r, &rm)
    }

    /// `__is_assignable(T, U)` with the built-in assignment: `declval<T>()` a modifiable
    /// lvalue of scalar type and `declval<U>()` converting to it; `None` for classes (their
    /// `operator=`) and what [`Self::scalar_converts`] does not model.
    fn scalar_assignable(&self, t: &TraitArg, u: &TraitArg) -> Option<bool> {
        let (l, lm, lvalue) = Self::declval_parts(t);
        let (x, xm, _) = Self::declval_parts(u);
        if matches!(l.kind, TyKind::Record(_)) || matches!(x.kind, TyKind::Record(_)) {
            return None;
        }
        if !lvalue || l.is_const() || matches!(l.kind, TyKind::Array(..) | TyKind::Function(_) | TyKind::Void) {
            return Some(false);
        }
        let Some(x) = Self::decayed(&x) else {
            return Some(false);
        };
        self.scalar_converts(&x, &xm, &l, &lm)
    }

    /// `__is_assignable(T, U)` for a class `T` whose only `operator=`s are the implicit ones:
    /// `U` of `T`'s class (or a class derived from it), and the implicit assignment not
    /// deleted (a reference or `const` member, a member or base whose own is). `None` where
    /// that needs overload resolution: a user-declared `operator=` in the class or in a
    /// subobject's class, constructors a `U` could convert through, move constructors.
    fn implicitly_assignable(&self, t: &TraitArg, u: &TraitArg) -> Option<bool> {
        let (l, _, _) = Self::declval_parts(t);
        let (x, _, _) = Self::declval_parts(u);
        let TyKind::Record(rid) = l.kind else {
            return None;
        };
        if !self.dm.record(rid).complete {
            return None;
        }
        if l.is_const() {
            return Some(false);
        }
        let from_class = match x.kind {
            TyKind::Record(xr) => xr == rid || !self.base_paths(xr, rid).is_empty(),
            _ => false,
        };
        // A constructor may convert another `U` (or, a move constructor, delete the copy
        // assignment), and so may a conversion function of `U`'s class: not modelled.
        if self.has_ctors(rid) {
            return None;
        }
        if let (false, TyKind::Record(xr)) = (from_class, &x.kind) {
            if !self.conversion_functions(*xr).is_empty() {
                return None;
            }
        }
        if !from_class {
            return Some(false);
        }
        self.implicit_assign_ok(rid, 0)
    }

    /// Whether the implicit copy assignment of `rid` is not deleted; `None` where a subobject's
    /// class declares its own `operator=` (it may be deleted or inaccessible).
    fn implicit_assign_ok(&self, rid: RecordId, depth: u32) -> Option<bool> {
        if depth > 32 {
            return None;
        }
        if !self.own_methods(rid, "operator=").is_empty() || !self.member_templates(rid, "operator=").is_empty() {
            return None;
        }
        let rd = self.dm.record(rid);
        if !rd.complete {
            return None;
        }
        for b in &rd.bases {
            if !self.implicit_assign_ok(b.record, depth + 1)? {
                return Some(false);
            }
        }
        for (i, f) in rd.fields.iter().enumerate() {
            // A reference member (laid out as a pointer).
            if rd.closure_refs.get(i) == Some(&true) {
                return Some(false);
            }
            let mut ft = &f.ty;
            while let TyKind::Array(e, _) = &ft.kind {
                ft = e;
            }
            match &ft.kind {
                TyKind::Reference(_) => return Some(false),
                _ if ft.is_const() => return Some(false),
                TyKind::Record(r) if !self.implicit_assign_ok(*r, depth + 1)? => return Some(false),
                _ => {}
            }
        }
        Some(true)
    }

    fn unsupported_trait(&mut self, id: ExprId, name: &str) -> TExprId {
        self.error_e(
            id,
            "unsupported",
            format!("unsupported: compiler type trait \"{name}\" for this type"),
        );
        self.err_expr()
    }

    /// Whether `t` is trivial (no user-declared constructors or destructor in it or its
    /// members); with `aggregate`, whether it is an aggregate instead. `None` when unknown.
    fn trivial_type(&self, t: &Ty, aggregate: bool, depth: u32) -> Option<bool> {
        if depth > 64 {
            return None;
        }
        Some(match &t.kind {
            TyKind::Array(e, _) => aggregate || self.trivial_type(e, false, depth + 1)?,
            TyKind::Record(r) => {
                let rd = self.dm.record(*r);
                if !rd.complete {
                    return None;
                }
                let user = self.has_ctors(*r) || self.has_destructor(*r);
                if aggregate {
                    !user
                } else {
                    !user
                        && rd
                            .fields
                            .iter()
                            .map(|f| self.trivial_type(&f.ty, false, depth + 1))
                            .collect::<Option<Vec<bool>>>()?
                            .iter()
                            .all(|&b| b)
                }
            }
            TyKind::Void | TyKind::Function(_) | TyKind::Reference(_) | TyKind::Error => false,
            _ => !aggregate,
        })
    }

    /// `__has_unique_object_representations(T)` ([meta.unary.prop]; GCC's and EDG's rules,
    /// checked against nvcc): trivially copyable, and every bit of the object takes part in its
    /// value. Integers (`bool`, enumerations), pointers and arrays of such types do;
    /// floating-point types, `nullptr_t`, references, `void` and functions do not. A class: no
    /// padding (its members' and non-empty bases' sizes, bit-fields' widths, add up to its
    /// size; an empty class has a padding byte), each member such a type; a union: each member
    /// such a type as large as the union. `None`: an incomplete class or reference members.
    fn unique_object_repr(&self, t: &Ty, depth: u32) -> Option<bool> {
        if depth > 64 {
            return None;
        }
        Some(match &t.kind {
            TyKind::Int(_) | TyKind::Pointer(_) => true,
            TyKind::Array(e, _) => self.unique_object_repr(e, depth + 1)?,
            TyKind::Record(r) => {
                let rd = self.dm.record(*r);
                if !rd.complete || rd.closure_refs.iter().any(|&b| b) {
                    return None;
                }
                if !self.trivially_copyable_class(*r, depth)? {
                    return Some(false);
                }
                let mut bits = 0u64;
                for f in &rd.fields {
                    if !self.unique_object_repr(&f.ty, depth + 1)? {
                        return Some(false);
                    }
                    let size = super::types::size_of(&f.ty, &self.dm.records)?;
                    let field_bits = f.bits.map_or(size * 8, |b| u64::from(b.width));
                    if rd.is_union {
                        if field_bits != rd.size * 8 {
                            return Some(false);
                        }
                    } else {
                        bits += field_bits;
                    }
                }
                if rd.is_union {
                    !rd.fields.is_empty()
                } else {
                    bits == rd.size * 8
                }
            }
            TyKind::Float(_)
            | TyKind::Nullptr
            | TyKind::Reference(_)
            | TyKind::Void
            | TyKind::Function(_)
            | TyKind::Error => false,
        })
    }

    /// Whether class `r` is trivially copyable: no user-provided copy or move constructor,
    /// copy or move assignment or destructor, in it or its members' and bases' classes
    /// (`= default` ones are trivial).
    fn trivially_copyable_class(&self, r: RecordId, depth: u32) -> Option<bool> {
        if depth > 64 {
            return None;
        }
        let user = |f: &FnId| !self.dm.function(*f).defaulted;
        let copy_ctor = self.constructors(r).into_iter().filter(user).any(|f| {
            let d = self.dm.function(f);
            let this = usize::from(d.has_this());
            let own = d.sig.params.len() - this;
            own >= 1
                && d.defaults.iter().filter(|x| x.is_some()).count() >= own - 1
                && matches!(&d.sig.params[this].kind, TyKind::Reference(p) if p.kind == TyKind::Record(r))
        });
        let copy_assign = self.own_methods(r, "operator=").into_iter().filter(user).any(|f| {
            let d = self.dm.function(f);
            d.sig
                .params
                .get(usize::from(d.has_this()))
                .is_some_and(|p| match &p.kind {
                    TyKind::Reference(q) => q.kind == TyKind::Record(r),
                    k => *k == TyKind::Record(r),
                })
        });
        let dtor = self.dm.records.get(r).and_then(|rd| rd.name.clone()).is_some_and(|rn| {
            let simple = simple_class_name(&rn);
            self.own_methods(r, &format!("~{simple}")).iter().any(user)
        });
        if copy_ctor || copy_assign || dtor {
            return Some(false);
        }
        for f in &self.dm.record(r).fields {
            if let TyKind::Record(m) = f.ty.innermost_element().kind {
                if !self.trivially_copyable_class(m, depth + 1)? {
                    return Some(false);
                }
            }
        }
        Some(true)
    }

    fn has_destructor(&self, r: RecordId) -> bool {
        let Some(rn) = self.dm.records.get(r).and_then(|r| r.name.clone()) else {
            return false;
        };
        let simple = simple_class_name(&rn);
        !self.own_methods(r, &format!("~{simple}")).is_empty()
    }
}
