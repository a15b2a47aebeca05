//! Deduction guides for class template argument deduction (C++17 CTAD): the user's
//! (`template <class T> S(T*, int) -> S<T>;`) and the implicit ones, one per constructor of a
//! class template plus the copy deduction candidate `S(S<P...>) -> S<P...>`. Each guide is a
//! function template in `DefMap::templates` that ordinary name lookup does not see, listed in
//! `DefMap::guides` under its class template; the body checker deduces a variable's class
//! template arguments by deducing the guides' parameters from the initializer.

use super::Builder;
use crate::body::{ConstExpr, Expr, ExprId, TemplateArgRef, TypeRef};
use crate::item_tree::{FunctionItem, Item, MethodKind, Param, TemplateHead, TemplateParamItem, TemplateParamKind};
use crate::ty::FnTemplate;
use smol_str::SmolStr;

impl<'t> Builder<'t> {
    /// A user-written deduction guide.
    pub(super) fn deduction_guide(&mut self, f: &'t FunctionItem) {
        if !self.dm.record_templates.contains_key(&f.name) {
            self.error(
                "not-a-template",
                format!(
                    "deduction guide declared for \"{}\", which is not a class template",
                    f.name
                ),
            );
            return;
        }
        let params = match &f.template {
            Some(TemplateHead::Params(p)) => p.clone(),
            _ => Vec::new(),
        };
        self.push_guide(f.name.clone(), params, f.clone(), true);
    }

    /// The implicit deduction guides of every class template (after the user's, which win
    /// ties): one per constructor of the primary template, and the copy deduction candidate.
    pub(super) fn implicit_guides(&mut self) {
        let it = self.it;
        // The constructors of each item-tree record, in one pass over the items.
        let mut ctors: rustc_hash::FxHashMap<u32, Vec<(usize, &'t FunctionItem)>> = Default::default();
        for (idx, item) in it.items.iter().enumerate() {
            if let Item::Function(f) = item {
                // (An out-of-class definition of a constructor is not another constructor.)
                if let Some(m) = f
                    .method
                    .as_ref()
                    .filter(|m| m.kind == MethodKind::Constructor && f.class_params.is_none())
                {
                    ctors.entry(m.record).or_default().push((idx, f));
                }
            }
        }
        for t in 0..self.dm.record_templates.len() {
            let (name, rt) = self.dm.record_templates.get_index(t).expect("in range");
            let (name, class_params, record, item) = (name.clone(), rt.params.clone(), rt.record, rt.item);
            let Some(ri) = it.records.get(record as usize) else {
                continue;
            };
            if ri.fields.is_none() || ri.specialization.is_some() {
                continue;
            }
            let self_ty = TypeRef::Template {
                name: name.clone(),
                args: class_params.iter().map(param_as_arg).collect(),
            };
            for &(idx, f) in ctors.get(&record).map(Vec::as_slice).unwrap_or_default() {
                if f.attrs.deleted {
                    continue;
                }
                // A copy or move constructor is the copy deduction candidate below.
                if let [p] = f.params.as_slice() {
                    if names_own_class(&p.ty, &name) {
                        continue;
                    }
                }
                let mut params = class_params.clone();
                match &f.template {
                    Some(TemplateHead::Params(own)) => params.extend(own.iter().cloned()),
                    None => {}
                    Some(_) => continue,
                }
                let guide = FunctionItem {
                    name: name.clone(),
                    ret: self_ty.clone(),
                    params: f.params.clone(),
                    variadic: f.variadic,
                    attrs: Default::default(),
                    has_body: false,
                    body_index: None,
                    method: None,
                    template: Some(TemplateHead::Params(params.clone())),
                    class_params: None,
                };
                self.cur_item = idx as u32;
                self.push_guide(name.clone(), params, guide, false);
            }
            // `S(S<P...>) -> S<P...>`
            let copy = FunctionItem {
                name: name.clone(),
                ret: self_ty.clone(),
                params: vec![Param {
                    name: None,
                    ty: self_ty,
                    default: None,
                    pack: false,
                }],
                variadic: false,
                attrs: Default::default(),
                has_body: false,
                body_index: None,
                method: None,
                template: Some(TemplateHead::Params(class_params.clone())),
                class_params: None,
            };
            self.cur_item = item;
            self.push_guide(name, class_params, copy, false);
        }
    }

    fn push_guide(&mut self, class: SmolStr, params: Vec<TemplateParamItem>, decl: FunctionItem, user: bool) {
        let idx = self.push_template(FnTemplate {
            name: class.clone(),
            params,
            decl,
            item: self.cur_item,
            body_index: None,
            class: None,
        });
        self.dm.guides.entry(class).or_default().push((idx, user));
    }
}

/// A template parameter written as the argument that names it (`T`, `N`, `Ts...`).
fn param_as_arg(p: &TemplateParamItem) -> TemplateArgRef {
    let name = p.name.clone().unwrap_or_default();
    match &p.kind {
        TemplateParamKind::Value { .. } => {
            let mut exprs = vec![Expr::Name(name)];
            if p.pack {
                exprs.push(Expr::PackExpansion(ExprId(0)));
            }
            let root = ExprId(exprs.len() as u32 - 1);
            TemplateArgRef::Value(ConstExpr {
                exprs,
                types: Vec::new(),
                root,
            })
        }
        _ => {
            let t = TypeRef::Named(name);
            TemplateArgRef::Type(if p.pack { TypeRef::PackExpansion(Box::new(t)) } else { t })
        }
    }
}

/// Whether a constructor parameter's type is the class itself (`S`, `const S&`, `S<T>&&`).
fn names_own_class(t: &TypeRef, class: &str) -> bool {
    let simple = class.rsplit("::").next().unwrap_or(class);
    match t {
        TypeRef::Named(n) | TypeRef::Template { name: n, .. } => n == class || n == simple,
        TypeRef::Reference(i) | TypeRef::Qualified(_, i) => names_own_class(i, class),
        _ => false,
    }
}
