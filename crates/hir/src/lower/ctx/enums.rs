//! Enum specifiers.

use super::*;

impl Lower<'_> {
    pub(super) fn enum_spec(&mut self, es: &ast::EnumSpec, allow_defs: bool, info: &mut SpecInfo) -> TypeRef {
        let r = self.range(es.syntax());
        let name = es.name().and_then(|n| self.name_text(&n));
        if let Some(ut) = es.underlying_type() {
            // warpc's enums are `int`-sized: other underlying types would change layouts.
            let t = self.type_name(&ut);
            if !matches!(t, TypeRef::Builtin(BuiltinType::Int | BuiltinType::UInt)) {
                self.unsupported("enumerations with an underlying type other than int or unsigned int", r);
            }
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
        let scoped = es.is_scoped();
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
        let tags = self.tags.as_mut().expect("checked above");
        let name = name.as_ref().map(|n| tags.qualify_member(n));
        let idx = tags.enums.len() as u32;
        let member_of_template = if !scoped && tags.in_template_record() {
            tags.record_stack.last().copied()
        } else {
            None
        };
        tags.enums.push(EnumItem {
            name: name.clone(),
            enumerators,
            member_of_template,
        });
        if let Some(n) = &name {
            tags.tags.insert(n.clone(), Tag::Enum { def: Some(idx) });
        }
        info.defined_enums.push(idx);
        TypeRef::Enum { name, def: Some(idx) }
    }
}
