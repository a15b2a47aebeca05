//! Class templates: registration, partial-specialization matching and ordering, instances.

use super::*;
use crate::ty::IntKind;

/// What a parameter of the more general pattern stands for in the other pattern.
#[derive(Clone, Copy, PartialEq)]
enum PatBound<'p> {
    Ty(&'p TypeRef),
    /// A type with some of its top-level qualifiers taken by the pattern (`const T` matched
    /// against `const volatile U` binds `T` to `volatile U`).
    QualTy(Quals, &'p TypeRef),
    Val(&'p ConstExpr),
}

/// Whether the partial specialization with argument patterns `ap` is at least as specialized
/// as the one with `bp` (template parameters `bn`): `bp` deduces from `ap` taken as written.
/// Shared by class and variable template partial specializations.
pub(crate) fn args_at_least_as_specialized(
    ap: &[TemplateArgRef],
    bp: &[TemplateArgRef],
    bn: &[Option<SmolStr>],
) -> bool {
    let mut bound: Vec<Option<PatBound>> = vec![None; bn.len()];
    // (A trailing expansion `A...` in `a` is matched by nothing but an expansion in `b`; one
    // in `b` alone takes `a`'s remaining arguments, below: `<T, A>` is more specialized than
    // `<T, A...>`.)
    let ends_pack = |p: &[TemplateArgRef]| matches!(p.last(), Some(TemplateArgRef::Type(TypeRef::PackExpansion(_))));
    let (a_pack, b_pack) = (ends_pack(ap), ends_pack(bp));
    if a_pack && !b_pack {
        return false;
    }
    if ap.len() == bp.len() && a_pack == b_pack {
        return bp
            .iter()
            .zip(ap)
            .all(|(pb, pa)| pattern_matches(pb, pa, bn, &mut bound));
    }
    // `<_Arg>` against `<_Arg, _Args...>`: a trailing expansion of a bare pack parameter
    // of `b` takes `a`'s remaining arguments (none of them an expansion) whatever they are.
    let Some((TemplateArgRef::Type(TypeRef::PackExpansion(last)), fixed)) = bp.split_last() else {
        return false;
    };
    let bare_pack = matches!(&**last, TypeRef::Named(n) if bn.iter().any(|m| m.as_ref() == Some(n)));
    bare_pack
        && ap.len() >= fixed.len()
        && !ap[fixed.len()..]
            .iter()
            .any(|a| matches!(a, TemplateArgRef::Type(TypeRef::PackExpansion(_))))
        && fixed
            .iter()
            .zip(ap)
            .all(|(pb, pa)| pattern_matches(pb, pa, bn, &mut bound))
}

/// Whether pattern `b` (with template parameters `names`) matches pattern `a` taken as written
/// (its own parameters are opaque names): `b` is at least as general as `a`.
fn pattern_matches<'p>(
    b: &'p TemplateArgRef,
    a: &'p TemplateArgRef,
    names: &[Option<SmolStr>],
    bound: &mut [Option<PatBound<'p>>],
) -> bool {
    match (b, a) {
        (TemplateArgRef::Type(tb), TemplateArgRef::Type(ta)) => type_pattern_matches(tb, ta, names, bound),
        (TemplateArgRef::Value(cb), TemplateArgRef::Value(ca)) => {
            if let Some(crate::body::Expr::Name(n)) = cb.exprs.get(cb.root.0 as usize) {
                if let Some(i) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
                    return bind_pat(&mut bound[i], PatBound::Val(ca));
                }
            }
            cb == ca
        }
        _ => false,
    }
}

/// A non-type pack expansion pattern (`I...`): `Some(Some(name))` for a pattern that is a
/// pack's name, `Some(None)` for another expression.
fn value_pack_expansion(pat: &TemplateArgRef) -> Option<Option<&SmolStr>> {
    let TemplateArgRef::Value(ce) = pat else { return None };
    let Some(crate::body::Expr::PackExpansion(inner)) = ce.exprs.get(ce.root.0 as usize) else {
        return None;
    };
    Some(match ce.exprs.get(inner.0 as usize) {
        Some(crate::body::Expr::Name(n)) => Some(n),
        _ => None,
    })
}

fn bind_pat<'p>(slot: &mut Option<PatBound<'p>>, v: PatBound<'p>) -> bool {
    match slot {
        Some(old) => *old == v,
        None => {
            *slot = Some(v);
            true
        }
    }
}

fn type_pattern_matches<'p>(
    b: &'p TypeRef,
    a: &'p TypeRef,
    names: &[Option<SmolStr>],
    bound: &mut [Option<PatBound<'p>>],
) -> bool {
    if let TypeRef::Named(n) = b {
        if let Some(i) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
            return bind_pat(&mut bound[i], PatBound::Ty(a));
        }
    }
    match (b, a) {
        (TypeRef::Pointer(x), TypeRef::Pointer(y)) | (TypeRef::Reference(x), TypeRef::Reference(y)) => {
            type_pattern_matches(x, y, names, bound)
        }
        (TypeRef::Qualified(qx, x), TypeRef::Qualified(qy, y)) if qx == qy => type_pattern_matches(x, y, names, bound),
        (TypeRef::Qualified(qx, x), TypeRef::Qualified(qy, y)) if qy.contains(*qx) => match &**x {
            // `cv1 T` against `cv2 U` with cv1 a subset of cv2: `T` is `(cv2 - cv1) U`.
            TypeRef::Named(n) => match names.iter().position(|p| p.as_deref() == Some(n.as_str())) {
                Some(i) => bind_pat(&mut bound[i], PatBound::QualTy(qy.difference(*qx), y)),
                None => false,
            },
            _ => false,
        },
        (TypeRef::Array(x, lx), TypeRef::Array(y, ly)) => {
            let len_ok = match (lx, ly) {
                (None, None) => true,
                (Some(cx), Some(cy)) => match cx.exprs.get(cx.root.0 as usize) {
                    Some(crate::body::Expr::Name(n)) if names.iter().any(|x| x.as_deref() == Some(n.as_str())) => {
                        let i = names
                            .iter()
                            .position(|x| x.as_deref() == Some(n.as_str()))
                            .expect("checked");
                        bind_pat(&mut bound[i], PatBound::Val(cy))
                    }
                    _ => cx == cy,
                },
                _ => false,
            };
            len_ok && type_pattern_matches(x, y, names, bound)
        }
        (TypeRef::Template { name: nx, args: ax }, TypeRef::Template { name: ny, args: ay }) => {
            nx == ny && ax.len() == ay.len() && ax.iter().zip(ay).all(|(x, y)| pattern_matches(x, y, names, bound))
        }
        _ => b == a,
    }
}

/// `params` of a class template's definition with the default arguments an earlier declaration
/// (`prev`) gave and the definition does not repeat.
fn merge_default_targs(
    prev: &[crate::item_tree::TemplateParamItem],
    params: Vec<crate::item_tree::TemplateParamItem>,
) -> Vec<crate::item_tree::TemplateParamItem> {
    use crate::item_tree::TemplateParamKind as K;
    if prev.len() != params.len() {
        return params;
    }
    params
        .into_iter()
        .zip(prev)
        .map(|(mut p, old)| {
            match (&mut p.kind, &old.kind) {
                (K::Type { default: d }, K::Type { default: o })
                | (K::Template { default: d, .. }, K::Template { default: o, .. })
                    if d.is_none() =>
                {
                    d.clone_from(o)
                }
                (K::Value { default: d, .. }, K::Value { default: o, .. }) if d.is_none() => d.clone_from(o),
                _ => {}
            }
            p
        })
        .collect()
}

impl<'t> Builder<'t> {
    /// Registers a class template (item-tree record `r`).
    pub(super) fn record_template(&mut self, r: u32) {
        let ri = &self.it.records[r as usize];
        let Some(name) = ri.name.clone() else { return };
        if ri.member_of_template.is_some() {
            // A member class template of a class template: a template of each specialization
            // (`record_instance_decl`).
            return;
        }
        let params = ri.template.clone().unwrap_or_default();
        if ri.specialization.is_some() {
            // `template <class T> struct S<T*> { ... }`: a partial specialization, chosen when
            // an instance's arguments match it (`match_partial`).
            let Some(t) = self.dm.record_templates.get_index_of(&name) else {
                self.error("not-a-template", format!("\"{name}\" is not a class template"));
                return;
            };
            // Instances created before this declaration keep the primary template (a program
            // that would have used the partial specialization there is ill-formed).
            self.dm.partial_specs.entry(t as u32).or_default().push(r);
            return;
        }
        if let Some(prev) = self.dm.record_templates.get(&name).map(|t| t.record) {
            // A declaration `template <class T> struct S;` before or after the definition.
            let prev_declared_only = self.it.records.get(prev as usize).is_some_and(|p| p.fields.is_none());
            if ri.fields.is_none() {
                return;
            }
            if prev_declared_only {
                let item = self.cur_item;
                if let Some(t) = self.dm.record_templates.get_mut(&name) {
                    t.record = r;
                    // Default arguments given by the earlier declaration stay
                    // ([temp.param]/12: the defaults of all declarations are merged).
                    t.params = merge_default_targs(&t.params, params);
                    t.item = item;
                    t.decl = Some(prev);
                }
                return;
            }
        }
        if self.dm.record_templates.contains_key(&name) || self.dm.tags.contains_key(&name) {
            self.error(
                "redefinition",
                format!("class template \"{name}\" has already been defined"),
            );
            return;
        }
        if params.iter().enumerate().any(|(i, p)| p.pack && i + 1 != params.len()) {
            self.error(
                "unsupported",
                format!("unsupported: a template parameter pack of \"{name}\" that is not its last parameter"),
            );
            return;
        }
        let rt = crate::ty::RecordTemplate {
            name: name.clone(),
            params,
            record: r,
            item: self.cur_item,
            decl: None,
            member_of: None,
        };
        self.insert_record_template(name, rt);
    }

    /// Adds class template `rt` (not in `record_templates` yet) at the position an earlier
    /// build of the fixed point gave the template of that name (`RecordIds`): a class
    /// instance request `(template, arguments)` names the same template in every build.
    pub(super) fn insert_record_template(&mut self, name: SmolStr, rt: crate::ty::RecordTemplate) {
        let id = self.dm.record_ids.record_template_id_of(&name) as usize;
        let map = &mut self.dm.record_templates;
        while map.len() <= id {
            let n = map.len();
            map.insert(
                crate::ty::RecordTemplate::placeholder_key(n),
                crate::ty::RecordTemplate::placeholder(),
            );
        }
        if map.get_index(id).is_some_and(|(k, _)| *k != name) && map.replace_index(id, name).is_err() {
            // (Not reached: a name has one position.)
            return;
        }
        if let Some((_, slot)) = map.get_index_mut(id) {
            *slot = rt;
        }
    }

    /// The specialization of class template `t` (index into `record_templates`) for `args`
    /// (defaults appended): its record laid out with the parameters bound, and its members
    /// declared (`S<int, 8>::push`).
    pub(super) fn instantiate_record(&mut self, t: u32, args: Vec<TArg>) -> Option<RecordId> {
        self.specialization_of(t, args, false)
    }

    /// The specialization of class template `t` for `args` as a template-id under a pointer or
    /// a reference names it ([temp.inst]/1: `S<T>*` does not instantiate `S<T>`): a class not
    /// laid out yet, instantiated when a use needs it complete (`instantiate_record`), at the
    /// end of the items, or declared by an explicit specialization that comes later.
    pub(super) fn name_record(&mut self, t: u32, args: Vec<TArg>) -> Option<RecordId> {
        self.specialization_of(t, args, true)
    }

    /// Instantiates the specializations named so far and not laid out (`name_record`), in the
    /// order named.
    pub(super) fn instantiate_named(&mut self) {
        while let Some(&rid) = self.named_only.first() {
            self.instantiate_named_one(rid);
            self.named_only.retain(|&r| r != rid);
        }
    }

    /// Lays out specialization `rid` if it was only named so far (`name_record`).
    pub(super) fn instantiate_named_one(&mut self, rid: RecordId) {
        if !self.named_only.contains(&rid) {
            return;
        }
        let key = self
            .dm
            .record_instances
            .iter()
            .find(|(_, &r)| r == rid)
            .map(|(k, _)| k.clone());
        let item = key
            .as_ref()
            .and_then(|(t, _)| self.dm.record_templates.get_index(*t as usize).map(|(_, rt)| rt.item));
        if let (Some((t, args)), Some(item)) = (key, item) {
            let saved = std::mem::replace(&mut self.cur_item, item);
            self.instantiate_record(t, args);
            self.cur_item = saved;
        }
        // (Laid out, or it failed and stays incomplete.)
        self.named_only.retain(|&r| r != rid);
    }

    fn specialization_of(&mut self, t: u32, mut args: Vec<TArg>, name_only: bool) -> Option<RecordId> {
        let (_, rt) = self.dm.record_templates.get_index(t as usize)?;
        let rt = rt.clone();
        if self.depth >= MAX_INSTANTIATION_DEPTH || flatten_targs(&args).len() > MAX_INSTANCE_ARGS {
            if !self.depth_reported {
                self.depth_reported = true;
                self.error(
                    "template-recursion",
                    format!("excessive recursion at instantiation of class template \"{}\"", rt.name),
                );
            }
            return None;
        }
        self.depth += 1;
        let r = self.instantiate_record_inner(t, rt, &mut args, name_only);
        self.depth -= 1;
        r
    }

    pub(super) fn instantiate_record_inner(
        &mut self,
        t: u32,
        rt: crate::ty::RecordTemplate,
        args: &mut Vec<TArg>,
        name_only: bool,
    ) -> Option<RecordId> {
        let mut args = std::mem::take(args);
        let params_t: &'t [crate::item_tree::TemplateParamItem] =
            self.it.records.get(rt.record as usize)?.template.as_deref()?;
        let saved_env = std::mem::take(&mut self.class_env);
        let saved_fn_env = std::mem::take(&mut self.template_env);
        let saved_written = std::mem::take(&mut self.alias_written);
        let saved_decl_mangle = std::mem::take(&mut self.decl_param_mangle);
        // A member class template's instance also sees its enclosing specialization's
        // parameters and members (`sel<true>::cls<int>`).
        let outer_env = rt.member_of.as_ref().map(|m| m.env.clone()).unwrap_or_default();
        self.class_env = outer_env.clone();
        let saved_enclosing = match &rt.member_of {
            Some(m) => Some(std::mem::replace(&mut self.enclosing_overrides, m.enclosing.clone())),
            None => None,
        };
        // An instance's members see only its own parameters, not the bindings of the alias
        // template (or argument list) being resolved when it was named.
        let saved_alias = std::mem::take(&mut self.alias_env);
        let saved_prefix = std::mem::take(&mut self.targ_prefix);
        let saved_item = std::mem::replace(&mut self.cur_item, rt.item);
        // Default arguments are looked up in the template's scope, not the user's.
        let saved_scope = self.scope.replace(rt.name.clone());
        let ok = args.len() <= params_t.len() && self.bind_class_template_args(&rt, params_t, &mut args);
        self.scope = saved_scope;
        let result = if !ok {
            self.error(
                "template-args",
                format!("wrong number of template arguments for class template \"{}\"", rt.name),
            );
            None
        } else if let Some(&r) = self
            .dm
            .record_instances
            .get(&(t, args.clone()))
            .filter(|r| name_only || !self.named_only.contains(r))
        {
            Some(r)
        } else if name_only {
            let rid = self.instance_record(t, &rt, &args, rt.record, None);
            self.named_only.push(rid);
            Some(rid)
        } else {
            // (A specialization named before: laid out now, under the id it was named by.)
            let named = self.dm.record_instances.get(&(t, args.clone())).copied();
            self.named_only.retain(|r| Some(*r) != named);
            let layout = match self.match_partial(t, &args) {
                Some((p, env)) => {
                    self.class_env = outer_env.into_iter().chain(env).collect();
                    p
                }
                None => rt.record,
            };
            Some(self.record_instance_decl(t, &rt, args, layout, named))
        };
        self.class_env = saved_env;
        self.template_env = saved_fn_env;
        self.alias_written = saved_written;
        self.decl_param_mangle = saved_decl_mangle;
        self.alias_env = saved_alias;
        self.targ_prefix = saved_prefix;
        self.cur_item = saved_item;
        if let Some(e) = saved_enclosing {
            self.enclosing_overrides = e;
        }
        result
    }

    /// [`Self::bind_template_args`] for class template `rt`: a default argument the definition
    /// omits comes from the earlier declaration that gives it ([temp.param]/12), bound to the
    /// definition's parameter name.
    fn bind_class_template_args(
        &mut self,
        rt: &crate::ty::RecordTemplate,
        params_t: &'t [crate::item_tree::TemplateParamItem],
        args: &mut Vec<TArg>,
    ) -> bool {
        let decl_params = rt
            .decl
            .and_then(|d| self.it.records.get(d as usize))
            .and_then(|d| d.template.as_deref())
            .filter(|d| d.len() == params_t.len());
        let Some(decl_params) = decl_params else {
            return self.bind_template_args(params_t, args, true);
        };
        for (i, (p, d)) in params_t.iter().zip(decl_params).enumerate() {
            if i >= args.len() && p.pack {
                args.push(TArg::Pack(Vec::new()));
            }
            if i >= args.len() {
                let src = if super::targs::has_default(p) { p } else { d };
                match self.default_targ(src) {
                    Some(a) => args.push(a),
                    None => return false,
                }
            }
            self.class_env
                .push((p.name.clone().unwrap_or_default(), args[i].clone()));
        }
        true
    }

    /// The most specialized partial specialization of class template `t` whose arguments
    /// match `args`: its item-tree record and its parameters bound by the match. "Most
    /// specialized" is approximated by the number of type and value nodes of the pattern that
    /// are not parameters (`S<T*, 4>` over `S<T*, N>` over `S<T, N>`).
    pub(super) fn match_partial(&mut self, t: u32, args: &[TArg]) -> Option<(u32, Vec<(SmolStr, TArg)>)> {
        let specs = self.dm.partial_specs.get(&t)?.clone();
        let mut matches: Vec<(u32, Vec<(SmolStr, TArg)>)> = Vec::new();
        let it = self.it;
        // The patterns name what the template's scope declares (`S<T, kind::ok>` with `kind` an
        // enumeration of its namespace), not the scope that asks for the instance.
        let template_name = self
            .dm
            .record_templates
            .get_index(t as usize)
            .map(|(_, rt)| rt.name.clone());
        let saved_scope = match template_name {
            Some(n) => self.scope.replace(n),
            None => self.scope.clone(),
        };
        for p in specs {
            let ri = &it.records[p as usize];
            let (Some(params), Some(pats)) = (ri.template.as_deref(), ri.specialization.as_deref()) else {
                continue;
            };
            let names: Vec<Option<SmolStr>> = params.iter().map(|p| p.name.clone()).collect();
            let mut bound: Vec<Option<TArg>> = vec![None; names.len()];
            let saved = std::mem::take(&mut self.class_env);
            let flat = flatten_targs(args);
            let has_expansion = pats.iter().any(|p| {
                matches!(p, TemplateArgRef::Type(TypeRef::PackExpansion(_))) || value_pack_expansion(p).is_some()
            });
            // `template <class T> struct S<T*>` of `template <class T, class U = void> struct
            // S`: the omitted arguments are the primary template's defaults.
            let ok = if !has_expansion && pats.len() < flat.len() && flat.len() == args.len() {
                self.match_targ_list(pats, &flat[..pats.len()], &names, &mut bound)
                    && self.defaults_match(t, args, pats.len())
            } else {
                self.match_targ_list(pats, &flat, &names, &mut bound)
            };
            self.class_env = saved;
            for (b, p) in bound.iter_mut().zip(params) {
                if p.pack && b.is_none() {
                    *b = Some(TArg::Pack(Vec::new()));
                }
            }
            if !ok || bound.iter().any(|b| b.is_none()) {
                continue;
            }
            let env = names
                .iter()
                .zip(bound)
                .map(|(n, b)| (n.clone().unwrap_or_default(), b.expect("checked")))
                .collect();
            matches.push((p, env));
        }
        self.scope = saved_scope;
        if matches.len() <= 1 {
            return matches.pop();
        }
        // Partial ordering: the specialization whose patterns every other matching one's
        // patterns can be deduced from (and not the other way round).
        let spec = |r: u32| {
            let ri = &it.records[r as usize];
            let names: Vec<Option<SmolStr>> = ri
                .template
                .as_deref()
                .unwrap_or(&[])
                .iter()
                .map(|p| p.name.clone())
                .collect();
            (names, ri.specialization.as_deref().unwrap_or(&[]))
        };
        let at_least_as_specialized = |a: u32, b: u32| {
            let (_, ap) = spec(a);
            let (bn, bp) = spec(b);
            args_at_least_as_specialized(ap, bp, &bn)
        };
        let best: Vec<usize> = (0..matches.len())
            .filter(|&i| {
                (0..matches.len()).all(|j| {
                    i == j
                        || (at_least_as_specialized(matches[i].0, matches[j].0)
                            && !at_least_as_specialized(matches[j].0, matches[i].0))
                })
            })
            .collect();
        match best.as_slice() {
            [i] => Some(matches.swap_remove(*i)),
            _ => {
                let name = self
                    .dm
                    .record_templates
                    .get_index(t as usize)
                    .map(|(n, _)| n.clone())
                    .unwrap_or_default();
                let shown: Vec<String> = args
                    .iter()
                    .map(|a| match a {
                        TArg::Type { ty, .. } => crate::check::display_ty(ty, &self.dm.records),
                        TArg::Value { value, ty, .. } if ty.kind == TyKind::Int(crate::ty::IntKind::Bool) => {
                            (*value != 0).to_string()
                        }
                        TArg::Pack(_) => "...".to_string(),
                        TArg::Template(q) => q.to_string(),
                        TArg::Value { value, .. } => value.to_string(),
                        d @ TArg::Decl { .. } => d.decl_shown(),
                    })
                    .collect();
                let msg = format!(
                    "more than one partial specialization matches the template argument list of class \"{name}<{}>\"",
                    shown.join(", ")
                );
                self.error("ambiguous-specialization", msg);
                None
            }
        }
    }

    /// Whether class template `t` has a parameter pack.
    fn template_has_pack(&self, t: u32) -> bool {
        let Some((_, rt)) = self.dm.record_templates.get_index(t as usize) else {
            return false;
        };
        self.it
            .records
            .get(rt.record as usize)
            .and_then(|r| r.template.as_deref())
            .is_some_and(|ps| ps.iter().any(|p| p.pack))
    }

    /// Whether instance arguments `args[from..]` of class template `t` are the defaults of
    /// their parameters given the arguments before them.
    pub(super) fn defaults_match(&mut self, t: u32, args: &[TArg], from: usize) -> bool {
        let Some((_, rt)) = self.dm.record_templates.get_index(t as usize) else {
            return false;
        };
        let (record, item, name, decl) = (rt.record, rt.item, rt.name.clone(), rt.decl);
        let Some(params) = self.it.records.get(record as usize).and_then(|r| r.template.as_deref()) else {
            return false;
        };
        if args.len() != params.len() || params.iter().any(|p| p.pack) {
            return false;
        }
        // A default the definition omits is the earlier declaration's (`template <class, class =
        // void> struct iterator_traits;` then `template <class I, class> struct iterator_traits`).
        let decl_params = decl
            .and_then(|d| self.it.records.get(d as usize))
            .and_then(|d| d.template.as_deref())
            .filter(|d| d.len() == params.len());
        let saved_env = std::mem::replace(
            &mut self.class_env,
            params
                .iter()
                .zip(&args[..from])
                .map(|(p, a)| (p.name.clone().unwrap_or_default(), a.clone()))
                .collect(),
        );
        let saved_item = std::mem::replace(&mut self.cur_item, item);
        let saved_scope = self.scope.replace(name);
        let mut ok = true;
        for i in from..args.len() {
            let src = match decl_params {
                Some(d) if !super::targs::has_default(&params[i]) => &d[i],
                _ => &params[i],
            };
            if self.default_targ(src).as_ref() != Some(&args[i]) {
                ok = false;
                break;
            }
            self.class_env
                .push((params[i].name.clone().unwrap_or_default(), args[i].clone()));
        }
        self.class_env = saved_env;
        self.cur_item = saved_item;
        self.scope = saved_scope;
        ok
    }

    /// Matches argument patterns (a trailing `P...` takes the remaining arguments, each
    /// deducing one element of the pack `P` names) against flattened arguments.
    pub(super) fn match_targ_list(
        &mut self,
        pats: &'t [TemplateArgRef],
        args: &[TArg],
        names: &[Option<SmolStr>],
        bound: &mut [Option<TArg>],
    ) -> bool {
        // An alias template naming the parameters (`S<T, __void_t<T&>>`) is a non-deduced
        // context: substituted once the others are deduced, and compared.
        let mut deferred: Vec<(&'t TypeRef, &TArg)> = Vec::new();
        for (i, pat) in pats.iter().enumerate() {
            if let TemplateArgRef::Type(tr @ TypeRef::Template { name, .. }) = pat {
                if self.dm.alias_templates.contains_key(name) && mentions_param(tr, names) {
                    let Some(a) = args.get(i) else { return false };
                    deferred.push((tr, a));
                    continue;
                }
            }
            // So is a pattern naming the parameters only in qualified names
            // (`S<I, __void_t<typename I::iterator_category>>`, libstdc++'s `__iterator_traits`).
            if let TemplateArgRef::Type(tr) = pat {
                if !matches!(tr, TypeRef::PackExpansion(_))
                    && (depends_only_nondeduced(tr, names) || nondeduced_decltype(tr, names))
                {
                    let Some(a) = args.get(i) else { return false };
                    deferred.push((tr, a));
                    continue;
                }
            }
            if let Some(expansion) = value_pack_expansion(pat) {
                // `Idx<I...>`: the remaining arguments are the values of pack `I`.
                if i + 1 != pats.len() {
                    return false;
                }
                let Some(k) = expansion.and_then(|n| names.iter().position(|x| x.as_deref() == Some(n.as_str())))
                else {
                    return false;
                };
                let rest = &args[i.min(args.len())..];
                if !rest.iter().all(|a| matches!(a, TArg::Value { .. })) {
                    return false;
                }
                return match &bound[k] {
                    Some(TArg::Pack(old)) => old.as_slice() == rest,
                    Some(_) => false,
                    None => {
                        bound[k] = Some(TArg::Pack(rest.to_vec()));
                        true
                    }
                };
            }
            if let TemplateArgRef::Type(TypeRef::PackExpansion(inner)) = pat {
                if i + 1 != pats.len() {
                    return false;
                }
                let mut mentioned = Vec::new();
                names_in(inner, &mut mentioned);
                let Some(k) = mentioned
                    .iter()
                    .find_map(|m| names.iter().position(|x| x.as_deref() == Some(m.as_str())))
                else {
                    return false;
                };
                return bind_pack(&args[i.min(args.len())..], k, bound, |ty, b| {
                    self.match_ty(inner, ty, names, b)
                });
            }
            let Some(a) = args.get(i) else { return false };
            if !self.match_targ(pat, a, names, bound) {
                return false;
            }
        }
        if pats.len() != args.len() {
            return false;
        }
        for (tr, a) in deferred {
            let TArg::Type { ty: want, .. } = a else { return false };
            if bound.iter().any(Option::is_none) {
                return false;
            }
            let env = names
                .iter()
                .zip(bound.iter())
                .filter_map(|(n, b)| Some((n.clone()?, b.clone()?)))
                .collect();
            let saved = std::mem::replace(&mut self.class_env, env);
            // A substitution failure is no match (SFINAE), not an error.
            let n_diags = self.dm.diagnostics.len();
            let (got, _) = self.resolve(tr);
            self.dm.diagnostics.truncate(n_diags);
            self.class_env = saved;
            if got.is_error() || got != *want {
                return false;
            }
        }
        true
    }

    pub(super) fn match_targ(
        &mut self,
        pat: &'t TemplateArgRef,
        a: &TArg,
        names: &[Option<SmolStr>],
        bound: &mut [Option<TArg>],
    ) -> bool {
        if matches!(a, TArg::Template(_) | TArg::Decl { .. }) {
            // A template template argument, or a function or variable: a parameter binds it; a
            // written template must be it, a written name (`f`, `&f`) must designate it.
            let n = match pat {
                TemplateArgRef::Type(tr) => template_arg_name(tr).cloned(),
                TemplateArgRef::Value(ce) => match ce.exprs.get(ce.root.0 as usize) {
                    Some(crate::body::Expr::Name(n)) => Some(n.clone()),
                    Some(crate::body::Expr::Unary {
                        op: crate::body::UnaryOp::AddrOf,
                        expr,
                    }) if matches!(a, TArg::Decl { .. }) => match ce.exprs.get(expr.0 as usize) {
                        Some(crate::body::Expr::Name(n)) => Some(n.clone()),
                        _ => None,
                    },
                    _ => None,
                },
            };
            let Some(n) = n else { return false };
            return match names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
                Some(k) => match &bound[k] {
                    Some(old) => old == a,
                    None => {
                        bound[k] = Some(a.clone());
                        true
                    }
                },
                None => match a {
                    TArg::Template(q) => n == *q || self.bound_template(&n).as_ref() == Some(q),
                    TArg::Decl { ty, .. } => {
                        let mut ck = self.const_checker(&[], &[]);
                        ck.decl_targ_of_name(&n, ty).as_ref() == Some(a)
                    }
                    _ => false,
                },
            };
        }
        match (pat, a) {
            (TemplateArgRef::Type(tr), TArg::Type { ty, .. }) => self.match_ty(tr, ty, names, bound),
            (TemplateArgRef::Value(ce), TArg::Value { value, ty, .. }) => {
                if let Some(crate::body::Expr::Name(n)) = ce.exprs.get(ce.root.0 as usize) {
                    if let Some(i) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
                        return match &bound[i] {
                            Some(TArg::Value { value: v, .. }) => v == value,
                            Some(_) => false,
                            None => {
                                bound[i] = Some(a.clone());
                                true
                            }
                        };
                    }
                }
                if ce.exprs.iter().any(|e| matches!(e, crate::body::Expr::Name(n) if names.iter().any(|x| x.as_deref() == Some(n.as_str())))) {
                    return false;
                }
                match self.ice(ce) {
                    Some(v) => match types::int_kind(ty) {
                        Some(k) => types::normalize_int(v, k) == *value,
                        None => v == *value,
                    },
                    None => false,
                }
            }
            _ => false,
        }
    }

    /// Matches a type pattern of a partial specialization against an argument type, binding
    /// the specialization's parameters.
    pub(super) fn match_ty(
        &mut self,
        pat: &'t TypeRef,
        ty: &Ty,
        names: &[Option<SmolStr>],
        bound: &mut [Option<TArg>],
    ) -> bool {
        let index = |n: &str| names.iter().position(|x| x.as_deref() == Some(n));
        let top_cv = types::cv(ty.quals);
        match pat {
            TypeRef::Named(n) if index(n).is_some() => {
                let i = index(n).expect("checked");
                match &bound[i] {
                    Some(TArg::Type { ty: old, .. }) => old == ty,
                    Some(_) => false,
                    None => {
                        let mangle = MangleTy::from_ty(ty, &self.dm.records);
                        bound[i] = Some(TArg::Type { ty: ty.clone(), mangle });
                        true
                    }
                }
            }
            TypeRef::Qualified(q, inner) => {
                // `T&&` matches only an rvalue reference (`Quals::RVALUE` on the reference).
                let rvalue = q.contains(Quals::RVALUE);
                let q = types::cv(*q);
                if rvalue && !ty.quals.contains(Quals::RVALUE) {
                    return false;
                }
                // (`const T` of `const int[2]`: `T = int[2]`.)
                let Some(mut t) = ty.without_cv(q) else {
                    return false;
                };
                if rvalue {
                    t.quals = t.quals.difference(Quals::RVALUE);
                }
                self.match_ty(inner, &t, names, bound)
            }
            TypeRef::Pointer(inner) => match &ty.kind {
                TyKind::Pointer(p) if top_cv.is_empty() => self.match_ty(inner, p, names, bound),
                _ => false,
            },
            // No type is a pointer to member (they are not supported): never a match.
            TypeRef::MemberPointer { .. } => false,
            TypeRef::Reference(inner) => match &ty.kind {
                TyKind::Reference(p) if !ty.quals.contains(Quals::RVALUE) => self.match_ty(inner, p, names, bound),
                _ => false,
            },
            TypeRef::Array(inner, len) => match &ty.kind {
                TyKind::Array(e, n) if top_cv.is_empty() => {
                    let len_ok = match (len, n) {
                        (None, None) => true,
                        (Some(ce), Some(n)) => {
                            let v = TArg::Value {
                                value: *n as i128,
                                ty: Ty::int(crate::ty::IntKind::ULong),
                                mangle: MangleTy::Builtin("m"),
                            };
                            self.match_targ_value(ce, &v, names, bound)
                        }
                        _ => false,
                    };
                    len_ok && self.match_ty(inner, e, names, bound)
                }
                _ => false,
            },
            TypeRef::Template { name, args: pats } if mentions_param(pat, names) => {
                let TyKind::Record(rid) = ty.kind else { return false };
                if !top_cv.is_empty() {
                    return false;
                }
                let (t, actual) = if let Some(k) = names.iter().position(|x| x.as_deref() == Some(name.as_str())) {
                    // `S<C<T>>` with `C` a template template parameter: the specialization's template.
                    let Some(((t, actual), _)) = self.dm.record_instances.iter().find(|(_, r)| **r == rid) else {
                        return false;
                    };
                    let t = *t;
                    let Some((tname, _)) = self.dm.record_templates.get_index(t as usize) else {
                        return false;
                    };
                    let new = TArg::Template(tname.clone());
                    match &bound[k] {
                        Some(old) if *old != new => return false,
                        _ => bound[k] = Some(new),
                    }
                    (t, actual.clone())
                } else {
                    let Some(t) = self.dm.record_templates.get_index_of(name) else {
                        return false;
                    };
                    let Some(((_, actual), _)) = self
                        .dm
                        .record_instances
                        .iter()
                        .find(|((tt, _), r)| *tt == t as u32 && **r == rid)
                    else {
                        return false;
                    };
                    (t as u32, actual.clone())
                };
                let actual = flatten_targs(&actual);
                if pats.iter().any(|p| {
                    matches!(p, TemplateArgRef::Type(TypeRef::PackExpansion(_))) || value_pack_expansion(p).is_some()
                }) {
                    return self.match_targ_list(pats, &actual, names, bound);
                }
                // Fewer patterns than arguments leave out defaulted parameters (`vector<T>`);
                // a pack has no default, so `cts<A, B>` is no `cts<char, short, long>`.
                let exact = pats.len() == actual.len() || !self.template_has_pack(t);
                exact
                    && pats.len() <= actual.len()
                    && pats
                        .iter()
                        .zip(&actual)
                        .all(|(p, a)| self.match_targ(p, a, names, bound))
            }
            _ => {
                if mentions_param(pat, names) {
                    return false;
                }
                let (t, _) = self.resolve(pat);
                !t.is_error() && t == *ty
            }
        }
    }

    pub(super) fn match_targ_value(
        &mut self,
        ce: &'t ConstExpr,
        a: &TArg,
        names: &[Option<SmolStr>],
        bound: &mut [Option<TArg>],
    ) -> bool {
        if let Some(crate::body::Expr::Name(n)) = ce.exprs.get(ce.root.0 as usize) {
            if let Some(i) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
                let TArg::Value { value, .. } = a else { return false };
                return match &bound[i] {
                    Some(TArg::Value { value: v, .. }) => v == value,
                    Some(_) => false,
                    None => {
                        bound[i] = Some(a.clone());
                        true
                    }
                };
            }
        }
        let TArg::Value { value, .. } = a else { return false };
        self.ice(ce) == Some(*value)
    }

    /// `template <> struct S<args> { ... }` (item-tree record `r`): the specialization of
    /// class template `S` for `args`, laid out from its own definition and members.
    pub(super) fn record_specialization(&mut self, r: u32) {
        let ri = &self.it.records[r as usize];
        let (Some(name), Some(args)) = (ri.name.clone(), ri.specialization.as_ref()) else {
            return;
        };
        if ri.member_of_template.is_some() {
            return;
        }
        let Some(t) = self.dm.record_templates.get_index_of(&name) else {
            self.error("not-a-template", format!("\"{name}\" is not a class template"));
            return;
        };
        let rt = self.dm.record_templates[t].clone();
        let params: &'t [crate::item_tree::TemplateParamItem] = self
            .it
            .records
            .get(rt.record as usize)
            .and_then(|r| r.template.as_deref())
            .unwrap_or(&[]);
        let last_pack = params.last().is_some_and(|p| p.pack);
        if args.len() > params.len() && !last_pack {
            self.error(
                "template-args",
                format!("too many arguments for class template \"{name}\""),
            );
            return;
        }
        let mut out = Vec::new();
        // The written arguments name things of the specialization's namespace
        // (`template <> class barrier<thread_scope_block>` inside `namespace cuda`).
        let ns_scope = self
            .scope
            .is_none()
            .then(|| name.rsplit_once("::").map(|(ns, _)| SmolStr::new(ns)))
            .flatten();
        let saved_scope = match ns_scope {
            Some(ns) => self.scope.replace(ns),
            None => self.scope.clone(),
        };
        for (i, a) in args.iter().enumerate() {
            if params.is_empty() {
                self.scope = saved_scope;
                return;
            }
            match self.resolve_targ_at(a, params, i, &out) {
                Some(x) => out.push(x),
                None => {
                    self.scope = saved_scope;
                    return;
                }
            }
        }
        self.scope = saved_scope;
        if out.len() < params.len() && !(last_pack && out.len() + 1 == params.len()) {
            // `template <> class F<int>` of `template <class T, class U = void> class F`: the
            // omitted arguments are the defaults, computed from the earlier arguments in the
            // primary template's scope ([temp.expl.spec]/[temp.arg]).
            let saved_env = std::mem::take(&mut self.class_env);
            let saved_item = std::mem::replace(&mut self.cur_item, rt.item);
            let saved_scope = self.scope.replace(rt.name.clone());
            let ok = self.bind_template_args(params, &mut out, true);
            self.class_env = saved_env;
            self.cur_item = saved_item;
            self.scope = saved_scope;
            if !ok {
                self.error(
                    "template-args",
                    format!("too few arguments for class template \"{name}\""),
                );
                return;
            }
        }
        let out = pack_targs(params, out);
        // A specialization only named so far (`S<int>*`) is declared here.
        let named = self.dm.record_instances.get(&(t as u32, out.clone())).copied();
        if named.is_some_and(|n| !self.named_only.contains(&n)) {
            self.error(
                "redefinition",
                format!("specialization of \"{name}\" after instantiation"),
            );
            return;
        }
        self.named_only.retain(|n| Some(*n) != named);
        let saved_env = std::mem::take(&mut self.class_env);
        let saved_fn_env = std::mem::take(&mut self.template_env);
        let saved_written = std::mem::take(&mut self.alias_written);
        let saved_decl_mangle = std::mem::take(&mut self.decl_param_mangle);
        self.record_instance_decl(t as u32, &rt, out, r, named);
        self.class_env = saved_env;
        self.template_env = saved_fn_env;
        self.alias_written = saved_written;
        self.decl_param_mangle = saved_decl_mangle;
    }

    /// The class of specialization `args` of class template `t`, named and mangled, not laid
    /// out; `existing` when it was named before (`name_record`).
    fn instance_record(
        &mut self,
        t: u32,
        rt: &crate::ty::RecordTemplate,
        args: &[TArg],
        layout: u32,
        existing: Option<RecordId>,
    ) -> RecordId {
        // Values of `template <auto L>` parameters show their type (`W<5U>`, `W<(short)5>`):
        // `W<5>` and `W<5u>` are two classes with two names.
        let tparams: &[crate::item_tree::TemplateParamItem] = self
            .it
            .records
            .get(rt.record as usize)
            .and_then(|r| r.template.as_deref())
            .unwrap_or(&[]);
        let is_auto = |i: usize| {
            tparams
                .get(i)
                .or_else(|| tparams.last().filter(|p| p.pack))
                .is_some_and(|p| matches!(&p.kind, TemplateParamKind::Value { ty, .. } if is_auto_param(ty)))
        };
        let auto_flags: Vec<bool> = args
            .iter()
            .enumerate()
            .flat_map(|(i, a)| match a {
                TArg::Pack(v) => vec![is_auto(i); v.len()],
                _ => vec![is_auto(i)],
            })
            .collect();
        let shown: Vec<String> = flatten_targs(args)
            .iter()
            .enumerate()
            .map(|(i, a)| match a {
                TArg::Value { value, ty, .. } if auto_flags.get(i).copied().unwrap_or(false) => {
                    crate::check::show_typed_value(*value, ty)
                }
                // A class local to a function: its name qualified by the function's symbol
                // (two functions' classes of the same name are two specializations).
                TArg::Type { ty, .. } if local_class_of(ty).is_some() => {
                    let rd = local_class_of(ty).and_then(|r| self.dm.records.get(r));
                    let n = rd
                        .and_then(|r| r.name.clone())
                        .unwrap_or_else(|| SmolStr::new("<unnamed>"));
                    let scope = self
                        .dm
                        .local_records
                        .iter()
                        .find(|(_, r)| Some(**r) == local_class_of(ty))
                        .map(|(k, _)| k.enclosing.clone())
                        .unwrap_or_default();
                    let shown = crate::check::display_ty(ty, &self.dm.records);
                    shown.replacen(n.as_str(), &format!("{scope}::{n}"), 1)
                }
                TArg::Type { ty, .. } => crate::check::display_ty(ty, &self.dm.records),
                TArg::Value { value, ty, .. } if ty.kind == TyKind::Int(crate::ty::IntKind::Bool) => {
                    (*value != 0).to_string()
                }
                TArg::Value { value, .. } => value.to_string(),
                TArg::Pack(_) => String::new(),
                TArg::Template(q) => q.to_string(),
                d @ TArg::Decl { .. } => d.decl_shown(),
            })
            .collect();
        let display = SmolStr::new(format!("{}<{}>", rt.name, shown.join(", ")));
        let margs: Vec<MangleTArg> = args.iter().map(mangle_targ).collect();
        let mangle = match &rt.member_of {
            // `sel<true>::cls<int>`: `N3selILb1EE3clsIiEE`.
            Some(m) => MangleTy::MemberTemplate {
                scope: Box::new(m.mangle.clone()),
                name: SmolStr::new(rt.name.rsplit("::").next().unwrap_or(&rt.name)),
                args: margs,
            },
            None => MangleTy::Template {
                name: rt.name.clone(),
                args: margs,
            },
        };
        let is_union = self.it.records[layout as usize].kind == RecordKind::Union;
        let id = match existing {
            Some(id) => {
                self.dm.records[id].is_union = is_union;
                id
            }
            None => self.new_record(Some(display.clone()), is_union),
        };
        self.dm.records[id].mangle = Some(mangle);
        self.dm.record_instances.insert((t, args.to_vec()), id);
        id
    }

    pub(super) fn record_instance_decl(
        &mut self,
        t: u32,
        rt: &crate::ty::RecordTemplate,
        args: Vec<TArg>,
        layout: u32,
        existing: Option<RecordId>,
    ) -> RecordId {
        let id = self.instance_record(t, rt, &args, layout, existing);
        let display = self.dm.records[id].name.clone().unwrap_or_default();
        let mangle = self.dm.records[id]
            .mangle
            .clone()
            .unwrap_or(MangleTy::Named(display.clone()));
        let this = (layout, id, mangle.clone(), display.clone());
        let saved = self.record_override.replace(this.clone());
        let saved_scope = self.scope.replace(display.clone());
        let it = self.it;
        // Named classes nested in the template: implicit members of each specialization
        // (`Outer<int>::In`, mangled `N5OuterIiE2InE`), declared before the members that may
        // name them.
        // (Classes nested in those, at any depth, too: `Outer<int>::In::Deep`, mangled
        // `N5OuterIiE2In4DeepE`; each after its enclosing class, `nested` in pre-order.)
        let mut nested = Vec::new();
        let mut member_templates: Vec<(u32, SmolStr, MangleTy)> = Vec::new();
        let mut parents: Vec<(u32, SmolStr, Vec<SmolStr>)> = vec![(layout, display.clone(), Vec::new())];
        while let Some((parent, pdisplay, pnames)) = parents.pop() {
            let mut children = Vec::new();
            let members = self.nested_records_of.get(&parent).cloned().unwrap_or_default();
            for ni in members {
                let ri = &it.records[ni as usize];
                if ni == layout {
                    continue;
                }
                let Some(n) = &ri.name else { continue };
                let member = n.rsplit("::").next().unwrap_or(n);
                let ndisplay = SmolStr::new(format!("{pdisplay}::{member}"));
                if ri.template.is_some() || ri.specialization.is_some() {
                    member_templates.push((ni, ndisplay, names_scope(&mangle, &pnames)));
                    continue;
                }
                let mut names = pnames.clone();
                names.push(SmolStr::new(member));
                let nmangle = MangleTy::DependentName {
                    scope: Box::new(mangle.clone()),
                    names: names.clone(),
                };
                let nid = self.new_record(Some(ndisplay.clone()), ri.kind == RecordKind::Union);
                let rd = &mut self.dm.records[nid];
                rd.mangle = Some(nmangle.clone());
                rd.restricted = ri.restricted.clone();
                rd.friends = ri.friends.clone();
                rd.nested = true;
                nested.push((ni, nid, nmangle, ndisplay.clone()));
                children.push((ni, ndisplay, names));
            }
            if nested.len() > 4096 {
                break;
            }
            // (Depth first, in declaration order.)
            parents.extend(children.into_iter().rev());
        }
        let saved_enclosing = self.enclosing_overrides.len();
        self.enclosing_overrides.extend(nested.iter().cloned());
        self.register_member_templates(&member_templates, &this, &nested);
        // Members in declaration order (member typedefs, alias templates, static data members,
        // `static_assert`s, member functions, and each nested class, its own members then its
        // layout, where its definition ends), then the layout.
        let mut done = vec![false; nested.len()];
        let saved_sig = std::mem::replace(&mut self.sig_name_only, true);
        let sig_mark = self.sig_named.len();
        self.instance_members_before_layout(layout, &display, &nested, &this, &mut done);
        self.sig_name_only = saved_sig;
        self.record_override = Some(this.clone());
        self.scope = Some(display.clone());
        self.lay_out(layout as usize, id);
        // The specializations the members' signatures only named: complete now that this
        // class is (a return type that holds this class as a field).
        let named_by_sigs: Vec<RecordId> = self.sig_named.drain(sig_mark..).collect();
        for rid in named_by_sigs {
            self.instantiate_named_one(rid);
        }
        self.enclosing_overrides.truncate(saved_enclosing);
        self.record_override = saved;
        self.scope = saved_scope;
        id
    }

    /// The member typedefs, alias templates, static data members, `static_assert`s and member
    /// functions of item-tree record `layout` declared as members of the specialization (or nested class) named `display`,
    /// in declaration order; each class nested directly in it (of `nested`, the specialization
    /// `this`'s nested classes) is declared and laid out where its definition ends, so that
    /// later members may use it complete (`using TempStorage = Uninitialized<_TempStorage>;`).
    pub(super) fn instance_members_before_layout(
        &mut self,
        layout: u32,
        display: &SmolStr,
        nested: &[(u32, RecordId, MangleTy, SmolStr)],
        this: &(u32, RecordId, MangleTy, SmolStr),
        done: &mut [bool],
    ) {
        let it = self.it;
        let enums = self.enums_of.get(&layout).cloned().unwrap_or_default();
        for (ei, e) in enums.iter().map(|&e| (e as usize, &it.enums[e as usize])) {
            // The enumeration's type is one for all specializations (its enumerators are
            // the specialization's).
            let kind = self.enum_fixed_type(e).unwrap_or(IntKind::Int);
            match self.enum_kinds[ei] {
                Some(k) if k.repr != kind => self.error(
                    "unsupported",
                    "unsupported: an enumeration member of a class template whose underlying type depends on the \
                     template arguments"
                        .into(),
                ),
                _ => self.set_enum_kinds(
                    ei,
                    crate::def_map::EnumKinds {
                        repr: kind,
                        underlying: if e.fixed.is_none() && !e.scoped && !self.options.nvrtc {
                            IntKind::UInt
                        } else {
                            kind
                        },
                    },
                ),
            }
            let mut next: i128 = 0;
            for (name, value) in &e.enumerators {
                if let Some(ce) = value {
                    if let Some(v) = self.ice(ce) {
                        next = v;
                    }
                }
                if !super::decls::int_kind_holds(kind, next) {
                    if e.fixed.is_some() {
                        let shown = super::super::display_ty(&Ty::int(kind), &self.dm.records);
                        self.error(
                            "enum-range",
                            format!("enumeration value is outside the range of its underlying type (\"{shown}\")"),
                        );
                    } else {
                        self.error(
                            "unsupported",
                            "unsupported: enumerator value outside the range of int".into(),
                        );
                    }
                }
                let member = name.rsplit("::").next().unwrap_or(name);
                let q = SmolStr::new(format!("{display}::{member}"));
                self.dm
                    .values
                    .insert(q.clone(), vec![ValueDef::Enumerator(next as i64, kind)]);
                self.dm.declared_at.entry(q).or_insert(self.cur_item);
                next += 1;
            }
        }
        // (A member function defined in the class is an item after the class: ordered by
        // `member_pos`, before the member item it preceded.)
        let mut members: Vec<((u32, bool), usize)> = Vec::new();
        let member_items = self.members_of.get(&layout).cloned().unwrap_or_default();
        for idx in member_items.into_iter().map(|i| i as usize) {
            let item = &it.items[idx];
            let key = match item {
                Item::MemberTypedef { record, .. } if *record == layout => (idx as u32, true),
                Item::AliasTemplate { member_of, .. } if *member_of == Some(layout) => (idx as u32, true),
                Item::Var(v) if v.member_of == Some(layout) => (idx as u32, true),
                Item::MemberStaticAssert { record, .. } if *record == layout => (idx as u32, true),
                Item::Function(fi) => match &fi.method {
                    Some(m) if m.record == layout => (m.member_pos.min(idx as u32), false),
                    // A hidden friend: after the class's members.
                    None if fi.attrs.friend_record == Some(layout) => (idx as u32, true),
                    _ => continue,
                },
                _ => continue,
            };
            members.push((key, idx));
        }
        members.sort();
        for (key, idx) in members {
            let item = &it.items[idx];
            self.nested_classes_before(layout, Some(key.0), nested, this, done);
            match item {
                Item::MemberTypedef { name, ty, .. } => {
                    let saved_item = std::mem::replace(&mut self.cur_item, idx as u32);
                    let member = name.rsplit("::").next().unwrap_or(name);
                    self.typedef(&SmolStr::new(format!("{display}::{member}")), ty);
                    self.cur_item = saved_item;
                }
                Item::AliasTemplate { name, params, ty, .. } => {
                    let member = name.rsplit("::").next().unwrap_or(name);
                    let env: Vec<(SmolStr, TArg)> = self.class_env.clone();
                    let a = crate::def_map::AliasTemplate {
                        params: params.clone(),
                        ty: ty.clone(),
                        item: idx as u32,
                        env,
                    };
                    self.dm
                        .alias_templates
                        .insert(SmolStr::new(format!("{display}::{member}")), a);
                }
                Item::Var(v) => {
                    let saved_item = std::mem::replace(&mut self.cur_item, idx as u32);
                    let member = v.name.rsplit("::").next().unwrap_or(&v.name);
                    self.var(v, &SmolStr::new(format!("{display}::{member}")));
                    self.cur_item = saved_item;
                }
                Item::MemberStaticAssert { cond, message, .. } => {
                    let saved_item = std::mem::replace(&mut self.cur_item, idx as u32);
                    self.static_assert(cond, message);
                    self.cur_item = saved_item;
                }
                Item::Function(fi) => {
                    let saved_item = std::mem::replace(&mut self.cur_item, idx as u32);
                    self.function(fi);
                    self.cur_item = saved_item;
                }
                _ => {}
            }
        }
        self.nested_classes_before(layout, None, nested, this, done);
    }

    /// Registers the member class templates of the specialization being declared (`this`),
    /// each `(record, qualified name, ABI scope)`, as class templates of their own named by
    /// the specialization (`sel<true>::cls`), with the enclosing parameters bound; then their
    /// partial specializations, written in the class, as that template's.
    fn register_member_templates(
        &mut self,
        members: &[(u32, SmolStr, MangleTy)],
        this: &(u32, RecordId, MangleTy, SmolStr),
        nested: &[(u32, RecordId, MangleTy, SmolStr)],
    ) {
        let it = self.it;
        let item_of = |r: u32| {
            it.items
                .iter()
                .position(|i| matches!(i, Item::Record(x) if *x == r))
                .map(|p| p as u32)
        };
        let mut enclosing = self.enclosing_overrides.clone();
        if !enclosing.iter().any(|e| e.1 == this.1) {
            enclosing.push(this.clone());
        }
        for (r, key, scope) in members {
            let ri = &it.records[*r as usize];
            if ri.specialization.is_some() {
                continue;
            }
            // (Inside a nested class of the specialization: that class is the innermost scope.)
            let mut encl = enclosing.clone();
            if let Some(n) = nested.iter().find(|n| Some(n.0) == ri.member_of_template) {
                encl.retain(|e| e.1 != n.1);
                encl.push(n.clone());
            }
            if self.dm.record_templates.contains_key(key) {
                continue;
            }
            let params = ri.template.clone().unwrap_or_default();
            let rt = crate::ty::RecordTemplate {
                name: key.clone(),
                params,
                record: *r,
                item: item_of(*r).unwrap_or(self.cur_item),
                decl: None,
                member_of: Some(crate::ty::MemberTemplateScope {
                    env: self.class_env.clone(),
                    mangle: scope.clone(),
                    enclosing: encl,
                }),
            };
            self.insert_record_template(key.clone(), rt);
        }
        for (r, key, _) in members {
            let ri = &it.records[*r as usize];
            if ri.specialization.is_none() {
                continue;
            }
            match self.dm.record_templates.get_index_of(key) {
                Some(t) => self.dm.partial_specs.entry(t as u32).or_default().push(*r),
                None => {
                    let n = key.rsplit("::").next().unwrap_or(key);
                    self.error("not-a-template", format!("\"{n}\" is not a class template"));
                }
            }
        }
    }

    /// Declares and lays out the classes of `nested` defined directly in item-tree record
    /// `parent` whose definitions end before member item `before` (all of them when `None`),
    /// in declaration order.
    fn nested_classes_before(
        &mut self,
        parent: u32,
        before: Option<u32>,
        nested: &[(u32, RecordId, MangleTy, SmolStr)],
        this: &(u32, RecordId, MangleTy, SmolStr),
        done: &mut [bool],
    ) {
        let it = self.it;
        for k in 0..nested.len() {
            let n = &nested[k];
            let Some(ri) = it.records.get(n.0 as usize) else {
                continue;
            };
            if done[k] || ri.member_of_template != Some(parent) || before.is_some_and(|b| ri.member_end > b) {
                continue;
            }
            done[k] = true;
            let n = n.clone();
            let saved = self.record_override.replace(n.clone());
            let saved_scope = self.scope.replace(n.3.clone());
            self.enclosing_overrides.push(this.clone());
            self.instance_members_before_layout(n.0, &n.3, nested, this, done);
            self.record_override = Some(n.clone());
            self.scope = Some(n.3.clone());
            self.lay_out(n.0 as usize, n.1);
            self.enclosing_overrides.pop();
            self.record_override = saved;
            self.scope = saved_scope;
        }
    }
}

/// The ABI scope of a member of the class nested as `names` in specialization `mangle`.
fn names_scope(mangle: &MangleTy, names: &[SmolStr]) -> MangleTy {
    if names.is_empty() {
        mangle.clone()
    } else {
        MangleTy::DependentName {
            scope: Box::new(mangle.clone()),
            names: names.to_vec(),
        }
    }
}

/// The class local to a function body that `ty` is (cv-qualified or not).
fn local_class_of(ty: &Ty) -> Option<RecordId> {
    match ty.kind {
        TyKind::Record(r) if r.0 & crate::ty::LOCAL_RECORD_BIT != 0 => Some(r),
        _ => None,
    }
}
