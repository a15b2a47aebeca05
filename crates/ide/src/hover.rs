//! Hover: the declaration of what is under the cursor (type, CUDA execution or memory space),
//! the value of constants, enumerators and macros, and the documentation of builtins.

use warpc_base::TextRange;
use warpc_db::{Compilation, Database};
use warpc_hir::item_tree::Item;
use warpc_hir::ty::{ConstValue, ExecSpace, FnId, Ty, TyKind, VarSpace};
use warpc_hir::DefMap;

use crate::resolve::{self, Def};
use crate::{builtins, FilePosition};

/// Markdown hover text and the range it applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoverResult {
    pub range: TextRange,
    pub markdown: String,
}

pub(crate) fn exec_space(s: ExecSpace) -> &'static str {
    match s {
        ExecSpace::Global => "__global__",
        ExecSpace::Device => "__device__",
        ExecSpace::Host => "__host__",
        ExecSpace::HostDevice => "__host__ __device__",
    }
}

pub(crate) fn var_space(s: VarSpace) -> &'static str {
    match s {
        VarSpace::Global => "__device__",
        VarSpace::Constant => "__constant__",
        VarSpace::Shared | VarSpace::ExternShared => "__shared__",
        VarSpace::Host => "",
    }
}

/// `float *` + `x` -> `float *x`; `float [4]` + `x` -> `float x[4]` (close enough for arrays).
pub(crate) fn with_name(ty: &str, name: &str) -> String {
    if let Some(i) = ty.find(" [") {
        return format!("{} {name}{}", &ty[..i], &ty[i + 1..]);
    }
    if ty.ends_with('*') || ty.ends_with('&') {
        format!("{ty}{name}")
    } else {
        format!("{ty} {name}")
    }
}

/// `__global__ void k(float *out, int n)`, with parameter names from the item tree.
pub(crate) fn fn_signature(db: &Database, comp: Compilation, f: FnId) -> String {
    let defs = warpc_db::def_map(db, comp);
    let items = &warpc_db::item_tree_with_source_map(db, comp).tree;
    let decl = defs.function(f);
    let names: Vec<Option<String>> = match items.items.get(decl.item as usize) {
        Some(Item::Function(fi)) => fi
            .params
            .iter()
            .map(|p| p.name.as_ref().map(|n| n.to_string()))
            .collect(),
        _ => Vec::new(),
    };
    let mut params: Vec<String> = decl
        .sig
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let t = resolve::show_ty(defs, p);
            match names.get(i).cloned().flatten() {
                Some(n) => with_name(&t, &n),
                None => t,
            }
        })
        .collect();
    if decl.sig.variadic {
        params.push("...".into());
    }
    let ret = resolve::show_ty(defs, &decl.sig.ret);
    let space = match decl.space {
        ExecSpace::Host => "",
        s => exec_space(s),
    };
    let head = if space.is_empty() {
        String::new()
    } else {
        format!("{space} ")
    };
    format!(
        "{head}{}{}({})",
        if ret.ends_with('*') {
            ret.clone()
        } else {
            format!("{ret} ")
        },
        decl.name,
        params.join(", ")
    )
}

fn const_text(ty: &Ty, v: &ConstValue) -> Option<String> {
    match (v, &ty.kind) {
        (ConstValue::Int(i), TyKind::Int(k)) => {
            let bits = k.bits();
            let masked = if bits >= 128 { *i } else { i & ((1u128 << bits) - 1) };
            if k.is_signed() && bits < 128 && masked >> (bits - 1) & 1 == 1 {
                Some(format!("{}", masked as i128 - (1i128 << bits)))
            } else {
                Some(format!("{masked}"))
            }
        }
        (ConstValue::Float(b), TyKind::Float(_)) => Some(format!("{}", f64::from_bits(*b))),
        (ConstValue::Zero, TyKind::Int(_) | TyKind::Float(_)) => Some("0".into()),
        _ => None,
    }
}

fn code(s: &str) -> String {
    format!("```cuda\n{s}\n```")
}

pub(crate) fn describe(db: &Database, comp: Compilation, def: &Def) -> Option<String> {
    let defs: &DefMap = warpc_db::def_map(db, comp);
    let md = match def {
        Def::Local(l) => {
            let ty = resolve::local_ty(db, comp, l).map(|t| resolve::show_ty(defs, &t));
            let what = if l.param.is_some() {
                "parameter"
            } else {
                "local variable"
            };
            let decl = ty.map_or_else(|| l.name.to_string(), |t| with_name(&t, &l.name));
            format!("{}\n\n{what}", code(&decl))
        }
        Def::Function(fs) => {
            let first = *fs.first()?;
            let decl = defs.function(first);
            let sigs: Vec<String> = fs.iter().take(6).map(|&f| fn_signature(db, comp, f)).collect();
            let more = if fs.len() > 6 {
                format!("\n\n(+{} more overloads)", fs.len() - 6)
            } else {
                String::new()
            };
            let mut s = format!("{}{more}", code(&sigs.join("\n")));
            let space = match decl.space {
                ExecSpace::Global => "kernel (`__global__`): runs on the device, launched from the host",
                ExecSpace::Device => "device function (`__device__`)",
                ExecSpace::Host => "host function: not compiled for the device",
                ExecSpace::HostDevice => "host and device function (`__host__ __device__`)",
            };
            s.push_str(&format!("\n\n{space}"));
            if let Some(lb) = decl.launch_bounds {
                s.push_str(&format!(
                    "\n\n`__launch_bounds__({}{})`",
                    lb.max_threads,
                    lb.min_blocks.map(|b| format!(", {b}")).unwrap_or_default()
                ));
            }
            if decl.space.runs_on_device() && fs.len() == 1 && decl.link_name != decl.name {
                s.push_str(&format!("\n\nsymbol `{}`", decl.link_name));
            }
            if let Some(d) = builtins::doc(&decl.name) {
                s.push_str(&format!("\n\n---\n\n{d}"));
            }
            s
        }
        Def::Global(g) => {
            let decl = defs.global(*g);
            let space = var_space(decl.space);
            let t = with_name(&resolve::show_ty(defs, &decl.ty), &decl.name);
            let mut s = code(&if space.is_empty() { t } else { format!("{space} {t}") });
            if let Some(v) = decl.init.as_ref().and_then(|v| const_text(&decl.ty, v)) {
                s.push_str(&format!("\n\nvalue: `{v}`"));
            }
            let kind = match decl.space {
                VarSpace::Global => "global memory variable",
                VarSpace::Constant => "constant memory variable",
                VarSpace::Shared => "shared memory variable",
                VarSpace::ExternShared => "dynamic shared memory (size set at launch)",
                VarSpace::Host => "host variable: not accessible from device code",
            };
            s.push_str(&format!("\n\n{kind}"));
            s
        }
        Def::Enumerator { name, value } => format!("{}\n\nenumerator", code(&format!("{name} = {value}"))),
        Def::Type { name } => match resolve::named_type(defs, name) {
            Some(ty) => match ty.kind {
                TyKind::Record(r) if defs.typedefs.get(name.as_str()).is_none() => {
                    let rec = defs.record(r);
                    let kw = if rec.is_union { "union" } else { "struct" };
                    let fields: Vec<String> = rec
                        .fields
                        .iter()
                        .map(|f| {
                            format!(
                                "    {}; // offset {}",
                                with_name(&resolve::show_ty(defs, &f.ty), f.name.as_deref().unwrap_or("")),
                                f.offset
                            )
                        })
                        .collect();
                    format!(
                        "{}\n\nsize {}, align {}",
                        code(&format!("{kw} {name} {{\n{}\n}}", fields.join("\n"))),
                        rec.size,
                        rec.align
                    )
                }
                _ => code(&format!("typedef {}", with_name(&resolve::show_ty(defs, &ty), name))),
            },
            None => code(name),
        },
        Def::Field { record, field } => {
            let rec = defs.record(*record);
            let f = rec.fields.get(*field as usize)?;
            let owner = rec.name.as_deref().unwrap_or("<anonymous>");
            format!(
                "{}\n\nfield of `{owner}`, offset {}",
                code(&with_name(
                    &resolve::show_ty(defs, &f.ty),
                    f.name.as_deref().unwrap_or("")
                )),
                f.offset
            )
        }
        Def::Macro(m) => {
            let mut s = code(&m.display());
            if m.params.is_none() && !m.body.is_empty() {
                s.push_str(&format!("\n\nexpands to `{}`", m.body));
            }
            if let Some(d) = builtins::doc(&m.name) {
                s.push_str(&format!("\n\n---\n\n{d}"));
            }
            s
        }
        Def::BuiltinVar(n) => {
            // `dim3` is a typedef of `uint3`: spell the type as CUDA documents it.
            let ty = builtins::BUILTIN_VARS
                .iter()
                .find(|(v, _)| v == n)
                .map(|(_, t)| t.to_string())
                .or_else(|| resolve::def_ty(db, comp, def).map(|t| resolve::show_ty(defs, &t)))
                .unwrap_or_else(|| "uint3".into());
            let mut s = code(&format!("{ty} {n}"));
            if let Some(d) = builtins::doc(n) {
                s.push_str(&format!("\n\n{d}"));
            }
            s
        }
    };
    Some(md)
}

pub(crate) fn hover(db: &Database, comp: Compilation, pos: FilePosition) -> Option<HoverResult> {
    let (def, range) = resolve::def_at(db, comp, pos.file, pos.offset)?;
    let markdown = describe(db, comp, &def)?;
    Some(HoverResult { range, markdown })
}
