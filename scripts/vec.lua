-- vec: small helpers for the {x, y} / {x, y, z} tables taut uses for
-- vectors. Every function returns a new table; nothing is changed in place.
--   local vec = require "vec"
--   vec.add(a, b), vec.sub(a, b), vec.scale(a, s), vec.dot(a, b),
--   vec.length(a), vec.distance(a, b), vec.normalize(a), vec.lerp(a, b, t),
--   vec.cross(a, b)
-- and rotations for 3D worlds, as quaternions {w, x, y, z} (what a
-- collider's or frame's rotation takes):
--   vec.axis_angle(axis, angle)  -- turn by angle (radians, right-handed)
--   vec.euler(rx, ry, rz)        -- about x, then y, then z (fixed axes)
--   vec.quat_mul(a, b)           -- a after b
--   vec.rotate(q, v)             -- v turned by q
--- Small helpers for the {x, y} / {x, y, z} tables taut uses for vectors, and quaternion rotations
--- {w, x, y, z}; every function returns a new table.
---@class vec
local vec = {}

local function z(v) return v[3] or 0 end

local function make(x, y, zz, like)
  if like[3] then return {x, y, zz} end
  return {x, y}
end

--- a + b
---@param a taut.vec
---@param b taut.vec
---@return taut.vec
function vec.add(a, b) return make(a[1] + b[1], a[2] + b[2], z(a) + z(b), a) end
--- a - b
---@param a taut.vec
---@param b taut.vec
---@return taut.vec
function vec.sub(a, b) return make(a[1] - b[1], a[2] - b[2], z(a) - z(b), a) end
--- a times s
---@param a taut.vec
---@param s number
---@return taut.vec
function vec.scale(a, s) return make(a[1] * s, a[2] * s, z(a) * s, a) end
--- a . b
---@param a taut.vec
---@param b taut.vec
---@return number
function vec.dot(a, b) return a[1] * b[1] + a[2] * b[2] + z(a) * z(b) end
--- |a|
---@param a taut.vec
---@return number
function vec.length(a) return math.sqrt(vec.dot(a, a)) end
--- |a - b|
---@param a taut.vec
---@param b taut.vec
---@return number
function vec.distance(a, b) return vec.length(vec.sub(a, b)) end
--- a + (b - a) t
---@param a taut.vec
---@param b taut.vec
---@param t number
---@return taut.vec
function vec.lerp(a, b, t) return vec.add(a, vec.scale(vec.sub(b, a), t)) end

-- The unit vector along a; a zero vector stays zero.
--- a made unit; a zero vector stays zero
---@param a taut.vec
---@return taut.vec
function vec.normalize(a)
  local n = vec.length(a)
  if n == 0 then return vec.scale(a, 0) end
  return vec.scale(a, 1 / n)
end

--- a x b, {x, y, z} (2D vectors have z = 0)
---@param a taut.vec
---@param b taut.vec
---@return taut.vec
function vec.cross(a, b)
  return {a[2] * z(b) - z(a) * b[2], z(a) * b[1] - a[1] * z(b),
          a[1] * b[2] - a[2] * b[1]}
end

-- The identity for a zero axis.
--- a turn by angle about axis (right-handed); the identity for a zero axis
---@param axis taut.vec
---@param angle number (rad)
---@return taut.quat
function vec.axis_angle(axis, angle)
  local n = vec.length(axis)
  if n == 0 then return {1, 0, 0, 0} end
  local s = math.sin(angle / 2) / n
  return {math.cos(angle / 2), axis[1] * s, axis[2] * s, z(axis) * s}
end

--- a after b
---@param a taut.quat
---@param b taut.quat
---@return taut.quat
function vec.quat_mul(a, b)
  local aw, ax, ay, az = a[1], a[2], a[3], a[4]
  local bw, bx, by, bz = b[1], b[2], b[3], b[4]
  return {aw * bw - ax * bx - ay * by - az * bz,
          aw * bx + ax * bw + ay * bz - az * by,
          aw * by - ax * bz + ay * bw + az * bx,
          aw * bz + ax * by - ay * bx + az * bw}
end

--- about x, then y, then z (fixed axes)
---@param rx number (rad)
---@param ry number (rad)
---@param rz number (rad)
---@return taut.quat
function vec.euler(rx, ry, rz)
  return vec.quat_mul(vec.axis_angle({0, 0, 1}, rz),
    vec.quat_mul(vec.axis_angle({0, 1, 0}, ry), vec.axis_angle({1, 0, 0}, rx)))
end

-- v + 2w (u x v) + 2 u x (u x v), u = (x, y, z) of the unit q.
--- v turned by q, {x, y, z}
---@param q taut.quat
---@param v taut.vec
---@return taut.vec
function vec.rotate(q, v)
  local u = {q[2], q[3], q[4]}
  local t = vec.scale(vec.cross(u, v), 2)
  local c = vec.cross(u, t)
  return {v[1] + q[1] * t[1] + c[1], v[2] + q[1] * t[2] + c[2],
          z(v) + q[1] * t[3] + c[3]}
end

return vec
