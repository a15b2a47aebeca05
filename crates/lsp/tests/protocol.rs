//! Protocol tests: drive the server through an in-memory `lsp_server::Connection` exactly as an
//! editor does over stdio (initialize, didOpen/didChange, requests, notifications), on the
//! shared conformance files.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use expect_test::{expect, Expect};
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};

struct Client {
    conn: Connection,
    thread: Option<std::thread::JoinHandle<()>>,
    next_id: i32,
    /// Notifications received while waiting for something else.
    inbox: Vec<Notification>,
    dir: PathBuf,
}

fn libdevice() -> Option<std::sync::Arc<[u8]>> {
    let dir = std::env::var_os("WARPC_CUDA_DIR")?;
    std::fs::read(PathBuf::from(dir).join("nvvm/libdevice/libdevice.10.bc"))
        .ok()
        .map(Into::into)
}

impl Client {
    fn start(name: &str) -> Client {
        Client::start_with(name, |_| {})
    }

    /// Starts a server whose workspace root is a fresh directory that `prepare` fills first.
    fn start_with(name: &str, prepare: impl FnOnce(&std::path::Path)) -> Client {
        let (server, client) = Connection::memory();
        let dir = std::env::temp_dir().join(format!("warpc-lsp-test-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        prepare(&dir);
        let ptxas = std::env::var_os("WARPC_CUDA_DIR")
            .map(|d| PathBuf::from(d).join("bin/ptxas"))
            .filter(|p| p.is_file());
        let config = warpc_lsp::Config {
            libdevice: libdevice(),
            builtin_dir: Some(dir.join("builtin")),
            ptxas,
        };
        let thread = std::thread::spawn(move || warpc_lsp::run(server, config).unwrap());
        let mut c = Client {
            conn: client,
            thread: Some(thread),
            next_id: 0,
            inbox: Vec::new(),
            dir,
        };
        let root = format!("file://{}", c.dir.display());
        let caps = c.request(
            "initialize",
            json!({ "capabilities": {}, "rootUri": root, "initializationOptions": { "arch": "sm_75" } }),
        );
        assert!(caps["capabilities"]["hoverProvider"].as_bool().unwrap());
        c.notify("initialized", json!({}));
        c
    }

    fn uri(&self, name: &str) -> String {
        format!("file://{}/{name}", self.dir.display())
    }

    fn notify(&self, method: &str, params: Value) {
        self.conn
            .sender
            .send(Message::Notification(Notification::new(method.into(), params)))
            .unwrap();
    }

    fn send_request(&mut self, method: &str, params: Value) -> RequestId {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.conn
            .sender
            .send(Message::Request(Request::new(id.clone(), method.into(), params)))
            .unwrap();
        id
    }

    fn response(&mut self, id: RequestId) -> Response {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let msg = self
                .conn
                .receiver
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .expect("response in time");
            match msg {
                Message::Response(r) if r.id == id => return r,
                Message::Notification(n) => self.inbox.push(n),
                _ => {}
            }
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send_request(method, params);
        let r = self.response(id);
        match r.response_result {
            Ok(v) => v,
            Err(e) => panic!("{method} failed: {} {}", e.code, e.message),
        }
    }

    fn open(&mut self, name: &str, text: &str) -> String {
        let uri = self.uri(name);
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "cuda", "version": 1, "text": text } }),
        );
        uri
    }

    fn change(&mut self, uri: &str, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
        );
    }

    /// The next diagnostics published for `uri` (with `version` when given).
    fn diagnostics(&mut self, uri: &str, version: Option<i32>) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            if let Some(i) = self.inbox.iter().position(|n| {
                n.method == "textDocument/publishDiagnostics"
                    && n.params["uri"] == uri
                    && version.is_none_or(|v| n.params["version"] == v)
            }) {
                let n = self.inbox.remove(i);
                return n.params["diagnostics"].as_array().cloned().unwrap_or_default();
            }
            let msg = self
                .conn
                .receiver
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .expect("diagnostics in time");
            if let Message::Notification(n) = msg {
                self.inbox.push(n);
            }
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let id = self.send_request("shutdown", Value::Null);
        let _ = self.response(id);
        self.notify("exit", Value::Null);
        if let Some(t) = self.thread.take() {
            t.join().unwrap();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn conformance(name: &str) -> String {
    std::fs::read_to_string(warpc_testkit::conformance_dir("c").join(name)).unwrap()
}

/// The LSP position of the `nth` occurrence of `needle` in `text`, plus `delta` characters.
fn pos(text: &str, needle: &str, nth: usize, delta: usize) -> Value {
    let off = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {needle}"))
        .0
        + delta;
    let line = text[..off].matches('\n').count();
    let col = off - text[..off].rfind('\n').map_or(0, |i| i + 1);
    json!({ "line": line, "character": col })
}

fn tdp(uri: &str, p: Value) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": p })
}

fn show_diags(d: &[Value]) -> String {
    d.iter()
        .map(|d| {
            format!(
                "{}:{} {} {}",
                d["range"]["start"]["line"],
                d["range"]["start"]["character"],
                d["code"].as_str().unwrap_or(""),
                d["message"].as_str().unwrap_or("")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn check(actual: impl AsRef<str>, expect: Expect) {
    expect.assert_eq(actual.as_ref());
}

#[test]
fn diagnostics_follow_edits() {
    let mut c = Client::start("diags");
    let text = conformance("02_reduce.cu");
    let uri = c.open("reduce.cu", &text);
    assert_eq!(show_diags(&c.diagnostics(&uri, Some(1))), "");
    let broken = text.replace("v = warp_sum(v);", "v = warp_sum(v) + missing;");
    c.change(&uri, 2, &broken);
    check(
        show_diags(&c.diagnostics(&uri, Some(2))),
        expect![[r#"24:22 undefined-identifier identifier "missing" is undefined"#]],
    );
    c.change(&uri, 3, &text);
    assert_eq!(show_diags(&c.diagnostics(&uri, Some(3))), "");
    // Every conformance file opens without diagnostics.
    for path in warpc_testkit::conformance_files("c") {
        {
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            let uri = c.open(&name, &std::fs::read_to_string(&path).unwrap());
            assert_eq!(show_diags(&c.diagnostics(&uri, Some(1))), "", "{name}");
        }
    }
}

fn hover_text(c: &mut Client, uri: &str, p: Value) -> String {
    let h = c.request("textDocument/hover", tdp(uri, p));
    h["contents"]["value"].as_str().unwrap_or("<none>").to_string()
}

#[test]
fn hover_definition_references() {
    let mut c = Client::start("nav");
    let text = conformance("02_reduce.cu");
    let uri = c.open("reduce.cu", &text);
    c.diagnostics(&uri, Some(1));
    check(
        hover_text(&mut c, &uri, pos(&text, "warp_sum(v)", 0, 1)),
        expect![[r#"
            ```cuda
            __device__ float warp_sum(float v)
            ```

            device function (`__device__`)

            symbol `_Z8warp_sumf`"#]],
    );
    check(
        hover_text(&mut c, &uri, pos(&text, "BLOCK * 2", 0, 0)),
        expect![[r#"
            ```cuda
            #define BLOCK 256
            ```

            expands to `256`"#]],
    );
    check(
        hover_text(&mut c, &uri, pos(&text, "partial[t] = v", 0, 2)),
        expect![[r#"
            ```cuda
            float partial[256]
            ```

            local variable"#]],
    );
    check(
        hover_text(&mut c, &uri, pos(&text, "reduce_sum", 0, 0)),
        expect![[r#"
            ```cuda
            __global__ void reduce_sum(const float *in, float *out, int n)
            ```

            kernel (`__global__`): runs on the device, launched from the host

            `__launch_bounds__(256)`"#]],
    );
    let sync = hover_text(&mut c, &uri, pos(&text, "__syncthreads", 0, 2));
    assert!(
        sync.contains("void __syncthreads(void)") || sync.contains("void __syncthreads()"),
        "{sync}"
    );
    assert!(sync.contains("Waits until every thread of the block"), "{sync}");
    check(
        hover_text(&mut c, &uri, pos(&text, "threadIdx", 0, 0)),
        expect![[r#"
            ```cuda
            uint3 threadIdx
            ```

            Index of the current thread within its block (`uint3`: `.x`, `.y`, `.z`). Reads `%tid`."#]],
    );

    // Definition of a call, of a macro use, and into a builtin header.
    let def = c.request("textDocument/definition", tdp(&uri, pos(&text, "warp_sum(v)", 0, 0)));
    assert_eq!(def[0]["uri"], uri);
    assert_eq!(def[0]["range"]["start"], pos(&text, "warp_sum", 0, 0));
    let def = c.request("textDocument/definition", tdp(&uri, pos(&text, "BLOCK / 2", 0, 0)));
    assert_eq!(def[0]["range"]["start"], pos(&text, "BLOCK", 0, 0));
    let def = c.request("textDocument/definition", tdp(&uri, pos(&text, "atomicAdd", 0, 0)));
    let target = def[0]["uri"].as_str().unwrap();
    assert!(target.ends_with("/builtin/__warpc_cuda_runtime.h"), "{target}");
    let path = target.strip_prefix("file://").unwrap();
    assert!(std::fs::read_to_string(path).unwrap().contains("atomicAdd"));

    // References of a local and of a parameter.
    let refs = c.request("textDocument/references", json!({ "textDocument": { "uri": uri }, "position": pos(&text, "float partial", 0, 6), "context": { "includeDeclaration": true } }));
    let lines: Vec<String> = refs
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{}:{}", r["range"]["start"]["line"], r["range"]["start"]["character"]))
        .collect();
    check(lines.join(" "), expect!["10:19 16:2 19:15 19:29 23:8 23:21"]);
    let refs = c.request("textDocument/references", json!({ "textDocument": { "uri": uri }, "position": pos(&text, "float v)", 0, 6), "context": { "includeDeclaration": false } }));
    assert_eq!(refs.as_array().unwrap().len(), 3, "{refs}");

    // Rename the helper: definition and call.
    let edit = c.request(
        "textDocument/rename",
        json!({ "textDocument": { "uri": uri }, "position": pos(&text, "warp_sum", 0, 0), "newName": "wsum" }),
    );
    assert_eq!(edit["changes"][&uri].as_array().unwrap().len(), 2, "{edit}");
    let bad = c.send_request(
        "textDocument/rename",
        json!({ "textDocument": { "uri": uri }, "position": pos(&text, "threadIdx", 0, 0), "newName": "x" }),
    );
    assert!(c.response(bad).response_result.is_err());

    // Symbols.
    let syms = c.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
    let names: Vec<String> = syms
        .as_array()
        .unwrap()
        .iter()
        .map(|s| format!("{}:{}", s["name"].as_str().unwrap(), s["kind"]))
        .collect();
    check(names.join(" "), expect!["BLOCK:14 warp_sum:12 reduce_sum:12"]);
    let ws = c.request("workspace/symbol", json!({ "query": "redsum" }));
    assert_eq!(ws[0]["name"], "reduce_sum");
}

#[test]
fn completion_signature_tokens() {
    let mut c = Client::start("complete");
    let text = conformance("15_structs.cu");
    let uri = c.open("structs.cu", &text);
    c.diagnostics(&uri, Some(1));
    let labels = |v: &Value| -> Vec<String> {
        let items = v
            .as_array()
            .cloned()
            .unwrap_or_else(|| v["items"].as_array().cloned().unwrap_or_default());
        let mut l: Vec<String> = items.iter().map(|i| i["label"].as_str().unwrap().to_string()).collect();
        l.sort();
        l
    };
    // Members after `.` on a parameter, a struct field of struct type, and a builtin variable.
    let edited = text.replace("  z.re *= p.scale;", "  z.re *= p.rot.;\n  int q = threadIdx.;");
    c.change(&uri, 2, &edited);
    let items = c.request("textDocument/completion", tdp(&uri, pos(&edited, "p.rot.", 0, 6)));
    check(labels(&items).join(" "), expect!["im re"]);
    let items = c.request("textDocument/completion", tdp(&uri, pos(&edited, "p.rot.", 0, 2)));
    check(labels(&items).join(" "), expect!["n rot scale"]);
    let items = c.request("textDocument/completion", tdp(&uri, pos(&edited, "threadIdx.;", 0, 10)));
    check(labels(&items).join(" "), expect!["x y z"]);
    c.change(&uri, 3, &text);
    // Scope completion: locals, builtins with signatures.
    let items = c.request("textDocument/completion", tdp(&uri, pos(&text, "cmul(v[i]", 0, 2)));
    let l = labels(&items);
    assert!(l.contains(&"cmul".to_string()), "{l:?}");
    let items = c.request("textDocument/completion", tdp(&uri, pos(&text, "signs[i] =", 0, 0)));
    let all = items.as_array().unwrap();
    for want in [
        "signs",
        "local",
        "z",
        "p",
        "__syncthreads",
        "atomicAdd",
        "threadIdx",
        "__global__",
    ] {
        assert!(all.iter().any(|i| i["label"] == want), "missing {want}");
    }
    let atomic = all.iter().find(|i| i["label"] == "atomicAdd").unwrap();
    assert!(
        atomic["detail"]
            .as_str()
            .unwrap()
            .contains("atomicAdd(int *address, int val)"),
        "{atomic}"
    );

    // Signature help inside a call.
    let sig = c.request(
        "textDocument/signatureHelp",
        tdp(&uri, pos(&text, "cmul(v[i], p.rot)", 0, 11)),
    );
    assert_eq!(
        sig["signatures"][0]["label"],
        "__device__ complexf cmul(complexf a, complexf b)"
    );
    assert_eq!(sig["activeParameter"], 1);

    // Semantic tokens of a small file, decoded.
    let small = "#define N 4\n__constant__ float c[N];\n__device__ int helper(int x) { return x; }\n__global__ void k(float *o) {\n  __shared__ float s[N];\n  s[0] = c[0];\n  o[helper(threadIdx.x)] = s[0];\n}\n";
    let suri = c.open("small.cu", small);
    c.diagnostics(&suri, Some(1));
    let toks = c.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": suri } }),
    );
    let data: Vec<u32> = toks["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as u32)
        .collect();
    let types = [
        "namespace",
        "type",
        "struct",
        "enum",
        "enumMember",
        "parameter",
        "variable",
        "property",
        "function",
        "macro",
        "keyword",
        "comment",
        "string",
        "number",
    ];
    let mods = [
        "declaration",
        "readonly",
        "defaultLibrary",
        "global",
        "device",
        "host",
        "shared",
        "constant",
    ];
    let (mut line, mut col) = (0u32, 0u32);
    let mut shown = Vec::new();
    for t in data.chunks(5) {
        line += t[0];
        col = if t[0] == 0 { col + t[1] } else { t[1] };
        if types[t[3] as usize] == "keyword" || types[t[3] as usize] == "number" {
            continue;
        }
        let l = small.lines().nth(line as usize).unwrap();
        let word: String = l.chars().skip(col as usize).take(t[2] as usize).collect();
        let m: Vec<&str> = (0..8).filter(|b| t[4] & (1 << b) != 0).map(|b| mods[b]).collect();
        shown.push(format!(
            "{word}:{}{}",
            types[t[3] as usize],
            if m.is_empty() {
                String::new()
            } else {
                format!("[{}]", m.join(","))
            }
        ));
    }
    check(
        shown.join("\n"),
        expect![[r#"
            N:macro[declaration]
            c:variable[declaration,readonly,constant]
            N:macro
            helper:function[declaration,device]
            x:parameter[declaration]
            x:parameter
            k:function[declaration,global]
            o:parameter[declaration]
            s:variable[declaration,shared]
            N:macro
            s:variable[shared]
            c:variable[readonly,constant]
            o:parameter
            helper:function[device]
            threadIdx:variable[readonly,defaultLibrary]
            x:property
            s:variable[shared]"#]],
    );
}

#[test]
fn ptx_request_and_code_lens() {
    let mut c = Client::start("ptx");
    let text = conformance("02_reduce.cu");
    let uri = c.open("reduce.cu", &text);
    c.diagnostics(&uri, Some(1));
    let whole = c.request("warpc/ptx", json!({ "textDocument": { "uri": uri } }));
    let ptx = whole["ptx"].as_str().unwrap();
    assert!(ptx.contains(".entry reduce_sum("), "{ptx}");
    assert_eq!(whole["hasErrors"], false);
    let one = c.request("warpc/ptx", tdp(&uri, pos(&text, "return v;", 0, 0)));
    check(
        format!(
            "{} {}",
            one["function"],
            one["ptx"].as_str().unwrap().lines().next().unwrap()
        ),
        expect![[r#""warp_sum" // warp_sum (_Z8warp_sumf)"#]],
    );
    let lenses = c.request("textDocument/codeLens", json!({ "textDocument": { "uri": uri } }));
    assert_eq!(lenses.as_array().unwrap().len(), 1);
    assert_eq!(lenses[0]["command"]["command"], "warpc.showPtx");
    let title = lenses[0]["command"]["title"].as_str().unwrap();
    if std::env::var_os("WARPC_CUDA_DIR").is_some_and(|d| PathBuf::from(d).join("bin/ptxas").is_file()) {
        // e.g. "sm_75: 14 registers, 0 B spill stores, 0 B spill loads · Show PTX"
        assert!(
            title.starts_with("sm_75: ") && title.contains(" registers, 0 B spill stores"),
            "{title}"
        );
    } else {
        assert_eq!(title, "Show PTX");
    }
    // A broken file has no PTX, and says why.
    let broken = text.replace("float v = 0.0f;", "float v = 0.0f +;");
    c.change(&uri, 2, &broken);
    let r = c.request("warpc/ptx", json!({ "textDocument": { "uri": uri } }));
    assert_eq!(r["hasErrors"], true);
    assert!(r["ptx"].as_str().unwrap().contains("error"), "{r}");
}

#[test]
fn cancellation_and_panics_keep_the_server_alive() {
    std::env::set_var("WARPC_LSP_TEST", "1");
    let mut c = Client::start("robust");
    let text = conformance("01_saxpy.cu");
    let uri = c.open("saxpy.cu", &text);
    let r = c.send_request("warpc/panic", json!({}));
    let resp = c.response(r);
    assert_eq!(
        resp.response_result.unwrap_err().code,
        lsp_server::ErrorCode::InternalError as i32
    );
    // A cancelled request gets an answer (canceled, or its result if it won the race).
    let id = c.send_request("warpc/ptx", json!({ "textDocument": { "uri": uri } }));
    c.notify("$/cancelRequest", json!({ "id": c.next_id }));
    let resp = c.response(id);
    assert!(
        resp.response_result
            .as_ref()
            .err()
            .is_none_or(|e| e.code == lsp_server::ErrorCode::RequestCanceled as i32),
        "{resp:?}"
    );
    // Requests racing with edits still answer (retried on a fresh snapshot).
    for v in 2..8 {
        let id = c.send_request("textDocument/hover", tdp(&uri, pos(&text, "saxpy", 0, 1)));
        c.change(&uri, v, &format!("{text}\n// edit {v}\n"));
        let resp = c.response(id);
        assert!(
            resp.response_result
                .as_ref()
                .err()
                .is_none_or(|e| e.code == lsp_server::ErrorCode::ContentModified as i32),
            "{resp:?}"
        );
    }
    let h = hover_text(&mut c, &uri, pos(&text, "saxpy", 0, 1));
    assert!(h.contains("saxpy"), "{h}");
    c.diagnostics(&uri, Some(7));
}

#[test]
fn compile_commands_and_settings_configure_the_compilation() {
    let mut c = Client::start_with("compdb", |dir| {
        let entry =
            json!([{ "directory": dir, "file": "k.cu", "command": "nvcc -arch=sm_90 -DWIDTH=7 -Iinc -c k.cu -o k.o" }]);
        std::fs::write(dir.join("compile_commands.json"), entry.to_string()).unwrap();
        std::fs::create_dir_all(dir.join("inc")).unwrap();
        std::fs::write(dir.join("inc/extra.cuh"), "#define FROM_HEADER 3\n").unwrap();
    });
    let text = "#include \"extra.cuh\"\n__global__ void k(int *o) { o[0] = WIDTH + FROM_HEADER + __CUDA_ARCH__; }\n";
    let uri = c.open("k.cu", text);
    assert_eq!(show_diags(&c.diagnostics(&uri, Some(1))), "");
    check(
        hover_text(&mut c, &uri, pos(text, "WIDTH", 0, 0)),
        expect![[r#"
            ```cuda
            #define WIDTH 7 // command line (-D)
            ```

            expands to `7`"#]],
    );
    // The client's settings come after the compile command's flags: its `arch` (sm_75, from
    // initializationOptions) wins over `-arch=sm_90`.
    let arch = hover_text(&mut c, &uri, pos(text, "__CUDA_ARCH__", 0, 0));
    assert!(arch.contains("#define __CUDA_ARCH__ 750"), "{arch}");
    let def = c.request("textDocument/definition", tdp(&uri, pos(text, "FROM_HEADER", 0, 0)));
    assert!(def[0]["uri"].as_str().unwrap().ends_with("/inc/extra.cuh"), "{def}");
    c.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "warpc": { "arch": "sm_80" } } }),
    );
    let arch = hover_text(&mut c, &uri, pos(text, "__CUDA_ARCH__", 0, 0));
    assert!(arch.contains("#define __CUDA_ARCH__ 800"), "{arch}");
}

/// A diagnostic's fix is a quick fix ("did you mean" replaces the misspelt name); none is
/// offered outside the requested range.
#[test]
fn fixes_are_quick_fixes() {
    let mut c = Client::start("fixes");
    let text = "__global__ void k(int *p) {\n  int total = p[0];\n  p[1] = totl + 1;\n}\n";
    let uri = c.open("typo.cu", text);
    check(
        show_diags(&c.diagnostics(&uri, Some(1))),
        expect![[r#"
        2:9 undefined-identifier identifier "totl" is undefined
        note: did you mean "total"?"#]],
    );
    let at = pos(text, "totl", 0, 1);
    let actions = c.request("textDocument/codeAction", json!({ "textDocument": { "uri": uri }, "range": { "start": at, "end": at }, "context": { "diagnostics": [] } }));
    let actions = actions.as_array().unwrap();
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(actions[0]["title"], "replace with \"total\"");
    assert_eq!(actions[0]["kind"], "quickfix");
    let edit = &actions[0]["edit"]["changes"][&uri][0];
    assert_eq!(edit["newText"], "total");
    assert_eq!(
        edit["range"],
        json!({ "start": { "line": 2, "character": 9 }, "end": { "line": 2, "character": 13 } })
    );
    let elsewhere = pos(text, "int total", 0, 0);
    let none = c.request("textDocument/codeAction", json!({ "textDocument": { "uri": uri }, "range": { "start": elsewhere, "end": elsewhere }, "context": { "diagnostics": [] } }));
    assert_eq!(none, json!([]));
}
