//! Error recovery: a run of junk gives one error, not one per token, wherever it sits (top
//! level, statement position, after an expression, in parameter, argument, member, enumerator and
//! initializer lists); and after the junk the parser is back on its feet (later declarations and
//! statements parse normally).

use warpc_syntax::parse_text;

fn errors(text: &str) -> Vec<String> {
    let p = parse_text(text);
    assert_eq!(p.tree(0).text().to_string(), text);
    p.errors
        .iter()
        .map(|e| format!("{}@{:?}", e.message, e.primary.map(|r| r.range)))
        .collect()
}

/// Each case is a run of 1,000 junk tokens in one context, followed by a well-formed line; the
/// number is the most errors the case may give (nvcc gives the same or more).
#[test]
fn junk_runs_give_one_error() {
    let n = 1000;
    let cases: Vec<(&str, String, usize)> = vec![
        ("top )", format!("{}\nint x;\n", ") ".repeat(n)), 1),
        ("top ) lines", format!("{}\nint x;\n", ")\n".repeat(n)), 1),
        ("top }", format!("{}\nint x;\n", "} ".repeat(n)), 1),
        ("top ]", format!("{}\nint x;\n", "]\n".repeat(n)), 1),
        ("top @", format!("{}\nint x;\n", "@ ".repeat(n)), 1),
        ("top ,", format!("{}\nint x;\n", ",\n".repeat(n)), 1),
        ("top 1", format!("{}\nint x;\n", "1\n".repeat(n)), 1),
        ("body )", format!("void f() {{ {} }}\nint x;\n", ") ".repeat(n)), 1),
        (
            "body ) lines",
            format!("void f() {{ {} }}\nint x;\n", ")\n".repeat(n)),
            1,
        ),
        ("body ]", format!("void f() {{ {} }}\nint x;\n", "] ".repeat(n)), 1),
        ("body @", format!("void f() {{ {} }}\nint x;\n", "@ ".repeat(n)), 1),
        (
            "body else",
            format!("void f() {{ {} }}\nint x;\n", "else ".repeat(n)),
            1,
        ),
        ("body :", format!("void f() {{ {} }}\nint x;\n", ": ".repeat(n)), 1),
        ("body >>>", format!("void f() {{ {} }}\nint x;\n", ">>> ".repeat(n)), 1),
        (
            "after expr )",
            format!("void f() {{ x = 1 {}; }}\nint x;\n", ") ".repeat(n)),
            1,
        ),
        (
            "after expr ) lines",
            format!("void f() {{ x = 1 {}; }}\nint x;\n", ")\n".repeat(n)),
            1,
        ),
        (
            "after expr ]",
            format!("void f() {{ x = 1 {}; }}\nint x;\n", "] ".repeat(n)),
            1,
        ),
        (
            "after expr ident",
            format!("void f() {{ x = 1 {}; }}\nint x;\n", "y ".repeat(n)),
            1,
        ),
        ("args ,", format!("void f() {{ g(1{}); }}\nint x;\n", ", ".repeat(n)), 1),
        (
            "args )",
            format!("void f() {{ g(1, {}); }}\nint x;\n", "] ".repeat(n)),
            1,
        ),
        ("params", format!("void f(int a{}) {{ }}\nint x;\n", ", ".repeat(n)), 1),
        (
            "params junk",
            format!("void f(int a {}) {{ }}\nint x;\n", "] ".repeat(n)),
            1,
        ),
        (
            "members",
            format!("struct S {{ int a; {} }};\nint x;\n", ") ".repeat(n)),
            1,
        ),
        (
            "members lines",
            format!("struct S {{ int a; {} }};\nint x;\n", ")\n".repeat(n)),
            1,
        ),
        ("enum", format!("enum E {{ A, {} }};\nint x;\n", ") ".repeat(n)), 1),
        (
            "init list",
            format!("int a[] = {{ 1, {} }};\nint x;\n", ") ".repeat(n)),
            1,
        ),
        (
            "init list ,",
            format!("int a[] = {{ 1 {} }};\nint x;\n", ", , ".repeat(n)),
            1,
        ),
        (
            "extern C",
            format!("extern \"C\" {{ {} }}\nint x;\n", ") ".repeat(n)),
            1,
        ),
        (
            "namespace",
            format!("namespace q {{ {} }}\nint x;\n", ") ".repeat(n)),
            1,
        ),
        (
            "cond",
            format!("void f() {{ if ({}) x = 1; }}\nint x;\n", ") ".repeat(n)),
            1,
        ),
        (
            "for",
            format!("void f() {{ for (;;{}) x = 1; }}\nint x;\n", ") ".repeat(n)),
            1,
        ),
        (
            "template args",
            format!(
                "template <class T> struct A {{}}; A<int {}> a;\nint x;\n",
                ") ".repeat(n)
            ),
            1,
        ),
        (
            "lambda",
            format!("void f() {{ auto l = [&]({}) {{ }}; }}\nint x;\n", ") ".repeat(n)),
            1,
        ),
    ];
    for (name, text, max) in &cases {
        let e = errors(text);
        assert!(
            !e.is_empty() && e.len() <= *max,
            "{name}: {} errors: {:?}",
            e.len(),
            &e[..e.len().min(5)]
        );
        // Recovery ends before the last line: no error there.
        let last_line = text.trim_end().rfind('\n').unwrap() + 1;
        let p = parse_text(text);
        assert!(
            p.errors
                .iter()
                .all(|d| usize::from(d.primary.unwrap().range.start()) < last_line),
            "{name}: {:?}",
            &e[..e.len().min(5)]
        );
    }
}

/// Separate problems still get separate errors: a missing `;` on each of 50 lines is 50
/// errors, and each statement after a junk run is checked again.
#[test]
fn separate_problems_are_still_reported() {
    let text = format!("void f() {{\n{}}}\n", "x = 1\n".repeat(50));
    assert_eq!(errors(&text).len(), 50);
    let text = "void f() {\n  ) ) )\n  x = ;\n  ] ]\n  y = ;\n}\n";
    let e = errors(text);
    assert_eq!(e.len(), 4, "{e:?}");
    // nvcc: `)` where a statement starts is "expected an expression"; a stray `else` is
    // "expected a statement".
    assert!(e[0].starts_with("expected an expression@"), "{e:?}");
    let e = errors("void f() { else else x = 1; }");
    assert_eq!(e.len(), 1);
    assert!(e[0].starts_with("expected a statement@"), "{e:?}");
}

/// The missing-`;` error carries the fix that inserts it, at the end of the previous token.
#[test]
fn missing_semicolon_has_an_insert_fix() {
    let p = parse_text("void f() { int x = 1\n  x = 2; }");
    assert_eq!(p.errors.len(), 1, "{:?}", p.errors);
    let fix = p.errors[0].fix.as_ref().expect("a fix");
    assert_eq!(fix.replacement, ";");
    assert_eq!(fix.title, "insert \";\"");
    assert_eq!(u32::from(fix.range.range.start()), 20);
    assert!(fix.range.range.is_empty());
}

/// One parse reports at most `MAX_ERRORS` (1,000) errors however many problems there are.
#[test]
fn error_count_is_capped() {
    let text = format!("void f() {{\n{}}}\n", "x = 1\n".repeat(5000));
    let e = errors(&text);
    assert_eq!(e.len(), 1000);
}
