//! Unit tests of the emulator, one family of instructions at a time, written as tiny PTX kernels:
//! integer arithmetic (wrap, saturation, carries, division by zero, shifts >= width), bit
//! manipulation, floating point (NaN propagation, rounding modes, ftz, sat), conversions (every
//! rounding form, saturation), comparisons, memory in every state space, control flow and calls,
//! barriers, warp collectives, atomics, printf and the error paths.

use std::sync::OnceLock;

use warpc_ptx_emu::{Arg, EmuError, Emulator};
use warpc_testkit::Oracles;

/// Every PTX module a test runs must be valid: ptxas assembles it first (sm_90), so the
/// emulator's semantics are tested on PTX a GPU would run.
fn assert_ptxas(ptx: &str) {
    static ORACLES: OnceLock<Oracles> = OnceLock::new();
    let oracles = ORACLES.get_or_init(Oracles::require);
    if let Err(e) = oracles.ptxas(ptx, "sm_90") {
        panic!("ptxas rejects the test's PTX:\n{e}\n{ptx}");
    }
}

/// A checked emulator for `ptx` (see [`assert_ptxas`]).
fn emu(ptx: &str) -> Emulator {
    assert_ptxas(ptx);
    Emulator::new(ptx).unwrap_or_else(|e| panic!("{e}\n{ptx}"))
}

const HEAD: &str = ".version 8.0\n.target sm_90\n.address_size 64\n";

fn kernel(decls: &str, body: &str) -> String {
    format!(
        "{HEAD}{decls}\n.visible .entry k(.param .u64 k_out)\n{{\n.reg .pred %p<8>;\n.reg .b16 %rs<8>;\n.reg .b32 %r<32>;\n.reg .b64 %rd<32>;\n.reg .f32 %f<16>;\n.reg .f64 %fd<16>;\nld.param.u64 %rd30, [k_out];\n{body}\nret;\n}}\n"
    )
}

/// Runs `body` in one thread; `body` stores its results to [%rd30 + 4*k]. Returns 16 words.
fn run_words(decls: &str, body: &str) -> Vec<u32> {
    let ptx = kernel(decls, body);
    let mut emu = emu(&ptx);
    let out = emu.alloc(64);
    emu.launch("k", (1, 1, 1), (1, 1, 1), 0, &[Arg::Ptr(out)])
        .unwrap_or_else(|e| panic!("{e}\n{ptx}"));
    emu.read(out, 64)
        .unwrap()
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Result of `%r1` after `body`.
fn r32(body: &str) -> u32 {
    run_words("", &format!("{body}\nst.global.b32 [%rd30], %r1;"))[0]
}

fn r64(body: &str) -> u64 {
    let w = run_words("", &format!("{body}\nst.global.b64 [%rd30], %rd1;"));
    w[0] as u64 | (w[1] as u64) << 32
}

fn f32r(body: &str) -> f32 {
    f32::from_bits(run_words("", &format!("{body}\nst.global.f32 [%rd30], %f1;"))[0])
}

fn f64r(body: &str) -> f64 {
    let w = run_words("", &format!("{body}\nst.global.f64 [%rd30], %fd1;"));
    f64::from_bits(w[0] as u64 | (w[1] as u64) << 32)
}

fn pred(body: &str) -> bool {
    r32(&format!("{body}\nselp.b32 %r1, 1, 0, %p1;")) == 1
}

#[test]
fn integer_arithmetic() {
    assert_eq!(
        r32("mov.b32 %r2, 0x7fffffff;\nadd.s32 %r1, %r2, 1;"),
        0x8000_0000,
        "signed overflow wraps"
    );
    assert_eq!(r32("mov.b32 %r2, 0x7fffffff;\nadd.sat.s32 %r1, %r2, 1;"), 0x7fff_ffff);
    assert_eq!(r32("mov.b32 %r2, -2147483648;\nsub.sat.s32 %r1, %r2, 1;"), 0x8000_0000);
    assert_eq!(r32("mov.b32 %r2, 0;\nsub.s32 %r1, %r2, 1;"), u32::MAX);
    assert_eq!(r32("mov.b32 %r2, 0x10000;\nmul.lo.s32 %r1, %r2, %r2;"), 0);
    assert_eq!(r32("mov.b32 %r2, 0x10000;\nmul.hi.u32 %r1, %r2, %r2;"), 1);
    assert_eq!(r32("mov.b32 %r2, -1;\nmul.hi.s32 %r1, %r2, %r2;"), 0);
    assert_eq!(r32("mov.b32 %r2, -1;\nmul.hi.u32 %r1, %r2, %r2;"), 0xffff_fffe);
    assert_eq!(r64("mov.b32 %r2, -2;\nmul.wide.s32 %rd1, %r2, 3;"), (-6i64) as u64);
    assert_eq!(r64("mov.b32 %r2, -2;\nmul.wide.u32 %rd1, %r2, 3;"), 0xffff_fffe * 3);
    assert_eq!(r32("mov.b32 %r2, 7;\nmad.lo.s32 %r1, %r2, 6, -2;"), 40);
    assert_eq!(
        r64("mov.b32 %r2, 7;\nmov.b64 %rd2, 5;\nmad.wide.u32 %rd1, %r2, 6, %rd2;"),
        47
    );
    assert_eq!(r32("mov.b16 %rs1, 300;\nmul.wide.u16 %r1, %rs1, %rs1;"), 90000);
    assert_eq!(r32("mov.b32 %r2, -5;\nabs.s32 %r1, %r2;"), 5);
    assert_eq!(r32("mov.b32 %r2, -2147483648;\nabs.s32 %r1, %r2;"), 0x8000_0000);
    assert_eq!(r32("mov.b32 %r2, 5;\nneg.s32 %r1, %r2;"), (-5i32) as u32);
    assert_eq!(r32("mov.b32 %r2, -5;\nmin.s32 %r1, %r2, 3;"), (-5i32) as u32);
    assert_eq!(r32("mov.b32 %r2, -5;\nmin.u32 %r1, %r2, 3;"), 3);
    assert_eq!(r32("mov.b32 %r2, -5;\nmax.s32 %r1, %r2, 3;"), 3);
    // 64-bit add from 32-bit halves with carries
    assert_eq!(
        r64("mov.b32 %r2, -1;\nadd.cc.u32 %r3, %r2, 1;\naddc.u32 %r4, 0, 0;\nmov.b64 %rd1, {%r3, %r4};"),
        1 << 32
    );
    assert_eq!(
        r64("mov.b32 %r2, 0;\nsub.cc.u32 %r3, %r2, 1;\nsubc.u32 %r4, 5, 0;\nmov.b64 %rd1, {%r3, %r4};"),
        (4u64 << 32) | 0xffff_ffff
    );
    assert_eq!(
        r32("mov.b32 %r2, 0x80000000;\nmad.lo.cc.u32 %r3, %r2, 2, 0;\nmadc.hi.u32 %r1, %r2, 2, 10;"),
        11
    );
}

#[test]
fn division_by_zero_and_overflow() {
    assert_eq!(
        r32("mov.b32 %r2, 7;\nmov.b32 %r3, 0;\ndiv.u32 %r1, %r2, %r3;"),
        u32::MAX
    );
    assert_eq!(r32("mov.b32 %r2, 7;\nmov.b32 %r3, 0;\nrem.u32 %r1, %r2, %r3;"), 7);
    assert_eq!(
        r32("mov.b32 %r2, 7;\nmov.b32 %r3, 0;\ndiv.s32 %r1, %r2, %r3;"),
        u32::MAX
    );
    assert_eq!(r32("mov.b32 %r2, -2147483648;\ndiv.s32 %r1, %r2, -1;"), 0x8000_0000);
    assert_eq!(r32("mov.b32 %r2, -2147483648;\nrem.s32 %r1, %r2, -1;"), 0);
    assert_eq!(
        r32("mov.b32 %r2, -7;\ndiv.s32 %r1, %r2, 2;"),
        (-3i32) as u32,
        "truncates toward zero"
    );
    assert_eq!(r32("mov.b32 %r2, -7;\nrem.s32 %r1, %r2, 2;"), (-1i32) as u32);
    assert_eq!(r64("mov.b64 %rd2, 100;\ndiv.u64 %rd1, %rd2, 7;"), 14);
    assert_eq!(
        r64("mov.b64 %rd2, 100;\nmov.b64 %rd3, 0;\ndiv.u64 %rd1, %rd2, %rd3;"),
        u64::MAX
    );
    assert!(f32r("mov.f32 %f2, 0f3F800000;\nmov.f32 %f3, 0f00000000;\ndiv.rn.f32 %f1, %f2, %f3;").is_infinite());
    assert_eq!(
        f32r("mov.f32 %f2, 0f00000000;\ndiv.rn.f32 %f1, %f2, %f2;").to_bits(),
        0x7fff_ffff,
        "0/0 is the canonical NaN"
    );
}

#[test]
fn shifts_and_bits() {
    assert_eq!(r32("mov.b32 %r2, 1;\nshl.b32 %r1, %r2, 31;"), 0x8000_0000);
    assert_eq!(r32("mov.b32 %r2, 1;\nshl.b32 %r1, %r2, 32;"), 0, "shl >= width is 0");
    assert_eq!(
        r32("mov.b32 %r2, -8;\nshr.s32 %r1, %r2, 40;"),
        u32::MAX,
        "shr.s >= width fills the sign"
    );
    assert_eq!(r32("mov.b32 %r2, -8;\nshr.u32 %r1, %r2, 33;"), 0);
    assert_eq!(r32("mov.b32 %r2, -8;\nshr.s32 %r1, %r2, 1;"), (-4i32) as u32);
    assert_eq!(r64("mov.b64 %rd2, 1;\nshl.b64 %rd1, %rd2, 64;"), 0);
    assert_eq!(r64("mov.b64 %rd2, 1;\nshl.b64 %rd1, %rd2, 63;"), 1 << 63);
    assert_eq!(r32("mov.b32 %r2, 0x80000001;\nshf.l.wrap.b32 %r1, %r2, %r2, 1;"), 3);
    assert_eq!(
        r32("mov.b32 %r2, 0x80000001;\nshf.r.wrap.b32 %r1, %r2, %r2, 1;"),
        0xc000_0000
    );
    assert_eq!(r32("mov.b32 %r2, 0xff00;\nbfe.u32 %r1, %r2, 8, 4;"), 0xf);
    assert_eq!(r32("mov.b32 %r2, 0xff00;\nbfe.s32 %r1, %r2, 8, 4;"), u32::MAX);
    assert_eq!(r32("mov.b32 %r2, 0;\nbfi.b32 %r1, 5, %r2, 4, 3;"), 0x50);
    assert_eq!(r32("mov.b32 %r2, 1;\nbrev.b32 %r1, %r2;"), 0x8000_0000);
    assert_eq!(r32("mov.b32 %r2, 0xf0f0;\npopc.b32 %r1, %r2;"), 8);
    assert_eq!(r32("mov.b64 %rd2, -1;\npopc.b64 %r1, %rd2;"), 64);
    assert_eq!(r32("mov.b32 %r2, 0;\nclz.b32 %r1, %r2;"), 32);
    assert_eq!(r32("mov.b32 %r2, 1;\nclz.b32 %r1, %r2;"), 31);
    assert_eq!(r32("mov.b64 %rd2, 1;\nclz.b64 %r1, %rd2;"), 63);
    assert_eq!(r32("mov.b32 %r2, 0x100;\nbfind.u32 %r1, %r2;"), 8);
    assert_eq!(r32("mov.b32 %r2, 0x100;\nbfind.shiftamt.u32 %r1, %r2;"), 23);
    assert_eq!(r32("mov.b32 %r2, 0;\nbfind.u32 %r1, %r2;"), u32::MAX);
    assert_eq!(
        r32("mov.b32 %r2, 0x44332211;\nmov.b32 %r3, 0x88776655;\nprmt.b32 %r1, %r2, %r3, 0x7531;"),
        0x88664422
    );
    assert_eq!(r32("mov.b32 %r2, 0x0f;\nnot.b32 %r1, %r2;"), 0xffff_fff0);
    assert_eq!(r32("mov.b32 %r2, 0x0f;\nxor.b32 %r1, %r2, 0xff;"), 0xf0);
    assert_eq!(r32("mov.b32 %r2, 0x0f;\ncnot.b32 %r1, %r2;"), 0);
}

#[test]
fn float_arithmetic() {
    // 1.0 + 2^-24: ties-to-even rounds to 1.0; .rp rounds up.
    assert_eq!(f32r("mov.f32 %f2, 0f3F800000;\nadd.rn.f32 %f1, %f2, 0f33800000;"), 1.0);
    assert_eq!(
        f32r("mov.f32 %f2, 0f3F800000;\nadd.rp.f32 %f1, %f2, 0f33800000;"),
        1.0 + f32::EPSILON
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f3F800000;\nsub.rm.f32 %f1, %f2, 0f33000000;"),
        1.0 - f32::EPSILON / 2.0
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0fBF800000;\nadd.rz.f32 %f1, %f2, 0fB3800001;"),
        -1.0f32
    );
    // NaN propagation: canonical NaN
    assert_eq!(
        f32r("mov.f32 %f2, 0f7FC12345;\nadd.f32 %f1, %f2, 0f3F800000;").to_bits(),
        0x7fff_ffff
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f7FC12345;\nmin.f32 %f1, %f2, 0f3F800000;"),
        1.0,
        "min ignores one NaN"
    );
    assert_eq!(f32r("mov.f32 %f2, 0f7FC12345;\nmax.f32 %f1, %f2, 0f3F800000;"), 1.0);
    assert_eq!(
        f32r("mov.f32 %f2, 0f7FC12345;\nneg.f32 %f1, %f2;").to_bits(),
        0xffc1_2345,
        "neg is a sign flip"
    );
    assert_eq!(f32r("mov.f32 %f2, 0f3F000000;\nmul.sat.f32 %f1, %f2, 0f40400000;"), 1.0);
    assert_eq!(f32r("mov.f32 %f2, 0fBF000000;\nadd.sat.f32 %f1, %f2, 0f00000000;"), 0.0);
    assert_eq!(
        f32r("mov.f32 %f2, 0f7FC00000;\nadd.sat.f32 %f1, %f2, 0f00000000;"),
        0.0,
        "sat of NaN is 0"
    );
    // ftz: subnormal inputs flush
    assert_eq!(
        f32r("mov.f32 %f2, 0f00000001;\nadd.ftz.f32 %f1, %f2, 0f00000000;").to_bits(),
        0
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f00000001;\nadd.f32 %f1, %f2, 0f00000000;").to_bits(),
        1
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f40000000;\nfma.rn.f32 %f1, %f2, %f2, 0f3F800000;"),
        5.0
    );
    assert_eq!(
        f64r("mov.f64 %fd2, 0d4000000000000000;\nfma.rn.f64 %fd1, %fd2, %fd2, 0d3FF0000000000000;"),
        5.0
    );
    assert_eq!(
        f64r("mov.f64 %fd2, 0d3FF0000000000000;\ndiv.rn.f64 %fd1, %fd2, 0d4008000000000000;"),
        1.0 / 3.0
    );
    assert_eq!(
        f64r("mov.f64 %fd2, 0d3FF0000000000000;\ndiv.rz.f64 %fd1, %fd2, 0d4008000000000000;"),
        1.0 / 3.0
    );
    assert_eq!(
        f64r("mov.f64 %fd2, 0d3FF0000000000000;\ndiv.rp.f64 %fd1, %fd2, 0d4008000000000000;"),
        f64::from_bits((1.0f64 / 3.0).to_bits() + 1)
    );
    assert_eq!(f32r("mov.f32 %f2, 0f40800000;\nsqrt.rn.f32 %f1, %f2;"), 2.0);
    assert_eq!(f32r("mov.f32 %f2, 0f40800000;\nrsqrt.approx.f32 %f1, %f2;"), 0.5);
    assert_eq!(f32r("mov.f32 %f2, 0f40800000;\nrcp.rn.f32 %f1, %f2;"), 0.25);
    assert_eq!(f32r("mov.f32 %f2, 0f40400000;\nex2.approx.ftz.f32 %f1, %f2;"), 8.0);
    assert_eq!(f32r("mov.f32 %f2, 0f41000000;\nlg2.approx.f32 %f1, %f2;"), 3.0);
    assert_eq!(f32r("mov.f32 %f2, 0f00000000;\nsin.approx.f32 %f1, %f2;"), 0.0);
    assert_eq!(f32r("mov.f32 %f2, 0f00000000;\ncos.approx.f32 %f1, %f2;"), 1.0);
    // div.approx is a * rcp.approx(b): within its 2 ulps (rcp.approx(3) is not exact)
    let q = f32r("mov.f32 %f2, 0f40C00000;\ndiv.approx.f32 %f1, %f2, 0f40400000;");
    assert!((q.to_bits() as i64 - 2f32.to_bits() as i64).abs() <= 2, "{q}");
    assert_eq!(
        f32r("mov.f32 %f2, 0f40C00000;\ndiv.full.f32 %f1, %f2, 0f40400000;"),
        2.0
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f3F800000;\ncopysign.f32 %f1, 0fBF800000, %f2;"),
        -1.0
    );
    assert_eq!(f32r("mov.f32 %f2, 0fC0000000;\nabs.f32 %f1, %f2;"), 2.0);
}

#[test]
fn conversions() {
    let cvt = |f: &str, inst: &str| r32(&format!("mov.f32 %f2, {f};\n{inst} %r1, %f2;")) as i32;
    assert_eq!(cvt("0fC02CCCCD", "cvt.rzi.s32.f32"), -2); // -2.7
    assert_eq!(cvt("0fC02CCCCD", "cvt.rmi.s32.f32"), -3);
    assert_eq!(cvt("0fC02CCCCD", "cvt.rpi.s32.f32"), -2);
    assert_eq!(cvt("0f40200000", "cvt.rni.s32.f32"), 2, "2.5 ties to even");
    assert_eq!(cvt("0f40600000", "cvt.rni.s32.f32"), 4, "3.5 ties to even");
    assert_eq!(cvt("0f501502F9", "cvt.rzi.s32.f32"), i32::MAX, "saturates");
    assert_eq!(cvt("0fD01502F9", "cvt.rzi.s32.f32"), i32::MIN);
    assert_eq!(cvt("0f7FC00000", "cvt.rzi.s32.f32"), 0, "NaN converts to 0");
    // to 64 bits, NaN converts to 0x8000000000000000 (measured on an H100)
    let cvt64 = |f: &str, inst: &str| r64(&format!("mov.f32 %f2, {f};\n{inst} %rd1, %f2;"));
    assert_eq!(cvt64("0f7FC00000", "cvt.rmi.s64.f32"), 1 << 63);
    assert_eq!(cvt64("0f7FC00000", "cvt.rzi.u64.f32"), 1 << 63);
    assert_eq!(cvt64("0fC0200000", "cvt.rmi.s64.f32") as i64, -3);
    assert_eq!(cvt("0fBF800000", "cvt.rzi.u32.f32"), 0);
    let f2f = |f: &str, inst: &str| f32r(&format!("mov.f32 %f2, {f};\n{inst} %f1, %f2;"));
    assert_eq!(f2f("0f40200000", "cvt.rni.f32.f32"), 2.0);
    assert_eq!(f2f("0fC0200000", "cvt.rmi.f32.f32"), -3.0);
    assert_eq!(f2f("0fC0200000", "cvt.rpi.f32.f32"), -2.0);
    assert_eq!(f2f("0fC0200000", "cvt.rzi.f32.f32"), -2.0);
    assert_eq!(f2f("0f3FC00000", "cvt.sat.f32.f32"), 1.0);
    assert_eq!(f2f("0f00000001", "cvt.ftz.f32.f32").to_bits(), 0);
    let third = 1.0f64 / 3.0;
    let d2f = |inst: &str| f32r(&format!("mov.f64 %fd2, 0d{:016X};\n{inst} %f1, %fd2;", third.to_bits()));
    assert_eq!(d2f("cvt.rn.f32.f64"), third as f32);
    assert_eq!(d2f("cvt.rz.f32.f64"), 0.3333333f32.min(third as f32));
    assert!(d2f("cvt.rp.f32.f64") as f64 > third && (d2f("cvt.rm.f32.f64") as f64) < third);
    assert_eq!(
        f64r("mov.f32 %f2, 0f3EAAAAAB;\ncvt.f64.f32 %fd1, %f2;"),
        0.33333334f32 as f64
    );
    assert_eq!(f32r("mov.b32 %r2, -3;\ncvt.rn.f32.s32 %f1, %r2;"), -3.0);
    assert_eq!(f32r("mov.b32 %r2, -3;\ncvt.rn.f32.u32 %f1, %r2;"), 4294967293u32 as f32);
    assert_eq!(f64r("mov.b64 %rd2, -3;\ncvt.rn.f64.s64 %fd1, %rd2;"), -3.0);
    assert_eq!(f32r("mov.b64 %rd2, 16777217;\ncvt.rz.f32.u64 %f1, %rd2;"), 16777216.0);
    assert_eq!(f32r("mov.b64 %rd2, 16777217;\ncvt.rp.f32.u64 %f1, %rd2;"), 16777218.0);
    // integer conversions
    assert_eq!(r32("mov.b32 %r2, 0x80;\ncvt.s32.s8 %r1, %r2;"), 0xffff_ff80);
    assert_eq!(r32("mov.b32 %r2, 0x1ff;\ncvt.u32.u8 %r1, %r2;"), 0xff);
    assert_eq!(r32("mov.b32 %r2, 300;\ncvt.sat.u8.s32 %r1, %r2;"), 255);
    assert_eq!(r32("mov.b32 %r2, -300;\ncvt.sat.s8.s32 %r1, %r2;"), 0x80);
    assert_eq!(r64("mov.b32 %r2, -1;\ncvt.s64.s32 %rd1, %r2;"), u64::MAX);
    assert_eq!(r64("mov.b32 %r2, -1;\ncvt.u64.u32 %rd1, %r2;"), 0xffff_ffff);
    assert_eq!(r32("mov.b64 %rd2, 0x123456789;\ncvt.u32.u64 %r1, %rd2;"), 0x2345_6789);
}

#[test]
fn comparisons_and_select() {
    assert!(pred("mov.b32 %r2, -1;\nsetp.lt.s32 %p1, %r2, 0;"));
    assert!(!pred("mov.b32 %r2, -1;\nsetp.lt.u32 %p1, %r2, 0;"));
    assert!(pred("mov.b32 %r2, -1;\nsetp.hi.u32 %p1, %r2, 0;"));
    let nan = "mov.f32 %f2, 0f7FC00000;\n";
    assert!(!pred(&format!("{nan}setp.lt.f32 %p1, %f2, 0f3F800000;")));
    assert!(pred(&format!("{nan}setp.ltu.f32 %p1, %f2, 0f3F800000;")));
    assert!(
        !pred(&format!("{nan}setp.ne.f32 %p1, %f2, %f2;")),
        "ordered ne is false on NaN"
    );
    assert!(pred(&format!("{nan}setp.neu.f32 %p1, %f2, %f2;")));
    assert!(pred(&format!("{nan}setp.nan.f32 %p1, %f2, %f2;")));
    assert!(!pred(&format!("{nan}setp.num.f32 %p1, %f2, %f2;")));
    assert!(!pred(&format!("{nan}setp.eq.f32 %p1, %f2, %f2;")));
    assert!(pred(&format!("{nan}setp.equ.f32 %p1, %f2, %f2;")));
    assert!(pred("mov.f64 %fd2, 0d3FF0000000000000;\nsetp.ge.f64 %p1, %fd2, %fd2;"));
    assert!(
        pred("mov.b32 %r2, 3;\nsetp.lt.s32 %p2|%p1, %r2, 2;"),
        "second destination is the negation"
    );
    assert!(pred(
        "mov.b32 %r2, 3;\nsetp.eq.s32 %p2, %r2, 3;\nsetp.lt.and.s32 %p1, %r2, 5, %p2;"
    ));
    assert!(pred(
        "mov.b32 %r2, 3;\nsetp.eq.s32 %p2, %r2, 3;\nnot.pred %p3, %p2;\nor.pred %p1, %p3, %p2;"
    ));
    assert_eq!(
        r32("mov.b32 %r2, 3;\nsetp.eq.s32 %p2, %r2, 3;\nselp.b32 %r1, 10, 20, %p2;"),
        10
    );
    assert_eq!(
        r32("mov.b32 %r2, 3;\nsetp.eq.s32 %p2, %r2, 3;\n@!%p2 bra $L1;\nmov.b32 %r1, 7;\n$L1:"),
        7
    );
}

#[test]
fn memory_spaces() {
    let decls = ".global .align 4 .b8 g[8] = {1, 2, 3, 4, 5, 6, 7, 8};\n.const .align 4 .u32 c[2] = {0xdeadbeef, 7};\n.shared .align 16 .b8 sh[64];";
    let w = run_words(
        decls,
        "ld.global.u32 %r1, [g+4];\nst.global.u32 [%rd30], %r1;\n\
         ld.const.u32 %r2, [c];\nst.global.u32 [%rd30+4], %r2;\n\
         mov.u64 %rd1, c;\ncvta.const.u64 %rd2, %rd1;\nld.u32 %r3, [%rd2+4];\nst.global.u32 [%rd30+8], %r3;\n\
         mov.u32 %r4, 0x11223344;\nst.shared.v4.u32 [sh], {%r4, %r1, %r2, %r3};\nld.shared.v2.u32 {%r5, %r6}, [sh+8];\n\
         st.global.v2.u32 [%rd30+12], {%r5, %r6};\n\
         mov.u64 %rd3, sh;\ncvta.shared.u64 %rd4, %rd3;\nld.u8 %r7, [%rd4+1];\nst.global.u32 [%rd30+20], %r7;\n\
         ld.s8 %r8, [%rd4+3];\nst.global.u32 [%rd30+24], %r8;\n\
         cvta.to.shared.u64 %rd5, %rd4;\nld.shared.u16 %rs1, [%rd5+2];\ncvt.u32.u16 %r9, %rs1;\nst.global.u32 [%rd30+28], %r9;\n\
         ld.global.nc.u8 %r10, [g+7];\nst.global.u32 [%rd30+32], %r10;\n\
         st.global.u16 [%rd30+36], %r4;",
    );
    assert_eq!(w[0], 0x0807_0605);
    assert_eq!(w[1], 0xdead_beef);
    assert_eq!(w[2], 7);
    assert_eq!(w[3], 0xdead_beef);
    assert_eq!(w[4], 7);
    assert_eq!(w[5], 0x33);
    assert_eq!(w[6], 0x11);
    assert_eq!(w[7], 0x1122);
    assert_eq!(w[8], 8);
    assert_eq!(w[9], 0x3344);
    // local memory through a depot and generic addresses
    let w = run_words(
        "",
        ".local .align 8 .b8 __local_depot0[16];\n.reg .b64 %SP;\n.reg .b64 %SPL;\n\
         mov.u64 %SPL, __local_depot0;\ncvta.local.u64 %SP, %SPL;\n\
         st.local.u32 [%SPL+4], 99;\nld.u32 %r1, [%SP+4];\nst.u32 [%SP+8], 5;\nld.local.u32 %r2, [%SPL+8];\n\
         st.global.v2.u32 [%rd30], {%r1, %r2};",
    );
    assert_eq!(&w[..2], &[99, 5]);
}

#[test]
fn calls_and_branch_tables() {
    let ptx = format!(
        "{HEAD}.func (.param .b32 ret0) twice(.param .b32 a, .param .align 8 .b8 s[16])\n{{\n.reg .b32 %r<4>;\n\
         ld.param.b32 %r1, [a];\nld.param.b32 %r2, [s+8];\nadd.s32 %r3, %r1, %r2;\nshl.b32 %r3, %r3, 1;\nst.param.b32 [ret0], %r3;\nret;\n}}\n\
         .visible .entry k(.param .u64 k_out, .param .u32 k_n)\n{{\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n\
         ld.param.u64 %rd1, [k_out];\nld.param.u32 %r1, [k_n];\n\
         {{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .align 8 .b8 param1[16];\nst.param.b32 [param1+8], 100;\n\
         .param .b32 retval0;\ncall.uni (retval0), twice, (param0, param1);\nld.param.b32 %r2, [retval0];\n}}\n\
         st.global.u32 [%rd1], %r2;\n\
         mov.b32 %r3, 0;\n$L_brx: .branchtargets $A, $B, $C;\nbrx.idx %r1, $L_brx;\n$A:\nmov.b32 %r3, 1;\nbra.uni $E;\n$B:\nmov.b32 %r3, 2;\nbra.uni $E;\n$C:\nmov.b32 %r3, 3;\n$E:\n\
         st.global.u32 [%rd1+4], %r3;\nret;\n}}\n"
    );
    let mut emu = emu(&ptx);
    let out = emu.alloc(8);
    emu.launch("k", (1, 1, 1), (1, 1, 1), 0, &[Arg::Ptr(out), Arg::U32(2)])
        .unwrap();
    assert_eq!(
        emu.read(out, 8).unwrap(),
        [204u32.to_le_bytes(), 3u32.to_le_bytes()].concat()
    );
}

/// Multi-thread kernels: `%tid.x`-indexed result words.
fn run_block(decls: &str, body: &str, threads: u32, shared: u32) -> Vec<u32> {
    let ptx = format!(
        "{HEAD}{decls}\n.visible .entry k(.param .u64 k_out)\n{{\n.reg .pred %p<8>;\n.reg .b32 %r<32>;\n.reg .b64 %rd<32>;\n.reg .f32 %f<8>;\n\
         ld.param.u64 %rd30, [k_out];\nmov.u32 %r0, %tid.x;\nmul.wide.u32 %rd29, %r0, 4;\nadd.s64 %rd28, %rd30, %rd29;\n{body}\nret;\n}}\n"
    );
    let mut emu = emu(&ptx);
    let out = emu.alloc(4 * threads as u64);
    emu.launch("k", (1, 1, 1), (threads, 1, 1), shared, &[Arg::Ptr(out)])
        .unwrap_or_else(|e| panic!("{e}\n{ptx}"));
    emu.read(out, 4 * threads as usize)
        .unwrap()
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn barriers_and_shared_memory() {
    // reverse through shared memory across warps
    let w = run_block(
        ".shared .align 4 .b8 buf[512];",
        "mul.lo.s32 %r1, %r0, 4;\nst.shared.u32 [%r1], %r0;\nbar.sync 0;\nsub.s32 %r2, 127, %r0;\nmul.lo.s32 %r2, %r2, 4;\nld.shared.u32 %r3, [%r2];\nst.global.u32 [%rd28], %r3;",
        128,
        0,
    );
    assert_eq!(w, (0..128).rev().collect::<Vec<u32>>());
    // dynamic shared memory via .extern .shared, and barrier.sync with exited threads
    let w = run_block(
        ".extern .shared .align 16 .b8 dyn[];",
        "setp.gt.u32 %p1, %r0, 60;\n@%p1 ret;\nmov.u64 %rd1, dyn;\ncvt.u64.u32 %rd2, %r0;\nshl.b64 %rd2, %rd2, 2;\nadd.s64 %rd1, %rd1, %rd2;\n\
         st.shared.u32 [%rd1], %r0;\nbarrier.sync 0;\nld.shared.u32 %r3, [dyn];\nmov.u32 %r4, %dynamic_smem_size;\nadd.s32 %r3, %r3, %r4;\nst.global.u32 [%rd28], %r3;",
        64,
        256,
    );
    assert_eq!(w[0..61], vec![256u32; 61][..]);
}

#[test]
fn warp_collectives() {
    let w = run_block(
        "",
        "shfl.sync.down.b32 %r1, %r0, 1, 31, -1;\nst.global.u32 [%rd28], %r1;",
        32,
        0,
    );
    assert_eq!(
        w,
        (0..32).map(|l| if l < 31 { l + 1 } else { 31 }).collect::<Vec<u32>>()
    );
    let w = run_block("", "shfl.sync.up.b32 %r1|%p1, %r0, 2, 0, -1;\nselp.b32 %r2, 1000, 0, %p1;\nadd.s32 %r1, %r1, %r2;\nst.global.u32 [%rd28], %r1;", 32, 0);
    assert_eq!(
        w,
        (0..32)
            .map(|l| if l >= 2 { l - 2 + 1000 } else { l })
            .collect::<Vec<u32>>()
    );
    let w = run_block(
        "",
        "shfl.sync.bfly.b32 %r1, %r0, 1, 31, -1;\nst.global.u32 [%rd28], %r1;",
        32,
        0,
    );
    assert_eq!(w, (0..32).map(|l| l ^ 1).collect::<Vec<u32>>());
    let w = run_block(
        "",
        "shfl.sync.idx.b32 %r1, %r0, 5, 31, -1;\nst.global.u32 [%rd28], %r1;",
        64,
        0,
    );
    assert_eq!(w, (0..64).map(|l| (l / 32) * 32 + 5).collect::<Vec<u32>>());
    // ballot / any / all with a partial last warp (40 threads)
    let w = run_block(
        "",
        "and.b32 %r1, %r0, 1;\nsetp.ne.s32 %p1, %r1, 0;\nvote.sync.ballot.b32 %r2, %p1, -1;\nsetp.lt.u32 %p2, %r0, 100;\nvote.sync.all.pred %p3, %p2, -1;\n\
         setp.eq.u32 %p4, %r0, 35;\nvote.sync.any.pred %p5, %p4, -1;\nselp.b32 %r3, 1, 0, %p3;\nselp.b32 %r4, 2, 0, %p5;\nor.b32 %r3, %r3, %r4;\n\
         activemask.b32 %r5;\nsetp.eq.b32 %p6, %r0, 0;\n@%p6 st.global.u32 [%rd28], %r5;\n@!%p6 st.global.u32 [%rd28], %r2;\n\
         setp.eq.b32 %p6, %r0, 1;\n@%p6 st.global.u32 [%rd28], %r3;\nsetp.eq.b32 %p6, %r0, 33;\n@%p6 st.global.u32 [%rd28], %r3;",
        40,
        0,
    );
    assert_eq!(w[0], u32::MAX);
    assert_eq!(w[1], 1);
    assert_eq!(w[2], 0xaaaa_aaaa);
    assert_eq!(w[33], 3);
    assert_eq!(w[34], 0xaa);
    let w = run_block("", "and.b32 %r1, %r0, 3;\nmatch.any.sync.b32 %r2, %r1, -1;\nredux.sync.add.u32 %r3, %r0, -1;\nadd.s32 %r2, %r2, %r3;\nst.global.u32 [%rd28], %r2;", 32, 0);
    assert_eq!(w[0], 0x1111_1111 + 496);
    assert_eq!(w[3], 0x8888_8888 + 496);
    // match.all with a predicate destination: the mask and true when every lane agrees, 0 and
    // false otherwise.
    let w = run_block(
        "",
        "shr.u32 %r1, %r0, 5;\nmatch.all.sync.b32 %r2|%p1, %r1, -1;\nselp.b32 %r3, 256, 0, %p1;\nand.b32 %r2, %r2, 255;\n\
         and.b32 %r4, %r0, 1;\nmatch.all.sync.b32 %r5|%p2, %r4, -1;\nselp.b32 %r6, 4096, 0, %p2;\n\
         add.s32 %r2, %r2, %r3;\nadd.s32 %r2, %r2, %r5;\nadd.s32 %r2, %r2, %r6;\nst.global.u32 [%rd28], %r2;",
        32,
        0,
    );
    assert_eq!(w[0], 0x1ff);
    assert_eq!(w[31], 0x1ff);
}

#[test]
fn atomics() {
    let w = run_block(
        ".shared .align 4 .b8 s[16];\n.global .align 4 .b8 g[16];",
        "atom.shared.add.u32 %r1, [s], 1;\natom.shared.max.s32 %r2, [s+4], %r0;\natom.shared.cas.b32 %r3, [s+8], 0, 77;\n\
         atom.global.inc.u32 %r4, [g], 5;\nred.global.add.f32 [g+4], 0f3F000000;\natom.global.exch.b32 %r5, [g+8], %r0;\n\
         bar.sync 0;\nsetp.eq.u32 %p1, %r0, 0;\n@!%p1 bra $Y;\nld.shared.u32 %r6, [s];\nld.shared.u32 %r7, [s+4];\nld.shared.u32 %r8, [s+8];\n\
         ld.global.u32 %r9, [g];\nld.global.f32 %f1, [g+4];\ncvt.rzi.u32.f32 %r10, %f1;\nld.global.u32 %r11, [g+8];\n\
         st.global.v4.u32 [%rd30], {%r6, %r7, %r8, %r9};\nst.global.v2.u32 [%rd30+16], {%r10, %r11};\n$Y:",
        64,
        0,
    );
    assert_eq!(&w[..6], &[64, 63, 77, 64 % 6, 32, 63]);
}

#[test]
fn printf() {
    let body = ".local .align 8 .b8 __local_depot0[40];\n.reg .b64 %SP;\nmov.u64 %rd1, __local_depot0;\ncvta.local.u64 %SP, %rd1;\n\
        st.local.u32 [%rd1], -42;\nmov.f64 %fd1, 0d400921FB54442D18;\nst.local.f64 [%rd1+8], %fd1;\nmov.u64 %rd2, str2;\nst.local.u64 [%rd1+16], %rd2;\n\
        st.local.u32 [%rd1+24], 255;\nst.local.u32 [%rd1+28], 255;\nst.local.u32 [%rd1+32], 0;\n\
        mov.u64 %rd3, fmt;\n{\n.param .b64 param0;\nst.param.b64 [param0], %rd3;\n.param .b64 param1;\nst.param.b64 [param1], %SP;\n.param .b32 retval0;\n\
        call.uni (retval0), vprintf, (param0, param1);\n}";
    let fmt = "i=%d f=%.3f s=%s x=%#x|%5d|%-4u|%%\n";
    let bytes: Vec<String> = fmt.bytes().chain([0]).map(|b| b.to_string()).collect();
    let decls = format!(
        ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);\n\
         .global .align 1 .b8 fmt[{}] = {{{}}};\n.global .align 1 .b8 str2[3] = {{104, 105, 0}};",
        bytes.len(),
        bytes.join(", ")
    );
    let ptx = kernel(&decls, body);
    let mut emu = emu(&ptx);
    let out = emu.alloc(64);
    let printed = emu.launch("k", (1, 1, 1), (2, 1, 1), 0, &[Arg::Ptr(out)]).unwrap();
    let line = "i=-42 f=3.142 s=hi x=0xff|  255|0   |%\n";
    assert_eq!(printed, format!("{line}{line}"));
}

#[test]
fn errors() {
    let launch = |body: &str| -> EmuError {
        let ptx = kernel("", body);
        let mut emu = Emulator::new(&ptx).unwrap();
        emu.step_limit = 10_000;
        let out = emu.alloc(64);
        emu.launch("k", (2, 1, 1), (4, 1, 1), 0, &[Arg::Ptr(out)]).unwrap_err()
    };
    let e = launch("mov.u32 %r1, %tid.x;\nsetp.eq.u32 %p1, %r1, 3;\n@%p1 st.global.u32 [%rd30+4096], %r1;").to_string();
    assert!(
        e.contains("block (0, 0, 0), thread (3, 0, 0)") && e.contains("out-of-bounds global") && e.contains("0x"),
        "{e}"
    );
    let e = launch("frobnicate.b32 %r1, %r2;").to_string();
    assert!(e.contains("unsupported instruction `frobnicate.b32`"), "{e}");
    let e = launch("$L:\nbra.uni $L;").to_string();
    assert!(e.contains("step limit"), "{e}");
    let e = launch("trap;").to_string();
    assert!(e.contains("trap"), "{e}");
    let e = launch("mov.u32 %r1, %tid.x;\nsetp.eq.u32 %p1, %r1, 0;\n@%p1 bra $W;\nbar.sync 0;\n$W:\nshfl.sync.idx.b32 %r2, %r1, 0, 31, -1;").to_string();
    assert!(e.contains("deadlock"), "{e}");
    let e = Emulator::new(&format!("{HEAD}.visible .entry k() {{ ld.global.u32 %r1, [nosuch]; }}"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("unknown name `nosuch`"), "{e}");
    let mut emu = Emulator::new(&kernel("", "")).unwrap();
    assert!(emu
        .launch("k", (1, 1, 1), (1, 1, 1), 0, &[])
        .unwrap_err()
        .to_string()
        .contains("takes 1 arguments"));
}

#[test]
fn half_precision() {
    // cvt to f16/bf16 with every rounding mode, subnormals, overflow, NaN
    let h = |f: &str, inst: &str| r32(&format!("mov.f32 %f2, {f};\n{inst} %rs1, %f2;\ncvt.u32.u16 %r1, %rs1;"));
    assert_eq!(h("0f3F800000", "cvt.rn.f16.f32"), 0x3c00, "1.0");
    assert_eq!(h("0fC0000000", "cvt.rn.f16.f32"), 0xc000, "-2.0");
    // 1 + 2^-11 is a tie between 1.0 and 1 + 2^-10: to even
    assert_eq!(h("0f3F801000", "cvt.rn.f16.f32"), 0x3c00);
    assert_eq!(h("0f3F803000", "cvt.rn.f16.f32"), 0x3c02, "tie rounds to even (up)");
    assert_eq!(h("0f3F801000", "cvt.rp.f16.f32"), 0x3c01);
    assert_eq!(h("0fBF801000", "cvt.rm.f16.f32"), 0xbc01);
    assert_eq!(h("0fBF801000", "cvt.rz.f16.f32"), 0xbc00);
    assert_eq!(h("0f477FF000", "cvt.rn.f16.f32"), 0x7c00, "65520 overflows to inf");
    assert_eq!(h("0f477FF000", "cvt.rz.f16.f32"), 0x7bff, "rz saturates to max");
    assert_eq!(h("0fC77FF000", "cvt.rp.f16.f32"), 0xfbff);
    assert_eq!(h("0f33800000", "cvt.rn.f16.f32"), 0x0001, "2^-24: smallest subnormal");
    assert_eq!(h("0f33000000", "cvt.rn.f16.f32"), 0x0000, "2^-25 ties to 0");
    assert_eq!(h("0f7FC00000", "cvt.rn.f16.f32"), 0x7fff, "canonical NaN");
    assert_eq!(h("0f7F800000", "cvt.rn.f16.f32"), 0x7c00);
    assert_eq!(h("0f3FC00000", "cvt.rn.sat.f16.f32"), 0x3c00, ".sat clamps to 1");
    assert_eq!(h("0f3F808000", "cvt.rn.bf16.f32"), 0x3f80, "bf16 tie to even");
    assert_eq!(h("0f3F818000", "cvt.rn.bf16.f32"), 0x3f82);
    assert_eq!(h("0f3F808001", "cvt.rn.bf16.f32"), 0x3f81);
    assert_eq!(h("0f3F80FFFF", "cvt.rz.bf16.f32"), 0x3f80);
    assert_eq!(h("0f7F7FFFFF", "cvt.rn.bf16.f32"), 0x7f80, "bf16 overflow to inf");
    // f16 -> f32 / f64 / int are exact
    let w = |bits: u16, inst: &str| f32r(&format!("mov.b16 %rs1, {bits};\n{inst} %f1, %rs1;"));
    assert_eq!(w(0x3555, "cvt.f32.f16"), 0.333_251_95);
    assert_eq!(w(0x0001, "cvt.f32.f16"), 2f32.powi(-24));
    assert_eq!(w(0xfc00, "cvt.f32.f16"), f32::NEG_INFINITY);
    assert_eq!(w(0x3faa, "cvt.f32.bf16"), 1.328125);
    assert_eq!(f64r("mov.b16 %rs1, 0x4248;\ncvt.f64.f16 %fd1, %rs1;"), 3.140625);
    assert_eq!(r32("mov.b16 %rs1, 0xc0e0;\ncvt.rzi.s32.f16 %r1, %rs1;"), (-2i32) as u32);
    assert_eq!(
        r32("mov.b32 %r2, 2049;\ncvt.rn.f16.s32 %rs1, %r2;\ncvt.u32.u16 %r1, %rs1;"),
        0x6800,
        "2049 -> 2048"
    );
    // scalar and packed arithmetic, rounded once
    let a = |body: &str| r32(&format!("{body}\ncvt.u32.u16 %r1, %rs3;"));
    assert_eq!(
        a("mov.b16 %rs1, 0x3c00;\nmov.b16 %rs2, 0x1000;\nadd.f16 %rs3, %rs1, %rs2;"),
        0x3c00,
        "1 + 2^-11 ties to even"
    );
    // (.f16 arithmetic has only .rn: directed rounding is checked through cvt)
    assert_eq!(
        a("mov.b16 %rs1, 0x4000;\nmov.b16 %rs2, 0x4200;\nmul.rn.f16 %rs3, %rs1, %rs2;"),
        0x4600
    );
    assert_eq!(
        a("mov.b16 %rs1, 0x4000;\nmov.b16 %rs2, 0x4200;\nfma.rn.f16 %rs3, %rs1, %rs2, %rs1;"),
        0x4800
    );
    assert_eq!(
        a("mov.b16 %rs1, 0x7bff;\nmov.b16 %rs2, 0x7bff;\nadd.f16 %rs3, %rs1, %rs2;"),
        0x7c00
    );
    assert_eq!(
        a("mov.b16 %rs1, 0x3c00;\nmov.b16 %rs2, 0x3c00;\nadd.sat.f16 %rs3, %rs1, %rs2;"),
        0x3c00
    );
    assert_eq!(
        a("mov.b16 %rs1, 0x7e00;\nmov.b16 %rs2, 0x3c00;\nmin.f16 %rs3, %rs1, %rs2;"),
        0x3c00,
        "min ignores NaN"
    );
    assert_eq!(
        a("mov.b16 %rs1, 0x0001;\nmov.b16 %rs2, 0x0000;\nadd.ftz.f16 %rs3, %rs1, %rs2;"),
        0
    );
    assert_eq!(a("mov.b16 %rs1, 0x3c00;\nneg.f16 %rs3, %rs1;"), 0xbc00);
    assert_eq!(
        a("mov.b16 %rs1, 0x4040;\nmov.b16 %rs2, 0x4000;\nmul.rn.bf16 %rs3, %rs1, %rs2;"),
        0x40c0,
        "3 * 2 in bf16"
    );
    assert_eq!(
        r32("mov.b32 %r2, 0x40003c00;\nmov.b32 %r3, 0x3c004000;\nadd.rn.f16x2 %r1, %r2, %r3;"),
        0x4200_4200
    );
    assert_eq!(
        r32("mov.b32 %r2, 0x40003c00;\nmov.b32 %r3, 0x3c004000;\nfma.rn.f16x2 %r1, %r2, %r3, %r2;"),
        0x4400_4200
    );
    assert!(pred(
        "mov.b16 %rs1, 0x3c00;\nmov.b16 %rs2, 0x4000;\nsetp.lt.f16 %p1, %rs1, %rs2;"
    ));
    assert!(pred(
        "mov.b16 %rs1, 0x7e00;\nmov.b16 %rs2, 0x4000;\nsetp.neu.f16 %p1, %rs1, %rs2;"
    ));
    assert!(!pred(
        "mov.b16 %rs1, 0x7e00;\nmov.b16 %rs2, 0x4000;\nsetp.ne.f16 %p1, %rs1, %rs2;"
    ));
}

#[test]
fn more_bit_ops() {
    // lop3: the truth table of (a & b) ^ c is 0xF0 & 0xCC ^ 0xAA = 0x6A
    assert_eq!(
        r32("mov.b32 %r2, 0xff00ff00;\nmov.b32 %r3, 0x0ff00ff0;\nmov.b32 %r4, 0x12345678;\nlop3.b32 %r1, %r2, %r3, %r4, 0x6A;"),
        (0xff00_ff00u32 & 0x0ff0_0ff0) ^ 0x1234_5678
    );
    assert_eq!(r32("mov.b32 %r2, 7;\nlop3.b32 %r1, %r2, %r2, %r2, 0xff;"), u32::MAX);
    assert_eq!(r32("mov.b32 %r2, 7;\nlop3.b32 %r1, %r2, 0, 0, 0x0f;"), !7u32, "~a");
    // prmt modes (a = 0x33221100, b = 0x77665544: byte k has value 0xkk)
    let p = |mode: &str, sel: u32| {
        r32(&format!(
            "mov.b32 %r2, 0x33221100;\nmov.b32 %r3, 0x77665544;\nprmt.b32.{mode} %r1, %r2, %r3, {sel};"
        ))
    };
    assert_eq!(p("f4e", 1), 0x4433_2211);
    assert_eq!(p("b4e", 0), 0x5566_7700);
    assert_eq!(p("rc8", 2), 0x2222_2222);
    assert_eq!(p("ecl", 1), 0x3322_1111);
    assert_eq!(p("ecr", 2), 0x2222_1100);
    assert_eq!(p("rc16", 1), 0x3322_3322);
    // mul24 / mad24 / sad
    assert_eq!(
        r32("mov.b32 %r2, 0x01000003;\nmul24.lo.u32 %r1, %r2, 5;"),
        15,
        "only 24 bits count"
    );
    assert_eq!(r32("mov.b32 %r2, 0xffffff;\nmul24.hi.u32 %r1, %r2, %r2;"), 0xffff_fe00);
    assert_eq!(
        r32("mov.b32 %r2, 0xffffff;\nmul24.lo.s32 %r1, %r2, 3;"),
        (-3i32) as u32,
        "s24 -1 * 3"
    );
    assert_eq!(r32("mov.b32 %r2, 100;\nmad24.lo.u32 %r1, %r2, 3, 7;"), 307);
    assert_eq!(r32("mov.b32 %r2, 3;\nsad.u32 %r1, %r2, 10, 100;"), 107);
    assert_eq!(r32("mov.b32 %r2, -3;\nsad.s32 %r1, %r2, 10, 100;"), 113);
    // bfe/bfi edge cases: positions and lengths beyond the width
    assert_eq!(r32("mov.b32 %r2, 0x80000000;\nbfe.s32 %r1, %r2, 31, 8;"), u32::MAX);
    assert_eq!(r32("mov.b32 %r2, 0xf0;\nbfe.u32 %r1, %r2, 40, 8;"), 0);
    assert_eq!(r32("mov.b32 %r2, 0;\nbfi.b32 %r1, -1, %r2, 28, 8;"), 0xf000_0000);
    assert_eq!(r32("mov.b32 %r2, 0xf0;\nbrev.b32 %r1, %r2;"), 0x0f00_0000);
    assert_eq!(r64("mov.b64 %rd2, 1;\nbrev.b64 %rd1, %rd2;"), 1 << 63);
    assert_eq!(
        r32("mov.b32 %r2, 1;\nshf.l.clamp.b32 %r1, 0, %r2, 40;"),
        0,
        "clamp: shift by 32"
    );
    assert_eq!(r32("mov.b32 %r2, 0x80000000;\nshf.r.clamp.b32 %r1, %r2, 0, 40;"), 0);
}

#[test]
fn more_comparisons() {
    let nan = "mov.f32 %f2, 0f7FC00000;\n";
    for (cmp, ordered_nan, unordered_nan) in [
        ("lt", false, true),
        ("le", false, true),
        ("gt", false, true),
        ("ge", false, true),
        ("eq", false, true),
        ("ne", false, true),
    ] {
        assert_eq!(
            pred(&format!("{nan}setp.{cmp}.f32 %p1, %f2, 0f3F800000;")),
            ordered_nan,
            "{cmp}"
        );
        assert_eq!(
            pred(&format!("{nan}setp.{cmp}u.f32 %p1, %f2, 0f3F800000;")),
            unordered_nan,
            "{cmp}u"
        );
    }
    // -0 == +0
    assert!(pred("mov.f32 %f2, 0f80000000;\nsetp.eq.f32 %p1, %f2, 0f00000000;"));
    assert!(
        pred("mov.f32 %f2, 0f00000001;\nsetp.eq.ftz.f32 %p1, %f2, 0f00000000;"),
        "ftz compares flushed"
    );
    assert!(pred("mov.b32 %r2, 5;\nsetp.ls.u32 %p1, %r2, 5;"));
    assert!(pred("mov.b32 %r2, 5;\nsetp.hs.u32 %p1, %r2, 5;"));
    assert!(!pred("mov.b32 %r2, 5;\nsetp.lo.u32 %p1, %r2, 5;"));
    assert!(pred("mov.b64 %rd2, -1;\nsetp.gt.u64 %p1, %rd2, 5;"));
    assert!(!pred("mov.b64 %rd2, -1;\nsetp.gt.s64 %p1, %rd2, 5;"));
    assert!(pred(
        "mov.b32 %r2, 1;\nsetp.eq.s32 %p2, %r2, 0;\nsetp.eq.or.s32 %p1, %r2, 1, %p2;"
    ));
    assert!(pred(
        "mov.b32 %r2, 1;\nsetp.eq.s32 %p2, %r2, 1;\nsetp.eq.xor.s32 %p1, %r2, 0, %p2;"
    ));
    assert_eq!(f64r("mov.f64 %fd2, 0d3FF0000000000000;\nsetp.gt.f64 %p1, %fd2, 0d0000000000000000;\nselp.f64 %fd1, %fd2, 0d4000000000000000, %p1;"), 1.0);
}

#[test]
fn indirect_calls() {
    // function pointers: `mov.u64 %rd, f;` then `call %rd, (...), prototype;`
    let ptx = format!(
        "{HEAD}.func (.param .b32 r) add1(.param .b32 a)\n{{\n.reg .b32 %r<3>;\nld.param.b32 %r1, [a];\nadd.s32 %r2, %r1, 1;\nst.param.b32 [r], %r2;\nret;\n}}\n\
         .func (.param .b32 r) dbl(.param .b32 a)\n{{\n.reg .b32 %r<3>;\nld.param.b32 %r1, [a];\nshl.b32 %r2, %r1, 1;\nst.param.b32 [r], %r2;\nret;\n}}\n\
         .visible .entry k(.param .u64 k_out, .param .u32 k_sel)\n{{\n.reg .pred %p<2>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n\
         ld.param.u64 %rd1, [k_out];\nld.param.u32 %r1, [k_sel];\nmov.u64 %rd2, add1;\nmov.u64 %rd3, dbl;\nsetp.eq.u32 %p1, %r1, 0;\nselp.b64 %rd4, %rd2, %rd3, %p1;\n\
         {{\n.param .b32 param0;\nst.param.b32 [param0], 20;\n.param .b32 retval0;\n\
         prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);\n\
         call (retval0), %rd4, (param0), prototype_0;\nld.param.b32 %r2, [retval0];\n}}\n\
         st.global.u32 [%rd1], %r2;\nret;\n}}\n"
    );
    for (sel, want) in [(0u32, 21u32), (1, 40)] {
        let mut emu = emu(&ptx);
        let out = emu.alloc(4);
        emu.launch("k", (1, 1, 1), (1, 1, 1), 0, &[Arg::Ptr(out), Arg::U32(sel)])
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(emu.read(out, 4).unwrap(), want.to_le_bytes());
    }
    // a call through a value that is not a function address is an error naming it
    let bad = ptx.replace("selp.b64 %rd4, %rd2, %rd3, %p1;", "mov.u64 %rd4, 4096;");
    let mut emu = Emulator::new(&bad).unwrap();
    let out = emu.alloc(4);
    let e = emu
        .launch("k", (1, 1, 1), (1, 1, 1), 0, &[Arg::Ptr(out), Arg::U32(0)])
        .unwrap_err()
        .to_string();
    assert!(e.contains("indirect call through 0x1000"), "{e}");
}

#[test]
fn special_registers() {
    let ptx = format!(
        "{HEAD}.visible .entry k(.param .u64 k_out)\n{{\n.reg .b32 %r<32>;\n.reg .b64 %rd<32>;\n\
         ld.param.u64 %rd30, [k_out];\nmov.u32 %r0, %tid.x;\nmov.u32 %r1, %ctaid.x;\nmov.u32 %r2, %ntid.x;\nmad.lo.s32 %r3, %r1, %r2, %r0;\n\
         mul.wide.u32 %rd1, %r3, 64;\nadd.s64 %rd2, %rd30, %rd1;\n\
         mov.u32 %r4, %laneid;\nmov.u32 %r5, %warpid;\nmov.u32 %r6, %nctaid.x;\nmov.u32 %r7, %nctaid.y;\n\
         mov.u32 %r8, %lanemask_eq;\nmov.u32 %r9, %lanemask_lt;\nmov.u32 %r10, %lanemask_le;\nmov.u32 %r11, %lanemask_gt;\n\
         mov.u32 %r12, %lanemask_ge;\nmov.u32 %r13, %smid;\nmov.u32 %r14, %nwarpid;\nmov.u32 %r15, %ntid.y;\n\
         mov.u64 %rd3, %clock64;\nmov.u32 %r16, %clock;\nmov.u64 %rd4, %globaltimer;\nadd.s32 %r17, %r16, 1;\nmov.u64 %rd5, %clock64;\nmov.u32 %r18, %nsmid;\n\
         st.global.v4.u32 [%rd2], {{%r4, %r5, %r6, %r7}};\nst.global.v4.u32 [%rd2+16], {{%r8, %r9, %r10, %r11}};\n\
         st.global.v4.u32 [%rd2+32], {{%r12, %r13, %r14, %r15}};\nst.global.v2.u64 [%rd2+48], {{%rd3, %rd5}};\nret;\n}}\n"
    );
    let mut emu = emu(&ptx);
    let n = 3 * 40;
    let out = emu.alloc(64 * n);
    emu.launch("k", (3, 2, 1), (40, 1, 1), 0, &[Arg::Ptr(out)]).unwrap();
    let w: Vec<u32> = emu
        .read(out, 64 * n as usize)
        .unwrap()
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    for g in 0..n as usize {
        let t = (g % 40) as u32;
        let r = &w[16 * g..16 * g + 16];
        let lane = t % 32;
        assert_eq!(&r[..4], &[lane, t / 32, 3, 2], "thread {g}");
        assert_eq!(r[4], 1 << lane);
        assert_eq!(r[5], (1u32 << lane) - 1);
        assert_eq!(r[6], ((1u64 << (lane + 1)) - 1) as u32);
        assert_eq!(r[7], !(((1u64 << (lane + 1)) - 1) as u32));
        assert_eq!(r[8], !((1u32 << lane) - 1));
        assert!(r[9] < 1024, "%smid");
        assert_eq!(&r[10..12], &[2, 1], "%nwarpid, %ntid.y");
        let (c0, c1) = (r[12] as u64 | (r[13] as u64) << 32, r[14] as u64 | (r[15] as u64) << 32);
        assert!(c1 > c0, "%clock64 is monotone");
    }
}

#[test]
fn scoped_atomics_and_fences() {
    let w = run_block(
        ".global .align 8 .b8 g[32];",
        "atom.global.gpu.add.u32 %r1, [g], 1;\natom.acq_rel.gpu.global.add.u32 %r2, [g+4], 2;\natom.sys.global.cas.b32 %r3, [g+8], 0, 9;\n\
         red.relaxed.gpu.global.add.u32 [g+12], 3;\natom.global.dec.u32 %r4, [g+16], 5;\natom.global.exch.b64 %rd1, [g+24], 7;\n\
         membar.gl;\nfence.sc.gpu;\nfence.acq_rel.cta;\nmembar.cta;\nbar.sync 0;\n\
         setp.eq.u32 %p1, %r0, 0;\n@!%p1 bra $Y;\nld.global.v4.u32 {%r5, %r6, %r7, %r8}, [g];\nst.global.v4.u32 [%rd30], {%r5, %r6, %r7, %r8};\n\
         ld.global.u32 %r5, [g+16];\nst.global.u32 [%rd30+16], %r5;\n$Y:",
        8,
        0,
    );
    // dec wraps at 0 to the bound: 0 -> 5 -> 4 ... 8 decrements from 0: 5,4,3,2,1,0,5,4
    assert_eq!(&w[..5], &[8, 16, 9, 24, 4]);
}

#[test]
fn directed_rounding_special_cases() {
    // found by the difftest's Rust references: an infinite operand is exact (no rounding to
    // the largest finite value), and an exact zero sum is -0 when rounding toward -infinity
    assert_eq!(
        f32r("mov.f32 %f2, 0f00000000;\nadd.rz.f32 %f1, %f2, 0fFF800000;"),
        f32::NEG_INFINITY
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0fFF800000;\nmul.rz.f32 %f1, %f2, 0f40000000;"),
        f32::NEG_INFINITY
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f7F800000;\nadd.rm.f32 %f1, %f2, 0f3F800000;"),
        f32::INFINITY
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f40200000;\nadd.rm.f32 %f1, %f2, 0fC0200000;").to_bits(),
        0x8000_0000,
        "x + -x rounds to -0 toward -inf"
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f40200000;\nadd.rp.f32 %f1, %f2, 0fC0200000;").to_bits(),
        0
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f40200000;\nsub.rm.f32 %f1, %f2, %f2;").to_bits(),
        0x8000_0000
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f80000000;\nadd.rp.f32 %f1, %f2, 0f80000000;").to_bits(),
        0x8000_0000,
        "-0 + -0 is -0 in every mode"
    );
    assert_eq!(
        f32r("mov.f32 %f2, 0f3F800000;\nfma.rm.f32 %f1, %f2, 0fBF800000, %f2;").to_bits(),
        0x8000_0000
    );
    assert_eq!(
        f64r("mov.f64 %fd2, 0d4004000000000000;\nadd.rm.f64 %fd1, %fd2, 0dC004000000000000;").to_bits(),
        0x8000_0000_0000_0000
    );
}

#[test]
fn address_initializers() {
    // `.global` variables initialized with function and variable addresses
    let ptx = format!(
        "{HEAD}.func (.param .b32 r) add1(.param .b32 a)\n{{\n.reg .b32 %r<3>;\nld.param.b32 %r1, [a];\nadd.s32 %r2, %r1, 1;\nst.param.b32 [r], %r2;\nret;\n}}\n\
         .func (.param .b32 r) dbl(.param .b32 a)\n{{\n.reg .b32 %r<3>;\nld.param.b32 %r1, [a];\nshl.b32 %r2, %r1, 1;\nst.param.b32 [r], %r2;\nret;\n}}\n\
         .global .align 8 .u64 tab[2] = {{add1, dbl}};\n.global .align 4 .b8 vals[8] = {{5, 0, 0, 0, 7}};\n.global .align 8 .u64 pv = generic(vals)+4;\n\
         .visible .entry k(.param .u64 k_out)\n{{\n.reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n\
         ld.param.u64 %rd1, [k_out];\nld.global.u64 %rd2, [tab+8];\nld.global.u64 %rd3, [pv];\nld.u32 %r1, [%rd3];\n\
         {{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .b32 retval0;\n\
         prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);\n\
         call (retval0), %rd2, (param0), prototype_0;\nld.param.b32 %r2, [retval0];\n}}\n\
         st.global.u32 [%rd1], %r2;\nret;\n}}\n"
    );
    let mut emu = emu(&ptx);
    let out = emu.alloc(4);
    emu.launch("k", (1, 1, 1), (1, 1, 1), 0, &[Arg::Ptr(out)])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(emu.read(out, 4).unwrap(), 14u32.to_le_bytes(), "dbl(vals[1])");
    let bad = ptx.replace("{add1, dbl}", "{add1, nosuch}");
    let e = Emulator::new(&bad).err().unwrap().to_string();
    assert!(e.contains("`nosuch`"), "{e}");
}

#[test]
fn fma_f64_directed_rounding() {
    let f = |inst: &str, c: f64| {
        f64r(&format!(
            "mov.f64 %fd2, 0d3FF0000000000000;\nmov.f64 %fd3, 0d{:016X};\n{inst} %fd1, %fd2, %fd2, %fd3;",
            c.to_bits()
        ))
    };
    let tiny = 2f64.powi(-80);
    assert_eq!(f("fma.rn.f64", tiny), 1.0);
    assert_eq!(f("fma.rp.f64", tiny), 1.0 + f64::EPSILON);
    assert_eq!(f("fma.rz.f64", tiny), 1.0);
    assert_eq!(f("fma.rm.f64", -tiny), 1.0 - f64::EPSILON / 2.0);
    assert_eq!(f("fma.rz.f64", -tiny), 1.0 - f64::EPSILON / 2.0);
    assert_eq!(f("fma.rp.f64", -tiny), 1.0);
    assert_eq!(
        f("fma.rm.f64", -1.0).to_bits(),
        0x8000_0000_0000_0000,
        "exact zero is -0 toward -inf"
    );
    assert_eq!(f("fma.rp.f64", -1.0).to_bits(), 0);
}

#[test]
fn fp8_conversions() {
    // cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 d, hi, lo: `hi` to the upper byte
    let pack = |ty: &str, hi: &str, lo: &str| {
        r32(&format!(
            "mov.f32 %f2, {hi};\nmov.f32 %f3, {lo};\ncvt.rn.satfinite.{ty}.f32 %rs1, %f2, %f3;\ncvt.u32.u16 %r1, %rs1;"
        ))
    };
    assert_eq!(pack("e4m3x2", "0f3F800000", "0fC0000000"), 0x38c0, "1.0, -2.0");
    assert_eq!(
        pack("e4m3x2", "0f43E00000", "0f447A0000"),
        0x7e7e,
        "448 and 1000 saturate to 448"
    );
    assert_eq!(
        pack("e4m3x2", "0fFF800000", "0f7FC00000"),
        0xfe7f,
        "-inf saturates, NaN"
    );
    // 1 + 1/16 is a tie between 1.0 and 1.125 (to even: 1.0); 1 + 3/16 one between 1.125 and 1.25
    assert_eq!(pack("e4m3x2", "0f3F880000", "0f3F980000"), 0x383a, "ties to even");
    // 2^-9 is the smallest subnormal; 2^-10 a tie with zero; 3 * 2^-10 a tie between 1 and 2 quanta
    assert_eq!(pack("e4m3x2", "0f3B000000", "0f3A800000"), 0x0100, "subnormals");
    assert_eq!(pack("e4m3x2", "0f3B400000", "0f80000000"), 0x0280, "subnormal tie, -0");
    assert_eq!(
        pack("e5m2x2", "0f3F800000", "0f47600000"),
        0x3c7b,
        "1.0, 57344 (largest finite)"
    );
    assert_eq!(
        pack("e5m2x2", "0f49742400", "0fFF800000"),
        0x7bfb,
        "1e6 and -inf saturate"
    );
    // cvt.rn.f16x2.{e4m3x2,e5m2x2} d, a: exact, the lower byte to the lower half
    let unpack = |ty: &str, bits: u16| r32(&format!("mov.b16 %rs1, {bits};\ncvt.rn.f16x2.{ty} %r1, %rs1;"));
    assert_eq!(unpack("e4m3x2", 0x38c0), 0x3c00_c000, "1.0, -2.0");
    assert_eq!(unpack("e4m3x2", 0x7e01), 0x5f00_1800, "448, 2^-9");
    assert_eq!(unpack("e5m2x2", 0x3c7b), 0x3c00_7b00, "e5m2 is the upper byte of f16");
    // cvt.rn.satfinite.e4m3x2.f16x2 d, a: lane by lane
    assert_eq!(
        r32("mov.b32 %r2, 0x3C00C000;\ncvt.rn.satfinite.e4m3x2.f16x2 %rs1, %r2;\ncvt.u32.u16 %r1, %rs1;"),
        0x38c0
    );
}

/// `ex2.approx` and `tanh.approx` on 16-bit formats: the function rounded to the format.
#[test]
fn approx_16bit() {
    // {2.0, 1.0} -> {4.0, 2.0}
    assert_eq!(r32("mov.b32 %r2, 0x40003C00;\nex2.approx.f16x2 %r1, %r2;"), 0x4400_4000);
    // 2^0.5 = 1.41421 -> f16 0x3da8 (1.4140625)
    assert_eq!(
        r32("mov.b16 %rs1, 0x3800;\nex2.approx.f16 %rs2, %rs1;\ncvt.u32.u16 %r1, %rs2;"),
        0x3da8
    );
    // tanh(1) = 0.761594 -> bf16 0x3f43 (0.76171875)
    assert_eq!(
        r32("mov.b16 %rs1, 0x3F80;\ntanh.approx.bf16 %rs2, %rs1;\ncvt.u32.u16 %r1, %rs2;"),
        0x3f43
    );
}

#[test]
fn simd_video_and_packed_integer_pairs() {
    let two = |op: &str, a: u32, b: u32| {
        r32(&format!(
            "mov.b32 %r2, {a:#x};\nmov.b32 %r3, {b:#x};\n{op} %r1, %r2, %r3;"
        ))
    };
    // vabsdiff4/2: per byte/halfword |a - b|; with .add, c plus their sum
    let vad = |op: &str, a: u32, b: u32, c: u32| {
        r32(&format!(
            "mov.b32 %r2, {a:#x};\nmov.b32 %r3, {b:#x};\nmov.b32 %r4, {c:#x};\n{op} %r1, %r2, %r3, %r4;"
        ))
    };
    assert_eq!(vad("vabsdiff4.u32.u32.u32", 0x00ff_1080, 0xff00_2001, 7), 0xffff_107f);
    assert_eq!(vad("vabsdiff4.s32.s32.s32", 0x807f_0000, 0x7f80_0000, 0), 0xffff_0000);
    assert_eq!(
        vad("vabsdiff4.u32.u32.u32.add", 0x00ff_1080, 0xff00_2001, 7),
        7 + 0xff + 0xff + 0x10 + 0x7f
    );
    assert_eq!(vad("vabsdiff2.u32.u32.u32", 0x0000_ffff, 0xffff_0001, 0), 0xffff_fffe);
    assert_eq!(
        vad("vabsdiff2.u32.u32.u32.add", 0x0000_ffff, 0xffff_0001, 1),
        1 + 0xffff + 0xfffe
    );
    // .u16x2/.s16x2: each halfword on its own, wrapping
    assert_eq!(two("add.u16x2", 0xffff_0001, 0x0001_ffff), 0);
    assert_eq!(two("add.s16x2", 0x7fff_0002, 0x0001_0003), 0x8000_0005);
    assert_eq!(two("min.s16x2", 0x8000_0001, 0x7fff_ffff), 0x8000_ffff);
    assert_eq!(two("min.u16x2", 0x8000_0001, 0x7fff_ffff), 0x7fff_0001);
    assert_eq!(two("max.s16x2", 0x8000_0001, 0x7fff_ffff), 0x7fff_0001);
    assert_eq!(two("max.u16x2", 0x8000_0001, 0x7fff_ffff), 0x8000_ffff);
    assert_eq!(two("min.s16x2.relu", 0x8000_0005, 0x7fff_0007), 0x0000_0005);
}
