//! Compact, stable text forms of item trees and bodies for snapshot tests and debugging.
//! Types print in prefix form (`ptr(const float)`, `array(int, 4)`), expressions as
//! S-expressions (`(+ a (* b c))`), statements one per line with indentation.

use crate::body::{
    BinaryOp, Body, BuiltinType, CharPrefix, ConstExpr, Designator, Expr, ExprId, Initializer, Literal, LoopHint,
    Quals, RecordKind, Stmt, StmtId, TypeRef, UnaryOp,
};
use crate::item_tree::{FnAttrs, Item, ItemTree};
use std::fmt::Write;

/// Something that holds expressions and types (a body or a constant expression).
trait Exprs {
    fn expr(&self, id: ExprId) -> Option<&Expr>;
    fn ty(&self, id: crate::body::TypeRefId) -> Option<&TypeRef>;
}

impl Exprs for Body {
    fn expr(&self, id: ExprId) -> Option<&Expr> {
        self.exprs.get(id.0 as usize)
    }
    fn ty(&self, id: crate::body::TypeRefId) -> Option<&TypeRef> {
        self.types.get(id.0 as usize)
    }
}

impl Exprs for ConstExpr {
    fn expr(&self, id: ExprId) -> Option<&Expr> {
        self.exprs.get(id.0 as usize)
    }
    fn ty(&self, id: crate::body::TypeRefId) -> Option<&TypeRef> {
        self.types.get(id.0 as usize)
    }
}

pub fn type_ref(t: &TypeRef) -> String {
    match t {
        TypeRef::Builtin(b) => builtin(*b).to_owned(),
        TypeRef::Named(n) => n.to_string(),
        TypeRef::Record { kind, name, def } => {
            let k = match kind {
                RecordKind::Struct => "struct",
                RecordKind::Union => "union",
                RecordKind::Class => "class",
            };
            let d = def.map_or(String::new(), |d| format!("#{d}"));
            format!("{k} {}{d}", name.as_deref().unwrap_or("<anon>"))
        }
        TypeRef::Enum { name, def } => {
            let d = def.map_or(String::new(), |d| format!("#{d}"));
            format!("enum {}{d}", name.as_deref().unwrap_or("<anon>"))
        }
        TypeRef::Pointer(t) => format!("ptr({})", type_ref(t)),
        TypeRef::MemberPointer { class, pointee } => format!("memptr({class}, {})", type_ref(pointee)),
        TypeRef::Reference(t) => format!("ref({})", type_ref(t)),
        TypeRef::Array(t, n) => match n {
            Some(n) => format!("array({}, {})", type_ref(t), const_expr(n)),
            None => format!("array({})", type_ref(t)),
        },
        TypeRef::Function {
            ret,
            params,
            variadic,
            noexcept,
        } => {
            let mut ps: Vec<String> = params.iter().map(type_ref).collect();
            if *variadic {
                ps.push("...".into());
            }
            let nx = match noexcept {
                None => String::new(),
                Some(None) => " noexcept".into(),
                Some(Some(c)) => format!(" noexcept({})", const_expr(c)),
            };
            format!("fn({}){nx} -> {}", ps.join(", "), type_ref(ret))
        }
        TypeRef::Qualified(q, t) => format!("{}{}", quals(*q), type_ref(t)),
        TypeRef::PackExpansion(t) => format!("{}...", type_ref(t)),
        TypeRef::Underlying(t) => format!("__underlying_type({})", type_ref(t)),
        TypeRef::Template { name, args } => format!("{name}<{}>", template_args(args)),
        TypeRef::Auto => "auto".into(),
        TypeRef::Local(i) => format!("local#{i}"),
        TypeRef::DecltypeAuto => "decltype(auto)".into(),
        TypeRef::Member { scope, member } => format!("{}::{member}", type_ref(scope)),
        TypeRef::MemberTemplate { scope, member, args } => {
            let args: Vec<String> = args
                .iter()
                .map(|a| match a {
                    crate::body::TemplateArgRef::Type(t) => type_ref(t),
                    crate::body::TemplateArgRef::Value(_) => "<expr>".to_string(),
                })
                .collect();
            format!("{}::template {member}<{}>", type_ref(scope), args.join(", "))
        }
        TypeRef::Decltype { expr, .. } => format!("decltype({})", const_expr(expr)),
        TypeRef::Error => "<error>".into(),
    }
}

pub fn template_args(args: &[crate::body::TemplateArgRef]) -> String {
    args.iter()
        .map(|a| match a {
            crate::body::TemplateArgRef::Type(t) => type_ref(t),
            crate::body::TemplateArgRef::Value(c) => const_expr(c),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn quals(q: Quals) -> String {
    let mut s = String::new();
    if q.contains(Quals::CONST) {
        s.push_str("const ");
    }
    if q.contains(Quals::VOLATILE) {
        s.push_str("volatile ");
    }
    if q.contains(Quals::RESTRICT) {
        s.push_str("restrict ");
    }
    s
}

fn builtin(b: BuiltinType) -> &'static str {
    use BuiltinType::*;
    match b {
        Void => "void",
        Bool => "bool",
        Char => "char",
        SChar => "signed char",
        UChar => "unsigned char",
        Short => "short",
        UShort => "unsigned short",
        Char16 => "char16_t",
        Char32 => "char32_t",
        WChar => "wchar_t",
        Int => "int",
        UInt => "unsigned",
        Long => "long",
        ULong => "unsigned long",
        LongLong => "long long",
        ULongLong => "unsigned long long",
        Float => "float",
        Double => "double",
        LongDouble => "long double",
    }
}

pub fn const_expr(c: &ConstExpr) -> String {
    expr(c, c.root)
}

fn literal(l: &Literal) -> String {
    match l {
        Literal::Int {
            value,
            unsigned,
            long,
            decimal,
        } => {
            let mut s = if *decimal || *value == 0 {
                value.to_string()
            } else {
                format!("{value:#x}")
            };
            if *unsigned {
                s.push('u');
            }
            for _ in 0..*long {
                s.push('l');
            }
            s
        }
        Literal::Float { bits, single } => {
            let v = f64::from_bits(*bits);
            format!("{v:?}{}", if *single { "f" } else { "" })
        }
        Literal::Char { value, prefix } => {
            let p = match prefix {
                CharPrefix::Narrow => "",
                CharPrefix::Wide => "w",
                CharPrefix::Utf16 => "u16",
                CharPrefix::Utf32 => "u32",
            };
            format!("{p}char({value})")
        }
        Literal::String(b) => format!("{:?}", String::from_utf8_lossy(b)),
        Literal::Bool(b) => b.to_string(),
        Literal::Nullptr => "nullptr".into(),
    }
}

fn unop(op: UnaryOp) -> &'static str {
    match op {
        UnaryOp::Neg => "neg",
        UnaryOp::Plus => "plus",
        UnaryOp::BitNot => "~",
        UnaryOp::Not => "!",
        UnaryOp::Deref => "deref",
        UnaryOp::AddrOf => "addr",
        UnaryOp::PreInc => "pre++",
        UnaryOp::PreDec => "pre--",
        UnaryOp::PostInc => "post++",
        UnaryOp::PostDec => "post--",
    }
}

fn binop(op: BinaryOp) -> &'static str {
    use BinaryOp::*;
    match op {
        Add => "+",
        Sub => "-",
        Mul => "*",
        Div => "/",
        Rem => "%",
        Shl => "<<",
        Shr => ">>",
        BitAnd => "&",
        BitOr => "|",
        BitXor => "^",
        LogicAnd => "&&",
        LogicOr => "||",
        Lt => "<",
        Gt => ">",
        Le => "<=",
        Ge => ">=",
        Eq => "==",
        Ne => "!=",
        Comma => ",",
    }
}

/// A written template argument list, comma-separated.
fn template_arg_exprs<E: Exprs>(b: &E, args: &[crate::body::TemplateArgExpr]) -> String {
    let a: Vec<String> = args
        .iter()
        .map(|a| match a {
            crate::body::TemplateArgExpr::Type(t) => b.ty(*t).map_or("<bad>".into(), type_ref),
            crate::body::TemplateArgExpr::Value(e) => expr(b, *e),
        })
        .collect();
    a.join(", ")
}

fn expr<E: Exprs>(b: &E, id: ExprId) -> String {
    let Some(e) = b.expr(id) else { return "<bad id>".into() };
    let list = |ids: &[ExprId]| ids.iter().map(|i| expr(b, *i)).collect::<Vec<_>>().join(" ");
    match e {
        Expr::Missing => "<missing>".into(),
        Expr::This => "this".into(),
        Expr::Lambda(i) => format!("(lambda #{i})"),
        Expr::PackExpansion(e) => format!("{}...", expr(b, *e)),
        Expr::Fold { op, lhs, rhs } => {
            let o = format!("{op:?}");
            match (lhs, rhs) {
                (Some(l), Some(r)) => format!("({} {o} ... {o} {})", expr(b, *l), expr(b, *r)),
                (Some(l), None) => format!("({} {o} ...)", expr(b, *l)),
                (None, Some(r)) => format!("(... {o} {})", expr(b, *r)),
                (None, None) => "(...)".to_string(),
            }
        }
        Expr::SizeofPack(n) => format!("sizeof...({n})"),
        Expr::ScopedName { scope, member } => format!("{}::{member}", b.ty(*scope).map_or("<bad>".into(), type_ref)),
        Expr::ScopedTemplateId { scope, member, args } => {
            let s = b.ty(*scope).map_or("<bad>".into(), type_ref);
            format!("{s}::{member}<{}>", template_arg_exprs(b, args))
        }
        Expr::TemplateId { name, args } => format!("{name}<{}>", template_arg_exprs(b, args)),
        Expr::Construct {
            ty, args, list: braces, ..
        } => {
            let t = b.ty(*ty).map_or("<bad>".into(), type_ref);
            format!("(construct{} {t} {})", if *braces { "{}" } else { "" }, list(args))
        }
        Expr::Literal(l) => literal(l),
        Expr::Name(n) => n.to_string(),
        Expr::Unary { op, expr: x } => format!("({} {})", unop(*op), expr(b, *x)),
        Expr::Binary { op, lhs, rhs } => format!("({} {} {})", binop(*op), expr(b, *lhs), expr(b, *rhs)),
        Expr::Assign { op, lhs, rhs } => {
            let o = op.map_or(String::new(), |o| binop(o).to_owned());
            format!("({o}= {} {})", expr(b, *lhs), expr(b, *rhs))
        }
        Expr::Cond { cond, then, else_ } => format!("(? {} {} {})", expr(b, *cond), expr(b, *then), expr(b, *else_)),
        Expr::Call { callee, args } => {
            if args.is_empty() {
                format!("(call {})", expr(b, *callee))
            } else {
                format!("(call {} {})", expr(b, *callee), list(args))
            }
        }
        Expr::KernelLaunch { callee, config, args } => {
            format!("(launch {} <<<{}>>> {})", expr(b, *callee), list(config), list(args))
        }
        Expr::Index { base, index } => format!("(index {} {})", expr(b, *base), expr(b, *index)),
        Expr::MemberPointer { base, member, arrow } => format!(
            "({} {} {})",
            if *arrow { "->*" } else { ".*" },
            expr(b, *base),
            expr(b, *member)
        ),
        Expr::Member { base, field, arrow } => {
            format!("({} {} {field})", if *arrow { "->" } else { "." }, expr(b, *base))
        }
        Expr::MemberTemplate {
            base,
            field,
            arrow,
            args,
        } => {
            format!(
                "({} {} {field}<{} args>)",
                if *arrow { "->" } else { "." },
                expr(b, *base),
                args.len()
            )
        }
        Expr::Cast { ty, expr: x } => format!("(cast {} {})", b.ty(*ty).map_or("<bad>".into(), type_ref), expr(b, *x)),
        Expr::SizeofExpr(x) => format!("(sizeof {})", expr(b, *x)),
        Expr::SizeofType(t) => format!("(sizeof-type {})", b.ty(*t).map_or("<bad>".into(), type_ref)),
        Expr::TypeTrait { name, args } => {
            let args: Vec<String> = args.iter().map(|t| b.ty(*t).map_or("<bad>".into(), type_ref)).collect();
            format!("({name} {})", args.join(" "))
        }
        Expr::AlignofType(t) => format!("(alignof-type {})", b.ty(*t).map_or("<bad>".into(), type_ref)),
        Expr::InitList(init) => initializer(b, init),
        Expr::Noexcept(x) => format!("(noexcept {})", expr(b, *x)),
        Expr::New {
            global,
            ty,
            len,
            args,
            init,
        } => {
            let init = new_init(b, init, args);
            let len = len.map_or(String::new(), |l| format!("[{}]", expr(b, l)));
            format!(
                "({}new {}{len}{init})",
                if *global { "::" } else { "" },
                b.ty(*ty).map_or("<bad>".into(), type_ref)
            )
        }
        Expr::Delete { global, array, expr: x } => format!(
            "({}delete{} {})",
            if *global { "::" } else { "" },
            if *array { "[]" } else { "" },
            expr(b, *x)
        ),
        Expr::PlacementNew { place, ty, args, init } => {
            let place: Vec<String> = place.iter().map(|x| expr(b, *x)).collect();
            let init = new_init(b, init, args);
            format!(
                "(new ({}) {}{init})",
                place.join(" "),
                b.ty(*ty).map_or("<bad>".into(), type_ref)
            )
        }
    }
}

fn init_items<E: Exprs>(b: &E, items: &[(Option<Designator>, Initializer)]) -> String {
    let parts: Vec<String> = items
        .iter()
        .map(|(d, i)| {
            let d = match d {
                Some(Designator::Field(f)) => format!(".{f}="),
                Some(Designator::Index(x)) => format!("[{}]=", expr(b, *x)),
                None => String::new(),
            };
            format!("{d}{}", initializer(b, i))
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

fn initializer<E: Exprs>(b: &E, i: &Initializer) -> String {
    match i {
        Initializer::Expr(x) => expr(b, *x),
        Initializer::List(items) => init_items(b, items),
    }
}

fn hint(h: LoopHint) -> String {
    match h {
        LoopHint::None => String::new(),
        LoopHint::Unroll(None) => " [unroll]".into(),
        LoopHint::Unroll(Some(n)) => format!(" [unroll {n}]"),
    }
}

/// A body as indented statements.
pub fn body(b: &Body) -> String {
    let mut out = String::new();
    let params: Vec<&str> = b.params.iter().map(|p| p.as_deref().unwrap_or("_")).collect();
    let _ = writeln!(out, "params({})", params.join(", "));
    match b.root {
        Some(root) => stmt(b, root, 0, &mut out),
        None => out.push_str("<no body>\n"),
    }
    out
}

fn stmt(b: &Body, id: StmtId, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    let Some(s) = b.stmts.get(id.0 as usize) else {
        let _ = writeln!(out, "{pad}<bad stmt>");
        return;
    };
    match s {
        Stmt::Missing => {
            let _ = writeln!(out, "{pad}<missing>");
        }
        Stmt::Empty => {
            let _ = writeln!(out, "{pad};");
        }
        Stmt::RangeFor { var, range, body } => {
            let ty = b.types.get(var.ty.0 as usize).map_or("<bad>".into(), type_ref);
            let _ = writeln!(out, "{pad}for {}: {ty} in {}", var.name, expr(b, *range));
            stmt(b, *body, depth + 1, out);
        }
        Stmt::StaticAssert { cond, message } => {
            let _ = writeln!(out, "{pad}static_assert {} {:?}", expr(b, *cond), message);
        }
        Stmt::Using { name, target } => {
            let _ = writeln!(out, "{pad}using {name} = {target}");
        }
        Stmt::NamespaceAlias { name, target } => {
            let _ = writeln!(out, "{pad}namespace {name} = {target}");
        }
        Stmt::UsingNamespace { target } => {
            let _ = writeln!(out, "{pad}using namespace {target}");
        }
        Stmt::Asm(a) => {
            let ops = |v: &[crate::body::AsmOperand]| {
                v.iter()
                    .map(|o| format!("{:?}({})", String::from_utf8_lossy(&o.constraint), expr(b, o.expr)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let clobbers: Vec<String> = a
                .clobbers
                .iter()
                .map(|c| format!("{:?}", String::from_utf8_lossy(c)))
                .collect();
            let _ = writeln!(
                out,
                "{pad}asm{} {:?} : {} : {} : {}",
                if a.volatile { " volatile" } else { "" },
                String::from_utf8_lossy(&a.template),
                ops(&a.outputs),
                ops(&a.inputs),
                clobbers.join(", ")
            );
        }
        Stmt::Typedef { name, ty } => {
            let ty = b.types.get(ty.0 as usize).map_or("<bad>".into(), type_ref);
            let _ = writeln!(out, "{pad}typedef {name} = {ty}");
        }
        Stmt::Expr(e) => {
            let _ = writeln!(out, "{pad}{}", expr(b, *e));
        }
        Stmt::Bindings { var, object, names } => {
            if let Some(d) = var {
                let ty = b.types.get(d.ty.0 as usize).map_or("<bad>".into(), type_ref);
                let init = d
                    .init
                    .as_ref()
                    .map_or(String::new(), |i| format!(" = {}", initializer(b, i)));
                let _ = writeln!(out, "{pad}decl {}: {ty}{init}", d.name);
            }
            let _ = writeln!(out, "{pad}bind [{}] to {object}", names.join(", "));
        }
        Stmt::Decl(decls) => {
            for d in decls {
                let mut extra = String::new();
                if d.storage != crate::body::StorageClass::None {
                    extra.push_str(&format!("{:?} ", d.storage).to_lowercase());
                }
                if d.space != crate::body::MemorySpace::Default {
                    extra.push_str(&format!("{:?} ", d.space).to_lowercase());
                }
                let ty = b.types.get(d.ty.0 as usize).map_or("<bad>".into(), type_ref);
                let init = d
                    .init
                    .as_ref()
                    .map_or(String::new(), |i| format!(" = {}", initializer(b, i)));
                let _ = writeln!(out, "{pad}decl {extra}{}: {ty}{init}", d.name);
            }
            if decls.is_empty() {
                let _ = writeln!(out, "{pad}decl <none>");
            }
        }
        Stmt::Block(stmts) => {
            let _ = writeln!(out, "{pad}{{");
            for s in stmts {
                stmt(b, *s, depth + 1, out);
            }
            let _ = writeln!(out, "{pad}}}");
        }
        Stmt::If { cond, then, else_ } => {
            let _ = writeln!(out, "{pad}if {}", expr(b, *cond));
            stmt(b, *then, depth + 1, out);
            if let Some(e) = else_ {
                let _ = writeln!(out, "{pad}else");
                stmt(b, *e, depth + 1, out);
            }
        }
        Stmt::While { cond, body, hint: h } => {
            let _ = writeln!(out, "{pad}while {}{}", expr(b, *cond), hint(*h));
            stmt(b, *body, depth + 1, out);
        }
        Stmt::DoWhile { body, cond, hint: h } => {
            let _ = writeln!(out, "{pad}do{}", hint(*h));
            stmt(b, *body, depth + 1, out);
            let _ = writeln!(out, "{pad}while {}", expr(b, *cond));
        }
        Stmt::For {
            init,
            cond,
            step,
            body,
            hint: h,
        } => {
            let c = cond.map_or("-".into(), |c| expr(b, c));
            let s = step.map_or("-".into(), |s| expr(b, s));
            let _ = writeln!(out, "{pad}for cond={c} step={s}{}", hint(*h));
            if let Some(i) = init {
                let _ = writeln!(out, "{pad}  init:");
                stmt(b, *i, depth + 2, out);
            }
            stmt(b, *body, depth + 1, out);
        }
        Stmt::Switch { cond, body } => {
            let _ = writeln!(out, "{pad}switch {}", expr(b, *cond));
            stmt(b, *body, depth + 1, out);
        }
        Stmt::Case { value, body } => {
            let _ = writeln!(out, "{pad}case {}:", expr(b, *value));
            stmt(b, *body, depth + 1, out);
        }
        Stmt::Default { body } => {
            let _ = writeln!(out, "{pad}default:");
            stmt(b, *body, depth + 1, out);
        }
        Stmt::Break => {
            let _ = writeln!(out, "{pad}break");
        }
        Stmt::Continue => {
            let _ = writeln!(out, "{pad}continue");
        }
        Stmt::Return(e) => {
            let _ = writeln!(
                out,
                "{pad}return{}",
                e.map_or(String::new(), |e| format!(" {}", expr(b, e)))
            );
        }
        Stmt::Goto(l) => {
            let _ = writeln!(out, "{pad}goto {l}");
        }
        Stmt::Label { name, body } => {
            let _ = writeln!(out, "{pad}{name}:");
            stmt(b, *body, depth + 1, out);
        }
    }
}

fn fn_attrs(a: &FnAttrs) -> String {
    let mut v = Vec::new();
    for (on, name) in [
        (a.global, "global"),
        (a.device, "device"),
        (a.host, "host"),
        (a.is_static, "static"),
        (a.is_extern, "extern"),
        (a.inline, "inline"),
        (a.forceinline, "forceinline"),
        (a.noinline, "noinline"),
        (a.extern_c, "extern_c"),
    ] {
        if on {
            v.push(name.to_owned());
        }
    }
    if !a.launch_bounds.is_empty() {
        let lb: Vec<String> = a.launch_bounds.iter().map(const_expr).collect();
        v.push(format!("launch_bounds({})", lb.join(", ")));
    }
    if let Some(cd) = &a.cluster_dims {
        let cd: Vec<String> = cd.iter().map(const_expr).collect();
        v.push(format!("cluster_dims({})", cd.join(", ")));
    }
    if v.is_empty() {
        String::new()
    } else {
        format!(" [{}]", v.join(" "))
    }
}

/// An item tree, one item per line, then the records and enums.
pub fn item_tree(t: &ItemTree) -> String {
    let mut out = String::new();
    for item in &t.items {
        match item {
            Item::DeductionGuide(f) => {
                let ps: Vec<String> = f.params.iter().map(|p| type_ref(&p.ty)).collect();
                let _ = writeln!(out, "guide {}({}) -> {}", f.name, ps.join(", "), type_ref(&f.ret));
            }
            Item::Function(f) => {
                let mut ps: Vec<String> = f
                    .params
                    .iter()
                    .map(|p| {
                        let d = p
                            .default
                            .as_ref()
                            .map(|d| format!(" = {}", const_expr(d)))
                            .unwrap_or_default();
                        format!("{}: {}{d}", p.name.as_deref().unwrap_or("_"), type_ref(&p.ty))
                    })
                    .collect();
                if f.variadic {
                    ps.push("...".into());
                }
                let body = match (f.has_body, f.body_index) {
                    (true, Some(i)) => format!(" body#{i}"),
                    (true, None) => " body#?".into(),
                    _ => String::new(),
                };
                let template = match &f.template {
                    Some(crate::item_tree::TemplateHead::Params(ps)) => {
                        let ps: Vec<String> = ps
                            .iter()
                            .map(|p| {
                                let n = p.name.as_deref().unwrap_or("_");
                                match &p.kind {
                                    crate::item_tree::TemplateParamKind::Type { default: Some(d) } => {
                                        format!("typename {n} = {}", type_ref(d))
                                    }
                                    crate::item_tree::TemplateParamKind::Type { default: None } => {
                                        format!("typename {n}")
                                    }
                                    crate::item_tree::TemplateParamKind::Value { ty, default } => {
                                        let d = default
                                            .as_ref()
                                            .map(|d| format!(" = {}", const_expr(d)))
                                            .unwrap_or_default();
                                        format!("{} {n}{d}", type_ref(ty))
                                    }
                                    crate::item_tree::TemplateParamKind::Template { params, default } => {
                                        let d = default
                                            .as_ref()
                                            .map(|d| format!(" = {}", type_ref(d)))
                                            .unwrap_or_default();
                                        format!("template<{}> class {n}{d}", params.len())
                                    }
                                }
                            })
                            .collect();
                        format!("template<{}> ", ps.join(", "))
                    }
                    Some(crate::item_tree::TemplateHead::Instantiation(a)) => {
                        format!("instantiate<{}> ", template_args(a))
                    }
                    Some(crate::item_tree::TemplateHead::Specialization(a)) => {
                        format!("specialize<{}> ", template_args(a))
                    }
                    None => String::new(),
                };
                let method = match &f.method {
                    Some(m) => {
                        let mut w = format!(" member of #{}", m.record);
                        match m.kind {
                            crate::item_tree::MethodKind::Constructor => w.push_str(" ctor"),
                            crate::item_tree::MethodKind::Destructor => w.push_str(" dtor"),
                            crate::item_tree::MethodKind::Normal => {}
                        }
                        if m.is_const {
                            w.push_str(" const");
                        }
                        if m.is_static {
                            w.push_str(" static");
                        }
                        w
                    }
                    None => String::new(),
                };
                let _ = writeln!(
                    out,
                    "{template}fn {}({}) -> {}{}{body}{method}",
                    f.name,
                    ps.join(", "),
                    type_ref(&f.ret),
                    fn_attrs(&f.attrs)
                );
            }
            Item::Var(v) => {
                let mut extra = String::new();
                if v.storage != crate::body::StorageClass::None {
                    extra.push_str(&format!(" {:?}", v.storage).to_lowercase());
                }
                if v.space != crate::body::MemorySpace::Default {
                    extra.push_str(&format!(" {:?}", v.space).to_lowercase());
                }
                if v.extern_c {
                    extra.push_str(" extern_c");
                }
                let init = v
                    .init
                    .as_ref()
                    .map_or(String::new(), |i| format!(" = {}", initializer(&i.exprs, &i.init)));
                let _ = writeln!(out, "var {}: {}{extra}{init}", v.name, type_ref(&v.ty));
            }
            Item::Typedef { name, ty } => {
                let _ = writeln!(out, "typedef {name} = {}", type_ref(ty));
            }
            Item::MemberTypedef { record, name, ty } => {
                let _ = writeln!(out, "typedef {name} = {} (member of record #{record})", type_ref(ty));
            }
            Item::MemberStaticAssert { record, cond, message } => {
                let _ = writeln!(
                    out,
                    "static_assert {} {message:?} (member of record #{record})",
                    const_expr(cond)
                );
            }
            Item::VarTemplate {
                name,
                params,
                ty,
                init,
                spec,
            } => {
                let _ = writeln!(
                    out,
                    "template var {name}{} ({} parameters): {} = {}",
                    if spec.is_some() { " (specialization)" } else { "" },
                    params.len(),
                    type_ref(ty),
                    const_expr(init)
                );
            }
            Item::AliasTemplate { name, params, ty, .. } => {
                let _ = writeln!(
                    out,
                    "template alias {name} ({} parameters) = {}",
                    params.len(),
                    type_ref(ty)
                );
            }
            Item::Record(i) => {
                let _ = writeln!(out, "record #{i}");
            }
            Item::Enum(i) => {
                let _ = writeln!(out, "enum #{i}");
            }
            Item::UsingNamespace { target, scope } if scope.is_empty() => {
                let _ = writeln!(out, "using namespace {target}");
            }
            Item::UsingNamespace { target, scope } => {
                let _ = writeln!(out, "using namespace {target} (in {scope})");
            }
            Item::NamespaceAlias { name, target } => {
                let _ = writeln!(out, "namespace {name} = {target}");
            }
            Item::StaticAssert { cond, message, .. } => {
                let _ = writeln!(out, "static_assert {} {:?}", const_expr(cond), message);
            }
            Item::UsingDecl { name, target } => {
                let _ = writeln!(out, "using {name} = {target}");
            }
            Item::Unsupported => {
                let _ = writeln!(out, "<unsupported>");
            }
        }
    }
    for (i, r) in t.records.iter().enumerate() {
        let k = format!("{:?}", r.kind).to_lowercase();
        let name = r.name.as_deref().unwrap_or("<anon>");
        let align = r
            .align
            .as_ref()
            .map_or(String::new(), |a| format!(" align({})", const_expr(a)));
        match &r.fields {
            None => {
                let _ = writeln!(out, "#{i} {k} {name}{align};");
            }
            Some(fields) => {
                let fs: Vec<String> = fields
                    .iter()
                    .map(|f| {
                        let w = f
                            .bit_width
                            .as_ref()
                            .map_or(String::new(), |w| format!(" : {}", const_expr(w)));
                        format!("{}: {}{w}", f.name.as_deref().unwrap_or("_"), type_ref(&f.ty))
                    })
                    .collect();
                let _ = writeln!(out, "#{i} {k} {name}{align} {{ {} }}", fs.join(", "));
            }
        }
    }
    for (i, e) in t.enums.iter().enumerate() {
        let es: Vec<String> = e
            .enumerators
            .iter()
            .map(|(n, v)| match v {
                Some(v) => format!("{n} = {}", const_expr(v)),
                None => n.to_string(),
            })
            .collect();
        let _ = writeln!(
            out,
            "enum#{i} {} {{ {} }}",
            e.name.as_deref().unwrap_or("<anon>"),
            es.join(", ")
        );
    }
    out
}

/// A new-expression's initializer: ` {...}`, ` (args)` or nothing.
fn new_init<E: Exprs>(b: &E, init: &Option<Box<Initializer>>, args: &Option<Vec<ExprId>>) -> String {
    match (init, args) {
        (Some(i), _) => format!(" {}", initializer(b, i)),
        (None, Some(args)) => {
            let args: Vec<String> = args.iter().map(|x| expr(b, *x)).collect();
            format!(" ({})", args.join(" "))
        }
        (None, None) => String::new(),
    }
}
