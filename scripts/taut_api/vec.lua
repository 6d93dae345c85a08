-- taut_api.vec: scripts/vec.lua.
local function v(name, doc) return { name = name, type = "taut.vec", doc = doc } end
local function fn(name, params, ret, doc)
  return { name = name, params = params, returns = { { type = ret } }, doc = doc }
end
local a, b = v("a"), v("b")

return {
  modules = {
    { name = "vec",
      doc = "Small helpers for the {x, y} / {x, y, z} tables taut uses for vectors, and quaternion rotations {w, x, y, z}; every function returns a new table.",
      example = [[local vec = require "vec"
local d = vec.normalize(vec.sub(target, hook.position))
local q = vec.axis_angle({0, 1, 0}, math.pi / 2)
print(vec.rotate(q, {1, 0, 0})[3])   -- -1]],
      functions = {
        fn("add", { a, b }, "taut.vec", "a + b"),
        fn("sub", { a, b }, "taut.vec", "a - b"),
        fn("scale", { a, { name = "s", type = "number" } }, "taut.vec", "a times s"),
        fn("dot", { a, b }, "number", "a . b"),
        fn("length", { a }, "number", "|a|"),
        fn("distance", { a, b }, "number", "|a - b|"),
        fn("lerp", { a, b, { name = "t", type = "number" } }, "taut.vec", "a + (b - a) t"),
        fn("normalize", { a }, "taut.vec", "a made unit; a zero vector stays zero"),
        fn("cross", { a, b }, "taut.vec", "a x b, {x, y, z} (2D vectors have z = 0)"),
        fn("axis_angle", { v("axis"), { name = "angle", type = "number", unit = "rad" } }, "taut.quat", "a turn by angle about axis (right-handed); the identity for a zero axis"),
        fn("quat_mul", { { name = "a", type = "taut.quat" }, { name = "b", type = "taut.quat" } }, "taut.quat", "a after b"),
        fn("euler", { { name = "rx", type = "number", unit = "rad" }, { name = "ry", type = "number", unit = "rad" }, { name = "rz", type = "number", unit = "rad" } }, "taut.quat", "about x, then y, then z (fixed axes)"),
        fn("rotate", { { name = "q", type = "taut.quat" }, v("v") }, "taut.vec", "v turned by q, {x, y, z}"),
      } },
  },
}
