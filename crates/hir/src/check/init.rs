//! Initializers: scalars, records, unions and arrays from braced lists (with designators and
//! brace elision, C99-style), char arrays from string literals, record copies.

use super::checker::Checker;
use super::conv::ConvCtx;
use super::DiagAt;
use crate::body::{Designator, Expr, ExprId, Initializer, Literal};
use crate::thir::TInit;
use crate::ty::{IntKind, Ty, TyKind};

type Items = [(Option<Designator>, Initializer)];

struct Cursor<'i> {
    items: &'i Items,
    pos: usize,
}

fn is_char_array_elem(t: &Ty) -> bool {
    matches!(t.kind, TyKind::Int(IntKind::Char | IntKind::SChar | IntKind::UChar))
}

impl<'a> Checker<'a> {
    /// Checks `init` for an object of type `ty`. Returns the initializer and the object's type,
    /// completed when `ty` is an array of unknown bound (`int a[] = {1, 2}` gives `int[2]`).
    pub(crate) fn initializer(&mut self, ty: &Ty, init: &'a Initializer, at: &DiagAt) -> (TInit, Ty) {
        let (ti, len) = self.init_top(ty, init, at);
        let ty = match (&ty.kind, len) {
            (TyKind::Array(e, None), Some(n)) if n > 0 => Ty {
                kind: TyKind::Array(e.clone(), Some(n)),
                quals: ty.quals,
            },
            _ => ty.clone(),
        };
        (ti, ty)
    }

    /// A braced list `{args}` (a member's mem-initializer) for an object of type `ty`:
    /// aggregates element by element, pack expansions expanded.
    pub(crate) fn braced_args_init(&mut self, ty: &Ty, args: &[ExprId], at: &DiagAt) -> TInit {
        let items: Vec<(Option<Designator>, Initializer)> = args
            .iter()
            .map(|a| match self.exprs.get(a.0 as usize) {
                Some(Expr::InitList(l)) => (None, (**l).clone()),
                _ => (None, Initializer::Expr(*a)),
            })
            .collect();
        self.init_list(ty, &items, at).0
    }

    /// Whether a base's braced mem-initializer `args` is one expression of the base's own class
    /// (a copy, `B{b}`), not the list of its members.
    pub(crate) fn copies_base(&mut self, args: &[ExprId], base: crate::ty::RecordId) -> bool {
        let [one] = args else { return false };
        if matches!(
            self.exprs.get(one.0 as usize),
            Some(Expr::PackExpansion(_) | Expr::InitList(_))
        ) {
            return false;
        }
        let v = self.value(*one);
        matches!(self.ty(v).kind, TyKind::Record(r) if r == base || !self.base_paths(r, base).is_empty())
    }

    fn init_top(&mut self, ty: &Ty, init: &Initializer, at: &DiagAt) -> (TInit, Option<u64>) {
        match init {
            Initializer::Expr(e) => self.init_expr(ty, *e),
            Initializer::List(items) => self.init_list(ty, items, at),
        }
    }

    fn string_literal(&self, e: ExprId) -> Option<&'a Vec<u8>> {
        match self.exprs.get(e.0 as usize) {
            Some(Expr::Literal(Literal::String(b))) => Some(b),
            _ => None,
        }
    }

    fn init_expr(&mut self, ty: &Ty, e: ExprId) -> (TInit, Option<u64>) {
        if ty.is_error() {
            self.value(e);
            return (TInit::Zero, None);
        }
        if let TyKind::Array(elem, n) = &ty.kind {
            if let (true, Some(bytes)) = (is_char_array_elem(elem), self.string_literal(e)) {
                let len = bytes.len() as u64 + 1;
                if n.is_some_and(|n| len > n) {
                    let from = Ty::new(TyKind::Array(
                        Box::new(Ty::int(IntKind::Char).with_quals(crate::body::Quals::CONST)),
                        Some(len),
                    ));
                    let msg = format!(
                        "a value of type \"{}\" cannot be used to initialize an entity of type \"{}\"",
                        self.show(&from),
                        self.show(ty)
                    );
                    self.error_e(e, "type-mismatch", msg);
                }
                return (TInit::Bytes(bytes.clone()), Some(len));
            }
            let v = self.value(e);
            if !self.ty(v).is_error() {
                self.error_e(
                    e,
                    "type-mismatch",
                    "initialization with \"{...}\" expected for aggregate object",
                );
            }
            return (TInit::Zero, None);
        }
        let v = self.value(e);
        let c = self.convert(v, ty, ConvCtx::Init, e);
        (TInit::Expr(c), None)
    }

    fn item_at(&self, item: &Initializer, fallback: &DiagAt) -> DiagAt {
        match item {
            Initializer::Expr(e) => DiagAt::Expr(*e),
            Initializer::List(_) => fallback.clone(),
        }
    }

    fn too_many(&mut self, item: &Initializer, at: &DiagAt) {
        let at = self.item_at(item, at);
        self.error(at, "too-many-initializers", "too many initializer values");
    }

    fn init_list(&mut self, ty: &Ty, items: &Items, at: &DiagAt) -> (TInit, Option<u64>) {
        let expanded = |x: &(Option<Designator>, Initializer)| match x {
            (None, Initializer::Expr(e)) => matches!(self.exprs.get(e.0 as usize), Some(Expr::PackExpansion(_))),
            _ => false,
        };
        if items.iter().any(expanded) {
            // `{t...}`, `{f(t)...}`: one item per element of the pack.
            let mut out: Vec<(Option<Designator>, Initializer)> = Vec::with_capacity(items.len());
            for item in items {
                match item {
                    (None, Initializer::Expr(e)) => match self.exprs.get(e.0 as usize) {
                        Some(Expr::PackExpansion(pat)) => {
                            let pat = *pat;
                            for x in self.expand_pattern(*e, pat).unwrap_or_default() {
                                out.push((None, Initializer::Expr(x)));
                            }
                        }
                        _ => out.push(item.clone()),
                    },
                    _ => out.push(item.clone()),
                }
            }
            return self.init_list_expanded(ty, &out, at);
        }
        self.init_list_expanded(ty, items, at)
    }

    fn init_list_expanded(&mut self, ty: &Ty, items: &Items, at: &DiagAt) -> (TInit, Option<u64>) {
        match &ty.kind {
            TyKind::Error => (TInit::Zero, None),
            TyKind::Record(rid) if items.is_empty() && self.at_override.is_some() && self.has_ctors(*rid) => {
                // `T x{}` / `T x;` at namespace scope (diagnostics at the variable): value- or
                // default-initialization runs the default constructor.
                let id = ExprId(u32::MAX);
                let saved = self.init_temp.replace(id);
                let v = self.construct_temp(id, *rid, Vec::new(), &[]);
                self.init_temp = saved;
                (TInit::Expr(v), None)
            }
            TyKind::Record(rid) if !items.is_empty() && self.has_ctors(*rid) => {
                // A class with constructors is not an aggregate: `T x{a, b}`, `T x(a, b)` and a
                // member's `{a, b}` call a constructor.
                let mut args = Vec::with_capacity(items.len());
                for (des, item) in items {
                    match (des, item) {
                        (None, Initializer::Expr(e)) => args.push(*e),
                        _ => {
                            let at = self.item_at(item, at);
                            self.error(
                                at,
                                "unsupported",
                                "unsupported: nested braced initializer for a class with constructors",
                            );
                            return (TInit::Zero, None);
                        }
                    }
                }
                let v = self.construct_ty(args[0], ty.unqualified(), &args, true, None);
                (TInit::Expr(v), None)
            }
            TyKind::Array(..) | TyKind::Record(_) => {
                let mut cur = Cursor { items, pos: 0 };
                let r = self.init_aggregate(ty, &mut cur, true, at);
                if cur.pos < items.len() {
                    self.too_many(&items[cur.pos].1, at);
                }
                r
            }
            _ => match items {
                [] => (TInit::Zero, None),
                [(None, item)] => self.init_top(ty, item, at),
                [(Some(_), item), ..] => {
                    let at = self.item_at(item, at);
                    self.error(
                        at,
                        "invalid-designator",
                        "a designator cannot be used with a non-aggregate type",
                    );
                    (TInit::Zero, None)
                }
                [_, (_, second), ..] => {
                    self.too_many(second, at);
                    (TInit::Zero, None)
                }
            },
        }
    }

    /// Initializes the elements of aggregate `ty` from `cur`. `braced`: the list is `ty`'s own
    /// braces (otherwise brace elision: stop when `ty` is full or at a designator).
    fn init_aggregate(&mut self, ty: &Ty, cur: &mut Cursor<'_>, braced: bool, at: &DiagAt) -> (TInit, Option<u64>) {
        match &ty.kind {
            TyKind::Array(elem, n) => {
                let elem = (**elem).clone();
                let mut elems: Vec<TInit> = Vec::new();
                let mut idx: u64 = 0;
                let mut max: u64 = 0;
                while cur.pos < cur.items.len() {
                    let (desig, item) = &cur.items[cur.pos];
                    if let Some(d) = desig {
                        if !braced {
                            break;
                        }
                        match d {
                            Designator::Index(e) => match self.ice(*e) {
                                Some((v, _)) if v >= 0 && n.is_none_or(|n| (v as u64) < n) => idx = v as u64,
                                Some(_) => {
                                    self.error_e(*e, "invalid-designator", "array index out of bounds in designator");
                                    cur.pos += 1;
                                    continue;
                                }
                                None => {
                                    cur.pos += 1;
                                    continue;
                                }
                            },
                            Designator::Field(_) => {
                                let at = self.item_at(item, at);
                                self.error(
                                    at,
                                    "invalid-designator",
                                    "a field designator cannot be used for an array",
                                );
                                cur.pos += 1;
                                continue;
                            }
                        }
                    }
                    if n.is_some_and(|n| idx >= n) {
                        if braced {
                            self.too_many(item, at);
                            cur.pos = cur.items.len();
                        }
                        break;
                    }
                    if idx > (1 << 24) {
                        self.error(
                            at.clone(),
                            "unsupported",
                            "unsupported: initializer for a very large array index",
                        );
                        cur.pos = cur.items.len();
                        break;
                    }
                    let t = self.init_element(&elem, cur, at);
                    while elems.len() as u64 <= idx {
                        elems.push(TInit::Zero);
                    }
                    elems[idx as usize] = t;
                    idx += 1;
                    max = max.max(idx);
                }
                // At namespace scope, the elements not given of a class with a user-provided
                // default constructor run it.
                let runs_ctor = self.at_override.is_some()
                    && super::cxx::record_of(elem.innermost_element()).is_some_and(|r| self.user_default_ctor(r));
                if let (true, Some(n)) = (runs_ctor, n) {
                    if *n > 65536 {
                        self.error(
                            at.clone(),
                            "unsupported",
                            "unsupported: default construction of more than 65536 array elements at namespace scope",
                        );
                    } else {
                        while (elems.len() as u64) < *n {
                            let t = self.init_list(&elem, &[], at).0;
                            elems.push(t);
                        }
                    }
                }
                (TInit::List(elems), Some(max))
            }
            TyKind::Record(rid) => {
                let rd = self.dm.record(*rid).clone();
                if rd.closure_refs.iter().any(|&r| r) && cur.pos < cur.items.len() {
                    self.error(
                        at.clone(),
                        "unsupported",
                        "unsupported: aggregate initialization of a class with reference members",
                    );
                    cur.pos = cur.items.len();
                    return (TInit::Zero, None);
                }
                let nfields = rd.fields.len();
                let mut vals: Vec<Option<TInit>> = vec![None; nfields];
                let mut fi = 0usize;
                let mut union_field: Option<usize> = None;
                while cur.pos < cur.items.len() {
                    let (desig, item) = &cur.items[cur.pos];
                    if let Some(d) = desig {
                        if !braced {
                            break;
                        }
                        match d {
                            Designator::Field(name) => {
                                match rd.fields.iter().position(|f| f.name.as_deref() == Some(name.as_str())) {
                                    Some(i) => fi = i,
                                    None => {
                                        let at = self.item_at(item, at);
                                        let msg = format!("class \"{}\" has no member \"{name}\"", self.show(ty));
                                        self.error(at, "no-member", msg);
                                        cur.pos += 1;
                                        continue;
                                    }
                                }
                            }
                            Designator::Index(_) => {
                                let at = self.item_at(item, at);
                                self.error(
                                    at,
                                    "invalid-designator",
                                    "an index designator cannot be used for a class",
                                );
                                cur.pos += 1;
                                continue;
                            }
                        }
                    } else if rd.is_union && union_field.is_some() {
                        fi = nfields;
                    }
                    if fi >= nfields {
                        if braced {
                            self.too_many(item, at);
                            cur.pos = cur.items.len();
                        }
                        break;
                    }
                    let fty = rd.fields[fi].ty.clone();
                    let t = self.init_element(&fty, cur, at);
                    vals[fi] = Some(t);
                    if rd.is_union {
                        union_field = Some(fi);
                    }
                    fi += 1;
                }
                if rd.is_union {
                    let ti = match union_field {
                        Some(f) => TInit::Union {
                            field: f as u32,
                            init: Box::new(vals[f].take().unwrap()),
                        },
                        // A union's default member initializer (at most one member has one).
                        None => match rd.field_inits.first() {
                            Some(fi) => match self.field_init_value(*rid, fi.field, at) {
                                Some(init) => TInit::Union {
                                    field: fi.field,
                                    init: Box::new(init),
                                },
                                None => TInit::Zero,
                            },
                            None => TInit::Zero,
                        },
                    };
                    (ti, None)
                } else {
                    // Members not given: their default member initializers (a member class's
                    // own), or zero.
                    let mut out = Vec::with_capacity(nfields);
                    for (fi, v) in vals.into_iter().enumerate() {
                        let t = match v {
                            Some(t) => t,
                            None => self.default_element(*rid, fi as u32, &rd.fields[fi].ty, at),
                        };
                        out.push(t);
                    }
                    (TInit::List(out), None)
                }
            }
            _ => (TInit::Zero, None),
        }
    }

    /// Member `fi` (of type `fty`) of class `rid` when aggregate initialization gives it no
    /// value: its default member initializer, a member class's aggregate initialization from
    /// `{}` when that class has default member initializers, else zero.
    fn default_element(&mut self, rid: crate::ty::RecordId, fi: u32, fty: &Ty, at: &DiagAt) -> TInit {
        if let Some(t) = self.field_init_value(rid, fi, at) {
            return t;
        }
        match super::cxx::record_of(fty) {
            // At namespace scope, a member or element of a class with a user-provided default
            // constructor runs it.
            Some(r) if self.at_override.is_some() && self.user_default_ctor(r) => self.init_list(fty, &[], at).0,
            Some(r) if !self.has_ctors(r) && super::cxx_nsdmi::has_field_inits(self.dm, r, 0) => {
                let mut cur = Cursor { items: &[], pos: 0 };
                self.init_aggregate(fty, &mut cur, true, at).0
            }
            _ => TInit::Zero,
        }
    }

    /// Initializes one element of type `ty` from the item at the cursor (consuming it, or with
    /// brace elision, as many items as the element needs).
    fn init_element(&mut self, ty: &Ty, cur: &mut Cursor<'_>, at: &DiagAt) -> TInit {
        let item = &cur.items[cur.pos].1;
        match item {
            Initializer::List(sub) => {
                cur.pos += 1;
                self.init_list(ty, sub, at).0
            }
            Initializer::Expr(e) => {
                let e = *e;
                let aggregate = matches!(ty.kind, TyKind::Array(..) | TyKind::Record(_));
                if !aggregate {
                    cur.pos += 1;
                    return self.init_expr(ty, e).0;
                }
                if let TyKind::Array(elem, _) = &ty.kind {
                    if is_char_array_elem(elem) && self.string_literal(e).is_some() {
                        cur.pos += 1;
                        return self.init_expr(ty, e).0;
                    }
                }
                // A class prvalue initializing a member or element is that object (no temporary
                // to destroy).
                let saved = if matches!(ty.kind, TyKind::Record(_)) {
                    self.init_temp.replace(e)
                } else {
                    self.init_temp
                };
                let t = self.expr(e);
                self.init_temp = saved;
                self.cache.insert(e, t);
                let et = self.ty(t).clone();
                if et.is_error() {
                    cur.pos += 1;
                    return TInit::Zero;
                }
                if matches!(ty.kind, TyKind::Record(_)) && super::types::same_unqual(&et, ty) {
                    cur.pos += 1;
                    let v = self.rv(t);
                    // A copy of an object: through `convert`, which refuses copies that need a
                    // user-provided copy constructor.
                    return TInit::Expr(self.convert(v, ty, ConvCtx::Init, e));
                }
                let start = cur.pos;
                let r = self.init_aggregate(ty, cur, false, at).0;
                if cur.pos == start {
                    self.too_many(item, at);
                    cur.pos += 1;
                }
                r
            }
        }
    }
}
