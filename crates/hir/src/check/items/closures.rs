//! Lambda closure types and their `operator()`.

use super::*;

impl<'t> Builder<'t> {
    /// Local class `k` of the fixed point's list (`local_keys`), a class defined in a function
    /// body, laid out from the member types the body's checker resolved (nvptx64 layout, as
    /// `lay_out_fields` for plain data members). Its id is its slot (`local_slot_of`) with
    /// `LOCAL_RECORD_BIT`, the same in every round. Its name is not declared at namespace
    /// scope.
    pub(super) fn local_record(&mut self, k: u32) {
        let keys = self.local_keys.clone();
        // One class per enclosing function and class of its body (its slot), laid out from
        // the key asked for last: an earlier key named its members by the ids of an earlier
        // round, which may have shifted since.
        let Some(&slot) = self.local_slot_of.get(k as usize) else {
            return;
        };
        let k = self.local_latest[slot as usize];
        let Some(key) = keys.get(k as usize) else { return };
        if self.dm.local_records.contains_key(key) || self.local_in_progress.contains(&k) {
            return;
        }
        // The local classes its members and bases name first (a class local to the same
        // function), when an earlier step needs this one before its own turn.
        self.local_in_progress.push(k);
        for (_, ty, _) in &key.fields {
            self.ensure_local_records(ty);
        }
        for &b in &key.bases {
            self.ensure_local_records(&Ty::new(TyKind::Record(b)));
        }
        self.local_in_progress.pop();
        let rid = self
            .dm
            .records
            .local_slot(slot, || super::records::empty_record(None, false));
        let (mut size, mut align) = (0u64, 1u64);
        let mut fields = Vec::new();
        // Public bases first, as `lay_out_fields` places them (Itanium: an empty base takes
        // no space, a non-POD base's tail padding is reused).
        let mut bases = Vec::new();
        for &bid in &key.bases {
            self.place_base(
                bid,
                crate::ty::Access::Public,
                (&mut size, &mut align),
                &mut bases,
                &mut fields,
            );
        }
        for (name, ty, explicit) in &key.fields {
            let (Some(fs), Some(fa)) = (
                types::size_of(ty, &self.dm.records),
                types::align_of(ty, &self.dm.records),
            ) else {
                // The checker asks only for complete member types.
                continue;
            };
            let fa = fa.max(*explicit);
            let off = if key.is_union { 0 } else { align_up(size, fa) };
            size = if key.is_union { size.max(fs) } else { off + fs };
            align = align.max(fa);
            fields.push(FieldDecl {
                name: name.clone(),
                ty: ty.clone(),
                offset: off,
                bits: None,
            });
        }
        align = align.max(key.align);
        let pod = bases.is_empty()
            && fields.iter().all(|f| match f.ty.innermost_element().kind {
                TyKind::Record(r) => self.dm.record(r).dsize.is_none(),
                _ => true,
            });
        let dsize = fields
            .iter()
            .map(|f| f.offset + types::size_of(&f.ty, &self.dm.records).unwrap_or(0))
            .max()
            .unwrap_or(0);
        let rd = &mut self.dm.records[rid];
        rd.is_union = key.is_union;
        rd.name = key.name.clone();
        rd.mangle = Some(crate::mangle::MangleTy::Named(crate::mangle::local_class_name(
            &key.enclosing,
            key.name.as_deref(),
            key.index,
        )));
        rd.fields = fields;
        rd.bases = bases;
        rd.size = align_up(size.max(1), align);
        rd.align = align;
        rd.dsize = if key.is_union || pod { None } else { Some(dsize) };
        rd.complete = true;
        self.dm.local_records.insert(key.clone(), rid);
    }

    /// Lays out the local classes `ty` names that are not laid out yet (a deduced return type
    /// learned in an earlier round names the class local to the function before the step
    /// that lays it out: `decltype(temp_storage_helper())` in CUB's `BlockStore`).
    pub(super) fn ensure_local_records(&mut self, ty: &Ty) {
        match &ty.kind {
            TyKind::Record(r) if r.0 & crate::ty::LOCAL_RECORD_BIT != 0 => {
                let slot = (r.0 & !crate::ty::LOCAL_RECORD_BIT) as usize;
                if !self.dm.records.get(r).is_some_and(|d| d.complete) {
                    if let Some(&k) = self.local_latest.get(slot) {
                        self.local_record(k);
                    }
                }
            }
            TyKind::Pointer(t) | TyKind::Reference(t) | TyKind::Array(t, _) => self.ensure_local_records(t),
            TyKind::Function(sig) => {
                self.ensure_local_records(&sig.ret);
                for p in &sig.params {
                    self.ensure_local_records(p);
                }
            }
            _ => {}
        }
    }

    /// [`Self::ensure_local_records`] for the types among template arguments.
    pub(super) fn ensure_local_records_in(&mut self, args: &[TArg]) {
        for a in args {
            match a {
                TArg::Type { ty, .. } | TArg::Value { ty, .. } | TArg::Decl { ty, .. } => self.ensure_local_records(ty),
                TArg::Pack(v) => self.ensure_local_records_in(v),
                TArg::Template(_) => {}
            }
        }
    }

    /// A lambda's closure type (its captures as fields) and its `operator()`, whose body is the
    /// lambda's statements in the enclosing definition. `ret`: the deduced return type, once
    /// known.
    pub(super) fn closure(&mut self, key: &crate::ty::ClosureKey, ret: Option<Ty>) {
        if self.dm.closures.contains_key(key) {
            return;
        }
        let n = self.dm.closures.len();
        let rname = SmolStr::new(format!("$lambda{n}"));
        let rid = self.new_record(Some(rname.clone()), false);
        self.dm.records[rid].mangle = Some(crate::mangle::MangleTy::Named(key.abi_name.clone()));
        let (mut size, mut align) = (0u64, 1u64);
        let mut fields = Vec::new();
        let mut refs = Vec::new();
        for (name, ty, by_ref) in &key.captures {
            let fty = if *by_ref { Ty::ptr(ty.clone()) } else { ty.unqualified() };
            let (fs, fa) = (
                types::size_of(&fty, &self.dm.records).unwrap_or(8),
                types::align_of(&fty, &self.dm.records).unwrap_or(8),
            );
            let off = align_up(size, fa);
            size = off + fs;
            align = align.max(fa);
            fields.push(FieldDecl {
                name: Some(name.clone()),
                ty: fty,
                offset: off,
                bits: None,
            });
            refs.push(*by_ref);
        }
        let rd = &mut self.dm.records[rid];
        rd.fields = fields;
        rd.size = align_up(size.max(1), align);
        rd.align = align;
        rd.complete = true;
        rd.closure_refs = refs;
        // The call operator is `const` unless the lambda is `mutable` ([expr.prim.lambda.closure]).
        let closure_ty = Ty::new(TyKind::Record(rid));
        let this_ty = if key.mutable {
            closure_ty
        } else {
            closure_ty.with_quals(Quals::CONST)
        };
        let mut params = vec![Ty::ptr(this_ty)];
        params.extend(key.params.iter().cloned());
        let (ret, deduce_ret) = match (&key.ret, ret) {
            (Some(r), _) => (r.clone(), false),
            (None, Some(r)) => (r, false),
            (None, None) => (Ty::error(), true),
        };
        let id = FnId(self.dm.functions.len() as u32);
        let link_name = if key.instance {
            // One of a generic lambda's `operator()` instances.
            SmolStr::new(format!("__warpc_lambda_{}_{}_{n}", key.enclosing, key.lambda))
        } else {
            key.call_link_name.clone()
        };
        let generic = !key.auto_params.is_empty() && !key.instance;
        let (ret, deduce_ret) = if generic {
            (Ty::error(), false)
        } else {
            (ret, deduce_ret)
        };
        let name = SmolStr::new(format!("{rname}::operator()"));
        self.dm.functions.push(FnDecl {
            declared_inline: true,
            defaulted: false,
            deleted: false,
            name: name.clone(),
            link_name: link_name.clone(),
            sig: FnSig {
                ret,
                params,
                variadic: false,
                noexcept: false,
            },
            space: key.space,
            inline: InlineHint::Force,
            is_static: true,
            extern_c: false,
            launch_bounds: None,
            cluster_dims: None,
            kind: FnKind::Normal,
            item: key.item,
            // A generic lambda's own `operator()` is not checked (its instances are).
            body_index: (!generic).then_some(key.body_index),
            defaults: Vec::new(),
            is_constexpr: true,
            method: Some(MethodDecl {
                record: rid,
                kind: crate::item_tree::MethodKind::Normal,
                is_const: !key.mutable,
                is_volatile: false,
                ref_qual: None,
                is_static: false,
                explicit: false,
            }),
            instance: None,
            env: key.env.clone(),
            lambda: Some(key.lambda),
            deduce_ret,
            ret_pattern: None,
            noexcept: true,
        });
        self.fn_by_link.insert(link_name, id);
        self.dm.values.insert(name, vec![ValueDef::Function(id)]);
        self.dm.closures.insert(key.clone(), (rid, id));
    }
}
