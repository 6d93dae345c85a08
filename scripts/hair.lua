-- hair: heads of dynamic-bone strands from a scalp layout.
--
--   local hair = require "hair"
--   local strands = hair.scalp(world, {
--     root = head,              -- a frame or a collider (the head)
--     center = {0, 0, 0},       -- the scalp sphere, in the root's frame
--     radius = 0.11,
--     rows = 4, per_row = 10,   -- rings of roots from the crown down
--     from = 10, to = 70,       -- degrees from the top: the first, last ring
--     around = {0, 360},        -- degrees of azimuth covered (0: the front,
--                               -- +z; 90: +x)
--     length = 0.25,            -- m; a number or function(row, k) -> m
--     segments = 6,
--     knobs = {preset = "floaty", stiffness = {0.6, 0.1}, ...},
--   })
--   hair.strand(world, root, at, direction, length, segments, knobs)
--   hair.tuft(world, {root, at, direction, count, spread, length, ...})
--   hair.each(strands, function(chain) ... end)
--   hair.set(strands, "stiffness", {0.6, 0.1})   -- a knob on all, live
--
-- A scalp strand's rest pose is combed: it lies along the scalp, down its
-- meridian, until it is past the widest ring, then falls straight down,
-- so the animated pose never enters the head. knobs are world:chain
-- options (damping, elasticity, stiffness, inertia, gravity, colliders,
-- preset, lod, ...), given to every strand.
local vec = require "vec"

--- Where the scalp is and how the strands fall. (hair.scalp)
---@class (exact) hair.scalp_options
---@field root taut.frame|taut.collider the head
---@field center? taut.vec (m) the scalp sphere's centre, in the root's frame (default {0, 0, 0})
---@field radius? number (m) the scalp sphere's radius (default 0.1)
---@field rows? integer rings of roots (default 4)
---@field per_row? integer roots on the widest ring (default 10)
---@field from? number (deg) the first ring, from the top (default 10)
---@field to? number (deg) the last ring, from the top (default 70)
---@field around? number[] (deg) azimuth covered (0: the front, +z; 90: +x) (default {0, 360})
---@field length? number|fun(row: integer, k: integer, a: number): number (m) of every strand, or by row and place (default 0.25)
---@field segments? integer of every strand (default 6)
---@field knobs? taut.chain_options world:chain options for every strand
--- A bundle of strands from one place. (hair.tuft)
---@class (exact) hair.tuft_options
---@field root taut.frame|taut.collider what they hang from
---@field at taut.vec (m) where, in the root's frame
---@field direction? taut.vec which way they hang (default {0, -1, 0})
---@field across? taut.vec the fan's plane is across direction and this (default {0, 0, 1})
---@field count? integer strands (default 3)
---@field spread? number (rad) the fan's angle (default 0.3)
---@field width? number (m) roots spread this far apart (default 0)
---@field length? number (m) of every strand (default 0.3)
---@field segments? integer of every strand (default 6)
---@field knobs? taut.chain_options world:chain options for every strand
--- Heads of dynamic-bone strands (world:chain) from a scalp layout, tufts and single strands.
---@class hair
local hair = {}

local function with(knobs, extra)
  local t = {}
  for k, v in pairs(knobs or {}) do t[k] = v end
  for k, v in pairs(extra) do t[k] = v end
  return t
end

-- A straight strand from `at` along `direction` (the root's frame).
--- One straight strand from `at` along `direction` (in the root's frame).
---@param world taut.world
---@param root taut.frame|taut.collider
---@param at taut.vec (m)
---@param direction taut.vec
---@param length number (m)
---@param segments integer
---@param knobs? taut.chain_options
---@return taut.chain
function hair.strand(world, root, at, direction, length, segments, knobs)
  return world:chain(with(knobs, {
    root = root, from = at, direction = direction, length = length,
    segments = segments,
  }))
end

-- The point at polar angle p (from +y) and azimuth a on the sphere.
local function on_sphere(center, r, p, a)
  return vec.add(center, {r * math.sin(p) * math.sin(a), r * math.cos(p),
                          r * math.sin(p) * math.cos(a)})
end

-- Combed rest points from polar p, azimuth a: along the meridian while
-- above the widest ring (a tenth of a radius off the scalp), then down.
local function combed(center, r, p, a, length, segments)
  local points, step = {}, length / segments
  local off = r * 1.1
  local arc = step / off
  local q = p
  local at = on_sphere(center, off, q, a)
  points[1] = on_sphere(center, r, p, a)
  for k = 1, segments do
    if q + arc <= math.pi / 2 then
      q = q + arc
      at = on_sphere(center, off, q, a)
    else
      at = vec.add(at, {0, -step, 0})
    end
    points[k + 1] = at
  end
  return points
end

--- Rings of combed strands over a head, from the crown down.
---@param world taut.world
---@param opts hair.scalp_options
---@return taut.chain[] strands
function hair.scalp(world, opts)
  local center, r = opts.center or {0, 0, 0}, opts.radius or 0.1
  local rows, per_row = opts.rows or 4, opts.per_row or 10
  local from, to = math.rad(opts.from or 10), math.rad(opts.to or 70)
  local around = opts.around or {0, 360}
  local a0, span = math.rad(around[1]), math.rad(around[2] - around[1])
  local strands = {}
  for row = 1, rows do
    local p = rows > 1 and from + (to - from) * (row - 1) / (rows - 1) or from
    local n = math.max(1, math.floor(per_row * math.sin(p) / math.sin(to) + 0.5))
    for k = 1, n do
      local a = a0 + span * (k - 1 + 0.25 + 0.5 * (row % 2)) / n
      local length = opts.length or 0.25
      if type(length) == "function" then length = length(row, k, a) end
      local segments = opts.segments or 6
      strands[#strands + 1] = world:chain(with(opts.knobs, {
        root = opts.root,
        points = combed(center, r, p, a, length, segments),
      }))
    end
  end
  return strands
end

-- count strands from `at`, fanned `spread` radians about direction in
-- the plane across it (a ponytail's bundle, a fringe).
--- count strands from `at`, fanned `spread` radians about direction (a ponytail's bundle, a
--- fringe).
---@param world taut.world
---@param opts hair.tuft_options
---@return taut.chain[] strands
function hair.tuft(world, opts)
  local dir = vec.normalize(opts.direction or {0, -1, 0})
  local side = vec.normalize(vec.cross(dir, opts.across or {0, 0, 1}))
  if vec.length(side) == 0 then side = {1, 0, 0} end
  local strands, count = {}, opts.count or 3
  for k = 1, count do
    local s = count > 1 and (k - 1) / (count - 1) - 0.5 or 0
    local turned = vec.rotate(vec.axis_angle(vec.cross(dir, side),
                                             s * (opts.spread or 0.3)), dir)
    local at = vec.add(opts.at, vec.scale(side, s * (opts.width or 0)))
    strands[k] = hair.strand(world, opts.root, at, turned, opts.length or 0.3,
                             opts.segments or 6, opts.knobs)
  end
  return strands
end

--- Call fn with every strand.
---@param strands taut.chain[]
---@param fn fun(chain: taut.chain)
function hair.each(strands, fn)
  for _, chain in ipairs(strands) do fn(chain) end
end

--- Set a knob on every strand, live.
---@param strands taut.chain[]
---@param knob string
---@param value any
function hair.set(strands, knob, value)
  for _, chain in ipairs(strands) do chain[knob] = value end
end

return hair
