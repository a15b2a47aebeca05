//! HIR: the untyped, position-free form of declarations and function bodies, lowered from the
//! syntax tree. Names are unresolved strings; types are syntactic [`TypeRef`]s. Positions live only
//! in [`BodySourceMap`], so a body compares equal after edits elsewhere (salsa early cutoff).

use smol_str::SmolStr;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StmtId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeRefId(pub u32);

bitflags_lite! {
    /// cv/restrict qualifiers written on a type. `RVALUE` marks a reference type as an rvalue
    /// reference (`T&&`); it is never a qualifier of anything else.
    Quals: u8 { CONST = 1, VOLATILE = 2, RESTRICT = 4, RVALUE = 8 }
}

/// A type as written in source, before name resolution.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeRef {
    /// A written builtin type from its specifier keywords, e.g. `unsigned long long`.
    Builtin(BuiltinType),
    /// A typedef (or, later, class) name.
    Named(SmolStr),
    /// `struct S` / `union U`; `def` is the index of the defining [`RecordItem`] in
    /// [`ItemTree::records`] when the specifier has a body or refers to a known definition
    /// visible at this point.
    Record {
        kind: RecordKind,
        name: Option<SmolStr>,
        def: Option<u32>,
    },
    /// `enum E`; `def` indexes [`ItemTree::enums`].
    Enum {
        name: Option<SmolStr>,
        def: Option<u32>,
    },
    Pointer(Box<TypeRef>),
    /// A pointer to member `T C::*` (`class` as written, e.g. `ns::C<T>`). Not supported yet:
    /// resolving one is an `unsupported:` error, and it never matches a `T*` pattern.
    MemberPointer {
        class: SmolStr,
        pointee: Box<TypeRef>,
    },
    /// `T&` (C++; unsupported in the C skeleton).
    Reference(Box<TypeRef>),
    /// `T[N]`; the length is a constant expression, or `None` for `T[]`.
    Array(Box<TypeRef>, Option<Box<ConstExpr>>),
    Function {
        ret: Box<TypeRef>,
        params: Vec<TypeRef>,
        variadic: bool,
        /// The noexcept-specifier: `Some(None)` for `noexcept`, `Some(Some(c))` for
        /// `noexcept(c)` (part of the function type, C++17).
        noexcept: Option<Option<Box<ConstExpr>>>,
    },
    /// A class template-id `S<int, 4>` (name as written).
    Template {
        name: SmolStr,
        args: Vec<TemplateArgRef>,
    },
    /// C++ `auto`: deduced from a variable's initializer.
    Auto,
    /// A member type of a class: `S<int>::type`, `typename enable_if<c, T>::type` (the scope is
    /// a `Template`); `T::value_type` with `T` a template parameter is `Named("T::value_type")`.
    Member {
        scope: Box<TypeRef>,
        member: SmolStr,
    },
    /// A member alias template of a class named with arguments: `typename S<int>::template
    /// rebind<float>` (the scope is a class type).
    MemberTemplate {
        scope: Box<TypeRef>,
        member: SmolStr,
        args: Vec<TemplateArgRef>,
    },
    /// `decltype(e)`: `id_expr` when `e` is an unparenthesized name or member access (the
    /// declared type), otherwise the expression's type (`T&` for an lvalue).
    Decltype {
        expr: Box<ConstExpr>,
        id_expr: bool,
    },
    Qualified(Quals, Box<TypeRef>),
    /// `__underlying_type(T)`: the underlying integer type of the enumeration `T`.
    Underlying(Box<TypeRef>),
    /// `decltype(auto)`: deduced from an initializer or a function's `return` statements with
    /// `decltype`'s rules (a variable's initializer is rewritten to [`TypeRef::Decltype`] by
    /// lowering; a function's return type is deduced from its body).
    DecltypeAuto,
    /// A pack expansion `P...` in a template argument list: the pattern `P` once per element
    /// of the template parameter pack it names.
    PackExpansion(Box<TypeRef>),
    /// A class defined in the enclosing function's body: index into [`Body::local_records`]
    /// (only in bodies).
    Local(u32),
    /// Syntax error already reported.
    Error,
}

/// A template argument as written outside a body (types, and constant expressions).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TemplateArgRef {
    Type(TypeRef),
    Value(ConstExpr),
}

/// A template argument inside a body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TemplateArgExpr {
    Type(TypeRefId),
    Value(ExprId),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinType {
    Void,
    Bool,
    Char,
    SChar,
    UChar,
    /// `char16_t`, `char32_t`, `wchar_t`: distinct types with the representation of
    /// `unsigned short`, `unsigned int` and `int` (Linux).
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
    Float,
    Double,
    LongDouble,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordKind {
    Struct,
    Union,
    Class,
}

/// An expression outside any function body (array length, enumerator value, global initializer
/// element, attribute argument): a one-expression body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConstExpr {
    pub exprs: Vec<Expr>,
    pub types: Vec<TypeRef>,
    pub root: ExprId,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    Plus,
    /// `~`
    BitNot,
    /// `!`
    Not,
    /// `*e`
    Deref,
    /// `&e`
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    LogicAnd,
    LogicOr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    /// `,`
    Comma,
}

/// The encoding prefix of a character literal, which gives its type ([lex.ccon]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CharPrefix {
    /// `'a'` and `u8'a'`: `char`.
    Narrow,
    /// `L'a'`: `wchar_t`.
    Wide,
    /// `u'a'`: `char16_t`.
    Utf16,
    /// `U'a'`: `char32_t`.
    Utf32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    /// Value and the suffix-derived properties; the checker picks the type by the C++ rules.
    Int {
        value: u128,
        unsigned: bool,
        long: u8,
        decimal: bool,
    },
    /// `bits` is the f64 bit pattern of the value; `single` for an `f` suffix.
    Float {
        bits: u64,
        single: bool,
    },
    /// Character literal value (`'a'`, `L'x'`, `u'x'`, `U'x'`) and its prefix.
    Char {
        value: u32,
        prefix: CharPrefix,
    },
    /// String literal bytes without the terminating NUL (adjacent literals already concatenated).
    String(Vec<u8>),
    Bool(bool),
    Nullptr,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// Unparseable or absent expression; a diagnostic was already reported.
    Missing,
    Literal(Literal),
    /// An identifier in expression position (variable, function, enumerator, builtin variable).
    Name(SmolStr),
    Unary {
        op: UnaryOp,
        expr: ExprId,
    },
    Binary {
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `lhs = rhs` (`op` None) or compound `lhs op= rhs`.
    Assign {
        op: Option<BinaryOp>,
        lhs: ExprId,
        rhs: ExprId,
    },
    Cond {
        cond: ExprId,
        then: ExprId,
        else_: ExprId,
    },
    Call {
        callee: ExprId,
        args: Vec<ExprId>,
    },
    /// `callee<<<config...>>>(args)`.
    KernelLaunch {
        callee: ExprId,
        config: Vec<ExprId>,
        args: Vec<ExprId>,
    },
    Index {
        base: ExprId,
        index: ExprId,
    },
    Member {
        base: ExprId,
        field: SmolStr,
        arrow: bool,
    },
    /// `base .* member` / `base ->* member` (`arrow`): a pointer-to-member access (lowered so
    /// that templates naming it, such as libcu++'s `__invoke` in `decltype`, can be declared;
    /// checking one is not supported yet).
    MemberPointer {
        base: ExprId,
        member: ExprId,
        arrow: bool,
    },
    /// `obj.template f<args>` / `p->f<args>` (called: a member function template with explicit
    /// template arguments).
    MemberTemplate {
        base: ExprId,
        field: SmolStr,
        arrow: bool,
        args: Vec<TemplateArgExpr>,
    },
    /// `(T)e`; `ty` indexes the body's `types`.
    Cast {
        ty: TypeRefId,
        expr: ExprId,
    },
    SizeofExpr(ExprId),
    SizeofType(TypeRefId),
    AlignofType(TypeRefId),
    /// A braced list in expression position (C++ `T{...}` / `= {...}` handled via Initializer).
    InitList(Box<Initializer>),
    /// C++ `this`.
    This,
    /// A function template-id `f<int, 4>` (name as written).
    TemplateId {
        name: SmolStr,
        args: Vec<TemplateArgExpr>,
    },
    /// A member function template of a class template specialization named with its template
    /// arguments: `S<true>::f<4>` (`scope` is a `TypeRef::Template`).
    ScopedTemplateId {
        scope: TypeRefId,
        member: SmolStr,
        args: Vec<TemplateArgExpr>,
    },
    /// A member of a class template specialization: `S<int, 8>::member` (`scope` is a
    /// `TypeRef::Template`).
    ScopedName {
        scope: TypeRefId,
        member: SmolStr,
    },
    /// A lambda expression (index into `Body::lambdas`).
    Lambda(u32),
    /// `pattern...` in an argument list: one argument per element of the packs it names.
    PackExpansion(ExprId),
    /// A fold expression: `(lhs op ...)` (`rhs` none), `(... op rhs)` (`lhs` none) or the
    /// binary `(lhs op ... op rhs)`; the operand that names a pack is the pattern.
    Fold {
        op: BinaryOp,
        lhs: Option<ExprId>,
        rhs: Option<ExprId>,
    },
    /// `sizeof...(Pack)`.
    SizeofPack(SmolStr),
    /// A compiler type trait `__is_enum(T)`, `__is_base_of(B, D)` (GCC/EDG builtins the
    /// standard library's `<type_traits>` is written over): a `bool` constant.
    TypeTrait {
        name: SmolStr,
        args: Vec<TypeRefId>,
    },
    /// C++ functional cast / temporary `T(args)` (`list`: `T{args}`): a constructor call for a
    /// class with constructors, an aggregate initialization (`init`, the braced list as
    /// written) for an aggregate, a value-initialised or converted scalar otherwise. `args` are
    /// the list's plain items (all of them unless it has nested lists or designators).
    Construct {
        ty: TypeRefId,
        args: Vec<ExprId>,
        list: bool,
        init: Option<Box<Initializer>>,
        /// `Q::name(args)` with `name` the last component of a qualified name: the parser took
        /// it for a type (a type of that name is declared somewhere: `std::rank`), so the name
        /// as an expression, for a call when `Q::name` is a function (`extents_type::rank()`).
        callee: Option<ExprId>,
    },
    /// `noexcept(e)`: a `bool` constant, false when the unevaluated operand `e` may throw.
    Noexcept(ExprId),
    /// Placement new `new (place...) T init`: constructs a `T` in the storage `place` points
    /// to; a `T*`. `args` is `None` without a new-initializer (default-initialization);
    /// `init` is a braced new-initializer as written (`args` then holds its plain items).
    PlacementNew {
        place: Vec<ExprId>,
        ty: TypeRefId,
        args: Option<Vec<ExprId>>,
        init: Option<Box<Initializer>>,
    },
    /// `::new T init` / `new T[len] init` (no placement arguments): allocates with the global
    /// `operator new` (device `malloc`) and constructs; a `T*` (element pointer for arrays).
    /// `ty` is the allocated type without the outermost bound when `len` is the written
    /// (possibly non-constant) array bound; `args`/`init` as for [`Expr::PlacementNew`].
    New {
        global: bool,
        ty: TypeRefId,
        len: Option<ExprId>,
        args: Option<Vec<ExprId>>,
        init: Option<Box<Initializer>>,
    },
    /// `::delete p` / `delete[] p`.
    Delete {
        global: bool,
        array: bool,
        expr: ExprId,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Initializer {
    Expr(ExprId),
    /// `{ a, .f = b, [2] = c, {..} }`
    List(Vec<(Option<Designator>, Initializer)>),
}

impl Initializer {
    /// Every expression of the initializer (items of nested lists and array designators too).
    pub fn exprs(&self, out: &mut Vec<ExprId>) {
        match self {
            Initializer::Expr(e) => out.push(*e),
            Initializer::List(items) => {
                for (d, i) in items {
                    if let Some(Designator::Index(e)) = d {
                        out.push(*e);
                    }
                    i.exprs(out);
                }
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Designator {
    Field(SmolStr),
    Index(ExprId),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StorageClass {
    None,
    Static,
    Extern,
    Register,
    Typedef,
}

/// CUDA memory space written on a variable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MemorySpace {
    /// No qualifier: local (in functions) or host (at namespace scope).
    Default,
    /// `__device__`
    Global,
    /// `__shared__`
    Shared,
    /// `__constant__`
    Constant,
    /// `__managed__`
    Managed,
}

/// One declared name in a declaration statement (`int a = 1, *b;` gives two).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocalDecl {
    pub name: SmolStr,
    /// Index into the body's `types`.
    pub ty: TypeRefId,
    pub storage: StorageClass,
    pub space: MemorySpace,
    pub init: Option<Initializer>,
    /// Alignment attributes on the variable (constant expressions; the largest of these and
    /// the type's alignment wins).
    pub align: Vec<ExprId>,
}

/// `#pragma unroll` / `#pragma unroll N` / `#pragma nounroll` attached to the following loop.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopHint {
    None,
    /// `#pragma unroll` (full) or `#pragma unroll N` (`Some(N)`; N == 1 disables unrolling).
    Unroll(Option<u32>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stmt {
    /// Unparseable statement; a diagnostic was already reported.
    Missing,
    Empty,
    Expr(ExprId),
    /// A local declaration; each entry is one declarator. `typedef`s and struct definitions inside
    /// bodies are `unsupported` in the skeleton (reported by lowering).
    Decl(Vec<LocalDecl>),
    Block(Vec<StmtId>),
    If {
        cond: ExprId,
        then: StmtId,
        else_: Option<StmtId>,
    },
    While {
        cond: ExprId,
        body: StmtId,
        hint: LoopHint,
    },
    DoWhile {
        body: StmtId,
        cond: ExprId,
        hint: LoopHint,
    },
    /// `init` is an `Expr` or `Decl` statement.
    For {
        init: Option<StmtId>,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: StmtId,
        hint: LoopHint,
    },
    Switch {
        cond: ExprId,
        body: StmtId,
    },
    Case {
        value: ExprId,
        body: StmtId,
    },
    Default {
        body: StmtId,
    },
    Break,
    Continue,
    Return(Option<ExprId>),
    Goto(SmolStr),
    Label {
        name: SmolStr,
        body: StmtId,
    },
    /// C++ `using namespace N;` in a block: unqualified names are also looked up in `N` (as
    /// written, relative to the function's namespaces) until the end of the block.
    UsingNamespace {
        target: SmolStr,
    },
    /// C++ `namespace a = N;` in a block: `a::x` denotes `N::x` (`N` as written, relative to
    /// the function's namespaces) until the end of the block.
    NamespaceAlias {
        name: SmolStr,
        target: SmolStr,
    },
    /// C++ `using N::name;` in a block: `name` denotes `N::name` (types and values) until the
    /// end of the block.
    Using {
        name: SmolStr,
        target: SmolStr,
    },
    /// `typedef T name;` / `using name = T;` in a block: `name` denotes the type until the end
    /// of the block (`ty` indexes the body's `types`).
    Typedef {
        name: SmolStr,
        ty: TypeRefId,
    },
    /// `static_assert(cond, "message");` in a block.
    StaticAssert {
        cond: ExprId,
        message: Option<String>,
    },
    /// C++17 structured binding `auto [a, b] = e;`: `var` (when present) declares the hidden
    /// object (named `$bind..`, `auto`/`auto&`/`const auto&` as written); then each of `names`
    /// refers to the corresponding member or element of the local `object`.
    Bindings {
        var: Option<LocalDecl>,
        object: SmolStr,
        names: Vec<SmolStr>,
    },
    /// C++ `for (T x : range) body` (arrays of known size).
    RangeFor {
        var: LocalDecl,
        range: ExprId,
        body: StmtId,
    },
    /// GCC-style inline assembly `asm volatile("..." : outputs : inputs : clobbers);`.
    Asm(Box<AsmStmt>),
}

/// An inline assembly statement as written: template and constraints are the bytes of their
/// (concatenated) string literals, not yet interpreted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AsmStmt {
    pub template: Vec<u8>,
    /// `volatile` / `__volatile__` written.
    pub volatile: bool,
    pub outputs: Vec<AsmOperand>,
    pub inputs: Vec<AsmOperand>,
    pub clobbers: Vec<Vec<u8>>,
}

/// One output or input of an [`AsmStmt`]: `"constraint"(expr)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AsmOperand {
    pub constraint: Vec<u8>,
    pub expr: ExprId,
}

/// A class, struct or union defined inside a function body (`__shared__ union { ... } smem;`,
/// `struct Pair { int a, b; };`): its data members, resolved per instance of the enclosing
/// function by the body checker and laid out by the def map (`crate::ty::LocalRecordKey`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocalRecordDef {
    pub kind: RecordKind,
    pub name: Option<SmolStr>,
    /// Data members in order; `name: None` is an anonymous struct or union member.
    pub fields: Vec<LocalField>,
    /// Alignment attributes on the class (`struct __align__(16) S { ... }`).
    pub align: Vec<ConstExpr>,
    /// Public non-virtual base classes, in order (`struct S : B { ... }`).
    pub bases: Vec<TypeRef>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocalField {
    pub name: Option<SmolStr>,
    pub ty: TypeRef,
    /// Alignment attributes on the member.
    pub align: Vec<ConstExpr>,
}

/// A lambda expression's parts; its statements live in the enclosing body's arena.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LambdaDef {
    /// Explicit captures: name and whether by reference (`&x`).
    pub captures: Vec<(SmolStr, bool)>,
    /// `[=]` (`Some(false)`) or `[&]` (`Some(true)`): names used in the body that denote
    /// enclosing locals are captured that way.
    pub default_capture: Option<bool>,
    /// `[this]` or `[*this]` (not supported yet).
    pub captures_this: bool,
    pub params: Vec<(Option<SmolStr>, TypeRefId)>,
    /// `-> T`
    pub ret: Option<TypeRefId>,
    /// `mutable`: the call operator is not `const` (copies of captures may be modified).
    pub is_mutable: bool,
    pub body: StmtId,
    /// The lambda expression (for positions).
    pub at: ExprId,
    /// The lambda whose body holds this one (`None`: the function's own body). With the
    /// lexical order of the indices, this gives the closure type's ABI name (the Itanium
    /// `Ul <params> E <n> _`, numbered among the lambdas of one context with the same
    /// parameters).
    pub parent: Option<u32>,
}

/// One `member(args)` of a constructor's initializer list.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemInit {
    pub name: SmolStr,
    pub args: Vec<ExprId>,
    /// `member{args}`
    pub list: bool,
    /// An `Expr::Name` of the member, for diagnostics' positions.
    pub at: ExprId,
    /// The name as a type when it is a template-id (`: Base<T>(x)`, `: alias_t<T, S>(x)`): a
    /// base is matched by the type it names, not by its spelling.
    pub ty: Option<TypeRefId>,
    /// `Base<T>(args)...`: one initializer per element of the packs `ty` names.
    pub pack: bool,
}

/// A function body. `params` repeats the parameter names of the definition (types come from the
/// signature in the item tree), so the body is self-contained for checking.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Body {
    pub params: Vec<Option<SmolStr>>,
    /// Which written parameter is a function parameter pack (`const _Tp&... __t`), if any.
    pub param_pack: Option<u32>,
    pub exprs: Vec<Expr>,
    pub stmts: Vec<Stmt>,
    pub types: Vec<TypeRef>,
    /// The outermost block.
    pub root: Option<StmtId>,
    /// A constructor's initializer list, in written order.
    pub mem_inits: Vec<MemInit>,
    /// Lambda expressions of the body (`Expr::Lambda` indexes this).
    pub lambdas: Vec<LambdaDef>,
    /// The `Stmt::If`s written `if constexpr`: in a template instance, the branch the constant
    /// condition discards is not instantiated (not checked).
    pub constexpr_ifs: Vec<StmtId>,
    /// The `return (e);` statements whose operand is parenthesized (for `decltype(auto)`,
    /// which tells `return (x);` from `return x;`; HIR drops parentheses).
    pub paren_returns: Vec<StmtId>,
    /// Classes defined in the body ([`TypeRef::Local`] indexes this).
    pub local_records: Vec<LocalRecordDef>,
}

impl Body {
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.0 as usize]
    }
    pub fn stmt(&self, id: StmtId) -> &Stmt {
        &self.stmts[id.0 as usize]
    }
    pub fn type_ref(&self, id: TypeRefId) -> &TypeRef {
        &self.types[id.0 as usize]
    }
}

/// Where each body element came from. Ranges are relative to the start of the function definition
/// (the database adds the start; tokens from a macro expansion map to the macro call's range).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BodySourceMap {
    pub exprs: Vec<warpc_base::TextRange>,
    pub stmts: Vec<warpc_base::TextRange>,
    /// For `Stmt::Decl` entries: the range of each declarator's name, per statement and index.
    pub decl_names: Vec<(StmtId, u32, warpc_base::TextRange)>,
    pub types: Vec<warpc_base::TextRange>,
}

/// The expressions of a new-expression's initializer: a braced list's, else the arguments.
pub fn new_init_exprs(args: &Option<Vec<ExprId>>, init: &Option<Box<Initializer>>) -> Vec<ExprId> {
    match init {
        Some(i) => {
            let mut all = Vec::new();
            i.exprs(&mut all);
            all
        }
        None => args.iter().flatten().copied().collect(),
    }
}
