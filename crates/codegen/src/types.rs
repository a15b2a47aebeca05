//! THIR types to LLVM types, and the C layout facts codegen needs (sizes, alignments).
//!
//! - Scalars: `bool` is `i1` in registers and `i8` in memory; integers `iN`; `float`/`double`;
//!   every pointer is a generic `ptr` (address space 0).
//! - Arrays are `[N x T]` (`[0 x T]` for incomplete arrays).
//! - Records become named struct types (`%struct.S`, `%union.U`) whose LLVM layout reproduces the
//!   checker's `FieldDecl::offset`s and `RecordDecl::size` exactly: natural layout when it matches,
//!   explicit `[n x i8]` padding otherwise, a packed struct when alignment forces it, and a plain
//!   byte array as the last resort. Field access never relies on the LLVM layout (it is a byte
//!   offset GEP); the struct type only matters for by-value parameters and returns.

use crate::ir::{Ir, T};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::target::{LLVMABIAlignmentOfType, LLVMABISizeOfType, LLVMOffsetOfElement, LLVMTargetDataRef};
use warpc_hir::ty::{FloatKind, IntKind, RecordId, Ty, TyKind};
use warpc_hir::DefMap;

pub(crate) struct Types<'a> {
    pub ir: Ir,
    pub td: LLVMTargetDataRef,
    pub defs: &'a DefMap,
    records: Vec<Option<T>>,
}

pub(crate) fn align_up(x: u64, a: u64) -> u64 {
    if a <= 1 {
        x
    } else {
        x.div_ceil(a) * a
    }
}

/// Size and alignment in bytes of a THIR type on nvptx64.
pub(crate) fn size_align(defs: &DefMap, ty: &Ty) -> (u64, u64) {
    match &ty.kind {
        TyKind::Void | TyKind::Function(_) | TyKind::Error => (1, 1),
        TyKind::Int(k) => {
            let b = (k.bits() / 8) as u64;
            (b, b)
        }
        TyKind::Float(FloatKind::F32) => (4, 4),
        TyKind::Float(FloatKind::F64 | FloatKind::LongDouble) => (8, 8),
        TyKind::Pointer(_) | TyKind::Reference(_) | TyKind::Nullptr => (8, 8),
        TyKind::Array(e, n) => {
            let (s, a) = size_align(defs, e);
            (s.saturating_mul(n.unwrap_or(0)), a)
        }
        TyKind::Record(r) => match defs.records.get(r) {
            Some(rec) => (rec.size, rec.align.max(1)),
            None => (1, 1),
        },
    }
}

pub(crate) fn size_of(defs: &DefMap, ty: &Ty) -> u64 {
    size_align(defs, ty).0
}

pub(crate) fn align_of(defs: &DefMap, ty: &Ty) -> u32 {
    size_align(defs, ty).1.min(1 << 16) as u32
}

pub(crate) fn is_aggregate(ty: &Ty) -> bool {
    matches!(ty.kind, TyKind::Record(_) | TyKind::Array(..))
}

pub(crate) fn is_bool(ty: &Ty) -> bool {
    matches!(ty.kind, TyKind::Int(IntKind::Bool))
}

pub(crate) fn is_signed(ty: &Ty) -> bool {
    matches!(ty.kind, TyKind::Int(k) if k.is_signed())
}

impl<'a> Types<'a> {
    pub fn new(ir: Ir, td: LLVMTargetDataRef, defs: &'a DefMap) -> Self {
        Types {
            ir,
            td,
            defs,
            records: vec![None; defs.records.len()],
        }
    }

    pub fn size_of(&self, ty: &Ty) -> u64 {
        size_of(self.defs, ty)
    }
    pub fn align_of(&self, ty: &Ty) -> u32 {
        align_of(self.defs, ty)
    }

    /// The in-memory LLVM type.
    pub fn mem(&mut self, ty: &Ty) -> T {
        let ir = self.ir;
        match &ty.kind {
            TyKind::Void | TyKind::Error => ir.i8(),
            TyKind::Int(k) => ir.int(k.bits()),
            TyKind::Float(FloatKind::F32) => ir.f32(),
            TyKind::Float(FloatKind::F64 | FloatKind::LongDouble) => ir.f64(),
            TyKind::Pointer(_) | TyKind::Reference(_) | TyKind::Nullptr | TyKind::Function(_) => ir.ptr(0),
            TyKind::Array(e, n) => {
                let et = self.mem(e);
                ir.array(et, n.unwrap_or(0))
            }
            TyKind::Record(r) => self.record(*r),
        }
    }

    /// The LLVM type of a value in registers (`i1` for bool).
    pub fn reg(&mut self, ty: &Ty) -> T {
        if is_bool(ty) {
            self.ir.i1()
        } else {
            self.mem(ty)
        }
    }

    /// The type to scale pointer arithmetic by: the element type for scalars, an `[n x i8]` of
    /// the element's size otherwise (so the stride is the C size).
    pub fn stride_ty(&mut self, pointee: &Ty) -> T {
        match &pointee.kind {
            TyKind::Int(_) | TyKind::Float(_) | TyKind::Pointer(_) | TyKind::Reference(_) | TyKind::Nullptr => {
                self.mem(pointee)
            }
            TyKind::Void | TyKind::Function(_) | TyKind::Error => self.ir.i8(),
            _ => {
                let s = self.size_of(pointee);
                self.ir.array(self.ir.i8(), s)
            }
        }
    }

    pub fn record(&mut self, r: RecordId) -> T {
        if let Some(Some(t)) = self.records.get(self.defs.records.position(r)) {
            return *t;
        }
        let ir = self.ir;
        let Some(rec) = self.defs.records.get(r) else {
            return ir.array(ir.i8(), 0);
        };
        let prefix = if rec.is_union { "union" } else { "struct" };
        let name = format!("{prefix}.{}", rec.name.as_deref().unwrap_or("anon"));
        let n = crate::ir::cstr(&name);
        let st = unsafe { LLVMStructCreateNamed(ir.c, n.as_ptr()) };
        let slot = self.defs.records.position(r);
        self.records[slot] = Some(st);
        let body = self.record_body(r);
        let (mut fields, packed) = body;
        unsafe { LLVMStructSetBody(st, fields.as_mut_ptr(), fields.len() as u32, packed as i32) };
        st
    }

    fn record_body(&mut self, r: RecordId) -> (Vec<T>, bool) {
        let rec = &self.defs.records[r];
        let ir = self.ir;
        let bytes = |n: u64| ir.array(ir.i8(), n);
        if !rec.complete || rec.size == 0 {
            return (vec![bytes(rec.size)], false);
        }
        let size = rec.size;
        // Bit-fields' bytes are padding to LLVM (they are reached through their units).
        let fields: Vec<(u64, Ty)> = rec
            .fields
            .iter()
            .filter(|f| f.bits.is_none())
            .map(|f| (f.offset, f.ty.clone()))
            .collect();
        if rec.is_union {
            let best = fields
                .iter()
                .filter(|(_, t)| self.size_of(t) > 0)
                .max_by(|a, b| {
                    let (sa, aa) = size_align(self.defs, &a.1);
                    let (sb, ab) = size_align(self.defs, &b.1);
                    // Highest alignment, then largest size, then the first one.
                    (aa, sa).cmp(&(ab, sb)).then(std::cmp::Ordering::Greater)
                })
                .cloned();
            if let Some((_, t)) = best {
                let s = self.size_of(&t);
                let mt = self.mem(&t);
                for packed in [false, true] {
                    let mut elems = vec![mt];
                    if s < size {
                        elems.push(bytes(size - s));
                    }
                    if self.check(&elems, packed, &[(0, 0)], size) {
                        return (elems, packed);
                    }
                }
            }
            return (vec![bytes(size)], false);
        }
        for packed in [false, true] {
            if let Some((elems, expect)) = self.try_struct(&fields, size, packed) {
                if self.check(&elems, packed, &expect, size) {
                    return (elems, packed);
                }
            }
        }
        (vec![bytes(size)], false)
    }

    /// Struct elements for `fields` at their offsets, plus (element index, offset) pairs to check.
    #[allow(clippy::type_complexity)]
    fn try_struct(&mut self, fields: &[(u64, Ty)], size: u64, packed: bool) -> Option<(Vec<T>, Vec<(u32, u64)>)> {
        let ir = self.ir;
        let mut elems = Vec::new();
        let mut expect = Vec::new();
        let mut cur = 0u64;
        for (off, ty) in fields {
            let fs = self.size_of(ty);
            if fs == 0 {
                continue;
            }
            if *off < cur {
                return None;
            }
            let mt = self.mem(ty);
            let fa = if packed {
                1
            } else {
                (unsafe { LLVMABIAlignmentOfType(self.td, mt) }) as u64
            };
            if align_up(cur, fa) != *off {
                elems.push(ir.array(ir.i8(), off - cur));
                cur = *off;
                if align_up(cur, fa) != *off {
                    return None;
                }
            }
            expect.push((elems.len() as u32, *off));
            elems.push(mt);
            cur = off + fs;
        }
        if cur > size {
            return None;
        }
        if cur < size {
            elems.push(ir.array(ir.i8(), size - cur));
        }
        Some((elems, expect))
    }

    fn check(&self, elems: &[T], packed: bool, expect: &[(u32, u64)], size: u64) -> bool {
        let lit = self.ir.struct_ty(elems, packed);
        unsafe {
            if LLVMABISizeOfType(self.td, lit) != size {
                return false;
            }
            expect
                .iter()
                .all(|(i, off)| LLVMOffsetOfElement(self.td, lit, *i) == *off)
        }
    }
}
