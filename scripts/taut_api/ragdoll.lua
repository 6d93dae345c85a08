-- taut_api.ragdoll: scripts/ragdoll.lua.
return {
  modules = {
    { name = "ragdoll",
      doc = "A 2D particle ragdoll: 12 particles for the joints, 11 rods for the bones, angle limits so knees and elbows bend one way.",
      more = [[The figure faces +x, standing: bends are signed counter-clockwise, so a knee bends to negative
angles and an elbow to positive ones. Limbs are chains from the trunk outward, so a cut bone lets
the part beyond it fall away with its own joints.]],
      example = [[local ragdoll = require "ragdoll"
local doll = ragdoll.new(world, { position = {0, 2} })   -- pelvis there
doll:throw{4, 2}
print(doll.parts.head.position[2], doll:worst_limit())]],
      functions = {
        { name = "new", doc = "A ragdoll with its pelvis at opts.position.",
          params = { { name = "world", type = "taut.world" }, { name = "opts", type = "ragdoll.options", optional = true } },
          returns = { { type = "ragdoll" } } },
      },
      fields = {
        { name = "layout", type = "table[]", access = "r", doc = "{name, x, y, mass, radius} of each part standing (m from the pelvis, kg)" },
        { name = "bone_list", type = "string[][]", access = "r", doc = "{name, part a, part b} of each bone" },
        { name = "joint_list", type = "table[]", access = "r", doc = "{name, a, b, c, min, max} of each limited joint (rad)" },
      } },
  },
  options = {
    { type = "ragdoll.options", of = "ragdoll.new", doc = "Where the doll stands and what it is made of.",
      keys = {
        { name = "position", type = "taut.vec", unit = "m", default = {0, 0}, doc = "where its pelvis is" },
        { name = "scale", type = "number", default = 1, doc = "1: 1.7 m tall" },
        { name = "mass", type = "number", unit = "kg", default = 70, doc = "of the whole body" },
        { name = "group", type = "taut.bits", doc = "of every part" },
        { name = "mask", type = "taut.bits", doc = "of every part" },
        { name = "max_strain", type = "number", doc = "its bones tear past it" },
      } },
  },
  classes = {
    { name = "ragdoll", type = "ragdoll", module = "ragdoll", made_by = "ragdoll.new(world, opts)",
      doc = "A ragdoll: its parts (particles), bones (springs) and joints (angles) by name.",
      sample = "return require('ragdoll').new(w)",
      methods = {
        { name = "part_list", doc = "Every part that is still there, in layout order.", returns = { { type = "taut.particle[]" } } },
        { name = "throw", doc = "Give every part the velocity v.", params = { { name = "v", type = "taut.vec", unit = "m/s" } } },
        { name = "translate", doc = "Move every part by d, keeping velocities.", params = { { name = "d", type = "taut.vec", unit = "m" } } },
        { name = "hang", doc = "Hang the doll by a part (default \"hand_l\") from a particle: moved there and held by a rod of length 0, which it returns.",
          params = { { name = "particle", type = "taut.particle" }, { name = "part", type = "string", optional = true, default = "hand_l" } },
          returns = { { type = "taut.spring" } } },
        { name = "worst_limit", doc = "How far the joint furthest outside its limits is, and its name; 0 when every joint is within.",
          returns = { { name = "past", type = "number", unit = "rad" }, { name = "joint", type = "string|nil" } } },
        { name = "destroy", doc = "Remove every part (and so its bones and joints)." },
      },
      properties = {
        { name = "world", type = "taut.world", doc = "the world it is in" },
        { name = "parts", type = "table<string, taut.particle>", doc = "head, neck, chest, pelvis, elbow_l, hand_l, elbow_r, hand_r, knee_l, foot_l, knee_r, foot_r" },
        { name = "bones", type = "table<string, taut.spring>", doc = "skull, upper_spine, lower_spine, upper_arm_l, forearm_l, ..., thigh_r, shin_r" },
        { name = "joints", type = "table<string, taut.angle>", doc = "shoulder_l/r, elbow_l/r, hip_l/r, knee_l/r (limits); neck, spine (soft)" },
      } },
  },
}
