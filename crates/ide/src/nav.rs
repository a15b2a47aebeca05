//! Navigation: go to definition/declaration (into headers and through macro invocations), find
//! references, and rename (every reference of a user-declared name, across the files of the
//! compilation; builtin headers are never edited).

use rustc_hash::FxHashMap;
use warpc_base::{FileId, FileRange, TextRange, TextSize};
use warpc_db::{Compilation, Database};
use warpc_syntax::SyntaxKind::*;

use crate::resolve::{self, Def};
use crate::{is_builtin, FilePosition};

/// A place to navigate to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NavTarget {
    pub file: FileId,
    /// The name.
    pub focus_range: TextRange,
    /// The whole declaration.
    pub full_range: TextRange,
}

/// Text edits per file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceChange {
    pub edits: Vec<(FileId, Vec<(TextRange, String)>)>,
}

pub(crate) fn goto_definition(
    db: &Database,
    comp: Compilation,
    pos: FilePosition,
    declaration: bool,
) -> Vec<NavTarget> {
    let Some((def, _)) = resolve::def_at(db, comp, pos.file, pos.offset) else {
        return Vec::new();
    };
    resolve::def_location(db, comp, &def, declaration)
        .into_iter()
        .map(|(name, full)| NavTarget {
            file: name.file,
            focus_range: name.range,
            full_range: full,
        })
        .collect()
}

pub(crate) fn same_def(a: &Def, b: &Def) -> bool {
    match (a, b) {
        (Def::Local(x), Def::Local(y)) => x.file == y.file && x.name_range == y.name_range,
        (Def::Function(x), Def::Function(y)) => x.iter().any(|f| y.contains(f)),
        (Def::Global(x), Def::Global(y)) => x == y,
        (Def::Enumerator { name: x, .. }, Def::Enumerator { name: y, .. }) => x == y,
        (Def::Type { name: x }, Def::Type { name: y }) => x == y,
        (Def::Field { record: r1, field: f1 }, Def::Field { record: r2, field: f2 }) => r1 == r2 && f1 == f2,
        (Def::Macro(x), Def::Macro(y)) => x.name == y.name,
        (Def::BuiltinVar(x), Def::BuiltinVar(y)) => x == y,
        _ => false,
    }
}

fn def_name(db: &Database, comp: Compilation, def: &Def) -> Option<String> {
    let defs = warpc_db::def_map(db, comp);
    Some(match def {
        Def::Local(l) => l.name.to_string(),
        Def::Function(fs) => {
            let n = defs.function(*fs.first()?).name.to_string();
            n.rsplit("::").next().unwrap_or(&n).to_string()
        }
        Def::Global(g) => {
            let n = defs.global(*g).name.to_string();
            n.rsplit("::").next().unwrap_or(&n).to_string()
        }
        Def::Enumerator { name, .. } | Def::Type { name } => name.rsplit("::").next().unwrap_or(name).to_string(),
        Def::Field { record, field } => defs
            .record(*record)
            .fields
            .get(*field as usize)?
            .name
            .clone()?
            .to_string(),
        Def::Macro(m) => m.name.clone(),
        Def::BuiltinVar(n) => n.to_string(),
    })
}

/// Every range (by file, sorted) where the name at `pos` refers to the same thing.
fn reference_ranges(db: &Database, comp: Compilation, def: &Def) -> FxHashMap<FileId, Vec<TextRange>> {
    let mut out: FxHashMap<FileId, Vec<TextRange>> = FxHashMap::default();
    let Some(name) = def_name(db, comp, def) else {
        return out;
    };
    let parse = warpc_db::parse(db, comp);
    let mut candidates: Vec<(FileId, TextSize)> = Vec::new();
    for (i, t) in parse.trees.iter().enumerate() {
        // A local is only visible inside its function.
        let root = match def {
            Def::Local(l) if l.file == t.file && resolve::tree_of_node(parse, t.file, &l.func) == Some(i) => {
                l.func.clone()
            }
            Def::Local(_) => continue,
            _ => t.syntax(),
        };
        for tok in root.descendants_with_tokens().filter_map(|e| e.into_token()) {
            match tok.kind() {
                IDENT if tok.text() == name => candidates.push((t.file, tok.text_range().start())),
                MACRO_CALL | DIRECTIVE if tok.text().contains(name.as_str()) => {
                    let text = tok.text();
                    let mut from = 0;
                    while let Some(p) = text[from..].find(name.as_str()) {
                        let s = from + p;
                        let e = s + name.len();
                        let ok_before =
                            s == 0 || !text.as_bytes()[s - 1].is_ascii_alphanumeric() && text.as_bytes()[s - 1] != b'_';
                        let ok_after = e >= text.len()
                            || !text.as_bytes()[e].is_ascii_alphanumeric() && text.as_bytes()[e] != b'_';
                        if ok_before && ok_after {
                            candidates.push((t.file, tok.text_range().start() + TextSize::from(s as u32)));
                        }
                        from = e;
                    }
                }
                _ => {}
            }
        }
    }
    candidates.sort();
    candidates.dedup();
    for (file, off) in candidates {
        if let Some((d, range)) = resolve::def_at(db, comp, file, off) {
            if same_def(def, &d) {
                out.entry(file).or_default().push(range);
            }
        }
    }
    // Declarations the syntax walk may not resolve back (e.g. macro definitions).
    for (loc, _) in resolve::def_location(db, comp, def, true)
        .into_iter()
        .chain(resolve::def_location(db, comp, def, false))
    {
        let v = out.entry(loc.file).or_default();
        if !v.contains(&loc.range) {
            v.push(loc.range);
        }
    }
    for v in out.values_mut() {
        v.sort_by_key(|r| r.start());
        v.dedup();
    }
    out
}

pub(crate) fn references(
    db: &Database,
    comp: Compilation,
    pos: FilePosition,
    include_declaration: bool,
) -> Vec<FileRange> {
    let Some((def, _)) = resolve::def_at(db, comp, pos.file, pos.offset) else {
        return Vec::new();
    };
    let decls: Vec<FileRange> = resolve::def_location(db, comp, &def, true)
        .into_iter()
        .chain(resolve::def_location(db, comp, &def, false))
        .map(|(n, _)| n)
        .collect();
    let mut out: Vec<FileRange> = reference_ranges(db, comp, &def)
        .into_iter()
        .flat_map(|(file, rs)| rs.into_iter().map(move |range| FileRange { file, range }))
        .filter(|r| include_declaration || !decls.contains(r))
        .collect();
    out.sort_by_key(|r| (r.file, r.range.start()));
    out
}

fn renameable(db: &Database, comp: Compilation, pos: FilePosition) -> Result<(Def, TextRange), String> {
    let (def, range) = resolve::def_at(db, comp, pos.file, pos.offset).ok_or("no symbol at the cursor")?;
    if matches!(&def, Def::Macro(m) if m.origin.is_some()) {
        return Err("cannot rename a predefined or command-line macro".into());
    }
    if matches!(def, Def::BuiltinVar(_)) {
        return Err("cannot rename a CUDA builtin variable".into());
    }
    for (loc, _) in resolve::def_location(db, comp, &def, false) {
        if is_builtin(db, loc.file) {
            return Err("cannot rename a symbol of warpc's builtin headers".into());
        }
    }
    Ok((def, range))
}

pub(crate) fn prepare_rename(db: &Database, comp: Compilation, pos: FilePosition) -> Result<FileRange, String> {
    renameable(db, comp, pos).map(|(_, range)| FileRange { file: pos.file, range })
}

pub(crate) fn rename(
    db: &Database,
    comp: Compilation,
    pos: FilePosition,
    new_name: &str,
) -> Result<SourceChange, String> {
    let valid = !new_name.is_empty()
        && !new_name.starts_with(|c: char| c.is_ascii_digit())
        && new_name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && warpc_syntax::SyntaxKind::from_keyword(new_name).is_none();
    if !valid {
        return Err(format!("\"{new_name}\" is not a valid identifier"));
    }
    let (def, _) = renameable(db, comp, pos)?;
    let mut edits: Vec<(FileId, Vec<(TextRange, String)>)> = reference_ranges(db, comp, &def)
        .into_iter()
        .filter(|(f, _)| !is_builtin(db, *f))
        .map(|(f, rs)| (f, rs.into_iter().map(|r| (r, new_name.to_string())).collect()))
        .collect();
    edits.sort_by_key(|(f, _)| *f);
    Ok(SourceChange { edits })
}
