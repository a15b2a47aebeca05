//! The warp matrix builtins that NVIDIA's `crt/mma.hpp` calls (`__hmma_*`, `__imma_*`,
//! `__bmma_*`, `__dmma_*`, `__mma_bf16_*`, `__mma_tf32_*`, `__mma_m16n16k8_st_c_f32`), lowered to
//! LLVM's `llvm.nvvm.wmma.*` intrinsics as clang lowers its builtins of the same names:
//!
//! - `ld(dst, src, ldm, col_major)`: `llvm.nvvm.wmma.GEOM.load.FRAG.LAYOUT.stride.TYPE(src, ldm)`,
//!   each element of the result stored (bit-cast) into `dst[i]`;
//! - `st(dst, src, ldm, col_major)`: `llvm.nvvm.wmma.GEOM.store.d.LAYOUT.stride.TYPE(dst,
//!   src[0..n], ldm)`;
//! - `mma(d, a, b, c, layout[, satf])`: `llvm.nvvm.wmma.GEOM.mma[.OP].ALAYOUT.BLAYOUT.SIG[.satfinite]`
//!   over the elements of `a`, `b` and `c`, the results stored into `d`. `layout` is
//!   `a_col_major * 2 + b_col_major`.
//!
//! The layout and saturation arguments must be integer constants (clang's `I` builtin
//! arguments); after inlining, `mma.hpp` passes literals.

use crate::func::{Lowerer, Val};
use crate::ir::{T, V};
use inkwell::llvm_sys::core::*;
use warpc_hir::thir::TExprId;
use warpc_hir::ty::Ty;

/// What one warp matrix builtin does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum MmaBuiltin {
    /// Load fragment `frag` (`a`, `b` or `c`) of element type `ty` (the intrinsic's spelling).
    Load {
        geom: &'static str,
        frag: char,
        ty: &'static str,
    },
    /// Store the accumulator (`d`) of element type `ty`.
    Store { geom: &'static str, ty: &'static str },
    /// Multiply-accumulate: `op` (`""` or `.xor.popc`/`.and.popc`), the intrinsic's type
    /// signature (`f32.f16`, `s8`, `bf16`...), the element counts of A and B, whether a
    /// saturation argument follows the layout, and whether only `row.col` exists.
    Mma {
        geom: &'static str,
        op: &'static str,
        sig: String,
        a_elems: u32,
        b_elems: u32,
        satf: bool,
        row_col_only: bool,
    },
}

const GEOMS: &[&str] = &[
    "m16n16k16",
    "m32n8k16",
    "m8n32k16",
    "m8n8k32",
    "m8n8k128",
    "m8n8k4",
    "m16n16k8",
];

/// The minimum SM of a warp matrix builtin (the PTX ISA's `wmma` requirements).
pub(crate) fn mma_min_sm(name: &str) -> u32 {
    if name.starts_with("__hmma_") {
        70
    } else if name.starts_with("__imma_m8n8k32") || name.starts_with("__bmma_m8n8k128_mma_xor") {
        75
    } else if name.starts_with("__bmma_m8n8k128_mma_and") {
        80
    } else if name.starts_with("__bmma_") {
        75
    } else if name.starts_with("__imma_") {
        72
    } else {
        80
    }
}

/// Whether `name` is one of the warp matrix builtin families (a body-less declaration with such
/// a name is a compiler builtin).
pub(crate) fn is_mma_builtin_name(name: &str) -> bool {
    ["__hmma_", "__imma_", "__bmma_", "__dmma_", "__mma_"]
        .iter()
        .any(|p| name.starts_with(p))
}

/// Decodes a warp matrix builtin name; `None` for a name outside the families clang and cicc
/// define.
pub(crate) fn parse_mma_builtin(name: &str) -> Option<MmaBuiltin> {
    let (family, rest) = [
        "__hmma_",
        "__imma_",
        "__bmma_",
        "__dmma_",
        "__mma_bf16_",
        "__mma_tf32_",
        "__mma_",
    ]
    .iter()
    .find_map(|p| name.strip_prefix(p).map(|r| (&p[2..p.len() - 1], r)))?;
    let (geom, op) = rest.split_once('_')?;
    let geom = *GEOMS.iter().find(|g| **g == geom)?;
    let load = |frag: char, ty: &'static str| Some(MmaBuiltin::Load { geom, frag, ty });
    let store = |ty: &'static str| Some(MmaBuiltin::Store { geom, ty });
    // A and B element counts (32-bit registers, or doubles) per geometry and type.
    let ab = |ty: &str| -> (u32, u32) {
        match (ty, geom) {
            ("f16", _) => (8, 8),
            ("s8" | "u8", "m16n16k16") => (2, 2),
            ("s8" | "u8", "m32n8k16") => (4, 1),
            ("s8" | "u8", "m8n32k16") => (1, 4),
            ("bf16", "m16n16k16") => (4, 4),
            ("bf16", "m32n8k16") => (8, 2),
            ("bf16", "m8n32k16") => (2, 8),
            ("tf32", _) => (4, 4),
            _ => (1, 1),
        }
    };
    let mma = |op: &'static str, sig: String, elem: &str, satf: bool, row_col_only: bool| {
        let (a_elems, b_elems) = ab(elem);
        Some(MmaBuiltin::Mma {
            geom,
            op,
            sig,
            a_elems,
            b_elems,
            satf,
            row_col_only,
        })
    };
    let half_geom = matches!(geom, "m16n16k16" | "m32n8k16" | "m8n32k16");
    match (family, op) {
        ("hmma", "ld_a") if half_geom => load('a', "f16"),
        ("hmma", "ld_b") if half_geom => load('b', "f16"),
        ("hmma", "ld_c_f16") if half_geom => load('c', "f16"),
        ("hmma", "ld_c_f32") if half_geom => load('c', "f32"),
        ("hmma", "st_c_f16") if half_geom => store("f16"),
        ("hmma", "st_c_f32") if half_geom => store("f32"),
        ("hmma", "mma_f16f16" | "mma_f16f32" | "mma_f32f16" | "mma_f32f32") if half_geom => {
            let dc = &op[4..];
            mma("", format!("{}.{}", &dc[..3], &dc[3..]), "f16", true, false)
        }
        ("imma", "ld_a_s8") if half_geom => load('a', "s8"),
        ("imma", "ld_a_u8") if half_geom => load('a', "u8"),
        ("imma", "ld_b_s8") if half_geom => load('b', "s8"),
        ("imma", "ld_b_u8") if half_geom => load('b', "u8"),
        ("imma", "ld_a_s4") if geom == "m8n8k32" => load('a', "s4"),
        ("imma", "ld_a_u4") if geom == "m8n8k32" => load('a', "u4"),
        ("imma", "ld_b_s4") if geom == "m8n8k32" => load('b', "s4"),
        ("imma", "ld_b_u4") if geom == "m8n8k32" => load('b', "u4"),
        ("imma", "ld_c") if half_geom || geom == "m8n8k32" => load('c', "s32"),
        ("imma", "st_c_i32") if half_geom || geom == "m8n8k32" => store("s32"),
        ("imma", "mma_s8" | "mma_u8") if half_geom => mma("", op[4..].to_string(), "s8", true, false),
        ("imma", "mma_s4" | "mma_u4") if geom == "m8n8k32" => mma("", op[4..].to_string(), "s4", true, true),
        ("bmma", "ld_a_b1") if geom == "m8n8k128" => load('a', "b1"),
        ("bmma", "ld_b_b1") if geom == "m8n8k128" => load('b', "b1"),
        ("bmma", "ld_c") if geom == "m8n8k128" => load('c', "s32"),
        ("bmma", "st_c_i32") if geom == "m8n8k128" => store("s32"),
        ("bmma", "mma_xor_popc_b1") if geom == "m8n8k128" => mma(".xor.popc", "b1".into(), "b1", false, true),
        ("bmma", "mma_and_popc_b1") if geom == "m8n8k128" => mma(".and.popc", "b1".into(), "b1", false, true),
        ("dmma", "ld_a") if geom == "m8n8k4" => load('a', "f64"),
        ("dmma", "ld_b") if geom == "m8n8k4" => load('b', "f64"),
        ("dmma", "ld_c") if geom == "m8n8k4" => load('c', "f64"),
        ("dmma", "st_c_f64") if geom == "m8n8k4" => store("f64"),
        ("dmma", "mma_f64") if geom == "m8n8k4" => mma("", "f64".into(), "f64", true, false),
        ("mma_bf16", "ld_a") if half_geom => load('a', "bf16"),
        ("mma_bf16", "ld_b") if half_geom => load('b', "bf16"),
        ("mma_bf16", "mma_f32") if half_geom => mma("", "bf16".into(), "bf16", true, false),
        ("mma_tf32", "ld_a") if geom == "m16n16k8" => load('a', "tf32"),
        ("mma_tf32", "ld_b") if geom == "m16n16k8" => load('b', "tf32"),
        ("mma_tf32", "ld_c") if geom == "m16n16k8" => load('c', "f32"),
        ("mma_tf32", "mma_f32") if geom == "m16n16k8" => mma("", "tf32".into(), "tf32", true, false),
        ("mma", "st_c_f32") if geom == "m16n16k8" => store("f32"),
        _ => None,
    }
}

fn const_int(v: V) -> Option<i64> {
    unsafe {
        if LLVMIsAConstantInt(v).is_null() {
            return None;
        }
        Some(LLVMConstIntGetSExtValue(v))
    }
}

fn param_types(fn_ty: T) -> Vec<T> {
    unsafe {
        let n = LLVMCountParamTypes(fn_ty) as usize;
        let mut out = vec![std::ptr::null_mut(); n];
        LLVMGetParamTypes(fn_ty, out.as_mut_ptr());
        out
    }
}

fn struct_elems(t: T) -> Vec<T> {
    unsafe {
        if LLVMGetTypeKind(t) != inkwell::llvm_sys::LLVMTypeKind::LLVMStructTypeKind {
            return vec![t];
        }
        let n = LLVMCountStructElementTypes(t) as usize;
        let mut out = vec![std::ptr::null_mut(); n];
        LLVMGetStructElementTypes(t, out.as_mut_ptr());
        out
    }
}

impl Lowerer<'_, '_, '_> {
    /// Lowers a call of warp matrix builtin `name`; `None` (an `unsupported` error from the
    /// caller) for an unknown name, wrong arguments, or a layout that is not a constant.
    pub(crate) fn mma_builtin(&mut self, name: &str, args: &[TExprId]) -> Option<Val> {
        let b = parse_mma_builtin(name)?;
        let arch = self.m.options.arch;
        let min_sm = mma_min_sm(name);
        if arch.number < min_sm {
            // LLVM would abort on the intrinsic.
            self.m.error(
                "unsupported",
                format!(
                    "unsupported: builtin '{name}' requires sm_{min_sm} or newer; the target is {}",
                    arch.name()
                ),
            );
            return Some(Val::Void);
        }
        let ir = self.ir;
        let vals: Vec<V> = args.iter().map(|a| self.rvalue(*a)).collect();
        // The element type that the pointer argument `i` points to, in memory.
        let pointee = |this: &mut Self, i: usize| -> Option<(T, u32)> {
            let t: Ty = this.body.expr(*args.get(i)?).ty.pointee()?.unqualified();
            let align = this.m.types.align_of(&t);
            Some((this.m.types.mem(&t), align))
        };
        let bad_const = |this: &mut Self, what: &str| {
            this.m.error(
                "invalid-builtin-argument",
                format!("the {what} argument of builtin '{name}' must be an integer constant"),
            );
        };
        match b {
            MmaBuiltin::Load { geom, frag, ty } => {
                if vals.len() != 4 {
                    return None;
                }
                let Some(col) = const_int(vals[3]) else {
                    bad_const(self, "layout");
                    return Some(Val::Void);
                };
                let layout = if col != 0 { "col" } else { "row" };
                let iname = format!("llvm.nvvm.wmma.{geom}.load.{frag}.{layout}.stride.{ty}");
                let ptr_ty = ir.type_of(vals[1]);
                let (f, fty) = ir.intrinsic(&iname, &[ptr_ty])?;
                let r = ir.call(fty, f, &[vals[1], vals[2]]);
                let (et, align) = pointee(self, 0)?;
                let ret = unsafe { LLVMGetReturnType(fty) };
                let n = struct_elems(ret).len();
                for i in 0..n {
                    let v = if n == 1 && ret == struct_elems(ret)[0] {
                        r
                    } else {
                        ir.extract_value(r, i as u32)
                    };
                    let v = ir.cast(inkwell::llvm_sys::LLVMOpcode::LLVMBitCast, v, et);
                    let p = ir.gep(et, vals[0], &[ir.i64c(i as i64)]);
                    ir.store(v, p, align, false);
                }
                Some(Val::Void)
            }
            MmaBuiltin::Store { geom, ty } => {
                if vals.len() != 4 {
                    return None;
                }
                let Some(col) = const_int(vals[3]) else {
                    bad_const(self, "layout");
                    return Some(Val::Void);
                };
                let layout = if col != 0 { "col" } else { "row" };
                let iname = format!("llvm.nvvm.wmma.{geom}.store.d.{layout}.stride.{ty}");
                let ptr_ty = ir.type_of(vals[0]);
                let (f, fty) = ir.intrinsic(&iname, &[ptr_ty])?;
                let params = param_types(fty);
                let (et, align) = pointee(self, 1)?;
                let mut call_args = vec![vals[0]];
                for (i, pt) in params.iter().enumerate().take(params.len() - 1).skip(1) {
                    let p = ir.gep(et, vals[1], &[ir.i64c(i as i64 - 1)]);
                    let v = ir.load(et, p, align, false);
                    call_args.push(ir.cast(inkwell::llvm_sys::LLVMOpcode::LLVMBitCast, v, *pt));
                }
                call_args.push(vals[2]);
                ir.call(fty, f, &call_args);
                Some(Val::Void)
            }
            MmaBuiltin::Mma {
                geom,
                op,
                sig,
                a_elems,
                b_elems,
                satf,
                row_col_only,
            } => {
                if vals.len() != if satf { 6 } else { 5 } {
                    return None;
                }
                let Some(layout) = const_int(vals[4]) else {
                    bad_const(self, "layout");
                    return Some(Val::Void);
                };
                let sat = if satf {
                    match const_int(vals[5]) {
                        Some(s) => s != 0,
                        None => {
                            bad_const(self, "saturation");
                            return Some(Val::Void);
                        }
                    }
                } else {
                    false
                };
                if !(0..4).contains(&layout) || (row_col_only && layout != 1) {
                    self.m.error(
                        "invalid-builtin-argument",
                        format!("builtin '{name}' does not support layout {layout}"),
                    );
                    return Some(Val::Void);
                }
                let al = if layout & 2 != 0 { "col" } else { "row" };
                let bl = if layout & 1 != 0 { "col" } else { "row" };
                // As nvcc: floating-point `wmma.mma` has no `.satfinite` from PTX ISA 6.5 on, so
                // the flag only applies to integer inputs; doubles round to nearest (`.rn`).
                let int = matches!(sig.as_str(), "s8" | "u8" | "s4" | "u4");
                let satfinite = if sat && int { ".satfinite" } else { "" };
                let rnd = if sig == "f64" { "rn." } else { "" };
                let iname = format!("llvm.nvvm.wmma.{geom}.mma{op}.{al}.{bl}.{rnd}{sig}{satfinite}");
                let (f, fty) = ir.intrinsic(&iname, &[])?;
                let params = param_types(fty);
                let (a_elems, b_elems) = (a_elems as usize, b_elems as usize);
                if params.len() <= a_elems + b_elems {
                    return None;
                }
                let mut call_args = Vec::with_capacity(params.len());
                for (src, range) in [
                    (1, 0..a_elems),
                    (2, a_elems..a_elems + b_elems),
                    (3, a_elems + b_elems..params.len()),
                ] {
                    let (et, align) = pointee(self, src)?;
                    let start = range.start;
                    for i in range {
                        let p = ir.gep(et, vals[src], &[ir.i64c((i - start) as i64)]);
                        let v = ir.load(et, p, align, false);
                        call_args.push(ir.cast(inkwell::llvm_sys::LLVMOpcode::LLVMBitCast, v, params[i]));
                    }
                }
                let r = ir.call(fty, f, &call_args);
                let (et, align) = pointee(self, 0)?;
                let ret = unsafe { LLVMGetReturnType(fty) };
                let n = struct_elems(ret).len();
                for i in 0..n {
                    let v = ir.extract_value(r, i as u32);
                    let v = ir.cast(inkwell::llvm_sys::LLVMOpcode::LLVMBitCast, v, et);
                    let p = ir.gep(et, vals[0], &[ir.i64c(i as i64)]);
                    ir.store(v, p, align, false);
                }
                Some(Val::Void)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_decode_to_intrinsic_parts() {
        assert_eq!(
            parse_mma_builtin("__hmma_m16n16k16_ld_a"),
            Some(MmaBuiltin::Load {
                geom: "m16n16k16",
                frag: 'a',
                ty: "f16"
            })
        );
        assert_eq!(
            parse_mma_builtin("__mma_m16n16k8_st_c_f32"),
            Some(MmaBuiltin::Store {
                geom: "m16n16k8",
                ty: "f32"
            })
        );
        let Some(MmaBuiltin::Mma {
            sig, a_elems, b_elems, ..
        }) = parse_mma_builtin("__hmma_m32n8k16_mma_f32f16")
        else {
            panic!("not an mma");
        };
        assert_eq!((sig.as_str(), a_elems, b_elems), ("f32.f16", 8, 8));
        let Some(MmaBuiltin::Mma {
            sig, a_elems, b_elems, ..
        }) = parse_mma_builtin("__imma_m32n8k16_mma_u8")
        else {
            panic!("not an mma");
        };
        assert_eq!((sig.as_str(), a_elems, b_elems), ("u8", 4, 1));
        assert_eq!(parse_mma_builtin("__hmma_m8n8k4_ld_a"), None);
        assert_eq!(parse_mma_builtin("__imma_m16n16k16_ld_a_s4"), None);
        assert_eq!(parse_mma_builtin("__mma_foo"), None);
    }
}
