//! Reading LLVM's PTX output into pieces, and writing one PTX module from many pieces.
//!
//! LLVM prints one module as: a comment banner, `.version` / `.target` / `.address_size`,
//! then top-level items in any order: `.extern` declarations (functions and variables the module
//! uses but does not define), forward declarations of functions (`.func ... ;`), variable
//! definitions (`.global`, `.shared`, `.const`, with initializers on one line), and function
//! definitions (header, then `{` ... `}` at column 0). [`parse`] splits that text into items by
//! tracking parentheses and braces (ignoring `//` comments), so it does not depend on blank lines
//! or LLVM's comment style.

/// One top-level item of a PTX text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Item {
    pub kind: ItemKind,
    pub name: String,
    pub text: String,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ItemKind {
    /// `.extern .func ...;` / `.extern .global ...;` / `.extern .shared ...[];`
    Extern,
    /// A function prototype without body (`.func (...) name(...);`).
    FuncDecl,
    /// A function definition.
    FuncDef { entry: bool },
    /// A variable definition.
    Var,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parsed {
    /// `.version`, `.target`, `.address_size` lines, in order.
    pub header: Vec<String>,
    pub items: Vec<Item>,
}

fn strip_comment(line: &str) -> &str {
    match line.find("//") {
        Some(i) => &line[..i],
        None => line,
    }
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// The symbol a function header declares: after `.func`/`.entry` and an optional
/// parenthesised return list.
pub(crate) fn function_name(text: &str) -> Option<String> {
    let flat = text.split('\n').map(strip_comment).collect::<Vec<_>>().join(" ");
    let pos = flat
        .find(".func")
        .map(|p| p + 5)
        .or_else(|| flat.find(".entry").map(|p| p + 6))?;
    let mut rest = flat[pos..].trim_start();
    if rest.starts_with('(') {
        let mut depth = 0;
        let mut end = 0;
        for (i, c) in rest.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = rest[end..].trim_start();
    }
    let name: String = rest.chars().take_while(|c| is_ident_char(*c)).collect();
    (!name.is_empty()).then_some(name)
}

/// The symbol a variable declaration or definition names: the identifier before `[`, `=` or `;`.
pub(crate) fn variable_name(text: &str) -> Option<String> {
    let flat = strip_comment(text.lines().next().unwrap_or(""));
    let end = flat.find(['[', '=', ';']).unwrap_or(flat.len());
    flat[..end].split_whitespace().last().map(str::to_string)
}

/// Splits LLVM's PTX output into header lines and items.
pub(crate) fn parse(ptx: &str) -> Parsed {
    let mut out = Parsed::default();
    let mut cur: Vec<&str> = Vec::new();
    let mut parens = 0i32;
    let mut braces = 0i32;
    let mut saw_brace = false;
    for line in ptx.lines() {
        let code = strip_comment(line);
        let trimmed = code.trim();
        if cur.is_empty() {
            if trimmed.is_empty() {
                continue;
            }
            if trimmed.starts_with(".version") || trimmed.starts_with(".target") || trimmed.starts_with(".address_size")
            {
                out.header.push(trimmed.to_string());
                continue;
            }
        }
        cur.push(line);
        for c in code.chars() {
            match c {
                '(' => parens += 1,
                ')' => parens -= 1,
                '{' => {
                    braces += 1;
                    saw_brace = true;
                }
                '}' => braces -= 1,
                _ => {}
            }
        }
        let ends = trimmed.ends_with(';') || (saw_brace && trimmed.ends_with('}'));
        if parens <= 0 && braces <= 0 && ends {
            // A function header is followed by `{` on a later line: only a `;` or a closing
            // brace ends an item.
            let text = cur.join("\n");
            if let Some(item) = classify(&text, saw_brace) {
                out.items.push(item);
            }
            cur.clear();
            parens = 0;
            braces = 0;
            saw_brace = false;
        }
    }
    out
}

fn classify(text: &str, has_body: bool) -> Option<Item> {
    let first = text.lines().map(strip_comment).map(str::trim).find(|l| !l.is_empty())?;
    let words: Vec<&str> = first.split_whitespace().collect();
    let is_fn = words.iter().any(|w| *w == ".func" || *w == ".entry");
    let text = text.trim_end().to_string();
    if words.first() == Some(&".extern") {
        let name = if is_fn {
            function_name(&text)?
        } else {
            variable_name(&text)?
        };
        return Some(Item {
            kind: ItemKind::Extern,
            name,
            text,
        });
    }
    if is_fn {
        let name = function_name(&text)?;
        let entry = words.contains(&".entry");
        let kind = if has_body {
            ItemKind::FuncDef { entry }
        } else {
            ItemKind::FuncDecl
        };
        return Some(Item { kind, name, text });
    }
    let name = variable_name(&text)?;
    Some(Item {
        kind: ItemKind::Var,
        name,
        text,
    })
}

/// The declaration of a function definition: its header (everything before `{`) plus `;`.
pub(crate) fn prototype(def: &str) -> String {
    let mut out = Vec::new();
    for line in def.lines() {
        if strip_comment(line).trim() == "{" {
            break;
        }
        out.push(line);
    }
    let mut s = out.join("\n").trim_end().to_string();
    s.push(';');
    s
}

/// Removes a leading `.visible ` from a definition (nvcc prints whole-program device functions
/// and function-scope statics without it).
pub(crate) fn strip_visible(text: &str) -> String {
    match text.strip_prefix(".visible ") {
        Some(rest) => rest.to_string(),
        None => text.to_string(),
    }
}

/// Whether PTX text uses the whole identifier `name`.
pub(crate) fn mentions(text: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    text.match_indices(name).any(|(i, _)| {
        !text[..i].chars().last().is_some_and(ident) && !text[i + name.len()..].chars().next().is_some_and(ident)
    })
}

/// Replaces whole identifiers `from` by `to` in PTX text.
pub(crate) fn rename_symbol(text: &str, from: &str, to: &str) -> String {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut prev: Option<char> = None;
    while let Some(i) = rest.find(from) {
        let before = rest[..i].chars().last().or(prev);
        let after = rest[i + from.len()..].chars().next();
        out.push_str(&rest[..i]);
        if before.is_some_and(ident) || after.is_some_and(ident) || before == Some('%') {
            out.push_str(from);
        } else {
            out.push_str(to);
        }
        prev = from.chars().last();
        rest = &rest[i + from.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "//\n// Generated by LLVM NVPTX Back-End\n//\n\n.version 7.8\n.target sm_90\n.address_size 64\n\n\t// .globl\tk\n.extern .func  (.param .b32 func_retval0) foo\n(\n\t.param .b32 foo_param_0\n)\n;\n.extern .shared .align 16 .b8 dyn[];\n.global .align 1 .b8 $str[3] = {104, 105};\n.visible .entry k(\n\t.param .u64 .ptr .align 1 k_param_0\n)\n.maxntid 256, 1, 1\n{\n\t.reg .b32 \t%r<2>;\n\t{ // callseq 0, 0\n\t} // callseq 0\n\tret;\n\n}\n.func  (.param .b32 func_retval0) helper(\n\t.param .b32 helper_param_0\n)\n{\n\tret;\n\n}\n";

    #[test]
    fn splits_items() {
        let p = parse(SAMPLE);
        assert_eq!(p.header, vec![".version 7.8", ".target sm_90", ".address_size 64"]);
        let kinds: Vec<(ItemKind, &str)> = p.items.iter().map(|i| (i.kind, i.name.as_str())).collect();
        assert_eq!(
            kinds,
            vec![
                (ItemKind::Extern, "foo"),
                (ItemKind::Extern, "dyn"),
                (ItemKind::Var, "$str"),
                (ItemKind::FuncDef { entry: true }, "k"),
                (ItemKind::FuncDef { entry: false }, "helper"),
            ]
        );
        assert_eq!(
            prototype(&p.items[4].text),
            ".func  (.param .b32 func_retval0) helper(\n\t.param .b32 helper_param_0\n);"
        );
    }

    #[test]
    fn renames_whole_identifiers() {
        let t = "mov.u64 %rd1, $str; mov.u64 %rd2, $str$1; cvta $str+4, x$str";
        assert_eq!(
            rename_symbol(t, "$str", "$str$w1"),
            "mov.u64 %rd1, $str$w1; mov.u64 %rd2, $str$1; cvta $str$w1+4, x$str"
        );
    }
}
