//! The per-module lowering context: function declarations and their ABI, globals, function-scope
//! statics, string literals, and the attributes cicc/clang put on CUDA functions.
//!
//! Conventions (clang's NVPTX ABI, cicc's IR):
//! - Kernels use the `ptx_kernel` calling convention (what LLVM 22 reads to print `.entry`);
//!   `__launch_bounds__` become the `nvvm.maxntid` / `nvvm.minctasm` / `nvvm.maxclusterrank`
//!   function attributes (printed `.maxntid X, 1, 1`, `.minnctapersm N`, `.maxclusterrank N`).
//! - Scalar parameters are passed directly (`zeroext`/`signext` below 32 bits); records are
//!   passed `byval(%struct.T) align A` (printed `.param .align A .b8 name_param_N[size]`) and
//!   returned directly as the struct type; a record whose class has a non-trivial destructor or
//!   copy constructor is passed to a device function as a pointer to the caller's temporary, and
//!   returned through a hidden first parameter pointing to the caller's temporary (`sret`).
//! - `__restrict__` pointer parameters are `noalias`; `const T *__restrict__` ones also
//!   `readonly`, so NVPTX loads through them with `ld.global.nc`.
//! - Every device function is `convergent nounwind`; `__forceinline__` is `alwaysinline`,
//!   `__noinline__` `noinline`, `inline` `inlinehint`; `-ftz=true` sets
//!   `"denormal-fp-math-f32"="preserve-sign,preserve-sign"`.
//! - Globals live in their address space (1 `__device__`, 4 `__constant__`, 3 `__shared__`) and are
//!   used through `addrspacecast` to generic pointers; `extern __shared__` arrays are external
//!   zero-length arrays (`.extern .shared .align 16 .b8 name[]`).
//! - Function-scope `__shared__`/`static` variables are module-level globals named as nvcc names
//!   them (`warpc_hir::mangle::local_static_symbols`). Every module that uses one (the owner and
//!   every function that inlines it) holds an identical external definition; the PTX assembler
//!   keeps one.

use crate::consts;
use crate::ir::{cstr, Ir, T, V};
use crate::types::Types;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::LLVMLinkage;
use rustc_hash::FxHashMap;
use warpc_base::{CompileOptions, Diagnostic, Severity};
use warpc_hir::body::Quals;
use warpc_hir::thir::{LocalStorage, TypedBody};
use warpc_hir::ty::{ExecSpace, FnId, FnKind, FnSig, GlobalId, InlineHint, Ty, TyKind, VarSpace};
use warpc_hir::DefMap;

pub(crate) const PTX_KERNEL_CC: u32 = 71;
pub(crate) const AS_GLOBAL: u32 = 1;
pub(crate) const AS_SHARED: u32 = 3;
pub(crate) const AS_CONST: u32 = 4;

#[derive(Copy, Clone, Debug)]
pub(crate) enum ParamAbi {
    Direct(T),
    /// A record passed to a kernel: `ptr byval(T) align A`.
    ByVal(T, u32),
    /// A record passed to a device function as a first-class aggregate value of type `T`
    /// (alignment `A`). Same PTX signature as `byval` (`.param .align A .b8 name[size]`), but
    /// LLVM 22 aborts ("Copy one register into another with a different width") on device
    /// functions whose `byval` parameters stay in memory when shared/local pointers are 32-bit.
    Aggregate(T, u32),
    /// A record passed to a device function by invisible reference (Itanium: its class has a
    /// destructor or copy constructor that is not trivial): a generic pointer to the caller's
    /// temporary, which the callee uses in place (`.param .b64`).
    Indirect,
}

#[derive(Copy, Clone, Debug)]
pub(crate) enum RetAbi {
    Void,
    Direct(T),
    /// A record returned by value as its struct type.
    Record(T, u32),
    /// A record whose class has a non-trivial destructor or copy constructor, returned from a
    /// device function through a hidden first parameter (Itanium's `sret`): the caller's
    /// temporary (type `T`, alignment `A`), which the callee fills; the function returns void.
    Indirect(T, u32),
}

impl Abi {
    /// How many hidden parameters precede the declared ones (the `sret` pointer).
    pub fn hidden(&self) -> u32 {
        u32::from(matches!(self.ret, RetAbi::Indirect(..)))
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Abi {
    pub fn_ty: T,
    pub params: Vec<ParamAbi>,
    pub ret: RetAbi,
}

/// How a function body is emitted into the module.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The function `compile_function` compiles: external, so it is emitted.
    Main,
    /// A callee that may be inlined: `available_externally`.
    Inline,
    /// Whole-translation-unit IR (`--emit=llvm`): kernels (and, with `-rdc`, non-static device
    /// functions) external, the others internal.
    Tu,
}

pub(crate) struct ModuleCtx<'a> {
    pub ir: Ir,
    pub types: Types<'a>,
    pub defs: &'a DefMap,
    pub options: &'a CompileOptions,
    pub diags: Vec<Diagnostic>,
    /// Whether TU globals are defined here (`--emit=llvm`, `compile_globals`) or only declared.
    pub define_globals: bool,
    fns: FxHashMap<FnId, V>,
    abis: FxHashMap<FnId, Abi>,
    pub defined: FxHashMap<FnId, Mode>,
    globals: FxHashMap<GlobalId, V>,
    statics: FxHashMap<String, V>,
    strings: FxHashMap<Vec<u8>, V>,
    string_count: u32,
}

pub(crate) fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Severity::Error, code, message, None)
}

impl<'a> ModuleCtx<'a> {
    pub fn new(ir: Ir, types: Types<'a>, defs: &'a DefMap, options: &'a CompileOptions, define_globals: bool) -> Self {
        ModuleCtx {
            ir,
            types,
            defs,
            options,
            diags: Vec::new(),
            define_globals,
            fns: Default::default(),
            abis: Default::default(),
            defined: Default::default(),
            globals: Default::default(),
            statics: Default::default(),
            strings: Default::default(),
            string_count: 0,
        }
    }

    pub fn error(&mut self, code: &'static str, message: impl Into<String>) {
        let d = error(code, message);
        if !self.diags.contains(&d) {
            self.diags.push(d);
        }
    }

    // ------------------------------------------------------------------ functions

    /// The LLVM signature of a function of type `sig` (`kernel`: a `__global__` function).
    pub fn abi(&mut self, sig: &FnSig, kernel: bool) -> Abi {
        let ir = self.ir;
        let mut params = Vec::new();
        let mut ptys = Vec::new();
        for p in &sig.params {
            match &p.kind {
                TyKind::Record(_) if kernel => {
                    let t = self.types.mem(p);
                    params.push(ParamAbi::ByVal(t, self.types.align_of(p)));
                    ptys.push(ir.ptr(0));
                }
                TyKind::Record(_) if warpc_hir::check::passed_by_invisible_reference(self.defs, p) => {
                    params.push(ParamAbi::Indirect);
                    ptys.push(ir.ptr(0));
                }
                TyKind::Record(_) => {
                    let t = self.types.mem(p);
                    params.push(ParamAbi::Aggregate(t, self.types.align_of(p)));
                    ptys.push(t);
                }
                TyKind::Array(..) | TyKind::Function(_) => {
                    params.push(ParamAbi::Direct(ir.ptr(0)));
                    ptys.push(ir.ptr(0));
                }
                _ => {
                    let t = self.types.reg(p);
                    params.push(ParamAbi::Direct(t));
                    ptys.push(t);
                }
            }
        }
        let (ret, rt) = match &sig.ret.kind {
            TyKind::Void | TyKind::Error => (RetAbi::Void, ir.void()),
            TyKind::Record(_) if !kernel && warpc_hir::check::passed_by_invisible_reference(self.defs, &sig.ret) => {
                let t = self.types.mem(&sig.ret);
                ptys.insert(0, ir.ptr(0));
                (RetAbi::Indirect(t, self.types.align_of(&sig.ret)), ir.void())
            }
            TyKind::Record(_) => {
                let t = self.types.mem(&sig.ret);
                (RetAbi::Record(t, self.types.align_of(&sig.ret)), t)
            }
            _ => {
                let t = self.types.reg(&sig.ret);
                (RetAbi::Direct(t), t)
            }
        };
        Abi {
            fn_ty: ir.fn_ty(rt, &ptys, sig.variadic),
            params,
            ret,
        }
    }

    pub fn fn_abi(&mut self, id: FnId) -> Abi {
        if let Some(a) = self.abis.get(&id) {
            return a.clone();
        }
        let decl = self.defs.function(id);
        let sig = decl.sig.clone();
        let kernel = decl.space == ExecSpace::Global;
        let abi = self.abi(&sig, kernel);
        self.abis.insert(id, abi.clone());
        abi
    }

    /// Integer extension attribute for a small integer parameter or return type.
    fn ext_attr(ty: &Ty) -> Option<&'static str> {
        match &ty.kind {
            TyKind::Int(k) if k.bits() < 32 => Some(if k.is_signed() { "signext" } else { "zeroext" }),
            _ => None,
        }
    }

    /// Call-site / declaration attributes for parameters and return value.
    pub fn param_attrs(
        &mut self,
        sig: &FnSig,
        abi: &Abi,
        mut add: impl FnMut(u32, inkwell::llvm_sys::prelude::LLVMAttributeRef),
    ) {
        let ir = self.ir;
        if let Some(a) = Self::ext_attr(&sig.ret) {
            add(0, ir.enum_attr(a, 0));
        }
        if let RetAbi::Indirect(t, align) = abi.ret {
            add(1, ir.type_attr("sret", t));
            add(1, ir.enum_attr("align", align as u64));
        }
        for (i, (p, pa)) in sig.params.iter().zip(&abi.params).enumerate() {
            let idx = i as u32 + 1 + abi.hidden();
            match pa {
                ParamAbi::ByVal(t, align) => {
                    add(idx, ir.type_attr("byval", *t));
                    add(idx, ir.enum_attr("align", *align as u64));
                }
                ParamAbi::Aggregate(..) | ParamAbi::Indirect => {}
                ParamAbi::Direct(_) => {
                    if let Some(a) = Self::ext_attr(p) {
                        add(idx, ir.enum_attr(a, 0));
                    }
                }
            }
        }
    }

    /// The LLVM function for `id` (declared on first use).
    pub fn function(&mut self, id: FnId) -> V {
        if let Some(f) = self.fns.get(&id) {
            return *f;
        }
        let decl = self.defs.function(id).clone();
        let abi = self.fn_abi(id);
        let ir = self.ir;
        let f = match ir.get_function(&decl.link_name) {
            Some(f) if ir.global_fn_ty(f) == abi.fn_ty => f,
            _ => ir.add_function(&decl.link_name, abi.fn_ty),
        };
        if decl.space == ExecSpace::Global {
            unsafe { LLVMSetFunctionCallConv(f, PTX_KERNEL_CC) };
        }
        self.param_attrs(&decl.sig, &abi, |i, a| ir.add_fn_attr(f, i, a));
        // `__restrict__` pointer parameters.
        for (i, p) in decl.sig.params.iter().enumerate() {
            let idx = i as u32 + 1 + abi.hidden();
            if p.quals.contains(Quals::RESTRICT) && p.is_pointer() {
                ir.add_fn_attr(f, idx, ir.enum_attr("noalias", 0));
                if p.pointee().is_some_and(|t| t.is_const()) {
                    ir.add_fn_attr(f, idx, ir.enum_attr("readonly", 0));
                }
            }
        }
        if decl.kind == FnKind::Libdevice {
            ir.add_fn_attr(f, u32::MAX, ir.enum_attr("nounwind", 0));
        }
        self.fns.insert(id, f);
        f
    }

    pub fn is_referenced(&self, id: FnId) -> bool {
        self.fns.contains_key(&id)
    }

    /// Function attributes of a definition.
    fn definition_attrs(&mut self, id: FnId, f: V) {
        let ir = self.ir;
        let decl = self.defs.function(id);
        let fa = |a| ir.add_fn_attr(f, u32::MAX, a);
        fa(ir.enum_attr("nounwind", 0));
        fa(ir.enum_attr("convergent", 0));
        match decl.inline {
            InlineHint::Force => fa(ir.enum_attr("alwaysinline", 0)),
            InlineHint::Never => fa(ir.enum_attr("noinline", 0)),
            InlineHint::Inline => fa(ir.enum_attr("inlinehint", 0)),
            InlineHint::None => {}
        }
        if decl.space == ExecSpace::Global {
            if let Some(lb) = decl.launch_bounds {
                if lb.max_threads > 0 {
                    fa(ir.string_attr("nvvm.maxntid", &format!("{},1,1", lb.max_threads)));
                }
                if let Some(n) = lb.min_blocks.filter(|n| *n > 0) {
                    fa(ir.string_attr("nvvm.minctasm", &n.to_string()));
                }
                // With `__cluster_dims__`, nvcc drops `.maxclusterrank` (ptxas refuses both).
                if let Some(n) = lb
                    .max_blocks_per_cluster
                    .filter(|n| *n > 0 && decl.cluster_dims.is_none())
                {
                    if self.options.arch.number >= 90 {
                        fa(ir.string_attr("nvvm.maxclusterrank", &n.to_string()));
                    }
                }
            }
        }
        if decl.space == ExecSpace::Global && self.options.arch.number >= 90 {
            // `.explicitcluster` and, unless all zero (`__cluster_dims__()`), `.reqnctapercluster`.
            if let Some([x, y, z]) = decl.cluster_dims {
                fa(ir.string_attr("nvvm.cluster_dim", &format!("{x},{y},{z}")));
            }
        }
        self.fp_attrs(f);
    }

    /// Floating-point mode attributes (also put on linked libdevice helpers).
    pub fn fp_attrs(&self, f: V) {
        if self.options.ftz {
            self.ir.add_fn_attr(
                f,
                u32::MAX,
                self.ir
                    .string_attr("denormal-fp-math-f32", "preserve-sign,preserve-sign"),
            );
        }
    }

    /// Emits the body of `id` into the module.
    pub fn define(&mut self, id: FnId, body: &TypedBody, mode: Mode) {
        if self.defined.contains_key(&id) {
            return;
        }
        let decl = self.defs.function(id).clone();
        if decl.sig.variadic {
            self.error(
                "unsupported",
                format!("unsupported: variadic device function '{}'", decl.name),
            );
            return;
        }
        let f = self.function(id);
        self.defined.insert(id, mode);
        let linkage = match mode {
            Mode::Main => LLVMLinkage::LLVMExternalLinkage,
            Mode::Inline => LLVMLinkage::LLVMAvailableExternallyLinkage,
            Mode::Tu => {
                if decl.space == ExecSpace::Global || (self.options.rdc && !decl.is_static) {
                    LLVMLinkage::LLVMExternalLinkage
                } else {
                    LLVMLinkage::LLVMInternalLinkage
                }
            }
        };
        unsafe { LLVMSetLinkage(f, linkage) };
        self.definition_attrs(id, f);
        crate::func::lower_body(self, id, body, f);
    }

    // ------------------------------------------------------------------ globals

    /// Generic pointer to a namespace-scope variable (declared, or defined in `define_globals` mode).
    /// Declares (or defines, in a module that owns them) every device-side global of the TU:
    /// what both the globals module and the whole-TU `--emit=llvm` module start from.
    pub fn device_globals(&mut self) {
        for i in 0..self.defs.globals.len() {
            if self.defs.globals[i].space != VarSpace::Host {
                self.global(GlobalId(i as u32));
            }
        }
    }

    pub fn global(&mut self, id: GlobalId) -> V {
        let ir = self.ir;
        let generic = ir.ptr(0);
        if let Some(g) = self.globals.get(&id) {
            return ir.const_addrspace_cast(*g, generic);
        }
        let Some(decl) = self.defs.globals.get(id.0 as usize).cloned() else {
            self.error("internal", "internal error: unknown global");
            return ir.null(generic);
        };
        let addrspace = match decl.space {
            VarSpace::Global => AS_GLOBAL,
            VarSpace::Constant => AS_CONST,
            VarSpace::Shared | VarSpace::ExternShared => AS_SHARED,
            VarSpace::Host => {
                self.error(
                    "host-variable",
                    format!("identifier \"{}\" is undefined in device code", decl.name),
                );
                return ir.null(generic);
            }
        };
        let extern_array = decl.space == VarSpace::ExternShared || matches!(decl.ty.kind, TyKind::Array(_, None));
        let align = if decl.space == VarSpace::ExternShared {
            self.types.align_of(&decl.ty).max(16)
        } else {
            self.types.align_of(&decl.ty)
        };
        let align = align.max(decl.align.min(1 << 29) as u32);
        let define = self.define_globals && !decl.is_extern && !extern_array;
        let vt = if extern_array {
            match &decl.ty.kind {
                TyKind::Array(e, _) => {
                    let et = self.types.mem(e);
                    ir.array(et, 0)
                }
                _ => self.types.mem(&decl.ty),
            }
        } else {
            self.types.mem(&decl.ty)
        };
        let g = add_global(ir, &decl.link_name, vt, addrspace);
        unsafe { LLVMSetAlignment(g, align) };
        if decl.managed {
            // The host writes it: never assume the initializer, and let NVPTX print
            // `.attribute(.managed)` (the `managed` annotation, as cicc writes it).
            unsafe { LLVMSetExternallyInitialized(g, 1) };
            let node = ir.md_node(&[ir.md_value(g), ir.md_string("managed"), ir.md_value(ir.i32c(1))]);
            ir.add_named_md("nvvm.annotations", node);
        }
        self.globals.insert(id, g);
        if define {
            let init = if decl.space == VarSpace::Shared {
                None
            } else {
                Some(decl.init.clone())
            };
            let g = self.set_initializer(g, &decl.ty, init.as_ref().map(|i| i.as_ref()));
            self.globals.insert(id, g);
            unsafe {
                LLVMSetLinkage(
                    g,
                    if decl.is_static {
                        LLVMLinkage::LLVMInternalLinkage
                    } else {
                        LLVMLinkage::LLVMExternalLinkage
                    },
                );
            }
            return ir.const_addrspace_cast(g, generic);
        }
        ir.const_addrspace_cast(g, generic)
    }

    /// Gives global `g` (of object type `ty`) its initializer: `None` = uninitialized (`undef`,
    /// for shared memory), `Some(None)` = zero. When the initializer's LLVM type differs from
    /// `g`'s value type, `g` is replaced by a new global of that type (same name, alignment,
    /// address space); returns the global that holds the initializer.
    pub fn set_initializer(&mut self, g: V, ty: &Ty, init: Option<Option<&warpc_hir::ty::ConstValue>>) -> V {
        let ir = self.ir;
        let value = match init {
            None => ir.undef(unsafe { LLVMGlobalGetValueType(g) }),
            Some(cv) => {
                let mut refs = Vec::new();
                if let Some(cv) = cv {
                    consts::global_refs(cv, &mut refs);
                }
                let addrs: Vec<(GlobalId, V)> = refs.iter().map(|r| (*r, self.global(*r))).collect();
                let lookup = |id: GlobalId| {
                    addrs
                        .iter()
                        .find(|a| a.0 == id)
                        .map(|a| a.1)
                        .unwrap_or_else(|| ir.null(ir.ptr(0)))
                };
                consts::initializer(&mut self.types, ty, cv, &lookup)
            }
        };
        unsafe {
            let vt = LLVMGlobalGetValueType(g);
            if ir.type_of(value) == vt {
                LLVMSetInitializer(g, value);
                return g;
            }
            let addrspace = inkwell::llvm_sys::core::LLVMGetPointerAddressSpace(ir.type_of(g));
            let ng = LLVMAddGlobalInAddressSpace(ir.m, ir.type_of(value), crate::ir::NONAME, addrspace);
            LLVMSetInitializer(ng, value);
            LLVMSetAlignment(ng, LLVMGetAlignment(g));
            LLVMSetExternallyInitialized(ng, LLVMIsExternallyInitialized(g));
            LLVMReplaceAllUsesWith(g, ng);
            let mut len = 0usize;
            let name = LLVMGetValueName2(g, &mut len);
            let name = std::slice::from_raw_parts(name as *const u8, len).to_vec();
            LLVMDeleteGlobal(g);
            LLVMSetValueName2(ng, name.as_ptr() as *const std::ffi::c_char, name.len());
            for v in self.globals.values_mut() {
                if *v == g {
                    *v = ng;
                }
            }
            for v in self.statics.values_mut() {
                if *v == g {
                    *v = ng;
                }
            }
            ng
        }
    }

    /// Generic pointer to a function-scope `__shared__` / `static` / `extern __shared__` variable.
    pub fn local_static(&mut self, symbol: &str, body: &TypedBody, local: usize) -> V {
        let ir = self.ir;
        let generic = ir.ptr(0);
        if let Some(g) = self.statics.get(symbol) {
            return ir.const_addrspace_cast(*g, generic);
        }
        let l = &body.locals[local];
        let ty = l.ty.clone();
        let explicit = l.align.min(1 << 29) as u32;
        let g = match l.storage {
            LocalStorage::ExternShared => {
                let vt = match &ty.kind {
                    TyKind::Array(e, _) => {
                        let et = self.types.mem(e);
                        ir.array(et, 0)
                    }
                    _ => self.types.mem(&ty),
                };
                let g = add_global(ir, symbol, vt, AS_SHARED);
                unsafe { LLVMSetAlignment(g, self.types.align_of(&ty).max(16).max(explicit)) };
                g
            }
            LocalStorage::Shared => {
                let vt = self.types.mem(&ty);
                let g = add_global(ir, symbol, vt, AS_SHARED);
                unsafe {
                    LLVMSetInitializer(g, ir.undef(vt));
                    LLVMSetAlignment(g, self.types.align_of(&ty).max(explicit));
                }
                g
            }
            _ => {
                let init_cv = l.static_init.clone();
                let vt = self.types.mem(&ty);
                let g = add_global(ir, symbol, vt, AS_GLOBAL);
                unsafe { LLVMSetAlignment(g, self.types.align_of(&ty).max(explicit)) };
                self.statics.insert(symbol.to_string(), g);
                let g = self.set_initializer(g, &ty, Some(init_cv.as_ref()));
                self.statics.insert(symbol.to_string(), g);
                return ir.const_addrspace_cast(g, generic);
            }
        };
        self.statics.insert(symbol.to_string(), g);
        ir.const_addrspace_cast(g, generic)
    }

    /// Generic pointer to a string literal's bytes (`$str`, `$str$1`, ... as nvcc names them).
    pub fn string(&mut self, bytes: &[u8]) -> V {
        let ir = self.ir;
        let generic = ir.ptr(0);
        if let Some(g) = self.strings.get(bytes) {
            return ir.const_addrspace_cast(*g, generic);
        }
        let name = if self.string_count == 0 {
            "$str".to_string()
        } else {
            format!("$str${}", self.string_count)
        };
        self.string_count += 1;
        let init = ir.const_bytes(bytes);
        let g = add_global(ir, &name, ir.type_of(init), AS_GLOBAL);
        unsafe {
            LLVMSetInitializer(g, init);
            LLVMSetLinkage(g, LLVMLinkage::LLVMInternalLinkage);
            LLVMSetGlobalConstant(g, 1);
            LLVMSetAlignment(g, 1);
        }
        self.strings.insert(bytes.to_vec(), g);
        ir.const_addrspace_cast(g, generic)
    }

    /// `declare i32 @vprintf(ptr, ptr)`.
    pub fn vprintf(&mut self) -> (V, T) {
        let ir = self.ir;
        let ty = ir.fn_ty(ir.i32(), &[ir.ptr(0), ir.ptr(0)], false);
        let f = match ir.get_function("vprintf") {
            Some(f) => f,
            None => {
                let f = ir.add_function("vprintf", ty);
                ir.add_fn_attr(f, u32::MAX, ir.enum_attr("nounwind", 0));
                f
            }
        };
        (f, ty)
    }

    /// `declare ptr @malloc(i64)` / `declare void @free(ptr)`: the device heap, which the
    /// global `operator new`/`operator delete` use (nvcc calls these by their C names).
    pub fn heap_fn(&mut self, free: bool) -> (V, T) {
        let ir = self.ir;
        let (name, ty) = if free {
            ("free", ir.fn_ty(ir.void(), &[ir.ptr(0)], false))
        } else {
            ("malloc", ir.fn_ty(ir.ptr(0), &[ir.i64()], false))
        };
        let f = match ir.get_function(name) {
            Some(f) => f,
            None => {
                let f = ir.add_function(name, ty);
                ir.add_fn_attr(f, u32::MAX, ir.enum_attr("nounwind", 0));
                ir.add_fn_attr(f, u32::MAX, ir.enum_attr("nobuiltin", 0));
                f
            }
        };
        (f, ty)
    }

    /// Module flags cicc sets: `nvvm-reflect-ftz` answers `__nvvm_reflect("__CUDA_FTZ")`.
    pub fn finish(&mut self) {
        let ir = self.ir;
        let key = "nvvm-reflect-ftz";
        unsafe {
            LLVMAddModuleFlag(
                ir.m,
                inkwell::llvm_sys::LLVMModuleFlagBehavior::LLVMModuleFlagBehaviorOverride,
                key.as_ptr() as *const std::ffi::c_char,
                key.len(),
                ir.md_value(ir.i32c(self.options.ftz as i64)),
            );
        }
    }
}

pub(crate) fn add_global(ir: Ir, name: &str, ty: T, addrspace: u32) -> V {
    let n = cstr(name);
    unsafe {
        let existing = LLVMGetNamedGlobal(ir.m, n.as_ptr());
        if !existing.is_null() {
            return existing;
        }
        LLVMAddGlobalInAddressSpace(ir.m, ty, n.as_ptr(), addrspace)
    }
}
