//! Robustness: no panic, no hang, lossless round trip on pathological and random inputs.

use warpc_syntax::parse_text;

fn check_lossless(text: &str) -> warpc_syntax::TuParse {
    let p = parse_text(text);
    assert_eq!(p.tree(0).text().to_string(), text);
    p
}

#[test]
fn deeply_nested_parens() {
    let n = 10_000;
    let text = format!(
        "int x = {}1{};\n__global__ void k() {{ int y = 2; }}\n",
        "(".repeat(n),
        ")".repeat(n)
    );
    let p = check_lossless(&text);
    assert!(
        p.errors.iter().any(|e| e.message.contains("nested too deeply")),
        "{:?}",
        p.errors
    );
    assert_eq!(p.errors.len(), 1, "{:?}", p.errors);
    assert_eq!(p.function_defs().len(), 1);
}

#[test]
fn deeply_nested_everything() {
    for (open, close) in [
        ("{", "}"),
        ("a[", "]"),
        ("-", ""),
        ("*", ""),
        ("a=", ""),
        ("if(1)", ""),
        ("x?y:", ""),
    ] {
        let n = 5_000;
        let text = format!("void f() {{ {}0{}; }}\nint g;\n", open.repeat(n), close.repeat(n));
        let p = check_lossless(&text);
        assert!(!p.errors.is_empty(), "{open}");
    }
    let text = format!("int {}x{};", "(".repeat(5000), ")".repeat(5000));
    check_lossless(&text);
    let text = format!("int {}x;", "*".repeat(5000));
    check_lossless(&text);
    let text = format!("struct A {{ {} }};", "struct B {".repeat(3000));
    check_lossless(&text);
}

#[test]
fn long_chains_are_fine_up_to_the_cap() {
    let text = format!("int x = {};", vec!["a"; 1000].join(" + "));
    let p = check_lossless(&text);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let text = format!("int x = {};", vec!["a"; 100_000].join(" + "));
    let p = check_lossless(&text);
    assert_eq!(p.errors.len(), 1, "{:?}", p.errors);
    let text = format!("int x = a{};", "[0]".repeat(100_000));
    let p = check_lossless(&text);
    assert_eq!(p.errors.len(), 1, "{:?}", p.errors);
}

/// A tiny deterministic PRNG (no dependency).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn random_token_soup() {
    let corpus: Vec<String> = warpc_testkit::conformance_files("c")
        .into_iter()
        .chain(warpc_testkit::conformance_files("cxx"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let words: Vec<&str> = corpus.iter().flat_map(|t| t.split_whitespace()).collect();
    let mut words = words;
    words.extend([
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        ";",
        ",",
        "<<<",
        ">>>",
        "#pragma unroll\n",
        "struct",
        "typedef",
        "?",
        ":",
    ]);
    let mut rng = Rng(0x9e3779b97f4a7c15);
    for _ in 0..300 {
        let len = (rng.next() % 200) as usize;
        let mut text = String::new();
        for _ in 0..len {
            text.push_str(words[(rng.next() % words.len() as u64) as usize]);
            text.push(if rng.next().is_multiple_of(5) { '\n' } else { ' ' });
        }
        let p = check_lossless(&text);
        for i in 0..p.function_defs().len() {
            let _ = p.fn_syntax(i);
        }
        for i in 0..3 {
            let _ = p.fn_syntax(p.function_def_count() + i);
        }
    }
    // Mutations of real files: delete a random span.
    for text in &corpus {
        for _ in 0..30 {
            let a = (rng.next() % text.len() as u64) as usize;
            let b = (a + (rng.next() % 40) as usize).min(text.len());
            if !text.is_char_boundary(a) || !text.is_char_boundary(b) {
                continue;
            }
            let mutated = format!("{}{}", &text[..a], &text[b..]);
            check_lossless(&mutated);
        }
    }
}

/// Random piece streams: headers entered and left at arbitrary points (between items, inside
/// items, across item ends) and identifiers replaced by macro expansions. Every tree must
/// still spell its file exactly, and every function must extract and spell its tokens.
#[test]
fn random_piece_streams() {
    use std::sync::Arc;
    use warpc_base::FileId;
    use warpc_syntax::{parse_tu, text_pieces, Piece, SyntaxKind};

    let corpus: Vec<String> = warpc_testkit::conformance_files("c")
        .into_iter()
        .chain(warpc_testkit::conformance_files("errors"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    if corpus.len() < 3 {
        return;
    }
    let mut rng = Rng(0x2545f4914f6cdd1d);
    for round in 0..200 {
        let pick = |r: &mut Rng| corpus[(r.next() % corpus.len() as u64) as usize].clone();
        let files: Vec<String> = vec![pick(&mut rng), pick(&mut rng), pick(&mut rng)];
        let arcs: Vec<Arc<str>> = files.iter().map(|t| Arc::from(t.as_str())).collect();
        let text_of = move |f: FileId| arcs.get(f.0 as usize).cloned().unwrap_or_else(|| Arc::from(""));
        let mut streams: Vec<Vec<Piece>> = files.iter().map(|t| text_pieces(t).0).collect();
        // Macro-expand some identifiers of every file.
        for (fi, stream) in streams.iter_mut().enumerate() {
            let text = &files[fi];
            let mut out = Vec::new();
            for piece in stream.drain(..) {
                match &piece {
                    Piece::Token {
                        kind: SyntaxKind::IDENT,
                        range,
                    } if rng.next().is_multiple_of(4) => {
                        out.push(Piece::Trivia {
                            kind: SyntaxKind::MACRO_CALL,
                            range: *range,
                        });
                        let n = rng.next() % 3;
                        for _ in 0..n {
                            out.push(Piece::Expanded {
                                kind: SyntaxKind::IDENT,
                                text: text[*range].into(),
                                call: *range,
                            });
                        }
                        if n == 0 && rng.next().is_multiple_of(2) {
                            out.push(Piece::Expanded {
                                kind: SyntaxKind::SEMICOLON,
                                text: ";".into(),
                                call: *range,
                            });
                        }
                    }
                    _ => out.push(piece),
                }
            }
            *stream = out;
        }
        // Nest file 2 into file 1 and file 1 into file 0 at random piece boundaries.
        let splice = |host: Vec<Piece>, file: u32, inner: Vec<Piece>, r: &mut Rng| {
            let at = (r.next() % (host.len() as u64 + 1)) as usize;
            let mut out = host[..at].to_vec();
            out.push(Piece::EnterFile { file: FileId(file) });
            out.extend(inner);
            out.push(Piece::LeaveFile);
            out.extend_from_slice(&host[at..]);
            out
        };
        let s2 = streams.pop().unwrap();
        let s1 = streams.pop().unwrap();
        let s0 = streams.pop().unwrap();
        let s1 = splice(s1, 2, s2, &mut rng);
        let pieces = splice(s0, 1, s1, &mut rng);
        let parse = parse_tu(&pieces, FileId(0), &text_of);
        for tree in &parse.trees {
            assert_eq!(
                tree.syntax().text().to_string(),
                files[tree.file.0 as usize],
                "round {round}"
            );
            // Every zero-width parser token has a spelling in the side table.
            let mut zero_width = 0;
            for tok in tree.syntax().descendants_with_tokens().filter_map(|e| e.into_token()) {
                if tok.text().is_empty() && !tok.kind().is_trivia() {
                    zero_width += 1;
                    assert!(!tree.expansions.token_text(&tok).is_empty(), "round {round}: {tok:?}");
                }
            }
            let entries: usize = tree.expansions.entries().iter().map(|e| e.tokens.len()).sum();
            assert_eq!(zero_width, entries, "round {round}");
        }
        let _ = parse.items().count();
        for i in 0..parse.function_def_count() {
            let (f, _, _) = parse.fn_syntax(i);
            for tok in f.syntax().descendants_with_tokens().filter_map(|e| e.into_token()) {
                if !tok.kind().is_trivia() {
                    assert!(!f.token_text(&tok).is_empty(), "round {round}: {tok:?}");
                }
            }
        }
    }
}

/// The spelling of zero-width tokens through the index cache: a macro call expanding to
/// thousands of tokens (distinct spellings, same kinds), read in forward, reverse and scattered
/// order across two trees, gives each token its own spelling; and reading them all is fast
/// (numbering the run once, not walking back from every token).
#[test]
fn expansion_spellings_in_any_order() {
    use std::sync::Arc;
    use warpc_base::FileId;
    use warpc_syntax::{parse_tu, Piece, SyntaxKind};

    let n = 20_000usize;
    let text = "void f() { M }\nvoid g() { M }\n";
    let arcs: Vec<Arc<str>> = vec![Arc::from(text)];
    let text_of = move |f: FileId| arcs.get(f.0 as usize).cloned().unwrap_or_else(|| Arc::from(""));
    let (base, _) = warpc_syntax::text_pieces(text);
    let mut pieces = Vec::new();
    let mut expected = Vec::new();
    for piece in base {
        match &piece {
            Piece::Token {
                kind: SyntaxKind::IDENT,
                range,
            } if &text[*range] == "M" => {
                pieces.push(Piece::Trivia {
                    kind: SyntaxKind::MACRO_CALL,
                    range: *range,
                });
                // `x0 = 0; x1 = 1; ...`: identifiers and numbers with distinct spellings.
                for i in 0..n / 4 {
                    for (kind, s) in [
                        (SyntaxKind::IDENT, format!("x{i}")),
                        (SyntaxKind::EQ, "=".to_string()),
                        (SyntaxKind::INT_NUMBER, i.to_string()),
                        (SyntaxKind::SEMICOLON, ";".to_string()),
                    ] {
                        expected.push((range.end(), s.clone()));
                        pieces.push(Piece::Expanded {
                            kind,
                            text: s.into(),
                            call: *range,
                        });
                    }
                }
            }
            _ => pieces.push(piece),
        }
    }
    let parse = parse_tu(&pieces, FileId(0), &text_of);
    let tree = &parse.trees[0];
    let toks: Vec<_> = tree
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.text().is_empty() && !t.kind().is_trivia())
        .collect();
    assert_eq!(toks.len(), expected.len());
    let started = std::time::Instant::now();
    let check = |i: usize| {
        let t = &toks[i];
        assert_eq!(t.text_range().start(), expected[i].0);
        assert_eq!(tree.expansions.token_text(t), expected[i].1.as_str(), "token {i}");
    };
    for i in 0..toks.len() {
        check(i);
    }
    for i in (0..toks.len()).rev() {
        check(i);
    }
    let mut rng = Rng(0x1234_5678);
    for _ in 0..toks.len() {
        check((rng.next() % toks.len() as u64) as usize);
        // Interleave the function's own extracted tree (another root).
        if rng.next().is_multiple_of(1000) {
            let (f, _, _) = parse.fn_syntax(0);
            let first = f
                .syntax()
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.text().is_empty() && !t.kind().is_trivia());
            assert_eq!(first.map(|t| f.token_text(&t).to_string()).as_deref(), Some("x0"));
        }
    }
    assert!(
        started.elapsed() < std::time::Duration::from_secs(30),
        "spelling lookups took {:?}",
        started.elapsed()
    );
}
