//! `__nv_tex_surf_handler("OP", ptr, obj, args...)`: the compiler builtin behind the toolkit's
//! texture and surface object functions (texture_indirect_functions.h,
//! surface_indirect_functions.h), lowered by its operation literal to the PTX instruction cicc
//! selects (checked against nvcc 13's `-ptx`):
//!
//! - textures: the four-component `tex[.level].GEOM.v4.{f32|s32|u32}.{f32|s32}` (`tld4.C` for
//!   `__itex2Dgather`, component C chosen by the `comp` argument), from whose result the element
//!   type T (`*ptr`) takes its components, narrower integers truncated; no side effects (a
//!   texture is read-only while a kernel runs);
//! - surfaces: `suld.b.GEOM[.v2|.v4].bN.MODE` / `sust.b...` of T's component size and count,
//!   its bits moved unchanged (float components travel as `b32`), with side effects; the
//!   boundary mode argument selects `.zero` (0), `.clamp` (1) or `.trap` (other), a branch that
//!   folds once the caller is inlined.
//!
//! Layered and cube geometries put the layer (face) first: `{layer, x, y, y}`; 3D coordinates
//! repeat z to fill the 4-vector. The instruction text is the one warpc's prelude wrote as
//! inline PTX before its texture functions called the handler too, so the PTX did not change.
//! Sparse (`_sparse`) and gradient (`Grad`) operations are `unsupported` errors.

use crate::func::Lowerer;
use crate::ir::V;
use inkwell::llvm_sys::LLVMOpcode as Op;
use warpc_hir::thir::{CastKind, ExprKind, TExprId};
use warpc_hir::ty::{FloatKind, IntKind, Ty, TyKind};

/// A coordinate argument's type.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Arg {
    F,
    I,
}
use Arg::{F, I};

/// One texture operation: its PTX geometry, its arguments after `obj` (in the handler's order),
/// which of them form the coordinate vector (in PTX order), and where its level of detail is.
struct TexOp {
    name: &'static str,
    geom: &'static str,
    args: &'static [Arg],
    coords: &'static [usize],
    level: Option<usize>,
    gather: bool,
}

const fn tex(name: &'static str, geom: &'static str, args: &'static [Arg], coords: &'static [usize]) -> TexOp {
    TexOp {
        name,
        geom,
        args,
        coords,
        level: None,
        gather: false,
    }
}

const fn lod(name: &'static str, geom: &'static str, args: &'static [Arg], coords: &'static [usize]) -> TexOp {
    TexOp {
        name,
        geom,
        args,
        coords,
        level: Some(args.len() - 1),
        gather: false,
    }
}

const TEX_OPS: &[TexOp] = &[
    tex("__itex1Dfetch", "1d", &[I], &[0]),
    tex("__itex1D", "1d", &[F], &[0]),
    tex("__itex2D", "2d", &[F, F], &[0, 1]),
    tex("__itex3D", "3d", &[F, F, F], &[0, 1, 2, 2]),
    tex("__itex1DLayered", "a1d", &[F, I], &[1, 0]),
    tex("__itex2DLayered", "a2d", &[F, F, I], &[2, 0, 1, 1]),
    tex("__itexCubemap", "cube", &[F, F, F], &[0, 1, 2, 2]),
    tex("__itexCubemapLayered", "acube", &[F, F, F, I], &[3, 0, 1, 2]),
    TexOp {
        name: "__itex2Dgather",
        geom: "2d",
        args: &[F, F, I],
        coords: &[0, 1],
        level: None,
        gather: true,
    },
    lod("__itex1DLod", "1d", &[F, F], &[0]),
    lod("__itex2DLod", "2d", &[F, F, F], &[0, 1]),
    lod("__itex3DLod", "3d", &[F, F, F, F], &[0, 1, 2, 2]),
    lod("__itex1DLayeredLod", "a1d", &[F, I, F], &[1, 0]),
    lod("__itex2DLayeredLod", "a2d", &[F, F, I, F], &[2, 0, 1, 1]),
    lod("__itexCubemapLod", "cube", &[F, F, F, F], &[0, 1, 2, 2]),
    lod("__itexCubemapLayeredLod", "acube", &[F, F, F, I, F], &[3, 0, 1, 2]),
];

/// One surface geometry: the handler's integer coordinates (then the boundary mode) and their
/// PTX order. Cube maps are layered 2D surfaces (the face is the layer).
const SURF_GEOMS: &[(&str, &str, usize, &[usize])] = &[
    ("1D", "1d", 1, &[0]),
    ("2D", "2d", 2, &[0, 1]),
    ("3D", "3d", 3, &[0, 1, 2, 2]),
    ("1DLayered", "a1d", 2, &[1, 0]),
    ("2DLayered", "a2d", 3, &[2, 0, 1, 1]),
    ("Cubemap", "a2d", 3, &[2, 0, 1, 1]),
    ("CubemapLayered", "a2d", 3, &[2, 0, 1, 1]),
];

/// The element type T of a texel or surface element: its component type and count (a scalar,
/// or one of CUDA's vector types `char1`..`float4`, whose fields are x, y, z, w).
fn components(defs: &warpc_hir::def_map::DefMap, t: &Ty) -> Option<(Ty, u64)> {
    let scalar = |t: &Ty| match &t.kind {
        TyKind::Float(FloatKind::F32) => true,
        TyKind::Int(k) => !matches!(k, IntKind::Bool | IntKind::Char16 | IntKind::Char32 | IntKind::WChar),
        _ => false,
    };
    match &t.kind {
        TyKind::Record(id) => {
            let rec = defs.record(*id);
            let first = rec.fields.first()?.ty.unqualified();
            let names = ["x", "y", "z", "w"];
            let ok = matches!(rec.fields.len(), 1 | 2 | 4)
                && scalar(&first)
                && rec.fields.iter().enumerate().all(|(i, f)| {
                    f.bits.is_none() && f.ty.unqualified() == first && f.name.as_deref() == Some(names[i])
                });
            ok.then_some((first, rec.fields.len() as u64))
        }
        _ if scalar(t) => Some((t.unqualified(), 1)),
        _ => None,
    }
}

/// The string of a literal argument (through its array-to-pointer conversion).
fn literal(body: &warpc_hir::thir::TypedBody, mut e: TExprId) -> Option<String> {
    loop {
        match &body.expr(e).kind {
            ExprKind::Cast(CastKind::ArrayToPtr | CastKind::PtrToPtr | CastKind::Load, inner) => e = *inner,
            ExprKind::StringConst(bytes) => {
                let bytes = bytes.strip_suffix(&[0]).unwrap_or(bytes);
                return String::from_utf8(bytes.to_vec()).ok();
            }
            _ => return None,
        }
    }
}

impl Lowerer<'_, '_, '_> {
    /// `__nv_tex_surf_handler(op, ptr, obj, args...)`; an operation it does not know, or one
    /// with other arguments than the toolkit's headers pass, is an `unsupported` error.
    pub(crate) fn tex_surf_handler(&mut self, args: &[TExprId]) {
        let Some(op) = args.first().and_then(|a| literal(self.body, *a)) else {
            self.m.error(
                "unsupported",
                "unsupported: __nv_tex_surf_handler without a string literal operation",
            );
            return;
        };
        let unsupported = |this: &mut Self, why: &str| {
            this.m.error(
                "unsupported",
                format!("unsupported: __nv_tex_surf_handler(\"{op}\", ...): {why}"),
            );
        };
        let elem = args
            .get(1)
            .and_then(|a| self.body.expr(*a).ty.pointee().cloned())
            .map(|t| t.unqualified());
        let Some((comp, n)) = elem.as_ref().and_then(|t| components(self.m.defs, t)) else {
            return unsupported(self, "the element is not a texel or surface element type");
        };
        let surface = op
            .strip_prefix("__isurf")
            .and_then(|o| {
                o.strip_suffix("read")
                    .map(|g| (g, false))
                    .or_else(|| o.strip_suffix("write_v2").map(|g| (g, true)))
            })
            .and_then(|(g, write)| SURF_GEOMS.iter().find(|s| s.0 == g).map(|s| (s, write)));
        if let Some(t) = TEX_OPS.iter().find(|t| t.name == op) {
            if args.len() != 3 + t.args.len() {
                return unsupported(self, &format!("{} arguments", args.len()));
            }
            self.texture(t, &args[1..], &comp, n);
        } else if let Some((&(_, geom, ncoords, order), write)) = surface {
            if args.len() != 3 + ncoords + 1 {
                return unsupported(self, &format!("{} arguments", args.len()));
            }
            self.surface(geom, order, write, &args[1..], &comp, n);
        } else if op.contains("_sparse") || op.contains("Grad") {
            unsupported(self, "sparse and gradient texture fetches are not implemented");
        } else {
            unsupported(self, "not a texture or surface operation");
        }
    }

    /// `args[k]` (a promoted variadic argument) as `want` (`float` or `int`).
    fn handler_arg(&mut self, e: TExprId, want: Arg) -> V {
        let from = self.body.expr(e).ty.clone();
        let v = self.rvalue(e);
        let to = match want {
            F => Ty::float(FloatKind::F32),
            I => Ty::int(IntKind::Int),
        };
        self.convert(v, &from, &to)
    }

    /// `args` = `[ptr, obj, coordinates...]`.
    fn texture(&mut self, t: &TexOp, args: &[TExprId], comp: &Ty, n: u64) {
        let ir = self.ir;
        let ptr = self.rvalue(args[0]);
        let obj = self.rvalue(args[1]);
        let vals: Vec<V> = t
            .args
            .iter()
            .enumerate()
            .map(|(i, a)| self.handler_arg(args[2 + i], *a))
            .collect();
        // The result kind: f32 for float elements, s32/u32 by the component's signedness.
        let (rt, letter, reg) = match &comp.kind {
            TyKind::Float(_) => ("f32", "f", ir.f32()),
            TyKind::Int(k) if k.is_signed() => ("s32", "r", ir.i32()),
            _ => ("u32", "r", ir.i32()),
        };
        let ct = if t.name == "__itex1Dfetch" { "s32" } else { "f32" };
        // Inputs: obj, then each coordinate argument once, in the order PTX names them.
        let mut inputs = vec![obj];
        let mut constraints: Vec<String> = (0..4).map(|_| format!("={letter}")).collect();
        constraints.push("l".into());
        let mut slot = vec![usize::MAX; t.args.len()];
        let mut operand = |i: usize, inputs: &mut Vec<V>, constraints: &mut Vec<String>| -> String {
            if slot[i] == usize::MAX {
                slot[i] = 5 + inputs.len() - 1;
                inputs.push(vals[i]);
                constraints.push(if t.args[i] == F { "f" } else { "r" }.into());
            }
            format!("${}", slot[i])
        };
        let coords: Vec<String> = t
            .coords
            .iter()
            .map(|&i| operand(i, &mut inputs, &mut constraints))
            .collect();
        let level = t.level.map(|i| operand(i, &mut inputs, &mut constraints));
        let coords = coords.join(", ");
        let level = level.map(|l| format!(", {l}")).unwrap_or_default();
        let ret = ir.struct_ty(&[reg; 4], false);
        let constraints = constraints.join(",");
        let raw = if t.gather {
            let comp_sel = vals[2];
            let templates: Vec<(Option<u64>, Option<String>)> = ["r", "g", "b", "a"]
                .iter()
                .enumerate()
                .map(|(k, c)| {
                    (
                        Some(k as u64),
                        Some(format!(
                            "tld4.{c}.{}.v4.{rt}.f32 {{$0, $1, $2, $3}}, [$4, {{{coords}}}];",
                            t.geom
                        )),
                    )
                })
                .collect();
            self.asm_by_case(comp_sel, &templates, ret, &inputs, &constraints, false)
        } else {
            let level_prefix = if t.level.is_some() { "level." } else { "" };
            let asm = format!(
                "tex.{level_prefix}{}.v4.{rt}.{ct} {{$0, $1, $2, $3}}, [$4, {{{coords}}}]{level};",
                t.geom
            );
            let call = self.pure_asm(ret, &inputs, &asm, &constraints);
            (0..4).map(|k| ir.extract_value(call, k)).collect()
        };
        // T's components from the raw result.
        let raw_ty = match &comp.kind {
            TyKind::Float(_) => Ty::float(FloatKind::F32),
            TyKind::Int(k) if k.is_signed() => Ty::int(IntKind::Int),
            _ => Ty::int(IntKind::UInt),
        };
        let size = crate::types::size_align(self.m.defs, comp).0;
        for k in 0..n {
            let v = self.convert(raw[k as usize], &raw_ty, comp);
            let p = ir.gep_i8(ptr, k * size);
            self.store(p, v, comp);
        }
    }

    /// `args` = `[ptr, obj, coordinates..., mode]`; for a write, `ptr` points at the value.
    fn surface(&mut self, geom: &str, order: &[usize], write: bool, args: &[TExprId], comp: &Ty, n: u64) {
        let ir = self.ir;
        let ptr = self.rvalue(args[0]);
        let obj = self.rvalue(args[1]);
        let ncoords = args.len() - 3;
        let vals: Vec<V> = (0..ncoords).map(|i| self.handler_arg(args[2 + i], I)).collect();
        let mode = self.handler_arg(args[2 + ncoords], I);
        let size = crate::types::size_align(self.m.defs, comp).0;
        let bits = size * 8;
        let (letter, reg) = match bits {
            8 | 16 => ("h", ir.int(16)),
            32 => ("r", ir.i32()),
            _ => ("l", ir.i64()),
        };
        let bits_ty = Ty::int(match bits {
            8 => IntKind::UChar,
            16 => IntKind::UShort,
            32 => IntKind::UInt,
            _ => IntKind::ULongLong,
        });
        let vec = match n {
            1 => String::new(),
            n => format!(".v{n}"),
        };
        // Operands: the values (a read's outputs come first), obj, the coordinates once each.
        let values_at = if write { 1 + ncoords } else { 0 };
        let obj_at = if write { 0 } else { n as usize };
        let first_coord = obj_at + 1;
        let mut seen = Vec::new();
        for &i in order {
            if !seen.contains(&i) {
                seen.push(i);
            }
        }
        let coords: Vec<String> = order
            .iter()
            .map(|i| format!("${}", first_coord + seen.iter().position(|s| s == i).unwrap_or(0)))
            .collect();
        let coords = format!("[${obj_at}, {{{}}}]", coords.join(", "));
        let values = (0..n as usize)
            .map(|k| format!("${}", values_at + k))
            .collect::<Vec<_>>()
            .join(", ");
        let mut constraints: Vec<String> = Vec::new();
        let mut inputs = Vec::new();
        if !write {
            constraints.extend((0..n).map(|_| format!("={letter}")));
        }
        constraints.push("l".into());
        inputs.push(obj);
        for &i in &seen {
            constraints.push("r".into());
            inputs.push(vals[i]);
        }
        if write {
            for k in 0..n {
                let p = ir.gep_i8(ptr, k * size);
                let v = self.load(p, &bits_ty);
                let v = if bits == 8 { ir.cast(Op::LLVMZExt, v, reg) } else { v };
                constraints.push(letter.into());
                inputs.push(v);
            }
        }
        let constraints = constraints.join(",");
        let template = |m: &str| {
            if write {
                format!("sust.b.{geom}{vec}.b{bits}.{m} {coords}, {{{values}}};")
            } else {
                format!("suld.b.{geom}{vec}.b{bits}.{m} {{{values}}}, {coords};")
            }
        };
        let ret = match (write, n) {
            (true, _) => ir.void(),
            (false, 1) => reg,
            (false, n) => ir.struct_ty(&vec![reg; n as usize], false),
        };
        // cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, otherwise cudaBoundaryModeTrap.
        let templates = [
            (Some(0), Some(template("zero"))),
            (Some(1), Some(template("clamp"))),
            (None, Some(template("trap"))),
        ];
        let raw = self.asm_by_case(mode, &templates, ret, &inputs, &constraints, true);
        if !write {
            for k in 0..n {
                let v = raw[k as usize];
                let v = if bits == 8 {
                    ir.cast(Op::LLVMTrunc, v, ir.i8())
                } else {
                    v
                };
                let p = ir.gep_i8(ptr, k * size);
                self.store(p, v, &bits_ty);
            }
        }
    }

    /// Inline PTX without side effects that reads no memory.
    fn pure_asm(&mut self, ret: crate::ir::T, inputs: &[V], asm: &str, constraints: &str) -> V {
        let ir = self.ir;
        let call = ir.inline_asm_call(ret, inputs, asm, constraints, false);
        ir.add_call_attr(call, u32::MAX, ir.enum_attr("memory", 0));
        call
    }

    /// One of several inline PTX templates chosen by `sel`: `(Some(k), t)` for the case k,
    /// `(None, t)` for the default; a `None` template leaves the result undefined. A branch
    /// over the cases; the result's components (the fields of a struct `ret`, or the one
    /// value) are phis, as if each case stored them to a local.
    fn asm_by_case(
        &mut self,
        sel: V,
        templates: &[(Option<u64>, Option<String>)],
        ret: crate::ir::T,
        inputs: &[V],
        constraints: &str,
        side_effects: bool,
    ) -> Vec<V> {
        let ir = self.ir;
        let fields: Vec<crate::ir::T> = if ret == ir.void() {
            Vec::new()
        } else if ir.is_struct(ret) {
            ir.struct_fields(ret)
        } else {
            vec![ret]
        };
        let join = ir.append_block(self.f, "texsurf.end");
        let start = ir.current_block();
        let mut default = templates.iter().any(|(k, _)| k.is_none()).then_some(join);
        // Without a default case, the result is undefined where the branch skips every case.
        let mut incoming: Vec<Vec<(V, crate::ir::B)>> = fields
            .iter()
            .map(|t| {
                if default.is_none() {
                    vec![(ir.undef(*t), start)]
                } else {
                    Vec::new()
                }
            })
            .collect();
        let mut cases = Vec::new();
        for (k, t) in templates {
            let bb = ir.append_block(self.f, "texsurf.case");
            ir.position_at_end(bb);
            let v = match t {
                Some(asm) if side_effects => Some(ir.inline_asm_call(ret, inputs, asm, constraints, true)),
                Some(asm) => Some(self.pure_asm(ret, inputs, asm, constraints)),
                None => None,
            };
            for (i, t) in fields.iter().enumerate() {
                let c = match v {
                    Some(v) if ir.is_struct(ret) => ir.extract_value(v, i as u32),
                    Some(v) => v,
                    None => ir.undef(*t),
                };
                incoming[i].push((c, bb));
            }
            ir.br(join);
            match k {
                Some(k) => cases.push((ir.cint(ir.type_of(sel), *k), bb)),
                None => default = Some(bb),
            }
        }
        ir.position_at_end(start);
        ir.switch(sel, default.unwrap_or(join), &cases);
        ir.position_at_end(join);
        // The last component's phi first, the order SROA gives the prelude's local.
        let mut phis: Vec<V> = fields
            .iter()
            .zip(&incoming)
            .rev()
            .map(|(t, inc)| ir.phi(*t, inc))
            .collect();
        phis.reverse();
        phis
    }
}
