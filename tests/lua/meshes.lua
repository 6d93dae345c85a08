-- Meshes and textures from Lua: taut.mesh{...}, taut.mesh("f.obj"),
-- taut.texture(path), and the exact error of each malformed input.
local taut = require "taut"
local test = require "test"

local quad_obj = [[
# a unit quad, v/vt/vn corners
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
vt 0 0
vt 1 0
vt 1 1
vt 0 1
vn 0 0 1
f 1/1/1 2/2/1 3/3/1 4/4/1
]]

test("an OBJ quad is 4 vertices, 2 triangles, with uvs", function()
  local path = test.write(quad_obj, ".obj")
  local m = taut.mesh(path)
  os.remove(path)
  test.eq(#m, 4)
  test.eq(m.vertex_count, 4)
  test.eq(m.triangle_count, 2)
  test.eq(m.has_uv, true)
  local v = m:vertex(3)
  test.eq(("%g %g %g"):format(v[1], v[2], v[3]), "1 1 0")
  local lo, hi = m:bounds()
  test.eq(("%g %g %g %g"):format(lo[1], lo[2], hi[1], hi[2]), "0 0 1 1")
end)

test("a mesh from tables takes its vertices back in bulk", function()
  local m = taut.mesh{ vertices = {{0, 0}, {1, 0}, {0, 1}}, triangles = {{1, 2, 3}} }
  test.eq(m.has_uv, false)
  m:set_vertices({{5, 6, 7}, {8, 9, 10}}, 2)
  local v = m:vertex(3)
  test.eq(("%g %g %g"):format(v[1], v[2], v[3]), "8 9 10")
  test.error(function() m:set_vertices({{1, 2, 3}}, 4) end,
    "bad argument #2 to 'set_vertices' (vertices past the end of the mesh)")
  test.error(function() m:vertex(0) end,
    "bad argument #1 to 'vertex' (vertex index out of range)")
end)

-- The error taut.mesh raises for an OBJ file holding text.
local function obj_error(text)
  local path = test.write(text, ".obj")
  local ok, message = pcall(taut.mesh, path)
  os.remove(path)
  test.ok(not ok, "expected an error")
  return tostring(message), path
end

test("a malformed OBJ names its file and line", function()
  local message, path = obj_error("v 0 0 0\nv 1 0 0\nv 0 1 0\n\nf 1 2 9\n")
  test.eq(message, path .. ":5: vertex index 9 out of range (3 v defined so far)")
  message, path = obj_error("v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nf 1/1 2/1 3/1\nf 1 2 3\n")
  test.eq(message, path .. ":6: missing vt: earlier faces have texture indices")
  message, path = obj_error("v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nf 1/1 2/2 3/1\n")
  test.eq(message, path .. ":5: texture index 2 out of range (1 vt defined so far)")
  message, path = obj_error("v 0 0 0\nv 1 0 0\nv 0 1 0\n")
  test.eq(message, path .. ": no faces (a mesh needs at least one triangle)")
  test.error(function() taut.mesh("/no/such/mesh.obj") end,
    "cannot read mesh '/no/such/mesh.obj' (No such file or directory)")
end)

test("a mesh from tables refuses what it cannot draw", function()
  local v = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}
  test.error(function() taut.mesh{ vertices = v, triangles = {} } end,
    "bad argument #1 to 'mesh' (no triangles (a mesh needs at least one))")
  test.error(function() taut.mesh{ vertices = v, triangles = {{1, 2, 3}, {1, 3, 9}} } end,
    "bad argument #1 to 'mesh' (triangle 2 names vertex 9, but the mesh has 4 vertices)")
  test.error(function() taut.mesh{ vertices = v, triangles = {{1, 2}} } end,
    "bad argument #1 to 'mesh' (triangle 1 must be 3 to 3 finite numbers)")
  test.error(function() taut.mesh{ vertices = v, triangles = {{1, 2, 3}}, uvs = {{0, 0}} } end,
    "bad argument #1 to 'mesh' (1 uvs for 4 vertices (one each))")
  test.error(function() taut.mesh{ vertices = {{0, 0}, {1, 0 / 0}}, triangles = {{1, 2, 1}} } end,
    "bad argument #1 to 'mesh' (vertex 2 must be 2 to 3 finite numbers)")
  test.error(function() taut.mesh{ verts = v } end,
    "bad argument #1 to 'mesh' (unknown option 'verts' (expected vertices, triangles, uvs))")
end)

test("a texture loads its size; a missing or corrupt one is an error naming it", function()
  local png = test.tmpname(".png")
  local c = taut.canvas{ width = 24, height = 16 }
  c:save(png)
  c:close()
  local t = taut.texture(png)
  os.remove(png)
  test.eq(t.width, 24)
  test.eq(t.height, 16)
  test.error(function() taut.texture("/no/such/crate.png") end,
    "cannot read texture '/no/such/crate.png' (No such file or directory)")
  local bad = test.write("this is not a picture", ".png")
  local message = test.error(function() taut.texture(bad) end,
    "cannot decode texture '" .. bad .. "' (unknown image type)")
  os.remove(bad)
  test.ok(message:find("meshes.lua:%d+: cannot decode"), message)
end)

test("a scene whose texture is missing stops with its file and line, and says why", function()
  local path = test.write([[
local taut = require "taut"
local scene = {}
function scene.load(world)
  scene.t = taut.texture("/no/such/skin.png")
end
return scene]], ".lua")
  local status, out = test.taut("--headless", "--trust", path)
  os.remove(path)
  test.eq(status, 1)
  test.ok(out:find(path .. ":4: cannot read texture '/no/such/skin.png' (No such file or directory)",
    1, true), out)
end)

test("g:mesh and g:solid check their arguments", function()
  local path = test.write([[
local taut = require "taut"
local scene = {}
function scene.draw(g) g:solid{ shape = "cube" } end
return scene]], ".lua")
  local status, out = test.taut("--headless", path)
  os.remove(path)
  test.eq(status, 1)
  test.ok(out:find("bad argument #1 to 'solid' (unknown shape 'cube' (expected sphere, capsule, box, plane, hull))",
    1, true), out)
end)
