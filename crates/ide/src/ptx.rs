//! PTX for the editor (`warpc/ptx`) and the kernel list behind the code lens. Both read the
//! memoized per-function queries (`fn_ptx`, `module_ptx`), so after an edit only the edited
//! function (and functions that inline it) recompile.

use warpc_base::{FileId, TextRange, TextSize};
use warpc_db::{Compilation, Database, Function};
use warpc_hir::ty::ExecSpace;
use warpc_syntax::SyntaxKind::*;

use crate::resolve;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PtxResult {
    /// The PTX text, or a comment saying why there is none.
    pub ptx: String,
    /// The function shown (`None`: the whole module).
    pub function: Option<String>,
    /// Whether errors prevented code generation.
    pub has_errors: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    pub name: String,
    pub link_name: String,
    pub name_range: TextRange,
    pub full_range: TextRange,
}

fn error_summary(db: &Database, comp: Compilation) -> Option<String> {
    let diags = warpc_db::diagnostics(db, comp);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.is_error())
        .take(5)
        .map(|d| format!("// error: {}", d.message))
        .collect();
    (!errors.is_empty()).then(|| {
        format!(
            "// warpc: no PTX: the translation unit has errors\n{}\n",
            errors.join("\n")
        )
    })
}

pub(crate) fn ptx(db: &Database, comp: Compilation, file: FileId, offset: Option<TextSize>) -> PtxResult {
    if let Some(e) = error_summary(db, comp) {
        return PtxResult {
            ptx: e,
            function: None,
            has_errors: true,
        };
    }
    let parse = warpc_db::parse(db, comp);
    let defs = warpc_db::def_map(db, comp);
    if let Some(offset) = offset {
        if let Some((tree, root)) = resolve::file_root(parse, file) {
            let func = root
                .token_at_offset(offset)
                .left_biased()
                .and_then(|t| t.parent_ancestors().filter(|a| a.kind() == FUNCTION_DEF).last());
            if let Some(func) = func {
                if let Some(f) = resolve::fn_id_of_def(parse, defs, tree, &func) {
                    let decl = defs.function(f);
                    if decl.space.runs_on_device() {
                        let p = warpc_db::fn_ptx(db, Function::new(db, comp, f));
                        if p.has_errors() {
                            let msgs: Vec<String> = p
                                .diagnostics
                                .iter()
                                .map(|d| format!("// error: {}", d.message))
                                .collect();
                            return PtxResult {
                                ptx: msgs.join("\n") + "\n",
                                function: Some(decl.name.to_string()),
                                has_errors: true,
                            };
                        }
                        let mut text = String::new();
                        text.push_str(&format!("// {} ({})\n", decl.name, decl.link_name));
                        if !p.prototype.is_empty() {
                            text.push_str(&p.prototype);
                            text.push('\n');
                        }
                        text.push_str(&p.ptx);
                        return PtxResult {
                            ptx: text,
                            function: Some(decl.name.to_string()),
                            has_errors: false,
                        };
                    }
                }
            }
        }
    }
    let codegen = warpc_db::codegen_diagnostics(db, comp);
    if codegen.iter().any(|d| d.is_error()) {
        let msgs: Vec<String> = codegen.iter().map(|d| format!("// error: {}", d.message)).collect();
        return PtxResult {
            ptx: msgs.join("\n") + "\n",
            function: None,
            has_errors: true,
        };
    }
    PtxResult {
        ptx: warpc_db::module_ptx(db, comp).ptx.clone(),
        function: None,
        has_errors: false,
    }
}

pub(crate) fn kernels(db: &Database, comp: Compilation, file: FileId) -> Vec<KernelInfo> {
    let defs = warpc_db::def_map(db, comp);
    let items = warpc_db::item_tree_with_source_map(db, comp);
    let mut out = Vec::new();
    for f in &defs.functions {
        if f.space != ExecSpace::Global || f.body_index.is_none() {
            continue;
        }
        let Some(&(ifile, full, name)) = items.source_map.items.get(f.item as usize) else {
            continue;
        };
        if ifile != file {
            continue;
        }
        out.push(KernelInfo {
            name: f.name.to_string(),
            link_name: f.link_name.to_string(),
            name_range: name,
            full_range: full,
        });
    }
    out
}
