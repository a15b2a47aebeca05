//! Names in bodies: scopes, lookup of namespace-scope declarations, undefined-name
//! diagnostics with suggestions, builtin variables (`threadIdx`, ...).

use super::access::find_field;
use super::checker::{split_scope, Checker};
use super::consteval::CVal;
use super::DiagAt;
use crate::body::ExprId;
use crate::def_map::{DefMap, ValueDef};
use crate::thir::{BuiltinVar, CastKind, Dim, ExprKind, LocalId, TExprId, TInit, ValueCategory};
use crate::ty::{ConstValue, ExecSpace, FnId, GlobalId, IntKind, RecordId, Ty, TyKind, VarSpace};
use smol_str::SmolStr;
use warpc_base::Severity;

pub(crate) const BUILTIN_VARS: [&str; 5] = ["threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"];

/// Edit distance over Unicode scalar values: insertions, deletions, substitutions and swaps of
/// two adjacent characters count one each (optimal string alignment; a case change is an edit).
#[cfg(test)]
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    osa_within(&a, &b, usize::MAX).unwrap_or(usize::MAX)
}

/// [`edit_distance`] of `a` and `b` when it is at most `limit`; `None` (possibly early, once a
/// whole row of the table exceeds `limit`) when it is more.
fn osa_within<T: PartialEq>(a: &[T], b: &[T], limit: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for (j, x) in d.iter_mut().enumerate().take(w) {
        *x = j;
    }
    for i in 1..=a.len() {
        d[i * w] = i;
        let mut row_min = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j - 1] + cost)
                .min(d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
            row_min = row_min.min(v);
        }
        // Every path to the last cell crosses this row (a swap reaches back one row, but no
        // lower than the row's minimum).
        if row_min > limit {
            return None;
        }
    }
    Some(d[a.len() * w + b.len()]).filter(|&v| v <= limit)
}

/// [`osa_within`] over bytes when both names are ASCII (most are), over characters otherwise.
pub(crate) fn distance_within(a: &str, b: &str, limit: usize) -> Option<usize> {
    if a.is_ascii() && b.is_ascii() {
        return osa_within(a.as_bytes(), b.as_bytes(), limit);
    }
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    osa_within(&a, &b, limit)
}

impl<'a> Checker<'a> {
    // ---- scopes and names ----------------------------------------------------------------------

    pub(crate) fn lookup_local(&self, name: &str) -> Option<LocalId> {
        for scope in self.scopes.iter().rev() {
            if let Some((_, l)) = scope.iter().rev().find(|(n, _)| n == name) {
                return Some(*l);
            }
        }
        // An element of a function parameter pack, inside one element of a pack expansion.
        let i = self.pack_index?;
        self.pack_locals
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .and_then(|(_, ls)| ls.get(i).copied())
    }

    /// The number of elements of pack `name` (a function parameter pack or a template
    /// parameter pack).
    pub(crate) fn pack_len(&self, name: &str) -> Option<usize> {
        if let Some((_, ls)) = self.pack_locals.iter().rev().find(|(n, _)| n == name) {
            return Some(ls.len());
        }
        self.template_env.iter().rev().find_map(|(n, a)| match a {
            crate::ty::TArg::Pack(v) if n == name => Some(v.len()),
            _ => None,
        })
    }

    /// The namespace-scope declarations of `name` visible here. Inside a function body that is
    /// only what an item before the function's own declared (or that item itself: recursion),
    /// as C++ requires a declaration before a use.
    pub(crate) fn visible_values(&self, name: &str) -> Option<&'a Vec<ValueDef>> {
        let dm: &'a DefMap = self.dm;
        let here = self.current_item();
        // Members of the current class are visible in its member functions wherever declared.
        let class_prefix = self
            .func
            .as_ref()
            .and_then(|f| f.record)
            .and_then(|r| dm.records.get(r))
            .and_then(|r| r.name.as_ref())
            .or_else(|| self.func.as_ref().and_then(|f| f.friend_of.as_ref()))
            .map(|n| format!("{n}::"));
        self.name_candidates(name).into_iter().find_map(|q| {
            let defs = dm.values.get(&q)?;
            // Hidden friends are found only by argument-dependent lookup.
            if !dm.hidden_friends.is_empty()
                && defs
                    .iter()
                    .all(|d| matches!(d, ValueDef::Function(f) if dm.hidden_friends.contains(&f.0)))
            {
                return None;
            }
            let own_member = class_prefix.as_ref().is_some_and(|p| q.starts_with(p.as_str()));
            if !own_member && here.is_some_and(|here| dm.declared_at.get(&q).is_some_and(|&at| at > here)) {
                return None;
            }
            Some(defs)
        })
    }

    /// The qualified names an unqualified or partly qualified `name` may denote in the current
    /// function, most specific first: inside each namespace enclosing the function (innermost
    /// first), at global scope, then through each earlier `using namespace` directive.
    pub(crate) fn name_candidates(&self, name: &str) -> Vec<SmolStr> {
        if let Some(g) = name.strip_prefix("::") {
            return self.global_name_candidates(g);
        }
        let here = self.current_item();
        let aliased;
        let name = match name.split_once("::").and_then(|(first, rest)| {
            let (_, _, target) = self.dm.ns_aliases.iter().rev().find(|(at, a, _)| {
                here.is_none_or(|h| *at < h) && (a == first || a.rsplit("::").next() == Some(first))
            })?;
            Some((target, rest))
        }) {
            Some((target, rest)) => {
                aliased = format!("{target}::{rest}");
                aliased.as_str()
            }
            None => name,
        };
        let mut out = Vec::new();
        for (tname, display) in &self.spec_scopes {
            if let Some(rest) = name.strip_prefix(tname.as_str()).and_then(|r| r.strip_prefix("::")) {
                out.push(SmolStr::new(format!("{display}::{rest}")));
            } else if let Some((_, injected)) = tname.rsplit_once("::") {
                // The injected-class-name of a class template in a namespace, as written
                // (`BlockRakingLayout::GRID_ELEMENTS` in a class nested in
                // `cub::BlockRakingLayout<int, 128>`).
                if let Some(rest) = name.strip_prefix(injected).and_then(|r| r.strip_prefix("::")) {
                    out.push(SmolStr::new(format!("{display}::{rest}")));
                }
            }
        }
        let (first, rest) = match name.split_once("::") {
            Some((f, r)) => (f, Some(r)),
            None => (name, None),
        };
        if let (Some(rest), Some(t)) = (rest, self.template_param_type(first)) {
            // `T::value` with `T` a template parameter bound to a class.
            if let Some(rid) = super::cxx::record_of(&t) {
                if let Some(rn) = self.dm.records.get(rid).and_then(|r| r.name.clone()) {
                    out.push(SmolStr::new(format!("{rn}::{rest}")));
                    if !rest.contains("::") {
                        self.push_base_members(rid, rest, &mut out);
                    }
                    return out;
                }
            }
        }
        if let Some((_, _, target)) = self.using_aliases.iter().rev().find(|(_, n, _)| n == first) {
            out.push(match rest {
                Some(r) => SmolStr::new(format!("{target}::{r}")),
                None => target.clone(),
            });
        }
        let here = self.current_item();
        if let Some(s) = &self.scope {
            out.push(SmolStr::new(format!("{s}::{name}")));
            if rest.is_none() {
                // The scope a class (a member typedef's or static member's initializer): then
                // the members of its bases.
                if let Some(&rid) = self.dm.tags.get(s) {
                    self.push_base_members(rid, name, &mut out);
                }
            }
            // Then the namespaces enclosing the scope, innermost first (`cub::X` from
            // `cub::BlockScan`, `details::id` inside `cg::__v1::C`); template argument lists are
            // kept whole.
            let parts = split_scope(s);
            for k in (1..parts.len()).rev() {
                out.push(SmolStr::new(format!("{}::{name}", parts[..k].join("::"))));
            }
        }
        if let Some(class) = self.func.as_ref().and_then(|f| f.friend_of.as_ref()) {
            // A friend function defined in its class: the class's members (and its bases'),
            // then those of the classes enclosing it, before the namespaces ([class.friend]/7).
            out.push(SmolStr::new(format!("{class}::{name}")));
            let spec = self
                .func
                .as_ref()
                .and_then(|f| self.dm.friend_records.get(&f.id.0))
                .map(|(_, r)| *r);
            if let Some(rid) = spec.or_else(|| self.dm.tags.get(class).copied()) {
                self.push_base_members(rid, name, &mut out);
            }
            let parts = split_scope(class);
            for k in (1..parts.len()).rev() {
                out.push(SmolStr::new(format!("{}::{name}", parts[..k].join("::"))));
            }
        }
        if let Some(f) = &self.func {
            let parts: Vec<&str> = f.name.split("::").collect();
            for k in (1..parts.len()).rev() {
                out.push(SmolStr::new(format!("{}::{name}", parts[..k].join("::"))));
                if k + 1 == parts.len() {
                    // Inside a member function: then the members of its class's bases.
                    if let Some(rid) = f.record {
                        self.push_base_members(rid, name, &mut out);
                    }
                }
            }
        }
        out.push(SmolStr::new(name));
        let fn_name = match (&self.func, &self.scope) {
            (Some(f), _) => f.name.as_str(),
            (None, Some(s)) => s.as_str(),
            (None, None) => "",
        };
        for (_, ns) in self.local_using_dirs.iter().rev() {
            out.push(SmolStr::new(format!("{ns}::{name}")));
        }
        for (at, ns, scope) in &self.dm.using_dirs {
            let inside = scope.is_empty()
                || fn_name
                    .strip_prefix(scope.as_str())
                    .is_some_and(|r| r.starts_with("::"));
            if here.is_none_or(|h| *at < h) && inside {
                out.push(SmolStr::new(format!("{ns}::{name}")));
            }
        }
        if let Some((prefix, last)) = name.rsplit_once("::") {
            // `std::true_type::value`: a member of the class a typedef names.
            // (Computed once: each `::` level recurses.)
            let prefix_candidates = self.name_candidates(prefix);
            let class = prefix_candidates.iter().find_map(|q| match self.dm.typedefs.get(q) {
                Some(t) => super::cxx::record_of(t),
                None => None,
            });
            let class = class.or_else(|| {
                let (_, _, t) = self.local_typedefs.iter().rev().find(|(_, n, _)| n == prefix)?;
                super::cxx::record_of(t)
            });
            if let Some(rn) = class.and_then(|r| self.dm.records.get(r)).and_then(|r| r.name.clone()) {
                out.push(SmolStr::new(format!("{rn}::{last}")));
            }
            // `Derived::value` names a member of a base class too ([class.member.lookup]): the
            // bases in declaration order, depth first, after the class's own members.
            let class = class.or_else(|| prefix_candidates.iter().find_map(|q| self.dm.tags.get(q).copied()));
            if let Some(rid) = class {
                self.push_base_members(rid, last, &mut out);
            }
        }
        if name.contains("::") && !self.dm.nominated.is_empty() {
            // Unqualified names reach nominated namespaces through `using_dirs` above.
            crate::lookup_through_directives(&mut out, |ns| self.dm.nominated.get(ns).map(Vec::as_slice));
        }
        self.extend_candidates(out, name.contains("::"))
    }

    /// The candidates that inline namespaces' spellings, enumerations named by
    /// using-declarations and templates named by using-declarations add to `out`.
    fn extend_candidates(&self, mut out: Vec<SmolStr>, qualified: bool) -> Vec<SmolStr> {
        if qualified && !self.dm.inline_spelled.is_empty() {
            // A name that spells an inline namespace (`::cuda::std::__4::f`) names the member
            // of the namespace its members are named in (`cuda::std::f`).
            let mut more = Vec::new();
            for q in &out {
                let Some((abi, named)) = self
                    .dm
                    .inline_spelled
                    .iter()
                    .find(|(abi, _)| q.strip_prefix(abi.as_str()).is_some_and(|r| r.starts_with("::")))
                else {
                    continue;
                };
                let q = SmolStr::new(format!("{named}{}", &q[abi.len()..]));
                if !out.contains(&q) && !more.contains(&q) {
                    more.push(q);
                }
            }
            out.extend(more);
        }
        if !self.dm.enum_usings.is_empty() {
            // An enumeration a using-declaration names (`cuda::thread_scope` for
            // `cuda::std::thread_scope`), and its enumerators through that name.
            let mut more = Vec::new();
            for q in &out {
                if let Some(t) = self.dm.enum_usings.get(q) {
                    more.push(t.clone());
                } else if let Some((prefix, last)) = q.rsplit_once("::") {
                    if let Some(t) = self.dm.enum_usings.get(prefix) {
                        more.push(SmolStr::new(format!("{t}::{last}")));
                    }
                }
            }
            out.extend(more);
        }
        if !self.dm.template_usings.is_empty() && out.iter().any(|q| self.dm.template_usings.contains_key(q)) {
            // A name a using-declaration gave a template: the template, where the name is found.
            let mut with = Vec::with_capacity(out.len() + 1);
            for q in out {
                let target = self.dm.template_usings.get(&q).cloned();
                with.push(q);
                with.extend(target);
            }
            out = with;
        }
        out
    }

    /// The qualified names a name written after a leading `::` may denote: the global
    /// namespace's member as written (or through a global namespace alias of its first part,
    /// its using-directives, inline namespaces and using-declarations), never a member of the
    /// namespaces or classes enclosing the use.
    fn global_name_candidates(&self, name: &str) -> Vec<SmolStr> {
        let here = self.current_item();
        let aliased;
        let name = match name.split_once("::").and_then(|(first, rest)| {
            let (_, _, target) = self
                .dm
                .ns_aliases
                .iter()
                .rev()
                .find(|(at, a, _)| here.is_none_or(|h| *at < h) && a == first)?;
            Some((target, rest))
        }) {
            Some((target, rest)) => {
                aliased = format!("{target}::{rest}");
                aliased.as_str()
            }
            None => name,
        };
        let mut out = vec![SmolStr::new(name)];
        for (at, ns, scope) in &self.dm.using_dirs {
            if scope.is_empty() && here.is_none_or(|h| *at < h) {
                out.push(SmolStr::new(format!("{ns}::{name}")));
            }
        }
        if let Some((prefix, last)) = name.rsplit_once("::") {
            // `::ns::alias::value`: a member of the class a typedef names (or of its bases).
            let prefix_candidates = self.global_name_candidates(prefix);
            let class = prefix_candidates.iter().find_map(|q| match self.dm.typedefs.get(q) {
                Some(t) => super::cxx::record_of(t),
                None => self.dm.tags.get(q).copied(),
            });
            if let Some(rid) = class {
                if let Some(rn) = self.dm.records.get(rid).and_then(|r| r.name.clone()) {
                    out.push(SmolStr::new(format!("{rn}::{last}")));
                }
                self.push_base_members(rid, last, &mut out);
            }
        }
        if name.contains("::") && !self.dm.nominated.is_empty() {
            crate::lookup_through_directives(&mut out, |ns| self.dm.nominated.get(ns).map(Vec::as_slice));
        }
        self.extend_candidates(out, name.contains("::"))
    }

    /// Whether namespace `ns` declares something (a function, variable, class, typedef, or a
    /// class, variable or alias template):
    /// what a block-scope `using namespace` names.
    pub(crate) fn namespace_has_members(&self, ns: &str) -> bool {
        let prefix = format!("{ns}::");
        let dm = self.dm;
        dm.values.keys().any(|k| k.starts_with(&prefix))
            || dm.tags.keys().any(|k| k.starts_with(&prefix))
            || dm.typedefs.keys().any(|k| k.starts_with(&prefix))
            || dm.record_templates.keys().any(|k| k.starts_with(&prefix))
            || dm.var_templates.keys().any(|k| k.starts_with(&prefix))
            || dm.alias_templates.keys().any(|k| k.starts_with(&prefix))
    }

    /// `Base::member` for each base class of `rid` (in declaration order, depth first): a
    /// qualified name `Derived::member` also names a member of a base ([class.member.lookup]).
    pub(super) fn push_base_members(&self, rid: crate::ty::RecordId, member: &str, out: &mut Vec<SmolStr>) {
        let mut stack: Vec<crate::ty::RecordId> = self.dm.record(rid).bases.iter().rev().map(|b| b.record).collect();
        let mut steps = 0;
        while let Some(b) = stack.pop() {
            steps += 1;
            if steps > 256 {
                break;
            }
            if let Some(bn) = &self.dm.record(b).name {
                out.push(SmolStr::new(format!("{bn}::{member}")));
            }
            stack.extend(self.dm.record(b).bases.iter().rev().map(|x| x.record));
        }
    }

    /// The item index of the function being checked (its definition).
    pub(super) fn current_item(&self) -> Option<u32> {
        let f = self.func.as_ref()?;
        self.dm.functions.get(f.id.0 as usize).map(|d| d.item)
    }

    /// Reports `identifier "NAME" is undefined` at `id`, with a note when the name is declared
    /// later in the translation unit and a "did you mean" suggestion from the names in scope.
    pub(crate) fn undefined(&mut self, id: ExprId, name: &str) {
        let mut notes = Vec::new();
        if let Some((ns, last)) = name.rsplit_once("::") {
            let class = self
                .name_candidates(ns)
                .into_iter()
                .find_map(|q| self.dm.tags.get(&q).copied())
                .or_else(|| self.template_param_type(ns).and_then(|t| super::cxx::record_of(&t)));
            let msg = match class {
                Some(r) => format!(
                    "class \"{}\" has no member \"{last}\"",
                    self.show(&Ty::new(TyKind::Record(r)))
                ),
                None => format!("namespace \"{ns}\" has no member \"{last}\""),
            };
            self.diag(DiagAt::Expr(id), Severity::Error, "undefined-identifier", msg, notes);
            return;
        }
        if let Some(why) = warpc_base::sm_gate::unsupported_builtin(name) {
            let msg = format!("unsupported: CUDA builtin \"{name}\" ({why})");
            self.diag(DiagAt::Expr(id), Severity::Error, "unsupported", msg, notes);
            return;
        }
        let arch = self.options.arch;
        let mut suggestion = None;
        if let Some(g) = warpc_base::sm_gate::sm_gate(name, None).filter(|g| arch.number < g.min_sm) {
            // The builtin headers declare it only from its SM on, as NVIDIA's do.
            notes.push(warpc_base::sm_gate::sm_gate_note(name, g.min_sm, &arch.name()));
        } else if self.dm.values.contains_key(name) {
            notes.push(format!(
                "\"{name}\" is declared after this function; declare it before its first use"
            ));
        } else if let Some(s) = self.suggest_names.then(|| self.suggest(name)).flatten() {
            notes.push(format!("did you mean \"{s}\"?"));
            suggestion = Some(s);
        }
        self.diag(
            DiagAt::Expr(id),
            Severity::Error,
            "undefined-identifier",
            format!("identifier \"{name}\" is undefined"),
            notes,
        );
        if let (Some(s), Some(d)) = (suggestion, self.diags.last_mut()) {
            d.replace = Some((SmolStr::new(name), s));
        }
    }

    /// The name in scope closest to `name` by edit distance (locals first, then visible
    /// namespace-scope names and builtin variables), if it is close enough to be a typo: none
    /// for names of one or two characters, one edit up to five, a third of the length beyond.
    /// Compiler-internal names (`__...`) are only offered for names that start with `__` too.
    pub(crate) fn suggest(&self, name: &str) -> Option<SmolStr> {
        let len = name.chars().count();
        if len < 3 {
            return None;
        }
        let limit = (len / 3).max(1);
        let internal_ok = name.starts_with("__");
        let mut best: Option<(usize, SmolStr)> = None;
        let name_ascii = name.is_ascii();
        // Whether `cand` is closer than the best so far (and close enough): its distance.
        let closer = |cand: &str, best: &Option<(usize, SmolStr)>| -> Option<usize> {
            if cand.is_empty() || cand == name || (!internal_ok && cand.starts_with("__")) {
                return None;
            }
            // (Byte lengths are character counts for ASCII names: no count needed.)
            let far = if name_ascii && cand.is_ascii() {
                cand.len().abs_diff(len) > limit
            } else {
                cand.chars().count().abs_diff(len) > limit
            };
            if far {
                return None;
            }
            let bound = best.as_ref().map_or(limit, |(bd, _)| bd.saturating_sub(1));
            distance_within(name, cand, bound)
        };
        for scope in self.scopes.iter().rev() {
            for (n, _) in scope.iter().rev() {
                if let Some(d) = closer(n, &best) {
                    best = Some((d, n.clone()));
                }
            }
        }
        let here = self.current_item();
        for (n, _) in &self.dm.values {
            let Some(d) = closer(n, &best) else { continue };
            // (Visibility only for a close name: a hash lookup per name would cost more.)
            let visible = match here {
                Some(h) => self.dm.declared_at.get(n).is_none_or(|&at| at <= h),
                None => true,
            };
            if visible {
                best = Some((d, n.clone()));
            }
        }
        for n in BUILTIN_VARS {
            if let Some(d) = closer(n, &best) {
                best = Some((d, SmolStr::new_static(n)));
            }
        }
        best.map(|(_, n)| n)
    }

    pub(super) fn is_builtin_var_name(&self, name: &str) -> bool {
        BUILTIN_VARS.contains(&name) && self.lookup_local(name).is_none() && self.visible_values(name).is_none()
    }

    pub(super) fn builtin_var(name: &str) -> Option<BuiltinVar> {
        Some(match name {
            "threadIdx" => BuiltinVar::ThreadIdx,
            "blockIdx" => BuiltinVar::BlockIdx,
            "blockDim" => BuiltinVar::BlockDim,
            "gridDim" => BuiltinVar::GridDim,
            _ => return None,
        })
    }

    pub(super) fn builtin_var_record(&self, var: BuiltinVar) -> (&'static str, Option<RecordId>) {
        let name = match var {
            BuiltinVar::ThreadIdx | BuiltinVar::BlockIdx => "uint3",
            BuiltinVar::BlockDim | BuiltinVar::GridDim => "dim3",
        };
        let find = |n: &str| -> Option<RecordId> {
            if let Some(t) = self.dm.typedefs.get(n) {
                if let TyKind::Record(r) = t.kind {
                    return Some(r);
                }
            }
            self.dm.tags.get(n).copied()
        };
        (name, find(name).or_else(|| find("uint3")))
    }

    pub(crate) fn in_device_code(&self) -> bool {
        self.func
            .as_ref()
            .is_some_and(|f| matches!(f.space, ExecSpace::Global | ExecSpace::Device))
    }

    pub(crate) fn name(&mut self, id: ExprId, name: &SmolStr) -> TExprId {
        if let Some(l) = self.lookup_local(name) {
            let ty = self.out.local(l).ty.clone();
            let lv = self.mk(ty.clone(), ValueCategory::LValue, ExprKind::Local(l));
            if self.ref_locals.contains(&l) {
                // A reference: the local holds the referent's address.
                let addr = self.cast(CastKind::Load, lv, ty.unqualified());
                let referent = ty.pointee().cloned().unwrap_or_else(Ty::error);
                return self.mk(referent, ValueCategory::LValue, ExprKind::Deref(addr));
            }
            return lv;
        }
        if let Some(v) = self.template_param_value(name) {
            return v;
        }
        if name == "__null" {
            // g++'s NULL (`<stddef.h>`: `#define NULL __null`): a null pointer constant.
            return self.int_const(0, IntKind::Long);
        }
        if let (Some(f), "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__") = (&self.func, name.as_str()) {
            // The function's name (its return type and parameter types too for
            // `__PRETTY_FUNCTION__`, as g++ and nvcc spell it): a `static const char[]`.
            let decl = self.dm.function(f.id);
            let short = f.name.rsplit("::").next().unwrap_or(&f.name).to_string();
            let text = if name == "__PRETTY_FUNCTION__" {
                let ret = super::display_ty(&decl.sig.ret, &self.dm.records);
                format!("{ret} {}", super::display::display_fn_signature(decl, self.dm))
            } else {
                short
            };
            return self.string_const(text.as_bytes());
        }
        if let Some(m) = self.implicit_member(name) {
            // A base class's private member is not accessible in a derived class.
            let declared = self
                .func
                .as_ref()
                .and_then(|f| f.record)
                .and_then(|r| find_field(&self.dm.records, r, name))
                .and_then(|p| p.last().copied());
            if let Some((rec, _)) = declared {
                if !self.check_access(id, rec, name, false) {
                    return self.err_expr();
                }
            }
            return m;
        }
        if self.is_builtin_var_name(name) {
            if name == "warpSize" {
                return self.rvalue_of(Ty::int(IntKind::Int), ExprKind::WarpSize);
            }
            let var = Self::builtin_var(name).unwrap();
            return self.builtin_var_value(id, var);
        }
        let Some(defs) = self.visible_values(name) else {
            if self.pack_len(name).is_some() {
                let msg = format!("parameter pack \"{name}\" was referenced but not expanded");
                self.error_e(id, "unexpanded-pack", msg);
                return self.err_expr();
            }
            self.undefined(id, name);
            return self.err_expr();
        };
        match defs[0] {
            ValueDef::Template(_) => {
                self.error_e(
                    id,
                    "unsupported",
                    format!("unsupported: function template \"{name}\" used other than in a call"),
                );
                self.err_expr()
            }
            ValueDef::Enumerator(v, k) => self.int_const(crate::def_map::enumerator_value(v, k), k),
            ValueDef::Global(g) => self.global_ref(id, g),
            ValueDef::Function(f) => {
                let fns: Vec<FnId> = defs
                    .iter()
                    .filter_map(|d| if let ValueDef::Function(f) = d { Some(*f) } else { None })
                    .collect();
                if fns.len() > 1 {
                    self.error_e(
                        id,
                        "unsupported",
                        format!("unsupported: address of overloaded function \"{name}\""),
                    );
                    return self.err_expr();
                }
                self.function_designator(f)
            }
        }
    }

    /// The lvalue of function type that names `f`.
    pub(crate) fn function_designator(&mut self, f: FnId) -> TExprId {
        let mut sig = self.dm.function(f).fn_type_sig();
        // The type of the designator: parameter qualifiers are not part of it.
        sig.params = sig.params.iter().map(|p| p.unqualified()).collect();
        self.callees.insert(f);
        self.mk(
            Ty::new(TyKind::Function(Box::new(sig))),
            ValueCategory::LValue,
            ExprKind::Function(f),
        )
    }

    pub(crate) fn global_ref(&mut self, id: ExprId, g: GlobalId) -> TExprId {
        let gd = self.dm.global(g);
        let ty = gd.ty.clone();
        if gd.space == VarSpace::Host && self.func.as_ref().is_some_and(|f| f.space != ExecSpace::Host) {
            // A const arithmetic host variable with a constant initializer is usable in device
            // code (nvcc folds it); anything else is not there.
            if ty.is_const() && ty.is_arithmetic() {
                if let Some(c) = gd
                    .init
                    .as_ref()
                    .and_then(|v| super::consteval::const_value_scalar(v, &ty))
                {
                    return self.cval_expr(&c, &ty.unqualified());
                }
                if gd.init.is_none() && self.dm.deferred_inits.iter().any(|d| d.global == g && d.is_constexpr) {
                    // A constexpr variable whose initializer did not evaluate: reported there.
                    return self.err_expr();
                }
            }
            // A const object of class type (or an array of them) with a constant initializer:
            // nvcc folds reads of its members in device code (`constexpr S s{1};` ... `s.a`).
            // Its value is used, as a prvalue (not an object of the device).
            let const_class = match &ty.kind {
                TyKind::Record(_) => ty.is_const(),
                TyKind::Array(e, _) => e.is_const() && super::cxx::record_of(e).is_some(),
                _ => false,
            };
            if const_class {
                let init = gd.init.clone();
                if let Some(i) = init.and_then(|v| self.const_object_init(&v, &ty.unqualified(), 0)) {
                    let v = self.rvalue_of(ty.unqualified(), ExprKind::Aggregate(Box::new(i)));
                    if !matches!(ty.kind, TyKind::Array(..)) {
                        return v;
                    }
                    // An array is subscripted through its address: a temporary copy.
                    let addr = self.materialize(&ty, v);
                    return self.mk(ty, ValueCategory::LValue, ExprKind::Deref(addr));
                }
            }
            let name = gd.name.clone();
            if self.in_device_code() {
                self.error_e(
                    id,
                    "host-variable",
                    format!("identifier \"{name}\" is undefined in device code"),
                );
                return self.err_expr();
            }
            self.warn(
                DiagAt::Expr(id),
                "host-variable",
                format!("a host variable \"{name}\" cannot be directly read in a __device__/__global__ function"),
            );
        }
        self.globals.insert(g);
        self.mk(ty, ValueCategory::LValue, ExprKind::Global(g))
    }

    /// The initializer that rebuilds constant `v` of type `ty` from constants: scalars, arrays
    /// and classes of them (not unions, references or pointers other than null).
    fn const_object_init(&mut self, v: &ConstValue, ty: &Ty, depth: u32) -> Option<TInit> {
        if depth > 64 {
            return None;
        }
        match (&ty.kind, v) {
            (TyKind::Int(_) | TyKind::Float(_), _) => {
                let c = super::consteval::const_value_scalar(v, ty)?;
                Some(TInit::Expr(self.cval_expr(&c, &ty.unqualified())))
            }
            (TyKind::Pointer(_) | TyKind::Nullptr, ConstValue::Zero) => Some(TInit::Zero),
            (TyKind::Array(_, _), ConstValue::Bytes(b)) => Some(TInit::Bytes(b.clone())),
            (TyKind::Array(e, _), ConstValue::Zero) => {
                self.const_object_init(v, e, depth + 1)?;
                Some(TInit::Zero)
            }
            (TyKind::Array(e, _), ConstValue::Aggregate(es)) => {
                let e = (**e).clone();
                let items = es.iter().map(|x| self.const_object_init(x, &e, depth + 1));
                Some(TInit::List(items.collect::<Option<Vec<_>>>()?))
            }
            (TyKind::Record(r), ConstValue::Zero | ConstValue::Aggregate(_)) => {
                let rd = self.dm.record(*r);
                if rd.is_union {
                    return None;
                }
                let fields: Vec<Ty> = rd.fields.iter().map(|f| f.ty.clone()).collect();
                let mut items = Vec::new();
                for (fi, ft) in fields.iter().enumerate() {
                    if self.is_ref_field(*r, fi as u32) {
                        return None;
                    }
                    let fv = match v {
                        ConstValue::Aggregate(es) => es.get(fi).unwrap_or(&ConstValue::Zero),
                        _ => &ConstValue::Zero,
                    };
                    items.push(self.const_object_init(fv, &ft.unqualified(), depth + 1)?);
                }
                Some(TInit::List(items))
            }
            _ => None,
        }
    }

    pub(crate) fn cval_expr(&mut self, c: &CVal, ty: &Ty) -> TExprId {
        match c {
            CVal::Int(v, k) => self.int_const(*v, *k),
            CVal::Float(v, _) => self.rvalue_of(ty.clone(), ExprKind::FloatConst(v.to_bits())),
            _ => self.err_expr(),
        }
    }

    /// `threadIdx` as a whole: a `uint3` / `dim3` temporary.
    pub(super) fn builtin_var_value(&mut self, id: ExprId, var: BuiltinVar) -> TExprId {
        let (rname, rec) = self.builtin_var_record(var);
        let Some(rec) = rec else {
            self.error_e(
                id,
                "unsupported",
                format!("unsupported: builtin variable used as a value without a \"{rname}\" type"),
            );
            return self.err_expr();
        };
        let rd = self.dm.record(rec).clone();
        let mut elems = Vec::new();
        for (i, dim) in [Dim::X, Dim::Y, Dim::Z].into_iter().enumerate() {
            let v = self.rvalue_of(Ty::int(IntKind::UInt), ExprKind::BuiltinVar(var, dim));
            match rd.fields.get(i) {
                Some(f) if f.ty.is_arithmetic() => {
                    let c = self.arith_conv(v, &f.ty.unqualified());
                    elems.push(TInit::Expr(c));
                }
                _ => {
                    self.error_e(
                        id,
                        "unsupported",
                        format!("unsupported: \"{rname}\" is not a record of three integers"),
                    );
                    return self.err_expr();
                }
            }
        }
        for _ in 3..rd.fields.len() {
            elems.push(TInit::Zero);
        }
        self.rvalue_of(
            Ty::new(TyKind::Record(rec)),
            ExprKind::Aggregate(Box::new(TInit::List(elems))),
        )
    }
}
