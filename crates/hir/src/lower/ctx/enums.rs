//! Enum specifiers.

use super::*;

impl Lower<'_> {
    pub(super) fn enum_spec(&mut self, es: &ast::EnumSpec, allow_defs: bool, info: &mut SpecInfo) -> TypeRef {
        let r = self.range(es.syntax());
        let name = es.name().and_then(|n| self.name_text(&n));
        let fixed = es.underlying_type().map(|ut| self.type_name(&ut));
        let scoped = es.is_scoped();
        let opaque = es.enumerator_list().is_none() && (fixed.is_some() || scoped);
        if opaque && allow_defs && self.tags.is_some() {
            // An opaque declaration `enum class E : T;` (also `enum E : T;`): the enumeration
            // is complete, with its underlying type; a later definition repeats it.
            return self.push_enum(name.as_ref(), Vec::new(), fixed, scoped, info);
        }
        let Some(list) = es.enumerator_list() else {
            let mut name = name;
            let def = match (&name, self.tags.as_mut()) {
                (Some(n), Some(tags)) => match tags.find_tag(n) {
                    Some((q, Tag::Enum { def })) => {
                        name = Some(q);
                        def
                    }
                    Some((_, Tag::Record { .. })) => None,
                    None => {
                        let q = tags.qualify_member(n);
                        tags.tags.insert(q.clone(), Tag::Enum { def: None });
                        name = Some(q);
                        None
                    }
                },
                _ => None,
            };
            return TypeRef::Enum { name, def };
        };
        if !allow_defs || self.tags.is_none() {
            self.unsupported("enum definitions inside functions", r);
            return TypeRef::Enum { name, def: None };
        }
        let qname = name
            .as_ref()
            .map(|n| self.tags.as_ref().map_or(n.clone(), |t| t.qualify_member(n)));
        // An unscoped enumeration in a class: its enumerators are members (`Outer::A`).
        let member_of = self.tags.as_ref().and_then(|t| t.scope_records.last().cloned());
        let mut enumerators = Vec::new();
        for e in list.enumerators() {
            let Some(n) = e.name().and_then(|n| self.name_text(&n)) else {
                continue;
            };
            let value = e.value().map(|v| self.const_expr(&v));
            // `enum class E { A }`: the enumerator is `E::A`; an unscoped one is a member of
            // the enclosing class or namespace (`ns::A`).
            let n = match (&qname, scoped) {
                (Some(q), true) => SmolStr::new(format!("{q}::{n}")),
                _ => match (&member_of, self.tags.as_ref()) {
                    (Some(r), _) => SmolStr::new(format!("{r}::{n}")),
                    (None, Some(t)) => t.qualify(&n),
                    (None, None) => n,
                },
            };
            enumerators.push((n, value));
        }
        self.push_enum(name.as_ref(), enumerators, fixed, scoped, info)
    }

    fn push_enum(
        &mut self,
        name: Option<&SmolStr>,
        enumerators: Vec<(SmolStr, Option<ConstExpr>)>,
        fixed: Option<TypeRef>,
        scoped: bool,
        info: &mut SpecInfo,
    ) -> TypeRef {
        let tags = self.tags.as_mut().expect("checked by the caller");
        let name = name.map(|n| tags.qualify_member(n));
        let idx = tags.enums.len() as u32;
        let member_of_template = if !scoped && tags.in_template_record() {
            tags.record_stack.last().copied()
        } else {
            None
        };
        tags.enums.push(EnumItem {
            name: name.clone(),
            enumerators,
            fixed,
            scoped,
            member_of_template,
        });
        if let Some(n) = &name {
            tags.tags.insert(n.clone(), Tag::Enum { def: Some(idx) });
        }
        info.defined_enums.push(idx);
        TypeRef::Enum { name, def: Some(idx) }
    }
}
