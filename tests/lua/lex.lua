-- scripts/lex.lua cuts tokens as Lua's own lexer does: the tokens of a
-- file, each put back on its line with spaces between, compile to the very
-- same bytecode, line numbers included.
local lex = require "lex"
local test = require "test"

local function rejoin(tokens)
  local out, line = {}, 1
  for _, t in ipairs(tokens) do
    while line < t.line do
      out[#out + 1] = "\n"
      line = line + 1
    end
    out[#out + 1] = t.text .. " "
    local _, n = t.text:gsub("\r\n", "\n"):gsub("\n\r", "\n"):gsub("[\n\r]", "")
    line = line + n
  end
  return table.concat(out)
end

local function same_code(text, name)
  local a = assert(load(text, "=" .. name, "t"))
  local b, err = load(rejoin(lex.tokens(text)), "=" .. name, "t")
  test.ok(b, err)
  test.eq(string.dump(b), string.dump(a), name .. ": bytecode with line info")
end

local TRICKY = table.concat({
  "local a = [==[ long ]] still\nlong ]==] .. 'q\\'uote' .. \"d\\\"q\\z",
  "      \n   skipped\" .. '\\x41\\u{48}\\65' --[[ a long\ncomment ]] .. 'x'",
  "local n = { 0x1p4, 0XA.8P-1, 3e-2, .5, 5., 1E+3, 0xff, 7 // 2, 7 >> 1, 1 << 2, 3 ~ 1 }",
  "local s = a:sub(1) .. #n .. (n[1] ~= 2 and 'y' or 'n')  -- trailing",
  "goto done ::done::",
}, "\r\n")

test("tricky tokens: long brackets, escapes, \\z, numbers, operators, CRLF lines", function()
  same_code(TRICKY, "tricky")
  local toks = lex.tokens(TRICKY)
  test.eq(toks[4].text, "[==[ long ]] still\nlong ]==]")
  test.eq(toks[4].kind, "string")
  test.eq(toks[8].text, "\"d\\\"q\\z\r\n      \n   skipped\"")
  test.eq(toks[9].line, 4, "after a \\z over a CRLF and a LF")
  test.eq(toks[12].line, 5, "after a long comment over a line break")
  for _, t in ipairs(toks) do
    if t.text == "0XA.8P-1" then test.eq(t.kind, "number") end
    if t.text == "//" or t.text == ">>" or t.text == "::" then test.eq(t.kind, "op") end
  end
end)

test("every file taut ships lexes to the same bytecode", function()
  local files = {}
  for _, dir in ipairs { "examples", "examples/experiments", "scripts", "tests/lua" } do
    local p = io.popen("ls " .. dir .. "/*.lua")
    for file in p:lines() do files[#files + 1] = file end
    p:close()
  end
  test.ok(#files > 20, #files .. " files")
  for _, file in ipairs(files) do same_code(test.read(file), file) end
end)
