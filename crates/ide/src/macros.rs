//! Macro definitions for the IDE: every `#define` of every file a compilation opened, found by
//! a per-file tracked query (`file_macros`, keyed by the file's input, so unchanged headers are
//! scanned once), for hover, go to definition and completion of macro names.

use warpc_base::{FileId, TextRange, TextSize};
use warpc_db::{Compilation, Database, Db, SourceFile};

/// One `#define`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MacroDef {
    pub file: FileId,
    pub name: String,
    /// `Some` for a function-like macro: the parameter names as written.
    pub params: Option<Vec<String>>,
    /// The replacement list, continuation lines joined.
    pub body: String,
    pub name_range: TextRange,
    pub full_range: TextRange,
    /// `Some("-D")` for a command-line definition, `Some("predefined")` for one the compiler
    /// defines (`__CUDA_ARCH__`): these have no place in a file.
    pub origin: Option<&'static str>,
}

impl MacroDef {
    /// `#define NAME(params) body`.
    pub fn display(&self) -> String {
        if let Some(origin) = self.origin {
            return format!("#define {} {} // {origin}", self.name, self.body);
        }
        match &self.params {
            Some(p) => format!("#define {}({}) {}", self.name, p.join(", "), self.body)
                .trim_end()
                .to_string(),
            None => format!("#define {} {}", self.name, self.body).trim_end().to_string(),
        }
    }
}

/// A definition without its file (the query is keyed by the file's input).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RawMacro {
    pub name: String,
    pub params: Option<Vec<String>>,
    pub body: String,
    pub name_range: TextRange,
    pub full_range: TextRange,
}

#[salsa::tracked(returns(ref))]
pub fn file_macros(db: &dyn Db, file: SourceFile) -> Vec<RawMacro> {
    scan(file.text(db))
}

fn ident_len(s: &[u8]) -> usize {
    s.iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count()
}

/// Finds `#define` lines (with backslash continuations).
pub(crate) fn scan(text: &str) -> Vec<RawMacro> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut line_start = 0usize;
    while line_start < b.len() {
        // The logical line: up to a newline not preceded by a backslash.
        let mut end = line_start;
        while end < b.len() {
            if b[end] == b'\n'
                && !(end > 0 && b[end - 1] == b'\\')
                && !(end > 1 && b[end - 1] == b'\r' && b[end - 2] == b'\\')
            {
                break;
            }
            end += 1;
        }
        let line = &b[line_start..end];
        let mut i = 0;
        while i < line.len() && (line[i] == b' ' || line[i] == b'\t') {
            i += 1;
        }
        if i < line.len() && line[i] == b'#' {
            i += 1;
            while i < line.len() && (line[i] == b' ' || line[i] == b'\t') {
                i += 1;
            }
            if line[i..].starts_with(b"define") && line.get(i + 6).is_some_and(|c| *c == b' ' || *c == b'\t') {
                i += 6;
                while i < line.len() && (line[i] == b' ' || line[i] == b'\t') {
                    i += 1;
                }
                let n = ident_len(&line[i..]);
                if n > 0 {
                    let name = String::from_utf8_lossy(&line[i..i + n]).to_string();
                    let name_range = TextRange::at(TextSize::from((line_start + i) as u32), TextSize::from(n as u32));
                    i += n;
                    let mut params = None;
                    if line.get(i) == Some(&b'(') {
                        let close = line[i..].iter().position(|c| *c == b')').map_or(line.len(), |p| i + p);
                        let inner = String::from_utf8_lossy(&line[i + 1..close.min(line.len())]).to_string();
                        params = Some(
                            inner
                                .split(',')
                                .map(|p| p.trim().to_string())
                                .filter(|p| !p.is_empty())
                                .collect(),
                        );
                        i = (close + 1).min(line.len());
                    }
                    let body = String::from_utf8_lossy(&line[i..])
                        .replace("\\\r\n", " ")
                        .replace("\\\n", " ")
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ");
                    let full_range = TextRange::new(TextSize::from(line_start as u32), TextSize::from(end as u32));
                    out.push(RawMacro {
                        name,
                        params,
                        body,
                        name_range,
                        full_range,
                    });
                }
            }
        }
        line_start = end + 1;
    }
    out
}

/// The files of a compilation: user files first (in open order), then builtin headers.
pub(crate) fn comp_files(db: &Database, comp: Compilation) -> Vec<FileId> {
    let files = &warpc_db::preprocess(db, comp).included_files;
    let mut v: Vec<FileId> = files.iter().copied().filter(|&f| !crate::is_builtin(db, f)).collect();
    if !v.contains(&comp.main(db)) {
        v.insert(0, comp.main(db));
    }
    v.extend(files.iter().copied().filter(|&f| crate::is_builtin(db, f)));
    v
}

/// The definition of macro `name` visible in the compilation (user files first).
pub(crate) fn find_macro(db: &Database, comp: Compilation, name: &str) -> Option<MacroDef> {
    for file in comp_files(db, comp) {
        let src = db.source(file);
        if let Some(m) = file_macros(db, src).iter().find(|m| m.name == name) {
            return Some(MacroDef {
                file,
                name: m.name.clone(),
                params: m.params.clone(),
                body: m.body.clone(),
                name_range: m.name_range,
                full_range: m.full_range,
                origin: None,
            });
        }
    }
    // Command-line (`-D`) and predefined macros, last definition wins as in the preprocessor.
    let options = comp.options(db);
    let main = comp.main(db);
    let cmdline = options
        .macros
        .iter()
        .rev()
        .find(|(n, _)| n == name)
        .map(|(_, v)| (v.clone(), "command line (-D)"));
    let predefined = || {
        warpc_pp::predefined_macros(options)
            .into_iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| (Some(v), "predefined"))
    };
    let (value, origin) = cmdline.or_else(predefined)?;
    let value = value?; // `-U NAME`
    Some(MacroDef {
        file: main,
        name: name.to_string(),
        params: None,
        body: value,
        name_range: TextRange::empty(0.into()),
        full_range: TextRange::empty(0.into()),
        origin: Some(origin),
    })
}

/// Every macro of the compilation (first definition of each name).
pub(crate) fn all_macros(db: &Database, comp: Compilation) -> Vec<MacroDef> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    for file in comp_files(db, comp) {
        for m in file_macros(db, db.source(file)) {
            if seen.insert(m.name.clone()) {
                out.push(MacroDef {
                    file,
                    name: m.name.clone(),
                    params: m.params.clone(),
                    body: m.body.clone(),
                    name_range: m.name_range,
                    full_range: m.full_range,
                    origin: None,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn scans_defines() {
        let ms =
            super::scan("#define N 256\n  #  define MAX(a, b) ((a) > (b) ? \\\n (a) : (b))\nint x;\n#define EMPTY\n");
        let shown: Vec<String> = ms
            .iter()
            .map(|m| format!("{} {:?} {:?} {:?}", m.name, m.params, m.body, m.name_range))
            .collect();
        assert_eq!(
            shown,
            vec![
                "N None \"256\" 8..9".to_string(),
                "MAX Some([\"a\", \"b\"]) \"((a) > (b) ? (a) : (b))\" 26..29".to_string(),
                "EMPTY None \"\" 78..83".to_string(),
            ]
        );
    }
}
