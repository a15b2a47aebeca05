//! Function templates in bodies: template parameters of the instance being checked, calls of
//! templates with explicit arguments (`f<int, 4>(x)`) and with arguments deduced from the call,
//! and the instances a body needs.
//!
//! A call names an instance by its template and complete argument list (defaults filled in);
//! when the def map already has that instance the call is an ordinary call of it, otherwise
//! the key goes to [`TypedBody::instance_requests`](crate::thir::TypedBody) and the call is an
//! error. `warpc-db`'s `def_map` query checks every device body, adds the requested instances
//! to the def map and repeats until nothing new is requested, so the final check finds them.

use super::checker::Checker;
use super::targ_env::{TargEnv, TargError};
use super::DiagAt;
use crate::body::{ConstExpr, ExprId, TemplateArgExpr, TemplateArgRef, TypeRef, TypeRefId};
use crate::def_map::{DefMap, ValueDef};
use crate::item_tree::TemplateParamKind;
use crate::mangle::MangleTy;
use crate::thir::{ExprKind, TExprId, ValueCategory};
use crate::ty::{FnId, IntKind, TArg, Ty, TyKind};
use smol_str::SmolStr;
use warpc_base::Severity;

impl<'a> Checker<'a> {
    /// The argument of non-type template parameter `name` of the instance being checked
    /// (inside one element of a pack expansion, that element of a parameter pack's).
    pub(crate) fn value_param_arg(&self, name: &str) -> Option<&'_ TArg> {
        let pack_index = self.pack_index;
        self.template_env.iter().rev().find_map(|(n, a)| match a {
            TArg::Value { .. } | TArg::Decl { .. } if n == name => Some(a),
            TArg::Pack(v) if n == name => match v.get(pack_index?)? {
                a @ (TArg::Value { .. } | TArg::Decl { .. }) => Some(a),
                _ => None,
            },
            _ => None,
        })
    }

    /// The value of a non-type template parameter of the instance being checked.
    pub(crate) fn template_param_value(&mut self, name: &str) -> Option<TExprId> {
        let arg = self.value_param_arg(name)?.clone();
        let (value, ty) = match arg {
            TArg::Value { value, ty, .. } => (value, ty),
            TArg::Decl { name, link, ty } => return Some(self.decl_targ_value(&name, &link, &ty)),
            _ => return None,
        };
        if ty.is_pointer() {
            // A null pointer argument (`enable_if_t<C, int*> = nullptr`).
            return Some(self.rvalue_of(ty.unqualified(), ExprKind::NullPtr));
        }
        let k = match ty.kind {
            TyKind::Int(k) => k,
            _ => IntKind::Int,
        };
        Some(self.int_const(value, k))
    }

    /// The function or variable called `n` whose type a pointer or reference template
    /// parameter of type `pty` takes (`template <int (*F)(int)>` given an overloaded `f`).
    pub(crate) fn decl_targ_of_name(&mut self, n: &str, pty: &Ty) -> Option<TArg> {
        if !pty.is_pointer() && !pty.is_reference() {
            return None;
        }
        let defs = self.visible_values(n)?;
        defs.iter().find_map(|d| self.decl_targ_match(d, pty))
    }

    /// `d` as the argument of a pointer or reference template parameter of type `pty`, when its
    /// type fits.
    fn decl_targ_match(&self, d: &ValueDef, pty: &Ty) -> Option<TArg> {
        let want = match &pty.kind {
            TyKind::Reference(r) => (**r).clone(),
            _ => pty.pointee()?.clone(),
        };
        let dm = self.dm;
        let (name, link, ok) = match d {
            ValueDef::Function(f) => {
                let fd = dm.function(*f);
                let TyKind::Function(w) = &want.kind else {
                    return None;
                };
                let mut have = fd.fn_type_sig();
                have.params = have.params.iter().map(Ty::unqualified).collect();
                // A `noexcept` function converts to a pointer to a plain one.
                have.noexcept &= w.noexcept;
                let mut w = (**w).clone();
                w.params = w.params.iter().map(Ty::unqualified).collect();
                if have != w {
                    return None;
                }
                // A function template specialization is shown with its arguments (`&tf<int>`),
                // which tell `Op<&tf<int>>` and `Op<&tf<long>>` apart.
                let name = match &fd.instance {
                    Some((_, args)) => SmolStr::new(format!(
                        "{}<{}>",
                        fd.name,
                        args.iter().map(|a| self.show_targ(a)).collect::<Vec<_>>().join(", ")
                    )),
                    None => fd.name.clone(),
                };
                return Some(TArg::Decl {
                    name,
                    link: fd.link_name.clone(),
                    ty: pty.clone(),
                });
            }
            ValueDef::Global(g) => {
                let gd = dm.global(*g);
                // `const int*` given `&v` of an `int v` (a qualification conversion); a pointer
                // parameter given an array: its first element.
                let fits = |t: &Ty| t.unqualified() == want.unqualified() && want.quals.contains(t.quals);
                let ok = fits(&gd.ty)
                    || match &gd.ty.kind {
                        TyKind::Array(elem, _) => pty.is_pointer() && fits(elem),
                        _ => false,
                    };
                (&gd.name, &gd.link_name, ok)
            }
            _ => return None,
        };
        ok.then(|| TArg::Decl {
            name: name.clone(),
            link: link.clone(),
            ty: pty.clone(),
        })
    }

    /// The value of a pointer or reference template parameter bound to function or variable
    /// `name` (symbol `link`): its address (a prvalue of the parameter's type `ty`), or for a
    /// reference parameter the function or variable itself.
    fn decl_targ_value(&mut self, name: &str, link: &str, ty: &Ty) -> TExprId {
        let dm = self.dm;
        let found = dm.values.get(name).and_then(|defs| {
            defs.iter().find(|d| match d {
                ValueDef::Function(f) => dm.function(*f).link_name == link,
                ValueDef::Global(g) => dm.global(*g).link_name == link,
                _ => false,
            })
        });
        let lv = match found {
            Some(ValueDef::Function(f)) => self.function_designator(*f),
            Some(&ValueDef::Global(g)) => {
                self.globals.insert(g);
                let gty = dm.global(g).ty.clone();
                self.mk(gty, ValueCategory::LValue, ExprKind::Global(g))
            }
            // A function template specialization: the instance of that symbol.
            _ => match dm.instances.values().find(|f| dm.function(**f).link_name == link) {
                Some(&f) => self.function_designator(f),
                None => {
                    self.error(
                        DiagAt::Function,
                        "unsupported",
                        format!("unsupported: the template argument \"{name}\" could not be found"),
                    );
                    return self.err_expr();
                }
            },
        };
        if ty.is_reference() {
            return lv;
        }
        let lty = self.out.expr(lv).ty.clone();
        let p = match lty.kind {
            TyKind::Function(_) => self.rv(lv),
            // An array given to a pointer to its element type.
            TyKind::Array(..) if ty.pointee().map(Ty::unqualified) != Some(lty.unqualified()) => self.rv(lv),
            _ => {
                let pt = Ty::ptr(self.out.expr(lv).ty.clone());
                self.rvalue_of(pt, ExprKind::AddrOf(lv))
            }
        };
        if self.ty(p).unqualified() == ty.unqualified() {
            p
        } else {
            self.cast(crate::thir::CastKind::PtrToPtr, p, ty.unqualified())
        }
    }

    /// The values of a pack expansion written as a non-type template argument ([temp.variadic]:
    /// `I...`, `(I + 1)...`, and GCC's `__integer_pack(N)...`, the integers `0..N` that
    /// libstdc++'s `make_integer_sequence` expands to), each with its type's kind.
    pub(crate) fn expand_value_pack(&mut self, ce: &'a ConstExpr) -> Result<Vec<(i128, IntKind)>, String> {
        let Some(crate::body::Expr::PackExpansion(inner)) = ce.exprs.get(ce.root.0 as usize) else {
            return Err("invalid template argument".into());
        };
        let inner = *inner;
        let (exprs, types) = (self.exprs, self.types);
        let cache = std::mem::take(&mut self.cache);
        self.exprs = &ce.exprs;
        self.types = &ce.types;
        let saved_index = self.pack_index;
        let r = (|| {
            if let Some(crate::body::Expr::Call { callee, args }) = self.exprs.get(inner.0 as usize) {
                if matches!(self.exprs.get(callee.0 as usize), Some(crate::body::Expr::Name(n)) if n == "__integer_pack")
                    && args.len() == 1
                {
                    self.pack_index = None;
                    let (n, k) = self.ice(args[0]).ok_or("invalid template argument")?;
                    if !(0..=1 << 20).contains(&n) {
                        return Err(format!("__integer_pack argument {n} is out of range"));
                    }
                    return Ok((0..n).map(|i| (i, k)).collect());
                }
            }
            let mut names = Vec::new();
            self.names_in_expr(inner, &mut names, 0);
            let n = names
                .iter()
                .find_map(|n| self.pack_len(n))
                .ok_or("pack expansion does not make use of any argument packs")?;
            let mut out = Vec::with_capacity(n);
            for k in 0..n {
                self.pack_index = Some(k);
                self.cache.clear();
                out.push(self.ice(inner).ok_or("invalid template argument")?);
            }
            Ok(out)
        })();
        self.pack_index = saved_index;
        self.exprs = exprs;
        self.types = types;
        self.cache = cache;
        r
    }

    /// The type bound to a template type parameter of the instance being checked.
    pub(crate) fn template_param_type(&self, name: &str) -> Option<Ty> {
        self.template_env.iter().rev().find_map(|(n, a)| match a {
            TArg::Type { ty, .. } if n == name => Some(ty.clone()),
            // A template parameter pack, inside one element of a pack expansion.
            TArg::Pack(v) if n == name => match v.get(self.pack_index?)? {
                TArg::Type { ty, .. } => Some(ty.clone()),
                _ => None,
            },
            _ => None,
        })
    }

    /// A type template argument as written, with its ABI view: an enumeration stays apart
    /// from `int` (warpc's `Ty` has enums as `int`; `is_enum<E>`, `f<E>()`). `None` after an
    /// error.
    pub(crate) fn written_type_targ(&mut self, tr: &'a TypeRef, at: DiagAt) -> Option<TArg> {
        let saved = self.at_override.clone();
        if self.at_override.is_none() {
            self.at_override = Some(at);
        }
        let (ty, m) = super::types::resolve(&mut super::checker::BodyTypeEnv { ck: self }, tr);
        self.at_override = saved;
        if ty.is_error() {
            return None;
        }
        let enum_view = matches!(ty.kind, TyKind::Int(_)) && matches!(m.strip_top_quals(), MangleTy::Named(_));
        Some(if enum_view {
            TArg::Type { ty, mangle: m }
        } else {
            self.targ_of_type(ty)
        })
    }

    pub(crate) fn targ_of_type(&self, ty: Ty) -> TArg {
        let mangle = MangleTy::from_ty(&ty, &self.dm.records);
        TArg::Type { ty, mangle }
    }

    /// A qualified name parsed as an expression, as a type ([`super::types::resolve_value_as_type`]).
    fn value_as_type(&mut self, ce: &'a crate::body::ConstExpr) -> Ty {
        let saved = self.at_override.clone();
        if self.at_override.is_none() {
            self.at_override = Some(DiagAt::Function);
        }
        let t = super::types::resolve_value_as_type(&mut super::checker::BodyTypeEnv { ck: self }, ce)
            .map_or_else(Ty::error, |(t, _)| t);
        self.at_override = saved;
        t
    }

    /// [`Self::targ_of_value`] with the template's earlier parameters bound to `earlier`.
    fn targ_of_value_after(&mut self, value: i128, pty: &'a TypeRef, earlier: Vec<(SmolStr, TArg)>) -> TArg {
        let saved = std::mem::replace(&mut self.targ_prefix, earlier);
        let t = self.targ_of_value(value, pty);
        self.targ_prefix = saved;
        t
    }

    /// [`Self::targ_param_ty`] with the template's earlier parameters bound to `earlier`.
    fn targ_param_ty_after(&mut self, pty: &'a TypeRef, earlier: Vec<(SmolStr, TArg)>) -> Ty {
        let saved = std::mem::replace(&mut self.targ_prefix, earlier);
        let (t, _) = self.targ_param_ty(pty);
        self.targ_prefix = saved;
        t
    }

    /// A deduced value `value` of a parameter of type `pty`: a `template <auto N>` parameter
    /// deduced from a class template argument `from` takes that argument (and its type).
    fn targ_of_deduced(
        &mut self,
        value: i128,
        from: Option<TArg>,
        pty: &'a TypeRef,
        earlier: Vec<(SmolStr, TArg)>,
    ) -> TArg {
        match from {
            Some(a @ TArg::Value { .. }) if super::items::is_auto_param(pty) => a,
            _ => self.targ_of_value_after(value, pty, earlier),
        }
    }

    /// A value argument of integer type `kind`: for a `template <auto N>` parameter its type is
    /// the argument's.
    pub(crate) fn targ_of_value_kind(&mut self, value: i128, kind: IntKind, pty: &'a TypeRef) -> TArg {
        if !super::items::is_auto_param(pty) {
            return self.targ_of_value(value, pty);
        }
        let ty = Ty::int(kind);
        let mangle = MangleTy::from_ty(&ty, &self.dm.records);
        TArg::Value {
            value: super::types::normalize_int(value, kind),
            ty,
            mangle,
        }
    }

    fn targ_of_value(&mut self, value: i128, pty: &'a TypeRef) -> TArg {
        let (ty, mangle) = self.targ_param_ty(pty);
        let value = match ty.kind {
            TyKind::Int(k) => super::types::normalize_int(value, k),
            _ => value,
        };
        TArg::Value { value, ty, mangle }
    }

    /// The type of a non-type template parameter declared with type `pty`.
    fn targ_param_ty(&mut self, pty: &'a TypeRef) -> (Ty, MangleTy) {
        // The parameter's type may name earlier parameters of its template.
        let n = self.template_env.len();
        self.template_env.extend(self.targ_prefix.iter().cloned());
        // With its ABI view: a parameter of enumeration type keeps the enum's name, as the
        // item-level resolution gives it (`bar<scope_block>` is one specialization either way).
        let saved = self.at_override.clone();
        if self.at_override.is_none() {
            self.at_override = Some(DiagAt::Function);
        }
        let r = super::types::resolve(&mut super::checker::BodyTypeEnv { ck: self }, pty);
        self.at_override = saved;
        self.template_env.truncate(n);
        r
    }

    /// The argument of a pointer or reference non-type template parameter of type `pty`: the
    /// function or variable with linkage that expression `id` designates (`f`, `&f`, `ns::f`,
    /// `&C::sf`, `&v`; `v` or `f` for a reference). Otherwise nvcc's message, or an empty one
    /// when checking `id` reported the problem.
    pub(crate) fn decl_targ(&mut self, id: ExprId, pty: &Ty) -> Result<TArg, String> {
        // A name (`f`, `&f`): of several overloads, the one of the parameter's type.
        let inner = match self.exprs.get(id.0 as usize) {
            Some(crate::body::Expr::Unary {
                op: crate::body::UnaryOp::AddrOf,
                expr,
            }) if pty.is_pointer() => *expr,
            _ => id,
        };
        if let Some(crate::body::Expr::Name(n)) = self.exprs.get(inner.0 as usize) {
            if self.lookup_local(n).is_none() {
                if let Some(a) = self.decl_targ_of_name(n, pty) {
                    return Ok(a);
                }
            }
        }
        let n_errors = self.diags.len();
        let (callees, globals) = (self.callees.clone(), self.globals.clone());
        let e = self.expr(id);
        self.callees = callees;
        self.globals = globals;
        if self.diags[n_errors..].iter().any(|d| d.severity == Severity::Error) || self.ty(e).is_error() {
            return Err(String::new());
        }
        // The entity and whether the argument is its address.
        let (entity, addr) = match self.out.expr(e).kind {
            ExprKind::AddrOf(x) | ExprKind::Cast(crate::thir::CastKind::FnToPtr, x) => (x, true),
            _ => (e, false),
        };
        let def = match self.out.expr(entity).kind {
            ExprKind::Function(f) => Some(ValueDef::Function(f)),
            ExprKind::Global(g) => Some(ValueDef::Global(g)),
            _ => None,
        };
        let is_fn = matches!(def, Some(ValueDef::Function(_)));
        let Some(def) = def.filter(|_| addr || is_fn || pty.is_reference()) else {
            let arg_ty = self.ty(e).clone();
            return Err(
                if addr || arg_ty.is_pointer() && pty.is_pointer() && self.is_constant_address(e) {
                    format!("invalid nontype template argument of type \"{}\"", self.show(&arg_ty))
                } else {
                    "expression must have a constant value".to_string()
                },
            );
        };
        self.decl_targ_match(&def, pty).ok_or_else(|| {
            let arg_ty = match self.ty(e).kind {
                TyKind::Function(_) if pty.is_pointer() => Ty::ptr(self.ty(e).unqualified()),
                _ => self.ty(e).clone(),
            };
            format!(
                "argument of type \"{}\" is incompatible with template parameter of type \"{}\"",
                self.show(&arg_ty),
                self.show(pty)
            )
        })
    }

    /// Whether `e` is the address of part of a variable with linkage (`&arr[1]`, `&s.m`).
    fn is_constant_address(&self, e: TExprId) -> bool {
        match &self.out.expr(e).kind {
            ExprKind::AddrOf(x) | ExprKind::Cast(_, x) => self.is_constant_address(*x),
            ExprKind::Global(_) | ExprKind::Function(_) | ExprKind::StringConst(_) => true,
            ExprKind::Deref(x) => self.is_constant_address(*x),
            ExprKind::Binary(_, a, b) => self.is_constant_address(*a) || self.is_constant_address(*b),
            ExprKind::Member { base, .. } => self.is_constant_address(*base),
            _ => false,
        }
    }

    /// A class template specialization named in a body: the record the def map has for it, or
    /// a request for the def map's fixed point (and an error, dropped if the next round has it).
    pub(crate) fn template_record_in_body(
        &mut self,
        name: &SmolStr,
        args: &'a [TemplateArgRef],
    ) -> Result<(Ty, MangleTy), String> {
        let dm = self.dm;
        // (One lookup serves both the alias and the class template search below.)
        let candidates = self.name_candidates(name);
        if let Some((aq, at)) = candidates
            .iter()
            .find_map(|q| dm.alias_templates.get(q).map(|a| (q.clone(), a)))
        {
            // An alias template: its type with the parameters bound.
            // A trailing parameter pack takes the remaining arguments.
            let last_pack = at.params.last().is_some_and(|p| p.pack);
            let fixed = if last_pack {
                at.params.len() - 1
            } else {
                at.params.len()
            };
            let defaults_ok = at.params[args.len().min(fixed)..fixed]
                .iter()
                .all(super::items::has_default);
            // (A pack expansion of a known pack counts as its elements: `_Fn::__call<_Ts...>`
            // binds `template <class, class _Ty, class...>` element by element.)
            let expands = args
                .iter()
                .any(|a| matches!(a, TemplateArgRef::Type(TypeRef::PackExpansion(_))));
            if !expands && ((args.len() > at.params.len() && !last_pack) || !defaults_ok) {
                let which = if args.len() > at.params.len() { "many" } else { "few" };
                return Err(format!("too {which} arguments for alias template \"{name}\""));
            }
            let mut bound = Vec::new();
            let mut pack = Vec::new();
            // How many more parameters the pack expansions so far covered than they are
            // arguments.
            let mut shift: isize = 0;
            for (i, a) in args.iter().enumerate() {
                let i = (i as isize + shift) as usize;
                if let TemplateArgRef::Type(TypeRef::PackExpansion(inner)) = a {
                    // `__expand_to_true<enable_if_t<P::value>...>`: the pattern once per element
                    // joins the alias's pack (or binds the parameters at its position).
                    let mut names = Vec::new();
                    super::items::names_in(inner, &mut names);
                    let Some(n) = names.iter().find_map(|n| self.pack_len(n)) else {
                        return Err("pack expansion does not make use of any argument packs".into());
                    };
                    let saved = self.pack_index;
                    for k in 0..n {
                        self.pack_index = Some(k);
                        let Some(targ) = self.written_type_targ(inner, DiagAt::Function) else {
                            self.pack_index = saved;
                            return Err("invalid template argument".into());
                        };
                        match at.params.get(i + k) {
                            Some(p) if i + k < fixed => {
                                if !matches!(p.kind, TemplateParamKind::Type { .. }) {
                                    self.pack_index = saved;
                                    return Err(
                                        "template argument does not match the kind of its template parameter".into()
                                    );
                                }
                                bound.push((p.name.clone().unwrap_or_default(), targ));
                            }
                            _ if last_pack => pack.push(targ),
                            _ => {
                                self.pack_index = saved;
                                return Err(format!("too many arguments for alias template \"{name}\""));
                            }
                        }
                    }
                    self.pack_index = saved;
                    shift += n as isize - 1;
                    continue;
                }
                let p = &at.params[i.min(at.params.len() - 1)];
                if let (TemplateArgRef::Value(ce), true, TemplateParamKind::Value { ty: pty, .. }) =
                    (a, i >= fixed, &p.kind)
                {
                    if matches!(
                        ce.exprs.get(ce.root.0 as usize),
                        Some(crate::body::Expr::PackExpansion(_))
                    ) {
                        // `index_sequence<I...>`: the elements join the alias's pack.
                        for (v, k) in self.expand_value_pack(ce)? {
                            let saved = std::mem::replace(&mut self.targ_prefix, bound.clone());
                            pack.push(self.targ_of_value_kind(v, k, pty));
                            self.targ_prefix = saved;
                        }
                        continue;
                    }
                }
                let saved = std::mem::replace(&mut self.targ_prefix, bound.clone());
                let targ = self.written_targ_msg(a, p);
                self.targ_prefix = saved;
                if i >= fixed {
                    pack.push(targ?);
                } else {
                    bound.push((p.name.clone().unwrap_or_default(), targ?));
                }
            }
            let given = (args.len() as isize + shift) as usize;
            if expands
                && ((given > at.params.len() && !last_pack)
                    || !at.params[given.min(fixed)..fixed].iter().all(super::items::has_default))
            {
                let which = if given > at.params.len() { "many" } else { "few" };
                return Err(format!("too {which} arguments for alias template \"{name}\""));
            }
            // Default arguments (`enable_if_t<B, T = void>`), with the earlier ones bound.
            for p in &at.params[given.min(fixed)..fixed] {
                let env = at.env.iter().chain(&bound).cloned().collect();
                let Some(d) = self.default_targ_in(p, env) else {
                    return Err("invalid template argument".into());
                };
                bound.push((p.name.clone().unwrap_or_default(), d));
            }
            if last_pack {
                bound.push((at.params[fixed].name.clone().unwrap_or_default(), TArg::Pack(pack)));
            }
            if self.alias_depth >= 64 {
                return Err(format!(
                    "excessive recursion at instantiation of alias template \"{name}\""
                ));
            }
            let n = self.template_env.len();
            // A member alias template of a specialization also sees its class's parameters.
            self.template_env.extend(at.env.iter().cloned().chain(bound));
            self.alias_depth += 1;
            // Names in the alias's type (`decltype(declval<T>())`) are looked up where the alias
            // is declared, not where it is used.
            let saved_scope = std::mem::replace(&mut self.scope, alias_scope(&aq));
            // A member alias template of a specialization (`C<int>::__call`): `C` names it.
            let class = aq.rsplit_once("::").and_then(|(c, _)| dm.tags.get(c).copied());
            let saved_class = self.subst_class;
            if class.is_some() {
                self.subst_class = class;
            }
            // Its siblings are named with the template's name (`impl::pointer` in
            // `impl<int>::rebind`): they are the specialization's.
            let spec = class.and_then(|rid| self.spec_scope_of(rid));
            let pushed = spec.is_some();
            if let Some(s) = spec {
                self.spec_scopes.push(s);
            }
            let ty = self.resolve_type_ref(&at.ty, DiagAt::Function);
            if pushed {
                self.spec_scopes.pop();
            }
            self.subst_class = saved_class;
            self.scope = saved_scope;
            self.alias_depth -= 1;
            self.template_env.truncate(n);
            let m = MangleTy::from_ty(&ty, &dm.records);
            return Ok((ty, m));
        }
        if let Some(q) = self.bound_template(name) {
            // `C<int>` with `C` a template template parameter.
            return self.template_record_in_body(&q, args);
        }
        let Some(t) = candidates.iter().find_map(|q| dm.record_templates.get_index_of(q)) else {
            return Err(format!("\"{name}\" is not a class template"));
        };
        let rt = &dm.record_templates[t];
        let last_pack = rt.params.last().is_some_and(|p| p.pack);
        let mut out: Vec<TArg> = Vec::new();
        for (i, a) in args.iter().enumerate() {
            // (A pack expansion past the parameters may be empty: `S<U, A...>` with `A` empty
            // for `template <class> class S`; the count is checked after the expansion.)
            let p = rt.params.get(i).or_else(|| rt.params.last().filter(|p| p.pack));
            let p = match (p, a) {
                (Some(p), _) => p,
                (None, TemplateArgRef::Type(TypeRef::PackExpansion(_))) if !rt.params.is_empty() => {
                    &rt.params[rt.params.len() - 1]
                }
                (None, _) => return Err(format!("too many arguments for class template \"{name}\"")),
            };
            match a {
                TemplateArgRef::Type(TypeRef::PackExpansion(inner)) => {
                    // `Tup<T...>`: the pattern once per element of the pack it names.
                    let mut names = Vec::new();
                    super::items::names_in(inner, &mut names);
                    let n = names.iter().find_map(|n| self.pack_len(n));
                    let Some(n) = n else {
                        return Err("pack expansion does not make use of any argument packs".into());
                    };
                    let saved = self.pack_index;
                    for k in 0..n {
                        self.pack_index = Some(k);
                        let Some(targ) = self.written_type_targ(inner, DiagAt::Function) else {
                            self.pack_index = saved;
                            return Err("invalid template argument".into());
                        };
                        out.push(targ);
                    }
                    self.pack_index = saved;
                }
                TemplateArgRef::Value(ce)
                    if matches!(
                        ce.exprs.get(ce.root.0 as usize),
                        Some(crate::body::Expr::PackExpansion(_))
                    ) =>
                {
                    // `Seq<T, I...>`: one argument per element.
                    let TemplateParamKind::Value { ty: pty, .. } = &p.kind else {
                        return Err("invalid template argument".into());
                    };
                    let names: Vec<Option<SmolStr>> = rt.params.iter().map(|p| p.name.clone()).collect();
                    let earlier: Vec<Option<TArg>> = if out.len() == i {
                        out.iter().cloned().map(Some).collect()
                    } else {
                        Vec::new()
                    };
                    for (v, k) in self.expand_value_pack(ce)? {
                        let saved = std::mem::replace(&mut self.targ_prefix, bound_env(&names, &earlier));
                        let targ = self.targ_of_value_kind(v, k, pty);
                        self.targ_prefix = saved;
                        out.push(targ);
                    }
                }
                _ => {
                    let names: Vec<Option<SmolStr>> = rt.params.iter().map(|p| p.name.clone()).collect();
                    let earlier: Vec<Option<TArg>> = if out.len() == i {
                        out.iter().cloned().map(Some).collect()
                    } else {
                        Vec::new()
                    };
                    let saved = std::mem::replace(&mut self.targ_prefix, bound_env(&names, &earlier));
                    let targ = self.written_targ_msg(a, p);
                    self.targ_prefix = saved;
                    out.push(targ?)
                }
            }
        }
        if out.len() > rt.params.len() && !last_pack {
            return Err(format!("too many arguments for class template \"{name}\""));
        }
        let mut out = super::items::pack_targs(&rt.params, out);
        if last_pack && out.len() + 1 == rt.params.len() {
            out.push(TArg::Pack(Vec::new()));
        }
        let names: Vec<Option<SmolStr>> = rt.params.iter().map(|p| p.name.clone()).collect();
        for p in &rt.params[out.len()..] {
            let bound: Vec<Option<TArg>> = out
                .iter()
                .cloned()
                .map(Some)
                .chain(std::iter::repeat(None))
                .take(names.len())
                .collect();
            let saved = std::mem::take(&mut self.template_env);
            self.template_env = bound_env(&names, &bound);
            // A default argument's names are looked up in the template's scope
            // (`BlockScanAlgorithm A = BLOCK_SCAN_RAKING` inside `cub::`), not the user's.
            let saved_func = self.func.take();
            let saved_scope = self.scope.replace(rt.name.clone());
            let d = self.default_targ(p);
            self.func = saved_func;
            self.scope = saved_scope;
            self.template_env = saved;
            match d {
                Some(d) => out.push(d),
                None => return Err(format!("too few arguments for class template \"{name}\"")),
            }
        }
        let key = (t as u32, out);
        match dm.record_instances.get(&key) {
            Some(&rid) => {
                let m = dm.records[rid]
                    .mangle
                    .clone()
                    .unwrap_or_else(|| MangleTy::Named(name.clone()));
                Ok((Ty::new(TyKind::Record(rid)), m))
            }
            None => {
                if !self.record_requests.contains(&key) {
                    self.record_requests.push(key);
                }
                Err(format!(
                    "unsupported: class template \"{name}\" could not be instantiated here"
                ))
            }
        }
    }

    /// `name<args>` naming a variable template: its initializer evaluated with the parameters
    /// bound (an integral constant). `None` when `name` is not a variable template.
    pub(crate) fn var_template(&mut self, id: ExprId, name: &SmolStr, args: &'a [TemplateArgExpr]) -> Option<TExprId> {
        let dm = self.dm;
        let (q, class_env) = self.var_template_lookup(name)?;
        let params = &dm.var_templates.get(&q)?.0;
        Some(self.var_template_in(id, name, q, class_env, params, args))
    }

    /// The variable template `name` names here (qualified), with, for a member variable
    /// template of a class template named through a specialization (`C<int>::v`, `v` in a
    /// member of `C<int>`), the class template's parameters bound to its arguments.
    fn var_template_lookup(&mut self, name: &str) -> Option<(SmolStr, Vec<(SmolStr, TArg)>)> {
        let dm = self.dm;
        let candidates = self.name_candidates(name);
        if let Some(q) = candidates.iter().find(|q| dm.var_templates.contains_key(q.as_str())) {
            return Some((q.clone(), Vec::new()));
        }
        if !name.contains("::") {
            // In a member of a specialization (its parameters bound already).
            for (tname, _) in self.spec_scopes.iter().rev() {
                let q = SmolStr::new(format!("{tname}::{name}"));
                if dm.var_templates.contains_key(&q) {
                    return Some((q, Vec::new()));
                }
            }
        }
        for q in &candidates {
            let Some(prefix) = super::checker::top_level_parent(q) else {
                continue;
            };
            let Some(&rid) = dm.tags.get(prefix) else { continue };
            let Some((t, args)) = self.instance_args(rid) else {
                continue;
            };
            let Some((tname, rt)) = dm.record_templates.get_index(t as usize) else {
                continue;
            };
            let key = SmolStr::new(format!("{tname}{}", &q[prefix.len()..]));
            if dm.var_templates.contains_key(&key) {
                let env = rt
                    .params
                    .iter()
                    .zip(args)
                    .map(|(p, a)| (p.name.clone().unwrap_or_default(), a))
                    .collect();
                return Some((key, env));
            }
        }
        None
    }

    fn var_template_in(
        &mut self,
        id: ExprId,
        name: &SmolStr,
        q: SmolStr,
        class_env: Vec<(SmolStr, TArg)>,
        params: &'a [crate::item_tree::TemplateParamItem],
        args: &'a [TemplateArgExpr],
    ) -> TExprId {
        if let Some(which) = var_targ_count_error(params, args.len()) {
            self.error_e(
                id,
                "template-args",
                format!("too {which} arguments for variable template \"{name}\""),
            );
            return self.err_expr();
        }
        let mut targs = Vec::new();
        for (i, a) in args.iter().enumerate() {
            // Arguments past the fixed parameters belong to a trailing pack.
            let p = params.get(i).filter(|p| !p.pack).or(params.last()).expect("counted");
            match self.explicit_pack_expansion(a, &p.kind) {
                // `v<T, Args...>`: the elements of a pack of the enclosing template.
                Ok(Some(elems)) if p.pack => {
                    targs.extend(elems);
                    continue;
                }
                Ok(None) => {}
                Ok(Some(_)) => {
                    self.error_e(
                        id,
                        "unsupported",
                        format!("unsupported: a pack expansion as an argument of variable template \"{name}\" for a parameter that is not a pack"),
                    );
                    return self.err_expr();
                }
                Err(msg) if msg.is_empty() => return self.err_expr(),
                Err(msg) => {
                    self.error_e(id, "template-args", msg);
                    return self.err_expr();
                }
            }
            let targ = match (a, &p.kind) {
                // `v<T, Args...>` in a variable template's initializer: a bare pack name can
                // only be an expansion there (its `...` is not kept in a body's arguments).
                (TemplateArgExpr::Type(tr), TemplateParamKind::Type { .. })
                    if p.pack && self.pack_index.is_none() && self.bound_pack(*tr).is_some() =>
                {
                    let elems = self.bound_pack(*tr).expect("checked");
                    targs.extend(elems);
                    continue;
                }
                (TemplateArgExpr::Type(tr), TemplateParamKind::Type { .. }) => {
                    // (An enumeration keeps its ABI view: `is_enum_v<E>`.)
                    let types = self.types;
                    let Some(targ) = types
                        .get(tr.0 as usize)
                        .and_then(|tr| self.written_type_targ(tr, DiagAt::Expr(id)))
                    else {
                        return self.err_expr();
                    };
                    targ
                }
                (TemplateArgExpr::Value(e), TemplateParamKind::Value { ty, .. }) => {
                    let Some((v, k)) = self.ice(*e) else {
                        return self.err_expr();
                    };
                    // (`template <class TS, TS Dyn> ...`: the type names an earlier parameter.)
                    let saved = std::mem::replace(&mut self.targ_prefix, earlier_var_params(params, &targs));
                    let targ = self.targ_of_value_kind(v, k, ty);
                    self.targ_prefix = saved;
                    targ
                }
                // `v<w<T>>` with `w` a variable template: read as a type-id, it is a value.
                (TemplateArgExpr::Type(tr), TemplateParamKind::Value { ty, .. }) => {
                    let written = match self.types.get(tr.0 as usize) {
                        Some(TypeRef::Template {
                            name: inner,
                            args: inner_args,
                        }) => self.var_template_ref(inner, inner_args),
                        _ => None,
                    };
                    match written {
                        Some(Some(v)) => self.targ_of_value(v, ty),
                        Some(None) => {
                            self.error_e(id, "not-constant", "expression must have a constant value");
                            return self.err_expr();
                        }
                        None => {
                            self.error_e(
                                id,
                                "template-args",
                                "template argument does not match the kind of its template parameter",
                            );
                            return self.err_expr();
                        }
                    }
                }
                _ => {
                    self.error_e(
                        id,
                        "template-args",
                        "template argument does not match the kind of its template parameter",
                    );
                    return self.err_expr();
                }
            };
            targs.push(targ);
        }
        let mut targs = super::items::pack_targs(params, targs);
        // (The arguments are the caller's; the enclosing class's parameters bind in the
        // template's own scope.)
        let n_env = self.template_env.len();
        self.template_env.extend(class_env);
        if !self.var_template_defaults(&q, &mut targs) {
            self.template_env.truncate(n_env);
            self.error_e(id, "template-args", "invalid template argument");
            return self.err_expr();
        }
        let shown_targs = targs.clone();
        let saved_at = self.at_override.replace(DiagAt::Expr(id));
        let saved_objects = std::mem::replace(&mut self.var_objects, true);
        self.var_object = None;
        let v = self.var_template_value(&q, targs, DiagAt::Expr(id));
        self.template_env.truncate(n_env);
        self.var_objects = saved_objects;
        self.at_override = saved_at;
        let object = self.var_object.take();
        match v {
            Ok(Some((v, k))) => self.int_const(v, k),
            Ok(None) => self.err_expr(),
            // In an unevaluated operand (`decltype(declval<T>())`, `sizeof`) only the type
            // matters: an lvalue of the variable's type that is never emitted.
            Err(t) if self.unevaluated_depth > 0 => self.mk(t, ValueCategory::LValue, ExprKind::IntConst(0)),
            Err(_) if object.is_some() => object.expect("checked"),
            Err(_) if self.dm.var_templates.get(&q).is_some_and(|v| is_missing(&v.2)) => {
                // An `extern` variable template without a definition: nvcc's wording for its
                // use in device code.
                let shown: Vec<String> = shown_targs.iter().map(|a| self.show_targ(a)).collect();
                self.error_e(
                    id,
                    "host-variable",
                    format!(
                        "identifier \"{name}<{}>\" is undefined in device code",
                        shown.join(", ")
                    ),
                );
                self.err_expr()
            }
            Err(_) => {
                self.error_e(
                    id,
                    "unsupported",
                    format!("unsupported: variable template \"{name}\" of non-integral type"),
                );
                self.err_expr()
            }
        }
    }

    /// The elements of the template parameter pack type argument `tr` names (`Args`), if it
    /// names one.
    fn bound_pack(&self, tr: TypeRefId) -> Option<Vec<TArg>> {
        let Some(TypeRef::Named(n)) = self.types.get(tr.0 as usize) else {
            return None;
        };
        match self.template_env.iter().rev().find(|(name, _)| name == n) {
            Some((_, TArg::Pack(v))) => Some(v.clone()),
            _ => None,
        }
    }

    /// A variable template named with written arguments (`is_x_v<T>` as a template argument):
    /// `None` when `name` is not a variable template, `Some(None)` when it has no value here.
    pub(crate) fn var_template_ref(&mut self, name: &SmolStr, args: &'a [TemplateArgRef]) -> Option<Option<i128>> {
        let dm = self.dm;
        let (q, (params, _, _, _)) = self
            .name_candidates(name)
            .into_iter()
            .find_map(|q| Some((q.clone(), dm.var_templates.get(&q)?)))?;
        if let Some(which) = var_targ_count_error(params, args.len()) {
            self.error(
                DiagAt::Function,
                "template-args",
                format!("too {which} arguments for variable template \"{name}\""),
            );
            return Some(None);
        }
        let mut targs = Vec::new();
        for (i, a) in args.iter().enumerate() {
            // Arguments past the fixed parameters belong to a trailing pack.
            let p = params.get(i).filter(|p| !p.pack).or(params.last()).expect("counted");
            let targ = match (a, &p.kind) {
                (TemplateArgRef::Type(TypeRef::PackExpansion(inner)), TemplateParamKind::Type { .. }) if p.pack => {
                    // `v<T, Args...>`: the pattern once per element of the pack it names.
                    let mut names = Vec::new();
                    super::items::names_in(inner, &mut names);
                    let Some(n) = names.iter().find_map(|n| self.pack_len(n)) else {
                        return Some(None);
                    };
                    let saved = self.pack_index;
                    for k in 0..n {
                        self.pack_index = Some(k);
                        let Some(targ) = self.written_type_targ(inner, DiagAt::Function) else {
                            self.pack_index = saved;
                            return Some(None);
                        };
                        targs.push(targ);
                    }
                    self.pack_index = saved;
                    continue;
                }
                (TemplateArgRef::Type(tr), TemplateParamKind::Type { .. }) => {
                    match self.written_type_targ(tr, DiagAt::Function) {
                        Some(targ) => targ,
                        None => return Some(None),
                    }
                }
                // `v<TS, Dyn, V...>` in a class template's base or member: one argument per
                // element.
                (TemplateArgRef::Value(ce), TemplateParamKind::Value { ty, .. })
                    if p.pack
                        && matches!(
                            ce.exprs.get(ce.root.0 as usize),
                            Some(crate::body::Expr::PackExpansion(_))
                        ) =>
                {
                    let Ok(vals) = self.expand_value_pack(ce) else {
                        return Some(None);
                    };
                    for (v, k) in vals {
                        let saved = std::mem::replace(&mut self.targ_prefix, earlier_var_params(params, &targs));
                        let targ = self.targ_of_value_kind(v, k, ty);
                        self.targ_prefix = saved;
                        targs.push(targ);
                    }
                    continue;
                }
                (TemplateArgRef::Value(ce), TemplateParamKind::Value { ty, .. }) => {
                    let Some((v, k)) = self.eval_const_expr(ce) else {
                        return Some(None);
                    };
                    let saved = std::mem::replace(&mut self.targ_prefix, earlier_var_params(params, &targs));
                    let targ = self.targ_of_value_kind(v, k, ty);
                    self.targ_prefix = saved;
                    targ
                }
                // `v<w<T>>` with `w` a variable template.
                (
                    TemplateArgRef::Type(TypeRef::Template {
                        name: inner,
                        args: inner_args,
                    }),
                    TemplateParamKind::Value { ty, .. },
                ) => match self.var_template_ref(inner, inner_args) {
                    Some(Some(v)) => self.targ_of_value(v, ty),
                    _ => return Some(None),
                },
                _ => return Some(None),
            };
            targs.push(targ);
        }
        let mut targs = super::items::pack_targs(params, targs);
        if !self.var_template_defaults(&q, &mut targs) {
            return Some(None);
        }
        Some(
            self.var_template_value(&q, targs, DiagAt::Function)
                .ok()
                .flatten()
                .map(|(v, _)| v),
        )
    }

    /// Completes `targs` with the default arguments of variable template `q`'s remaining
    /// parameters (each with the earlier ones bound, in the template's scope); false when one
    /// does not resolve.
    fn var_template_defaults(&mut self, q: &SmolStr, targs: &mut Vec<TArg>) -> bool {
        let dm = self.dm;
        let Some((params, ..)) = dm.var_templates.get(q) else {
            return false;
        };
        if targs.len() >= params.len() {
            return true;
        }
        let scope = super::checker::top_level_parent(q).map(SmolStr::new);
        let saved_scope = std::mem::replace(&mut self.scope, scope);
        let mut ok = true;
        for p in &params[targs.len()..] {
            if p.pack {
                // A trailing pack given no arguments.
                targs.push(TArg::Pack(Vec::new()));
                break;
            }
            let env = params
                .iter()
                .zip(targs.iter())
                .map(|(p, a)| (p.name.clone().unwrap_or_default(), a.clone()))
                .collect();
            match self.default_targ_in(p, env) {
                Some(d) => targs.push(d),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        self.scope = saved_scope;
        ok
    }

    /// The value of variable template `q` (qualified) for `targs`: the initializer of its
    /// explicit specialization for exactly these arguments, else of the one partial
    /// specialization that matches, else of the primary template. `Err` for a non-integral
    /// type, `Ok(None)` when the initializer is not a constant.
    fn var_template_value(&mut self, q: &SmolStr, targs: Vec<TArg>, at: DiagAt) -> Result<Option<(i128, IntKind)>, Ty> {
        // An instance's value depends on its name and arguments only: evaluated once.
        // (Not a member of a class template: its value depends on the class's arguments.)
        let member = super::checker::top_level_parent(q).is_some_and(|p| self.dm.record_templates.contains_key(p));
        let key = (q.clone(), targs);
        if let (Some(&v), false) = (self.var_values.get(&key), member) {
            return Ok(Some(v));
        }
        // (Evaluated by another body checked against this def map, asking for nothing.)
        if let (Some(v), false) = (self.shared_var_value(&key), member) {
            self.var_values.insert(key, v);
            return Ok(Some(v));
        }
        let diags = self.diags.len();
        let requests = self.request_counts();
        let r = self.var_template_value_uncached(q, key.1.clone(), at);
        if let (Ok(Some(v)), true, false) = (&r, self.diags.len() == diags, member) {
            if self.request_counts() == requests {
                self.share_var_value(&key, *v);
            }
            self.var_values.insert(key, *v);
        }
        r
    }

    fn var_template_value_uncached(
        &mut self,
        q: &SmolStr,
        targs: Vec<TArg>,
        at: DiagAt,
    ) -> Result<Option<(i128, IntKind)>, Ty> {
        let dm = self.dm;
        let Some((params, pty, pinit, _)) = dm.var_templates.get(q) else {
            return Ok(None);
        };
        // The type and initializer name the members of the template's namespace unqualified.
        let scope = super::checker::top_level_parent(q).map(SmolStr::new);
        let saved_scope = std::mem::replace(&mut self.scope, scope);
        let mut chosen: (&'a TypeRef, &'a ConstExpr, Vec<(SmolStr, TArg)>) = (
            pty,
            pinit,
            params
                .iter()
                .zip(&targs)
                .map(|(p, a)| (p.name.clone().unwrap_or_default(), a.clone()))
                .collect(),
        );
        if let Some(specs) = dm.var_template_specs.get(q) {
            let mut partial = Vec::new();
            let mut explicit = None;
            for spec in specs {
                if let Some(env) = self.match_var_spec(spec, &targs) {
                    if spec.params.is_empty() {
                        explicit = Some((spec, env));
                        break;
                    }
                    partial.push((spec, env));
                }
            }
            let best = if partial.len() > 1 {
                most_specialized_var_spec(&partial)
            } else {
                None
            };
            match (explicit, partial.len(), best) {
                (Some((spec, env)), _, _) => chosen = (&spec.ty, &spec.init, env),
                (None, 0, _) => {}
                (None, 1, _) => {
                    let (spec, env) = partial.pop().expect("one match");
                    chosen = (&spec.ty, &spec.init, env);
                }
                (None, _, Some(i)) => {
                    let (spec, env) = partial.swap_remove(i);
                    chosen = (&spec.ty, &spec.init, env);
                }
                (None, _, None) => {
                    self.scope = saved_scope;
                    self.error(
                        at,
                        "unsupported",
                        format!(
                            "unsupported: more than one partial specialization of variable template \"{q}\" matches"
                        ),
                    );
                    return Ok(None);
                }
            }
        }
        let (ty, init, env) = chosen;
        if self.alias_depth >= 200 {
            self.scope = saved_scope;
            let shown: Vec<String> = targs.iter().map(|a| self.show_targ(a)).collect();
            self.error(
                at,
                "excessive-recursion",
                format!(
                    "excessive recursion at instantiation of variable \"{q}<{}>\"",
                    shown.join(", ")
                ),
            );
            return Ok(None);
        }
        let n = self.template_env.len();
        self.template_env.extend(env);
        // `inline constexpr auto v = X{};`: the initializer's type (`const auto` alike).
        let auto = match ty {
            TypeRef::Auto => true,
            TypeRef::Qualified(_, inner) => matches!(**inner, TypeRef::Auto),
            _ => false,
        };
        let t = if auto {
            Ty::error()
        } else {
            self.resolve_type_ref(ty, at.clone())
        };
        self.alias_depth += 1;
        // (The initializer is the variable template's, not a signature naming parameters.)
        let saved_params = std::mem::take(&mut self.decl_params);
        let (v, t) = if auto || (super::cxx::record_of(&t).is_some() && self.var_objects) {
            // Checked as an expression here: an integer constant, or (in a body) an object
            // of class type the use copies (`cub::detail::bool_constant_v<B>` passed by value).
            let (exprs, types) = (self.exprs, self.types);
            let cache = std::mem::take(&mut self.cache);
            self.exprs = &init.exprs;
            self.types = &init.types;
            let x = self.value(init.root);
            self.exprs = exprs;
            self.types = types;
            self.cache = cache;
            let xt = if auto { self.ty(x).clone() } else { t };
            if xt.is_integer() {
                let k = super::types::int_kind(&xt);
                (self.eval(x).and_then(|c| c.as_int()).zip(k), xt)
            } else {
                if !xt.is_error() {
                    self.var_object = Some(x);
                }
                (None, xt)
            }
        } else if t.is_integer() {
            (self.eval_const_expr(init), t)
        } else {
            (None, t)
        };
        self.decl_params = saved_params;
        self.alias_depth -= 1;
        self.scope = saved_scope;
        self.template_env.truncate(n);
        match (v, &t.kind) {
            (Some((v, _)), TyKind::Int(k)) => Ok(Some((super::types::normalize_int(v, *k), *k))),
            _ if !t.is_error() && !t.is_integer() => Err(t),
            _ => Ok(None),
        }
    }

    /// A template argument as diagnostics show it.
    fn show_targ(&self, a: &TArg) -> String {
        match a {
            TArg::Type { ty, .. } => self.show(ty),
            TArg::Value { value, .. } => value.to_string(),
            TArg::Pack(_) => "...".into(),
            TArg::Template(t) => t.to_string(),
            d @ TArg::Decl { .. } => d.decl_shown(),
        }
    }

    /// Whether variable template specialization `spec` matches the primary's arguments
    /// `targs`: the bindings of its parameters (none for an explicit specialization).
    fn match_var_spec(
        &mut self,
        spec: &'a crate::def_map::VarTemplateSpec,
        targs: &[TArg],
    ) -> Option<Vec<(SmolStr, TArg)>> {
        let names: Vec<Option<SmolStr>> = spec.params.iter().map(|p| p.name.clone()).collect();
        let is_param = |n: &str| names.iter().any(|x| x.as_deref() == Some(n));
        let mut bound: Vec<Option<TArg>> = vec![None; names.len()];
        // The arguments one by one (a primary template's pack given element-wise): a pattern
        // `A...` last takes the rest, each other pattern one argument
        // (`v<T, A>` and `v<T, A...>` of `template <class T, class... A> v`).
        let targs = &super::items::flatten_targs(targs)[..];
        let index = |n: &str| names.iter().position(|x| x.as_deref() == Some(n));
        let pack_pat = match spec.args.last() {
            Some(TemplateArgRef::Type(TypeRef::PackExpansion(inner))) => Some(match &**inner {
                TypeRef::Named(n) => Err(index(n)?),
                _ => Ok(&**inner),
            }),
            Some(TemplateArgRef::Value(ce)) => match ce.exprs.get(ce.root.0 as usize) {
                Some(crate::body::Expr::PackExpansion(x)) => match ce.exprs.get(x.0 as usize) {
                    Some(crate::body::Expr::Name(n)) => Some(Err(index(n)?)),
                    _ => return None,
                },
                _ => None,
            },
            _ => None,
        };
        let fixed = spec.args.len() - usize::from(pack_pat.is_some());
        match pack_pat {
            None if fixed != targs.len() => return None,
            Some(_) if targs.len() < fixed => return None,
            None => {}
            Some(Err(k)) => bound[k] = Some(TArg::Pack(targs[fixed..].to_vec())),
            Some(Ok(inner)) => {
                let mut mentioned = Vec::new();
                super::items::names_in(inner, &mut mentioned);
                let k = mentioned.iter().find_map(|m| index(m))?;
                let mut values = Vec::new();
                let ok = super::items::bind_pack(&targs[fixed..], k, &mut bound, |ty, b| {
                    deduce_exact(inner, ty, &names, b, self.dm, &mut values)
                });
                if !ok || !values.is_empty() {
                    return None;
                }
            }
        }
        for (pat, a) in spec.args[..fixed].iter().zip(targs) {
            match (pat, a) {
                (TemplateArgRef::Type(tr), TArg::Type { ty, .. }) => {
                    // Deduced from a type, not a call ([temp.deduct.type]): `T&&` is no
                    // forwarding reference, it takes only an rvalue reference
                    // (`is_reference_v<_Tp&&>` is no match for `const int&`), though `T&&`
                    // with `T = const int&` would collapse to the argument.
                    // A `T&` pattern likewise takes only an lvalue reference, `T` being deduced
                    // from the referent (not `T = const int&`, which `T&` would collapse).
                    let (mut dtr, mut dty) = (tr, ty.clone());
                    let rvalue = |t: &Ty| t.quals.contains(crate::body::Quals::RVALUE);
                    match (tr, &ty.kind) {
                        (TypeRef::Qualified(q, inner), _)
                            if q.contains(crate::body::Quals::RVALUE) && matches!(**inner, TypeRef::Reference(_)) =>
                        {
                            let (TypeRef::Reference(pat), TyKind::Reference(r)) = (&**inner, &ty.kind) else {
                                return None;
                            };
                            if !rvalue(ty) {
                                return None;
                            }
                            (dtr, dty) = (&**pat, (**r).clone());
                        }
                        (TypeRef::Reference(pat), TyKind::Reference(r)) if !rvalue(ty) => {
                            (dtr, dty) = (&**pat, (**r).clone())
                        }
                        (TypeRef::Reference(_), _) => return None,
                        _ => {}
                    }
                    // Through template arguments too: `v<duration<R, P>>` deduces `R` and `P`.
                    let mut mentioned = Vec::new();
                    super::items::names_in(tr, &mut mentioned);
                    if mentioned.iter().any(|m| is_param(m)) {
                        let mut values = Vec::new();
                        let before = bound.clone();
                        // (A bare parameter, alone or under the reference, is the argument
                        // exactly: no decay, qualifiers kept, `T&` of `const int[2]&`, `T` of
                        // `int[2]`.)
                        let exact = match dtr {
                            TypeRef::Named(n) => names.iter().position(|x| x.as_deref() == Some(n.as_str())),
                            _ => None,
                        };
                        // (`const T` of `const int[2]` likewise: `T = int[2]`.)
                        let exact_cv = match dtr {
                            TypeRef::Qualified(q, inner) if !q.contains(crate::body::Quals::RVALUE) => match &**inner {
                                TypeRef::Named(n) => names
                                    .iter()
                                    .position(|x| x.as_deref() == Some(n.as_str()))
                                    .map(|k| (k, dty.without_cv(super::types::cv(*q)))),
                                _ => None,
                            },
                            _ => None,
                        };
                        let deduced = match (exact, exact_cv) {
                            (_, Some((_, None))) => return None,
                            (_, Some((k, Some(t)))) => bind(k, t, &mut bound, &self.dm.records),
                            (Some(k), None) => bind(k, dty.clone(), &mut bound, &self.dm.records),
                            (None, None) => deduce_pattern(dtr, &dty, &names, &mut bound, self.dm, &mut values),
                        };
                        if !deduced {
                            // A non-deduced context (`v<T, void_t<T&&>>`) or a mismatch: the
                            // other arguments must bind the parameters, and the check below
                            // compares the substituted pattern with the argument.
                            bound = before;
                            continue;
                        }
                        for (k, v, from) in values {
                            let TemplateParamKind::Value { ty: vty, .. } = &spec.params[k].kind else {
                                return None;
                            };
                            let targ = self.targ_of_deduced(v, from, vty, bound_env(&names, &bound));
                            match &bound[k] {
                                Some(TArg::Value { value, .. }) if *value != v => return None,
                                Some(TArg::Type { .. }) => return None,
                                _ => bound[k] = Some(targ),
                            }
                        }
                    } else {
                        // A written type: the argument must be that type (a substitution
                        // failure is no match, not an error).
                        let saved = self.diags.len();
                        let want = self.resolve_type_ref(tr, DiagAt::Function);
                        self.diags.truncate(saved);
                        if want.is_error() {
                            // It may name the parameters through an alias (`void_t<T&&>`): the
                            // check below substitutes them.
                            continue;
                        }
                        if want != *ty {
                            return None;
                        }
                    }
                }
                (TemplateArgRef::Value(ce), TArg::Value { value, .. }) => {
                    if let Some(crate::body::Expr::Name(n)) = ce.exprs.get(ce.root.0 as usize) {
                        if let Some(k) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
                            match &bound[k] {
                                Some(TArg::Value { value: v, .. }) if v == value => {}
                                Some(_) => return None,
                                None => bound[k] = Some(a.clone()),
                            }
                            continue;
                        }
                    }
                    if ce
                        .exprs
                        .iter()
                        .any(|e| matches!(e, crate::body::Expr::Name(n) if is_param(n)))
                    {
                        // A value pattern computed from parameters is not deduced.
                        return None;
                    }
                    let saved = self.diags.len();
                    let v = self.eval_const_expr(ce);
                    self.diags.truncate(saved);
                    if v.map(|(v, _)| v) != Some(*value) {
                        return None;
                    }
                }
                (TemplateArgRef::Type(TypeRef::Named(n)), TArg::Value { .. }) if is_param(n) => {
                    let k = names.iter().position(|x| x.as_deref() == Some(n.as_str()))?;
                    match &bound[k] {
                        Some(b) if b != a => return None,
                        _ => bound[k] = Some(a.clone()),
                    }
                }
                (TemplateArgRef::Type(TypeRef::Named(n)), TArg::Value { value, .. }) => {
                    // A named constant the parser took for a type (`v<N>`).
                    let v = self.named_constant(n)?;
                    if v != *value {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        let env: Vec<(SmolStr, TArg)> = names
            .iter()
            .zip(bound)
            .map(|(n, b)| Some((n.clone().unwrap_or_default(), b?)))
            .collect::<Option<_>>()?;
        // Deduction ignores what a function parameter's type may add (top-level `const`):
        // the pattern with the deduced arguments substituted must be the argument exactly.
        let n = self.template_env.len();
        self.template_env.extend(env.iter().cloned());
        let saved = self.diags.len();
        let mut same = true;
        for (pat, a) in spec.args[..fixed].iter().zip(targs) {
            if let (TemplateArgRef::Type(tr), TArg::Type { ty, .. }) = (pat, a) {
                let got = self.resolve_type_ref(tr, DiagAt::Function);
                if got.is_error() || got != *ty {
                    same = false;
                    break;
                }
            }
        }
        self.diags.truncate(saved);
        self.template_env.truncate(n);
        same.then_some(env)
    }

    /// The value of a constant named by a qualified name (`T::value`, `S::N`, `E::A`).
    pub(crate) fn named_constant(&mut self, n: &str) -> Option<i128> {
        match self.visible_values(n)?.first()? {
            ValueDef::Enumerator(v, k) => Some(crate::def_map::enumerator_value(*v, *k)),
            ValueDef::Global(g) => {
                let gd = self.dm.global(*g);
                match super::consteval::const_value_scalar(gd.init.as_ref()?, &gd.ty)? {
                    super::consteval::CVal::Int(v, _) if gd.ty.is_const() => Some(v),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `S<args>::member` as a value: a static data member (or static member function) of a
    /// specialization.
    pub(crate) fn scoped_value(&mut self, id: ExprId, scope: TypeRefId, member: &SmolStr) -> TExprId {
        let mut ty = self.body_type(scope, DiagAt::Expr(id));
        let Some(mut rid) = super::cxx::record_of(&ty) else {
            return self.err_expr();
        };
        // `S<T>::type::value`: through the member types named before the value.
        let mut member = member.clone();
        while self.static_data_member(rid, &member, 0).is_none() {
            let Some((first, rest)) = member.split_once("::") else {
                break;
            };
            let first = SmolStr::new(first);
            let env = &mut super::checker::BodyTypeEnv { ck: self };
            let Some((t, _)) = super::types::TypeEnv::member_type(env, rid, &first) else {
                break;
            };
            let Some(r) = super::cxx::record_of(&t) else { break };
            (ty, rid, member) = (t, r, SmolStr::new(rest));
        }
        let member = &member;
        match self.static_member(id, rid, member) {
            Some(v) => v,
            None if !super::types::is_complete(&ty, &self.dm.records) => {
                let msg = format!("incomplete type \"{}\" is not allowed", self.show(&ty));
                self.error_e(id, "incomplete-type", msg);
                self.err_expr()
            }
            None => {
                let msg = format!("class \"{}\" has no member \"{member}\"", self.show(&ty));
                self.error_e(id, "no-member", msg);
                self.err_expr()
            }
        }
    }

    /// `S<args>::member(call args)`: a static member function of a specialization.
    pub(crate) fn scoped_call(&mut self, id: ExprId, scope: TypeRefId, member: &SmolStr, args: &[ExprId]) -> TExprId {
        let ty = self.body_type(scope, DiagAt::Expr(id));
        let Some(rid) = super::cxx::record_of(&ty) else {
            for a in args {
                self.value(*a);
            }
            return self.err_expr();
        };
        let fns = self.methods(rid, member);
        let templates = self.inherited_member_templates(rid, member, 0);
        if !templates.is_empty() && fns.iter().all(|&f| !self.dm.function(f).has_this()) {
            // `S<T>::f(args)` naming static member function templates (perhaps a base's): their
            // arguments deduced from the call.
            let statics: Vec<FnId> = fns
                .iter()
                .copied()
                .filter(|&f| !self.dm.function(f).has_this())
                .collect();
            let name = SmolStr::new(format!("{}::{member}", self.show(&ty)));
            return self.call_with_templates(id, &name, statics, &templates, &[], args, None);
        }
        if fns.is_empty() {
            let msg = format!("class \"{}\" has no member \"{member}\"", self.show(&ty));
            self.error_e(id, "no-member", msg);
            return self.err_expr();
        }
        let statics: Vec<FnId> = fns
            .iter()
            .copied()
            .filter(|&f| !self.dm.function(f).has_this())
            .collect();
        let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
        if statics.is_empty() {
            match self.this_value() {
                Some(this) if self.func.as_ref().and_then(|f| f.record) == Some(rid) => {
                    let mut raw = raw;
                    raw.insert(0, this);
                    let mut ids = args.to_vec();
                    ids.insert(0, id);
                    return self.call_resolved(id, member, &fns, raw, &ids);
                }
                _ => {
                    self.error_e(
                        id,
                        "no-object",
                        "a nonstatic member reference must be relative to a specific object",
                    );
                    return self.err_expr();
                }
            }
        }
        self.call_resolved(id, member, &statics, raw, args)
    }

    /// `S<args>::f<explicit>(call args)`: a static member function template of a class
    /// template specialization (and its ordinary static overloads).
    pub(crate) fn scoped_template_call(
        &mut self,
        id: ExprId,
        scope: TypeRefId,
        member: &SmolStr,
        explicit: &'a [TemplateArgExpr],
        args: &[ExprId],
    ) -> TExprId {
        let ty = self.body_type(scope, DiagAt::Expr(id));
        let Some(rid) = super::cxx::record_of(&ty) else {
            for a in args {
                self.value(*a);
            }
            return self.err_expr();
        };
        let templates = self.inherited_member_templates(rid, member, 0);
        if templates.is_empty() {
            for a in args {
                self.value(*a);
            }
            let msg = format!("class \"{}\" has no member template \"{member}\"", self.show(&ty));
            self.error_e(id, "no-member", msg);
            return self.err_expr();
        }
        let statics: Vec<FnId> = self
            .methods(rid, member)
            .into_iter()
            .filter(|&f| !self.dm.function(f).has_this())
            .collect();
        let name = SmolStr::new(format!("{}::{member}", self.show(&ty)));
        self.call_with_templates(id, &name, statics, &templates, explicit, args, None)
    }

    /// `f<args>(call args)`.
    pub(crate) fn template_id_call(
        &mut self,
        id: ExprId,
        name: &SmolStr,
        explicit: &'a [TemplateArgExpr],
        args: &[ExprId],
    ) -> TExprId {
        let templates: Vec<u32> = self
            .visible_values(name)
            .map(|defs| {
                defs.iter()
                    .filter_map(|d| if let ValueDef::Template(t) = d { Some(*t) } else { None })
                    .collect()
            })
            .unwrap_or_default();
        if templates.is_empty() {
            for a in args {
                self.value(*a);
            }
            if self.visible_values(name).is_none() {
                self.undefined(id, name);
            } else {
                self.error_e(id, "not-a-template", format!("\"{name}\" is not a template"));
            }
            return self.err_expr();
        }
        // Inside a member function, `f<X>(args)` naming the class's non-static member templates
        // passes `this`, as the call without template arguments does.
        let dm = self.dm;
        let members = templates.iter().all(|&t| {
            dm.templates[t as usize]
                .decl
                .method
                .as_ref()
                .is_some_and(|m| !m.is_static && m.kind != crate::item_tree::MethodKind::Constructor)
        });
        let object = if members {
            self.this_value().map(|this| (this, id))
        } else {
            None
        };
        self.call_with_templates(id, name, Vec::new(), &templates, explicit, args, object)
    }

    /// A template-id outside a call (`&f<int>`, `(void)N::g<3, double>`; NVRTC's name
    /// expressions) naming exactly one function template specialization, every template
    /// argument written or defaulted: its designator. `None` when it names none or several.
    pub(crate) fn template_id_designator(
        &mut self,
        id: ExprId,
        name: &SmolStr,
        explicit: &'a [TemplateArgExpr],
    ) -> Option<TExprId> {
        let templates: Vec<u32> = self
            .visible_values(name)
            .map(|defs| {
                defs.iter()
                    .filter_map(|d| if let ValueDef::Template(t) = d { Some(*t) } else { None })
                    .collect()
            })
            .unwrap_or_default();
        let mut found: Vec<(u32, Vec<TArg>)> = Vec::new();
        for t in templates {
            let Ok(targs) = self.deduce(t, explicit, &[]) else {
                continue;
            };
            if targs.len() != self.dm.templates[t as usize].params.len()
                || !matches!(self.substitution(t, &targs), Ok(true))
            {
                continue;
            }
            found.push((t, targs));
        }
        let [(t, targs)] = found.as_slice() else { return None };
        match self.dm.instance(*t, targs) {
            Some(f) => Some(self.function_designator(f)),
            None => {
                if !self.instance_requests.iter().any(|(rt, ra)| rt == t && ra == targs) {
                    self.instance_requests.push((*t, targs.clone()));
                }
                // In an unevaluated operand (`decltype(&k<T, 2>)`, CUB's kernel getters' return
                // type) only the type matters: the substituted signature's function type.
                let free = self.dm.templates[*t as usize]
                    .decl
                    .method
                    .as_ref()
                    .is_none_or(|m| m.is_static);
                if self.unevaluated_depth > 0 && free {
                    let decl = &self.dm.templates[*t as usize].decl;
                    let variadic = decl.variadic;
                    // (A dependent `noexcept(c)` is taken as potentially throwing here.)
                    let noexcept = matches!(decl.attrs.noexcept, Some(None));
                    let (t, targs) = (*t, targs.clone());
                    if let Some((params, _, ret)) = self.substituted_signature(t, &targs) {
                        let fty = Ty::new(TyKind::Function(Box::new(crate::ty::FnSig {
                            ret,
                            params,
                            variadic,
                            noexcept,
                        })));
                        return Some(self.mk(fty, ValueCategory::LValue, ExprKind::IntConst(0)));
                    }
                }
                // Found on the next round of the def map's fixed point; an error only if it never is.
                self.instances_pending = true;
                let msg = format!("unsupported: function template \"{name}\" could not be instantiated here");
                self.error_e(id, "unsupported", msg);
                Some(self.err_expr())
            }
        }
    }

    /// A call whose name denotes function templates (and perhaps ordinary overloads `fns`).
    // The call's parts as the expression checker holds them; a struct would only be built here.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call_with_templates(
        &mut self,
        id: ExprId,
        name: &SmolStr,
        fns: Vec<FnId>,
        templates: &[u32],
        explicit: &'a [TemplateArgExpr],
        args: &[ExprId],
        object: Option<(TExprId, ExprId)>,
    ) -> TExprId {
        let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
        if raw.iter().any(|r| self.ty(*r).is_error()) {
            return self.err_expr();
        }
        // nvcc names a set of several functions "overloaded function", one "function template".
        let overloaded = fns.len() + templates.len() > 1;
        let mut cands = fns;
        let mut failure: Option<String> = None;
        let mut missing = false;
        // SFINAE: a candidate whose signature cannot be formed with the deduced arguments
        // (`typename enable_if<false, int>::type`) is dropped; one whose signature names class
        // template specializations not instantiated yet waits for the next round.
        let mut pending = false;
        // A template whose parameter list cannot take this many arguments is not viable
        // (`tex2D<float>(obj, x, y)` never picks `tex2D(T*, obj, x, y)`).
        let viable: Vec<u32> = templates
            .iter()
            .copied()
            .filter(|&t| self.template_arity_fits(t, raw.len()))
            .collect();
        if viable.len() < templates.len() {
            failure = Some(format!(
                "number of parameters of function template \"{name}\" does not match the call"
            ));
        }
        let deducible: Vec<(u32, Vec<TArg>)> = viable
            .iter()
            .filter_map(|&t| match self.deduce(t, explicit, &raw) {
                Ok(a) => match self.substitution(t, &a) {
                    Ok(true) => Some((t, a)),
                    Ok(false) => {
                        pending = true;
                        None
                    }
                    Err(msg) => {
                        failure = Some(msg);
                        None
                    }
                },
                Err(msg) => {
                    failure = Some(msg);
                    None
                }
            })
            .collect();
        if pending {
            self.instances_pending = true;
            let msg = format!("unsupported: function template \"{name}\" could not be instantiated here");
            self.error_e(id, "unsupported", msg);
            return self.err_expr();
        }
        let plain = cands.is_empty();
        // Every candidate's instance: overload resolution ranks their conversion sequences
        // and orders the templates only among those that tie ([over.match.best]/2.5, in
        // `resolve_overload`).
        for (t, targs) in &deducible {
            match self.dm.instance(*t, targs) {
                Some(f) => cands.push(f),
                None => {
                    if !self.instance_requests.iter().any(|(rt, ra)| rt == t && ra == targs) {
                        self.instance_requests.push((*t, targs.clone()));
                    }
                    missing = true;
                }
            }
        }
        // (A member template called on an object, `declval<F>()(declval<A>()...)` with `F`'s
        // `operator()` a template (libcu++'s `plus<void>` in `__invoke_result_t` in a base
        // clause): the same where the object can call it, a const object only a const member.)
        let object_fits = |this: &Self, t: u32| match object {
            None => true,
            Some((addr, _)) => {
                let decl = &this.dm.templates[t as usize].decl;
                let const_obj = this.ty(addr).pointee().is_some_and(|p| p.is_const());
                decl.method
                    .as_ref()
                    .is_some_and(|m| !m.is_static && (m.is_const || !const_obj) && !m.is_volatile)
            }
        };
        if missing && plain && self.unevaluated_depth > 0 && deducible.len() == 1 && object_fits(self, deducible[0].0) {
            // In an unevaluated operand (`decltype(test_convert<T>(declval<F>()))` in a
            // declaration, before any instance exists) only the call's type matters: the one
            // template, its signature substituted, its parameters taking the arguments.
            let (t, targs) = (deducible[0].0, deducible[0].1.clone());
            if let Some(e) = self.unevaluated_call(id, name, t, &targs, &raw, object.is_some()) {
                return e;
            }
        }
        if missing && plain && cands.is_empty() && object.is_none() && self.unevaluated_depth > 0 && deducible.len() > 1
        {
            // (Several templates: the best by their substituted signatures.)
            if let Some((t, targs)) = self.unevaluated_best(&deducible, &raw) {
                if let Some(e) = self.unevaluated_call(id, name, t, &targs, &raw, false) {
                    return e;
                }
            }
        }
        if missing {
            // Found on the next round of the def map's fixed point; an error only if it never is.
            self.instances_pending = true;
            let msg = format!("unsupported: function template \"{name}\" could not be instantiated here");
            self.error_e(id, "unsupported", msg);
            return self.err_expr();
        }
        if cands.is_empty() {
            let what = if overloaded {
                "overloaded function"
            } else {
                "function template"
            };
            let msg = format!("no instance of {what} \"{name}\" matches the argument list");
            let shown: Vec<String> = raw.iter().map(|r| self.show(self.ty(*r))).collect();
            let mut notes = vec![format!("argument types are: ({})", shown.join(", "))];
            notes.extend(failure);
            self.diag(DiagAt::Expr(id), Severity::Error, "no-matching-template", msg, notes);
            return self.err_expr();
        }
        match object {
            Some((obj, obj_id)) => {
                let mut raw = raw;
                raw.insert(0, obj);
                let mut ids = args.to_vec();
                ids.insert(0, obj_id);
                self.call_resolved(id, name, &cands, raw, &ids)
            }
            None => self.call_resolved(id, name, &cands, raw, args),
        }
    }

    /// A call of function template `t` with arguments `targs` whose instance does not exist
    /// yet, in an unevaluated operand: an expression of the call's type and value category
    /// (never emitted), from the substituted signature; a located error when its parameters do
    /// not take the arguments (a substitution failure where SFINAE applies). `None` when the
    /// signature cannot be formed here (the instance is then awaited as before).
    fn unevaluated_call(
        &mut self,
        id: ExprId,
        name: &SmolStr,
        t: u32,
        targs: &[TArg],
        raw: &[TExprId],
        on_object: bool,
    ) -> Option<TExprId> {
        let tm = &self.dm.templates[t as usize];
        if !on_object && tm.decl.method.as_ref().is_some_and(|m| !m.is_static) {
            return None;
        }
        let (params, min_args, ret) = self.substituted_signature(t, targs)?;
        if !self.unevaluated_viable(t, &params, min_args, raw) {
            let msg = format!("no instance of function template \"{name}\" matches the argument list");
            let shown: Vec<String> = raw.iter().map(|r| self.show(self.ty(*r))).collect();
            let notes = vec![format!("argument types are: ({})", shown.join(", "))];
            self.diag(DiagAt::Expr(id), Severity::Error, "no-matching-template", msg, notes);
            return Some(self.err_expr());
        }
        Some(match &ret.kind {
            TyKind::Reference(r) => {
                let rvalue = ret.quals.contains(crate::body::Quals::RVALUE);
                let e = self.mk((**r).clone(), ValueCategory::LValue, ExprKind::IntConst(0));
                if rvalue {
                    self.xvalues.insert(e);
                }
                e
            }
            _ => self.mk(ret.clone(), ValueCategory::RValue, ExprKind::IntConst(0)),
        })
    }

    /// Whether the substituted parameters `params` of template `t` take the arguments `raw`
    /// (those past the parameters through a C-style ellipsis).
    fn unevaluated_viable(&mut self, t: u32, params: &[Ty], min_args: usize, raw: &[TExprId]) -> bool {
        let n = if self.dm.templates[t as usize].decl.variadic {
            raw.len().min(params.len())
        } else {
            raw.len()
        };
        let argv: Vec<TExprId> = raw[..n].iter().map(|a| self.rv(*a)).collect();
        self.params_viable(params, min_args, &argv, &raw[..n])
    }

    /// Of several function templates deduced for a call in an unevaluated operand, none
    /// instantiated yet (libcu++'s `decltype(__test<_Tp>(12))` with `__test(int)` and
    /// `__test(...)`): the one whose substituted signature takes the arguments, one that does
    /// without the ellipsis being better ([over.ics.rank]/2). `None` when that does not
    /// single one out (the instances are then awaited as before).
    fn unevaluated_best(&mut self, deducible: &[(u32, Vec<TArg>)], raw: &[TExprId]) -> Option<(u32, Vec<TArg>)> {
        let mut viable = Vec::new();
        for (t, targs) in deducible {
            let decl = &self.dm.templates[*t as usize].decl;
            if decl.method.as_ref().is_some_and(|m| !m.is_static) {
                return None;
            }
            let variadic = decl.variadic;
            let (params, min_args, _) = self.substituted_signature(*t, targs)?;
            if self.unevaluated_viable(*t, &params, min_args, raw) {
                viable.push((*t, targs.clone(), variadic && raw.len() > params.len()));
            }
        }
        let without_ellipsis: Vec<&(u32, Vec<TArg>, bool)> = viable.iter().filter(|v| !v.2).collect();
        let one = match (without_ellipsis.as_slice(), viable.as_slice()) {
            ([one], _) => *one,
            ([], [one]) => one,
            _ => return None,
        };
        Some((one.0, one.1.clone()))
    }

    /// The instances of `templates` (members of one class: constructor templates) that
    /// deduce from call arguments `raw` (the object excluded), all of them as in
    /// [`Self::call_with_templates`]; `None` after reporting an instance not created yet
    /// (the def map's next round creates it).
    pub(crate) fn template_candidates(
        &mut self,
        id: ExprId,
        name: &SmolStr,
        templates: &[u32],
        raw: &[TExprId],
    ) -> Option<Vec<FnId>> {
        if templates.is_empty() {
            return Some(Vec::new());
        }
        let mut pending = false;
        let fitting: Vec<u32> = templates
            .iter()
            .copied()
            .filter(|&t| self.template_arity_fits(t, raw.len()))
            .collect();
        let deducible: Vec<(u32, Vec<TArg>)> = fitting
            .into_iter()
            .filter_map(|t| match self.deduce(t, &[], raw) {
                Ok(a) => match self.substitution(t, &a) {
                    Ok(true) => Some((t, a)),
                    Ok(false) => {
                        pending = true;
                        None
                    }
                    Err(_) => None,
                },
                Err(_) => None,
            })
            .collect();
        let mut out = Vec::new();
        for (t, targs) in deducible {
            match self.dm.instance(t, &targs) {
                Some(f) => out.push(f),
                None => {
                    if !self.instance_requests.iter().any(|(rt, ra)| *rt == t && *ra == targs) {
                        self.instance_requests.push((t, targs));
                    }
                    pending = true;
                }
            }
        }
        if pending {
            self.instances_pending = true;
            let msg = format!("unsupported: function template \"{name}\" could not be instantiated here");
            self.error_e(id, "unsupported", msg);
            return None;
        }
        Some(out)
    }

    /// Whether template `t`'s signature can be formed with `args`: `Ok(true)` if so,
    /// `Ok(false)` when it names class template specializations not instantiated yet (they are
    /// requested), `Err` with a note when substitution fails.
    pub(crate) fn substitution(&mut self, t: u32, args: &[TArg]) -> Result<bool, String> {
        if !self.dm.failed_instances.is_empty() && self.dm.failed_instances.contains(&(t, args.to_vec())) {
            let name = &self.dm.templates[t as usize].name;
            return Err(format!("substitution failed for function template \"{name}\""));
        }
        self.in_template_class(t, |ck| ck.substitution_in_class(t, args).0)
    }

    /// Template `t`'s signature with `args` substituted, without an instance: the parameter
    /// types (a pack's elements each), how many arguments a call needs (the rest have
    /// defaults), and the return type. `None` when substitution fails or waits for class
    /// specializations, or when the return type is deduced from the body.
    fn substituted_signature(&mut self, t: u32, args: &[TArg]) -> Option<(Vec<Ty>, usize, Ty)> {
        let (r, sig) = self.in_template_class(t, |ck| ck.substitution_in_class(t, args));
        match (r, sig) {
            (Ok(true), Some(sig)) => Some(sig),
            _ => None,
        }
    }

    /// The `spec_scopes` entry of class `rid` if it is a class template specialization: the
    /// template's name as the item tree has it and the specialization's (`impl` -> `impl<int>`).
    fn spec_scope_of(&self, rid: crate::ty::RecordId) -> Option<(SmolStr, SmolStr)> {
        let rd = self.dm.records.get(rid)?;
        match (&rd.mangle, &rd.name) {
            (Some(MangleTy::Template { name: tn, .. }), Some(rn)) => Some((tn.clone(), rn.clone())),
            _ => None,
        }
    }

    /// Runs `f` with template `t`'s class (for a member template of a specialization) as the
    /// class its injected-class-name names.
    pub(crate) fn in_template_class<R>(&mut self, t: u32, f: impl FnOnce(&mut Self) -> R) -> R {
        let class = self
            .dm
            .templates
            .get(t as usize)
            .and_then(|tm| tm.class.as_ref())
            .map(|c| c.0);
        let saved = std::mem::replace(&mut self.subst_class, class);
        // The signature names the class's members qualified with the template's name as the
        // item tree has it (`E::rep` in `E<short>::m`): they are the specialization's.
        let spec = class.and_then(|rid| self.spec_scope_of(rid));
        let pushed = spec.is_some();
        if let Some(s) = spec {
            self.spec_scopes.push(s);
        }
        let r = f(self);
        if pushed {
            self.spec_scopes.pop();
        }
        self.subst_class = saved;
        r
    }

    /// [`Self::substitution`] in the template's class, with the signature it formed (see
    /// [`Self::substituted_signature`]).
    #[allow(clippy::type_complexity)]
    fn substitution_in_class(&mut self, t: u32, args: &[TArg]) -> (Result<bool, String>, Option<(Vec<Ty>, usize, Ty)>) {
        let dm = self.dm;
        let tm = &dm.templates[t as usize];
        let names: Vec<Option<SmolStr>> = tm.params.iter().map(|p| p.name.clone()).collect();
        let bound: Vec<Option<TArg>> = args.iter().cloned().map(Some).collect();
        let mut env: Vec<(SmolStr, TArg)> = tm.class.as_ref().map(|c| c.2.clone()).unwrap_or_default();
        env.extend(bound_env(&names, &bound));
        let saved_env = std::mem::replace(&mut self.template_env, env);
        let saved_at = self.at_override.replace(DiagAt::Function);
        // The signature's names are looked up in the template's scope (`ic<int, STEPS>` with
        // `STEPS` a member of its class, `ic<int, K>` in its namespace), not the caller's.
        let scope = super::checker::top_level_parent(&tm.name).map(SmolStr::new);
        let saved_scope = match scope {
            Some(s) => self.scope.replace(s),
            None => self.scope.clone(),
        };
        let (n_diags, n_req) = (self.diags.len(), self.record_requests.len());
        let mut ok = true;
        let mut params = Vec::new();
        let mut sig_params = Vec::new();
        let mut min_args = 0;
        for p in &tm.decl.params {
            if p.pack {
                // A function parameter pack: each element's type.
                let n = match pack_param_named(&p.ty, &names, &tm.params).and_then(|k| args.get(k)) {
                    Some(TArg::Pack(v)) => v.len(),
                    _ => 0,
                };
                let saved = self.pack_index;
                for i in 0..n {
                    self.pack_index = Some(i);
                    let t = self.resolve_type_ref(&p.ty, DiagAt::Function);
                    ok &= !t.is_error();
                    sig_params.push(super::types::adjust_param(t));
                }
                min_args = sig_params.len();
                self.pack_index = saved;
                continue;
            }
            let t = self.resolve_type_ref(&p.ty, DiagAt::Function);
            ok &= !t.is_error();
            sig_params.push(super::types::adjust_param(t.clone()));
            if p.default.is_none() {
                min_args = sig_params.len();
            }
            if let Some(n) = &p.name {
                params.push((n.clone(), super::types::adjust_param(t)));
            }
        }
        // (The return type's `decltype` and value arguments may name the parameters:
        // `-> en_t<sizeof(x) == 8, int>`.)
        let names_params = super::types::mentions_decltype(&tm.decl.ret)
            || super::types::value_args_name(&tm.decl.ret, &|n| params.iter().any(|(p, _)| p == n));
        let saved_params = std::mem::replace(&mut self.decl_params, if names_params { params } else { Vec::new() });
        // (An `auto` return type is deduced from the instance's body, not here.)
        let deduced = super::types::is_deduced_ret(&tm.decl.ret);
        let ret = (!deduced).then(|| self.resolve_type_ref(&tm.decl.ret, DiagAt::Function));
        ok &= deduced || ret.as_ref().is_some_and(|r| !r.is_error()) || matches!(tm.decl.ret, TypeRef::Error);
        self.decl_params = saved_params;
        let first_error = self.diags[n_diags..]
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| d.message.clone());
        // What is not supported yet is an error, not a substitution failure: otherwise another
        // overload would be chosen silently.
        let unsupported: Vec<_> = self.diags[n_diags..]
            .iter()
            .filter(|d| d.severity == Severity::Error && d.message.starts_with("unsupported:"))
            .cloned()
            .collect();
        self.diags.truncate(n_diags);
        self.diags.extend(unsupported);
        self.at_override = saved_at;
        self.template_env = saved_env;
        self.scope = saved_scope;
        if self.record_requests.len() > n_req {
            return (Ok(false), None);
        }
        match (ok, first_error) {
            (true, None) => {
                let sig = ret.filter(|r| !r.is_error()).map(|r| (sig_params, min_args, r));
                (Ok(true), sig)
            }
            (_, msg) => {
                let _ = msg;
                (
                    Err(format!("candidate function template \"{}\" failed deduction", tm.name)),
                    None,
                )
            }
        }
    }

    /// An approximation of partial ordering left to class template argument deduction
    /// (`ctad.rs`; calls order templates in `partial_order.rs`): how specialized a function
    /// template's parameter list is: how many pointer, reference
    /// and qualifier layers wrap its template parameters, summed over its parameters; a
    /// template-id counts one, plus one per argument fixed rather than deduced
    /// (`f(constant_t<N>)` for the last step of a recursion over `f(constant_t<I>)`, as cub's
    /// `GuardedReduce`/`ReduceStep` end theirs).
    pub(crate) fn specialization(&self, t: u32) -> u32 {
        let tm = &self.dm.templates[t as usize];
        let names: Vec<&str> = tm.params.iter().filter_map(|p| p.name.as_deref()).collect();
        fn depth(tr: &TypeRef, names: &[&str]) -> Option<u32> {
            match tr {
                TypeRef::Named(n) => names.contains(&n.as_str()).then_some(0),
                TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) | TypeRef::Array(i, _) => {
                    depth(i, names).map(|d| d + 1)
                }
                TypeRef::Template { args, .. } => Some(
                    1 + args
                        .iter()
                        .map(|a| match a {
                            TemplateArgRef::Type(TypeRef::PackExpansion(_)) => 0,
                            TemplateArgRef::Type(t) => depth(t, names).unwrap_or(1),
                            TemplateArgRef::Value(ce) => match ce.exprs.get(ce.root.0 as usize) {
                                Some(crate::body::Expr::Name(n)) if names.contains(&n.as_str()) => 0,
                                Some(crate::body::Expr::PackExpansion(_)) => 0,
                                _ => 1,
                            },
                        })
                        .sum::<u32>(),
                ),
                _ => None,
            }
        }
        tm.decl.params.iter().filter_map(|p| depth(&p.ty, &names)).sum()
    }

    /// Member function templates called `name` of record `rid`, or else of its nearest base
    /// that has some (name lookup stops at the first class declaring the name).
    pub(crate) fn inherited_member_templates(&self, rid: crate::ty::RecordId, name: &str, depth: u32) -> Vec<u32> {
        let own = self.member_templates(rid, name);
        if !own.is_empty() || depth > 32 || !self.own_methods(rid, name).is_empty() {
            return own;
        }
        let bases: Vec<crate::ty::RecordId> = self
            .dm
            .records
            .get(rid)
            .map(|r| r.bases.iter().map(|b| b.record).filter(|&b| b != rid).collect())
            .unwrap_or_default();
        bases
            .into_iter()
            .map(|b| self.inherited_member_templates(b, name, depth + 1))
            .find(|v| !v.is_empty())
            .unwrap_or_default()
    }

    /// Member function templates of record `rid` called `name`.
    pub(crate) fn member_templates(&self, rid: crate::ty::RecordId, name: &str) -> Vec<u32> {
        let Some(rn) = self.dm.records.get(rid).and_then(|r| r.name.clone()) else {
            return Vec::new();
        };
        let key = format!("{rn}::{name}");
        self.dm
            .values
            .get(key.as_str())
            .map(|defs| {
                defs.iter()
                    .filter_map(|d| if let ValueDef::Template(t) = d { Some(*t) } else { None })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The complete argument list of template `t` for a call with `explicit` arguments and
    /// call arguments `raw`: explicit ones, then deduced from the call, then defaults.
    /// Deduces from one argument `r` for a function parameter of (written) type `pty`.
    fn deduce_arg(
        &mut self,
        t: u32,
        pty: &'a TypeRef,
        r: TExprId,
        names: &[Option<SmolStr>],
        bound: &mut [Option<TArg>],
    ) -> Result<(), ()> {
        let dm = self.dm;
        let tm = &dm.templates[t as usize];
        let at = self.ty(r).clone();
        // A forwarding reference `T&&`: an lvalue argument deduces `T` as `A&`.
        if let TypeRef::Qualified(q, inner) = pty {
            if let (true, TypeRef::Reference(x)) = (q.contains(crate::body::Quals::RVALUE), &**inner) {
                if let TypeRef::Named(n) = &**x {
                    if let Some(k) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
                        let lvalue =
                            self.out.expr(r).category == crate::thir::ValueCategory::LValue && !self.is_xvalue(r);
                        let t = if lvalue {
                            Ty::new(TyKind::Reference(Box::new(at.clone())))
                        } else if matches!(at.kind, TyKind::Record(_)) {
                            at.clone()
                        } else {
                            at.unqualified()
                        };
                        let targ = self.targ_of_type(t);
                        match &bound[k] {
                            Some(old) if *old != targ => return Err(()),
                            _ => bound[k] = Some(targ),
                        }
                        return Ok(());
                    }
                }
            }
        }
        // `const T&&` (not a forwarding reference) deduces `T` from the argument's type, and an
        // rvalue reference to that type binds no lvalue: the candidate is not viable
        // (`addressof(const T&&) = delete` beside `addressof(T&)`).
        if let TypeRef::Qualified(q, inner) = pty {
            if let (true, TypeRef::Reference(x)) = (q.contains(crate::body::Quals::RVALUE), &**inner) {
                if let TypeRef::Qualified(_, n) = &**x {
                    if let TypeRef::Named(n) = &**n {
                        let lvalue =
                            self.out.expr(r).category == crate::thir::ValueCategory::LValue && !self.is_xvalue(r);
                        if lvalue && names.iter().any(|x| x.as_deref() == Some(n.as_str())) {
                            return Err(());
                        }
                    }
                }
            }
        }
        // A pointer parameter takes no arithmetic argument but a null pointer constant, so the
        // candidate is not viable (`surf2Dread<T>(obj, x, y, mode)` beside
        // `surf2Dread(T *ret, obj, x, y, mode)`), even with `T` given explicitly.
        if self.arith_to_pointer(pty, r) {
            return Err(());
        }
        let mut values = Vec::new();
        if !deduce_pattern(pty, &at, names, bound, dm, &mut values) {
            return Err(());
        }
        for (k, v, from) in values {
            // An array bound `N` deduced from an array argument, or a value from a class
            // template argument.
            let TemplateParamKind::Value { ty, .. } = &tm.params[k].kind else {
                return Err(());
            };
            let targ = self.targ_of_deduced(v, from, ty, bound_env(names, bound));
            match &bound[k] {
                Some(TArg::Value { value, .. }) if *value != v => return Err(()),
                Some(TArg::Type { .. }) => return Err(()),
                _ => bound[k] = Some(targ),
            }
        }
        Ok(())
    }

    /// Whether argument `r` is arithmetic (not a null pointer constant) and the parameter
    /// type `pty` a pointer: no conversion makes the candidate viable.
    fn arith_to_pointer(&self, pty: &TypeRef, r: TExprId) -> bool {
        let pat = match pty {
            TypeRef::Qualified(_, inner) => &**inner,
            p => p,
        };
        matches!(pat, TypeRef::Pointer(_))
            && matches!(self.ty(r).kind, TyKind::Int(_) | TyKind::Float(_))
            && !self.is_null_const(r)
    }

    /// [`TargEnv::default_targ`] with the earlier parameters bound to `env`.
    pub(crate) fn default_targ_in(
        &mut self,
        p: &'a crate::item_tree::TemplateParamItem,
        env: Vec<(SmolStr, TArg)>,
    ) -> Option<TArg> {
        let n = self.template_env.len();
        self.template_env.extend(env);
        let d = self.default_targ(p);
        self.template_env.truncate(n);
        d
    }

    /// [`TargEnv::written_targ`] with the body checker's message for an argument that does not
    /// resolve.
    fn written_targ_msg(
        &mut self,
        a: &'a TemplateArgRef,
        p: &'a crate::item_tree::TemplateParamItem,
    ) -> Result<TArg, String> {
        self.written_targ(a, p)
            .map_err(|e| e.unwrap_or_else(|| "invalid template argument".into()))
    }

    /// Whether function template `t` can be called with `n` arguments: at least its parameters
    /// without defaults, at most all of them (any number with a pack or C `...`).
    pub(crate) fn template_arity_fits(&self, t: u32, n: usize) -> bool {
        let decl = &self.dm.templates[t as usize].decl;
        let required = decl
            .params
            .iter()
            .take_while(|p| p.default.is_none() && !p.pack)
            .count();
        let unbounded = decl.variadic || decl.params.iter().any(|p| p.pack);
        n >= required && (unbounded || n <= decl.params.len())
    }

    /// The elements of an explicit template argument that is a pack expansion (`f<P...>`
    /// with `P` a pack of the enclosing template), `None` for any other argument.
    fn explicit_pack_expansion(
        &mut self,
        e: &TemplateArgExpr,
        kind: &'a TemplateParamKind,
    ) -> Result<Option<Vec<TArg>>, String> {
        let bad = || "invalid template argument".to_string();
        match (e, kind) {
            (TemplateArgExpr::Type(tr), TemplateParamKind::Type { .. }) => {
                let Some(TypeRef::PackExpansion(inner)) = self.types.get(tr.0 as usize) else {
                    return Ok(None);
                };
                let mut names = Vec::new();
                super::items::names_in(inner, &mut names);
                let Some(n) = names.iter().find_map(|n| self.pack_len(n)) else {
                    return Err("pack expansion does not make use of any argument packs".into());
                };
                let saved = self.pack_index;
                let mut out = Vec::new();
                for k in 0..n {
                    self.pack_index = Some(k);
                    let t = self.written_type_targ(inner, DiagAt::Function);
                    match t {
                        Some(t) => out.push(t),
                        None => {
                            self.pack_index = saved;
                            return Err(bad());
                        }
                    }
                }
                self.pack_index = saved;
                Ok(Some(out))
            }
            (TemplateArgExpr::Value(x), _) => {
                let Some(crate::body::Expr::PackExpansion(pat)) = self.exprs.get(x.0 as usize) else {
                    return Ok(None);
                };
                let pat = *pat;
                match kind {
                    TemplateParamKind::Type { .. } => {
                        // `f<P...>` with `P` a type pack (a plain name is parsed as a value).
                        let Some(crate::body::Expr::Name(n)) = self.exprs.get(pat.0 as usize) else {
                            return Err(bad());
                        };
                        let elems = self.template_env.iter().rev().find_map(|(m, a)| match a {
                            TArg::Pack(v) if m == n => Some(v.clone()),
                            _ => None,
                        });
                        match elems {
                            Some(v) if v.iter().all(|a| matches!(a, TArg::Type { .. })) => Ok(Some(v)),
                            _ => Err(bad()),
                        }
                    }
                    TemplateParamKind::Value { ty, .. } => {
                        let mut out = Vec::new();
                        for id in self.expand_args(&[*x]) {
                            let Some((v, k)) = self.ice(id) else {
                                return Err(bad());
                            };
                            out.push(self.targ_of_value_kind(v, k, ty));
                        }
                        Ok(Some(out))
                    }
                    TemplateParamKind::Template { .. } => {
                        Err("unsupported: a pack expansion as a template template argument".into())
                    }
                }
            }
            _ => Ok(None),
        }
    }

    pub(crate) fn deduce(
        &mut self,
        t: u32,
        explicit: &'a [TemplateArgExpr],
        raw: &[TExprId],
    ) -> Result<Vec<TArg>, String> {
        // A member template of a specialization names it by its injected-class-name.
        self.in_template_class(t, |ck| ck.deduce_in_class(t, explicit, raw))
    }

    fn deduce_in_class(
        &mut self,
        t: u32,
        explicit: &'a [TemplateArgExpr],
        raw: &[TExprId],
    ) -> Result<Vec<TArg>, String> {
        let dm = self.dm;
        let tm = &dm.templates[t as usize];
        let name = tm.name.clone();
        let n = tm.params.len();
        let class_env: Vec<(SmolStr, TArg)> = tm.class.as_ref().map(|c| c.2.clone()).unwrap_or_default();
        let mismatch = || format!("candidate function template \"{name}\" failed deduction");
        let packed = tm.params.iter().any(|p| p.pack);
        if explicit.len() > n && !packed {
            return Err(mismatch());
        }
        let mut bound: Vec<Option<TArg>> = vec![None; n];
        let mut explicit_pack = Vec::new();
        // Explicit arguments from the pack on are its elements (a pack need not be last when
        // the parameters after it are deduced or have defaults).
        let first_pack = tm.params.iter().position(|p| p.pack);
        // The parameter the next explicit argument is for (an expansion may fill several).
        let mut next = 0usize;
        for e in explicit.iter() {
            let pi = match first_pack {
                Some(k) if next >= k => k,
                _ => next.min(n.saturating_sub(1)),
            };
            if n == 0 || (first_pack.is_none() && next >= n) {
                return Err(mismatch());
            }
            let names: Vec<Option<SmolStr>> = tm.params.iter().map(|p| p.name.clone()).collect();
            let earlier = bound_env(&names, &bound);
            if let Some(elems) = self.explicit_pack_expansion(e, &tm.params[pi].kind)? {
                // `f<P...>()`, `f<I...>()`: the elements of a pack of the enclosing template,
                // one per parameter from `pi` on, a pack parameter taking the rest (libcu++'s
                // `_CCCL_REQUIRES_EXPR` checks `&__cccl_well_formed<_Args...>` for `template
                // <class, class _Fp, class... _Args>`).
                let mut q = pi;
                for elem in elems {
                    let Some(p) = tm.params.get(q) else {
                        return Err(mismatch());
                    };
                    let kind_ok = matches!(
                        (&elem, &p.kind),
                        (TArg::Type { .. }, TemplateParamKind::Type { .. })
                            | (TArg::Value { .. }, TemplateParamKind::Value { .. })
                            | (TArg::Template(_), TemplateParamKind::Template { .. })
                    );
                    if !kind_ok {
                        return Err(mismatch());
                    }
                    if p.pack {
                        explicit_pack.push(elem);
                        bound[q] = Some(TArg::Pack(explicit_pack.clone()));
                    } else {
                        bound[q] = Some(elem);
                        q += 1;
                    }
                }
                next = q;
                continue;
            }
            next = pi + 1;
            let a = match (e, &tm.params[pi].kind) {
                (TemplateArgExpr::Type(tr), TemplateParamKind::Type { .. }) => {
                    let Some(tr) = self.types.get(tr.0 as usize) else {
                        return Err(mismatch());
                    };
                    self.written_type_targ(tr, DiagAt::Function).ok_or_else(mismatch)?
                }
                (TemplateArgExpr::Value(e), TemplateParamKind::Value { ty, .. })
                    if !super::items::is_auto_param(ty)
                        && {
                            let pt = self.targ_param_ty_after(ty, earlier.clone());
                            pt.is_pointer() || pt.is_reference()
                        }
                        && !matches!(
                            self.exprs.get(e.0 as usize),
                            Some(crate::body::Expr::Literal(crate::body::Literal::Nullptr))
                        ) =>
                {
                    let pt = self.targ_param_ty_after(ty, earlier);
                    match self.decl_targ(*e, &pt) {
                        Ok(a) => a,
                        Err(msg) => {
                            if !msg.is_empty() {
                                self.error_e(*e, "template-args", msg);
                            }
                            return Err(mismatch());
                        }
                    }
                }
                (TemplateArgExpr::Value(e), TemplateParamKind::Value { ty, .. }) => {
                    let Some((v, k)) = self.ice(*e) else {
                        return Err(mismatch());
                    };
                    if super::items::is_auto_param(ty) {
                        self.targ_of_value_kind(v, k, ty)
                    } else {
                        self.targ_of_value_after(v, ty, earlier)
                    }
                }
                (TemplateArgExpr::Type(tr), TemplateParamKind::Template { params, .. }) => {
                    let Some(n) = self.types.get(tr.0 as usize).and_then(super::items::template_arg_name) else {
                        return Err(mismatch());
                    };
                    let pname = tm.params[pi].name.clone().unwrap_or_default();
                    self.template_targ(n, params, &pname).map_err(|_| mismatch())?
                }
                (TemplateArgExpr::Value(e), TemplateParamKind::Template { params, .. }) => {
                    let Some(crate::body::Expr::Name(n)) = self.exprs.get(e.0 as usize) else {
                        return Err(mismatch());
                    };
                    let pname = tm.params[pi].name.clone().unwrap_or_default();
                    self.template_targ(n, params, &pname).map_err(|_| mismatch())?
                }
                (TemplateArgExpr::Type(tr), TemplateParamKind::Value { ty, .. }) => {
                    // `f<T::value>()`: a qualified name parsed as a type.
                    let Some(TypeRef::Named(n)) = self.types.get(tr.0 as usize) else {
                        return Err(mismatch());
                    };
                    let pt = self.targ_param_ty_after(ty, earlier.clone());
                    if pt.is_pointer() || pt.is_reference() {
                        // `f<g>()` with `g` a function the parser took for a type.
                        let a = self.decl_targ_of_name(n, &pt).ok_or_else(mismatch)?;
                        if tm.params[pi].pack {
                            explicit_pack.push(a);
                            bound[pi] = Some(TArg::Pack(explicit_pack.clone()));
                        } else {
                            bound[pi] = Some(a);
                        }
                        continue;
                    }
                    let Some(v) = self.named_constant(n) else {
                        return Err(mismatch());
                    };
                    self.targ_of_value_after(v, ty, earlier)
                }
                _ => return Err(mismatch()),
            };
            if tm.params[pi].pack {
                explicit_pack.push(a);
                bound[pi] = Some(TArg::Pack(explicit_pack.clone()));
            } else {
                bound[pi] = Some(a);
            }
        }
        let names: Vec<Option<SmolStr>> = tm.params.iter().map(|p| p.name.clone()).collect();
        // The parameters given explicitly (a pack may take more elements from the call).
        let explicit_bound: Vec<bool> = bound
            .iter()
            .zip(&tm.params)
            .map(|(b, p)| b.is_some() && !p.pack)
            .collect();
        let fparams = &tm.decl.params;
        for (i, p) in fparams.iter().enumerate() {
            if p.pack {
                // A function parameter pack (the last parameter) takes the remaining
                // arguments: each deduces one element of the template parameter pack it names.
                let Some(k) = pack_param_named(&p.ty, &names, &tm.params) else {
                    // A pattern naming the class template's pack (`template <...> tuple(const
                    // _Tp&... __t)` of `tuple<int, float>`): fixed parameters, nothing to
                    // deduce from them.
                    let mut pnames = Vec::new();
                    super::items::names_in(&p.ty, &mut pnames);
                    let class_pack = pnames
                        .iter()
                        .any(|n| class_env.iter().any(|(x, a)| x == n && matches!(a, TArg::Pack(_))));
                    if class_pack && i + 1 == fparams.len() {
                        break;
                    }
                    return Err(mismatch());
                };
                if i + 1 != fparams.len() {
                    return Err(format!(
                        "unsupported: a function parameter pack of \"{name}\" that is not its last parameter"
                    ));
                }
                let mut elems = Vec::new();
                for &r in raw.iter().skip(i) {
                    let mut b2 = bound.clone();
                    b2[k] = None;
                    self.deduce_arg(t, &p.ty, r, &names, &mut b2).map_err(|_| mismatch())?;
                    let Some(e) = b2[k].take() else { return Err(mismatch()) };
                    elems.push(e);
                    b2[k] = bound[k].clone();
                    bound = b2;
                }
                match &bound[k] {
                    Some(TArg::Pack(old)) if *old != elems => return Err(mismatch()),
                    _ => bound[k] = Some(TArg::Pack(elems)),
                }
                break;
            }
            let Some(&r) = raw.get(i) else { break };
            if explicit_param(&p.ty, &names, &explicit_bound) {
                // `T c` with `T` given explicitly (`memchr<const unsigned char>(p, c, n)`): the
                // parameter takes part in no deduction; the argument converts to it
                // ([temp.arg.explicit]/7).
                if self.arith_to_pointer(&p.ty, r) {
                    return Err(mismatch());
                }
                continue;
            }
            self.deduce_arg(t, &p.ty, r, &names, &mut bound)
                .map_err(|_| mismatch())?;
        }
        for (i, p) in tm.params.iter().enumerate() {
            if p.pack && bound[i].is_none() {
                bound[i] = Some(TArg::Pack(Vec::new()));
            }
            // A pack deduced for a parameter that is not one (`Tup<T...>` with a plain `T`).
            if !p.pack && matches!(bound[i], Some(TArg::Pack(_))) {
                return Err(mismatch());
            }
        }
        for i in 0..n {
            if bound[i].is_some() {
                continue;
            }
            let env = class_env.iter().cloned().chain(bound_env(&names, &bound)).collect();
            let saved = std::mem::replace(&mut self.template_env, env);
            // SFINAE: a default that cannot be formed with the deduced arguments
            // (`typename = std::enable_if_t<false>`, `std::enable_if_t<false, int> = 0`)
            // removes the candidate; its diagnostics are not the program's.
            let saved_at = self.at_override.replace(DiagAt::Function);
            // Its names are looked up in the template's scope (`template <size_t C =
            // dynamic_extent>` in a class of `cuda::std`), not the caller's.
            let scope = super::checker::top_level_parent(&name).map(SmolStr::new);
            let saved_scope = std::mem::replace(&mut self.scope, scope);
            let n_diags = self.diags.len();
            let d = self.default_targ(&tm.params[i]);
            let failed = self.diags[n_diags..].iter().any(|d| d.severity == Severity::Error);
            self.diags.truncate(n_diags);
            self.scope = saved_scope;
            self.at_override = saved_at;
            self.template_env = saved;
            if failed {
                return Err(format!("candidate function template \"{name}\" failed deduction"));
            }
            match d {
                Some(d) => bound[i] = Some(d),
                None => {
                    let pname = names[i].clone().unwrap_or_default();
                    return Err(format!(
                        "template argument for \"{pname}\" of \"{name}\" cannot be deduced"
                    ));
                }
            }
        }
        Ok(bound.into_iter().map(|b| b.expect("all bound")).collect())
    }
}

/// Whether function parameter type `t` is a template parameter given explicitly, possibly
/// under pointers, references and cv-qualifiers (`T`, `const T&`, `T*`): then it takes part in
/// no deduction.
fn explicit_param(t: &TypeRef, names: &[Option<SmolStr>], explicit: &[bool]) -> bool {
    named_param_under(t, names, false).is_some_and(|k| explicit[k])
}

/// The index in `names` of the template parameter that type `t` names under pointers,
/// references, cv-qualifiers and (with `arrays`) array bounds.
fn named_param_under(t: &TypeRef, names: &[Option<SmolStr>], arrays: bool) -> Option<usize> {
    let mut t = t;
    loop {
        match t {
            TypeRef::Named(n) => return names.iter().position(|x| x.as_deref() == Some(n.as_str())),
            TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) => t = i,
            TypeRef::Array(i, _) if arrays => t = i,
            _ => return None,
        }
    }
}

/// The template parameter pack a function parameter pack's pattern names.
fn pack_param_named(
    t: &TypeRef,
    names: &[Option<SmolStr>],
    params: &[crate::item_tree::TemplateParamItem],
) -> Option<usize> {
    named_param_under(t, names, true).filter(|&k| params[k].pack)
}

/// A variable template's leading non-pack parameters bound to the arguments `targs` taken so
/// far (the type of a later non-type parameter may name them: `template <class TS, TS Dyn>`).
fn earlier_var_params(params: &[crate::item_tree::TemplateParamItem], targs: &[TArg]) -> Vec<(SmolStr, TArg)> {
    params
        .iter()
        .zip(targs)
        .take_while(|(p, _)| !p.pack)
        .filter_map(|(p, t)| Some((p.name.clone()?, t.clone())))
        .collect()
}

fn bound_env(names: &[Option<SmolStr>], bound: &[Option<TArg>]) -> Vec<(SmolStr, TArg)> {
    names
        .iter()
        .zip(bound)
        .filter_map(|(n, b)| Some((n.clone()?, b.clone()?)))
        .collect()
}

/// A deduction pattern naming alias template `name` with arguments `pats`, rewritten as the
/// class template specialization the alias stands for, the pattern's arguments put in place of
/// the alias's parameters (`index_sequence<I...>` is `integer_sequence<size_t, I...>`). `None`
/// when `name` is no alias template or its target is not a plain class template-id over the
/// parameters.
/// The scope an alias template `name` (qualified) is declared in: its namespace or class, none
/// at namespace scope.
pub(crate) fn alias_scope(name: &str) -> Option<SmolStr> {
    let parts = super::checker::split_scope(name);
    (parts.len() > 1).then(|| SmolStr::new(parts[..parts.len() - 1].join("::")))
}

fn expand_alias_pattern(name: &SmolStr, pats: &[TemplateArgRef], dm: &crate::def_map::DefMap) -> Option<TypeRef> {
    let alias = dm.alias_templates.get(name)?;
    let TypeRef::Template { name: target, args } = &alias.ty else {
        return None;
    };
    // The target as the def map names it (written inside the alias's namespace).
    let scope = name.rsplit_once("::").map(|(s, _)| s);
    let target = if let Some(global) = target.strip_prefix("::") {
        // (`::std::X` inside a namespace with its own `std::X`: the global namespace's.)
        let q = SmolStr::new(global);
        dm.record_templates.contains_key(&q).then_some(q)?
    } else if dm.record_templates.contains_key(target) {
        target.clone()
    } else {
        let q = SmolStr::new(format!("{}::{target}", scope?));
        dm.record_templates.contains_key(&q).then_some(q)?
    };
    let param_index = |n: &str| alias.params.iter().position(|p| p.name.as_deref() == Some(n));
    // An argument naming the parameters inside (`ic<decltype(L), L>` of `tc<L, V>` =
    // `tc_<ic<decltype(L), L>, V>`): the names renamed to the pattern's, where each pattern
    // argument is a name of its own (`tc<_Label, _Value>*`).
    let renames: Option<Vec<(SmolStr, SmolStr)>> = alias
        .params
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let pname = p.name.clone()?;
            if p.pack {
                return None;
            }
            let to = match pats.get(k)? {
                TemplateArgRef::Type(TypeRef::Named(n)) if !n.contains("::") => n.clone(),
                TemplateArgRef::Value(ce) => match ce.exprs.get(ce.root.0 as usize) {
                    Some(crate::body::Expr::Name(n)) if !n.contains("::") => n.clone(),
                    _ => return None,
                },
                _ => return None,
            };
            Some((pname, to))
        })
        .collect();
    let mut out = Vec::new();
    for a in args {
        let named = match a {
            TemplateArgRef::Type(TypeRef::Named(n)) => Some((n, false)),
            TemplateArgRef::Type(TypeRef::PackExpansion(t)) => match &**t {
                TypeRef::Named(n) => Some((n, true)),
                _ => None,
            },
            TemplateArgRef::Value(ce) => match ce.exprs.get(ce.root.0 as usize) {
                Some(crate::body::Expr::Name(n)) => Some((n, false)),
                Some(crate::body::Expr::PackExpansion(e)) => match ce.exprs.get(e.0 as usize) {
                    Some(crate::body::Expr::Name(n)) => Some((n, true)),
                    _ => None,
                },
                _ => None,
            },
            TemplateArgRef::Type(_) => None,
        };
        match named.and_then(|(n, pack)| Some((param_index(n)?, pack))) {
            Some((k, true)) if alias.params[k].pack => out.extend(pats.get(k..)?.iter().cloned()),
            Some((k, false)) if !alias.params[k].pack => out.push(pats.get(k)?.clone()),
            Some(_) => return None,
            None => {
                // An argument of its own (`size_t`): it must not name the parameters, unless
                // they are renamed to the pattern's names.
                let mut mentioned = Vec::new();
                if let TemplateArgRef::Type(t) = a {
                    super::items::names_in(t, &mut mentioned);
                }
                if mentioned.iter().any(|m| param_index(m).is_some()) || matches!(a, TemplateArgRef::Value(_)) {
                    let renames = renames.as_deref()?;
                    out.push(match a {
                        TemplateArgRef::Type(t) => TemplateArgRef::Type(rename_type(t, renames)),
                        TemplateArgRef::Value(ce) => TemplateArgRef::Value(rename_const(ce, renames)),
                    });
                    continue;
                }
                out.push(a.clone());
            }
        }
    }
    Some(TypeRef::Template {
        name: target,
        args: out,
    })
}

/// A name with its first component renamed by `map` (`T::type` to `U::type`).
fn rename_name(n: &SmolStr, map: &[(SmolStr, SmolStr)]) -> SmolStr {
    let (first, rest) = match n.split_once("::") {
        Some((f, r)) => (f, Some(r)),
        None => (n.as_str(), None),
    };
    match map.iter().find(|(from, _)| from == first) {
        Some((_, to)) => match rest {
            Some(r) => SmolStr::new(format!("{to}::{r}")),
            None => to.clone(),
        },
        None => n.clone(),
    }
}

/// A written type with template parameter names renamed (see [`expand_alias_pattern`]).
fn rename_type(t: &TypeRef, map: &[(SmolStr, SmolStr)]) -> TypeRef {
    let r = |t: &TypeRef| Box::new(rename_type(t, map));
    let args = |a: &[TemplateArgRef]| -> Vec<TemplateArgRef> {
        a.iter()
            .map(|a| match a {
                TemplateArgRef::Type(t) => TemplateArgRef::Type(rename_type(t, map)),
                TemplateArgRef::Value(ce) => TemplateArgRef::Value(rename_const(ce, map)),
            })
            .collect()
    };
    match t {
        TypeRef::Named(n) => TypeRef::Named(rename_name(n, map)),
        TypeRef::Pointer(i) => TypeRef::Pointer(r(i)),
        TypeRef::Reference(i) => TypeRef::Reference(r(i)),
        TypeRef::Qualified(q, i) => TypeRef::Qualified(*q, r(i)),
        TypeRef::Underlying(i) => TypeRef::Underlying(r(i)),
        TypeRef::PackExpansion(i) => TypeRef::PackExpansion(r(i)),
        TypeRef::Array(i, n) => TypeRef::Array(r(i), n.as_ref().map(|c| Box::new(rename_const(c, map)))),
        TypeRef::Template { name, args: a } => TypeRef::Template {
            name: rename_name(name, map),
            args: args(a),
        },
        TypeRef::Member { scope, member } => TypeRef::Member {
            scope: r(scope),
            member: member.clone(),
        },
        TypeRef::MemberTemplate { scope, member, args: a } => TypeRef::MemberTemplate {
            scope: r(scope),
            member: member.clone(),
            args: args(a),
        },
        TypeRef::Decltype { expr, id_expr } => TypeRef::Decltype {
            expr: Box::new(rename_const(expr, map)),
            id_expr: *id_expr,
        },
        TypeRef::Function {
            ret,
            params,
            variadic,
            noexcept,
        } => TypeRef::Function {
            ret: r(ret),
            params: params.iter().map(|p| rename_type(p, map)).collect(),
            variadic: *variadic,
            noexcept: noexcept
                .as_ref()
                .map(|c| c.as_ref().map(|c| Box::new(rename_const(c, map)))),
        },
        other => other.clone(),
    }
}

/// A constant expression with template parameter names renamed (its names and the types
/// written in it).
fn rename_const(ce: &ConstExpr, map: &[(SmolStr, SmolStr)]) -> ConstExpr {
    ConstExpr {
        exprs: ce
            .exprs
            .iter()
            .map(|e| match e {
                crate::body::Expr::Name(n) => crate::body::Expr::Name(rename_name(n, map)),
                crate::body::Expr::SizeofPack(n) => crate::body::Expr::SizeofPack(rename_name(n, map)),
                e => e.clone(),
            })
            .collect(),
        types: ce.types.iter().map(|t| rename_type(t, map)).collect(),
        root: ce.root,
    }
}

/// Binds type parameter `i` to `ty` in a deduction; false when it is already bound to another
/// type.
fn bind(i: usize, ty: Ty, bound: &mut [Option<TArg>], records: &crate::ty::Records) -> bool {
    let mangle = MangleTy::from_ty(&ty, records);
    let new = TArg::Type { ty, mangle };
    match &bound[i] {
        Some(old) => *old == new,
        None => {
            bound[i] = Some(new);
            true
        }
    }
}

/// [`deduce_pattern`] where the type is not an argument passed by value but a component of a
/// type ([temp.deduct.type]): an element of a class template-id's pack (`tag<A...>` from
/// `tag<void, const float *const>` or `tag<float &&>`). A bare
/// template parameter takes the type as it is: qualifiers and an rvalue reference stay (they
/// went with the by-value rule, so `tag<A...>` substituted back was another class).
fn deduce_exact(
    pat: &TypeRef,
    arg: &Ty,
    names: &[Option<SmolStr>],
    bound: &mut [Option<TArg>],
    dm: &crate::def_map::DefMap,
    values: &mut Vec<DeducedValue>,
) -> bool {
    if let TypeRef::Named(n) = pat {
        if let Some(k) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
            return bind(k, arg.clone(), bound, &dm.records);
        }
    }
    deduce_pattern(pat, arg, names, bound, dm, values)
}

/// Deduces template type parameters from one parameter type as written (`pat`) and the
/// argument's type ([temp.deduct.call], the common cases: `T`, `const T`, `T*`, `const T*`,
/// `T&`, `const T&`). Returns false on a conflict.
pub(crate) fn deduce_pattern(
    pat: &TypeRef,
    arg: &Ty,
    names: &[Option<SmolStr>],
    bound: &mut [Option<TArg>],
    dm: &crate::def_map::DefMap,
    values: &mut Vec<DeducedValue>,
) -> bool {
    let index = |n: &str| names.iter().position(|x| x.as_deref() == Some(n));
    match pat {
        // No argument has a pointer-to-member type (they are not supported): `T C::*` never
        // matches, least of all a plain pointer.
        TypeRef::MemberPointer { .. } => false,
        TypeRef::Named(n) => match index(n) {
            Some(i) => {
                // By value: arrays and functions decay, top-level qualifiers go.
                let ty = match &arg.kind {
                    TyKind::Array(e, _) => Ty::ptr((**e).clone()),
                    TyKind::Function(_) => Ty::ptr(arg.unqualified()),
                    _ => arg.unqualified(),
                };
                bind(i, ty, bound, &dm.records)
            }
            None => true,
        },
        TypeRef::Qualified(_, inner) => deduce_pattern(inner, &arg.unqualified(), names, bound, dm, values),
        TypeRef::Reference(inner) => match &**inner {
            TypeRef::Named(n) if index(n).is_some() => bind(index(n).unwrap(), arg.clone(), bound, &dm.records),
            TypeRef::Qualified(q, i2) => match &**i2 {
                TypeRef::Named(n) if index(n).is_some() => {
                    // An array's qualifiers are its elements' ([basic.type.qualifier]/3):
                    // `const T&` of `const float[4]` is `T = float[4]`.
                    let t = match &arg.kind {
                        TyKind::Array(..) => arg.without_cv(super::types::cv(*q)).unwrap_or_else(|| arg.clone()),
                        _ => arg.unqualified(),
                    };
                    bind(index(n).unwrap(), t, bound, &dm.records)
                }
                _ => deduce_pattern(i2, arg, names, bound, dm, values),
            },
            other => deduce_pattern(other, arg, names, bound, dm, values),
        },
        TypeRef::Pointer(inner) => match (&arg.kind, &**inner) {
            (TyKind::Pointer(p), TypeRef::Named(n)) if index(n).is_some() => {
                bind(index(n).unwrap(), (**p).clone(), bound, &dm.records)
            }
            (TyKind::Pointer(p), TypeRef::Qualified(q, i2)) => match &**i2 {
                TypeRef::Named(n) if index(n).is_some() => {
                    // `const T*` from `const float*` or `float*`: T loses the written qualifiers.
                    let mut t = (**p).clone();
                    t.quals = crate::body::Quals(t.quals.0 & !q.0);
                    bind(index(n).unwrap(), t, bound, &dm.records)
                }
                _ => deduce_pattern(i2, p, names, bound, dm, values),
            },
            (TyKind::Pointer(p), other) => deduce_pattern(other, p, names, bound, dm, values),
            (TyKind::Array(e, _), other) => deduce_pattern(other, e, names, bound, dm, values),
            _ => true,
        },
        // `T (&a)[N]` (under a reference): the element type and the bound.
        TypeRef::Array(elem, len) => match &arg.kind {
            TyKind::Array(e, n) => {
                if let (Some(len), Some(n)) = (len, n) {
                    if let Some(crate::body::Expr::Name(nm)) = len.exprs.get(len.root.0 as usize) {
                        if let Some(k) = index(nm) {
                            values.push((k, *n as i128, None));
                        }
                    }
                }
                match &**elem {
                    // The element type exactly, qualifiers kept (`T[N]` of `const float[4]`:
                    // `T = const float`; no decay).
                    TypeRef::Named(nm) if index(nm).is_some() => {
                        bind(index(nm).expect("checked"), (**e).clone(), bound, &dm.records)
                    }
                    _ => deduce_pattern(elem, e, names, bound, dm, values),
                }
            }
            _ => true,
        },
        // `R (A...) noexcept(B)` (under a pointer or reference): the return type, the parameter
        // types and `B` from the function type. A `noexcept` pattern takes no function type
        // without it (the reverse is the function pointer conversion).
        TypeRef::Function {
            ret,
            params,
            variadic,
            noexcept,
        } => {
            let TyKind::Function(sig) = &arg.kind else {
                return true;
            };
            match noexcept {
                Some(None) if !sig.noexcept => return false,
                Some(Some(c)) => {
                    if let Some(k) = match c.exprs.get(c.root.0 as usize) {
                        Some(crate::body::Expr::Name(nm)) => index(nm),
                        _ => None,
                    } {
                        values.push((k, i128::from(sig.noexcept), None));
                    }
                }
                _ => {}
            }
            let ret_ok = match &**ret {
                // The return type as it is (a reference stays one).
                TypeRef::Named(n) if index(n).is_some() => bind(index(n).unwrap(), sig.ret.clone(), bound, &dm.records),
                r => deduce_pattern(r, &sig.ret, names, bound, dm, values),
            };
            let only_void = matches!(params.as_slice(), [TypeRef::Builtin(crate::body::BuiltinType::Void)]);
            let params: &[TypeRef] = if only_void { &[] } else { params };
            if params.iter().any(|p| matches!(p, TypeRef::PackExpansion(_))) {
                // (A parameter pack deduces elsewhere, if at all.)
                return ret_ok;
            }
            ret_ok
                && *variadic == sig.variadic
                && params.len() == sig.params.len()
                && params
                    .iter()
                    .zip(&sig.params)
                    .all(|(p, a)| deduce_pattern(p, a, names, bound, dm, values))
        }
        // `Tup<T...>`, `Box<T>`: the arguments of the class template specialization.
        TypeRef::Template { name, args: pats } => {
            let TyKind::Record(rid) = arg.kind else {
                if index(name).is_none() && !dm.record_templates.contains_key(name) {
                    // An alias template may name a type other than a class (`ptr<T>` = `T*`).
                    return match expand_alias_pattern(name, pats, dm) {
                        Some(expanded) => deduce_pattern(&expanded, arg, names, bound, dm, values),
                        None => true,
                    };
                }
                // A class template-id over the template's parameters deduces only from a class
                // argument ([temp.deduct.type]): `pow(const complex<T> &, const T &)` is no
                // candidate for `pow(double, int)`. One naming none of them takes conversions.
                let mut mentioned = Vec::new();
                for p in pats {
                    match p {
                        TemplateArgRef::Type(t) => super::items::names_in(t, &mut mentioned),
                        TemplateArgRef::Value(ce) => {
                            if let Some(crate::body::Expr::Name(n)) = ce.exprs.get(ce.root.0 as usize) {
                                mentioned.push(n.clone());
                            }
                        }
                    }
                }
                return index(name).is_none() && !mentioned.iter().any(|m| index(m).is_some());
            };
            if index(name).is_none() && !dm.record_templates.contains_key(name) {
                // An alias template (`index_sequence<I...>`): deduced through what it names.
                if let Some(expanded) = expand_alias_pattern(name, pats, dm) {
                    return deduce_pattern(&expanded, arg, names, bound, dm, values);
                }
            }
            let candidates = if let Some(k) = index(name) {
                // `C<T>` with `C` a template template parameter: the specialization's template.
                let Some(((t, actual), _)) = dm.record_instances.iter().find(|(_, r)| **r == rid) else {
                    return false;
                };
                let Some((tname, _)) = dm.record_templates.get_index(*t as usize) else {
                    return false;
                };
                let new = TArg::Template(tname.clone());
                match &bound[k] {
                    Some(old) if *old != new => return false,
                    _ => bound[k] = Some(new),
                }
                vec![actual]
            } else {
                let Some(t) = dm.record_templates.get_index_of(name) else {
                    return true;
                };
                // The argument's class or, failing that, a base class of it that is a
                // specialization of the template ([temp.deduct.call]/4.3: `fill(Base<E, N>&)`
                // called with a `Derived`).
                let instance_args = |r: crate::ty::RecordId| {
                    dm.record_instances
                        .iter()
                        .find(|((tt, _), x)| *tt == t as u32 && **x == r)
                        .map(|((_, a), _)| a)
                };
                // Every base that is one is a candidate (`get_leaf<1>(Leaf<I, T> &)` called with
                // a class derived from `Leaf<0, int>` and `Leaf<1, char>`).
                let mut found: Vec<&Vec<TArg>> = instance_args(rid).into_iter().collect();
                let mut queue: Vec<crate::ty::RecordId> = if found.is_empty() { vec![rid] } else { Vec::new() };
                let mut visited: Vec<crate::ty::RecordId> = Vec::new();
                while !queue.is_empty() && visited.len() < 256 {
                    let r = queue.remove(0);
                    visited.push(r);
                    let Some(rd) = dm.records.get(r) else {
                        continue;
                    };
                    for b in &rd.bases {
                        if visited.contains(&b.record) || queue.contains(&b.record) {
                            continue;
                        }
                        if let Some(a) = instance_args(b.record) {
                            found.push(a);
                        }
                        queue.push(b.record);
                    }
                }
                if found.is_empty() {
                    return true;
                }
                found
            };
            // Each candidate class (the argument's, or each base that is a specialization)
            // deduces on its own; one that deduces differently from another makes it fail.
            let mut result: Option<Deduced> = None;
            for actual in candidates {
                let actual = super::items::flatten_targs(actual);
                let (mut b, mut v) = (bound.to_vec(), values.clone());
                if !deduce_targs(pats, &actual, names, &mut b, dm, &mut v) {
                    continue;
                }
                match &result {
                    Some(r) if (r.0 != b || r.1 != v) => return false,
                    Some(_) => {}
                    None => result = Some((b, v)),
                }
            }
            match result {
                Some((b, v)) => {
                    bound.clone_from_slice(&b);
                    *values = v;
                    true
                }
                None => false,
            }
        }
        _ => true,
    }
}

/// Partial ordering of the matching partial specializations of a variable template (as of a
/// class template's): the one at least as specialized as every other and not the reverse.
fn most_specialized_var_spec<T>(partial: &[(&crate::def_map::VarTemplateSpec, T)]) -> Option<usize> {
    let names = |s: &crate::def_map::VarTemplateSpec| -> Vec<Option<SmolStr>> {
        s.params.iter().map(|p| p.name.clone()).collect()
    };
    let at_least = |a: &crate::def_map::VarTemplateSpec, b: &crate::def_map::VarTemplateSpec| {
        super::items::args_at_least_as_specialized(&a.args, &b.args, &names(b))
    };
    let best: Vec<usize> = (0..partial.len())
        .filter(|&i| {
            (0..partial.len())
                .all(|j| i == j || (at_least(partial[i].0, partial[j].0) && !at_least(partial[j].0, partial[i].0)))
        })
        .collect();
    match best.as_slice() {
        [i] => Some(*i),
        _ => None,
    }
}

/// What deducing from one candidate class gives: the bound parameters and the deduced values.
type Deduced = (Vec<Option<TArg>>, Vec<DeducedValue>);

/// A value deduced for parameter `.0`: `.1`, and the template argument it was deduced from
/// when that is a class template specialization's (whose type a `template <auto L>`
/// parameter takes: `L` of `W<(char)3>` is a `char`).
pub(crate) type DeducedValue = (usize, i128, Option<TArg>);

/// Deduces from the arguments `actual` of a class template specialization against the written
/// argument patterns `pats` (see [`deduce_pattern`]).
fn deduce_targs(
    pats: &[TemplateArgRef],
    actual: &[TArg],
    names: &[Option<SmolStr>],
    bound: &mut [Option<TArg>],
    dm: &crate::def_map::DefMap,
    values: &mut Vec<DeducedValue>,
) -> bool {
    let index = |n: &str| names.iter().position(|x| x.as_deref() == Some(n));
    for (i, p) in pats.iter().enumerate() {
        match p {
            TemplateArgRef::Type(TypeRef::PackExpansion(inner)) => {
                if i + 1 != pats.len() {
                    return true;
                }
                let mut mentioned = Vec::new();
                super::items::names_in(inner, &mut mentioned);
                let Some(k) = mentioned.iter().find_map(|m| index(m)) else {
                    return true;
                };
                return super::items::bind_pack(&actual[i.min(actual.len())..], k, bound, |ty, b| {
                    deduce_exact(inner, ty, names, b, dm, values)
                });
            }
            TemplateArgRef::Type(tp) if matches!(actual.get(i), Some(TArg::Template(_) | TArg::Decl { .. })) => {
                // `W<C>`: a template template parameter deduced from the argument (`Op<F>`:
                // a pointer or reference parameter).
                let Some(k) = super::items::template_arg_name(tp).and_then(|n| index(n)) else {
                    continue;
                };
                let new = actual[i].clone();
                match &bound[k] {
                    Some(old) if *old != new => return false,
                    _ => bound[k] = Some(new),
                }
            }
            TemplateArgRef::Value(ce) if matches!(actual.get(i), Some(TArg::Template(_) | TArg::Decl { .. })) => {
                let Some(k) = (match ce.exprs.get(ce.root.0 as usize) {
                    Some(crate::body::Expr::Name(n)) => index(n),
                    _ => None,
                }) else {
                    continue;
                };
                let new = actual[i].clone();
                match &bound[k] {
                    Some(old) if *old != new => return false,
                    _ => bound[k] = Some(new),
                }
            }
            TemplateArgRef::Type(tp) => {
                let Some(TArg::Type { ty, .. }) = actual.get(i) else {
                    return false;
                };
                // Exact match: deduce from the type as it is (no decay).
                if let TypeRef::Named(n) = tp {
                    if let Some(k) = index(n) {
                        if !bind(k, ty.clone(), bound, &dm.records) {
                            return false;
                        }
                        continue;
                    }
                }
                if !deduce_pattern(tp, ty, names, bound, dm, values) {
                    return false;
                }
            }
            TemplateArgRef::Value(ce)
                if matches!(
                    ce.exprs.get(ce.root.0 as usize),
                    Some(crate::body::Expr::PackExpansion(_))
                ) =>
            {
                // `Seq<T, I...>`: the pack `I` is the remaining arguments.
                let Some(crate::body::Expr::PackExpansion(inner)) = ce.exprs.get(ce.root.0 as usize) else {
                    return true;
                };
                let (Some(crate::body::Expr::Name(nm)), true) = (ce.exprs.get(inner.0 as usize), i + 1 == pats.len())
                else {
                    return true;
                };
                let Some(k) = index(nm) else { return true };
                let rest = actual[i.min(actual.len())..].to_vec();
                if !rest.iter().all(|a| matches!(a, TArg::Value { .. })) {
                    return false;
                }
                let new = TArg::Pack(rest);
                return match &bound[k] {
                    Some(old) => *old == new,
                    None => {
                        bound[k] = Some(new);
                        true
                    }
                };
            }
            TemplateArgRef::Value(ce) => {
                if let (Some(crate::body::Expr::Name(nm)), Some(TArg::Value { value, .. })) =
                    (ce.exprs.get(ce.root.0 as usize), actual.get(i))
                {
                    if let Some(k) = index(nm) {
                        // Bound already (given explicitly, or deduced from an earlier argument).
                        let earlier = match &bound[k] {
                            Some(TArg::Value { value: v, .. }) => Some(*v),
                            _ => values.iter().find(|(x, _, _)| *x == k).map(|(_, v, _)| *v),
                        };
                        if earlier.is_some_and(|v| v != *value) {
                            return false;
                        }
                        values.push((k, *value, actual.get(i).cloned()));
                    }
                }
                // A written constant (`Leaf<1, T>`) must be the argument's value.
                let written = match ce.exprs.get(ce.root.0 as usize) {
                    Some(crate::body::Expr::Literal(crate::body::Literal::Int { value, .. })) => Some(*value as i128),
                    Some(crate::body::Expr::Literal(crate::body::Literal::Bool(b))) => Some(*b as i128),
                    _ => None,
                };
                if let (Some(w), Some(TArg::Value { value, .. })) = (written, actual.get(i)) {
                    if w != *value {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// Whether a variable template's initializer is the placeholder of an `extern` declaration
/// without one.
fn is_missing(init: &ConstExpr) -> bool {
    matches!(init.exprs.get(init.root.0 as usize), Some(crate::body::Expr::Missing))
}

impl<'a> TargEnv<'a> for Checker<'a> {
    fn targ_def_map(&self) -> &DefMap {
        self.dm
    }

    fn bound_template(&self, name: &str) -> Option<SmolStr> {
        self.template_env.iter().rev().find_map(|(n, a)| match a {
            TArg::Template(q) if n == name => Some(q.clone()),
            _ => None,
        })
    }

    fn template_name_candidates(&self, name: &SmolStr) -> Vec<SmolStr> {
        self.name_candidates(name)
    }

    fn type_targ(&mut self, tr: &'a TypeRef) -> Option<TArg> {
        self.written_type_targ(tr, DiagAt::Function)
    }

    fn value_as_type_targ(&mut self, ce: &'a crate::body::ConstExpr) -> Option<TArg> {
        let ty = self.value_as_type(ce);
        (!ty.is_error()).then(|| self.targ_of_type(ty))
    }

    fn value_targ(&mut self, ce: &'a crate::body::ConstExpr, pty: &'a TypeRef) -> Result<TArg, TargError> {
        if matches!(
            ce.exprs.get(ce.root.0 as usize),
            Some(crate::body::Expr::Literal(crate::body::Literal::Nullptr))
        ) {
            // `enable_if_t<C, void*> = nullptr`: the null pointer of a pointer parameter.
            let a = self.targ_of_value(0, pty);
            return matches!(&a, TArg::Value { ty, .. } if ty.is_pointer() || ty.kind == TyKind::Nullptr)
                .then_some(a)
                .ok_or(None);
        }
        if !super::items::is_auto_param(pty) {
            let (pt, _) = self.targ_param_ty(pty);
            if pt.is_pointer() || pt.is_reference() {
                let (exprs, types) = (self.exprs, self.types);
                let cache = std::mem::take(&mut self.cache);
                self.exprs = &ce.exprs;
                self.types = &ce.types;
                let r = self.decl_targ(ce.root, &pt);
                self.exprs = exprs;
                self.types = types;
                self.cache = cache;
                return r.map_err(Some);
            }
        }
        let (v, k) = self.eval_const_expr(ce).ok_or(None)?;
        Ok(self.targ_of_value_kind(v, k, pty))
    }

    fn var_template_targ(
        &mut self,
        name: &'a SmolStr,
        args: &'a [TemplateArgRef],
        pty: &'a TypeRef,
    ) -> Option<Option<TArg>> {
        Some(
            self.var_template_ref(name, args)
                .flatten()
                .map(|v| self.targ_of_value(v, pty)),
        )
    }

    /// Problems of a default argument are the declaration's, reported where the def map
    /// resolves it.
    fn targ_error(&mut self, _msg: String) {}
}

/// Whether `n` written arguments are too many or too few for a variable template with
/// `params` (a trailing pack takes any number, defaults fill the rest): `"many"`/`"few"`.
fn var_targ_count_error(params: &[crate::item_tree::TemplateParamItem], n: usize) -> Option<&'static str> {
    let last_pack = params.last().is_some_and(|p| p.pack);
    let fixed = params.len() - usize::from(last_pack);
    if n > fixed && !last_pack {
        Some("many")
    } else if n < fixed && !params[n..fixed].iter().all(super::items::has_default) {
        Some("few")
    } else {
        None
    }
}
