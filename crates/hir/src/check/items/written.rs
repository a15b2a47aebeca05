//! Value-dependent expressions in a function template's signature, kept as written for the
//! mangler (nvcc, like every Itanium compiler, names `A<N + 1>` as `1AIXplT_Li1EEE`, not as the
//! instance's `1AILi3EE`).

use super::*;
use crate::body::{BinaryOp, Expr, ExprId, Literal, UnaryOp};
use crate::mangle::MangleExpr;

/// A template argument or `decltype` operand in a function template's signature.
pub(super) enum WrittenExpr {
    /// Not dependent on the function template's parameters: mangled by its value or type.
    Plain,
    /// Dependent: mangled as written.
    Expr(MangleExpr),
    /// Dependent, in a form warpc cannot mangle as nvcc does (what it is).
    Unsupported(String),
}

/// `Ok((expr, dependent))`; `expr` is `None` for a non-dependent operand other than a literal
/// (a constant's name), which nvcc would mangle in ways not reproduced here.
type Conv = Result<(Option<MangleExpr>, bool), String>;

impl<'t> Builder<'t> {
    /// Whether names in a signature are being resolved: a function template's parameters, an
    /// alias template's dependent arguments or a return type's function parameters are bound.
    pub(super) fn in_signature(&self) -> bool {
        !self.template_env.is_empty() || !self.alias_written.is_empty() || !self.decl_param_mangle.is_empty()
    }

    /// The expression `ce` as the mangler writes it in a function template's signature.
    pub(super) fn written_expr(&mut self, ce: &'t ConstExpr) -> WrittenExpr {
        if !self.in_signature() {
            return WrittenExpr::Plain;
        }
        match self.conv_expr(ce, ce.root) {
            Ok((Some(e), true)) => WrittenExpr::Expr(e),
            Ok((_, false)) => WrittenExpr::Plain,
            Ok((None, true)) => WrittenExpr::Unsupported("a dependent expression naming a constant".into()),
            Err(what) if self.mentions_params(ce) => WrittenExpr::Unsupported(what),
            Err(_) => WrittenExpr::Plain,
        }
    }

    /// Whether some name in `ce` is a parameter of the signature being resolved.
    fn mentions_params(&self, ce: &ConstExpr) -> bool {
        let is_param = |n: &str| {
            let first = n.split("::").next().unwrap_or(n);
            self.template_env.iter().any(|(x, _)| x == first)
                || self.alias_written.iter().any(|(x, _)| x == first)
                || self.decl_param_mangle.iter().any(|(x, ..)| x == first)
        };
        fn ty_mentions(t: &TypeRef, is_param: &dyn Fn(&str) -> bool) -> bool {
            match t {
                TypeRef::Named(n) => is_param(n),
                TypeRef::Pointer(i)
                | TypeRef::Reference(i)
                | TypeRef::Qualified(_, i)
                | TypeRef::PackExpansion(i)
                | TypeRef::Array(i, _) => ty_mentions(i, is_param),
                TypeRef::Member { scope, .. } => ty_mentions(scope, is_param),
                TypeRef::Template { args, .. } | TypeRef::MemberTemplate { args, .. } => args.iter().any(|a| match a {
                    TemplateArgRef::Type(t) => ty_mentions(t, is_param),
                    TemplateArgRef::Value(ce) => ce.exprs.iter().any(|e| matches!(e, Expr::Name(n) if is_param(n))),
                }),
                TypeRef::Decltype { .. } => true,
                _ => false,
            }
        }
        ce.exprs.iter().any(|e| match e {
            Expr::Name(n) | Expr::SizeofPack(n) => is_param(n),
            _ => false,
        }) || ce.types.iter().any(|t| ty_mentions(t, &is_param))
    }

    fn conv_type(&mut self, ce: &'t ConstExpr, t: crate::body::TypeRefId) -> Result<(MangleTy, bool), String> {
        let tr = ce.types.get(t.0 as usize).ok_or("a type")?;
        let (ty, m) = self.resolve(tr);
        if ty.is_error() {
            return Err("an invalid type".into());
        }
        let dep = m.is_dependent();
        Ok((m, dep))
    }

    fn conv_expr(&mut self, ce: &'t ConstExpr, id: ExprId) -> Conv {
        let Some(e) = ce.exprs.get(id.0 as usize) else {
            return Err("an expression".into());
        };
        let both = |op: &'static str, a: (Option<MangleExpr>, bool), b: (Option<MangleExpr>, bool)| -> Conv {
            match (a, b) {
                ((Some(x), da), (Some(y), db)) => {
                    Ok((Some(MangleExpr::Binary(op, Box::new(x), Box::new(y))), da || db))
                }
                ((_, da), (_, db)) => Ok((None, da || db)),
            }
        };
        match e {
            Expr::Literal(Literal::Int {
                value, unsigned, long, ..
            }) => {
                let v = i128::try_from(*value).map_err(|_| "a large literal")?;
                let code = match (*unsigned, *long) {
                    (false, 0) if v <= i32::MAX as i128 => "i",
                    (false, 0) | (false, 1) => "l",
                    (true, 0) if v <= u32::MAX as i128 => "j",
                    (true, 0) | (true, 1) => "m",
                    (false, _) => "x",
                    (true, _) => "y",
                };
                Ok((Some(MangleExpr::Lit(v, code)), false))
            }
            Expr::Literal(Literal::Bool(b)) => Ok((Some(MangleExpr::Lit(*b as i128, "b")), false)),
            Expr::Name(n) => self.conv_name(n),
            Expr::Unary { op, expr } => {
                let code = match op {
                    UnaryOp::Neg => "ng",
                    UnaryOp::Plus => "ps",
                    UnaryOp::BitNot => "co",
                    UnaryOp::Not => "nt",
                    UnaryOp::Deref => "de",
                    UnaryOp::AddrOf => "ad",
                    _ => return Err("a unary operator".into()),
                };
                let (x, d) = self.conv_expr(ce, *expr)?;
                Ok((x.map(|x| MangleExpr::Unary(code, Box::new(x))), d))
            }
            Expr::Binary { op, lhs, rhs } => {
                let code = match op {
                    BinaryOp::Add => "pl",
                    BinaryOp::Sub => "mi",
                    BinaryOp::Mul => "ml",
                    BinaryOp::Div => "dv",
                    BinaryOp::Rem => "rm",
                    BinaryOp::Shl => "ls",
                    BinaryOp::Shr => "rs",
                    BinaryOp::BitAnd => "an",
                    BinaryOp::BitOr => "or",
                    BinaryOp::BitXor => "eo",
                    BinaryOp::LogicAnd => "aa",
                    BinaryOp::LogicOr => "oo",
                    BinaryOp::Lt => "lt",
                    BinaryOp::Gt => "gt",
                    BinaryOp::Le => "le",
                    BinaryOp::Ge => "ge",
                    BinaryOp::Eq => "eq",
                    BinaryOp::Ne => "ne",
                    BinaryOp::Comma => "cm",
                };
                let a = self.conv_expr(ce, *lhs)?;
                let b = self.conv_expr(ce, *rhs)?;
                both(code, a, b)
            }
            Expr::Cond { cond, then, else_ } => {
                let c = self.conv_expr(ce, *cond)?;
                let a = self.conv_expr(ce, *then)?;
                let b = self.conv_expr(ce, *else_)?;
                let d = c.1 || a.1 || b.1;
                match (c.0, a.0, b.0) {
                    (Some(c), Some(a), Some(b)) => {
                        Ok((Some(MangleExpr::Cond(Box::new(c), Box::new(a), Box::new(b))), d))
                    }
                    _ => Ok((None, d)),
                }
            }
            Expr::Cast { ty, expr } => {
                let (m, dt) = self.conv_type(ce, *ty)?;
                let (x, d) = self.conv_expr(ce, *expr)?;
                Ok((x.map(|x| MangleExpr::Cast(m, Box::new(x))), d || dt))
            }
            Expr::SizeofType(t) => {
                let (m, d) = self.conv_type(ce, *t)?;
                Ok((Some(MangleExpr::SizeofType(m)), d))
            }
            Expr::AlignofType(t) => {
                let (m, d) = self.conv_type(ce, *t)?;
                Ok((Some(MangleExpr::AlignofType(m)), d))
            }
            Expr::SizeofExpr(x) => {
                let (x, d) = self.conv_expr(ce, *x)?;
                Ok((x.map(|x| MangleExpr::SizeofExpr(Box::new(x))), d))
            }
            Expr::ScopedName { scope, member } => {
                let (m, d) = self.conv_type(ce, *scope)?;
                if !d {
                    return Ok((None, false));
                }
                let m = match m {
                    MangleTy::Written { written, .. } => *written,
                    m => m,
                };
                match &m {
                    MangleTy::Template { args, .. }
                        if !args
                            .iter()
                            .any(|a| matches!(a, MangleTArg::Pack(_) | MangleTArg::Unsupported(_))) =>
                    {
                        Ok((
                            Some(MangleExpr::Scoped {
                                scope: m,
                                member: member.clone(),
                            }),
                            true,
                        ))
                    }
                    _ => Err(format!("a static member of a dependent class (\"{member}\")")),
                }
            }
            Expr::Call { callee, args } => {
                if let Some(Expr::Name(n)) = ce.exprs.get(callee.0 as usize) {
                    if self.decl_param_mangle.iter().any(|(x, ..)| x == n) {
                        // A call of a function parameter (`decltype(op(v, v))`).
                        let (f, mut dep) = self.conv_name(n)?;
                        let mut margs = Vec::new();
                        for a in args {
                            let (x, d) = self.conv_expr(ce, *a)?;
                            dep |= d;
                            margs.push(x.ok_or("a call naming a constant")?);
                        }
                        let f = f.ok_or("a call")?;
                        return Ok((
                            Some(MangleExpr::CallParam {
                                callee: Box::new(f),
                                args: margs,
                            }),
                            dep,
                        ));
                    }
                }
                let (name, targs) = match ce.exprs.get(callee.0 as usize) {
                    Some(Expr::Name(n)) if !n.contains("::") => (n.clone(), None),
                    Some(Expr::TemplateId { name, args }) if !name.contains("::") => {
                        let mut out = Vec::new();
                        for a in args {
                            let crate::body::TemplateArgExpr::Type(t) = a else {
                                return Err("a call with a value template argument".into());
                            };
                            // An alias template as a template template argument (libcu++'s
                            // `__sfinae_test_impl<__test_for_primary_template, ...>(0)`): its
                            // name, not a type (resolving it said "identifier is undefined", a
                            // substitution failure of the whole signature).
                            if let Some(TypeRef::Named(n)) = ce.types.get(t.0 as usize) {
                                if self.dm.alias_templates.contains_key(n) {
                                    out.push(MangleTArg::Template(n.clone()));
                                    continue;
                                }
                            }
                            let (m, _) = self.conv_type(ce, *t)?;
                            out.push(MangleTArg::Type(m));
                        }
                        (name.clone(), Some(out))
                    }
                    _ => return Err("a function call".into()),
                };
                let dep_t = targs
                    .as_ref()
                    .is_some_and(|t| t.iter().any(|a| matches!(a, MangleTArg::Type(m) if m.is_dependent())));
                if self.template_env.iter().any(|(x, _)| *x == name) || self.decl_params.iter().any(|(x, _)| *x == name)
                {
                    return Err("a call of a parameter".into());
                }
                let mut margs = Vec::new();
                let mut dep = dep_t;
                let mut opaque = false;
                for a in args {
                    let (x, d) = self.conv_expr(ce, *a)?;
                    dep |= d;
                    match x {
                        Some(x) => margs.push(x),
                        None => opaque = true,
                    }
                }
                if opaque {
                    return Ok((None, dep));
                }
                Ok((
                    Some(MangleExpr::Call {
                        name,
                        targs,
                        args: margs,
                    }),
                    dep,
                ))
            }
            Expr::Member { .. } => Err("a member access".into()),
            Expr::Index { .. } => Err("a subscript".into()),
            Expr::Construct { .. } => Err("a functional cast".into()),
            Expr::TemplateId { .. } => Err("a function template-id".into()),
            Expr::SizeofPack(n) => match self
                .template_env
                .iter()
                .rposition(|(x, a)| x == n && matches!(a, TArg::Pack(_)))
            {
                Some(i) if !self.alias_env.iter().any(|(x, _)| x == n) => {
                    Ok((Some(MangleExpr::SizeofPack(i as u32)), true))
                }
                _ if self.alias_written.iter().any(|(x, _)| x == n) => {
                    Err("sizeof... of an alias template's pack".into())
                }
                _ => Ok((None, false)),
            },
            Expr::TypeTrait { .. } => Err("a type trait".into()),
            Expr::Noexcept(_) => Err("noexcept".into()),
            _ => Err("this expression".into()),
        }
    }

    fn conv_name(&mut self, n: &SmolStr) -> Conv {
        if let Some((_, e)) = self.alias_written.iter().rev().find(|(x, _)| x == n) {
            return match e {
                Ok(e) => Ok((Some(e.clone()), true)),
                Err(w) => Err(w.clone()),
            };
        }
        if self.alias_env.iter().any(|(x, _)| x == n) {
            return Ok((None, false));
        }
        if let Some(i) = self.template_env.iter().rposition(|(x, _)| x == n) {
            return match &self.template_env[i].1 {
                TArg::Value { .. } => Ok((Some(MangleExpr::Param(i as u32)), true)),
                TArg::Pack(_) => Err("a template parameter pack".into()),
                _ => Err("a template parameter".into()),
            };
        }
        if let Some((_, index, dep)) = self.decl_param_mangle.iter().find(|(x, ..)| x == n).cloned() {
            let quals = self
                .decl_params
                .iter()
                .find(|(x, _)| x == n)
                .map_or(Quals::empty(), |(_, t)| t.quals);
            return Ok((Some(MangleExpr::FnParam { index, quals }), dep));
        }
        if let Some((first, rest)) = n.split_once("::") {
            if self.alias_env.iter().any(|(x, _)| x == first) || rest.contains("::") {
                return Ok((None, false));
            }
            if let Some(i) = self.template_env.iter().rposition(|(x, _)| x == first) {
                // `T::value`: `sr T_ 5value`.
                if matches!(self.template_env[i].1, TArg::Type { .. }) {
                    return Ok((
                        Some(MangleExpr::Scoped {
                            scope: MangleTy::TemplateParam(i as u32),
                            member: SmolStr::new(rest),
                        }),
                        true,
                    ));
                }
                return Err("a member of a template parameter".into());
            }
        }
        Ok((None, false))
    }
}
