//! Launch specs and Rust references for `../shared/conformance/program` (whole CUDA programs:
//! only their kernels run; the reference PTX comes from `nvcc -ptx`).

use super::*;

/// The program files warpc does not compile yet (same contract as the cxx list).
pub const EXPECTED_WARPC_FAILURES: &[&str] = &[];

pub fn specs() -> Vec<Spec> {
    let mut r = Rng(0x0070_7267_0000_0001);
    let mut v = Vec::new();

    let n = 1000usize;
    let a: Vec<f32> = (0..n).map(|_| r.f32(-100.0, 100.0)).collect();
    let b: Vec<f32> = (0..n).map(|_| r.f32(-100.0, 100.0)).collect();
    let mut s = spec(
        "01_vector_add_program.cu",
        "_Z10vector_addPKfS0_Pfi",
        (4, 1, 1),
        (256, 1, 1),
    );
    s.bufs = vec![
        buf("a", Elem::F32, f32s(&a)),
        buf("b", Elem::F32, f32s(&b)),
        buf("c", Elem::F32, vec![0; n * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (x, y, c) = (as_f32(&b[0].data), as_f32(&b[1].data), as_f32(&out.bufs[2]));
        for i in 0..x.len() {
            same32(&format!("c[{i}]"), c[i], x[i] + y[i])?;
        }
        Ok(())
    });
    v.push(s);

    let n = 300usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-0.5, 1.5)).collect();
    let mut s = spec("02_host_device_mix.cu", "_Z5shadePKfPfi", (3, 1, 1), (128, 1, 1));
    s.bufs = vec![buf("x", Elem::F32, f32s(&x)), buf("y", Elem::F32, vec![0; n * 4])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (x, y) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        for i in 0..x.len() {
            // smoothstep(0, 1, x) + arch_marker() (8 for sm_90) after inlining: nvcc computes
            // fma(t*t, 3 - 2t, 8) (the subtraction is not contracted)
            let t = ((x[i] - 0.0) / (1.0 - 0.0)).clamp(0.0, 1.0);
            let e = (t * t).mul_add(3.0 - 2.0 * t, 8.0);
            same32(&format!("y[{i}]"), y[i], e)?;
        }
        Ok(())
    });
    v.push(s);
    v
}
