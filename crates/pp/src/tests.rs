//! Preprocessor tests: an in-memory [`FileLoader`], a renderer of the expanded token stream
//! (tokens joined by spaces, a newline when a token comes from a new source line, `@enter` /
//! `@leave` for included files) and of diagnostics, and a lossless-coverage checker run on every
//! test input and on the shared conformance corpus.

use std::path::Path;
use std::sync::Arc;

use expect_test::{expect, Expect};
use warpc_base::{CompileOptions, FileId, Severity, SmVersion, TextRange};
use warpc_syntax::SyntaxKind;

use crate::{builtin_header, builtin_header_names, preprocess, FileLoader, Piece, PpOutput, PRELUDE};

/// Files by name (ids in order); builtin headers after the user files, under `<warpc>/`.
struct MemLoader {
    files: Vec<(String, Arc<str>)>,
    /// Resolve the prelude to an empty file (keeps macro tests small).
    empty_prelude: bool,
}

const EMPTY_PRELUDE: &str = "<empty-prelude>";

impl MemLoader {
    fn new(user: &[(&str, &str)], empty_prelude: bool) -> Self {
        let mut files: Vec<(String, Arc<str>)> = user.iter().map(|(n, t)| (n.to_string(), Arc::from(*t))).collect();
        for name in builtin_header_names() {
            files.push((format!("<warpc>/{name}"), Arc::from(builtin_header(name).unwrap())));
        }
        files.push((EMPTY_PRELUDE.to_string(), Arc::from("")));
        MemLoader { files, empty_prelude }
    }

    fn find(&self, name: &str) -> Option<FileId> {
        self.files.iter().position(|(n, _)| n == name).map(|i| FileId(i as u32))
    }
}

impl FileLoader for MemLoader {
    fn text(&self, file: FileId) -> Arc<str> {
        self.files[file.0 as usize].1.clone()
    }
    fn display_name(&self, file: FileId) -> String {
        self.files[file.0 as usize].0.clone()
    }
    fn resolve_include(&self, includer: FileId, spelled: &str, angled: bool, _next: bool) -> Option<FileId> {
        if spelled == PRELUDE && self.empty_prelude {
            return self.find(EMPTY_PRELUDE);
        }
        if !angled {
            let dir = Path::new(&self.files[includer.0 as usize].0)
                .parent()
                .unwrap_or(Path::new(""));
            let joined = dir.join(spelled);
            if let Some(id) = self.find(joined.to_str().unwrap()) {
                return Some(id);
            }
        }
        self.find(spelled).or_else(|| self.find(&format!("<warpc>/{spelled}")))
    }
}

fn line_col(text: &str, offset: u32) -> (usize, usize) {
    let before = &text[..offset as usize];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

fn slice(text: &str, r: TextRange) -> &str {
    &text[usize::from(r.start())..usize::from(r.end())]
}

/// Every file entry's Trivia/Token pieces must concatenate to the file's text.
fn check_lossless(loader: &MemLoader, main: FileId, out: &PpOutput) {
    let mut stack: Vec<(FileId, String)> = vec![(main, String::new())];
    for piece in &out.pieces {
        match piece {
            Piece::EnterFile { file } => stack.push((*file, String::new())),
            Piece::LeaveFile => {
                let (file, text) = stack.pop().unwrap();
                assert_eq!(
                    text,
                    &*loader.text(file),
                    "pieces of {} do not cover its text",
                    loader.display_name(file)
                );
            }
            Piece::Trivia { range, .. } | Piece::Token { range, .. } => {
                let (file, text) = stack.last_mut().unwrap();
                let full = loader.text(*file);
                assert_eq!(
                    usize::from(range.start()),
                    text.len(),
                    "gap or overlap in {} at {:?}",
                    loader.display_name(*file),
                    range
                );
                text.push_str(slice(&full, *range));
            }
            Piece::Expanded { call, .. } => {
                let (file, _) = stack.last().unwrap();
                assert!(usize::from(call.end()) <= loader.text(*file).len());
            }
        }
    }
    assert_eq!(stack.len(), 1, "unbalanced EnterFile/LeaveFile");
    let (file, text) = stack.pop().unwrap();
    assert_eq!(
        text,
        &*loader.text(file),
        "pieces of the main file do not cover its text"
    );
}

fn render(loader: &MemLoader, main: FileId, out: &PpOutput) -> String {
    let mut s = String::new();
    let mut files = vec![main];
    let mut last: Option<(FileId, usize)> = None;
    for piece in &out.pieces {
        let file = *files.last().unwrap();
        let text = loader.text(file);
        let (tok, at) = match piece {
            Piece::EnterFile { file } => {
                files.push(*file);
                if loader.display_name(*file) != EMPTY_PRELUDE {
                    s.push_str(&format!("\n@enter {}", loader.display_name(*file)));
                }
                last = None;
                continue;
            }
            Piece::LeaveFile => {
                let left = files.pop().unwrap();
                if loader.display_name(left) != EMPTY_PRELUDE {
                    s.push_str("\n@leave");
                }
                last = None;
                continue;
            }
            Piece::Trivia { .. } => continue,
            Piece::Token { range, .. } => (slice(&text, *range).to_string(), range.start()),
            Piece::Expanded { text: t, call, .. } => (t.to_string(), call.start()),
        };
        let line = line_col(&text, at.into()).0;
        if last.is_some_and(|l| l == (file, line)) {
            s.push(' ');
        } else {
            s.push('\n');
        }
        last = Some((file, line));
        s.push_str(&tok);
    }
    s.push('\n');
    for d in &out.diagnostics {
        let sev = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        match d.primary {
            Some(at) => {
                let text = loader.text(at.file);
                let (l, c) = line_col(&text, at.range.start().into());
                s.push_str(&format!(
                    "{sev} {}:{l}:{c}: {}",
                    loader.display_name(at.file),
                    d.message
                ));
            }
            None => s.push_str(&format!("{sev}: {}", d.message)),
        }
        for n in &d.notes {
            s.push_str(&format!(" [{n}]"));
        }
        s.push('\n');
    }
    s
}

fn run_with(files: &[(&str, &str)], options: &CompileOptions, empty_prelude: bool) -> (MemLoader, FileId, PpOutput) {
    let loader = MemLoader::new(files, empty_prelude);
    let main = FileId(0);
    let out = preprocess(main, &loader, options);
    check_lossless(&loader, main, &out);
    (loader, main, out)
}

fn check_files(files: &[(&str, &str)], expect: Expect) {
    let (loader, main, out) = run_with(files, &CompileOptions::default(), true);
    expect.assert_eq(&render(&loader, main, &out));
}

fn check(text: &str, expect: Expect) {
    check_files(&[("main.cu", text)], expect);
}

// ------------------------------------------------------------------ C11 6.10.3.5 examples

#[test]
fn c11_example_3() {
    check(
        r###"#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
"###,
        expect![[r#"

            f ( 2 * ( y + 1 ) ) + f ( 2 * ( f ( 2 * ( z [ 0 ] ) ) ) ) % f ( 2 * ( 0 ) ) + t ( 1 ) ;
            f ( 2 * ( 2 + ( 3 , 4 ) - 0 , 1 ) ) | f ( 2 * ( ~ 5 ) ) & f ( 2 * ( 0 , 1 ) )
            ^ m ( 0 , 1 ) ;
            int i [ ] = { 1 , 23 , 4 , 5 , } ;
            char c [ 2 ] [ 6 ] = { "hello" , "" } ;
        "#]],
    );
}

#[test]
fn c11_example_4() {
    check_files(
        &[
            (
                "main.cu",
                r###"#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
#include xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
"###,
            ),
            ("vers2.h", "int vers2_included;\n"),
        ],
        expect![[r#"

            printf ( "x" "1" "= %d, x" "2" "= %s" , x1 , x2 ) ;
            fputs ( "strncmp(\"abc\\0d\", \"abc\", '\\4') == 0"
            ": @\n" , s ) ;
            @enter vers2.h
            int vers2_included ;
            @leave
            "hello" ;
            "hello" ", world"
        "#]],
    );
}

#[test]
fn c11_example_5_placemarkers() {
    check(
        "#define t(x,y,z) x ## y ## z\nint j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),\n t(10,,), t(,11,), t(,,12), t(,,) };\n",
        expect![[r#"

            int j [ ] = { 123 , 45 , 67 , 89 ,
            10 , 11 , 12 , } ;
        "#]],
    );
}

#[test]
fn c11_example_7_varargs() {
    check(
        r###"#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test):\
 printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
"###,
        expect![[r###"

            fprintf ( stderr , "Flag" ) ;
            fprintf ( stderr , "X = %d\n" , x ) ;
            puts ( "The first, second, and third items." ) ;
            ( ( x > y ) ? puts ( "x>y" ) : printf ( "x is %d but y is %d" , x , y ) ) ;
        "###]],
    );
}

#[test]
fn hash_hash() {
    check(
        r###"#define hash_hash # ## #
#define mkstr(a) # a
#define in_between(a) mkstr(a)
#define join(c, d) in_between(c hash_hash d)
char p[] = join(x, y);
"###,
        expect![[r###"

            char p [ ] = "x ## y" ;
        "###]],
    );
}

#[test]
fn rescanning_example_6_10_3_4() {
    check(
        "#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)\n#define AGAIN(x) x AGAIN\nAGAIN(1)(2)(3)\n",
        expect![[r###"

            2 * 9 * g
            1 AGAIN ( 2 ) ( 3 )
        "###]],
    );
}

#[test]
fn recursion_stops_via_hide_sets() {
    check(
        r###"#define foo foo
#define a b
#define b a
#define x (4 + y)
#define y (2 * x)
#define f(n) f(n + 1) g
#define g(n) f(n)
foo a b x y
f(0)
f(0)(1)
#define id(t) t
id(id)(3) id(foo)
"###,
        expect![[r#"

            foo a b ( 4 + ( 2 * x ) ) ( 2 * ( 4 + y ) )
            f ( 0 + 1 ) g
            f ( 0 + 1 ) f ( 1 + 1 ) g
            id ( 3 ) foo
        "#]],
    );
}

#[test]
fn va_opt_and_gnu_comma() {
    check(
        r###"#define F(...) f(0 __VA_OPT__(,) __VA_ARGS__)
#define G(X, ...) f(0, X __VA_OPT__(,) __VA_ARGS__)
#define SDEF(sname, ...) S sname __VA_OPT__(= { __VA_ARGS__ })
#define EMP
#define S(...) #__VA_OPT__(x __VA_ARGS__ y)
#define E(fmt, ...) printf(fmt, ## __VA_ARGS__)
#define N(fmt, args...) printf(fmt , ## args)
F(a, b, c) F() F(EMP)
G(a, b, c) G(a, ) G(a)
SDEF(foo); SDEF(bar, 1, 2);
S() S(1) S(1, 2)
E("a") E("b", 1, 2) N("c") N("d", 3)
"###,
        expect![[r#"

            f ( 0 , a , b , c ) f ( 0 ) f ( 0 )
            f ( 0 , a , b , c ) f ( 0 , a ) f ( 0 , a )
            S foo ; S bar = { 1 , 2 } ;
            "" "x 1 y" "x 1, 2 y"
            printf ( "a" ) printf ( "b" , 1 , 2 ) printf ( "c" ) printf ( "d" , 3 )
        "#]],
    );
}

#[test]
fn macros_in_macro_arguments() {
    check(
        r###"#define F(x) x+1
#define G(x) (x)
#define TWICE(f, x) f(f(x))
#define STR(x) #x
#define XSTR(x) STR(x)
#define N 42
F(F(1)) G(F(2)) TWICE(G, N) STR(N) XSTR(N) XSTR(F(N))
#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
CAT(N, 1) XCAT(N, 1) CAT(F, )(3)
"###,
        expect![[r#"

            1 + 1 + 1 ( 2 + 1 ) ( ( 42 ) ) "N" "42" "42+1"
            N1 421 3 + 1
        "#]],
    );
}

#[test]
fn invocations_spanning_lines_and_not_followed_by_paren() {
    check(
        r###"#define f(x) [x]
#define obj f
f
(1) f + f /* c */ (2)
obj (3) obj
+ f
#define ONE 1
f(
#ifdef ONE
  ONE
#else
  two
#endif
)
"###,
        expect![[r#"

            [ 1 ]
            f + [ 2 ]
            [ 3 ] f
            + f
            [ 1 ]
        "#]],
    );
}

// ------------------------------------------------------------------ conditionals

#[test]
fn if_arithmetic() {
    check(
        r###"#if -1 < 0u
wrong_unsigned_promotion
#else
ok1
#endif
#if (1 ? -1 : 0u) > 0
ok2
#endif
#if 0 && (1 / 0)
wrong
#elif 1 || (1 % 0)
ok3
#endif
#if ~0u == 0xffffffffffffffff && -1 >> 63 == -1 && (0x7fffffffffffffff + 1) < 0
ok4
#endif
#if 'a' == 97 && '\n' == 10 && '\377' < 0 && u'x' == 120
ok5
#endif
#define X 3
#if defined X && defined(X) && X > 2 && !defined Y && undefined_ident == 0
ok6
#endif
#if true && !false && (2 + 3 * 4 == 14) && (10 / 3 == 3) && (-7 % 3 == -1) && (1 << 62 > 0)
ok7
#endif
#if 18446744073709551615 == -1 && 0x10 == 16 && 010 == 8 && 0b11 == 3 && 1'000 == 1000
ok8
#endif
#if (2, 3) == 3 && (1 ? 2 : (1 / 0)) == 2 && (0 ? 1 / 0 : 5) == 5
ok9
#endif
#if 1 not_eq 2 and not 0 bitand 1
ok10
#endif
"###,
        expect![[r###"

            ok1
            ok2
            ok3
            ok4
            ok5
            ok6
            ok7
            ok8
            ok9
            ok10
        "###]],
    );
}

#[test]
fn if_errors() {
    check(
        r###"#if 1 / 0
a
#endif
#if
b
#endif
#if 1 2
c
#endif
#if (1
d
#endif
#if 1.0
e
#endif
#ifdef
f
#endif
#if 1 = 1
g
#endif
#else
#endif
#if 1
#else
#elif 1
#else
#endif
#if 0
#else
#else
#endif
#bogus
#if 0
#bogus is fine in a skipped group
#endif
"###,
        expect![[r#"

            error main.cu:1:1: division by zero
            error main.cu:4:1: expected an expression
            error main.cu:7:1: missing binary operator before token "2"
            error main.cu:10:1: expected a ")"
            error main.cu:13:1: floating constant in preprocessor expression
            error main.cu:16:2: expected an identifier
            error main.cu:19:1: this operator is not allowed in a preprocessing expression
            error main.cu:22:1: the #if for this directive is missing
            error main.cu:23:1: the #if for this directive is missing
            error main.cu:26:1: directive is not allowed -- an #else has already appeared
            error main.cu:27:1: directive is not allowed -- an #else has already appeared
            error main.cu:31:1: directive is not allowed -- an #else has already appeared
            error main.cu:33:2: unrecognized preprocessing directive
        "#]],
    );
}

#[test]
fn missing_endif() {
    check(
        "#ifdef A\n#if 1\nint x;\n",
        expect![[r#"

            error main.cu:1:1: the #endif for this directive is missing
        "#]],
    );
}

#[test]
fn has_include_and_feature_tests() {
    check_files(
        &[
            (
                "main.cu",
                r###"#if __has_include("inc.h") && __has_include(<cuda_runtime.h>) && !__has_include(<nope.h>)
ok1
#endif
#if defined(__has_include) && defined __has_builtin && !__has_builtin(__builtin_expect) && !__has_attribute(noinline) && !__has_cpp_attribute(nodiscard)
ok2
#endif
#define HDR <inc.h>
#if __has_include(HDR)
ok3
#endif
#ifdef __has_feature
wrong
#endif
"###,
            ),
            ("inc.h", ""),
        ],
        expect![[r###"

            ok1
            ok2
            ok3
        "###]],
    );
}

// ------------------------------------------------------------------ includes

#[test]
fn include_guards_and_pragma_once() {
    check_files(
        &[
            (
                "main.cu",
                "#include \"a.h\"\n#include \"a.h\"\n#include \"b.h\"\n#include <b.h>\n#include \"c.h\"\n#include \"c.h\"\n#define MACRO_H \"a.h\"\n#include MACRO_H\nend\n",
            ),
            ("a.h", "// guard\n#ifndef A_H\n#define A_H\nint a;\n#endif // A_H\n\n"),
            ("b.h", "#pragma once\nint b;\n"),
            ("c.h", "#ifndef C_H\n#define C_H\n#endif\nint c; // after the guard: not a guard\n"),
        ],
        expect![[r#"

            @enter a.h
            int a ;
            @leave
            @enter b.h
            int b ;
            @leave
            @enter c.h
            int c ;
            @leave
            @enter c.h
            int c ;
            @leave
            end
        "#]],
    );
}

#[test]
fn include_errors() {
    check_files(
        &[
            (
                "main.cu",
                "#include \"x.h\"\n#include <y.h>\n#include\n#include foo\n#include \"a.h\" extra\nafter\n",
            ),
            ("a.h", "int a;\n"),
        ],
        expect![[r#"

            @enter a.h
            int a ;
            @leave
            after
            error main.cu:1:1: cannot open source file "x.h"
            error main.cu:2:1: cannot open source file "y.h"
            error main.cu:3:1: expected a file name
            error main.cu:4:1: expected a file name
            warning main.cu:5:1: extra text after expected end of preprocessing directive
        "#]],
    );
}

#[test]
fn include_next_import_and_computed_angled() {
    check_files(
        &[
            (
                "main.cu",
                "#include <w.h>\n#import \"i.h\"\n#import \"i.h\"\n#define HDR(x) <x.h>\n#include HDR(i)\n",
            ),
            ("w.h", "#include_next <w.h>\nwrapped\n"),
            ("i.h", "imported\n"),
        ],
        expect![[r#"

            @enter w.h
            wrapped
            @leave
            @enter i.h
            imported
            @leave
        "#]],
    );
}

#[test]
fn include_directive_and_pieces() {
    let (loader, main, out) = run_with(
        &[
            (
                "main.cu",
                "#define N 2 // two\nint a[N];\n#if 0\nskipped\n#endif\n#include \"h.h\"\n",
            ),
            ("h.h", "x"),
        ],
        &CompileOptions::default(),
        true,
    );
    let mut s = String::new();
    let mut files = vec![main];
    for p in &out.pieces {
        let text = loader.text(*files.last().unwrap());
        match p {
            Piece::Trivia { kind, range } | Piece::Token { kind, range } => {
                let tag = if matches!(p, Piece::Trivia { .. }) {
                    "trivia"
                } else {
                    "token"
                };
                s.push_str(&format!("{tag} {kind:?} {:?}\n", slice(&text, *range)));
            }
            Piece::Expanded { kind, text: t, call } => {
                s.push_str(&format!("expanded {kind:?} {t:?} call {:?}\n", slice(&text, *call)))
            }
            Piece::EnterFile { file } => {
                files.push(*file);
                s.push_str(&format!("enter {}\n", loader.display_name(*file)));
            }
            Piece::LeaveFile => {
                files.pop();
                s.push_str("leave\n");
            }
        }
    }
    expect![[r###"
        enter <empty-prelude>
        leave
        trivia DIRECTIVE "#define N 2 // two"
        trivia WHITESPACE "\n"
        token INT_KW "int"
        trivia WHITESPACE " "
        token IDENT "a"
        token L_BRACK "["
        trivia MACRO_CALL "N"
        expanded INT_NUMBER "2" call "N"
        token R_BRACK "]"
        token SEMICOLON ";"
        trivia WHITESPACE "\n"
        trivia DIRECTIVE "#if 0"
        trivia WHITESPACE "\n"
        trivia INACTIVE "skipped\n"
        trivia DIRECTIVE "#endif"
        trivia WHITESPACE "\n"
        trivia DIRECTIVE "#include \"h.h\""
        enter h.h
        token IDENT "x"
        leave
        trivia WHITESPACE "\n"
    "###]]
    .assert_eq(&s);
}

// ------------------------------------------------------------------ other directives

#[test]
fn error_warning_line_and_builtins() {
    check(
        r###"#error don't "stop"
#warning careful
__LINE__ __FILE__ __COUNTER__ __COUNTER__ __DATE__ __TIME__
#line 100 "renamed.cu"
__LINE__ __FILE__
#define L __LINE__
L
# 7 "gnu.cu"
__LINE__ __FILE__ __INCLUDE_LEVEL__
"###,
        expect![[r#"

            3 "main.cu" 0 1 "Jan  1 1970" "00:00:00"
            100 "renamed.cu"
            102
            7 "gnu.cu" 0
            error main.cu:1:1: #error directive: don't "stop"
            warning main.cu:2:2: #warning directive: careful
        "#]],
    );
}

/// `_Pragma`'s operand may come from a macro, as CCCL's `_CCCL_PRAGMA(x)` writes it
/// (`_Pragma(_CCCL_TO_STRING(x))`): expanded first, as gcc and clang do.
#[test]
fn pragma_operand_from_a_macro() {
    let (_loader, _main, out) = run_with(
        &[("main.cu", "#define S2(x) #x\n#define S(x) S2(x)\n#define P(x) _Pragma(S(x))\nP(nv_exec_check_disable) int y;\n_Pragma(1)\n")],
        &CompileOptions::default(),
        true,
    );
    let pragmas: Vec<String> = out
        .pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Expanded { kind, text, .. } if *kind == warpc_syntax::SyntaxKind::PRAGMA => Some(text.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(pragmas, vec!["#pragma nv_exec_check_disable".to_string()]);
    let errors: Vec<&str> = out.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        errors,
        vec!["_Pragma takes a parenthesized string literal"],
        "a non-string operand is still an error"
    );
}

#[test]
fn pragmas() {
    let (loader, main, out) = run_with(
        &[("main.cu", "#pragma unroll 4 // c\nfor\n#define UNROLL _Pragma(\"unroll\")\nUNROLL _Pragma(\"omp \\\"x\\\"\") f\n#pragma push_macro(\"UNROLL\")\n#undef UNROLL\nUNROLL\n#pragma pop_macro(\"UNROLL\")\nUNROLL\n")],
        &CompileOptions::default(),
        true,
    );
    let kinds: Vec<String> = out
        .pieces
        .iter()
        .filter(|p| p.is_parser_token())
        .map(|p| match p {
            Piece::Token { kind, range } => format!("{kind:?} {:?}", slice(&loader.text(main), *range)),
            Piece::Expanded { kind, text, .. } => format!("{kind:?} {text:?} (expanded)"),
            _ => unreachable!(),
        })
        .collect();
    expect![[r###"
        [
            "PRAGMA \"#pragma unroll 4\"",
            "FOR_KW \"for\"",
            "PRAGMA \"#pragma unroll\" (expanded)",
            "PRAGMA \"#pragma omp \\\"x\\\"\" (expanded)",
            "IDENT \"f\"",
            "IDENT \"UNROLL\"",
            "PRAGMA \"#pragma unroll\" (expanded)",
        ]
    "###]]
    .assert_debug_eq(&kinds);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
}

#[test]
fn define_problems() {
    check(
        r###"#define A 1
#define A 1
#define A  1
#define A 2
#define B(x) #y
#define C(x, x) x
#define D(x ## x
#define E ## x
#define F x ##
#define 3
#define defined
#define G(x) x
G(1, 2) G() G
#define H(x, y) x y
H(1)
#define __LINE__ 3
#undef __FILE__
#define P(a, b) a ## b
P(+, -) P(., x)
#define V __VA_ARGS__
G(unterminated
"###,
        expect![[r###"

            G G
            H
            + - . x
            G
            warning main.cu:4:9: incompatible redefinition of macro "A" (declared at line 3)
            error main.cu:5:14: expected a macro parameter name
            error main.cu:6:14: duplicate macro parameter name
            error main.cu:7:13: expected a ")"
            error main.cu:8:11: "##" may not be first in a macro definition
            error main.cu:9:13: "##" may not be last in a macro definition
            error main.cu:10:9: expected an identifier
            error main.cu:11:9: "defined" cannot be used as a macro name
            error main.cu:13:1: too many arguments in invocation of macro "G"
            error main.cu:15:1: too few arguments in invocation of macro "H"
            warning main.cu:16:9: "__LINE__" is predefined; attempted redefinition ignored
            warning main.cu:17:8: #undef may not be used on this predefined name
            error main.cu:19:1: pasting "+" and "-" does not give a valid preprocessing token [in expansion of macro "P"]
            error main.cu:19:9: pasting "." and "x" does not give a valid preprocessing token [in expansion of macro "P"]
            warning main.cu:20:11: __VA_ARGS__ can only appear in the expansion of a C99 variadic macro
            error main.cu:21:1: unterminated argument list invoking macro "G"
        "###]],
    );
}

#[test]
fn lexer_errors() {
    check(
        "#if 0\ndon't\n#endif\n#define S(x) #x\nS(@) \"open\n#define AT @\nAT\n'x' `\n",
        expect![[r#"

            "@" "open
            @
            'x' `
            error main.cu:5:6: missing closing quote
            error main.cu:7:1: unrecognized character [in expansion of macro "AT"]
            error main.cu:8:5: unrecognized character
        "#]],
    );
}

#[test]
fn keywords_are_classified() {
    let (_, _, out) = run_with(
        &[("main.cu", "#define DEV __device__ int\nDEV f(float x) { return x; }\n")],
        &CompileOptions::default(),
        true,
    );
    let kinds: Vec<SyntaxKind> = out
        .pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Token { kind, .. } | Piece::Expanded { kind, .. } => Some(*kind),
            _ => None,
        })
        .collect();
    use SyntaxKind::*;
    assert_eq!(
        kinds,
        [DEVICE_KW, INT_KW, IDENT, L_PAREN, FLOAT_KW, IDENT, R_PAREN, L_CURLY, RETURN_KW, IDENT, SEMICOLON, R_CURLY]
    );
}

// ------------------------------------------------------------------ limits

#[test]
fn pathological_inputs_terminate() {
    // Exponential expansion: stopped by the token budget (lowered here to keep the test fast).
    let mut text = String::from("#define b0 x\n");
    for i in 1..40 {
        text.push_str(&format!("#define b{i} b{} b{}\n", i - 1, i - 1));
    }
    text.push_str("b39\n");
    crate::engine::BUDGET_OVERRIDE.with(|b| b.set(Some(100_000)));
    let (_, _, out) = run_with(&[("main.cu", &text)], &CompileOptions::default(), true);
    crate::engine::BUDGET_OVERRIDE.with(|b| b.set(None));
    assert!(
        out.diagnostics.iter().any(|d| d.message.contains("too large")),
        "{:?}",
        out.diagnostics
    );
    let expanded = out
        .pieces
        .iter()
        .filter(|p| matches!(p, Piece::Expanded { .. }))
        .count();
    assert!(expanded <= 100_000, "{expanded}");

    // Deep nesting of macro arguments and of #if parentheses.
    let deep = format!(
        "#define f(x) x\n{}1{}\n#if {}1{}\n#endif\n",
        "f(".repeat(1000),
        ")".repeat(1000),
        "(".repeat(1000),
        ")".repeat(1000)
    );
    let (_, _, out) = run_with(&[("main.cu", &deep)], &CompileOptions::default(), true);
    assert!(
        out.diagnostics
            .iter()
            .any(|d| d.message == "macro expansion is nested too deeply"),
        "{:?}",
        out.diagnostics
    );
    assert!(
        out.diagnostics
            .iter()
            .any(|d| d.message == "preprocessing expression is nested too deeply"),
        "{:?}",
        out.diagnostics
    );

    // An include bomb: each level includes itself twice.
    let bomb = "#include \"bomb.h\"\n";
    let (_, _, out) = run_with(
        &[
            ("main.cu", bomb),
            ("bomb.h", "#include \"bomb.h\"\n#include \"bomb.h\"\n"),
        ],
        &CompileOptions::default(),
        true,
    );
    // The depth overflow is fatal (as in gcc), so the entry limit is never reached and the
    // error is reported once.
    let deep: Vec<_> = out
        .diagnostics
        .iter()
        .filter(|d| d.message == "#include nested too deeply")
        .collect();
    assert_eq!(deep.len(), 1, "{:?}", out.diagnostics);
    assert!(
        !out.diagnostics
            .iter()
            .any(|d| d.message.starts_with("too many #include")),
        "{:?}",
        out.diagnostics
    );
}

// ------------------------------------------------------------------ options and builtin headers

#[test]
fn predefined_and_command_line_macros() {
    let options = CompileOptions {
        arch: SmVersion::parse("sm_90a").unwrap(),
        macros: vec![
            ("N".into(), Some("4".into())),
            ("SQ(x)".into(), Some("((x)*(x))".into())),
            ("__NVCC__".into(), None),
        ],
        fast_math: true,
        ..CompileOptions::default()
    };
    let (loader, main, out) = run_with(
        &[("main.cu", "__CUDA_ARCH__ __CUDACC__ __cplusplus N SQ(N)\n#ifdef __NVCC__\nwrong\n#endif\n__CUDA_ARCH_FEAT_SM90_ALL __CUDA_ARCH_SPECIFIC__ __WARPC_USE_FAST_MATH__\n")],
        &options,
        true,
    );
    expect![[r###"

        900 1 201703L 4 ( ( 4 ) * ( 4 ) )
        1 900 1
    "###]]
    .assert_eq(&render(&loader, main, &out));
}

/// Parses a `-dM` listing (`#define NAME VALUE`, `#define NAME(params) VALUE`) into
/// `name -> replacement` with a function-like macro's parameter list kept in the replacement,
/// as [`crate::initial_macro_table`] gives it.
fn parse_dm(text: &str) -> std::collections::BTreeMap<String, String> {
    let mut out = std::collections::BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("#define ") else {
            continue;
        };
        let end = rest.find([' ', '(']).unwrap_or(rest.len());
        let (name, value) = rest.split_at(end);
        out.insert(name.to_string(), value.strip_prefix(' ').unwrap_or(value).to_string());
    }
    out
}

/// What warpc leaves out of nvcc's predefined set on purpose (see `predefined.rs`).
fn excluded_from_nvcc_set(name: &str) -> bool {
    const EXACT: &[&str] = &[
        "__SSE__",
        "__SSE2__",
        "__SSE_MATH__",
        "__SSE2_MATH__",
        "__MMX__",
        "__MMX_WITH_SSE__",
        "__FXSR__",
        "__SIZEOF_INT128__",
        "__GLIBCXX_TYPE_INT_N_0",
        "__GLIBCXX_BITSIZE_INT_N_0",
        "__SIZEOF_FLOAT128__",
        "__SIZEOF_FLOAT80__",
        "__DEC_EVAL_METHOD__",
        "__DECIMAL_BID_FORMAT__",
    ];
    const PREFIXES: &[&str] = &[
        "__FLT16_",
        "__FLT32_",
        "__FLT64_",
        "__FLT128_",
        "__FLT32X_",
        "__FLT64X_",
        "__DEC32_",
        "__DEC64_",
        "__DEC128_",
    ];
    EXACT.contains(&name) || PREFIXES.iter().any(|p| name.starts_with(p))
}

/// warpc's predefined macros against the lists harvested from nvcc's device pass
/// (`testdata/program/harvest-predefined.sh`): same names and replacements, except the
/// documented exclusions and warpc's own `__WARPC_*` names. Each case gives the nvcc flags the
/// list was harvested with and the options the driver makes of them.
#[test]
fn predefined_macros_match_nvcc() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/program");
    let sm = |s: &str| SmVersion::parse(s).unwrap();
    let def = |n: &str, v: &str| (n.to_string(), Some(v.to_string()));
    let cases: Vec<(&str, CompileOptions)> = vec![
        (
            "predefined-sm90.txt",
            CompileOptions {
                arch: sm("sm_90"),
                ..CompileOptions::default()
            },
        ),
        (
            "predefined-sm90a.txt",
            CompileOptions {
                arch: sm("sm_90a"),
                ..CompileOptions::default()
            },
        ),
        (
            "predefined-sm100f.txt",
            CompileOptions {
                arch: sm("sm_100f"),
                ..CompileOptions::default()
            },
        ),
        (
            // -arch=sm_75 -G -rdc=true --expt-relaxed-constexpr --extended-lambda
            "predefined-sm75-G-rdc-relaxed-lambda.txt",
            CompileOptions {
                arch: sm("sm_75"),
                device_debug: true,
                rdc: true,
                macros: vec![
                    def("__CUDACC_RELAXED_CONSTEXPR__", "1"),
                    def("__CUDACC_EXTENDED_LAMBDA__", "1"),
                ],
                ..CompileOptions::default()
            },
        ),
        (
            // -arch=sm_80 -std=c++20
            "predefined-sm80-std20.txt",
            CompileOptions {
                arch: sm("sm_80"),
                macros: vec![def("__cplusplus", "202002L"), def("__STRICT_ANSI__", "1")],
                ..CompileOptions::default()
            },
        ),
        (
            // -arch=sm_80 -std=c++14
            "predefined-sm80-std14.txt",
            CompileOptions {
                arch: sm("sm_80"),
                macros: vec![def("__cplusplus", "201402L"), def("__STRICT_ANSI__", "1")],
                ..CompileOptions::default()
            },
        ),
    ];
    for (file, options) in cases {
        let text = std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let nvcc = parse_dm(&text);
        assert!(nvcc.len() > 400, "{file}: only {} macros", nvcc.len());
        let warpc: std::collections::BTreeMap<String, String> =
            crate::initial_macro_table(&options).into_iter().collect();
        let mut problems = Vec::new();
        for (name, value) in &nvcc {
            if excluded_from_nvcc_set(name) {
                if warpc.contains_key(name) {
                    problems.push(format!("{name}: excluded but defined"));
                }
                continue;
            }
            match warpc.get(name) {
                None => problems.push(format!("{name}: missing (nvcc: {value})")),
                Some(v) if v != value => problems.push(format!("{name}: warpc {v}, nvcc {value}")),
                Some(_) => {}
            }
        }
        for name in warpc.keys() {
            if !nvcc.contains_key(name) && !name.starts_with("__WARPC_") {
                problems.push(format!("{name}: defined by warpc, not by nvcc"));
            }
        }
        assert!(problems.is_empty(), "{file}:\n{}", problems.join("\n"));
    }
    // The flags without a harvested list of their own.
    let fast = CompileOptions {
        fast_math: true,
        ..CompileOptions::default()
    };
    let table: std::collections::BTreeMap<String, String> = crate::initial_macro_table(&fast).into_iter().collect();
    assert_eq!(table.get("__WARPC_USE_FAST_MATH__").map(String::as_str), Some("1"));
    assert_eq!(table.get("__CUDA_ARCH__").map(String::as_str), Some("750"));
}

fn prelude_check(options: &CompileOptions) {
    let (loader, main, out) = run_with(&[("main.cu", "")], options, false);
    let errors: Vec<String> = out.diagnostics.iter().map(|d| d.message.clone()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(loader.display_name(out.included_files[1]), format!("<warpc>/{PRELUDE}"));
    assert!(out.pieces.iter().filter(|p| p.is_parser_token()).count() > 1000);
    let _ = main;
}

#[test]
fn prelude_preprocesses_cleanly() {
    prelude_check(&CompileOptions::default());
    prelude_check(&CompileOptions {
        fast_math: true,
        ftz: true,
        prec_div: false,
        prec_sqrt: false,
        ..CompileOptions::default()
    });
    prelude_check(&CompileOptions {
        arch: SmVersion::parse("sm_100a").unwrap(),
        ..CompileOptions::default()
    });
}

#[test]
fn every_builtin_header_preprocesses_cleanly() {
    for name in builtin_header_names() {
        let text = format!("#include <{name}>\n#include <{name}>\n");
        let (_, _, out) = run_with(&[("main.cu", &text)], &CompileOptions::default(), false);
        assert!(out.diagnostics.is_empty(), "{name}: {:?}", out.diagnostics);
    }
}

// ------------------------------------------------------------------ the conformance corpus

fn conformance_files() -> Vec<std::path::PathBuf> {
    let root = warpc_testkit::conformance_dir("");
    let mut out = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            // real/ and program/ include the host's and the toolkit's headers, which this
            // in-memory loader does not have (crates/driver/tests/{real_headers,program}.rs
            // cover them).
            if p.is_dir() && p.file_name().is_some_and(|n| n != "real" && n != "program") {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "cu") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn conformance_corpus_is_lossless_and_clean() {
    let files = conformance_files();
    if files.is_empty() {
        eprintln!("conformance corpus not found; skipping");
        return;
    }
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let (_, _, out) = run_with(
            &[(&name, &text)],
            &CompileOptions {
                arch: SmVersion::parse("sm_90").unwrap(),
                ..CompileOptions::default()
            },
            false,
        );
        let errors: Vec<&str> = out
            .diagnostics
            .iter()
            .filter(|d| d.severity != Severity::Note)
            .map(|d| d.message.as_str())
            .collect();
        if name == "10_unterminated.cu" {
            assert_eq!(errors, ["missing closing quote"], "{name}");
        } else {
            assert!(errors.is_empty(), "{name}: {errors:?}");
        }
    }
}

// ------------------------------------------------------------------ differential testing against GCC

/// Macro-expansion torture cases; `differential_against_gcc` compares our expanded token
/// stream with `g++ -E` on each.
const TORTURE: &[&str] = &[
    // blue paint and rescanning
    "#define f(a) a + f(a)\nf(f(x)) f(f)(y)\n",
    "#define f(x) g(x\n#define g(x) x)\nf(1) 2)\n",
    "#define LPAREN (\n#define RPAREN )\n#define F(x, y) x + y\n#define ELLIP_FUNC(...) __VA_ARGS__\nELLIP_FUNC(F, LPAREN, 'a', 'b', RPAREN);\n",
    "#define EMPTY()\n#define DEFER(id) id EMPTY()\n#define OBSTRUCT(...) __VA_ARGS__ DEFER(EMPTY)()\n#define EXPAND(...) __VA_ARGS__\n#define A() 123\nDEFER(A)() EXPAND(DEFER(A)()) OBSTRUCT(A)() EXPAND(OBSTRUCT(A)()) EXPAND(EXPAND(OBSTRUCT(A)()))\n",
    // boost/p99-style control flow
    "#define CAT(a, ...) PRIMITIVE_CAT(a, __VA_ARGS__)\n#define PRIMITIVE_CAT(a, ...) a ## __VA_ARGS__\n#define IIF(c) PRIMITIVE_CAT(IIF_, c)\n#define IIF_0(t, ...) __VA_ARGS__\n#define IIF_1(t, ...) t\n#define COMPL(b) PRIMITIVE_CAT(COMPL_, b)\n#define COMPL_0 1\n#define COMPL_1 0\n#define CHECK_N(x, n, ...) n\n#define CHECK(...) CHECK_N(__VA_ARGS__, 0,)\n#define PROBE(x) x, 1,\n#define IS_PAREN(x) CHECK(IS_PAREN_PROBE x)\n#define IS_PAREN_PROBE(...) PROBE(~)\n#define NOT(x) CHECK(PRIMITIVE_CAT(NOT_, x))\n#define NOT_0 PROBE(~)\n#define BOOL(x) COMPL(NOT(x))\n#define IF(c) IIF(BOOL(c))\nIS_PAREN(()) IS_PAREN(xxx) IIF(1)(a, b) IIF(0)(a, b) NOT(0) NOT(abc) BOOL(7) IF(3)(yes, no) IF(0)(yes, no) COMPL(CAT(COMPL_, 0))\n",
    "#define EMPTY()\n#define DEFER(id) id EMPTY()\n#define OBSTRUCT(...) __VA_ARGS__ DEFER(EMPTY)()\n#define EVAL(...) EVAL1(EVAL1(EVAL1(__VA_ARGS__)))\n#define EVAL1(...) EVAL2(EVAL2(EVAL2(__VA_ARGS__)))\n#define EVAL2(...) __VA_ARGS__\n#define DEC(x) PRIMITIVE_CAT(DEC_, x)\n#define DEC_0 0\n#define DEC_1 0\n#define DEC_2 1\n#define DEC_3 2\n#define DEC_4 3\n#define PRIMITIVE_CAT(a, ...) a ## __VA_ARGS__\n#define IIF(c) PRIMITIVE_CAT(IIF_, c)\n#define IIF_0(t, ...) __VA_ARGS__\n#define IIF_1(t, ...) t\n#define CHECK_N(x, n, ...) n\n#define CHECK(...) CHECK_N(__VA_ARGS__, 0,)\n#define PROBE(x) x, 1,\n#define NOT(x) CHECK(PRIMITIVE_CAT(NOT_, x))\n#define NOT_0 PROBE(~)\n#define COMPL(b) PRIMITIVE_CAT(COMPL_, b)\n#define COMPL_0 1\n#define COMPL_1 0\n#define BOOL(x) COMPL(NOT(x))\n#define IF(c) IIF(BOOL(c))\n#define EAT(...)\n#define EXPAND(...) __VA_ARGS__\n#define WHEN(c) IF(c)(EXPAND, EAT)\n#define REPEAT(count, macro, ...) WHEN(count) ( OBSTRUCT(REPEAT_INDIRECT) () ( DEC(count), macro, __VA_ARGS__ ) OBSTRUCT(macro) ( DEC(count), __VA_ARGS__ ) )\n#define REPEAT_INDIRECT() REPEAT\n#define M(i, _) i\nEVAL(REPEAT(4, M, ~))\n",
    // stringizing
    "#define str(x) #x\n#define xstr(x) str(x)\nstr( a  +  b ) str(a/**/b) str(\"a\\n\") str('\"') str( ) str(\\) xstr(__LINE__) str(a\n b) str(L\"x\" u8'y')\n",
    "#define str(...) #__VA_ARGS__\nstr() str(a,b) str( a , b ) str(,) str(a,,b)\n",
    // pasting
    "#define cat(a, b) a ## b\n#define xcat(a, b) cat(a, b)\ncat(1, 2) cat(x, 1) cat(+, =) cat(<, <=) cat(., 5) cat(1, .5e) cat(0x, 1p) cat(L, 'a') cat(u8, \"s\") cat(, ) cat(a, ) cat(, b) xcat(xcat(1, 2), 3) cat(-, >) cat(>, >=) cat(<, <) cat(#, #)\n",
    "#define t(x,y,z) x ## y ## z\nt(1,2,3) t(,4,5) t(6,,7) t(8,9,) t(10,,) t(,11,) t(,,12) t(,,)\n#define g(x, ...) x ## __VA_ARGS__ ## x\ng(a) g(a, b) g(a, b, c)\n",
    // __VA_OPT__ (P0306/P1042)
    "#define F(...) f(0 __VA_OPT__(,) __VA_ARGS__)\n#define G(X, ...) f(0, X __VA_OPT__(,) __VA_ARGS__)\n#define SDEF(sname, ...) S sname __VA_OPT__(= { __VA_ARGS__ })\n#define EMP\nF(a,b,c) F() F(EMP) G(a,b,c) G(a,) G(a) SDEF(foo); SDEF(bar, 1, 2);\n#define H2(X, Y, ...) __VA_OPT__(X ## Y,) __VA_ARGS__\nH2(a, b, c, d)\n#define H3(X, ...) #__VA_OPT__(X##X X##X)\nH3(, 0)\n#define H4(X, ...) __VA_OPT__(a X ## X) ## b\nH4(, 1)\n#define H5A(...) __VA_OPT__()/**/__VA_OPT__()\n#define H5B(X) a ## X ## b\n#define H5C(X) H5B(X)\nH5C(H5A())\n",
    // GNU comma swallowing
    "#define E(fmt, ...) printf(fmt, ## __VA_ARGS__)\n#define N(fmt, args...) printf(fmt , ## args)\nE(\"a\") E(\"b\",) E(\"c\", 1, 2) N(\"d\") N(\"e\", 3)\n",
    // argument pre-expansion vs # and ##
    "#define N 42\n#define F(x) #x x ## 1 x\n#define G(x) F(x)\nF(N) G(N)\n#define OBJ F\nOBJ(N) OBJ (N) OBJ\n#define FN() fn\nFN FN() FN ( ) FN(\n)\n",
    // self-referential via arguments
    "#define foo(x) bar x\nfoo(foo) (2)\n#define m(a) a(w)\n#define w 0,1\nm(m)\n#define q(x) x\nq(q)(1) q(q(q))(2)\n",
    // nested unbalanced expansion with file continuation
    "#define h g(~\n#define g(x) [x]\nh 5) h\n6) h)\n",
    // conditional expressions
    "#define A 1\n#define B(x) x\n#if A && B(0) || defined(A) && !defined B2 && (A ? 2 : 3) == 2 && -1 < 0 && 1u > -1\nyes\n#else\nno\n#endif\n#if 'z' - 'a' == 25 && (0x7fffffffffffffff + 0u) > 0 && ~0 == -1 && (1 ? -1 : 0u) > 0\nyes2\n#endif\n",
    // multi-line invocations, __LINE__, empty-macro-made `#` lines are not directives
    "#define L(x) __LINE__ x\nL(\na\n) __LINE__\n#define EMPTY\nEMPTY # define X 1\nX\n#define hash #\nhash define Y\n",
    // stringizing odd operands, parenthesized commas, object-like with a space before `(`
    "#define s(x) #x\ns(#) s(##) s(a ## b) s(\"\\\\\") s('\\'')\n#define f (x) x\nf(1)\n#define g(x, y) x\ng((a, b), c) g([a, b], c)\n",
    // redefinition inside arguments, function-like name as the last token of an argument
    "#define f(x) x\n#define g(x) x(1)\ng(f) f(f)(2) f(g)(f)\n#define NIL(x) x\n#define G_0(arg) NIL(G_1)(arg)\n#define G_1(arg) NIL(arg)\nG_0(42)\n",
    // #if corner cases
    "#define ZERO 0\n#define D defined(ZERO) && defined ZERO\n#if D\nd\n#endif\n#if '\\0' == 0 && 'ab' == 24930 && (-1 / 2 == 0) && (-7 >> 1 == -4) && (1 << 63) < 0 && (0 || 1) == 1\nchars\n#endif\n#if 1\n#elif 1/0\n#endif\n#if 0\n#elif ZERO\n#elif ZERO + 1\nelif\n#endif\n#ifdef ZERO // trailing comment\ncomment\n#endif\n",
    // __COUNTER__ and pasting with it
    "#define CAT(a,b) a##b\n#define XCAT(a,b) CAT(a,b)\n#define UNIQUE(p) XCAT(p, __COUNTER__)\nUNIQUE(v) UNIQUE(v) __COUNTER__\n",
    // directives inside macro arguments
    "#define f(x) <x>\nf(a\n#define Z z\nZ\n#undef Z\nZ b)\nf(\n#if 1\none\n#else\ntwo\n#endif\n)\n",
];

fn tokens_of(text: &str) -> Vec<String> {
    let (toks, _) = warpc_syntax::lex(text);
    let mut out = Vec::new();
    let mut pos = 0usize;
    for t in toks {
        let len = u32::from(t.len) as usize;
        if !t.kind.is_trivia() {
            out.push(text[pos..pos + len].to_string());
        }
        pos += len;
    }
    out
}

fn our_tokens(text: &str) -> Vec<String> {
    let (loader, main, out) = run_with(&[("main.cu", text)], &CompileOptions::default(), true);
    let mut files = vec![main];
    let mut toks = Vec::new();
    for p in &out.pieces {
        match p {
            Piece::EnterFile { file } => files.push(*file),
            Piece::LeaveFile => {
                files.pop();
            }
            Piece::Token { range, .. } => toks.push(slice(&loader.text(*files.last().unwrap()), *range).to_string()),
            Piece::Expanded { text, .. } => toks.push(text.to_string()),
            Piece::Trivia { .. } => {}
        }
    }
    // Re-lex so that both sides split tokens the same way.
    tokens_of(&toks.join(" "))
}

/// Needs g++, which `cargo xtask setup` installs (the host compiler of the real-headers tests).
#[test]
fn differential_against_gcc() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut failures = Vec::new();
    for (i, case) in TORTURE.iter().enumerate() {
        let mut child = Command::new("g++")
            .args(["-E", "-P", "-undef", "-std=c++20", "-x", "c++", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("g++");
        child.stdin.take().unwrap().write_all(case.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let gcc = tokens_of(&String::from_utf8_lossy(&out.stdout));
        let ours = our_tokens(case);
        if gcc != ours {
            failures.push(format!(
                "case {i}:\n{case}\n  gcc:  {}\n  ours: {}\n",
                gcc.join(" "),
                ours.join(" ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The prelude and every builtin header parse without errors with `warpc_syntax`'s parser (and
/// so do the C-style conformance files through the preprocessor).
#[test]
fn builtin_headers_parse() {
    let mut failures = Vec::new();
    let mut cases: Vec<(String, String)> = builtin_header_names()
        .iter()
        .map(|n| (n.to_string(), format!("#include <{n}>\n")))
        .collect();
    for path in conformance_files() {
        if path.to_str().unwrap().contains("/c/") {
            cases.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
        }
    }
    for (name, text) in cases {
        let (loader, main, out) = run_with(&[("main.cu", &text)], &CompileOptions::default(), false);
        let parse = warpc_syntax::parse_tu(&out.pieces.contiguous(), main, &|f| loader.text(f));
        for e in &parse.errors {
            let at = e.primary.map(|p| {
                let text = loader.text(p.file);
                let (l, c) = line_col(&text, p.range.start().into());
                format!("{}:{l}:{c}", loader.display_name(p.file))
            });
            failures.push(format!("{name}: {at:?}: {}", e.message));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Random soups of preprocessor-relevant fragments: no panic, no hang, and every file stays
/// losslessly covered. (Deterministic xorshift, so failures reproduce.)
#[test]
fn random_inputs_are_handled() {
    const FRAGMENTS: &[&str] = &[
        "#define ",
        "#undef ",
        "#if ",
        "#ifdef ",
        "#ifndef ",
        "#elif ",
        "#else",
        "#endif",
        "#include ",
        "#line ",
        "#pragma ",
        "#error x",
        "_Pragma(\"x\")",
        "defined",
        "__VA_ARGS__",
        "__VA_OPT__",
        "__LINE__",
        "__FILE__",
        "__COUNTER__",
        "__has_include",
        "f",
        "g",
        "x",
        "A",
        "B",
        "(",
        ")",
        ",",
        "...",
        "#",
        "##",
        "\"s\"",
        "'c'",
        "'",
        "\"",
        "1",
        "0x1",
        "1.5",
        "+",
        "-",
        "*",
        "/",
        "<",
        ">",
        "?",
        ":",
        "&&",
        "||",
        "!",
        "~",
        "\n",
        "\n",
        "\n",
        " ",
        " ",
        "\t",
        "\\\n",
        "/*",
        "*/",
        "//",
        "<a.h>",
        "\"a.h\"",
        "@",
        "`",
        "é",
        "\r\n",
    ];
    let mut state: u64 = 0x9e3779b97f4a7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let rounds: usize = std::env::var("PP_FUZZ_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1500);
    for _ in 0..rounds {
        let n = (next() % 200) as usize;
        let mut text = String::new();
        for _ in 0..n {
            text.push_str(FRAGMENTS[(next() % FRAGMENTS.len() as u64) as usize]);
        }
        let header: String = (0..(next() % 30))
            .map(|_| FRAGMENTS[(next() % FRAGMENTS.len() as u64) as usize])
            .collect();
        // run_with checks losslessness; a panic fails the test with the input in the message.
        let result = std::panic::catch_unwind(|| {
            run_with(
                &[("main.cu", &text), ("a.h", &header)],
                &CompileOptions::default(),
                true,
            )
            .2
        });
        assert!(result.is_ok(), "panic on input {text:?} with a.h = {header:?}");
    }
}

/// `#pragma nv_diag_*` and `nv_diagnostic push/pop` (also from `_Pragma` and from a header)
/// decide a warning's state by the pragmas before its position in the translation unit.
#[test]
fn diag_pragmas_follow_translation_unit_order() {
    use crate::{diag_pragmas, PragmaSeverity, PragmaState};
    use warpc_base::FileRange;
    let main_text = "int a;\n#include \"h.h\"\nint b;\n#pragma nv_diagnostic push\n#pragma nv_diag_error 1422\nint c;\n#pragma nv_diagnostic pop\nint d;\n_Pragma(\"nv_diag_default multi_char_literal\") int e;\n#pragma diag_warning 1422\n#pragma nv_diag_once 940, 1422\nint f;\n";
    let (loader, main, out) = run_with(
        &[
            ("main.cu", main_text),
            (
                "h.h",
                "int h1;\n#pragma nv_diag_suppress 1422 static_var_with_dynamic_init\nint h2;\n",
            ),
        ],
        &CompileOptions::default(),
        true,
    );
    let p = diag_pragmas(main, &out.pieces, &|f| loader.text(f));
    let h = loader.find("h.h").unwrap();
    let at = |file: FileId, text: &str, what: &str| {
        let off = text.find(what).unwrap() as u32;
        FileRange {
            file,
            range: TextRange::new(off.into(), (off + 1).into()),
        }
    };
    let h_text = "int h1;\n#pragma nv_diag_suppress 1422 static_var_with_dynamic_init\nint h2;\n";
    let sev = |n: u32, r: FileRange| p.state(n, r);
    let none = PragmaState::default();
    let sup = PragmaState {
        severity: Some(PragmaSeverity::Suppress),
        once: false,
    };
    assert_eq!(sev(1422, at(main, main_text, "int a")), none);
    assert_eq!(sev(1422, at(h, h_text, "int h1")), none);
    assert_eq!(sev(1422, at(h, h_text, "int h2")), sup);
    assert_eq!(sev(20054, at(h, h_text, "int h2")), sup);
    assert_eq!(sev(940, at(h, h_text, "int h2")), none, "other numbers keep theirs");
    assert_eq!(sev(1422, at(main, main_text, "int b")), sup, "after the include");
    assert_eq!(
        sev(1422, at(main, main_text, "int c")),
        PragmaState {
            severity: Some(PragmaSeverity::Error),
            once: false
        }
    );
    assert_eq!(sev(1422, at(main, main_text, "int d")), sup, "pop restores");
    assert_eq!(sev(1422, at(main, main_text, "int e")), none, "_Pragma and tags");
    assert_eq!(
        sev(1422, at(main, main_text, "int f")),
        PragmaState {
            severity: None,
            once: true
        },
        "legacy diag_warning changes nothing"
    );
    assert_eq!(
        sev(940, at(main, main_text, "int f")),
        PragmaState {
            severity: None,
            once: true
        }
    );
}
