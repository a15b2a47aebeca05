//! Semantic types after name resolution. Plain owned data (Eq + Hash), position-free.

use crate::body::Quals;
use smol_str::SmolStr;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntKind {
    Bool,
    /// Plain `char` (signed on nvptx, as on x86-64 hosts).
    Char,
    SChar,
    UChar,
    /// `char16_t` (unsigned, 16 bits), `char32_t` (unsigned, 32 bits), `wchar_t` (signed,
    /// 32 bits on Linux): distinct types whose ranks are those of their underlying types.
    Char16,
    Char32,
    WChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
}

impl IntKind {
    /// Width in bits on nvptx64 (LP64: long is 64 bits).
    pub fn bits(self) -> u32 {
        match self {
            IntKind::Bool => 8,
            IntKind::Char | IntKind::SChar | IntKind::UChar => 8,
            IntKind::Short | IntKind::UShort | IntKind::Char16 => 16,
            IntKind::Int | IntKind::UInt | IntKind::Char32 | IntKind::WChar => 32,
            IntKind::Long | IntKind::ULong | IntKind::LongLong | IntKind::ULongLong => 64,
        }
    }
    pub fn is_signed(self) -> bool {
        matches!(
            self,
            IntKind::Char
                | IntKind::SChar
                | IntKind::Short
                | IntKind::Int
                | IntKind::WChar
                | IntKind::Long
                | IntKind::LongLong
        )
    }
    /// Integer conversion rank (C++ [conv.rank]).
    pub fn rank(self) -> u8 {
        match self {
            IntKind::Bool => 0,
            IntKind::Char | IntKind::SChar | IntKind::UChar => 1,
            IntKind::Short | IntKind::UShort | IntKind::Char16 => 2,
            IntKind::Int | IntKind::UInt | IntKind::Char32 | IntKind::WChar => 3,
            IntKind::Long | IntKind::ULong => 4,
            IntKind::LongLong | IntKind::ULongLong => 5,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatKind {
    F32,
    F64,
    /// `long double`: its own type (overloads, template arguments, mangling `e`), represented as
    /// `double` in device code, as nvcc does.
    LongDouble,
}

/// Index of a record (struct/union) in [`crate::DefMap::records`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RecordId(pub u32);
/// Index of a function in [`crate::DefMap::functions`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FnId(pub u32);
/// Index of a namespace-scope variable in [`crate::DefMap::globals`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub u32);

/// A qualified type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ty {
    pub kind: TyKind,
    pub quals: Quals,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TyKind {
    Void,
    Int(IntKind),
    Float(FloatKind),
    Pointer(Box<Ty>),
    /// C++ lvalue reference `T&`. Appears only in function signatures (parameters and return
    /// types) of the def map, never as the type of a THIR expression or local: the checker
    /// passes a reference as the address of its referent (`Pointer(T)` in THIR, implicit `&` at
    /// the call site, implicit `*` at each use; see `thir.rs`). Codegen lowers it as a pointer.
    Reference(Box<Ty>),
    /// `None` length: incomplete array (`extern __shared__ float s[];`).
    Array(Box<Ty>, Option<u64>),
    Record(RecordId),
    Function(Box<FnSig>),
    /// `decltype(nullptr)`
    Nullptr,
    /// The type of an expression that already produced an error; suppresses cascades.
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FnSig {
    pub ret: Ty,
    pub params: Vec<Ty>,
    pub variadic: bool,
    /// C++17: `noexcept` is part of a function type (`void (*)() noexcept`). A function's
    /// declaration keeps it in [`FnDecl::noexcept`] (this field of [`FnDecl::sig`] is false);
    /// the type of an expression naming the function carries it
    /// ([`FnDecl::fn_type_sig`]).
    pub noexcept: bool,
}

impl Ty {
    pub fn new(kind: TyKind) -> Ty {
        Ty {
            kind,
            quals: Quals::empty(),
        }
    }
    pub fn void() -> Ty {
        Ty::new(TyKind::Void)
    }
    pub fn int(k: IntKind) -> Ty {
        Ty::new(TyKind::Int(k))
    }
    pub fn float(k: FloatKind) -> Ty {
        Ty::new(TyKind::Float(k))
    }
    pub fn bool() -> Ty {
        Ty::int(IntKind::Bool)
    }
    pub fn error() -> Ty {
        Ty::new(TyKind::Error)
    }
    pub fn ptr(pointee: Ty) -> Ty {
        Ty::new(TyKind::Pointer(Box::new(pointee)))
    }
    pub fn with_quals(mut self, q: Quals) -> Ty {
        self.quals |= q;
        self
    }
    pub fn unqualified(&self) -> Ty {
        Ty {
            kind: self.kind.clone(),
            quals: Quals::empty(),
        }
    }
    pub fn is_const(&self) -> bool {
        self.quals.contains(Quals::CONST)
    }
    pub fn is_error(&self) -> bool {
        matches!(self.kind, TyKind::Error)
    }
    pub fn is_void(&self) -> bool {
        matches!(self.kind, TyKind::Void)
    }
    pub fn is_integer(&self) -> bool {
        matches!(self.kind, TyKind::Int(_))
    }
    pub fn is_float(&self) -> bool {
        matches!(self.kind, TyKind::Float(_))
    }
    pub fn is_arithmetic(&self) -> bool {
        self.is_integer() || self.is_float()
    }
    pub fn is_pointer(&self) -> bool {
        matches!(self.kind, TyKind::Pointer(_))
    }
    pub fn is_scalar(&self) -> bool {
        self.is_arithmetic() || self.is_pointer() || matches!(self.kind, TyKind::Nullptr)
    }
    pub fn is_reference(&self) -> bool {
        matches!(self.kind, TyKind::Reference(_))
    }
    /// The element type of a (multi-dimensional) array; the type itself otherwise.
    pub fn innermost_element(&self) -> &Ty {
        let mut t = self;
        while let TyKind::Array(e, _) = &t.kind {
            t = e;
        }
        t
    }
    pub fn pointee(&self) -> Option<&Ty> {
        match &self.kind {
            TyKind::Pointer(p) => Some(p),
            _ => None,
        }
    }
    /// The type with cv-qualifiers `q` removed, when it has them: at the top, or for an array
    /// on its (innermost) element ([basic.type.qualifier]: an array of `const int` is a
    /// const-qualified type, `const T` matches it with `T = int[2]`). `None` when it lacks one.
    pub fn without_cv(&self, q: Quals) -> Option<Ty> {
        // A function type is never cv-qualified (`const F` is `F`): `const T` does not match it.
        if !q.is_empty() && matches!(self.kind, TyKind::Function(_)) {
            return None;
        }
        if let TyKind::Array(e, n) = &self.kind {
            if !q.is_empty() && !self.quals.contains(q) {
                let inner = e.without_cv(q)?;
                return Some(Ty {
                    kind: TyKind::Array(Box::new(inner), *n),
                    quals: self.quals,
                });
            }
        }
        if !self.quals.contains(q) {
            return None;
        }
        let mut t = self.clone();
        t.quals = Quals(t.quals.0 & !q.0);
        Some(t)
    }
}

/// CUDA execution space of a function.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExecSpace {
    /// `__global__`: a kernel (device code, launched from the host).
    Global,
    /// `__device__` only.
    Device,
    /// No qualifier or `__host__` only.
    Host,
    /// `__host__ __device__`.
    HostDevice,
}

impl ExecSpace {
    pub fn runs_on_device(self) -> bool {
        matches!(self, ExecSpace::Global | ExecSpace::Device | ExecSpace::HostDevice)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum InlineHint {
    None,
    Inline,
    Force,
    Never,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LaunchBounds {
    pub max_threads: u32,
    pub min_blocks: Option<u32>,
    pub max_blocks_per_cluster: Option<u32>,
}

/// How a body-less device function is implemented.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FnKind {
    /// An ordinary function (with a body, or declared and defined elsewhere).
    Normal,
    /// A compiler builtin (`__nvvm_*`, `__warpc_*` names declared by the builtin headers): codegen
    /// lowers calls to it by name and argument types.
    Builtin,
    /// A libdevice function (`__nv_*`), linked from libdevice.10.bc.
    Libdevice,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FnDecl {
    /// Declared `inline` (also implicitly: defined in its class, a lambda's call operator),
    /// whatever `inline` hint attributes say; with `-rdc` such a function is `.weak`.
    pub declared_inline: bool,
    /// `= default` (a default constructor: the implicit one's member and base construction).
    pub defaulted: bool,
    /// `= delete`: selecting it is an error.
    pub deleted: bool,
    pub name: SmolStr,
    /// The symbol name: `extern "C"` names as written, others Itanium-mangled as nvcc does.
    pub link_name: SmolStr,
    pub sig: FnSig,
    pub space: ExecSpace,
    pub inline: InlineHint,
    pub is_static: bool,
    pub extern_c: bool,
    pub launch_bounds: Option<LaunchBounds>,
    /// `__cluster_dims__(x, y, z)` of a kernel (missing dimensions are 1; `[0, 0, 0]` for
    /// `__cluster_dims__()`, an explicit cluster of launch-time size).
    pub cluster_dims: Option<[u32; 3]>,
    pub kind: FnKind,
    /// Index of the item in the item tree that defines it (the definition if there is one).
    pub item: u32,
    /// `Some(n)`: the n-th function definition of the TU holds its body.
    pub body_index: Option<u32>,
    /// C++ default arguments, one entry per parameter (empty when there are none). Callers may
    /// omit the trailing parameters that have one; the checker passes the constant, or checks
    /// the expression anew at each call.
    pub defaults: Vec<Option<DefaultArg>>,
    /// `constexpr` functions (and lambdas) may be called in constant evaluation.
    pub is_constexpr: bool,
    /// A C++ member function: its class. A non-static member's first parameter is `this`
    /// (`Pointer(Record)`, pointee `const` for a `const` member function); callers pass the
    /// object's address there.
    pub method: Option<MethodDecl>,
    /// For a function template instance: the template (index into `DefMap::templates`) and
    /// its arguments. Its body is the template's (`body_index`).
    pub instance: Option<InstanceKey>,
    /// Template parameters bound while checking the body: a function template instance's,
    /// and/or those of the class template specialization a member belongs to.
    pub env: Vec<(SmolStr, TArg)>,
    /// A lambda's `operator()`: which lambda of the body at `body_index`.
    pub lambda: Option<u32>,
    /// The return type is deduced from the body (`sig.ret` is an error type until known).
    pub deduce_ret: bool,
    /// A deduced return type written other than as plain `auto`: `auto&`, `const auto&`,
    /// `auto*`, `decltype(auto)` (how the body's `return` statements give the type).
    pub ret_pattern: Option<crate::body::TypeRef>,
    /// Not potentially-throwing: declared `noexcept` / `noexcept(true)` (a condition evaluated
    /// when the function is declared), or a destructor or defaulted special member without a
    /// noexcept-specifier (taken as non-throwing). What `noexcept(e)` consults.
    pub noexcept: bool,
}

impl FnDecl {
    /// The function's type: its signature with its noexcept-specification.
    pub fn fn_type_sig(&self) -> FnSig {
        FnSig {
            noexcept: self.noexcept,
            ..self.sig.clone()
        }
    }
}

/// A resolved template argument.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TArg {
    /// A type, with its ABI view (enum names) for mangling.
    Type { ty: Ty, mangle: crate::mangle::MangleTy },
    /// A value of the parameter's (integral or enumeration) type.
    Value {
        value: i128,
        ty: Ty,
        mangle: crate::mangle::MangleTy,
    },
    /// The arguments of a template parameter pack.
    Pack(Vec<TArg>),
    /// A class template (qualified name), the argument of a template template parameter.
    Template(SmolStr),
    /// A function or variable with linkage, the argument of a pointer or reference non-type
    /// template parameter (`template <int (*F)(int)>` given `f` or `&f`, `template <int &R>`
    /// given `v`): its qualified name, its symbol (which identifies it among overloads) and the
    /// parameter's type (a pointer: the argument is the entity's address).
    Decl { name: SmolStr, link: SmolStr, ty: Ty },
}

impl TArg {
    /// A [`TArg::Decl`] as nvcc shows it in a class name: `&f` for a pointer parameter, `v`
    /// for a reference parameter (empty for other arguments).
    pub fn decl_shown(&self) -> String {
        match self {
            TArg::Decl { name, ty, .. } if ty.is_pointer() => format!("&{name}"),
            TArg::Decl { name, .. } => name.to_string(),
            _ => String::new(),
        }
    }
}

/// A function template: its declaration as written (the parameter and return types are
/// resolved per instantiation) and where its body is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FnTemplate {
    /// Qualified name; empty for a placeholder (an id [`RecordIds`] gave a template that this
    /// build has not declared, or not yet).
    pub name: SmolStr,
    pub params: Vec<crate::item_tree::TemplateParamItem>,
    pub decl: crate::item_tree::FunctionItem,
    /// Item index of the declaration (the definition once seen).
    pub item: u32,
    pub body_index: Option<u32>,
    /// A member template of a class template specialization: the specialization's record, its
    /// ABI name and the class template's parameters bound (`Box<float>::get`).
    pub class: Option<MemberTemplateClass>,
}

impl FnTemplate {
    /// What fills the ids of `DefMap::templates` below a template's id that hold no template
    /// (yet) (see [`RecordIds`]): named nothing, declared by no item.
    pub fn placeholder() -> FnTemplate {
        FnTemplate {
            name: SmolStr::default(),
            params: Vec::new(),
            decl: crate::item_tree::FunctionItem {
                name: SmolStr::default(),
                ret: crate::body::TypeRef::Named(SmolStr::default()),
                params: Vec::new(),
                variadic: false,
                attrs: Default::default(),
                has_body: false,
                body_index: None,
                method: None,
                template: None,
                class_params: None,
            },
            item: u32::MAX,
            body_index: None,
            class: None,
        }
    }

    pub fn is_placeholder(&self) -> bool {
        self.name.is_empty() && self.item == u32::MAX
    }
}

/// The class template specialization a member function template belongs to: its record, ABI
/// name and the class template's parameters bound.
pub type MemberTemplateClass = (RecordId, crate::mangle::MangleTy, Vec<(SmolStr, TArg)>);

/// Which template, with which arguments.
pub type InstanceKey = (u32, Vec<TArg>);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MethodDecl {
    pub record: RecordId,
    pub kind: crate::item_tree::MethodKind,
    pub is_const: bool,
    /// `volatile` member function (`this` points to volatile).
    pub is_volatile: bool,
    /// The ref-qualifier: `Some(false)` for `&`, `Some(true)` for `&&` (which objects the
    /// implicit object parameter binds, [over.match.funcs]/4; mangled `R`/`O`).
    pub ref_qual: Option<bool>,
    pub is_static: bool,
    /// `explicit` constructor or conversion function (not used for implicit conversions).
    pub explicit: bool,
}

impl MethodDecl {
    /// Whether calls pass an object (`this`).
    pub fn has_this(&self) -> bool {
        !self.is_static
    }
    /// The qualifiers of the object `this` points to (`const`, `volatile`).
    pub fn this_quals(&self) -> crate::body::Quals {
        let mut q = crate::body::Quals::empty();
        if self.is_const {
            q |= crate::body::Quals::CONST;
        }
        if self.is_volatile {
            q |= crate::body::Quals::VOLATILE;
        }
        q
    }
    /// [`Self::this_quals`] with the ref-qualifier, for mangling
    /// ([`crate::mangle::REF_LVALUE`], `RVALUE`).
    pub fn mangle_quals(&self) -> crate::body::Quals {
        match self.ref_qual {
            Some(true) => self.this_quals() | crate::body::Quals::RVALUE,
            Some(false) => self.this_quals() | crate::mangle::REF_LVALUE,
            None => self.this_quals(),
        }
    }
}

impl FnDecl {
    /// Generated from a template: a function template instance or a member function of a class
    /// template specialization (lambdas aside, which come with the body that defines them). As
    /// [temp.inst] says, its definition is instantiated (checked, compiled) only where it is
    /// used: called, its address taken, or named by a constant expression.
    pub fn is_templated(&self) -> bool {
        self.lambda.is_none() && (self.instance.is_some() || !self.env.is_empty())
    }
    /// Whether the first parameter is the implicit `this`.
    pub fn has_this(&self) -> bool {
        self.method.as_ref().is_some_and(|m| m.has_this())
    }
    /// The fewest arguments a call must pass (parameters before the first default argument).
    pub fn min_args(&self) -> usize {
        self.defaults
            .iter()
            .position(|d| d.is_some())
            .unwrap_or(self.sig.params.len())
    }
}

/// CUDA memory space of a namespace-scope or static variable, as it reaches codegen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum VarSpace {
    /// `__device__` (global memory, addrspace 1).
    Global,
    /// `__constant__` (addrspace 4).
    Constant,
    /// `__shared__` with a size (addrspace 3).
    Shared,
    /// `extern __shared__ T x[]` (dynamic shared memory, addrspace 3, no size).
    ExternShared,
    /// A host variable: not emitted, not accessible from device code.
    Host,
}

/// A function parameter's default argument.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DefaultArg {
    /// A constant, already converted to the parameter type.
    Value(ConstValue),
    /// Not a constant (`D m = D::zero()` of a class type, `int y = g(7)`): the expression,
    /// checked at each call that omits it, in the context the function declares it in
    /// ([dcl.fct.default]/9: evaluated each time the function is called).
    AtCall(std::sync::Arc<DefaultExpr>),
}

/// A default argument evaluated at the call: the expression and the names it is looked up with.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DefaultExpr {
    pub expr: crate::body::ConstExpr,
    /// The class of a member function (its members and its bases' are in scope).
    pub record: Option<RecordId>,
    /// The scope the declaration's names are looked up from (the function's enclosing one).
    pub scope: Option<SmolStr>,
    /// The template parameters in scope, bound to this declaration's arguments.
    pub env: Vec<(SmolStr, TArg)>,
    /// The class template specializations being declared (see `Checker::spec_scopes`).
    pub spec_scopes: Vec<(SmolStr, SmolStr)>,
}

/// A constant initializer, fully evaluated: what a global's memory holds at load time.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstValue {
    /// Zero of the type (also what missing list elements are).
    Zero,
    /// Integer bits (truncated to the type's width by codegen).
    Int(u128),
    /// f64 bit pattern (rounded to the type by codegen).
    Float(u64),
    /// Array or record elements, in order, padded with `Zero` for missing ones.
    Aggregate(Vec<ConstValue>),
    /// Bytes of a string literal initializing a char array (without NUL; codegen pads).
    Bytes(Vec<u8>),
    /// Address of a global, plus a byte offset.
    GlobalAddr(GlobalId, i64),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GlobalDecl {
    pub name: SmolStr,
    /// Symbol name (`_Z`-mangled for namespaced C++ globals later; plain name for C-style ones,
    /// as nvcc does for namespace-scope variables).
    pub link_name: SmolStr,
    pub ty: Ty,
    pub space: VarSpace,
    pub init: Option<ConstValue>,
    pub is_static: bool,
    pub is_extern: bool,
    pub item: u32,
    /// Alignment written in attributes (0: none); the variable's alignment is the larger of
    /// this and its type's.
    pub align: u64,
    /// `__managed__` (unified memory, also written by the host): a `__device__` variable that
    /// PTX marks `.attribute(.managed)`.
    pub managed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldDecl {
    pub name: Option<SmolStr>,
    pub ty: Ty,
    /// Byte offset inside the record (for a bit-field: of the unit it is accessed through).
    pub offset: u64,
    /// For a bit-field: where its bits lie in the unit at `offset`.
    pub bits: Option<BitField>,
}

/// A bit-field's place: bits `shift..shift + width` of the little-endian `unit`-byte integer
/// at the field's offset (a power of two no larger than the declared type, aligned to its
/// size inside the record, so one load reaches every bit). `width` counts value bits only: an
/// oversized bit-field (`int x : 40`) keeps its declared width for layout, the rest padding.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitField {
    pub shift: u8,
    pub width: u8,
    pub unit: u8,
    /// Read zero-extended although the declared type is signed: an enumeration whose
    /// enumerators are all non-negative (as EDG and GCC read such a bit-field).
    pub unsigned: bool,
}

impl BitField {
    /// Whether a value read from the bit-field, of declared type `k`, is sign-extended.
    pub fn signed(self, k: IntKind) -> bool {
        k.is_signed() && !self.unsigned
    }

    /// `v` as the bit-field holds it: its low `width` bits, sign-extended when `signed`.
    pub fn fit(self, v: i128, signed: bool) -> i128 {
        let w = self.width as u32;
        if w == 0 || w >= 128 {
            return v;
        }
        let low = v & ((1i128 << w) - 1);
        if signed && low >> (w - 1) != 0 {
            low - (1i128 << w)
        } else {
            low
        }
    }
}

/// `RecordId`s with this bit set name the classes defined in function bodies (`Records::local`):
/// the id of such a class is its index in the def-map fixed point's list of local classes, which
/// only grows, so it is the same in every round however many class template instances come
/// before it (an instance key such as `Uninitialized<_TempStorage>`, or a deduced return type,
/// learned in one round names the same class in the next).
pub const LOCAL_RECORD_BIT: u32 = 1 << 31;

/// The ids the def-map fixed point's builds gave classes (not local ones), by identity: the
/// class's name (a specialization's is its display name, `W<float>`) and how many classes of
/// that name the build made before it (for an unnamed class: its item-tree record). Each build
/// starts from the previous build's table and gives a class it makes again the same id (the
/// others get ids after the table's), whatever else a round's new knowledge (`fn_rets`,
/// `known_inits`) makes a replay build earlier; so every key carried from one round into the
/// next (instance and class requests, deduced return types, closure and local class keys,
/// `constexpr` calls' values) names the same class in every build. Ids are dense: `0..len()`.
///
/// The table also holds the function templates' ids (their indices in `DefMap::templates`), by
/// [`TemplateIdentity`]: a member template of a class template specialization is declared when
/// the specialization is instantiated, so without the table its index would depend on the order
/// in which a build instantiates the specializations, which a round's new knowledge or steps can
/// change; an instance request `(template, arguments)` carried into the next round would then
/// name another template (`BlockScan<int>::ExclusiveSum<4>` asked for, another member
/// template of another specialization instantiated).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordIds {
    by_key: rustc_hash::FxHashMap<(Option<SmolStr>, u32), u32>,
    templates: rustc_hash::FxHashMap<TemplateIdentity, u32>,
    /// Class templates' positions in `DefMap::record_templates` by name (a member class
    /// template of a specialization, `W<float>::cls`, is declared with the specialization, so
    /// its position would depend on the order of instantiation as a member function
    /// template's index would).
    record_templates: rustc_hash::FxHashMap<SmolStr, u32>,
}

/// A function template's identity across the def-map fixed point's builds: the class template
/// specialization it is a member (or hidden friend) of (by its id, stable by [`RecordIds`]), its
/// qualified name, the item that declares it, and how many templates of the same three the
/// build declared before it.
pub type TemplateIdentity = (Option<u32>, SmolStr, u32, u32);

impl RecordIds {
    /// The id of the class of identity `key`, given the next free id if it has none yet.
    pub fn id_of(&mut self, key: (Option<SmolStr>, u32)) -> u32 {
        let n = self.by_key.len() as u32;
        *self.by_key.entry(key).or_insert(n)
    }
    /// How many ids the table hands out (every id below is some class's).
    pub fn len(&self) -> usize {
        self.by_key.len()
    }
    /// Whether every class and function template of `earlier` has the same id here (this table
    /// grew from it).
    pub fn extends(&self, earlier: &RecordIds) -> bool {
        self.by_key.len() >= earlier.by_key.len()
            && earlier.by_key.iter().all(|(k, v)| self.by_key.get(k) == Some(v))
            && self.templates.len() >= earlier.templates.len()
            && earlier.templates.iter().all(|(k, v)| self.templates.get(k) == Some(v))
            && self.record_templates.len() >= earlier.record_templates.len()
            && earlier
                .record_templates
                .iter()
                .all(|(k, v)| self.record_templates.get(k) == Some(v))
    }
    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }
    /// The id (index in `DefMap::templates`) of the function template of identity `key`, given
    /// the next free id if it has none yet.
    pub fn template_id_of(&mut self, key: TemplateIdentity) -> u32 {
        let n = self.templates.len() as u32;
        *self.templates.entry(key).or_insert(n)
    }
    /// The position in `DefMap::record_templates` of the class template named `name`, given
    /// the next free one if it has none yet.
    pub fn record_template_id_of(&mut self, name: &SmolStr) -> u32 {
        let n = self.record_templates.len() as u32;
        match self.record_templates.get(name) {
            Some(&id) => id,
            None => {
                self.record_templates.insert(name.clone(), n);
                n
            }
        }
    }
}

/// The classes of a def map, by `RecordId`: the classes of the items and instances in build
/// order, then (ids with `LOCAL_RECORD_BIT`) the classes defined in function bodies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records {
    main: Vec<RecordDecl>,
    local: Vec<RecordDecl>,
}

impl Records {
    pub fn get(&self, id: impl std::borrow::Borrow<RecordId>) -> Option<&RecordDecl> {
        let id = *id.borrow();
        if id.0 & LOCAL_RECORD_BIT != 0 {
            self.local.get((id.0 & !LOCAL_RECORD_BIT) as usize)
        } else {
            self.main.get(id.0 as usize)
        }
    }
    pub fn get_mut(&mut self, id: RecordId) -> Option<&mut RecordDecl> {
        if id.0 & LOCAL_RECORD_BIT != 0 {
            self.local.get_mut((id.0 & !LOCAL_RECORD_BIT) as usize)
        } else {
            self.main.get_mut(id.0 as usize)
        }
    }
    /// Adds a class after the items' and instances' ones.
    pub fn push(&mut self, r: RecordDecl) -> RecordId {
        self.main.push(r);
        RecordId(self.main.len() as u32 - 1)
    }
    /// Puts class `r` at id `id` (not a local class's), filling the slots before it with
    /// `placeholder` (see [`RecordIds`]).
    pub fn put(&mut self, id: u32, r: RecordDecl, placeholder: impl Fn() -> RecordDecl) -> RecordId {
        while self.main.len() <= id as usize {
            self.main.push(placeholder());
        }
        self.main[id as usize] = r;
        RecordId(id)
    }
    /// Fills the ids below `n` that hold no class yet (not local classes') with `placeholder`.
    pub fn fill_to(&mut self, n: usize, placeholder: impl Fn() -> RecordDecl) {
        while self.main.len() < n {
            self.main.push(placeholder());
        }
    }
    /// The id of local class `k`, whose slot exists from now on (`placeholder` fills the
    /// slots before it).
    pub fn local_slot(&mut self, k: u32, placeholder: impl Fn() -> RecordDecl) -> RecordId {
        while self.local.len() <= k as usize {
            self.local.push(placeholder());
        }
        RecordId(LOCAL_RECORD_BIT | k)
    }
    /// Every class, local classes last.
    pub fn len(&self) -> usize {
        self.main.len() + self.local.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Every class with its id, in `position` order.
    pub fn iter(&self) -> impl Iterator<Item = (RecordId, &RecordDecl)> + '_ {
        let main = self.main.iter().enumerate().map(|(i, r)| (RecordId(i as u32), r));
        let local = (self.local.iter().enumerate()).map(|(i, r)| (RecordId(LOCAL_RECORD_BIT | i as u32), r));
        main.chain(local)
    }
    /// Where `id` comes in `iter` (dense, for tables indexed by class).
    pub fn position(&self, id: RecordId) -> usize {
        if id.0 & LOCAL_RECORD_BIT != 0 {
            self.main.len() + (id.0 & !LOCAL_RECORD_BIT) as usize
        } else {
            id.0 as usize
        }
    }
}

impl std::ops::Index<RecordId> for Records {
    type Output = RecordDecl;
    fn index(&self, id: RecordId) -> &RecordDecl {
        self.get(id).expect("record id of this def map")
    }
}

impl std::ops::Index<&RecordId> for Records {
    type Output = RecordDecl;
    fn index(&self, id: &RecordId) -> &RecordDecl {
        &self[*id]
    }
}

impl std::ops::IndexMut<RecordId> for Records {
    fn index_mut(&mut self, id: RecordId) -> &mut RecordDecl {
        self.get_mut(id).expect("record id of this def map")
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordDecl {
    pub name: Option<SmolStr>,
    pub is_union: bool,
    pub fields: Vec<FieldDecl>,
    pub size: u64,
    pub align: u64,
    /// False for a forward-declared record that was never defined.
    pub complete: bool,
    /// For a class template specialization: its ABI name (`10SmallStackIiLi8EE`).
    pub mangle: Option<crate::mangle::MangleTy>,
    /// Which fields are references: a lambda's captures by reference and a class's reference
    /// members (`T& r;`), each a pointer to the referent, dereferenced at each use. Empty when
    /// no field is one.
    pub closure_refs: Vec<bool>,
    /// C++ direct (non-virtual) base classes in declaration order. A non-empty base is also an
    /// unnamed field (`BaseDecl::field`) holding the subobject; an empty one is at offset 0 and
    /// takes no space (Itanium's empty base optimization).
    pub bases: Vec<BaseDecl>,
    /// For a class that is not POD for the purpose of layout (Itanium): its data size, the
    /// size without tail padding. A derived class may place members in the tail padding of
    /// such a base, so assignments copy only this many bytes.
    pub dsize: Option<u64>,
    /// Members declared `private` (`false`) or `protected` (`true`); see
    /// `RecordItem::restricted`.
    pub restricted: Vec<(SmolStr, bool)>,
    /// Qualified names of the class's friends (functions, and classes whose members are).
    pub friends: Vec<SmolStr>,
    /// Defined inside another class.
    pub nested: bool,
    /// Member using-declarations: names of a base's members that join this class's own
    /// (`using Base::f;`), with their access as declared here (`restricted`).
    pub usings: Vec<MemberUsing>,
    /// Default member initializers (`int v = 4;`), by field index, in declaration order.
    pub field_inits: Vec<FieldInit>,
    /// For a class template specialization with default member initializers: the template
    /// parameters' names and arguments the initializers are checked with.
    pub init_env: Vec<(SmolStr, TArg)>,
    /// With `init_env`: the names the lowering gave members of the class template (`A::U`)
    /// and the specialization's (`A<int>`), as `Checker::spec_scopes`.
    pub init_scopes: Vec<(SmolStr, SmolStr)>,
    /// Declared `final`.
    pub is_final: bool,
}

/// A default member initializer: field `field`'s initializer as written in the class.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldInit {
    pub field: u32,
    pub init: crate::item_tree::GlobalInit,
}

/// `using Base::name;` in a class: `name`'s members of base `from` are members here too
/// (functions join the class's overload set unless one of its own has the same parameters);
/// `ctor`: `using Base::Base;` (inheriting constructors).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemberUsing {
    pub name: SmolStr,
    pub from: RecordId,
    pub ctor: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BaseDecl {
    pub record: RecordId,
    pub offset: u64,
    /// The index of the unnamed field holding a non-empty base subobject.
    pub field: Option<u32>,
    /// `public`, `protected` or `private` inheritance.
    pub access: Access,
}

/// The access of a base class (`struct D : private B`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Access {
    #[default]
    Public,
    Protected,
    Private,
}

impl RecordDecl {
    /// Whether field `i` is a base class subobject.
    pub fn is_base_field(&self, i: u32) -> bool {
        self.bases.iter().any(|b| b.field == Some(i))
    }
    /// An empty class (no data members, only empty bases): Itanium lays it out at no cost.
    pub fn is_empty_class(&self) -> bool {
        !self.is_union && self.complete && self.fields.is_empty()
    }
}

/// One step of the def-map builder's work after the items, in the order the fixed point first
/// asked for it (an index into that kind's list). A key names classes by `RecordId`, and ids are
/// handed out in build order: replaying the earlier rounds' steps in their order before the new
/// ones gives every class of an earlier round the same id again, so a key learned in one round
/// (`Uninitialized<_TempStorage>` with `_TempStorage` a class local to a function, a deduced
/// return type, a closure type) names the same class in every later round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuildStep {
    /// A class template instance (`record_requests`).
    Record(u32),
    /// A class defined in a function body (`local_records`).
    Local(u32),
    /// A closure type (`closures`).
    Closure(u32),
    /// A function template instance (`requests`).
    Instance(u32),
}

/// A class defined in a function body (`Body::local_records`) as the checker of one instance
/// of that function resolved it: its members' types are those of this instance.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocalRecordKey {
    /// The enclosing function's symbol and which class of its body.
    pub enclosing: SmolStr,
    pub index: u32,
    pub is_union: bool,
    pub name: Option<SmolStr>,
    /// Data members: name (`None`: an anonymous member), type, and the alignment written on
    /// it (0 when none).
    pub fields: Vec<(Option<SmolStr>, Ty, u64)>,
    /// The alignment written on the class (0 when none).
    pub align: u64,
    /// Public base classes in order (complete class types).
    pub bases: Vec<RecordId>,
}

/// A lambda's closure type as the body that contains the lambda asks for it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClosureKey {
    /// The definition holding the lambda, and which lambda of it.
    pub body_index: u32,
    pub lambda: u32,
    /// The enclosing function: its symbol (for the closure's own), item, execution space and
    /// template environment.
    pub enclosing: SmolStr,
    pub item: u32,
    pub space: ExecSpace,
    pub env: Vec<(SmolStr, TArg)>,
    /// Captures: name, captured type, by reference.
    pub captures: Vec<(SmolStr, Ty, bool)>,
    pub params: Vec<Ty>,
    /// `-> T`, else deduced from the body (`DefMap::closures` learns it).
    pub ret: Option<Ty>,
    /// A generic lambda: for each parameter, how it is written with `auto` (see
    /// [`AutoParam`]); empty for an ordinary lambda. The generic closure's own `operator()`
    /// is never checked: each call asks for an instance (the same key with `params` the
    /// deduced types and `instance` set), whose closure type has the same layout.
    pub auto_params: Vec<AutoParam>,
    /// An instance of a generic lambda's `operator()` for concrete parameter types.
    pub instance: bool,
    /// A `mutable` lambda: its `operator()` is not `const`.
    pub mutable: bool,
    /// The closure type's ABI name as [`crate::mangle::MangleTy::Named`] carries a local
    /// class (`@1kPfi@UlfE_`: `Z1kPfiEUlfE_` in a symbol), and its `operator()`'s symbol
    /// (`_ZZ1kPfiENKUlfE_clEf`), as nvcc writes them.
    pub abi_name: SmolStr,
    pub call_link_name: SmolStr,
}

/// How a generic lambda's parameter uses `auto`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AutoParam {
    /// Not `auto`: the type in `ClosureKey::params`.
    No,
    /// `auto x` / `const auto x`.
    Value { is_const: bool },
    /// `auto& x` / `const auto& x`.
    LRef { is_const: bool },
    /// `auto&& x` (a forwarding reference).
    Forward,
}

/// A class template: its record in the item tree is laid out per instance.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordTemplate {
    pub name: SmolStr,
    pub params: Vec<crate::item_tree::TemplateParamItem>,
    /// Index into `ItemTree::records`.
    pub record: u32,
    pub item: u32,
    /// The declaration-only record (`template <class T, class U = int> struct S;`) seen before
    /// the definition `record`: where default arguments the definition omits are written.
    pub decl: Option<u32>,
    /// A member class template of a class template specialization (`sel<true>::cls`, keyed by
    /// that name): the enclosing specialization's bound parameters, its ABI form (the
    /// instances mangle as `N 3selILb1EE 3clsIiE E`) and the enclosing specializations
    /// (innermost last) whose members its body names.
    pub member_of: Option<MemberTemplateScope>,
}

impl RecordTemplate {
    /// What fills the positions of `DefMap::record_templates` below a class template's that
    /// hold no template (yet) (see [`RecordIds`]): no item-tree record, named
    /// [`RecordTemplate::placeholder_key`] (no written name).
    pub fn placeholder() -> RecordTemplate {
        RecordTemplate {
            name: SmolStr::default(),
            params: Vec::new(),
            record: u32::MAX,
            item: u32::MAX,
            decl: None,
            member_of: None,
        }
    }

    pub fn placeholder_key(position: usize) -> SmolStr {
        SmolStr::new(format!("\u{1}{position}"))
    }

    pub fn is_placeholder(&self) -> bool {
        self.record == u32::MAX && self.name.is_empty()
    }
}

/// Where a member class template of a class template specialization is declared.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemberTemplateScope {
    pub env: Vec<(SmolStr, TArg)>,
    pub mangle: crate::mangle::MangleTy,
    pub enclosing: Vec<(u32, RecordId, crate::mangle::MangleTy, SmolStr)>,
}
