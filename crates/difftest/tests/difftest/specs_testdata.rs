//! Launch specs and Rust references for `testdata/codegen` (the FileCheck kernels) and
//! `testdata/examples`. Each file is compiled with its `// ARGS:` options (less `--emit`).

use super::*;

/// testdata/codegen files without a launch spec, with the reason.
pub const CODEGEN_SKIPPED: &[(&str, &str)] = &[
    (
        "nvrtc_builtin_decls.cu",
        "stores a device-heap pointer (malloc's result), which differs between modules; it tests NVRTC's implicit declarations, which its CHECK lines and compiling at all check",
    ),
    (
        "toolkit_device_builtins.cu",
        "reads the performance monitor counters %pm0..%pm3, whose values differ from run to run; its CHECK lines check the instructions",
    ),
    (
        "simd_video.cu",
        "triggers a profiler event (pmevent); its CHECK lines check the instructions, the SIMD functions run as testdata/difftest/simd.cu",
    ),
    (
        "simd_video_sm35.cu",
        "targets sm_35, which NVRTC 13 does not; its CHECK lines check the LLVM IR, the SIMD functions run as testdata/difftest/simd.cu",
    ),
    ("tex2d_gather.cu", "its CHECK lines check the tld4 forms; tex2Dgather runs as testdata/difftest/textures_gather.cu"),
    (
        "unevaluated_host_calls.cu",
        "declares __host__ functions, which NVRTC refuses in JIT mode; its CHECK lines check the stored constants",
    ),
    (
        "math_h_infinity.cu",
        "NVRTC has no <math.h> (INFINITY/HUGE_VAL expand to GCC builtins of the host's header); checked by its CHECK lines",
    ),
    ("dim3_param.cu", "a mangling and parameter-layout check of dim3 (its CHECK lines); dim3 arithmetic runs in every kernel reading blockDim"),
    (
        "cxx_decltype_overloads_in_items.cu",
        "stores compile-time constants only (traits over decltype of overloaded calls, a size); checked by its CHECK lines",
    ),
    (
        "cxx_pack_expansion_into_fixed_params.cu",
        "stores compile-time constants only (overloads picked, libcu++ __is_invocable values, a pack size); checked by its CHECK lines",
    ),
    ("sizeof_reference_type.cu", "stores compile-time constants only (sizeof/alignof of reference types); checked by its CHECK lines"),
    (
        "cxx_template_patterns_nested.cu",
        "stores compile-time constants only (specializations picked, sizes, member constants); checked by its CHECK lines",
    ),
    ("cxx_char_types.cu", "stores compile-time constants and literals only (sizes, overload tags); checked by its CHECK lines"),
    ("cxx_dependent_nttp.cu", "stores compile-time constants only (template <class T, T v> values); checked by its CHECK lines"),
    ("cxx_member_alias_templates.cu", "stores compile-time constants only (types picked by member alias templates); checked by its CHECK lines"),
    ("cxx_auto_nttp.cu", "stores compile-time constants only (template <auto N> values and sizes); checked by its CHECK lines"),
    (
        "cxx_alias_pack_args.cu",
        "stores compile-time constants only (sizes of the types alias templates pick from packs); checked by its CHECK lines",
    ),
    (
        "cxx_template_scopes.cu",
        "stores compile-time constants only (overloads and specializations picked, type traits); checked by its CHECK lines",
    ),
    (
        "cxx_constexpr_call_members.cu",
        "stores compile-time constants only (static members initialized by constexpr calls, and sizes they bound); checked by its CHECK lines",
    ),
    ("cxx_sfinae_or_traits.cu", "stores a compile-time constant only (which SFINAE overloads were picked); checked by its CHECK lines"),
    (
        "std_type_traits_builtins.cu",
        "stores compile-time constants only (libstdc++ traits over compiler builtins); checked by its CHECK lines",
    ),
    (
        "launch_deduced.cu",
        "a whole program: which kernel instances host launches deduce (NVRTC compiles no host code); checked by its CHECK lines",
    ),
    (
        "launch_host_template_deduced.cu",
        "a whole program: which kernel instances host function templates called with deduced arguments launch (NVRTC compiles no host code); checked by its CHECK lines",
    ),
    (
        "launch_deduced_system_types.cu",
        "which kernel instances a host launch with system-header class arguments asks for (NVRTC compiles no host code); checked by its CHECK lines",
    ),
    (
        "extern_c_in_namespace.cu",
        "calls an extern \"C\" function defined in no module (-rdc=true symbol names); checked by its CHECK lines",
    ),
    (
        "rdc_device_functions.cu",
        "linkage of device functions and kernels under -rdc=true (.visible/.weak); checked by its CHECK lines",
    ),
    (
        "cxx_lambda_exec_space.cu",
        "NVRTC rejects __host__/__device__ annotations on lambdas in JIT mode (nvcc needs --extended-lambda); checked by its CHECK lines",
    ),
    (
        "cxx_lambda_gnu_attributes.cu",
        "as cxx_lambda_exec_space.cu, spelled __attribute__((host/device)): NVRTC rejects execution spaces on lambdas in JIT mode; checked by its CHECK lines",
    ),
    (
        "std_limits.cu",
        "stores constants only (checked by its CHECK lines); NVRTC has no <limits> (the file passes --expt-relaxed-constexpr, as nvcc needs for it in device code)",
    ),
    (
        "cache_hints.cu",
        "PTX-shape check of cache operators and address-space predicates (the emulator has no isspacep); the values are plain loads and stores",
    ),
    (
        "grid_constant_query.cu",
        "PTX-shape check of __isGridConstant (isspacep.param); the emulator has no isspacep",
    ),
    (
        "cluster_sm90.cu",
        "thread-block clusters: the emulator has no cluster registers or barriers, and launches no clusters",
    ),
    (
    "atomics_scoped.cu",
    "PTX-shape check of atomic scopes; the same operations run in atomics_warp.cu and testdata/difftest/warp_shared.cu",
    ),
    (
        "nv_atomics.cu",
        "PTX-shape check of the __nv_atomic_* spellings; the same operations run in testdata/difftest/nv_atomics.cu",
    ),
    (
        "atomic_cas16.cu",
        "PTX-shape check of atom.cas.b16; a 16-bit atomicCAS histogram runs in testdata/difftest/nv_atomics.cu",
    ),
    ("atomic_cas16_sm70.cu", "an LLVM-level check (--emit=llvm) for sm_70, which NVRTC 13 no longer targets"),
    (
        "managed.cu",
        "PTX-shape check of .attribute(.managed); a __managed__ counter is compared in testdata/difftest/nv_atomics.cu",
    ),
];

/// `n` random halves in [-2, 2], as bytes.
fn halves_of(r: &mut Rng, n: usize) -> Vec<u8> {
    use super::specs_difftest::{to_half, u16s, Dir, F16};
    u16s(
        &(0..n)
            .map(|_| to_half(r.f32(-2.0, 2.0) as f64, F16, Dir::N))
            .collect::<Vec<_>>(),
    )
}

fn one(file: &'static str, kernel: &'static str) -> Spec {
    spec(file, kernel, (1, 1, 1), (1, 1, 1))
}

pub fn codegen_specs() -> Vec<Spec> {
    let mut r = Rng(0xc0de_9e37_79b9_0001);
    let mut v = Vec::new();

    // The warp matrix builtins: one warp each; the leading dimension is shared by all operands
    // of a kernel, so the buffers are sized for the largest.
    {
        use super::specs_difftest::{from_half, to_half, u16s, Dir, BF16, F16};
        let mut rw = Rng(0x776d_6d61_0000_0001);
        let mut halves = |n: usize, f| -> Vec<u8> {
            u16s(
                &(0..n)
                    .map(|_| to_half(rw.f32(-2.0, 2.0) as f64, f, Dir::N))
                    .collect::<Vec<_>>(),
            )
        };
        let (h16a, h16b, h16c, bfa, bfb) = (
            halves(16 * 24, F16),
            halves(16 * 24, F16),
            halves(8 * 32, F16),
            halves(16 * 16 * 2, BF16),
            halves(16 * 16 * 2, BF16),
        );
        let h32a = halves(16 * 32, F16);
        let mut floats = |n: usize| f32s(&(0..n).map(|_| r.f32(-8.0, 8.0)).collect::<Vec<_>>());
        let (c24, c16) = (floats(16 * 24), floats(16 * 16));

        // half A (row) x half B (col) + float C (row) -> float D (stored column-major), ldm 24
        let mut s = spec("wmma_builtins.cu", "hmma_f32", (1, 1, 1), (32, 1, 1));
        s.bufs = vec![
            buf("a", Elem::U16, h16a),
            buf("b", Elem::U16, h16b),
            buf("c", Elem::F32, c24),
            buf("d", Elem::F32, vec![0; 4 * 16 * 24]),
        ];
        s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3), A::S(Arg::U32(24))];
        s.reference = Some(|b, out| {
            let (a, bm, c, d) = (
                as_u16(&b[0].data),
                as_u16(&b[1].data),
                as_f32(&b[2].data),
                as_f32(&out.bufs[3]),
            );
            for i in 0..16 {
                for j in 0..16 {
                    // exact products and sum (in f64), rounded once to f32
                    let mut acc = c[i * 24 + j] as f64;
                    for q in 0..16 {
                        acc += from_half(a[i * 24 + q], F16) * from_half(bm[j * 24 + q], F16);
                    }
                    same32(&format!("D[{i}][{j}]"), d[j * 24 + i], acc as f32)?;
                }
            }
            Ok(())
        });
        v.push(s);

        // m32n8k16 with half accumulators, A/B/C column-major, D row-major, ldm 32
        let mut s = spec("wmma_builtins.cu", "hmma_f16_satf", (1, 1, 1), (32, 1, 1));
        s.bufs = vec![
            buf("a", Elem::U16, h32a),
            buf("b", Elem::U16, halves_of(&mut Rng(7), 8 * 32)),
            buf("c", Elem::U16, h16c),
            buf("d", Elem::U16, vec![0; 2 * 32 * 32]),
        ];
        s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3), A::S(Arg::U32(32))];
        v.push(s);

        // m8n32k16 s8 with saturation, ldm 32
        let bytes = |rw: &mut Rng, n: usize| (0..n).map(|_| rw.u32() as u8).collect::<Vec<u8>>();
        let mut s = spec("wmma_builtins.cu", "imma_s8", (1, 1, 1), (32, 1, 1));
        s.bufs = vec![
            buf("a", Elem::U8, bytes(&mut r, 8 * 32)),
            buf("b", Elem::U8, bytes(&mut r, 32 * 32)),
            buf(
                "c",
                Elem::I32,
                i32s(
                    &(0..8 * 32)
                        .map(|k| {
                            if k % 5 == 0 {
                                i32::MAX - 1000
                            } else {
                                r.u32() as i32 >> 8
                            }
                        })
                        .collect::<Vec<_>>(),
                ),
            ),
            buf("d", Elem::I32, vec![0; 4 * 8 * 32]),
        ];
        s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3), A::S(Arg::U32(32))];
        v.push(s);

        // bf16 m16n16k16, then tf32 m16n16k8 over the same buffers, ldm 16
        let mut s = spec("wmma_builtins.cu", "bf16_tf32", (1, 1, 1), (32, 1, 1));
        s.bufs = vec![
            buf("a", Elem::U16, bfa),
            buf("b", Elem::U16, bfb),
            buf("c", Elem::F32, c16),
            buf("d", Elem::F32, vec![0; 4 * 512]),
        ];
        s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3), A::S(Arg::U32(16))];
        v.push(s);

        // f64 m8n8k4 and b1 m8n8k128 (XOR + popc), ldm 128 (bits for the b1 operands)
        let doubles = |r: &mut Rng, n: usize| f64s(&(0..n).map(|_| r.f64(-4.0, 4.0)).collect::<Vec<_>>());
        let mut s = spec("wmma_builtins.cu", "dmma_bmma", (1, 1, 1), (32, 1, 1));
        s.bufs = vec![
            buf("a", Elem::F64, doubles(&mut r, 8 * 128)),
            buf("b", Elem::F64, doubles(&mut r, 8 * 128)),
            buf("c", Elem::F64, doubles(&mut r, 8 * 128)),
            buf("d", Elem::F64, vec![0; 8 * 8 * 128]),
            buf("x", Elem::U32, u32s(&(0..96).map(|_| r.u32()).collect::<Vec<_>>())),
            buf(
                "y",
                Elem::I32,
                i32s(&(0..8 * 128).map(|_| (r.u32() % 1000) as i32).collect::<Vec<_>>()),
            ),
        ];
        s.args = vec![
            A::Buf(0),
            A::Buf(1),
            A::Buf(2),
            A::Buf(3),
            A::Buf(4),
            A::Buf(5),
            A::S(Arg::U32(128)),
        ];
        s.reference = Some(|b, out| {
            // y = y + popc(row of A XOR column of B); A rows and B columns are 128 bits (four words)
            let (x, y0, y) = (as_u32(&b[4].data), as_i32(&b[5].data), as_i32(&out.bufs[5]));
            for i in 0..8 {
                for j in 0..8 {
                    let p: u32 = (0..4).map(|w| (x[i * 4 + w] ^ x[64 + j * 4 + w]).count_ones()).sum();
                    let want = y0[i * 128 + j] + p as i32;
                    if y[i * 128 + j] != want {
                        return Err(format!("y[{i}][{j}] = {}, expected {want}", y[i * 128 + j]));
                    }
                }
            }
            Ok(())
        });
        v.push(s);
    }

    // __half / __nv_bfloat16 through the toolkit headers (`// REFERENCE: nvcc`: NVRTC from the
    // pip wheels has no CCCL for cuda_fp16.h)
    {
        use super::specs_difftest::{from_half, to_half, u16s, Dir, BF16, F16};
        let mut rh = Rng(0x6861_6c66_0000_0001);
        let hv: Vec<u16> = (0..64)
            .map(|_| to_half(rh.f32(-100.0, 100.0) as f64, F16, Dir::N))
            .collect();
        let bv: Vec<u16> = (0..64)
            .map(|_| to_half(rh.f32(-100.0, 100.0) as f64, BF16, Dir::N))
            .collect();
        let mut s = spec(
            "half_conversions.cu",
            "_Z5hconvPK6__halfPK13__nv_bfloat16Pf",
            (1, 1, 1),
            (64, 1, 1),
        );
        s.bufs = vec![
            buf("h", Elem::U16, u16s(&hv)),
            buf("b", Elem::U16, u16s(&bv)),
            buf("out", Elem::F32, vec![0; 64 * 4]),
        ];
        s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
        s.reference = Some(|b, out| {
            let (h, bf, o) = (as_u16(&b[0].data), as_u16(&b[1].data), as_f32(&out.bufs[2]));
            for i in 0..h.len() {
                let (f, g) = (from_half(h[i], F16) as f32, from_half(bf[i], BF16) as f32);
                same32(&format!("out[{i}]"), o[i], f + g + f)?;
            }
            Ok(())
        });
        v.push(s);
        let av: Vec<f32> = (0..64).map(|_| rh.f32(-4.0, 4.0)).collect();
        let bw: Vec<f32> = (0..64).map(|_| rh.f32(-4.0, 4.0)).collect();
        let mut s = spec("half_operators.cu", "_Z2hkPKfS0_Pf", (1, 1, 1), (64, 1, 1));
        s.bufs = vec![
            buf("a", Elem::F32, f32s(&av)),
            buf("b", Elem::F32, f32s(&bw)),
            buf("out", Elem::F32, vec![0; 64 * 4]),
        ];
        s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
        s.reference = Some(|b, out| {
            let (a, bb, o) = (as_f32(&b[0].data), as_f32(&b[1].data), as_f32(&out.bufs[2]));
            let h = |v: f64| from_half(to_half(v, F16, Dir::N), F16);
            for i in 0..a.len() {
                let (ha, hb) = (h(a[i] as f64), h(bb[i] as f64));
                let x = h(h(ha * hb) + 0.5);
                let x = h(x + ha);
                let r = if x > 2.0 { h(x - 2.0) } else { -x };
                same32(&format!("out[{i}]"), o[i], r as f32)?;
            }
            Ok(())
        });
        v.push(s);
    }

    // memcpy/memset: a float's bits, then variable-size byte runs
    // (its own generator: the later specs' inputs stay as they were)
    let mut rm = Rng(0x6d65_6d63_7079_0001);
    let fin: Vec<f32> = (0..64).map(|_| rm.f32(-1e6, 1e6)).collect();
    let mut s = spec("memcpy_memset.cu", "copy_bytes", (1, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&fin)),
        buf("bits", Elem::U32, vec![0; 64 * 4]),
        buf("buf", Elem::U8, vec![0; 64 * 8]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(64))];
    s.reference = Some(|b, out| {
        let (x, bits, bytes) = (as_f32(&b[0].data), as_u32(&out.bufs[1]), &out.bufs[2]);
        for i in 0..x.len() {
            let u = x[i].to_bits();
            let k = i & 3;
            let mut e = vec![(i & 0xff) as u8; 4 + k];
            e.extend_from_slice(&u.to_le_bytes()[..4 - k]);
            if bits[i] != u || bytes[8 * i..8 * i + 8] != e[..] {
                return Err(format!(
                    "thread {i}: bits {:08x} bytes {:02x?}, expected {u:08x} {e:02x?}",
                    bits[i],
                    &bytes[8 * i..8 * i + 8]
                ));
            }
        }
        Ok(())
    });
    v.push(s);

    // sm_80 warp reductions and sm_70 warp match, one full warp
    let input: Vec<u32> = (0..32).map(|_| r.u32() & !0x1_0000).collect();
    let mut s = spec("warp_sm80.cu", "warp_reduce", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("in", Elem::U32, u32s(&input)),
        buf("out", Elem::U32, vec![0; 32 * 12 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (v, o) = (as_u32(&b[0].data), as_u32(&out.bufs[1]));
        let si: Vec<i32> = v.iter().map(|&x| (x as i32).wrapping_sub(8)).collect();
        for t in 0..32 {
            let any = (0..32).filter(|&j| v[j] & 3 == v[t] & 3).fold(0u32, |m, j| m | 1 << j);
            let e = [
                v.iter().fold(0u32, |a, &x| a.wrapping_add(x)),
                *v.iter().min().unwrap(),
                *v.iter().max().unwrap(),
                si.iter().fold(0i32, |a, &x| a.wrapping_add(x)) as u32,
                *si.iter().min().unwrap() as u32,
                *si.iter().max().unwrap() as u32,
                v.iter().fold(!0u32, |a, &x| a & (x | 0x100)),
                v.iter().fold(0u32, |a, &x| a | x),
                v.iter().fold(0u32, |a, &x| a ^ x),
                any,
                0xffff_ffff, // bit 16 is clear in every input: all lanes match
                1,
            ];
            if o[12 * t..12 * t + 12] != e {
                return Err(format!("out[{t}] = {:x?} expected {e:x?}", &o[12 * t..12 * t + 12]));
            }
        }
        Ok(())
    });
    v.push(s);

    // atomics and warp collectives: 2 warps of 2 blocks
    let mut s = spec("atomics_warp.cu", "aw", (2, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("gi", Elem::I32, i32s(&[10, 0])),
        buf("gf", Elem::F32, f32s(&[0.25])),
        buf("gu", Elem::U32, vec![0; 64 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|_b, out| {
        let (gi, gf, gu) = (as_i32(&out.bufs[0]), as_f32(&out.bufs[1]), as_u32(&out.bufs[2]));
        if gi != [10 + 128, 5] {
            return Err(format!("gi = {gi:?}"));
        }
        same32("gf", gf[0], 0.25 + 1.5 * 128.0)?;
        for t in 0..64u32 {
            let b = 0xaaaa_aaaau32;
            let s = if t % 32 == 31 { t } else { t + 1 };
            let e = b.wrapping_add(s).wrapping_add(16);
            if gu[t as usize] != e {
                return Err(format!("gu[{t}] = {:#x} expected {e:#x}", gu[t as usize]));
            }
        }
        Ok(())
    });
    v.push(s);

    // C++ namespaces (one thread: all threads would write the same words)
    let a: Vec<f32> = (0..12).map(|_| r.f32(-3.0, 3.0)).collect();
    let mut s = one("cxx_namespaces.cu", "_Z1kPKN3geo4vec3EPfPi");
    s.bufs = vec![
        buf("a", Elem::F32, f32s(&a)),
        buf("out", Elem::F32, vec![0; 4]),
        buf("o", Elem::I32, i32s(&[0, 21])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let a: Vec<f64> = as_f32(&b[0].data).iter().map(|&x| x as f64).collect();
        let dot = |i: usize, j: usize| (0..3).map(|c| a[3 * i + c] * a[3 * j + c]).sum::<f64>();
        let e = dot(0, 1) + dot(2, 2) + a[6] * a[6] + a[11] * a[11];
        let mag: f64 = (0..3).map(|c| (a[c] * a[3 + c]).abs()).sum::<f64>() + dot(2, 2) + a[6] * a[6] + a[11] * a[11];
        within("out[0]", as_f32(&out.bufs[1])[0] as f64, e, mag, 4e-7)?;
        let o = as_i32(&out.bufs[2]);
        if o != [2 * 21 + 6, 21] {
            return Err(format!("o = {o:?}"));
        }
        Ok(())
    });
    v.push(s);

    // C++ classes: constructors, member operators, `this`, a functor, operator[]
    let x: Vec<f32> = (0..64).map(|_| r.f32(-4.0, 4.0)).collect();
    let mut s = spec("cxx_classes.cu", "_Z7classesPKfPf", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::F32, f32s(&x)), buf("out", Elem::F32, vec![0; 96 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        for i in 0..32 {
            let (ax, ay) = (x[2 * i], x[2 * i + 1]);
            // acc = (a + (1, 2)) + -a; b = 2 * acc; b.y *= 0.5 (all exactly rounded in f32)
            let (cx, cy) = ((ax + 1.0) + -ax, (ay + 2.0) + -ay);
            let (bx, by) = (2.0 * cx, 0.5 * (2.0 * cy));
            let dot = bx as f64 * ax as f64 + by as f64 * ay as f64;
            let mag = (bx * ax).abs() as f64 + (by * ay).abs() as f64 + 2.0;
            within(&format!("out[{i}][0]"), o[3 * i] as f64, dot + 2.0, mag, 1.2e-7)?;
            let eq = if bx == ax && by == ay { 1.0 } else { 0.0 };
            same32(&format!("out[{i}][1]"), o[3 * i + 1], eq)?;
            same32(&format!("out[{i}][2]"), o[3 * i + 2], bx)?;
        }
        Ok(())
    });
    v.push(s);

    // class templates, member function templates, functors
    let x: Vec<f32> = (0..35).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_class_templates.cu", "_Z5ringsPKfPf", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::F32, f32s(&x)), buf("out", Elem::F32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        for t in 0..32 {
            let sum = (0..4).fold(0.0f32, |s, i| s + x[t + i]);
            // Ring<int, 2> after put(1), put(2), put(3) holds {3, 2}; size() is 2
            let e = ((sum + 5.0) + 2.0) + ((1.0 + 2.0) + x[0]);
            same32(&format!("out[{t}]"), o[t], e)?;
        }
        Ok(())
    });
    v.push(s);

    // static data members, member typedefs, aliases, alias templates, dependent names, decltype
    let x: Vec<f32> = (0..35).map(|_| r.f32(-10.0, 10.0)).collect();
    // cxx_constexpr_globals: variables initialized by constexpr calls (k1 + k2 + k3 = 110,
    // gDev = 31 plus Limits::cap = 36, kHalf = 1.5).
    let mut s = spec("cxx_constexpr_globals.cu", "_Z1kPiPf", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("p", Elem::I32, vec![0; 8]), buf("f", Elem::F32, vec![0; 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let p = as_i32(&out.bufs[0]);
        if p != [110, 67] {
            return Err(format!("p = {p:?}, want [110, 67]"));
        }
        same32("f[0]", as_f32(&out.bufs[1])[0], 1.5)
    });
    v.push(s);

    // gcc_builtins: GCC's math builtins over the C functions; __builtin_is_constant_evaluated is
    // true in the constant evaluation of a constexpr variable and false when the kernel runs.
    let mut s = spec("gcc_builtins.cu", "_Z1kPKfPfPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![
        buf("x", Elem::F32, f32s(&[4.0, -2.5, f32::INFINITY, f32::NAN])),
        buf("f", Elem::F32, vec![0; 4 * 4]),
        buf("p", Elem::I32, vec![0; 3 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|_, out| {
        let f = as_f32(&out.bufs[1]);
        if f != [2.0, 2.5, 16.0, -2.5] {
            return Err(format!("f = {f:?}, want [2, 2.5, 16, -2.5]"));
        }
        let p = as_i32(&out.bufs[2]);
        if p != [1, 2, 7] {
            return Err(format!("p = {p:?}, want [1, 2, 7]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_constexpr_objects: class-typed constexpr variables built by the constexpr interpreter
    // (a __constant__ table of 1/k!, a __device__ array from a constexpr object's elements, kSum = 28).
    let mut s = spec("cxx_constexpr_objects.cu", "_Z1kPfPi", (1, 1, 1), (8, 1, 1));
    s.bufs = vec![buf("f", Elem::F32, vec![0; 8 * 4]), buf("o", Elem::I32, vec![0; 8 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let f = as_f32(&out.bufs[0]);
        let table = [1.0f32, 1.0, 0.5, 1.0 / 6.0, 1.0 / 24.0];
        for (i, &x) in f.iter().enumerate() {
            same32(&format!("f[{i}]"), x, table[i % 5])?;
        }
        let o = as_i32(&out.bufs[1]);
        let want: Vec<i32> = (0..8).map(|i| [1, 2, 7][i % 3] + 28).collect();
        if o != want {
            return Err(format!("o = {o:?}, want {want:?}"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_constexpr_template_args: constexpr calls in template arguments, template parameter
    // defaults (a selector picking a specialization) and an array bound.
    let mut s = spec("cxx_constexpr_template_args.cu", "_Z1kPiPf", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("p", Elem::I32, vec![0; 5 * 4]), buf("f", Elem::F32, vec![0; 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let p = as_i32(&out.bufs[0]);
        if p != [25, 31, i32::MIN, 19, 15] {
            return Err(format!("p = {p:?}, want [25, 31, -2147483648, 19, 15]"));
        }
        same32("f[0]", as_f32(&out.bufs[1])[0], -3.0)
    });
    v.push(s);

    // cxx_constexpr_dependent_class: a constexpr selector whose body needs a class template
    // specialization picks impl<double, kind::floating> (scale 0.5); is_specialized is 1 for
    // double, 0 for long; Tag<sizeof(short)> is 2.
    let mut s = spec("cxx_constexpr_dependent_class.cu", "_Z1kPdPiPKd", (1, 1, 1), (8, 1, 1));
    let xd: Vec<f64> = (0..8).map(|i| i as f64 * 1.5 - 3.0).collect();
    s.bufs = vec![
        buf("d", Elem::F64, vec![0; 8 * 8]),
        buf("p", Elem::I32, vec![0; 8 * 4]),
        buf("x", Elem::F64, f64s(&xd)),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, d, p) = (as_f64(&b[2].data), as_f64(&out.bufs[0]), as_i32(&out.bufs[1]));
        for i in 0..8 {
            let want = x[i] * 0.5 + 1.0;
            if d[i].to_bits() != want.to_bits() {
                return Err(format!("d[{i}] = {}, want {want}", d[i]));
            }
            if p[i] != 1 + 2 * i as i32 {
                return Err(format!("p[{i}] = {}, want {}", p[i], 1 + 2 * i));
            }
        }
        Ok(())
    });
    v.push(s);

    // cxx_implicit_copy_conversion: copies take the implicit copy constructor over converting
    // constructors reached through `operator float()`; G's tags: G(int) over the template for
    // G(3) (1), the U&& template for a non-const lvalue (2), the implicit copy for a const one (1).
    let mut s = spec("cxx_implicit_copy_conversion.cu", "_Z1kPfPiPKf", (1, 1, 1), (8, 1, 1));
    let halves: Vec<f32> = (0..8).map(|i| i as f32 * 1.25 + 0.5).collect();
    s.bufs = vec![
        buf("o", Elem::F32, vec![0; 8 * 4]),
        buf("t", Elem::I32, vec![0; 8 * 4]),
        buf("in", Elem::F32, f32s(&halves)),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, o, t) = (as_f32(&b[2].data), as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        for i in 0..8 {
            let v = (x[i] * 2.0) as u16 as f32;
            same32(&format!("o[{i}]"), o[i], v + v + (8 * i) as u16 as f32)?;
            if t[i] != 121 {
                return Err(format!("t[{i}] = {}, want 121", t[i]));
            }
        }
        Ok(())
    });
    v.push(s);

    // nvrtc_round_mode: NVRTC's implicit enum cudaRoundMode (0 + 2*1 + 4*2 + 8*3 = 34).
    let mut s = spec("nvrtc_round_mode.cu", "_Z1kPi", (1, 1, 1), (4, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [34, 35, 36, 37] {
            return Err(format!("o = {o:?}, want [34, 35, 36, 37]"));
        }
        Ok(())
    });
    v.push(s);

    // nvrtc_vector_types_guard: the toolkit's vector_types.h guard is defined (3 + 4 * 10).
    let mut s = spec("nvrtc_vector_types_guard.cu", "_Z1kPi", (1, 1, 1), (4, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [43, 44, 45, 46] {
            return Err(format!("o = {o:?}, want [43, 44, 45, 46]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_inline_namespace_qualified: lib::v4::first_of finds i + 1 in the bytes (index or
    // -1), plus 100.
    let mut s = spec("cxx_inline_namespace_qualified.cu", "_Z1kPiPKh", (1, 1, 1), (8, 1, 1));
    s.bufs = vec![
        buf("o", Elem::I32, vec![0; 8 * 4]),
        buf("s", Elem::U8, vec![3, 1, 4, 1, 5, 9, 2, 6]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [101, 106, 100, 102, 104, 107, 99, 99] {
            return Err(format!("o = {o:?}, want [101, 106, 100, 102, 104, 107, 99, 99]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_free_operator_templates: free operator templates (exact small-integer products); the
    // non-template operator== for cx<int> wins over the template (4).
    let mut s = spec("cxx_free_operator_templates.cu", "_Z1kPfPKf", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![
        buf("o", Elem::F32, vec![0; 5 * 4]),
        buf("x", Elem::F32, f32s(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let o = as_f32(&out.bufs[0]);
        if o != [-25.0, 50.0, 6.0, 12.0, 5.0] {
            return Err(format!("o = {o:?}, want [-25, 50, 6, 12, 5]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_global_qualified_templates: `::std::pair2<U>` is the global namespace's template.
    let mut s = spec("cxx_global_qualified_templates.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 2 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [9, 5] {
            return Err(format!("o = {o:?}, want [9, 5]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_global_qualified_static_members: `::Box<int>::k` in namespace-scope initializers is
    // the global namespace's `Box` (nvcc: 11, the namespace's gives 13).
    let mut s = spec(
        "cxx_global_qualified_static_members.cu",
        "_ZN2ns4kernEPi",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("o", Elem::I32, vec![0; 6 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [11, 11, 11, 113, 21, 23] {
            return Err(format!("o = {o:?}, want [11, 11, 11, 113, 21, 23]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_enum_var_template_args: enumerations given to variable templates stay enumerations
    // (`is_enum_v<E>`, a fold over a pack of them, `__underlying_type` through a class).
    let mut s = spec("cxx_enum_var_template_args.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [1, 0, 1, 1, 1, 1, 3, 21] {
            return Err(format!("o = {o:?}, want [1, 0, 1, 1, 1, 1, 3, 21]"));
        }
        Ok(())
    });
    v.push(s);

    // libcudacxx_atomic_ref: 32 threads add 1 (device scope, seq_cst) and subtract 2
    // (relaxed); thread 0 stores the sum of both loads (block scope).
    let mut s = spec("libcudacxx_atomic_ref.cu", "_Z5countPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf(
        "p",
        Elem::I32,
        [10i32, 0, 100].iter().flat_map(|v| v.to_le_bytes()).collect(),
    )];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [42, 78, 36] {
            return Err(format!("p = {o:?}, want [42, 78, 36]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_pack_type_args: pack expansions of type-ids (5 references and pointers), a
    // functional cast's expanded arguments (10), a namespace default (2 * 5 + 3), `Ref(x)++`.
    let mut s = spec("cxx_pack_type_args.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [5, 10, 13, 1] {
            return Err(format!("o = {o:?}, want [5, 10, 13, 1]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_pack_value_args: `enable_if_t<P::value>...` per element with SFINAE (true/false
    // mixes, the empty pack), aliases over `f<P...>(0)`, `<A>` ordered before `<A, As...>`.
    let mut s = spec("cxx_pack_value_args.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 11 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let want = [1, 0, 1, 0, 1, 0, 1, 3, 7, 70, -1];
        if o != want {
            return Err(format!("o = {o:?}, want {want:?}"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_partial_spec_defaulted: defaulted copy members of a partial specialization (4, 3).
    let mut s = spec("cxx_partial_spec_defaulted.cu", "_Z1kPf", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::F32, vec![0; 2 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_f32(&out.bufs[0]);
        if o != [4.0, 3.0] {
            return Err(format!("o = {o:?}, want [4, 3]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_index_sequence: a fold over std::make_index_sequence<4> (x0 + 2 x1 + 3 x2 + 4 x3) and
    // the length of a pack expanded into class template arguments (3).
    let mut s = spec("cxx_index_sequence.cu", "_Z1kILi4EEvPfPKf", (1, 1, 1), (1, 1, 1));
    let xs: Vec<f32> = vec![0.5, -1.25, 2.0, 3.5];
    s.bufs = vec![buf("out", Elem::F32, vec![0; 8]), buf("x", Elem::F32, f32s(&xs))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let o = as_f32(&out.bufs[0]);
        let want = 0.5f32 + -1.25 * 2.0 + 2.0 * 3.0 + 3.5 * 4.0;
        same32("out[0]", o[0], want)?;
        same32("out[1]", o[1], 3.0)
    });
    v.push(s);

    // cxx_auto_globals: constants of `auto` globals and an `auto` static member.
    let mut s = spec("cxx_auto_globals.cu", "_Z1kPfPm", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("p", Elem::F32, vec![0; 4]), buf("q", Elem::U64, vec![0; 8])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        // 12 * 0.5f; gCounter (7) + S::n (5) + gTable[1] (2)
        same32("p[0]", as_f32(&out.bufs[0])[0], 6.0)?;
        match as_u64(&out.bufs[1])[0] {
            14 => Ok(()),
            q => Err(format!("q[0] = {q}, want 14")),
        }
    });
    v.push(s);

    let mut s = spec("cxx_static_members.cu", "_Z7staticsPKfPfPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&x)),
        buf("out", Elem::F32, vec![0; 32 * 4]),
        buf("iout", Elem::I32, vec![0; 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, o, io) = (as_f32(&b[0].data), as_f32(&out.bufs[1]), as_i32(&out.bufs[2]));
        for t in 0..32 {
            // c.get(t) = in[t + t % 4] * 0.5; total(w) = ((0 + w0) + w1) + w2, times 3
            let a = x[t + t % 4] * 0.5;
            let tot = (((0.0f32 + x[t]) + x[t + 1]) + x[t + 2]) * 3.0;
            same32(&format!("out[{t}]"), o[t], a + tot)?;
            // twice(t) + twice(1) + Pow2<3>::v + N + arr[3] + sizeof(arr)
            let k = (2 * t as i32 + 4) + 6 + 8 + 4 + 3 + 16;
            if io[t] != k {
                return Err(format!("iout[{t}] = {}, want {k}", io[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // member function templates of class templates, explicit template arguments
    let x: Vec<f32> = (0..33).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_member_templates.cu", "_Z7membersPKfPf", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::F32, f32s(&x)), buf("out", Elem::F32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        for t in 0..32 {
            let v = x[t];
            // get<2>() = v * 2; add(1, 2.0f) = (v + 1) + 2; add<double>(0.5, 1.0f) computed in
            // double and rounded; twice<float>(in[t + 1]); twice(3) = 6
            let a1 = (v + 1.0) + 2.0;
            let a2 = ((v as f64 + 0.5) + 1.0) as f32;
            let e = (((v * 2.0 + a1) + a2) + (x[t + 1] + x[t + 1])) + 6.0;
            same32(&format!("out[{t}]"), o[t], e)?;
        }
        Ok(())
    });
    v.push(s);

    // <type_traits>
    let x: Vec<f32> = (0..8).map(|_| r.f32(-10.0, 10.0)).collect();
    let qi: Vec<i32> = vec![0, 7, 9, 0, 0];
    let mut s = spec("std_type_traits.cu", "_Z1kPfPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("p", Elem::F32, f32s(&x)), buf("q", Elem::I32, i32s(&qi))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, q) = (as_f32(&b[0].data), as_i32(&b[1].data));
        let (p, qo) = (as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        // f(p[1]) doubles (floating point), f(3) adds one (integral)
        same32("p[0]", p[0], x[1] * 2.0 + 4.0)?;
        // a + b + c + d + u + e: float, float, int, double, unsigned, int
        let s = ((x[2] + x[3]) + q[1] as f32) as f64;
        let e = ((s + x[4] as f64) + q[2] as u32 as f64) + 1.0;
        same32("p[5]", p[5], e as f32)?;
        let want = [541852241, q[1], q[2], 131, 7];
        for (i, w) in want.iter().enumerate() {
            if qo[i] != *w {
                return Err(format!("q[{i}] = {}, want {w}", qo[i]));
            }
        }
        Ok(())
    });
    v.push(s);

    // trailing return types, decltype over parameters
    let x: Vec<f32> = (0..4).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_trailing_return.cu", "_Z1kPfPd", (1, 1, 1), (1, 1, 1));
    let dv: Vec<u8> = [0.0f64, 2.75].iter().flat_map(|v| v.to_le_bytes()).collect();
    s.bufs = vec![buf("p", Elem::F32, f32s(&x)), buf("d", Elem::F64, dv)];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let x = as_f32(&b[0].data);
        let p = as_f32(&out.bufs[0]);
        let d: Vec<f64> = out.bufs[1]
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        // twice(p[1]) + half(p[2]) + q.get(); mix(1, d[1]) + twice(2)
        same32("p[0]", p[0], (x[1] * 2.0 + x[2] * 0.5) + x[3])?;
        let want = (1.0 + 2.75) + 4.0;
        if d[0] != want {
            return Err(format!("d[0] = {}, want {want}", d[0]));
        }
        Ok(())
    });
    v.push(s);

    // cxx_deduced_return_record_ids: a deduced return type (`W<float>`) and a member alias of
    // one (`Ld<float>::S`) across fixed-point rounds whose new knowledge adds a class early.
    let mut s = spec("cxx_deduced_return_record_ids.cu", "_Z1kPf", (1, 1, 1), (3, 1, 1));
    s.bufs = vec![buf("out", Elem::F32, f32s(&x))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[0]));
        // h(out[2]).b; sizeof(Holder) + sizeof(W<float>) + sizeof(Ld<float>::S); buf[1] + tag
        same32("out[0]", o[0], x[2] + 1.0)?;
        same32("out[1]", o[1], 40.0)?;
        same32("out[2]", o[2], x[1] + 2.0)
    });
    v.push(s);

    // cxx_cg_header_idioms: the C++ of the toolkit's cooperative_groups headers (enumerators
    // through a using-declaration, member typedefs in static member initializers, explicit
    // specializations over a template template parameter, friend access to a protected base
    // member, `using token = struct {};`, `enable_if<C, void>::type* = nullptr`, `>>>`)
    let mut s = spec("cxx_cg_header_idioms.cu", "_Z1kPiPf", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![
        buf("out", Elem::I32, i32s(&[0, 0, 4, 6, 3, 0, 100, 21, 0])),
        buf("f", Elem::F32, f32s(&[1.5])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let (o, f) = (as_i32(&out.bufs[0]), as_f32(&out.bufs[1]));
        let want = [21, 24, 9, 16, 11, 257, 110, 42, 33];
        if o != want {
            return Err(format!("out = {o:?}, want {want:?}"));
        }
        same32("f[0]", f[0], 4.5)
    });
    v.push(s);

    // cxx_adl: argument-dependent lookup (hidden friends of a class, a class template and an
    // explicit specialization, a derived class, a template argument's namespace, operator==)
    let mut s = spec("cxx_adl.cu", "_Z3adlPi", (1, 1, 1), (4, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 4 * 8 * 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);

    // cxx_call_operator_temporaries: operator() of temporaries and of non-name callees
    let mut s = spec("cxx_call_operator_temporaries.cu", "_Z1kPiiiP1Q", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 6 * 4]), buf("q", Elem::I32, i32s(&[7]))];
    s.args = vec![A::Buf(0), A::S(Arg::I32(5)), A::S(Arg::I32(-2)), A::Buf(1)];
    v.push(s);

    // cxx_constexpr_call_default_targ: a class template default argument computed by a
    // constexpr call, read through `if constexpr` in a template
    let mut s = spec("cxx_constexpr_call_default_targ.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 2 * 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);

    // cxx_constexpr_call_in_body: constexpr calls in `if constexpr` and a `case` label
    for value in [9, 4] {
        let mut s = spec("cxx_constexpr_call_in_body.cu", "_Z1kPii", (1, 1, 1), (1, 1, 1));
        s.bufs = vec![buf("out", Elem::I32, vec![0; 2 * 4])];
        s.args = vec![A::Buf(0), A::S(Arg::I32(value))];
        v.push(s);
    }

    // cxx_member_alias_hides_template: `using WarpScan = WarpScan<T, N>;` names the alias
    let mut s = spec("cxx_member_alias_hides_template.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 2 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [7, 20] {
            return Err(format!("out = {o:?}, want [7, 20] (nvcc)"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_injected_name_in_namespace: `Layout::GRID` in a class nested in `ns::Layout<int, 128>`
    let mut s = spec("cxx_injected_name_in_namespace.cu", "_Z1kPi", (1, 1, 1), (160, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 2 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [164, 656] {
            return Err(format!("out = {o:?}, want [164, 656] (nvcc)"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_member_alias_hides_template_typedef: the alias's class's typedef `WS::TempStorage`
    let mut s = spec(
        "cxx_member_alias_hides_template_typedef.cu",
        "_Z1kPi",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 3 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [7, 20, 32] {
            return Err(format!("out = {o:?}, want [7, 20, 32] (nvcc)"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_partial_spec_void_t_member: `S<I, void_t<typename I::category>>` is no match (SFINAE)
    // for types without the member
    let mut s = spec("cxx_partial_spec_void_t_member.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0xff; 7 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [1, 1, 1, 10, 1, 1, 0] {
            return Err(format!("out = {o:?}, want [1, 1, 1, 10, 1, 1, 0] (nvcc)"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_partial_spec_decltype: `S<F, T, decltype(test_convert<T>(declval<F>()))>` matches
    // when the call is viable and the type is the argument, else no match (SFINAE)
    let mut s = spec("cxx_partial_spec_decltype.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0xff; 13 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let want = [1, 1, 0, 1, 1, 0, 0, 2, 0, 3, 0, 0, 48];
        if o != want {
            return Err(format!("out = {o:?}, want {want:?} (nvcc)"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_constexpr_call_const_ref: `constexpr auto a = max(alignof(T), N);` (`const T&`
    // parameters and result) as a template argument, an array bound and a constant
    let mut s = spec("cxx_constexpr_call_const_ref.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0xff; 5 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let want = [108, 216, 16, -33, 25];
        if o != want {
            return Err(format!("out = {o:?}, want {want:?} (nvcc)"));
        }
        Ok(())
    });
    v.push(s);

    // libcudacxx_is_convertible (`// REFERENCE: nvcc`): cuda::std::is_convertible through
    // libcu++'s fallback (no `__is_convertible_to` under nvcc with GCC 12)
    let mut s = spec("libcudacxx_is_convertible.cu", "_Z1kPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0xff; 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for (t, &v) in o.iter().enumerate().take(32) {
            let want = 2459 + 4096 * t as i32;
            if v != want {
                return Err(format!("out[{t}] = {v}, want {want} (nvcc)"));
            }
        }
        Ok(())
    });
    v.push(s);

    // cxx_nttp_pointer: pointer and reference non-type template parameters given functions
    // and variables (overloads, specializations, deduction, arrays, a null default).
    let mut s = spec("cxx_nttp_pointer.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 11 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [9, 1000, 17, 7, 10, 204, 10, 60, 12, 10, 8];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_nttp_fn_template_spec: function template specializations as pointer template
    // arguments, each its own class specialization.
    let mut s = spec("cxx_nttp_fn_template_spec.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 6 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [12, 24, 3, 12, 8, 13];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_kernel_template_dependent_member: a kernel template named with its parameters'
    // dependent member types as written (nvcc's entry name), typed as the instance's.
    let mut s = spec(
        "cxx_kernel_template_dependent_member.cu",
        "_Z4fillIdEvN2TrIT_E3ptrENS2_2In3valE",
        (1, 1, 1),
        (4, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::F64, vec![0; 4 * 8])];
    s.args = vec![A::Buf(0), A::S(Arg::F64(2.25))];
    s.reference = Some(|_, out| {
        let o = as_f64(&out.bufs[0]);
        if o != [3.25; 4] {
            return Err(format!("out = {o:?}, want 3.25 each"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_kernel_template_dependent_exprs: kernel templates named with the value-dependent
    // expressions of their signatures as written (nvcc's entry names), typed as the instance's.
    let mut s = spec(
        "cxx_kernel_template_dependent_exprs.cu",
        "_Z2k3ILi2EEvPi1AIXplT_Li1EEE",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 5 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::Bytes(7i32.to_le_bytes().to_vec()))];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [0, 0, 72, 0, 0] {
            return Err(format!("out = {o:?}, want [0, 0, 72, 0, 0]"));
        }
        Ok(())
    });
    v.push(s);
    let mut s = spec(
        "cxx_kernel_template_dependent_exprs.cu",
        "_Z2k2IiEvPT_N9enable_ifIXsr6is_intIS0_EE5valueES0_E4typeE",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 5 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::I32(21))];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [0, 42, 0, 0, 0] {
            return Err(format!("out = {o:?}, want [0, 42, 0, 0, 0]"));
        }
        Ok(())
    });
    v.push(s);
    let mut s = spec(
        "cxx_kernel_template_dependent_exprs.cu",
        "_Z2k5IJLi1ELi2ELi3EEEvPi4iseqIJXT_EEE",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 5 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::Bytes(vec![0]))];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [0, 0, 0, 0, 6] {
            return Err(format!("out = {o:?}, want [0, 0, 0, 0, 6]"));
        }
        Ok(())
    });
    v.push(s);
    let mut s = spec(
        "cxx_kernel_template_dependent_exprs.cu",
        "_Z2k7IiEvPfT_",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::F32, vec![0; 2 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::I32(3))];
    s.reference = Some(|_, out| {
        let o = as_f32(&out.bufs[0]);
        if o != [0.0, 3.5] {
            return Err(format!("out = {o:?}, want [0, 3.5]"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_decltype_var_template_fnptr: libcu++'s fast `declval` (a variable template of
    // function-pointer type through an alias) called in `decltype` in a member typedef.
    let mut s = spec("cxx_decltype_var_template_fnptr.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [8, 4, 1, 8];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_overloaded_deref_arrow: a class's unary `operator*` (ref-qualified overloads, a
    // namespace-scope one, writes through it) and `operator->` chains; cuda::std::optional's `*`.
    let mut s = spec("cxx_overloaded_deref_arrow.cu", "_Z1kPiP2P2", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![
        buf("o", Elem::I32, i32s(&[3, 4, 0, 0, 0, 0, 9, 0])),
        buf("q", Elem::I32, i32s(&[1, 2])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let (o, q) = (as_i32(&out.bufs[0]), as_i32(&out.bufs[1]));
        let (eo, eq) = ([8, 8, 123, 11, 11, 12, 109, 71], [7, 2]);
        if o != eo || q != eq {
            return Err(format!("o = {o:?}, q = {q:?}, want {eo:?}, {eq:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_xvalue_category: overloads picked by value category (xvalue members, `?:` of
    // xvalues) and a SFINAE test that a non-const lvalue reference rejects an xvalue.
    let mut s = spec("cxx_xvalue_category.cu", "_Z1kPKiPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&[3, 5, 1])),
        buf("o", Elem::I32, vec![0; 9 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[1]);
        let e = [1, 1, 1, 0, 1, 30, 4, 50, 30];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_member_returns_holder: a class template's member returns (or takes) by value a
    // specialization holding the first as a field (Thrust's `device_ptr` / `device_reference`).
    let mut s = spec("cxx_member_returns_holder.cu", "_Z1kPiS_", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 6 * 4]), buf("q", Elem::I32, i32s(&[7]))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [8, 8, 7, 9, 16, 7];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_global_qualified_late_namespace: `::sx::B<T>` in namespace-scope initializers inside
    // `cuda`, with a `cuda::sx::B` declared later (libcu++'s `::std::__iterator_traits` inside
    // `cuda::std`): the global namespace's, as nvcc takes it.
    let mut s = spec("cxx_global_qualified_late_namespace.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 7 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [10, 10, 10, 1, 1, 3, 3];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_var_template_calls_fn_template_base: a base's argument a variable template whose
    // initializer calls function templates (libcu++'s `invoke_result` over `__is_invocable`).
    let mut s = spec(
        "cxx_var_template_calls_fn_template_base.cu",
        "_Z1kPi",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("o", Elem::I32, vec![0; 5 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [4, 4, 8, 1, 0];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_member_alias_sibling: a member alias template naming a sibling member typedef
    // (directly and through a base) and `sizeof(S<T>::v::type)` through a member typedef.
    let mut s = spec("cxx_member_alias_sibling.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 7 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [16, 16, 2, 1, 8, 6, 1];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_rebind_empty_pack: a base's member alias template naming its sibling typedef at item
    // level (libcu++'s pointer_traits shape) and `S<U, A...>` with `A` empty.
    let mut s = spec("cxx_rebind_empty_pack.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [8, 2, 208, 8];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_unique_object_repr: `__has_unique_object_representations` of scalars, classes with
    // and without padding, bit-fields, unions, arrays, non-trivially-copyable classes.
    let mut s = spec("cxx_unique_object_repr.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 44 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [
            1, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 0,
            0, 1, 0, 1, 1, 1, 1, 63,
        ];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_partial_spec_member_templates: a member variable template repeated in two partial
    // specializations; member function templates naming the partial specialization's packs.
    let mut s = spec("cxx_partial_spec_member_templates.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [6, 14, 228, 2003];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_global_scope_names: `::name` names the global namespace's entity inside a namespace
    // with a namesake (functions, variables, types, templates, through using-directives;
    // `ns::memcpy` calling `::memcpy`).
    let mut s = spec("cxx_global_scope_names.cu", "_Z4kernPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 11 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [12, 55, 79, 25, 52, 93, 1379, 1001, 34, 1000, 1113];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_inherited_ctor_templates: inherited constructor templates (`using __base::__base;`
    // over a chain of bases, libcu++'s `optional`), values as nvcc gives them.
    let mut s = spec("cxx_inherited_ctor_templates.cu", "_Z4kernPi", (1, 1, 1), (1, 1, 1));
    let mut init = vec![0u8; 9 * 4];
    init[32] = 7;
    s.bufs = vec![buf("o", Elem::I32, init)];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [107, 105, 3, 14, 45, 76, 0, 0, 7];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_auto_nttp_deduced: `template <auto L>` deduced from a class template argument keeps
    // the argument's type (sizes and signedness as nvcc gives them).
    let mut s = spec("cxx_auto_nttp_deduced.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 12 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [10, 41, 20, 40, 10, 41, 81, 11, 21, 21, 10, 41];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_qualified_brace_cast: `C::tag{}`, `typename T::tag{}.v`, the detection idiom,
    // `return x;` converting another class type, a base named through a member alias.
    let mut s = spec("cxx_qualified_brace_cast.cu", "_Z4kernPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [4, 7, 10, 10, 12, 1, 15, 6];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_type_switch_bases: libcu++'s `__type_switch` shape (base pack expansions over member
    // alias templates, deduction through an alias against base classes).
    let mut s = spec("cxx_type_switch_bases.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 6 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [8, 2, 4, 1, 10, 10];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_base_member_templates: a base class's member templates named unqualified in a class
    // template's member typedefs (libstdc++'s `__make_unsigned_selector` shape).
    let mut s = spec("cxx_base_member_templates.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 7 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[4, 2, 1, 8, 2, 8, 4]));
    v.push(s);
    // cxx_unevaluated_overload_rank: two function templates viable in `decltype` before any
    // instance exists (`__test(int)` over `__test(...)`, libcu++'s `is_destructible` fallback).
    let mut s = spec("cxx_unevaluated_overload_rank.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 5 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[1, 1, 1, 2, 2]));
    v.push(s);
    // cxx_static_member_call_named_like_template: `X::rank()` at namespace scope with a class
    // template `rank` declared elsewhere is a static member call (values = nvcc's).
    let mut s = spec(
        "cxx_static_member_call_named_like_template.cu",
        "_Z1kPi",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("o", Elem::I32, vec![0; 5 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[2, 12, 45, 2, 1]));
    v.push(s);
    // cxx_var_template_dependent_nttp: `template <class TS, TS Dyn, TS... V>` variable
    // templates, also expanded in a base, whose braced mem-initializer has a pack expansion.
    let mut s = spec("cxx_var_template_dependent_nttp.cu", "_Z1kPii", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 6 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::I32(37))];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[37, 42, 8, 2, 7, 1]));
    v.push(s);
    // cxx_indirect_ref_calls: calls through function pointers and references bind reference
    // parameters; `S::f<X>(...)` with `S` a typedef.
    let mut s = spec("cxx_indirect_ref_calls.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 5 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [8, 16, 4, 11, 6];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_converting_ctor_template_arg: an argument converted by a constructor template, a
    // `{}` default argument, a qualified function template call parsed as a cast.
    let mut s = spec("cxx_converting_ctor_template_arg.cu", "_Z1kPlPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::U64, vec![0; 2 * 8]), buf("p", Elem::I32, vec![0; 3 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let o = as_u64(&out.bufs[0]);
        let p = as_i32(&out.bufs[1]);
        if o != [3000, 4000] || p != [42, 43, 126] {
            return Err(format!("o = {o:?}, p = {p:?}, want [3000, 4000], [42, 43, 126]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_partial_spec_decl_default: a partial specialization completed with a declaration's
    // default (4, 8).
    let mut s = spec("cxx_partial_spec_decl_default.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 2 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [4, 8] {
            return Err(format!("o = {o:?}, want [4, 8]"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_decltype_kernel_address: `decltype(&k<T, N>)` return types in `sizeof` (8, 8).
    let mut s = spec("cxx_decltype_kernel_address.cu", "_Z5sizesPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 2 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [8, 8] {
            return Err(format!("o = {o:?}, want [8, 8]"));
        }
        Ok(())
    });
    v.push(s);

    // libcudacxx_is_convertible_arrays (`// REFERENCE: nvcc`): libcu++'s `declval<int[2]>`,
    // a variable template partial specialization matching an array
    let mut s = spec("libcudacxx_is_convertible_arrays.cu", "_Z1kPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0xff; 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for (t, &v) in o.iter().enumerate().take(32) {
            let want = 83 + 4096 * t as i32;
            if v != want {
                return Err(format!("out[{t}] = {v}, want {want} (nvcc)"));
            }
        }
        Ok(())
    });
    v.push(s);

    // cxx_template_arg_shr_rref_arrays: `void_t<T&&>>` before a class body; partial
    // specializations of class and variable templates matching arrays (nvcc's values)
    let mut s = spec("cxx_template_arg_shr_rref_arrays.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0xff; 6 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let want = [11, 11, 11, 11, 11, 32];
        if o[..6] != want {
            return Err(format!("out = {o:?}, want {want:?} (nvcc)"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_fold_template_args: folds naming the pack in template arguments (nvcc's values)
    let mut s = spec("cxx_fold_template_args.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0xff; 5 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let want = [1, 13, 10, 3, 0];
        if o[..5] != want {
            return Err(format!("out = {o:?}, want {want:?} (nvcc)"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_member_operator_templates: member operator templates beside non-viable free
    // operators; member templates of a base class template
    let mut s = spec("cxx_member_operator_templates.cu", "_Z1kPiPf", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![
        buf("o", Elem::I32, i32s(&[0, 5, 0, 0])),
        buf("f", Elem::F32, f32s(&[5.5, 1.25, 2.0, 0.5, 0.0, 0.0])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let (o, f) = (as_i32(&out.bufs[0]), as_f32(&out.bufs[1]));
        if o[..4] != [18, 5, 38, 11] {
            return Err(format!("o = {o:?}, want [18, 5, 38, 11]"));
        }
        if f[4] != 4.5 || f[5] != 4.75 {
            return Err(format!("f = {f:?}, want f[4] = 4.5, f[5] = 4.75"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_conversion_op_qualified_type: `operator ::ns::size_t()` of class templates
    let mut s = spec("cxx_conversion_op_qualified_type.cu", "_Z1kPmm", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::U64, vec![0xff; 3 * 8])];
    s.args = vec![A::Buf(0), A::S(Arg::U64(1000))];
    s.reference = Some(|_, out| {
        let o = as_u64(&out.bufs[0]);
        if o != [1016, 1032, 2000] {
            return Err(format!("out = {o:?}, want [1016, 1032, 2000] (nvcc)"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_var_template_ref_spec: `v<T&>` and `v<T&&>` partial specializations
    let mut s = spec("cxx_var_template_ref_spec.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0xff; 5 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o != [0, 1, 2, 1, 100] {
            return Err(format!("out = {o:?}, want [0, 1, 2, 1, 100] (nvcc)"));
        }
        Ok(())
    });
    v.push(s);

    // cxx_member_pointer_patterns: `T C::*` matches no `T*` pattern
    let mut s = spec("cxx_member_pointer_patterns.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 5 * 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);

    // cxx_aggregate_base_temporaries: `D{{t}}` initializes its base from the nested list
    let mut s = spec("cxx_aggregate_base_temporaries.cu", "_Z1kPii", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0xff; 6 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::I32(-6))];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let want = [-6, -6, 94, 36, 36, 0];
        if o != want {
            return Err(format!("out = {o:?}, want {want:?}"));
        }
        Ok(())
    });
    v.push(s);

    // cooperative_groups (`// REFERENCE: nvcc`: NVRTC from the pip wheels has no CCCL for
    // cooperative_groups.h): two warps of tiles of 8, shuffles, ballot, any, a tile reduction
    let mut rc = Rng(0x6367_0018_0000_0001);
    let fv: Vec<f32> = (0..64).map(|_| rc.f32(-8.0, 8.0)).collect();
    let mut s = spec("cooperative_groups.cu", "_Z3cgkPiPf", (1, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 64 * 4]), buf("f", Elem::F32, f32s(&fv))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (o, f) = (as_i32(&out.bufs[0]), as_f32(&out.bufs[1]));
        let f0 = as_f32(&b[1].data);
        for (r, &got) in o.iter().enumerate().take(64) {
            let lane = r % 32;
            let down = if lane < 31 { r + 1 } else { r } as i32;
            let xor = (r ^ 1) as i32;
            let ballot = 0xaaaa_aaaau32 as i32;
            let any = i32::from(r / 8 == 0);
            let want = down
                .wrapping_add(xor)
                .wrapping_add((r % 8) as i32 * 100)
                .wrapping_add((r / 8) as i32 * 1000)
                .wrapping_add(ballot)
                .wrapping_add(any);
            if got != want {
                return Err(format!("out[{r}] = {got}, want {want}"));
            }
        }
        // s += t8.shfl_down(s, o) for o = 4, 2, 1: lanes past the tile's end keep their value
        let mut s = f0.clone();
        for step in [4usize, 2, 1] {
            let prev = s.clone();
            for (r, v) in s.iter_mut().enumerate() {
                let from = if r % 8 + step < 8 { r + step } else { r };
                *v = prev[r] + prev[from];
            }
        }
        for (r, (&got, &want)) in f.iter().zip(&s).enumerate() {
            same32(&format!("f[{r}]"), got, want)?;
        }
        Ok(())
    });
    v.push(s);

    // long_double_classifiers: __isnanl/__isinfl/__finitel/__signbitl as double's
    for x in [f64::NEG_INFINITY, f64::NAN, -0.0, 2.5] {
        let mut s = spec("long_double_classifiers.cu", "_Z8classifyPid", (1, 1, 1), (1, 1, 1));
        s.bufs = vec![buf("out", Elem::I32, vec![0; 4 * 4])];
        s.args = vec![A::Buf(0), A::S(Arg::F64(x))];
        v.push(s);
    }

    // (their own random stream, so the specs after them keep their inputs)
    let mut rr = Rng(0x5eed_0016_c0de_0001);
    // cxx_volatile_members: overloads on `volatile` chosen by the object's qualifiers
    let x: Vec<f32> = (0..4).map(|_| rr.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_volatile_members.cu", "_Z1kPfPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![
        buf("out", Elem::F32, f32s(&[x[0], x[1], x[2], x[3], 0.0, 0.0])),
        buf("q", Elem::I32, i32s(&[7, 0])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let x = as_f32(&b[0].data);
        let (o, q) = (as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        same32("out[4]", o[4], x[1] + 1000.0)?;
        same32("out[2]", o[2], x[0] + ((x[1] + 1000.0) + 100.0))?;
        if q[1] != 35 {
            return Err(format!("q[1] = {}, want 35", q[1]));
        }
        Ok(())
    });
    v.push(s);

    // cxx_using_template: `using N::C;` of class and function templates (through an inline
    // namespace)
    let x: Vec<f32> = (0..4).map(|_| rr.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_using_template.cu", "_Z1kPf", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::F32, f32s(&[x[0], x[1], x[2], x[3], 0.0]))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|b, out| {
        let x = as_f32(&b[0].data);
        same32("out[4]", as_f32(&out.bufs[0])[4], ((x[0] + x[1]) + x[2]) + 4.0)
    });
    v.push(s);

    // cxx_operator_templates: namespace-scope and member operator function templates
    let x: Vec<f32> = (0..4).map(|_| rr.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_operator_templates.cu", "_Z1kPfPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![
        buf("out", Elem::F32, f32s(&[x[0], x[1], x[2], x[3], 0.0, 0.0, 0.0])),
        buf("q", Elem::I32, i32s(&[0])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let x = as_f32(&b[0].data);
        let (o, q) = (as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        let (za, zb) = ((x[0] + x[2]) * 2.0, (x[1] + x[3]) * 2.0);
        same32("out[4]", o[4], za)?;
        same32("out[5]", o[5], zb)?;
        same32("out[6]", o[6], (zb + x[1]) + x[3])?;
        let want = 1 + 2 * i32::from(x[0] == x[2] && x[1] == x[3]);
        if q[0] != want {
            return Err(format!("q[0] = {}, want {want}", q[0]));
        }
        Ok(())
    });
    v.push(s);

    // cxx_template_param_hides_typedef: a template parameter named like an enclosing typedef
    let x: Vec<f32> = (0..4).map(|_| rr.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_template_param_hides_typedef.cu", "_Z1kPfPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("out", Elem::F32, f32s(&x)), buf("q", Elem::I32, i32s(&[0]))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let x = as_f32(&b[0].data);
        let (o, q) = (as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        same32("out[0]", o[0], 40.0 + x[1])?;
        same32("out[2]", o[2], x[3] + x[3])?;
        if q[0] != 42 {
            return Err(format!("q[0] = {}, want 42", q[0]));
        }
        Ok(())
    });
    v.push(s);

    // variable templates
    let x: Vec<f32> = (0..2).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_variable_templates.cu", "_Z1kPiPf", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("q", Elem::I32, vec![0; 4]), buf("p", Elem::F32, f32s(&x))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let x = as_f32(&b[1].data);
        let (q, p) = (as_i32(&out.bufs[0]), as_f32(&out.bufs[1]));
        // sq<4> + big<double> * 100 + is_same_v * 10000 + sizeof(int[9]) + is_unsigned_v * 100000
        if q[0] != 16 + 100 + 10000 + 36 + 100000 {
            return Err(format!("q[0] = {}", q[0]));
        }
        same32("p[0]", p[0], x[1] * 2.0 + 3.0)
    });
    v.push(s);

    // alias template default arguments, `>>>` closing nested template argument lists
    let mut s = spec("cxx_alias_defaults.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf(
        "q",
        Elem::I32,
        [0i32, 37].iter().flat_map(|v| v.to_le_bytes()).collect(),
    )];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let q = as_i32(&out.bufs[0]);
        // b.v.v.v (37) + depth<int> * 10 + four(double) * 100 + four(float) * 1000 + sizeof(int[3]) * 10000 + 1
        let want = 37 + 10 + 800 + 4000 + 120_000 + 1;
        if q[0] != want {
            return Err(format!("q[0] = {}, want {want}", q[0]));
        }
        Ok(())
    });
    v.push(s);

    // members of class template specializations instantiated when used; out-of-class
    // definitions of members and member templates
    let mut s = spec("cxx_lazy_members.cu", "_Z1kPiPf", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![
        buf(
            "q",
            Elem::I32,
            [3i32, 4, 0].iter().flat_map(|v| v.to_le_bytes()).collect(),
        ),
        buf("f", Elem::F32, vec![0; 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let (q, f) = (as_i32(&out.bufs[0]), as_f32(&out.bufs[1]));
        // i = (3, 4): i.sum() + nested.a.sum() = 14; g = (3, 4), h = i doubled = (6, 8):
        // g.sum() + h.dot(i) = 7 + 18 + 32
        if q[2] != 14 || f[0] != 57.0 {
            return Err(format!("q[2] = {}, f[0] = {}, want 14, 57", q[2], f[0]));
        }
        Ok(())
    });
    v.push(s);

    // destructors at scope exits, members and bases, in order
    let mut s = spec("cxx_destructors.cu", "_Z5dtorsPiS_", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("out", Elem::I32, vec![0; 32 * 32 * 4]),
        buf("sum", Elem::I32, vec![0; 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let (o, sum) = (as_i32(&out.bufs[0]), as_i32(&out.bufs[1]));
        for t in 0..32usize {
            let want = [
                2,
                1,
                0,
                3,
                3,
                3,
                2,
                1,
                (t as i32 + 7) % 10,
                6,
                7,
                8,
                4,
                5,
                if t % 2 == 0 { 9 } else { 1 },
            ];
            let got = &o[32 * t..32 * t + want.len()];
            if got != want {
                return Err(format!("thread {t}: log {got:?}, want {want:?}"));
            }
            if sum[t] != t as i32 + 15 {
                return Err(format!("sum[{t}] = {}, want {}", sum[t], t + 15));
            }
        }
        Ok(())
    });
    v.push(s);

    // device-side launches (CDP2): two parent threads each launch child<<<2, 64>>> (out[tid] =
    // 'a' + 2 + 4 + p[0]) and a fire-and-forget tchild (out[0] = 7); the tail launch sets f[0]
    let mut s = spec("cdp_launch.cu", "_Z6parentPKiPiPfiS1_", (1, 1, 1), (2, 1, 1));
    s.bufs = vec![
        buf("p", Elem::I32, i32s(&[5])),
        buf("out", Elem::I32, vec![0; 4 * 64]),
        buf("f", Elem::F32, vec![0; 4]),
        buf("errors", Elem::I32, vec![0; 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(2)), A::Buf(3)];
    s.reference = Some(|_, out| {
        let (o, f, e) = (as_i32(&out.bufs[1]), as_f32(&out.bufs[2]), as_i32(&out.bufs[3]));
        if !matches!(o[0], 7 | 108) || o[1..].iter().any(|&x| x != 108) || f[0] != 3.0 || e[0] != 0 {
            return Err(format!("out {:?}.., f {}, errors {}", &o[..4], f[0], e[0]));
        }
        Ok(())
    });
    s.racy = Some("out[0]: the children child and tchild both write it");
    v.push(s);

    // by-value parameters of classes with destructors / copy constructors (invisible reference):
    // the caller's temporaries, their construction and destruction order, and a kernel
    // parameter of such a class (never destroyed)
    let mut s = spec("cxx_byvalue_dtor.cu", "byval", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 64 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::Bytes(77i32.to_le_bytes().to_vec()))];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let ti = t as i32;
            #[rustfmt::skip]
            let log = [
                100 + ti, 201 + ti, 504 + ti, 304 + ti, 107, 508, 308, 109, 511, 311,
                201 + ti, 506 + ti, 306 + ti, 400 + 2 * ti, 400 + ti, 300 + ti,
            ];
            let res = [ti + 4, 8, 11, 2 * ti + 6, 3 * ti, 2 * ti + 1001, 77];
            let l = &o[64 * t..64 * t + 64];
            if l[0] != log.len() as i32 || l[1..=log.len()] != log || l[48..48 + res.len()] != res {
                return Err(format!(
                    "thread {t}: log {:?}, results {:?}; want log {log:?}, results {res:?}",
                    &l[..=log.len()],
                    &l[48..48 + res.len()]
                ));
            }
        }
        Ok(())
    });
    v.push(s);

    // user-provided copy constructors and copy assignment; copies of objects with destructors
    let mut s = spec("cxx_copy_ctors.cu", "_Z6copiesPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let ti = t as i32;
            let want = [ti + 10, ti + 100, ti + 30, 3, 1, 1];
            let got = &o[8 * t..8 * t + want.len()];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // `auto *`, `const auto &`, `auto &&`; qualified and braced functional casts of aggregates
    let mut s = spec("cxx_template_template.cu", "_Z6tmplttPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let ti = t as i32;
            // f(Box<int>), f<Box, int>, f(Cell<float>) (get doubles), first(p, &q), W<Box>::sum
            // doubled, D<> + sizeof(Sp<Box<int>>) + sizeof(Sp<int>), g(W<Box>, Box{3}), g(W<Cell>, Cell{1}) + sizeof(W<Box>) + sizeof(D<Cell>).
            let want = [
                ti + 1,
                ti + 1,
                (2.0 * (ti as f32 + 0.5)) as i32 + 1,
                ti + 1,
                ((ti as f32 + 1.5) * 2.0) as i32,
                ti + 9 + 16 + 4,
                ti + 3,
                2 * ti + 2 + 8 + 4,
            ];
            let got = &o[8 * t..8 * t + 8];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);
    let mut s = spec("cxx_auto_casts.cu", "_Z5castsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let ti = t as i32;
            let want = [ti + 1, 2 * ti, 1, 2 * ti + 4, 2 * ti + 8, 0];
            let got = &o[8 * t..8 * t + want.len()];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);
    let x: Vec<f32> = (0..4 * 32).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_auto_casts.cu", "_Z5autosPfPK6float4", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("o", Elem::F32, vec![0; 4 * 32 * 4]), buf("in", Elem::F32, f32s(&x))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[1].data), as_f32(&out.bufs[0]));
        for t in 0..32usize {
            let v = &x[4 * t..4 * t + 4];
            let want = [v[0], v[1], v[2] * 2.0, v[3] + 1.0];
            for (k, w) in want.iter().enumerate() {
                same32(&format!("o[{}]", 4 * t + k), o[4 * t + k], *w)?;
            }
        }
        Ok(())
    });
    v.push(s);
    let mut s = spec("cxx_auto_casts.cu", "_Z7boundedIfLi64EEvPT_", (1, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("o", Elem::F32, vec![0; 64 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_f32(&out.bufs[0]);
        if o.iter().all(|&x| x == 64.0) {
            Ok(())
        } else {
            Err(format!("o = {o:?}"))
        }
    });
    v.push(s);

    // C++17 `if`/`switch` init-statements and conditions that declare a variable
    let mut s = spec("cxx17_statements.cu", "_Z10statementsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32i32 {
            let with_init = if 2 * t > 3 { 2 * t } else { -2 * t };
            let switch_init = match t + 1 {
                1 => 10,
                2 => 22,
                z => z,
            };
            let cond_decl = if t - 3 != 0 { (t - 3) * 10 } else { 7 };
            let x = t % 8;
            let while_decl = x * (x + 1) / 2;
            let switch_decl = match t & 3 {
                0 => 5,
                1 => 1,
                z => -z,
            };
            let empty_and_expr_init = i32::from(t > 1) + 2 + if t != 0 { 4 } else { 0 };
            let want = [
                with_init,
                switch_init,
                cond_decl,
                while_decl,
                3 * t + t,
                switch_decl,
                empty_and_expr_init,
                100,
            ];
            let got = &o[8 * t as usize..8 * t as usize + 8];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // C++17 structured bindings: by value, by reference, arrays, through a base, range-for
    let mut s = spec("cxx17_statements.cu", "_Z8bindingsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 6 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32i32 {
            let want = [2 * t + 3, 9, 7, 8 * t, 2 * t, 9 * t + 14];
            let got = &o[6 * t as usize..6 * t as usize + 6];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // anonymous namespaces (internal linkage) and a static kernel
    let mut s = spec("cxx_anon_namespace.cu", "_Z7anon_nsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let want: Vec<i32> = (0..32).map(|t| 3 * t + t + 5 + 4 * t).collect();
        if o == want {
            Ok(())
        } else {
            Err(format!("o = {o:?}, want {want:?}"))
        }
    });
    v.push(s);
    let mut s = spec("cxx_anon_namespace.cu", "_Z13static_kernelPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        if as_i32(&out.bufs[0]).iter().all(|&x| x == 7) {
            Ok(())
        } else {
            Err("o != 7".into())
        }
    });
    v.push(s);

    // using-declarations and directives inside namespaces; declared-only class templates
    let x: Vec<f32> = (0..32).map(|_| r.f32(-4.0, 4.0)).collect();
    let p: Vec<i32> = (0..32).map(|_| (r.u32() % 1000) as i32 - 500).collect();
    let mut s = spec("cxx_namespace_using.cu", "_Z8using_nsPfPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("o", Elem::F32, f32s(&x)), buf("p", Elem::I32, i32s(&p))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, p0) = (as_f32(&b[0].data), as_i32(&b[1].data));
        let (o, p) = (as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        for t in 0..32 {
            if p[t] != 32 + 64 + 2 * p0[t] + 8 {
                return Err(format!("p[{t}] = {}", p[t]));
            }
            let v = x[t];
            let e = v * v + v * v * v + v / 2.0 + 100.0 + v * v;
            if (o[t] - e).abs() > 1e-3 * e.abs().max(1.0) {
                return Err(format!("o[{t}] = {} want {e}", o[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // SFINAE through defaulted template parameters
    let x: Vec<f32> = (0..32).map(|_| r.f32(-1.0, 2.0)).collect();
    let q: Vec<i32> = (0..32).map(|_| (r.u32() % 7) as i32 - 3).collect();
    let mut s = spec("cxx_sfinae_default.cu", "_Z14sfinae_defaultPfPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("p", Elem::F32, f32s(&x)), buf("q", Elem::I32, i32s(&q))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, q0) = (as_f32(&b[0].data), as_i32(&b[1].data));
        let (p, q) = (as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        for t in 0..32 {
            same32(&format!("p[{t}]"), p[t], x[t].clamp(0.0, 1.0))?;
            if q[t] != q0[t].clamp(0, 1) {
                return Err(format!("q[{t}] = {}", q[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // nested classes, enums and typedefs named through their class (`Outer::In`)
    let mut s = spec("cxx_nested_classes.cu", "_Z6nestedPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let ti = t as i32;
            let want = [
                ti + 1,
                5 * ti + 14,
                12,
                ti + 5,
                ti * (ti + 2) + 4,
                6 * ti + 5,
                3 * ti + 1,
            ];
            let got = &o[8 * t..8 * t + want.len()];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // friend functions (declared, defined in the class) and friend classes
    let mut s = spec("cxx_friends.cu", "_Z7friendsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let ti = t as i32;
            let want = [(ti + 3) * 10, 3 * ti + 6, (ti + 100) * 10, i32::from(ti < 3)];
            let got = &o[4 * t..4 * t + 4];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // inline namespaces, namespace-scope enumerators, `E::A`, bases named through `::ns::B`
    let mut s = spec("cxx_inline_namespaces.cu", "_Z9inline_nsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let ti = t as i32;
            let want = [2 * ti, 32, 12, ti + 1];
            let got = &o[4 * t..4 * t + 4];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // a friend function defined in its class names the class's members unqualified
    let mut s = spec("cxx_friend_class_scope.cu", "_Z12friend_scopePi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for (t, &got) in o.iter().enumerate().take(32) {
            let want = if t % 4 != 0 { 0x7e00 + 14 } else { t as i32 + 14 };
            if got != want {
                return Err(format!("thread {t}: {got}, want {want}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // built-in operators through a conversion function when no operator function is viable
    let mut s = spec(
        "cxx_operator_builtin_fallback.cu",
        "_Z16builtin_fallbackPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 3 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32i32 {
            let (x, y) = (t % 3, t % 5);
            let want = [
                i32::from(x == y),
                if x == 0 { 10 } else { 20 },
                i32::from(x < y) + i32::from(t == 1),
            ];
            let got = &o[3 * t as usize..3 * t as usize + 3];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // function template redeclarations with renamed parameters, no deduction from a non-class
    // argument for `cx<T>`
    let mut s = spec(
        "cxx_fn_template_overloads.cu",
        "_Z21fn_template_overloadsPd",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::F64, vec![0; 32 * 3 * 8])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o: Vec<f64> = out.bufs[0]
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for t in 0..32usize {
            let tf = t as f64;
            let want = [tf + 2.0, tf + 1.0, tf + 5.0 + 2.0 * tf];
            let got = &o[3 * t..3 * t + 3];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // block-scope `using namespace`
    let mut s = spec(
        "cxx_block_using_namespace.cu",
        "_Z21block_using_namespacePd",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::F64, vec![0; 32 * 8])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o: Vec<f64> = out.bufs[0]
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for (t, &got) in o.iter().enumerate().take(32) {
            let x = t as f64 * 0.125;
            let want = if x < 0.25 { 2.0 * x } else { x } + 2.0;
            if got != want {
                return Err(format!("thread {t}: {got}, want {want}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // `__is_assignable` on classes with the implicit assignment
    let mut s = spec(
        "cxx_trait_is_assignable_class.cu",
        "_Z10assignablePi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        for (t, c) in out.bufs[0].chunks(4).enumerate().take(32) {
            let got = i32::from_le_bytes(c.try_into().unwrap());
            if got != 2 {
                return Err(format!("thread {t}: {got}, want 2"));
            }
        }
        Ok(())
    });
    v.push(s);

    // the toolkit's cooperative groups: labeled_partition and cg::reduce over one warp
    let mut s = spec("cooperative_groups_reduce.cu", "_Z1kPKiPjPi", (1, 1, 1), (32, 1, 1));
    let keys: Vec<i32> = (0..32).map(|t| (t * 7 + 3) % 23).collect();
    s.bufs = vec![
        buf("keys", Elem::I32, keys.iter().flat_map(|v| v.to_le_bytes()).collect()),
        buf("hist", Elem::U32, vec![0; 4 * 4]),
        buf("sums", Elem::I32, vec![0; 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|_, out| {
        let keys: Vec<i32> = (0..32).map(|t| (t * 7 + 3) % 23).collect();
        let total: i32 = keys.iter().sum();
        for b in 0..4u32 {
            let want = keys.iter().filter(|&&k| k as u32 % 4 == b).count() as u32;
            let got = u32::from_le_bytes(out.bufs[1][b as usize * 4..b as usize * 4 + 4].try_into().unwrap());
            if got != want {
                return Err(format!("hist[{b}]: {got}, want {want}"));
            }
        }
        for (t, c) in out.bufs[2].chunks(4).enumerate() {
            let got = i32::from_le_bytes(c.try_into().unwrap());
            if got != total {
                return Err(format!("sums[{t}]: {got}, want {total}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // block-scope namespace aliases
    let mut s = spec(
        "cxx_block_namespace_alias.cu",
        "_Z21block_namespace_aliasPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        for (t, c) in out.bufs[0].chunks(4).enumerate().take(32) {
            let got = i32::from_le_bytes(c.try_into().unwrap());
            let want = 2 * t as i32 + 2 + 200;
            if got != want {
                return Err(format!("thread {t}: {got}, want {want}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // friend function templates and friend class templates
    let mut s = spec(
        "cxx_friend_templates.cu",
        "_Z16friend_templatesPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let ti = t as i32;
            let want = [3 * ti, 2 * ti, ti + 9, ti + 7];
            let got = &o[4 * t..4 * t + 4];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // non-type template parameters of enumeration type; defaults from an earlier declaration
    let mut s = spec("cxx_enum_template_args.cu", "_Z10enum_targsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let ti = t as i32;
            let want = [
                100 + ti,
                ti + 1,
                1000 + 2 * ti,
                10 * ti + 2,
                ti + 1 + 200 + 4000,
                10 + ti,
                2 * ti + 109,
                4 * ti,
            ];
            let got = &o[8 * t..8 * t + 8];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // injected-class-name in an explicit specialization; variable templates in a base clause
    let mut s = spec("cxx_template_names.cu", "_Z14template_namesPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 3 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let ti = t as i32;
            let want = [10 * ti, ti + 1, 5];
            let got = &o[3 * t..3 * t + 3];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // explicit destructor calls and pseudo-destructor calls
    let mut s = spec("cxx_dtor_calls.cu", "_Z10dtor_callsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let want = [5, 5, t as i32];
            let got = &o[4 * t..4 * t + 3];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // temporaries with destructors: destroyed at the end of their full-expression
    let mut s = spec("cxx_temporaries.cu", "_Z5tempsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let k = (t & 3) as i32;
            let want = [
                11,
                4,
                24,
                12,
                13,
                23,
                22,
                7,
                14,
                24,
                99,
                50,
                15,
                25,
                51,
                15,
                25,
                10 + k,
                20 + k,
                100 + k,
            ];
            let got = &o[32 * t..32 * t + want.len()];
            if got != want || o[32 * t + 31] != want.len() as i32 {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);
    let mut s = spec("cxx_temporaries.cu", "_Z6elidedPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let want = [11, 21, 12, 22, 13, 23, 14, 24, 4, 15, 25];
        for t in 0..32usize {
            let got = &o[32 * t..32 * t + want.len()];
            if got != want || o[32 * t + 31] != want.len() as i32 {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // temporaries with destructors in `?:` arms and `&&`/`||` right operands: flagged
    let mut s = spec(
        "cxx_conditional_temporaries.cu",
        "_Z10cond_tempsPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32usize {
            let mut want = Vec::new();
            for i in 0..2 {
                if (t + i) & 1 != 0 {
                    want.extend([11, 2, 21]);
                } else {
                    want.extend([12, 42, 22]);
                }
                if t & 2 != 0 {
                    want.extend([13, 1, 23]);
                } else {
                    want.extend([14, 1, 24]);
                }
                match (t & 4 != 0, t & 8 != 0) {
                    (true, true) => want.extend([15, 5, 25]),
                    (true, false) => want.extend([16, 6, 26]),
                    _ => want.push(7),
                }
            }
            if t & 1 != 0 {
                want.extend([18, 28, 99]);
            }
            let got = &o[32 * t..32 * t + want.len()];
            if got != want.as_slice() || o[32 * t + 31] != want.len() as i32 {
                return Err(format!("thread {t}: {got:?} (n {}), want {want:?}", o[32 * t + 31]));
            }
        }
        Ok(())
    });
    v.push(s);

    // implicit copy constructors calling members' and bases' user-provided ones (NVRTC's log)
    let mut s = spec(
        "cxx_implicit_copy_members.cu",
        "_Z15implicit_copiesPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 64 * 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        // Thread 1's log: each object destroyed once, copies made where C++ says.
        let want = [
            101, 104, 201, 204, 28, 314, 311, 201, 204, 25, 314, 311, 304, 301, 105, 205, 205, 30, 205, 15, 315, 215,
            25, 325, 315, 315, 305, 107, 108, 207, 208, 35, 218, 28, 328, 318, 317, 308, 307,
        ];
        let got = &o[64..64 + want.len()];
        if got != want || o[64 + 63] != want.len() as i32 {
            return Err(format!("thread 1: {got:?}, want {want:?}"));
        }
        Ok(())
    });
    v.push(s);

    // the injected class name; `return {a, b};`
    let c: Vec<i32> = (0..4 * 32).map(|_| (r.u32() % 21) as i32 - 10).collect();
    let mut s = spec(
        "cxx_injected_class_name.cu",
        "_Z8injectedPK7ComplexIiEPf",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("c", Elem::I32, i32s(&c)),
        buf("out", Elem::F32, vec![0; 4 * 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (c, o) = (as_i32(&b[0].data), as_f32(&out.bufs[1]));
        for t in 0..32 {
            let (mut re, mut im) = (0i32, 0i32);
            for i in 0..2 {
                // c * conj(c) with c = x + yi, plus the conjugate's own products.
                let (x, y) = (c[4 * t + 2 * i], c[4 * t + 2 * i + 1]);
                re += x * x + y * y;
                im += x * -y + y * x;
            }
            let want = [re as f32, im as f32, re as f32 + 1.0, (im as f32 * 2.5) as i32 as f32];
            for k in 0..4 {
                same32(&format!("out[{}]", 4 * t + k), o[4 * t + k], want[k])?;
            }
        }
        Ok(())
    });
    v.push(s);

    // `= default` special members
    let x: Vec<i32> = (0..3 * 32).map(|_| (r.u32() % 1000) as i32).collect();
    let mut s = spec("cxx_defaulted.cu", "_Z9defaultedPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, i32s(&x))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[0]));
        for t in 0..32 {
            if o[3 * t + 1] != x[3 * t] + 7 || o[3 * t + 2] != 7 {
                return Err(format!("thread {t}: {:?}", &o[3 * t..3 * t + 3]));
            }
        }
        Ok(())
    });
    v.push(s);

    // default member initializers: constructors, implicit and defaulted default constructors,
    // aggregate and value initialization, class templates, `this`, bit-fields, unions, globals
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec("cxx_nsdmi.cu", "_Z5nsdmiPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 640 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let x = x[t];
            let e = [
                10,
                x + 6,
                4,
                68,
                10 + 3 * x + 25,
                7,
                103,
                100 + x,
                13,
                8,
                42,
                16,
                13 + x,
                12,
                2 * x + 6,
                19,
                29,
                46,
            ];
            for (k, e) in e.iter().enumerate() {
                if o[20 * t + k] != *e {
                    return Err(format!("out[{t}][{k}] = {}, expected {e}", o[20 * t + k]));
                }
            }
        }
        Ok(())
    });
    v.push(s);

    // delegating constructors: target constructor then the body, class templates, constexpr
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec("cxx_delegating_ctors.cu", "_Z10delegatingPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 256 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let x = x[t];
            let e = [x, 2 * x, 15, 29, 7, 4 * x + 11, x + 12];
            if o[8 * t..8 * t + 7] != e {
                return Err(format!("out[{t}] = {:?}, expected {e:?}", &o[8 * t..8 * t + 7]));
            }
        }
        Ok(())
    });
    v.push(s);

    // const/constexpr host objects of class type read in device code: folded members
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec(
        "cxx_constexpr_class_globals.cu",
        "_Z6foldedPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 256 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let x = x[t];
            let e = [4, (2.5f32 * x as f32) as i32, 563, 70, x + 4, x + 56];
            if o[8 * t..8 * t + 6] != e {
                return Err(format!("out[{t}] = {:?}, expected {e:?}", &o[8 * t..8 * t + 6]));
            }
        }
        Ok(())
    });
    v.push(s);

    // value-initialization of classes with `= default` default constructors zeroes first (the
    // output starts at -1: a store of an uninitialized value that was dropped shows)
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec(
        "cxx_value_init_defaulted.cu",
        "_Z10value_initPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, i32s(&[-1; 256]))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let x = x[t];
            let e = [7, x, 2, 2, x, x + 21];
            if o[8 * t..8 * t + 6] != e {
                return Err(format!("out[{t}] = {:?}, expected {e:?}", &o[8 * t..8 * t + 6]));
            }
        }
        Ok(())
    });
    v.push(s);

    // decltype(e){...} / decltype(e)(args) functional casts: 3 + 2x + 1 + 1
    let xs: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec(
        "decltype_functional_cast.cu",
        "_Z13decltype_castPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("in", Elem::I32, i32s(&xs)), buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            if o[t] != 2 * x[t] + 5 {
                return Err(format!("out[{t}] = {}, expected {}", o[t], 2 * x[t] + 5));
            }
        }
        Ok(())
    });
    v.push(s);

    // enumerations with fixed underlying types: struct members, kernel parameters, promotions
    let mut recs = Vec::new();
    for t in 0..32i64 {
        let mut r = [0u8; 16];
        r[0] = if t % 2 == 0 { b'a' } else { b'b' };
        r[1] = (t * 13) as u8;
        r[2..4].copy_from_slice(&(((t - 16) * 2000) as i16).to_le_bytes());
        r[8..16].copy_from_slice(&((t as u64) << 3).to_le_bytes());
        recs.extend_from_slice(&r);
    }
    let mut s = spec(
        "cxx_enum_underlying.cu",
        "_Z11enum_fieldsP3Rec4Kind5Level4MaskPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("r", Elem::U8, recs), buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![
        A::Buf(0),
        A::S(Arg::Bytes(vec![57])),
        A::S(Arg::Bytes((-5i16).to_le_bytes().to_vec())),
        A::S(Arg::U64((1 << 40) | 1)),
        A::Buf(1),
    ];
    s.reference = Some(|b, out| {
        let (inp, r, o) = (&b[0].data, &out.bufs[0], as_i32(&out.bufs[1]));
        for t in 0..32 {
            let (x, y) = (&inp[16 * t..16 * t + 16], &r[16 * t..16 * t + 16]);
            let k = x[1].wrapping_add(57);
            let l = (i16::from_le_bytes([x[2], x[3]]) as i32 * -5) as i16;
            let m = u64::from_le_bytes(x[8..16].try_into().unwrap()) | (1 << 40) | 1;
            let mut e = x.to_vec();
            e[1] = k;
            e[2..4].copy_from_slice(&l.to_le_bytes());
            e[4..6].copy_from_slice(&0xfffeu16.to_le_bytes());
            e[8..16].copy_from_slice(&m.to_le_bytes());
            if y != &e[..] {
                return Err(format!("record {t} = {y:?}, expected {e:?}"));
            }
            let want = (k == 200) as i32 + 2 * (l < -300) as i32 + 4 * (x[0] == b'a') as i32;
            if o[t] != want {
                return Err(format!("out[{t}] = {}, expected {want}", o[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // decltype(e)::member in expressions and types
    let xd: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("decltype_scope.cu", "_Z14decltype_scopePKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&xd)), buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            if o[t] != 100 * x[t] + 39 {
                return Err(format!("out[{t}] = {}, expected {}", o[t], 100 * x[t] + 39));
            }
        }
        Ok(())
    });
    v.push(s);

    // block-scope function declarations redeclare the namespace-scope functions
    let xb: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec(
        "block_scope_function_decl.cu",
        "_Z13block_fn_declPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("in", Elem::I32, i32s(&xb)), buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            if o[t] != 4 * x[t] + 1 {
                return Err(format!("out[{t}] = {}, expected {}", o[t], 4 * x[t] + 1));
            }
        }
        Ok(())
    });
    v.push(s);

    // the toolkit's shuffle builtins (__nvvm_shfl_{idx,up,down,bfly}_sync), as the real
    // sm_30_intrinsics.hpp declares and calls them
    let xs: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec(
        "toolkit_shfl_builtins.cu",
        "_Z12toolkit_shflPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("in", Elem::I32, i32s(&xs)), buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let a = x[(t + 3) & 31];
            let up = if t >= 1 { x[t - 1] } else { x[t] };
            let down = if t + 2 <= 31 { x[t + 2] } else { x[t] };
            let bfly = x[t ^ 5];
            let want = a
                .wrapping_add(up.wrapping_mul(3))
                .wrapping_add(down.wrapping_mul(5))
                .wrapping_add(bfly.wrapping_mul(7));
            if o[t] != want {
                return Err(format!("out[{t}] = {}, expected {want}", o[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // namespace-scope objects of classes with constructors: direct- and brace-initialization
    // call the constructor, a user-provided constexpr default constructor runs
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec(
        "cxx_global_ctor_init.cu",
        "_Z16global_ctor_initPKiPf",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::F32, f32s(&[-1.0; 256])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_f32(&out.bufs[1]));
        for t in 0..32 {
            let x = x[t] as f32;
            let e = [2.5 * x + 2.5, 2.0 + 2.0 * x, 0.0, 42.0 + x, 15.0, 777.0, 6.0 * x + 2.0];
            if o[8 * t..8 * t + 7] != e {
                return Err(format!("out[{t}] = {:?}, expected {e:?}", &o[8 * t..8 * t + 7]));
            }
        }
        Ok(())
    });
    v.push(s);

    // default member initializers of bit-fields (C++20): constructors, aggregates
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 200) as i32).collect();
    let mut s = spec("cxx_nsdmi_bitfields.cu", "_Z9bitfieldsPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 128 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let e = [16, 2000 + (x[t] & 63), 900, 305];
            if o[4 * t..4 * t + 4] != e {
                return Err(format!("out[{t}] = {:?}, expected {e:?}", &o[4 * t..4 * t + 4]));
            }
        }
        Ok(())
    });
    v.push(s);

    // named classes nested in class templates (`Outer<int>::In`, `typename Outer<T>::In`)
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec(
        "cxx_nested_in_templates.cu",
        "_Z19nested_in_templatesPKiPiPf",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::I32, vec![0; 2 * 32 * 4]),
        buf("fout", Elem::F32, vec![0; 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, o, f) = (as_i32(&b[0].data), as_i32(&out.bufs[1]), as_f32(&out.bufs[2]));
        for t in 0..32 {
            let v = x[t];
            // a = In{v + 10}: get() + a.x + unwrap(a); twice().x + (In{20}.x + last.x).
            let want = [(v + 11) + (v + 10) + (v + 10), 2 * (v + 10) + 23];
            for k in 0..2 {
                if o[2 * t + k] != want[k] {
                    return Err(format!("out[{}] = {}, want {}", 2 * t + k, o[2 * t + k], want[k]));
                }
            }
            // n2(In{v + 0.5}) + (In{1.0}.x + last.x) + sizeof(In).
            let fw = ((v as f32 + 0.5) + 1.0) * 2.0 + 2.5 + 4.0;
            same32(&format!("fout[{t}]"), f[t], fw)?;
        }
        Ok(())
    });
    v.push(s);

    // members of class template specializations in declaration order (CUB's `TempStorage`)
    let mut s = spec(
        "cxx_template_member_order.cu",
        "_Z12member_orderPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 4 * 32])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for (t, &got) in o.iter().enumerate() {
            // sizeof: Uninit<_Storage> 17 floats, Uninit<Empty> one word, Arr<16>; buff[t % 17] = 1.
            if got != 68 + 4 * 100 + 64 * 1000 + 1 {
                return Err(format!("out[{t}] = {got}, want 64469"));
            }
        }
        Ok(())
    });
    v.push(s);

    // reference members bound to shared storage, inline namespaces, member variable templates
    let x: Vec<i32> = (0..33).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let y: Vec<f32> = (0..32).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_ref_members.cu", "_Z11ref_membersPiPf", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("io", Elem::I32, i32s(&x)), buf("fo", Elem::F32, f32s(&y))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, y) = (as_i32(&b[0].data), as_f32(&b[1].data));
        let (o, f) = (as_i32(&out.bufs[0]), as_f32(&out.bufs[1]));
        for t in 0..32 {
            // put: the other end of the warp's values plus the bias; Word sizes 1, 4 and 8;
            // Tag<Slow>::v.
            let want = 2 * (x[31 - t] + x[32]) + t as i32 + 1 + 40 + 800 + 1000;
            if o[t] != want {
                return Err(format!("io[{t}] = {}, want {want}", o[t]));
            }
            same32(&format!("fo[{t}]"), f[t], (y[31 - t] + 0.5) + (y[t] + 0.5))?;
        }
        Ok(())
    });
    v.push(s);

    // classes nested two levels deep in class templates (`Outer<int>::In::Deep`)
    let x: Vec<i32> = (0..64).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let y: Vec<f32> = (0..32).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_nested_deep.cu", "_Z11nested_deepPiPf", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, i32s(&x)), buf("f", Elem::F32, f32s(&y))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, y) = (as_i32(&b[0].data), as_f32(&b[1].data));
        let (o, f) = (as_i32(&out.bufs[0]), as_f32(&out.bufs[1]));
        for t in 0..32 {
            // Deep::sum of the pair, plus sizeof(Outer<double>::In::Store) = 16.
            let want = x[2 * t] + x[2 * t + 1] + 16;
            if o[2 * t] != want || o[2 * t + 1] != x[2 * t + 1] {
                return Err(format!("o[{}..] = {:?}, want {want}", 2 * t, &o[2 * t..2 * t + 2]));
            }
            same32(&format!("f[{t}]"), f[t], y[t] + 2.0)?;
        }
        Ok(())
    });
    v.push(s);

    // explicit specializations of function templates
    let x: Vec<f32> = (0..2).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_fn_specialization.cu", "_Z1kPfPiPd", (1, 1, 1), (1, 1, 1));
    let dv: Vec<u8> = [0.0f64, 1.5, 0.25].iter().flat_map(|v| v.to_le_bytes()).collect();
    s.bufs = vec![
        buf("p", Elem::F32, f32s(&x)),
        buf("q", Elem::I32, [0i32, 5].iter().flat_map(|v| v.to_le_bytes()).collect()),
        buf("d", Elem::F64, dv),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let x = as_f32(&b[0].data);
        let (p, q) = (as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        let d: Vec<f64> = out.bufs[2]
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        same32("p[0]", p[0], x[1] * 3.0)?;
        if q[0] != 5 - 1 + 40 + 300 {
            return Err(format!("q[0] = {}", q[0]));
        }
        if d[0] != -1.5 + 0.5 {
            return Err(format!("d[0] = {}", d[0]));
        }
        Ok(())
    });
    v.push(s);

    // partial specializations, SFINAE, recursion through `if constexpr`
    let x: Vec<f32> = (0..32).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_partial_spec.cu", "_Z4specPKfPfPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&x)),
        buf("out", Elem::F32, vec![0; 32 * 4]),
        buf("iout", Elem::I32, vec![0; 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, o, io) = (as_f32(&b[0].data), as_f32(&out.bufs[1]), as_i32(&out.bufs[2]));
        for t in 0..32 {
            // scale(float) doubles, scale(int) adds one, Traits<float>::twice(f) = f + f
            let f = x[t];
            same32(&format!("out[{t}]"), o[t], (f * 2.0 + (t as i32 + 1) as f32) + (f + f))?;
            let k = 10 + 200 + 13000 + 1_000_000 + 120_000_000 + t as i32;
            if io[t] != k {
                return Err(format!("iout[{t}] = {}, want {k}", io[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // specializations omitting defaulted arguments, enumerators of class templates, deduction
    // through a base class, enumerators named through their namespace
    let mut s = spec("cxx_spec_defaults.cu", "_Z13spec_defaultsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32i32 {
            let want = [
                4822,
                404_802,
                t + 2 * t,
                202_134,
                2010,
                70 + if t & 1 == 1 { 7 } else { 3 },
                5 + t,
                t,
            ];
            let got = &o[t as usize * 8..t as usize * 8 + 8];
            if got != want {
                return Err(format!("out[{t}] = {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // lambdas: captures by value/reference, [=]/[&], nested, passed to a template
    let x: Vec<f32> = (0..32).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_lambdas.cu", "_Z3lamPKfPfPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&x)),
        buf("out", Elem::F32, vec![0; 128 * 4]),
        buf("cnt", Elem::I32, vec![0; 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, o, c) = (as_f32(&b[0].data), as_f32(&out.bufs[1]), as_i32(&out.bufs[2]));
        for t in 0..32 {
            let k = x[t];
            same32(&format!("out[{}]", 4 * t), o[4 * t], 2.0 * k)?;
            same32(&format!("out[{}]", 4 * t + 1), o[4 * t + 1], 106.0)?;
            same32(&format!("out[{}]", 4 * t + 2), o[4 * t + 2], 50.0 + (k + 1.0))?;
            same32(&format!("out[{}]", 4 * t + 3), o[4 * t + 3], 12.0)?;
            if c[t] != 6 {
                return Err(format!("cnt[{t}] = {}, expected 6", c[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // classes defined in function bodies: a __shared__ union of per-phase storage, a local struct
    let x: Vec<f32> = (0..32).map(|_| (r.u32() % 41) as f32 - 20.0).collect();
    let mut s = spec(
        "cxx_local_classes.cu",
        "_Z6phasesIfLi32EEvPKT_PS0_Pi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&x)),
        buf("out", Elem::F32, vec![0; 64 * 4]),
        buf("sizes", Elem::I32, vec![0; 4 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, o, z) = (as_f32(&b[0].data), as_f32(&out.bufs[1]), as_i32(&out.bufs[2]));
        let total: f32 = x.iter().sum();
        let mut prefix = 0.0f32;
        for t in 0..32 {
            prefix += x[t];
            same32(&format!("out[{}]", 2 * t), o[2 * t], prefix + total)?;
            same32(&format!("out[{}]", 2 * t + 1), o[2 * t + 1], 31.0)?;
        }
        if z[..4] != [128, 8, 4, 3] {
            return Err(format!("sizes = {:?}, want [128, 8, 4, 3]", &z[..4]));
        }
        Ok(())
    });
    v.push(s);
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec(
        "cxx_local_classes.cu",
        "_Z6phasesIiLi32EEvPKT_PS0_Pi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::I32, vec![0; 64 * 4]),
        buf("sizes", Elem::I32, vec![0; 4 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, o, z) = (as_i32(&b[0].data), as_i32(&out.bufs[1]), as_i32(&out.bufs[2]));
        let total: i32 = x.iter().sum();
        let mut prefix = 0;
        for t in 0..32 {
            prefix += x[t];
            if o[2 * t] != prefix + total || o[2 * t + 1] != 31 {
                return Err(format!(
                    "out[{t}] = {:?}, want [{}, 31]",
                    &o[2 * t..2 * t + 2],
                    prefix + total
                ));
            }
        }
        if z[..4] != [128, 8, 4, 3] {
            return Err(format!("sizes = {:?}, want [128, 8, 4, 3]", &z[..4]));
        }
        Ok(())
    });
    v.push(s);

    // member using-declarations: overload sets, access, inheriting constructors
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("cxx_using_decls.cu", "_Z6usingsPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 320 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let x = x[t];
            let e = [x + 2, 1002, 2000, 3 * x, 3 * x, 1, x, x + 5, x + 10, 12];
            for (k, e) in e.iter().enumerate() {
                if o[10 * t + k] != *e {
                    return Err(format!("out[{t}][{k}] = {}, expected {e}", o[10 * t + k]));
                }
            }
        }
        Ok(())
    });
    v.push(s);

    // non-virtual inheritance: layout, lookup, conversions, base initializers
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("cxx_inheritance.cu", "_Z7derivedPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 512 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let x = x[t];
            let e = [
                -x,
                2 * (2 * x + 1),
                7 * x + 8,
                4 * x,
                x,
                1,
                1,
                31,
                2 * x,
                x,
                11,
                2432,
                8,
                1,
                2 * x,
                7,
            ];
            for (k, e) in e.iter().enumerate() {
                if o[16 * t + k] != *e {
                    return Err(format!("out[{t}][{k}] = {}, expected {e}", o[16 * t + k]));
                }
            }
        }
        Ok(())
    });
    v.push(s);

    // a lambda without a return statement returns void
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("cxx_lambda_void.cu", "_Z8lam_voidPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let e = x[t] + 3 + 2 * t as i32;
            if o[t] != e {
                return Err(format!("out[{t}] = {}, expected {e}", o[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // class template argument deduction: a user guide, constructors' implicit guides, copies
    let mut s = spec("cxx_ctad.cu", "_Z4ctadPfPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("f", Elem::F32, vec![0; 32 * 4]),
        buf("out", Elem::I32, vec![0; 3 * 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let (f, o) = (as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let ef = t as f32 + 0.5;
            if f[t] != ef {
                return Err(format!("f[{t}] = {}, expected {ef}", f[t]));
            }
            let ti = t as i32;
            let e = [ti + 36, 4 * ti, (-ti).wrapping_mul(70000)];
            for (k, e) in e.iter().enumerate() {
                if o[3 * t + k] != *e {
                    return Err(format!("out[{t}][{k}] = {}, expected {e}", o[3 * t + k]));
                }
            }
        }
        Ok(())
    });
    v.push(s);

    // deduced `auto&`, `const auto&`, `auto*` and `decltype(auto)` return types and variables
    let mut s = spec("cxx_deduced_refs.cu", "_Z4refsPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 8 * 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32 {
            let i = t as i32;
            let e = [i + 10, 2 * (i + 1), 7 * i, i + 2, i + 1010, 2 * (i + 1), 3 * i, 127];
            for (k, e) in e.iter().enumerate() {
                if o[8 * t + k] != *e {
                    return Err(format!("out[{t}][{k}] = {}, expected {e}", o[8 * t + k]));
                }
            }
        }
        Ok(())
    });
    v.push(s);

    // deduced return types (`auto f(...)`): functions, members, function template instances
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let y: Vec<f32> = (0..32).map(|_| ((r.u32() % 2001) as i32 - 1000) as f32 / 8.0).collect();
    let mut s = spec("cxx_auto_return.cu", "_Z7autoretPKiPfPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("fo", Elem::F32, f32s(&y)),
        buf("out", Elem::I32, vec![0; 6 * 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, y) = (as_i32(&b[0].data), as_f32(&b[1].data));
        let (fo, o) = (as_f32(&out.bufs[1]), as_i32(&out.bufs[2]));
        for t in 0..32 {
            let fact: i32 = (1..=(t as i32 % 8).max(1)).product();
            let e = [3 * x[t], fact, x[t] - 5, 2 * x[t], x[t] + 1 + x[t] / 2, 12];
            for (k, e) in e.iter().enumerate() {
                if o[6 * t + k] != *e {
                    return Err(format!("out[{t}][{k}] = {}, expected {e}", o[6 * t + k]));
                }
            }
            let ef = 6.0 * y[t];
            if fo[t] != ef {
                return Err(format!("fo[{t}] = {}, expected {ef}", fo[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // user-defined conversions: converting constructors, conversion functions, explicit
    let x: Vec<f32> = (0..32).map(|_| ((r.u32() % 2001) as i32 - 1000) as f32 / 8.0).collect();
    let mut s = spec("cxx_user_conversions.cu", "_Z4convPKfPf", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::F32, f32s(&x)), buf("out", Elem::F32, vec![0; 192 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        for t in 0..32 {
            let fix = |v: f32| ((v * 256.0) as i32) as f32 / 256.0;
            let fa = fix(x[t]);
            let tf = t as f32;
            let e = [
                fa * 0.5,
                fix(x[t] + 1.0) + if t & 1 == 1 { 10.0 } else { 0.0 },
                113.0,
                fix(fa * 2.0),
                tf + 0.5 * tf,
                (2 * t + 3) as f32,
            ];
            for (k, e) in e.iter().enumerate() {
                same32(&format!("out[{t}][{k}]"), o[6 * t + k], *e)?;
            }
        }
        Ok(())
    });
    v.push(s);

    // rvalue references, forwarding references, a move helper
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("cxx_rvalue_refs.cu", "_Z4rrefPiPf", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("p", Elem::I32, i32s(&x)), buf("q", Elem::F32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, p, q) = (as_i32(&b[0].data), as_i32(&out.bufs[0]), as_f32(&out.bufs[1]));
        for t in 0..32 {
            let e = 112 * x[t] + 101;
            if p[t] != e {
                return Err(format!("p[{t}] = {}, expected {e}", p[t]));
            }
            same32(&format!("q[{t}]"), q[t], (20 + x[t]) as f32)?;
        }
        Ok(())
    });
    v.push(s);

    // deduction from array references
    let x: Vec<f32> = (0..32).map(|_| r.f32(-100.0, 100.0)).collect();
    let mut s = spec("cxx_array_ref_deduction.cu", "_Z7arr_refPKfPf", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::F32, f32s(&x)), buf("out", Elem::F32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        for t in 0..32 {
            let s = ((0.0f32 + x[t]) + (x[t] + 1.0)) + 2.0;
            same32(&format!("out[{t}]"), o[t], s * 3.0 + 5.0)?;
        }
        Ok(())
    });
    v.push(s);

    // variadic function templates and pack expansions
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("cxx_variadic.cu", "_Z8variadicPKiPf", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::F32, vec![0; 160 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_f32(&out.bufs[1]));
        for t in 0..32 {
            let x = x[t];
            let e = [
                x as f32 + (2.5 + 97.0),
                30.0,
                (x * x) as f32 + 0.25,
                (x / 2) as f32 + 7.0,
                (3 * x + 2) as f32,
            ];
            for (k, e) in e.iter().enumerate() {
                same32(&format!("out[{t}][{k}]"), o[5 * t + k], *e)?;
            }
        }
        Ok(())
    });
    v.push(s);

    // generic lambdas
    let x: Vec<f32> = (0..32).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_generic_lambdas.cu", "_Z4glamPKfPf", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::F32, f32s(&x)), buf("out", Elem::F32, vec![0; 128 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        for t in 0..32 {
            let k = x[t];
            let e = [
                2.0 * k + 3.0 * k,
                (3.5 + k) + ((2 * t) as f32 + k),
                (1.5 * k) * k,
                (t + 1) as f32,
            ];
            for (j, e) in e.iter().enumerate() {
                same32(&format!("out[{t}][{j}]"), o[4 * t + j], *e)?;
            }
        }
        Ok(())
    });
    v.push(s);

    // class template bases, CRTP, empty bases, class template constructors
    let x: Vec<i32> = (0..64).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("cxx_template_bases.cu", "_Z6tbasesPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let e = 5 * x[2 * t] + 2 * x[2 * t + 1] + 7;
            if o[t] != e {
                return Err(format!("out[{t}] = {}, expected {e}", o[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // derived class layout with tail padding reuse
    let mut s = spec("cxx_tail_padding.cu", "_Z7tailpadPl", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("p", Elem::U64, vec![0; 12 * 8])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let p: Vec<i64> = out.bufs[0]
            .chunks(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let e: [i64; 12] = [24, 18, 8, 5, 8, 5, 12, 8, 8, 5, 9, 707];
        if p[..12] != e {
            return Err(format!("p = {:?}, expected {e:?}", &p[..12]));
        }
        Ok(())
    });
    v.push(s);

    // qualified member names reaching hidden base members
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("cxx_qualified_members.cu", "_Z9qualifiedPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let e = 10030 * (x[t] + 1) + 103 * x[t];
            if o[t] != e {
                return Err(format!("out[{t}] = {}, expected {e}", o[t]));
            }
        }
        Ok(())
    });
    v.push(s);

    // C++ named casts
    let x: Vec<f32> = (0..32).map(|_| r.f32(-100.0, 100.0)).collect();
    let mut s = spec("cxx_casts.cu", "_Z5castsPfPji", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("p", Elem::F32, f32s(&x)), buf("bits", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(32))];
    s.reference = Some(|b, out| {
        let (x, p, bits) = (as_f32(&b[0].data), as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        for t in 0..32 {
            if bits[t] as u32 != x[t].to_bits() {
                return Err(format!("bits[{t}] = {:#x}, expected {:#x}", bits[t], x[t].to_bits()));
            }
            same32(&format!("p[{t}]"), p[t], (x[t] as i32) as f32 + x[t] * 0.5)?;
        }
        Ok(())
    });
    v.push(s);

    // range-based for over arrays
    let x: Vec<i32> = (0..32).map(|i| (i * 7 % 13) - 4).collect();
    let mut s = spec("cxx_range_for.cu", "_Z2rfPfPKi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::F32, vec![0; 32 * 4]), buf("in", Elem::I32, i32s(&x))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[1].data), as_f32(&out.bufs[0]));
        for t in 0..32 {
            let mut a = [1.0f32, 2.0, 3.0, x[t] as f32];
            let mut s = a.iter().fold(0.0f32, |s, v| s + v);
            for v in a.iter_mut() {
                *v *= 2.0;
            }
            for v in a {
                if v <= 5.0 {
                    s += v;
                }
            }
            s += 1.0 * 2.0;
            s += 3.0 * 4.0;
            same32(&format!("out[{t}]"), o[t], s + a[3])?;
        }
        Ok(())
    });
    v.push(s);

    // function templates (two explicit instantiations)
    let x: Vec<f32> = (0..40).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("cxx_templates.cu", "_Z2tkIfEvPKT_PS0_i", (1, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("in", Elem::F32, f32s(&x)), buf("out", Elem::F32, vec![0; 40 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(40))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_f32(&b[0].data), as_f32(&out.bufs[1]));
        for i in 0..x.len() {
            // the __noinline__ callees round their products: no contraction across calls
            let v = x[i].max(1.0);
            let e = (((v + v) + x[i] * 2.0) + x[i] * 3.0) + (4 * i) as f32;
            same32(&format!("out[{i}]"), o[i], e)?;
        }
        Ok(())
    });
    v.push(s);
    let x: Vec<i32> = (0..50).map(|_| r.u32() as i32 >> 4).collect();
    let mut s = spec("cxx_templates.cu", "_Z2tkIiEvPKT_PS0_i", (1, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 50 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::I32(50))];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for i in 0..x.len() {
            let v = x[i].max(1).wrapping_mul(2);
            let e = v
                .wrapping_add(x[i].wrapping_mul(2))
                .wrapping_add(x[i].wrapping_mul(3))
                .wrapping_add(4 * i as i32);
            if o[i] != e {
                return Err(format!("out[{i}] = {} expected {e}", o[i]));
            }
        }
        Ok(())
    });
    v.push(s);

    // references and default arguments
    let vals: Vec<f32> = (0..6).map(|_| r.f32(-3.0, 3.0)).collect();
    let ps: Vec<f32> = (0..4).map(|_| r.f32(-3.0, 3.0)).collect();
    let mut s = one("cxx_refs_defaults.cu", "_Z4refsPfP1PPi");
    s.bufs = vec![
        buf("v", Elem::F32, f32s(&vals)),
        buf("ps", Elem::F32, f32s(&ps)),
        buf("o", Elem::I32, i32s(&[0, 20])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (v0, p) = (as_f32(&b[0].data), as_f32(&b[1].data));
        let v = as_f32(&out.bufs[0]);
        let e = [
            v0[1],
            v0[0],
            v0[2] + 1.0,
            v0[3] * 2.0,
            v0[4],
            (p[0] + p[1]) * 2.0 + (p[2] + p[3]) * 0.5,
        ];
        for k in 0..6 {
            same32(&format!("v[{k}]"), v[k], e[k])?;
        }
        let o = as_i32(&out.bufs[2]);
        if o != [42, 20] {
            return Err(format!("o = {o:?}"));
        }
        Ok(())
    });
    v.push(s);

    // emit_llvm.cu (its FileCheck test looks at LLVM IR; the PTX runs here)
    let mut s = spec("emit_llvm.cu", "k", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("p", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_b, out| {
        // one block: with several, every block writes p[tid] and the last one wins (racy on a GPU)
        let p = as_i32(&out.bufs[0]);
        if p.iter().all(|&x| x == 0) {
            Ok(())
        } else {
            Err(format!("p = {p:?}"))
        }
    });
    v.push(s);

    // fma contraction: a*b+c fuses, a*b-c*d does not (bit-exact against Rust)
    // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is not an f32: fused and unfused results differ
    let p: Vec<f32> = vec![0.0, 1.0 + 2f32.powi(-12), 1.0 + 2f32.powi(-12), -(1.0 + 2f32.powi(-11))];
    let mut s = one("fma_contraction.cu", "add");
    s.bufs = vec![buf("p", Elem::F32, f32s(&p))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|b, out| {
        let p = as_f32(&b[0].data);
        same32("p[0]", as_f32(&out.bufs[0])[0], p[1].mul_add(p[2], p[3]))
    });
    v.push(s);
    let p: Vec<f32> = vec![
        0.0,
        1.0 + 2f32.powi(-12),
        1.0 + 2f32.powi(-12),
        1.0 + 2f32.powi(-11),
        1.0,
    ];
    let mut s = one("fma_contraction.cu", "sub");
    s.bufs = vec![buf("p", Elem::F32, f32s(&p))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|b, out| {
        let p = as_f32(&b[0].data);
        same32("p[0]", as_f32(&out.bufs[0])[0], p[1] * p[2] - p[3] * p[4])
    });
    v.push(s);
    let p: Vec<f32> = vec![0.0, 1.0 + 2f32.powi(-12), 1.0 + 2f32.powi(-12), 1.0 + 2f32.powi(-11)];
    let mut s = one("fma_contraction.cu", "folded");
    s.bufs = vec![buf("p", Elem::F32, f32s(&p))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|b, out| {
        let p = as_f32(&b[0].data);
        same32("p[0]", as_f32(&out.bufs[0])[0], p[1] * p[2] - p[3])
    });
    v.push(s);

    // ffs: __ffs/__ffsll of 0, single bits and random words, against Rust
    let mut w32: Vec<u32> = vec![0, 1, 2, 0x8000_0000, 0xffff_ffff, 0x0001_0000, 12, 0x8000_0001];
    let mut w64: Vec<u64> = vec![0, 1, 1 << 63, u64::MAX, 1 << 32, 0x10, 3 << 40, 0x8000_0001];
    let mut rf = Rng(0xff5_9e37_79b9_0003);
    while w32.len() < 32 {
        w32.push(rf.u32() >> (rf.u32() % 32));
        w64.push(rf.next() >> (rf.u32() % 64));
    }
    let mut s = spec("ffs.cu", "ffs", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("in", Elem::U32, u32s(&w32)),
        buf("in64", Elem::U64, u64s(&w64)),
        buf("out", Elem::I32, vec![0; 64 * 4]),
        buf("rev", Elem::U32, vec![0; 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3)];
    s.reference = Some(|b, out| {
        let (w32, w64, o) = (as_u32(&b[0].data), as_u64(&b[1].data), as_i32(&out.bufs[2]));
        let ffs32 = |v: u32| if v == 0 { 0 } else { v.trailing_zeros() as i32 + 1 };
        let ffs64 = |v: u64| if v == 0 { 0 } else { v.trailing_zeros() as i32 + 1 };
        for i in 0..32 {
            if o[2 * i] != ffs32(w32[i]) || o[2 * i + 1] != ffs64(w64[i]) {
                return Err(format!(
                    "[{i}] {:#x} {:#x}: {} {}",
                    w32[i],
                    w64[i],
                    o[2 * i],
                    o[2 * i + 1]
                ));
            }
        }
        Ok(())
    });
    v.push(s);

    // mulhi_narrow: `__umulhi`, `__mulhi`, `__umul64hi` as `mul.hi`; NVRTC's results, and in Rust
    let mut s = one("mulhi_narrow.cu", "mulhi");
    s.bufs = vec![
        buf("out", Elem::U32, vec![0; 5 * 4]),
        buf("a", Elem::U32, u32s(&[0xdead_beef, 0x8000_0001])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::S(Arg::U64(0x0123_4567_89ab_cdef))];
    s.reference = Some(|_b, out| {
        let (x, y, key) = (0xdead_beef_u32, 0x8000_0001_u32, 0x0123_4567_89ab_cdef_u64);
        let h = ((u128::from(key) * 0x9E37_79B9_7F4A_7C15_u128) >> 64) as u64;
        let want = [
            ((u64::from(x) * 0xD251_1F53) >> 32) as u32 ^ (key >> 32) as u32,
            ((u64::from(y) * 0xCD9E_8D57) >> 32) as u32 ^ key as u32,
            ((i64::from(x as i32) * -7) >> 32) as u32,
            h as u32,
            (h >> 32) as u32,
        ];
        let got = as_u32(&out.bufs[0]);
        if got[..5] == want {
            Ok(())
        } else {
            Err(format!("out {:x?}, want {want:x?}", &got[..5]))
        }
    });
    v.push(s);

    // no_peeling: a loop of two `pow`s, not peeled; NVRTC's results, and (u^(24-k) d^k) in Rust
    let mut s = one("no_peeling.cu", "powers");
    s.bufs = vec![buf("v", Elem::F64, vec![0; 25 * 8])];
    s.args = vec![A::Buf(0), A::S(Arg::F64(1.1)), A::S(Arg::F64(0.9))];
    s.reference = Some(|_b, out| {
        let v = as_f64(&out.bufs[0]);
        for (k, &x) in v.iter().enumerate() {
            let want = 1.1f64.powi(24 - k as i32) * 0.9f64.powi(k as i32);
            within(&format!("v[{k}]"), x, want, want, 1e-14)?;
        }
        Ok(())
    });
    v.push(s);

    let mut s = spec("globals.cu", "g", (1, 1, 1), (16, 1, 1));
    s.bufs = vec![buf("out", Elem::F32, vec![0; 64])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_b, out| {
        let o = as_f32(&out.bufs[0]);
        for t in 0..16 {
            let e = [1.0f32, 0.5, 0.25, 0.125][t & 3] + [7.0, 9.0][t & 1];
            same32(&format!("out[{t}]"), o[t], e)?;
        }
        Ok(())
    });
    v.push(s);

    let mut s = spec("launch_bounds.cu", "bounded", (1, 1, 1), (256, 1, 1));
    s.bufs = vec![buf("p", Elem::F32, vec![0; 256 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_b, out| {
        if as_f32(&out.bufs[0]).iter().all(|&x| x == 1.0) {
            Ok(())
        } else {
            Err("p[t] != 1".into())
        }
    });
    v.push(s);

    let n = 64usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-5.0, 3.0)).collect();
    let d: Vec<f64> = (0..n).map(|_| r.f64(0.0, 30.0)).collect();
    let mut s = spec("math_libdevice.cu", "m", (1, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("p", Elem::F32, f32s(&x)), buf("d", Elem::F64, f64s(&d))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.ulps = 2;
    s.reference = Some(|b, out| {
        let (x, d) = (as_f32(&b[0].data), as_f64(&b[1].data));
        let (p, pd) = (as_f32(&out.bufs[0]), as_f64(&out.bufs[1]));
        for i in 0..x.len() {
            let v = x[i] as f64;
            within(&format!("p[{i}]"), p[i] as f64, v.sin() + v.exp(), 1.0 + v.exp(), 2e-6)?;
            let e = d[i].powf(1.5);
            within(&format!("d[{i}]"), pd[i], e, e, 4e-16)?;
        }
        Ok(())
    });
    v.push(s);

    let x: Vec<f32> = (0..32).map(|_| r.f32(-100.0, 100.0)).collect();
    let mut s = spec("noinline_call.cu", "k", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("p", Elem::F32, f32s(&x))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|b, out| {
        let (x, p) = (as_f32(&b[0].data), as_f32(&out.bufs[0]));
        for i in 0..x.len() {
            same32(&format!("p[{i}]"), p[i], (x[i] + 1.0) * 2.0)?;
        }
        Ok(())
    });
    v.push(s);

    let mut s = spec("printf.cu", "hello", (1, 1, 1), (3, 1, 1));
    s.args = vec![A::S(Arg::F32(-2.5))];
    s.reference = Some(|_b, out| {
        // the order of the lines is the emulator's (and on a GPU a warp's lanes print in order)
        let e = "tid 0 value -2.500000\ntid 1 value -2.500000\ntid 2 value -2.500000\n";
        if out.printed == e {
            Ok(())
        } else {
            Err(format!("printed {:?} expected {e:?}", out.printed))
        }
    });
    v.push(s);

    let n = 300usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-10.0, 10.0)).collect();
    let y: Vec<f32> = (0..n).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("saxpy.cu", "saxpy", (2, 1, 1), (256, 1, 1));
    s.bufs = vec![buf("x", Elem::F32, f32s(&x)), buf("y", Elem::F32, f32s(&y))];
    s.args = vec![A::S(Arg::I32(n as i32)), A::S(Arg::F32(-2.25)), A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, y0, y) = (as_f32(&b[0].data), as_f32(&b[1].data), as_f32(&out.bufs[1]));
        for i in 0..x.len() {
            same32(&format!("y[{i}]"), y[i], (-2.25f32).mul_add(x[i], y0[i]))?;
        }
        Ok(())
    });
    v.push(s);

    let mut s = spec("launch_parameters_toolkit.cu", "ids", (2, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::U32, vec![0; 64 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_u32(&out.bufs[0]);
        if (0..64).all(|t| o[t as usize] == t * 32 + 2) {
            Ok(())
        } else {
            Err(format!("out = {o:?}"))
        }
    });
    v.push(s);

    let mut s = one("math_constants_toolkit.cu", "consts");
    s.bufs = vec![buf("d", Elem::F64, vec![0; 16]), buf("f", Elem::F32, vec![0; 8])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let (d, f) = (as_f64(&out.bufs[0]), as_f32(&out.bufs[1]));
        let want_d = [f64::from_bits(4614256656552045848), f64::from_bits(4368955796522032135)];
        let want_f = [f32::INFINITY, f32::from_bits(1070141403)];
        if d.iter().zip(&want_d).all(|(a, b)| a.to_bits() == b.to_bits())
            && f.iter().zip(&want_f).all(|(a, b)| a.to_bits() == b.to_bits())
        {
            Ok(())
        } else {
            Err(format!("d = {d:?}, f = {f:?}"))
        }
    });
    v.push(s);

    let x: Vec<f32> = (0..32).map(|i| i as f32 * 0.5 - 3.0).collect();
    let mut s = spec("gnu_memory_space_attributes.cu", "spaces", (1, 1, 1), (32, 1, 1));
    s.shared = 128;
    s.bufs = vec![buf("out", Elem::F32, f32s(&x))];
    s.args = vec![A::Buf(0)];
    s.symbols = vec!["g_count"];
    s.reference = Some(|b, out| {
        let (x, y) = (as_f32(&b[0].data), as_f32(&out.bufs[0]));
        for (t, &got) in y.iter().enumerate().take(32) {
            let u = 31 - t;
            let scale = if u & 1 == 1 { 3.0f32 } else { 2.0 };
            same32(&format!("out[{t}]"), got, x[u] * scale + u as f32)?;
        }
        Ok(())
    });
    v.push(s);

    let x: Vec<i32> = (0..64).map(|_| r.u32() as i32).collect();
    let mut s = spec("shared_barrier.cu", "rev", (1, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("p", Elem::I32, i32s(&x))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|b, out| {
        let (x, p) = (as_i32(&b[0].data), as_i32(&out.bufs[0]));
        if (0..64).all(|t| p[t] == x[63 - t]) {
            Ok(())
        } else {
            Err(format!("p = {p:?}"))
        }
    });
    v.push(s);

    // switch with fallthrough and goto at -O0: one launch per case
    for p0 in [8, 13, -6, 7, 4] {
        let mut s = one("switch_goto.cu", "sw");
        s.bufs = vec![buf("p", Elem::I32, i32s(&[p0, -1, -1]))];
        s.args = vec![A::Buf(0)];
        s.reference = Some(|b, out| {
            let v0 = as_i32(&b[0].data)[0];
            let p = as_i32(&out.bufs[0]);
            let e = match v0 & 3 {
                0 => [v0, (v0 + 1) * 3, (v0 + 1) * 3],
                1 => [v0, v0 * 3, v0 * 3],
                _ => [v0, -1, v0],
            };
            if p != e {
                return Err(format!("p = {p:?} expected {e:?}"));
            }
            Ok(())
        });
        v.push(s);
    }
    // variadic class templates
    let input: Vec<i32> = (0..32).map(|_| (r.u32() % 2000) as i32 - 1000).collect();
    let mut s = spec(
        "cxx_variadic_classes.cu",
        "_Z16variadic_classesPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&input)),
        buf("out", Elem::I32, vec![0; 32 * 8 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32usize {
            let want = [x[t] + 5, 32, 3, 2, 4, 16 + x[t], 53, 31];
            let got = &o[8 * t..8 * t + 8];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // pack expansions in base clauses: a libcu++-style tuple of leaves
    let input: Vec<i32> = (0..32).map(|_| (r.u32() % 2000) as i32 - 1000).collect();
    let mut s = spec("cxx_pack_bases.cu", "_Z10pack_basesPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&input)),
        buf("out", Elem::I32, vec![0; 32 * 8 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32usize {
            let x = x[t];
            // Layouts as nvcc gives them: {int, char, float} is 12 bytes with the leaves at 0, 4
            // and 8; an empty leaf shares offset 0; {short, int, double} is 16 bytes.
            let m = x as i16 as i32 + (x + 1) * 3 + 4 + 16 * 10000;
            let want = [x + 7000, 10, 1203, 9408, 900, x * 3, m, 1];
            let got = &o[8 * t..8 * t + 8];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // members whose parameter lists expand the class template's pack
    let input: Vec<i32> = (0..32).map(|_| (r.u32() % 2000) as i32 - 1000).collect();
    let mut s = spec(
        "cxx_class_pack_params.cu",
        "_Z17class_pack_paramsPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&input)),
        buf("out", Elem::I32, vec![0; 32 * 4 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32usize {
            let x = x[t];
            let want = [2002 + x, 2014 + 4 * x, 0, 2997 + x];
            let got = &o[4 * t..4 * t + 4];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // static member functions named like types declared elsewhere (`Q::rank()`)
    let mut s = spec(
        "cxx_static_members_named_like_types.cu",
        "_Z24members_named_like_typesPii",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 5 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::I32(2))];
    s.reference = Some(|_, out| {
        let got = as_i32(&out.bufs[0]);
        let want = [3, 16, 1, 7, 304];
        if got != want {
            return Err(format!("{got:?}, want {want:?}"));
        }
        Ok(())
    });
    v.push(s);

    // fold expressions and pack expansions in braced lists
    let input: Vec<i32> = (0..32).map(|_| (r.u32() % 2000) as i32 - 1000).collect();
    let mut s = spec("cxx_fold.cu", "_Z5foldsPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&input)),
        buf("out", Elem::I32, vec![0; 32 * 20 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (xs, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32usize {
            let x = xs[t];
            let want = [
                x + 5,
                x - 7,
                x + 97,
                93 - x,
                i32::from(x > 0 && x < 50) + 2 + 4 * i32::from(x == 7),
                -6 * x + 1,
                x,
                x + 1,
                x + 2,
                6 * x + 30,
                1 << (2 * (x & 7)),
                10 | (1 << (x & 15)),
                200,
            ];
            let got = &o[16 * t..16 * t + want.len()];
            if got != want {
                return Err(format!("thread {t}: {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
    v.push(s);

    // inline PTX: %laneid per thread, then one thread each for the operand widths, several
    // outputs with a predicate block, a "memory" clobber, a removed dead asm, verbatim text
    let mut s = spec("inline_asm.cu", "special", (1, 1, 1), (64, 1, 1));
    s.bufs = vec![buf("out", Elem::U32, vec![0; 64 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_b, out| {
        let o = as_u32(&out.bufs[0]);
        for (t, &lane) in o.iter().enumerate().take(64) {
            if lane != t as u32 % 32 {
                return Err(format!("out[{t}] = {lane} expected the lane {}", t % 32));
            }
        }
        Ok(())
    });
    v.push(s);
    let mut s = one("inline_asm.cu", "widths");
    s.bufs = vec![
        buf("f", Elem::F32, f32s(&[-3.75])),
        buf("d", Elem::F64, vec![0; 8]),
        buf("h", Elem::U16, vec![0xfe, 0xff, 0, 0]),
        buf("l", Elem::U64, vec![0; 8]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::Buf(3)];
    s.reference = Some(|_b, out| {
        let (h, l) = (as_u16(&out.bufs[2]), &out.bufs[3]);
        let lv = i64::from_le_bytes(l[..8].try_into().unwrap());
        if h[1] != 0xfffeu16.wrapping_add(7) || lv != -7 {
            return Err(format!("h = {h:x?}, l = {lv}"));
        }
        Ok(())
    });
    v.push(s);
    let mut s = one("inline_asm.cu", "clamp_swap");
    s.bufs = vec![
        buf("p", Elem::F32, f32s(&[-2.5, 0.0])),
        buf("q", Elem::I32, i32s(&[9, -4, 0, 0])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_b, out| {
        let (p, q) = (as_f32(&out.bufs[0]), as_i32(&out.bufs[1]));
        if p[1] != 0.0 || q[2..] != [-4, 9] {
            return Err(format!("p = {p:?}, q = {q:?}"));
        }
        Ok(())
    });
    v.push(s);
    let mut s = one("inline_asm.cu", "clobber");
    s.bufs = vec![buf("p", Elem::I32, i32s(&[0, 0]))];
    s.args = vec![A::Buf(0), A::S(Arg::I32(42))];
    s.reference = Some(|_b, out| {
        let p = as_i32(&out.bufs[0]);
        if p != [42, 42] {
            return Err(format!("p = {p:?}: the load after the asm must see its store"));
        }
        Ok(())
    });
    v.push(s);
    let mut s = one("inline_asm.cu", "dead");
    s.bufs = vec![buf("p", Elem::I32, i32s(&[0]))];
    s.args = vec![A::Buf(0)];
    v.push(s);
    v.push(one("inline_asm.cu", "verbatim"));
    let mut s = one("inline_asm.cu", "immediates");
    s.bufs = vec![buf("pp", Elem::U64, vec![0; 16])];
    s.args = vec![A::Buf(0)];
    v.push(s);

    // alignment attributes: aligned __shared__ arrays, member offsets, an aligned local array
    let mut s = spec("align_attributes.cu", "shared_arrays", (1, 1, 1), (64, 1, 1));
    let vecs: Vec<f32> = (0..64 * 4).map(|i| i as f32 * 0.5).collect();
    s.bufs = vec![buf("out", Elem::F32, vec![0; 64 * 4]), buf("v", Elem::F32, f32s(&vecs))];
    s.args = vec![A::Buf(0), A::Buf(1)];
    v.push(s);
    let mut s = one("align_attributes.cu", "members");
    s.bufs = vec![buf("p", Elem::U8, vec![0; 64]), buf("sizes", Elem::I32, vec![0; 8])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_b, out| {
        let (p, sizes) = (&out.bufs[0], as_i32(&out.bufs[1]));
        if p[40] != 2 || p[48] != 3 || sizes != [32, 16] {
            return Err(format!("p[40] = {}, p[48] = {}, sizes = {sizes:?}", p[40], p[48]));
        }
        Ok(())
    });
    v.push(s);
    let mut s = one("align_attributes.cu", "local_depot");
    let input: Vec<i32> = (0..33).map(|i| i * 3 + 1).collect();
    s.bufs = vec![buf("in", Elem::I32, i32s(&input)), buf("out", Elem::I32, vec![0; 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        // buf[i] = (char)in[i]; out = buf[in[32] & 31]
        let (input, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        let e = input[(input[32] & 31) as usize] as i8 as i32;
        if o[0] != e {
            return Err(format!("out = {} expected {e}", o[0]));
        }
        Ok(())
    });
    v.push(s);

    // bit-fields: layouts (sizeof/alignof), reads, writes, promotions, unions, raw bytes
    let mut s = one("bit_fields.cu", "layout");
    s.bufs = vec![buf("out", Elem::U64, vec![0; 26 * 8])];
    s.args = vec![A::Buf(0)];
    v.push(s);
    let mut s = spec("bit_fields.cu", "rw", (1, 1, 1), (32, 1, 1));
    let mut x: Vec<i32> = (0..32).map(|_| r.u32() as i32 >> (r.u32() % 28)).collect();
    x[..4].copy_from_slice(&[0, -1, 15, -16]);
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::I32, vec![0; 32 * 20 * 4]),
        buf("raw", Elem::U32, vec![0; 32 * 12 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    v.push(s);

    // (last: its random inputs do not shift the other specs')
    // merged template declarations (defaults, friends, template/non-template overloads), barrier.sync
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 2001) as i32 - 1000).collect();
    let mut s = spec("cxx_template_decls_merge.cu", "_Z5tilesPKiPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("in", Elem::I32, i32s(&x)), buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for (t, &got) in o.iter().enumerate().take(32) {
            // pick(t) + pick(u.x) + single().x, read from the next thread after the barrier
            let n = (t + 1) % 32;
            let e = (4 + x[n]) + ((4 + x[n]) * 2 + 100) + 1;
            if got != e {
                return Err(format!("out[{t}] = {got} expected {e}"));
            }
        }
        Ok(())
    });
    v.push(s);

    let mut s = spec("alias_scope_sizeof_member.cu", "alias_scope", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::F64, vec![0; 64 * 8])];
    s.args = vec![A::Buf(0)];
    v.push(s);
    let mut s = spec("extern_var_template_declval.cu", "declval_k", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);

    // textures.cu: `merged` (two equal fetches, one instruction) through a point-sampled 2 x 2
    // texture. Its other kernels check PTX shapes only: they read one object as several
    // geometries and element types, which no texture descriptor allows (the texture unit runs
    // in testdata/difftest/textures.cu and real/10_textures.cu).
    {
        use super::tex::{ArrayDesc, Channel, TexDesc};
        let mut s = spec("textures.cu", "merged", (1, 1, 1), (1, 1, 1));
        s.arrays = vec![ArraySpec {
            name: "img",
            desc: ArrayDesc {
                width: 2,
                height: 2,
                depth: 0,
                layered: false,
                cubemap: false,
                levels: 0,
                channel: Channel::F32,
                channels: 1,
            },
            data: f32s(&[1.25, 2.0, 3.0, 4.0]),
        }];
        s.textures = vec![TexSpec {
            res: TexRes::Array(0),
            desc: TexDesc::default(),
        }];
        s.bufs = vec![buf("f", Elem::F32, vec![0; 4])];
        s.args = vec![A::Tex(0), A::Buf(0)];
        s.reference = Some(|_, out| same32("f[0]", as_f32(&out.bufs[0])[0], 2.5));
        v.push(s);
    }
    let mut s = spec(
        "member_template_sibling_call.cu",
        "member_template_sibling_k",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);
    let mut s = spec("var_template_auto.cu", "var_template_auto_k", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);
    let mut s = spec("var_template_auto.cu", "local_class_base_k", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);
    let mut s = spec("noexcept_placement_new.cu", "noexcept_k", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);
    // noexcept function types: calls through pointers, the function pointer conversion,
    // comparisons of the two pointer types
    let mut s = spec("noexcept_fn_types.cu", "noexcept_fn_types_k", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);
    // ref-qualified member functions picked by the object's value category; constructor
    // arguments with pack expansions
    let mut s = spec("cxx_ref_qualified_members.cu", "ref_qualified_k", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("out", Elem::I32, vec![0; 32 * 4 * 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);
    // plain new/delete: the device heap's malloc/free, destructors behind the null check
    let mut s = spec("new_delete.cu", "new_delete_k", (2, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 32 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::I32(5))];
    v.push(s);
    let mut s = spec("new_delete.cu", "new_unevaluated_k", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 2 * 4])];
    s.args = vec![A::Buf(0)];
    v.push(s);
    let mut s = spec("new_class_arrays.cu", "new_class_arrays_k", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 32 * 4 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::I32(4))];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32 {
            let want = [4, 4321, 1 + 20 + 400, 4];
            if o[t * 4..t * 4 + 4] != want {
                return Err(format!("thread {t}: {:?}, want {want:?}", &o[t * 4..t * 4 + 4]));
            }
        }
        Ok(())
    });
    v.push(s);
    let mut s = spec("noexcept_placement_new.cu", "placement_new_k", (1, 1, 1), (64, 1, 1));
    s.bufs = vec![
        buf("o", Elem::I32, vec![0; 64 * 4]),
        buf("f", Elem::F32, vec![0; 64 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    v.push(s);
    // classes local to function bodies as template arguments (two of a kernel in one class
    // template; a member function's local class as its deduced return type, CUB's
    // BlockStore idiom): each keeps its own layout in every instance
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec(
        "cxx_local_class_ids.cu",
        "_Z10two_localsIfEvPKT_PS0_Pi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&x.iter().map(|&v| v as f32).collect::<Vec<_>>())),
        buf("out", Elem::F32, vec![0; 32 * 4]),
        buf("sizes", Elem::I32, vec![0; 6 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, o, z) = (as_f32(&b[0].data), as_f32(&out.bufs[1]), as_i32(&out.bufs[2]));
        for t in 0..32 {
            let e = x[t] * 2.0 + (t & 7) as f32 + 1.0 + (x[1] + 3.0) + (x[2] + 9.0);
            same32(&format!("out[{t}]"), o[t], e)?;
        }
        if z[..6] != [1, 32, 16, 16, 40, 40] {
            return Err(format!("sizes = {:?}, want [1, 32, 16, 16, 40, 40]", &z[..6]));
        }
        Ok(())
    });
    v.push(s);
    let mut s = spec(
        "cxx_local_class_ids.cu",
        "_Z10two_localsIiEvPKT_PS0_Pi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::I32, vec![0; 32 * 4]),
        buf("sizes", Elem::I32, vec![0; 6 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|b, out| {
        let (x, o, z) = (as_i32(&b[0].data), as_i32(&out.bufs[1]), as_i32(&out.bufs[2]));
        for t in 0..32 {
            let e = x[t] * 2 + (t & 7) as i32 + 1 + (x[1] + 3) + (x[2] + 9);
            if o[t] != e {
                return Err(format!("out[{t}] = {}, expected {e}", o[t]));
            }
        }
        if z[..6] != [1, 32, 16, 16, 40, 40] {
            return Err(format!("sizes = {:?}, want [1, 32, 16, 16, 40, 40]", &z[..6]));
        }
        Ok(())
    });
    v.push(s);

    // explicit and partial specializations declared after uses under a pointer or reference
    let mut s = spec(
        "cxx_spec_after_pointer_use.cu",
        "_Z11named_specsPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![buf("out", Elem::I32, vec![0; 4 * 32 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        for t in 0..32 {
            if o[4 * t..4 * t + 4] != [116, 203, 15, 402] {
                return Err(format!(
                    "out[{}..] = {:?}, want [116, 203, 15, 402]",
                    4 * t,
                    &o[4 * t..4 * t + 4]
                ));
            }
        }
        Ok(())
    });
    v.push(s);

    // variable templates with a trailing pack, a variable template as another's argument,
    // `::H` as a type argument, `__is_constructible(T, Args...)`
    let mut s = spec("cxx_var_template_args.cu", "_Z1kPiPj", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 8]), buf("m", Elem::U32, vec![0; 4])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let (o, m) = (as_i32(&out.bufs[0]), as_u32(&out.bufs[1]));
        // count_v<T, int, float> (2) + 10 * ctor_v<float, int> + 1000 * fwd_v<T, T, T> (2),
        // plus 10000 for T = H; the sign masks of float and short or-ed.
        if o[..2] != [2012, 12012] || m[0] != 0x8000_8000 {
            return Err(format!(
                "o = {:?}, m[0] = {:#x}, want [2012, 12012], 0x80008000",
                &o[..2],
                m[0]
            ));
        }
        Ok(())
    });
    v.push(s);

    // overload ranking: `f()` over `f() volatile` on a derived object, `const void*` over
    // `const volatile void*`, `const T&&` binding no lvalue, `__builtin_addressof`
    let mut s = spec("cxx_overload_cv_ranking.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf(
        "o",
        Elem::I32,
        [5i32, 0, 0, 0].iter().flat_map(|v| v.to_le_bytes()).collect(),
    )];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        // get() + add(2) = 5 + 7; the volatile get() = 105; space(const void*) = 1, the two
        // addr() agree (10), addr(m)->v == 5 (100), Amp's operator& gives nullptr (1000).
        if o[1..4] != [12, 105, 1111] {
            return Err(format!("o[1..4] = {:?}, want [12, 105, 1111]", &o[1..4]));
        }
        Ok(())
    });
    v.push(s);

    // Function template partial ordering as the last tie-breaker ([over.match.best]/2.5)
    // cxx_inline_namespace_spelled: names spelling an inline namespace (nvcc's values)
    let mut s = spec(
        "cxx_inline_namespace_spelled.cu",
        "inline_spelled",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("o", Elem::I32, i32s(&[0, 0, 5]))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[21, 8, 5]));
    v.push(s);

    // cxx_template_template_alias_args: alias templates and dependent member templates as
    // template template arguments, a fold in a functional cast (nvcc's values)
    let mut s = spec("cxx_template_template_alias_args.cu", "tt_alias", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, i32s(&[0; 4]))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[5, 11, 5, 5]));
    v.push(s);

    // cxx_var_template_conditions: variable templates starting `if` conditions (nvcc's values)
    let mut s = spec(
        "cxx_var_template_conditions.cu",
        "var_template_conditions",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("o", Elem::I32, i32s(&[0; 4]))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[3, 1, 0, 2]));
    v.push(s);

    let mut s = spec("cxx_fn_template_partial_ordering.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    let mut init = [0i32; 24];
    init[20..24].copy_from_slice(&[3, 4, 5, 6]);
    s.bufs = vec![buf("o", Elem::I32, init.iter().flat_map(|v| v.to_le_bytes()).collect())];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        // ex(T, T&, const T&, Op) gives 1 and out = o[22] + 7; then the classics as nvcc picks
        // them; the C<4> overload ends the sum of o[20..24].
        let want = [1, 12, 1, 2, 2, 1, 2, 1, 2, 1, 1, 1, 2, 2, 1, 2, 18];
        if o[..17] != want {
            return Err(format!("o[..17] = {:?}, want {want:?}", &o[..17]));
        }
        Ok(())
    });
    v.push(s);

    // `__builtin_unreachable()` in a switch's default: folds to a select
    let mut s = spec("builtin_unreachable.cu", "_Z1kPii", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 8])];
    s.args = vec![A::Buf(0), A::S(Arg::I32(3))];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        if o[..2] != [5, 4] {
            return Err(format!("o = {:?}, want [5, 4]", &o[..2]));
        }
        Ok(())
    });
    v.push(s);

    // __cvta_generic_to_shared / __cvta_shared_to_generic and the global pair
    let mut s = spec("cvta_spaces.cu", "_Z1kPyPi", (1, 1, 1), (32, 1, 1));
    s.bufs = vec![
        buf("o", Elem::U64, vec![0; 32 * 8]),
        buf("g", Elem::I32, 41i32.to_le_bytes().to_vec()),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let (o, g) = (as_u64(&out.bufs[0]), as_i32(&out.bufs[1]));
        for t in 0..32u64 {
            // the byte offset from s[0] in the shared window, plus 1000 * s[t] read back
            if o[t as usize] != 4 * t + 1000 * t {
                return Err(format!("o[{t}] = {}, want {}", o[t as usize], 4 * t + 1000 * t));
            }
        }
        if g[0] != 42 {
            return Err(format!("g[0] = {}, want 42", g[0]));
        }
        Ok(())
    });
    v.push(s);

    // partial ordering ranks only the viable function templates (cub's BlockScan::ExclusiveSum)
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec(
        "cxx_template_viable_before_ordering.cu",
        "_Z12viable_firstPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::I32, vec![0; 32 * 5 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let x = x[t];
            let e = [10 * (4 * x + 6), 1000 * (4 * x + 13), x + 5, 100 * (2 * x + 7), 21];
            if o[5 * t..5 * t + 5] != e {
                return Err(format!("out[{t}] = {:?}, expected {e:?}", &o[5 * t..5 * t + 5]));
            }
        }
        Ok(())
    });
    v.push(s);

    // default arguments of class type: a value-initialized class without constructors
    let mut s = spec("cxx_class_default_arg.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf(
        "o",
        Elem::I32,
        [3i32, 0, 0].iter().flat_map(|v| v.to_le_bytes()).collect(),
    )];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        // Holder(3) = 3 * Tag()() = 21; use(3) = 3 + 7 + 0 + 0; use(1, Tag(), {2, 3}) = 13
        if o[1..3] != [31, 13] {
            return Err(format!("o[1..3] = {:?}, want [31, 13]", &o[1..3]));
        }
        Ok(())
    });
    v.push(s);

    // a member function template of a class template naming the class's member typedefs
    let mut s = spec("cxx_member_template_class_typedef.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf(
        "o",
        Elem::I32,
        [0i32, 4].iter().flat_map(|v| v.to_le_bytes()).collect(),
    )];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        // f(1) = 2, g = sizeof(short) = 2, h = 20, m(4, 3) = 304
        if o[0] != 328 {
            return Err(format!("o[0] = {}, want 328", o[0]));
        }
        Ok(())
    });
    v.push(s);

    // `template <auto V>` variable templates declared `auto`; a recursion's last step by
    // partial ordering (cub's constant_t/constant_v loops)
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec(
        "cxx_auto_param_var_template_recursion.cu",
        "_Z16auto_param_stepsPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::I32, vec![0; 32 * 2 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let e = [40 * x[t] + 18, 8];
            if o[2 * t..2 * t + 2] != e {
                return Err(format!("out[{t}] = {:?}, expected {e:?}", &o[2 * t..2 * t + 2]));
            }
        }
        Ok(())
    });
    v.push(s);

    // cuda::std::forward/move through libstdc++'s std::forward/move (<cmath> in the prelude)
    let mut s = spec(
        "cxx_std_forward_via_cmath.cu",
        "_Z9forwardedPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&[5; 32])),
        buf("out", Elem::I32, vec![0; 32 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[1]);
        for (t, &v) in o.iter().enumerate().take(32) {
            if v != 2122 {
                return Err(format!("out[{t}] = {v}, expected 2122"));
            }
        }
        Ok(())
    });
    v.push(s);

    // reference binding and built-in assignability traits (compile-time constants)
    let mut s = spec("cxx_trait_reference_assignable.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| match as_i32(&out.bufs[0])[0] {
        617 => Ok(()),
        o => Err(format!("o[0] = {o}, want 617")),
    });
    v.push(s);

    // __is_final of classes declared final, class template specializations among them
    let mut s = spec("cxx_is_final.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| match as_i32(&out.bufs[0])[0] {
        141 => Ok(()),
        o => Err(format!("o[0] = {o}, want 141")),
    });
    v.push(s);

    // a mem-initializer naming a base through a member typedef or alias
    let mut s = spec("cxx_mem_init_member_typedef_base.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| match as_i32(&out.bufs[0])[0] {
        12347 => Ok(()),
        o => Err(format!("o[0] = {o}, want 12347")),
    });
    v.push(s);

    // braced mem-initializers of aggregates with several values and pack expansions, and a
    // functional cast's braced pack expansion
    let mut s = spec("cxx_mem_init_braced_lists.cu", "_Z1kPii", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 9 * 4])];
    s.args = vec![A::Buf(0), A::S(Arg::I32(5))];
    s.reference = Some(|_, out| {
        let want = [5, 6, 5, 8, 22, 26, 4, 10, 12];
        let o = as_i32(&out.bufs[0]);
        match o[..9] == want {
            true => Ok(()),
            false => Err(format!("o = {:?}, want {want:?}", &o[..9])),
        }
    });
    v.push(s);

    // member variable templates of class templates, qualified and unqualified
    let mut s = spec(
        "cxx_member_var_template_class_template.cu",
        "_Z1kPi",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("o", Elem::I32, vec![0; 6 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let want = [1, 0, 28, 14, 41, 81];
        let o = as_i32(&out.bufs[0]);
        match o[..6] == want {
            true => Ok(()),
            false => Err(format!("o = {:?}, want {want:?}", &o[..6])),
        }
    });
    v.push(s);

    // __is_constructible/__is_assignable/__is_convertible_to over references, arrays and
    // functions: one bit per row, the words nvcc gives
    let mut s = spec("cxx_trait_ref_array_table.cu", "_Z1kPj", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 12])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let want = [-1694179713, -406946251, 117];
        let o = as_i32(&out.bufs[0]);
        match o[..3] == want {
            true => Ok(()),
            false => Err(format!("o = {:?}, want {want:?}", &o[..3])),
        }
    });
    v.push(s);

    // a partial specialization's value pattern names a namespace constant unqualified
    let mut s = spec("cxx_partial_spec_namespace_value.cu", "_Z1kPfPm", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("p", Elem::F32, vec![0; 4]), buf("o", Elem::U64, vec![0; 8])];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|_, out| match as_u64(&out.bufs[1])[0] {
        1603 => Ok(()),
        o => Err(format!("o[0] = {o}, want 1603")),
    });
    v.push(s);

    // an unqualified member template call with explicit template arguments passes `this`
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec(
        "cxx_member_template_explicit_args_unqualified.cu",
        "_Z15member_explicitPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::I32, vec![0; 32 * 3 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let e = [2 * x[t] + 7, 2 * x[t] + 100, x[t] + 2000];
            if o[3 * t..3 * t + 3] != e {
                return Err(format!("out[{t}] = {:?}, expected {e:?}", &o[3 * t..3 * t + 3]));
            }
        }
        Ok(())
    });
    v.push(s);

    // member class templates of class templates and of explicit and partial specializations
    // (`sel<true>::cls<T>`, `Chooser<true>::Cp<16, M>`, `typename L::template mapping<E>`)
    let x: Vec<i32> = (0..32).map(|_| (r.u32() % 201) as i32 - 100).collect();
    let mut s = spec(
        "cxx_member_class_templates.cu",
        "_Z22member_class_templatesPKiPi",
        (1, 1, 1),
        (32, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::I32, i32s(&x)),
        buf("out", Elem::I32, vec![0; 32 * 8 * 4]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, o) = (as_i32(&b[0].data), as_i32(&out.bufs[1]));
        for t in 0..32 {
            let v = x[t];
            // Traits<char>::v of Outer<int> (14) + Traits<short>::v of Outer<double> (28);
            // scale: v * 14; go<4, 4> + go<16, 8>; Cp<16, 3>::f() + v; sig: v + 2v + 3 + v;
            // arr<3>::sum; sizeof(double) + sizeof(char[2]); sizeof(short[5]) (`W<short *>`
            // binds `T` to `short`).
            let e = [42, v * 14, 396, v - 3, 4 * v + 3, v + 3, 10, 10];
            if o[8 * t..8 * t + 8] != e {
                return Err(format!("out[{t}] = {:?}, expected {e:?}", &o[8 * t..8 * t + 8]));
            }
        }
        Ok(())
    });
    v.push(s);

    // default arguments that are not constants, evaluated at each call that omits them
    let mut s = spec("cxx_default_arg_at_call.cu", "_Z1kPl", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf(
        "o",
        Elem::U64,
        [0i64, 4, 0, 0, 6, 10, 0].iter().flat_map(|v| v.to_le_bytes()).collect(),
    )];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o: Vec<i64> = out.bufs[0]
            .chunks(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        // add(4) = 4 + twice(7); poll(Three{}) = 3 + 0 * 100 + twice(3); scaled(6) = 6 * 5;
        // S{10}.get() = 10 + twice(2)
        let e: [i64; 7] = [18, 4, 9, 30, 6, 10, 14];
        if o[..7] != e {
            return Err(format!("o = {:?}, expected {e:?}", &o[..7]));
        }
        Ok(())
    });
    v.push(s);

    // friend function templates defined in a class template, per specialization
    let mut s = spec("cxx_friend_templates_class_template.cu", "_Z1kPx", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf(
        "o",
        Elem::U64,
        [7i64, 2, 0, 0, 0].iter().flat_map(|v| v.to_le_bytes()).collect(),
    )];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o: Vec<i64> = out.bufs[0]
            .chunks(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        // 7 != 3; sum(m, n) = 70 + 2; sum(n, m) = 20 + 7
        let e: [i64; 5] = [7, 2, 1, 72, 27];
        if o[..5] != e {
            return Err(format!("o = {:?}, expected {e:?}", &o[..5]));
        }
        Ok(())
    });
    v.push(s);

    // friend classes named from the global namespace inside another namespace
    let mut s = spec("cxx_friend_class_template_global.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, i32s(&[0, 5]))];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[20, 5]));
    v.push(s);

    // a class-type default argument computed by a constexpr call, in a constant expression
    let mut s = spec(
        "cxx_constexpr_default_call_in_constant.cu",
        "_Z1kPl",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("o", Elem::U64, vec![0; 16])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o: Vec<i64> = out.bufs[0]
            .chunks(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        if o[..2] != [43, 42] {
            return Err(format!("o = {:?}, expected [43, 42]", &o[..2]));
        }
        Ok(())
    });
    v.push(s);

    // a namespace-scope alias naming a member type through another alias of the namespace
    let mut s = spec("cxx_namespace_typedef_member.cu", "_Z1kPl", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::U64, vec![0; 8])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = i64::from_le_bytes(out.bufs[0][..8].try_into().unwrap());
        // days: 24 * 3600; weeks: 7 * 86400
        if o != 86400 + 604800 * 10 {
            return Err(format!("o = {o}, expected 6134400"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_trailing_ret_param_values: trailing return types naming the function template's
    // parameters inside template arguments (`en_t<sizeof(x) == 8, int>`, libcu++'s concept
    // fragment `is_true<decltype((l = r), void())>()`) and a pointer to a reference as a
    // substitution failure; values = nvcc's.
    let mut s = spec("cxx_trailing_ret_param_values.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [2, 4, 4, 2, 2, 8, 4, 2];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_global_qualified_shadowed: `::lib::X` written inside `cu::lib` (which has or later
    // declares its own `lib::X`) is the global namespace's in alias templates, variable
    // templates and class templates (libcu++'s `::std::__iterator_traits` inside `cuda::std`),
    // and `sizeof(::lib::X<int>)` is a type; values = nvcc's.
    let mut s = spec("cxx_global_qualified_shadowed.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 10 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [8, 8, 8, 8, 8, 8, 8, 16, 4, 10];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_unevaluated_member_template_call: an object's member function template called in an
    // unevaluated operand of a declaration (a class template's base clause, libcu++'s
    // `invoke_result<plus<>, int, int>`), a const object taking only a const member; values =
    // nvcc's.
    let mut s = spec(
        "cxx_unevaluated_member_template_call.cu",
        "_Z1kPi",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("o", Elem::I32, vec![0; 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [4, 8, 8, 4, 1, 4, 2, 4];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_member_template_ids_stable: member function templates of class template
    // specializations keep their ids from one round of the def map's fixed point to the next
    // (`B<4>` instantiated inside `A<128>` once a `constexpr` chain has evaluated); values =
    // nvcc's.
    let mut s = spec("cxx_member_template_ids_stable.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 5 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [2009, 4021, 3009, 407, 16];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_template_arg_shr_then_brace: a template-id in a template argument closed by a `>>`
    // or `>>>` that also closes the enclosing lists, before a class body's `{` (libcu++'s
    // `indirectly_readable_traits<_Ip, enable_if_t<!is_const_v<_Ip> && is_array_v<_Ip>>>`).
    let mut s = spec("cxx_template_arg_shr_then_brace.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 9 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[2, 1, 2, 1, 8, 2, 1, 1, 2]));
    v.push(s);
    // cxx_trailing_ret_nested_decltype_param: a function parameter named only in a `decltype`
    // nested in another `decltype` of the trailing return type (libcu++'s C++17 concept
    // fragments, `assignable_from`).
    let mut s = spec(
        "cxx_trailing_ret_nested_decltype_param.cu",
        "_Z1kPi",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("o", Elem::I32, vec![0; 9 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[1, 1, 1, 1, 2, 2, 2, 1, 1]));
    v.push(s);
    // cxx_block_using_namespace_reach: block-scope `using namespace` directives naming a
    // system header's namespace (CUB's `using namespace cub::detail;`) and a namespace of
    // variable templates only.
    let mut s = spec("cxx_block_using_namespace_reach.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[8, 1, 10, 0]));
    v.push(s);
    // cxx_pack_deduce_exact_elements: a pack deduced from a class template-id's arguments or a
    // variable template partial specialization's keeps each element as it is (`float &&`,
    // `const float *const`); libcu++'s `_CCCL_REQUIRES_EXPR` (`__can_reference<float &&>`).
    let mut s = spec("cxx_pack_deduce_exact_elements.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 14 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[2, 2, 2, 7, 3, 4, 2, 2, 7, 1, 1, 1, 0, 2]));
    v.push(s);
    // cxx_signature_alias_template_targ: a function template's signature whose `decltype` calls
    // a function template with an alias template as a template template argument (libcu++'s
    // `_IsValidExpansion`, `iter_difference_t<I>` in a C++17 requires expression's parameters).
    let mut s = spec("cxx_signature_alias_template_targ.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[1, 1, 1, 1, 1, 1, 0, 8]));
    v.push(s);
    // cxx_assign_braced_and_ctor_template_overload: `x = {a, b}` through the copy assignment,
    // `x = {e}` as `x = e`, scalars from `{e}` and `{}`; a converting constructor template as
    // the user-defined conversion that makes one overload viable (nvcc's values).
    let mut s = spec(
        "cxx_assign_braced_and_ctor_template_overload.cu",
        "_Z1kPKfPfPi",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![
        buf("in", Elem::F32, f32s(&[1.5, -2.0, 3.25])),
        buf("o", Elem::F32, vec![0; 11 * 4]),
        buf("p", Elem::I32, i32s(&[7, 9, 0, 0, 0, 0])),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2)];
    s.reference = Some(|_, out| {
        let o = as_f32(&out.bufs[1]);
        let e = [1.0, 101.5, 98.0, 98.0, 102.5, 1.5, -2.0, 3.25, 0.0, 3.25, 0.0];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        let p = as_i32(&out.bufs[2]);
        let e = [7, 9, 7, 9, 1, 10];
        if p != e {
            return Err(format!("p = {p:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_sfinae_deleted_in_trailing_decltype: a trailing `decltype` calling a deleted
    // function is a substitution failure (libcu++'s `__detect_adl_swap`); nvcc's values.
    let mut s = spec(
        "cxx_sfinae_deleted_in_trailing_decltype.cu",
        "_Z1kPi",
        (1, 1, 1),
        (1, 1, 1),
    );
    s.bufs = vec![buf("o", Elem::I32, vec![0; 4 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| {
        let o = as_i32(&out.bufs[0]);
        let e = [3, 8, 1, 1];
        if o != e {
            return Err(format!("o = {o:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    // cxx_partial_spec_void_t_decltype: partial specializations on `void_t<decltype(...)>` naming
    // the parameters only inside the `decltype` (CUB's `has_binary_call_operator`); nvcc's values.
    let mut s = spec("cxx_partial_spec_void_t_decltype.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 8 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[1, 0, 0, 0, 12, 3, 20, 7]));
    v.push(s);
    // cxx_static_constexpr_local_constant: `static constexpr` / `static const` locals in
    // constant expressions (`if constexpr`, array bounds, template arguments); nvcc's values.
    let mut s = spec("cxx_static_constexpr_local_constant.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 7 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[7, 7, 5, 4, 100, 12, 9]));
    v.push(s);
    // cxx_array_cv_deduction: an array's cv-qualifiers are its elements' in deduction and in a
    // variable template's partial specialization `v<T[N]>`; nvcc's values.
    let mut s = spec("cxx_array_cv_deduction.cu", "_Z1kPi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("o", Elem::I32, vec![0; 9 * 4])];
    s.args = vec![A::Buf(0)];
    s.reference = Some(|_, out| expect_i32s(&out.bufs[0], &[4, 4, 4, 4, 4, 14, 0, 13, 6]));
    v.push(s);
    // cxx_lambda_closure_names: function template instances taking lambdas (nvcc's symbols,
    // checked by the file); the values nvcc gives.
    let mut s = spec("cxx_lambda_closure_names.cu", "_Z1kPfi", (1, 1, 1), (1, 1, 1));
    s.bufs = vec![buf("p", Elem::F32, f32s(&[0.0, 1.5, 2.5, 0.0, 0.0, 0.0]))];
    s.args = vec![A::Buf(0), A::S(Arg::I32(3))];
    s.reference = Some(|_, out| {
        let p = as_f32(&out.bufs[0]);
        let e = [3.0, 7.5, 2.5, 0.0, 2.5, 4.0];
        if p != e {
            return Err(format!("p = {p:?}, want {e:?}"));
        }
        Ok(())
    });
    v.push(s);
    v
}

pub fn example_specs() -> Vec<Spec> {
    let mut r = Rng(0xe8a3_9e37_79b9_0002);
    let mut v = Vec::new();
    let n = 1000;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-10.0, 10.0)).collect();
    let y: Vec<f32> = (0..n).map(|_| r.f32(-10.0, 10.0)).collect();
    let mut s = spec("saxpy.cu", "saxpy", (4, 1, 1), (256, 1, 1));
    s.bufs = vec![buf("x", Elem::F32, f32s(&x)), buf("y", Elem::F32, f32s(&y))];
    s.args = vec![A::S(Arg::I32(n)), A::S(Arg::F32(0.5)), A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, y0, y) = (as_f32(&b[0].data), as_f32(&b[1].data), as_f32(&out.bufs[1]));
        for i in 0..x.len() {
            same32(&format!("y[{i}]"), y[i], 0.5f32.mul_add(x[i], y0[i]))?;
        }
        Ok(())
    });
    v.push(s);
    let n = 500;
    let x: Vec<f64> = (0..n).map(|_| r.f64(-10.0, 10.0)).collect();
    let y: Vec<f64> = (0..n).map(|_| r.f64(-10.0, 10.0)).collect();
    let mut s = spec("saxpy.cu", "daxpy_grid_stride", (2, 1, 1), (96, 1, 1));
    s.bufs = vec![buf("x", Elem::F64, f64s(&x)), buf("y", Elem::F64, f64s(&y))];
    s.args = vec![A::S(Arg::I64(n as i64)), A::S(Arg::F64(3.0)), A::Buf(0), A::Buf(1)];
    s.reference = Some(|b, out| {
        let (x, y0, y) = (as_f64(&b[0].data), as_f64(&b[1].data), as_f64(&out.bufs[1]));
        for i in 0..x.len() {
            let e = 3.0f64.mul_add(x[i], y0[i]);
            if y[i].to_bits() != e.to_bits() {
                return Err(format!("y[{i}] = {} expected {e}", y[i]));
            }
        }
        Ok(())
    });
    v.push(s);
    v
}

/// `Ok` when the buffer holds exactly `want` (as i32s), else what it holds.
fn expect_i32s(buf: &[u8], want: &[i32]) -> Result<(), String> {
    let got = as_i32(buf);
    if got != want {
        return Err(format!("{got:?}, want {want:?} (nvcc)"));
    }
    Ok(())
}
