//! Partial ordering of function templates ([temp.func.order], [temp.deduct.partial]): the
//! last tie-breaker of overload resolution between two function template specializations
//! whose implicit conversion sequences are no better either way ([over.match.best]/2.5).
//!
//! Template `X` is at least as specialized as `Y` when `Y`'s parameter types (those the call
//! has arguments for) deduce from `X`'s with `X`'s template parameters replaced by unique
//! types. `X`'s types are taken apart into [`Term`]s: the parts naming none of its template
//! parameters are resolved in its scope, the parameters themselves are unique. Where this
//! cannot tell (a form not taken apart, a name that does not resolve), deduction is taken to
//! succeed: a wrong success can only make a pair tie (an ambiguity error) or order a pair C++
//! leaves ambiguous, never reverse an ordering.

use super::checker::Checker;
use super::types::cv;
use super::DiagAt;
use crate::body::{ConstExpr, Expr, Quals, TemplateArgRef, TypeRef};
use crate::ty::{TArg, Ty, TyKind};
use smol_str::SmolStr;
use warpc_base::Severity;

/// A parameter type of the argument template, its template parameters unique.
#[derive(Clone, Debug, PartialEq)]
enum Term {
    /// Template parameter `k` of the argument template: a unique type.
    Unique(usize),
    /// A form naming the template's parameters that is not taken apart (`typename T::type`):
    /// unique too.
    Opaque(TypeRef),
    /// Not known (not resolved, `decltype`): matches anything.
    Unknown,
    Ty(Ty),
    Ptr(Box<Term>),
    /// A reference (rvalue: `true`).
    Ref(Box<Term>, bool),
    /// cv-qualifiers on a term naming the parameters.
    Qual(Quals, Box<Term>),
    Array(Box<Term>, Val),
    Template(SmolStr, Vec<TermArg>),
    /// A pack expansion in a template argument list.
    Pack(Box<Term>),
}

#[derive(Clone, Debug, PartialEq)]
enum TermArg {
    Type(Term),
    Value(Val),
}

#[derive(Clone, Debug, PartialEq)]
enum Val {
    /// Value template parameter `k` of the argument template.
    Unique(usize),
    Const(i128),
    /// An expression naming the parameters (`N + 1`): a unique value.
    Opaque(ConstExpr),
    Unknown,
}

/// One side of a deduction: the parameter template's parameters and what they bound.
struct Cx {
    /// The parameter template.
    t: u32,
    names: Vec<Option<SmolStr>>,
    packs: Vec<bool>,
    bound: Vec<Option<TermArg>>,
}

impl Cx {
    fn index(&self, n: &str) -> Option<usize> {
        self.names.iter().position(|x| x.as_deref() == Some(n))
    }

    fn bind(&mut self, k: usize, a: TermArg) -> bool {
        if self.packs[k] {
            // The elements of a pack are not compared with each other.
            return true;
        }
        match &self.bound[k] {
            Some(old) => *old == a,
            None => {
                self.bound[k] = Some(a);
                true
            }
        }
    }
}

/// A function parameter of a template for partial ordering, after the adjustments of
/// [temp.deduct.partial]/5-7: the reference (`Some(rvalue)`) and top-level cv-qualifiers it
/// had.
struct Adjusted<T> {
    ty: T,
    reference: Option<bool>,
    quals: Quals,
}

/// Whether a written type mentions one of `names` (a `decltype` is taken to).
fn mentions(t: &TypeRef, names: &[Option<SmolStr>]) -> bool {
    if has_decltype(t) {
        return true;
    }
    let mut found = Vec::new();
    super::items::names_in(t, &mut found);
    found
        .iter()
        .any(|f| names.iter().any(|n| n.as_deref() == Some(f.as_str())))
}

fn has_decltype(t: &TypeRef) -> bool {
    match t {
        TypeRef::Decltype { .. } | TypeRef::DecltypeAuto | TypeRef::Auto => true,
        TypeRef::Pointer(i)
        | TypeRef::Reference(i)
        | TypeRef::Qualified(_, i)
        | TypeRef::Array(i, _)
        | TypeRef::Underlying(i)
        | TypeRef::PackExpansion(i) => has_decltype(i),
        TypeRef::Member { scope, .. } | TypeRef::MemberTemplate { scope, .. } => has_decltype(scope),
        TypeRef::Template { args, .. } => args.iter().any(|a| match a {
            TemplateArgRef::Type(t) => has_decltype(t),
            TemplateArgRef::Value(ce) => ce.types.iter().any(has_decltype),
        }),
        _ => false,
    }
}

fn const_mentions(ce: &ConstExpr, names: &[Option<SmolStr>]) -> bool {
    let is = |n: &str| {
        let head = n.split("::").next().unwrap_or(n);
        names.iter().any(|x| x.as_deref() == Some(head))
    };
    ce.exprs.iter().any(|e| match e {
        Expr::Name(n) | Expr::SizeofPack(n) => is(n),
        _ => false,
    }) || ce.types.iter().any(|t| mentions(t, names))
}

/// The parameter named by a constant expression that is just that name.
fn named_value(ce: &ConstExpr) -> Option<&SmolStr> {
    match ce.exprs.get(ce.root.0 as usize) {
        Some(Expr::Name(n)) => Some(n),
        _ => None,
    }
}

fn simple(n: &str) -> &str {
    n.rsplit("::").next().unwrap_or(n)
}

/// Whether two template names as written may name the same template.
fn same_template(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim_start_matches("::"), b.trim_start_matches("::"));
    a == b || ((!a.contains("::") || !b.contains("::")) && simple(a) == simple(b))
}

/// Strips a written parameter type's reference and top-level cv-qualifiers.
fn adjust_written(t: &TypeRef) -> Adjusted<&TypeRef> {
    let (t, reference) = match t {
        TypeRef::Qualified(q, i) if q.contains(Quals::RVALUE) => match &**i {
            TypeRef::Reference(r) => (&**r, Some(true)),
            _ => (t, None),
        },
        TypeRef::Reference(r) => (&**r, Some(false)),
        _ => (t, None),
    };
    let mut quals = Quals::empty();
    let mut t = t;
    while let TypeRef::Qualified(q, i) = t {
        quals |= cv(*q);
        t = i;
    }
    Adjusted {
        ty: t,
        reference,
        quals,
    }
}

fn adjust_term(t: Term) -> Adjusted<Term> {
    let (t, reference) = match t {
        Term::Ref(i, rv) => (*i, Some(rv)),
        Term::Ty(Ty {
            kind: TyKind::Reference(r),
            quals,
        }) => (Term::Ty(*r), Some(quals.contains(Quals::RVALUE))),
        t => (t, None),
    };
    match t {
        Term::Qual(q, i) => Adjusted {
            ty: *i,
            reference,
            quals: cv(q),
        },
        Term::Ty(ty) => Adjusted {
            quals: cv(ty.quals),
            ty: Term::Ty(ty.unqualified()),
            reference,
        },
        t => Adjusted {
            ty: t,
            reference,
            quals: Quals::empty(),
        },
    }
}

/// Template `t`'s parameters the call's `nargs` arguments go to: `(type, pack)`, a trailing
/// function parameter pack once.
fn call_params(dm: &crate::def_map::DefMap, t: u32, nargs: usize) -> Vec<(&TypeRef, bool)> {
    let mut out = Vec::new();
    for p in &dm.templates[t as usize].decl.params {
        if out.len() >= nargs {
            break;
        }
        out.push((&p.ty, p.pack));
        if p.pack {
            break;
        }
    }
    out
}

impl<'a> Checker<'a> {
    /// Whether function template `x` is more specialized than `y` for a call with `nargs`
    /// arguments (the object of a member call not counted).
    pub(crate) fn more_specialized(&mut self, x: u32, y: u32, nargs: usize) -> bool {
        if x == y {
            return false;
        }
        let xy = self.at_least_as_specialized(x, y, nargs);
        let yx = self.at_least_as_specialized(y, x, nargs);
        match (xy, yx) {
            (true, false) => true,
            (false, _) => false,
            (true, true) => {
                // [temp.deduct.partial]/9: between two reference parameters, an lvalue
                // reference, else the more cv-qualified referent, is more specialized.
                let dm = self.dm;
                let (px, py) = (call_params(dm, x, nargs), call_params(dm, y, nargs));
                let (mut x_wins, mut y_wins) = (false, false);
                for (&(tx, _), &(ty, _)) in px.iter().zip(&py) {
                    let (ax, ay) = (adjust_written(tx), adjust_written(ty));
                    let (Some(rx), Some(ry)) = (ax.reference, ay.reference) else {
                        continue;
                    };
                    if rx != ry {
                        x_wins |= !rx;
                        y_wins |= !ry;
                    } else if ax.quals != ay.quals {
                        x_wins |= ax.quals.contains(ay.quals);
                        y_wins |= ay.quals.contains(ax.quals);
                    }
                }
                if x_wins != y_wins {
                    return x_wins;
                }
                // [temp.func.order]/5: one without a trailing function parameter pack over one
                // with.
                let pack = |t: u32| dm.templates[t as usize].decl.params.last().is_some_and(|p| p.pack);
                !pack(x) && pack(y)
            }
        }
    }

    /// Whether `y`'s parameter types deduce from `x`'s, `x`'s template parameters unique.
    fn at_least_as_specialized(&mut self, x: u32, y: u32, nargs: usize) -> bool {
        let dm = self.dm;
        let names_x: Vec<Option<SmolStr>> = dm.templates[x as usize].params.iter().map(|p| p.name.clone()).collect();
        let args: Vec<(Adjusted<Term>, bool)> = call_params(dm, x, nargs)
            .into_iter()
            .map(|(t, pack)| (adjust_term(self.term(x, &names_x, t)), pack))
            .collect();
        let ty = &dm.templates[y as usize];
        let mut cx = Cx {
            t: y,
            names: ty.params.iter().map(|p| p.name.clone()).collect(),
            packs: ty.params.iter().map(|p| p.pack).collect(),
            bound: vec![None; ty.params.len()],
        };
        let params = call_params(dm, y, nargs);
        for (j, (p, pack)) in params.into_iter().enumerate() {
            let p = adjust_written(p).ty;
            if pack {
                // Every remaining parameter of `x` against the pattern.
                for (a, _) in &args[j.min(args.len())..] {
                    if !self.matches(p, &a.ty, &mut cx) {
                        return false;
                    }
                }
                return true;
            }
            let Some((a, a_pack)) = args.get(j) else {
                return true;
            };
            // [temp.deduct.partial]/8: a parameter pack of `x` against a parameter of `y`
            // that is not one.
            if *a_pack || !self.matches(p, &a.ty, &mut cx) {
                return false;
            }
        }
        true
    }

    /// Resolves a written type naming none of its template's parameters, in the scope of
    /// template `t`; `None` when it does not resolve (no diagnostics either way).
    fn resolve_in(&mut self, t: u32, tr: &'a TypeRef) -> Option<Ty> {
        self.in_template_scope(t, |ck| {
            let (nd, nr) = (ck.diags.len(), ck.record_requests.len());
            let ty = ck.resolve_type_ref(tr, DiagAt::Function);
            let failed = ty.is_error()
                || ck.diags[nd..].iter().any(|d| d.severity == Severity::Error)
                || ck.record_requests.len() > nr;
            ck.diags.truncate(nd);
            ck.record_requests.truncate(nr);
            (!failed).then_some(ty)
        })
    }

    /// Evaluates a constant expression naming none of its template's parameters.
    fn eval_in(&mut self, t: u32, ce: &'a ConstExpr) -> Option<i128> {
        self.in_template_scope(t, |ck| {
            let (nd, nr) = (ck.diags.len(), ck.record_requests.len());
            let v = ck.eval_const_expr(ce);
            let failed = ck.diags[nd..].iter().any(|d| d.severity == Severity::Error) || ck.record_requests.len() > nr;
            ck.diags.truncate(nd);
            ck.record_requests.truncate(nr);
            v.filter(|_| !failed).map(|(v, _)| v)
        })
    }

    /// Runs `f` where template `t`'s signature is resolved (its class's parameters bound, its
    /// own not).
    fn in_template_scope<R>(&mut self, t: u32, f: impl FnOnce(&mut Self) -> R) -> R {
        self.in_template_class(t, |ck| {
            let dm = ck.dm;
            let tm = &dm.templates[t as usize];
            let env: Vec<(SmolStr, TArg)> = tm.class.as_ref().map(|c| c.2.clone()).unwrap_or_default();
            let saved_env = std::mem::replace(&mut ck.template_env, env);
            let saved_at = ck.at_override.replace(DiagAt::Function);
            let scope = super::checker::top_level_parent(&tm.name).map(SmolStr::new);
            let saved_scope = match scope {
                Some(s) => ck.scope.replace(s),
                None => ck.scope.clone(),
            };
            let r = f(ck);
            ck.at_override = saved_at;
            ck.template_env = saved_env;
            ck.scope = saved_scope;
            r
        })
    }

    /// Template `t`'s written type `tr` with its parameters `names` unique.
    fn term(&mut self, t: u32, names: &[Option<SmolStr>], tr: &'a TypeRef) -> Term {
        if has_decltype(tr) {
            return Term::Unknown;
        }
        if !mentions(tr, names) {
            return match self.resolve_in(t, tr) {
                Some(ty) => Term::Ty(ty),
                None => Term::Unknown,
            };
        }
        let index = |n: &str| names.iter().position(|x| x.as_deref() == Some(n));
        match tr {
            TypeRef::Named(n) => match index(n) {
                Some(k) => Term::Unique(k),
                None => Term::Opaque(tr.clone()),
            },
            TypeRef::Pointer(i) => Term::Ptr(Box::new(self.term(t, names, i))),
            TypeRef::Reference(i) => Term::Ref(Box::new(self.term(t, names, i)), false),
            TypeRef::Qualified(q, i) if q.contains(Quals::RVALUE) => match &**i {
                TypeRef::Reference(r) => Term::Ref(Box::new(self.term(t, names, r)), true),
                _ => Term::Unknown,
            },
            TypeRef::Qualified(q, i) => match self.term(t, names, i) {
                Term::Qual(q2, inner) => Term::Qual(cv(*q) | q2, inner),
                inner if cv(*q).is_empty() => inner,
                inner => Term::Qual(cv(*q), Box::new(inner)),
            },
            TypeRef::Array(i, len) => {
                let v = match len {
                    Some(ce) => self.val(t, names, ce),
                    None => Val::Unknown,
                };
                Term::Array(Box::new(self.term(t, names, i)), v)
            }
            TypeRef::Template { name, args } => {
                if index(name).is_some() {
                    return Term::Opaque(tr.clone());
                }
                let args = args
                    .iter()
                    .map(|a| match a {
                        TemplateArgRef::Type(ty) => TermArg::Type(match ty {
                            TypeRef::PackExpansion(i) => Term::Pack(Box::new(self.term(t, names, i))),
                            ty => self.term(t, names, ty),
                        }),
                        TemplateArgRef::Value(ce) => TermArg::Value(self.val(t, names, ce)),
                    })
                    .collect();
                Term::Template(name.clone(), args)
            }
            TypeRef::PackExpansion(i) => Term::Pack(Box::new(self.term(t, names, i))),
            TypeRef::Member { .. } | TypeRef::MemberTemplate { .. } | TypeRef::Underlying(_) => {
                Term::Opaque(tr.clone())
            }
            _ => Term::Unknown,
        }
    }

    fn val(&mut self, t: u32, names: &[Option<SmolStr>], ce: &'a ConstExpr) -> Val {
        if let Some(k) = named_value(ce).and_then(|n| names.iter().position(|x| x.as_deref() == Some(n.as_str()))) {
            return Val::Unique(k);
        }
        if const_mentions(ce, names) {
            return Val::Opaque(ce.clone());
        }
        match self.eval_in(t, ce) {
            Some(v) => Val::Const(v),
            None => Val::Unknown,
        }
    }

    /// Deduces pattern `p` (of template `cx.t`) from term `a` ([temp.deduct.type], no
    /// conversions).
    fn matches(&mut self, p: &'a TypeRef, a: &Term, cx: &mut Cx) -> bool {
        if matches!(a, Term::Unknown) {
            return true;
        }
        if !mentions(p, &cx.names) {
            // Naming none of the parameters: the same type.
            let Some(pt) = self.resolve_in(cx.t, p) else {
                return true;
            };
            return match a {
                Term::Ty(t) => super::types::same_unqual(t, &pt) && cv(t.quals) == cv(pt.quals),
                _ => false,
            };
        }
        match p {
            TypeRef::Named(n) => match cx.index(n) {
                Some(k) => cx.bind(k, TermArg::Type(a.clone())),
                // `T::type`: a non-deduced context.
                None => true,
            },
            TypeRef::Qualified(q, i) if q.contains(Quals::RVALUE) => match (&**i, a) {
                (TypeRef::Reference(r), Term::Ref(x, true)) => self.matches(r, x, cx),
                (
                    TypeRef::Reference(r),
                    Term::Ty(Ty {
                        kind: TyKind::Reference(x),
                        quals,
                    }),
                ) if quals.contains(Quals::RVALUE) => self.matches(r, &Term::Ty((**x).clone()), cx),
                _ => false,
            },
            TypeRef::Qualified(q, i) => {
                let q = cv(*q);
                match a {
                    Term::Qual(aq, x) if aq.contains(q) => {
                        let rest = aq.difference(q);
                        if rest.is_empty() {
                            self.matches(i, x, cx)
                        } else {
                            self.matches(i, &Term::Qual(rest, x.clone()), cx)
                        }
                    }
                    Term::Ty(t) if cv(t.quals).contains(q) => {
                        let t = Ty {
                            quals: t.quals.difference(q),
                            ..t.clone()
                        };
                        self.matches(i, &Term::Ty(t), cx)
                    }
                    _ => q.is_empty() && self.matches(i, a, cx),
                }
            }
            TypeRef::Pointer(i) => match a {
                Term::Ptr(x) => self.matches(i, x, cx),
                Term::Ty(Ty {
                    kind: TyKind::Pointer(x),
                    quals,
                }) if cv(*quals).is_empty() => self.matches(i, &Term::Ty((**x).clone()), cx),
                _ => false,
            },
            TypeRef::Reference(i) => match a {
                Term::Ref(x, false) => self.matches(i, x, cx),
                Term::Ty(Ty {
                    kind: TyKind::Reference(x),
                    quals,
                }) if !quals.contains(Quals::RVALUE) => self.matches(i, &Term::Ty((**x).clone()), cx),
                _ => false,
            },
            TypeRef::Array(i, len) => {
                let (x, v) = match a {
                    Term::Array(x, v) => ((**x).clone(), v.clone()),
                    Term::Ty(Ty {
                        kind: TyKind::Array(e, n),
                        ..
                    }) => (
                        Term::Ty((**e).clone()),
                        n.map_or(Val::Unknown, |n| Val::Const(n as i128)),
                    ),
                    _ => return false,
                };
                let len_ok = match len {
                    Some(ce) => self.matches_value(ce, &v, cx),
                    None => true,
                };
                len_ok && self.matches(i, &x, cx)
            }
            TypeRef::Template { name, args } => match a {
                Term::Template(an, aargs) => {
                    if !same_template(name, an) {
                        // Different spellings, perhaps an alias template and what it names.
                        let dm = self.dm;
                        let class = |n: &SmolStr| dm.record_templates.contains_key(n);
                        return !(class(name) && class(an));
                    }
                    self.matches_args(args, aargs, cx)
                }
                Term::Ty(t) if matches!(t.kind, TyKind::Record(_)) => self.matches_class(p, t, cx),
                _ => false,
            },
            // `typename S<T>::type`, `decltype(..)`: non-deduced contexts.
            _ => true,
        }
    }

    fn matches_value(&mut self, p: &'a ConstExpr, a: &Val, cx: &mut Cx) -> bool {
        if matches!(a, Val::Unknown) {
            return true;
        }
        if let Some(k) = named_value(p).and_then(|n| cx.index(n)) {
            return cx.bind(k, TermArg::Value(a.clone()));
        }
        if const_mentions(p, &cx.names) {
            return true;
        }
        match (self.eval_in(cx.t, p), a) {
            (None, _) => true,
            (Some(v), Val::Const(w)) => v == *w,
            _ => false,
        }
    }

    /// Pattern template arguments against the argument template's.
    fn matches_args(&mut self, pats: &'a [TemplateArgRef], args: &[TermArg], cx: &mut Cx) -> bool {
        for (i, p) in pats.iter().enumerate() {
            let pack_pattern = match p {
                TemplateArgRef::Type(TypeRef::PackExpansion(inner)) => Some(&**inner),
                _ => None,
            };
            if let Some(pat) = pack_pattern {
                for a in args.get(i..).unwrap_or(&[]) {
                    let ok = match a {
                        TermArg::Type(Term::Pack(x)) => self.matches(pat, x, cx),
                        TermArg::Type(x) => self.matches(pat, x, cx),
                        TermArg::Value(_) => true,
                    };
                    if !ok {
                        return false;
                    }
                }
                return true;
            }
            if matches!(p, TemplateArgRef::Value(ce) if matches!(ce.exprs.get(ce.root.0 as usize), Some(Expr::PackExpansion(_))))
            {
                return true;
            }
            let Some(a) = args.get(i) else {
                // Fewer arguments written (defaults): not compared.
                return true;
            };
            let ok = match (p, a) {
                // A pack expansion of the argument template against a single pattern.
                (_, TermArg::Type(Term::Pack(_))) => false,
                (TemplateArgRef::Type(t), TermArg::Type(x)) => self.matches(t, x, cx),
                (TemplateArgRef::Value(ce), TermArg::Value(v)) => self.matches_value(ce, v, cx),
                _ => true,
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// A class template-id pattern against a class type: the call deduction of
    /// [`super::templates::deduce_pattern`], its results bound in `cx`.
    fn matches_class(&mut self, p: &'a TypeRef, t: &Ty, cx: &mut Cx) -> bool {
        let mut bound: Vec<Option<TArg>> = vec![None; cx.names.len()];
        let mut values = Vec::new();
        if !super::templates::deduce_pattern(p, t, &cx.names, &mut bound, self.dm, &mut values) {
            return false;
        }
        for (k, b) in bound.into_iter().enumerate() {
            let ok = match b {
                Some(TArg::Type { ty, .. }) => cx.bind(k, TermArg::Type(Term::Ty(ty))),
                Some(TArg::Value { value, .. }) => cx.bind(k, TermArg::Value(Val::Const(value))),
                _ => true,
            };
            if !ok {
                return false;
            }
        }
        values
            .into_iter()
            .all(|(k, v, _)| cx.bind(k, TermArg::Value(Val::Const(v))))
    }
}
