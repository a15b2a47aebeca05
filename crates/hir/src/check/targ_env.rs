//! One template-argument engine for the two places that resolve template arguments: the
//! def-map builder (`items::Builder`, item-level arguments: signatures, bases, class template
//! specializations) and the body checker (`Checker`, arguments written in bodies, deduction).
//!
//! [`TargEnv`] is what each context supplies: its environments of bound template parameters,
//! how it looks a name up, and how it turns one written type or value into an argument (each
//! with its own diagnostics context). The rules are written once, here, as provided methods:
//! a written argument against its parameter's kind ([`TargEnv::written_targ`]), a parameter's
//! default argument ([`TargEnv::default_targ`]), and a class template as the argument of a
//! template template parameter ([`TargEnv::template_targ`]).

use smol_str::SmolStr;

use crate::body::{ConstExpr, TemplateArgRef, TypeRef};
use crate::def_map::DefMap;
use crate::item_tree::{TemplateParamItem, TemplateParamKind};
use crate::ty::TArg;

/// Why a written template argument did not resolve: `None` when the context has reported it
/// already (or has nothing to add), else the message.
pub(crate) type TargError = Option<String>;

pub(crate) trait TargEnv<'t> {
    fn targ_def_map(&self) -> &DefMap;
    /// The class template bound to template template parameter `name` in the environments in
    /// scope, innermost first.
    fn bound_template(&self, name: &str) -> Option<SmolStr>;
    /// The qualified names `name` may denote here, in lookup order.
    fn template_name_candidates(&self, name: &SmolStr) -> Vec<SmolStr>;
    /// A type argument written as `tr`; `None` when it does not resolve (reported).
    fn type_targ(&mut self, tr: &'t TypeRef) -> Option<TArg>;
    /// A qualified name parsed as an expression, as a type argument; `None` when it does not
    /// resolve (reported).
    fn value_as_type_targ(&mut self, ce: &'t ConstExpr) -> Option<TArg>;
    /// A value argument written as `ce` for a parameter declared with type `pty`; `None` when it
    /// is not a constant (reported).
    fn value_targ(&mut self, ce: &'t ConstExpr, pty: &'t TypeRef) -> Result<TArg, TargError>;
    /// `enable_if_t<is_x_v<T>, T>`: the variable template `name<args>` parsed as a type, as a
    /// value argument for a parameter of type `pty`. `None` when `name` is not a variable
    /// template here; `Some(None)` when its value does not evaluate.
    fn var_template_targ(
        &mut self,
        name: &'t SmolStr,
        args: &'t [TemplateArgRef],
        pty: &'t TypeRef,
    ) -> Option<Option<TArg>>;
    /// Reports a problem with a template argument that [`Self::default_targ`] met.
    fn targ_error(&mut self, msg: String);

    /// A class template named `name` as the argument of template template parameter `pname`
    /// with parameters `pparams`: a bound template template parameter, else lookup.
    fn template_targ(&mut self, name: &SmolStr, pparams: &[TemplateParamItem], pname: &str) -> Result<TArg, String> {
        if let Some(q) = self.bound_template(name) {
            return Ok(TArg::Template(q));
        }
        let cands = self.template_name_candidates(name);
        super::items::class_template_arg(self.targ_def_map(), &cands, name, pparams, pname)
    }

    /// Template argument `a` as written, for parameter `p`.
    fn written_targ(&mut self, a: &'t TemplateArgRef, p: &'t TemplateParamItem) -> Result<TArg, TargError> {
        let pname = p.name.clone().unwrap_or_default();
        let failed = |t: Option<TArg>| t.ok_or(None);
        match (a, &p.kind) {
            (TemplateArgRef::Type(tr), TemplateParamKind::Template { params, .. }) => {
                let Some(n) = super::items::template_arg_name(tr) else {
                    return Err(Some("expected a class template".into()));
                };
                self.template_targ(n, params, &pname).map_err(Some)
            }
            (TemplateArgRef::Value(ce), TemplateParamKind::Template { params, .. }) => {
                let Some(crate::body::Expr::Name(n)) = ce.exprs.get(ce.root.0 as usize) else {
                    return Err(Some("expected a class template".into()));
                };
                self.template_targ(n, params, &pname).map_err(Some)
            }
            (TemplateArgRef::Type(tr), TemplateParamKind::Type { .. }) => failed(self.type_targ(tr)),
            (TemplateArgRef::Value(ce), TemplateParamKind::Type { .. }) if super::items::is_value_as_type(ce) => {
                failed(self.value_as_type_targ(ce))
            }
            (TemplateArgRef::Value(ce), TemplateParamKind::Value { ty, .. }) => self.value_targ(ce, ty),
            (TemplateArgRef::Type(TypeRef::Template { name, args }), TemplateParamKind::Value { ty, .. }) => {
                match self.var_template_targ(name, args, ty) {
                    Some(v) => failed(v),
                    None => Err(Some(kind_mismatch())),
                }
            }
            _ => Err(Some(kind_mismatch())),
        }
    }

    /// Parameter `p`'s default argument in the current environments; `None` without one or
    /// when it does not resolve.
    fn default_targ(&mut self, p: &'t TemplateParamItem) -> Option<TArg> {
        let pname = p.name.clone().unwrap_or_default();
        match &p.kind {
            TemplateParamKind::Type { default: Some(d) } => self.type_targ(d),
            TemplateParamKind::Value { ty, default: Some(ce) } => self.value_targ(ce, ty).ok(),
            TemplateParamKind::Template {
                params,
                default: Some(d),
            } => {
                let r = match super::items::template_arg_name(d) {
                    Some(n) => self.template_targ(n, params, &pname),
                    None => Err("expected a class template".into()),
                };
                r.map_err(|msg| self.targ_error(msg)).ok()
            }
            _ => None,
        }
    }
}

fn kind_mismatch() -> String {
    "template argument does not match the kind of its template parameter".into()
}
