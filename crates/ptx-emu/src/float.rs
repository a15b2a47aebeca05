//! Floating-point helpers: directed rounding (`.rz/.rm/.rp`) from an exact `hi + lo` pair,
//! flush-to-zero, saturation, canonical NaNs and PTX `min`/`max`.
//!
//! Directed-rounding results are exact for f32 add/sub/mul/fma/div/sqrt and f64 add/sub/mul/div/
//! sqrt (error-free transformations give the sign of the rounding error). f64 `fma` with a
//! directed mode uses round-to-nearest (documented limitation).

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
    if hi.is_nan() {
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

pub fn add32_dir(a: f32, b: f32, r: Rnd) -> f32 {
    let (s, e) = two_sum(a as f64, b as f64);
    round32(s, e, r)
}

pub fn add64_dir(a: f64, b: f64, r: Rnd) -> f64 {
    if r == Rnd::N {
        return a + b;
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
    round32(s, e, r)
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

/// `div.approx.f32` / `div.full.f32`: modelled as `a * (1/b)` in f32 (the documented algorithm of
/// div.approx), with the documented flush to zero for 2^126 < |b| < 2^128.
pub fn div_approx32(a: f32, b: f32) -> f32 {
    let ab = b.abs();
    if ab > 2f32.powi(126) && ab.is_finite() {
        return 0.0f32.copysign(a) * b.signum();
    }
    a * (1.0 / b)
}
