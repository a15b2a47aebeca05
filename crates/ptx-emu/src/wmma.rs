//! Warp matrix instructions: `wmma.load.{a,b,c}`, `wmma.store.d` and `wmma.mma`.
//!
//! **Fragment layout.** The PTX ISA leaves the distribution of a `wmma` fragment over the lanes
//! of a warp unspecified ("target architecture dependent", section *Matrix Fragments for WMMA*):
//! only the number of registers per lane and the elements each register packs are specified.
//! The emulator therefore uses its own fixed layout, chosen by [`crate::Emulator::wmma_layout`]:
//! slot `s = lane * E + i` (element `i` of the `E` a lane holds; registers pack elements low bits
//! first) holds the element at row-major index `p(s) mod (rows * cols)` of the logical matrix
//! (`A` is M x K, `B` K x N, `C`/`D` M x N), with `p(s) = s` for layout 0 and an odd-multiplier
//! permutation of the slots for layout 1. Fragments that hold more slots than the matrix has
//! elements (`.f16` A/B: 16 elements a lane, so `m16n16k16` holds each element twice) replicate
//! elements; `wmma.mma` reads the first slot that holds an element. Every load, store and mma
//! agrees with the same layout, so load -> mma -> store computes `D = A * B + C` whatever the
//! layout; a kernel whose result depends on the layout (it reads or writes `frag.x[i]`
//! non-uniformly) relies on unspecified behaviour, which running it under both layouts detects.
//!
//! **Execution.** `wmma.load`/`wmma.store` run per lane (each lane moves its own slots; the
//! address and stride must be warp-uniform, as PTX requires, but are not checked).
//! `wmma.mma` is a warp collective: it waits until every lane of the warp reaches it, gathers
//! the fragments of all 32 lanes, computes the product and scatters `D`. A partial warp, exited
//! lanes or lanes at different instructions are errors (`.sync.aligned`).
//!
//! **Arithmetic.** Floating point (`.f16`, `.bf16`, `.tf32` inputs): each product is exact in
//! f64, `C + sum over k` is summed in f64 in increasing `k` and rounded once to the destination
//! format, round to nearest even (PTX does not specify the internal precision of the
//! accumulation; a GPU may round differently). `.tf32` inputs ignore the low 13 mantissa bits of
//! the 32-bit register. `.f64` (`m8n8k4.rn`): a chain of fused multiply-adds in increasing `k`.
//! Integers: exact, then wrapped to 32 bits, or clamped with `.satfinite`. `.b1`: `C + popc(row
//! XOR/AND column)`.

use crate::float::{canon32, canon64, f64_to_half, half_to_f64, Half};
use crate::module::Rnd;
use crate::parse::Space;

/// An element type of a fragment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum El {
    F16,
    Bf16,
    Tf32,
    F32,
    F64,
    S8,
    U8,
    S4,
    U4,
    B1,
    S32,
}

impl El {
    fn parse(s: &str) -> Option<El> {
        Some(match s {
            "f16" => El::F16,
            "bf16" => El::Bf16,
            "tf32" => El::Tf32,
            "f32" => El::F32,
            "f64" => El::F64,
            "s8" => El::S8,
            "u8" => El::U8,
            "s4" => El::S4,
            "u4" => El::U4,
            "b1" => El::B1,
            "s32" => El::S32,
            _ => return None,
        })
    }
    /// Bits of one element in memory and in a register.
    pub fn bits(self) -> u32 {
        match self {
            El::F16 | El::Bf16 => 16,
            El::Tf32 | El::F32 | El::S32 => 32,
            El::F64 => 64,
            El::S8 | El::U8 => 8,
            El::S4 | El::U4 => 4,
            El::B1 => 1,
        }
    }
    /// Elements packed in one fragment register.
    pub fn per_reg(self) -> u32 {
        match self {
            El::F16 | El::Bf16 => 2,
            El::S8 | El::U8 => 4,
            El::S4 | El::U4 => 8,
            El::B1 => 32,
            _ => 1,
        }
    }
    fn float(self) -> bool {
        matches!(self, El::F16 | El::Bf16 | El::Tf32 | El::F32 | El::F64)
    }
    /// The value of raw element bits (floats).
    fn fval(self, b: u64) -> f64 {
        match self {
            El::F16 => half_to_f64(b as u16, Half::F16),
            El::Bf16 => half_to_f64(b as u16, Half::Bf16),
            El::Tf32 => f32::from_bits(b as u32 & 0xffff_e000) as f64,
            El::F32 => f32::from_bits(b as u32) as f64,
            El::F64 => f64::from_bits(b),
            _ => 0.0,
        }
    }
    /// The value of raw element bits (integers).
    fn ival(self, b: u64) -> i64 {
        match self {
            El::S8 => b as u8 as i8 as i64,
            El::U8 => (b & 0xff) as i64,
            El::S4 => ((b as u8) << 4) as i8 as i64 >> 4,
            El::U4 => (b & 0xf) as i64,
            El::B1 => (b & 1) as i64,
            El::S32 => b as u32 as i32 as i64,
            _ => 0,
        }
    }
}

/// The matrix of a `wmma.load`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mat {
    A,
    B,
    C,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    Load(Mat),
    Store,
    /// Types of D, A, B, C; the single-bit operation (`xor`/`and`, with `.popc`).
    Mma {
        d: El,
        a: El,
        b: El,
        c: El,
        bop: Option<&'static str>,
    },
}

/// A decoded `wmma` opcode.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    pub kind: Kind,
    pub m: u32,
    pub n: u32,
    pub k: u32,
    /// Column-major: the memory layout of a load/store (`[0]`), of A and B for an mma.
    pub col: [bool; 2],
    /// The element type of a load/store.
    pub el: El,
    pub space: Option<Space>,
    pub satfinite: bool,
}

/// Fragment geometry: (rows, cols, elements a lane holds).
fn geometry(s: &Spec, mat: Mat, el: El) -> Result<(u32, u32, u32), String> {
    let (rows, cols) = match mat {
        Mat::A => (s.m, s.k),
        Mat::B => (s.k, s.n),
        Mat::C => (s.m, s.n),
    };
    let shape = (s.m, s.n, s.k);
    let ok = match el {
        El::F16 | El::Bf16 | El::S8 | El::U8 => matches!(shape, (16, 16, 16) | (32, 8, 16) | (8, 32, 16)),
        El::Tf32 => shape == (16, 16, 8),
        El::F64 => shape == (8, 8, 4),
        El::S4 | El::U4 => shape == (8, 8, 32),
        El::B1 => shape == (8, 8, 128),
        El::F32 => matches!(shape, (16, 16, 16) | (32, 8, 16) | (8, 32, 16) | (16, 16, 8)) && mat == Mat::C,
        El::S32 => {
            matches!(
                shape,
                (16, 16, 16) | (32, 8, 16) | (8, 32, 16) | (8, 8, 32) | (8, 8, 128)
            ) && mat == Mat::C
        }
    };
    let ok = ok
        && match mat {
            Mat::A | Mat::B => !matches!(el, El::F32 | El::S32) && (el != El::F64 || shape == (8, 8, 4)),
            Mat::C => matches!(el, El::F16 | El::F32 | El::S32 | El::F64),
        };
    if !ok {
        return Err(format!(
            "wmma: no {} fragment of type .{} for shape m{}n{}k{}",
            match mat {
                Mat::A => "A",
                Mat::B => "B",
                Mat::C => "C/D",
            },
            format!("{el:?}").to_lowercase(),
            s.m,
            s.n,
            s.k
        ));
    }
    // `.f16` multiplicands: eight `.f16x2` registers a lane for every shape.
    let per_lane = if el == El::F16 && mat != Mat::C {
        16
    } else {
        rows * cols / 32
    };
    Ok((rows, cols, per_lane))
}

pub fn parse(text: &str) -> Result<Spec, String> {
    let bad = |what: &str| format!("unsupported wmma form `{text}` ({what})");
    let mut parts = text.split('.').skip(1);
    let op = parts.next().unwrap_or("");
    let mut kind = match op {
        "load" => match parts.next() {
            Some("a") => Kind::Load(Mat::A),
            Some("b") => Kind::Load(Mat::B),
            Some("c") => Kind::Load(Mat::C),
            _ => return Err(bad("matrix")),
        },
        "store" => match parts.next() {
            Some("d") => Kind::Store,
            _ => return Err(bad("matrix")),
        },
        "mma" => Kind::Mma {
            d: El::F32,
            a: El::F16,
            b: El::F16,
            c: El::F32,
            bop: None,
        },
        _ => return Err(bad("operation")),
    };
    let mut s = Spec {
        kind: Kind::Store,
        m: 0,
        n: 0,
        k: 0,
        col: [false; 2],
        el: El::F32,
        space: None,
        satfinite: false,
    };
    let mut layouts = Vec::new();
    let mut tys = Vec::new();
    let mut bop = None;
    for p in parts {
        match p {
            "sync" | "aligned" | "popc" => {}
            "row" => layouts.push(false),
            "col" => layouts.push(true),
            "global" => s.space = Some(Space::Global),
            "shared" | "shared::cta" => s.space = Some(Space::Shared),
            "satfinite" => s.satfinite = true,
            // the only rounding of `.f64` mma
            "rn" => {}
            "xor" => bop = Some("xor"),
            "and" => bop = Some("and"),
            _ if p.starts_with('m') && p.contains('n') && p.contains('k') => {
                let nums: Vec<u32> = p[1..]
                    .split(['n', 'k'])
                    .map(|x| x.parse().map_err(|_| bad("shape")))
                    .collect::<Result<_, _>>()?;
                let [m, n, k] = nums[..] else { return Err(bad("shape")) };
                (s.m, s.n, s.k) = (m, n, k);
            }
            _ => match El::parse(p) {
                Some(e) => tys.push(e),
                None => return Err(bad(&format!("qualifier .{p}"))),
            },
        }
    }
    if s.m == 0 {
        return Err(bad("no shape"));
    }
    match &mut kind {
        Kind::Mma { d, a, b, c, bop: o } => {
            if layouts.len() != 2 {
                return Err(bad("layouts"));
            }
            s.col = [layouts[0], layouts[1]];
            match tys[..] {
                [dt, ct] => (*d, *c) = (dt, ct),
                [dt, at, bt, ct] => (*d, *a, *b, *c) = (dt, at, bt, ct),
                _ => return Err(bad("types")),
            }
            *o = bop;
            if (*a == El::B1) != bop.is_some() || a != b || d != c && !(d.float() && c.float()) {
                return Err(bad("types"));
            }
            let (a, b, c, d) = (*a, *b, *c, *d);
            s.kind = kind.clone();
            geometry(&s, Mat::A, a)?;
            geometry(&s, Mat::B, b)?;
            geometry(&s, Mat::C, c)?;
            geometry(&s, Mat::C, d)?;
        }
        _ => {
            if layouts.len() != 1 || tys.len() != 1 {
                return Err(bad("layout or type"));
            }
            s.col[0] = layouts[0];
            s.el = tys[0];
            s.kind = kind.clone();
            let mat = match kind {
                Kind::Load(m) => m,
                _ => Mat::C,
            };
            geometry(&s, mat, s.el)?;
        }
    }
    Ok(s)
}

/// The logical element held by slot `e` of `lane` (see the module docs).
pub fn slot_elem(layout: u32, lane: u32, e: u32, per_lane: u32, total: u32) -> u32 {
    let slots = 32 * per_lane;
    let s = lane * per_lane + e;
    let p = if layout == 0 {
        s
    } else {
        (s.wrapping_mul(0x9e37_79b1) ^ (slots / 2 + 5)) & (slots - 1)
    };
    p % total
}

/// Where a load/store goes: (rows, cols, per_lane, element type).
pub fn access_geometry(s: &Spec) -> Result<(u32, u32, u32), String> {
    let mat = match s.kind {
        Kind::Load(m) => m,
        _ => Mat::C,
    };
    geometry(s, mat, s.el)
}

/// The bit offset in memory of logical element `j` (row-major index) of a `rows x cols`
/// matrix stored with stride `ldm` elements.
pub fn elem_bit_offset(s: &Spec, j: u32, cols: u32, ldm: u64) -> u64 {
    let (r, c) = ((j / cols) as u64, (j % cols) as u64);
    let idx = if s.col[0] { c * ldm + r } else { r * ldm + c };
    idx * s.el.bits() as u64
}

/// The default stride: the row length (row-major) or column height.
pub fn default_stride(s: &Spec, rows: u32, cols: u32) -> u64 {
    if s.col[0] {
        rows as u64
    } else {
        cols as u64
    }
}

/// Packs elements into fragment registers.
pub fn pack(el: El, elems: &[u64]) -> Vec<u64> {
    let (per, bits) = (el.per_reg() as usize, el.bits());
    let m = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    elems
        .chunks(per)
        .map(|ch| {
            ch.iter()
                .enumerate()
                .fold(0u64, |r, (i, &x)| r | (x & m) << (i as u32 * bits))
        })
        .collect()
}

/// Unpacks fragment registers into elements.
pub fn unpack(el: El, regs: &[u64]) -> Vec<u64> {
    let (per, bits) = (el.per_reg(), el.bits());
    let m = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    regs.iter()
        .flat_map(|&r| (0..per).map(move |i| (r >> (i * bits)) & m))
        .collect()
}

/// Registers a fragment of `el` with `per_lane` elements takes.
pub fn nregs(el: El, per_lane: u32) -> usize {
    (per_lane / el.per_reg()) as usize
}

/// The warp's `wmma.mma`: `frags[lane] = (A, B, C)` registers of each of the 32 lanes; returns
/// the D registers of each lane.
pub fn mma(s: &Spec, layout: u32, frags: &[[Vec<u64>; 3]]) -> Result<Vec<Vec<u64>>, String> {
    let Kind::Mma { d, a, b, c, bop } = s.kind.clone() else {
        return Err("not a wmma.mma".into());
    };
    let ga = geometry(s, Mat::A, a)?;
    let gb = geometry(s, Mat::B, b)?;
    let gc = geometry(s, Mat::C, c)?;
    let gather = |which: usize, el: El, (rows, cols, per): (u32, u32, u32)| -> Result<Vec<u64>, String> {
        let total = rows * cols;
        let mut v: Vec<Option<u64>> = vec![None; total as usize];
        for (lane, f) in frags.iter().enumerate() {
            let regs = &f[which];
            if regs.len() != nregs(el, per) {
                return Err(format!(
                    "wmma.mma: operand {} has {} registers, the fragment needs {}",
                    "abc".as_bytes()[which] as char,
                    regs.len(),
                    nregs(el, per)
                ));
            }
            for (e, x) in unpack(el, regs).into_iter().enumerate() {
                let j = slot_elem(layout, lane as u32, e as u32, per, total) as usize;
                v[j].get_or_insert(x);
            }
        }
        Ok(v.into_iter().map(|x| x.unwrap_or(0)).collect())
    };
    let (am, bm, cm) = (gather(0, a, ga)?, gather(1, b, gb)?, gather(2, c, gc)?);
    let (mm, nn, kk) = (s.m as usize, s.n as usize, s.k as usize);
    // The layouts of A and B (`.row`/`.col`) describe memory, which the loads have resolved:
    // fragments hold logical matrices in this emulator.
    let mut dm = vec![0u64; mm * nn];
    for i in 0..mm {
        for j in 0..nn {
            let ce = cm[i * nn + j];
            dm[i * nn + j] = if let Some(op) = bop {
                let mut acc = El::S32.ival(ce);
                for q in 0..kk {
                    let (x, y) = (am[i * kk + q] & 1, bm[q * nn + j] & 1);
                    acc += if op == "xor" { (x ^ y) as i64 } else { (x & y) as i64 };
                }
                acc as u32 as u64
            } else if !a.float() {
                let mut acc = El::S32.ival(ce);
                for q in 0..kk {
                    acc += a.ival(am[i * kk + q]) * b.ival(bm[q * nn + j]);
                }
                let r = if s.satfinite {
                    acc.clamp(i32::MIN as i64, i32::MAX as i64)
                } else {
                    acc
                };
                r as u32 as u64
            } else if a == El::F64 {
                let mut acc = c.fval(ce);
                for q in 0..kk {
                    acc = a.fval(am[i * kk + q]).mul_add(b.fval(bm[q * nn + j]), acc);
                }
                canon64(acc)
            } else {
                let mut acc = c.fval(ce);
                for q in 0..kk {
                    acc += a.fval(am[i * kk + q]) * b.fval(bm[q * nn + j]);
                }
                if s.satfinite {
                    acc = if acc.is_nan() {
                        0.0
                    } else {
                        acc.clamp(-max_finite(d), max_finite(d))
                    };
                }
                match d {
                    El::F16 => f64_to_half(acc, Half::F16, Rnd::N) as u64,
                    _ => canon32(acc as f32) as u64,
                }
            };
        }
    }
    let (rows, cols, per) = geometry(s, Mat::C, d)?;
    let total = rows * cols;
    Ok((0..32u32)
        .map(|lane| {
            let elems: Vec<u64> = (0..per)
                .map(|e| dm[slot_elem(layout, lane, e, per, total) as usize])
                .collect();
            pack(d, &elems)
        })
        .collect())
}

fn max_finite(d: El) -> f64 {
    match d {
        El::F16 => 65504.0,
        _ => f32::MAX as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_forms_nvcc_and_warpc_emit() {
        let s = parse("wmma.load.a.sync.aligned.row.m16n16k16.global.f16").unwrap();
        assert_eq!(
            (s.kind, s.el, s.space, s.col[0]),
            (Kind::Load(Mat::A), El::F16, Some(Space::Global), false)
        );
        let s = parse("wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32").unwrap();
        assert!(matches!(
            s.kind,
            Kind::Mma {
                a: El::B1,
                bop: Some("xor"),
                ..
            }
        ));
        let s = parse("wmma.mma.sync.aligned.row.col.m8n32k16.s32.s8.s8.s32.satfinite").unwrap();
        assert!(s.satfinite);
        assert!(parse("wmma.mma.sync.aligned.row.col.m8n8k4.rn.f64.f64.f64.f64").is_ok());
        assert!(parse("wmma.load.a.sync.aligned.row.m16n16k8.f16").is_err());
        assert!(parse("wmma.load.c.sync.aligned.row.m16n16k16.s8").is_err());
    }

    #[test]
    fn layouts_cover_every_element() {
        for layout in 0..2 {
            for (per, total) in [(16u32, 256u32), (16, 128), (8, 256), (1, 32), (32, 1024), (4, 128)] {
                let mut seen = vec![0u32; total as usize];
                for lane in 0..32 {
                    for e in 0..per {
                        seen[slot_elem(layout, lane, e, per, total) as usize] += 1;
                    }
                }
                assert!(seen.iter().all(|&c| c == 32 * per / total), "{layout} {per} {total}");
            }
        }
    }
}
