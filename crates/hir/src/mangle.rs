//! Itanium C++ ABI name mangling, exactly as nvcc (which follows GCC/clang) mangles the C subset.
//!
//! - [`mangle_function`]: `_Z<len><name><bare-function-type>` for a non-`extern "C"` function:
//!   parameter types with top-level cv-qualifiers dropped, `v` for an empty list, `z` for `...`,
//!   and the substitution rules (`S_`, `S0_`, ...) applied to every non-builtin component.
//! - [`local_static_name`] / [`local_static_name_nth`]: the symbol of a function-scope static
//!   (`__shared__` or `static`) variable, `_ZZ<encoding>E<len><name>[_<n>|__<n>_]`.
//! - [`local_static_symbols`]: the symbols of all static locals of a checked body, with the
//!   discriminators nvcc assigns to same-named statics (declaration order).
//!
//! The mangler works on [`MangleTy`], a type as the ABI sees it: unlike [`crate::ty::Ty`] it keeps
//! enum names (an enum parameter mangles as its name, not as `int`). [`MangleTy::from_ty`] builds
//! one from a semantic type where no enum is involved.
//!
//! The expected names in this module's tests were produced by `nvcc -ptx` (CUDA 13).

use crate::body::Quals;
use crate::ty::{FloatKind, IntKind, Ty, TyKind};
use smol_str::SmolStr;

/// In the qualifiers a member function's name is mangled with: its `&` ref-qualifier (`R`;
/// `Quals::RVALUE` is `&&`, `O`). Never on a type.
pub const REF_LVALUE: Quals = Quals(16);

/// A type as the Itanium ABI mangles it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MangleTy {
    /// A builtin type's code: `v b c a h s t i j l m x y f d e`.
    Builtin(&'static str),
    /// A class, union or enum by its (source or typedef-for-linkage) name.
    Named(SmolStr),
    Pointer(Box<MangleTy>),
    /// `R<type>`: an lvalue reference.
    Reference(Box<MangleTy>),
    /// `T&&` (`O`).
    RvalueRef(Box<MangleTy>),
    /// cv/restrict-qualified type (`r`, `V`, `K`).
    Qualified(Quals, Box<MangleTy>),
    /// `A<n>_<elem>`; `None` for an array of unknown bound (`A_`).
    Array(Option<u64>, Box<MangleTy>),
    /// An array whose bound is a template's non-type parameter, as written (`A T0_ _ elem`).
    ArrayParam(u32, Box<MangleTy>),
    /// A function parameter pack's pattern as written (`Dp T0_`).
    PackExpansion(Box<MangleTy>),
    Function {
        ret: Box<MangleTy>,
        params: Vec<MangleTy>,
        variadic: bool,
        /// `noexcept` function type (`Do` before `F`).
        noexcept: bool,
    },
    /// The `n`-th template parameter of the function template being encoded (`T_`, `T0_`).
    TemplateParam(u32),
    /// A class template specialization `S<int, 8>` (name possibly qualified).
    Template {
        name: SmolStr,
        args: Vec<MangleTArg>,
    },
    /// A template template parameter of the function template being encoded applied to
    /// arguments, as written in its signature (`C<T>`: `T_ I T0_ E`).
    ParamTemplate {
        param: u32,
        args: Vec<MangleTArg>,
    },
    /// A member type of a template parameter as written in a function template's signature
    /// (`typename B::value_type`): `N T_ 10value_type E`.
    DependentName {
        scope: Box<MangleTy>,
        names: Vec<SmolStr>,
    },
    /// A specialization of a member class template of a class template specialization
    /// (`sel<true>::cls<int>`): `N <scope's prefix> <name> I <args> E E`.
    MemberTemplate {
        scope: Box<MangleTy>,
        name: SmolStr,
        args: Vec<MangleTArg>,
    },
    /// A type named in a function template's signature through a dependent name: mangled as
    /// `written` (`typename Tr<T>::ptr`: `N2TrIT_E3ptrE`), while `canonical` is the type it
    /// is for this instance (`Pi`), its identity everywhere else.
    Written {
        written: Box<MangleTy>,
        canonical: Box<MangleTy>,
    },
    /// `decltype(e)` with a dependent operand, as written in a function template's signature:
    /// `DT <expr> E` (`Dt` for an id-expression or member access).
    Decltype {
        expr: Box<MangleExpr>,
        id_expr: bool,
    },
}

/// A value-dependent expression as written in a function template's signature (a template
/// argument `A<N + 1>`, `enable_if<is_int<T>::value, int>`, a `decltype` operand), mangled the
/// way nvcc (EDG) writes it: `X <expression> E` in a template argument list.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MangleExpr {
    /// A non-type template parameter of the function template (`T_`, `T0_`); unlike a type
    /// parameter, not a substitution candidate here.
    Param(u32),
    /// The function parameter `index` in a trailing return type (`fp_`, `fp0_`), with its
    /// top-level cv-qualifiers (`fpK_`).
    FnParam { index: u32, quals: Quals },
    /// A literal: its type's code and value (`Li1E`, `Lb1E`, `Lj2E`).
    Lit(i128, &'static str),
    /// A unary operator's code and operand (`ng`, `nt`, `co`, `ps`).
    Unary(&'static str, Box<MangleExpr>),
    /// A binary operator's code and operands (`pl`, `mi`, `lt`, `aa`).
    Binary(&'static str, Box<MangleExpr>, Box<MangleExpr>),
    /// `c ? a : b` (`qu`).
    Cond(Box<MangleExpr>, Box<MangleExpr>, Box<MangleExpr>),
    /// A cast with one operand (`(int)e`, `static_cast<int>(e)`: EDG writes `cv <type> <e>`).
    Cast(MangleTy, Box<MangleExpr>),
    /// `sizeof(type)` (`st`).
    SizeofType(MangleTy),
    /// `alignof(type)` (`at`).
    AlignofType(MangleTy),
    /// `sizeof e` (`sz`).
    SizeofExpr(Box<MangleExpr>),
    /// `sizeof...(P)` of the function template's pack `P` (`sZ T_`).
    SizeofPack(u32),
    /// A call of a function named unqualified, with explicit template arguments or not:
    /// `cl 5twice fp_ E`, `cl 7declvalIT_E E`.
    Call {
        name: SmolStr,
        targs: Option<Vec<MangleTArg>>,
        args: Vec<MangleExpr>,
    },
    /// A call of a function parameter (`op(v, v)`: `cl fp1_ fp0_ fp0_ E`).
    CallParam {
        callee: Box<MangleExpr>,
        args: Vec<MangleExpr>,
    },
    /// A static member of a dependent class: `is_int<T>::value` (`sr 6is_intIT_E E 5value`),
    /// `T::value` (`sr T_ 5value`).
    Scoped { scope: MangleTy, member: SmolStr },
}

/// A template argument as mangled.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MangleTArg {
    Type(MangleTy),
    Value(i128, MangleTy),
    /// A non-type template parameter of the enclosing function template used as an argument
    /// (`Pair<X, N>` in a function template's signature): `X T0_ E`.
    Param(u32),
    /// A template argument pack: `J <args> E`.
    Pack(Vec<MangleTArg>),
    /// A template template argument: the class template's (possibly qualified) name, a
    /// substitution candidate shared with the template name of its specializations.
    Template(SmolStr),
    /// A function or variable given to a pointer (`addr`: `X ad L <symbol> E E`) or reference
    /// (`L <symbol> E`) non-type template parameter; `symbol` is its link name.
    Decl {
        symbol: SmolStr,
        addr: bool,
    },
    /// A value-dependent expression as written (`X <expr> E`).
    Expr(Box<MangleExpr>),
    /// A dependent template argument warpc cannot mangle as nvcc does (what it is): a symbol
    /// naming it is reported (see [`MangleTy::unsupported`]).
    Unsupported(SmolStr),
}

impl MangleTy {
    /// `self` with template parameter references replaced by the arguments' ABI forms
    /// (`args[i]` for `TemplateParam(i)`): the canonical form of a type named in a function
    /// template's signature.
    pub fn substitute(&self, args: &[MangleTy]) -> MangleTy {
        self.substitute_with(args, &[])
    }

    /// [`Self::substitute`], and non-type parameters used as arguments (`MangleTArg::Param(i)`)
    /// replaced by their values (`values[i]`, value and type): `ic<int, N>` with `N = 2` is
    /// `ic<int, 2>`'s canonical form.
    pub fn substitute_with(&self, args: &[MangleTy], values: &[Option<(i128, MangleTy)>]) -> MangleTy {
        let sub = |t: &MangleTy| Box::new(t.substitute_with(args, values));
        let sub_arg = |a: &MangleTArg| match a {
            MangleTArg::Type(t) => MangleTArg::Type(t.substitute_with(args, values)),
            MangleTArg::Param(i) => match values.get(*i as usize) {
                Some(Some((v, m))) => MangleTArg::Value(*v, m.clone()),
                _ => a.clone(),
            },
            other => other.clone(),
        };
        match self {
            MangleTy::TemplateParam(i) => args.get(*i as usize).cloned().unwrap_or_else(|| self.clone()),
            MangleTy::Pointer(t) => MangleTy::Pointer(sub(t)),
            MangleTy::Reference(t) => MangleTy::Reference(sub(t)),
            MangleTy::RvalueRef(t) => MangleTy::RvalueRef(sub(t)),
            MangleTy::Qualified(q, t) => MangleTy::Qualified(*q, sub(t)),
            MangleTy::Array(n, t) => MangleTy::Array(*n, sub(t)),
            MangleTy::ArrayParam(i, t) => MangleTy::ArrayParam(*i, sub(t)),
            MangleTy::PackExpansion(t) => MangleTy::PackExpansion(sub(t)),
            MangleTy::Function {
                ret,
                params,
                variadic,
                noexcept,
            } => MangleTy::Function {
                ret: sub(ret),
                params: params.iter().map(|p| p.substitute_with(args, values)).collect(),
                variadic: *variadic,
                noexcept: *noexcept,
            },
            MangleTy::ParamTemplate { param, args: targs } => match args.get(*param as usize) {
                Some(MangleTy::Named(n)) if n.ends_with("<template>") => MangleTy::Template {
                    name: SmolStr::new(n.trim_end_matches("<template>")),
                    args: targs.iter().map(sub_arg).collect(),
                },
                _ => self.clone(),
            },
            MangleTy::DependentName { scope, names } => MangleTy::DependentName {
                scope: sub(scope),
                names: names.clone(),
            },
            MangleTy::MemberTemplate {
                scope,
                name,
                args: targs,
            } => MangleTy::MemberTemplate {
                scope: sub(scope),
                name: name.clone(),
                args: targs.iter().map(sub_arg).collect(),
            },
            MangleTy::Template { name, args: targs } => MangleTy::Template {
                name: name.clone(),
                args: targs.iter().map(sub_arg).collect(),
            },
            MangleTy::Written { canonical, .. } => canonical.substitute_with(args, values),
            other => other.clone(),
        }
    }

    /// Whether the type mentions a template parameter of the function template being encoded
    /// (`T_`, `Pair<X, N>`'s `N`, `C<T>`).
    pub fn is_dependent(&self) -> bool {
        let arg = |a: &MangleTArg| match a {
            MangleTArg::Type(t) => t.is_dependent(),
            MangleTArg::Param(_) | MangleTArg::Expr(_) | MangleTArg::Unsupported(_) => true,
            MangleTArg::Pack(v) => v.iter().any(|a| {
                matches!(
                    a,
                    MangleTArg::Param(_) | MangleTArg::Expr(_) | MangleTArg::Unsupported(_)
                ) || matches!(a, MangleTArg::Type(t) if t.is_dependent())
            }),
            _ => false,
        };
        match self {
            MangleTy::TemplateParam(_) | MangleTy::ArrayParam(..) | MangleTy::ParamTemplate { .. } => true,
            MangleTy::Pointer(t)
            | MangleTy::Reference(t)
            | MangleTy::RvalueRef(t)
            | MangleTy::Qualified(_, t)
            | MangleTy::Array(_, t)
            | MangleTy::PackExpansion(t) => t.is_dependent(),
            MangleTy::Function { ret, params, .. } => ret.is_dependent() || params.iter().any(MangleTy::is_dependent),
            MangleTy::Template { args, .. } => args.iter().any(arg),
            MangleTy::MemberTemplate { scope, args, .. } => scope.is_dependent() || args.iter().any(arg),
            MangleTy::DependentName { scope, .. } => scope.is_dependent(),
            MangleTy::Written { written, .. } => written.is_dependent(),
            MangleTy::Decltype { .. } => true,
            MangleTy::Builtin(_) | MangleTy::Named(_) => false,
        }
    }

    /// What in this type (as written) warpc cannot mangle as nvcc does, if anything
    /// ([`MangleTArg::Unsupported`]).
    pub fn unsupported(&self) -> Option<SmolStr> {
        fn arg(a: &MangleTArg) -> Option<SmolStr> {
            match a {
                MangleTArg::Unsupported(w) => Some(w.clone()),
                MangleTArg::Type(t) => t.unsupported(),
                MangleTArg::Pack(v) => v.iter().find_map(arg),
                _ => None,
            }
        }
        match self {
            MangleTy::Pointer(t)
            | MangleTy::Reference(t)
            | MangleTy::RvalueRef(t)
            | MangleTy::Qualified(_, t)
            | MangleTy::Array(_, t)
            | MangleTy::ArrayParam(_, t)
            | MangleTy::PackExpansion(t) => t.unsupported(),
            MangleTy::Function { ret, params, .. } => ret
                .unsupported()
                .or_else(|| params.iter().find_map(MangleTy::unsupported)),
            MangleTy::Template { args, .. } | MangleTy::ParamTemplate { args, .. } => args.iter().find_map(arg),
            MangleTy::MemberTemplate { scope, args, .. } => scope.unsupported().or_else(|| args.iter().find_map(arg)),
            MangleTy::DependentName { scope, .. } => scope.unsupported(),
            MangleTy::Written { written, .. } => written.unsupported(),
            MangleTy::Builtin(_) | MangleTy::Named(_) | MangleTy::TemplateParam(_) | MangleTy::Decltype { .. } => None,
        }
    }

    /// `scope::member` as written in a function template's signature, `canonical` being what
    /// it names for this instance: [`MangleTy::Written`] when `scope` is dependent.
    pub fn dependent_member(scope: &MangleTy, member: &SmolStr, canonical: MangleTy) -> MangleTy {
        if !scope.is_dependent() {
            return canonical;
        }
        let written = match scope {
            MangleTy::Written { written, .. } => return MangleTy::dependent_member(written, member, canonical),
            MangleTy::DependentName { scope, names } => MangleTy::DependentName {
                scope: scope.clone(),
                names: names.iter().cloned().chain([member.clone()]).collect(),
            },
            _ => MangleTy::DependentName {
                scope: Box::new(scope.clone()),
                names: vec![member.clone()],
            },
        };
        MangleTy::Written {
            written: Box::new(written),
            canonical: Box::new(canonical),
        }
    }

    /// The ABI code of an integer type.
    pub fn int_code(k: IntKind) -> &'static str {
        match k {
            IntKind::Bool => "b",
            IntKind::Char => "c",
            IntKind::SChar => "a",
            IntKind::UChar => "h",
            IntKind::Short => "s",
            IntKind::UShort => "t",
            IntKind::Char16 => "Ds",
            IntKind::Char32 => "Di",
            IntKind::WChar => "w",
            IntKind::Int => "i",
            IntKind::UInt => "j",
            IntKind::Long => "l",
            IntKind::ULong => "m",
            IntKind::LongLong => "x",
            IntKind::ULongLong => "y",
        }
    }

    /// Builds the ABI view of a semantic type. Records are named after `records[id].name`
    /// (anonymous records without a typedef name get `"$anon"`, which nvcc cannot produce for a
    /// function with linkage anyway). Enums are not visible in [`Ty`]; use the item-level
    /// resolver's `MangleTy` for signatures that mention them.
    pub fn from_ty(ty: &Ty, records: &crate::ty::Records) -> MangleTy {
        let base = match &ty.kind {
            TyKind::Void | TyKind::Error => MangleTy::Builtin("v"),
            TyKind::Int(k) => MangleTy::Builtin(Self::int_code(*k)),
            TyKind::Float(FloatKind::F32) => MangleTy::Builtin("f"),
            TyKind::Float(FloatKind::F64) => MangleTy::Builtin("d"),
            TyKind::Float(FloatKind::LongDouble) => MangleTy::Builtin("e"),
            TyKind::Nullptr => MangleTy::Builtin("Dn"),
            TyKind::Pointer(p) => MangleTy::Pointer(Box::new(Self::from_ty(p, records))),
            TyKind::Reference(p) if ty.quals.contains(Quals::RVALUE) => {
                return MangleTy::RvalueRef(Box::new(Self::from_ty(p, records)));
            }
            TyKind::Reference(p) => MangleTy::Reference(Box::new(Self::from_ty(p, records))),
            TyKind::Array(e, n) => MangleTy::Array(*n, Box::new(Self::from_ty(e, records))),
            TyKind::Record(id) => match records.get(id).and_then(|r| r.mangle.clone()) {
                Some(m) => m,
                None => MangleTy::Named(
                    records
                        .get(id)
                        .and_then(|r| r.name.clone())
                        .unwrap_or_else(|| SmolStr::new("$anon")),
                ),
            },
            TyKind::Function(sig) => MangleTy::Function {
                ret: Box::new(Self::from_ty(&sig.ret, records)),
                params: sig.params.iter().map(|p| Self::from_ty(p, records)).collect(),
                variadic: sig.variadic,
                noexcept: sig.noexcept,
            },
        };
        MangleTy::qualified(ty.quals, base)
    }

    /// `t` with qualifiers `q` added (no wrapper for empty qualifiers).
    pub fn qualified(q: Quals, t: MangleTy) -> MangleTy {
        if q.is_empty() {
            return t;
        }
        match t {
            MangleTy::Qualified(q2, inner) => MangleTy::Qualified(q | q2, inner),
            t => MangleTy::Qualified(q, Box::new(t)),
        }
    }

    /// The type without top-level qualifiers (as a parameter type is mangled).
    pub fn strip_top_quals(&self) -> &MangleTy {
        match self {
            MangleTy::Qualified(_, inner) => inner,
            t => t,
        }
    }
}

struct Mangler {
    out: String,
    subs: Vec<MangleTy>,
    /// Operand count of the function being encoded (for `operator-` unary vs binary).
    arity: usize,
    /// A conversion function's target type (`operator float` is `cvf`).
    conv: Option<MangleTy>,
}

impl Mangler {
    fn new() -> Self {
        Mangler {
            out: String::new(),
            subs: Vec::new(),
            arity: 2,
            conv: None,
        }
    }

    /// A possibly qualified name (`geo::vec3`): `<source-name>` when unqualified, else
    /// `N <prefix> <source-name> E` where the longest prefix already seen is a substitution.
    /// Each namespace prefix becomes a substitution candidate; `self_candidate` adds the whole
    /// name too (types are candidates, the function being encoded is not).
    fn nested_name(&mut self, name: &str, self_candidate: bool) {
        if let Some((enc, local)) = name.strip_prefix('@').and_then(|n| n.split_once('@')) {
            // A class local to a function body (`local_class_name`).
            self.out.push('Z');
            self.out.push_str(enc);
            self.out.push('E');
            self.out.push_str(local);
            if self_candidate {
                self.subs.push(MangleTy::Named(SmolStr::new(name)));
            }
            return;
        }
        let parts: Vec<&str> = name.split("::").collect();
        if parts.len() == 1 {
            self.unqualified(name, self.arity);
            if self_candidate {
                self.subs.push(MangleTy::Named(SmolStr::new(name)));
            }
            return;
        }
        self.out.push('N');
        // The longest prefix (namespaces only) that is already a substitution.
        let mut start = 0;
        for k in (1..parts.len()).rev() {
            let prefix = MangleTy::Named(SmolStr::new(parts[..k].join("::")));
            if let Some(i) = self.subs.iter().position(|s| *s == prefix) {
                self.substitution(i);
                start = k;
                break;
            }
        }
        for k in start..parts.len() {
            if k + 1 == parts.len() {
                self.unqualified(parts[k], self.arity);
            } else {
                self.source_name(parts[k]);
            }
            if k + 1 < parts.len() || self_candidate {
                self.subs.push(MangleTy::Named(SmolStr::new(parts[..=k].join("::"))));
            }
        }
        self.out.push('E');
    }

    /// The encoding of a member function's name: like [`Self::nested_name`] for a function,
    /// with `V`/`K` for a `volatile`/`const` member, `C1`/`D1` for constructors/destructors and
    /// the operator codes for `operator@` (`arity`: operands including the object).
    fn method_name(&mut self, name: &str, cv: Quals, kind: crate::item_tree::MethodKind, arity: usize) {
        let parts: Vec<&str> = name.split("::").collect();
        self.out.push('N');
        self.method_cv(cv);
        for k in 0..parts.len() - 1 {
            self.source_name(parts[k]);
            self.subs.push(MangleTy::Named(SmolStr::new(parts[..=k].join("::"))));
        }
        let last = parts[parts.len() - 1];
        match kind {
            crate::item_tree::MethodKind::Constructor => self.out.push_str("C1"),
            crate::item_tree::MethodKind::Destructor => self.out.push_str("D1"),
            crate::item_tree::MethodKind::Normal => self.unqualified(last, arity),
        }
        self.out.push('E');
    }

    /// The cv-qualifiers of a member function after its `N`, in the Itanium order (`VK`).
    fn method_cv(&mut self, cv: Quals) {
        if cv.contains(Quals::VOLATILE) {
            self.out.push('V');
        }
        if cv.contains(Quals::CONST) {
            self.out.push('K');
        }
        // The ref-qualifier (`&`: `R`, `&&`: `O`).
        if cv.contains(Quals::RVALUE) {
            self.out.push('O');
        } else if cv.contains(REF_LVALUE) {
            self.out.push('R');
        }
    }

    /// The enclosing scopes of a nested name `a::b::name` (all parts but the last), after its
    /// `N`: the longest one already a substitution candidate as its `S_`, the rest as source
    /// names, each becoming a candidate.
    fn scope_prefix(&mut self, parts: &[&str]) {
        let mut start = 0;
        for k in (1..parts.len()).rev() {
            let prefix = MangleTy::Named(SmolStr::new(parts[..k].join("::")));
            if let Some(i) = self.subs.iter().position(|s| *s == prefix) {
                self.substitution(i);
                start = k;
                break;
            }
        }
        for k in start..parts.len() - 1 {
            self.source_name(parts[k]);
            self.subs.push(MangleTy::Named(SmolStr::new(parts[..=k].join("::"))));
        }
    }

    /// A class template specialization: `[N prefix] <name> I <args> E [E]`; the template name
    /// and the specialization are substitution candidates.
    fn template_prefix(&mut self, name: &str, args: &[MangleTArg]) {
        let parts: Vec<&str> = name.split("::").collect();
        let nested = parts.len() > 1;
        if nested {
            self.out.push('N');
            // (A template name seen before is one substitution, its scope included.)
            if !self.template_name_seen(name) {
                self.scope_prefix(&parts);
            }
        }
        self.template_name_and_args(name, args);
        if nested {
            self.out.push('E');
        }
    }

    /// Whether class template `name` is a substitution candidate already.
    fn template_name_seen(&self, name: &str) -> bool {
        let tname = MangleTy::Named(SmolStr::new(format!("{name}<template>")));
        self.subs.contains(&tname)
    }

    fn template_name_and_args(&mut self, name: &str, args: &[MangleTArg]) {
        let last = name.rsplit("::").next().unwrap_or(name);
        let tname = MangleTy::Named(SmolStr::new(format!("{name}<template>")));
        match self.subs.iter().position(|s| *s == tname) {
            Some(i) => self.substitution(i),
            None => {
                self.source_name(last);
                self.subs.push(tname);
            }
        }
        self.template_args(args);
        self.subs.push(MangleTy::Template {
            name: SmolStr::new(name),
            args: args.to_vec(),
        });
    }

    /// The prefix of a member of a class template specialization (without `N`): the
    /// specialization's (`3ds4RingIfLi4EE`), or for a class nested in one its specialization
    /// then the nested names (`5OuterIiE2In`); each prefix is a substitution candidate.
    fn specialization_scope(&mut self, scope: &MangleTy) {
        match scope {
            MangleTy::Template { name, args } => {
                let parts: Vec<&str> = name.split("::").collect();
                if !self.template_name_seen(name) {
                    self.scope_prefix(&parts);
                }
                self.template_name_and_args(name, args);
            }
            MangleTy::MemberTemplate {
                scope: outer,
                name,
                args,
            } => {
                self.nested_scope(outer);
                self.member_template_name_and_args(outer, name, args);
            }
            MangleTy::DependentName { scope: outer, names } => {
                self.nested_scope(outer);
                for (k, n) in names.iter().enumerate() {
                    self.source_name(n);
                    self.subs.push(MangleTy::DependentName {
                        scope: outer.clone(),
                        names: names[..=k].to_vec(),
                    });
                }
            }
            _ => {}
        }
    }

    /// The prefix a class of a specialization is nested in (without `N`): a substitution
    /// when seen before, else [`Self::specialization_scope`] (a template parameter as `T_`).
    fn nested_scope(&mut self, scope: &MangleTy) {
        if let MangleTy::Written { written, .. } = scope {
            return self.nested_scope(written);
        }
        if self.try_substitute(scope) {
            return;
        }
        match scope {
            MangleTy::Template { .. } | MangleTy::MemberTemplate { .. } | MangleTy::DependentName { .. } => {
                self.specialization_scope(scope)
            }
            _ => self.ty(scope),
        }
    }

    /// `<name> I <args> E` of a member class template's specialization after its scope; the
    /// template (`scope::name`) and the specialization are substitution candidates.
    fn member_template_name_and_args(&mut self, scope: &MangleTy, name: &SmolStr, args: &[MangleTArg]) {
        let tname = MangleTy::DependentName {
            scope: Box::new(scope.clone()),
            names: vec![SmolStr::new(format!("{name}<template>"))],
        };
        self.source_name(name);
        self.subs.push(tname);
        self.template_args(args);
        self.subs.push(MangleTy::MemberTemplate {
            scope: Box::new(scope.clone()),
            name: name.clone(),
            args: args.to_vec(),
        });
    }

    fn template_args(&mut self, args: &[MangleTArg]) {
        self.out.push('I');
        for a in args {
            self.template_arg(a);
        }
        self.out.push('E');
    }

    fn template_arg(&mut self, a: &MangleTArg) {
        match a {
            MangleTArg::Type(t) => self.ty(t),
            MangleTArg::Value(v, t) => {
                self.out.push('L');
                self.ty(t);
                if *v < 0 {
                    self.out.push('n');
                }
                self.out.push_str(&v.unsigned_abs().to_string());
                self.out.push('E');
            }
            MangleTArg::Decl { symbol, addr } => {
                if *addr {
                    self.out.push_str("Xad");
                }
                self.out.push('L');
                // An `extern "C"` name (and a global variable's plain symbol) is mangled as
                // `_Z <source-name>` here, as g++ does.
                if symbol.starts_with("_Z") {
                    self.out.push_str(symbol);
                } else {
                    self.out.push_str("_Z");
                    self.out.push_str(&symbol.len().to_string());
                    self.out.push_str(symbol);
                }
                self.out.push('E');
                if *addr {
                    self.out.push('E');
                }
            }
            MangleTArg::Param(i) => {
                // (A template parameter in an expression is not a substitution candidate.)
                self.out.push('X');
                self.expr(&MangleExpr::Param(*i));
                self.out.push('E');
            }
            MangleTArg::Expr(e) => {
                self.out.push('X');
                self.expr(e);
                self.out.push('E');
            }
            // (Reported where the symbol is needed.)
            MangleTArg::Unsupported(_) => self.out.push_str("Li0E"),
            MangleTArg::Pack(args) => {
                self.out.push('J');
                for a in args {
                    self.template_arg(a);
                }
                self.out.push('E');
            }
            MangleTArg::Template(name) => {
                let tname = MangleTy::Named(SmolStr::new(format!("{name}<template>")));
                if self.try_substitute(&tname) {
                    return;
                }
                let parts: Vec<&str> = name.split("::").collect();
                if parts.len() == 1 {
                    self.source_name(name);
                } else {
                    self.out.push('N');
                    self.scope_prefix(&parts);
                    self.source_name(parts[parts.len() - 1]);
                    self.out.push('E');
                }
                self.subs.push(tname);
            }
        }
    }

    /// An `<expression>` as EDG writes one in a dependent template argument or `decltype`.
    fn expr(&mut self, e: &MangleExpr) {
        match e {
            MangleExpr::Param(i) => {
                self.out.push('T');
                if *i > 0 {
                    self.out.push_str(&base36(*i as u64 - 1));
                }
                self.out.push('_');
            }
            MangleExpr::FnParam { index, quals } => {
                self.out.push_str("fp");
                if quals.contains(Quals::RESTRICT) {
                    self.out.push('r');
                }
                if quals.contains(Quals::VOLATILE) {
                    self.out.push('V');
                }
                if quals.contains(Quals::CONST) {
                    self.out.push('K');
                }
                if *index > 0 {
                    self.out.push_str(&(index - 1).to_string());
                }
                self.out.push('_');
            }
            MangleExpr::Lit(v, code) => {
                self.out.push('L');
                self.out.push_str(code);
                if *v < 0 {
                    self.out.push('n');
                }
                self.out.push_str(&v.unsigned_abs().to_string());
                self.out.push('E');
            }
            MangleExpr::Unary(code, a) => {
                self.out.push_str(code);
                self.expr(a);
            }
            MangleExpr::Binary(code, a, b) => {
                self.out.push_str(code);
                self.expr(a);
                self.expr(b);
            }
            MangleExpr::Cond(c, a, b) => {
                self.out.push_str("qu");
                self.expr(c);
                self.expr(a);
                self.expr(b);
            }
            MangleExpr::Cast(t, a) => {
                self.out.push_str("cv");
                self.ty(t);
                self.expr(a);
            }
            MangleExpr::SizeofType(t) => {
                self.out.push_str("st");
                self.ty(t);
            }
            MangleExpr::AlignofType(t) => {
                self.out.push_str("at");
                self.ty(t);
            }
            MangleExpr::SizeofExpr(a) => {
                self.out.push_str("sz");
                self.expr(a);
            }
            MangleExpr::CallParam { callee, args } => {
                self.out.push_str("cl");
                self.expr(callee);
                for a in args {
                    self.expr(a);
                }
                self.out.push('E');
            }
            MangleExpr::SizeofPack(i) => {
                self.out.push_str("sZ");
                self.expr(&MangleExpr::Param(*i));
            }
            MangleExpr::Call { name, targs, args } => {
                self.out.push_str("cl");
                self.source_name(name);
                if let Some(t) = targs {
                    self.template_args(t);
                }
                for a in args {
                    self.expr(a);
                }
                self.out.push('E');
            }
            MangleExpr::Scoped { scope, member } => {
                self.out.push_str("sr");
                match scope.strip_top_quals() {
                    // EDG writes each qualifier level as a source name (with the class's
                    // template arguments), none of them a substitution: `sr2ns4is_fIT_EE5value`.
                    MangleTy::Template { name, args } => {
                        let parts: Vec<&str> = name.split("::").collect();
                        for p in &parts[..parts.len() - 1] {
                            self.source_name(p);
                        }
                        self.source_name(parts[parts.len() - 1]);
                        self.template_args(args);
                        self.out.push('E');
                    }
                    MangleTy::Named(name) => {
                        for p in name.split("::") {
                            self.source_name(p);
                        }
                        self.out.push('E');
                    }
                    // A template parameter (`srT_5value`).
                    t => self.ty(t),
                }
                self.source_name(member);
            }
        }
    }

    /// `<unqualified-name>`: a source name or an operator's code.
    fn unqualified(&mut self, name: &str, arity: usize) {
        match name
            .strip_prefix("operator")
            .and_then(|op| operator_code(op.trim(), arity))
        {
            Some(code) => self.out.push_str(code),
            None if name.starts_with("operator ") => match self.conv.clone() {
                Some(t) => {
                    self.out.push_str("cv");
                    self.ty(&t);
                }
                None => {
                    // Not expected (conversion functions pass their type); keep a valid symbol.
                    let clean: String = name
                        .chars()
                        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                        .collect();
                    self.source_name(&clean);
                }
            },
            None => self.source_name(name),
        }
    }

    fn source_name(&mut self, name: &str) {
        self.out.push_str(&name.len().to_string());
        self.out.push_str(name);
    }

    fn substitution(&mut self, idx: usize) {
        self.out.push('S');
        if idx > 0 {
            self.out.push_str(&base36(idx as u64 - 1));
        }
        self.out.push('_');
    }

    fn try_substitute(&mut self, t: &MangleTy) -> bool {
        if let Some(i) = self.subs.iter().position(|s| s == t) {
            self.substitution(i);
            true
        } else {
            false
        }
    }

    fn ty(&mut self, t: &MangleTy) {
        if let MangleTy::Builtin(code) = t {
            self.out.push_str(code);
            return;
        }
        if let MangleTy::Written { written, .. } = t {
            return self.ty(written);
        }
        if self.try_substitute(t) {
            return;
        }
        match t {
            MangleTy::Builtin(_) | MangleTy::Written { .. } => unreachable!(),
            MangleTy::Named(n) => {
                // `nested_name` records the name (and its prefixes) as candidates itself.
                self.nested_name(n, true);
                return;
            }
            MangleTy::Pointer(p) => {
                self.out.push('P');
                self.ty(p);
            }
            MangleTy::Reference(p) => {
                self.out.push('R');
                self.ty(p);
            }
            MangleTy::RvalueRef(p) => {
                self.out.push('O');
                self.ty(p);
            }
            MangleTy::Qualified(q, inner) => {
                if q.contains(Quals::RESTRICT) {
                    self.out.push('r');
                }
                if q.contains(Quals::VOLATILE) {
                    self.out.push('V');
                }
                if q.contains(Quals::CONST) {
                    self.out.push('K');
                }
                if q.is_empty() {
                    // Not a real qualified type: mangle (and substitute) as the inner type.
                    self.ty(inner);
                    return;
                }
                self.ty(inner);
            }
            MangleTy::Array(n, e) => {
                self.out.push('A');
                if let Some(n) = n {
                    self.out.push_str(&n.to_string());
                }
                self.out.push('_');
                self.ty(e);
            }
            MangleTy::PackExpansion(e) => {
                self.out.push_str("Dp");
                self.ty(e);
            }
            MangleTy::ArrayParam(i, e) => {
                self.out.push('A');
                self.out.push('T');
                if *i > 0 {
                    self.out.push_str(&base36(*i as u64 - 1));
                }
                self.out.push('_');
                self.out.push('_');
                self.ty(e);
            }
            MangleTy::Template { name, args } => {
                self.template_prefix(name, args);
                return;
            }
            MangleTy::TemplateParam(i) => {
                self.out.push('T');
                if *i > 0 {
                    self.out.push_str(&base36(*i as u64 - 1));
                }
                self.out.push('_');
            }
            MangleTy::Function {
                ret,
                params,
                variadic,
                noexcept,
            } => {
                if *noexcept {
                    self.out.push_str("Do");
                }
                self.out.push('F');
                self.ty(ret);
                self.params(params, *variadic);
                self.out.push('E');
            }
            MangleTy::ParamTemplate { param, args } => {
                self.ty(&MangleTy::TemplateParam(*param));
                self.template_args(args);
            }
            MangleTy::MemberTemplate { scope, name, args } => {
                self.out.push('N');
                self.nested_scope(scope);
                self.member_template_name_and_args(scope, name, args);
                self.out.push('E');
                return;
            }
            MangleTy::Decltype { expr, id_expr } => {
                self.out.push_str(if *id_expr { "Dt" } else { "DT" });
                self.expr(expr);
                self.out.push('E');
            }
            MangleTy::DependentName { scope, names } => {
                self.out.push('N');
                self.nested_scope(scope);
                for (k, n) in names.iter().enumerate() {
                    self.source_name(n);
                    if k + 1 < names.len() {
                        let prefix = MangleTy::DependentName {
                            scope: scope.clone(),
                            names: names[..=k].to_vec(),
                        };
                        self.subs.push(prefix);
                    }
                }
                self.out.push('E');
            }
        }
        self.subs.push(t.clone());
    }

    fn params(&mut self, params: &[MangleTy], variadic: bool) {
        if params.is_empty() && !variadic {
            self.out.push('v');
        }
        for p in params {
            self.ty(p.strip_top_quals());
        }
        if variadic {
            self.out.push('z');
        }
    }
}

/// The Itanium code of `operator<op>` with `arity` operands (1: unary, 2: binary).
pub fn operator_code(op: &str, arity: usize) -> Option<&'static str> {
    Some(match (op, arity) {
        ("+", 1) => "ps",
        ("-", 1) => "ng",
        ("&", 1) => "ad",
        ("*", 1) => "de",
        ("+", _) => "pl",
        ("-", _) => "mi",
        ("*", _) => "ml",
        ("&", _) => "an",
        ("/", _) => "dv",
        ("%", _) => "rm",
        ("|", _) => "or",
        ("^", _) => "eo",
        ("~", _) => "co",
        ("!", _) => "nt",
        ("=", _) => "aS",
        ("+=", _) => "pL",
        ("-=", _) => "mI",
        ("*=", _) => "mL",
        ("/=", _) => "dV",
        ("%=", _) => "rM",
        ("&=", _) => "aN",
        ("|=", _) => "oR",
        ("^=", _) => "eO",
        ("<<", _) => "ls",
        (">>", _) => "rs",
        ("<<=", _) => "lS",
        (">>=", _) => "rS",
        ("==", _) => "eq",
        ("!=", _) => "ne",
        ("<", _) => "lt",
        (">", _) => "gt",
        ("<=", _) => "le",
        (">=", _) => "ge",
        ("&&", _) => "aa",
        ("||", _) => "oo",
        ("++", _) => "pp",
        ("--", _) => "mm",
        (",", _) => "cm",
        ("->*", _) => "pm",
        ("->", _) => "pt",
        ("()", _) => "cl",
        ("[]", _) => "ix",
        ("new", _) => "nw",
        ("delete", _) => "dl",
        _ => return None,
    })
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if n == 0 {
        return "0".into();
    }
    let mut v = Vec::new();
    while n > 0 {
        v.push(DIGITS[(n % 36) as usize]);
        n /= 36;
    }
    v.reverse();
    String::from_utf8(v).unwrap()
}

thread_local! {
    /// The inline namespaces of the translation unit being mangled (see
    /// [`crate::item_tree::ItemTree::inline_namespaces`]), set by [`InlineNamespaces::enter`].
    static INLINE_NAMESPACES: std::cell::RefCell<Vec<(SmolStr, SmolStr)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// While alive, the mangler on this thread names the members of the given namespaces (as
/// named, `cub`) with their ABI path (`cub::_V_300500_SM_800`): inline namespaces are part of
/// the symbol although names leave them out. Dropping it restores the previous table.
pub struct InlineNamespaces {
    saved: Vec<(SmolStr, SmolStr)>,
}

impl InlineNamespaces {
    pub fn enter(table: &[(SmolStr, SmolStr)]) -> InlineNamespaces {
        let saved = INLINE_NAMESPACES.with(|t| std::mem::replace(&mut *t.borrow_mut(), table.to_vec()));
        InlineNamespaces { saved }
    }
}

impl Drop for InlineNamespaces {
    fn drop(&mut self) {
        let saved = std::mem::take(&mut self.saved);
        INLINE_NAMESPACES.with(|t| *t.borrow_mut() = saved);
    }
}

/// `name` (`cub::detail::f`) with its longest enclosing namespace that has an ABI path
/// replaced by it (`cub::_V_300500_SM_800::detail::f`).
fn abi_name(name: &str) -> SmolStr {
    INLINE_NAMESPACES.with(|t| {
        let t = t.borrow();
        if t.is_empty() {
            return SmolStr::new(name);
        }
        let mut end = name.len();
        while let Some(k) = name[..end].rfind("::") {
            let prefix = &name[..k];
            if let Ok(i) = t.binary_search_by(|(n, _)| n.as_str().cmp(prefix)) {
                return SmolStr::new(format!("{}{}", t[i].1, &name[k..]));
            }
            end = k;
        }
        SmolStr::new(name)
    })
}

fn abi_targ(a: &MangleTArg) -> MangleTArg {
    match a {
        MangleTArg::Type(t) => MangleTArg::Type(abi_ty(t)),
        MangleTArg::Value(v, t) => MangleTArg::Value(*v, abi_ty(t)),
        MangleTArg::Param(i) => MangleTArg::Param(*i),
        MangleTArg::Pack(args) => MangleTArg::Pack(args.iter().map(abi_targ).collect()),
        MangleTArg::Template(n) => MangleTArg::Template(abi_name(n)),
        d @ MangleTArg::Decl { .. } => d.clone(),
        MangleTArg::Expr(e) => MangleTArg::Expr(Box::new(abi_expr(e))),
        u @ MangleTArg::Unsupported(_) => u.clone(),
    }
}

fn abi_expr(e: &MangleExpr) -> MangleExpr {
    let b = |e: &MangleExpr| Box::new(abi_expr(e));
    match e {
        MangleExpr::Param(_) | MangleExpr::FnParam { .. } | MangleExpr::Lit(..) | MangleExpr::SizeofPack(_) => {
            e.clone()
        }
        MangleExpr::CallParam { callee, args } => MangleExpr::CallParam {
            callee: b(callee),
            args: args.iter().map(abi_expr).collect(),
        },
        MangleExpr::Call { name, targs, args } => MangleExpr::Call {
            name: name.clone(),
            targs: targs.as_ref().map(|t| t.iter().map(abi_targ).collect()),
            args: args.iter().map(abi_expr).collect(),
        },
        MangleExpr::Unary(c, a) => MangleExpr::Unary(c, b(a)),
        MangleExpr::Binary(c, x, y) => MangleExpr::Binary(c, b(x), b(y)),
        MangleExpr::Cond(c, x, y) => MangleExpr::Cond(b(c), b(x), b(y)),
        MangleExpr::Cast(t, a) => MangleExpr::Cast(abi_ty(t), b(a)),
        MangleExpr::SizeofType(t) => MangleExpr::SizeofType(abi_ty(t)),
        MangleExpr::AlignofType(t) => MangleExpr::AlignofType(abi_ty(t)),
        MangleExpr::SizeofExpr(a) => MangleExpr::SizeofExpr(b(a)),
        MangleExpr::Scoped { scope, member } => MangleExpr::Scoped {
            scope: abi_ty(scope),
            member: member.clone(),
        },
    }
}

/// `t` with every name in its ABI form ([`abi_name`]).
fn abi_ty(t: &MangleTy) -> MangleTy {
    let b = |t: &MangleTy| Box::new(abi_ty(t));
    match t {
        MangleTy::Builtin(c) => MangleTy::Builtin(c),
        MangleTy::Named(n) => MangleTy::Named(abi_name(n)),
        MangleTy::Pointer(p) => MangleTy::Pointer(b(p)),
        MangleTy::Reference(p) => MangleTy::Reference(b(p)),
        MangleTy::RvalueRef(p) => MangleTy::RvalueRef(b(p)),
        MangleTy::Qualified(q, p) => MangleTy::Qualified(*q, b(p)),
        MangleTy::Array(n, e) => MangleTy::Array(*n, b(e)),
        MangleTy::ArrayParam(n, e) => MangleTy::ArrayParam(*n, b(e)),
        MangleTy::PackExpansion(p) => MangleTy::PackExpansion(b(p)),
        MangleTy::Function {
            ret,
            params,
            variadic,
            noexcept,
        } => MangleTy::Function {
            ret: b(ret),
            params: params.iter().map(abi_ty).collect(),
            variadic: *variadic,
            noexcept: *noexcept,
        },
        MangleTy::TemplateParam(i) => MangleTy::TemplateParam(*i),
        MangleTy::Template { name, args } => MangleTy::Template {
            name: abi_name(name),
            args: args.iter().map(abi_targ).collect(),
        },
        MangleTy::ParamTemplate { param, args } => MangleTy::ParamTemplate {
            param: *param,
            args: args.iter().map(abi_targ).collect(),
        },
        MangleTy::DependentName { scope, names } => MangleTy::DependentName {
            scope: b(scope),
            names: names.clone(),
        },
        MangleTy::MemberTemplate { scope, name, args } => MangleTy::MemberTemplate {
            scope: b(scope),
            name: name.clone(),
            args: args.iter().map(abi_targ).collect(),
        },
        MangleTy::Written { written, canonical } => MangleTy::Written {
            written: b(written),
            canonical: b(canonical),
        },
        MangleTy::Decltype { expr, id_expr } => MangleTy::Decltype {
            expr: Box::new(abi_expr(expr)),
            id_expr: *id_expr,
        },
    }
}

fn abi_tys(ts: &[MangleTy]) -> Vec<MangleTy> {
    ts.iter().map(abi_ty).collect()
}

/// `_Z<len><name><params>`: the symbol nvcc gives a namespace-scope, non-`extern "C"`, non-template
/// function. `params` are the declared parameter types (after array/function-to-pointer
/// adjustment; top-level qualifiers are ignored).
pub fn mangle_function(name: &str, params: &[MangleTy], variadic: bool) -> String {
    let (name, params) = (&*abi_name(name), &*abi_tys(params));
    let mut m = Mangler::new();
    m.arity = params.len();
    m.out.push_str("_Z");
    m.nested_name(name, false);
    m.params(params, variadic);
    m.out
}

/// The symbol of a C++ member function `Class::name` (qualified with its class and
/// namespaces): `_ZNK3geo4vec33dotERKS0_`, constructors `_ZN3geo4vec3C1Efff`, operators
/// `_ZNK3geo4vec3plERKS0_`. `params` exclude `this`.
pub fn mangle_method(
    name: &str,
    params: &[MangleTy],
    variadic: bool,
    cv: Quals,
    kind: crate::item_tree::MethodKind,
) -> String {
    mangle_method_conv(name, params, variadic, cv, kind, None)
}

/// [`mangle_method`] for a conversion function to `conv` (`_ZNK1FcvfEv`).
pub fn mangle_method_conv(
    name: &str,
    params: &[MangleTy],
    variadic: bool,
    cv: Quals,
    kind: crate::item_tree::MethodKind,
    conv: Option<&MangleTy>,
) -> String {
    let (name, params) = (&*abi_name(name), &*abi_tys(params));
    let mut m = Mangler::new();
    m.conv = conv.map(abi_ty);
    m.out.push_str("_Z");
    m.method_name(name, cv, kind, params.len() + 1);
    m.params(params, variadic);
    m.out
}

/// A member `member` of the class template specialization `scope` (a [`MangleTy::Template`]):
/// `_ZN10SmallStackIiLi8EE4pushEi`.
pub fn mangle_member_of_specialization(
    scope: &MangleTy,
    member: &str,
    params: &[MangleTy],
    variadic: bool,
    cv: Quals,
    kind: crate::item_tree::MethodKind,
    conv: Option<&MangleTy>,
) -> String {
    let (scope, params) = (&abi_ty(scope), &*abi_tys(params));
    let mut m = Mangler::new();
    m.conv = conv.map(abi_ty);
    m.out.push_str("_Z");
    m.out.push('N');
    m.method_cv(cv);
    m.specialization_scope(scope);
    match kind {
        crate::item_tree::MethodKind::Constructor => m.out.push_str("C1"),
        crate::item_tree::MethodKind::Destructor => m.out.push_str("D1"),
        crate::item_tree::MethodKind::Normal => m.unqualified(member, params.len() + 1),
    }
    m.out.push('E');
    m.params(params, variadic);
    m.out
}

/// A member function template instance of the class template specialization `scope`:
/// `_ZNK3BoxIfE3getILi2EEEfv` (the class's parameters appear as their arguments, the member
/// template's as `T_`).
pub fn mangle_member_template_of_specialization(
    scope: &MangleTy,
    member: &str,
    args: &[MangleTArg],
    ret: &MangleTy,
    params: &[MangleTy],
    variadic: bool,
    cv: Quals,
) -> String {
    let (scope, params, ret) = (&abi_ty(scope), &*abi_tys(params), &abi_ty(ret));
    let args: &[MangleTArg] = &args.iter().map(abi_targ).collect::<Vec<_>>();
    let mut m = Mangler::new();
    m.arity = params.len();
    m.out.push_str("_Z");
    m.out.push('N');
    m.method_cv(cv);
    m.specialization_scope(scope);
    m.unqualified(member, params.len() + 1);
    m.subs
        .push(MangleTy::Named(SmolStr::new(format!("{scope:?}::{member}<template>"))));
    m.template_args(args);
    m.out.push('E');
    m.ty(ret);
    m.params(params, variadic);
    m.out
}

/// The symbol of a function template instance: `_Z<name>I<args>E<ret><params>`, where `ret`
/// and `params` are the types as written in the template, with its parameters as
/// [`MangleTy::TemplateParam`] (`_Z11scale_clampIfLi4EEvPKT_PS0_iS0_`).
pub fn mangle_template_instance(
    name: &str,
    args: &[MangleTArg],
    ret: &MangleTy,
    params: &[MangleTy],
    variadic: bool,
    member_cv: Quals,
) -> String {
    let (name, params, ret) = (&*abi_name(name), &*abi_tys(params), &abi_ty(ret));
    let args: &[MangleTArg] = &args.iter().map(abi_targ).collect::<Vec<_>>();
    let mut m = Mangler::new();
    m.arity = params.len();
    m.out.push_str("_Z");
    let parts: Vec<&str> = name.split("::").collect();
    let nested = parts.len() > 1;
    if nested {
        m.out.push('N');
        m.method_cv(member_cv);
        for k in 0..parts.len() - 1 {
            m.source_name(parts[k]);
            m.subs.push(MangleTy::Named(SmolStr::new(parts[..=k].join("::"))));
        }
    }
    m.unqualified(parts[parts.len() - 1], params.len());
    // The template name is a substitution candidate before its arguments.
    m.subs.push(MangleTy::Named(SmolStr::new(format!("{name}<template>"))));
    m.template_args(args);
    if nested {
        m.out.push('E');
    }
    m.ty(ret);
    m.params(params, variadic);
    m.out
}

/// The symbol of a variable declared in a namespace (`geo::scale` -> `_ZN3geo5scaleE`); a name
/// at global scope stays as written, as nvcc does.
pub fn mangle_variable(name: &str) -> String {
    if !name.contains("::") {
        return name.to_string();
    }
    let name = &*abi_name(name);
    let mut m = Mangler::new();
    m.out.push_str("_Z");
    m.nested_name(name, false);
    m.out
}

/// The `<encoding>` part of a function symbol: a mangled name without `_Z`, or for an `extern "C"`
/// (unmangled) name, `<len><name>`.
/// The ABI name of a class defined in the body of the function whose symbol is
/// `function_link_name` (`index`: which class of the body), as `MangleTy::Named` carries it:
/// `@<encoding>@<name>`, which the mangler writes as the local name `Z <encoding> E <name>`
/// (an unnamed class: `Ut_`, `Ut0_`, ... by its index). Substitutions inside the encoding are
/// the function's own, not renumbered in the enclosing symbol (exact for a function that is
/// not a template instance).
pub fn local_class_name(function_link_name: &str, name: Option<&str>, index: u32) -> SmolStr {
    let enc = function_encoding(function_link_name);
    match name {
        Some(n) => SmolStr::new(format!("@{enc}@{}{n}", n.len())),
        None if index == 0 => SmolStr::new(format!("@{enc}@Ut_")),
        None => SmolStr::new(format!("@{enc}@Ut{}_", index - 1)),
    }
}

pub fn function_encoding(link_name: &str) -> String {
    match link_name.strip_prefix("_Z") {
        Some(rest) => rest.to_string(),
        None => format!("{}{}", link_name.len(), link_name),
    }
}

/// The symbol of the first function-scope static named `var` in the function whose symbol is
/// `function_link_name` (`_ZZ10reduce_sumE7partial`, `_ZZ8warp_sumfE1s`).
pub fn local_static_name(function_link_name: &str, var: &str) -> String {
    local_static_name_nth(function_link_name, var, 0)
}

/// The symbol of the `n`-th (0-based, in declaration order) function-scope static named `var`:
/// `n == 0` has no discriminator, then `_0` .. `_9`, then `__10_`, `__11_` ...
pub fn local_static_name_nth(function_link_name: &str, var: &str, n: u32) -> String {
    let mut s = format!("_ZZ{}E{}{}", function_encoding(function_link_name), var.len(), var);
    if n > 0 {
        let d = n - 1;
        if d < 10 {
            s.push_str(&format!("_{d}"));
        } else {
            s.push_str(&format!("__{d}_"));
        }
    }
    s
}

/// Symbols of every static local (`Shared`, `Static`) of a checked body, indexed like
/// `body.locals` (`None` for automatic locals and parameters; `ExternShared` locals keep their
/// plain name, as nvcc emits `.extern .shared` arrays).
pub fn local_static_symbols(function_link_name: &str, body: &crate::thir::TypedBody) -> Vec<Option<String>> {
    use crate::thir::LocalStorage;
    let mut seen: rustc_hash::FxHashMap<&str, u32> = Default::default();
    body.locals
        .iter()
        .map(|l| match l.storage {
            LocalStorage::Shared | LocalStorage::Static => {
                let n = seen.entry(l.name.as_str()).or_insert(0);
                let s = local_static_name_nth(function_link_name, &l.name, *n);
                *n += 1;
                Some(s)
            }
            LocalStorage::ExternShared => Some(l.name.to_string()),
            LocalStorage::Auto | LocalStorage::Param => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(c: &'static str) -> MangleTy {
        MangleTy::Builtin(c)
    }
    fn n(s: &str) -> MangleTy {
        MangleTy::Named(s.into())
    }
    fn p(t: MangleTy) -> MangleTy {
        MangleTy::Pointer(Box::new(t))
    }
    fn k(t: MangleTy) -> MangleTy {
        MangleTy::qualified(Quals::CONST, t)
    }
    fn v(t: MangleTy) -> MangleTy {
        MangleTy::qualified(Quals::VOLATILE, t)
    }
    fn r(t: MangleTy) -> MangleTy {
        MangleTy::qualified(Quals::RESTRICT, t)
    }
    fn a(len: u64, t: MangleTy) -> MangleTy {
        MangleTy::Array(Some(len), Box::new(t))
    }
    fn f(ret: MangleTy, params: Vec<MangleTy>, variadic: bool) -> MangleTy {
        MangleTy::Function {
            ret: Box::new(ret),
            params,
            variadic,
            noexcept: false,
        }
    }

    /// (name, params, variadic, nvcc's symbol). Produced by `nvcc -ptx -rdc=true -arch=sm_90`
    /// (CUDA 13) on `__device__` functions with these signatures.
    #[test]
    fn matches_nvcc() {
        let i = || b("i");
        let fl = || b("f");
        let s = || n("S");
        let table: Vec<(&str, Vec<MangleTy>, bool, &str)> = vec![
            ("f0", vec![], false, "_Z2f0v"),
            ("f1", vec![i()], false, "_Z2f1i"),
            ("f2", vec![p(n("float4")), p(n("float4"))], false, "_Z2f2P6float4S0_"),
            ("f3", vec![p(k(fl())), p(fl())], false, "_Z2f3PKfPf"),
            // `const float *__restrict__`: restrict is top-level on the parameter, dropped.
            ("f4", vec![r(p(k(fl()))), r(p(fl()))], false, "_Z2f4PKfPf"),
            (
                "f5",
                ["b", "c", "a", "h", "s", "t", "i", "j", "l", "m", "x", "y", "f", "d"]
                    .iter()
                    .map(|c| b(c))
                    .collect(),
                false,
                "_Z2f5bcahstijlmxyfd",
            ),
            ("f6", vec![p(i()), p(i())], false, "_Z2f6PiS_"),
            ("f7", vec![p(k(i())), p(k(i()))], false, "_Z2f7PKiS0_"),
            ("f8", vec![p(p(i())), p(p(i()))], false, "_Z2f8PPiS0_"),
            ("f9", vec![p(p(i())), p(i())], false, "_Z2f9PPiS_"),
            ("f10", vec![p(f(b("v"), vec![i()], false))], false, "_Z3f10PFviE"),
            ("f11", vec![p(a(4, i()))], false, "_Z3f11PA4_i"),
            ("f12", vec![p(i())], false, "_Z3f12Pi"),
            ("f13", vec![s(), p(s())], false, "_Z3f131SPS_"),
            ("f14", vec![p(v(i()))], false, "_Z3f14PVi"),
            ("f15", vec![p(k(v(i())))], false, "_Z3f15PVKi"),
            (
                "f16",
                vec![n("complexf"), p(n("complexf"))],
                false,
                "_Z3f168complexfPS_",
            ),
            ("f17", vec![b("j"), i()], false, "_Z3f17ji"),
            ("f18", vec![n("E"), p(n("E"))], false, "_Z3f181EPS_"),
            ("f19", vec![n("float4"), n("float4")], false, "_Z3f196float4S_"),
            ("f20", vec![p(fl()), p(k(fl())), p(k(fl()))], false, "_Z3f20PfPKfS1_"),
            (
                "f21",
                vec![p(f(fl(), vec![fl()], false)), p(f(fl(), vec![fl()], false))],
                false,
                "_Z3f21PFffES0_",
            ),
            ("f22", vec![p(r(p(fl())))], false, "_Z3f22PrPf"),
            (
                "f23",
                vec![n("LongStructName"), p(n("LongStructName"))],
                false,
                "_Z3f2314LongStructNamePS_",
            ),
            ("f24", vec![n("dim3"), n("uint3")], false, "_Z3f244dim35uint3"),
            ("f25", vec![p(k(s())), p(s())], false, "_Z3f25PK1SPS_"),
            ("f26", vec![p(k(s())), p(k(s())), p(s())], false, "_Z3f26PK1SS1_PS_"),
            ("f27", vec![i(), i(), fl(), fl()], false, "_Z3f27iiff"),
            ("f28", vec![k(i())], false, "_Z3f28i"),
            (
                "f29",
                vec![p(n("float4x")), p(n("float4x"))],
                false,
                "_Z3f29P7float4xS0_",
            ),
            ("f30", vec![n("U"), p(n("U"))], false, "_Z3f301UPS_"),
            (
                "f31",
                vec![p(a(4, a(5, i()))), p(a(6, i()))],
                false,
                "_Z3f31PA4_A5_iPA6_i",
            ),
            (
                "f32",
                vec![p(b("c")), p(k(b("c"))), p(b("h")), p(k(b("h")))],
                false,
                "_Z3f32PcPKcPhPKh",
            ),
            ("f33", vec![p(b("v")), p(k(b("v")))], false, "_Z3f33PvPKv"),
            ("f34", vec![p(f(i(), vec![i()], true))], false, "_Z3f34PFiizE"),
            ("f35", vec![p(f(b("v"), vec![], false))], false, "_Z3f35PFvvE"),
            (
                "f36",
                vec![p(f(b("v"), vec![s()], false)), s()],
                false,
                "_Z3f36PFv1SES_",
            ),
            ("f37", vec![p(b("d")), p(b("d")), b("d")], false, "_Z3f37PdS_d"),
            (
                "f38",
                vec![n("float2"), n("float3"), p(n("float2")), p(n("float3"))],
                false,
                "_Z3f386float26float3PS_PS0_",
            ),
            (
                "f39",
                vec![p(f(i(), vec![p(fl()), p(fl())], false)), p(fl())],
                false,
                "_Z3f39PFiPfS_ES_",
            ),
            ("f40", vec![p(k(p(k(fl())))), p(p(fl()))], false, "_Z3f40PKPKfPPf"),
            ("f41", vec![p(p(s())), p(p(s())), p(s())], false, "_Z3f41PP1SS1_S0_"),
            ("f42", vec![p(v(s())), p(s())], false, "_Z3f42PV1SPS_"),
            ("f43", vec![k(r(p(i()))), p(k(i()))], false, "_Z3f43PiPKi"),
            ("f44", vec![p(n("E")), n("E")], false, "_Z3f44P1ES_"),
            ("f45", vec![p(b("y")), b("y")], false, "_Z3f45Pyy"),
            ("f46", vec![p(b("s")), p(b("t")), p(b("s"))], false, "_Z3f46PsPtS_"),
            ("f47", vec![p(a(4, fl())), p(a(4, fl()))], false, "_Z3f47PA4_fS0_"),
            (
                "f48",
                vec![p(f(s(), vec![p(s())], false)), p(s())],
                false,
                "_Z3f48PF1SPS_ES0_",
            ),
            ("f49", vec![p(b("l")), p(b("x"))], false, "_Z3f49PlPx"),
            ("abcdefghijklmnop", vec![fl()], false, "_Z16abcdefghijklmnopf"),
            ("f50", vec![i()], false, "_Z3f50i"),
            ("f50", vec![fl()], false, "_Z3f50f"),
            (
                "f51",
                vec![p(n("uchar4")), p(n("char4")), n("int2"), p(n("uint2"))],
                false,
                "_Z3f51P6uchar4P5char44int2P5uint2",
            ),
            ("f52", vec![r(p(k(v(fl())))), p(v(fl()))], false, "_Z3f52PVKfPVf"),
            (
                "f53",
                vec![p(f(b("v"), vec![p(i())], false)), p(i())],
                false,
                "_Z3f53PFvPiES_",
            ),
            (
                "f54",
                vec![p(f(p(i()), vec![p(i())], false)), p(i())],
                false,
                "_Z3f54PFPiS_ES_",
            ),
            ("f55", vec![p(b("a")), p(b("c"))], false, "_Z3f55PaPc"),
            ("f56", vec![p(p(p(fl()))), p(p(fl()))], false, "_Z3f56PPPfS0_"),
            ("f57", vec![p(b("b")), b("b")], false, "_Z3f57Pbb"),
            ("f58", vec![p(k(p(k(b("c")))))], false, "_Z3f58PKPKc"),
            ("g3", vec![p(s()), p(k(fl()))], false, "_Z2g3P1SPKf"),
            ("k2", vec![p(fl())], false, "_Z2k2Pf"),
            ("printf_like", vec![p(k(b("c")))], true, "_Z11printf_likePKcz"),
        ];
        for (name, params, variadic, want) in table {
            assert_eq!(mangle_function(name, &params, variadic), want, "{name}");
        }
    }

    /// Namespaces (nested names with prefix substitutions) and references, against nvcc
    /// (CUDA 13, `nvcc -ptx -arch=sm_90`, `__noinline__` device functions and kernels).
    #[test]
    fn namespaces_and_references_match_nvcc() {
        let rf = |t: MangleTy| MangleTy::Reference(Box::new(t));
        let vec3 = || n("geo::vec3");
        let t = || n("a::b::T");
        let u = || n("a::U");
        let table: Vec<(&str, Vec<MangleTy>, &str)> = vec![
            (
                "geo::dot",
                vec![rf(k(vec3())), rf(k(vec3()))],
                "_ZN3geo3dotERKNS_4vec3ES2_",
            ),
            ("geo::norm2", vec![rf(k(vec3()))], "_ZN3geo5norm2ERKNS_4vec3E"),
            ("geo::detail::sq", vec![b("f")], "_ZN3geo6detail2sqEf"),
            ("geo::inner::twice", vec![b("i")], "_ZN3geo5inner5twiceEi"),
            ("k", vec![p(k(vec3())), p(b("f")), p(b("i"))], "_Z1kPKN3geo4vec3EPfPi"),
            (
                "a::b::f",
                vec![t(), p(t()), rf(t()), rf(b("i"))],
                "_ZN1a1b1fENS0_1TEPS1_RS1_Ri",
            ),
            ("a::h", vec![u(), t(), rf(k(u()))], "_ZN1a1hENS_1UENS_1b1TERKS0_"),
            ("g", vec![p(t()), u(), t()], "_Z1gPN1a1b1TENS_1UES1_"),
            ("kk", vec![p(t()), p(u()), p(b("i"))], "_Z2kkPN1a1b1TEPNS_1UEPi"),
            ("swap2", vec![rf(b("f")), rf(b("f"))], "_Z5swap2RfS_"),
            ("twice", vec![rf(k(b("i"))), p(k(b("i")))], "_Z5twiceRKiPS_"),
            (
                "len2",
                vec![rf(k(n("P"))), rf(n("P")), p(k(n("P"))), rf(v(b("i")))],
                "_Z4len2RK1PRS_PS0_RVi",
            ),
            (
                "pick",
                vec![b("x"), b("i"), rf(k(b("f"))), p(k(b("i")))],
                "_Z4pickxiRKfPKi",
            ),
        ];
        for (name, params, want) in table {
            assert_eq!(mangle_function(name, &params, false), want, "{name}");
        }
        assert_eq!(mangle_variable("geo::scale"), "_ZN3geo5scaleE");
        assert_eq!(mangle_variable("plain"), "plain");
    }

    #[test]
    fn local_statics() {
        assert_eq!(local_static_name("reduce_sum", "partial"), "_ZZ10reduce_sumE7partial");
        assert_eq!(local_static_name("_Z8warp_sumf", "s"), "_ZZ8warp_sumfE1s");
        assert_eq!(local_static_name("k", "partial"), "_ZZ1kE7partial");
        assert_eq!(local_static_name("_Z2k2Pf", "partial"), "_ZZ2k2PfE7partial");
        assert_eq!(local_static_name("_Z2g3P1SPKf", "t"), "_ZZ2g3P1SPKfE1t");
        assert_eq!(local_static_name_nth("_Z2g2f", "s", 1), "_ZZ2g2fE1s_0");
        assert_eq!(local_static_name_nth("_Z2g2f", "s", 2), "_ZZ2g2fE1s_1");
        assert_eq!(local_static_name_nth("_Z1gf", "s", 10), "_ZZ1gfE1s_9");
        assert_eq!(local_static_name_nth("_Z1gf", "s", 11), "_ZZ1gfE1s__10_");
        assert_eq!(local_static_name_nth("_Z1gf", "s", 12), "_ZZ1gfE1s__11_");
    }

    #[test]
    fn base36_digits() {
        assert_eq!(base36(0), "0");
        assert_eq!(base36(9), "9");
        assert_eq!(base36(10), "A");
        assert_eq!(base36(35), "Z");
        assert_eq!(base36(36), "10");
    }
}
