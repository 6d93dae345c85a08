-- ragdoll: a 2D particle ragdoll, the kind a physics toy throws down the
-- stairs: particles for the joints, rods for the bones, angle constraints
-- (world:angle) for the joint limits, so knees and elbows bend one way.
--
--   local ragdoll = require "ragdoll"
--   local doll = ragdoll.new(world, { position = {0, 2} })  -- pelvis there
--   doll.parts.head, doll.parts.hand_l ...   particles
--   doll.bones.shin_r ...                    rods (springs)
--   doll.joints.knee_l ...                   angles: the limbs' with .min and
--                                            .max, the trunk's (neck, spine)
--                                            soft toward straight
--   doll:throw{vx, vy}   doll:translate{dx, dy}   doll:hang(particle, "hand_l")
--   doll:worst_limit()   -- radians the worst joint is past its limits
--   doll:destroy()
--
-- The figure faces +x, standing: bends are signed counter-clockwise (the
-- angle constraint's convention, 0 on a straight line), so a knee bends
-- to negative angles (the foot goes back) and an elbow to positive ones
-- (the hand comes forward). Limbs are chains from the trunk outward, so a
-- cut bone lets the part beyond it fall away with its own joints: a
-- slashed shin takes the foot, a slashed thigh the whole leg.
--- Where the doll stands and what it is made of. (ragdoll.new)
---@class (exact) ragdoll.options
---@field position? taut.vec (m) where its pelvis is (default {0, 0})
---@field scale? number 1: 1.7 m tall (default 1)
---@field mass? number (kg) of the whole body (default 70)
---@field group? taut.bits of every part
---@field mask? taut.bits of every part
---@field max_strain? number its bones tear past it
--- A 2D particle ragdoll: 12 particles for the joints, 11 rods for the bones, angle limits so knees
--- and elbows bend one way.
---@class ragdoll
---@field world taut.world the world it is in
---@field parts table<string, taut.particle> head, neck, chest, pelvis, elbow_l, hand_l, elbow_r, hand_r, knee_l, foot_l, knee_r, foot_r
---@field bones table<string, taut.spring> skull, upper_spine, lower_spine, upper_arm_l, forearm_l, ..., thigh_r, shin_r
---@field joints table<string, taut.angle> shoulder_l/r, elbow_l/r, hip_l/r, knee_l/r (limits); neck, spine (soft)
---@field layout table[] {name, x, y, mass, radius} of each part standing (m from the pelvis, kg)
---@field bone_list string[][] {name, part a, part b} of each bone
---@field joint_list table[] {name, a, b, c, min, max} of each limited joint (rad)
local ragdoll = {}
ragdoll.__index = ragdoll

-- Joint positions standing, metres from the pelvis, and masses (kg) of a
-- 70 kg body (Winter's segment tables, lumped at the joints).
local layout = {
  {"head",    0.00,  0.72, 5.0, 0.11},
  {"neck",    0.00,  0.50, 8.0, 0.06},
  {"chest",   0.00,  0.26, 15.0, 0.09},
  {"pelvis",  0.00,  0.00, 15.0, 0.09},
  {"elbow_l", 0.02,  0.22, 2.5, 0.045},
  {"hand_l",  0.08, -0.03, 1.5, 0.04},
  {"elbow_r", -0.03, 0.22, 2.5, 0.045},
  {"hand_r",  0.02, -0.03, 1.5, 0.04},
  {"knee_l",  0.09, -0.45, 6.0, 0.055},
  {"foot_l",  0.06, -0.90, 3.5, 0.05},
  {"knee_r",  -0.04, -0.45, 6.0, 0.055},
  {"foot_r",  -0.09, -0.90, 3.5, 0.05},
}

local bones = {
  {"skull", "neck", "head"}, {"upper_spine", "chest", "neck"},
  {"lower_spine", "pelvis", "chest"},
  {"upper_arm_l", "neck", "elbow_l"}, {"forearm_l", "elbow_l", "hand_l"},
  {"upper_arm_r", "neck", "elbow_r"}, {"forearm_r", "elbow_r", "hand_r"},
  {"thigh_l", "pelvis", "knee_l"}, {"shin_l", "knee_l", "foot_l"},
  {"thigh_r", "pelvis", "knee_r"}, {"shin_r", "knee_r", "foot_r"},
}

-- name, a, b (the vertex), c, min, max (radians of signed bend a->b->c).
local joints = {
  {"shoulder_l", "head",   "neck",    "elbow_l", -1.0, 2.6},
  {"shoulder_r", "head",   "neck",    "elbow_r", -1.0, 2.6},
  {"elbow_l",    "neck",   "elbow_l", "hand_l",  0.0, 2.5},
  {"elbow_r",    "neck",   "elbow_r", "hand_r",  0.0, 2.5},
  {"hip_l",      "chest",  "pelvis",  "knee_l",  -0.5, 2.1},
  {"hip_r",      "chest",  "pelvis",  "knee_r",  -0.5, 2.1},
  {"knee_l",     "pelvis", "knee_l",  "foot_l",  -2.5, 0.0},
  {"knee_r",     "pelvis", "knee_r",  "foot_r",  -2.5, 0.0},
}

-- The trunk bends softly toward straight instead (name, a, b, c,
-- compliance in rad/(N m)): no limits of its own to fight the shoulders'
-- and hips', whose arms it shares (as limited joints the neck and spine
-- were 2 to 5 degrees past their limits at the worst of a hard tumble).
local trunk = {
  {"neck",  "chest",  "neck",  "head", 2e-3},
  {"spine", "pelvis", "chest", "neck", 2e-4},
}

ragdoll.layout, ragdoll.bone_list, ragdoll.joint_list = layout, bones, joints

--- A ragdoll with its pelvis at opts.position.
---@param world taut.world
---@param opts? ragdoll.options
---@return ragdoll
function ragdoll.new(world, opts)
  opts = opts or {}
  local at, s = opts.position or {0, 0}, opts.scale or 1
  local m = (opts.mass or 70) / 70
  local self = setmetatable({ world = world, parts = {}, bones = {}, joints = {} }, ragdoll)
  for _, p in ipairs(layout) do
    self.parts[p[1]] = world:particle{ position = {at[1] + s * p[2], at[2] + s * p[3]},
      mass = m * p[4], radius = s * p[5], group = opts.group, mask = opts.mask }
  end
  for _, b in ipairs(bones) do
    self.bones[b[1]] = world:spring{ a = self.parts[b[2]], b = self.parts[b[3]],
      max_strain = opts.max_strain }
  end
  for _, j in ipairs(joints) do
    -- limits only: a limp body that stops at what a body allows
    self.joints[j[1]] = world:angle{ a = self.parts[j[2]], b = self.parts[j[3]],
      c = self.parts[j[4]], min = j[5], max = j[6] }
  end
  for _, t in ipairs(trunk) do
    self.joints[t[1]] = world:angle{ a = self.parts[t[2]], b = self.parts[t[3]],
      c = self.parts[t[4]], rest = 0, compliance = t[5] }
  end
  return self
end

--- Every part that is still there, in layout order.
---@return taut.particle[]
function ragdoll:part_list()
  local list = {}
  for _, p in ipairs(layout) do
    local part = self.parts[p[1]]
    if pcall(function() return part.x end) then list[#list + 1] = part end
  end
  return list
end

--- Give every part the velocity v.
---@param v taut.vec (m/s)
function ragdoll:throw(v)
  for _, p in ipairs(self:part_list()) do p.velocity = v end
end

--- Move every part by d, keeping velocities.
---@param d taut.vec (m)
function ragdoll:translate(d)
  for _, p in ipairs(self:part_list()) do
    local v = p.velocity
    p.position = {p.x + d[1], p.y + d[2]}
    p.velocity = v
  end
end

--- Hang the doll by a part (default "hand_l") from a particle: moved there and held by a rod of
--- length 0, which it returns.
---@param particle taut.particle
---@param part? string (default "hand_l")
---@return taut.spring
function ragdoll:hang(particle, part)
  local p = self.parts[part or "hand_l"]
  self:translate{particle.x - p.x, particle.y - p.y}
  return self.world:spring{ a = particle, b = p, rest_length = 0 }
end

--- How far the joint furthest outside its limits is, and its name; 0 when every joint is within.
---@return number past # (rad)
---@return string|nil joint
function ragdoll:worst_limit()
  local worst, name = 0, nil
  for _, j in ipairs(joints) do
    local ok, bend = pcall(function() return self.joints[j[1]].angle end)
    if ok then
      local past = math.max(j[5] - bend, bend - j[6], 0)
      if past > worst then worst, name = past, j[1] end
    end
  end
  return worst, name
end

--- Remove every part (and so its bones and joints).
function ragdoll:destroy()
  for _, p in ipairs(self:part_list()) do p:destroy() end
end

return ragdoll
