-- taut_api.positions: positions in bulk and taut.buffer (lua/bind_positions.c).
local function get(owner, order)
  return { name = "positions", doc = ("Fill buf with the positions of %s: x1, y1, x2, y2, ... (x, y, z each in 3D)."):format(order),
    more = "buf is a reusable table (filled from 1, shortened to fit; a new one when missing) or a taut.buffer, which the core fills directly.",
    params = { { name = "buf", type = "table|taut.buffer", optional = true } },
    returns = { { name = "buf", type = "table|taut.buffer" }, { name = "count", type = "integer", doc = "how many " .. owner } } }
end

local function set(what)
  return { name = "set_positions", doc = ("Teleport %s to the positions in buf (velocity kept); every number is checked before anything moves."):format(what),
    params = { { name = "buf", type = "table|taut.buffer" } },
    errors = {
      { code = "w:rope{segments = 2}:set_positions{1, 2}", message = "bad argument #1 to 'set_positions' (table holds 2 numbers, the rope needs 6 (3 nodes x 2))" },
      { code = "w:rope{segments = 2}:set_positions(taut.buffer(2))", message = "bad argument #1 to 'set_positions' (buffer holds 2 numbers, the rope needs 6 (3 nodes x 2))" },
    } }
end

return {
  classes = {
    { name = "buffer", made_by = "taut.buffer(n)",
      doc = "n floats in one userdata, read and written by rope:positions and world:positions with no conversion per number.",
      more = "A buffer's own buf[i] goes through metamethods, about 5x a table's: a script that visits every number is faster with a table.",
      example = [[local buf = taut.buffer(3 * #rope)
rope:positions(buf)
buf[2] = buf[2] + 0.1
rope:set_positions(buf)]],
      sample = "return taut.buffer(4)",
      len = "n, the numbers it holds",
      index = "buf[i] (1 to n) reads and writes number i",
      methods = {}, properties = {} },
  },
  extend = {
    { class = "rope", methods = { get("rope", "its nodes, start to end"), set("its nodes") } },
    { class = "world", methods = { get("particles", "every particle in world:particles() order"), set("every particle") } },
  },
}
