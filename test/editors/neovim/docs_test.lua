-- Checks the Neovim setups in docs/editors.md: every `<!-- neovim-setup: NAME -->` Lua block must
-- compile, and the one named by SWE_BUNDLE_SETUP (0.11, 0.8 or preview) runs as written: bundle
-- and agent configs get the server (one client for the project), other YAML files do not.
-- Two things in the snippet are replaced: the server command by the test's (SWE_BUNDLE_SERVER),
-- and the empty settings by a rule severity, to see the settings reach the server.
--
-- A Neovim older than a snippet lacks some of the API it uses (0.7 has neither vim.fs nor
-- vim.lsp.start, vim.lsp.config or vim.lsp.enable); those are filled in with minimal stand-ins
-- built on start_client, and the output names them. On a Neovim that has the API, none is used.
-- Run it through run.sh. Exit and output conventions: see harness.lua.

local h = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'harness.lua')
local out, fail, eq, get_clients = h.out, h.fail, h.eq, h.get_clients
local WAIT = tonumber(vim.env.LSP_WAIT_MS or '10000')
local ROOT = vim.env.SWE_BUNDLE_ROOT
local SETUP = vim.env.SWE_BUNDLE_SETUP
local DOCS = vim.env.SWE_BUNDLE_DOCS


--- The `<!-- neovim-setup: NAME -->` blocks of the docs, by name.
local function setups()
  local text = table.concat(vim.fn.readfile(DOCS), '\n')
  local found = {}
  for name, code in text:gmatch('<!%-%- neovim%-setup: ([%w%.]+) %-%->\n```lua\n(.-)\n```') do
    found[name] = code
  end
  return found
end

-- Stand-ins for API a Neovim lacks ----------------------------------------------------------------
local standins = {}

local function fill_in_missing_api()
  vim.fs = vim.fs or {}
  if not vim.fs.dirname then
    standins[#standins + 1] = 'vim.fs.dirname'
    vim.fs.dirname = function(file) return file and vim.fn.fnamemodify(file, ':h') end
  end
  if not vim.fs.find then
    standins[#standins + 1] = 'vim.fs.find'
    -- Only what the docs use: one name, upward from opts.path, optionally only directories.
    vim.fs.find = function(name, opts)
      local dir = opts.path
      while true do
        local candidate = dir .. '/' .. name
        local stat = vim.loop.fs_stat(candidate)
        if stat and (opts.type == nil or stat.type == opts.type) then return { candidate } end
        local parent = vim.fn.fnamemodify(dir, ':h')
        if parent == dir then return {} end
        dir = parent
      end
    end
  end
  if not vim.fs.root then
    standins[#standins + 1] = 'vim.fs.root'
    vim.fs.root = function(bufnr, marker)
      local file = vim.api.nvim_buf_get_name(bufnr)
      local found = vim.fs.find(marker, { upward = true, path = vim.fs.dirname(file) })[1]
      return found and vim.fs.dirname(found) or nil
    end
  end
  if not vim.lsp.start then
    standins[#standins + 1] = 'vim.lsp.start'
    -- Like the real one: reuse the client with the same name and root, attach the current buffer.
    local clients = {}
    vim.lsp.start = function(config)
      local key = config.name .. '\0' .. config.root_dir
      if not clients[key] or not vim.lsp.get_client_by_id(clients[key]) then clients[key] = vim.lsp.start_client(config) end
      vim.lsp.buf_attach_client(vim.api.nvim_get_current_buf(), clients[key])
      return clients[key]
    end
  end
  if not vim.lsp.config then
    standins[#standins + 1] = 'vim.lsp.config'
    standins[#standins + 1] = 'vim.lsp.enable'
    -- Like the real ones for what the docs use: on FileType, a root_dir function decides by
    -- calling on_dir(root); then the client for (name, root) starts or is reused.
    local configs = {}
    vim.lsp.config = function(name, config) configs[name] = config end
    vim.lsp.enable = function(name)
      local config = configs[name]
      vim.api.nvim_create_autocmd('FileType', {
        pattern = config.filetypes,
        callback = function(args)
          config.root_dir(args.buf, function(root)
            vim.api.nvim_buf_call(args.buf, function()
              vim.lsp.start(vim.tbl_extend('force', config, { name = name, root_dir = root, filetypes = nil }))
            end)
          end)
        end,
      })
    end
  end
end

-- The run --------------------------------------------------------------------------------------

local function clients_of(buf)
  local ids = {}
  for _, c in pairs(get_clients()) do
    if vim.lsp.buf_is_attached(buf, c.id) then ids[#ids + 1] = c.id end
  end
  table.sort(ids)
  return ids
end

local function open(relative)
  vim.cmd('edit ' .. vim.fn.fnameescape(ROOT .. '/' .. relative))
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].filetype = 'yaml' -- -u NONE: no filetype detection; this fires FileType as Neovim would
  return buf
end

local function codes(buf)
  local list = vim.diagnostic.get(buf)
  table.sort(list, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  local severity = { 'error', 'warning', 'information', 'hint' }
  return vim.tbl_map(function(d) return ('%d:%d %s %s'):format(d.lnum, d.col, severity[d.severity], d.code or d.user_data.lsp.code) end, list)
end

local function wait_codes(buf, expected, what)
  local seen
  vim.wait(WAIT, function()
    seen = codes(buf)
    return vim.deep_equal(seen, expected)
  end, 20)
  eq(seen, expected, what)
end

local function main()
  local blocks = setups()
  local names = vim.tbl_keys(blocks)
  table.sort(names)
  eq(names, { '0.11', '0.8', 'lspconfig', 'preview' }, 'the docs have the four Neovim snippets')
  for name, code in pairs(blocks) do
    local chunk, err = loadstring(code, '=docs/editors.md (' .. name .. ')')
    if not chunk then fail('the ' .. name .. ' snippet does not compile: ' .. err) end
  end
  out('ok   every snippet compiles')

  -- The server command of the snippets, replaced by the test's.
  local cmd = vim.split(vim.trim(vim.env.SWE_BUNDLE_SERVER), ' ', true)
  local function with_test_server(code)
    local replaced, n = code:gsub("{ 'swe%-bundle%-language%-server', '%-%-stdio' }", vim.inspect(cmd))
    if n ~= 1 then fail('expected one server command in the snippet, found ' .. n) end
    replaced, n = replaced:gsub('local settings = { sweBundle = {} }', "local settings = { sweBundle = { rules = { ['unknown-key'] = 'error' } } }")
    if n ~= 1 then fail('expected one `local settings = { sweBundle = {} }` in the snippet, found ' .. n) end
    return replaced
  end

  fill_in_missing_api()
  out('Neovim ' .. tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. '; stand-ins: ' .. (#standins > 0 and table.concat(standins, ', ') or 'none'))

  local setup = SETUP == 'preview' and '0.8' or SETUP
  assert(blocks[setup], 'no snippet named ' .. tostring(setup))
  assert(loadstring(with_test_server(blocks[setup]), '=docs ' .. setup))()
  out('ok   ran the ' .. setup .. ' snippet')

  local search = open('tools/search/config.yaml')
  wait_codes(search, { '6:8 error missing-field', '9:8 error unknown-key', '14:25 warning argument-format-jinja', '16:38 error signature-unknown-placeholder' },
    'tools/search/config.yaml gets the server and its diagnostics, with the settings (unknown-key: error)')
  local ids = clients_of(search)
  eq(#ids, 1, 'one client on the bundle')
  local client = vim.lsp.get_client_by_id(ids[1])
  eq(client.config.root_dir, ROOT, 'the root is the folder that holds tools/')

  local agent = open('config/default.yaml')
  wait_codes(agent, { '5:14 error bundle-errors', '6:14 error bundle-path-missing' }, 'the agent config gets the same server and its diagnostics')
  eq(clients_of(agent), ids, 'the agent config shares the client')

  local other = open('misc/config.yaml')
  vim.wait(200)
  eq(clients_of(other), {}, 'a YAML file outside tools/ and config/ gets no client')

  if SETUP == 'preview' then
    assert(loadstring(blocks.preview, '=docs preview'))()
    vim.api.nvim_set_current_buf(open('tools/viewer/config.yaml'))
    wait_codes(vim.api.nvim_get_current_buf(), {}, 'the viewer bundle is attached (no diagnostics)')
    local windows = #vim.api.nvim_list_wins()
    vim.cmd('SweBundlePreview goto')
    vim.wait(WAIT, function() return #vim.api.nvim_list_wins() > windows end, 20)
    local lines = vim.api.nvim_buf_get_lines(0, 0, 6, false)
    eq({ lines, vim.bo.filetype, vim.bo.buftype, vim.bo.modifiable }, {
      { '**goto**: invoke format `goto {line_number}`', '', 'A call with `line_number=1` runs:', '', '```sh', 'goto 1' },
      'markdown', 'nofile', false,
    }, ':SweBundlePreview goto opens the preview in a read-only Markdown scratch buffer')
  end

  for _, c in pairs(get_clients()) do c.stop() end
  vim.wait(3000, function() return #get_clients() == 0 end, 20)
  out('PASS')
end

h.run(main, function()
  for _, c in pairs(get_clients()) do c.stop(true) end
end)
