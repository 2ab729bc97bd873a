-- Minimal Neovim configuration for the real-client check of `servelint lsp`
-- (scripts/nvim-lsp-check.sh runs it). It starts the server for buffers of
-- filetype sh, waits for the diagnostics of the file given on the command
-- line, writes them to $SERVELINT_OUT with the code actions offered at the
-- first one, stops the server with shutdown/exit and quits: status 0 when
-- diagnostics and code actions arrived and the server exited cleanly, 1
-- otherwise.
--
-- Works with Neovim 0.7 (Debian bookworm) through current releases:
-- vim.lsp.start where it exists (0.8+), else start_client + buf_attach_client.
--
-- Environment:
--   SERVELINT_BIN         the servelint binary (default "servelint")
--   SERVELINT_OUT         where to write the report (default: stdout)
--   SERVELINT_TIMEOUT_MS  how long to wait for diagnostics (default 30000)
--   SERVELINT_SETTLE_MS   how long the diagnostics must stay unchanged
--                         before they are printed (default 1500: the
--                         dry-run rules publish after the static ones)

local bin = vim.env.SERVELINT_BIN or "servelint"
local out_path = vim.env.SERVELINT_OUT
local timeout = tonumber(vim.env.SERVELINT_TIMEOUT_MS or "") or 30000
local settle = tonumber(vim.env.SERVELINT_SETTLE_MS or "") or 1500

local uv = vim.uv or vim.loop -- vim.loop before 0.10

local lines = {}
local function say(fmt, ...)
  table.insert(lines, string.format(fmt, ...))
end

local function finish(ok)
  local text = table.concat(lines, "\n") .. "\n"
  if out_path and out_path ~= "" then
    local f = assert(io.open(out_path, "w"))
    f:write(text)
    f:close()
  else
    io.stdout:write(text)
  end
  if ok then
    vim.cmd("qall!")
  else
    vim.cmd("cquit")
  end
end

local client_id
local server_exit -- {code, signal} once the server has exited

local function start(bufnr)
  if client_id then
    vim.lsp.buf_attach_client(bufnr, client_id)
    return
  end
  local config = {
    name = "servelint",
    cmd = { bin, "lsp" },
    root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ":p:h"),
    on_exit = function(code, signal)
      server_exit = { code, signal }
    end,
  }
  if vim.lsp.start then
    client_id = vim.lsp.start(config, { bufnr = bufnr })
  else
    client_id = vim.lsp.start_client(config)
    if client_id then
      vim.lsp.buf_attach_client(bufnr, client_id)
    end
  end
end

vim.api.nvim_create_autocmd("FileType", {
  pattern = "sh",
  callback = function(args)
    start(args.buf)
  end,
})

local severities = { "error", "warning", "info", "hint" }

-- A stable fingerprint of a buffer's diagnostics, to tell when they settle.
local function fingerprint(diags)
  local parts = {}
  for _, d in ipairs(diags) do
    table.insert(parts, string.format("%d:%d:%s:%s", d.lnum, d.col, tostring(d.code), d.message))
  end
  table.sort(parts)
  return table.concat(parts, "\n")
end

local function check()
  local bufnr = vim.api.nvim_get_current_buf()
  local name = vim.api.nvim_buf_get_name(bufnr)
  if vim.bo[bufnr].filetype ~= "sh" then
    say("FAIL: %s has filetype %q, not sh", name, vim.bo[bufnr].filetype)
    return finish(false)
  end
  if not client_id then
    say("FAIL: servelint lsp was not started (is %q executable?)", bin)
    return finish(false)
  end

  -- Wait for the first diagnostics, then for them to stay unchanged.
  local got = vim.wait(timeout, function()
    return #vim.diagnostic.get(bufnr) > 0 or server_exit ~= nil
  end, 50)
  if not got or server_exit then
    say("FAIL: no diagnostics for %s within %d ms%s", name, timeout,
      server_exit and string.format(" (the server exited with status %d)", server_exit[1]) or "")
    return finish(false)
  end
  local deadline = uv.now() + timeout
  local last, since = fingerprint(vim.diagnostic.get(bufnr)), uv.now()
  while uv.now() - since < settle and uv.now() < deadline do
    vim.wait(50)
    local now = fingerprint(vim.diagnostic.get(bufnr))
    if now ~= last then
      last, since = now, uv.now()
    end
  end

  local diags = vim.diagnostic.get(bufnr)
  table.sort(diags, function(a, b)
    if a.lnum ~= b.lnum then
      return a.lnum < b.lnum
    end
    if a.col ~= b.col then
      return a.col < b.col
    end
    return tostring(a.code) < tostring(b.code)
  end)
  local ok = true
  local short = vim.fn.fnamemodify(name, ":t")
  for _, d in ipairs(diags) do
    local lsp = d.user_data and d.user_data.lsp or {}
    local href = lsp.codeDescription and lsp.codeDescription.href or ""
    say("%s:%d:%d: %s %s: %s [%s] %s", short, d.lnum + 1, d.col + 1,
      severities[d.severity] or tostring(d.severity), tostring(d.code), d.message, tostring(d.source), href)
    if d.source ~= "servelint" or d.code == nil or not href:find("#" .. tostring(d.code), 1, true) then
      say("FAIL: the diagnostic above lacks source servelint, a rule code or its docs link")
      ok = false
    end
  end
  say("%d diagnostics", #diags)

  -- The code actions at the first diagnostic, as the client decodes them.
  local first = diags[1]
  local pos = { line = first.lnum, character = first.col } -- ASCII lines: bytes are UTF-16 units
  local res = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = pos, ["end"] = pos },
    context = { diagnostics = {} },
  }, timeout)
  local actions = res and res[client_id] and res[client_id].result or {}
  for _, a in ipairs(actions) do
    local files = 0
    for _ in pairs(a.edit and a.edit.changes or {}) do
      files = files + 1
    end
    say("code action at %s:%d:%d: %s %q (edits %d file%s)", short, first.lnum + 1, first.col + 1,
      tostring(a.kind), a.title, files, files == 1 and "" or "s")
  end
  if #actions == 0 then
    say("FAIL: no code actions at %s:%d:%d", short, first.lnum + 1, first.col + 1)
    ok = false
  end

  -- Shut the server down the way editors do (shutdown, exit).
  vim.lsp.stop_client(client_id)
  vim.wait(10000, function()
    return server_exit ~= nil
  end, 50)
  if not server_exit then
    say("FAIL: the server did not exit after shutdown/exit")
    ok = false
  elseif server_exit[1] ~= 0 then
    say("FAIL: the server exited with status %d after shutdown/exit", server_exit[1])
    ok = false
  else
    say("server exited with status 0")
  end
  finish(ok)
end

vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    -- Leave the startup sequence first, so that the client can run.
    vim.schedule(check)
  end,
})
