-- The Neovim setups of docs/editors.md, as a user has them: run.sh writes the documented setup
-- (SWE_BUNDLE_SETUP: 0.7, 0.8 or 0.11) and the documented preview command, unchanged, as the
-- init.lua, puts a `swe-bundle-language-server` on PATH, and starts Neovim with it. This script then
-- works on a copy of the fixture workspace with the keys the docs give for that setup: diagnostics,
-- hover (K), completion after `<` (<C-x><C-o>), go to definition (<C-]>), a quick fix and a rename
-- (:lua vim.lsp.buf.code_action() / rename(), or gra / grn on 0.11+), and :SweBundlePreview.
-- The only thing it replaces is the user choosing in vim.ui.select / vim.ui.input (the picker and
-- the prompt), which it answers as a user would, recording what it was offered.
--
-- A setup run on a Neovim too old for it (the 0.11 setup on 0.10) must start without an error,
-- say what it needs, and start no server. Run it through run.sh; conventions: see harness.lua.

local h = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'harness.lua')
local out, fail, eq, wait, feed, get_clients = h.out, h.fail, h.eq, h.wait, h.feed, h.get_clients
local ROOT = vim.env.SWE_BUNDLE_ROOT
local SETUP = vim.env.SWE_BUNDLE_SETUP
local v = vim.version()
local NVIM = ('%d.%d'):format(v.major, v.minor)
local SEARCH = 'tools/search/config.yaml'

-- The user's answers to vim.ui.select and vim.ui.input --------------------------------------------
local asked = {}
local answers = {} -- queue of { select = title } or { input = text }
vim.ui.select = function(items, opts, on_choice)
  local labels = vim.tbl_map(opts.format_item or tostring, items)
  asked[#asked + 1] = { prompt = opts.prompt, items = labels }
  local answer = table.remove(answers, 1)
  for i, label in ipairs(labels) do
    if answer and label == answer.select then return on_choice(items[i], i) end
  end
  on_choice(nil, nil)
end
vim.ui.input = function(opts, on_confirm)
  asked[#asked + 1] = { prompt = opts.prompt, default = opts.default }
  local answer = table.remove(answers, 1)
  on_confirm(answer and answer.input)
end

-- What the server reports in window/logMessage and window/showMessage at Warning or Error.
local complaints = {}
for _, method in ipairs({ 'window/logMessage', 'window/showMessage' }) do
  local handler = vim.lsp.handlers[method]
  vim.lsp.handlers[method] = function(err, result, ctx, config)
    if result and result.type <= 2 then complaints[#complaints + 1] = result.message end
    return handler(err, result, ctx, config)
  end
end

-- Views -------------------------------------------------------------------------------------------
--- The diagnostics of a buffer, one line each: `RANGE SEVERITY SOURCE CODE: MESSAGE`.
local function diagnostics(buf)
  return vim.tbl_map(function(d) return ('%s %s %s %s: %s'):format(d.range, d.severity, d.source, d.code, d.message) end, h.diagnostics(buf))
end

local function expect_diagnostics(buf, expected, what)
  wait(what, function()
    local seen = diagnostics(buf)
    return vim.deep_equal(seen, expected), seen
  end)
  out('ok   ' .. what)
end

local SEARCH_DIAGNOSTICS = {
  '6:8-6:25 error swe-bundle missing-field: Argument `search_term` of `search_dir` has no `required`, which SWE-agent requires.',
  '9:8-9:16 warning swe-bundle unknown-key: SWE-agent ignores `requried` in argument `search_term` of `search_dir`; did you mean `required`?',
  '14:25-14:40 warning swe-bundle argument-format-jinja: `argument_format` of argument `dir` in `search_dir` is a Jinja template: write `{{value}}`, not `{value}`.',
  "16:38-16:43 error swe-bundle signature-unknown-placeholder: Placeholder `<dir>` in the signature of `find_file` has no argument named 'dir'.",
}

local function clients_of(buf)
  local found = {}
  for _, c in pairs(get_clients()) do
    if vim.lsp.buf_is_attached(buf, c.id) then found[#found + 1] = c end
  end
  return found
end

--- Stops a client (0.11 made stop a method; before, a plain function).
local function stop(client, force)
  if vim.fn.has('nvim-0.11') == 1 then client:stop(force) else client.stop(force) end
end

local function open(relative)
  vim.cmd('edit ' .. vim.fn.fnameescape(ROOT .. '/' .. relative))
  return vim.api.nvim_get_current_buf()
end

local function line(n) return vim.api.nvim_buf_get_lines(0, n - 1, n, true)[1] end

local function floats()
  return vim.tbl_filter(function(w) return vim.api.nvim_win_get_config(w).relative ~= '' end, vim.api.nvim_list_wins())
end

local function close_floats()
  for _, w in ipairs(floats()) do vim.api.nvim_win_close(w, true) end
end

--- `:undo 0`, then the diagnostics of the file as it is on disk.
local function revert(buf, what)
  vim.cmd('silent undo 0')
  expect_diagnostics(buf, SEARCH_DIAGNOSTICS, what)
end

-- Per-setup keys, per-version renderings ----------------------------------------------------------
local KEYS = SETUP == '0.11' and { code_action = 'gra', rename = 'grn' }
  or { code_action = ':lua vim.lsp.buf.code_action()<CR>', rename = ':lua vim.lsp.buf.rename()<CR>' }

--- What K shows for `<search_term>`: the server's Markdown, as is.
local HOVER = { '**search_term**: argument of `search_dir` (`string`)', '', 'the term to search for', '',
  '`<search_term>` in the signature becomes `{search_term}` in the invoke format and receives the value.' }
--- The completion items after `<` in `search_dir`'s signature, as the omnifunc makes them.
local COMPLETION = {
  { word = 'search_term>', abbr = 'search_term', kind = 'Variable', menu = 'string argument', info = 'the term to search for' },
  { word = 'dir>', abbr = 'dir', kind = 'Variable', menu = 'string argument, optional', info = 'the directory to search in (default: .)' },
}

--- Types `keys` then <C-x><C-o>; returns the items the omnifunc offers once it shows them.
local function omni(keys)
  feed(keys .. '<C-x><C-o>')
  wait('the completion items', function()
    local info = vim.fn.complete_info({ 'items' })
    return #info.items > 0, { info, vim.fn.mode(), vim.api.nvim_get_current_line() }
  end)
  return vim.tbl_map(function(i) return { word = i.word, abbr = i.abbr, kind = i.kind, menu = i.menu, info = i.info } end, vim.fn.complete_info({ 'items' }).items)
end

local function words(items) return vim.tbl_map(function(i) return i.word end, items) end

--- Accepts the selected item with <C-y> and leaves insert mode.
local function accept()
  feed('<C-y><Esc>')
  wait('normal mode again', function() return vim.fn.mode() == 'n', vim.fn.mode() end)
end

-- The test ----------------------------------------------------------------------------------------

local function too_old()
  local messages = vim.fn.execute('messages')
  eq(messages:match('swe_bundle: [^\n]*'), 'swe_bundle: this setup needs Neovim 0.11 or newer; see docs/editors.md for the one for your version',
    'the ' .. SETUP .. ' setup on Neovim ' .. NVIM .. ' says what it needs')
  eq(vim.v.errmsg, '', 'and raises no error')
  local buf = open(SEARCH)
  eq(vim.bo[buf].filetype, 'yaml', 'a bundle opens as yaml')
  eq(#get_clients(), 0, 'no server started')
  out('PASS')
end

local function main()
  out(('Neovim %s, the %s setup of docs/editors.md'):format(tostring(vim.version and NVIM), SETUP))
  if SETUP == '0.11' and vim.fn.has('nvim-0.11') == 0 then return too_old() end
  -- Headless Neovim writes messages to stdout: no `-- INSERT --`, no `match 1 of 2`.
  vim.o.showmode = false
  vim.opt.shortmess:append('c')
  eq(vim.v.errmsg, '', 'the init.lua ran without an error')

  -- Which files get the server --------------------------------------------------------------------
  local search = open(SEARCH)
  eq(vim.bo[search].filetype, 'yaml', 'the bundle opens as yaml (filetype detection)')
  expect_diagnostics(search, SEARCH_DIAGNOSTICS, 'tools/search/config.yaml gets the server and its exact diagnostics')
  local clients = clients_of(search)
  eq(vim.tbl_map(function(c) return { c.name, c.config.root_dir } end, clients), { { 'swe_bundle', ROOT } },
    'one client, swe_bundle, rooted at the folder that holds tools/')
  local client_id = clients[1].id
  eq(complaints, {}, 'the server took the settings without a complaint')

  local agent = open('config/default.yaml')
  expect_diagnostics(agent, {
    '5:14-5:26 error swe-bundle bundle-errors: Bundle `tools/search` does not load in this assembly: 2 errors in its config.yaml, the first `missing-field`.',
    '6:14-6:27 error swe-bundle bundle-path-missing: Bundle path `tools/missing` does not exist.',
  }, 'the agent config gets its diagnostics')
  eq(vim.tbl_map(function(c) return c.id end, clients_of(agent)), { client_id }, 'from the same client')

  local other = open('misc/config.yaml')
  -- The viewer opened after it attaches and answers: by then the setup has handled misc/ too.
  local viewer = open('tools/viewer/config.yaml')
  wait('the viewer bundle to be attached', function() return vim.lsp.buf_is_attached(viewer, client_id) end)
  expect_diagnostics(viewer, {}, 'the correct bundle has no diagnostics')
  eq(#clients_of(other), 0, 'a YAML file outside tools/ and config/ gets no client')

  -- Hover: K on `<search_term>` in `    signature: "search_dir <search_term> [<dir>]"` ----------------
  search = open(SEARCH)
  vim.api.nvim_win_set_cursor(0, { 4, 31 })
  feed('K')
  wait('the hover window', function() return #floats() == 1 end)
  local hover = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(floats()[1]), 0, -1, true)
  eq(hover, HOVER, 'K shows the hover of the placeholder')
  close_floats()
  if SETUP == '0.11' then
    -- K on the name of the correct tool `open` (line 3): its hover holds the whole preview, longer than
    -- the screen; the setup keeps the float to 15 lines.
    open('tools/viewer/config.yaml')
    vim.api.nvim_win_set_cursor(0, { 3, 3 })
    feed('K')
    wait('the hover window of the tool', function() return #floats() == 1 end)
    local float = floats()[1]
    local lines = vim.api.nvim_buf_line_count(vim.api.nvim_win_get_buf(float))
    eq({ lines > 15, vim.api.nvim_win_get_height(float) }, { true, 15 }, ('K on a tool name shows its %d-line preview in a float of 15 lines'):format(lines))
    close_floats()
    search = open(SEARCH)
    vim.api.nvim_win_set_cursor(0, { 4, 31 })
  end

  -- Go to definition: <C-]> on the placeholder jumps to the argument's name -----------------------
  feed('<C-]>')
  wait('the jump to the definition', function()
    local cursor = vim.api.nvim_win_get_cursor(0)
    return cursor[1] ~= 4, cursor
  end)
  eq({ vim.api.nvim_get_current_buf() == search, vim.api.nvim_win_get_cursor(0) }, { true, { 7, 14 } }, '<C-]> jumps to `search_term` in `- name: search_term`')

  -- Completion after `<`: the signature cut to `"search_dir "`, then `<` and <C-x><C-o> --------------
  vim.api.nvim_buf_set_lines(search, 3, 4, true, { '    signature: "search_dir "' })
  vim.api.nvim_win_set_cursor(0, { 4, 27 }) -- on the closing quote
  local items = omni('i<lt>')
  eq(items, COMPLETION, '<C-x><C-o> after `<` offers the arguments')
  accept()
  eq(line(4), '    signature: "search_dir <search_term>"', 'the first item, accepted with <C-y>, completes the placeholder')

  -- Beside a closer: Neovim does not auto-close, so `[<` alone first; then with the `]` already in
  -- the buffer (typed first, or put there by a plugin), which the item must not double.
  vim.api.nvim_buf_set_lines(search, 3, 4, true, { '    signature: "search_dir <search_term> "' })
  vim.api.nvim_win_set_cursor(0, { 4, 41 }) -- on the closing quote
  eq(words(omni('i[<lt>')), { 'dir>]', 'search_term>]' }, '<C-x><C-o> after `[<` with nothing after it: the items close the placeholder')
  accept()
  eq(line(4), '    signature: "search_dir <search_term> [<dir>]"', 'accepted, the optional placeholder is whole')
  vim.api.nvim_buf_set_lines(search, 3, 4, true, { '    signature: "search_dir <search_term> []"' })
  vim.api.nvim_win_set_cursor(0, { 4, 42 }) -- on the `]`
  eq(words(omni('i<lt>')), { 'dir>', 'search_term>' }, '<C-x><C-o> after `[<` before a `]`: the items leave the `]` to close it')
  accept()
  eq(line(4), '    signature: "search_dir <search_term> [<dir>]"', 'accepted, the `]` is not doubled')
  revert(search, 'the diagnostics after undoing the completions')

  -- Hidden tools in an agent config, in `[]` and in `[""]` typed first ---------------------------------
  agent = open('config/default.yaml')
  for _, case in ipairs({ { '[]', 23, '[open]' }, { '[""]', 24, '["open"]' } }) do
    vim.api.nvim_buf_set_lines(agent, 5, 5, true, { '        hidden_tools: ' .. case[1] })
    vim.api.nvim_win_set_cursor(0, { 6, case[2] })
    eq(words(omni('i')), { 'open', 'goto' }, '<C-x><C-o> in `hidden_tools: ' .. case[1] .. '` offers the tools of tools/viewer')
    accept()
    eq(line(6), '        hidden_tools: ' .. case[3], 'accepted, the closers are not doubled')
    vim.cmd('silent undo 0')
  end
  eq(vim.bo[agent].modified, false, 'the agent config is back as it was')
  search = open(SEARCH)

  -- A quick fix: on `requried` (line 10) ------------------------------------------------------------
  vim.api.nvim_win_set_cursor(0, { 10, 10 })
  answers = { { select = 'Rename `requried` to `required`' } }
  asked = {}
  feed(KEYS.code_action)
  wait('the quick fix to be applied', function() return line(10) == '        required: true', line(10) end)
  eq(asked, { { prompt = 'Code actions:', items = { 'Rename `requried` to `required`' } } }, 'the code actions offered on the misspelt key')
  expect_diagnostics(search, { SEARCH_DIAGNOSTICS[3], SEARCH_DIAGNOSTICS[4] }, 'the diagnostics after the fix: the typo and the missing `required` are gone')
  revert(search, 'the diagnostics after undoing the fix')

  -- Rename `search_term` (its name on line 7) to `term` ---------------------------------------------
  vim.api.nvim_win_set_cursor(0, { 7, 16 })
  answers = { { input = 'term' } }
  asked = {}
  feed(KEYS.rename)
  wait('the rename to be applied', function() return line(7) == '      - name: term', line(7) end)
  eq(asked, { { prompt = 'New Name: ', default = 'search_term' } }, 'the rename asks for the new name')
  eq(vim.api.nvim_buf_get_lines(search, 3, 7, true), {
    '    signature: "search_dir <term> [<dir>]"',
    '    docstring: "searches for <term> in all files in <dir>"',
    '    arguments:',
    '      - name: term',
  }, 'the argument, its placeholder and its docstring mention are renamed')
  revert(search, 'the diagnostics after undoing the rename')

  -- The renames of a placeholder and an argument that do not match: `<path>` in the viewer's signature
  -- becomes `<file>`; both diagnostics offer both renames, and each one clears both -------------------
  local viewer_buf = open('tools/viewer/config.yaml')
  local MISMATCH = { '3:21-3:27 signature-unknown-placeholder', '6:14-6:18 signature-missing-argument' }
  local RENAMES = { 'Rename placeholder `<file>` to `<path>`', 'Rename argument `path` to `file`' }
  for _, case in ipairs({
    { cursor = { 4, 22 }, pick = RENAMES[1], changed = 4, to = '    signature: "open <path> [<line_number>]"' },
    { cursor = { 7, 16 }, pick = RENAMES[2], changed = 7, to = '      - name: file' },
  }) do
    vim.api.nvim_buf_set_lines(viewer_buf, 3, 4, true, { '    signature: "open <file> [<line_number>]"' })
    wait('the two diagnostics of the mismatch', function()
      local seen = vim.tbl_map(function(d) return d.range .. ' ' .. d.code end, h.diagnostics(viewer_buf))
      return vim.deep_equal(seen, MISMATCH), seen
    end)
    vim.api.nvim_win_set_cursor(0, case.cursor)
    answers = { { select = case.pick } }
    asked = {}
    feed(KEYS.code_action)
    wait('the rename to be applied', function() return line(case.changed) == case.to, line(case.changed) end)
    eq(asked, { { prompt = 'Code actions:', items = RENAMES } }, 'both renames offered on line ' .. case.cursor[1])
    expect_diagnostics(viewer_buf, {}, case.pick .. ': no diagnostic left')
    vim.cmd('silent undo 0')
    expect_diagnostics(viewer_buf, {}, 'the viewer as it was')
  end

  -- The did-you-mean fixes of a hidden tool (`opne` in the viewer's hidden tools) and of a rule code --
  agent = open('config/default.yaml')
  local AGENT_CODES = { '5:14-5:26 bundle-errors', '6:14-6:27 bundle-path-missing' }
  local function agent_codes(expected, what)
    wait(what, function()
      local seen = vim.tbl_map(function(d) return d.range .. ' ' .. d.code end, h.diagnostics(agent))
      return vim.deep_equal(seen, expected), seen
    end)
    out('ok   ' .. what)
  end
  -- A line with a misspelling inserted at line 6: flagged, its one fix offered and applied, the
  -- diagnostics after it, then undone.
  local function did_you_mean(case)
    vim.api.nvim_buf_set_lines(agent, 5, 5, true, { case.inserted })
    agent_codes(case.flagged, 'the misspelt ' .. case.what .. ' is flagged')
    vim.api.nvim_win_set_cursor(0, case.cursor)
    answers = { { select = case.title } }
    asked = {}
    feed(KEYS.code_action)
    wait('the fix of the ' .. case.what .. ' to be applied', function() return line(6) == case.fixed, line(6) end)
    eq(asked, { { prompt = 'Code actions:', items = { case.title } } }, 'the did-you-mean fix offered on the misspelt ' .. case.what)
    agent_codes(case.after, case.what .. ': ' .. case.cleared)
    vim.cmd('silent undo 0')
    agent_codes(AGENT_CODES, case.what .. ': the agent config as it was')
  end
  did_you_mean({
    what = 'hidden tool', inserted = '        hidden_tools: [opne]', cursor = { 6, 24 },
    flagged = { '5:23-5:27 hidden-tool-missing', '6:14-6:26 bundle-errors', '7:14-7:27 bundle-path-missing' },
    title = 'Change `opne` to `open`', fixed = '        hidden_tools: [open]',
    after = { '6:14-6:26 bundle-errors', '7:14-7:27 bundle-path-missing' }, cleared = 'the fix clears the diagnostic',
  })
  -- A rule code: `bundle-erors` in a suppression comment above the entry of tools/search; fixed, the
  -- comment silences that entry's bundle-errors.
  did_you_mean({
    what = 'rule code', inserted = '      # swe-bundle-disable-next-line bundle-erors', cursor = { 6, 40 },
    flagged = { '5:37-5:49 unknown-rule-code', '6:14-6:26 bundle-errors', '7:14-7:27 bundle-path-missing' },
    title = 'Change `bundle-erors` to `bundle-errors`', fixed = '      # swe-bundle-disable-next-line bundle-errors',
    after = { '7:14-7:27 bundle-path-missing' }, cleared = 'the fix clears the diagnostic, and the comment silences the bundle-errors below it',
  })
  search = open(SEARCH)

  -- The documented preview command ------------------------------------------------------------------
  local windows = #vim.api.nvim_list_wins()
  vim.cmd('SweBundlePreview find_file')
  wait('the preview window', function() return #vim.api.nvim_list_wins() > windows end)
  eq({ vim.api.nvim_buf_get_lines(0, 0, -1, true), vim.bo.filetype, vim.bo.buftype, vim.bo.modifiable }, {
    { 'SWE-agent would not start with this bundle, so the model receives none of its tools. **find_file**: SWE-agent cannot build this tool as written, so the model would see nothing of it:', '',
      "- Placeholder `<dir>` in the signature of `find_file` has no argument named 'dir'. SWE-agent fails: Command 'find_file': Argument names ({'dir', 'file_name'}) in signature / invoke_format 'find_file {file_name} {dir}' do not match argument names. Add the argument." },
    'markdown', 'nofile', false,
  }, ':SweBundlePreview find_file opens the preview (here: why SWE-agent cannot load the tool) in a read-only Markdown scratch buffer')

  for _, c in pairs(get_clients()) do stop(c) end
  wait('the server to stop', function() return #get_clients() == 0 end)
  local log = require('vim.lsp.log').get_filename() -- written only once there is something to log
  -- Neovim 0.12's semantic tokens keep a request as in flight when they drop its answer (it came
  -- after the next edit, or after the answer to a range request), and log this error when the edit
  -- after that cancels it: Neovim's own bookkeeping, whichever server answers, and more often the
  -- faster the edits come (test/editors/README.md). Every other warning or error counts.
  local neovim_cancel = '"Cannot find request with id %d+ whilst attempting to cancel"$'
  local logged = vim.tbl_filter(function(l) return (l:match('^%[WARN%]') or l:match('^%[ERROR%]')) and not l:match(neovim_cancel) end, vim.fn.filereadable(log) == 1 and vim.fn.readfile(log) or {})
  eq(logged, {}, "Neovim's lsp.log has no warning or error (the exchange went as Neovim expects)")
  -- vim.deprecate() says its warning once, in :messages.
  local deprecated = vim.tbl_filter(function(l) return l:match('deprecated') end, vim.split(vim.fn.execute('messages'), '\n'))
  eq(deprecated, {}, 'the setup uses nothing this Neovim deprecates')
  out('PASS')
end

h.run_async(main, function()
  for _, c in pairs(get_clients()) do stop(c, true) end
end)
