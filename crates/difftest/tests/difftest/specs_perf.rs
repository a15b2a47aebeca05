//! Launch specs for `testdata/perf`: the large kernels of the register-pressure benchmark
//! (`cargo xtask bench`'s "large kernels" table). The bar here is behaviour only: warpc's PTX
//! gives NVRTC's results in the emulator (and ptxas accepts it). No Rust references: the
//! kernels are long numerical computations whose exact results only the two compilers' PTX
//! define; NVRTC's run is the reference. Tolerances are in ULPs (`Spec::ulps`), for FMA
//! contraction and operation order that may legitimately differ between the compilers.

use super::*;

fn f32_vec(r: &mut Rng, n: usize, lo: f32, hi: f32) -> Vec<f32> {
    (0..n).map(|_| r.f32(lo, hi)).collect()
}

fn f64_vec(r: &mut Rng, n: usize, lo: f64, hi: f64) -> Vec<f64> {
    (0..n).map(|_| r.f64(lo, hi)).collect()
}

pub fn specs() -> Vec<Spec> {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let mut v = Vec::new();

    // cubature: per thread (a, b, cx, cy)
    let n = 64;
    let mut p = Vec::new();
    for _ in 0..n {
        p.extend([r.f64(0.1, 2.0), r.f64(0.5, 3.0), r.f64(-1.0, 1.0), r.f64(-1.0, 1.0)]);
    }
    let mut s = spec("cubature.cu", "cubature", (2, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("params", Elem::F64, f64s(&p)),
        buf("out", Elem::F64, vec![0; 8 * n * 8]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.ulps = 64;
    v.push(s);

    // xs_lookup: 12 nuclides, 64-point increasing energy grids on [0, 1], 4 materials
    let (nuc, grid, mats) = (12, 64, 4);
    let mut eg = Vec::new();
    for _ in 0..nuc {
        let mut e = 0.0;
        let steps: Vec<f64> = (0..grid - 1).map(|_| r.f64(0.5, 1.5)).collect();
        let total: f64 = steps.iter().sum();
        eg.push(0.0);
        for st in &steps {
            e += st / total;
            eg.push(e);
        }
        *eg.last_mut().unwrap() = 1.0;
    }
    let xs = f64_vec(&mut r, nuc * grid * 5, 0.1, 10.0);
    let conc: Vec<f64> = (0..mats * nuc)
        .map(|k| if k % 5 == 3 { 0.0 } else { r.f64(0.0, 2.0) })
        .collect();
    let n = 96;
    let m: Vec<i32> = (0..n).map(|_| (r.u32() % mats as u32) as i32).collect();
    let e = f64_vec(&mut r, n, 0.001, 0.999);
    let mut s = spec("xs_lookup.cu", "xs_lookup", (3, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("egrids", Elem::F64, f64s(&eg)),
        buf("xsdata", Elem::F64, f64s(&xs)),
        buf("conc", Elem::F64, f64s(&conc)),
        buf("mats", Elem::I32, i32s(&m)),
        buf("energies", Elem::F64, f64s(&e)),
        buf("out", Elem::F64, vec![0; 8 * n * 8]),
    ];
    s.args = (0..6).map(A::Buf).chain([A::S(Arg::I32(n as i32))]).collect();
    s.ulps = 4;
    v.push(s);

    // chem_ode: 9 species mass fractions, temperatures 800-2500 K
    let n = 64;
    let st = f32_vec(&mut r, 9 * n, 0.01, 1.0);
    let t = f32_vec(&mut r, n, 800.0, 2500.0);
    let mut s = spec("chem_ode.cu", "chem_ode", (2, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("state", Elem::F32, f32s(&st)),
        buf("temps", Elem::F32, f32s(&t)),
        buf("out", Elem::F32, vec![0; 10 * n * 4]),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::Buf(2),
        A::S(Arg::F32(1e-7)),
        A::S(Arg::I32(n as i32)),
    ];
    s.ulps = 64;
    v.push(s);

    // option_pricing: spot, rate, dividend, vol, strike, expiry, barrier, rebate
    let n = 32;
    let mut d = Vec::new();
    for k in 0..n {
        d.extend([
            r.f64(80.0, 120.0),
            r.f64(0.01, 0.05),
            r.f64(0.0, 0.03),
            r.f64(0.1, 0.4),
            r.f64(80.0, 120.0),
            r.f64(0.25, 2.0),
            if k % 3 == 0 { 0.0 } else { r.f64(90.0, 150.0) },
            r.f64(0.0, 5.0),
        ]);
    }
    let mut s = spec("option_pricing.cu", "option_pricing", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("data", Elem::F64, f64s(&d)),
        buf("out", Elem::F64, vec![0; 7 * n * 8]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.ulps = 64;
    v.push(s);

    // poly_f32: one 8x8 matrix per thread
    let n = 64;
    let m = f32_vec(&mut r, 64 * n, -1.0, 1.0);
    let mut s = spec("poly_f32.cu", "poly_f32", (2, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&m)),
        buf("out", Elem::F32, vec![0; 16 * n * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.ulps = 64;
    v.push(s);

    // stencil: a 24 x 24 x 14 volume, 16 x 16 interior columns, 6 z steps
    let (nx, ny, nz) = (24usize, 24usize, 14usize);
    let vol = f32_vec(&mut r, nx * ny * nz, -1.0, 1.0);
    let mut s = spec("stencil.cu", "stencil", (2, 2, 1), (8, 8, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&vol)),
        buf("out", Elem::F32, vec![0; nx * ny * nz * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)]
        .into_iter()
        .chain([nx, ny, nz].map(|d| A::S(Arg::I32(d as i32))))
        .chain([-2.85, 1.6, -0.2, 0.0254, -0.0018].map(|c| A::S(Arg::F32(c))))
        .collect();
    s.ulps = 16;
    v.push(s);

    // svd3x3: one 3x3 matrix per thread
    let n = 64;
    let a = f32_vec(&mut r, 9 * n, -2.0, 2.0);
    let mut s = spec("svd3x3.cu", "svd3x3", (2, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&a)),
        buf("out", Elem::F32, vec![0; 24 * n * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    // Four Jacobi sweeps and three Givens rotations compound the rounding of each step, and
    // entries near zero (2 (y z - w x)) keep few significant bits: a few thousand ULPs there.
    s.ulps = 4096;
    v.push(s);

    // tridiag_f4: 32 systems of 16 float4 unknowns, diagonally dominant
    let (systems, m) = (32, 16);
    let lower = f32_vec(&mut r, 4 * m * systems, -1.0, 1.0);
    let diag = f32_vec(&mut r, 4 * m * systems, 3.0, 5.0);
    let upper = f32_vec(&mut r, 4 * m * systems, -1.0, 1.0);
    let rhs = f32_vec(&mut r, 4 * m * systems, -10.0, 10.0);
    let mut s = spec("tridiag_f4.cu", "tridiag_f4", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("lower", Elem::F32, f32s(&lower)),
        buf("diag", Elem::F32, f32s(&diag)),
        buf("upper", Elem::F32, f32s(&upper)),
        buf("rhs", Elem::F32, f32s(&rhs)),
        buf("x", Elem::F32, vec![0; 4 * m * systems * 4]),
    ];
    s.args = (0..5).map(A::Buf).chain([A::S(Arg::I32(systems as i32))]).collect();
    s.ulps = 16;
    v.push(s);
    v
}
