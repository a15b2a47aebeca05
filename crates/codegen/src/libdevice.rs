//! Linking the libdevice functions a module calls, and answering `__nvvm_reflect`.
//!
//! LLVM-C's linker entry point (`LLVMLinkModules2`) has no `LinkOnlyNeeded` flag, but the linker
//! only pulls in `linkonce_odr` definitions (and local ones) when something references them. So
//! `libdevice.10.bc` is loaded lazily (function bodies stay unparsed), every definition in it is
//! made `linkonce_odr`, and the link materializes just the `__nv_*` functions the module
//! declares plus what they use, transitively. The linked definitions then become internal (so
//! they are inlined and dropped, and only noinline helpers such as `__internal_accurate_pow`
//! survive as internal `.func`s).
//!
//! `__nvvm_reflect("KEY")` calls are then replaced by constants from the options, as cicc does:
//! `__CUDA_FTZ` = `-ftz`, `__CUDA_PREC_DIV` = `-prec-div`, `__CUDA_PREC_SQRT` = `-prec-sqrt`,
//! `__CUDA_ARCH` = major*100+minor*10, anything else 0. (LLVM's own NVVMReflect pass only knows
//! FTZ and ARCH; resolving before the pipeline makes `-prec-sqrt` work and keeps the answer
//! independent of global `cl::opt`s.) The module flag `nvvm-reflect-ftz` is set as well.

use crate::ir::{cstr, Ir, V};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::LLVMLinkage;
use std::collections::BTreeSet;
use warpc_base::CompileOptions;

pub(crate) fn name_of(v: V) -> String {
    unsafe {
        let mut len = 0usize;
        let p = LLVMGetValueName2(v, &mut len);
        if p.is_null() {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
    }
}

fn functions(m: LLVMModuleRef) -> Vec<V> {
    let mut out = Vec::new();
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            out.push(f);
            f = LLVMGetNextFunction(f);
        }
    }
    out
}

fn globals(m: LLVMModuleRef) -> Vec<V> {
    let mut out = Vec::new();
    unsafe {
        let mut g = LLVMGetFirstGlobal(m);
        while !g.is_null() {
            out.push(g);
            g = LLVMGetNextGlobal(g);
        }
    }
    out
}

fn has_uses(v: V) -> bool {
    unsafe { !LLVMGetFirstUse(v).is_null() }
}

fn is_declaration(v: V) -> bool {
    unsafe { LLVMIsDeclaration(v) != 0 }
}

/// `__nv_*` functions the module declares and uses, sorted.
pub(crate) fn needed(m: LLVMModuleRef) -> Vec<String> {
    let mut names: Vec<String> = functions(m)
        .into_iter()
        .filter(|f| is_declaration(*f) && has_uses(*f))
        .map(name_of)
        .filter(|n| n.starts_with("__nv_"))
        .collect();
    names.sort();
    names
}

/// Links the libdevice functions `module` needs from the bitcode `bytes`. Returns the names of
/// the linked definitions (already internal).
pub(crate) fn link(m: LLVMModuleRef, bytes: &[u8]) -> Result<Vec<String>, String> {
    let wanted = needed(m);
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let lm = unsafe {
        let c = LLVMGetModuleContext(m);
        let name = c"libdevice.10.bc";
        // The module takes ownership of the buffer object (not of `bytes`, which outlives it).
        let buf = LLVMCreateMemoryBufferWithMemoryRange(
            bytes.as_ptr() as *const std::ffi::c_char,
            bytes.len(),
            name.as_ptr(),
            0,
        );
        let mut lm: LLVMModuleRef = std::ptr::null_mut();
        if inkwell::llvm_sys::bit_reader::LLVMGetBitcodeModuleInContext2(c, buf, &mut lm) != 0 || lm.is_null() {
            return Err("cannot read libdevice: invalid bitcode".to_string());
        }
        lm
    };
    for name in &wanted {
        let n = cstr(name);
        let f = unsafe { LLVMGetNamedFunction(lm, n.as_ptr()) };
        if f.is_null() || is_declaration(f) {
            unsafe { LLVMDisposeModule(lm) };
            return Err(format!("libdevice has no function '{name}'"));
        }
    }
    // Every definition becomes linkonce_odr: the linker then pulls in (and materializes) only
    // what the module references, transitively.
    let mut defined = BTreeSet::new();
    for v in functions(lm).into_iter().chain(globals(lm)) {
        if is_declaration(v) {
            continue;
        }
        unsafe {
            if !matches!(
                LLVMGetLinkage(v),
                LLVMLinkage::LLVMInternalLinkage | LLVMLinkage::LLVMPrivateLinkage
            ) {
                LLVMSetLinkage(v, LLVMLinkage::LLVMLinkOnceODRLinkage);
            }
        }
        defined.insert(name_of(v));
    }
    unsafe {
        LLVMSetTarget(lm, LLVMGetTarget(m));
        LLVMSetDataLayout(lm, LLVMGetDataLayoutStr(m));
        if inkwell::llvm_sys::linker::LLVMLinkModules2(m, lm) != 0 {
            return Err("cannot link libdevice".to_string());
        }
    }
    let mut linked = Vec::new();
    for name in defined {
        let n = cstr(&name);
        unsafe {
            let mut v = LLVMGetNamedFunction(m, n.as_ptr());
            if v.is_null() {
                v = LLVMGetNamedGlobal(m, n.as_ptr());
            }
            if !v.is_null() && !is_declaration(v) {
                LLVMSetLinkage(v, LLVMLinkage::LLVMInternalLinkage);
                linked.push(name);
            }
        }
    }
    Ok(linked)
}

/// The string a `__nvvm_reflect` argument points to.
fn reflect_key(mut v: V) -> Option<String> {
    unsafe {
        for _ in 0..8 {
            if v.is_null() {
                return None;
            }
            if !LLVMIsAGlobalVariable(v).is_null() {
                let init = LLVMGetInitializer(v);
                if init.is_null() || LLVMIsAConstantDataSequential(init).is_null() {
                    return None;
                }
                let mut len = 0usize;
                let p = LLVMGetAsString(init, &mut len);
                let bytes = std::slice::from_raw_parts(p as *const u8, len);
                let s = String::from_utf8_lossy(bytes);
                return Some(s.trim_end_matches('\0').to_string());
            }
            if !LLVMIsAConstantExpr(v).is_null() || !LLVMIsAInstruction(v).is_null() {
                v = LLVMGetOperand(v, 0);
                continue;
            }
            return None;
        }
        None
    }
}

pub(crate) fn reflect_value(key: &str, options: &CompileOptions) -> u64 {
    match key {
        "__CUDA_FTZ" => options.ftz as u64,
        "__CUDA_PREC_DIV" => options.prec_div as u64,
        "__CUDA_PREC_SQRT" => options.prec_sqrt as u64,
        "__CUDA_ARCH" => options.arch.cuda_arch() as u64,
        _ => 0,
    }
}

/// Replaces every `__nvvm_reflect(key)` / `llvm.nvvm.reflect(key)` call by its answer.
pub(crate) fn resolve_reflect(ir: Ir, options: &CompileOptions) {
    for name in ["__nvvm_reflect", "llvm.nvvm.reflect"] {
        let Some(f) = ir.get_function(name) else {
            continue;
        };
        let mut calls = Vec::new();
        unsafe {
            let mut u = LLVMGetFirstUse(f);
            while !u.is_null() {
                let user = LLVMGetUser(u);
                if !LLVMIsACallInst(user).is_null() && LLVMGetCalledValue(user) == f {
                    calls.push(user);
                }
                u = LLVMGetNextUse(u);
            }
            for call in calls {
                let key = reflect_key(LLVMGetOperand(call, 0)).unwrap_or_default();
                let t = LLVMTypeOf(call);
                let c = LLVMConstInt(t, reflect_value(&key, options), 0);
                LLVMReplaceAllUsesWith(call, c);
                LLVMInstructionEraseFromParent(call);
            }
            if !has_uses(f) {
                LLVMDeleteFunction(f);
            }
        }
    }
}
