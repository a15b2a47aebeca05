//! Document and workspace symbols: a walk over a file's tree outside function bodies
//! (functions with their CUDA execution space, variables with their memory space, records with
//! fields, enums with enumerators, namespaces, typedefs) plus the file's `#define`s.

use warpc_base::{FileId, TextRange};
use warpc_db::{Compilation, Database, Db};

use warpc_syntax::{SyntaxKind::*, SyntaxNode, TuParse};

use crate::resolve;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    Function,
    Kernel,
    Variable,
    Constant,
    Struct,
    Field,
    Enum,
    EnumMember,
    Namespace,
    TypeAlias,
    Macro,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub kind: SymbolKind,
    pub detail: Option<String>,
    pub file: FileId,
    pub full_range: TextRange,
    pub focus_range: TextRange,
    pub children: Vec<Symbol>,
}

fn name_of(node: &SyntaxNode) -> Option<warpc_syntax::SyntaxToken> {
    node.children()
        .find(|c| c.kind() == NAME)?
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == IDENT)
}

fn spec_words(decl: &SyntaxNode) -> Vec<String> {
    decl.children()
        .find(|c| c.kind() == DECL_SPECS)
        .map(|s| {
            s.children_with_tokens()
                .filter_map(|e| e.into_token())
                .filter(|t| t.kind().is_keyword())
                .map(|t| t.text().to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn records_in(decl: &SyntaxNode, file: FileId, out: &mut Vec<Symbol>) {
    let Some(specs) = decl.children().find(|c| c.kind() == DECL_SPECS) else {
        return;
    };
    for spec in specs.children() {
        match spec.kind() {
            RECORD_SPEC => {
                let Some(fl) = spec.children().find(|c| c.kind() == FIELD_LIST) else {
                    continue;
                };
                let mut fields = Vec::new();
                for m in fl.children() {
                    match m.kind() {
                        DECLARATION => {
                            records_in(&m, file, &mut fields);
                            for (t, id) in resolve::declaration_names(&m) {
                                fields.push(Symbol {
                                    name: t.text().to_string(),
                                    kind: SymbolKind::Field,
                                    detail: None,
                                    file,
                                    full_range: id.text_range(),
                                    focus_range: t.text_range(),
                                    children: Vec::new(),
                                });
                            }
                        }
                        FUNCTION_DEF => fields.extend(item_symbols(&m, file)),
                        _ => {}
                    }
                }
                let (name, focus) = match name_of(&spec) {
                    Some(t) => (t.text().to_string(), t.text_range()),
                    None => match resolve::declaration_names(decl).first() {
                        Some((t, _)) => (t.text().to_string(), t.text_range()),
                        None => ("<anonymous>".to_string(), spec.text_range()),
                    },
                };
                let kw = spec
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .find(|t| t.kind().is_keyword())
                    .map(|t| t.text().to_string());
                out.push(Symbol {
                    name,
                    kind: SymbolKind::Struct,
                    detail: kw,
                    file,
                    full_range: spec.text_range(),
                    focus_range: focus,
                    children: fields,
                });
            }
            ENUM_SPEC => {
                let Some(list) = spec.children().find(|c| c.kind() == ENUMERATOR_LIST) else {
                    continue;
                };
                let members = list
                    .children()
                    .filter(|c| c.kind() == ENUMERATOR)
                    .filter_map(|e| {
                        let t = name_of(&e)?;
                        Some(Symbol {
                            name: t.text().to_string(),
                            kind: SymbolKind::EnumMember,
                            detail: None,
                            file,
                            full_range: e.text_range(),
                            focus_range: t.text_range(),
                            children: Vec::new(),
                        })
                    })
                    .collect();
                let (name, focus) = match name_of(&spec) {
                    Some(t) => (t.text().to_string(), t.text_range()),
                    None => ("<anonymous enum>".to_string(), spec.text_range()),
                };
                out.push(Symbol {
                    name,
                    kind: SymbolKind::Enum,
                    detail: None,
                    file,
                    full_range: spec.text_range(),
                    focus_range: focus,
                    children: members,
                });
            }
            _ => {}
        }
    }
}

fn item_symbols(item: &SyntaxNode, file: FileId) -> Vec<Symbol> {
    let mut out = Vec::new();
    match item.kind() {
        FUNCTION_DEF => {
            if let Some(t) = resolve::fn_name(item) {
                let words = spec_words(item);
                let kernel = words.iter().any(|w| w == "__global__");
                let space: Vec<&str> = words
                    .iter()
                    .map(String::as_str)
                    .filter(|w| matches!(*w, "__global__" | "__device__" | "__host__"))
                    .collect();
                out.push(Symbol {
                    name: t.text().to_string(),
                    kind: if kernel {
                        SymbolKind::Kernel
                    } else {
                        SymbolKind::Function
                    },
                    detail: (!space.is_empty()).then(|| space.join(" ")),
                    file,
                    full_range: item.text_range(),
                    focus_range: t.text_range(),
                    children: Vec::new(),
                });
            }
        }
        DECLARATION => {
            records_in(item, file, &mut out);
            let words = spec_words(item);
            let typedef = words.iter().any(|w| w == "typedef");
            for (t, id) in resolve::declaration_names(item) {
                let is_fn = resolve::declarator_of(&id)
                    .is_some_and(|d| d.descendants().any(|n| n.kind() == FUNCTION_DECLARATOR));
                if is_fn {
                    continue; // prototypes: the definition is the symbol
                }
                let constant = words
                    .iter()
                    .any(|w| matches!(w.as_str(), "__constant__" | "constexpr" | "const"));
                let space: Vec<&str> = words
                    .iter()
                    .map(String::as_str)
                    .filter(|w| matches!(*w, "__device__" | "__constant__" | "__shared__" | "__managed__"))
                    .collect();
                out.push(Symbol {
                    name: t.text().to_string(),
                    kind: if typedef {
                        SymbolKind::TypeAlias
                    } else if constant {
                        SymbolKind::Constant
                    } else {
                        SymbolKind::Variable
                    },
                    detail: (!space.is_empty()).then(|| space.join(" ")),
                    file,
                    full_range: item.text_range(),
                    focus_range: t.text_range(),
                    children: Vec::new(),
                });
            }
        }
        NAMESPACE_DEF => {
            let name: Vec<String> = item
                .children()
                .filter(|c| c.kind() == NAME)
                .filter_map(|n| {
                    n.children_with_tokens()
                        .filter_map(|e| e.into_token())
                        .find(|t| t.kind() == IDENT)
                })
                .map(|t| t.text().to_string())
                .collect();
            let focus = item
                .children()
                .find(|c| c.kind() == NAME)
                .map_or(item.text_range(), |n| n.text_range());
            let children = item
                .children()
                .filter(|c| c.kind() == DECL_LIST)
                .flat_map(|l| l.children().flat_map(|i| item_symbols(&i, file)).collect::<Vec<_>>())
                .collect();
            out.push(Symbol {
                name: if name.is_empty() {
                    "<anonymous namespace>".into()
                } else {
                    name.join("::")
                },
                kind: SymbolKind::Namespace,
                detail: None,
                file,
                full_range: item.text_range(),
                focus_range: focus,
                children,
            });
        }
        LINKAGE_SPEC | DECL_LIST | TEMPLATE_DECL => {
            for c in item.children() {
                out.extend(item_symbols(&c, file));
            }
        }
        _ => {}
    }
    out
}

fn file_symbols(db: &Database, parse: &TuParse, file: FileId) -> Vec<Symbol> {
    let mut out = Vec::new();
    for i in resolve::trees_of(parse, file) {
        for item in parse.tree(i).children() {
            out.extend(item_symbols(&item, file));
        }
    }
    for m in crate::macros::file_macros(db, db.source(file)) {
        out.push(Symbol {
            name: m.name.clone(),
            kind: SymbolKind::Macro,
            detail: Some("#define".into()),
            file,
            full_range: m.full_range,
            focus_range: m.name_range,
            children: Vec::new(),
        });
    }
    out.sort_by_key(|s| s.full_range.start());
    out
}

pub(crate) fn document_symbols(db: &Database, comp: Compilation, file: FileId) -> Vec<Symbol> {
    file_symbols(db, warpc_db::parse(db, comp), file)
}

/// Case-insensitive subsequence match.
pub(crate) fn fuzzy(query: &str, name: &str) -> bool {
    let mut it = name.chars().flat_map(char::to_lowercase);
    query.chars().flat_map(char::to_lowercase).all(|q| it.any(|c| c == q))
}

pub(crate) fn workspace_symbols(db: &Database, comp: Compilation, query: &str) -> Vec<Symbol> {
    let parse = warpc_db::parse(db, comp);
    let mut out = Vec::new();
    let mut stack: Vec<Symbol> = Vec::new();
    for file in crate::macros::comp_files(db, comp) {
        if crate::is_builtin(db, file) {
            continue;
        }
        stack.extend(file_symbols(db, parse, file));
    }
    while let Some(mut s) = stack.pop() {
        stack.extend(std::mem::take(&mut s.children));
        if fuzzy(query, &s.name) {
            out.push(s);
        }
    }
    out.sort_by_key(|s| (s.file, s.full_range.start()));
    out
}
