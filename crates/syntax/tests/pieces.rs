//! Hand-built piece streams: macro expansions (zero-width tokens and their side table) and
//! included files (own trees between items, inlined inside items, overflow at the end of a
//! header).

use std::sync::Arc;
use warpc_base::{FileId, TextRange, TextSize};
use warpc_syntax::{parse_tu, text_pieces, Piece, SyntaxKind, TuParse};

/// Pieces of `text` (no preprocessing) with every identifier named in `macros` replaced by a
/// MACRO_CALL trivia piece and its expansion (object-like macros only).
fn expand(text: &str, macros: &[(&str, &str)]) -> Vec<Piece> {
    let (pieces, _) = text_pieces(text);
    let mut out = Vec::new();
    for piece in pieces {
        if let Piece::Token {
            kind: SyntaxKind::IDENT,
            range,
        } = &piece
        {
            if let Some((_, body)) = macros.iter().find(|(name, _)| *name == &text[*range]) {
                out.push(Piece::Trivia {
                    kind: SyntaxKind::MACRO_CALL,
                    range: *range,
                });
                let (body_pieces, _) = text_pieces(body);
                for bp in body_pieces {
                    if let Piece::Token { kind, range: r } = bp {
                        out.push(Piece::Expanded {
                            kind,
                            text: body[r].into(),
                            call: *range,
                        });
                    }
                }
                continue;
            }
        }
        out.push(piece);
    }
    out
}

fn texts(files: &[&str]) -> impl Fn(FileId) -> Arc<str> {
    let files: Vec<Arc<str>> = files.iter().map(|t| Arc::from(*t)).collect();
    move |f: FileId| files.get(f.0 as usize).cloned().unwrap_or_else(|| Arc::from(""))
}

/// Main file pieces with `header_pieces` spliced in right after the directive line that
/// contains `#include`.
fn with_include(main: &str, main_pieces: Vec<Piece>, file: FileId, header_pieces: Vec<Piece>) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut header = Some(header_pieces);
    for piece in main_pieces {
        let is_include =
            matches!(&piece, Piece::Trivia { kind: SyntaxKind::DIRECTIVE, range } if main[*range].contains("#include"));
        out.push(piece);
        if is_include {
            if let Some(h) = header.take() {
                out.push(Piece::EnterFile { file });
                out.extend(h);
                out.push(Piece::LeaveFile);
            }
        }
    }
    out
}

fn check_trees(parse: &TuParse, files: &[&str]) {
    for tree in &parse.trees {
        let text = tree.syntax().text().to_string();
        assert_eq!(text, files[tree.file.0 as usize], "tree of {:?}", tree.file);
    }
}

#[test]
fn object_macro_expansion() {
    let main = "#define BLOCK 256\n#define ADD a + b\nint x[BLOCK];\nint y = ADD * 2;\n";
    let pieces = expand(main, &[("BLOCK", "256"), ("ADD", "a + b")]);
    let parse = parse_tu(&pieces, FileId(0), &texts(&[main]));
    check_trees(&parse, &[main]);
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    expect_test::expect_file!["../../../testdata/parser/pieces/object_macro.txt"].assert_eq(&parse.debug_dump());
    let tree = &parse.trees[0];
    let b = tree
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| tree.expansions.token_text(t) == "b")
        .unwrap();
    assert_eq!(
        tree.expansions.source_range(&b),
        TextRange::new(TextSize::from(58), TextSize::from(61))
    );
}

#[test]
fn include_between_items_gets_its_own_tree() {
    let main = "int a;\n#include \"h.h\"\nT b;\n";
    let header = "typedef int T;\nT c;\n";
    let (mp, _) = text_pieces(main);
    let (hp, _) = text_pieces(header);
    let pieces = with_include(main, mp, FileId(1), hp);
    let parse = parse_tu(&pieces, FileId(0), &texts(&[main, header]));
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    check_trees(&parse, &[main, header]);
    assert_eq!(parse.trees.len(), 2);
    assert_eq!(parse.trees[0].includes.len(), 1);
    let order: Vec<String> = parse
        .items()
        .map(|(t, n)| format!("{t}:{}", n.text().to_string().trim()))
        .collect();
    assert_eq!(order, ["0:int a;", "1:typedef int T;", "1:T c;", "0:T b;"]);
    // `T b;` parsed as a declaration with a type name (T came from the header).
    let last = parse.items().last().unwrap().1;
    assert!(last.descendants().any(|n| n.kind() == SyntaxKind::TYPE_NAME_REF));
}

#[test]
fn include_inside_a_namespace_or_linkage_block_gets_its_own_tree() {
    // libstdc++'s <cmath> includes <bits/specfun.h> inside `extern "C++" { }`; glibc includes
    // its bits/ headers inside `extern "C" { }`.
    let main = "extern \"C++\" {\nnamespace std {\nint a;\n#include \"h.h\"\nT b;\n}\n}\nint z;\n";
    let header = "typedef int T;\nint f() { return 1; }\n";
    let (mp, _) = text_pieces(main);
    let (hp, _) = text_pieces(header);
    let pieces = with_include(main, mp, FileId(1), hp);
    let parse = parse_tu(&pieces, FileId(0), &texts(&[main, header]));
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    check_trees(&parse, &[main, header]);
    assert_eq!(parse.trees.len(), 2);
    // The top level: the linkage block (with the header inside it), then `int z;`.
    let order: Vec<String> = parse.items().map(|(t, n)| format!("{t}:{:?}", n.kind())).collect();
    assert_eq!(order, ["0:LINKAGE_SPEC", "0:DECLARATION"]);
    let ns = parse.trees[0]
        .syntax()
        .descendants()
        .find(|n| n.kind() == SyntaxKind::NAMESPACE_DEF)
        .unwrap();
    let list = ns.children().find(|n| n.kind() == SyntaxKind::DECL_LIST).unwrap();
    let inner: Vec<String> = parse
        .list_items(0, &list)
        .iter()
        .map(|(t, n)| format!("{t}:{}", n.text().to_string().trim()))
        .collect();
    assert_eq!(
        inner,
        ["0:int a;", "1:typedef int T;", "1:int f() { return 1; }", "0:T b;"]
    );
    // The header's function definition is found (with its own tree).
    let defs = parse.function_defs();
    assert_eq!(defs.len(), 1);
    assert_eq!(defs[0].tree, 1);
}

#[test]
fn include_inside_an_item_is_inlined() {
    let main = "void f() {\n#include \"body.inc\"\n}\n";
    let inc = "int x = 1;\n";
    let (mp, _) = text_pieces(main);
    let (hp, _) = text_pieces(inc);
    let pieces = with_include(main, mp, FileId(1), hp);
    let parse = parse_tu(&pieces, FileId(0), &texts(&[main, inc]));
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    assert_eq!(parse.trees.len(), 1);
    check_trees(&parse, &[main]);
    let tree = &parse.trees[0];
    assert_eq!(tree.expansions.entries().len(), 1);
    let e = &tree.expansions.entries()[0];
    assert_eq!(&main[e.call_range], "#include \"body.inc\"");
    let spelled: Vec<&str> = e.tokens.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(spelled, ["int", "x", "=", "1", ";"]);
    let (f, _, _) = parse.fn_syntax(0);
    assert!(f.syntax().descendants().any(|n| n.kind() == SyntaxKind::DECL_STMT));
}

#[test]
fn item_spanning_the_end_of_a_header() {
    let main = "#include \"open.h\"\n  return 0; }\nint after;\n";
    let header = "int f() {\n";
    let (mp, _) = text_pieces(main);
    let (hp, _) = text_pieces(header);
    let pieces = with_include(main, mp, FileId(1), hp);
    let parse = parse_tu(&pieces, FileId(0), &texts(&[main, header]));
    check_trees(&parse, &[main, header]);
    assert_eq!(parse.errors.len(), 2, "{:?}", parse.errors);
    assert!(parse.errors[0].message.contains("spanning the end of an included file"));
    // The includer's code the open declaration swallows is pointed at in the includer itself
    // (a system header's end-of-file diagnostic may not be shown; a user file's code must not
    // vanish silently).
    assert!(parse.errors[1]
        .message
        .contains("declaration left open at the end of an included file"));
    let at = parse.errors[1].primary.expect("located");
    assert_eq!(at.file, FileId(0));
    assert_eq!(&main[at.range], "return");
    let defs = parse.function_defs();
    assert_eq!(defs.len(), 1);
    assert_eq!(defs[0].tree, 1);
    let (f, file, _) = parse.fn_syntax(0);
    assert_eq!(file, FileId(1));
    let spelled: Vec<String> = f
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .map(|t| f.token_text(&t).to_string())
        .collect();
    assert_eq!(spelled, ["int", "f", "(", ")", "{", "return", "0", ";", "}"]);
    let order: Vec<String> = parse.items().map(|(t, n)| format!("{t}:{:?}", n.kind())).collect();
    assert_eq!(order, ["1:FUNCTION_DEF", "0:ERROR", "0:DECLARATION"]);
}

#[test]
fn fn_syntax_is_position_free() {
    let main = "#define K __global__\nK void f(int *p) { p[0] = 1; }\nint pad;\nK void f(int *p) { p[0] = 1; }\n";
    let pieces = expand(main, &[("K", "__global__")]);
    let parse = parse_tu(&pieces, FileId(0), &texts(&[main]));
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    let (a, _, sa) = parse.fn_syntax(0);
    let (b, _, sb) = parse.fn_syntax(1);
    assert_ne!(sa, sb);
    assert_eq!(a, b);
    // The macro call is inside the function node, so its range is relative and in bounds.
    assert_eq!(a.expansions.entries().len(), 1);
    assert_eq!(
        a.expansions.entries()[0].call_range,
        TextRange::new(TextSize::from(0), TextSize::from(1))
    );
    let first = a
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| !t.kind().is_trivia())
        .unwrap();
    assert_eq!(first.kind(), SyntaxKind::GLOBAL_KW);
    assert_eq!(a.token_text(&first), "__global__");
}

#[test]
fn one_macro_expanding_to_two_items() {
    let main = "#define TWO int a; void g() {}\nTWO\nvoid h() {}\n";
    let pieces = expand(main, &[("TWO", "int a; void g() {}")]);
    let parse = parse_tu(&pieces, FileId(0), &texts(&[main]));
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    check_trees(&parse, &[main]);
    let (g, _, _) = parse.fn_syntax(0);
    let spelled: Vec<String> = g
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
        .map(|t| g.token_text(&t).to_string())
        .collect();
    assert_eq!(spelled, ["void", "g", "(", ")", "{", "}"]);
}

#[test]
fn nested_includes_and_empty_header() {
    let main = "#include \"a.h\"\nint m;\n";
    let a = "#include \"b.h\"\nint fa;\n";
    let b = "/* guarded */\n";
    let (mp, _) = text_pieces(main);
    let (ap, _) = text_pieces(a);
    let (bp, _) = text_pieces(b);
    let ap = with_include(a, ap, FileId(2), bp);
    let pieces = with_include(main, mp, FileId(1), ap);
    let parse = parse_tu(&pieces, FileId(0), &texts(&[main, a, b]));
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    check_trees(&parse, &[main, a, b]);
    assert_eq!(parse.trees.len(), 3);
    let order: Vec<String> = parse
        .items()
        .map(|(t, n)| format!("{t}:{}", n.text().to_string().trim()))
        .collect();
    assert_eq!(order, ["1:int fa;", "0:int m;"]);
}

#[test]
fn trees_note_whether_they_hold_a_lambda() {
    let main = "#include \"h.h\"\nvoid f() { int x = 1; }\n";
    let header = "inline int g() { auto l = [](int v) { return v; }; return l(1); }\n";
    let (mp, _) = text_pieces(main);
    let (hp, _) = text_pieces(header);
    let pieces = with_include(main, mp, FileId(1), hp);
    let parse = parse_tu(&pieces, FileId(0), &texts(&[main, header]));
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    let noted: Vec<bool> = parse.trees.iter().map(|t| t.has_lambdas).collect();
    let walked: Vec<bool> = parse
        .trees
        .iter()
        .map(|t| t.syntax().descendants().any(|n| n.kind() == SyntaxKind::LAMBDA_EXPR))
        .collect();
    assert_eq!(noted, [false, true]);
    assert_eq!(noted, walked);
}
