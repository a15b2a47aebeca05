//! Floating-point helpers: directed rounding (`.rz/.rm/.rp`) from an exact `hi + lo` pair,
//! flush-to-zero, saturation, canonical NaNs and PTX `min`/`max`.
//!
//! Directed-rounding results are exact for f32 add/sub/mul/fma/div/sqrt and f64 add/sub/mul/div/
//! sqrt (error-free transformations give the sign of the rounding error). f64 `fma` with a
//! directed mode takes the sign of the rounding error from an error-free product and sum, which
//! is exact except when the residual itself cancels below f64 precision (not seen in practice).

use crate::module::Rnd;

/// NaN results of arithmetic are the canonical NaN, as on NVIDIA GPUs.
pub fn canon32(f: f32) -> u32 {
    if f.is_nan() {
        0x7fff_ffff
    } else {
        f.to_bits()
    }
}

pub fn canon64(f: f64) -> u64 {
    if f.is_nan() {
        0x7fff_ffff_ffff_ffff
    } else {
        f.to_bits()
    }
}

pub fn ftz32(f: f32) -> f32 {
    if f.is_subnormal() {
        if f.is_sign_negative() {
            -0.0
        } else {
            0.0
        }
    } else {
        f
    }
}

/// `.sat`: clamp to [0, 1], NaN -> 0.
pub fn sat32(f: f32) -> f32 {
    if f.is_nan() {
        0.0
    } else {
        f.clamp(0.0, 1.0)
    }
}

pub fn sat64(f: f64) -> f64 {
    if f.is_nan() {
        0.0
    } else {
        f.clamp(0.0, 1.0)
    }
}

/// PTX min/max: a NaN operand yields the other operand; -0 < +0.
pub fn fminmax(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == b {
        // distinguishes -0/+0
        let an = a.is_sign_negative();
        return if an == max { b } else { a };
    }
    if (a > b) == max {
        a
    } else {
        b
    }
}

fn up32(f: f32) -> f32 {
    if f.is_nan() || f == f32::INFINITY {
        return f;
    }
    if f == 0.0 {
        return f32::from_bits(1);
    }
    let b = f.to_bits();
    f32::from_bits(if f > 0.0 { b + 1 } else { b - 1 })
}
fn down32(f: f32) -> f32 {
    -up32(-f)
}
fn up64(f: f64) -> f64 {
    if f.is_nan() || f == f64::INFINITY {
        return f;
    }
    if f == 0.0 {
        return f64::from_bits(1);
    }
    let b = f.to_bits();
    f64::from_bits(if f > 0.0 { b + 1 } else { b - 1 })
}
fn down64(f: f64) -> f64 {
    -up64(-f)
}

/// Rounds the exact value `hi + lo` (|lo| tiny relative to hi) to f32 with mode `r`.
pub fn round32(hi: f64, lo: f64, r: Rnd) -> f32 {
    let f = hi as f32;
    if !hi.is_finite() {
        // NaN, or an exact infinity (an infinite operand): no rounding
        return f;
    }
    if f.is_infinite() && hi.is_finite() {
        // overflowed
        return match r {
            Rnd::Z => f32::MAX.copysign(f),
            Rnd::M if f > 0.0 => f32::MAX,
            Rnd::P if f < 0.0 => f32::MIN,
            _ => f,
        };
    }
    let d = (hi - f as f64) + lo;
    match r {
        Rnd::N => f,
        Rnd::Z => {
            if d != 0.0 && (d < 0.0) != (f < 0.0) && f != 0.0 {
                if f > 0.0 {
                    down32(f)
                } else {
                    up32(f)
                }
            } else if f == 0.0 && d != 0.0 {
                0.0f32.copysign(d as f32)
            } else {
                f
            }
        }
        Rnd::M => {
            if d < 0.0 {
                down32(f)
            } else {
                f
            }
        }
        Rnd::P => {
            if d > 0.0 {
                up32(f)
            } else {
                f
            }
        }
    }
}

pub fn round64(hi: f64, lo: f64, r: Rnd) -> f64 {
    if lo == 0.0 || !hi.is_finite() {
        return hi;
    }
    match r {
        Rnd::N => hi,
        Rnd::Z => {
            if (lo < 0.0) != (hi < 0.0) {
                if hi > 0.0 {
                    down64(hi)
                } else {
                    up64(hi)
                }
            } else {
                hi
            }
        }
        Rnd::M => {
            if lo < 0.0 {
                down64(hi)
            } else {
                hi
            }
        }
        Rnd::P => {
            if lo > 0.0 {
                up64(hi)
            } else {
                hi
            }
        }
    }
}

fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, e)
}

/// IEEE 754 sign of an exact zero sum `a + b`: the operands' sign when both are zeros of the
/// same sign, else +0, except -0 when rounding toward -infinity.
fn exact_zero<T: Copy + Into<f64>>(a: T, b: T, r: Rnd) -> Option<f64> {
    let (a, b) = (a.into(), b.into());
    if a + b != 0.0 || a.is_nan() || b.is_nan() {
        return None;
    }
    if a == 0.0 && b == 0.0 && a.is_sign_negative() == b.is_sign_negative() {
        return Some(a);
    }
    Some(if r == Rnd::M { -0.0 } else { 0.0 })
}

pub fn add32_dir(a: f32, b: f32, r: Rnd) -> f32 {
    let (s, e) = two_sum(a as f64, b as f64);
    if s == 0.0 && e == 0.0 {
        if let Some(z) = exact_zero(a, b, r) {
            return z as f32;
        }
    }
    round32(s, e, r)
}

pub fn add64_dir(a: f64, b: f64, r: Rnd) -> f64 {
    if r == Rnd::N {
        return a + b;
    }
    if let Some(z) = exact_zero(a, b, r) {
        return z;
    }
    let (s, e) = two_sum(a, b);
    if !s.is_finite() {
        return s;
    }
    round64(s, e, r)
}

pub fn mul64_dir(a: f64, b: f64, r: Rnd) -> f64 {
    let p = a * b;
    if r == Rnd::N || !p.is_finite() {
        return p;
    }
    round64(p, a.mul_add(b, -p), r)
}

pub fn div64_dir(a: f64, b: f64, r: Rnd) -> f64 {
    let q = a / b;
    if r == Rnd::N || !q.is_finite() || q == 0.0 {
        return q;
    }
    let rem = (-q).mul_add(b, a);
    round64(q, rem / b, r)
}

pub fn sqrt64_dir(a: f64, r: Rnd) -> f64 {
    let s = a.sqrt();
    if r == Rnd::N || !s.is_finite() || s == 0.0 {
        return s;
    }
    let rem = (-s).mul_add(s, a);
    round64(s, rem / (2.0 * s), r)
}

pub fn fma32_dir(a: f32, b: f32, c: f32, r: Rnd) -> f32 {
    if r == Rnd::N {
        return a.mul_add(b, c);
    }
    let p = a as f64 * b as f64; // exact
    let (s, e) = two_sum(p, c as f64);
    if s == 0.0 && e == 0.0 {
        if let Some(z) = exact_zero(p, c as f64, r) {
            return z as f32;
        }
    }
    round32(s, e, r)
}

pub fn fma64_dir(a: f64, b: f64, c: f64, r: Rnd) -> f64 {
    let hi = a.mul_add(b, c);
    if r == Rnd::N || !hi.is_finite() || !(a.is_finite() && b.is_finite() && c.is_finite()) {
        return hi;
    }
    let p = a * b;
    let e = a.mul_add(b, -p); // a*b = p + e exactly (barring underflow)
    if hi == 0.0 && p + e == -c && e == 0.0 {
        if let Some(z) = exact_zero(p, c, r) {
            return z;
        }
    }
    let (s1, t1) = two_sum(p, c); // a*b + c = s1 + t1 + e
    let resid = (s1 - hi) + (t1 + e);
    round64(hi, resid, r)
}

pub fn div32_dir(a: f32, b: f32, r: Rnd) -> f32 {
    if r == Rnd::N {
        return a / b;
    }
    let q = a as f64 / b as f64;
    if !q.is_finite() || q == 0.0 {
        return q as f32;
    }
    let rem = (-q).mul_add(b as f64, a as f64);
    round32(q, rem / b as f64, r)
}

pub fn sqrt32_dir(a: f32, r: Rnd) -> f32 {
    let s = (a as f64).sqrt();
    if !s.is_finite() || s == 0.0 {
        return s as f32;
    }
    let rem = (-s).mul_add(s, a as f64);
    round32(s, rem / (2.0 * s), r)
}

/// `div.approx.f32`: the documented algorithm `a * rcp.approx(b)` in f32 (so its error is
/// rcp.approx's, see [`Approx`], plus one rounding), with the documented flush to zero for
/// 2^126 < |b| < 2^128.
pub fn div_approx32(a: f32, b: f32) -> f32 {
    let ab = b.abs();
    if ab > 2f32.powi(126) && ab.is_finite() {
        return 0.0f32.copysign(a) * b.signum();
    }
    a * Approx::Rcp.apply(b as f64, 1.0 / b as f64) as f32
}

/// The f32 approximate instructions, emulated *to their documented error* rather than exactly: the
/// exact result plus a deterministic error that is a smooth function of the input (so the same
/// input always gives the same result, and nearby inputs nearby results) and stays within the
/// PTX ISA's bound, after the final rounding to f32:
///
/// | instruction | documented bound | emulated error |
/// | --- | --- | --- |
/// | `rcp.approx.f32` | 1 ulp | 0.5 ulp x w(x), then rounding |
/// | `div.full.f32` | 2 ulps | 1.5 ulps x w(a / b), then rounding |
/// | `div.approx.f32` | 2 ulps (documented as `a * rcp.approx(b)`) | `a * rcp.approx(b)` rounded |
/// | `sqrt.approx.f32` | relative 2^-23 | relative (2^-23 - 2^-24) x w(x) |
/// | `rsqrt.approx.f32` | relative 2^-22.9 | relative (2^-22.9 - 2^-24) x w(x) |
/// | `ex2.approx.f32` | 2 ulps (relative 2^-22) | relative (2^-22 - 2^-24) x w(x) |
/// | `lg2.approx.f32` | absolute 2^-22.6 | min(2^-22.6, 2^-21 \|r\|) - ulp/2, x w(x) |
/// | `sin/cos.approx.f32` | absolute 2^-20.9 in [-pi, pi] | min(2^-20.9, 2^-20 \|r\|) - ulp/2, x w(x) |
/// | `tanh.approx.f32` | relative 2^-10.987 | relative (2^-11 - 2^-24) x w(x) |
///
/// with `w(x) = cos(7.389 x + 0.5)` in [-1, 1]. Exact results that are zero, infinite, NaN or
/// exactly representable in f32 are kept, as the hardware keeps them (sin(0) = 0, cos(0) = 1,
/// ex2 of an integer, lg2 of a power of two, rsqrt(4) = 0.5, 6 / 3 = 2). A precise `sinf` that a compiler lowers to `sin.approx`
/// therefore differs from the reference's correctly rounded libdevice result by up to ~30 ulps,
/// which the difftest's ulp bounds catch, while two modules that run the same approximate
/// instruction on the same input still agree bit for bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Approx {
    Rcp,
    DivFull,
    Sqrt,
    Rsqrt,
    Ex2,
    Lg2,
    Sin,
    Cos,
    Tanh,
}

impl Approx {
    /// The emulated result of the instruction for input `x` whose exact result is `r`.
    pub fn apply(self, x: f64, r: f64) -> f64 {
        if r == 0.0 || !r.is_finite() || !x.is_finite() || (r as f32) as f64 == r {
            return r;
        }
        let w = (7.389_056_098_930_65 * x + 0.5).cos();
        let ulp = ulp32(r);
        let rel = |b: f64| r * (1.0 + (b - 2f64.powi(-24)) * w);
        let abs = |b: f64, rel_cap: f64| r + (b.min(rel_cap * r.abs()) - ulp / 2.0).max(0.0) * w;
        match self {
            Approx::Rcp => r + 0.5 * ulp * w,
            Approx::DivFull => r + 1.5 * ulp * w,
            Approx::Sqrt => rel(2f64.powi(-23)),
            Approx::Rsqrt => rel(2f64.powf(-22.9)),
            Approx::Ex2 => rel(2f64.powi(-22)),
            Approx::Lg2 => abs(2f64.powf(-22.6), 2f64.powi(-21)),
            Approx::Sin | Approx::Cos => abs(2f64.powf(-20.9), 2f64.powi(-20)),
            Approx::Tanh => rel(2f64.powi(-11)),
        }
    }
}

/// The spacing of the f32 values at `r`'s magnitude (the ulp of the f32 nearest `r`).
pub fn ulp32(r: f64) -> f64 {
    let a = (r as f32).abs();
    if !a.is_finite() {
        return 0.0;
    }
    let next = f32::from_bits(a.to_bits() + 1);
    if next.is_finite() {
        (next - a) as f64
    } else {
        (a - f32::from_bits(a.to_bits() - 1)) as f64
    }
}

/// A 16-bit floating-point format: IEEE binary16 (`.f16`) or bfloat16 (`.bf16`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Half {
    F16,
    Bf16,
}

impl Half {
    fn exp_bits(self) -> u32 {
        match self {
            Half::F16 => 5,
            Half::Bf16 => 8,
        }
    }
    fn mant_bits(self) -> u32 {
        match self {
            Half::F16 => 10,
            Half::Bf16 => 7,
        }
    }
    /// The canonical NaN NVIDIA GPUs produce for 16-bit formats.
    pub const CANONICAL_NAN: u16 = 0x7fff;
}

/// The exact value of a 16-bit float.
pub fn half_to_f64(bits: u16, h: Half) -> f64 {
    match h {
        Half::Bf16 => f32::from_bits((bits as u32) << 16) as f64,
        Half::F16 => {
            let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
            let e = ((bits >> 10) & 0x1f) as i32;
            let m = (bits & 0x3ff) as f64;
            sign * match e {
                0 => m * 2f64.powi(-24),
                31 if m == 0.0 => f64::INFINITY,
                31 => f64::NAN,
                _ => (1024.0 + m) * 2f64.powi(e - 25),
            }
        }
    }
}

/// Rounds `x` (exact: any f32 or f64 value) to a 16-bit float with mode `r`: subnormals,
/// overflow to infinity or the largest finite value as the mode says, canonical NaN.
pub fn f64_to_half(x: f64, h: Half, r: Rnd) -> u16 {
    let (eb, mb) = (h.exp_bits(), h.mant_bits());
    let bias = (1i32 << (eb - 1)) - 1;
    let emin = 1 - bias;
    let emax = bias;
    let inf = (((1u32 << eb) - 1) << mb) as u16;
    let max_finite = inf - 1;
    if x.is_nan() {
        return Half::CANONICAL_NAN;
    }
    let neg = x.is_sign_negative();
    let sign = if neg { 0x8000u16 } else { 0 };
    let a = x.abs();
    if a.is_infinite() {
        return sign | inf;
    }
    if a == 0.0 {
        return sign;
    }
    // quantum of the result's binade (subnormal quantum below 2^emin)
    let e = if a >= 2f64.powi(emin) {
        ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023
    } else {
        emin
    };
    let q = 2f64.powi(e - mb as i32);
    let n = a / q; // exact: a power-of-two scaling
    let fl = n.floor();
    let frac = n - fl;
    // magnitude rounding: up when the mode rounds away from zero for this sign
    let up = match r {
        Rnd::N => frac > 0.5 || (frac == 0.5 && fl % 2.0 == 1.0),
        Rnd::Z => false,
        Rnd::M => neg && frac > 0.0,
        Rnd::P => !neg && frac > 0.0,
    };
    let v = (if up { fl + 1.0 } else { fl }) * q;
    if v >= 2f64.powi(emax + 1) {
        let to_inf = match r {
            Rnd::N => true,
            Rnd::Z => false,
            Rnd::M => neg,
            Rnd::P => !neg,
        };
        return sign | if to_inf { inf } else { max_finite };
    }
    if v < 2f64.powi(emin) {
        return sign | (v / 2f64.powi(emin - mb as i32)) as u16;
    }
    let ve = ((v.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let mant = (v / 2f64.powi(ve - mb as i32)) as u32 - (1 << mb);
    sign | ((((ve + bias) as u32) << mb) | mant) as u16
}

/// An FP8 format: `E4M3` (bias 7, no infinities, NaN `S.1111.111`, largest finite 448) or
/// `E5M2` (bias 15, IEEE-like with infinities, largest finite 57344).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fp8 {
    E4m3,
    E5m2,
}

impl Fp8 {
    /// (exponent bits, mantissa bits, largest finite encoding)
    fn shape(self) -> (i32, i32, u8) {
        match self {
            Fp8::E4m3 => (4, 3, 0x7e),
            Fp8::E5m2 => (5, 2, 0x7b),
        }
    }
    /// The NaN the conversions produce.
    pub const NAN: u8 = 0x7f;
}

/// The exact value of an FP8 number.
pub fn fp8_to_f64(bits: u8, f: Fp8) -> f64 {
    let (eb, mb, _) = f.shape();
    let bias = (1 << (eb - 1)) - 1;
    let sign = if bits & 0x80 != 0 { -1.0 } else { 1.0 };
    let e = ((bits as i32) >> mb) & ((1 << eb) - 1);
    let m = (bits as i32 & ((1 << mb) - 1)) as f64;
    let all_ones = (1 << eb) - 1;
    match f {
        Fp8::E4m3 if e == all_ones && m as i32 == (1 << mb) - 1 => return f64::NAN,
        Fp8::E5m2 if e == all_ones => return if m == 0.0 { sign * f64::INFINITY } else { f64::NAN },
        _ => {}
    }
    sign * if e == 0 {
        m * 2f64.powi(1 - bias - mb)
    } else {
        ((1 << mb) as f64 + m) * 2f64.powi(e - bias - mb)
    }
}

/// Rounds `x` (exact) to FP8 with mode `r`. Out of range values (and infinities) become the
/// largest finite value with `satfinite`, otherwise E5M2's infinity or E4M3's NaN; NaN is
/// [`Fp8::NAN`].
pub fn f64_to_fp8(x: f64, f: Fp8, r: Rnd, satfinite: bool) -> u8 {
    let (eb, mb, maxf) = f.shape();
    let bias = (1 << (eb - 1)) - 1;
    let emin = 1 - bias;
    if x.is_nan() {
        return Fp8::NAN;
    }
    let neg = x.is_sign_negative();
    let sign = if neg { 0x80u8 } else { 0 };
    let overflow = || match (satfinite, f) {
        (true, _) => sign | maxf,
        (false, Fp8::E5m2) => sign | 0x7c,
        (false, Fp8::E4m3) => Fp8::NAN,
    };
    let a = x.abs();
    if a.is_infinite() {
        return overflow();
    }
    if a == 0.0 {
        return sign;
    }
    let e = if a >= 2f64.powi(emin) {
        ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023
    } else {
        emin
    };
    let q = 2f64.powi(e - mb);
    let n = a / q;
    let fl = n.floor();
    let frac = n - fl;
    let up = match r {
        Rnd::N => frac > 0.5 || (frac == 0.5 && fl % 2.0 == 1.0),
        Rnd::Z => false,
        Rnd::M => neg && frac > 0.0,
        Rnd::P => !neg && frac > 0.0,
    };
    let v = (if up { fl + 1.0 } else { fl }) * q;
    if v > fp8_to_f64(maxf, f) {
        // A directed rounding towards zero stays at the largest finite value.
        let toward_zero = matches!(r, Rnd::Z) || (matches!(r, Rnd::M) && !neg) || (matches!(r, Rnd::P) && neg);
        return if toward_zero { sign | maxf } else { overflow() };
    }
    if v < 2f64.powi(emin) {
        return sign | (v / 2f64.powi(emin - mb)) as u8;
    }
    let ve = ((v.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let mant = (v / 2f64.powi(ve - mb)) as u32 - (1 << mb);
    sign | ((((ve + bias) as u32) << mb) | mant) as u8
}

#[cfg(test)]
mod approx_tests {
    use super::*;

    fn ulps(a: f32, b: f32) -> u64 {
        (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs()
    }

    /// Every approximate instruction stays within its documented bound, is deterministic, and
    /// differs from the correctly rounded result by enough ulps to be caught.
    #[test]
    fn approx_within_documented_bounds() {
        let mut worst_sin = 0;
        for k in 0..20000 {
            let x = (k as f32 / 20000.0 - 0.5) * 2.0 * std::f32::consts::PI;
            let xd = x as f64;
            let s = Approx::Sin.apply(xd, xd.sin()) as f32;
            assert!((s as f64 - xd.sin()).abs() <= 2f64.powf(-20.9), "sin({x})");
            assert_eq!(s, Approx::Sin.apply(xd, xd.sin()) as f32);
            worst_sin = worst_sin.max(ulps(s, xd.sin() as f32));
            let c = Approx::Cos.apply(xd, xd.cos()) as f32;
            assert!((c as f64 - xd.cos()).abs() <= 2f64.powf(-20.9), "cos({x})");
            let y = (k as f64 + 0.5) * 0.01;
            let checks = [
                (Approx::Rcp, 1.0 / y, 1.0),
                (Approx::Sqrt, y.sqrt(), 2f64.powi(-23)),
                (Approx::Rsqrt, 1.0 / y.sqrt(), 2f64.powf(-22.9)),
                (Approx::Ex2, (y / 100.0).exp2(), 2f64.powi(-22)),
                (Approx::Tanh, (y / 100.0).tanh(), 2f64.powf(-10.987)),
            ];
            for (op, exact, bound) in checks {
                let xin = if matches!(op, Approx::Ex2 | Approx::Tanh) {
                    y / 100.0
                } else {
                    y
                };
                let got = op.apply(xin, exact) as f32;
                if op == Approx::Rcp {
                    assert!((got as f64 - exact).abs() <= ulp32(exact), "{op:?}({xin})");
                } else {
                    assert!((got as f64 - exact).abs() <= bound * exact.abs(), "{op:?}({xin})");
                }
            }
            let l = Approx::Lg2.apply(y, y.log2()) as f32;
            // (the bound is for the mantissa's logarithm: the f32 rounding of a large result adds its own)
            let bound = 2f64.powf(-22.6).max(ulp32(y.log2()) / 2.0);
            assert!((l as f64 - y.log2()).abs() <= bound, "lg2({y})");
        }
        // a correctly rounded sinf and sin.approx differ by several ulps: caught by a difftest
        assert!(worst_sin >= 8, "sin.approx is within {worst_sin} ulps of sinf");
        // exactly representable results stay exact
        assert_eq!(Approx::Ex2.apply(3.0, 8.0), 8.0);
        assert_eq!(Approx::Cos.apply(0.0, 1.0), 1.0);
    }
}
