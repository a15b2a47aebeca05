//! Launch specs for `conformance/real`: realistic programs that include the real system and CUDA
//! headers, each compiled with the flags of its first line (`// flags: ...`). The reference is
//! `nvcc -ptx` (NVRTC has no host headers). The bar is behaviour: warpc's PTX gives nvcc's
//! results in the emulator, and on a GPU when one is lent (`cargo xtask difftest --gpu`).
//! Files warpc does not compile yet, or whose kernels need what the emulator lacks (texture
//! units, clocks), are listed in [`SKIPPED`] with the reason.

use super::*;

/// Files of `conformance/real` without a launch spec, and why.
pub const SKIPPED: &[(&str, &str)] = &[
    (
        "03_cub.cu",
        "does not compile yet (issue 16): class definitions inside functions (its `__shared__ union`), static members of CUB's raking layouts, and cub::DeviceReduce's kernels launched through host dispatch",
    ),
    ("04_thrust.cu", "does not compile yet (CCCL, issue 16): first error `(P < 0)` in a base class's template argument (std::__static_sign) is misparsed, so std::ratio<1, 1000>::num is not a constant"),
    (
        "06_curand.cu",
        "its generators run as testdata/difftest/curand.cu (XORWOW, Philox4x32-10 from the real curand_kernel.h)",
    ),
    (
        "08_half_bf16_fp8.cu",
        "its three kernels run as testdata/difftest/half_bf16_fp8.cu (at sm_90, for the FP8 cvt instructions)",
    ),
    ("09_async_copy.cu", "does not compile yet (CCCL, issue 16)"),
    ("12_libcudacxx.cu", "does not compile yet (CCCL, issue 16)"),
];

/// warpc's flags for a real/ file: its first line, `// flags: ...`.
pub fn flags(path: &Path) -> (Vec<String>, String) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let flags = warpc_testkit::first_line_flags(&text)
        .unwrap_or_else(|| panic!("{}: no `// flags:` first line", path.display()));
    let arch = warpc_testkit::arch_flag(&flags).unwrap_or("sm_80").to_string();
    (flags, arch)
}

pub fn specs() -> Vec<Spec> {
    let mut r = Rng(0x243f_6a88_85a3_08d3);
    let mut v = Vec::new();

    // 01: per-bucket counts and weight sums in shared memory, then the means.
    let (n, nb) = (2048usize, 64u32);
    let keys: Vec<u32> = (0..n).map(|_| r.u32()).collect();
    let weights: Vec<i32> = (0..n).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("01_host_stl.cu", "_Z9aggregatePKjPKimjbPjPx", (4, 1, 1), (128, 1, 1));
    s.bufs = vec![
        buf("keys", Elem::U32, u32s(&keys)),
        buf("weights", Elem::I32, i32s(&weights)),
        buf("counts", Elem::U32, vec![0; 4 * nb as usize]),
        buf("sums", Elem::U64, vec![0; 8 * nb as usize]),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::S(Arg::U64(n as u64)),
        A::S(Arg::U32(nb)),
        A::S(Arg::Bytes(vec![1])),
        A::Buf(2),
        A::Buf(3),
    ];
    v.push(s);
    let counts: Vec<u32> = (0..nb)
        .map(|b| if b % 7 == 3 { 0 } else { 1 + r.u32() % 100 })
        .collect();
    let sums: Vec<u64> = (0..nb).map(|_| (r.u32() as i32 as i64 * 3) as u64).collect();
    let mut s = spec("01_host_stl.cu", "_Z12bucket_meansPKjPKxjPd", (1, 1, 1), (128, 1, 1));
    s.bufs = vec![
        buf("counts", Elem::U32, u32s(&counts)),
        buf("sums", Elem::U64, u64s(&sums)),
        buf("means", Elem::F64, vec![0; 8 * nb as usize]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::U32(nb)), A::Buf(2)];
    v.push(s);

    // 02: Collatz stopping times with a shared-memory tree sum and a packed atomicMax.
    let count = 200i64;
    let mut s = spec("02_posix.cu", "_Z14collatz_kernelmlPlPyS0_", (4, 1, 1), (64, 1, 1));
    s.shared = 64 * 8;
    s.bufs = vec![
        buf("steps", Elem::U64, vec![0; 8 * 256]),
        buf("total", Elem::U64, vec![0; 8]),
        buf("best", Elem::U64, vec![0; 8]),
    ];
    s.args = vec![
        A::S(Arg::U64(27)),
        A::S(Arg::I64(count)),
        A::Buf(0),
        A::Buf(1),
        A::Buf(2),
    ];
    v.push(s);

    // 14: dynamic parallelism (CDP2): a parent thread per segment sums a short segment itself
    // and launches a child grid (fire-and-forget) for a long one; thread 0's tail launch sums the
    // segment sums once the parent grid and its children are done. The values are multiples of
    // 1/4 whose sums are exact, so the children's atomicAdd order does not matter.
    let nseg = 200usize;
    let mut offs = vec![0i32];
    for k in 0..nseg {
        let len = if k % 10 == 0 {
            1000 + (k * 37) % 3000
        } else {
            (k * 7) % 300
        };
        offs.push(offs[k] + len as i32);
    }
    let vals: Vec<f32> = (0..offs[nseg]).map(|i| (i % 19) as f32 * 0.25 - 2.0).collect();
    let mut s = spec(
        "14_dynamic_parallelism.cu",
        "_Z6parentPKiPKfiPfPdPiS5_",
        (nseg.div_ceil(128) as u32, 1, 1),
        (128, 1, 1),
    );
    s.bufs = vec![
        buf("offsets", Elem::I32, i32s(&offs)),
        buf("values", Elem::F32, f32s(&vals)),
        buf("seg_sums", Elem::F32, vec![0; 4 * nseg]),
        buf("total", Elem::F64, vec![0; 8]),
        buf("child_launches", Elem::I32, vec![0; 4]),
        buf("launch_errors", Elem::I32, vec![0; 4]),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::S(Arg::I32(nseg as i32)),
        A::Buf(2),
        A::Buf(3),
        A::Buf(4),
        A::Buf(5),
    ];
    s.reference = Some(|b, out| {
        let (offs, vals) = (as_i32(&b[0].data), as_f32(&b[1].data));
        let seg = as_f32(&out.bufs[2]);
        let total = as_f64(&out.bufs[3])[0];
        let (launches, errors) = (as_i32(&out.bufs[4])[0], as_i32(&out.bufs[5])[0]);
        let mut heavy = 0;
        let mut seg_total = 0.0f64;
        for k in 0..offs.len() - 1 {
            let (lo, hi) = (offs[k] as usize, offs[k + 1] as usize);
            let want: f64 = vals[lo..hi].iter().map(|&x| x as f64).sum();
            if seg[k] as f64 != want {
                return Err(format!("seg_sums[{k}] = {}, expected {want}", seg[k]));
            }
            heavy += i32::from(hi - lo > 512);
            seg_total += want;
        }
        if (launches, errors, total) != (heavy, 0, seg_total) {
            return Err(format!(
                "{launches} child launches, {errors} launch errors, total {total}; expected {heavy}, 0, {seg_total}"
            ));
        }
        Ok(())
    });
    v.push(s);

    // 05: cooperative groups from the real headers: `cg::memcpy_async` staging and
    // `cg::reduce` over a tile (sum and max), coalesced-group compaction, and
    // `labeled_partition`. (`grid_normalize` needs a cooperative launch, which the emulator
    // does not have.) Its own generator, so the inputs of the specs after it stay as they were.
    let mut r5 = Rng(0x1319_8a2e_0370_7344);
    let n5 = 1000usize;
    let vals: Vec<f32> = (0..n5).map(|_| r5.f32(-4.0, 4.0)).collect();
    let blocks = n5.div_ceil(256) as u32;
    let mut s = spec(
        "05_cooperative_groups.cu",
        "_Z10tile_statsPKfiPfS1_",
        (blocks, 1, 1),
        (256, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&vals)),
        buf("warp_sum", Elem::F32, vec![0; 4 * 8 * blocks as usize]),
        buf("warp_max", Elem::F32, vec![0; 4 * 8 * blocks as usize]),
    ];
    s.args = vec![A::Buf(0), A::S(Arg::I32(n5 as i32)), A::Buf(1), A::Buf(2)];
    v.push(s);
    let mut s = spec(
        "05_cooperative_groups.cu",
        "_Z13compact_abovePKfifPfPi",
        (8, 1, 1),
        (128, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&vals)),
        buf("out", Elem::F32, vec![0; 4 * n5]),
        buf("out_count", Elem::I32, vec![0; 4]),
    ];
    s.args = vec![
        A::Buf(0),
        A::S(Arg::I32(n5 as i32)),
        A::S(Arg::F32(0.5)),
        A::Buf(1),
        A::Buf(2),
    ];
    // No Rust reference: the emulator's `activemask` is the warp's live lanes, not the lanes
    // that took the branch, so `coalesced_threads()` is the whole warp there (for both
    // compilers alike); on a GPU the kept values are those above the threshold.
    s.racy = Some("the order of the warps' slots depends on which warp's atomicAdd comes first");
    v.push(s);
    let keys: Vec<i32> = (0..n5).map(|_| (r5.u32() >> 1) as i32).collect();
    let mut s = spec(
        "05_cooperative_groups.cu",
        "_Z15label_histogramPKiiiPj",
        (8, 1, 1),
        (128, 1, 1),
    );
    s.bufs = vec![
        buf("keys", Elem::I32, i32s(&keys)),
        buf("hist", Elem::U32, vec![0; 4 * 7]),
    ];
    s.args = vec![A::Buf(0), A::S(Arg::I32(n5 as i32)), A::S(Arg::I32(7)), A::Buf(1)];
    s.reference = Some(|b, out| {
        let keys = as_i32(&b[0].data);
        let hist = as_u32(&out.bufs[1]);
        let mut want = [0u32; 7];
        for k in keys {
            want[(k % 7) as usize] += 1;
        }
        if hist != want {
            return Err(format!("hist = {hist:?}, want {want:?}"));
        }
        Ok(())
    });
    v.push(s);

    // 11: inline PTX (cvt to f16 bits, clamped fma, lane id, f64 atomic add).
    let n = 256;
    let input: Vec<f32> = (0..n).map(|_| r.f32(-150.0, 150.0)).collect();
    let mut s = spec("11_inline_asm.cu", "_Z9transformPKfPtPdPjiff", (2, 1, 1), (128, 1, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&input)),
        buf("out_half", Elem::U16, vec![0; 2 * n]),
        buf("total", Elem::F64, vec![0; 8]),
        buf("lane_of", Elem::U32, vec![0; 4 * n]),
    ];
    s.args = vec![
        A::Buf(0),
        A::Buf(1),
        A::Buf(2),
        A::Buf(3),
        A::S(Arg::I32(n as i32)),
        A::S(Arg::F32(0.01)),
        A::S(Arg::F32(-0.3)),
    ];
    s.ulps = 16;
    s.racy = Some("the order of the f64 atomic additions into `total`");
    v.push(s);

    // 07: f32 -> half conversion, then the tensor-core GEMM D = alpha * A * B + beta * C
    // (A M x K row-major, B K x N column-major, C/D row-major; 2 x 2 warps of 16 x 16 tiles a block).
    {
        use super::specs_difftest::{to_half, u16s, Dir, F16};
        let n = 300;
        let x: Vec<f32> = (0..n).map(|_| r.f32(-70000.0, 70000.0)).collect();
        let mut s = spec("07_wmma.cu", "_Z7to_halfPKfP6__halfi", (2, 1, 1), (256, 1, 1));
        s.bufs = vec![buf("src", Elem::F32, f32s(&x)), buf("dst", Elem::U16, vec![0; 2 * 512])];
        s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n))];
        s.reference = Some(|b, out| {
            let (x, h) = (as_f32(&b[0].data), as_u16(&out.bufs[1]));
            for (i, &v) in x.iter().enumerate() {
                let want = to_half(v as f64, F16, Dir::N);
                if h[i] != want {
                    return Err(format!("dst[{i}] = {:#06x}, expected {want:#06x} ({v})", h[i]));
                }
            }
            Ok(())
        });
        v.push(s);
        let (m, nn, k) = (64usize, 64usize, 48usize);
        let a: Vec<u16> = (0..m * k)
            .map(|_| to_half((r.u32() % 17) as f64 / 8.0 - 1.0, F16, Dir::N))
            .collect();
        let bm: Vec<u16> = (0..k * nn)
            .map(|_| to_half((r.u32() % 13) as f64 / 4.0 - 1.5, F16, Dir::N))
            .collect();
        let c: Vec<f32> = (0..m * nn).map(|_| (r.u32() % 100) as f32 / 10.0).collect();
        let mut s = spec(
            "07_wmma.cu",
            "_Z9wmma_gemmPK6__halfS1_PKfPfiiiff",
            ((nn / 32) as u32, (m / 32) as u32, 1),
            (128, 1, 1),
        );
        s.bufs = vec![
            buf("A", Elem::U16, u16s(&a)),
            buf("B", Elem::U16, u16s(&bm)),
            buf("C", Elem::F32, f32s(&c)),
            buf("D", Elem::F32, vec![0; 4 * m * nn]),
        ];
        s.args = vec![
            A::Buf(0),
            A::Buf(1),
            A::Buf(2),
            A::Buf(3),
            A::S(Arg::I32(m as i32)),
            A::S(Arg::I32(nn as i32)),
            A::S(Arg::I32(k as i32)),
            A::S(Arg::F32(1.5)),
            A::S(Arg::F32(-0.5)),
        ];
        s.reference = Some(|b, out| {
            use super::specs_difftest::from_half;
            let (m, n, k) = (64usize, 64usize, 48usize);
            let (a, bm, c) = (as_u16(&b[0].data), as_u16(&b[1].data), as_f32(&b[2].data));
            let d = as_f32(&out.bufs[3]);
            for i in 0..m {
                for j in 0..n {
                    // the tile products are exact; one rounding per 16-deep mma, then the
                    // alpha/beta epilogue (2 more roundings, possibly fused)
                    let mut acc = 0.0;
                    let mut mag = 0.0;
                    for q in 0..k {
                        let p = from_half(a[i * k + q], F16) * from_half(bm[j * k + q], F16);
                        acc += p;
                        mag += p.abs();
                    }
                    let cv = c[i * n + j] as f64;
                    let exact = 1.5 * acc - 0.5 * cv;
                    within(
                        &format!("D[{i}][{j}]"),
                        d[i * n + j] as f64,
                        exact,
                        1.5 * mag + 0.5 * cv.abs(),
                        1e-6,
                    )?;
                }
            }
            Ok(())
        });
        v.push(s);
    }

    // 13: single-pass reduction with __nv_atomic_*, packed arg-max, 16-bit CAS histogram,
    // all in __managed__ variables (kBlock = 256 threads per block).
    let n = 700;
    let data: Vec<i32> = (0..n).map(|_| (r.u32() % 20001) as i32 - 10000).collect();
    let mut s = spec(
        "13_new_atomics_managed.cu",
        "_Z12reduce_statsPKii",
        (3, 1, 1),
        (256, 1, 1),
    );
    s.bufs = vec![buf("data", Elem::I32, i32s(&data))];
    s.args = vec![A::Buf(0), A::S(Arg::I32(n))];
    s.symbols = vec!["g_total", "g_best", "g_hist", "g_ticket"];
    v.push(s);

    // 15: FIR filter templates over global and shared memory (the __constant__ taps and radius
    // are zero: no host code runs in the emulator).
    for (kernel, shared) in [
        ("_Z10fir_globalIfEvPKT_PS0_i", 0),
        ("_Z10fir_sharedIfEvPKT_PS0_i", 4 * 64),
    ] {
        let n = 200;
        let x: Vec<f32> = (0..n).map(|_| r.f32(-1.0, 1.0)).collect();
        let mut s = spec("15_app.cu", kernel, (4, 1, 1), (64, 1, 1));
        s.shared = shared;
        s.bufs = vec![buf("x", Elem::F32, f32s(&x)), buf("y", Elem::F32, vec![0; 4 * n])];
        s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(n as i32))];
        v.push(s);
    }
    // 10: bilinear resampling through a texture over an array (normalized coordinates, clamp,
    // linear filter: 1.8 fixed-point weights), float4 gathers through a texture over linear
    // memory, a 3x3 box filter from one surface to another.
    {
        use super::tex::{Address, ArrayDesc, Channel, Filter, TexDesc};
        let f32_2d = |width, height| ArrayDesc {
            width,
            height,
            depth: 0,
            layered: false,
            cubemap: false,
            levels: 0,
            channel: Channel::F32,
            channels: 1,
        };
        let (w, h, scale) = (TEX_W, TEX_H, 2);
        let img: Vec<f32> = (0..w * h).map(|_| (r.u32() % 100) as f32).collect();
        let mut s = spec(
            "10_textures.cu",
            "_Z8resampleyPfii",
            ((w * scale).div_ceil(16), (h * scale).div_ceil(16), 1),
            (16, 16, 1),
        );
        s.bufs = vec![buf("out", Elem::F32, vec![0; 4 * (w * scale * h * scale) as usize])];
        s.arrays = vec![ArraySpec {
            name: "img",
            desc: f32_2d(w, h),
            data: f32s(&img),
        }];
        s.textures = vec![TexSpec {
            res: TexRes::Array(0),
            desc: TexDesc {
                address: [Address::Clamp; 3],
                filter: Filter::Linear,
                normalized_coords: true,
                ..TexDesc::default()
            },
        }];
        s.args = vec![
            A::Tex(0),
            A::Buf(0),
            A::S(Arg::I32((w * scale) as i32)),
            A::S(Arg::I32((h * scale) as i32)),
        ];
        s.reference = Some(|_, out| {
            // the CUDA programming guide's linear filtering, weights rounded to 1/256
            let (w, h) = (TEX_W as i64, TEX_H as i64);
            let (ow, oh) = (2 * w, 2 * h);
            let img = as_f32(&out.arrays[0]);
            let got = as_f32(&out.bufs[0]);
            let at = |x: i64, y: i64| img[(y.clamp(0, h - 1) * w + x.clamp(0, w - 1)) as usize] as f64;
            for y in 0..oh {
                for x in 0..ow {
                    let u = (x as f32 + 0.5) / ow as f32 * w as f32 - 0.5;
                    let v = (y as f32 + 0.5) / oh as f32 * h as f32 - 0.5;
                    let (i, j) = (u.floor() as i64, v.floor() as i64);
                    let a = ((u - u.floor()) as f64 * 256.0).round() / 256.0;
                    let b = ((v - v.floor()) as f64 * 256.0).round() / 256.0;
                    let want = (1.0 - a) * (1.0 - b) * at(i, j)
                        + a * (1.0 - b) * at(i + 1, j)
                        + (1.0 - a) * b * at(i, j + 1)
                        + a * b * at(i + 1, j + 1);
                    same32(&format!("out[{y}][{x}]"), got[(y * ow + x) as usize], want as f32)?;
                }
            }
            Ok(())
        });
        v.push(s);

        let n = 300;
        let pts: Vec<f32> = (0..4 * n).map(|_| r.f32(-10.0, 10.0)).collect();
        let idx: Vec<i32> = (0..n).map(|i| ((i * 7919) % n) as i32).collect();
        let mut s = spec("10_textures.cu", "_Z6gatheryPKiPfi", (3, 1, 1), (128, 1, 1));
        s.bufs = vec![
            buf("pts", Elem::F32, f32s(&pts)),
            buf("idx", Elem::I32, i32s(&idx)),
            buf("norms", Elem::F32, vec![0; 4 * n]),
        ];
        s.textures = vec![TexSpec {
            res: TexRes::Buf {
                buf: 0,
                channel: Channel::F32,
                channels: 4,
            },
            desc: TexDesc::default(),
        }];
        s.args = vec![A::Tex(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
        s.reference = Some(|b, out| {
            let (pts, idx, got) = (as_f32(&b[0].data), as_i32(&b[1].data), as_f32(&out.bufs[2]));
            for (i, &k) in idx.iter().enumerate() {
                let p = &pts[4 * k as usize..4 * k as usize + 4];
                let sum: f64 = p.iter().map(|&c| c as f64 * c as f64).sum();
                within(&format!("norms[{i}]"), got[i] as f64, sum, sum, 1e-6)?;
            }
            Ok(())
        });
        v.push(s);

        let src: Vec<f32> = (0..w * h).map(|_| r.f32(-4.0, 4.0)).collect();
        let mut s = spec(
            "10_textures.cu",
            "_Z6box3x3yyii",
            (w.div_ceil(16), h.div_ceil(16), 1),
            (16, 16, 1),
        );
        s.arrays = vec![
            ArraySpec {
                name: "src",
                desc: f32_2d(w, h),
                data: f32s(&src),
            },
            ArraySpec {
                name: "dst",
                desc: f32_2d(w, h),
                data: vec![0; 4 * (w * h) as usize],
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
            let (w, h) = (TEX_W as i64, TEX_H as i64);
            let (src, dst) = (as_f32(&out.arrays[0]), as_f32(&out.arrays[1]));
            for y in 0..h {
                for x in 0..w {
                    let mut s = 0.0f32;
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            s += src[((y + dy).clamp(0, h - 1) * w + (x + dx).clamp(0, w - 1)) as usize];
                        }
                    }
                    same32(&format!("dst[{y}][{x}]"), dst[(y * w + x) as usize], s / 9.0)?;
                }
            }
            Ok(())
        });
        v.push(s);
    }

    // 16: one step of the C++17 particle kernel: pull = -dt * exp(-r2) by a 6-term Taylor
    // polynomial (Horner over a fold expression), 2% damping, float4 loads and stores.
    {
        let n = 300usize;
        let mut ps = Vec::new();
        let mut vs = Vec::new();
        for _ in 0..n {
            ps.extend([
                r.f32(-1.2, 1.2),
                r.f32(-1.2, 1.2),
                r.f32(-1.2, 1.2),
                (1 + r.u32() % 3) as f32,
            ]);
            vs.extend([r.f32(-0.5, 0.5), r.f32(-0.5, 0.5), r.f32(-0.5, 0.5), r.f32(0.0, 2.0)]);
        }
        let mut s = spec(
            "16_cxx17_device.cu",
            "_Z7advanceILi2ELm6EEvP8ParticleP8Velocityi4PolyIXT0_EEf",
            (3, 1, 1),
            (128, 1, 1),
        );
        // two buffers of 16-byte structs, one thread per particle; 300 < 3 * 128 checks `i >= n`
        s.bufs = vec![buf("ps", Elem::F32, f32s(&ps)), buf("vs", Elem::F32, f32s(&vs))];
        s.args = vec![
            A::Buf(0),
            A::Buf(1),
            A::S(Arg::I32(n as i32)),
            A::S(Arg::Bytes(f32s(&taylor16()))),
            A::S(Arg::F32(DT16)),
        ];
        // warpc and nvcc contract `a * b + c` into fma at different places (2 ulps measured);
        // the Rust reference bounds both by the exact result within 1e-6 of the terms' magnitudes
        s.ulps = 4;
        s.reference = Some(|b, out| {
            let c = taylor16();
            let factor = 1.0f32 - 2.0f32 / 100.0f32;
            let (p0, v0) = (as_f32(&b[0].data), as_f32(&b[1].data));
            let (p1, v1) = (as_f32(&out.bufs[0]), as_f32(&out.bufs[1]));
            let dt = DT16 as f64;
            for i in 0..p0.len() / 4 {
                let (x, v) = (&p0[4 * i..4 * i + 4], &v0[4 * i..4 * i + 4]);
                let r2: f64 = x[..3].iter().map(|&q| q as f64 * q as f64).sum();
                // the polynomial in -r2, exactly, and the sum of its terms' magnitudes
                let (mut e, mut me) = (0.0f64, 0.0f64);
                for k in (0..c.len()).rev() {
                    e = e * -r2 + c[k] as f64;
                    me = me * r2 + c[k] as f64;
                }
                let (pull, mpull) = (-dt * e, dt * me);
                for a in 0..3 {
                    let vn = factor as f64 * (v[a] as f64 + pull * x[a] as f64);
                    let mv = factor as f64 * (v[a].abs() as f64 + mpull * x[a].abs() as f64);
                    within(&format!("vs[{i}].{a}"), v1[4 * i + a] as f64, vn, mv, 1e-6)?;
                    let xn = x[a] as f64 + dt * vn;
                    within(
                        &format!("ps[{i}].{a}"),
                        p1[4 * i + a] as f64,
                        xn,
                        x[a].abs() as f64 + dt * mv,
                        1e-6,
                    )?;
                }
                same32(&format!("ps[{i}].mass"), p1[4 * i + 3], x[3])?;
                same32(&format!("vs[{i}].age"), v1[4 * i + 3], v[3] + DT16)?;
            }
            Ok(())
        });
        v.push(s);
    }
    v
}

const DT16: f32 = 0.01;
/// 10_textures.cu's image size in the launch specs (not multiples of the 16 x 16 blocks).
const TEX_W: u32 = 37;
const TEX_H: u32 = 21;

/// 16_cxx17_device.cu's `kCoeffs`: 1/k! in float, the factorial accumulated in float.
fn taylor16() -> [f32; 6] {
    let mut c = [0.0f32; 6];
    let mut f = 1.0f32;
    for (k, ck) in c.iter_mut().enumerate() {
        if k > 0 {
            f *= k as f32;
        }
        *ck = 1.0 / f;
    }
    c
}
