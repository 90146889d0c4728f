-- Headless Neovim test of the language server, through Neovim's own LSP client (0.7 API:
-- start_client + buf_attach_client, which newer Neovim still has). Run it through run.sh.
--
-- Env:
--   SWE_BUNDLE_SERVER  the server command, split on spaces (run.sh: node dist/server.js --stdio)
--   SWE_BUNDLE_ROOT    a copy of test/editors/fixtures/workspace (the test edits buffers, never files)
--   LSP_WAIT_MS        how long to wait for each server answer (default 10000)
--
-- It prints one line per check to stdout and ends with PASS (exit 0) or FAIL: <reason> (exit 1);
-- harness.lua says why it ends that way.

local h = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'harness.lua')
local out, fail, eq = h.out, h.fail, h.eq
local t0 = vim.loop.hrtime()
local function ms() return math.floor((vim.loop.hrtime() - t0) / 1e6) end
local WAIT = tonumber(vim.env.LSP_WAIT_MS or '10000')
local ROOT = vim.env.SWE_BUNDLE_ROOT
local SEARCH, VIEWER, AGENT = 'tools/search/config.yaml', 'tools/viewer/config.yaml', 'config/default.yaml'

-- Waiting -------------------------------------------------------------------------------------

local exited -- 'code=… signal=…' once the server process is gone

--- Waits for fn() to be truthy; fails with `what` (and what fn last saw, if it returns a second
--- value), at once if the server exits meanwhile.
local function wait_for(what, fn)
  local last, ok
  vim.wait(WAIT, function()
    local done, seen = fn()
    ok, last = done, seen
    return done or exited ~= nil
  end, 20)
  if exited and not ok then fail('the server exited (' .. exited .. ') while waiting for ' .. what) end
  if not ok then fail('timed out after ' .. WAIT .. ' ms waiting for ' .. what, last ~= nil and ('last seen: ' .. vim.inspect(last)) or nil) end
end

-- The client -----------------------------------------------------------------------------------

local client_id
-- The raw publishDiagnostics params per URI, to send diagnostics back with code actions.
local published = {}
local publishes = 0
local orig_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result then
    published[result.uri] = result.diagnostics
    publishes = publishes + 1
  end
  return orig_publish(err, result, ctx, config)
end
local statuses = {}

local function client()
  local c = vim.lsp.get_client_by_id(client_id)
  if not c then fail('the language server is gone (it exited; see $XDG_CACHE_HOME/nvim/lsp.log)') end
  return c
end

local function path(relative) return ROOT .. '/' .. relative end
local function uri(relative) return vim.uri_from_fname(path(relative)) end

--- Opens a fixture file in a buffer attached to the client.
local function open(relative)
  vim.cmd('edit ' .. vim.fn.fnameescape(path(relative)))
  local buf = vim.api.nvim_get_current_buf()
  -- -u NONE disables filetype detection; set it so didOpen carries the languageId `yaml`.
  vim.bo[buf].filetype = 'yaml'
  if not vim.lsp.buf_is_attached(buf, client_id) then
    if not vim.lsp.buf_attach_client(buf, client_id) then fail('buf_attach_client failed for ' .. relative) end
  end
  return buf
end

--- A synchronous request; fails on timeout or an error answer.
local function request(buf, method, params)
  local answers, err = vim.lsp.buf_request_sync(buf, method, params, WAIT)
  if not answers then fail(method .. ' got no answer: ' .. tostring(err)) end
  local answer = answers[client_id]
  if not answer then fail(method .. ' got no answer from the server') end
  -- 0.7 calls the error `error`, newer Neovim `err`.
  local err = answer.err or answer.error
  if err then fail(method .. ' failed: ' .. vim.inspect(err)) end
  return answer.result
end

local function request_error(buf, method, params)
  local answers = vim.lsp.buf_request_sync(buf, method, params, WAIT) or {}
  local answer = answers[client_id] or {}
  local err = answer.err or answer.error
  return err and err.message or nil
end

local function td(buf) return { uri = vim.uri_from_bufnr(buf) } end
local function position(line, character) return { line = line, character = character } end

-- Plain views of results ------------------------------------------------------------------------

local function r(range) return ('%d:%d-%d:%d'):format(range.start.line, range.start.character, range['end'].line, range['end'].character) end

local function expect_diagnostics(buf, expected, what)
  wait_for(what, function()
    local seen = h.diagnostics(buf)
    return vim.deep_equal(seen, expected), seen
  end)
  out('ok   ' .. what)
end

local function without(list, ...)
  local drop = {}
  for _, code in ipairs({ ... }) do drop[code] = true end
  return vim.tbl_filter(function(d) return not drop[d.code] end, list)
end

local function search_diagnostics()
  return {
    { range = '6:8-6:25', severity = 'error', code = 'missing-field', source = 'swe-bundle',
      message = 'Argument `search_term` of `search_dir` has no `required`, which SWE-agent requires.' },
    { range = '9:8-9:16', severity = 'warning', code = 'unknown-key', source = 'swe-bundle',
      message = 'SWE-agent ignores `requried` in argument `search_term` of `search_dir`; did you mean `required`?' },
    { range = '14:25-14:40', severity = 'warning', code = 'argument-format-jinja', source = 'swe-bundle',
      message = '`argument_format` of argument `dir` in `search_dir` is a Jinja template: write `{{value}}`, not `{value}`.' },
    { range = '16:38-16:43', severity = 'error', code = 'signature-unknown-placeholder', source = 'swe-bundle',
      message = "Placeholder `<dir>` in the signature of `find_file` has no argument named 'dir'." },
  }
end

--- Reverts a buffer to the text it was loaded with (`:undo 0`), which Neovim sends as changes.
local function revert(buf)
  vim.api.nvim_buf_call(buf, function() vim.cmd('silent undo 0') end)
end

local function lines(buf, first, last) return vim.api.nvim_buf_get_lines(buf, first, last, true) end

-- The test --------------------------------------------------------------------------------------

local function main()
  assert(ROOT and vim.fn.isdirectory(ROOT) == 1, 'SWE_BUNDLE_ROOT is not a folder: ' .. tostring(ROOT))
  local cmd = vim.split(vim.trim(vim.env.SWE_BUNDLE_SERVER or ''), ' ', true)
  assert(cmd[1] ~= '', 'SWE_BUNDLE_SERVER is not set')

  client_id = vim.lsp.start_client({
    name = 'swe-bundle',
    cmd = cmd,
    root_dir = ROOT,
    flags = { debounce_text_changes = 0 }, -- 0.7 debounces didChange by 150 ms by default
    handlers = {
      ['sweBundle/status'] = function(_, params) statuses[#statuses + 1] = params end,
    },
    on_exit = function(code, signal)
      exited = ('code=%s signal=%s'):format(code, signal)
      out('server exited ' .. exited)
    end,
  })
  assert(client_id, 'start_client returned nil (is the server command right?)')
  wait_for('the server to initialize', function()
    local c = vim.lsp.get_client_by_id(client_id)
    return c ~= nil and c.initialized
  end)
  out(('ok   server initialized at %d ms'):format(ms()))

  -- Diagnostics ----------------------------------------------------------------------------------
  local search = open(SEARCH)
  expect_diagnostics(search, search_diagnostics(), 'the exact diagnostics of tools/search/config.yaml')
  wait_for('the indexing status', function() return #statuses >= 2, statuses end)
  eq(statuses, { { state = 'indexing' }, { state = 'ready', bundles = 3, agentConfigs = 1, truncated = false } }, 'sweBundle/status: indexing, then ready with the counts')

  local agent = open(AGENT)
  expect_diagnostics(agent, {
    { range = '5:14-5:26', severity = 'error', code = 'bundle-errors', source = 'swe-bundle',
      message = 'Bundle `tools/search` does not load in this assembly: 2 errors in its config.yaml, the first `missing-field`.' },
    { range = '6:14-6:27', severity = 'error', code = 'bundle-path-missing', source = 'swe-bundle',
      message = 'Bundle path `tools/missing` does not exist.' },
  }, 'the exact diagnostics of the agent config config/default.yaml')

  local at_bundle = { textDocument = td(agent), position = position(4, 18) } -- line 4 is `      - path: tools/viewer`
  eq(request(agent, 'textDocument/hover', at_bundle), {
    contents = { kind = 'markdown', value = ('Bundle `tools/viewer`, at `%s`.\n\n2 tools:\n\n`open <path> [<line_number>]`: opens the file at \\<path\\>, optionally at \\<line_number\\>\n\n`goto <line_number>`: moves the window to show \\<line_number\\>'):format(path(VIEWER)) },
    range = { start = position(4, 14), ['end'] = position(4, 26) },
  }, 'hover on a bundle path in the agent config')
  eq(request(agent, 'textDocument/definition', at_bundle), { {
    originSelectionRange = { start = position(4, 14), ['end'] = position(4, 26) },
    targetUri = uri(VIEWER),
    targetRange = { start = position(0, 0), ['end'] = position(0, 0) },
    targetSelectionRange = { start = position(0, 0), ['end'] = position(0, 0) },
  } }, 'go to definition from a bundle path to its config.yaml')

  -- Completion of hidden tools: a half-typed `hidden_tools: [go]` under the viewer bundle.
  vim.api.nvim_buf_set_lines(agent, 5, 5, true, { '        hidden_tools: [go]' })
  local hidden = request(agent, 'textDocument/completion', { textDocument = td(agent), position = position(5, 25) })
  eq(vim.tbl_map(function(i) return { i.label, i.detail, r(i.textEdit.range), i.textEdit.newText } end, hidden.items or hidden), {
    { 'open', 'open <path> [<line_number>]', '5:23-5:25', 'open' },
    { 'goto', 'goto <line_number>', '5:23-5:25', 'goto' },
  }, 'completion of hidden_tools in the agent config offers the bundle tools')
  revert(agent)
  eq(lines(agent, 5, 6), { '      - path: tools/search' }, 'reverted the agent config')

  local viewer = open(VIEWER)
  local symbols = request(viewer, 'textDocument/documentSymbol', { textDocument = td(viewer) })
  eq(vim.tbl_map(function(s) return s.name end, symbols), { 'open', 'goto', 'state_command' }, 'the outline of the correct bundle')
  expect_diagnostics(viewer, {}, 'a correct bundle has no diagnostics')

  -- Completion after `<` in a signature -----------------------------------------------------------
  -- Line 3 is `    signature: "open <path> [<line_number>]"`: make it `"open <` and complete there.
  vim.api.nvim_buf_set_text(viewer, 3, 20, 3, 43, { ' <' })
  eq(lines(viewer, 3, 4), { '    signature: "open <"' }, 'typed `<` in the signature')
  local completion = request(viewer, 'textDocument/completion', {
    textDocument = td(viewer), position = position(3, 22), context = { triggerKind = 2, triggerCharacter = '<' },
  })
  local items = completion.items or completion
  eq(vim.tbl_map(function(i)
    return { label = i.label, kind = i.kind, detail = i.detail, documentation = i.documentation, sortText = i.sortText, insertTextFormat = i.insertTextFormat, textEdit = i.textEdit }
  end, items), {
    { label = 'path', kind = 6, detail = 'string argument', documentation = { kind = 'markdown', value = 'the path to the file to open' }, sortText = '00', insertTextFormat = 1,
      textEdit = { range = { start = position(3, 22), ['end'] = position(3, 22) }, newText = 'path>' } },
    { label = 'line_number', kind = 6, detail = 'integer argument, optional', documentation = { kind = 'markdown', value = 'the line number to move the window to' }, sortText = '01', insertTextFormat = 1,
      textEdit = { range = { start = position(3, 22), ['end'] = position(3, 22) }, newText = 'line_number>' } },
  }, 'completion after `<` offers the arguments, as plain text (0.7 takes no snippets)')
  revert(viewer)
  eq(lines(viewer, 3, 4), { '    signature: "open <path> [<line_number>]"' }, 'reverted the signature')
  expect_diagnostics(viewer, {}, 'no diagnostics again after the revert')

  -- Hover, definition, references, highlights ---------------------------------------------------
  local at_path = { textDocument = td(viewer), position = position(3, 23) } -- inside `path` of `<path>`
  local hover = request(viewer, 'textDocument/hover', at_path)
  eq(hover, {
    contents = { kind = 'markdown', value = '**path**: argument of `open` (`string`, required)\n\nthe path to the file to open\n\n`<path>` in the signature becomes `{path}` in the invoke format and receives the value.' },
    range = { start = position(3, 21), ['end'] = position(3, 27) },
  }, 'hover on the placeholder <path>')

  local definition = request(viewer, 'textDocument/definition', at_path)
  eq(definition, { {
    originSelectionRange = { start = position(3, 21), ['end'] = position(3, 27) },
    targetUri = uri(VIEWER),
    targetRange = { start = position(6, 6), ['end'] = position(9, 22) },
    targetSelectionRange = { start = position(6, 14), ['end'] = position(6, 18) },
  } }, 'go to definition: from <path> to the argument `path` (a LocationLink: 0.7 has linkSupport)')

  local references = request(viewer, 'textDocument/references', vim.tbl_extend('force', at_path, { context = { includeDeclaration = true } }))
  eq(vim.tbl_map(function(l) return r(l.range) end, references), { '3:22-3:26', '4:35-4:39', '6:14-6:18' }, 'references of `path`: placeholder, docstring mention, name')
  local highlights = request(viewer, 'textDocument/documentHighlight', at_path)
  eq(vim.tbl_map(function(h) return { r(h.range), h.kind } end, highlights), { { '3:22-3:26', 2 }, { '4:35-4:39', 2 }, { '6:14-6:18', 3 } }, 'document highlights (read, read, write)')

  -- Rename ---------------------------------------------------------------------------------------
  local prepared = request(viewer, 'textDocument/prepareRename', at_path)
  eq(prepared, { range = { start = position(3, 22), ['end'] = position(3, 26) }, placeholder = 'path' }, 'prepareRename on `path`')
  local edit = request(viewer, 'textDocument/rename', vim.tbl_extend('force', at_path, { newName = 'file' }))
  local edits = edit.changes and edit.changes[uri(VIEWER)]
  eq(vim.tbl_map(function(e) return { r(e.range), e.newText } end, edits or {}), { { '3:22-3:26', 'file' }, { '4:35-4:39', 'file' }, { '6:14-6:18', 'file' } }, 'rename `path` to `file`: three edits')
  vim.lsp.util.apply_workspace_edit(edit, client().offset_encoding or 'utf-16')
  eq(lines(viewer, 3, 7), {
    '    signature: "open <file> [<line_number>]"',
    '    docstring: "opens the file at <file>, optionally at <line_number>"',
    '    arguments:',
    '      - name: file',
  }, 'the renamed bundle')
  expect_diagnostics(viewer, {}, 'the renamed bundle has no diagnostics')
  eq(request_error(viewer, 'textDocument/rename', vim.tbl_extend('force', at_path, { newName = '9lives' })),
    '`9lives` is not a valid argument name: SWE-agent needs a letter or `_` first, then only letters, digits, `_` or `-`.', 'renaming to a name SWE-agent rejects is refused')
  revert(viewer)

  -- A code action, applied, and the diagnostics after the edit -----------------------------------
  local typo
  for _, d in ipairs(published[uri(SEARCH)] or {}) do
    if d.code == 'unknown-key' then typo = d end
  end
  assert(typo, 'the server published no unknown-key diagnostic for tools/search/config.yaml')
  local actions = request(search, 'textDocument/codeAction', { textDocument = td(search), range = typo.range, context = { diagnostics = { typo } } })
  eq(vim.tbl_map(function(a)
    return { title = a.title, kind = a.kind, edit = a.edit }
  end, actions), { {
    title = 'Rename `requried` to `required`',
    kind = 'quickfix',
    edit = { changes = { [uri(SEARCH)] = { { range = { start = position(9, 8), ['end'] = position(9, 16) }, newText = 'required' } } } },
  } }, 'the quick fix for the misspelt key')
  vim.lsp.util.apply_workspace_edit(actions[1].edit, client().offset_encoding or 'utf-16')
  eq(lines(search, 9, 10), { '        required: true' }, 'the quick fix applied')
  expect_diagnostics(search, without(search_diagnostics(), 'missing-field', 'unknown-key'), 'the diagnostics after the edit: the typo and the missing `required` are gone')
  revert(search)
  expect_diagnostics(search, search_diagnostics(), 'the diagnostics after reverting')

  -- Outline, folding, code lens and the tool preview --------------------------------------------
  local function symbol(s)
    return { s.name, s.kind, r(s.range), r(s.selectionRange), s.detail, vim.tbl_map(symbol, s.children or {}) }
  end
  eq(vim.tbl_map(symbol, request(search, 'textDocument/documentSymbol', { textDocument = td(search) })), {
    { 'search_dir', 12, '2:2-14:40', '2:2-2:12', 'search_dir <search_term> [<dir>]', {
      { 'search_term', 13, '6:6-9:22', '6:14-6:25', 'string', {} },
      { 'dir', 13, '10:6-14:40', '10:14-10:17', 'string, optional', {} },
    } },
    { 'find_file', 12, '15:2-22:22', '15:2-15:11', 'find_file <file_name> <dir>', {
      { 'file_name', 13, '19:6-22:22', '19:14-19:23', 'string', {} },
    } },
  }, 'document symbols: tools (Function) and their arguments (Variable)')

  local folds = request(viewer, 'textDocument/foldingRange', { textDocument = td(viewer) })
  eq(vim.tbl_map(function(f) return f.startLine .. '-' .. f.endLine end, folds), { '1-21', '2-13', '5-13', '6-9', '10-13', '14-21', '17-21', '18-21' }, 'folding ranges')

  local lenses = request(viewer, 'textDocument/codeLens', { textDocument = td(viewer) })
  eq(vim.tbl_map(function(l) return { r(l.range), l.command.title, l.command.command, l.command.arguments } end, lenses), {
    { '2:2-2:6', 'Preview as the model sees it', 'sweBundle.previewTool', { uri(VIEWER), 'open' } },
    { '14:2-14:6', 'Preview as the model sees it', 'sweBundle.previewTool', { uri(VIEWER), 'goto' } },
  }, 'a code lens on each tool')
  local preview = request(viewer, 'workspace/executeCommand', { command = lenses[2].command.command, arguments = lenses[2].command.arguments })
  eq(vim.split(preview, '\n', true), {
    '**goto**: invoke format `goto {line_number}`', '', 'A call with `line_number=1` runs:', '', '```sh', 'goto 1', '```', '',
    'Function-calling tool (what the model receives):', '', '```json', '{', '  "type": "function",', '  "function": {', '    "name": "goto",',
    '    "description": "moves the window to show <line_number>",', '    "parameters": {', '      "type": "object",', '      "properties": {',
    '        "line_number": {', '          "type": "integer",', '          "description": "the line number to move the window to"', '        }', '      },',
    '      "required": [', '        "line_number"', '      ]', '    }', '  }', '}', '```', '',
    'Docs (`generate_command_docs`, shown when function calling is off):', '', '```text', 'goto:', '  docstring: moves the window to show <line_number>',
    '  signature: goto <line_number>', '  arguments:', '    - line_number (integer) [required]: the line number to move the window to', '```',
  }, 'the lens command sweBundle.previewTool returns the tool as the model sees it')

  local links = request(viewer, 'textDocument/documentLink', { textDocument = td(viewer) })
  eq(vim.tbl_map(function(l) return { r(l.range), l.target } end, links), {
    { '2:2-2:6', uri('tools/viewer/bin/open') }, { '14:2-14:6', uri('tools/viewer/bin/goto') }, { '22:15-22:21', uri('tools/viewer/bin/_state') },
  }, 'document links to the bin/ scripts')
  local found = request(viewer, 'workspace/symbol', { query = 'goto' })
  eq(vim.tbl_map(function(s) return { s.name, s.kind, s.containerName, s.location.uri, r(s.location.range) } end, found), {
    { 'goto', 12, 'viewer', uri(VIEWER), '14:2-14:6' },
  }, 'workspace symbols')

  -- Settings through workspace/didChangeConfiguration (0.7 does not offer workspace/configuration)
  client().notify('workspace/didChangeConfiguration', { settings = { sweBundle = { rules = { ['unknown-key'] = 'error', ['argument-format-jinja'] = 'off' } } } })
  expect_diagnostics(search, vim.tbl_map(function(d)
    return d.code == 'unknown-key' and vim.tbl_extend('force', d, { severity = 'error' }) or d
  end, without(search_diagnostics(), 'argument-format-jinja')), 'sweBundle.rules from didChangeConfiguration change the severities')
  client().notify('workspace/didChangeConfiguration', { settings = { sweBundle = {} } })
  expect_diagnostics(search, search_diagnostics(), 'the default severities once the rules are gone')

  -- Shutdown: the shutdown request and the exit notification, then the process goes.
  vim.lsp.stop_client(client_id)
  wait_for('the server to exit', function() return exited ~= nil and vim.lsp.get_client_by_id(client_id) == nil end)
  out(('PASS in %d ms (%d publishDiagnostics)'):format(ms(), publishes))
end

h.run(main, function()
  if client_id and vim.lsp.get_client_by_id(client_id) then vim.lsp.stop_client(client_id, true) end
end)
