-- vec: small helpers for the {x, y} / {x, y, z} tables taut uses for
-- vectors. Every function returns a new table; nothing is changed in place.
--   local vec = require "vec"
--   vec.add(a, b), vec.sub(a, b), vec.scale(a, s), vec.dot(a, b),
--   vec.length(a), vec.distance(a, b), vec.normalize(a), vec.lerp(a, b, t)
local vec = {}

local function z(v) return v[3] or 0 end

local function make(x, y, zz, like)
  if like[3] then return {x, y, zz} end
  return {x, y}
end

function vec.add(a, b) return make(a[1] + b[1], a[2] + b[2], z(a) + z(b), a) end
function vec.sub(a, b) return make(a[1] - b[1], a[2] - b[2], z(a) - z(b), a) end
function vec.scale(a, s) return make(a[1] * s, a[2] * s, z(a) * s, a) end
function vec.dot(a, b) return a[1] * b[1] + a[2] * b[2] + z(a) * z(b) end
function vec.length(a) return math.sqrt(vec.dot(a, a)) end
function vec.distance(a, b) return vec.length(vec.sub(a, b)) end
function vec.lerp(a, b, t) return vec.add(a, vec.scale(vec.sub(b, a), t)) end

-- The unit vector along a; a zero vector stays zero.
function vec.normalize(a)
  local n = vec.length(a)
  if n == 0 then return vec.scale(a, 0) end
  return vec.scale(a, 1 / n)
end

return vec
