//! NVRTC's JIT-mode rules (`--nvrtc`, the NVRTC library): a program compiled at run time has no
//! host side, so NVRTC rejects host declarations where nvcc would compile them for the host.
//! Measured against the toolkit's `libnvrtc` (13.5), each at the declaration's name (a static
//! data member at its declaration, as NVRTC points at `static`):
//!
//! - a function declared without `__host__`/`__device__`/`__global__` (every declaration
//!   written in a namespace or a class, definitions included; not a member defined outside its
//!   class, not `= default`/`= delete`) is a host function, an error unless `-default-device`
//!   makes it `__device__`;
//! - a function declared `__host__` alone is an error even with `-default-device`;
//! - a namespace-scope variable without a memory space whose type is not `const` (`extern`,
//!   `static`, `volatile`, `thread_local` included; `const int *p` is not const, `int *const p`
//!   is), and a class's static data member of a non-`const` type declared in its class, are host
//!   variables: errors unless `-default-device`.
//!
//! Only the user's files are checked: the toolkit's and warpc's headers are written for NVRTC
//! (and a system header's host declaration that device code does not use costs nothing).

use warpc_base::{Diagnostic, FileId, FileRange};

use crate::body::{MemorySpace, Quals, TypeRef};
use crate::item_tree::{FnAttrs, Item, ItemSourceMap, ItemTree};

const HOST_FUNCTION: &str = "A function without execution space annotations (__host__/__device__/__global__) is considered a host function, and host functions are not allowed in JIT mode. Consider using -default-device flag to process unannotated functions as __device__ functions in JIT mode";
const EXPLICIT_HOST: &str = "A function explicitly marked as a __host__ function is not allowed in JIT mode";
const HOST_VARIABLE: &str = "A namespace scope variable without memory space annotations (__device__/__constant__/__shared__/__managed__) is considered a host variable, and host variables are not allowed in JIT mode. Consider using -default-device flag to process unannotated namespace scope variables as __device__ variables in JIT mode";
const HOST_STATIC_MEMBER: &str = "A class static data member with non-const type is considered a host variable, and host variables are not allowed in JIT mode. Consider using -default-device flag to process such data members as __device__ variables in JIT mode";

/// The JIT-mode errors of the declarations in the user's files (those `is_system` does not
/// mark), in item order.
pub fn jit_mode_diagnostics(
    tree: &ItemTree,
    source_map: &ItemSourceMap,
    default_device: bool,
    is_system: impl Fn(FileId) -> bool,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // A variable named `C::m` with `C` a class is a static data member defined outside its
    // class (reported, if at all, where it is declared in the class).
    let classes: rustc_hash::FxHashSet<&str> = tree.records.iter().filter_map(|r| r.name.as_deref()).collect();
    for (i, item) in tree.items.iter().enumerate() {
        let Some(&(file, decl, name)) = source_map.items.get(i) else {
            continue;
        };
        if is_system(file) {
            continue;
        }
        let at = FileRange { file, range: name };
        let message = match item {
            Item::Function(f) => {
                let outside_class = f.method.as_ref().is_some_and(|m| m.member_pos == u32::MAX);
                if f.attrs.defaulted || f.attrs.deleted || outside_class {
                    continue;
                }
                match host_only(&f.attrs) {
                    Some(true) => EXPLICIT_HOST,
                    Some(false) if !default_device => HOST_FUNCTION,
                    _ => continue,
                }
            }
            Item::Var(v) if v.space == MemorySpace::Default && !default_device && !v.is_constexpr => {
                if !surely_not_const(&v.ty) {
                    continue;
                }
                match v.member_of {
                    None if v
                        .name
                        .rsplit_once("::")
                        .is_some_and(|(scope, _)| classes.contains(scope)) =>
                    {
                        continue
                    }
                    None => HOST_VARIABLE,
                    // Declared in its class (its definition outside the class is not reported).
                    Some(r) => {
                        let in_class = source_map
                            .records
                            .get(r as usize)
                            .is_some_and(|&(rf, rr)| rf == file && rr.contains_range(decl));
                        if !in_class {
                            continue;
                        }
                        // NVRTC points at the declaration (`static`), not the name.
                        out.push(Diagnostic::error(
                            "jit-host",
                            HOST_STATIC_MEMBER,
                            FileRange { file, range: decl },
                        ));
                        continue;
                    }
                }
            }
            _ => continue,
        };
        out.push(Diagnostic::error("jit-host", message, at));
    }
    out
}

/// `Some(true)` for `__host__` alone, `Some(false)` for no execution-space attribute, `None`
/// for a device, `__host__ __device__` or `__global__` function.
fn host_only(a: &FnAttrs) -> Option<bool> {
    if a.global || a.device {
        None
    } else {
        Some(a.host)
    }
}

/// Whether a variable of the written type `ty` is certainly not `const` (arrays are as const as
/// their elements). A name that may be a `const` typedef is not certain.
fn surely_not_const(ty: &TypeRef) -> bool {
    match ty {
        TypeRef::Qualified(q, inner) => !q.contains(Quals::CONST) && surely_not_const(inner),
        TypeRef::Array(elem, _) => surely_not_const(elem),
        TypeRef::Builtin(_)
        | TypeRef::Pointer(_)
        | TypeRef::Record { .. }
        | TypeRef::Enum { .. }
        | TypeRef::Template { .. }
        | TypeRef::Auto => true,
        _ => false,
    }
}
