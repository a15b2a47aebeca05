//! Variables: memory space, constant initializer, array bounds completed from initializers.

use super::*;

/// `{}` with an empty arena.
static EMPTY_INIT: crate::item_tree::GlobalInit = crate::item_tree::GlobalInit {
    init: crate::body::Initializer::List(Vec::new()),
    exprs: crate::body::ConstExpr {
        exprs: Vec::new(),
        types: Vec::new(),
        root: crate::body::ExprId(0),
    },
};

impl<'t> Builder<'t> {
    // ---- variables -----------------------------------------------------------------------------

    pub(super) fn var(&mut self, v: &'t VarItem, name: &SmolStr) {
        // A variable of namespace `ns` names the other members of `ns` unqualified in its type
        // and initializer (`namespace fir { constexpr int n = 3; __constant__ float c[2 * n]; }`).
        let saved = self.scope.clone();
        if self.scope.is_none() {
            self.scope = name.rsplit_once("::").map(|(ns, _)| SmolStr::new(ns));
        }
        self.var_in_scope(v, name);
        self.scope = saved;
    }

    pub(super) fn var_in_scope(&mut self, v: &'t VarItem, name: &SmolStr) {
        // `auto` (`constexpr auto k = f();`): the type comes from the initializer, below.
        let is_auto = crate::check::stmt::auto_pattern(&v.ty);
        let (mut ty, _) = if is_auto {
            (Ty::new(TyKind::Void), crate::mangle::MangleTy::Builtin("v"))
        } else {
            self.resolve(&v.ty)
        };
        if is_auto && v.init.is_none() {
            self.error("auto-init", "cannot deduce \"auto\" type (initializer required)".into());
            return;
        }
        if v.member_of.is_some() && v.space != MemorySpace::Default {
            self.error(
                "invalid-member",
                "memory qualifier on data member is not allowed".into(),
            );
            return;
        }
        let is_extern = v.storage == StorageClass::Extern;
        let space = match v.space {
            MemorySpace::Global => VarSpace::Global,
            MemorySpace::Constant => VarSpace::Constant,
            MemorySpace::Shared => {
                if is_extern && matches!(ty.kind, TyKind::Array(_, None)) {
                    VarSpace::ExternShared
                } else {
                    VarSpace::Shared
                }
            }
            // `__managed__` implies `__device__`.
            MemorySpace::Managed => VarSpace::Global,
            // NVRTC's `-default-device`: an unannotated namespace-scope variable is `__device__`.
            MemorySpace::Default if self.options.default_device && v.member_of.is_none() => VarSpace::Global,
            MemorySpace::Default => VarSpace::Host,
        };
        let mut init = None;
        // An initializer the constexpr interpreter evaluates later (it calls functions).
        let mut deferred: Option<(crate::thir::TypedBody, crate::thir::TExprId)> = None;
        // Without an initializer, a class (without constructors) with default member
        // initializers is initialized as from `{}` (its implicit default constructor is
        // constexpr: constant initialization).
        let implicit_init = v.init.is_none()
            && !is_extern
            && matches!(space, VarSpace::Global | VarSpace::Constant)
            && crate::check::cxx::record_of(&ty).is_some_and(|r| {
                crate::check::cxx_nsdmi::has_field_inits(&self.dm, r, 0)
                    && !Checker::new(&self.dm, self.options, &[], &[]).has_ctors(r)
            });
        // Without an initializer, a class with a user-provided default constructor runs it
        // (constant initialization when it is constexpr, else nvcc's dynamic-initialization
        // error).
        let user_default = v.init.is_none()
            && !is_extern
            && matches!(space, VarSpace::Global | VarSpace::Constant)
            && crate::check::cxx::record_of(ty.innermost_element())
                .is_some_and(|r| Checker::new(&self.dm, self.options, &[], &[]).user_default_ctor(r));
        let gi_opt: Option<&'t crate::item_tree::GlobalInit> = match &v.init {
            Some(gi) => Some(gi),
            None if user_default => Some(&EMPTY_INIT),
            None if implicit_init => {
                let constant = crate::check::cxx::record_of(&ty)
                    .is_some_and(|r| crate::check::cxx_nsdmi::all_fields_initialized(&self.dm, r, 0));
                if !constant {
                    // A member left uninitialized: the implicit constructor is not constexpr.
                    let msg = crate::def_map::dynamic_init_of_variable(space);
                    self.error("not-constant", msg);
                    None
                } else {
                    Some(&EMPTY_INIT)
                }
            }
            None => None,
        };
        if let (Some(gi), false) = (gi_opt, ty.is_error()) {
            if matches!(space, VarSpace::Shared | VarSpace::ExternShared) {
                self.error("shared-init", "initializer not allowed for __shared__ variable".into());
            } else if let Some(value) = self.known_inits.get(name).filter(|_| !is_auto) {
                // Evaluated by the interpreter in an earlier round of the fixed point (checked
                // then without errors).
                init = Some(value.clone());
            } else {
                let mut round = 0;
                let (r, diags) = loop {
                    // Class template specializations the initializer names (`Fact<N - 1>::v`)
                    // are instantiated and the initializer checked again.
                    let (r, diags, requests, fn_requests, later) = {
                        let mut ck = Checker::new(&self.dm, self.options, &gi.exprs.exprs, &gi.exprs.types);
                        ck.at_override = Some(DiagAt::Function);
                        ck.template_env = self.class_env.iter().chain(&self.template_env).cloned().collect();
                        ck.scope = self.scope.clone();
                        ck.spec_scopes = self.spec_scopes();
                        let deduced = if is_auto {
                            ck.deduced_global_auto(&v.ty, &gi.init, &DiagAt::Function)
                        } else {
                            Some(ty.clone())
                        };
                        let (ti, t) = match &deduced {
                            Some(dt) => ck.initializer(dt, &gi.init, &DiagAt::Function),
                            None => (crate::thir::TInit::Zero, Ty::error()),
                        };
                        let errors = ck.diags.iter().any(|d| d.severity == Severity::Error);
                        let c = if errors { Err(()) } else { ck.tinit_to_const(&ti, &t) };
                        // A scalar initializer that is not a constant expression of the kind
                        // evaluated here (it calls functions, or reads a variable initialized
                        // so): for the constexpr interpreter.
                        // (Objects of class and array type too: the interpreter builds them.)
                        let evaluable = t.is_arithmetic()
                            || matches!(
                                t.kind,
                                TyKind::Pointer(_) | TyKind::Record(_) | TyKind::Array(_, Some(_))
                            );
                        let later = match (&c, &ti) {
                            (Err(()), _) if !errors && evaluable && (t.is_const() || space != VarSpace::Host) => {
                                let mut body = std::mem::take(&mut ck.out);
                                body.callees = ck.callees.iter().copied().collect();
                                let root = match &ti {
                                    crate::thir::TInit::Expr(e) => *e,
                                    _ => {
                                        body.exprs.push(crate::thir::TExpr {
                                            ty: t.clone(),
                                            category: crate::thir::ValueCategory::RValue,
                                            kind: crate::thir::ExprKind::Aggregate(Box::new(ti.clone())),
                                        });
                                        crate::thir::TExprId(body.exprs.len() as u32 - 1)
                                    }
                                };
                                Some((body, root))
                            }
                            _ => None,
                        };
                        (
                            (c, t),
                            ck.diags,
                            std::mem::take(&mut ck.record_requests),
                            std::mem::take(&mut ck.instance_requests),
                            later,
                        )
                    };
                    round += 1;
                    if !fn_requests.is_empty() && v.member_of.is_none() && !self.retry_vars.contains(&self.cur_item) {
                        self.retry_vars.push(self.cur_item);
                    }
                    // A static data member of a class template specialization laid out after
                    // the items (asked for by a body) that calls a function template
                    // (`static constexpr int M = min(N, 32);`): its instances are declared now,
                    // so that the initializer is checked whole and its value learned by the
                    // fixed point (instances asked for otherwise come after specializations).
                    let declare_now = self.items_done && v.member_of.is_some() && round < 8;
                    let mut declared = false;
                    for r in fn_requests {
                        if declare_now && self.dm.instance(r.0, &r.1).is_none() {
                            declared |= self.instantiate_outside(&r);
                        }
                        if !self.dm.init_requests.contains(&r) {
                            self.dm.init_requests.push(r);
                        }
                    }
                    let progress =
                        (!requests.is_empty() && round < 8 && self.instantiate_requests(requests)) || declared;
                    if !progress {
                        deferred = later;
                        break (r, diags);
                    }
                };
                self.push_body_diags(diags);
                let (c, t) = r;
                ty = t;
                match c {
                    Ok(c) => init = Some(c),
                    Err(()) if deferred.is_some() => {
                        // Evaluated by the interpreter in an earlier round of the fixed point.
                        if let Some(value) = self.known_inits.get(name) {
                            init = Some(value.clone());
                            deferred = None;
                        }
                    }
                    Err(()) => {
                        if space != VarSpace::Host
                            && !self
                                .dm
                                .diagnostics
                                .iter()
                                .any(|d| d.item == self.cur_item && d.severity == Severity::Error)
                        {
                            let msg = if user_default {
                                // No initializer written: nvcc names the variable's kind.
                                crate::def_map::dynamic_init_of_variable(space)
                            } else {
                                "dynamic initialization is not supported for __device__, __constant__, __shared__, and __managed__ variables".into()
                            };
                            self.error("not-constant", msg);
                        }
                    }
                }
            }
        }
        if !ty.is_error() && !is_extern && space != VarSpace::ExternShared && !types::is_complete(&ty, &self.dm.records)
        {
            let msg = format!(
                "incomplete type \"{}\" is not allowed",
                crate::check::display_ty(&ty, &self.dm.records)
            );
            self.error("incomplete-type", msg);
        }
        let name = name.clone();
        let item = self.cur_item;
        let align = self.explicit_align(&v.align);
        if let Some(&g) = self.global_by_name.get(&name) {
            self.dm.globals[g.0 as usize].align = self.dm.globals[g.0 as usize].align.max(align);
            let old = self.dm.globals[g.0 as usize].clone();
            let compatible = types::same_unqual(&old.ty, &ty)
                || matches!((&old.ty.kind, &ty.kind), (TyKind::Array(a, None), TyKind::Array(b, _)) | (TyKind::Array(a, _), TyKind::Array(b, None)) if a == b);
            if !compatible && !old.ty.is_error() && !ty.is_error() {
                self.error(
                    "redeclaration",
                    format!("declaration is incompatible with previous \"{name}\""),
                );
                return;
            }
            if old.init.is_some() && init.is_some() {
                self.error("redefinition", format!("variable \"{name}\" has already been defined"));
                return;
            }
            let d = &mut self.dm.globals[g.0 as usize];
            if !is_extern || init.is_some() {
                d.item = item;
                d.is_extern = false;
                if types::is_complete(&ty, &self.dm.records) || !types::is_complete(&d.ty, &self.dm.records) {
                    d.ty = ty;
                }
                d.space = space;
            }
            d.managed |= v.space == MemorySpace::Managed;
            if init.is_some() {
                d.init = init;
            }
            if let Some((body, root)) = deferred {
                self.dm.deferred_inits.push(crate::def_map::DeferredInit {
                    global: g,
                    item,
                    body,
                    root,
                    is_constexpr: v.is_constexpr,
                    implicit: user_default,
                });
            }
            return;
        }
        if self.dm.values.contains_key(&name) {
            self.error(
                "redeclaration",
                format!("\"{name}\" has already been declared in the current scope"),
            );
            return;
        }
        let id = GlobalId(self.dm.globals.len() as u32);
        self.dm.globals.push(GlobalDecl {
            name: name.clone(),
            link_name: crate::mangle::mangle_variable(&name).into(),
            ty,
            space,
            init,
            is_static: v.storage == StorageClass::Static,
            is_extern: is_extern && space != VarSpace::ExternShared,
            item,
            align,
            managed: v.space == MemorySpace::Managed,
        });
        if let Some((body, root)) = deferred {
            self.dm.deferred_inits.push(crate::def_map::DeferredInit {
                global: id,
                item,
                body,
                root,
                is_constexpr: v.is_constexpr,
                implicit: user_default,
            });
        }
        self.global_by_name.insert(name.clone(), id);
        self.dm.declared_at.entry(name.clone()).or_insert(item);
        self.dm.values.insert(name, vec![ValueDef::Global(id)]);
    }
}
