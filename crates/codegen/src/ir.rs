//! A thin layer over the LLVM-C instruction builder.
//!
//! inkwell owns the context, the module, the target machine and the pass pipeline; instruction
//! building goes through LLVM-C directly (via inkwell's `llvm_sys` re-export), because lowering
//! THIR needs untyped values (an expression's LLVM type follows from its THIR type, which the
//! lowering already knows) plus features inkwell does not wrap (sync scopes, fast-math flags,
//! loop metadata). Every raw handle here lives only while the inkwell `Context` that owns it does,
//! and never leaves one `compile_*` call.

#![allow(clippy::too_many_arguments)]

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMAtomicOrdering, LLVMAtomicRMWBinOp, LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate};
use std::ffi::CString;

pub(crate) type V = LLVMValueRef;
pub(crate) type T = LLVMTypeRef;
pub(crate) type B = LLVMBasicBlockRef;

/// The empty name: LLVM numbers unnamed values, which keeps output deterministic.
pub(crate) const NONAME: *const libc_char = c"".as_ptr();
#[allow(non_camel_case_types)]
type libc_char = std::ffi::c_char;

pub(crate) fn cstr(s: &str) -> CString {
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

/// Raw context + module + builder.
#[derive(Copy, Clone)]
pub(crate) struct Ir {
    pub c: LLVMContextRef,
    pub m: LLVMModuleRef,
    pub b: LLVMBuilderRef,
}

#[allow(dead_code)]
impl Ir {
    // ---- types
    pub fn void(&self) -> T {
        unsafe { LLVMVoidTypeInContext(self.c) }
    }
    pub fn int(&self, bits: u32) -> T {
        unsafe { LLVMIntTypeInContext(self.c, bits) }
    }
    pub fn i1(&self) -> T {
        self.int(1)
    }
    pub fn i8(&self) -> T {
        self.int(8)
    }
    pub fn i32(&self) -> T {
        self.int(32)
    }
    pub fn i64(&self) -> T {
        self.int(64)
    }
    pub fn f32(&self) -> T {
        unsafe { LLVMFloatTypeInContext(self.c) }
    }
    pub fn f64(&self) -> T {
        unsafe { LLVMDoubleTypeInContext(self.c) }
    }
    pub fn ptr(&self, addrspace: u32) -> T {
        unsafe { LLVMPointerTypeInContext(self.c, addrspace) }
    }
    pub fn array(&self, elem: T, n: u64) -> T {
        unsafe { LLVMArrayType2(elem, n) }
    }
    pub fn struct_ty(&self, fields: &[T], packed: bool) -> T {
        let mut f = fields.to_vec();
        unsafe { LLVMStructTypeInContext(self.c, f.as_mut_ptr(), f.len() as u32, packed as i32) }
    }
    pub fn fn_ty(&self, ret: T, params: &[T], variadic: bool) -> T {
        let mut p = params.to_vec();
        unsafe { LLVMFunctionType(ret, p.as_mut_ptr(), p.len() as u32, variadic as i32) }
    }
    pub fn type_of(&self, v: V) -> T {
        unsafe { LLVMTypeOf(v) }
    }
    pub fn int_width(&self, t: T) -> u32 {
        unsafe { LLVMGetIntTypeWidth(t) }
    }
    pub fn is_int(&self, t: T) -> bool {
        unsafe { LLVMGetTypeKind(t) == inkwell::llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind }
    }
    pub fn is_ptr(&self, t: T) -> bool {
        unsafe { LLVMGetTypeKind(t) == inkwell::llvm_sys::LLVMTypeKind::LLVMPointerTypeKind }
    }
    pub fn is_struct(&self, t: T) -> bool {
        unsafe { LLVMGetTypeKind(t) == inkwell::llvm_sys::LLVMTypeKind::LLVMStructTypeKind }
    }
    /// The field types of struct type `t`.
    pub fn struct_fields(&self, t: T) -> Vec<T> {
        let n = unsafe { LLVMCountStructElementTypes(t) } as usize;
        let mut fields = vec![std::ptr::null_mut(); n];
        unsafe { LLVMGetStructElementTypes(t, fields.as_mut_ptr()) };
        fields
    }
    pub fn is_float(&self, t: T) -> bool {
        use inkwell::llvm_sys::LLVMTypeKind::*;
        matches!(unsafe { LLVMGetTypeKind(t) }, LLVMFloatTypeKind | LLVMDoubleTypeKind)
    }

    // ---- constants
    pub fn cint(&self, t: T, v: u64) -> V {
        unsafe { LLVMConstInt(t, v, 0) }
    }
    pub fn cint128(&self, t: T, v: u128) -> V {
        let words = [v as u64, (v >> 64) as u64];
        unsafe { LLVMConstIntOfArbitraryPrecision(t, 2, words.as_ptr()) }
    }
    pub fn i32c(&self, v: i64) -> V {
        self.cint(self.i32(), v as u64)
    }
    pub fn i64c(&self, v: i64) -> V {
        self.cint(self.i64(), v as u64)
    }
    pub fn cfloat(&self, t: T, v: f64) -> V {
        unsafe { LLVMConstReal(t, v) }
    }
    pub fn null(&self, t: T) -> V {
        unsafe { LLVMConstNull(t) }
    }
    pub fn poison(&self, t: T) -> V {
        unsafe { LLVMGetPoison(t) }
    }
    pub fn undef(&self, t: T) -> V {
        unsafe { LLVMGetUndef(t) }
    }
    pub fn const_bytes(&self, bytes: &[u8]) -> V {
        unsafe { LLVMConstStringInContext2(self.c, bytes.as_ptr() as *const libc_char, bytes.len(), 1) }
    }
    pub fn const_array(&self, elem: T, vals: &[V]) -> V {
        let mut v = vals.to_vec();
        unsafe { LLVMConstArray2(elem, v.as_mut_ptr(), v.len() as u64) }
    }
    pub fn const_struct(&self, vals: &[V], packed: bool) -> V {
        let mut v = vals.to_vec();
        unsafe { LLVMConstStructInContext(self.c, v.as_mut_ptr(), v.len() as u32, packed as i32) }
    }
    pub fn const_addrspace_cast(&self, v: V, to: T) -> V {
        unsafe { LLVMConstAddrSpaceCast(v, to) }
    }
    pub fn const_gep_i8(&self, p: V, off: i64) -> V {
        let mut idx = [self.i64c(off)];
        unsafe { LLVMConstInBoundsGEP2(self.i8(), p, idx.as_mut_ptr(), 1) }
    }

    // ---- blocks
    pub fn append_block(&self, f: V, name: &str) -> B {
        let n = cstr(name);
        unsafe { LLVMAppendBasicBlockInContext(self.c, f, n.as_ptr()) }
    }
    pub fn position_at_end(&self, bb: B) {
        unsafe { LLVMPositionBuilderAtEnd(self.b, bb) }
    }
    pub fn position_before(&self, inst: V) {
        unsafe { LLVMPositionBuilderBefore(self.b, inst) }
    }
    pub fn current_block(&self) -> B {
        unsafe { LLVMGetInsertBlock(self.b) }
    }
    pub fn terminated(&self, bb: B) -> bool {
        unsafe { !LLVMGetBasicBlockTerminator(bb).is_null() }
    }

    // ---- arithmetic
    pub fn binop(&self, op: LLVMOpcode, a: V, b: V) -> V {
        unsafe { LLVMBuildBinOp(self.b, op, a, b, NONAME) }
    }
    pub fn nsw_add(&self, a: V, b: V) -> V {
        unsafe { LLVMBuildNSWAdd(self.b, a, b, NONAME) }
    }
    pub fn nsw_sub(&self, a: V, b: V) -> V {
        unsafe { LLVMBuildNSWSub(self.b, a, b, NONAME) }
    }
    pub fn nsw_mul(&self, a: V, b: V) -> V {
        unsafe { LLVMBuildNSWMul(self.b, a, b, NONAME) }
    }
    pub fn neg(&self, a: V) -> V {
        unsafe { LLVMBuildNeg(self.b, a, NONAME) }
    }
    pub fn fneg(&self, a: V) -> V {
        unsafe { LLVMBuildFNeg(self.b, a, NONAME) }
    }
    pub fn not(&self, a: V) -> V {
        unsafe { LLVMBuildNot(self.b, a, NONAME) }
    }
    pub fn icmp(&self, p: LLVMIntPredicate, a: V, b: V) -> V {
        unsafe { LLVMBuildICmp(self.b, p, a, b, NONAME) }
    }
    pub fn fcmp(&self, p: LLVMRealPredicate, a: V, b: V) -> V {
        unsafe { LLVMBuildFCmp(self.b, p, a, b, NONAME) }
    }
    pub fn cast(&self, op: LLVMOpcode, v: V, t: T) -> V {
        unsafe { LLVMBuildCast(self.b, op, v, t, NONAME) }
    }
    pub fn select(&self, c: V, a: V, b: V) -> V {
        unsafe { LLVMBuildSelect(self.b, c, a, b, NONAME) }
    }
    pub fn set_fmf(&self, v: V, flags: u32) {
        unsafe {
            if LLVMCanValueUseFastMathFlags(v) != 0 {
                LLVMSetFastMathFlags(v, flags);
            }
        }
    }
    pub fn extract_value(&self, agg: V, idx: u32) -> V {
        unsafe { LLVMBuildExtractValue(self.b, agg, idx, NONAME) }
    }

    // ---- memory
    pub fn alloca(&self, t: T, align: u32, name: &str) -> V {
        let n = cstr(name);
        unsafe {
            let a = LLVMBuildAlloca(self.b, t, n.as_ptr());
            LLVMSetAlignment(a, align.max(1));
            a
        }
    }
    pub fn load(&self, t: T, p: V, align: u32, volatile: bool) -> V {
        unsafe {
            let l = LLVMBuildLoad2(self.b, t, p, NONAME);
            LLVMSetAlignment(l, align.max(1));
            if volatile {
                LLVMSetVolatile(l, 1);
            }
            l
        }
    }
    pub fn store(&self, v: V, p: V, align: u32, volatile: bool) -> V {
        unsafe {
            let s = LLVMBuildStore(self.b, v, p);
            LLVMSetAlignment(s, align.max(1));
            if volatile {
                LLVMSetVolatile(s, 1);
            }
            s
        }
    }
    pub fn gep(&self, t: T, p: V, idx: &[V]) -> V {
        let mut i = idx.to_vec();
        unsafe { LLVMBuildInBoundsGEP2(self.b, t, p, i.as_mut_ptr(), i.len() as u32, NONAME) }
    }
    /// `p + off` bytes.
    pub fn gep_i8(&self, p: V, off: u64) -> V {
        if off == 0 {
            return p;
        }
        self.gep(self.i8(), p, &[self.i64c(off as i64)])
    }
    pub fn memcpy(&self, dst: V, dst_align: u32, src: V, src_align: u32, size: u64) {
        unsafe {
            LLVMBuildMemCpy(
                self.b,
                dst,
                dst_align.max(1),
                src,
                src_align.max(1),
                self.i64c(size as i64),
            );
        }
    }
    /// `llvm.memcpy` / `llvm.memset` of `size` (an i64 value) bytes with alignment 1.
    pub fn memcpy_dyn(&self, dst: V, src: V, size: V) {
        unsafe {
            LLVMBuildMemCpy(self.b, dst, 1, src, 1, size);
        }
    }
    pub fn memset_dyn(&self, dst: V, byte: V, size: V) {
        unsafe {
            LLVMBuildMemSet(self.b, dst, byte, size, 1);
        }
    }
    pub fn memset(&self, dst: V, align: u32, byte: u8, size: u64) {
        unsafe {
            LLVMBuildMemSet(
                self.b,
                dst,
                self.cint(self.i8(), byte as u64),
                self.i64c(size as i64),
                align.max(1),
            );
        }
    }
    pub fn atomic_rmw(&self, op: LLVMAtomicRMWBinOp, p: V, v: V, scope: u32) -> V {
        unsafe { LLVMBuildAtomicRMWSyncScope(self.b, op, p, v, LLVMAtomicOrdering::LLVMAtomicOrderingMonotonic, scope) }
    }
    pub fn cmpxchg(&self, p: V, cmp: V, new: V, scope: u32) -> V {
        unsafe {
            LLVMBuildAtomicCmpXchgSyncScope(
                self.b,
                p,
                cmp,
                new,
                LLVMAtomicOrdering::LLVMAtomicOrderingMonotonic,
                LLVMAtomicOrdering::LLVMAtomicOrderingMonotonic,
                scope,
            )
        }
    }
    pub fn sync_scope(&self, name: &str) -> u32 {
        unsafe { LLVMGetSyncScopeID(self.c, name.as_ptr() as *const libc_char, name.len()) }
    }

    // ---- control flow
    pub fn br(&self, bb: B) -> V {
        unsafe { LLVMBuildBr(self.b, bb) }
    }
    pub fn cond_br(&self, c: V, t: B, e: B) -> V {
        unsafe { LLVMBuildCondBr(self.b, c, t, e) }
    }
    pub fn switch(&self, v: V, default: B, cases: &[(V, B)]) -> V {
        unsafe {
            let s = LLVMBuildSwitch(self.b, v, default, cases.len() as u32);
            for (c, bb) in cases {
                LLVMAddCase(s, *c, *bb);
            }
            s
        }
    }
    pub fn ret(&self, v: Option<V>) -> V {
        unsafe {
            match v {
                Some(v) => LLVMBuildRet(self.b, v),
                None => LLVMBuildRetVoid(self.b),
            }
        }
    }
    pub fn unreachable(&self) -> V {
        unsafe { LLVMBuildUnreachable(self.b) }
    }
    pub fn phi(&self, t: T, incoming: &[(V, B)]) -> V {
        unsafe {
            let p = LLVMBuildPhi(self.b, t, NONAME);
            let mut vals: Vec<V> = incoming.iter().map(|x| x.0).collect();
            let mut bbs: Vec<B> = incoming.iter().map(|x| x.1).collect();
            LLVMAddIncoming(p, vals.as_mut_ptr(), bbs.as_mut_ptr(), vals.len() as u32);
            p
        }
    }
    pub fn call(&self, fn_ty: T, f: V, args: &[V]) -> V {
        let mut a = args.to_vec();
        unsafe { LLVMBuildCall2(self.b, fn_ty, f, a.as_mut_ptr(), a.len() as u32, NONAME) }
    }

    // ---- functions, intrinsics, attributes
    pub fn get_function(&self, name: &str) -> Option<V> {
        let n = cstr(name);
        let f = unsafe { LLVMGetNamedFunction(self.m, n.as_ptr()) };
        (!f.is_null()).then_some(f)
    }
    pub fn add_function(&self, name: &str, fn_ty: T) -> V {
        let n = cstr(name);
        unsafe { LLVMAddFunction(self.m, n.as_ptr(), fn_ty) }
    }
    pub fn global_fn_ty(&self, f: V) -> T {
        unsafe { LLVMGlobalGetValueType(f) }
    }
    /// Declaration of intrinsic `name` with overload types `tys`; `None` when LLVM does not know it.
    pub fn intrinsic(&self, name: &str, tys: &[T]) -> Option<(V, T)> {
        unsafe {
            let id = LLVMLookupIntrinsicID(name.as_ptr() as *const libc_char, name.len());
            if id == 0 {
                return None;
            }
            let overloaded = LLVMIntrinsicIsOverloaded(id) != 0;
            if overloaded == tys.is_empty() {
                return None;
            }
            let mut t = tys.to_vec();
            let f = LLVMGetIntrinsicDeclaration(self.m, id, t.as_mut_ptr(), t.len());
            if f.is_null() {
                return None;
            }
            Some((f, LLVMGlobalGetValueType(f)))
        }
    }
    /// A call of PTX inline assembly (`asm sideeffect`, so it is neither removed, merged nor
    /// moved across other memory operations): `$0`, `$1`, ... name the operands of
    /// `constraints` (`"=r,l"`), outputs first.
    pub fn inline_asm(&self, ret: T, args: &[V], asm: &str, constraints: &str) -> V {
        self.inline_asm_call(ret, args, asm, constraints, true)
    }
    /// [`Ir::inline_asm`] with the side-effect flag given (without it, LLVM may remove an
    /// unused call or merge equal ones).
    pub fn inline_asm_call(&self, ret: T, args: &[V], asm: &str, constraints: &str, side_effects: bool) -> V {
        let params: Vec<T> = args.iter().map(|a| self.type_of(*a)).collect();
        let fty = self.fn_ty(ret, &params, false);
        let f = unsafe {
            LLVMGetInlineAsm(
                fty,
                asm.as_ptr() as *const libc_char,
                asm.len(),
                constraints.as_ptr() as *const libc_char,
                constraints.len(),
                side_effects as i32,
                0,
                inkwell::llvm_sys::LLVMInlineAsmDialect::LLVMInlineAsmDialectATT,
                0,
            )
        };
        self.call(fty, f, args)
    }
    pub fn call_intrinsic(&self, name: &str, tys: &[T], args: &[V]) -> Option<V> {
        let (f, ty) = self.intrinsic(name, tys)?;
        Some(self.call(ty, f, args))
    }
    pub fn enum_attr(&self, name: &str, val: u64) -> LLVMAttributeRef {
        unsafe {
            let kind = LLVMGetEnumAttributeKindForName(name.as_ptr() as *const libc_char, name.len());
            LLVMCreateEnumAttribute(self.c, kind, val)
        }
    }
    pub fn type_attr(&self, name: &str, t: T) -> LLVMAttributeRef {
        unsafe {
            let kind = LLVMGetEnumAttributeKindForName(name.as_ptr() as *const libc_char, name.len());
            LLVMCreateTypeAttribute(self.c, kind, t)
        }
    }
    pub fn string_attr(&self, k: &str, v: &str) -> LLVMAttributeRef {
        unsafe {
            LLVMCreateStringAttribute(
                self.c,
                k.as_ptr() as *const libc_char,
                k.len() as u32,
                v.as_ptr() as *const libc_char,
                v.len() as u32,
            )
        }
    }
    /// `idx`: 0 = return value, 1.. = parameters, `u32::MAX` = function.
    pub fn add_fn_attr(&self, f: V, idx: u32, a: LLVMAttributeRef) {
        unsafe { LLVMAddAttributeAtIndex(f, idx, a) }
    }
    pub fn add_call_attr(&self, call: V, idx: u32, a: LLVMAttributeRef) {
        unsafe { LLVMAddCallSiteAttribute(call, idx, a) }
    }

    // ---- metadata
    pub fn md_kind(&self, name: &str) -> u32 {
        unsafe { LLVMGetMDKindIDInContext(self.c, name.as_ptr() as *const libc_char, name.len() as u32) }
    }
    pub fn md_string(&self, s: &str) -> LLVMMetadataRef {
        unsafe { LLVMMDStringInContext2(self.c, s.as_ptr() as *const libc_char, s.len()) }
    }
    pub fn md_value(&self, v: V) -> LLVMMetadataRef {
        unsafe { LLVMValueAsMetadata(v) }
    }
    /// Appends `node` to the module's named metadata `name` (`!nvvm.annotations`).
    pub fn add_named_md(&self, name: &str, node: LLVMMetadataRef) {
        let n = CString::new(name).expect("metadata name");
        unsafe { LLVMAddNamedMetadataOperand(self.m, n.as_ptr(), LLVMMetadataAsValue(self.c, node)) }
    }
    pub fn md_node(&self, ops: &[LLVMMetadataRef]) -> LLVMMetadataRef {
        let mut o = ops.to_vec();
        unsafe { LLVMMDNodeInContext2(self.c, o.as_mut_ptr(), o.len()) }
    }
    pub fn set_md(&self, inst: V, kind: &str, md: LLVMMetadataRef) {
        unsafe { LLVMSetMetadata(inst, self.md_kind(kind), LLVMMetadataAsValue(self.c, md)) }
    }
    /// A loop ID node `!{self, props...}` (self-referential, as LoopInfo requires).
    pub fn loop_id(&self, props: &[LLVMMetadataRef]) -> LLVMMetadataRef {
        unsafe {
            let temp = inkwell::llvm_sys::debuginfo::LLVMTemporaryMDNode(self.c, std::ptr::null_mut(), 0);
            let mut ops = vec![temp];
            ops.extend_from_slice(props);
            let node = LLVMMDNodeInContext2(self.c, ops.as_mut_ptr(), ops.len());
            inkwell::llvm_sys::debuginfo::LLVMMetadataReplaceAllUsesWith(temp, node);
            node
        }
    }
}
