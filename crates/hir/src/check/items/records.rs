//! Records: one [`RecordId`] per tag, their fields and nvptx64 layout.

use super::*;

pub(super) fn align_up(v: u64, a: u64) -> u64 {
    v.div_ceil(a.max(1)) * a.max(1)
}

impl<'t> Builder<'t> {
    /// Places base `bid` of a class being laid out at the end of `size`/`align`, as Itanium
    /// does: an empty base takes no space (offset 0, no field); any other goes at its alignment
    /// and the next subobject after its data size (a non-POD base's tail padding is reused),
    /// as an unnamed field of `fields`.
    pub(super) fn place_base(
        &self,
        bid: crate::ty::RecordId,
        access: crate::ty::Access,
        (size, align): (&mut u64, &mut u64),
        bases: &mut Vec<crate::ty::BaseDecl>,
        fields: &mut Vec<FieldDecl>,
    ) {
        let bd = self.dm.record(bid);
        if bd.is_empty_class() {
            *align = (*align).max(bd.align);
            bases.push(crate::ty::BaseDecl {
                record: bid,
                offset: 0,
                field: None,
                access,
            });
            return;
        }
        let (bs, ba, bdsize) = (bd.size, bd.align, bd.dsize.unwrap_or(bd.size));
        let off = align_up(*size, ba);
        *size = off + bdsize.min(bs);
        *align = (*align).max(ba);
        bases.push(crate::ty::BaseDecl {
            record: bid,
            offset: off,
            field: Some(fields.len() as u32),
            access,
        });
        fields.push(FieldDecl {
            name: None,
            ty: Ty::new(TyKind::Record(bid)),
            offset: off,
            bits: None,
        });
    }

    // ---- records -------------------------------------------------------------------------------

    pub(super) fn new_record(&mut self, name: Option<SmolStr>, is_union: bool) -> RecordId {
        self.new_record_of(name, is_union, 0)
    }

    /// A new class (`item`: for an unnamed class, its item-tree record), at the id an earlier
    /// build of the fixed point gave the class of the same identity (`RecordIds`).
    fn new_record_of(&mut self, name: Option<SmolStr>, is_union: bool, item: u32) -> RecordId {
        let nth = match &name {
            Some(n) => {
                let c = self.records_named.entry(n.clone()).or_insert(0);
                *c += 1;
                *c - 1
            }
            None => item,
        };
        let slot = self.dm.record_ids.id_of((name.clone(), nth));
        let id = self
            .dm
            .records
            .put(slot, empty_record(name.clone(), is_union), || empty_record(None, false));
        if let Some(n) = name {
            self.dm.tags.insert(n, id);
        }
        id
    }

    pub(super) fn record_for(&mut self, i: usize) -> RecordId {
        if let Some(id) = self.record_map[i] {
            return id;
        }
        let ri = &self.it.records[i];
        let is_union = ri.kind == RecordKind::Union;
        let id = match ri.name.as_ref().and_then(|n| self.dm.tags.get(n)) {
            Some(id) => *id,
            None => self.new_record_of(ri.name.clone(), is_union, i as u32),
        };
        if ri.fields.is_some() {
            // Access control data, also for a class that is never laid out here.
            let rd = &mut self.dm.records[id];
            rd.restricted = ri.restricted.clone();
            rd.friends = ri.friends.clone();
            rd.nested = ri.nested;
        }
        self.record_map[i] = Some(id);
        id
    }

    /// Lays out record item `i` if it is a definition not yet processed.
    pub(super) fn ensure_record(&mut self, i: usize) {
        if self.record_state[i] != State::NotStarted {
            return;
        }
        let ri = &self.it.records[i];
        let Some(_) = &ri.fields else {
            self.record_state[i] = State::Done;
            return;
        };
        let id = self.record_for(i);
        if self.dm.records[id].complete {
            self.record_state[i] = State::Done;
            let name = ri.name.clone().unwrap_or_default();
            self.error("redefinition", format!("class \"{name}\" has already been defined"));
            return;
        }
        self.record_state[i] = State::InProgress;
        self.lay_out(i, id);
        self.record_state[i] = State::Done;
    }

    /// Lays out the fields of item-tree record `i` into record `id` (nvptx64 layout).
    pub(super) fn lay_out(&mut self, i: usize, id: RecordId) {
        let scope = self.dm.records[id].name.clone();
        let saved = std::mem::replace(&mut self.scope, scope);
        self.lay_out_fields(i, id);
        self.member_usings(i, id);
        self.scope = saved;
    }

    /// The member using-declarations of item-tree record `i` (laid out as `id`): each scope
    /// must be a base class with a member of that name (nvcc's "invalid base class", "class
    /// ... has no member ...").
    fn member_usings(&mut self, i: usize, id: RecordId) {
        let it = self.it;
        let mut out = Vec::new();
        for u in &it.records[i].usings {
            let (t, _) = self.resolve(&u.scope);
            if t.is_error() {
                continue;
            }
            let from = match t.kind {
                TyKind::Record(b) if b != id && self.is_base_of(id, b, 0) => b,
                _ => {
                    self.error("invalid-base", "invalid base class".into());
                    continue;
                }
            };
            if !u.ctor && !self.has_member_named(from, &u.name, 0) {
                let class = crate::check::display_ty(&t, &self.dm.records);
                self.error("no-member", format!("class \"{class}\" has no member \"{}\"", u.name));
                continue;
            }
            out.push(crate::ty::MemberUsing {
                name: u.name.clone(),
                from,
                ctor: u.ctor,
            });
        }
        self.dm.records[id].usings = out;
    }

    /// Whether `base` is a direct or indirect base class of `derived`.
    fn is_base_of(&self, derived: RecordId, base: RecordId, depth: u32) -> bool {
        depth < 64
            && self.dm.records[derived]
                .bases
                .iter()
                .any(|b| b.record == base || self.is_base_of(b.record, base, depth + 1))
    }

    /// Whether class `rid` or one of its bases declares a member `name` (a data member, a
    /// function, a static member, a type or a member template).
    fn has_member_named(&self, rid: RecordId, name: &str, depth: u32) -> bool {
        let rd = &self.dm.records[rid];
        if rd.fields.iter().any(|f| f.name.as_deref() == Some(name)) || rd.usings.iter().any(|u| u.name == name) {
            return true;
        }
        if let Some(rn) = &rd.name {
            let q = format!("{rn}::{name}");
            let q = q.as_str();
            if self.dm.values.contains_key(q)
                || self.dm.typedefs.contains_key(q)
                || self.dm.tags.contains_key(q)
                || self.dm.record_templates.contains_key(q)
                || self.dm.alias_templates.contains_key(q)
            {
                return true;
            }
        }
        depth < 64
            && rd
                .bases
                .iter()
                .any(|b| self.has_member_named(b.record, name, depth + 1))
    }

    pub(super) fn lay_out_fields(&mut self, i: usize, id: RecordId) {
        let ri = &self.it.records[i];
        let Some(fields) = &ri.fields else { return };
        let is_union = ri.kind == RecordKind::Union;
        let mut fds = Vec::new();
        // Which of `fds` are reference members (empty when none is).
        let mut refs: Vec<bool> = Vec::new();
        let (mut size, mut align) = (0u64, 1u64);
        let mut bases = Vec::new();
        // Each written base with its access; `Leaf<I, T>...` gives one base per element of the
        // packs it names, in order.
        let mut written: Vec<(Ty, crate::ty::Access)> = Vec::new();
        for (k, tr) in ri.bases.iter().enumerate() {
            let access = ri.base_access.get(k).copied().unwrap_or_default();
            if let TypeRef::PackExpansion(inner) = tr {
                let Some(n) = self.pattern_pack_len(inner) else {
                    self.error(
                        "template-args",
                        "pack expansion does not make use of any argument packs".into(),
                    );
                    continue;
                };
                let saved = self.pack_index;
                for e in 0..n {
                    self.pack_index = Some(e);
                    let (t, _) = self.resolve(inner);
                    written.push((t, access));
                }
                self.pack_index = saved;
                continue;
            }
            let (t, _) = self.resolve(tr);
            written.push((t, access));
        }
        for (t, access) in written {
            if t.is_error() {
                continue;
            }
            let TyKind::Record(bid) = t.kind else {
                self.error("invalid-base", "not a class or struct name".into());
                continue;
            };
            let bd = self.dm.record(bid);
            if !bd.complete {
                let msg = format!(
                    "incomplete type \"{}\" is not allowed",
                    crate::check::display_ty(&t, &self.dm.records)
                );
                self.error("incomplete-type", msg);
                continue;
            }
            if bd.is_union || is_union {
                self.error(
                    "invalid-base",
                    "a union cannot be a base class or have base classes".into(),
                );
                continue;
            }
            if bases.iter().any(|b: &crate::ty::BaseDecl| b.record == bid) {
                let msg = format!(
                    "\"{}\" is already a direct base class",
                    crate::check::display_ty(&t, &self.dm.records)
                );
                self.error("invalid-base", msg);
                continue;
            }
            self.place_base(bid, access, (&mut size, &mut align), &mut bases, &mut fds);
        }
        // The allocation point in bits: bit-fields share bytes (Itanium, as GCC lays them out).
        let mut bitpos = size * 8;
        let mut inits = Vec::new();
        for (fi, f) in fields.iter().enumerate() {
            let (t, mt) = self.resolve(&f.ty);
            if t.is_error() {
                continue;
            }
            if let (Some(init), Some(name)) = (&f.init, &f.name) {
                inits.push((name.clone(), init));
            }
            if let Some(w) = &f.bit_width {
                let t = t.unqualified();
                if let Some(mut fd) = self.bit_field(f.name.clone(), t, w, is_union, &mut bitpos, &mut size, &mut align)
                {
                    if let (Some(b), MangleTy::Named(n)) = (&mut fd.bits, &mt) {
                        b.unsigned = self.non_negative_enum(n);
                    }
                    fds.push(fd);
                }
                continue;
            }
            // A reference member holds the referent's address (as a lambda's capture by
            // reference does): a pointer field, dereferenced at each use.
            let (t, is_ref) = match &t.kind {
                TyKind::Reference(r) => (Ty::ptr((**r).clone()), true),
                _ => (t, false),
            };
            if let TyKind::Array(_, None) = t.kind {
                if fi + 1 == fields.len() {
                    self.error("unsupported", "unsupported: flexible array members".into());
                    continue;
                }
            }
            let (Some(fs), Some(fa)) = (
                types::size_of(&t, &self.dm.records),
                types::align_of(&t, &self.dm.records),
            ) else {
                let msg = format!(
                    "incomplete type \"{}\" is not allowed",
                    crate::check::display_ty(&t, &self.dm.records)
                );
                self.error("incomplete-type", msg);
                continue;
            };
            let fa = fa.max(self.explicit_align(&f.align));
            let off = if is_union { 0 } else { align_up(bitpos.div_ceil(8), fa) };
            size = if is_union { size.max(fs) } else { off + fs };
            bitpos = size * 8;
            align = align.max(fa);
            if is_ref {
                refs.resize(fds.len(), false);
                refs.push(true);
            }
            fds.push(FieldDecl {
                name: f.name.clone(),
                ty: t,
                offset: off,
                bits: None,
            });
        }
        if !is_union {
            size = size.max(bitpos.div_ceil(8));
        }
        // Each initializer's field (one whose layout failed has an error already).
        let inits: Vec<crate::ty::FieldInit> = inits
            .into_iter()
            .filter_map(|(name, init)| {
                let field = fds.iter().position(|d| d.name.as_ref() == Some(&name))? as u32;
                Some(crate::ty::FieldInit {
                    field,
                    init: init.clone(),
                })
            })
            .collect();
        if !refs.is_empty() {
            refs.resize(fds.len(), false);
        }
        if let Some(a) = &ri.align {
            align = align.max(self.explicit_align(std::slice::from_ref(a)));
        }
        if size == 0 {
            size = 1;
        }
        // The data size (where the last member's or non-POD base's data ends), kept for
        // classes that are not POD for layout purposes.
        let dsize = fds
            .iter()
            .map(|f| {
                let full = types::size_of(&f.ty, &self.dm.records).unwrap_or(0);
                let is_base = bases.iter().any(|b: &crate::ty::BaseDecl| {
                    b.field
                        .is_some_and(|x| fds.get(x as usize).is_some_and(|g| std::ptr::eq(g, f)))
                });
                let data = match (&f.ty.kind, is_base, f.bits) {
                    (_, _, Some(b)) => (b.shift as u64 + b.width as u64).div_ceil(8),
                    (TyKind::Record(r), true, _) => self.dm.record(*r).dsize.unwrap_or(full),
                    _ => full,
                };
                f.offset + data
            })
            .max()
            .unwrap_or(0);
        let pod = !is_union && self.pod_for_layout(i, &fds);
        let (env, scopes) = if inits.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            (self.class_env.clone(), self.spec_scopes())
        };
        let rd = &mut self.dm.records[id];
        rd.is_union = is_union;
        rd.bases = bases;
        rd.fields = fds;
        rd.closure_refs = refs;
        rd.init_env = env;
        rd.init_scopes = scopes;
        rd.field_inits = inits;
        rd.dsize = if is_union || pod { None } else { Some(dsize) };
        rd.restricted = self.it.records[i].restricted.clone();
        rd.friends = self.it.records[i].friends.clone();
        rd.nested = self.it.records[i].nested;
        rd.is_final = self.it.records[i].is_final;
        rd.size = align_up(size, align);
        rd.align = align;
        rd.complete = true;
    }

    /// Lays out a bit-field of type `t` and width `w` at `bitpos` (a union's at 0) as the
    /// Itanium ABI does: a field that would cross a boundary of its type's alignment starts at
    /// the next one; a zero-width one only aligns what follows; an unnamed one does not align
    /// the record. Returns the field for a named one.
    #[allow(clippy::too_many_arguments)]
    fn bit_field(
        &mut self,
        name: Option<SmolStr>,
        t: Ty,
        w: &'t ConstExpr,
        is_union: bool,
        bitpos: &mut u64,
        size: &mut u64,
        align: &mut u64,
    ) -> Option<FieldDecl> {
        let TyKind::Int(k) = t.kind else {
            self.error("invalid-bit-field", "invalid type for a bit field".into());
            return None;
        };
        let w = self.ice(w)?;
        if !(0..=1 << 16).contains(&w) {
            self.error("invalid-bit-field", "invalid size for bit field".into());
            return None;
        }
        let w = w as u64;
        if w == 0 && name.is_some() {
            self.error("invalid-bit-field", "zero-length bit field must be unnamed".into());
            return None;
        }
        let tbits = k.bits() as u64;
        if w > tbits {
            self.warning(
                "bit-field-size",
                format!(
                    "declared size for bit field is larger than the size of the bit field type; truncated to {tbits} bits"
                ),
            );
        }
        let (ts, ta) = (tbits / 8, tbits / 8);
        let start = if is_union {
            0
        } else if w == 0 || *bitpos % (ta * 8) + w > ts * 8 {
            align_up(*bitpos, ta * 8)
        } else {
            *bitpos
        };
        if is_union {
            *size = (*size).max(w.div_ceil(8));
        } else {
            *bitpos = start + w;
        }
        name.as_ref()?;
        *align = (*align).max(ta);
        // The smallest aligned power-of-two unit holding the value bits.
        let width = w.min(tbits);
        let last = start + width - 1;
        let mut unit = 1;
        while unit < ts && start / (unit * 8) != last / (unit * 8) {
            unit *= 2;
        }
        let offset = start / (unit * 8) * unit;
        Some(FieldDecl {
            name,
            ty: t,
            offset,
            bits: Some(crate::ty::BitField {
                shift: (start - offset * 8) as u8,
                width: width as u8,
                unit: unit as u8,
                unsigned: false,
            }),
        })
    }

    /// Whether `name` is an enumeration with no negative enumerator.
    fn non_negative_enum(&self, name: &SmolStr) -> bool {
        if !self.dm.enum_names.contains(name) {
            return false;
        }
        let prefix = format!("{name}::");
        !self.dm.values.iter().any(|(k, defs)| {
            k.starts_with(&prefix)
                && defs
                    .iter()
                    .any(|d| matches!(d, ValueDef::Enumerator(v, k) if crate::def_map::enumerator_value(*v, *k) < 0))
        })
    }

    /// The largest of the alignments written in attributes (`__align__(N)`, `alignas(N)`,
    /// `__attribute__((aligned(N)))`); 0 when none is written or valid.
    pub(super) fn explicit_align(&mut self, list: &'t [ConstExpr]) -> u64 {
        let mut align = 0;
        for a in list {
            if let Some(n) = self.ice(a) {
                if n > 0 && (n as u64).is_power_of_two() {
                    align = align.max(n as u64);
                } else {
                    self.error(
                        "invalid-alignment",
                        "invalid alignment value specified by attribute".into(),
                    );
                }
            }
        }
        align
    }

    /// Itanium's "POD for the purpose of layout" (C++03 POD), conservatively: no base classes,
    /// no private/protected data, no user-declared constructor, destructor or copy assignment
    /// (item-tree record `i`), and only POD records as members (`fields`, laid out).
    pub(super) fn pod_for_layout(&self, i: usize, fields: &[FieldDecl]) -> bool {
        let ri = &self.it.records[i];
        if !ri.bases.is_empty() || ri.restricted_data {
            return false;
        }
        let members = self.members_of.get(&(i as u32)).map(Vec::as_slice).unwrap_or_default();
        let special = members.iter().map(|&m| &self.it.items[m as usize]).any(|it| match it {
            Item::Function(f) => f.method.as_ref().is_some_and(|m| {
                m.record as usize == i
                    && (m.kind != crate::item_tree::MethodKind::Normal || f.name.ends_with("::operator="))
            }),
            _ => false,
        });
        if special {
            return false;
        }
        fields.iter().all(|f| {
            let t = f.ty.innermost_element();
            match t.kind {
                TyKind::Record(r) => self.dm.record(r).dsize.is_none(),
                _ => true,
            }
        })
    }
}

/// A class not laid out yet.
pub(super) fn empty_record(name: Option<SmolStr>, is_union: bool) -> RecordDecl {
    RecordDecl {
        name,
        is_union,
        fields: Vec::new(),
        size: 0,
        align: 1,
        complete: false,
        mangle: None,
        closure_refs: Vec::new(),
        bases: Vec::new(),
        dsize: None,
        restricted: Vec::new(),
        friends: Vec::new(),
        nested: false,
        usings: Vec::new(),
        field_inits: Vec::new(),
        init_env: Vec::new(),
        init_scopes: Vec::new(),
        is_final: false,
    }
}
