-- What the headless Neovim tests share: output, assertions, and ending Neovim with the right exit
-- code. `local h = dofile(<this file>)`.
--
-- Exit-code traps (see ../shared/editor-tests): an uncaught Lua error in a headless -c script hangs
-- Neovim, and a trailing `qa!` turns it into exit 0. So `h.run` calls main in pcall and ends
-- Neovim itself with :qall! (pass) or :cquit 1 (fail); run.sh also runs it under `timeout`.
local h = {}

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

--- Runs main; on failure prints FAIL and the reason, runs cleanup, and exits 1.
function h.run(main, cleanup)
  local ok, err = pcall(main)
  if ok then
    vim.cmd('qall!')
  else
    h.out('FAIL: ' .. tostring(err))
    pcall(cleanup)
    vim.cmd('cquit 1')
  end
end

--- The running clients (0.10 renamed get_active_clients to get_clients).
h.get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients

return h
