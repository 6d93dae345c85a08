-- make docs: write everything scripts/taut_api describes, from the root of
-- the tree (lua5.4 tools/api/gen.lua, or ./taut for the same result):
-- types/taut.lua, docs/API.md, taut.1, lua/usage.h, .luacheckrc and the
-- annotations of the modules in scripts/. Prints the files that changed.
package.path = "scripts/?.lua;scripts/?/init.lua;tools/?.lua;" .. package.path
local api = require "taut_api"
local render = require "api.render"
local read = require("api.text").read

for _, file in ipairs(render(api)) do
  local path, text = file[1], file[2]
  if read(path) ~= text then
    local f = assert(io.open(path, "wb"))
    f:write(text)
    f:close()
    print("wrote " .. path)
  end
end
