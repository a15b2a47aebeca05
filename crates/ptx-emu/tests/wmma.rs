//! Warp matrix instructions: for each shape and type of sm_80, a kernel loads A, B and C with
//! `wmma.load` (row- and column-major memory, padded strides), multiplies with `wmma.mma` and
//! stores D with `wmma.store`; D must equal a plain Rust product, under both emulator fragment
//! layouts (PTX leaves the layout unspecified, so load -> mma -> store may not depend on it).
//! Also: a kernel that reads its fragment non-uniformly does depend on the layout, and the
//! error paths (partial warps, divergence, unsupported shapes).

use std::sync::OnceLock;

use warpc_ptx_emu::{Arg, Emulator};
use warpc_testkit::Oracles;

fn assert_ptxas(ptx: &str) {
    static ORACLES: OnceLock<Oracles> = OnceLock::new();
    let oracles = ORACLES.get_or_init(Oracles::require);
    if let Err(e) = oracles.ptxas(ptx, "sm_90") {
        panic!("ptxas rejects the test's PTX:\n{e}\n{ptx}");
    }
}

const HEAD: &str = ".version 8.0\n.target sm_90\n.address_size 64\n";

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum T {
    F16,
    Bf16,
    Tf32,
    F32,
    F64,
    S8,
    U8,
    S4,
    U4,
    B1,
    S32,
}

impl T {
    fn name(self) -> &'static str {
        match self {
            T::F16 => "f16",
            T::Bf16 => "bf16",
            T::Tf32 => "tf32",
            T::F32 => "f32",
            T::F64 => "f64",
            T::S8 => "s8",
            T::U8 => "u8",
            T::S4 => "s4",
            T::U4 => "u4",
            T::B1 => "b1",
            T::S32 => "s32",
        }
    }
    fn bits(self) -> u64 {
        match self {
            T::F16 | T::Bf16 => 16,
            T::Tf32 | T::F32 | T::S32 => 32,
            T::F64 => 64,
            T::S8 | T::U8 => 8,
            T::S4 | T::U4 => 4,
            T::B1 => 1,
        }
    }
    fn per_reg(self) -> usize {
        match self {
            T::F16 | T::Bf16 => 2,
            T::S8 | T::U8 => 4,
            T::S4 | T::U4 => 8,
            T::B1 => 32,
            _ => 1,
        }
    }
    fn reg_ty(self) -> &'static str {
        match self {
            T::F32 => "f32",
            T::F64 => "f64",
            _ => "b32",
        }
    }
    /// A random value of the type and its bits; floats are chosen so that every product and
    /// sum of the test is exact (small multiples of a power of two).
    fn gen(self, r: &mut Rng) -> (f64, u64) {
        match self {
            T::F16 => {
                let v = r.int(-8, 8) as f64 / 4.0;
                (v, f16_bits(v))
            }
            T::Bf16 => {
                let v = r.int(-64, 64) as f64 / 8.0;
                (v, ((v as f32).to_bits() >> 16) as u64)
            }
            T::Tf32 => {
                // low 13 mantissa bits are noise that the mma ignores
                let v = r.int(-512, 512) as f64 / 16.0;
                let bits = (v as f32).to_bits();
                let noise = if v == 0.0 { 0 } else { r.next() as u32 & 0x1fff };
                (v, (bits | noise) as u64)
            }
            T::F32 => {
                let v = r.int(-1000, 1000) as f64 / 4.0;
                (v, (v as f32).to_bits() as u64)
            }
            T::F64 => {
                let v = (r.next() >> 11) as f64 / (1u64 << 53) as f64 * 8.0 - 4.0;
                (v, v.to_bits())
            }
            T::S8 => {
                let v = r.int(-128, 127);
                (v as f64, v as u8 as u64)
            }
            T::U8 => {
                let v = r.int(0, 255);
                (v as f64, v as u64)
            }
            T::S4 => {
                let v = r.int(-8, 7);
                (v as f64, (v as u64) & 0xf)
            }
            T::U4 => {
                let v = r.int(0, 15);
                (v as f64, v as u64)
            }
            T::B1 => {
                let v = r.int(0, 1);
                (v as f64, v as u64)
            }
            T::S32 => {
                let v = r.int(-100_000, 100_000);
                (v as f64, v as u32 as u64)
            }
        }
    }
}

/// `v` (exact in f32, in f16's normal range or zero) rounded to f16, to nearest even.
fn f16_bits(v: f64) -> u64 {
    if v == 0.0 {
        return 0;
    }
    let b = (v as f32).to_bits();
    let sign = (b >> 31) << 15;
    let exp = ((b >> 23) & 0xff) as i32 - 127 + 15;
    assert!((1..31).contains(&exp), "{v} is not a normal f16");
    let mut h = (exp as u32) << 10 | (b & 0x7f_ffff) >> 13;
    let rest = b & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && h & 1 == 1) {
        h += 1;
    }
    (sign | h) as u64
}

fn f16_value(h: u64) -> f64 {
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    let s = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    s * if e == 0 {
        m * 2f64.powi(-24)
    } else {
        (1024.0 + m) * 2f64.powi(e - 25)
    }
}

/// A matrix in memory: `rows x cols` values with their bits, stored row- or column-major with
/// stride `ldm` elements.
struct Matrix {
    vals: Vec<f64>,
    bits: Vec<u64>,
    rows: usize,
    cols: usize,
    col_major: bool,
    ldm: usize,
}

impl Matrix {
    fn random(r: &mut Rng, t: T, rows: usize, cols: usize, col_major: bool, pad: usize) -> Matrix {
        let (vals, bits) = (0..rows * cols).map(|_| t.gen(r)).unzip();
        let ldm = if col_major { rows } else { cols } + pad;
        Matrix {
            vals,
            bits,
            rows,
            cols,
            col_major,
            ldm,
        }
    }
    fn index(&self, i: usize, j: usize) -> usize {
        if self.col_major {
            j * self.ldm + i
        } else {
            i * self.ldm + j
        }
    }
    fn bytes(&self, t: T) -> Vec<u8> {
        let outer = if self.col_major { self.cols } else { self.rows };
        let nbits = (outer * self.ldm) as u64 * t.bits();
        let mut out = vec![0u8; nbits.div_ceil(8) as usize];
        for i in 0..self.rows {
            for j in 0..self.cols {
                let at = self.index(i, j) as u64 * t.bits();
                let v = self.bits[i * self.cols + j];
                for b in 0..t.bits() {
                    if v >> b & 1 != 0 {
                        out[((at + b) / 8) as usize] |= 1 << ((at + b) % 8);
                    }
                }
            }
        }
        out
    }
    /// Element (i, j) of bytes written in this matrix's layout.
    fn read(&self, bytes: &[u8], t: T, i: usize, j: usize) -> u64 {
        let at = self.index(i, j) as u64 * t.bits();
        (0..t.bits()).fold(0, |v, b| {
            v | (((bytes[((at + b) / 8) as usize] >> ((at + b) % 8)) & 1) as u64) << b
        })
    }
}

struct Case {
    shape: (usize, usize, usize),
    ab: T,
    c: T,
    d: T,
    col: [bool; 4],
    bop: Option<&'static str>,
    sat: bool,
}

fn per_lane(t: T, rows: usize, cols: usize, multiplicand: bool) -> usize {
    if t == T::F16 && multiplicand {
        16
    } else {
        rows * cols / 32
    }
}

fn regs(prefix: &str, n: usize) -> String {
    let v: Vec<String> = (0..n).map(|k| format!("%{prefix}{k}")).collect();
    format!("{{{}}}", v.join(", "))
}

fn lay(col: bool) -> &'static str {
    if col {
        "col"
    } else {
        "row"
    }
}

/// The kernel of a case, with the fragment register counts.
fn ptx(c: &Case, ld: [usize; 4]) -> String {
    let (m, n, k) = c.shape;
    let shape = format!("m{m}n{n}k{k}");
    let na = per_lane(c.ab, m, k, true) / c.ab.per_reg();
    let nb = per_lane(c.ab, k, n, true) / c.ab.per_reg();
    let nc = per_lane(c.c, m, n, false) / c.c.per_reg();
    let nd = per_lane(c.d, m, n, false) / c.d.per_reg();
    let ab = c.ab.name();
    let types = if c.ab == T::F16 {
        format!("{}.{}", c.d.name(), c.c.name())
    } else {
        format!("{}.{ab}.{ab}.{}", c.d.name(), c.c.name())
    };
    let mma = format!(
        "wmma.mma{}.sync.aligned.{}.{}.{shape}{}.{types}{}",
        c.bop.map(|o| format!(".{o}.popc")).unwrap_or_default(),
        lay(c.col[0]),
        lay(c.col[1]),
        if c.ab == T::F64 { ".rn" } else { "" },
        if c.sat { ".satfinite" } else { "" }
    );
    format!(
        "{HEAD}.visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n{{\n\
         .reg .b64 %rd<5>;\n.reg .{ra} %a<{na}>;\n.reg .{ra} %b<{nb}>;\n.reg .{rc} %c<{nc}>;\n.reg .{rd} %d<{nd}>;\n\
         ld.param.u64 %rd1, [pa];\nld.param.u64 %rd2, [pb];\nld.param.u64 %rd3, [pc];\nld.param.u64 %rd4, [pd];\n\
         wmma.load.a.sync.aligned.{la}.{shape}.global.{ab} {ra_}, [%rd1], {l0};\n\
         wmma.load.b.sync.aligned.{lb}.{shape}.{ab} {rb_}, [%rd2], {l1};\n\
         wmma.load.c.sync.aligned.{lc}.{shape}.{ct} {rc_}, [%rd3], {l2};\n\
         {mma} {rd_}, {ra_}, {rb_}, {rc_};\n\
         wmma.store.d.sync.aligned.{ld_}.{shape}.global.{dt} [%rd4], {rd_}, {l3};\nret;\n}}\n",
        ra = if c.ab == T::F64 { "f64" } else { "b32" },
        rc = c.c.reg_ty(),
        rd = c.d.reg_ty(),
        la = lay(c.col[0]),
        lb = lay(c.col[1]),
        lc = lay(c.col[2]),
        ld_ = lay(c.col[3]),
        ct = c.c.name(),
        dt = c.d.name(),
        ra_ = regs("a", na),
        rb_ = regs("b", nb),
        rc_ = regs("c", nc),
        rd_ = regs("d", nd),
        l0 = ld[0],
        l1 = ld[1],
        l2 = ld[2],
        l3 = ld[3],
    )
}

fn check(case: &Case, seed: u64) {
    let (m, n, k) = case.shape;
    let mut r = Rng(seed);
    let pad = if case.ab.bits() < 8 { 0 } else { 8 };
    let a = Matrix::random(&mut r, case.ab, m, k, case.col[0], pad);
    let b = Matrix::random(&mut r, case.ab, k, n, case.col[1], pad);
    let c = Matrix::random(&mut r, case.c, m, n, case.col[2], 4);
    let dm = Matrix::random(&mut r, case.d, m, n, case.col[3], 4);
    let src = ptx(case, [a.ldm, b.ldm, c.ldm, dm.ldm]);
    assert_ptxas(&src);
    let dbytes_len = dm.bytes(case.d).len();
    let mut outs = Vec::new();
    for layout in 0..2 {
        let mut emu = Emulator::new(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
        emu.wmma_layout = layout;
        let mut put = |bytes: Vec<u8>| {
            let p = emu.alloc(bytes.len() as u64);
            emu.write(p, &bytes).unwrap();
            p
        };
        let (pa, pb, pc) = (put(a.bytes(case.ab)), put(b.bytes(case.ab)), put(c.bytes(case.c)));
        let pd = put(vec![0; dbytes_len]);
        emu.launch(
            "k",
            (1, 1, 1),
            (32, 1, 1),
            0,
            &[Arg::Ptr(pa), Arg::Ptr(pb), Arg::Ptr(pc), Arg::Ptr(pd)],
        )
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
        outs.push(emu.read(pd, dbytes_len).unwrap());
    }
    assert_eq!(outs[0], outs[1], "the result depends on the fragment layout\n{src}");
    for i in 0..m {
        for j in 0..n {
            let got = dm.read(&outs[0], case.d, i, j);
            let mut acc = c.vals[i * n + j];
            for q in 0..k {
                let (x, y) = (a.vals[i * k + q], b.vals[q * n + j]);
                acc = match case.bop {
                    Some("xor") => acc + ((x != y) as i32) as f64,
                    Some(_) => acc + (x * y),
                    None if case.ab == T::F64 => x.mul_add(y, acc),
                    None => acc + x * y,
                };
            }
            let want = match case.d {
                T::F16 => f16_bits(acc),
                T::F32 => (acc as f32).to_bits() as u64,
                T::F64 => acc.to_bits(),
                _ => {
                    let v = acc as i64;
                    let v = if case.sat {
                        v.clamp(i32::MIN as i64, i32::MAX as i64)
                    } else {
                        v
                    };
                    v as u32 as u64
                }
            };
            assert_eq!(
                got,
                want,
                "D[{i}][{j}] of {:?} {:?}: got {:#x}{}, want {acc}\n{src}",
                case.shape,
                case.ab,
                got,
                if case.d == T::F16 {
                    format!(" ({})", f16_value(got))
                } else {
                    String::new()
                }
            );
        }
    }
}

fn case(shape: (usize, usize, usize), ab: T, c: T, d: T, col: [bool; 4]) -> Case {
    Case {
        shape,
        ab,
        c,
        d,
        col,
        bop: None,
        sat: false,
    }
}

#[test]
fn floating_point_shapes_and_layouts() {
    let (f, t) = (false, true);
    let mut seed = 1;
    for shape in [(16, 16, 16), (32, 8, 16), (8, 32, 16)] {
        for col in [[f, t, f, f], [t, f, t, t], [f, f, f, t], [t, t, t, f]] {
            for (c, d) in [(T::F32, T::F32), (T::F16, T::F16), (T::F16, T::F32), (T::F32, T::F16)] {
                seed += 1;
                check(&case(shape, T::F16, c, d, col), seed);
            }
            seed += 1;
            check(&case(shape, T::Bf16, T::F32, T::F32, col), seed);
        }
    }
    for col in [[f, t, f, f], [t, f, t, t]] {
        check(&case((16, 16, 8), T::Tf32, T::F32, T::F32, col), 100);
        check(&case((8, 8, 4), T::F64, T::F64, T::F64, col), 101);
    }
}

#[test]
fn integer_shapes() {
    let (f, t) = (false, true);
    for (seed, shape) in [(16, 16, 16), (32, 8, 16), (8, 32, 16)].into_iter().enumerate() {
        for ty in [T::S8, T::U8] {
            for sat in [false, true] {
                let mut c = case(shape, ty, T::S32, T::S32, [f, t, f, t]);
                c.sat = sat;
                check(&c, 200 + seed as u64);
                c.col = [t, f, t, f];
                check(&c, 300 + seed as u64);
            }
        }
    }
    // sub-byte types: A row-major, B column-major only
    for ty in [T::S4, T::U4] {
        check(&case((8, 8, 32), ty, T::S32, T::S32, [f, t, f, t]), 400);
    }
    for op in ["xor", "and"] {
        let mut c = case((8, 8, 128), T::B1, T::S32, T::S32, [f, t, t, f]);
        c.bop = Some(op);
        check(&c, 500);
    }
}

#[test]
fn int32_saturation() {
    // C near the top of the int32 range: .satfinite clamps, plain mma wraps
    let src_for = |sat: bool| {
        let mut c = case((16, 16, 16), T::S8, T::S32, T::S32, [false, true, false, false]);
        c.sat = sat;
        ptx(&c, [16, 16, 16, 16])
    };
    for sat in [false, true] {
        let src = src_for(sat);
        assert_ptxas(&src);
        let mut emu = Emulator::new(&src).unwrap();
        let a = emu.alloc(256);
        emu.write(a, &[127u8; 256]).unwrap();
        let c = emu.alloc(1024);
        emu.write(c, &i32::MAX.to_le_bytes().repeat(256)).unwrap();
        let d = emu.alloc(1024);
        emu.launch(
            "k",
            (1, 1, 1),
            (32, 1, 1),
            0,
            &[Arg::Ptr(a), Arg::Ptr(a), Arg::Ptr(c), Arg::Ptr(d)],
        )
        .unwrap();
        let v = i32::from_le_bytes(emu.read(d, 4).unwrap().try_into().unwrap());
        let exact = i32::MAX as i64 + 16 * 127 * 127;
        assert_eq!(
            v as i64,
            if sat {
                i32::MAX as i64
            } else {
                exact as u32 as i32 as i64
            }
        );
    }
}

/// A store of a fragment that lanes modified non-uniformly (`x[i] = lane`) depends on the
/// unspecified layout: the two emulator layouts give different memory.
#[test]
fn non_uniform_fragment_access_depends_on_the_layout() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 pd)\n{{\n.reg .b64 %rd<2>;\n.reg .b32 %r<2>;\n.reg .f32 %d<8>;\n\
         ld.param.u64 %rd1, [pd];\nmov.u32 %r1, %laneid;\ncvt.rn.f32.u32 %d0, %r1;\nmov.f32 %d1, %d0;\nmov.f32 %d2, %d0;\n\
         mov.f32 %d3, %d0;\nmov.f32 %d4, %d0;\nmov.f32 %d5, %d0;\nmov.f32 %d6, %d0;\nmov.f32 %d7, %d0;\n\
         wmma.store.d.sync.aligned.row.m16n16k16.f32 [%rd1], {}, 16;\nret;\n}}\n",
        regs("d", 8)
    );
    assert_ptxas(&src);
    let mut outs = Vec::new();
    for layout in 0..2 {
        let mut emu = Emulator::new(&src).unwrap();
        emu.wmma_layout = layout;
        let d = emu.alloc(1024);
        emu.launch("k", (1, 1, 1), (32, 1, 1), 0, &[Arg::Ptr(d)]).unwrap();
        outs.push(emu.read(d, 1024).unwrap());
    }
    assert_ne!(outs[0], outs[1]);
}

#[test]
fn errors() {
    let c = case((16, 16, 16), T::F16, T::F32, T::F32, [false, true, false, false]);
    let src = ptx(&c, [16, 16, 16, 16]);
    let mut emu = Emulator::new(&src).unwrap();
    let p = emu.alloc(4096);
    let args = [Arg::Ptr(p), Arg::Ptr(p), Arg::Ptr(p), Arg::Ptr(p)];
    // a partial warp
    let e = emu
        .launch("k", (1, 1, 1), (16, 1, 1), 0, &args)
        .unwrap_err()
        .to_string();
    assert!(e.contains("needs all 32 lanes"), "{e}");
    // out of bounds: the stride runs past the allocation
    let src = ptx(&c, [200, 16, 16, 16]);
    let mut emu = Emulator::new(&src).unwrap();
    let p = emu.alloc(4096);
    let args = [Arg::Ptr(p), Arg::Ptr(p), Arg::Ptr(p), Arg::Ptr(p)];
    let e = emu
        .launch("k", (1, 1, 1), (32, 1, 1), 0, &args)
        .unwrap_err()
        .to_string();
    assert!(e.contains("out-of-bounds"), "{e}");
    // an unsupported form is reported when it executes
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 p)\n{{\n.reg .b64 %rd<2>;\n.reg .b32 %r<8>;\nld.param.u64 %rd1, [p];\n\
         wmma.load.a.sync.aligned.row.m16n16k8.f16 {}, [%rd1];\nret;\n}}\n",
        regs("r", 8)
    );
    let mut emu = Emulator::new(&src).unwrap();
    let p = emu.alloc(4096);
    let e = emu
        .launch("k", (1, 1, 1), (32, 1, 1), 0, &[Arg::Ptr(p)])
        .unwrap_err()
        .to_string();
    assert!(e.contains("no A fragment of type .f16 for shape m16n16k8"), "{e}");
}
