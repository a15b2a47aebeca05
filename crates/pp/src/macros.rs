//! Macro definitions: preprocessing tokens as the expander sees them, `#define` parsing and
//! validation, the compiled replacement list (parameters, `#`, `##`, `__VA_OPT__`, GNU's
//! `, ## __VA_ARGS__`), redefinition compatibility and stringizing.

use smol_str::SmolStr;
use warpc_base::FileRange;
use warpc_syntax::SyntaxKind::{self, *};

/// A preprocessing token in flight: its spelling, whether whitespace preceded it (for `#` and
/// for rebuilding `<...>` header names), whether it is "painted blue" (an identifier read
/// while its macro was being expanded: never expanded again), and where it was spelled.
#[derive(Clone, Debug)]
pub(crate) struct Tok {
    pub kind: SyntaxKind,
    pub text: SmolStr,
    pub space: bool,
    pub no_expand: bool,
    pub origin: Option<FileRange>,
}

impl Tok {
    pub fn synth(kind: SyntaxKind, text: impl Into<SmolStr>, space: bool) -> Tok {
        Tok {
            kind,
            text: text.into(),
            space,
            no_expand: false,
            origin: None,
        }
    }
    pub fn is_ident(&self, name: &str) -> bool {
        self.kind == IDENT && self.text == name
    }
}

/// Macros whose expansion is computed by the preprocessor itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    File,
    Line,
    Counter,
    Date,
    Time,
    Timestamp,
    BaseFile,
    FileName,
    IncludeLevel,
    /// `_Pragma("...")`.
    Pragma,
}

pub(crate) const BUILTINS: &[(&str, Builtin)] = &[
    ("__FILE__", Builtin::File),
    ("__LINE__", Builtin::Line),
    ("__COUNTER__", Builtin::Counter),
    ("__DATE__", Builtin::Date),
    ("__TIME__", Builtin::Time),
    ("__TIMESTAMP__", Builtin::Timestamp),
    ("__BASE_FILE__", Builtin::BaseFile),
    ("__FILE_NAME__", Builtin::FileName),
    ("__INCLUDE_LEVEL__", Builtin::IncludeLevel),
    ("_Pragma", Builtin::Pragma),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum MacroKind {
    Object,
    /// `params` includes the variadic parameter last (`__VA_ARGS__` or GNU's named `args...`).
    Function {
        params: Vec<SmolStr>,
        variadic: bool,
    },
    Builtin(Builtin),
}

#[derive(Clone, Debug)]
pub(crate) enum Item {
    Tok(Tok),
    /// A parameter; `raw` when it is an operand of `##` (not macro-expanded first). `space`: the
    /// parameter token's own leading space, given to the first token substituted for it.
    Param {
        idx: usize,
        raw: bool,
        space: bool,
    },
    /// `# param`.
    Str {
        idx: usize,
        space: bool,
    },
    /// `##`.
    Paste,
    /// `__VA_OPT__( items )`, or `# __VA_OPT__( items )` when `stringize`.
    VaOpt {
        items: Vec<Item>,
        stringize: bool,
        space: bool,
    },
    /// GNU `, ## __VA_ARGS__`: the comma disappears when the variable arguments are empty.
    GnuComma {
        comma: Tok,
        va: usize,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct Macro {
    /// Open expansions of this definition (non-zero: the macro is disabled).
    pub active: std::cell::Cell<u32>,
    pub name: SmolStr,
    pub kind: MacroKind,
    /// The replacement list as written (first token's `space` cleared), for redefinition checks.
    pub body: Vec<Tok>,
    pub items: Vec<Item>,
    /// Only tokens and non-pasted parameters: substitution needs no placemarker/paste pass.
    pub simple: bool,
    /// Where the name was spelled in its `#define` (None for predefined macros).
    pub site: Option<FileRange>,
}

impl Macro {
    pub fn builtin(name: &str, b: Builtin) -> Macro {
        Macro {
            active: Default::default(),
            name: name.into(),
            kind: MacroKind::Builtin(b),
            body: Vec::new(),
            items: Vec::new(),
            simple: true,
            site: None,
        }
    }

    /// Same definition per C11 6.10.3p2: same kind, parameters and replacement list, with
    /// whitespace separations in the same places.
    pub fn same_definition(&self, other: &Macro) -> bool {
        self.kind == other.kind
            && self.body.len() == other.body.len()
            && self
                .body
                .iter()
                .zip(&other.body)
                .enumerate()
                .all(|(i, (a, b))| a.kind == b.kind && a.text == b.text && (i == 0 || a.space == b.space))
    }
}

/// A problem found while parsing a `#define`.
#[derive(Debug)]
pub(crate) struct DefineProblem {
    pub message: String,
    pub at: Option<FileRange>,
}

fn err(message: impl Into<String>, at: &Tok) -> DefineProblem {
    DefineProblem {
        message: message.into(),
        at: at.origin,
    }
}

/// Parses the tokens of a `#define` after the directive name (`toks[0]` is the macro name).
/// On success returns the macro and any warnings; on failure the first error.
pub(crate) fn parse_define(toks: &[Tok], directive: &Tok) -> Result<(Macro, Vec<DefineProblem>), DefineProblem> {
    let Some(name) = toks.first() else {
        return Err(err("expected an identifier", directive));
    };
    if name.kind != IDENT {
        return Err(err("expected an identifier", name));
    }
    if name.text == "defined" {
        return Err(err("\"defined\" cannot be used as a macro name", name));
    }
    let mut i = 1;
    let mut kind = MacroKind::Object;
    if toks.get(1).is_some_and(|t| t.kind == L_PAREN && !t.space) {
        i = 2;
        let mut params: Vec<SmolStr> = Vec::new();
        let mut variadic = false;
        if toks.get(i).is_some_and(|t| t.kind == R_PAREN) {
            i += 1;
        } else {
            loop {
                let Some(t) = toks.get(i) else {
                    return Err(err("expected a \")\"", toks.last().unwrap_or(name)));
                };
                match t.kind {
                    IDENT if t.text != "__VA_ARGS__" => {
                        if params.contains(&t.text) {
                            return Err(err("duplicate macro parameter name", t));
                        }
                        params.push(t.text.clone());
                        i += 1;
                        if toks.get(i).is_some_and(|t| t.kind == ELLIPSIS) {
                            variadic = true;
                            i += 1;
                        }
                    }
                    ELLIPSIS => {
                        params.push("__VA_ARGS__".into());
                        variadic = true;
                        i += 1;
                    }
                    _ => return Err(err("expected an identifier", t)),
                }
                match toks.get(i) {
                    Some(t) if t.kind == R_PAREN => {
                        i += 1;
                        break;
                    }
                    Some(t) if t.kind == COMMA && !variadic => i += 1,
                    Some(t) => return Err(err("expected a \")\"", t)),
                    None => return Err(err("expected a \")\"", toks.last().unwrap_or(name))),
                }
            }
        }
        kind = MacroKind::Function { params, variadic };
    }
    let mut body: Vec<Tok> = toks[i..].to_vec();
    if let Some(first) = body.first_mut() {
        first.space = false;
    }
    let mut warnings = Vec::new();
    let (params, variadic, function_like) = match &kind {
        MacroKind::Function { params, variadic } => (params.as_slice(), *variadic, true),
        _ => (&[][..], false, false),
    };
    if !variadic {
        if let Some(t) = body.iter().find(|t| t.is_ident("__VA_ARGS__")) {
            warnings.push(DefineProblem {
                message: "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro".into(),
                at: t.origin,
            });
        }
    }
    let items = compile(&body, params, variadic, function_like)?;
    let simple = items
        .iter()
        .all(|i| matches!(i, Item::Tok(_) | Item::Param { raw: false, .. }));
    Ok((
        Macro {
            active: Default::default(),
            name: name.text.clone(),
            kind,
            body,
            items,
            simple,
            site: name.origin,
        },
        warnings,
    ))
}

fn compile(body: &[Tok], params: &[SmolStr], variadic: bool, function_like: bool) -> Result<Vec<Item>, DefineProblem> {
    let param = |t: &Tok| {
        if function_like && t.kind == IDENT {
            params.iter().position(|p| *p == t.text)
        } else {
            None
        }
    };
    let mut items = Vec::new();
    let mut k = 0;
    while k < body.len() {
        let t = &body[k];
        if function_like && t.kind == HASH {
            match body.get(k + 1) {
                Some(n) if param(n).is_some() => {
                    items.push(Item::Str {
                        idx: param(n).unwrap(),
                        space: t.space,
                    });
                    k += 2;
                }
                Some(n) if variadic && n.is_ident("__VA_OPT__") => {
                    let (inner, next) = va_opt(body, k + 1, params, variadic)?;
                    items.push(Item::VaOpt {
                        items: inner,
                        stringize: true,
                        space: t.space,
                    });
                    k = next;
                }
                _ => return Err(err("expected a macro parameter name", t)),
            }
            continue;
        }
        if t.kind == HASH2 {
            items.push(Item::Paste);
        } else if variadic && t.is_ident("__VA_OPT__") {
            let (inner, next) = va_opt(body, k, params, variadic)?;
            items.push(Item::VaOpt {
                items: inner,
                stringize: false,
                space: t.space,
            });
            k = next;
            continue;
        } else if let Some(idx) = param(t) {
            items.push(Item::Param {
                idx,
                raw: false,
                space: t.space,
            });
        } else {
            items.push(Item::Tok(t.clone()));
        }
        k += 1;
    }
    if matches!(items.first(), Some(Item::Paste)) {
        return Err(err(
            "\"##\" may not be first in a macro definition",
            body.iter().find(|t| t.kind == HASH2).unwrap(),
        ));
    }
    if matches!(items.last(), Some(Item::Paste)) {
        return Err(err(
            "\"##\" may not be last in a macro definition",
            body.iter().rev().find(|t| t.kind == HASH2).unwrap(),
        ));
    }
    for j in 0..items.len() {
        let pasted = (j > 0 && matches!(items[j - 1], Item::Paste)) || matches!(items.get(j + 1), Some(Item::Paste));
        if let Item::Param { raw, .. } = &mut items[j] {
            *raw = pasted;
        }
    }
    if variadic {
        let va = params.len() - 1;
        let mut j = 0;
        while j + 2 < items.len() {
            let is_gnu = matches!(&items[j], Item::Tok(t) if t.kind == COMMA)
                && matches!(items[j + 1], Item::Paste)
                && matches!(items[j + 2], Item::Param { idx, .. } if idx == va);
            if is_gnu {
                let Item::Tok(comma) = items[j].clone() else {
                    unreachable!()
                };
                items.splice(j..j + 3, [Item::GnuComma { comma, va }]);
            }
            j += 1;
        }
    }
    Ok(items)
}

/// `__VA_OPT__ ( ... )` starting at `body[at]`; returns the compiled operand and the index after `)`.
fn va_opt(body: &[Tok], at: usize, params: &[SmolStr], variadic: bool) -> Result<(Vec<Item>, usize), DefineProblem> {
    if body.get(at + 1).is_none_or(|t| t.kind != L_PAREN) {
        return Err(err("expected a \"(\"", &body[at]));
    }
    let mut depth = 0usize;
    let mut k = at + 1;
    while k < body.len() {
        match body[k].kind {
            L_PAREN => depth += 1,
            R_PAREN => {
                depth -= 1;
                if depth == 0 {
                    let inner = compile(&body[at + 2..k], params, variadic, true)?;
                    return Ok((inner, k + 1));
                }
            }
            _ => {}
        }
        k += 1;
    }
    Err(err("expected a \")\"", &body[at]))
}

/// `#` applied to `toks`: a string literal, whitespace between tokens folded to one space,
/// `"` and `\` escaped inside string and character literals.
pub(crate) fn stringize(toks: &[Tok], space: bool) -> Tok {
    let mut s = String::from("\"");
    for (i, t) in toks.iter().enumerate() {
        if i > 0 && t.space {
            s.push(' ');
        }
        if matches!(t.kind, STRING_LIT | CHAR_LIT) {
            for c in t.text.chars() {
                if c == '"' || c == '\\' {
                    s.push('\\');
                }
                s.push(c);
            }
        } else {
            s.push_str(&t.text);
        }
    }
    s.push('"');
    Tok::synth(STRING_LIT, s, space)
}

/// The inverse of stringizing, for `_Pragma` and `#line`: strips an encoding prefix and the
/// quotes, and undoes `\"` and `\\`.
pub(crate) fn destringize(text: &str) -> Option<String> {
    let start = text.find('"')?;
    let inner = text[start..].strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ ('"' | '\\')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// A string literal spelling `s`.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}
