-- The Lua update of `taut bench lua`'s ropes-buffer row (100 ropes x 100
-- segments, each read and written through a taut.buffer), run N times
-- with no step between: bench/lua_calls counts its instructions under
-- callgrind, so a change to the binding is measured without the noise of
-- a shared machine. Run by a plain lua5.4 with build/module/taut.so.
local taut = require "taut"
local n = tonumber(arg[1]) or 0
local world = taut.world{}
local ropes = {}
for i = 1, 100 do
  ropes[i] = world:rope{ from = {i, 0}, to = {i, -10}, segments = 100 }
end
local buf = taut.buffer(2 * #ropes[1])
for _ = 1, n do
  for i = 1, #ropes do
    local r = ropes[i]
    r:positions(buf); r:set_positions(buf)
  end
end
