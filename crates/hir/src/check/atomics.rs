//! nvcc's `__nv_atomic_*` builtins (CUDA 12.8+): the rules nvcc applies to their memory-order and
//! thread-scope arguments and to the operand type, with nvcc's wording, reported at the first
//! argument as nvcc does. The prelude declares one overload per arithmetic type, so the operand
//! type is the first parameter's pointee; codegen (`crates/codegen/src/atomics.rs`) relies on
//! these checks.

use super::checker::Checker;
use crate::body::ExprId;
use crate::thir::{CastKind, ExprKind, TExprId};
use crate::ty::{Ty, TyKind};
use warpc_base::Severity;

/// `__NV_ATOMIC_*` values (crt/device_functions.h).
pub const ORDER_RELAXED: i128 = 0;
pub const ORDER_CONSUME: i128 = 1;
pub const ORDER_ACQUIRE: i128 = 2;
pub const ORDER_RELEASE: i128 = 3;
pub const ORDER_ACQ_REL: i128 = 4;
pub const ORDER_SEQ_CST: i128 = 5;
/// `__NV_THREAD_SCOPE_CLUSTER`; scopes go from THREAD (0) to SYSTEM (4).
pub const SCOPE_CLUSTER: i128 = 2;
pub const SCOPE_SYSTEM: i128 = 4;

/// Where an `__nv_atomic_*` builtin takes its orders and its scope (argument indexes).
pub fn order_scope_args(op: &str) -> Option<(&'static [usize], usize)> {
    Some(match op {
        "load_n" => (&[1], 2),
        "store_n" | "exchange_n" | "fetch_add" | "fetch_sub" | "fetch_and" | "fetch_or" | "fetch_xor" | "fetch_min"
        | "fetch_max" => (&[2], 3),
        "compare_exchange_n" => (&[4, 5], 6),
        "thread_fence" => (&[0], 1),
        _ => return None,
    })
}

impl Checker<'_> {
    /// Checks a call of `__nv_atomic_<op>` whose arguments `conv` are converted to the parameter
    /// types (defaults included). Reports errors at the first argument and returns false.
    pub(crate) fn check_nv_atomic(&mut self, id: ExprId, name: &str, conv: &[TExprId], args: &[ExprId]) -> bool {
        let at = args.first().copied().unwrap_or(id);
        let op = &name["__nv_atomic_".len()..];
        let Some((orders, scope_at)) = order_scope_args(op) else {
            self.error_e(at, "unsupported", format!("unsupported: builtin \"{name}\""));
            return false;
        };
        let arch = self.options.arch;
        if arch.number < 70 {
            let msg = format!(
                "unsupported: \"{name}\" requires sm_70 or newer; the target is {}",
                arch.name()
            );
            self.error_e(at, "unsupported", msg);
            return false;
        }
        // The operand type.
        if op != "thread_fence" {
            let elem = conv
                .first()
                .and_then(|p| self.ty(*p).pointee().cloned())
                .unwrap_or_else(Ty::void);
            let float = matches!(elem.kind, TyKind::Float(_));
            let size = super::types::size_of(&elem, &self.dm.records).unwrap_or(0);
            let msg = match op {
                "load_n" | "store_n" | "exchange_n" | "compare_exchange_n" if !matches!(elem.kind, TyKind::Int(_)) => {
                    Some("non-generic nv atomic load, store, cas and exchange are valid only on integral types.")
                }
                "fetch_and" | "fetch_or" | "fetch_xor" if float => {
                    Some("For a logical atomic operation, the first argument cannot be any floating-point types.")
                }
                "fetch_min" | "fetch_max" if float => {
                    Some("atomic operations min and max are not supported on any floating-point types.")
                }
                "compare_exchange_n" if size < 2 => Some("atomic CAS is valid only on objects of size 2, 4, 8 or 16 bytes."),
                "exchange_n" if size < 4 => Some("atomic exchange is valid only on objects of size 4, 8 or 16 bytes."),
                _ if op.starts_with("fetch_") && size != 4 && size != 8 => Some(
                    "atomic operations and, or, xor, add, sub, min and max are valid only on objects of size 4, or 8 for sm_90 and below.",
                ),
                _ => None,
            };
            if let Some(msg) = msg {
                self.error_e(at, "atomic", msg);
                return false;
            }
        }
        // The orders, then the scope: integer constants naming no variable.
        let mut values = Vec::new();
        for &i in orders {
            let Some(v) = conv.get(i).and_then(|e| self.literal_int(*e)) else {
                self.error_e(
                    at,
                    "atomic",
                    "atomic operation's memory order argument is not an integer literal.",
                );
                return false;
            };
            values.push(v);
        }
        let Some(scope) = conv.get(scope_at).and_then(|e| self.literal_int(*e)) else {
            self.error_e(
                at,
                "atomic",
                "atomic operation's scope argument is not an integer literal.",
            );
            return false;
        };
        if values.iter().any(|v| !(ORDER_RELAXED..=ORDER_SEQ_CST).contains(v)) {
            self.error_e(at, "atomic", "invalid memory order value for atomic operations.");
            return false;
        }
        if !(0..=SCOPE_SYSTEM).contains(&scope) {
            self.error_e(at, "atomic", "invalid thread scope value for atomic operations.");
            return false;
        }
        let order = values[0];
        let msg = match op {
            "load_n" if order == ORDER_RELEASE || order == ORDER_ACQ_REL => {
                Some("atomic load's memory order cannot be release or acq_rel.")
            }
            "store_n" if matches!(order, ORDER_CONSUME | ORDER_ACQUIRE | ORDER_ACQ_REL) => {
                Some("atomic store's memory order cannot be consume, acquire or acq_rel.")
            }
            "compare_exchange_n" if values[1] == ORDER_RELEASE || values[1] == ORDER_ACQ_REL => {
                Some("failure order cannot be release or acq_rel.")
            }
            "thread_fence" if order == ORDER_RELAXED => Some("fence's memory order cannot be relaxed."),
            _ => None,
        };
        if let Some(msg) = msg {
            self.error_e(at, "atomic", msg);
            return false;
        }
        if scope == SCOPE_CLUSTER && arch.number < 90 {
            let msg = if matches!(op, "load_n" | "store_n") {
                "atomic load and store's scope of cluster is supported on architecture sm_90 or above. Using device scope instead."
            } else {
                "atomic operations' scope of cluster is supported on architecture sm_90 or above. Using device scope instead."
            };
            self.diag(
                super::DiagAt::Expr(at),
                Severity::Warning,
                "atomic-scope",
                msg.into(),
                Vec::new(),
            );
        }
        true
    }

    /// The value of an integer constant expression that reads no variable (nvcc's "integer
    /// literal": literals, enumerators, template arguments and operators on them; not a
    /// `constexpr` variable).
    fn literal_int(&self, e: TExprId) -> Option<i128> {
        fn reads_nothing(c: &Checker<'_>, e: TExprId) -> bool {
            match &c.out.expr(e).kind {
                ExprKind::IntConst(_) => true,
                ExprKind::Cast(CastKind::Load, _) => false,
                ExprKind::Cast(_, a) | ExprKind::Unary(_, a) => reads_nothing(c, *a),
                ExprKind::Binary(_, a, b) | ExprKind::LogicAnd(a, b) | ExprKind::LogicOr(a, b) => {
                    reads_nothing(c, *a) && reads_nothing(c, *b)
                }
                ExprKind::Cond { cond, then, else_ } => {
                    reads_nothing(c, *cond) && reads_nothing(c, *then) && reads_nothing(c, *else_)
                }
                _ => false,
            }
        }
        if !reads_nothing(self, e) {
            return None;
        }
        self.eval(e)?.as_int()
    }
}
