//! Launch specs and Rust references for `../shared/conformance/cxx`. Kernel names are the
//! mangled `.entry` names of NVRTC's PTX (explicit template instantiations included).

use super::*;

/// The cxx files warpc does not compile yet (its C++ front end is in progress). The difftest
/// fails when a listed file starts compiling (remove it here, so that the file is differentially
/// tested from then on) or when a file not listed stops compiling (a regression).
pub const EXPECTED_WARPC_FAILURES: &[&str] = &[];

fn clamp<T: PartialOrd>(v: T, lo: T, hi: T) -> T {
    if v < lo {
        lo
    } else if v > hi {
        hi
    } else {
        v
    }
}

pub fn specs() -> Vec<Spec> {
    let mut r = Rng(0x5eed_c0de_1234_5678);
    let mut v = Vec::new();

    // 01 templates: scale_clamp<float, 4>, <int, 2>, <double, 1>; n not a multiple of N*threads
    let n = 1001usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-300.0, 300.0)).collect();
    let mut s = spec(
        "01_templates.cu",
        "_Z11scale_clampIfLi4EEvPKT_PS0_iS0_",
        (2, 1, 1),
        (128, 1, 1),
    );
    s.bufs = vec![buf("in", Elem::F32, f32s(&x)), buf("out", Elem::F32, vec![0; n * 4])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32)), A::S(Arg::F32(0.75))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        for i in 0..x.len() {
            same32(&format!("out[{i}]"), o[i], clamp(x[i] * 0.75, -100.0, 100.0))?;
        }
        Ok(())
    });
    v.push(s);

    let n = 999usize;
    let mut x: Vec<i32> = (0..n).map(|_| r.u32() as i32 >> (r.u32() % 31)).collect();
    x[0] = i32::MAX; // the multiplication wraps
    let mut s = spec(
        "01_templates.cu",
        "_Z11scale_clampIiLi2EEvPKT_PS0_iS0_",
        (4, 1, 1),
        (128, 1, 1),
    );
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; n * 4])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32)), A::S(Arg::I32(-3))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for i in 0..x.len() {
            let e = clamp(x[i].wrapping_mul(-3), -100, 100);
            if o[i] != e {
                return Err(format!("out[{i}] = {} expected {e}", o[i]));
            }
        }
        Ok(())
    });
    v.push(s);

    let n = 300usize;
    let x: Vec<f64> = (0..n).map(|_| r.f64(-1000.0, 1000.0)).collect();
    let mut s = spec(
        "01_templates.cu",
        "_Z11scale_clampIdLi1EEvPKT_PS0_iS0_",
        (3, 1, 1),
        (128, 1, 1),
    );
    s.bufs = vec![buf("in", Elem::F64, f64s(&x)), buf("out", Elem::F64, vec![0; n * 8])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32)), A::S(Arg::F64(0.125))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f64(&b[0].data), as_f64(&out.bufs[1]));
        for i in 0..x.len() {
            let e = clamp(x[i] * 0.125, -100.0, 100.0);
            if o[i].to_bits() != e.to_bits() {
                return Err(format!("out[{i}] = {} expected {e}", o[i]));
            }
        }
        Ok(())
    });
    v.push(s);

    // 02 vector ops: unit normals of triangles (some degenerate: the (0, 0, 1) branch)
    let n = 150usize;
    let mut tri: Vec<Vec<f32>> = (0..3)
        .map(|_| (0..n * 3).map(|_| r.f32(-10.0, 10.0)).collect())
        .collect();
    for i in (0..n).step_by(7) {
        for c in 0..3 {
            tri[1][3 * i + c] = tri[0][3 * i + c];
        }
    }
    let mut s = spec(
        "02_vector_ops.cu",
        "_Z7normalsPKN3geo4vec3ES2_S2_PS0_i",
        (3, 1, 1),
        (64, 1, 1),
    );
    s.bufs = vec![
        buf("a", Elem::F32, f32s(&tri[0])),
        buf("b", Elem::F32, f32s(&tri[1])),
        buf("c", Elem::F32, f32s(&tri[2])),
        buf("out", Elem::F32, vec![0; n * 12]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (a, bb, c, o) = (
            as_f32(&b[0].data),
            as_f32(&b[1].data),
            as_f32(&b[2].data),
            as_f32(&out.bufs[3]),
        );
        for i in 0..a.len() / 3 {
            let u: Vec<f64> = (0..3).map(|k| bb[3 * i + k] as f64 - a[3 * i + k] as f64).collect();
            let w: Vec<f64> = (0..3).map(|k| c[3 * i + k] as f64 - a[3 * i + k] as f64).collect();
            let nrm = [
                u[1] * w[2] - u[2] * w[1],
                u[2] * w[0] - u[0] * w[2],
                u[0] * w[1] - u[1] * w[0],
            ];
            let len = (nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]).sqrt();
            for k in 0..3 {
                let got = o[3 * i + k] as f64;
                if len == 0.0 {
                    let e = [0.0, 0.0, 1.0][k];
                    if got != e {
                        return Err(format!("out[{i}][{k}] = {got} expected {e} (degenerate)"));
                    }
                } else {
                    // the cross product's terms cancel: error relative to the products' size
                    let mag: f64 = u.iter().chain(&w).map(|t| t * t).sum::<f64>() / len;
                    within(&format!("out[{i}][{k}]"), got, nrm[k] / len, 1.0 + mag, 1e-6)?;
                }
            }
        }
        Ok(())
    });
    v.push(s);

    // 03 class template: a stack per thread, a fold with a functor
    let n = 100usize;
    let x: Vec<i32> = (0..n).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec(
        "03_class_template.cu",
        "_Z14stack_and_foldPKiPii",
        (2, 1, 1),
        (64, 1, 1),
    );
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; n * 8])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for i in 0..x.len() {
            let sum: i32 = (0..=(x[i] & 7)).map(|k| x[i] + k).sum();
            let fold = x[..(i + 1).min(16)].iter().fold(-1_000_000, |a, &v| a.max(v));
            let e = [sum + 8, fold];
            if o[2 * i..2 * i + 2] != e {
                return Err(format!("out[{i}] = {:?} expected {e:?}", &o[2 * i..2 * i + 2]));
            }
        }
        Ok(())
    });
    v.push(s);

    // 04 lambdas and constexpr: y = max(x*x + 0.5 + x*2, 0); blocks of 256 (i = block << 8 + t)
    let n = 600usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-4.0, 4.0)).collect();
    let mut s = spec("04_lambdas_constexpr.cu", "_Z7lambdasPKfPfi", (3, 1, 1), (256, 1, 1));
    s.bufs = vec![buf("x", Elem::F32, f32s(&x)), buf("y", Elem::F32, vec![0; n * 4])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (x, y) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        for i in 0..x.len() {
            let v = x[i] as f64;
            let e = (v * v + 0.5 + v * 2.0).max(0.0);
            let mag = v * v + 0.5 + (v * 2.0).abs();
            within(&format!("y[{i}]"), y[i] as f64, e, mag, 1.2e-7)?;
        }
        Ok(())
    });
    v.push(s);

    // 05 overloads (one thread: every thread writes the same words)
    let vals: Vec<f32> = (0..8).map(|_| r.f32(-50.0, 50.0)).collect();
    let mut s = spec("05_overloads.cu", "_Z9overloadsPKfPiPf", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![
        buf("v", Elem::F32, f32s(&vals)),
        buf("codes", Elem::I32, vec![0; 32]),
        buf("range", Elem::F32, vec![0; 8]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let v = as_f32(&b[0].data);
        // pick(int), pick(unsigned), pick(float), pick(double), pick(const int*),
        // pick(long long, 10), char and short promote to int
        let e = [1, 2, 3, 4, 5, 16, 1, 1];
        let codes = as_i32(&out.bufs[1]);
        if codes != e {
            return Err(format!("codes = {codes:?} expected {e:?}"));
        }
        let lo = v.iter().copied().fold(f32::INFINITY, f32::min);
        let hi = v.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let range = as_f32(&out.bufs[2]);
        same32("range[0]", range[0], lo)?;
        same32("range[1]", range[1], hi)
    });
    v.push(s);
    v
}
