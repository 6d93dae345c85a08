-- cloth: helpers for world:cloth scenes.
--   local cloth = require "cloth"
--   cloth.skin(def, cols, rows [, offset]) --> a taut.mesh laid exactly
--     where the grid cloth `def` (the table given to world:cloth: size,
--     origin, orientation) lies at rest, cols x rows cells (denser than
--     the cloth's grid), offset metres along its front (+z of its local
--     frame), with the cloth's texture coordinates (u across, v up): the
--     render mesh to bind with cloth:bind(mesh).
local taut = require "taut"
local vec = require "vec"

--- Helpers for world:cloth scenes.
---@class cloth
local cloth = {}

local function size_of(def)
  local size = def.size or 1
  if type(size) == "number" then return size, size end
  return size[1], size[2]
end

--- A mesh of cols x rows cells laid exactly where the grid cloth def lies at rest (offset metres
--- along its front), with its texture coordinates: the render mesh to bind.
---@param def taut.cloth_options
---@param cols integer
---@param rows integer
---@param offset? number (m) (default 0)
---@return taut.mesh
function cloth.skin(def, cols, rows, offset)
  local width, height = size_of(def)
  local origin = def.origin or {0, 0, 0}
  local q = def.orientation or {1, 0, 0, 0}
  local vertices, uvs, triangles = {}, {}, {}
  for j = 0, rows do
    for i = 0, cols do
      local l = {width * i / cols, -height * j / rows, offset or 0}
      vertices[#vertices + 1] = vec.add(origin, vec.rotate(q, l))
      uvs[#uvs + 1] = {i / cols, 1 - j / rows}
    end
  end
  local w = cols + 1
  for j = 0, rows - 1 do
    for i = 0, cols - 1 do
      local a = j * w + i + 1
      triangles[#triangles + 1] = {a, a + w, a + w + 1}
      triangles[#triangles + 1] = {a, a + w + 1, a + 1}
    end
  end
  return taut.mesh{ vertices = vertices, uvs = uvs, triangles = triangles }
end

return cloth
