//! Conversions between warpc-ide data and LSP types: paths and URIs (builtin headers map to a
//! directory on disk so editors can open them), offsets and positions (UTF-16), diagnostics,
//! symbols, completion kinds, semantic tokens.

use std::path::{Path, PathBuf};

use lsp_types as lsp;
use warpc_base::{Diagnostic, Severity, TextRange, TextSize};
use warpc_ide::{LineCol, LineIndex, BUILTIN_DIR};

/// Maps between file paths in the database and URIs.
#[derive(Clone, Debug)]
pub struct Paths {
    /// Where builtin headers are written on disk (`<warpc>/x.h` <-> `builtin_dir/x.h`).
    pub builtin_dir: PathBuf,
}

fn percent_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let Ok(v) = u8::from_str_radix(&s[i + 1..i + 3], 16) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl Paths {
    pub fn uri(&self, path: &Path) -> lsp::Uri {
        let path = match path.strip_prefix(BUILTIN_DIR) {
            Ok(rest) => self.builtin_dir.join(rest),
            Err(_) => path.to_path_buf(),
        };
        let s = format!("file://{}", percent_encode(&path.to_string_lossy()));
        s.parse().unwrap_or_else(|_| "file:///".parse().expect("valid uri"))
    }

    /// The database path of a `file:` URI (`None` for other schemes).
    pub fn path(&self, uri: &lsp::Uri) -> Option<PathBuf> {
        let s = uri.as_str();
        let rest = s.strip_prefix("file://")?;
        let p = PathBuf::from(percent_decode(rest));
        match p.strip_prefix(&self.builtin_dir) {
            Ok(rest) => Some(Path::new(BUILTIN_DIR).join(rest)),
            Err(_) => Some(p),
        }
    }
}

pub fn position(index: &LineIndex, offset: TextSize) -> lsp::Position {
    let lc = index.line_col(offset);
    lsp::Position {
        line: lc.line,
        character: lc.col,
    }
}

pub fn range(index: &LineIndex, r: TextRange) -> lsp::Range {
    lsp::Range {
        start: position(index, r.start()),
        end: position(index, r.end()),
    }
}

pub fn offset(index: &LineIndex, p: lsp::Position) -> TextSize {
    index.offset(LineCol {
        line: p.line,
        col: p.character,
    })
}

pub fn text_range(index: &LineIndex, r: lsp::Range) -> TextRange {
    let (s, e) = (offset(index, r.start), offset(index, r.end));
    TextRange::new(s.min(e), e.max(s))
}

/// [`diagnostic`] plus the secondary labels as related information (`locate` gives a label's
/// file URI and line index).
pub fn diagnostic_with_labels(
    index: &LineIndex,
    d: &Diagnostic,
    locate: &dyn Fn(warpc_base::FileId) -> (lsp::Uri, LineIndex),
) -> lsp::Diagnostic {
    let mut out = diagnostic(index, d);
    if !d.labels.is_empty() {
        out.related_information = Some(
            d.labels
                .iter()
                .map(|l| {
                    let (uri, idx) = locate(l.range.file);
                    lsp::DiagnosticRelatedInformation {
                        location: lsp::Location {
                            uri,
                            range: range(&idx, l.range.range),
                        },
                        message: l.message.clone(),
                    }
                })
                .collect(),
        );
    }
    out
}

pub fn diagnostic(index: &LineIndex, d: &Diagnostic) -> lsp::Diagnostic {
    let r = d.primary.map_or(TextRange::empty(0.into()), |p| p.range);
    let mut message = d.message.clone();
    for n in &d.notes {
        message.push_str("\nnote: ");
        message.push_str(n);
    }
    lsp::Diagnostic {
        range: range(index, r),
        severity: Some(match d.severity {
            Severity::Error => lsp::DiagnosticSeverity::ERROR,
            Severity::Warning => lsp::DiagnosticSeverity::WARNING,
            Severity::Note => lsp::DiagnosticSeverity::INFORMATION,
        }),
        code: Some(lsp::NumberOrString::String(d.code.to_string())),
        source: Some("warpc".into()),
        message,
        ..Default::default()
    }
}

pub fn symbol_kind(k: warpc_ide::SymbolKind) -> lsp::SymbolKind {
    use warpc_ide::SymbolKind as K;
    match k {
        K::Function | K::Kernel => lsp::SymbolKind::FUNCTION,
        K::Variable => lsp::SymbolKind::VARIABLE,
        K::Constant | K::Macro => lsp::SymbolKind::CONSTANT,
        K::Struct => lsp::SymbolKind::STRUCT,
        K::Field => lsp::SymbolKind::FIELD,
        K::Enum => lsp::SymbolKind::ENUM,
        K::EnumMember => lsp::SymbolKind::ENUM_MEMBER,
        K::Namespace => lsp::SymbolKind::NAMESPACE,
        K::TypeAlias => lsp::SymbolKind::TYPE_PARAMETER,
    }
}

pub fn completion_kind(k: warpc_ide::CompletionKind) -> lsp::CompletionItemKind {
    use warpc_ide::CompletionKind as K;
    match k {
        K::Local => lsp::CompletionItemKind::VARIABLE,
        K::Function => lsp::CompletionItemKind::FUNCTION,
        K::Variable => lsp::CompletionItemKind::VARIABLE,
        K::Field => lsp::CompletionItemKind::FIELD,
        K::Type => lsp::CompletionItemKind::STRUCT,
        K::EnumMember => lsp::CompletionItemKind::ENUM_MEMBER,
        K::Macro => lsp::CompletionItemKind::CONSTANT,
        K::Keyword => lsp::CompletionItemKind::KEYWORD,
        K::BuiltinVariable => lsp::CompletionItemKind::VARIABLE,
    }
}

pub fn semantic_legend() -> lsp::SemanticTokensLegend {
    lsp::SemanticTokensLegend {
        token_types: warpc_ide::TokenType::ALL
            .iter()
            .map(|t| lsp::SemanticTokenType::new(t.name()))
            .collect(),
        token_modifiers: warpc_ide::TokenModifier::ALL
            .iter()
            .map(|m| lsp::SemanticTokenModifier::new(m.name()))
            .collect(),
    }
}

/// Encodes tokens relative to each other as LSP wants; multi-line tokens are split per line.
pub fn semantic_tokens(index: &LineIndex, text: &str, toks: &[warpc_ide::SemanticToken]) -> Vec<lsp::SemanticToken> {
    let mut out = Vec::new();
    let (mut pl, mut pc) = (0u32, 0u32);
    for t in toks {
        let ty = warpc_ide::TokenType::ALL.iter().position(|x| *x == t.ty).unwrap_or(0) as u32;
        // Split at newlines.
        let s = usize::from(t.range.start());
        let e = usize::from(t.range.end()).min(text.len());
        let mut start = s;
        for (i, ch) in text[s..e].char_indices().chain(std::iter::once((e - s, '\n'))) {
            if ch != '\n' {
                continue;
            }
            let seg_end = s + i;
            if seg_end > start {
                let a = index.line_col(TextSize::from(start as u32));
                let len = text[start..seg_end].trim_end_matches('\r').encode_utf16().count() as u32;
                if len > 0 {
                    let dl = a.line - pl;
                    let dc = if dl == 0 { a.col - pc } else { a.col };
                    out.push(lsp::SemanticToken {
                        delta_line: dl,
                        delta_start: dc,
                        length: len,
                        token_type: ty,
                        token_modifiers_bitset: t.modifiers,
                    });
                    pl = a.line;
                    pc = a.col;
                }
            }
            start = seg_end + 1;
        }
    }
    out
}
