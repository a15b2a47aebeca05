//! Constant initializers ([`ConstValue`]) as LLVM constants.
//!
//! Scalars become typed constants (`i32 5`, `float 1.5`, a pointer constant). Aggregates are laid
//! out as the bytes the object holds at load time (little-endian, C layout from the checker) and
//! emitted as `[N x i8]`, which NVPTX prints exactly as nvcc does
//! (`.const .align 4 .b8 coef[16] = {0, 0, 128, 63, ...}`). Aggregates holding addresses become
//! a packed struct of byte runs and pointer constants (`generic(sym)+off` in PTX).

use crate::ir::{Ir, V};
use crate::types::{size_of, Types};
use warpc_hir::ty::{BitField, ConstValue, FloatKind, GlobalId, IntKind, Ty, TyKind};
use warpc_hir::DefMap;

/// An address inside an aggregate initializer: byte offset, target global, offset into it.
type Reloc = (u64, GlobalId, i64);

/// Writes `cv` (of type `ty`) into `buf` at `base`; addresses go to `relocs`.
fn serialize(defs: &DefMap, ty: &Ty, cv: &ConstValue, buf: &mut [u8], base: u64, relocs: &mut Vec<Reloc>) {
    let size = size_of(defs, ty);
    let put = |buf: &mut [u8], bytes: &[u8]| {
        let start = base as usize;
        for (i, b) in bytes.iter().enumerate() {
            if let Some(slot) = buf.get_mut(start + i) {
                *slot = *b;
            }
        }
    };
    match cv {
        ConstValue::Zero => {}
        ConstValue::Int(v) => match &ty.kind {
            TyKind::Float(k) => put(buf, &float_bytes(*k, *v as i128 as f64)),
            TyKind::Int(IntKind::Bool) => put(buf, &[(*v != 0) as u8]),
            _ => put(buf, &v.to_le_bytes()[..size.min(16) as usize]),
        },
        ConstValue::Float(bits) => {
            let f = f64::from_bits(*bits);
            match &ty.kind {
                TyKind::Float(k) => put(buf, &float_bytes(*k, f)),
                TyKind::Int(IntKind::Bool) => put(buf, &[(f != 0.0) as u8]),
                TyKind::Int(k) => {
                    let v: u128 = if k.is_signed() { f as i128 as u128 } else { f as u128 };
                    put(buf, &v.to_le_bytes()[..size.min(16) as usize])
                }
                _ => {}
            }
        }
        ConstValue::Bytes(bytes) => {
            let n = bytes.len().min(size as usize);
            put(buf, &bytes[..n]);
        }
        ConstValue::GlobalAddr(g, off) => relocs.push((base, *g, *off)),
        ConstValue::Aggregate(elems) => match &ty.kind {
            TyKind::Array(e, _) => {
                let es = size_of(defs, e);
                for (i, el) in elems.iter().enumerate() {
                    serialize(defs, e, el, buf, base + es * i as u64, relocs);
                }
            }
            TyKind::Record(r) => {
                let Some(rec) = defs.records.get(r) else {
                    return;
                };
                for (f, el) in rec.fields.iter().zip(elems) {
                    if rec.is_union && matches!(el, ConstValue::Zero) {
                        continue;
                    }
                    if let Some(b) = f.bits {
                        put_bits(defs, &f.ty, el, b, buf, base + f.offset);
                        continue;
                    }
                    serialize(defs, &f.ty, el, buf, base + f.offset, relocs);
                }
            }
            // A braced scalar: its first element.
            _ => {
                if let Some(first) = elems.first() {
                    serialize(defs, ty, first, buf, base, relocs);
                }
            }
        },
    }
}

/// Writes bit-field value `cv` (of declared type `ty`) into its bits of the unit at `at`.
fn put_bits(defs: &DefMap, ty: &Ty, cv: &ConstValue, b: BitField, buf: &mut [u8], at: u64) {
    let size = size_of(defs, ty) as usize;
    let mut scratch = vec![0u8; size.max(1)];
    serialize(defs, ty, cv, &mut scratch, 0, &mut Vec::new());
    let mut raw = [0u8; 16];
    raw[..size.min(16)].copy_from_slice(&scratch[..size.min(16)]);
    let v = u128::from_le_bytes(raw);
    for i in 0..b.width as u32 {
        if v >> i & 1 == 0 {
            continue;
        }
        let bit = at * 8 + b.shift as u64 + i as u64;
        if let Some(byte) = buf.get_mut((bit / 8) as usize) {
            *byte |= 1 << (bit % 8);
        }
    }
}

fn float_bytes(k: FloatKind, f: f64) -> Vec<u8> {
    match k {
        FloatKind::F32 => (f as f32).to_le_bytes().to_vec(),
        FloatKind::F64 | FloatKind::LongDouble => f.to_le_bytes().to_vec(),
    }
}

/// The LLVM initializer for an object of type `ty` holding `cv` (`None`: zero). Returns the
/// constant; its type is the global's value type. `addr_of` gives the generic address constant
/// of a global (for `ConstValue::GlobalAddr`).
pub(crate) fn initializer(types: &mut Types, ty: &Ty, cv: Option<&ConstValue>, addr_of: &dyn Fn(GlobalId) -> V) -> V {
    let ir = types.ir;
    let defs = types.defs;
    let cv = match cv {
        Some(cv) => cv,
        None => return ir.null(types.mem(ty)),
    };
    match &ty.kind {
        TyKind::Int(_) | TyKind::Float(_) | TyKind::Pointer(_) | TyKind::Nullptr => {
            if let (TyKind::Pointer(_) | TyKind::Nullptr, ConstValue::GlobalAddr(g, off)) = (&ty.kind, cv) {
                return pointer_const(ir, addr_of(*g), *off);
            }
            if matches!(ty.kind, TyKind::Pointer(_) | TyKind::Nullptr) {
                return match cv {
                    ConstValue::Int(v) if *v != 0 => unsafe {
                        inkwell::llvm_sys::core::LLVMConstIntToPtr(ir.i64c(*v as i64), ir.ptr(0))
                    },
                    _ => ir.null(ir.ptr(0)),
                };
            }
            let size = size_of(defs, ty) as usize;
            let mut buf = vec![0u8; size];
            let mut relocs = Vec::new();
            serialize(defs, ty, cv, &mut buf, 0, &mut relocs);
            scalar_from_bytes(ir, ty, &buf)
        }
        _ => {
            let size = size_of(defs, ty) as usize;
            let mut buf = vec![0u8; size];
            let mut relocs = Vec::new();
            serialize(defs, ty, cv, &mut buf, 0, &mut relocs);
            if relocs.is_empty() {
                return ir.const_bytes(&buf);
            }
            relocs.sort_by_key(|r| r.0);
            let mut fields = Vec::new();
            let mut cur = 0usize;
            for (off, g, delta) in relocs {
                let off = off as usize;
                if off < cur || off + 8 > size {
                    continue;
                }
                if off > cur {
                    fields.push(ir.const_bytes(&buf[cur..off]));
                }
                fields.push(pointer_const(ir, addr_of(g), delta));
                cur = off + 8;
            }
            if cur < size {
                fields.push(ir.const_bytes(&buf[cur..]));
            }
            ir.const_struct(&fields, true)
        }
    }
}

/// The globals whose addresses `cv` holds, in order of appearance.
pub(crate) fn global_refs(cv: &ConstValue, out: &mut Vec<GlobalId>) {
    match cv {
        ConstValue::GlobalAddr(g, _) if !out.contains(g) => out.push(*g),
        ConstValue::Aggregate(elems) => elems.iter().for_each(|e| global_refs(e, out)),
        _ => {}
    }
}

fn pointer_const(ir: Ir, base: V, off: i64) -> V {
    if off == 0 {
        base
    } else {
        ir.const_gep_i8(base, off)
    }
}

fn scalar_from_bytes(ir: Ir, ty: &Ty, buf: &[u8]) -> V {
    let mut raw = [0u8; 16];
    raw[..buf.len().min(16)].copy_from_slice(&buf[..buf.len().min(16)]);
    let bits = u128::from_le_bytes(raw);
    match &ty.kind {
        TyKind::Float(FloatKind::F32) => ir.cfloat(ir.f32(), f32::from_bits(bits as u32) as f64),
        TyKind::Float(FloatKind::F64 | FloatKind::LongDouble) => ir.cfloat(ir.f64(), f64::from_bits(bits as u64)),
        TyKind::Int(k) => ir.cint128(ir.int(k.bits()), bits),
        _ => ir.null(ir.ptr(0)),
    }
}
