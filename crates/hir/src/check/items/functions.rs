//! Functions: declarations merged by symbol, their signatures and default arguments.

use super::*;

impl<'t> Builder<'t> {
    pub(super) fn function(&mut self, f: &'t FunctionItem) {
        if let Some(r) = f.attrs.friend_record {
            // A hidden friend of a class template (or explicit specialization): declared with
            // each specialization (`instance_members_before_layout`), none outside one.
            let here = matches!(&self.record_override, Some((o, ..)) if *o == r);
            if !here && self.is_template_record(r) {
                return;
            }
        }
        if let Some(written) = &f.class_params {
            // An out-of-class definition of a member of a class template: declared with each
            // specialization (none outside one), its parameter names bound as the class's.
            let Some(m) = &f.method else { return };
            let here = matches!(&self.record_override, Some((r, ..)) if *r == m.record);
            if !here {
                return;
            }
            let class_names: Vec<Option<SmolStr>> = self
                .it
                .records
                .get(m.record as usize)
                .and_then(|r| r.template.as_ref())
                .map(|ps| ps.iter().map(|p| p.name.clone()).collect())
                .unwrap_or_default();
            let saved = self.class_env.len();
            for (w, c) in written.iter().zip(&class_names) {
                let (Some(w), Some(c)) = (&w.name, c) else { continue };
                if w != c {
                    if let Some(v) = self.class_env.iter().find(|(n, _)| n == c).map(|(_, v)| v.clone()) {
                        self.class_env.push((w.clone(), v));
                    }
                }
            }
            self.function_in_class(f);
            self.class_env.truncate(saved);
            return;
        }
        self.function_in_class(f);
    }

    fn function_in_class(&mut self, f: &'t FunctionItem) {
        match &f.template {
            Some(TemplateHead::Params(ps)) => return self.fn_template(f, ps),
            Some(TemplateHead::Instantiation(args)) => return self.explicit_instantiation(f, args),
            Some(TemplateHead::Specialization(args)) => return self.explicit_specialization(f, args),
            None => {}
        }
        // The signature names the members of the function's namespace (or class) unqualified
        // (`pipeline<thread_scope_thread> make_pipeline()` in `cuda`).
        let saved = self.scope.clone();
        if self.scope.is_none() {
            self.scope = f.name.rsplit_once("::").map(|(ns, _)| SmolStr::new(ns));
        }
        self.plain_function(f);
        self.scope = saved;
    }

    fn plain_function(&mut self, f: &'t FunctionItem) {
        let override_here = match (&f.method, &self.record_override) {
            (Some(m), Some((r, ..))) => m.record == *r,
            _ => false,
        };
        if !override_here && f.method.as_ref().is_some_and(|m| self.is_template_record(m.record)) {
            // A member of a class template (or of an explicit specialization): declared with
            // its specialization.
            return;
        }
        // (Only this class's own members name their signatures' classes without laying them
        // out: `sig_name_only`.)
        let saved_sig = self.sig_name_only;
        self.sig_name_only &= override_here;
        let (ret, ret_m) = self.resolve_ret(f);
        let a = &f.attrs;
        if a.global && !ret.is_void() && !ret.is_error() {
            self.error(
                "global-return-type",
                "a __global__ function must have a void return type".into(),
            );
        }
        if matches!(ret.kind, TyKind::Array(..) | TyKind::Function(_)) {
            self.error(
                "invalid-type",
                "function returning an array or a function is not allowed".into(),
            );
        }
        let mut params = Vec::new();
        let mut mparams = Vec::new();
        let method = f.method.as_ref().map(|m| {
            let record = match &self.record_override {
                Some((r, rid, ..)) if *r == m.record => *rid,
                _ => self.record_for(m.record as usize),
            };
            MethodDecl {
                record,
                kind: m.kind,
                is_const: m.is_const,
                is_volatile: m.is_volatile,
                ref_qual: m.ref_qual,
                is_static: m.is_static,
                explicit: f.attrs.explicit,
            }
        });
        let spec_name: Option<(SmolStr, MangleTy)> = match (&self.record_override, override_here) {
            (Some((_, _, m, display)), true) => {
                let member = crate::lower::member_name(&f.name);
                Some((SmolStr::new(format!("{display}::{member}")), m.clone()))
            }
            _ => None,
        };
        let only_void = f.params.len() == 1
            && f.params[0].name.is_none()
            && matches!(f.params[0].ty, TypeRef::Builtin(crate::body::BuiltinType::Void));
        if !only_void {
            for p in &f.params {
                if p.pack {
                    // A function parameter pack expanding the class template's pack.
                    if !self.push_class_pack_params(&p.ty, &mut params, &mut mparams) {
                        self.error(
                            "unsupported",
                            "unsupported: a function parameter pack whose pattern names no template parameter pack"
                                .into(),
                        );
                    }
                    continue;
                }
                let (t, m) = self.resolve_sig_type(&p.ty);
                if t.is_void() {
                    self.error("invalid-type", "incomplete type \"void\" is not allowed".into());
                }
                params.push(adjust_param(t));
                mparams.push(adjust_param_mangle(m));
            }
        }
        self.sig_name_only = saved_sig;
        let space = self.space(a, &f.name);
        if a.defaulted {
            // `= default`: a copy/move constructor, copy assignment or destructor is the
            // implicit one (as if not declared: member-wise copies, members' destructors); a
            // default constructor constructs bases and members (`Checker::construct_at`).
            // (`params` are the written parameters; `this` comes later.)
            let own = params.len();
            let rid = method.as_ref().map(|m| m.record);
            let kind = method.as_ref().map(|m| m.kind);
            let is_operator_assign = f.name.rsplit("::").next() == Some("operator=");
            let copy_like = own == 1 && params.last().is_some_and(|p| matches!(&p.kind, TyKind::Reference(r) if Some(r.unqualified().kind.clone()) == rid.map(TyKind::Record)));
            match kind {
                Some(crate::item_tree::MethodKind::Destructor) => return,
                Some(crate::item_tree::MethodKind::Constructor) if copy_like => return,
                Some(crate::item_tree::MethodKind::Constructor) if own == 0 => {}
                Some(crate::item_tree::MethodKind::Normal) if is_operator_assign && copy_like => return,
                _ => {
                    self.error("unsupported", "unsupported: `= default` on this function".into());
                    return;
                }
            }
        }
        // Implicitly defined special members are `__host__ __device__` in CUDA.
        let space = if a.defaulted { ExecSpace::HostDevice } else { space };
        let name = spec_name.as_ref().map_or(&f.name, |(n, _)| n);
        // An `extern "C"` function declared in a namespace has the plain name as its symbol
        // (`__nvvm_get_smem_pointer` declared inside `nvcuda::experimental::...`).
        let c_name = (a.extern_c && method.is_none()).then(|| SmolStr::new(name.rsplit("::").next().unwrap_or(name)));
        let bare = c_name.as_ref().unwrap_or(name);
        let kind = if f.has_body {
            FnKind::Normal
        } else if bare.starts_with("__nv_") && !name.starts_with("__nv_atomic_") && name != "__nv_tex_surf_handler" {
            FnKind::Libdevice
        } else if bare.starts_with("__nv_atomic_")
            || bare.starts_with("__nvvm_")
            || bare.starts_with("__warpc_")
            || ["__hmma_", "__imma_", "__bmma_", "__dmma_", "__mma_"]
                .iter()
                .any(|p| bare.starts_with(p))
            || bare == "__nv_tex_surf_handler"
            || bare == "printf"
            || bare == "vprintf"
        {
            FnKind::Builtin
        } else {
            FnKind::Normal
        };
        // Builtins and libdevice functions are callable from device code however declared.
        let space = if kind != FnKind::Normal && space == ExecSpace::Host {
            ExecSpace::HostDevice
        } else {
            space
        };
        let inline = inline_hint(a, if a.inline { InlineHint::Inline } else { InlineHint::None });
        let launch_bounds = self.launch_bounds(f);
        let cluster_dims = self.cluster_dims(f);
        // A redeclaration of an `extern "C"` function keeps its C linkage.
        let inherits_c = !a.extern_c
            && self.dm.values.get(name).is_some_and(|defs| {
                defs.iter().any(|d| match d {
                    ValueDef::Function(g) => {
                        let g = &self.dm.functions[g.0 as usize];
                        g.extern_c
                            && g.sig.params.len() == params.len()
                            && g.sig.params.iter().zip(&params).all(|(x, y)| types::same_unqual(x, y))
                    }
                    _ => false,
                })
            });
        let extern_c = a.extern_c || inherits_c;
        let link_name: SmolStr = if let Some(c) = &c_name {
            c.clone()
        } else if extern_c {
            name.clone()
        } else if let (Some(m), Some((_, scope))) = (&method, &spec_name) {
            let member = crate::lower::member_name(&f.name);
            crate::mangle::mangle_member_of_specialization(
                scope,
                member,
                &mparams,
                f.variadic,
                m.mangle_quals(),
                m.kind,
                Some(&ret_m),
            )
            .into()
        } else if let Some(m) = &method {
            crate::mangle::mangle_method_conv(name, &mparams, f.variadic, m.mangle_quals(), m.kind, Some(&ret_m)).into()
        } else {
            mangle_function(name, &mparams, f.variadic).into()
        };
        let (ret, deduce_ret) = match self.deduced_ret(f, &link_name) {
            Some(Some(t)) => (t, false),
            Some(None) => (Ty::error(), true),
            None => (ret, false),
        };
        let mut defaults = self.default_args(f, &params, method.as_ref().map(|m| m.record));
        if let Some(m) = method.as_ref().filter(|m| m.has_this()) {
            // The implicit object parameter comes first.
            params.insert(0, Ty::ptr(Ty::new(TyKind::Record(m.record)).with_quals(m.this_quals())));
            if !defaults.is_empty() {
                defaults.insert(0, None);
            }
        }
        let sig = FnSig {
            ret: if ret.is_reference() {
                ret.clone()
            } else {
                ret.unqualified()
            },
            params,
            variadic: f.variadic,
            noexcept: false,
        };
        let noexcept = self.noexcept_of(f);
        let item = self.cur_item;
        // A hidden friend declared with a specialization: the class whose members its body
        // names unqualified.
        let friend_class = match (&self.record_override, f.attrs.friend_record) {
            (Some((o, rid, _, display)), Some(r)) if *o == r => Some((display.clone(), *rid)),
            _ => None,
        };
        if let Some(&id) = self.fn_by_link.get(&link_name) {
            if let Some(fc) = friend_class.filter(|_| f.has_body) {
                self.dm.friend_records.insert(id.0, fc);
            }
            if f.attrs.friend_of.is_none() {
                // Declared outside its class too: ordinary lookup finds it.
                self.dm.hidden_friends.remove(&id.0);
            }
            let old = self.dm.functions[id.0 as usize].clone();
            if !types::same_unqual(&old.sig.ret, &sig.ret) && !old.sig.ret.is_error() && !sig.ret.is_error() {
                self.error(
                    "redeclaration",
                    format!("declaration is incompatible with previous \"{name}\""),
                );
                return;
            }
            let old_has_body = old.body_index.is_some();
            if f.has_body && old_has_body {
                self.error("redefinition", format!("function \"{name}\" has already been defined"));
                return;
            }
            // Execution spaces of a redeclaration combine as nvcc's front end combines them.
            let merged = match redeclared_space(old.space, space, a.host, name) {
                Ok((merged, warning)) => {
                    if let Some(msg) = warning {
                        self.warning("execution-space-redeclared", msg);
                    }
                    merged
                }
                Err(msg) => {
                    self.error("redeclaration", msg);
                    return;
                }
            };
            let d = &mut self.dm.functions[id.0 as usize];
            if !defaults.is_empty() {
                if d.defaults.iter().any(|x| x.is_some()) {
                    self.error("redefinition", "redefinition of default argument".into());
                    return;
                }
                let d = &mut self.dm.functions[id.0 as usize];
                d.defaults = defaults;
            }
            let d = &mut self.dm.functions[id.0 as usize];
            if f.has_body {
                d.sig = sig;
                if f.class_params.is_some() || f.attrs.friend_record.is_some() {
                    // The definition's names for the class template's parameters.
                    d.env = self.class_env.iter().chain(&self.template_env).cloned().collect();
                }
                d.deduce_ret = deduce_ret;
                d.ret_pattern = ret_pattern(&f.ret);
                d.item = item;
                d.body_index = f.body_index;
                d.kind = FnKind::Normal;
            }
            d.space = merged;
            if cluster_dims.is_some() {
                d.cluster_dims = cluster_dims;
            }
            if launch_bounds.is_some() {
                d.launch_bounds = launch_bounds;
            }
            if inline != InlineHint::None {
                d.inline = inline;
            }
            d.is_static |= a.is_static;
            d.is_constexpr |= a.is_constexpr;
            d.noexcept |= noexcept;
            return;
        }
        if f.class_params.is_some() {
            // An out-of-class definition declares no member of its own.
            self.error(
                "redeclaration",
                format!(
                    "declaration is incompatible with the declarations of \"{}\" in its class",
                    f.name
                ),
            );
            return;
        }
        if let Some(defs) = self.dm.values.get(name) {
            // A function overloads the functions and function templates of its name.
            if defs
                .iter()
                .any(|d| !matches!(d, ValueDef::Function(_) | ValueDef::Template(_)))
            {
                self.error(
                    "redeclaration",
                    format!("\"{name}\" has already been declared in the current scope"),
                );
                return;
            }
            if extern_c {
                let other_c = defs
                    .iter()
                    .any(|d| matches!(d, ValueDef::Function(g) if self.dm.functions[g.0 as usize].extern_c));
                if other_c {
                    self.error(
                        "redeclaration",
                        format!("more than one instance of overloaded function \"{name}\" has \"C\" linkage"),
                    );
                    return;
                }
            }
        }
        let id = FnId(self.dm.functions.len() as u32);
        self.dm.functions.push(FnDecl {
            declared_inline: a.inline,
            defaulted: a.defaulted,
            deleted: a.deleted,
            name: name.clone(),
            link_name: link_name.clone(),
            sig,
            space,
            inline,
            is_static: a.is_static,
            extern_c,
            launch_bounds,
            cluster_dims,
            kind,
            item,
            body_index: if f.has_body { f.body_index } else { None },
            defaults,
            is_constexpr: a.is_constexpr,
            method,
            instance: None,
            env: self.class_env.iter().chain(&self.template_env).cloned().collect(),
            lambda: None,
            deduce_ret,
            ret_pattern: ret_pattern(&f.ret),
            noexcept,
        });
        self.fn_by_link.insert(link_name, id);
        if let Some(fc) = friend_class {
            self.dm.friend_records.insert(id.0, fc);
        }
        if f.attrs.friend_of.is_some() {
            self.dm.hidden_friends.insert(id.0);
        }
        self.dm
            .values
            .entry(name.clone())
            .or_default()
            .push(ValueDef::Function(id));
        self.dm.declared_at.entry(name.clone()).or_insert(item);
    }

    /// Whether `f` is declared not potentially-throwing ([`FnDecl::noexcept`]): a condition
    /// that does not evaluate (here, in this scope) counts as `false`.
    /// A member function's parameter or return type: while a class template specialization's
    /// members are declared before its layout (`sig_name_only`), a class template-id only
    /// names its specialization, laid out after the class (`sig_named`).
    pub(super) fn resolve_sig_type(&mut self, tr: &'t TypeRef) -> (Ty, MangleTy) {
        if !self.sig_name_only {
            return self.resolve(tr);
        }
        let before = self.named_only.len();
        types::name_only_if_template_id(self, tr);
        let r = self.resolve(tr);
        self.naming_next = false;
        let added: Vec<RecordId> = self.named_only[before.min(self.named_only.len())..].to_vec();
        self.sig_named.extend(added);
        r
    }

    pub(super) fn noexcept_of(&mut self, f: &'t FunctionItem) -> bool {
        match &f.attrs.noexcept {
            None => {
                f.attrs.defaulted
                    || f.method
                        .as_ref()
                        .is_some_and(|m| m.kind == crate::item_tree::MethodKind::Destructor)
            }
            Some(None) => true,
            Some(Some(ce)) => self.ice_quiet(ce).is_some_and(|v| v != 0),
        }
    }

    /// Evaluates default arguments to constants of their parameter types (empty without any);
    /// a default that is not a constant (of a class type, a call) is kept as an expression
    /// checked at each call. `record`: the class of a member function.
    pub(super) fn default_args(
        &mut self,
        f: &'t FunctionItem,
        params: &[Ty],
        record: Option<crate::ty::RecordId>,
    ) -> Vec<Option<DefaultArg>> {
        if f.params.iter().all(|p| p.default.is_none()) || params.len() != f.params.len() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut seen = false;
        for (p, ty) in f.params.iter().zip(params) {
            let Some(ce) = &p.default else {
                if seen {
                    self.error(
                        "missing-default",
                        "default argument not at end of parameter list".into(),
                    );
                    return Vec::new();
                }
                out.push(None);
                continue;
            };
            seen = true;
            if ty.is_error() {
                return Vec::new();
            }
            let (c, ok, zero_record, at_call, diags, nested) = {
                // Default arguments name the members of the function's scope unqualified
                // (`void f(memory_order m = memory_order_seq_cst)` in a namespace).
                let mut ck = self.const_checker(&ce.exprs, &ce.types);
                if ck.scope.is_none() {
                    ck.scope = f.name.rsplit_once("::").map(|(s, _)| SmolStr::new(s));
                }
                // A `const T&` parameter's default is a `T` temporary.
                let t = match &ty.kind {
                    TyKind::Reference(r) => r.unqualified(),
                    _ => ty.unqualified(),
                };
                let c = ck.copy_init_value(ce.root, &t, crate::check::conv::ConvCtx::Init);
                let ok = !ck.diags.iter().any(|d| d.severity == Severity::Error);
                // `C c = C()` with `C` a class without constructors (a tag such as
                // `__empty_completion`): a value-initialized temporary, all zeros.
                let zero_record = matches!(t.kind, TyKind::Record(_))
                    && matches!(&ck.out.expr(c).kind, crate::thir::ExprKind::Aggregate(i) if matches!(**i, crate::thir::TInit::Zero));
                let c = if !ok || zero_record {
                    Some(ConstValue::Zero)
                } else {
                    ck.eval(c).map(|v| v.to_const_value())
                };
                let at_call = DefaultExpr {
                    expr: ce.clone(),
                    record,
                    scope: ck.scope.clone(),
                    env: ck.template_env.clone(),
                    spec_scopes: ck.spec_scopes.clone(),
                };
                let nested = (Vec::new(), ck.call_requests.take());
                (c, ok, zero_record, at_call, ck.diags, nested)
            };
            self.note_nested_requests(nested);
            self.push_body_diags(diags);
            match c {
                Some(c) if ok && zero_record => out.push(Some(DefaultArg::Value(c))),
                Some(c)
                    if !matches!(c, ConstValue::GlobalAddr(..))
                        && !matches!(ty.kind, TyKind::Record(_))
                        && !matches!(&ty.kind, TyKind::Reference(r) if !r.is_const() || matches!(r.kind, TyKind::Record(_))) =>
                {
                    out.push(Some(DefaultArg::Value(c)))
                }
                // Not a constant: checked again at each call that omits it (its diagnostics,
                // if any, were given here).
                _ if ok => out.push(Some(DefaultArg::AtCall(std::sync::Arc::new(at_call)))),
                _ => out.push(Some(DefaultArg::Value(ConstValue::Zero))),
            }
        }
        out
    }
}

/// `FnDecl::ret_pattern` of a function declared with return type `ret`.
pub(super) fn ret_pattern(ret: &crate::body::TypeRef) -> Option<crate::body::TypeRef> {
    (types::is_deduced_ret(ret) && !types::is_plain_auto_ret(ret)).then(|| ret.clone())
}

/// The execution space of a function declared `old` and redeclared `new` (`explicit_host`: the
/// redeclaration writes `__host__`), with nvcc's warning (#20035-#20040) when they differ: a
/// function declared for one side and redeclared for the other is `__host__ __device__`. A
/// `__global__` function must be declared `__global__` everywhere.
pub(crate) fn redeclared_space(
    old: ExecSpace,
    new: ExecSpace,
    explicit_host: bool,
    name: &str,
) -> Result<(ExecSpace, Option<String>), String> {
    use ExecSpace::*;
    let spelled = |s: ExecSpace| match s {
        Global => "__global__",
        Device => "__device__",
        Host => "__host__",
        HostDevice => "__host__ __device__",
    };
    let how = match new {
        Host if !explicit_host => "without __device__".to_string(),
        _ => format!("with {}", spelled(new)),
    };
    match (old, new) {
        _ if old == new => Ok((old, None)),
        (Global, _) => Err(format!(
            "a __global__ function(\"{name}\") redeclared without __global__"
        )),
        (_, Global) => Err(format!(
            "a {} function(\"{name}\") redeclared with __global__",
            spelled(old)
        )),
        (HostDevice, _) => Ok((HostDevice, None)),
        _ => {
            let msg = format!(
                "a {} function(\"{name}\") redeclared {how}, hence treated as a __host__ __device__ function",
                spelled(old)
            );
            Ok((HostDevice, Some(msg)))
        }
    }
}
