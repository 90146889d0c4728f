-- What the headless Neovim tests share: output, assertions, and ending Neovim with the right exit
-- code. `local h = dofile(<this file>)`.
--
-- Exit-code traps (see ../shared/editor-tests): an uncaught Lua error in a headless -c script hangs
-- Neovim, and a trailing `qa!` turns it into exit 0. So `h.run` and `h.run_async` call main in
-- pcall (or a coroutine) and end Neovim themselves with :qall! (pass) or :cquit 1 (fail); run.sh
-- also runs them under `timeout`.
local h = {}

h.WAIT = tonumber(vim.env.LSP_WAIT_MS or '10000')

--- One line to stdout (print() would go to stderr, without a newline, in headless mode).
function h.out(s)
  io.stdout:write(s .. '\n')
  io.stdout:flush()
end

function h.fail(what, detail)
  error(what .. (detail and ('\n' .. detail) or ''), 0)
end

function h.eq(actual, expected, what)
  if not vim.deep_equal(actual, expected) then
    h.fail(what .. ': not as expected', 'expected: ' .. vim.inspect(expected) .. '\nactual:   ' .. vim.inspect(actual))
  end
  h.out('ok   ' .. what)
end

local function finish(ok, err, cleanup)
  if ok then
    vim.cmd('qall!')
  else
    h.out('FAIL: ' .. tostring(err))
    pcall(cleanup)
    vim.cmd('cquit 1')
  end
end

--- Runs main; on failure prints FAIL and the reason, runs cleanup, and exits 1.
function h.run(main, cleanup)
  local ok, err = pcall(main)
  finish(ok, err, cleanup)
end

-- Tests that type keys ------------------------------------------------------------------------
-- Keys are processed by Neovim's main loop, not inside vim.wait. So h.run_async runs main in a
-- coroutine, and h.wait yields to the main loop (which then handles the typed keys, the server's
-- answers and the windows they open) until a condition holds.

local step -- resumes the test's coroutine

--- Runs main in a coroutine that may call h.wait; ends Neovim as h.run does.
function h.run_async(main, cleanup)
  local co = coroutine.create(main)
  step = function(...)
    local ok, err = coroutine.resume(co, ...)
    if not ok then finish(false, err, cleanup)
    elseif coroutine.status(co) == 'dead' then finish(true) end
  end
  step()
end

--- Waits (yielding to the main loop) until fn() is truthy; fails with `what`, and with what fn last
--- saw if it returns a second value. fn is checked every 10 ms, in the main loop.
function h.wait(what, fn, ms)
  local deadline = vim.loop.hrtime() + (ms or h.WAIT) * 1e6
  local timer = vim.loop.new_timer()
  local settled, last = false, nil
  local function settle(...)
    if settled then return end
    settled = true
    timer:stop()
    timer:close()
    step(...)
  end
  timer:start(10, 10, vim.schedule_wrap(function()
    if settled then return end
    local ok, done, seen = pcall(fn)
    if not ok then return settle(false, done) end
    last = seen
    if done then settle(true)
    elseif vim.loop.hrtime() > deadline then settle(false, 'timed out after ' .. (ms or h.WAIT) .. ' ms waiting for ' .. what .. (last ~= nil and ('\nlast seen: ' .. vim.inspect(last)) or '')) end
  end))
  local ok, err = coroutine.yield()
  if not ok then h.fail(err) end
end

--- Types keys as a user would (mappings apply); they run once the test waits.
function h.feed(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, true, true), 'mt', false)
end

local SEVERITY = { 'error', 'warning', 'information', 'hint' }

--- vim.diagnostic's diagnostics of a buffer, in document order, as {range, severity, code, source, message}.
function h.diagnostics(buf)
  local list = vim.diagnostic.get(buf)
  table.sort(list, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return vim.tbl_map(function(d)
    return {
      range = ('%d:%d-%d:%d'):format(d.lnum, d.col, d.end_lnum, d.end_col),
      severity = SEVERITY[d.severity],
      code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code),
      source = d.source,
      message = d.message,
    }
  end, list)
end

--- The running clients (0.10 renamed get_active_clients to get_clients).
h.get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients

return h
