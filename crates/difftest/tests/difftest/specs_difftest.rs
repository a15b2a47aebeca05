//! Launch specs and Rust references for `testdata/difftest`: kernels written for the
//! differential test, one instruction family each (rounding-mode intrinsics, conversions, integer
//! intrinsics, indirect calls and recursion, warp collectives, shared-memory atomics, fp16/bf16).
//! The references are written independently of the emulator's code (directed rounding from
//! exact f64 comparisons and `next_up`/`next_down`, 16-bit floats by search over the format).

use std::cmp::Ordering;

use super::*;

/// testdata/difftest files warpc does not compile yet (same contract as the cxx list: the test
/// fails when one starts compiling or another stops).
pub const EXPECTED_WARPC_FAILURES: &[&str] = &["global_tables.cu"];

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Dir {
    N,
    Z,
    D,
    U,
}

/// Rounds to f32 in direction `d`, from the round-to-nearest result `rn` and `cmp(c)`: the
/// ordering of the exact value relative to `c` (an f32, as f64).
fn round_f32(rn: f32, cmp: impl Fn(f64) -> Ordering, d: Dir) -> f32 {
    if rn.is_nan() {
        return f32::from_bits(0x7fff_ffff);
    }
    let o = if rn.is_infinite() {
        // rounded to infinity from a finite exact value: the exact value is toward zero
        if rn > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    } else {
        cmp(rn as f64)
    };
    match (o, d) {
        (Ordering::Less, Dir::D) => rn.next_down(),
        (Ordering::Less, Dir::Z) if rn > 0.0 => rn.next_down(),
        (Ordering::Greater, Dir::U) => rn.next_up(),
        (Ordering::Greater, Dir::Z) if rn < 0.0 => rn.next_up(),
        _ => rn,
    }
}

/// Error-free sum: s + e == a + b exactly.
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// Ordering of the exact value s + e (e tiny: |e| <= ulp(s)/2) relative to c.
fn exact_cmp(s: f64, e: f64, c: f64) -> Ordering {
    match s.partial_cmp(&c).unwrap() {
        Ordering::Equal => e.partial_cmp(&0.0).unwrap(),
        o => o,
    }
}

/// IEEE sum/product sign of an exact zero result: +0 except toward -inf (x + -x).
fn zero_sign(r: f32, d: Dir, exact_zero_from_opposite: bool) -> f32 {
    if r == 0.0 && exact_zero_from_opposite {
        if d == Dir::D {
            -0.0
        } else {
            0.0
        }
    } else {
        r
    }
}

fn add_dir(x: f32, y: f32, d: Dir) -> f32 {
    let rn = x + y;
    if rn.is_nan() {
        return f32::from_bits(0x7fff_ffff);
    }
    if x.is_infinite() || y.is_infinite() {
        return rn;
    }
    let (s, e) = two_sum(x as f64, y as f64);
    let r = round_f32(rn, |c| exact_cmp(s, e, c), d);
    let same_sign_zeros = x == 0.0 && y == 0.0 && x.is_sign_negative() == y.is_sign_negative();
    zero_sign(r, d, s == 0.0 && e == 0.0 && !same_sign_zeros)
}

fn mul_dir(x: f32, y: f32, d: Dir) -> f32 {
    let rn = x * y;
    if rn.is_nan() {
        return f32::from_bits(0x7fff_ffff);
    }
    if rn.is_infinite() && (x.is_infinite() || y.is_infinite()) || rn == 0.0 && (x == 0.0 || y == 0.0) {
        return rn;
    }
    let p = x as f64 * y as f64; // exact
    round_f32(rn, |c| p.partial_cmp(&c).unwrap(), d)
}

fn div_dir(x: f32, y: f32, d: Dir) -> f32 {
    let rn = x / y;
    if rn.is_nan() {
        return f32::from_bits(0x7fff_ffff);
    }
    if rn.is_infinite() && (x.is_infinite() || y == 0.0) || x == 0.0 || y.is_infinite() {
        return rn;
    }
    // sign(x/y - c) = sign(x - c*y) * sign(y); c*y is exact in f64
    let (xd, yd) = (x as f64, y as f64);
    round_f32(
        rn,
        |c| {
            let o = xd.partial_cmp(&(c * yd)).unwrap();
            if yd < 0.0 {
                o.reverse()
            } else {
                o
            }
        },
        d,
    )
}

fn sqrt_dir(x: f32, d: Dir) -> f32 {
    let rn = x.sqrt();
    if rn.is_nan() {
        return f32::from_bits(0x7fff_ffff);
    }
    if x == 0.0 || x.is_infinite() {
        return rn;
    }
    let xd = x as f64;
    round_f32(rn, |c| xd.partial_cmp(&(c * c)).unwrap(), d)
}

fn fma_dir(x: f32, y: f32, z: f32, d: Dir) -> f32 {
    let rn = x.mul_add(y, z);
    if rn.is_nan() {
        return f32::from_bits(0x7fff_ffff);
    }
    if !(x.is_finite() && y.is_finite() && z.is_finite()) {
        return rn;
    }
    let p = x as f64 * y as f64; // exact
    let (s, e) = two_sum(p, z as f64);
    let r = round_f32(rn, |c| exact_cmp(s, e, c), d);
    let same_sign_zeros = p == 0.0 && z == 0.0 && p.is_sign_negative() == z.is_sign_negative();
    zero_sign(r, d, s == 0.0 && e == 0.0 && !same_sign_zeros)
}

fn f64_to_f32_dir(v: f64, d: Dir) -> f32 {
    let rn = v as f32;
    if v.is_nan() {
        return f32::from_bits(0x7fff_ffff);
    }
    if v.is_infinite() {
        return rn;
    }
    round_f32(rn, |c| v.partial_cmp(&c).unwrap(), d)
}

/// Rounds a finite f64 to an integral value with the mode.
fn round_int(v: f64, d: Dir) -> f64 {
    match d {
        Dir::N => v.round_ties_even(),
        Dir::Z => v.trunc(),
        Dir::D => v.floor(),
        Dir::U => v.ceil(),
    }
}

/// PTX cvt to a saturating integer: NaN -> 0, clamped to the range.
fn to_int(v: f64, d: Dir, lo: i128, hi: i128) -> i128 {
    if v.is_nan() {
        0
    } else {
        (round_int(v, d) as i128).clamp(lo, hi)
    }
}

fn specials32() -> Vec<f32> {
    vec![
        0.0,
        -0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE / 3.0,
        f32::from_bits(1),
        f32::MAX,
        -f32::MAX,
        1.0,
        -1.0,
        0.5,
        2.5,
        -2.5,
        3.5,
        1e20,
        -3e9,
        4.5e9,
        65519.0,
        65520.0,
        1.0 + f32::EPSILON,
    ]
}

pub fn specs() -> Vec<Spec> {
    let mut r = Rng(0xd1ff_7e57_0000_0001);
    let mut v = Vec::new();

    // float_rounding: random pairs plus every special against every other few
    let sp = specials32();
    let mut a: Vec<f32> = Vec::new();
    let mut b: Vec<f32> = Vec::new();
    for (k, &x) in sp.iter().enumerate() {
        for j in 0..4 {
            a.push(x);
            b.push(sp[(k * 7 + j * 5 + 3) % sp.len()]);
        }
    }
    for _ in 0..160 {
        let e = (r.u32() % 60) as i32 - 30;
        a.push(r.f32(-1.0, 1.0) * 2f32.powi(e));
        b.push(r.f32(-1.0, 1.0) * 2f32.powi((r.u32() % 60) as i32 - 30));
    }
    let n = a.len();
    let mut s = spec(
        "intrinsics.cu",
        "float_rounding",
        (n.div_ceil(64) as u32, 1, 1),
        (64, 1, 1),
    );
    s.bufs = vec![
        buf("a", Elem::F32, f32s(&a)),
        buf("b", Elem::F32, f32s(&b)),
        buf("out", Elem::F32, vec![0; n * 64]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (x, y, o) = (as_f32(&b[0].data), as_f32(&b[1].data), as_f32(&out.bufs[2]));
        let names = [
            "fadd_rn",
            "fadd_rz",
            "fadd_rd",
            "fadd_ru",
            "fmul_rz",
            "fmul_rd",
            "fmul_ru",
            "fdiv_rn",
            "fdiv_rz",
            "fdiv_ru",
            "fsqrt_rd",
            "fsqrt_ru",
            "frcp_rz",
            "fmaf_rd",
            "saturatef",
            "fsub_ru",
        ];
        for i in 0..x.len() {
            let (a, c) = (x[i], y[i]);
            let sat = if a.is_nan() { 0.0 } else { a.clamp(0.0, 1.0) };
            let e = [
                add_dir(a, c, Dir::N),
                add_dir(a, c, Dir::Z),
                add_dir(a, c, Dir::D),
                add_dir(a, c, Dir::U),
                mul_dir(a, c, Dir::Z),
                mul_dir(a, c, Dir::D),
                mul_dir(a, c, Dir::U),
                div_dir(a, c, Dir::N),
                div_dir(a, c, Dir::Z),
                div_dir(a, c, Dir::U),
                sqrt_dir(a.abs(), Dir::D),
                sqrt_dir(a.abs(), Dir::U),
                div_dir(1.0, c, Dir::Z),
                fma_dir(a, c, 1.0, Dir::D),
                sat,
                add_dir(a, -c, Dir::U),
            ];
            for k in 0..16 {
                same32(&format!("{}({a:e}, {c:e})", names[k]), o[16 * i + k], e[k])?;
            }
        }
        Ok(())
    });
    v.push(s);

    // conversions
    let mut fx: Vec<f32> = specials32();
    let mut dx: Vec<f64> = fx
        .iter()
        .map(|&f| {
            if f.is_finite() {
                (f as f64).clamp(-1e6, 1e6)
            } else {
                0.5
            }
        })
        .collect();
    for _ in 0..200 {
        fx.push(r.f32(-300.0, 300.0) * if r.u32().is_multiple_of(4) { 1e7 } else { 1.0 });
        dx.push(r.f64(-1e6, 1e6) * if r.u32().is_multiple_of(3) { 1e-7 } else { 1.0 });
    }
    fx.push(2.5);
    dx.push(-2.5);
    fx.push(-0.5);
    dx.push(1.0 / 3.0);
    let n = fx.len();
    let mut s = spec(
        "intrinsics.cu",
        "conversions",
        (n.div_ceil(64) as u32, 1, 1),
        (64, 1, 1),
    );
    s.bufs = vec![
        buf("a", Elem::F32, f32s(&fx)),
        buf("d", Elem::F64, f64s(&dx)),
        buf("oi", Elem::I32, vec![0; n * 32]),
        buf("ou", Elem::U32, vec![0; n * 16]),
        buf("of", Elem::F32, vec![0; n * 32]),
        buf("ol", Elem::U64, vec![0; n * 16]),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::Buf(2),
        A::Buf(3),
        A::Buf(4),
        A::Buf(5),
        A::S(Arg::I32(n as i32)),
    ];
    s.reference = Some(|b, out| {
        let (fx, dx) = (as_f32(&b[0].data), as_f64(&b[1].data));
        let (oi, ou, of, ol) = (
            as_i32(&out.bufs[2]),
            as_u32(&out.bufs[3]),
            as_f32(&out.bufs[4]),
            as_u64(&out.bufs[5]),
        );
        let (i32lo, i32hi) = (i32::MIN as i128, i32::MAX as i128);
        let (u32hi, i64lo, i64hi) = (u32::MAX as i128, i64::MIN as i128, i64::MAX as i128);
        for i in 0..fx.len() {
            let (x, v) = (fx[i] as f64, dx[i]);
            let rz = to_int(x, Dir::Z, i32lo, i32hi) as i32;
            let ei = [
                to_int(x, Dir::N, i32lo, i32hi) as i32,
                rz,
                to_int(x, Dir::D, i32lo, i32hi) as i32,
                to_int(x, Dir::U, i32lo, i32hi) as i32,
                to_int(v, Dir::N, i32lo, i32hi) as i32,
                rz,
                rz as i16 as i32,
                rz as i8 as i32,
            ];
            if oi[8 * i..8 * i + 8] != ei {
                return Err(format!(
                    "oi[{i}] = {:?} expected {ei:?} (x = {x:e}, v = {v:e})",
                    &oi[8 * i..8 * i + 8]
                ));
            }
            let urz = to_int(x, Dir::Z, 0, u32hi) as u32;
            let eu = [
                to_int(x, Dir::N, 0, u32hi) as u32,
                urz,
                to_int(v, Dir::U, 0, u32hi) as u32,
                to_int(x, Dir::D, 0, u32hi) as u32 as u8 as u32,
            ];
            if ou[4 * i..4 * i + 4] != eu {
                return Err(format!(
                    "ou[{i}] = {:?} expected {eu:?} (x = {x:e}, v = {v:e})",
                    &ou[4 * i..4 * i + 4]
                ));
            }
            let iv = (rz as u32).wrapping_mul(1_000_003) as i32;
            let uv = urz.wrapping_mul(2_654_435_761);
            let lv = to_int(v * 1e12, Dir::Z, i64lo, i64hi) as i64;
            let ef = [
                f64_to_f32_dir(v, Dir::N),
                f64_to_f32_dir(v, Dir::Z),
                f64_to_f32_dir(v, Dir::D),
                f64_to_f32_dir(v, Dir::U),
                f64_to_f32_dir(iv as f64, Dir::Z),
                f64_to_f32_dir(uv as f64, Dir::U),
                // i64 -> f64 may round: decide with the exact integer
                {
                    let c = lv as f32;
                    let o = (lv as i128).cmp(&(c as f64 as i128));
                    if o == Ordering::Less {
                        c.next_down()
                    } else {
                        c
                    }
                },
                f32::from_bits(fx[i].to_bits() ^ 0x8000_0000),
            ];
            for k in 0..8 {
                let got = of[8 * i + k];
                if got.to_bits() != ef[k].to_bits() && !(got.is_nan() && ef[k].is_nan() && k != 7) {
                    return Err(format!(
                        "of[{i}][{k}] = {got:e} ({:#x}) expected {:e} ({:#x}) (x = {x:e}, v = {v:e})",
                        got.to_bits(),
                        ef[k],
                        ef[k].to_bits()
                    ));
                }
            }
            // NaN to a 64-bit integer is 0x8000000000000000 (measured on an H100), not 0
            let to_i64 = |v: f64, d: Dir| {
                if v.is_nan() {
                    1u64 << 63
                } else {
                    to_int(v, d, i64lo, i64hi) as i64 as u64
                }
            };
            let el = [to_i64(v * 1e15, Dir::Z), to_i64((fx[i] * 1e10f32) as f64, Dir::D)];
            if ol[2 * i..2 * i + 2] != el {
                return Err(format!("ol[{i}] = {:?} expected {el:?}", &ol[2 * i..2 * i + 2]));
            }
        }
        Ok(())
    });
    v.push(s);

    // integer dot products (dp4a, dp2a.lo/hi; NVRTC writes the instructions, warpc's headers
    // the arithmetic): checked against the PTX ISA's definition here as well.
    let n = 100usize;
    let mut rd = Rng(0xd07_d07);
    let mut da: Vec<u32> = (0..n).map(|_| rd.u32()).collect();
    let mut db: Vec<u32> = (0..n).map(|_| rd.u32()).collect();
    (da[0], db[0]) = (0x8080_8080, 0x8080_8080);
    (da[1], db[1]) = (u32::MAX, 0x7f7f_7f7f);
    let mut s = spec("intrinsics.cu", "dot_products", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("a", Elem::U32, u32s(&da)),
        buf("b", Elem::U32, u32s(&db)),
        buf("out", Elem::U32, vec![0; n * 48]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (a, bb, o) = (as_u32(&b[0].data), as_u32(&b[1].data), as_u32(&out.bufs[2]));
        let n = a.len();
        for i in 0..n {
            let (x, y, c) = (a[i], bb[i], a[(i + 1) % n]);
            let byte = |v: u32, k: u32, s: bool| {
                if s {
                    (v >> (8 * k)) as u8 as i8 as i64
                } else {
                    (v >> (8 * k)) as u8 as i64
                }
            };
            let half = |v: u32, k: u32, s: bool| {
                if s {
                    (v >> (16 * k)) as u16 as i16 as i64
                } else {
                    (v >> (16 * k)) as u16 as i64
                }
            };
            let dp4 = |s: bool| (0..4).fold(c as i64, |acc, k| acc + byte(x, k, s) * byte(y, k, s)) as u32;
            let dp2 =
                |s: bool, hi: u32| (0..2).fold(c as i64, |acc, k| acc + half(x, k, s) * byte(y, 2 * hi + k, s)) as u32;
            let e = [
                dp4(true),
                dp4(false),
                dp2(true, 0),
                dp2(false, 0),
                dp2(true, 1),
                dp2(false, 1),
                dp4(true),
                dp4(false),
                dp2(true, 0),
                dp2(false, 0),
                dp2(true, 1),
                dp2(false, 1),
            ];
            if o[12 * i..12 * i + 12] != e {
                return Err(format!("i = {i}: {:?}, want {e:?}", &o[12 * i..12 * i + 12]));
            }
        }
        Ok(())
    });
    v.push(s);

    // integer intrinsics
    let n = 100usize;
    let mut ia: Vec<u32> = (0..n).map(|_| r.u32() >> (r.u32() % 32)).collect();
    let mut ib: Vec<u32> = (0..n).map(|_| r.u32() >> (r.u32() % 32)).collect();
    ia[0] = 0;
    ib[0] = 0;
    ia[1] = u32::MAX;
    ib[1] = u32::MAX;
    ia[2] = 0x8000_0000;
    ib[2] = 0x7fff_ffff;
    let mut s = spec("intrinsics.cu", "int_intrinsics", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("a", Elem::U32, u32s(&ia)),
        buf("b", Elem::U32, u32s(&ib)),
        buf("out", Elem::U32, vec![0; n * 48]),
        buf("out64", Elem::U64, vec![0; n * 16]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (a, bb, o, o64) = (
            as_u32(&b[0].data),
            as_u32(&b[1].data),
            as_u32(&out.bufs[2]),
            as_u64(&out.bufs[3]),
        );
        for i in 0..a.len() {
            let (x, y) = (a[i], bb[i]);
            let sel = y & 0x7777;
            let bytes = ((y as u64) << 32) | x as u64;
            let perm = (0..4).fold(0u32, |acc, k| {
                let s = (sel >> (4 * k)) & 7;
                acc | ((((bytes >> (8 * s)) & 0xff) as u32) << (8 * k))
            });
            let w = ((y as u64) << 32) | x as u64;
            let sh = i as u32;
            let funnel_l = |s: u32| ((w << s) >> 32) as u32;
            let funnel_r = |s: u32| (w >> s) as u32;
            let s24 = |v: u32| ((v << 8) as i32 >> 8) as i64;
            let e = [
                perm,
                funnel_l(sh & 31),
                funnel_r(sh & 31),
                funnel_l(sh.min(32)),
                funnel_r(sh.min(32)),
                ((x & 0xff_ffff) as u64 * (y & 0xff_ffff) as u64) as u32,
                (s24(x) * s24(y)) as u32,
                x.abs_diff(y).wrapping_add(7),
                (x as i32).abs_diff(y as i32).wrapping_add(7),
                (((x as u64 * y as u64) >> 32) as u32) ^ ((((x as i32 as i64) * (y as i32 as i64)) >> 32) as u32),
                (((x as u64 + y as u64) >> 1) as u32).wrapping_add(((x as u64 + y as u64 + 1) >> 1) as u32),
                ((((x as i32 as i64) + (y as i32 as i64)) >> 1) as u32)
                    ^ ((((x as i32 as i64) + (y as i32 as i64) + 1) >> 1) as u32),
            ];
            if o[12 * i..12 * i + 12] != e {
                return Err(format!(
                    "out[{i}] = {:x?} expected {e:x?} (x = {x:#x}, y = {y:#x})",
                    &o[12 * i..12 * i + 12]
                ));
            }
            let w = ((x as u64) << 32) | y as u64;
            let ffs = if w == 0 { 0 } else { w.trailing_zeros() as u64 + 1 };
            let e64 = [
                w.reverse_bits() ^ ((w as u128 * 0x9e37_79b9_7f4a_7c15u128) >> 64) as u64,
                ffs + w.leading_zeros() as u64 + w.count_ones() as u64,
            ];
            if o64[2 * i..2 * i + 2] != e64 {
                return Err(format!("out64[{i}] = {:x?} expected {e64:x?}", &o64[2 * i..2 * i + 2]));
            }
        }
        Ok(())
    });
    v.push(s);

    // half_bf16_fp8: the toolkit's reduced-precision headers (conformance/real/08's kernels)
    // (the new specs have their own generators: the later specs' inputs stay as they were)
    half_bf16_fp8(&mut Rng(0x6866_3862_6638_0001), &mut v);

    // cxx_copy_by_value: copy/move constructors on by-value parameters and returns
    let n = 100usize;
    let mut rc = Rng(0x636f_7079_6279_0001);
    let inp: Vec<i32> = (0..n).map(|_| (rc.u32() % 20001) as i32).collect();
    let mut s = spec("cxx_copy_by_value.cu", "copies", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&inp)), buf("out", Elem::I32, vec![0; n * 24])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (inp, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for (i, &x) in inp.iter().enumerate() {
            // take(a): one copy; take(C(x + 1)): none; pass(a): a copy into the parameter, a
            // move out of it; keep(a): one copy; g = h copies x; static_cast<H>(q): q * 3.
            let e = [
                x * 10 + 1,
                (x + 1) * 10,
                x * 1000 + 101,
                1,
                x & 0xffff,
                (x * 3) & 0xffff,
            ];
            if o[6 * i..6 * i + 6] != e {
                return Err(format!(
                    "out[{i}] = {:?} expected {e:?} (in = {x})",
                    &o[6 * i..6 * i + 6]
                ));
            }
        }
        Ok(())
    });
    v.push(s);

    // calls: function pointers, recursion, struct return
    let n = 100usize;
    let inp: Vec<i32> = (0..2 * n).map(|_| (r.u32() % 60001) as i32 - 30000).collect();
    let mut s = spec("calls.cu", "calls", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&inp)),
        buf("out", Elem::I32, vec![0; n * 12]),
        buf("out64", Elem::U64, vec![0; n * 8]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (inp, o, o64) = (as_i32(&b[0].data), as_i32(&out.bufs[1]), as_u64(&out.bufs[2]));
        let ops = |k: i32, a: i32, b: i32| match k & 3 {
            0 => a.wrapping_add(b),
            1 => a.wrapping_sub(b),
            2 => a.wrapping_mul(b),
            _ => a.max(b),
        };
        fn fib(n: i32) -> i32 {
            if n < 2 {
                n
            } else {
                fib(n - 1) + fib(n - 2)
            }
        }
        for i in 0..inp.len() / 2 {
            let (a, bb) = (inp[2 * i], inp[2 * i + 1]);
            let e = [ops(a ^ bb, a, bb), ops(i as i32, bb, a), fib(i as i32 % 12)];
            if o[3 * i..3 * i + 3] != e {
                return Err(format!("out[{i}] = {:?} expected {e:?}", &o[3 * i..3 * i + 3]));
            }
            let e64 = (a as i64 * bb as i64) as u64;
            if o64[i] != e64 {
                return Err(format!("out64[{i}] = {} expected {}", o64[i] as i64, e64 as i64));
            }
        }
        Ok(())
    });
    v.push(s);

    // function-pointer table and pointer in __device__ initializers
    let n = 70usize;
    let inp: Vec<i32> = (0..n).map(|_| (r.u32() % 20001) as i32 - 10000).collect();
    let mut s = spec("global_tables.cu", "table_calls", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&inp)), buf("out", Elem::I32, vec![0; n * 4])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (inp, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for i in 0..inp.len() {
            let f = if i & 1 == 0 { inp[i] * 3 } else { inp[i] + 3 };
            let e = f + 20 + 30;
            if o[i] != e {
                return Err(format!("out[{i}] = {} expected {e}", o[i]));
            }
        }
        Ok(())
    });
    v.push(s);

    // warp collectives (n not a multiple of 32: lanes >= n contribute 0)
    let n = 100usize;
    let inp: Vec<i32> = (0..n).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("warp_shared.cu", "warp_ops", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&inp)), buf("out", Elem::I32, vec![0; n * 24])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (inp, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        let n = inp.len();
        let val = |j: usize| if j < n { inp[j] } else { 0 };
        for i in 0..n {
            let w0 = i / 32 * 32;
            let l = i % 32;
            let sum: i32 = (w0..w0 + 32).map(val).sum();
            let up = if l % 16 >= 3 { val(i - 3) } else { val(i) };
            let down = if l % 8 + 5 < 8 { val(i + 5) } else { val(i) };
            let idx = val(w0 + (((i % 64) * 7) & 31));
            let odd = (0..32).fold(0u32, |m, k| m | (((val(w0 + k) & 1) as u32) << k));
            let e = [sum, up, down, idx, odd as i32, -1];
            if o[6 * i..6 * i + 6] != e {
                return Err(format!("out[{i}] = {:?} expected {e:?}", &o[6 * i..6 * i + 6]));
            }
        }
        Ok(())
    });
    v.push(s);

    // shared memory reduction and atomics
    let n = 150usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-50.0, 50.0)).collect();
    let mut s = spec("warp_shared.cu", "shared_atomics", (3, 1, 1), (64, 1, 1));
    s.shared = 64 * 4;
    s.bufs = vec![
        buf("x", Elem::F32, f32s(&x)),
        buf("gmax", Elem::F32, f32s(&[-1e30])),
        buf("counters", Elem::U32, vec![0; 16]),
        buf("blocksum", Elem::I32, vec![0; 12]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let x = as_f32(&b[0].data);
        let gmax = as_f32(&out.bufs[1])[0];
        let emax = x.iter().copied().fold(-1e30f32, f32::max);
        same32("gmax", gmax, emax)?;
        let (mut inc, mut dec) = (0u32, 0u32);
        for _ in 0..192 {
            inc = if inc >= 9 { 0 } else { inc + 1 };
            dec = if dec == 0 || dec > 6 { 6 } else { dec - 1 };
        }
        let e = [inc, dec, 576, u32::MAX];
        let c = as_u32(&out.bufs[2]);
        if c != e {
            return Err(format!("counters = {c:?} expected {e:?}"));
        }
        let bs = as_i32(&out.bufs[3]);
        for (blk, &got) in bs.iter().enumerate().take(3) {
            let e: i32 = (blk * 64..(blk + 1) * 64)
                .map(|i| if i < x.len() { (x[i] * 100.0) as i32 } else { 0 })
                .sum();
            if got != e {
                return Err(format!("blocksum[{blk}] = {got} expected {e}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // fp16 / bf16
    let mut hx: Vec<f32> = vec![
        0.0,
        -0.0,
        1.0,
        65504.0,
        65520.0,
        -70000.0,
        1e-7,
        5.9604645e-8,
        2.9802322e-8,
        f32::NAN,
        f32::INFINITY,
        1.0 + 1.0 / 2048.0,
        1.0 + 3.0 / 2048.0,
        0.1,
    ];
    for _ in 0..114 {
        hx.push(r.f32(-8.0, 8.0) * 2f32.powi((r.u32() % 20) as i32 - 10));
    }
    let n = hx.len();
    let mut s = spec("half.cu", "halves", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("x", Elem::F32, f32s(&hx)),
        buf("h", Elem::U16, vec![0; n * 16]),
        buf("back", Elem::F32, vec![0; n * 16]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let x = as_f32(&b[0].data);
        let (h, back) = (as_u16(&out.bufs[1]), as_f32(&out.bufs[2]));
        for i in 0..x.len() {
            let v = x[i] as f64;
            let a = to_half(v, F16, Dir::N);
            let bb = to_half((x[i] * 3.0) as f64, F16, Dir::Z);
            let (af, bf) = (from_half(a, F16), from_half(bb, F16));
            let c = to_half(v, BF16, Dir::N);
            let p_lo = from_half(to_half(v, F16, Dir::N), F16);
            let p_hi = from_half(to_half((-x[i] * 0.5) as f64, F16, Dir::N), F16);
            let e = [
                a,
                bb,
                to_half(v, F16, Dir::D),
                to_half(v, F16, Dir::U),
                to_half(af + bf, F16, Dir::N),
                to_half(af.mul_add(bf, af), F16, Dir::N),
                c,
                to_half(from_half(c, BF16) * 1.5, BF16, Dir::N),
            ];
            if h[8 * i..8 * i + 8] != e {
                return Err(format!(
                    "h[{i}] = {:04x?} expected {e:04x?} (x = {:e})",
                    &h[8 * i..8 * i + 8],
                    x[i]
                ));
            }
            let q_lo = from_half(to_half(p_lo * p_lo, F16, Dir::N), F16);
            let q_hi = from_half(to_half(p_hi * p_hi, F16, Dir::N), F16);
            let cmp = if af < bf {
                1.0
            } else if af.is_nan() {
                2.0
            } else {
                0.0
            };
            let eb = [
                (af as f32) + (bf as f32),
                (q_lo as f32) - (q_hi as f32),
                from_half(c, BF16) as f32,
                cmp,
            ];
            for k in 0..4 {
                same32(&format!("back[{i}][{k}] (x = {:e})", x[i]), back[4 * i + k], eb[k])?;
            }
        }
        Ok(())
    });
    v.push(s);

    // __nv_atomic_* builtins, the 16-bit atomicCAS and a __managed__ counter
    let n = 150usize;
    let inp: Vec<i32> = (0..n).map(|_| (r.u32() % 20001) as i32 - 10000).collect();
    let mut s = spec("nv_atomics.cu", "nv_atomics", (3, 1, 1), (64, 1, 1));
    let mut out0 = vec![0i32; 9];
    out0[2] = i32::MIN;
    out0[3] = i32::MAX;
    out0[6] = -1;
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&inp)),
        buf("out", Elem::I32, i32s(&out0)),
        buf("acc", Elem::U64, u64s(&[0, i64::MAX as u64])),
        buf("hist", Elem::U16, vec![0; 16]),
        buf("slots", Elem::I32, i32s(&vec![7; 2 * n])),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::Buf(2),
        A::Buf(3),
        A::Buf(4),
        A::S(Arg::I32(n as i32)),
    ];
    s.symbols = vec!["m_ticket"];
    s.reference = Some(|b, out| {
        let inp = as_i32(&b[0].data);
        let o = as_i32(&out.bufs[1]);
        let sum = inp.iter().fold(0i32, |a, &x| a.wrapping_add(x));
        let or = (0..inp.len()).fold(0i32, |m, i| m | (1 << (i & 31)));
        let and = (0..inp.len()).fold(-1i32, |m, i| m & !(1 << (i % 29)));
        let e = [
            sum,
            sum.wrapping_neg(),
            *inp.iter().max().unwrap(),
            *inp.iter().min().unwrap(),
            or,
            inp.iter().fold(0, |a, &x| a ^ x),
            and,
            inp.iter().map(|&x| x as u32).max().unwrap() as i32,
            2 * inp.len() as i32,
        ];
        if o != e {
            return Err(format!("out = {o:?} expected {e:?}"));
        }
        let acc = as_u64(&out.bufs[2]);
        let e0: u64 = inp.iter().map(|&x| ((x & 0xff) as u64) << 20).sum();
        let e1 = inp.iter().map(|&x| x as i64 * 1000000007).min().unwrap() as u64;
        if acc != [e0, e1] {
            return Err(format!("acc = {acc:?} expected {:?}", [e0, e1]));
        }
        let h = as_u16(&out.bufs[3]);
        let mut eh = [0u16; 8];
        for &x in &inp {
            eh[(x as u32 % 8) as usize] += 1;
        }
        if h != eh {
            return Err(format!("hist = {h:?} expected {eh:?}"));
        }
        let sl = as_i32(&out.bufs[4]);
        for (i, &x) in inp.iter().enumerate() {
            if sl[2 * i..2 * i + 2] != [3 * x, 7 + 3 * x] {
                return Err(format!(
                    "slots[{i}] = {:?} expected {:?}",
                    &sl[2 * i..2 * i + 2],
                    [3 * x, 7 + 3 * x]
                ));
            }
        }
        let ticket = as_u32(&out.symbols[0]);
        if ticket != [inp.len() as u32] {
            return Err(format!("m_ticket = {ticket:?} expected {}", inp.len()));
        }
        Ok(())
    });
    v.push(s);

    // curand.cu: XORWOW, Philox4x32-10 and MRG32k3a, 4 generators each (subsequence = thread,
    // thread 1 also skips 5 draws) of 8 uniforms and 8 raw outputs each; warpc and nvcc must
    // agree bit for bit (the skip-ahead tables), and thread 0 (no skip) must match the Rust
    // generators below.
    const CURAND_N: usize = 8;
    const CURAND_SEED: u64 = 0x1234_5678_9abc_def0;
    for (kernel, reference) in [
        ("_Z14xorwow_uniformyPfPji", curand_reference_xorwow as Reference),
        ("_Z14philox_uniformyPfPji", curand_reference_philox as Reference),
        ("_Z16mrg32k3a_uniformyPfPji", curand_reference_mrg32k3a as Reference),
    ] {
        let mut s = spec("curand.cu", kernel, (1, 1, 1), (4, 1, 1));
        s.bufs = vec![
            buf("u", Elem::F32, vec![0; 4 * CURAND_N * 4]),
            buf("raw", Elem::U32, vec![0; 4 * CURAND_N * 4]),
        ];
        s.args = vec![
            A::S(Arg::U64(CURAND_SEED)),
            A::Buf(0),
            A::Buf(1),
            A::S(Arg::I32(CURAND_N as i32)),
        ];
        s.reference = Some(reference);
        v.push(s);
    }
    textures(&mut r, &mut v);
    gather(&mut r, &mut v);
    cubes(&mut Rng(0x00c0_be0a_5eed_0001), &mut v);
    mipmaps(&mut Rng(0x0000_0a1b_5eed_0002), &mut v);
    // the SIMD video functions: every pair of lane edge values, then random words
    let edges: [u32; 14] = [
        0,
        1,
        0xffff_ffff,
        0x8000_8000,
        0x7fff_7fff,
        0x8080_8080,
        0x7f7f_7f7f,
        0x0101_0101,
        0xff00_ff00,
        0x00ff_00ff,
        0x8000_7fff,
        0x7f80_017f,
        0xfffe_0002,
        0x80ff_7f01,
    ];
    let (mut sa, mut sb) = (Vec::new(), Vec::new());
    for &x in &edges {
        for &y in &edges {
            sa.push(x);
            sb.push(y);
        }
    }
    for _ in 0..60 {
        sa.push(r.u32());
        sb.push(r.u32());
    }
    let n = sa.len();
    let mut s = spec("simd.cu", "simd", (n.div_ceil(64) as u32, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("a", Elem::U32, u32s(&sa)),
        buf("b", Elem::U32, u32s(&sb)),
        buf("out", Elem::U32, vec![0; n * 4 * SIMD_FUNCTIONS.len()]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (a, bb, o) = (as_u32(&b[0].data), as_u32(&b[1].data), as_u32(&out.bufs[2]));
        let k = SIMD_FUNCTIONS.len();
        for i in 0..a.len() {
            for (j, name) in SIMD_FUNCTIONS.iter().enumerate() {
                let e = simd_reference(name, a[i], bb[i]);
                if o[k * i + j] != e {
                    return Err(format!(
                        "{name}({:#x}, {:#x}) = {:#x} expected {e:#x}",
                        a[i],
                        bb[i],
                        o[k * i + j]
                    ));
                }
            }
        }
        Ok(())
    });
    v.push(s);
    cub_collectives(&mut r, &mut v);
    cub_block(&mut v);
    v
}

/// The shuffle tree of `cub::WarpReduce` (`x[i] += x[i + 2^k]`, k = 0, 1, ...) over one logical
/// warp of `w` values: lane 0's total.
fn warp_tree_sum(vals: &[f32]) -> f32 {
    let mut x = vals.to_vec();
    let mut step = 1;
    while step < x.len() {
        for i in 0..x.len() {
            if i + step < x.len() {
                x[i] += x[i + step];
            }
        }
        step *= 2;
    }
    x[0]
}

/// cub_collectives.cu: `cub::WarpReduce<float>` over 32- and 16-thread logical warps (2 blocks
/// of 128 threads); warpc and nvcc must agree bit for bit, and with the shuffle tree in Rust.
fn cub_collectives(r: &mut Rng, v: &mut Vec<Spec>) {
    let n = 256usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-10.0, 10.0)).collect();
    for (kernel, width) in [("_Z12warp_sum_f32PKfPf", 32usize), ("_Z14warp16_sum_f32PKfPf", 16)] {
        let mut s = spec("cub_collectives.cu", kernel, (2, 1, 1), (128, 1, 1));
        s.bufs = vec![
            buf("in", Elem::F32, f32s(&x)),
            buf("out", Elem::F32, vec![0; n / width * 4]),
        ];
        s.args = vec![A::Buf(0), A::Buf(1)];
        let reference: Reference = if width == 32 {
            |b, out| cub_warp_check(b, out, 32)
        } else {
            |b, out| cub_warp_check(b, out, 16)
        };
        s.reference = Some(reference);
        v.push(s);
    }
}

/// cub_block.cu: `cub::BlockReduce` (a full Sum, a Max over the first `valid` items),
/// `cub::BlockScan` (ExclusiveSum with the block total, InclusiveScan with a max functor) and
/// `cub::BlockLoad`/`BlockStore` (warp-transposed load, direct store), 2 blocks of 128 threads;
/// nvcc's results, and the same computed here.
fn cub_block(v: &mut Vec<Spec>) {
    let mut r = Rng(0x00cb_10c4);
    let n = 256usize;
    let xi: Vec<i32> = (0..n).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let valid = 77i32;
    let mut s = spec("cub_block.cu", "_Z12block_reducePKiPii", (2, 1, 1), (128, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&xi)), buf("out", Elem::I32, vec![0; 4 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(valid))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for blk in 0..2 {
            let t = &x[blk * 128..(blk + 1) * 128];
            let e = [t.iter().sum::<i32>(), *t[..77].iter().max().unwrap()];
            if o[2 * blk..2 * blk + 2] != e {
                return Err(format!("block {blk}: {:?}, want {e:?}", &o[2 * blk..2 * blk + 2]));
            }
        }
        Ok(())
    });
    v.push(s);
    let mut s = spec("cub_block.cu", "_Z10block_scanPKiPi", (2, 1, 1), (128, 1, 1));
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&xi)),
        buf("out", Elem::I32, vec![0; 3 * 4 * n]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for blk in 0..2 {
            let t = &x[blk * 128..(blk + 1) * 128];
            let total: i32 = t.iter().sum();
            let (mut ex, mut mx) = (0i32, i32::MIN);
            for (k, &xv) in t.iter().enumerate() {
                mx = mx.max(xv);
                let i = blk * 128 + k;
                let e = [ex, mx, total];
                if o[3 * i..3 * i + 3] != e {
                    return Err(format!("item {i}: {:?}, want {e:?}", &o[3 * i..3 * i + 3]));
                }
                ex += xv;
            }
        }
        Ok(())
    });
    v.push(s);
    let xf: Vec<f32> = (0..2 * 512).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cub_block.cu", "_Z16block_load_storePKfPf", (2, 1, 1), (128, 1, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&xf)),
        buf("out", Elem::F32, vec![0; 4 * 1024]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        // Thread t of a block loads items 4t..4t+4 of its tile (the transpose undoes the
        // striped warp load) and stores them back in place, each times 2 plus its index.
        for (i, (&xv, &got)) in x.iter().zip(o.iter()).enumerate() {
            same32(&format!("out[{i}]"), got, xv * 2.0 + (i % 4) as f32)?;
        }
        Ok(())
    });
    v.push(s);
}

fn cub_warp_check(b: &[Buf], out: &RunOut, width: usize) -> Result<(), String> {
    let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
    for (w, &got) in o.iter().enumerate() {
        same32(&format!("out[{w}]"), got, warp_tree_sum(&x[w * width..(w + 1) * width]))?;
    }
    Ok(())
}

/// curand_uniform of a raw output: `x * 2^-32 + 2^-33` in f32 (fused or not).
fn curand_uniform_ok(x: u32, got: f32) -> bool {
    const INV: f32 = 2.3283064e-10;
    got.to_bits() == (x as f32 * INV + INV / 2.0).to_bits()
        || got.to_bits() == (x as f32).mul_add(INV, INV / 2.0).to_bits()
}

/// Thread 0's outputs against `next` (alternately a uniform and a raw draw).
fn curand_check(out: &RunOut, mut next: impl FnMut() -> u32) -> Result<(), String> {
    let (u, raw) = (as_f32(&out.bufs[0]), as_u32(&out.bufs[1]));
    for k in 0..8 {
        let x = next();
        if !curand_uniform_ok(x, u[k]) {
            return Err(format!("uniform {k}: {} from raw {x:#x}", u[k]));
        }
        let r = next();
        if raw[k] != r {
            return Err(format!("raw {k}: {:#x}, want {r:#x}", raw[k]));
        }
    }
    Ok(())
}

fn curand_reference_xorwow(_: &[Buf], out: &RunOut) -> Result<(), String> {
    let seed: u64 = 0x1234_5678_9abc_def0;
    let s0 = (seed as u32) ^ 0xaad2_6b49;
    let s1 = ((seed >> 32) as u32) ^ 0xf7dc_efdd;
    let t0 = 1_099_087_573u32.wrapping_mul(s0);
    let t1 = 2_591_861_531u32.wrapping_mul(s1);
    let mut d = 6_615_241u32.wrapping_add(t1).wrapping_add(t0);
    let mut v = [
        123_456_789u32.wrapping_add(t0),
        362_436_069 ^ t0,
        521_288_629u32.wrapping_add(t1),
        88_675_123 ^ t1,
        5_783_321u32.wrapping_add(t0),
    ];
    curand_check(out, move || {
        let t = v[0] ^ (v[0] >> 2);
        v = [v[1], v[2], v[3], v[4], (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1))];
        d = d.wrapping_add(362_437);
        v[4].wrapping_add(d)
    })
}

/// Philox4x32-10 (Salmon et al.) of counter `c` under key `k`.
fn philox4x32_10(mut c: [u32; 4], mut k: [u32; 2]) -> [u32; 4] {
    for round in 0..10 {
        if round > 0 {
            k = [k[0].wrapping_add(0x9E37_79B9), k[1].wrapping_add(0xBB67_AE85)];
        }
        let p0 = 0xD251_1F53u64 * c[0] as u64;
        let p1 = 0xCD9E_8D57u64 * c[2] as u64;
        c = [
            ((p1 >> 32) as u32) ^ c[1] ^ k[0],
            p1 as u32,
            ((p0 >> 32) as u32) ^ c[3] ^ k[1],
            p0 as u32,
        ];
    }
    c
}

fn curand_reference_philox(_: &[Buf], out: &RunOut) -> Result<(), String> {
    let seed: u64 = 0x1234_5678_9abc_def0;
    let key = [seed as u32, (seed >> 32) as u32];
    let mut ctr = [0u32; 4];
    let mut block = philox4x32_10(ctr, key);
    let mut i = 0;
    curand_check(out, move || {
        let r = block[i];
        i += 1;
        if i == 4 {
            // The 128-bit counter's increment.
            for w in ctr.iter_mut() {
                *w = w.wrapping_add(1);
                if *w != 0 {
                    break;
                }
            }
            block = philox4x32_10(ctr, key);
            i = 0;
        }
        r
    })
}

/// Thread 0's MRG32k3a (subsequence and offset 0) as `curand_kernel.h` computes it on sm_61+:
/// the seed folded into both components (`curand_MRGmodMul`: exact products modulo m), the
/// integer recurrence, `curand_uniform` = `(float)(r * MRG32K3A_NORM)` and `curand` =
/// `(unsigned)(r * MRG32K3A_BITS_NORM)` of the double result `r`.
fn curand_reference_mrg32k3a(_: &[Buf], out: &RunOut) -> Result<(), String> {
    const M1: u64 = 4_294_967_087;
    const M2: u64 = 4_294_944_443;
    let seed: u64 = 0x1234_5678_9abc_def0;
    let x1 = (seed as u32 ^ 0x5555_5555) as u64;
    let x2 = ((seed >> 32) as u32 ^ 0xaaaa_aaaa) as u64;
    let mut s1 = [x1 * 12345 % M1, x2 * 12345 % M1, x1 * 12345 % M1];
    let mut s2 = [x2 * 12345 % M2, x1 * 12345 % M2, x2 * 12345 % M2];
    let mut next = move || -> f64 {
        let mut p1 = 1_403_580 * s1[1] + 810_728 * (M1 - s1[0]);
        p1 = (p1 >> 32) * 209 + (p1 & 0xffff_ffff);
        if p1 >= M1 {
            p1 -= M1;
        }
        s1 = [s1[1], s1[2], p1];
        let mut p2 = 527_612 * s2[2] + 1_370_589 * (M2 - s2[0]);
        p2 = (p2 >> 32) * 22_853 + (p2 & 0xffff_ffff);
        p2 = (p2 >> 32) * 22_853 + (p2 & 0xffff_ffff);
        if p2 >= M2 {
            p2 -= M2;
        }
        s2 = [s2[1], s2[2], p2];
        let p5 = (p1 as u32).wrapping_sub(p2 as u32);
        (if p1 <= p2 { p5.wrapping_add(M1 as u32) } else { p5 }) as f64
    };
    let (u, raw) = (as_f32(&out.bufs[0]), as_u32(&out.bufs[1]));
    for k in 0..8 {
        let want = (next() * 2.328_306_549_837_829e-10) as f32;
        if u[k].to_bits() != want.to_bits() {
            return Err(format!("uniform {k}: {}, want {want}", u[k]));
        }
        let want = (next() * 1.000_000_048_662) as u32;
        if raw[k] != want {
            return Err(format!("raw {k}: {:#x}, want {want:#x}", raw[k]));
        }
    }
    Ok(())
}

/// A 16-bit float format: (exponent bits, mantissa bits).
#[derive(Clone, Copy)]
pub struct Fmt(u32, u32);
pub(crate) const F16: Fmt = Fmt(5, 10);
pub(crate) const BF16: Fmt = Fmt(8, 7);

/// The value of a 16-bit float (by the IEEE formula).
pub(crate) fn from_half(h: u16, f: Fmt) -> f64 {
    let Fmt(eb, mb) = f;
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h as u32) >> mb) & ((1 << eb) - 1);
    let m = (h as u32 & ((1 << mb) - 1)) as f64;
    let bias = (1i32 << (eb - 1)) - 1;
    sign * if e == (1 << eb) - 1 {
        if m == 0.0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else if e == 0 {
        m * 2f64.powi(1 - bias - mb as i32)
    } else {
        (m + (1u64 << mb) as f64) * 2f64.powi(e as i32 - bias - mb as i32)
    }
}

/// Rounds `v` to the format by binary search over the (monotone) positive encodings.
pub(crate) fn to_half(v: f64, f: Fmt, d: Dir) -> u16 {
    if v.is_nan() {
        return 0x7fff;
    }
    let sign = if v.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = v.abs();
    let inf = (((1u32 << f.0) - 1) << f.1) as u16;
    // largest encoding with value <= a (0..=inf)
    let (mut lo, mut hi) = (0u16, inf);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if from_half(mid, f) <= a {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    if from_half(lo, f) == a {
        return sign | lo;
    }
    // a lies strictly between lo and lo + 1 (the value after the largest finite is 2^(emax+1))
    let below = from_half(lo, f);
    let above = if lo + 1 == inf {
        2f64.powi(1 << (f.0 - 1))
    } else {
        from_half(lo + 1, f)
    };
    let neg = sign != 0;
    let up = match d {
        Dir::N => {
            let (dl, du) = (a - below, above - a);
            du < dl || (du == dl && (lo + 1) % 2 == 0)
        }
        Dir::Z => false,
        Dir::D => neg,
        Dir::U => !neg,
    };
    sign | if up { lo + 1 } else { lo }
}

pub(crate) fn u16s(v: &[u16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// The E4M3 encoding nearest `v` (ties to the even encoding), saturated to 448: by search over
/// the positive encodings' values (the IEEE-style formula, with no infinities).
fn to_e4m3_satfinite(v: f32) -> u8 {
    let value = |b: u8| {
        let (e, m) = ((b >> 3) & 15, (b & 7) as f64);
        if e == 0 {
            m * 2f64.powi(-9)
        } else {
            (8.0 + m) * 2f64.powi(e as i32 - 10)
        }
    };
    let sign = if v.is_sign_negative() { 0x80u8 } else { 0 };
    let a = (v as f64).abs();
    let mut best = 0u8;
    for b in 0..=0x7eu8 {
        let (d, db) = ((value(b) - a).abs(), (value(best) - a).abs());
        if d < db || (d == db && b % 2 == 0) {
            best = b;
        }
    }
    sign | best
}

fn e4m3_value(b: u8) -> f64 {
    let (e, m) = ((b >> 3) & 15, (b & 7) as f64);
    let mag = if e == 0 {
        m * 2f64.powi(-9)
    } else {
        (8.0 + m) * 2f64.powi(e as i32 - 10)
    };
    if b & 0x80 != 0 {
        -mag
    } else {
        mag
    }
}

fn half_bf16_fp8(r: &mut Rng, v: &mut Vec<Spec>) {
    // half2 AXPY + dot: 4 blocks of 128 threads over 1024 pairs (two per thread).
    let n2 = 1024usize;
    let hx: Vec<u16> = (0..2 * n2)
        .map(|_| to_half(r.f32(-4.0, 4.0) as f64, F16, Dir::N))
        .collect();
    let hy: Vec<u16> = (0..2 * n2)
        .map(|_| to_half(r.f32(-2.0, 2.0) as f64, F16, Dir::N))
        .collect();
    let mut s = spec(
        "half_bf16_fp8.cu",
        "_Z14half2_axpy_dotifPK7__half2PS_Pf",
        (4, 1, 1),
        (128, 1, 1),
    );
    s.bufs = vec![
        buf("x", Elem::U16, u16s(&hx)),
        buf("y", Elem::U16, u16s(&hy)),
        buf("dot", Elem::F32, vec![0; 4]),
    ];
    s.args = vec![
        A::S(Arg::I32(n2 as i32)),
        A::S(Arg::F32(0.25)),
        A::Buf(0),
        A::Buf(1),
        A::Buf(2),
    ];
    s.racy = Some("float atomicAdd of the per-warp sums in whatever order the warps finish");
    s.reference = Some(|b, out| {
        let (x, y0) = (as_u16(&b[0].data), as_u16(&b[1].data));
        let (y, dot) = (as_u16(&out.bufs[1]), as_f32(&out.bufs[2])[0]);
        let h = |v: f64| to_half(v, F16, Dir::N);
        let f = |b: u16| from_half(b, F16);
        let n2 = x.len() / 2;
        let threads = 4 * 128;
        let mut yr = vec![0u16; 2 * n2];
        let mut acc = vec![[0u16; 2]; threads];
        for (t, acc_t) in acc.iter_mut().enumerate() {
            let mut i = t;
            while i < n2 {
                for (l, a) in acc_t.iter_mut().enumerate() {
                    let k = 2 * i + l;
                    yr[k] = h(0.25 * f(x[k]) + f(y0[k]));
                    *a = h(f(*a) + f(h(f(x[k]) * f(yr[k]))));
                }
                i += threads;
            }
        }
        if y != yr {
            let k = (0..y.len()).find(|&k| y[k] != yr[k]).unwrap();
            return Err(format!("y[{k}] = {:04x} expected {:04x}", y[k], yr[k]));
        }
        let mut total = 0f64;
        for w in 0..threads / 32 {
            let mut lanes: Vec<[u16; 2]> = acc[32 * w..32 * w + 32].to_vec();
            for mask in [16, 8, 4, 2, 1] {
                let old = lanes.clone();
                for (l, lane) in lanes.iter_mut().enumerate() {
                    for k in 0..2 {
                        lane[k] = h(f(old[l][k]) + f(old[l ^ mask][k]));
                    }
                }
            }
            total += (f(lanes[0][0]) as f32 + f(lanes[0][1]) as f32) as f64;
        }
        if !close(dot as f64, total, 1e-5) {
            return Err(format!("dot = {dot} expected {total}"));
        }
        Ok(())
    });
    v.push(s);

    // bfloat162 scale and shift: 16 rows of 64 pairs, one warp per row.
    let (rows, cols2) = (16usize, 64usize);
    let bf = |r: &mut Rng, lo: f32, hi: f32| to_half(r.f32(lo, hi) as f64, BF16, Dir::N);
    let hin: Vec<u16> = (0..2 * rows * cols2).map(|_| bf(r, -8.0, 8.0)).collect();
    let hg: Vec<u16> = (0..2 * cols2).map(|_| bf(r, -3.0, 3.0)).collect();
    let hb: Vec<u16> = (0..2 * cols2).map(|_| bf(r, -1.0, 1.0)).collect();
    let mut s = spec(
        "half_bf16_fp8.cu",
        "_Z16bf16_scale_shiftiiPK14__nv_bfloat162S1_S1_PS_P13__nv_bfloat16",
        (rows as u32, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::U16, u16s(&hin)),
        buf("gamma", Elem::U16, u16s(&hg)),
        buf("beta", Elem::U16, u16s(&hb)),
        buf("out", Elem::U16, vec![0; 4 * rows * cols2]),
        buf("row_max", Elem::U16, vec![0; 2 * rows]),
    ];
    s.args = vec![
        A::S(Arg::I32(rows as i32)),
        A::S(Arg::I32(cols2 as i32)),
        A::Buf(0),
        A::Buf(1),
        A::Buf(2),
        A::Buf(3),
        A::Buf(4),
    ];
    s.reference = Some(|b, out| {
        let (inp, g, bt) = (as_u16(&b[0].data), as_u16(&b[1].data), as_u16(&b[2].data));
        let (o, mx) = (as_u16(&out.bufs[3]), as_u16(&out.bufs[4]));
        let h = |v: f64| to_half(v, BF16, Dir::N);
        let f = |b: u16| from_half(b, BF16);
        let cols = g.len();
        for (r, &row_max) in mx.iter().enumerate() {
            let mut m = f64::NEG_INFINITY;
            for c in 0..cols {
                let k = r * cols + c;
                let e = h(f(h(f(inp[k]) * f(g[c]) + f(bt[c]))) * 0.5);
                if o[k] != e {
                    return Err(format!("out[{k}] = {:04x} expected {e:04x}", o[k]));
                }
                m = m.max(f(e));
            }
            if f(row_max) != m {
                return Err(format!("row_max[{r}] = {} expected {m}", f(row_max)));
            }
        }
        Ok(())
    });
    v.push(s);

    // FP8 E4M3 round trip: values from subnormal to beyond 448 after scaling (saturated).
    let n = 1024usize;
    let hf: Vec<f32> = (0..n)
        .map(|i| match i % 4 {
            0 => (0.01 * i as f32).sin() * 20.0,
            1 => r.f32(-80.0, 80.0),
            2 => r.f32(-1.0, 1.0) * 2f32.powi(-((r.u32() % 12) as i32)),
            _ => r.f32(-60.0, 60.0),
        })
        .collect();
    let mut s = spec("half_bf16_fp8.cu", "_Z13fp8_roundtripifPKfPhPf", (4, 1, 1), (256, 1, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&hf)),
        buf("q", Elem::U8, vec![0; n]),
        buf("back", Elem::F32, vec![0; 4 * n]),
    ];
    s.args = vec![
        A::S(Arg::I32(n as i32)),
        A::S(Arg::F32(8.0)),
        A::Buf(0),
        A::Buf(1),
        A::Buf(2),
    ];
    s.reference = Some(|b, out| {
        let x = as_f32(&b[0].data);
        let (q, back) = (&out.bufs[1], as_f32(&out.bufs[2]));
        for i in 0..x.len() {
            let e = to_e4m3_satfinite(x[i] * 8.0);
            if q[i] != e {
                return Err(format!("q[{i}] = {:02x} expected {e:02x} (in = {:e})", q[i], x[i]));
            }
            same32(&format!("back[{i}]"), back[i], e4m3_value(e) as f32 / 8.0)?;
        }
        Ok(())
    });
    v.push(s);
}

// ---- textures.cu: the texture unit ----

use super::tex::{Address, ArrayDesc, Channel, Filter, TexDesc};

const TW: u32 = 7;
const TH: u32 = 5;
const TN: usize = 200;

fn array2d(width: u32, height: u32, depth: u32, layered: bool, channel: Channel, channels: u32) -> ArrayDesc {
    ArrayDesc {
        width,
        height,
        depth,
        layered,
        cubemap: false,
        levels: 0,
        channel,
        channels,
    }
}

/// The CUDA programming guide's texel addressing: `None` is the border.
fn tex_addr(i: i64, n: i64, mode: Address, normalized: bool) -> Option<i64> {
    match mode {
        Address::Border => (0..n).contains(&i).then_some(i),
        Address::Wrap if normalized => Some(i.rem_euclid(n)),
        Address::Mirror if normalized => {
            let m = i.rem_euclid(2 * n);
            Some(if m < n { m } else { 2 * n - 1 - m })
        }
        _ => Some(i.clamp(0, n - 1)),
    }
}

/// The texel coordinate and, for linear filtering, the 1.8 fixed-point weight of the next texel
/// (in units of 1/256).
fn tex_coord(x: f32, n: u32, normalized: bool, linear: bool) -> (i64, u32) {
    let u = if normalized { x as f64 * n as f64 } else { x as f64 };
    if linear {
        let b = u - 0.5;
        (b.floor() as i64, ((b - b.floor()) * 256.0).round() as u32)
    } else {
        (u.floor() as i64, 0)
    }
}

/// The bilinear weights of texels `(i, j)`, `(i+1, j)`, `(i, j+1)`, `(i+1, j+1)` for the 1.8
/// fixed-point weights `a`, `b` (units of 1/256): as on an H100, `a * b` is rounded to 1/256 and
/// the other corners' weights follow from it, so all four are multiples of 1/256: a single
/// level's [`level_corners`].
fn bilinear(a: u32, b: u32) -> [f64; 4] {
    level_corners(a, b, 256)
}

/// The exact sum of `terms` (each exact in f64) rounded to f32 as the texture unit does: to
/// nearest, ties away from zero (an H100's filtered results).
fn filtered_f32(terms: &[f64]) -> f32 {
    let mut e = Vec::new();
    for &t in terms {
        super::tex::grow(&mut e, t);
    }
    super::tex::round_f32_ties_away(&e)
}

/// `sample2d` over the spec's 2D array (f32 x 1 or u8 x 4 read as normalized floats): the
/// expected float4 of each coordinate pair.
fn sample2d_ref(b: &[Buf], out: &RunOut, d: &TexDesc) -> Result<(), String> {
    let c = as_f32(&b[0].data);
    let got = as_f32(&out.bufs[1]);
    let img = &out.arrays[0];
    let u8x4 = img.len() == (4 * TW * TH) as usize && d.normalized_float;
    let texel = |x: i64, y: i64| -> [f64; 4] {
        match (
            tex_addr(x, TW as i64, d.address[0], d.normalized_coords),
            tex_addr(y, TH as i64, d.address[1], d.normalized_coords),
        ) {
            (Some(x), Some(y)) => {
                let k = (y * TW as i64 + x) as usize;
                if u8x4 {
                    [0, 1, 2, 3].map(|q| img[4 * k + q] as f64 / 255.0)
                } else {
                    let v = f32::from_le_bytes(img[4 * k..4 * k + 4].try_into().unwrap());
                    [v as f64, 0.0, 0.0, 0.0]
                }
            }
            // the border color's components the format has
            _ if u8x4 => d.border.map(|v| v as f64),
            _ => [d.border[0] as f64, 0.0, 0.0, 0.0],
        }
    };
    let linear = d.filter == Filter::Linear;
    for i in 0..c.len() / 2 {
        let (x, wx) = tex_coord(c[2 * i], TW, d.normalized_coords, linear);
        let (y, wy) = tex_coord(c[2 * i + 1], TH, d.normalized_coords, linear);
        let mut terms: [Vec<f64>; 4] = Default::default();
        // u8 texels blend as 16-bit units (257 r / 65535), rounded to a unit, ties up
        let mut units = [0f64; 4];
        let w = bilinear(wx, wy);
        for (dx, dy, w) in [(0, 0, w[0]), (1, 0, w[1]), (0, 1, w[2]), (1, 1, w[3])] {
            if w != 0.0 {
                let t = texel(x + dx, y + dy);
                for q in 0..4 {
                    terms[q].push(w * t[q]);
                    let r = t[q] * 255.0;
                    units[q] += w * if (r - r.round()).abs() < 1e-9 {
                        r.round() * 257.0
                    } else {
                        t[q] * 65535.0
                    };
                }
            }
        }
        for q in 0..4 {
            let want = if u8x4 && linear {
                ((units[q] + 0.5).floor() / 65535.0) as f32
            } else {
                filtered_f32(&terms[q])
            };
            same32(
                &format!("out[{i}].{q} at ({}, {})", c[2 * i], c[2 * i + 1]),
                got[4 * i + q],
                want,
            )?;
        }
    }
    Ok(())
}

fn textures(r: &mut Rng, v: &mut Vec<Spec>) {
    let file = "textures.cu";
    // sample2d: one f32 image, five texture descriptors; coordinates well outside the image
    let img: Vec<f32> = (0..TW * TH).map(|_| r.f32(-2.0, 2.0)).collect();
    let norm: Vec<f32> = (0..2 * TN).map(|_| r.f32(-1.3, 2.3)).collect();
    let unnorm: Vec<f32> = (0..TN).flat_map(|_| [r.f32(-3.0, 10.0), r.f32(-3.0, 8.0)]).collect();
    let refs: [Reference; 5] = [
        |b, o| sample2d_ref(b, o, &tex_descs()[0]),
        |b, o| sample2d_ref(b, o, &tex_descs()[1]),
        |b, o| sample2d_ref(b, o, &tex_descs()[2]),
        |b, o| sample2d_ref(b, o, &tex_descs()[3]),
        |b, o| sample2d_ref(b, o, &tex_descs()[4]),
    ];
    for (desc, reference) in tex_descs().into_iter().zip(refs) {
        let mut s = spec(file, "sample2d", (2, 1, 1), (128, 1, 1));
        let u8x4 = desc.normalized_float;
        s.arrays = vec![ArraySpec {
            name: "img",
            desc: if u8x4 {
                array2d(TW, TH, 0, false, Channel::U8, 4)
            } else {
                array2d(TW, TH, 0, false, Channel::F32, 1)
            },
            data: if u8x4 {
                (0..4 * TW * TH).map(|_| r.u32() as u8).collect()
            } else {
                f32s(&img)
            },
        }];
        let coords = if desc.normalized_coords { &norm } else { &unnorm };
        s.bufs = vec![
            buf("c", Elem::F32, f32s(coords)),
            buf("out", Elem::F32, vec![0; 16 * TN]),
        ];
        s.textures = vec![TexSpec {
            res: TexRes::Array(0),
            desc,
        }];
        s.args = vec![A::Tex(0), A::Buf(0), A::Buf(1), A::S(Arg::I32(TN as i32))];
        s.reference = Some(reference);
        v.push(s);
    }

    // sample1d_int: a 1D array of short2 read as integers (point, clamp; the missing z, w read 0)
    let mut s = spec(file, "sample1d_int", (1, 1, 1), (128, 1, 1));
    let n = 100;
    s.arrays = vec![ArraySpec {
        name: "shorts",
        desc: array2d(9, 0, 0, false, Channel::S16, 2),
        data: (0..36).map(|_| r.u32() as u8).collect(),
    }];
    s.bufs = vec![
        buf(
            "c",
            Elem::F32,
            f32s(&(0..n).map(|_| r.f32(-2.0, 11.0)).collect::<Vec<_>>()),
        ),
        buf("out", Elem::I32, vec![0; 16 * n]),
    ];
    s.textures = vec![TexSpec {
        res: TexRes::Array(0),
        desc: TexDesc {
            address: [Address::Clamp; 3],
            ..TexDesc::default()
        },
    }];
    s.args = vec![A::Tex(0), A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (c, got, a) = (as_f32(&b[0].data), as_i32(&out.bufs[1]), &out.arrays[0]);
        for (i, &x) in c.iter().enumerate() {
            let k = (x.floor() as i64).clamp(0, 8) as usize;
            let e = |q: usize| i16::from_le_bytes([a[4 * k + 2 * q], a[4 * k + 2 * q + 1]]) as i32;
            let want = [e(0), e(1), 0, 0];
            if got[4 * i..4 * i + 4] != want {
                return Err(format!(
                    "out[{i}] = {:?}, expected {want:?} (x = {x})",
                    &got[4 * i..4 * i + 4]
                ));
            }
        }
        Ok(())
    });
    v.push(s);

    // sample_layered: 3 layers of 5 x 4, linear, wrap, normalized; layer i % 3
    let mut s = spec(file, "sample_layered", (1, 1, 1), (96, 1, 1));
    let n = 96;
    let layers: Vec<f32> = (0..5 * 4 * 3).map(|_| r.f32(0.0, 10.0)).collect();
    s.arrays = vec![ArraySpec {
        name: "layers",
        desc: array2d(5, 4, 3, true, Channel::F32, 1),
        data: f32s(&layers),
    }];
    s.bufs = vec![
        buf(
            "c",
            Elem::F32,
            f32s(&(0..2 * n).map(|_| r.f32(-1.5, 2.5)).collect::<Vec<_>>()),
        ),
        buf("out", Elem::F32, vec![0; 4 * n]),
    ];
    s.textures = vec![TexSpec {
        res: TexRes::Array(0),
        desc: TexDesc {
            address: [Address::Wrap; 3],
            filter: Filter::Linear,
            normalized_coords: true,
            ..TexDesc::default()
        },
    }];
    s.args = vec![A::Tex(0), A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (c, got, a) = (as_f32(&b[0].data), as_f32(&out.bufs[1]), as_f32(&out.arrays[0]));
        for i in 0..c.len() / 2 {
            let (x, wx) = tex_coord(c[2 * i], 5, true, true);
            let (y, wy) = tex_coord(c[2 * i + 1], 4, true, true);
            let t = |dx: i64, dy: i64| {
                a[(i % 3) * 20 + ((y + dy).rem_euclid(4) * 5 + (x + dx).rem_euclid(5)) as usize] as f64
            };
            let w = bilinear(wx, wy);
            let want = w[0] * t(0, 0) + w[1] * t(1, 0) + w[2] * t(0, 1) + w[3] * t(1, 1);
            same32(&format!("out[{i}]"), got[i], want as f32)?;
        }
        Ok(())
    });
    v.push(s);

    // fetch: float2 elements of linear memory; indices past either end read zeros
    let mut s = spec(file, "fetch", (1, 1, 1), (64, 1, 1));
    let (n, len) = (64, 50);
    let idx: Vec<i32> = (0..n)
        .map(|i| {
            if i % 9 == 4 {
                [len, len + 7, -1][i % 3]
            } else {
                (r.u32() % len as u32) as i32
            }
        })
        .collect();
    s.bufs = vec![
        buf(
            "elems",
            Elem::F32,
            f32s(&(0..2 * len).map(|_| r.f32(-5.0, 5.0)).collect::<Vec<_>>()),
        ),
        buf("idx", Elem::I32, i32s(&idx)),
        buf("out", Elem::F32, vec![0; 8 * n]),
    ];
    s.textures = vec![TexSpec {
        res: TexRes::Buf {
            buf: 0,
            channel: Channel::F32,
            channels: 2,
        },
        desc: TexDesc::default(),
    }];
    s.args = vec![A::Tex(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (e, idx, got) = (as_f32(&b[0].data), as_i32(&b[1].data), as_f32(&out.bufs[2]));
        for (i, &k) in idx.iter().enumerate() {
            let want = if (0..50).contains(&k) {
                [e[2 * k as usize], e[2 * k as usize + 1]]
            } else {
                [0.0; 2]
            };
            same32(&format!("out[{i}].x"), got[2 * i], want[0])?;
            same32(&format!("out[{i}].y"), got[2 * i + 1], want[1])?;
        }
        Ok(())
    });
    v.push(s);

    // surf_sum: uchar4 surfaces, a clamped read left and a zero-bordered read right and down
    let mut s = spec(file, "surf_sum", (1, 1, 1), (16, 8, 1));
    let (w, h) = (9u32, 6u32);
    s.arrays = vec![
        ArraySpec {
            name: "src",
            desc: array2d(w, h, 0, false, Channel::U8, 4),
            data: (0..4 * w * h).map(|_| r.u32() as u8).collect(),
        },
        ArraySpec {
            name: "dst",
            desc: array2d(w, h, 0, false, Channel::U8, 4),
            data: vec![0; (4 * w * h) as usize],
        },
    ];
    s.surfaces = vec![0, 1];
    s.args = vec![
        A::Surf(0),
        A::Surf(1),
        A::S(Arg::I32(w as i32)),
        A::S(Arg::I32(h as i32)),
    ];
    s.reference = Some(|_, out| {
        let (w, h) = (9i64, 6i64);
        let (src, dst) = (&out.arrays[0], &out.arrays[1]);
        for y in 0..h {
            for x in 0..w {
                let a = (y * w + (x - 1).clamp(0, w - 1)) as usize;
                for q in 0..4 {
                    let bv = if x + 1 < w && y + 1 < h {
                        src[(((y + 1) * w + x + 1) * 4) as usize + q]
                    } else {
                        0
                    };
                    let want = src[4 * a + q].wrapping_add(bv);
                    let got = dst[((y * w + x) * 4) as usize + q];
                    if got != want {
                        return Err(format!("dst[{y}][{x}].{q} = {got}, expected {want}"));
                    }
                }
            }
        }
        Ok(())
    });
    v.push(s);
}

/// textures_gather.cu: tld4 of components 0 and 2 of a 6 x 4 float4 texture, clamped,
/// unnormalized coordinates.
fn gather(r: &mut Rng, v: &mut Vec<Spec>) {
    let n = 100;
    let mut s = spec("textures_gather.cu", "gather2d", (1, 1, 1), (128, 1, 1));
    s.arrays = vec![ArraySpec {
        name: "img",
        desc: array2d(6, 4, 0, false, Channel::F32, 4),
        data: f32s(&(0..6 * 4 * 4).map(|_| r.f32(-8.0, 8.0)).collect::<Vec<_>>()),
    }];
    s.bufs = vec![
        buf(
            "c",
            Elem::F32,
            f32s(
                &(0..n)
                    .flat_map(|_| [r.f32(-2.0, 8.0), r.f32(-2.0, 6.0)])
                    .collect::<Vec<_>>(),
            ),
        ),
        buf("out", Elem::F32, vec![0; 32 * n]),
    ];
    s.textures = vec![TexSpec {
        res: TexRes::Array(0),
        desc: TexDesc {
            address: [Address::Clamp; 3],
            ..TexDesc::default()
        },
    }];
    s.args = vec![A::Tex(0), A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (c, got, img) = (as_f32(&b[0].data), as_f32(&out.bufs[1]), as_f32(&out.arrays[0]));
        for i in 0..c.len() / 2 {
            let (x, y) = ((c[2 * i] - 0.5).floor() as i64, (c[2 * i + 1] - 0.5).floor() as i64);
            let texel = |dx: i64, dy: i64, comp: usize| {
                img[(((y + dy).clamp(0, 3) * 6 + (x + dx).clamp(0, 5)) * 4) as usize + comp]
            };
            for (k, comp) in [0usize, 2].into_iter().enumerate() {
                let want = [
                    texel(0, 1, comp),
                    texel(1, 1, comp),
                    texel(1, 0, comp),
                    texel(0, 0, comp),
                ];
                for q in 0..4 {
                    same32(
                        &format!("out[{i}] component {comp} [{q}]"),
                        got[8 * i + 4 * k + q],
                        want[q],
                    )?;
                }
            }
        }
        Ok(())
    });
    v.push(s);
}

/// The cube map face (+x, -x, +y, -y, +z, -z) of direction `(x, y, z)` and the point in it, in
/// normalized coordinates, after the CUDA programming guide's "Cubemap Textures" table.
fn cube_ref(x: f32, y: f32, z: f32) -> (usize, f64, f64) {
    let (x, y, z) = (x as f64, y as f64, z as f64);
    let (face, m, s, t) = if x.abs() >= y.abs() && x.abs() >= z.abs() {
        if x >= 0.0 {
            (0, x, -z, -y)
        } else {
            (1, -x, z, -y)
        }
    } else if y.abs() >= z.abs() {
        if y >= 0.0 {
            (2, y, x, z)
        } else {
            (3, -y, x, -z)
        }
    } else if z >= 0.0 {
        (4, z, x, -y)
    } else {
        (5, -z, -x, -y)
    };
    (face, (s / m + 1.0) / 2.0, (t / m + 1.0) / 2.0)
}

/// A cube map sample of `faces` (each `n` x `n` f32 texels, face `f` of layer `l` at
/// `(6 * l + f) * n * n`): point or linear (clamped to the face; the 1.8 fixed-point weights).
fn cube_sample(faces: &[f32], n: u32, layer: usize, dir: [f32; 3], linear: bool) -> f32 {
    let (face, s, t) = cube_ref(dir[0], dir[1], dir[2]);
    let fx = |v: f64| (v * (1u64 << 21) as f64).floor() / (1u64 << 21) as f64 * n as f64;
    // the texture's address mode (wrap) within the face, as on an H100
    let texel = |x: i64, y: i64| {
        let (x, y) = (x.rem_euclid(n as i64), y.rem_euclid(n as i64));
        faces[(((6 * layer + face) as i64 * n as i64 + y) * n as i64 + x) as usize] as f64
    };
    let (u, v) = (fx(s), fx(t));
    if !linear {
        return texel(u.floor() as i64, v.floor() as i64) as f32;
    }
    let (bu, bv) = (u - 0.5, v - 0.5);
    let (i, j) = (bu.floor() as i64, bv.floor() as i64);
    let weight = |b: f64| ((b - b.floor()) * 256.0).round() as u32;
    let w = bilinear(weight(bu), weight(bv));
    filtered_f32(&[
        w[0] * texel(i, j),
        w[1] * texel(i + 1, j),
        w[2] * texel(i, j + 1),
        w[3] * texel(i + 1, j + 1),
    ])
}

/// textures_cube.cu: a 5 x 5 cube map with point and linear filtering, and a layered cube map of
/// 3 layers (linear). Directions are random, some along the axes and the faces' diagonals.
fn cubes(r: &mut Rng, v: &mut Vec<Spec>) {
    const N: u32 = 5;
    let n = 160;
    let dirs = |r: &mut Rng| -> Vec<f32> {
        (0..n)
            .flat_map(|i| {
                let mut d = [r.f32(-2.0, 2.0), r.f32(-2.0, 2.0), r.f32(-2.0, 2.0), 0.0];
                if i % 16 == 3 {
                    // along an axis: the center of a face
                    d = [0.0; 4];
                    d[i / 16 % 3] = if i % 32 < 16 { 1.5 } else { -0.75 };
                }
                d
            })
            .collect()
    };
    for linear in [false, true] {
        let mut s = spec("textures_cube.cu", "sample_cube", (2, 1, 1), (128, 1, 1));
        s.arrays = vec![ArraySpec {
            name: "cube",
            desc: ArrayDesc {
                cubemap: true,
                ..array2d(N, N, 6, false, Channel::F32, 1)
            },
            data: f32s(&(0..6 * N * N).map(|_| r.f32(-4.0, 4.0)).collect::<Vec<_>>()),
        }];
        s.bufs = vec![
            buf("c", Elem::F32, f32s(&dirs(r))),
            buf("out", Elem::F32, vec![0; 16 * n]),
        ];
        s.textures = vec![TexSpec {
            res: TexRes::Array(0),
            desc: TexDesc {
                filter: if linear { Filter::Linear } else { Filter::Point },
                normalized_coords: true,
                ..TexDesc::default()
            },
        }];
        s.args = vec![A::Tex(0), A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
        s.reference = Some(if linear {
            |b, out| cube_ref_check(b, out, true)
        } else {
            |b, out| cube_ref_check(b, out, false)
        });
        v.push(s);
    }
    let mut s = spec("textures_cube.cu", "sample_cube_layered", (2, 1, 1), (128, 1, 1));
    s.arrays = vec![ArraySpec {
        name: "cubes",
        desc: ArrayDesc {
            cubemap: true,
            ..array2d(N, N, 18, true, Channel::F32, 1)
        },
        data: f32s(&(0..18 * N * N).map(|_| r.f32(0.0, 8.0)).collect::<Vec<_>>()),
    }];
    s.bufs = vec![
        buf("c", Elem::F32, f32s(&dirs(r))),
        buf("out", Elem::F32, vec![0; 4 * n]),
    ];
    s.textures = vec![TexSpec {
        res: TexRes::Array(0),
        desc: TexDesc {
            filter: Filter::Linear,
            normalized_coords: true,
            ..TexDesc::default()
        },
    }];
    s.args = vec![A::Tex(0), A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (c, got, faces) = (as_f32(&b[0].data), as_f32(&out.bufs[1]), as_f32(&out.arrays[0]));
        for i in 0..c.len() / 4 {
            let want = cube_sample(&faces, 5, i % 3, [c[4 * i], c[4 * i + 1], c[4 * i + 2]], true);
            same32(&format!("out[{i}] at {:?}", &c[4 * i..4 * i + 3]), got[i], want)?;
        }
        Ok(())
    });
    v.push(s);
}

/// textures_mip.cu's mipmapped array: 16 x 8 f32 texels and 4 more levels down to 1 x 1.
const MIP_W: u32 = 16;
const MIP_H: u32 = 8;
const MIP_LEVELS: u32 = 5;

/// textures_mip.cu's texture descriptors: linear filtering with the nearest level (clamp), point
/// filtering blending two levels (wrap, a bias and narrower clamps), linear filtering blending two
/// levels (mirror).
fn mip_descs() -> [TexDesc; 3] {
    [
        TexDesc {
            address: [Address::Clamp; 3],
            filter: Filter::Linear,
            normalized_coords: true,
            max_level: 4.0,
            ..TexDesc::default()
        },
        TexDesc {
            address: [Address::Wrap; 3],
            filter: Filter::Point,
            normalized_coords: true,
            mipmap_filter: Filter::Linear,
            level_bias: 0.25,
            min_level: 0.5,
            max_level: 3.5,
            ..TexDesc::default()
        },
        TexDesc {
            address: [Address::Mirror; 3],
            filter: Filter::Linear,
            normalized_coords: true,
            mipmap_filter: Filter::Linear,
            max_level: 4.0,
            ..TexDesc::default()
        },
    ]
}

/// The four bilinear corner weights of a mipmap level whose own weight is `m` (1/256; 256 - f
/// and f for the two levels of a trilinear sample): as measured on an H100, `m` splits along
/// `x` (`am = a m` to the nearest 1/256, ties up), then each part along `y`: the `(i+1, j+1)`
/// corner gets `am b` (nearest, ties up), the `(i, j+1)` corner `(m - am) b` (nearest, ties
/// down). With `m = 256`: `a b` rounded for the `(i+1, j+1)` corner, the others following from
/// it ([`bilinear`]).
fn level_corners(a: u32, b: u32, m: u32) -> [f64; 4] {
    let am = (a * m + 128) / 256;
    let m0 = m - am;
    let (w11, w01) = ((am * b + 128) / 256, (m0 * b + 127) / 256);
    [m0 - w01, am - w11, w01, w11].map(|w| w as f64 / 256.0)
}

/// One level's sample of the mipmapped array (`levels`: the levels' texels one after the other),
/// a linear filter's corners weighted with the level's weight `m` (1/256).
fn mip_level_sample(levels: &[f32], lv: u32, x: f32, y: f32, d: &TexDesc, m: u32) -> Vec<f64> {
    let (mut off, mut w, mut h) = (0usize, MIP_W, MIP_H);
    for _ in 0..lv {
        off += (w * h) as usize;
        (w, h) = ((w / 2).max(1), (h / 2).max(1));
    }
    let fx = |v: f32| (v as f64 * (1u64 << 21) as f64).floor() / (1u64 << 21) as f64;
    let texel = |i: i64, j: i64| {
        let i = tex_addr(i, w as i64, d.address[0], true).unwrap();
        let j = tex_addr(j, h as i64, d.address[1], true).unwrap();
        levels[off + (j * w as i64 + i) as usize] as f64
    };
    let (u, v) = (fx(x) * w as f64, fx(y) * h as f64);
    if d.filter == Filter::Point {
        return vec![texel(u.floor() as i64, v.floor() as i64)];
    }
    let (bu, bv) = (u - 0.5, v - 0.5);
    let (i, j) = (bu.floor() as i64, bv.floor() as i64);
    let weight = |b: f64| ((b - b.floor()) * 256.0).round() as u32;
    let c = level_corners(weight(bu), weight(bv), m);
    vec![
        c[0] * texel(i, j),
        c[1] * texel(i + 1, j),
        c[2] * texel(i, j + 1),
        c[3] * texel(i + 1, j + 1),
    ]
}

fn mip_ref(b: &[Buf], out: &RunOut, d: &TexDesc) -> Result<(), String> {
    let (c, got, levels) = (as_f32(&b[0].data), as_f32(&out.bufs[1]), as_f32(&out.arrays[0]));
    for i in 0..c.len() / 4 {
        let (x, y, lod) = (c[4 * i], c[4 * i + 1], c[4 * i + 2] as f64);
        let hi = (d.max_level as f64).min((MIP_LEVELS - 1) as f64);
        let lod = (lod + d.level_bias as f64).min(hi).max(d.min_level as f64).max(0.0);
        let terms = if d.mipmap_filter == Filter::Point {
            mip_level_sample(&levels, (lod + 0.5).floor() as u32, x, y, d, 256)
        } else {
            // the level of detail's fraction truncated to 1/256 (as on an H100)
            let l = lod.floor() as u32;
            let w = ((lod - lod.floor()) * 256.0).floor() as u32;
            if w == 0 {
                mip_level_sample(&levels, l, x, y, d, 256)
            } else if d.filter == Filter::Linear {
                // trilinear: the eight corners' weights are 1/256 multiples summing to 1
                let a = mip_level_sample(&levels, l, x, y, d, 256 - w);
                a.into_iter()
                    .chain(mip_level_sample(&levels, l + 1, x, y, d, w))
                    .collect()
            } else {
                // level terms are f32 texels times multiples of 1/256: these products are exact
                let a = mip_level_sample(&levels, l, x, y, d, 256);
                let b = mip_level_sample(&levels, l + 1, x, y, d, 256);
                let (w, u) = (w as f64, 256.0 - w as f64);
                let a = a.into_iter().map(|t| t * u / 256.0);
                a.chain(b.into_iter().map(|t| t * w / 256.0)).collect()
            }
        };
        let want = filtered_f32(&terms);
        same32(&format!("out[{i}].x at ({x}, {y}), lod {lod}"), got[4 * i], want)?;
    }
    Ok(())
}

/// textures_mip.cu: tex2DLod over a 5-level mipmapped array through each of [`mip_descs`], at
/// random coordinates and levels of detail (some below 0 and past the last level).
fn mipmaps(r: &mut Rng, v: &mut Vec<Spec>) {
    let n = 200;
    let texels: usize = (0..MIP_LEVELS)
        .map(|l| ((MIP_W >> l).max(1) * (MIP_H >> l).max(1)) as usize)
        .sum();
    let data: Vec<f32> = (0..texels).map(|_| r.f32(-3.0, 3.0)).collect();
    let refs: [Reference; 3] = [
        |b, o| mip_ref(b, o, &mip_descs()[0]),
        |b, o| mip_ref(b, o, &mip_descs()[1]),
        |b, o| mip_ref(b, o, &mip_descs()[2]),
    ];
    for (desc, reference) in mip_descs().into_iter().zip(refs) {
        let mut s = spec("textures_mip.cu", "sample_lod", (2, 1, 1), (128, 1, 1));
        s.arrays = vec![ArraySpec {
            name: "mip",
            desc: ArrayDesc {
                levels: MIP_LEVELS,
                ..array2d(MIP_W, MIP_H, 0, false, Channel::F32, 1)
            },
            data: f32s(&data),
        }];
        let c: Vec<f32> = (0..n)
            .flat_map(|_| [r.f32(-0.5, 1.5), r.f32(-0.5, 1.5), r.f32(-1.0, 5.5), 0.0])
            .collect();
        s.bufs = vec![buf("c", Elem::F32, f32s(&c)), buf("out", Elem::F32, vec![0; 16 * n])];
        s.textures = vec![TexSpec {
            res: TexRes::Array(0),
            desc,
        }];
        s.args = vec![A::Tex(0), A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
        s.reference = Some(reference);
        v.push(s);
    }
}

fn cube_ref_check(b: &[Buf], out: &RunOut, linear: bool) -> Result<(), String> {
    let (c, got, faces) = (as_f32(&b[0].data), as_f32(&out.bufs[1]), as_f32(&out.arrays[0]));
    for i in 0..c.len() / 4 {
        let want = cube_sample(&faces, 5, 0, [c[4 * i], c[4 * i + 1], c[4 * i + 2]], linear);
        same32(&format!("out[{i}].x at {:?}", &c[4 * i..4 * i + 3]), got[4 * i], want)?;
        for q in 1..4 {
            same32(&format!("out[{i}].{q}"), got[4 * i + q], 0.0)?;
        }
    }
    Ok(())
}

/// The sample2d launches' texture descriptors (a function: the references are plain `fn`s):
/// clamp/linear/normalized, wrap/point/normalized, mirror/linear/normalized, border (a color)/
/// linear/unnormalized, and u8 x 4 read as normalized floats, clamp/linear/unnormalized.
fn tex_descs() -> [TexDesc; 5] {
    [
        TexDesc {
            address: [Address::Clamp; 3],
            filter: Filter::Linear,
            normalized_coords: true,
            ..TexDesc::default()
        },
        TexDesc {
            address: [Address::Wrap; 3],
            filter: Filter::Point,
            normalized_coords: true,
            ..TexDesc::default()
        },
        TexDesc {
            address: [Address::Mirror; 3],
            filter: Filter::Linear,
            normalized_coords: true,
            ..TexDesc::default()
        },
        TexDesc {
            address: [Address::Border; 3],
            filter: Filter::Linear,
            normalized_coords: false,
            border: [0.25, 0.5, 0.75, 0.125],
            ..TexDesc::default()
        },
        TexDesc {
            address: [Address::Clamp; 3],
            filter: Filter::Linear,
            normalized_coords: false,
            normalized_float: true,
            ..TexDesc::default()
        },
    ]
}

/// The SIMD video functions of testdata/difftest/simd.cu, in its output order.
const SIMD_FUNCTIONS: &[&str] = &[
    "__vabs2",
    "__vabs4",
    "__vabsdiffs2",
    "__vabsdiffs4",
    "__vabsdiffu2",
    "__vabsdiffu4",
    "__vabsss2",
    "__vabsss4",
    "__vadd2",
    "__vadd4",
    "__vaddss2",
    "__vaddss4",
    "__vaddus2",
    "__vaddus4",
    "__vavgs2",
    "__vavgs4",
    "__vavgu2",
    "__vavgu4",
    "__vcmpeq2",
    "__vcmpeq4",
    "__vcmpges2",
    "__vcmpges4",
    "__vcmpgeu2",
    "__vcmpgeu4",
    "__vcmpgts2",
    "__vcmpgts4",
    "__vcmpgtu2",
    "__vcmpgtu4",
    "__vcmples2",
    "__vcmples4",
    "__vcmpleu2",
    "__vcmpleu4",
    "__vcmplts2",
    "__vcmplts4",
    "__vcmpltu2",
    "__vcmpltu4",
    "__vcmpne2",
    "__vcmpne4",
    "__vhaddu2",
    "__vhaddu4",
    "__vmaxs2",
    "__vmaxs4",
    "__vmaxu2",
    "__vmaxu4",
    "__vmins2",
    "__vmins4",
    "__vminu2",
    "__vminu4",
    "__vneg2",
    "__vneg4",
    "__vnegss2",
    "__vnegss4",
    "__vsads2",
    "__vsads4",
    "__vsadu2",
    "__vsadu4",
    "__vseteq2",
    "__vseteq4",
    "__vsetges2",
    "__vsetges4",
    "__vsetgeu2",
    "__vsetgeu4",
    "__vsetgts2",
    "__vsetgts4",
    "__vsetgtu2",
    "__vsetgtu4",
    "__vsetles2",
    "__vsetles4",
    "__vsetleu2",
    "__vsetleu4",
    "__vsetlts2",
    "__vsetlts4",
    "__vsetltu2",
    "__vsetltu4",
    "__vsetne2",
    "__vsetne4",
    "__vsub2",
    "__vsub4",
    "__vsubss2",
    "__vsubss4",
    "__vsubus2",
    "__vsubus4",
];

/// `name(a, b)` (`name(a)` for the unary ones) from the CUDA Math API's definitions: each
/// halfword (`...2`) or byte (`...4`) lane on its own; `vcmp*` sets a true lane to all ones,
/// `vset*` to 1; `ss`/`us` saturate (signed/unsigned); `vavgs` rounds half away from zero,
/// `vavgu` half up, `vhaddu` truncates; `vsad*` sums the lanes' absolute differences.
fn simd_reference(name: &str, a: u32, b: u32) -> u32 {
    let f = name.strip_prefix("__v").unwrap();
    let (op, w) = (&f[..f.len() - 1], if f.ends_with('2') { 16 } else { 8 });
    let lanes = 32 / w;
    let lm = (1u32 << w) - 1;
    let (smin, smax) = (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1);
    let lane = |x: u32, k: u32| (x >> (k * w)) & lm;
    let sx = |v: u32| ((v << (32 - w)) as i32 >> (32 - w)) as i64;
    let ones = |c: bool| if c { lm } else { 0 };
    if let Some(signed) = op.strip_prefix("sad").map(|t| t == "s") {
        return (0..lanes)
            .map(|k| {
                let (x, y) = (lane(a, k), lane(b, k));
                if signed {
                    sx(x).abs_diff(sx(y)) as u32
                } else {
                    x.abs_diff(y)
                }
            })
            .sum();
    }
    let mut r = 0u32;
    for k in 0..lanes {
        let (x, y) = (lane(a, k), lane(b, k));
        let (s, t) = (sx(x), sx(y));
        let (u, v) = (x as i64, y as i64);
        let z: i64 = match op {
            "abs" => s.abs(),
            "absss" => s.abs().min(smax),
            "absdiffs" => s.abs_diff(t) as i64,
            "absdiffu" => u.abs_diff(v) as i64,
            "add" => s + t,
            "addss" => (s + t).clamp(smin, smax),
            "addus" => (u + v).min(lm as i64),
            "sub" => s - t,
            "subss" => (s - t).clamp(smin, smax),
            "subus" => (u - v).max(0),
            "avgs" => (s + t + if s + t >= 0 { 1 } else { -1 }) / 2,
            "avgu" => (u + v + 1) >> 1,
            "haddu" => (u + v) >> 1,
            "neg" => -s,
            "negss" => (-s).min(smax),
            "maxs" => s.max(t),
            "maxu" => u.max(v),
            "mins" => s.min(t),
            "minu" => u.min(v),
            "cmpeq" => ones(x == y) as i64,
            "cmpne" => ones(x != y) as i64,
            "cmpges" => ones(s >= t) as i64,
            "cmpgts" => ones(s > t) as i64,
            "cmples" => ones(s <= t) as i64,
            "cmplts" => ones(s < t) as i64,
            "cmpgeu" => ones(u >= v) as i64,
            "cmpgtu" => ones(u > v) as i64,
            "cmpleu" => ones(u <= v) as i64,
            "cmpltu" => ones(u < v) as i64,
            "seteq" => (x == y) as i64,
            "setne" => (x != y) as i64,
            "setges" => (s >= t) as i64,
            "setgts" => (s > t) as i64,
            "setles" => (s <= t) as i64,
            "setlts" => (s < t) as i64,
            "setgeu" => (u >= v) as i64,
            "setgtu" => (u > v) as i64,
            "setleu" => (u <= v) as i64,
            "setltu" => (u < v) as i64,
            o => panic!("no reference for __v{o}"),
        };
        r |= ((z as u32) & lm) << (k * w);
    }
    r
}
