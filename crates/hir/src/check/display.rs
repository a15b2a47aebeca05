//! Types spelled as nvcc (EDG) spells them in diagnostics: `float *`, `const float *`,
//! `unsigned int`, `S`, `const char [5]`, `int (*)[4]`, `void (*)(int)`, `int *const`.

use crate::body::Quals;
use crate::def_map::DefMap;
use crate::ty::{FloatKind, FnDecl, IntKind, Ty, TyKind};

fn quals_words(q: Quals) -> Vec<&'static str> {
    let mut v = Vec::new();
    if q.contains(Quals::CONST) {
        v.push("const");
    }
    if q.contains(Quals::VOLATILE) {
        v.push("volatile");
    }
    if q.contains(Quals::RESTRICT) {
        v.push("__restrict__");
    }
    v
}

pub(crate) fn int_name(k: IntKind) -> &'static str {
    match k {
        IntKind::Bool => "bool",
        IntKind::Char => "char",
        IntKind::SChar => "signed char",
        IntKind::UChar => "unsigned char",
        IntKind::Short => "short",
        IntKind::UShort => "unsigned short",
        IntKind::Char16 => "char16_t",
        IntKind::Char32 => "char32_t",
        IntKind::WChar => "wchar_t",
        IntKind::Int => "int",
        IntKind::UInt => "unsigned int",
        IntKind::Long => "long",
        IntKind::ULong => "unsigned long",
        IntKind::LongLong => "long long",
        IntKind::ULongLong => "unsigned long long",
    }
}

/// A non-type template argument as nvcc spells it with its type: `5U`, `-2L`, `5ULL`,
/// `(short)5`, `(short)(-2)`, `'a'`, `'\003'`, `(unsigned char)'\003'`, `true`.
pub(crate) fn show_typed_value(value: i128, ty: &Ty) -> String {
    let TyKind::Int(k) = ty.kind else {
        return value.to_string();
    };
    let chr = |v: i128| {
        let b = v as u8;
        if (0x20..0x7f).contains(&b) && b != b'\'' && b != b'\\' {
            format!("'{}'", b as char)
        } else {
            format!("'\\{b:03o}'")
        }
    };
    let cast = |t: &str| {
        if value < 0 {
            format!("({t})({value})")
        } else {
            format!("({t}){value}")
        }
    };
    match k {
        IntKind::Bool => (value != 0).to_string(),
        IntKind::Char => chr(value),
        IntKind::SChar => format!("(signed char){}", chr(value)),
        IntKind::UChar => format!("(unsigned char){}", chr(value)),
        IntKind::Int => value.to_string(),
        IntKind::UInt => format!("{value}U"),
        IntKind::Long => format!("{value}L"),
        IntKind::ULong => format!("{value}UL"),
        IntKind::LongLong => format!("{value}LL"),
        IntKind::ULongLong => format!("{value}ULL"),
        k => cast(int_name(k)),
    }
}

/// Spells a type as nvcc does.
pub fn display_ty(ty: &Ty, records: &crate::ty::Records) -> String {
    spell(ty, String::new(), records)
}

/// `name(param types)` as nvcc names a function in "calling a __host__ function(...)" messages.
pub fn display_fn_signature(f: &FnDecl, dm: &DefMap) -> String {
    let mut params: Vec<String> = f
        .sig
        .params
        .iter()
        .map(|p| display_ty(&p.unqualified(), &dm.records))
        .collect();
    if f.sig.variadic {
        params.push("...".into());
    }
    format!("{}({})", f.name, params.join(", "))
}

fn spell(ty: &Ty, inner: String, records: &crate::ty::Records) -> String {
    match &ty.kind {
        TyKind::Reference(p) => {
            let mut d = String::from(if ty.quals.contains(crate::body::Quals::RVALUE) {
                "&&"
            } else {
                "&"
            });
            d.push_str(&inner);
            if matches!(p.kind, TyKind::Array(..) | TyKind::Function(_)) {
                d = format!("({d})");
            }
            spell(p, d, records)
        }
        TyKind::Pointer(p) => {
            let mut d = String::from("*");
            let q = quals_words(ty.quals);
            if !q.is_empty() {
                d.push_str(&q.join(" "));
                if !inner.is_empty() {
                    d.push(' ');
                }
            }
            d.push_str(&inner);
            if matches!(p.kind, TyKind::Array(..) | TyKind::Function(_)) {
                d = format!("({d})");
            }
            spell(p, d, records)
        }
        TyKind::Array(e, n) => {
            let mut d = inner;
            if d.is_empty() {
                d.push(' ');
            }
            match n {
                Some(n) => d.push_str(&format!("[{n}]")),
                None => d.push_str("[]"),
            }
            // Qualifiers of an array live on its element.
            spell(e, d, records).replace("  ", " ")
        }
        TyKind::Function(sig) => {
            let mut params: Vec<String> = sig.params.iter().map(|p| display_ty(p, records)).collect();
            if sig.variadic {
                params.push("...".into());
            }
            let nx = if sig.noexcept { " noexcept" } else { "" };
            let d = format!("{inner}({}){nx}", params.join(", "));
            spell(&sig.ret, d, records)
        }
        _ => {
            let base = match &ty.kind {
                TyKind::Void => "void".to_string(),
                TyKind::Int(k) => int_name(*k).to_string(),
                TyKind::Float(FloatKind::F32) => "float".into(),
                TyKind::Float(FloatKind::F64) => "double".into(),
                TyKind::Float(FloatKind::LongDouble) => "long double".into(),
                TyKind::Nullptr => "std::nullptr_t".into(),
                TyKind::Error => "<error-type>".into(),
                TyKind::Record(id) => match records.get(id).and_then(|r| r.name.clone()) {
                    Some(n) => n.to_string(),
                    None => {
                        let is_union = records.get(id).is_some_and(|r| r.is_union);
                        if is_union {
                            "union <unnamed>".into()
                        } else {
                            "struct <unnamed>".into()
                        }
                    }
                },
                _ => unreachable!(),
            };
            let mut words = quals_words(ty.quals).into_iter().map(String::from).collect::<Vec<_>>();
            words.push(base);
            let mut s = words.join(" ");
            if !inner.is_empty() {
                if !inner.starts_with(' ') {
                    s.push(' ');
                }
                s.push_str(&inner);
            }
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ty::FnSig;

    #[test]
    fn spells_like_nvcc() {
        let r = crate::ty::Records::default();
        let i = Ty::int(IntKind::Int);
        let f = Ty::float(FloatKind::F32);
        let c = Ty::int(IntKind::Char).with_quals(Quals::CONST);
        let cases = vec![
            (Ty::ptr(f.clone()), "float *"),
            (Ty::ptr(f.clone().with_quals(Quals::CONST)), "const float *"),
            (Ty::int(IntKind::UInt), "unsigned int"),
            (Ty::new(TyKind::Array(Box::new(c.clone()), Some(5))), "const char [5]"),
            (
                Ty::ptr(Ty::new(TyKind::Array(Box::new(i.clone()), Some(4)))),
                "int (*)[4]",
            ),
            (
                Ty::ptr(Ty::new(TyKind::Function(Box::new(FnSig {
                    ret: Ty::void(),
                    params: vec![i.clone()],
                    variadic: false,
                    noexcept: false,
                })))),
                "void (*)(int)",
            ),
            (
                Ty::ptr(Ty::new(TyKind::Function(Box::new(FnSig {
                    ret: Ty::void(),
                    params: vec![],
                    variadic: false,
                    noexcept: true,
                })))),
                "void (*)() noexcept",
            ),
            (Ty::ptr(i.clone()).with_quals(Quals::CONST), "int *const"),
            (Ty::ptr(Ty::ptr(i.clone())), "int **"),
            (Ty::ptr(f.clone()).with_quals(Quals::RESTRICT), "float *__restrict__"),
            (
                Ty::new(TyKind::Array(
                    Box::new(Ty::new(TyKind::Array(Box::new(i.clone()), Some(3)))),
                    Some(2),
                )),
                "int [2][3]",
            ),
        ];
        for (t, want) in cases {
            assert_eq!(display_ty(&t, &r), want);
        }
    }
}
