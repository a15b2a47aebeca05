//! Enums, typedefs, namespace-scope `static_assert` and `using` declarations.

use super::*;
use crate::def_map::EnumKinds;
use crate::ty::IntKind;

/// Whether the integer type `k` represents `v`.
pub(super) fn int_kind_holds(k: IntKind, v: i128) -> bool {
    let bits = if k == IntKind::Bool { 1 } else { k.bits() };
    if k.is_signed() {
        let half = 1i128 << (bits - 1);
        (-half..half).contains(&v)
    } else {
        (0..1i128 << bits).contains(&v)
    }
}

/// The integer type an enumeration without a fixed type takes for values in `min..=max`:
/// `int`, `unsigned int`, `long` or `unsigned long`; `None` when none holds them.
pub(super) fn smallest_enum_kind(min: i128, max: i128) -> Option<IntKind> {
    [IntKind::Int, IntKind::UInt, IntKind::Long, IntKind::ULong]
        .into_iter()
        .find(|&k| int_kind_holds(k, min) && int_kind_holds(k, max))
}

impl<'t> Builder<'t> {
    // ---- enums ---------------------------------------------------------------------------------

    pub(super) fn ensure_enum(&mut self, i: usize) {
        if i >= self.it.enums.len() || self.enum_state[i] != State::NotStarted {
            return;
        }
        self.enum_state[i] = State::InProgress;
        let e = &self.it.enums[i];
        if self.enum_names[i].is_none() {
            self.enum_names[i] = e.name.clone();
        }
        if let Some(n) = &e.name {
            if !self.dm.enum_names.contains(n) {
                self.dm.enum_names.push(n.clone());
            }
        }
        if e.member_of_template.is_some() {
            // Declared with each specialization (`instance_members_before_layout`), which
            // resolves the fixed type with its arguments.
            self.enum_state[i] = State::Done;
            return;
        }
        let fixed = self.enum_fixed_type(e);
        if let Some(tr) = &e.fixed {
            // A scoped enumeration member of a class template is declared once: its type
            // cannot follow the template's arguments.
            let mut names = Vec::new();
            names_in(tr, &mut names);
            let bound = |env: &[(SmolStr, TArg)]| env.iter().any(|(n, _)| names.contains(n));
            if bound(&self.class_env) || bound(&self.template_env) {
                self.error(
                    "unsupported",
                    "unsupported: an enumeration member of a class template whose underlying type depends on the \
                     template arguments"
                        .into(),
                );
            }
        }
        if let Some(k) = fixed {
            // Known before the enumerators: their initializers may name the enumeration.
            self.set_enum_kinds(i, EnumKinds { repr: k, underlying: k });
        }
        let mut next: i128 = 0;
        let mut declared = Vec::new();
        let (mut min, mut max) = (0i128, 0i128);
        for (idx, (name, value)) in e.enumerators.iter().enumerate() {
            if let Some(ce) = value {
                // The value names the members of the enumeration's namespace unqualified.
                let saved = self.scope.clone();
                if self.scope.is_none() {
                    self.scope = name.rsplit_once("::").map(|(ns, _)| SmolStr::new(ns));
                }
                let v = self.ice(ce);
                self.scope = saved;
                if let Some(v) = v {
                    next = v;
                }
            }
            if idx == 0 {
                (min, max) = (next, next);
            }
            (min, max) = (min.min(next), max.max(next));
            // Inside the definition an enumerator without a fixed type has its value's type.
            let kind = match fixed {
                Some(k) => {
                    if !int_kind_holds(k, next) {
                        let shown = super::super::display_ty(&Ty::int(k), &self.dm.records);
                        self.error(
                            "enum-range",
                            format!("enumeration value is outside the range of its underlying type (\"{shown}\")"),
                        );
                    }
                    k
                }
                None => match smallest_enum_kind(next, next) {
                    Some(k) => k,
                    None => {
                        self.error(
                            "unsupported",
                            "unsupported: enumerator value outside the range of long".into(),
                        );
                        IntKind::Int
                    }
                },
            };
            if self.dm.values.contains_key(name) {
                self.error(
                    "redeclaration",
                    format!("\"{name}\" has already been declared in the current scope"),
                );
            } else {
                self.dm
                    .values
                    .insert(name.clone(), vec![ValueDef::Enumerator(next as i64, kind)]);
                self.dm.declared_at.entry(name.clone()).or_insert(self.cur_item);
                declared.push(name.clone());
                // An unscoped enumerator is also named through its enumeration (`E::A`,
                // [dcl.enum]).
                if let Some(en) = &e.name {
                    let last = name.rsplit("::").next().unwrap_or(name);
                    if !name.starts_with(&format!("{en}::")) {
                        let q = SmolStr::new(format!("{en}::{last}"));
                        if !self.dm.values.contains_key(&q) {
                            self.dm
                                .values
                                .insert(q.clone(), vec![ValueDef::Enumerator(next as i64, kind)]);
                            declared.push(q);
                        }
                    }
                }
            }
            next += 1;
        }
        // Without a fixed type: `int` when the values fit it (EDG's underlying type is then
        // `unsigned int` when none is negative), else the smallest of `unsigned int`, `long` and
        // `unsigned long` that holds them all; the enumerators then have the enumeration's type.
        let kinds = match fixed {
            Some(k) => EnumKinds { repr: k, underlying: k },
            None => {
                let repr = smallest_enum_kind(min, max).unwrap_or(IntKind::Int);
                // (NVRTC's front end keeps `int`.)
                let underlying = if repr == IntKind::Int && min >= 0 && !self.options.nvrtc {
                    IntKind::UInt
                } else {
                    repr
                };
                EnumKinds { repr, underlying }
            }
        };
        self.set_enum_kinds(i, kinds);
        for q in declared {
            if let Some(defs) = self.dm.values.get_mut(&q) {
                for d in defs {
                    if let ValueDef::Enumerator(_, k) = d {
                        *k = kinds.repr;
                    }
                }
            }
        }
        self.enum_state[i] = State::Done;
    }

    /// The fixed underlying type of an enumeration (`int` for a scoped one without one); `None`
    /// when its values choose it.
    pub(super) fn enum_fixed_type(&mut self, e: &'t crate::item_tree::EnumItem) -> Option<IntKind> {
        match &e.fixed {
            Some(tr) => {
                let (t, m) = self.resolve(tr);
                match t.kind {
                    _ if t.is_error() => Some(IntKind::Int),
                    // (An enumeration is not an integral type.)
                    TyKind::Int(k) if matches!(m.strip_top_quals(), MangleTy::Builtin(_)) => Some(k),
                    _ => {
                        self.error(
                            "invalid-type",
                            "underlying type of enum type must be an integral type".into(),
                        );
                        Some(IntKind::Int)
                    }
                }
            }
            None if e.scoped => Some(IntKind::Int),
            None => None,
        }
    }

    pub(super) fn set_enum_kinds(&mut self, i: usize, k: EnumKinds) {
        self.enum_kinds[i] = Some(k);
        if let Some(n) = &self.it.enums[i].name {
            if k != EnumKinds::default() {
                self.dm.enum_kinds.insert(n.clone(), k);
            }
        }
    }

    // ---- typedefs ------------------------------------------------------------------------------

    pub(super) fn typedef(&mut self, name: &SmolStr, tr: &'t TypeRef) {
        let (t, mut m) = self.resolve(tr);
        // `typedef struct { ... } name;`: the typedef names the record for linkage purposes.
        let mut inner = tr;
        while let TypeRef::Qualified(_, i) = inner {
            inner = i;
        }
        match inner {
            TypeRef::Record {
                name: None,
                def: Some(i),
                ..
            } => {
                if let Some(id) = self.record_map.get(*i as usize).copied().flatten() {
                    let rd = &mut self.dm.records[id];
                    if rd.name.is_none() {
                        rd.name = Some(name.clone());
                        m = MangleTy::qualified(t.quals, MangleTy::Named(name.clone()));
                    }
                }
            }
            TypeRef::Enum {
                name: None,
                def: Some(i),
            } => {
                if let Some(slot) = self.enum_names.get_mut(*i as usize) {
                    if slot.is_none() {
                        *slot = Some(name.clone());
                        m = MangleTy::qualified(t.quals, MangleTy::Named(name.clone()));
                    }
                }
            }
            _ => {}
        }
        if let Some(old) = self.dm.typedefs.get(name) {
            if *old != t && !old.is_error() && !t.is_error() {
                self.error(
                    "redeclaration",
                    format!("invalid redeclaration of type name \"{name}\""),
                );
            }
            return;
        }
        self.dm.typedefs.insert(name.clone(), t);
        self.typedef_mangle.insert(name.clone(), m);
    }

    /// `static_assert` at namespace scope: evaluated here when the condition is an integer
    /// constant expression, deferred to the constexpr interpreter when it calls functions.
    pub(super) fn static_assert(&mut self, ce: &'t ConstExpr, message: &Option<String>) {
        let mut round = 0;
        let (body, root, diags, val) = loop {
            let (r, requests, nested) = {
                let mut ck = Checker::new(&self.dm, self.options, &ce.exprs, &ce.types);
                ck.at_override = Some(DiagAt::Function);
                ck.template_env = self.class_env.iter().chain(&self.template_env).cloned().collect();
                ck.scope = self.scope.clone();
                ck.spec_scopes = self.spec_scopes();
                let v = ck.value(ce.root);
                let val = if ck.ty(v).is_error() {
                    None
                } else {
                    ck.eval(v).and_then(|c| c.as_int())
                };
                let nested = ck.take_nested_requests();
                (
                    (std::mem::take(&mut ck.out), v, std::mem::take(&mut ck.diags), val),
                    std::mem::take(&mut ck.record_requests),
                    nested,
                )
            };
            round += 1;
            // Function template instances the condition calls come after the items: it is
            // checked again then (`static_assert(is_power_of_two(32))`).
            if !nested.0.is_empty() && !self.items_done && !self.retry_vars.contains(&self.cur_item) {
                self.retry_vars.push(self.cur_item);
            }
            self.note_nested_requests(nested);
            // Class template specializations the condition names are instantiated first.
            if requests.is_empty() || round == 8 || !self.instantiate_requests(requests) {
                break r;
            }
        };
        if diags.iter().any(|d| d.severity == Severity::Error) {
            self.push_body_diags(diags);
            return;
        }
        match val {
            Some(0) => self.error("static-assert", crate::def_map::static_assert_failed(message)),
            Some(_) => {}
            None => self.dm.deferred_asserts.push(crate::def_map::DeferredAssert {
                item: self.cur_item,
                body,
                root,
                message: message.clone(),
            }),
        }
    }

    /// `using N::name;`: `name` denotes what `N::name` denotes (values, typedefs, tags) from here.
    pub(super) fn using_decl(&mut self, name: &SmolStr, target: &SmolStr) {
        // The target is looked up qualified: also through the inline namespaces and directives
        // of the namespaces it names (`using ::cuda::std::thread_scope;` names
        // `cuda::std::__4::thread_scope`).
        let is_template = |dm: &DefMap, q: &SmolStr| {
            dm.record_templates.contains_key(q)
                || dm.alias_templates.contains_key(q)
                || dm.var_templates.contains_key(q)
        };
        let declared = |dm: &DefMap, q: &SmolStr| {
            dm.values.contains_key(q)
                || dm.typedefs.contains_key(q)
                || dm.tags.contains_key(q)
                || dm.enum_names.contains(q)
                || is_template(dm, q)
                || dm.template_usings.contains_key(q)
        };
        if !declared(&self.dm, target) {
            let mut c = vec![target.clone()];
            crate::lookup_through_directives(&mut c, |ns| self.dm.nominated.get(ns).map(Vec::as_slice));
            if let Some(q) = c.into_iter().skip(1).find(|q| declared(&self.dm, q)) {
                return self.using_decl(name, &q);
            }
            // `using ::cuda::std::ranges::__4::get;` (libcu++'s `using _CUDA_VRANGES::get;`): the
            // inline namespace's member as warpc names it, `cuda::std::ranges::get`.
            let unspelled = self.dm.inline_spelled.iter().find_map(|(abi, named)| {
                let rest = target.strip_prefix(abi.as_str()).filter(|r| r.starts_with("::"))?;
                Some(SmolStr::new(format!("{named}{rest}")))
            });
            if let Some(q) = unspelled.filter(|q| q != target && declared(&self.dm, q)) {
                return self.using_decl(name, &q);
            }
        }
        let mut found = false;
        if let Some(defs) = self.dm.values.get(target).cloned() {
            let same_sig = |dm: &DefMap, a: FnId, b: FnId| {
                let (x, y) = (&dm.function(a).sig, &dm.function(b).sig);
                x.params == y.params && x.variadic == y.variadic
            };
            for d in defs {
                let entry = self.dm.values.get(name).map(Vec::as_slice).unwrap_or(&[]);
                // A function the namespace already declares with the same parameters hides the
                // one the using-declaration names (`namespace std { float sqrt(float); using
                // ::sqrt; }` with a global `sqrt(float)`, as CUDA's and libstdc++'s headers have).
                let hidden = match d {
                    ValueDef::Function(f) => entry
                        .iter()
                        .any(|e| matches!(e, ValueDef::Function(g) if same_sig(&self.dm, f, *g))),
                    _ => false,
                };
                if !entry.contains(&d) && !hidden {
                    self.dm.values.entry(name.clone()).or_default().push(d);
                }
            }
            self.dm.declared_at.entry(name.clone()).or_insert(self.cur_item);
            found = true;
        }
        if let Some(t) = self.dm.typedefs.get(target).cloned() {
            self.dm.typedefs.insert(name.clone(), t);
            if let Some(m) = self.typedef_mangle.get(target).cloned() {
                self.typedef_mangle.insert(name.clone(), m);
            }
            found = true;
        }
        if let Some(r) = self.dm.tags.get(target).copied() {
            self.dm.tags.entry(name.clone()).or_insert(r);
            found = true;
        }
        // An enumeration (its name stays the target's; lowering resolves the alias).
        if self.dm.enum_names.contains(target) {
            if name != target {
                let t = self
                    .dm
                    .enum_usings
                    .get(target)
                    .cloned()
                    .unwrap_or_else(|| target.clone());
                self.dm.enum_usings.insert(name.clone(), t);
            }
            found = true;
        }
        // A class, alias or variable template (or a name an earlier using-declaration gave one).
        let template = match self.dm.template_usings.get(target) {
            Some(t) => Some(t.clone()),
            None => is_template(&self.dm, target).then(|| target.clone()),
        };
        if let Some(t) = template {
            if &t != name {
                self.dm.template_usings.insert(name.clone(), t);
            }
            found = true;
        }
        if !found {
            let (ns, last) = target.rsplit_once("::").unwrap_or(("", target));
            self.error(
                "undefined-identifier",
                format!("namespace \"{ns}\" has no member \"{last}\""),
            );
        }
    }
}
