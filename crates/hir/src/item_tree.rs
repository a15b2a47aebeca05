//! The item tree: every top-level declaration of a translation unit in source order, without
//! function bodies and without positions. Editing inside a function body leaves it equal, which
//! is the firewall that keeps name resolution and other functions' queries from re-running.

use crate::body::{ConstExpr, Initializer, MemorySpace, RecordKind, StorageClass, TypeRef};
use smol_str::SmolStr;

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
///
/// C++ namespaces are flattened: every name declared inside `namespace geo { ... }` (functions,
/// variables, typedefs, record and enum tags) is stored qualified, `geo::vec3`, and type names
/// written in declarations are resolved to their qualified form during lowering (innermost
/// enclosing namespace first, then global scope, `using` declarations and directives).
pub struct ItemTree {
    /// Top-level items in translation-unit order (headers' items where they were included).
    pub items: Vec<Item>,
    /// Struct/union definitions, referenced from `TypeRef::Record { def }` and `Item::Record`.
    pub records: Vec<RecordItem>,
    /// Enum definitions, referenced from `TypeRef::Enum { def }` and `Item::Enum`.
    pub enums: Vec<EnumItem>,
    /// Inline namespaces (`namespace cub { inline namespace _V_300500_SM_800 { ... } }`) are
    /// transparent to names: their members are named as members of the enclosing namespace
    /// (`cub::BlockReduce`), as C++ looks them up. The ABI still names them: each namespace
    /// whose members were declared inside an inline one, as named (`cub`, `cub::detail`), with
    /// its path in the ABI (`cub::_V_300500_SM_800`, `cub::_V_300500_SM_800::detail`), sorted.
    pub inline_namespaces: Vec<(SmolStr, SmolStr)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    Function(FunctionItem),
    /// A deduction guide `template <class T> S(T*, int) -> S<T>;`: `name` is the class
    /// template's (qualified) name, `params` the guide's parameters, `ret` the type after `->`
    /// and `template` the guide's template head (if any).
    DeductionGuide(FunctionItem),
    /// A variable at namespace scope (`__device__ int x;`, `__constant__ float c[8] = {...};`,
    /// `extern __shared__ float s[];`).
    Var(VarItem),
    Typedef {
        name: SmolStr,
        ty: TypeRef,
    },
    /// A member typedef or alias (`typedef T value_type;`, `using type = T;`) of record `record`
    /// (index into `ItemTree::records`), named with the record (`Box::value_type`). Members of
    /// class templates are declared per specialization (`Box<float>::value_type`).
    MemberTypedef {
        record: u32,
        name: SmolStr,
        ty: TypeRef,
    },
    /// `template <params> using name = type;` (an alias template).
    /// `template <params> using name = ty;`; `member_of` the item-tree record of a member
    /// alias template.
    AliasTemplate {
        name: SmolStr,
        params: Vec<TemplateParamItem>,
        ty: TypeRef,
        member_of: Option<u32>,
    },
    /// `template <params> constexpr T name = init;` (a variable template; usable where its
    /// initializer is a constant).
    VarTemplate {
        name: SmolStr,
        params: Vec<TemplateParamItem>,
        ty: TypeRef,
        init: ConstExpr,
        /// The written arguments of an explicit (`template <> constexpr bool v<int> = true;`)
        /// or partial (`template <class T> constexpr bool v<T*> = true;`) specialization.
        spec: Option<Vec<crate::body::TemplateArgRef>>,
    },
    /// A struct/union definition or forward declaration (index into `ItemTree::records`).
    Record(u32),
    /// An enum definition (index into `ItemTree::enums`).
    Enum(u32),
    /// `using namespace N;` (`target` qualified as written, e.g. `geo::inner`) in namespace
    /// `scope` (empty at global scope): lookups from inside `scope` also try `target::name`,
    /// and so does qualified lookup `scope::name` ([namespace.qual]/2). An inline namespace
    /// is one too (`inline namespace __v1` in `cg`).
    UsingNamespace {
        target: SmolStr,
        scope: SmolStr,
    },
    /// `using N::name;`: `name` (qualified with the enclosing namespace) now also denotes
    /// `target` (`N::name`).
    UsingDecl {
        name: SmolStr,
        target: SmolStr,
    },
    /// `namespace name = target;` (`name` qualified with the enclosing namespace).
    NamespaceAlias {
        name: SmolStr,
        target: SmolStr,
    },
    /// `static_assert(cond, "message");` at namespace scope.
    StaticAssert {
        cond: ConstExpr,
        message: Option<String>,
        /// The enclosing namespace (`a::b`), where the condition's names are looked up first.
        scope: Option<SmolStr>,
    },
    /// `static_assert` in record `record` (checked per specialization for class templates).
    MemberStaticAssert {
        record: u32,
        cond: ConstExpr,
        message: Option<String>,
    },
    /// A top-level construct the skeleton does not handle; lowering reported `unsupported`.
    Unsupported,
}

/// Declaration specifiers that matter for a function.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FnAttrs {
    pub global: bool,
    pub device: bool,
    pub host: bool,
    pub is_static: bool,
    pub is_extern: bool,
    pub inline: bool,
    pub forceinline: bool,
    pub noinline: bool,
    /// Declared inside `extern "C"` (or with `extern "C"` directly).
    pub extern_c: bool,
    /// `__launch_bounds__(max_threads, min_blocks, max_blocks_per_cluster)` arguments as written.
    pub launch_bounds: Vec<ConstExpr>,
    /// `__cluster_dims__(x, y, z)` arguments as written (`Some(vec![])` for `__cluster_dims__()`).
    pub cluster_dims: Option<Vec<ConstExpr>>,
    /// `constexpr` (callable in constant evaluation).
    pub is_constexpr: bool,
    /// `explicit` (a constructor or conversion function not used for implicit conversions).
    pub explicit: bool,
    /// `= default`: the implicit definition (special members; implicitly `__host__ __device__`).
    pub defaulted: bool,
    /// `= delete`: declared, but using it is an error.
    pub deleted: bool,
    /// The noexcept-specifier: `Some(None)` for `noexcept`, `Some(Some(c))` for `noexcept(c)`.
    pub noexcept: Option<Option<ConstExpr>>,
    /// A friend function defined in its class (`friend void f(C) { ... }`): the class, whose
    /// members the body names unqualified ([class.friend]/7: it is in the class's lexical scope).
    pub friend_of: Option<SmolStr>,
    /// A friend function defined in a class template, an explicit specialization or a class
    /// nested in one (a hidden friend of each specialization): the class's record (index into
    /// `ItemTree::records`). It is declared with each specialization of the class, its
    /// signature naming the specialization's arguments.
    pub friend_record: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    pub name: Option<SmolStr>,
    pub ty: TypeRef,
    /// C++ default argument (`int extra = 10`), as written. The def map evaluates it to a
    /// constant of the parameter type; a non-constant one is checked at each call.
    pub default: Option<ConstExpr>,
    /// A function parameter pack (`R... r`): `ty` is the pattern.
    pub pack: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionItem {
    pub name: SmolStr,
    pub ret: TypeRef,
    pub params: Vec<Param>,
    pub variadic: bool,
    pub attrs: FnAttrs,
    /// Whether this declaration is a definition. The body itself is a separate query, found by
    /// `body_index`: the n-th function definition in translation-unit order.
    pub has_body: bool,
    pub body_index: Option<u32>,
    /// For a C++ member function: its class and kind. `name` is then qualified with the class
    /// (`geo::vec3::dot`, `geo::vec3::operator+`, constructors `geo::vec3::vec3`).
    pub method: Option<MethodInfo>,
    /// `template <...>` before the declaration, or an explicit instantiation/specialization.
    pub template: Option<TemplateHead>,
    /// An out-of-class definition of a member of a class template (`template <class T> void
    /// S<T>::f() {}`, `template <class T> template <class U> S<T>::S(const S<U>&) {}`): the
    /// class template's parameters as this definition names them (`template` is then the member
    /// template's own head, if any). Declared with each specialization, matching the in-class
    /// declaration.
    pub class_params: Option<Vec<TemplateParamItem>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TemplateHead {
    /// `template <params> declaration`: a function template.
    Params(Vec<TemplateParamItem>),
    /// `template declaration<args>(...)`: an explicit instantiation.
    Instantiation(Vec<crate::body::TemplateArgRef>),
    /// `template <> declaration<args>(...)`: an explicit specialization.
    Specialization(Vec<crate::body::TemplateArgRef>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TemplateParamItem {
    pub name: Option<SmolStr>,
    pub kind: TemplateParamKind,
    /// A parameter pack (`typename... Ts`).
    pub pack: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TemplateParamKind {
    Type {
        default: Option<TypeRef>,
    },
    Value {
        ty: TypeRef,
        default: Option<ConstExpr>,
    },
    /// A template template parameter `template <params> class C = Default`; its argument is a
    /// class template (`TArg::Template`). The default is written as a type name.
    Template {
        params: Vec<TemplateParamItem>,
        default: Option<TypeRef>,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MethodKind {
    Normal,
    Constructor,
    Destructor,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MethodInfo {
    /// Index into [`ItemTree::records`].
    pub record: u32,
    pub kind: MethodKind,
    /// `const` member function (`this` points to const).
    pub is_const: bool,
    /// `volatile` member function (`this` points to volatile).
    pub is_volatile: bool,
    /// The ref-qualifier: `Some(false)` for `&`, `Some(true)` for `&&`.
    pub ref_qual: Option<bool>,
    /// `static` member function (no `this`).
    pub is_static: bool,
    /// Declared in its class: the index in `ItemTree::items` of the first member item (typedef,
    /// static data member, `static_assert`) declared after it, for declaring the members of
    /// class template specializations in declaration order; `u32::MAX` when defined outside.
    pub member_pos: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VarItem {
    pub name: SmolStr,
    pub ty: TypeRef,
    pub storage: StorageClass,
    pub space: MemorySpace,
    pub extern_c: bool,
    pub init: Option<GlobalInit>,
    /// A static data member of record `member_of` (index into `ItemTree::records`); `name` is
    /// qualified with the record (`S::N`).
    pub member_of: Option<u32>,
    /// Alignment attributes on the variable (the largest of these and its type's wins).
    pub align: Vec<ConstExpr>,
    /// Declared `constexpr` (its initializer must be a constant expression).
    pub is_constexpr: bool,
}

/// A global initializer: the HIR initializer plus the expressions it refers to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GlobalInit {
    pub init: Initializer,
    pub exprs: ConstExpr,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordItem {
    pub kind: RecordKind,
    pub name: Option<SmolStr>,
    /// `None` for a forward declaration (`struct S;`).
    pub fields: Option<Vec<FieldItem>>,
    /// `__align__(N)` / `__attribute__((aligned(N)))` / `alignas(N)` on the record.
    pub align: Option<ConstExpr>,
    /// `template <params> struct S { ... }`: a class template (laid out per instance).
    pub template: Option<Vec<TemplateParamItem>>,
    /// `template <> struct S<args> { ... }`: an explicit specialization of class template `name`.
    pub specialization: Option<Vec<crate::body::TemplateArgRef>>,
    /// C++ direct base classes, in declaration order (non-virtual; lowering reports `virtual`).
    pub bases: Vec<TypeRef>,
    /// Some data member is declared `private` or `protected` (makes the class non-POD for
    /// layout purposes).
    pub restricted_data: bool,
    /// Members (data and functions) declared only under `private:` (`false`) or `protected:`
    /// (`true`), for access checking.
    pub restricted: Vec<(SmolStr, bool)>,
    /// The access of each base in `bases`: `Access::Public` unless written (or a `class`).
    pub base_access: Vec<crate::ty::Access>,
    /// Qualified names of the functions and classes declared `friend` in the class.
    pub friends: Vec<SmolStr>,
    /// Defined inside another class (its members may use the enclosing class's private ones).
    pub nested: bool,
    /// A named class defined directly in a class template (or a specialization of one): the
    /// enclosing record. It is laid out with each specialization (`Outer<int>::In`).
    pub member_of_template: Option<u32>,
    /// For a `member_of_template` class: the index in `ItemTree::items` of the first member
    /// item (of the outermost enclosing class) declared after its definition, so that each
    /// specialization declares its members and nested classes in declaration order.
    pub member_end: u32,
    /// Member using-declarations (`using Base::f;`, `using Base::Base;`), in order.
    pub usings: Vec<MemberUsingItem>,
    /// Declared `final` (`struct S final { ... }`).
    pub is_final: bool,
}

/// `using Scope::name;` in a class: `scope` as written (a base class, or a typedef naming
/// one); `ctor` when it names the base's constructors (`using Base::Base;`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemberUsingItem {
    pub scope: TypeRef,
    pub name: SmolStr,
    pub ctor: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldItem {
    pub name: Option<SmolStr>,
    pub ty: TypeRef,
    /// Bit-field width (`int x : 3`; an unnamed one `int : 0` has no name).
    pub bit_width: Option<ConstExpr>,
    /// `__align__(N)` / `alignas(N)` / `__attribute__((aligned(N)))` on the member: its
    /// alignment is the largest of these and its type's.
    pub align: Vec<ConstExpr>,
    /// The default member initializer (`int v = 4;`, `float w{2.0f};`), with its own arena.
    pub init: Option<GlobalInit>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnumItem {
    pub name: Option<SmolStr>,
    pub enumerators: Vec<(SmolStr, Option<ConstExpr>)>,
    /// The fixed underlying type as written (`enum class byte : unsigned char`); a scoped
    /// enumeration without one has `int`, an unscoped one takes the smallest type of its values.
    pub fixed: Option<TypeRef>,
    pub scoped: bool,
    /// An unscoped enumeration member of a class template (or of a class nested in one): the
    /// item-tree record whose specializations declare the enumerators (`S<int>::v`), each
    /// value computed with the specialization's arguments.
    pub member_of_template: Option<u32>,
}

/// Positions for the item tree (a separate value so the tree itself stays position-free).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ItemSourceMap {
    /// For each entry of `ItemTree::items`: the file and range of its declaration, and of its
    /// name.
    pub items: Vec<(warpc_base::FileId, warpc_base::TextRange, warpc_base::TextRange)>,
    pub records: Vec<(warpc_base::FileId, warpc_base::TextRange)>,
}
