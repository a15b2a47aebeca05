//! THIR: the typed, fully explicit body that codegen consumes. Every expression carries its type
//! and value category; every implicit conversion is an explicit [`ExprKind::Cast`]; names are
//! resolved to locals, globals and functions; array indexing and `->` are desugared. Plain owned
//! data, position-free: `source` links back to HIR ids for diagnostics and debug info.
//!
//! C++ references are explicit pointers here: a parameter or local declared `T&` is a local of
//! type `Pointer(T)` holding the referent's address; each use of it is `Deref(Load(Local))`
//! (an lvalue of `T`); an argument bound to a `T&` parameter is `AddrOf(lvalue)` (for a
//! `const T&` parameter and an rvalue argument, the address of a fresh `Auto` local assigned
//! first: `Comma(Assign(tmp, v), AddrOf(tmp))`); a call to a function returning `T&` is
//! `Deref(Call)`, and its `return e` returns `AddrOf(e)`. No THIR expression or local has a
//! `TyKind::Reference` type.

use crate::body::LoopHint;
use crate::ty::{FnId, GlobalId, Ty};
use smol_str::SmolStr;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TExprId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TStmtId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LabelId(pub u32);

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueCategory {
    /// Designates an object: codegen produces its address.
    LValue,
    /// A value: codegen produces the value.
    RValue,
}

/// The special registers behind CUDA's builtin variables.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinVar {
    ThreadIdx,
    BlockIdx,
    BlockDim,
    GridDim,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dim {
    X,
    Y,
    Z,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastKind {
    /// lvalue to rvalue: a load.
    Load,
    /// Integer to integer of another width/signedness (truncate, sign- or zero-extend by the
    /// *source* signedness); also enum conversions.
    IntToInt,
    /// Integer or pointer or float to `bool` (compare with zero).
    ToBool,
    IntToFloat,
    FloatToInt,
    FloatToFloat,
    /// Pointer to pointer of another pointee (a no-op in LLVM's opaque-pointer IR).
    PtrToPtr,
    PtrToInt,
    IntToPtr,
    /// Null pointer constant (integer 0 or nullptr) to a pointer type.
    NullToPtr,
    /// Array lvalue to pointer to its first element (operand is an lvalue of array type).
    ArrayToPtr,
    /// Function designator to function pointer.
    FnToPtr,
    /// Discard a value (`(void)e`).
    ToVoid,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TUnaryOp {
    Neg,
    BitNot,
    /// Logical not; operand is already `bool`, result `bool`.
    Not,
}

/// Arithmetic, bitwise and comparison operators on operands already converted to a common type
/// (comparisons produce `bool`; shifts keep the promoted left type; both sides of `<<`/`>>` are
/// converted independently, so the right operand may have another integer type).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TBinOp {
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
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    /// Integer constant of the expression's (integer or bool) type; two's-complement bits.
    IntConst(u128),
    /// Floating constant: f64 bits (codegen rounds to f32 for float type).
    FloatConst(u64),
    /// A string literal: lvalue of type `const char[N]` (bytes include the terminating NUL).
    StringConst(Vec<u8>),
    /// Null pointer constant of the (pointer) type.
    NullPtr,
    /// lvalue of a local variable or parameter.
    Local(LocalId),
    /// lvalue of a namespace-scope variable.
    Global(GlobalId),
    /// A function designator (lvalue of function type).
    Function(FnId),
    /// `threadIdx.x` etc.: rvalue `unsigned int`.
    BuiltinVar(BuiltinVar, Dim),
    /// `warpSize`: rvalue `int` (32).
    WarpSize,
    Cast(CastKind, TExprId),
    Unary(TUnaryOp, TExprId),
    Binary(TBinOp, TExprId, TExprId),
    /// Pointer + integer (element-scaled), either order normalised: `ptr` first. Rvalue pointer.
    PtrAdd {
        ptr: TExprId,
        offset: TExprId,
    },
    /// Pointer - integer.
    PtrSub {
        ptr: TExprId,
        offset: TExprId,
    },
    /// Pointer - pointer, in elements (`long` / ptrdiff_t result).
    PtrDiff {
        lhs: TExprId,
        rhs: TExprId,
    },
    /// `&&` and `||` on `bool` operands, short-circuit.
    LogicAnd(TExprId, TExprId),
    LogicOr(TExprId, TExprId),
    /// `c ? a : b`: `c` is bool; `a`, `b` already converted to the result type; the result is an
    /// lvalue when both arms are lvalues of the same type.
    Cond {
        cond: TExprId,
        then: TExprId,
        else_: TExprId,
    },
    /// Simple assignment: `lhs` lvalue, `rhs` rvalue of lhs's unqualified type; result lvalue.
    Assign {
        lhs: TExprId,
        rhs: TExprId,
    },
    /// `lhs op= rhs`: load lhs, convert to `op_ty`, apply `op` with `rhs` (already converted to
    /// `op_ty`, or to the shift amount type for shifts), convert back, store. For pointer lhs,
    /// `op` is Add/Sub and `rhs` an integer: pointer arithmetic. Result lvalue (lhs).
    CompoundAssign {
        op: TBinOp,
        lhs: TExprId,
        rhs: TExprId,
        op_ty: Ty,
    },
    /// `++x`, `x--`, ...: `lhs` is an lvalue of arithmetic or pointer type. Prefix forms yield
    /// the lvalue, postfix forms the old rvalue.
    IncDec {
        lhs: TExprId,
        inc: bool,
        prefix: bool,
    },
    /// Direct call; arguments already converted to parameter types (variadic extras promoted).
    Call {
        callee: FnId,
        args: Vec<TExprId>,
    },
    /// Call through a function pointer (rvalue of pointer-to-function type).
    CallIndirect {
        callee: TExprId,
        args: Vec<TExprId>,
    },
    /// Member `field` (index into the record's fields) of a record lvalue or rvalue.
    Member {
        base: TExprId,
        field: u32,
    },
    /// `*p`: lvalue of the pointee type.
    Deref(TExprId),
    /// `&lvalue`: rvalue pointer.
    AddrOf(TExprId),
    /// `a, b`
    Comma(TExprId, TExprId),
    /// A temporary aggregate built from an initializer (compound literal, `make_float4` results
    /// are ordinary calls). Rvalue of the expression's type.
    Aggregate(Box<TInit>),
    /// Runs `each` (void) once per element of the `count` (`unsigned long`) elements from
    /// `first` (an element pointer) on, with the local `elem` (of `first`'s type) holding the
    /// element's address: first to last, or last to first when `reverse`. `first` and `count`
    /// are evaluated once, before the first element. Void. The construction loop of an array new
    /// and the destruction loop of `delete[]`.
    ForEach {
        first: TExprId,
        count: TExprId,
        elem: LocalId,
        each: TExprId,
        reverse: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TExpr {
    pub ty: Ty,
    pub category: ValueCategory,
    pub kind: ExprKind,
}

/// An initializer, fully resolved against the target type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TInit {
    /// An rvalue of exactly the target type (a record rvalue copies the whole record).
    Expr(TExprId),
    /// Array or record elements in order (records: one per field, unions: first field or the
    /// designated one as `(field, init)` via `Union`), missing trailing elements zeroed.
    List(Vec<TInit>),
    /// A union initialised through one member.
    Union { field: u32, init: Box<TInit> },
    /// Zero-initialise the whole object.
    Zero,
    /// A char array from a string literal (bytes without NUL; the rest is zero).
    Bytes(Vec<u8>),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocalStorage {
    /// Automatic (a stack slot in the local state space, promoted to registers by mem2reg).
    Auto,
    /// A parameter: codegen spills the incoming value into a slot like `Auto`.
    Param,
    /// `__shared__` static in a function: one module-level shared variable per function,
    /// symbol `_ZZ<function encoding>E<name>` as nvcc names it.
    Shared,
    /// `extern __shared__ T x[];` inside a function (dynamic shared memory).
    ExternShared,
    /// `static` local in device memory.
    Static,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TLocal {
    pub name: SmolStr,
    pub ty: Ty,
    pub storage: LocalStorage,
    /// Constant initializer for `Static` locals.
    pub static_init: Option<crate::ty::ConstValue>,
    /// Alignment written in attributes (0: none); the object's alignment is the larger of this
    /// and its type's.
    pub align: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TStmt {
    Expr(TExprId),
    /// Declares a local; `init` runs here (None: uninitialised; Shared/Static: nothing runs).
    Decl {
        local: LocalId,
        init: Option<TInit>,
    },
    Block(Vec<TStmtId>),
    If {
        cond: TExprId,
        then: TStmtId,
        else_: Option<TStmtId>,
    },
    /// `cond` is bool. `for` loops lower to `Loop` with `init` as a preceding statement.
    While {
        cond: TExprId,
        body: TStmtId,
        hint: LoopHint,
    },
    DoWhile {
        body: TStmtId,
        cond: TExprId,
        hint: LoopHint,
    },
    For {
        init: Option<TStmtId>,
        cond: Option<TExprId>,
        step: Option<TExprId>,
        body: TStmtId,
        hint: LoopHint,
    },
    /// `cond` is promoted integer; `cases` lists each `case` value in order of appearance
    /// (already converted to the condition type); `Case(i)` statements in `body` mark where case
    /// `i` starts, `Default` where the default label is.
    Switch {
        cond: TExprId,
        body: TStmtId,
        cases: Vec<u128>,
        has_default: bool,
    },
    Case(u32),
    Default,
    Break,
    Continue,
    /// `Return(Some(e))`: `e` already converted to the return type.
    Return(Option<TExprId>),
    Goto(LabelId),
    Label(LabelId),
    Empty,
    /// GCC-style inline PTX assembly.
    Asm(Box<TAsm>),
}

/// A checked inline assembly statement. Operands are numbered as written in the template:
/// outputs first, then inputs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TAsm {
    pub template: Vec<AsmPiece>,
    /// `volatile`, or no outputs: the statement has side effects (never removed or merged).
    pub side_effects: bool,
    /// A `"memory"` clobber: the statement may read and write any memory.
    pub memory: bool,
    pub outputs: Vec<TAsmOutput>,
    pub inputs: Vec<TAsmInput>,
}

/// A piece of an inline assembly template.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AsmPiece {
    /// Verbatim PTX (`%%` already turned into `%`).
    Text(String),
    /// `%N`: operand `N`.
    Operand(u32),
    /// `%=`: a number unique to this asm statement in the module.
    Unique,
}

/// An output operand: `letter` is the register constraint (`h`, `r`, `l`, `f`, `d`); the
/// result is stored to `place` (an lvalue whose type fits the letter).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TAsmOutput {
    pub letter: u8,
    pub place: TExprId,
    /// `+`: the old value is an input too (tied to this output).
    pub read_write: bool,
    /// `&`: written before all inputs are read.
    pub early_clobber: bool,
}

/// An input operand: a register letter with an rvalue that fits it, or `n` with an integer
/// constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TAsmInput {
    pub letter: u8,
    pub value: TExprId,
}

/// A checked function body.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TypedBody {
    /// Parameters first, in order (storage `Param`), then the other locals.
    pub locals: Vec<TLocal>,
    pub param_count: u32,
    pub exprs: Vec<TExpr>,
    pub stmts: Vec<TStmt>,
    pub labels: Vec<SmolStr>,
    pub root: Option<TStmtId>,
    /// Functions this body calls directly (sorted, deduplicated): the call graph edge list.
    pub callees: Vec<FnId>,
    /// Globals this body refers to (sorted, deduplicated).
    pub globals: Vec<GlobalId>,
    /// Function template instances this body calls that the def map did not have (the def
    /// map's fixed point adds them; empty in a final check).
    pub instance_requests: Vec<crate::ty::InstanceKey>,
    /// Class template specializations this body names that the def map did not have.
    pub record_requests: Vec<crate::ty::InstanceKey>,
    /// Calls of `constexpr` functions a constant expression here needs the value of, not in
    /// `DefMap::known_calls` yet (the def map's fixed point evaluates them).
    pub call_requests: Vec<crate::def_map::CallKey>,
    /// `static_assert`s whose condition calls functions: (condition, message, statement), for
    /// the constexpr interpreter.
    pub deferred_asserts: Vec<(TExprId, Option<String>, crate::body::StmtId)>,
    /// Lambdas' closure types this body needs that the def map does not have.
    pub closure_requests: Vec<crate::ty::ClosureKey>,
    /// Classes defined in the body, as this instance resolves them, that the def map does not
    /// have yet.
    pub local_record_requests: Vec<crate::ty::LocalRecordKey>,
    /// For a lambda whose return type is deduced: the type of its first `return`.
    pub deduced_ret: Option<Ty>,
}

impl TypedBody {
    pub fn expr(&self, id: TExprId) -> &TExpr {
        &self.exprs[id.0 as usize]
    }
    pub fn stmt(&self, id: TStmtId) -> &TStmt {
        &self.stmts[id.0 as usize]
    }
    pub fn local(&self, id: LocalId) -> &TLocal {
        &self.locals[id.0 as usize]
    }
}
