//! Constant evaluation of calls (C++ `constexpr` functions, [expr.const]): an interpreter over
//! checked bodies (THIR), with a step limit and a recursion limit, for `static_assert`
//! conditions and `constexpr` variables' initializers that call functions.
//!
//! It has a memory model as constant evaluation describes one: every local (parameters,
//! temporaries) and every `constexpr` global it reads is an object; an object's value is a
//! scalar, a pointer, or an aggregate of subobjects (array elements, record fields, base
//! subobjects as the record's unnamed fields); a pointer designates an object and a path of
//! subobject indices in it (an array element pointer keeps its index apart, so it may step
//! through the array and one past its end). Constructors, member functions (`this` is a pointer
//! parameter in THIR), references (pointers in THIR), loops, `switch` and aggregate
//! initialization run as written. Whatever is not a constant expression (reading an
//! uninitialized object or one outside its lifetime, an out-of-bounds access, a call of a
//! function that is not `constexpr`, division by zero, a construct the interpreter does not
//! know) stops the evaluation with a reason, never a wrong answer.

use super::consteval::{eval_binary, float_to_int, round_float, CVal};
use super::types::{normalize_int, size_of};
use crate::thir::{
    CastKind, ExprKind, LocalId, TBinOp, TExprId, TInit, TStmt, TStmtId, TUnaryOp, TypedBody, ValueCategory,
};
use crate::ty::{ConstValue, FloatKind, FnId, GlobalId, IntKind, RecordId, Ty, TyKind};

/// Steps (statements and expressions evaluated) before giving up.
const FUEL: u64 = 1_000_000;
/// Nested calls before giving up.
const MAX_DEPTH: u32 = 512;
/// Array elements one object may have.
const MAX_ELEMS: u64 = 1 << 20;

/// Why an evaluation stopped without a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotConstant {
    /// Something that is not a constant expression (or that the interpreter does not
    /// evaluate), with the reason when one is known.
    Unsupported(Option<String>),
    /// The step or recursion limit was reached.
    Limit,
    /// A call of a function that is not `constexpr` (or has no body).
    Call(FnId),
}

impl NotConstant {
    /// The reason, as a note for the `not-constant` diagnostic.
    pub fn reason(&self) -> Option<&str> {
        match self {
            NotConstant::Unsupported(r) => r.as_deref(),
            _ => None,
        }
    }
}

/// A value of the evaluation.
#[derive(Clone, Debug, PartialEq)]
enum Val {
    Int(i128, IntKind),
    Float(f64, FloatKind),
    Null,
    Ptr(Ptr),
    /// A function designator's address.
    Fn(FnId),
    /// Array elements.
    Array(Vec<Val>),
    /// Record fields (base subobjects are unnamed fields).
    Record(RecordId, Vec<Val>),
    /// Indeterminate: not initialized yet.
    Uninit,
}

/// A pointer into an object: `path` selects a subobject; with `elem`, the pointer is to element
/// `elem` of the array at `path` (possibly one past its last element). Canonical: a pointer to
/// an array element always has `elem`.
#[derive(Clone, Debug, PartialEq)]
struct Ptr {
    obj: u32,
    path: Vec<u32>,
    elem: Option<i64>,
}

/// An lvalue: a subobject of an object.
#[derive(Clone, Debug, PartialEq)]
struct Place {
    obj: u32,
    path: Vec<u32>,
}

struct Obj {
    val: Val,
    ty: Ty,
    /// The global this object is (read-only: a `constexpr`/`const` global's value).
    global: Option<GlobalId>,
    /// Its value may be read (not so for globals that are not constant).
    readable: bool,
    alive: bool,
}

enum Flow {
    Normal,
    Break,
    Continue,
    Return(Option<Val>),
}

struct Frame<'b> {
    body: &'b TypedBody,
    /// The object of each local, once declared.
    locals: Vec<Option<u32>>,
}

/// The constant initializer of a global, where it has one (`constexpr` variables).
pub type GlobalValues<'g> = &'g dyn Fn(GlobalId) -> Option<&'g ConstValue>;

/// What an evaluation reads besides the expression's own body.
#[derive(Clone, Copy)]
pub struct Env<'f, 'g> {
    /// The checked bodies of `constexpr` functions (`None`: not `constexpr`, or no body).
    pub bodies: &'f dyn Fn(FnId) -> Option<&'f TypedBody>,
    pub globals: GlobalValues<'g>,
    pub records: &'g crate::ty::Records,
    /// The declarations of the globals (for their names in diagnostics).
    pub global_decls: &'g [crate::ty::GlobalDecl],
    /// `__builtin_is_constant_evaluated` (the builtin header's, which returns false when the code
    /// runs): true for calls this evaluator makes.
    pub constant_evaluated: Option<FnId>,
}

struct Interp<'f, 'g> {
    env: Env<'f, 'g>,
    objs: Vec<Obj>,
    global_objs: std::collections::HashMap<GlobalId, u32>,
    fuel: u64,
    depth: u32,
    limit_hit: bool,
    bad_call: Option<FnId>,
    why: Option<String>,
    /// The object the last assignment or increment wrote (what it designates as an lvalue).
    last_place: Option<Place>,
}

/// Evaluates expression `root` of `body` (e.g. a checked `static_assert` condition). Returns
/// the integer value.
pub fn eval_constexpr_int<'f>(body: &'f TypedBody, root: TExprId, env: Env<'f, '_>) -> Result<i128, NotConstant> {
    let mut it = Interp::new(env);
    match it.eval_root(body, root)? {
        Val::Int(v, _) => Ok(v),
        _ => Err(NotConstant::Unsupported(Some("the condition is not an integer".into()))),
    }
}

/// Evaluates expression `root` of `body` (a variable's initializer) as the constant value of
/// an object of type `ty` (arithmetic, pointer, array or class type).
pub fn eval_constexpr_value<'f>(
    body: &'f TypedBody,
    root: TExprId,
    env: Env<'f, '_>,
    ty: &Ty,
) -> Result<ConstValue, NotConstant> {
    let mut it = Interp::new(env);
    let v = it.eval_root(body, root)?;
    let v = match convert(v, ty) {
        Some(v) => v,
        None => return Err(NotConstant::Unsupported(None)),
    };
    it.to_const(&v, ty).map_err(|why| NotConstant::Unsupported(Some(why)))
}

/// Calls `constexpr` function `f` (of signature `sig`) with scalar arguments `args` (values of
/// its parameters' types, as `DefMap::known_calls` keys hold them) and returns its scalar
/// result. A parameter of type `const T&` (`T` arithmetic) is bound to a temporary holding its
/// argument; a result of such a type is the value it refers to.
pub fn eval_constexpr_call(
    f: FnId,
    sig: &crate::ty::FnSig,
    args: &[ConstValue],
    env: Env<'_, '_>,
) -> Result<ConstValue, NotConstant> {
    let unsupported = |why: &str| NotConstant::Unsupported(Some(why.to_string()));
    let body = (env.bodies)(f).ok_or(NotConstant::Call(f))?;
    if args.len() != body.param_count as usize {
        return Err(unsupported(
            "a call with another number of arguments than the function's parameters",
        ));
    }
    let mut it = Interp::new(env);
    let mut vals = Vec::with_capacity(args.len());
    let referent = |t: Option<&Ty>| match t.map(|t| &t.kind) {
        Some(TyKind::Reference(r)) if r.is_arithmetic() => Some(r.unqualified()),
        _ => None,
    };
    for (i, (a, l)) in args.iter().zip(&body.locals).enumerate() {
        if let Some(r) = referent(sig.params.get(i)) {
            let v = match (&r.kind, a) {
                (TyKind::Int(k), ConstValue::Int(b)) => Val::Int(normalize_int(*b as i128, *k), *k),
                (TyKind::Float(k), ConstValue::Float(b)) => Val::Float(round_float(f64::from_bits(*b), *k), *k),
                (_, ConstValue::Zero) => it.zero_of(&r).ok_or_else(|| unsupported("an argument of this type"))?,
                _ => return Err(unsupported("an argument that is not a scalar constant")),
            };
            let obj = it.alloc(r, v);
            vals.push(Val::Ptr(Ptr {
                obj,
                path: Vec::new(),
                elem: None,
            }));
            continue;
        }
        let v = match (&l.ty.kind, a) {
            (TyKind::Int(k), ConstValue::Int(b)) => Val::Int(normalize_int(*b as i128, *k), *k),
            (TyKind::Float(k), ConstValue::Float(b)) => Val::Float(round_float(f64::from_bits(*b), *k), *k),
            (TyKind::Int(_) | TyKind::Float(_) | TyKind::Pointer(_) | TyKind::Nullptr, ConstValue::Zero) => it
                .zero_of(&l.ty)
                .ok_or_else(|| unsupported("an argument of this type"))?,
            _ => return Err(unsupported("an argument that is not a scalar constant")),
        };
        vals.push(v);
    }
    let mut v = it.call(f, vals);
    if let (Some(r), Some(p)) = (referent(Some(&sig.ret)), v.clone()) {
        v = it.deref(p).and_then(|place| it.read(&place, &r));
    }
    match v {
        Some(Val::Int(x, k)) => Ok(CVal::Int(x, k).to_const_value()),
        Some(Val::Float(x, k)) => Ok(CVal::Float(x, k).to_const_value()),
        Some(_) => Err(unsupported("a result that is not a scalar")),
        None if it.limit_hit => Err(NotConstant::Limit),
        None if it.bad_call.is_some() => Err(NotConstant::Call(it.bad_call.unwrap_or(f))),
        None => Err(NotConstant::Unsupported(it.why.take())),
    }
}

fn convert(v: Val, to: &Ty) -> Option<Val> {
    let c = |v: &Val| match v {
        Val::Int(x, k) => Some(CVal::Int(*x, *k)),
        Val::Float(x, k) => Some(CVal::Float(*x, *k)),
        _ => None,
    };
    Some(match (&to.kind, &v) {
        (TyKind::Int(IntKind::Bool), Val::Ptr(_) | Val::Fn(_)) => Val::Int(1, IntKind::Bool),
        (TyKind::Int(IntKind::Bool), Val::Null) => Val::Int(0, IntKind::Bool),
        (TyKind::Int(_) | TyKind::Float(_), Val::Int(..) | Val::Float(..)) => match convert_scalar(c(&v)?, to)? {
            CVal::Int(x, k) => Val::Int(x, k),
            CVal::Float(x, k) => Val::Float(x, k),
            _ => return None,
        },
        (TyKind::Int(_) | TyKind::Float(_), _) => return None,
        _ => v,
    })
}

fn convert_scalar(v: CVal, to: &Ty) -> Option<CVal> {
    match (&to.kind, v) {
        (TyKind::Int(IntKind::Bool), CVal::Int(x, _)) => Some(CVal::Int((x != 0) as i128, IntKind::Bool)),
        (TyKind::Int(IntKind::Bool), CVal::Float(x, _)) => Some(CVal::Int((x != 0.0) as i128, IntKind::Bool)),
        (TyKind::Int(k), CVal::Int(x, _)) => Some(CVal::Int(normalize_int(x, *k), *k)),
        (TyKind::Int(k), CVal::Float(x, _)) => Some(CVal::Int(normalize_int(float_to_int(x, *k)?, *k), *k)),
        (TyKind::Float(k), CVal::Int(x, _)) => Some(CVal::Float(round_float(x as f64, *k), *k)),
        (TyKind::Float(k), CVal::Float(x, _)) => Some(CVal::Float(round_float(x, *k), *k)),
        _ => None,
    }
}

fn as_int(v: &Val) -> Option<i128> {
    match v {
        Val::Int(x, _) => Some(*x),
        _ => None,
    }
}

/// The truth of a scalar condition.
fn truth(v: &Val) -> Option<bool> {
    match v {
        Val::Int(x, _) => Some(*x != 0),
        Val::Float(x, _) => Some(*x != 0.0),
        Val::Null => Some(false),
        Val::Ptr(_) | Val::Fn(_) => Some(true),
        _ => None,
    }
}

impl<'f, 'g> Interp<'f, 'g> {
    fn new(env: Env<'f, 'g>) -> Self {
        Interp {
            env,
            objs: Vec::new(),
            global_objs: Default::default(),
            fuel: FUEL,
            depth: 0,
            limit_hit: false,
            bad_call: None,
            why: None,
            last_place: None,
        }
    }

    fn eval_root(&mut self, body: &'f TypedBody, root: TExprId) -> Result<Val, NotConstant> {
        let mut frame = Frame {
            body,
            locals: vec![None; body.locals.len()],
        };
        match self.eval(&mut frame, root) {
            Some(v) => Ok(v),
            None if self.limit_hit => Err(NotConstant::Limit),
            None if self.bad_call.is_some() => Err(NotConstant::Call(self.bad_call.unwrap())),
            None => Err(NotConstant::Unsupported(self.why.take())),
        }
    }

    /// Stops the evaluation, saying why (the first reason wins).
    fn fail<T>(&mut self, why: impl Into<String>) -> Option<T> {
        if self.why.is_none() {
            self.why = Some(why.into());
        }
        None
    }

    fn step(&mut self) -> Option<()> {
        if self.fuel == 0 {
            self.limit_hit = true;
            return None;
        }
        self.fuel -= 1;
        Some(())
    }

    // ---- objects -------------------------------------------------------------------------------

    /// An indeterminate value shaped as type `ty` (aggregates hold their subobjects).
    fn uninit_of(&mut self, ty: &Ty) -> Option<Val> {
        self.shaped(ty, &|_| Val::Uninit)
    }

    /// The zero value of type `ty` ([dcl.init] zero-initialization).
    fn zero_of(&mut self, ty: &Ty) -> Option<Val> {
        self.shaped(ty, &|t: &Ty| match t.kind {
            TyKind::Int(k) => Val::Int(0, k),
            TyKind::Float(k) => Val::Float(0.0, k),
            TyKind::Pointer(_) | TyKind::Nullptr => Val::Null,
            _ => Val::Uninit,
        })
    }

    fn shaped(&mut self, ty: &Ty, leaf: &dyn Fn(&Ty) -> Val) -> Option<Val> {
        match &ty.kind {
            TyKind::Array(e, n) => {
                let n = n.unwrap_or(0);
                if n > MAX_ELEMS {
                    return self.fail(format!("an array of {n} elements is too large to evaluate"));
                }
                let first = self.shaped(e, leaf)?;
                Some(Val::Array(vec![first; n as usize]))
            }
            TyKind::Record(r) => {
                let rd = self.env.records.get(r)?;
                let tys: Vec<Ty> = rd.fields.iter().map(|f| f.ty.clone()).collect();
                let mut fields = Vec::with_capacity(tys.len());
                for t in &tys {
                    fields.push(self.shaped(t, leaf)?);
                }
                Some(Val::Record(*r, fields))
            }
            _ => Some(leaf(ty)),
        }
    }

    fn alloc(&mut self, ty: Ty, val: Val) -> u32 {
        self.objs.push(Obj {
            val,
            ty,
            global: None,
            readable: true,
            alive: true,
        });
        (self.objs.len() - 1) as u32
    }

    /// The object of global `g` (of type `ty`): its constant value when it is `const` with a
    /// constant initializer, else an object whose value cannot be read.
    fn global_obj(&mut self, g: GlobalId, ty: &Ty) -> Option<u32> {
        if let Some(&o) = self.global_objs.get(&g) {
            return Some(o);
        }
        let init = if ty.is_const() { (self.env.globals)(g) } else { None };
        let (val, readable) = match init {
            Some(cv) => (self.value_of_const(cv, ty)?, true),
            None => (Val::Uninit, false),
        };
        self.objs.push(Obj {
            val,
            ty: ty.clone(),
            global: Some(g),
            readable,
            alive: true,
        });
        let o = (self.objs.len() - 1) as u32;
        self.global_objs.insert(g, o);
        Some(o)
    }

    /// A global's constant initializer as a value of type `ty`.
    fn value_of_const(&mut self, cv: &ConstValue, ty: &Ty) -> Option<Val> {
        match (cv, &ty.kind) {
            (ConstValue::Zero, _) => self.zero_of(ty),
            (ConstValue::Int(b), TyKind::Int(k)) => Some(Val::Int(normalize_int(*b as i128, *k), *k)),
            (ConstValue::Float(b), TyKind::Float(k)) => Some(Val::Float(round_float(f64::from_bits(*b), *k), *k)),
            (ConstValue::Aggregate(es), TyKind::Array(e, n)) => {
                let n = n.unwrap_or(es.len() as u64) as usize;
                let mut out = Vec::with_capacity(n);
                for i in 0..n {
                    out.push(match es.get(i) {
                        Some(c) => self.value_of_const(c, e)?,
                        None => self.zero_of(e)?,
                    });
                }
                Some(Val::Array(out))
            }
            (ConstValue::Aggregate(es), TyKind::Record(r)) => {
                let rd = self.env.records.get(r)?;
                if rd.is_union {
                    return self.fail("reading a constant union is not supported");
                }
                let tys: Vec<Ty> = rd.fields.iter().map(|f| f.ty.clone()).collect();
                let mut out = Vec::with_capacity(tys.len());
                for (i, t) in tys.iter().enumerate() {
                    out.push(match es.get(i) {
                        Some(c) => self.value_of_const(c, t)?,
                        None => self.zero_of(t)?,
                    });
                }
                Some(Val::Record(*r, out))
            }
            (ConstValue::Bytes(bs), TyKind::Array(e, n)) => {
                let TyKind::Int(k) = e.kind else { return None };
                let n = n.unwrap_or(bs.len() as u64 + 1) as usize;
                Some(Val::Array(
                    (0..n)
                        .map(|i| Val::Int(normalize_int(*bs.get(i).unwrap_or(&0) as i128, k), k))
                        .collect(),
                ))
            }
            (ConstValue::GlobalAddr(g, 0), TyKind::Pointer(p)) => {
                let o = self.global_obj(*g, p)?;
                Some(self.canonical_ptr(Place {
                    obj: o,
                    path: Vec::new(),
                }))
            }
            _ => self.fail("a constant of this form is not supported"),
        }
    }

    /// The value of `v` (of type `ty`) as a constant initializer.
    fn to_const(&self, v: &Val, ty: &Ty) -> Result<ConstValue, String> {
        Ok(match v {
            Val::Int(x, k) => CVal::Int(*x, *k).to_const_value(),
            Val::Float(x, k) => CVal::Float(*x, *k).to_const_value(),
            Val::Null => ConstValue::Zero,
            Val::Uninit => return Err("the value is not fully initialized".into()),
            Val::Fn(_) => return Err("a pointer to a function in a constant is not supported".into()),
            Val::Ptr(p) => {
                let o = &self.objs[p.obj as usize];
                let Some(g) = o.global else {
                    return Err(
                        "a pointer to an object of the evaluation (a local or temporary) is not a constant".into(),
                    );
                };
                let off = self
                    .byte_offset(&o.ty, &p.path, p.elem)
                    .ok_or_else(|| "the pointer's offset is unknown".to_string())?;
                ConstValue::GlobalAddr(g, off)
            }
            Val::Array(es) => {
                let TyKind::Array(e, _) = &ty.kind else {
                    return Err("an array value of another type".into());
                };
                ConstValue::Aggregate(es.iter().map(|x| self.to_const(x, e)).collect::<Result<_, _>>()?)
            }
            Val::Record(r, fs) => {
                let rd = &self.env.records[r];
                if rd.is_union {
                    return Err("a union in a constant is not supported".into());
                }
                let mut out = Vec::new();
                for (f, x) in rd.fields.iter().zip(fs) {
                    out.push(self.to_const(x, &f.ty)?);
                }
                ConstValue::Aggregate(out)
            }
        })
    }

    /// The byte offset of the subobject at `path` (then element `elem`) in an object of `ty`.
    fn byte_offset(&self, ty: &Ty, path: &[u32], elem: Option<i64>) -> Option<i64> {
        let mut off = 0i64;
        let mut t = ty.clone();
        for &i in path {
            t = match &t.kind {
                TyKind::Array(e, _) => {
                    off += i as i64 * size_of(e, self.env.records)? as i64;
                    (**e).clone()
                }
                TyKind::Record(r) => {
                    let f = self.env.records.get(r)?.fields.get(i as usize)?;
                    off += f.offset as i64;
                    f.ty.clone()
                }
                _ => return None,
            };
        }
        if let Some(k) = elem {
            let TyKind::Array(e, _) = &t.kind else { return None };
            off += k * size_of(e, self.env.records)? as i64;
        }
        Some(off)
    }

    fn sub<'v>(v: &'v Val, path: &[u32]) -> Option<&'v Val> {
        let mut v = v;
        for &i in path {
            v = match v {
                Val::Array(es) | Val::Record(_, es) => es.get(i as usize)?,
                _ => return None,
            };
        }
        Some(v)
    }

    fn sub_mut<'v>(v: &'v mut Val, path: &[u32]) -> Option<&'v mut Val> {
        let mut v = v;
        for &i in path {
            v = match v {
                Val::Array(es) | Val::Record(_, es) => es.get_mut(i as usize)?,
                _ => return None,
            };
        }
        Some(v)
    }

    /// A pointer to `p`, canonical (an array element's pointer keeps its index apart).
    fn canonical_ptr(&self, p: Place) -> Val {
        if let Some((&last, parent)) = p.path.split_last() {
            if let Some(Val::Array(_)) = Self::sub(&self.objs[p.obj as usize].val, parent) {
                return Val::Ptr(Ptr {
                    obj: p.obj,
                    path: parent.to_vec(),
                    elem: Some(last as i64),
                });
            }
        }
        Val::Ptr(Ptr {
            obj: p.obj,
            path: p.path,
            elem: None,
        })
    }

    /// The object a pointer designates (`*p`).
    fn deref(&mut self, v: Val) -> Option<Place> {
        match v {
            Val::Ptr(p) => {
                let mut path = p.path;
                if let Some(k) = p.elem {
                    let len = match Self::sub(&self.objs[p.obj as usize].val, &path) {
                        Some(Val::Array(es)) => es.len() as i64,
                        _ => return self.fail("a pointer to an array element outlived its array"),
                    };
                    if k == len {
                        return self.fail(format!(
                            "attempt to access storage one position past the end of an array of {len} elements"
                        ));
                    }
                    if k < 0 || k > len {
                        return self.fail(format!("cannot access position {k} in array of {len} elements"));
                    }
                    path.push(k as u32);
                }
                Some(Place { obj: p.obj, path })
            }
            Val::Null => self.fail("attempt to access run-time storage (a null pointer)"),
            _ => self.fail("dereferencing something that is not a pointer to an object of the evaluation"),
        }
    }

    fn read(&mut self, p: &Place, ty: &Ty) -> Option<Val> {
        let o = &self.objs[p.obj as usize];
        if !o.alive {
            return self.fail("read of an object outside its lifetime");
        }
        if !o.readable {
            let name = o
                .global
                .and_then(|g| self.env.global_decls.get(g.0 as usize))
                .map(|d| d.name.clone())
                .unwrap_or_default();
            return self.fail(format!("the value of variable \"{name}\" is not a constant here"));
        }
        let Some(v) = Self::sub(&o.val, &p.path) else {
            return self.fail("read of a subobject that does not exist");
        };
        let ok = match (v, &ty.kind) {
            (Val::Int(_, k), TyKind::Int(k2)) => k == k2,
            (Val::Float(_, k), TyKind::Float(k2)) => k == k2,
            (Val::Record(r, _), TyKind::Record(r2)) => r == r2,
            (Val::Array(_), TyKind::Array(..)) => true,
            (Val::Ptr(_) | Val::Null | Val::Fn(_), TyKind::Pointer(_) | TyKind::Nullptr) => true,
            (Val::Uninit, _) => return self.fail("read of an uninitialized object"),
            _ => false,
        };
        if !ok {
            return self.fail("read of an object through an lvalue of another type");
        }
        Some(v.clone())
    }

    /// `v` as the object at `p` holds it: a bit-field keeps only its width's bits (sign-extended
    /// for a signed type).
    fn fit_bits(&self, p: &Place, v: Val) -> Val {
        let Val::Int(x, k) = v else { return v };
        let Some(o) = self.objs.get(p.obj as usize) else {
            return v;
        };
        let mut t = o.ty.clone();
        let mut bits = None;
        for &i in &p.path {
            bits = None;
            t = match &t.kind {
                TyKind::Array(e, _) => (**e).clone(),
                TyKind::Record(r) => match self.env.records.get(r).and_then(|rd| rd.fields.get(i as usize)) {
                    Some(f) => {
                        bits = f.bits;
                        f.ty.clone()
                    }
                    None => return v,
                },
                _ => return v,
            };
        }
        match bits {
            Some(b) if k != IntKind::Bool => Val::Int(b.fit(x, b.signed(k)), k),
            _ => Val::Int(x, k),
        }
    }

    fn write(&mut self, p: &Place, v: Val) -> Option<()> {
        let v = self.fit_bits(p, v);
        let o = &mut self.objs[p.obj as usize];
        if !o.alive {
            return self.fail("write to an object outside its lifetime");
        }
        if o.global.is_some() {
            return self.fail("modification of a variable whose lifetime began outside the evaluation");
        }
        match Self::sub_mut(&mut o.val, &p.path) {
            Some(slot) => {
                *slot = v;
                Some(())
            }
            None => self.fail("write to a subobject that does not exist"),
        }
    }

    // ---- calls and statements ------------------------------------------------------------------

    fn call(&mut self, f: FnId, args: Vec<Val>) -> Option<Val> {
        if Some(f) == self.env.constant_evaluated {
            return Some(Val::Int(1, IntKind::Bool));
        }
        if self.depth >= MAX_DEPTH {
            self.limit_hit = true;
            return None;
        }
        let Some(body) = (self.env.bodies)(f) else {
            self.bad_call.get_or_insert(f);
            return None;
        };
        let root = body.root?;
        if args.len() != body.param_count as usize {
            return self.fail("a call with another number of arguments than the function's parameters");
        }
        let mut frame = Frame {
            body,
            locals: vec![None; body.locals.len()],
        };
        for (i, a) in args.into_iter().enumerate() {
            let ty = body.locals[i].ty.clone();
            let v = convert(a, &ty)?;
            frame.locals[i] = Some(self.alloc(ty, v));
        }
        self.depth += 1;
        // Each interpreted call costs several native frames (tens of KiB in a debug build):
        // grow the stack on the heap rather than overflow it before MAX_DEPTH, whatever thread
        // (main, rayon worker, language server) runs the check.
        let flow = stacker::maybe_grow(256 << 10, 4 << 20, || self.exec(&mut frame, root));
        self.depth -= 1;
        // The frame's objects end their lifetimes (pointers to them dangle).
        for o in frame.locals.iter().flatten() {
            self.objs[*o as usize].alive = false;
        }
        match flow? {
            Flow::Return(Some(v)) => Some(v),
            Flow::Return(None) | Flow::Normal => Some(Val::Uninit),
            _ => None,
        }
    }

    fn declare(&mut self, fr: &mut Frame<'_>, l: LocalId) -> Option<Place> {
        let ty = fr.body.local(l).ty.clone();
        let v = self.uninit_of(&ty)?;
        let o = self.alloc(ty, v);
        *fr.locals.get_mut(l.0 as usize)? = Some(o);
        Some(Place {
            obj: o,
            path: Vec::new(),
        })
    }

    /// Runs initializer `init` into the object at `p` of type `ty`.
    fn init(&mut self, fr: &mut Frame<'_>, p: &Place, ty: &Ty, init: &TInit) -> Option<()> {
        match init {
            TInit::Expr(e) => {
                let v = self.eval(fr, *e)?;
                let v = convert(v, ty)?;
                self.write(p, v)
            }
            TInit::Zero => {
                let z = self.zero_of(ty)?;
                self.write(p, z)
            }
            TInit::Bytes(bs) => {
                let TyKind::Array(e, n) = &ty.kind else { return None };
                let k = super::types::int_kind(e)?;
                let n = n.unwrap_or(bs.len() as u64 + 1) as usize;
                let v = Val::Array(
                    (0..n)
                        .map(|i| Val::Int(normalize_int(*bs.get(i).unwrap_or(&0) as i128, k), k))
                        .collect(),
                );
                self.write(p, v)
            }
            TInit::List(items) => {
                let z = self.zero_of(ty)?;
                self.write(p, z)?;
                match &ty.kind {
                    TyKind::Array(e, _) => {
                        for (i, it) in items.iter().enumerate() {
                            let mut q = p.clone();
                            q.path.push(i as u32);
                            self.init(fr, &q, e, it)?;
                        }
                    }
                    TyKind::Record(r) => {
                        let tys: Vec<Ty> = self.env.records.get(r)?.fields.iter().map(|f| f.ty.clone()).collect();
                        for (i, it) in items.iter().enumerate() {
                            let mut q = p.clone();
                            q.path.push(i as u32);
                            self.init(fr, &q, tys.get(i)?, it)?;
                        }
                    }
                    _ => {
                        if let Some(it) = items.first() {
                            self.init(fr, p, ty, it)?;
                        }
                    }
                }
                Some(())
            }
            TInit::Union { field, init } => {
                let TyKind::Record(r) = ty.kind else { return None };
                let fty = self.env.records.get(r)?.fields.get(*field as usize)?.ty.clone();
                let u = self.uninit_of(ty)?;
                self.write(p, u)?;
                let mut q = p.clone();
                q.path.push(*field);
                self.init(fr, &q, &fty, init)
            }
        }
    }

    fn exec(&mut self, fr: &mut Frame<'_>, s: TStmtId) -> Option<Flow> {
        self.step()?;
        let body = fr.body;
        match body.stmt(s) {
            TStmt::Empty => Some(Flow::Normal),
            TStmt::Expr(e) => {
                self.eval_discard(fr, *e)?;
                Some(Flow::Normal)
            }
            TStmt::Decl { local, init } => {
                let storage = body.local(*local).storage;
                if !matches!(
                    storage,
                    crate::thir::LocalStorage::Auto | crate::thir::LocalStorage::Param
                ) {
                    return self.fail("a static or __shared__ variable in a constant evaluation");
                }
                let p = self.declare(fr, *local)?;
                if let Some(i) = init {
                    let ty = body.local(*local).ty.clone();
                    self.init(fr, &p, &ty, i)?;
                }
                Some(Flow::Normal)
            }
            TStmt::Block(ss) => {
                for s in ss {
                    match self.exec(fr, *s)? {
                        Flow::Normal => {}
                        other => return Some(other),
                    }
                }
                Some(Flow::Normal)
            }
            TStmt::If { cond, then, else_ } => {
                if self.cond(fr, *cond)? {
                    self.exec(fr, *then)
                } else if let Some(e) = else_ {
                    self.exec(fr, *e)
                } else {
                    Some(Flow::Normal)
                }
            }
            TStmt::While { cond, body: b, .. } => {
                while self.cond(fr, *cond)? {
                    match self.exec(fr, *b)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Some(Flow::Return(v)),
                        _ => {}
                    }
                }
                Some(Flow::Normal)
            }
            TStmt::DoWhile { body: b, cond, .. } => {
                loop {
                    match self.exec(fr, *b)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Some(Flow::Return(v)),
                        _ => {}
                    }
                    if !self.cond(fr, *cond)? {
                        break;
                    }
                }
                Some(Flow::Normal)
            }
            TStmt::For {
                init,
                cond,
                step,
                body: b,
                ..
            } => {
                if let Some(i) = init {
                    self.exec(fr, *i)?;
                }
                loop {
                    if let Some(c) = cond {
                        if !self.cond(fr, *c)? {
                            break;
                        }
                    }
                    match self.exec(fr, *b)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Some(Flow::Return(v)),
                        _ => {}
                    }
                    if let Some(st) = step {
                        self.eval_discard(fr, *st)?;
                    }
                }
                Some(Flow::Normal)
            }
            TStmt::Switch {
                cond,
                body: b,
                cases,
                has_default,
            } => {
                let v = as_int(&self.eval(fr, *cond)?)?;
                let k = super::types::int_kind(&body.expr(*cond).ty).unwrap_or(IntKind::Int);
                let target = cases
                    .iter()
                    .position(|c| normalize_int(*c as i128, k) == v)
                    .map(|i| TStmt::Case(i as u32))
                    .or(has_default.then_some(TStmt::Default));
                let Some(target) = target else {
                    return Some(Flow::Normal);
                };
                match self.exec_switch_body(fr, *b, &target, &mut false)? {
                    Flow::Break | Flow::Normal => Some(Flow::Normal),
                    other => Some(other),
                }
            }
            TStmt::Return(e) => {
                let v = match e {
                    Some(e) => Some(self.eval(fr, *e)?),
                    None => None,
                };
                Some(Flow::Return(v))
            }
            TStmt::Break => Some(Flow::Break),
            TStmt::Continue => Some(Flow::Continue),
            TStmt::Case(_) | TStmt::Default => Some(Flow::Normal),
            TStmt::Goto(_) | TStmt::Label(_) => self.fail("goto in a constant evaluation"),
            TStmt::Asm(_) => self.fail("inline assembly in a constant evaluation"),
        }
    }

    /// Runs a `switch` body from the label `target` on (`found` once it was reached).
    fn exec_switch_body(&mut self, fr: &mut Frame<'_>, s: TStmtId, target: &TStmt, found: &mut bool) -> Option<Flow> {
        let body = fr.body;
        let st = body.stmt(s);
        if *found {
            return self.exec(fr, s);
        }
        if st == target {
            *found = true;
            return Some(Flow::Normal);
        }
        match st {
            TStmt::Block(ss) => {
                for s in ss {
                    match self.exec_switch_body(fr, *s, target, found)? {
                        Flow::Normal => {}
                        other => return Some(other),
                    }
                }
                Some(Flow::Normal)
            }
            // A label nested in another statement: not supported (it would need a jump into it).
            _ => Some(Flow::Normal),
        }
    }

    fn cond(&mut self, fr: &mut Frame<'_>, e: TExprId) -> Option<bool> {
        let v = self.eval(fr, e)?;
        match truth(&v) {
            Some(b) => Some(b),
            None => self.fail("a condition that is not a scalar"),
        }
    }

    /// Evaluates `e` for its effects (an lvalue is not read).
    fn eval_discard(&mut self, fr: &mut Frame<'_>, e: TExprId) -> Option<()> {
        if fr.body.expr(e).category == ValueCategory::LValue {
            self.place(fr, e)?;
        } else {
            self.eval(fr, e)?;
        }
        Some(())
    }

    // ---- expressions ---------------------------------------------------------------------------

    /// The object an lvalue expression designates.
    fn place(&mut self, fr: &mut Frame<'_>, e: TExprId) -> Option<Place> {
        self.step()?;
        let body = fr.body;
        let x = body.expr(e);
        match &x.kind {
            ExprKind::Local(l) => match fr.locals.get(l.0 as usize).copied().flatten() {
                Some(o) => Some(Place {
                    obj: o,
                    path: Vec::new(),
                }),
                // A temporary the checker introduced (no declaration statement): created here.
                None => self.declare(fr, *l),
            },
            ExprKind::Global(g) => {
                let o = self.global_obj(*g, &x.ty)?;
                Some(Place {
                    obj: o,
                    path: Vec::new(),
                })
            }
            ExprKind::Member { base, field } => {
                let mut p = if body.expr(*base).category == ValueCategory::LValue {
                    self.place(fr, *base)?
                } else {
                    // A member of a temporary: the temporary materialized.
                    let v = self.eval(fr, *base)?;
                    let o = self.alloc(body.expr(*base).ty.clone(), v);
                    Place {
                        obj: o,
                        path: Vec::new(),
                    }
                };
                p.path.push(*field);
                Some(p)
            }
            ExprKind::Deref(p) => {
                let v = self.eval(fr, *p)?;
                self.deref(v)
            }
            ExprKind::Assign { lhs, .. } | ExprKind::CompoundAssign { lhs, .. } => {
                self.eval(fr, e)?;
                // The left side again, without its effects: only names, members and derefs of
                // loads designate the same object the second time.
                let _ = lhs;
                self.last_place.take()
            }
            ExprKind::IncDec { prefix: true, .. } => {
                self.eval(fr, e)?;
                self.last_place.take()
            }
            ExprKind::Comma(a, b) => {
                self.eval_discard(fr, *a)?;
                self.place(fr, *b)
            }
            ExprKind::Cond { cond, then, else_ } => {
                if self.cond(fr, *cond)? {
                    self.place(fr, *then)
                } else {
                    self.place(fr, *else_)
                }
            }
            ExprKind::StringConst(bytes) => {
                let TyKind::Array(elem, _) = &x.ty.kind else {
                    return None;
                };
                let k = super::types::int_kind(elem)?;
                let v = Val::Array(
                    bytes
                        .iter()
                        .map(|b| Val::Int(normalize_int(*b as i128, k), k))
                        .collect(),
                );
                let o = self.alloc(x.ty.clone(), v);
                Some(Place {
                    obj: o,
                    path: Vec::new(),
                })
            }
            _ if x.category == ValueCategory::RValue => {
                // A prvalue where an object is needed: a temporary.
                let v = self.eval(fr, e)?;
                let o = self.alloc(x.ty.clone(), v);
                Some(Place {
                    obj: o,
                    path: Vec::new(),
                })
            }
            _ => self.fail("an lvalue the constant evaluator does not support"),
        }
    }

    fn eval(&mut self, fr: &mut Frame<'_>, e: TExprId) -> Option<Val> {
        self.step()?;
        let body = fr.body;
        let x = body.expr(e);
        let ty = &x.ty;
        match &x.kind {
            ExprKind::IntConst(v) => {
                let k = super::types::int_kind(ty)?;
                Some(Val::Int(normalize_int(*v as i128, k), k))
            }
            ExprKind::FloatConst(bits) => match ty.kind {
                TyKind::Float(k) => Some(Val::Float(round_float(f64::from_bits(*bits), k), k)),
                _ => None,
            },
            ExprKind::NullPtr => Some(Val::Null),
            ExprKind::Function(f) => Some(Val::Fn(*f)),
            ExprKind::Cast(CastKind::Load, inner) => {
                let p = self.place(fr, *inner)?;
                self.read(&p, &body.expr(*inner).ty)
            }
            ExprKind::Cast(CastKind::ArrayToPtr, inner) => {
                let p = self.place(fr, *inner)?;
                Some(Val::Ptr(Ptr {
                    obj: p.obj,
                    path: p.path,
                    elem: Some(0),
                }))
            }
            ExprKind::Cast(CastKind::FnToPtr, inner) => match body.expr(*inner).kind {
                ExprKind::Function(f) => Some(Val::Fn(f)),
                _ => self.fail("a function pointer the constant evaluator does not support"),
            },
            ExprKind::Cast(kind, inner) => {
                let v = self.eval(fr, *inner)?;
                match kind {
                    CastKind::IntToInt
                    | CastKind::IntToFloat
                    | CastKind::FloatToInt
                    | CastKind::FloatToFloat
                    | CastKind::ToBool => match convert(v, ty) {
                        Some(v) => Some(v),
                        None => self.fail("a conversion of a value that is not constant"),
                    },
                    CastKind::NullToPtr => Some(Val::Null),
                    CastKind::PtrToPtr => Some(v),
                    CastKind::ToVoid => Some(Val::Uninit),
                    CastKind::IntToPtr => match v {
                        Val::Int(0, _) => Some(Val::Null),
                        _ => self.fail("a conversion of an integer to a pointer (reinterpret_cast)"),
                    },
                    CastKind::PtrToInt => self.fail("a conversion of a pointer to an integer (reinterpret_cast)"),
                    CastKind::Load | CastKind::ArrayToPtr | CastKind::FnToPtr => None,
                }
            }
            ExprKind::Unary(op, a) => {
                let a = self.eval(fr, *a)?;
                match (op, a) {
                    (TUnaryOp::Neg, Val::Int(v, k)) => Some(Val::Int(normalize_int(v.wrapping_neg(), k), k)),
                    (TUnaryOp::Neg, Val::Float(v, k)) => Some(Val::Float(-v, k)),
                    (TUnaryOp::BitNot, Val::Int(v, k)) => Some(Val::Int(normalize_int(!v, k), k)),
                    (TUnaryOp::Not, v) => Some(Val::Int(!truth(&v)? as i128, IntKind::Bool)),
                    _ => None,
                }
            }
            ExprKind::Binary(op, a, b) => {
                let a = self.eval(fr, *a)?;
                let b = self.eval(fr, *b)?;
                self.binary(*op, a, b)
            }
            ExprKind::PtrAdd { ptr, offset } | ExprKind::PtrSub { ptr, offset } => {
                let p = self.eval(fr, *ptr)?;
                let n = as_int(&self.eval(fr, *offset)?)? as i64;
                let n = if matches!(x.kind, ExprKind::PtrSub { .. }) {
                    -n
                } else {
                    n
                };
                self.ptr_add(p, n)
            }
            ExprKind::PtrDiff { lhs, rhs } => {
                let a = self.eval(fr, *lhs)?;
                let b = self.eval(fr, *rhs)?;
                match (a, b) {
                    (Val::Ptr(a), Val::Ptr(b))
                        if a.obj == b.obj && a.path == b.path && a.elem.is_some() && b.elem.is_some() =>
                    {
                        let k = super::types::int_kind(ty)?;
                        Some(Val::Int(normalize_int((a.elem? - b.elem?) as i128, k), k))
                    }
                    (Val::Ptr(a), Val::Ptr(b)) if a == b => Some(Val::Int(0, super::types::int_kind(ty)?)),
                    _ => self.fail("subtraction of pointers into different arrays"),
                }
            }
            ExprKind::LogicAnd(a, b) => {
                if !self.cond(fr, *a)? {
                    return Some(Val::Int(0, IntKind::Bool));
                }
                Some(Val::Int(self.cond(fr, *b)? as i128, IntKind::Bool))
            }
            ExprKind::LogicOr(a, b) => {
                if self.cond(fr, *a)? {
                    return Some(Val::Int(1, IntKind::Bool));
                }
                Some(Val::Int(self.cond(fr, *b)? as i128, IntKind::Bool))
            }
            ExprKind::Cond { cond, then, else_ } => {
                if x.category == ValueCategory::LValue {
                    // (as an lvalue: the place is what a load reads)
                    return self.fail("a conditional lvalue read as a value");
                }
                if self.cond(fr, *cond)? {
                    self.eval(fr, *then)
                } else {
                    self.eval(fr, *else_)
                }
            }
            ExprKind::Comma(a, b) => {
                self.eval_discard(fr, *a)?;
                if x.category == ValueCategory::LValue {
                    self.place(fr, *b)?;
                    return Some(Val::Uninit);
                }
                self.eval(fr, *b)
            }
            ExprKind::AddrOf(l) => {
                if let ExprKind::Function(f) = body.expr(*l).kind {
                    return Some(Val::Fn(f));
                }
                let p = self.place(fr, *l)?;
                Some(self.canonical_ptr(p))
            }
            ExprKind::Assign { lhs, rhs } => {
                let v = self.eval(fr, *rhs)?;
                let p = self.place(fr, *lhs)?;
                let v = self.fit_bits(&p, convert(v, &body.expr(*lhs).ty)?);
                self.write(&p, v.clone())?;
                self.last_place = Some(p);
                Some(v)
            }
            ExprKind::CompoundAssign { op, lhs, rhs, op_ty } => {
                let p = self.place(fr, *lhs)?;
                let lty = body.expr(*lhs).ty.clone();
                let cur = self.read(&p, &lty)?;
                let r = self.eval(fr, *rhs)?;
                let v = if matches!(lty.kind, TyKind::Pointer(_)) {
                    let n = as_int(&r)? as i64;
                    self.ptr_add(cur, if *op == TBinOp::Sub { -n } else { n })?
                } else {
                    let cur = convert(cur, op_ty)?;
                    let v = self.binary(*op, cur, r)?;
                    convert(v, &lty)?
                };
                let v = self.fit_bits(&p, v);
                self.write(&p, v.clone())?;
                self.last_place = Some(p);
                Some(v)
            }
            ExprKind::IncDec { lhs, inc, prefix } => {
                let p = self.place(fr, *lhs)?;
                let lty = body.expr(*lhs).ty.clone();
                let old = self.read(&p, &lty)?;
                let new = match &old {
                    Val::Int(v, k) => Val::Int(normalize_int(if *inc { v + 1 } else { v - 1 }, *k), *k),
                    Val::Float(v, k) => Val::Float(round_float(if *inc { v + 1.0 } else { v - 1.0 }, *k), *k),
                    Val::Ptr(_) => self.ptr_add(old.clone(), if *inc { 1 } else { -1 })?,
                    _ => return self.fail("increment of a value that is not constant"),
                };
                let new = self.fit_bits(&p, new);
                self.write(&p, new.clone())?;
                self.last_place = Some(p);
                Some(if *prefix { new } else { old })
            }
            ExprKind::Call { callee, args } => {
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.eval(fr, *a)?);
                }
                self.call(*callee, vals)
            }
            ExprKind::CallIndirect { callee, args } => {
                let Val::Fn(f) = self.eval(fr, *callee)? else {
                    return self.fail("a call through a pointer that is not a constant function pointer");
                };
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.eval(fr, *a)?);
                }
                self.call(f, vals)
            }
            ExprKind::Member { base, field } => {
                if x.category == ValueCategory::LValue || body.expr(*base).category == ValueCategory::LValue {
                    let p = self.place(fr, e)?;
                    return self.read(&p, ty);
                }
                match self.eval(fr, *base)? {
                    Val::Record(_, mut fs) if (*field as usize) < fs.len() => Some(fs.swap_remove(*field as usize)),
                    _ => self.fail("a member of a value that is not constant"),
                }
            }
            ExprKind::Deref(_) | ExprKind::Local(_) | ExprKind::Global(_) | ExprKind::StringConst(_) => {
                // An lvalue used as a value (a record or array operand): its object's value.
                let p = self.place(fr, e)?;
                self.read(&p, ty)
            }
            ExprKind::Aggregate(init) => {
                let v = self.uninit_of(ty)?;
                let o = self.alloc(ty.clone(), v);
                let p = Place {
                    obj: o,
                    path: Vec::new(),
                };
                self.init(fr, &p, &ty.clone(), init)?;
                let v = self.objs[o as usize].val.clone();
                self.objs[o as usize].alive = false;
                Some(v)
            }
            ExprKind::BuiltinVar(..) | ExprKind::WarpSize => self.fail("a CUDA builtin variable is not a constant"),
            ExprKind::ForEach { .. } => self.fail("an array new or delete[] is not a constant expression"),
        }
    }

    fn ptr_add(&mut self, p: Val, n: i64) -> Option<Val> {
        match p {
            Val::Ptr(Ptr {
                obj,
                path,
                elem: Some(k),
            }) => {
                let len = match Self::sub(&self.objs[obj as usize].val, &path) {
                    Some(Val::Array(es)) => es.len() as i64,
                    _ => return self.fail("pointer arithmetic on a pointer that does not point into an array"),
                };
                let k2 = k + n;
                if k2 < 0 || k2 > len {
                    return self.fail(format!("cannot access position {k2} in array of {len} elements"));
                }
                Some(Val::Ptr(Ptr {
                    obj,
                    path,
                    elem: Some(k2),
                }))
            }
            v @ Val::Ptr(_) if n == 0 => Some(v),
            Val::Null if n == 0 => Some(Val::Null),
            _ => self.fail("pointer arithmetic on a pointer that does not point into an array"),
        }
    }

    fn binary(&mut self, op: TBinOp, a: Val, b: Val) -> Option<Val> {
        use TBinOp::*;
        let scalar = |v: &Val| match v {
            Val::Int(x, k) => Some(CVal::Int(*x, *k)),
            Val::Float(x, k) => Some(CVal::Float(*x, *k)),
            _ => None,
        };
        if let (Some(x), Some(y)) = (scalar(&a), scalar(&b)) {
            if matches!(op, Div | Rem) && matches!(y, CVal::Int(0, _)) {
                return self.fail("division by zero");
            }
            return match eval_binary(op, x, y) {
                Some(CVal::Int(v, k)) => Some(Val::Int(v, k)),
                Some(CVal::Float(v, k)) => Some(Val::Float(v, k)),
                _ => self.fail("an arithmetic operation whose result is undefined (a shift out of range)"),
            };
        }
        let cmp = |c: bool| Some(Val::Int(c as i128, IntKind::Bool));
        match (op, &a, &b) {
            (Eq, _, _) => cmp(a == b),
            (Ne, _, _) => cmp(a != b),
            (Lt | Gt | Le | Ge, Val::Ptr(x), Val::Ptr(y))
                if x.obj == y.obj && x.path == y.path && x.elem.is_some() && y.elem.is_some() =>
            {
                let (i, j) = (x.elem?, y.elem?);
                cmp(match op {
                    Lt => i < j,
                    Gt => i > j,
                    Le => i <= j,
                    _ => i >= j,
                })
            }
            _ => self.fail("an operation on values that are not constant"),
        }
    }
}
