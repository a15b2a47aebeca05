//! Differential execution: every kernel of `../shared/conformance/c` is compiled by warpc
//! (in-process, `-arch=sm_90`) and by NVRTC (`nvcc -ptx` for `12_globals.cu`, which includes
//! `<cstdio>`), both PTX files run in the emulator on identical seeded inputs, and all output
//! buffers (and mutable `__device__` variables and printf output) must agree:
//! - integers bit-exact;
//! - floats bit-exact, except the kernels using approximate or libdevice math (`09_math`,
//!   `07_nbody`), where each value may differ by at most `ulps` units in the last place (the two
//!   compilers inline/contract libdevice differently; same value class: NaN == NaN).
//!
//! For the kernels with a simple host equivalent (saxpy, daxpy, reduce, matmul, histogram, scan,
//! stencil, transpose, control, atomics) NVRTC's results are also checked against a plain Rust
//! reference computation, which validates the emulator itself.
//!
//! Prints a results table (`cargo test -p warpc-ptx-emu --test difftest -- --nocapture`).

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use warpc_ptx_emu::{Arg, DevicePtr, Emulator};
use warpc_testkit::Oracles;

/// Small seeded xorshift64* generator (no `rand` dependency).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
    }
    fn f64(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }
    fn u32(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Elem {
    U8,
    U16,
    I32,
    U32,
    U64,
    F32,
    F64,
}

impl Elem {
    fn size(self) -> usize {
        match self {
            Elem::U8 => 1,
            Elem::U16 => 2,
            Elem::I32 | Elem::U32 | Elem::F32 => 4,
            Elem::U64 | Elem::F64 => 8,
        }
    }
}

enum A {
    Buf(usize),
    S(Arg),
}

struct Buf {
    name: &'static str,
    elem: Elem,
    data: Vec<u8>,
}

struct Spec {
    file: &'static str,
    kernel: &'static str,
    grid: (u32, u32, u32),
    block: (u32, u32, u32),
    shared: u32,
    bufs: Vec<Buf>,
    args: Vec<A>,
    /// `__device__` variables to compare after the launch.
    symbols: Vec<&'static str>,
    /// Float tolerance in ULPs (0 = bit-exact).
    ulps: u64,
    /// Reference check of NVRTC's outputs: (buffers after the launch) -> Err(message).
    reference: Option<fn(&[Buf], &[Vec<u8>]) -> Result<(), String>>,
}

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn f64s(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn u32s(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn u64s(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn as_f32(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn as_f64(b: &[u8]) -> Vec<f64> {
    b.chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn as_u32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn as_i32(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn as_u64(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn buf(name: &'static str, elem: Elem, data: Vec<u8>) -> Buf {
    Buf { name, elem, data }
}

fn spec(
    file: &'static str,
    kernel: &'static str,
    grid: (u32, u32, u32),
    block: (u32, u32, u32),
) -> Spec {
    Spec {
        file,
        kernel,
        grid,
        block,
        shared: 0,
        bufs: vec![],
        args: vec![],
        symbols: vec![],
        ulps: 0,
        reference: None,
    }
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * (1.0 + a.abs().max(b.abs()))
}

fn specs() -> Vec<Spec> {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let mut v = Vec::new();

    // 01 saxpy
    let n = 1000;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-10.0, 10.0)).collect();
    let y: Vec<f32> = (0..n).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("01_saxpy.cu", "saxpy", (8, 1, 1), (128, 1, 1));
    s.bufs = vec![buf("x", Elem::F32, f32s(&x)), buf("y", Elem::F32, f32s(&y))];
    s.args = vec![
        A::S(Arg::I32(n as i32)),
        A::S(Arg::F32(1.75)),
        A::Buf(0),
        A::Buf(1),
    ];
    s.reference = Some(|b, out| {
        let (x, y0, y) = (as_f32(&b[0].data), as_f32(&b[1].data), as_f32(&out[1]));
        for i in 0..x.len() {
            let e = 1.75f32.mul_add(x[i], y0[i]);
            if e.to_bits() != y[i].to_bits() {
                return Err(format!("y[{i}] = {} expected {e}", y[i]));
            }
        }
        Ok(())
    });
    v.push(s);

    let n = 777;
    let x: Vec<f64> = (0..n).map(|_| r.f64(-10.0, 10.0)).collect();
    let y: Vec<f64> = (0..n).map(|_| r.f64(-10.0, 10.0)).collect();
    let mut s = spec("01_saxpy.cu", "daxpy_grid_stride", (3, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("x", Elem::F64, f64s(&x)), buf("y", Elem::F64, f64s(&y))];
    s.args = vec![
        A::S(Arg::I64(n as i64)),
        A::S(Arg::F64(-0.5)),
        A::Buf(0),
        A::Buf(1),
    ];
    s.reference = Some(|b, out| {
        let (x, y0, y) = (as_f64(&b[0].data), as_f64(&b[1].data), as_f64(&out[1]));
        for i in 0..x.len() {
            let e = (-0.5f64).mul_add(x[i], y0[i]);
            if e.to_bits() != y[i].to_bits() {
                return Err(format!("y[{i}] = {} expected {e}", y[i]));
            }
        }
        Ok(())
    });
    v.push(s);

    // 02 reduce
    let n = 2000;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-1.0, 1.0)).collect();
    let mut s = spec("02_reduce.cu", "reduce_sum", (4, 1, 1), (256, 1, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&x)),
        buf("out", Elem::F32, f32s(&[0.0])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let e: f64 = as_f32(&b[0].data).iter().map(|&v| v as f64).sum();
        let got = as_f32(&out[1])[0] as f64;
        if close(got, e, 1e-5) {
            Ok(())
        } else {
            Err(format!("sum {got} expected {e}"))
        }
    });
    v.push(s);

    // 03 matmul (n not a multiple of the tile)
    let n = 40usize;
    let a: Vec<f32> = (0..n * n).map(|_| r.f32(-1.0, 1.0)).collect();
    let bm: Vec<f32> = (0..n * n).map(|_| r.f32(-1.0, 1.0)).collect();
    let mut s = spec("03_matmul.cu", "matmul_tiled", (3, 3, 1), (16, 16, 1));
    s.bufs = vec![
        buf("A", Elem::F32, f32s(&a)),
        buf("B", Elem::F32, f32s(&bm)),
        buf("C", Elem::F32, vec![0; n * n * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (a, bm, c) = (as_f32(&b[0].data), as_f32(&b[1].data), as_f32(&out[2]));
        let n = 40;
        for i in 0..n {
            for j in 0..n {
                let e: f64 = (0..n)
                    .map(|k| a[i * n + k] as f64 * bm[k * n + j] as f64)
                    .sum();
                if !close(c[i * n + j] as f64, e, 1e-5) {
                    return Err(format!("C[{i}][{j}] = {} expected {e}", c[i * n + j]));
                }
            }
        }
        Ok(())
    });
    v.push(s);

    // 04 histogram
    let n = 5000usize;
    let d: Vec<u8> = (0..n)
        .map(|_| (r.u32() % 97 + (r.u32() % 3) * 50) as u8)
        .collect();
    let mut s = spec("04_histogram.cu", "histogram256", (4, 1, 1), (128, 1, 1));
    s.bufs = vec![
        buf("data", Elem::U8, d),
        buf("bins", Elem::U32, vec![0; 1024]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::U64(n as u64))];
    s.reference = Some(|b, out| {
        let mut h = [0u32; 256];
        for &x in &b[0].data {
            h[x as usize] += 1;
        }
        if as_u32(&out[1]) == h {
            Ok(())
        } else {
            Err("histogram differs".into())
        }
    });
    v.push(s);

    // 05 scan
    let n = 1000usize;
    let x: Vec<i32> = (0..n).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec("05_scan.cu", "block_scan", (4, 1, 1), (256, 1, 1));
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::I32, vec![0; n * 4]),
        buf("totals", Elem::I32, vec![0; 16]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (x, y) = (as_i32(&b[0].data), as_i32(&out[1]));
        for blk in 0..4 {
            let mut acc = 0i32;
            for t in 0..256 {
                let g = blk * 256 + t;
                if g >= x.len() {
                    break;
                }
                acc += x[g];
                if y[g] != acc {
                    return Err(format!("out[{g}] = {} expected {acc}", y[g]));
                }
            }
        }
        Ok(())
    });
    v.push(s);

    // 06 stencil
    let (w, h) = (70usize, 20usize);
    let src: Vec<f32> = (0..w * h).map(|_| r.f32(0.0, 100.0)).collect();
    let mut s = spec("06_stencil.cu", "jacobi5", (3, 3, 1), (32, 8, 1));
    s.bufs = vec![
        buf("src", Elem::F32, f32s(&src)),
        buf("dst", Elem::F32, vec![0; w * h * 4]),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::S(Arg::I32(w as i32)),
        A::S(Arg::I32(h as i32)),
    ];
    s.reference = Some(|b, out| {
        let (src, dst) = (as_f32(&b[0].data), as_f32(&out[1]));
        let (w, h) = (70, 20);
        for y in 0..h {
            for x in 0..w {
                let e = if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    src[y * w + x]
                } else {
                    0.25f32
                        * (src[y * w + x - 1]
                            + src[y * w + x + 1]
                            + src[(y - 1) * w + x]
                            + src[(y + 1) * w + x])
                };
                if e.to_bits() != dst[y * w + x].to_bits() {
                    return Err(format!("dst[{y}][{x}] = {} expected {e}", dst[y * w + x]));
                }
            }
        }
        Ok(())
    });
    v.push(s);

    // 07 nbody (rsqrtf: approximate)
    let n = 100usize;
    let pos: Vec<f32> = (0..n * 4)
        .map(|k| {
            if k % 4 == 3 {
                r.f32(0.5, 2.0)
            } else {
                r.f32(-5.0, 5.0)
            }
        })
        .collect();
    let mut s = spec("07_nbody.cu", "nbody_accel", (2, 1, 1), (64, 1, 1));
    s.shared = 64 * 16;
    s.bufs = vec![
        buf("pos", Elem::F32, f32s(&pos)),
        buf("acc", Elem::F32, vec![0; n * 12]),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::S(Arg::I32(n as i32)),
        A::S(Arg::F32(0.01)),
    ];
    s.ulps = 4;
    v.push(s);

    // 08 mandelbrot
    let (w, h) = (64u32, 32u32);
    let mut s = spec("08_mandelbrot.cu", "mandelbrot", (4, 4, 1), (16, 8, 1));
    s.bufs = vec![buf("iters", Elem::U16, vec![0; (w * h * 2) as usize])];
    s.args = vec![
        A::Buf(0),
        A::S(Arg::I32(w as i32)),
        A::S(Arg::I32(h as i32)),
        A::S(Arg::F64(-2.0)),
        A::S(Arg::F64(-1.0)),
        A::S(Arg::F64(3.0 / 64.0)),
        A::S(Arg::I32(64)),
    ];
    v.push(s);

    // 09 math (libdevice and approximate intrinsics)
    let n = 256usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-4.0, 4.0)).collect();
    let xd: Vec<f64> = (0..n).map(|_| r.f64(-2.0, 2.0)).collect();
    let mut s = spec("09_math.cu", "math_mix", (2, 1, 1), (128, 1, 1));
    s.bufs = vec![
        buf("x", Elem::F32, f32s(&x)),
        buf("out", Elem::F32, vec![0; n * 16]),
        buf("xd", Elem::F64, f64s(&xd)),
        buf("outd", Elem::F64, vec![0; n * 8]),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::Buf(2),
        A::Buf(3),
        A::S(Arg::I32(n as i32)),
    ];
    s.ulps = 4;
    v.push(s);

    // 10 bits (n not a multiple of 32: ballot over partially active warps)
    let n = 100usize;
    let mut x: Vec<u32> = (0..n).map(|_| r.u32() >> (r.u32() % 32)).collect();
    x[3] = 0;
    x[5] = 1;
    let x64: Vec<u64> = (0..n).map(|_| r.next() >> (r.u32() % 64)).collect();
    let mut s = spec("10_bits.cu", "bits", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("in", Elem::U32, u32s(&x)),
        buf("out", Elem::U32, vec![0; n * 32]),
        buf("in64", Elem::U64, u64s(&x64)),
        buf("out64", Elem::U64, vec![0; n * 8]),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::Buf(2),
        A::Buf(3),
        A::S(Arg::I32(n as i32)),
    ];
    v.push(s);

    // 11 control
    let n = 200usize;
    let x: Vec<i32> = (0..n)
        .map(|k| {
            if k % 3 == 0 {
                (r.u32() % 2000) as i32 - 1000
            } else {
                (r.u32() % 20) as i32 - 5
            }
        })
        .collect();
    let mut s = spec("11_control.cu", "control", (4, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::I32, vec![0; n * 12]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out[1]));
        for i in 0..x.len() {
            let v = x[i];
            let mut acc = 0;
            for a in 0..8 {
                if a == 3 {
                    continue;
                }
                for bb in 0..8 {
                    if a * bb > 20 {
                        break;
                    }
                    acc += ((a ^ bb) != 0 && (v > a || v < -bb)) as i32;
                }
            }
            let cls = match v & 7 {
                0 => 10,
                1 | 2 => (v + 3) * 2,
                3 => v * 2,
                5 => v,
                _ => -1,
            };
            let mut cx: u64 = if v > 0 { v as u64 } else { 27 };
            let mut steps = 0;
            while !(cx == 1 || steps >= 500) {
                cx = if cx & 1 == 1 { 3 * cx + 1 } else { cx / 2 };
                steps += 1;
            }
            let e = [acc, cls, steps];
            if o[3 * i..3 * i + 3] != e {
                return Err(format!(
                    "out[{i}] = {:?} expected {e:?}",
                    &o[3 * i..3 * i + 3]
                ));
            }
        }
        Ok(())
    });
    v.push(s);

    // 12 globals (+ printf, __device__ counter)
    let n = 100usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-2.0, 2.0)).collect();
    let mut s = spec("12_globals.cu", "fir8", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("x", Elem::F32, f32s(&x)),
        buf("y", Elem::F32, vec![0; n * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.symbols = vec!["counter", "lookup"];
    v.push(s);

    // 13 atomics
    let mut s = spec("13_atomics.cu", "atomics", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("gi", Elem::I32, i32s(&[5, 1000, -1, 0, 0, 0])),
        buf("gu", Elem::U32, u32s(&[u32::MAX, 0, 0x55, 7, 3, 0])),
        buf("gf", Elem::F32, f32s(&[1.0])),
        buf("gd", Elem::F64, f64s(&[2.0])),
        buf("gl", Elem::U64, u64s(&[1 << 40])),
        buf("flag", Elem::I32, i32s(&[0])),
    ];
    s.args = (0..6).map(A::Buf).collect();
    s.reference = Some(|_b, out| {
        let gi = as_i32(&out[0]);
        let gu = as_u32(&out[1]);
        // 2 blocks x 64 threads, t = 0..63 in each
        let sum_t: i32 = 2 * (0..64).sum::<i32>();
        let e_gi = [5 + sum_t, 1000 - 128, 63, -63, 1, 64];
        if gi != e_gi {
            return Err(format!("gi = {gi:?} expected {e_gi:?}"));
        }
        let mut inc = 7u32;
        let mut dec = 3u32;
        for _ in 0..128 {
            inc = if inc >= 100 { 0 } else { inc + 1 };
            dec = if dec == 0 || dec > 100 { 100 } else { dec - 1 };
        }
        let x = (0..64u32).fold(0x55, |a, t| a ^ t);
        let x = (0..64u32).fold(x, |a, t| a ^ t);
        let e_gu = [0, u32::MAX, x, inc, dec, 63];
        if gu != e_gu {
            return Err(format!("gu = {gu:?} expected {e_gu:?}"));
        }
        let (gf, gd, gl, flag) = (
            as_f32(&out[2])[0],
            as_f64(&out[3])[0],
            as_u64(&out[4])[0],
            as_i32(&out[5])[0],
        );
        if gf != 65.0 || gd != 34.0 || gl != (1 << 40) + 128 || flag != 1 {
            return Err(format!("gf {gf} gd {gd} gl {gl} flag {flag}"));
        }
        Ok(())
    });
    v.push(s);

    // 14 transpose
    let (w, h) = (70usize, 45usize);
    let x: Vec<f32> = (0..w * h).map(|_| r.f32(-1.0, 1.0)).collect();
    let mut s = spec("14_transpose.cu", "transpose", (3, 2, 1), (32, 8, 1));
    s.bufs = vec![
        buf("out", Elem::F32, vec![0; w * h * 4]),
        buf("in", Elem::F32, f32s(&x)),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::S(Arg::I32(w as i32)),
        A::S(Arg::I32(h as i32)),
    ];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[1].data), as_f32(&out[0]));
        let (w, h) = (70, 45);
        for y in 0..h {
            for xx in 0..w {
                if o[xx * h + y].to_bits() != x[y * w + xx].to_bits() {
                    return Err(format!("out[{xx}][{y}] wrong"));
                }
            }
        }
        Ok(())
    });
    v.push(s);

    // 15 structs (struct by value)
    let n = 100usize;
    let z: Vec<f32> = (0..n * 2).map(|_| r.f32(-2.0, 2.0)).collect();
    let mut p = Vec::new();
    p.extend_from_slice(&(n as i32).to_le_bytes());
    p.extend_from_slice(&1.5f32.to_le_bytes());
    p.extend_from_slice(&0.6f32.to_le_bytes());
    p.extend_from_slice(&(-0.8f32).to_le_bytes());
    let mut s = spec("15_structs.cu", "rotate_all", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("v", Elem::F32, f32s(&z)),
        buf("signs", Elem::U32, vec![0; n * 4]),
    ];
    s.args = vec![A::S(Arg::Bytes(p)), A::Buf(0), A::Buf(1)];
    // Not an emulator tolerance: warpc (LLVM) contracts `a.re*b.re - a.im*b.im` into
    // `fma(a.re, b.re, -(a.im*b.im))` where NVRTC keeps `mul; mul; sub` (both legal under
    // -fmad=true); with cancellation the results differ by a few ulps.
    s.ulps = 64;
    v.push(s);
    v
}

struct RunOut {
    bufs: Vec<Vec<u8>>,
    symbols: Vec<Vec<u8>>,
    printed: String,
    steps: u64,
}

fn run(ptx: &str, s: &Spec) -> Result<RunOut, String> {
    let mut emu = Emulator::new(ptx).map_err(|e| e.to_string())?;
    let ptrs: Vec<DevicePtr> = s
        .bufs
        .iter()
        .map(|b| {
            let p = emu.alloc(b.data.len() as u64);
            emu.write(p, &b.data).unwrap();
            p
        })
        .collect();
    let args: Vec<Arg> = s
        .args
        .iter()
        .map(|a| match a {
            A::Buf(k) => Arg::Ptr(ptrs[*k]),
            A::S(a) => a.clone(),
        })
        .collect();
    let printed = emu
        .launch(s.kernel, s.grid, s.block, s.shared, &args)
        .map_err(|e| e.to_string())?;
    let bufs = s
        .bufs
        .iter()
        .zip(&ptrs)
        .map(|(b, p)| emu.read(*p, b.data.len()).unwrap())
        .collect();
    let symbols = s
        .symbols
        .iter()
        .map(|n| emu.read_symbol(n).unwrap())
        .collect();
    Ok(RunOut {
        bufs,
        symbols,
        printed,
        steps: emu.last_steps,
    })
}

fn ulp_diff64(a: f64, b: f64) -> u64 {
    if a.is_nan() && b.is_nan() {
        return 0;
    }
    let key = |x: f64| {
        let i = x.to_bits() as i64;
        if i < 0 {
            i64::MIN - i
        } else {
            i
        }
    };
    key(a).abs_diff(key(b))
}
fn ulp_diff32(a: f32, b: f32) -> u64 {
    if a.is_nan() && b.is_nan() {
        return 0;
    }
    let key = |x: f32| {
        let i = x.to_bits() as i32;
        if i < 0 {
            i32::MIN as i64 - i as i64
        } else {
            i as i64
        }
    };
    key(a).abs_diff(key(b))
}

/// Compares two output buffers; returns (max ulp difference, first mismatch description).
fn compare(elem: Elem, a: &[u8], b: &[u8]) -> (u64, Option<String>) {
    if a == b {
        return (0, None);
    }
    let mut max = 0;
    let mut first = None;
    match elem {
        Elem::F32 => {
            for (k, (x, y)) in as_f32(a).into_iter().zip(as_f32(b)).enumerate() {
                let d = ulp_diff32(x, y);
                if d > max {
                    max = d;
                    first = Some(format!("[{k}] warpc {x:e} nvrtc {y:e}"));
                }
            }
        }
        Elem::F64 => {
            for (k, (x, y)) in as_f64(a).into_iter().zip(as_f64(b)).enumerate() {
                let d = ulp_diff64(x, y);
                if d > max {
                    max = d;
                    first = Some(format!("[{k}] warpc {x:e} nvrtc {y:e}"));
                }
            }
        }
        _ => {
            let sz = elem.size();
            let k = a
                .chunks(sz)
                .zip(b.chunks(sz))
                .position(|(x, y)| x != y)
                .unwrap();
            return (u64::MAX, Some(format!("element {k} differs")));
        }
    }
    (max, first)
}

fn warpc_ptx(path: &Path, libdevice: Arc<[u8]>) -> Result<String, String> {
    let argv: Vec<String> = vec!["-arch=sm_90".into(), path.display().to_string()];
    let args = warpc_driver::args::parse(&argv).map_err(|e| format!("{e:?}"))?;
    let mut db = warpc_db::Database::new();
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let main = db.set_file_text(path, &text);
    let (_, outcome) = warpc_driver::compile(&mut db, main, &args, Some(libdevice));
    outcome
        .output
        .ok_or_else(|| format!("warpc failed: {} diagnostics", outcome.diagnostics.len()))
}

#[test]
fn difftest_conformance_c() {
    let oracles = Oracles::require();
    let libdevice: Arc<[u8]> = std::fs::read(&oracles.libdevice).expect("libdevice").into();
    let dir = warpc_testkit::shared_dir().join("conformance/c");
    let files = warpc_testkit::conformance_files("c");
    let specs = specs();
    for f in &files {
        let name = f.file_name().unwrap().to_str().unwrap();
        assert!(
            specs.iter().any(|s| s.file == name),
            "no launch spec for {name}"
        );
    }
    let mut failures = Vec::new();
    let mut rows = Vec::new();
    let mut cache: Vec<(&str, String, String)> = Vec::new();
    let total = Instant::now();
    for s in &specs {
        let path = dir.join(s.file);
        let t0 = Instant::now();
        if !cache.iter().any(|c| c.0 == s.file) {
            let w =
                warpc_ptx(&path, libdevice.clone()).unwrap_or_else(|e| panic!("{}: {e}", s.file));
            let src = std::fs::read_to_string(&path).unwrap();
            let n = if s.file == "12_globals.cu" {
                oracles.nvcc_ptx(&path, &["-arch=sm_90"])
            } else {
                oracles.nvrtc_ptx(&src, s.file, &["-arch=sm_90"])
            }
            .unwrap_or_else(|e| panic!("{}: {e}", s.file));
            cache.push((s.file, w, n));
        }
        let c = cache.iter().find(|c| c.0 == s.file).unwrap();
        let compile_t = t0.elapsed();
        let t1 = Instant::now();
        let (w, n) = match (run(&c.1, s), run(&c.2, s)) {
            (Ok(w), Ok(n)) => (w, n),
            (w, n) => {
                let msg = format!(
                    "{}::{}: warpc run: {:?}; nvrtc run: {:?}",
                    s.file,
                    s.kernel,
                    w.err(),
                    n.err()
                );
                rows.push(format!("{:<18} {:<18} ERROR", s.file, s.kernel));
                failures.push(msg);
                continue;
            }
        };
        let run_t = t1.elapsed();
        let mut verdict = "equal";
        let mut max_ulps = 0;
        for (k, b) in s.bufs.iter().enumerate() {
            let (d, what) = compare(b.elem, &w.bufs[k], &n.bufs[k]);
            max_ulps = max_ulps.max(d);
            if d > s.ulps {
                verdict = "MISMATCH";
                failures.push(format!(
                    "{}::{}: buffer `{}` differs by {d} ulp(s): {}",
                    s.file,
                    s.kernel,
                    b.name,
                    what.unwrap_or_default()
                ));
            } else if d > 0 && verdict == "equal" {
                verdict = "within tolerance";
            }
        }
        for (k, sym) in s.symbols.iter().enumerate() {
            if w.symbols[k] != n.symbols[k] {
                verdict = "MISMATCH";
                failures.push(format!(
                    "{}::{}: variable `{sym}` differs",
                    s.file, s.kernel
                ));
            }
        }
        if w.printed != n.printed {
            verdict = "MISMATCH";
            failures.push(format!(
                "{}::{}: printf output differs:\nwarpc: {:?}\nnvrtc: {:?}",
                s.file, s.kernel, w.printed, n.printed
            ));
        }
        let refv = match s.reference {
            None => "-",
            Some(f) => match f(&s.bufs, &n.bufs) {
                Ok(()) => "ok",
                Err(e) => {
                    failures.push(format!(
                        "{}::{}: NVRTC result vs Rust reference: {e}",
                        s.file, s.kernel
                    ));
                    "FAIL"
                }
            },
        };
        rows.push(format!(
            "{:<18} {:<18} {:<17} {:>5} {:>9} {:>9} {:>4} {:>7.0?} {:>7.0?}",
            s.file,
            s.kernel,
            verdict,
            if max_ulps == u64::MAX {
                "-".to_string()
            } else {
                max_ulps.to_string()
            },
            w.steps,
            n.steps,
            refv,
            compile_t,
            run_t
        ));
        if !w.printed.is_empty() {
            rows.push(format!("{:<18}   printf: {:?}", "", w.printed));
        }
    }
    println!(
        "{:<18} {:<18} {:<17} {:>5} {:>9} {:>9} {:>4} {:>7} {:>7}",
        "file",
        "kernel",
        "warpc vs nvrtc",
        "ulps",
        "warpc ins",
        "nvrtc ins",
        "ref",
        "compile",
        "emulate"
    );
    for r in &rows {
        println!("{r}");
    }
    println!("total {:?}", total.elapsed());
    assert!(
        failures.is_empty(),
        "difftest failures:\n{}",
        failures.join("\n")
    );
}
