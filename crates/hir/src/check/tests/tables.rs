//! Tables of the C++ typing rules the checker implements: usual arithmetic conversions and
//! integer literal types (nvptx64: LP64).

use crate::check::display::display_ty;
use crate::check::expr::int_literal_kind;
use crate::check::types::usual_arith;
use crate::ty::{FloatKind, IntKind, Ty};
use expect_test::expect;

fn short(t: &Ty) -> String {
    display_ty(t, &Default::default())
        .replace("unsigned ", "u")
        .replace("long long", "ll")
        .replace(" ", "")
}

#[test]
fn usual_arithmetic_conversions() {
    use IntKind::*;
    let tys: Vec<Ty> = [
        Bool, Char, UChar, Short, UShort, Int, UInt, Long, ULong, LongLong, ULongLong,
    ]
    .into_iter()
    .map(Ty::int)
    .chain([Ty::float(FloatKind::F32), Ty::float(FloatKind::F64)])
    .collect();
    let mut out = String::from("a\\b     |");
    for t in &tys {
        out.push_str(&format!("{:>7}", short(t)));
    }
    out.push('\n');
    for a in &tys {
        out.push_str(&format!("{:<7} |", short(a)));
        for b in &tys {
            out.push_str(&format!("{:>7}", short(&usual_arith(a, b))));
        }
        out.push('\n');
    }
    expect![[r#"
        a\b     |   bool   char  uchar  short ushort    int   uint   long  ulong     ll    ull  float double
        bool    |    int    int    int    int    int    int   uint   long  ulong     ll    ull  float double
        char    |    int    int    int    int    int    int   uint   long  ulong     ll    ull  float double
        uchar   |    int    int    int    int    int    int   uint   long  ulong     ll    ull  float double
        short   |    int    int    int    int    int    int   uint   long  ulong     ll    ull  float double
        ushort  |    int    int    int    int    int    int   uint   long  ulong     ll    ull  float double
        int     |    int    int    int    int    int    int   uint   long  ulong     ll    ull  float double
        uint    |   uint   uint   uint   uint   uint   uint   uint   long  ulong     ll    ull  float double
        long    |   long   long   long   long   long   long   long   long  ulong     ll    ull  float double
        ulong   |  ulong  ulong  ulong  ulong  ulong  ulong  ulong  ulong  ulong    ull    ull  float double
        ll      |     ll     ll     ll     ll     ll     ll     ll     ll    ull     ll    ull  float double
        ull     |    ull    ull    ull    ull    ull    ull    ull    ull    ull    ull    ull  float double
        float   |  float  float  float  float  float  float  float  float  float  float  float  float double
        double  | double double double double double double double double double double double double double
    "#]]
    .assert_eq(&out);
}

#[test]
fn integer_literal_types() {
    // (spelling, value, unsigned, long, decimal)
    let cases: &[(&str, u128, bool, u8, bool)] = &[
        ("1", 1, false, 0, true),
        ("2147483647", 2147483647, false, 0, true),
        ("2147483648", 2147483648, false, 0, true),
        ("0x7fffffff", 0x7fffffff, false, 0, false),
        ("0x80000000", 0x80000000, false, 0, false),
        ("0xffffffff", 0xffffffff, false, 0, false),
        ("0x100000000", 0x100000000, false, 0, false),
        ("0x8000000000000000", 0x8000000000000000, false, 0, false),
        ("9223372036854775807", 9223372036854775807, false, 0, true),
        ("9223372036854775808", 9223372036854775808, false, 0, true),
        ("1u", 1, true, 0, true),
        ("4294967296u", 4294967296, true, 0, true),
        ("1l", 1, false, 1, true),
        ("0xffffffffffffffffl", 0xffffffffffffffff, false, 1, false),
        ("1ul", 1, true, 1, true),
        ("1ll", 1, false, 2, true),
        ("0xffffffffffffffffll", 0xffffffffffffffff, false, 2, false),
        ("1ull", 1, true, 2, true),
        ("017777777777", 0o17777777777, false, 0, false),
        ("020000000000", 0o20000000000, false, 0, false),
    ];
    let mut out = String::new();
    for (s, v, u, l, d) in cases {
        let k = int_literal_kind(*v, *u, *l, *d).map_or("<too large>".to_string(), |k| {
            display_ty(&Ty::int(k), &Default::default())
        });
        out.push_str(&format!("{s:<22} {k}\n"));
    }
    expect![[r#"
        1                      int
        2147483647             int
        2147483648             long
        0x7fffffff             int
        0x80000000             unsigned int
        0xffffffff             unsigned int
        0x100000000            long
        0x8000000000000000     unsigned long
        9223372036854775807    long
        9223372036854775808    <too large>
        1u                     unsigned int
        4294967296u            unsigned long
        1l                     long
        0xffffffffffffffffl    unsigned long
        1ul                    unsigned long
        1ll                    long long
        0xffffffffffffffffll   unsigned long long
        1ull                   unsigned long long
        017777777777           int
        020000000000           unsigned int
    "#]]
    .assert_eq(&out);
}
