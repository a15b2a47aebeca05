-- Real-client test of `warpc lsp` with Neovim's built-in LSP client (Neovim >= 0.7):
--
--   WARPC=/path/to/warpc nvim --headless --clean -c "luafile editors/nvim/lsp_test.lua"
--
-- Writes a small CUDA file with an error, opens it, attaches `warpc lsp`, and checks that the
-- error is published, that hover on the kernel answers, and that fixing the buffer clears the
-- diagnostics. Exits 0 on success, 1 (`cquit`) with a FAIL line on stderr otherwise.

local warpc = os.getenv("WARPC") or "warpc"
local timeout = tonumber(os.getenv("WARPC_NVIM_TIMEOUT") or "60000")

local function log(msg)
  io.stderr:write(msg .. "\n")
end

local function fail(msg)
  log("FAIL: " .. msg)
  vim.cmd("cquit 1")
end

local dir = vim.fn.tempname()
vim.fn.mkdir(dir, "p")
local path = dir .. "/k.cu"
local lines = {
  "#define SCALE 2.0f",
  "__device__ float twice(float v) { return v * SCALE; }",
  "__global__ void kernel(float *out, int n) {",
  "  int i = blockIdx.x * blockDim.x + threadIdx.x;",
  "  if (i < n) out[i] = twice(out[i]) + missing;",
  "}",
}
vim.fn.writefile(lines, path)

vim.cmd("edit " .. path)
local bufnr = vim.api.nvim_get_current_buf()
vim.bo[bufnr].filetype = "cuda"

local client_id = vim.lsp.start_client({
  name = "warpc",
  cmd = { warpc, "lsp" },
  root_dir = dir,
  init_options = { arch = "sm_75" },
  on_exit = function(code, _)
    if code ~= 0 then
      log("warpc lsp exited with " .. tostring(code))
    end
  end,
})
if not client_id then
  fail("could not start " .. warpc .. " lsp")
  return
end
vim.lsp.buf_attach_client(bufnr, client_id)

-- 1. The error is published.
local got = vim.wait(timeout, function()
  return #vim.diagnostic.get(bufnr) > 0
end, 50)
if not got then
  fail("no diagnostics within " .. timeout .. " ms")
  return
end
local d = vim.diagnostic.get(bufnr)[1]
if not string.find(d.message, 'identifier "missing" is undefined', 1, true) or d.lnum ~= 4 then
  fail("unexpected diagnostic: line " .. tostring(d.lnum) .. ": " .. d.message)
  return
end
log("ok: diagnostic: " .. d.message)

-- 2. Hover on the kernel's name.
local client = vim.lsp.get_client_by_id(client_id)
local params = {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  position = { line = 2, character = 18 },
}
local resp
if vim.fn.has("nvim-0.11") == 1 then
  resp = client:request_sync("textDocument/hover", params, timeout, bufnr)
else
  resp = client.request_sync("textDocument/hover", params, timeout, bufnr)
end
if not resp or resp.err or not resp.result then
  fail("no hover: " .. vim.inspect(resp))
  return
end
local value = resp.result.contents.value or ""
if not string.find(value, "__global__ void kernel(float *out, int n)", 1, true) then
  fail("unexpected hover: " .. value)
  return
end
log("ok: hover")

-- 3. Fixing the buffer clears the diagnostics.
vim.api.nvim_buf_set_lines(bufnr, 4, 5, false, { "  if (i < n) out[i] = twice(out[i]);" })
got = vim.wait(timeout, function()
  return #vim.diagnostic.get(bufnr) == 0
end, 50)
if not got then
  fail("diagnostics not cleared: " .. vim.inspect(vim.diagnostic.get(bufnr)))
  return
end
log("ok: diagnostics cleared after the fix")

vim.lsp.stop_client(client_id)
vim.fn.delete(dir, "rf")
vim.cmd("qall!")
