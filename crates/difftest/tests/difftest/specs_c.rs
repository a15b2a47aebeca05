//! Launch specs and Rust references for `../shared/conformance/c`.

use super::*;

pub fn specs() -> Vec<Spec> {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let mut v = Vec::new();

    // 01 saxpy
    let n = 1000;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-10.0, 10.0)).collect();
    let y: Vec<f32> = (0..n).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("01_saxpy.cu", "saxpy", (8, 1, 1), (128, 1, 1));
    s.bufs = vec![buf("x", Elem::F32, f32s(&x)), buf("y", Elem::F32, f32s(&y))];
    s.args = vec![A::S(Arg::I32(n)), A::S(Arg::F32(1.75)), A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, y0, y) = (as_f32(&b[0].data), as_f32(&b[1].data), as_f32(&out.bufs[1]));
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
    s.args = vec![A::S(Arg::I64(n as i64)), A::S(Arg::F64(-0.5)), A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, y0, y) = (as_f64(&b[0].data), as_f64(&b[1].data), as_f64(&out.bufs[1]));
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
    s.bufs = vec![buf("in", Elem::F32, f32s(&x)), buf("out", Elem::F32, f32s(&[0.0]))];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n))];
    s.racy = Some("the order of the blocks' float atomicAdd changes the rounding of the sum");
    s.reference = Some(|b, out| {
        let e: f64 = as_f32(&b[0].data).iter().map(|&v| v as f64).sum();
        let got = as_f32(&out.bufs[1])[0] as f64;
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
        let (a, bm, c) = (as_f32(&b[0].data), as_f32(&b[1].data), as_f32(&out.bufs[2]));
        let n = 40;
        for i in 0..n {
            for j in 0..n {
                let e: f64 = (0..n).map(|k| a[i * n + k] as f64 * bm[k * n + j] as f64).sum();
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
    let d: Vec<u8> = (0..n).map(|_| (r.u32() % 97 + (r.u32() % 3) * 50) as u8).collect();
    let mut s = spec("04_histogram.cu", "histogram256", (4, 1, 1), (128, 1, 1));
    s.bufs = vec![buf("data", Elem::U8, d), buf("bins", Elem::U32, vec![0; 1024])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::U64(n as u64))];
    s.reference = Some(|b, out| {
        let mut h = [0u32; 256];
        for &x in &b[0].data {
            h[x as usize] += 1;
        }
        if as_u32(&out.bufs[1]) == h {
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
        let (x, y) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
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
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(w as i32)), A::S(Arg::I32(h as i32))];
    s.reference = Some(|b, out| {
        let (src, dst) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        let (w, h) = (70, 20);
        for y in 0..h {
            for x in 0..w {
                let e = if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    src[y * w + x]
                } else {
                    0.25f32 * (src[y * w + x - 1] + src[y * w + x + 1] + src[(y - 1) * w + x] + src[(y + 1) * w + x])
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
        .map(|k| if k % 4 == 3 { r.f32(0.5, 2.0) } else { r.f32(-5.0, 5.0) })
        .collect();
    let mut s = spec("07_nbody.cu", "nbody_accel", (2, 1, 1), (64, 1, 1));
    s.shared = 64 * 16;
    s.bufs = vec![
        buf("pos", Elem::F32, f32s(&pos)),
        buf("acc", Elem::F32, vec![0; n * 12]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32)), A::S(Arg::F32(0.01))];
    s.reference = Some(|b, out| {
        // Exact f64 sums; rsqrt.approx has a relative error below 2^-22.9 and each term is
        // rounded a few times in f32: bound the error by the sum of the terms' magnitudes.
        let (pos, acc) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        let n = 100;
        for i in 0..n {
            let mut e = [0f64; 3];
            let mut mag = [0f64; 3];
            for j in 0..n {
                let d: Vec<f64> = (0..3).map(|c| pos[4 * j + c] as f64 - pos[4 * i + c] as f64).collect();
                let d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + 0.01f32 as f64;
                let inv = 1.0 / d2.sqrt();
                let s = pos[4 * j + 3] as f64 * inv * inv * inv;
                for c in 0..3 {
                    e[c] += d[c] * s;
                    mag[c] += (d[c] * s).abs();
                }
            }
            for c in 0..3 {
                within(
                    &format!("acc[{i}].{}", ["x", "y", "z"][c]),
                    acc[3 * i + c] as f64,
                    e[c],
                    mag[c],
                    2e-6,
                )?;
            }
        }
        Ok(())
    });
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
    s.reference = Some(|_b, out| {
        // NVRTC's contraction: cr = fma(px, step, x0); t = (zr*zr - zi*zi) + cr;
        // zi = fma(zr + zr, zi, ci); |z|^2 = fma(zi, zi, t*t).
        let it = as_u16(&out.bufs[0]);
        let (w, h, step) = (64usize, 32usize, 3.0f64 / 64.0);
        for py in 0..h {
            for px in 0..w {
                let cr = (px as f64).mul_add(step, -2.0);
                let ci = (py as f64).mul_add(step, -1.0);
                let (mut zr, mut zi) = (0.0f64, 0.0f64);
                let mut k = 0;
                loop {
                    let t = (zr * zr - zi * zi) + cr;
                    zi = (zr + zr).mul_add(zi, ci);
                    zr = t;
                    if zi.mul_add(zi, zr * zr) > 4.0 {
                        break;
                    }
                    k += 1;
                    if k >= 64 {
                        break;
                    }
                }
                if it[py * w + px] != k as u16 {
                    return Err(format!("iters[{py}][{px}] = {} expected {k}", it[py * w + px]));
                }
            }
        }
        Ok(())
    });
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
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        let (xd, od) = (as_f64(&b[2].data), as_f64(&out.bufs[3]));
        for i in 0..x.len() {
            let v = x[i] as f64;
            let (s, c, e) = (v.sin(), v.cos(), (-v * v).exp());
            within(
                &format!("out[{i}][0]"),
                o[4 * i] as f64,
                s + c * e,
                1.0 + s.abs() + (c * e).abs(),
                4e-7,
            )?;
            // __sinf/__expf/__fdividef: approximate (sin.approx absolute error 2^-20.5 over
            // this range, ex2.approx 2 + 1.16*|x| ulps).
            let e1 = v.sin() + v.exp() + v / 3.0;
            within(
                &format!("out[{i}][1]"),
                o[4 * i + 1] as f64,
                e1,
                1.0 + v.exp() + v.abs(),
                2e-6,
            )?;
            let a = v.abs();
            let e2 = a.powf(1.5) + a.sqrt() + (1.0 + a).ln();
            within(&format!("out[{i}][2]"), o[4 * i + 2] as f64, e2, e2.abs(), 4e-7)?;
            // exact operations, summed left to right in f32
            let f = x[i];
            // fmaxf(fminf(v, 1), -1): not clamp (NaN semantics)
            #[allow(clippy::manual_clamp)]
            let e3 = f.min(1.0).max(-1.0) + f.floor() + f.ceil() + f.trunc() + f.round();
            same32(&format!("out[{i}][3]"), o[4 * i + 3], e3)?;
            let d = xd[i];
            let terms = [d.sin() * d.exp(), d.tanh(), d.atan2(2.0), erf(d), d.cbrt()];
            let mag: f64 = terms.iter().map(|t| t.abs()).sum();
            within(&format!("outd[{i}]"), od[i], terms.iter().sum(), mag, 1e-15 * 8.0)?;
        }
        Ok(())
    });
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
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_u32(&b[0].data), as_u32(&out.bufs[1]));
        let (x64, o64) = (as_u64(&b[2].data), as_u64(&out.bufs[3]));
        let n = x.len();
        for i in 0..n {
            // the warp of global thread i: 32 consecutive ids (blocks of 64); lanes >= n see 0
            let w0 = i / 32 * 32;
            let lanes: Vec<u32> = (w0..w0 + 32).map(|j| if j < n { x[j] } else { 0 }).collect();
            let ballot = lanes.iter().enumerate().fold(0u32, |a, (l, v)| a | ((v & 1) << l));
            let any = lanes.iter().any(|&v| v > 1000) as u32;
            let all = lanes.iter().all(|&v| v != 0) as u32;
            let v = x[i];
            let ffs = if v == 0 { 0 } else { v.trailing_zeros() + 1 };
            let e = [
                v.count_ones() + v.leading_zeros() + ffs,
                v.reverse_bits(),
                ballot,
                any + 2 * all,
                ((v as u64 * 0x9e37_79b9u64) >> 32) as u32,
                v.rotate_left(7),
                (((v as u16 as i16) >> 3) as i32 as u32) ^ (v as u8 as i8 as i32 as u32),
                (v % 13).wrapping_add(((v as i32).wrapping_div(-7)) as u32),
            ];
            if o[8 * i..8 * i + 8] != e {
                return Err(format!(
                    "out[{i}] = {:x?} expected {e:x?} (v = {v:#x})",
                    &o[8 * i..8 * i + 8]
                ));
            }
            let w = x64[i];
            let e64 = (w.count_ones() as u64 + w.leading_zeros() as u64)
                .wrapping_add(w.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 17);
            if o64[i] != e64 {
                return Err(format!("out64[{i}] = {:#x} expected {e64:#x}", o64[i]));
            }
        }
        Ok(())
    });
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
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; n * 12])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
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
                return Err(format!("out[{i}] = {:?} expected {e:?}", &o[3 * i..3 * i + 3]));
            }
        }
        Ok(())
    });
    v.push(s);

    // 12 globals (+ printf, __device__ counter)
    let n = 100usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-2.0, 2.0)).collect();
    let mut s = spec("12_globals.cu", "fir8", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("x", Elem::F32, f32s(&x)), buf("y", Elem::F32, vec![0; n * 4])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
    s.symbols = vec!["counter", "lookup"];
    s.racy = Some("which thread draws ticket 0 and prints depends on scheduling");
    s.reference = Some(|b, out| {
        let (x, y) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        let coeffs = [1.0f32, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125];
        let lookup = [3, 1, 4, 1];
        // the coefficients are powers of two: products are exact, fma == mul + add
        let acc = |i: usize| -> f32 {
            let mut a = 0.0f32;
            for (k, c) in coeffs.iter().enumerate() {
                a += if i >= k { x[i - k] } else { 0.0 } * c;
            }
            a
        };
        for i in 0..x.len() {
            same32(&format!("y[{i}]"), y[i], acc(i) + lookup[i & 3] as f32)?;
        }
        let counter = u32::from_le_bytes(out.symbols[0][..4].try_into().unwrap());
        if counter != x.len() as u32 {
            return Err(format!("counter = {counter} expected {}", x.len()));
        }
        if as_i32(&out.symbols[1]) != lookup {
            return Err("lookup modified".into());
        }
        // exactly one line, from the thread that drew ticket 0, with its accumulator
        let p = &out.printed;
        let parse = || -> Option<(usize, usize, String)> {
            let r = p.strip_prefix("first thread: block ")?.strip_suffix('\n')?;
            let (blk, r) = r.split_once(" thread ")?;
            let (t, v) = r.split_once(" value ")?;
            Some((blk.parse().ok()?, t.parse().ok()?, v.to_string()))
        };
        let (blk, t, v) = parse().ok_or_else(|| format!("printf output {p:?}"))?;
        let e = format!("{:.6}", acc(blk * 64 + t) as f64);
        if v != e {
            return Err(format!("printf value {v} expected {e}"));
        }
        Ok(())
    });
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
    s.racy = Some("the atomicExch and atomicCAS winners depend on scheduling");
    s.reference = Some(|_b, out| {
        let gi = as_i32(&out.bufs[0]);
        let gu = as_u32(&out.bufs[1]);
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
            as_f32(&out.bufs[2])[0],
            as_f64(&out.bufs[3])[0],
            as_u64(&out.bufs[4])[0],
            as_i32(&out.bufs[5])[0],
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
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(w as i32)), A::S(Arg::I32(h as i32))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[1].data), as_f32(&out.bufs[0]));
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
    s.bufs = vec![buf("v", Elem::F32, f32s(&z)), buf("signs", Elem::U32, vec![0; n * 4])];
    s.args = vec![A::S(Arg::Bytes(p)), A::Buf(0), A::Buf(1)];
    // Not an emulator tolerance: for `a.re*b.im + a.im*b.re` NVRTC fuses the left product
    // (`fma(a.re, b.im, a.im*b.re)`), warpc (LLVM) the right one (`fma(a.im, b.re, a.re*b.im)`);
    // both are legal under -fmad=true, and with cancellation they differ by a few ulps.
    s.ulps = 16;
    s.reference = Some(|b, out| {
        // NVRTC: re = a.re*b.re - a.im*b.im (unfused), im = fma(a.re, b.im, a.im*b.re)
        let (v0, v, sg) = (as_f32(&b[0].data), as_f32(&out.bufs[0]), as_u32(&out.bufs[1]));
        let (scale, rre, rim) = (1.5f32, 0.6f32, -0.8f32);
        for i in 0..v0.len() / 2 {
            let (are, aim) = (v0[2 * i], v0[2 * i + 1]);
            let re = are * rre - aim * rim;
            let im = are.mul_add(rim, aim * rre);
            let (zr, zi) = (re * scale, im * scale);
            same32(&format!("v[{i}].re"), v[2 * i], zr)?;
            same32(&format!("v[{i}].im"), v[2 * i + 1], zi)?;
            let m = [zi, -zr, -zi].iter().fold(zr, |m, &l| if l > m { l } else { m });
            let e = (zr.to_bits() >> 31) | (((m > 1.0) as u32) << 1) | (zi.to_bits() & 0x8000_0000);
            if sg[i] != e {
                return Err(format!("signs[{i}] = {:#x} expected {e:#x}", sg[i]));
            }
        }
        Ok(())
    });
    v.push(s);
    v
}

/// erf by its Maclaurin series (|x| <= 2 here: ~1e-15 absolute accuracy in f64); Rust's std has
/// no erf.
pub fn erf(x: f64) -> f64 {
    let mut sum = 0.0;
    let mut term = x; // (-1)^n x^(2n+1) / n!
    for n in 0..80 {
        sum += term / (2 * n + 1) as f64;
        term *= -x * x / (n + 1) as f64;
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}
