-- taut_api.chain: dynamic-bone chains (hair, tails, accessories),
-- world:chain{...} (lua/bind_chain.c, lua/bind_chain_def.c).
local function knob(name, default, doc)
  return { name = name, type = "taut.curve", default = default, doc = doc }
end
local function knob_prop(name, doc)
  return { name = name, type = "taut.curve", access = "rw", export = true, doc = doc }
end
local CHAIN = "w3:chain{root = w3:frame{}, points = {{0, 0, 0}, {0, -0.1, 0}}"

return {
  classes = {
    { name = "chain", made_by = "world:chain{...}",
      doc = "A dynamic-bone chain (a strand of hair, a tail, a scarf) on a frame or a collider: it follows its root as it moves and turns, with Dynamic Bone's knobs.",
      more = [[Knobs mean what they do in Dynamic Bone: `damping` (share of speed lost per 1/60 s),
`elasticity` (share of the way back to the animated pose per 1/60 s), `stiffness` (a cone about
the animated direction of half-angle (1 - stiffness) x 180 degrees), `inertia` (share of the
root's motion ignored: 1 rides it rigidly), `radius`, `max_stretch` (segments stay within rest x
(1 +- it): a clamp, never a tear); each is a number, `{root, tip}` or `{{depth, value}, ...}`
(linear along the rest length), and every one reads and writes live. A chain's nodes are pinned
particles it places: drawn as a strand coloured by its LOD level, picked and dragged by the
mouse (a node moved by a grab or a script is held there, the chain out to its reach). An update
is split in 20-degree parts of the root's turn, so a head turning 180 degrees in a step keeps
its hair out of it.]],
      example = [[local head = world:frame{ position = {0, 1.7, 0} }
local strand = world:chain{ root = head, from = {0, 0.1, 0}, direction = {0, -1, 0},
                            segments = 8, length = 0.3, preset = "floaty" }
strand.stiffness = {0.8, 0.1}          -- root to tip, at the next step
print(strand:value("stiffness", 4), strand.level)]],
      sample = "return " .. CHAIN .. "}",
      dead = "local x = " .. CHAIN .. "}; x:destroy(); return x",
      len = "the number of nodes",
      export = { list = "chains" },
      methods = {
        { name = "node", doc = "Node i (1-based, root to tip): a pinned particle the chain places.",
          params = { { name = "i", type = "integer" } }, returns = { { type = "taut.particle" } } },
        { name = "nodes", doc = "Every node, root to tip.", returns = { { type = "taut.particle[]" } } },
        { name = "position", doc = "Where node i is, as simulated.",
          params = { { name = "i", type = "integer" } }, returns = { { type = "taut.vec", unit = "m" } } },
        { name = "velocity", doc = "How fast node i moves, as simulated.",
          params = { { name = "i", type = "integer" } }, returns = { { type = "taut.vec", unit = "m/s" } } },
        { name = "rest", doc = "Where node i would be in the animated pose (the rest pose carried by the root).",
          params = { { name = "i", type = "integer" } }, returns = { { type = "taut.vec", unit = "m" } } },
        { name = "value", doc = "A knob's value at node i (its curve read at the node's depth).",
          params = { { name = "knob", type = '"damping"|"elasticity"|"stiffness"|"inertia"|"radius"|"max_stretch"' },
            { name = "i", type = "integer" } },
          returns = { { type = "number" } },
          errors = {
            { code = CHAIN .. "}:value('nope', 1)", message = "bad argument #1 to 'value' (damping, elasticity, stiffness, inertia, radius or max_stretch expected)" },
          } },
        { name = "apply", doc = "Take a preset's knobs (taut.chain_presets()).",
          params = { { name = "preset", type = "taut.chain_preset" } } },
        { name = "reset", doc = "Put every node in the animated pose, at rest." },
        { name = "destroy", doc = "Remove it and its nodes.",
          errors = {
            { code = "local x = " .. CHAIN .. "}; x:destroy(); x:destroy()", message = "calling 'destroy' on bad self (chain was destroyed)" },
          } },
      },
      properties = {
        knob_prop("damping", "share of speed lost per 1/60 s"),
        knob_prop("elasticity", "share of the way back to the animated pose per 1/60 s"),
        knob_prop("stiffness", "0: free, 1: held in the animated direction"),
        knob_prop("inertia", "share of the root's motion ignored (1: rides it rigidly)"),
        knob_prop("radius", "of every node, m, for its colliders"),
        knob_prop("max_stretch", "segments stay within rest x (1 +- it)"),
        { name = "end_length", type = "number", access = "rw", export = true, doc = "a virtual tip past the last node, in last segments (0: none)" },
        { name = "rate", type = "number", unit = "Hz", access = "rw", export = true, doc = "updates per second; 0: once a step" },
        { name = "teleport_distance", type = "number", unit = "m", access = "rw", export = true, doc = "a root jump past this in one step is a teleport (0: never)" },
        { name = "teleport_angle", type = "number", unit = "rad", access = "rw", export = true, doc = "a root turn past this in one step is a teleport (0: never)" },
        { name = "teleport", type = '"keep"|"reset"', access = "rw", export = true, doc = "on a teleport: keep (jump along, speeds kept) or reset (to the animated pose)" },
        { name = "gravity", type = "taut.vec", unit = "m/s^2", access = "rw", export = true, doc = "its own gravity (up floats)" },
        { name = "force", type = "taut.vec", unit = "m/s^2", access = "rw", export = true, doc = "an acceleration added to gravity (wind, a push)" },
        { name = "lod", type = "taut.chain_lod|nil", access = "rw", export = true, doc = "level of detail by distance, or nil: always full" },
        { name = "colliders", type = "table", access = "rw", doc = "what it collides with: colliders, or {collider, inside = true}; empty: every collider its group and mask meet" },
        { name = "group", type = "taut.bits", access = "rw", export = true, doc = "collision categories it belongs to" },
        { name = "mask", type = "taut.bits", access = "rw", export = true, doc = "categories it collides with" },
        { name = "points", type = "taut.vec[]", unit = "m", access = "rw", export = true, doc = "the rest pose in the root's frame (point 1 on the root)" },
        { name = "mass", type = "number", unit = "kg", access = "r", export = true, doc = "of every node" },
        { name = "root", type = "taut.frame|taut.collider", access = "r", doc = "what it hangs from" },
        { name = "level", type = '"full"|"low"|"culled"', access = "r", doc = "its LOD level now" },
        { name = "node_updates", type = "integer", access = "r", doc = "node updates it made so far" },
        { name = "tip", type = "taut.vec|nil", unit = "m", access = "r", doc = "the virtual tip (end_length), or nil" },
        { name = "world", type = "taut.world", access = "r", doc = "the world it is in" },
      } },
  },
  aliases = {
    { name = "taut.curve", type = "number|number[]|number[][]", doc = "a knob along a chain: a number, {root, tip}, or 1 to 8 {depth, value} points at rising depths in [0, 1]" },
    { name = "taut.chain_preset", type = '"soft"|"bouncy"|"stiff"|"floaty"', doc = "a chain's knobs, ready made" },
  },
  records = {
    { type = "taut.chain_lod", doc = "A chain's level of detail: full rate inside near, falling to rate at far, frozen in the animated pose beyond cull, by the distance from world.lod_point (or from).",
      fields = {
        { name = "near", type = "number", unit = "m" }, { name = "far", type = "number", unit = "m" },
        { name = "cull", type = "number", unit = "m" }, { name = "rate", type = "number", unit = "Hz", doc = "at far (default 20)" },
        { name = "from", type = "taut.vec?", unit = "m", doc = "measure from here instead of world.lod_point" },
      } },
  },
  options = {
    { type = "taut.chain_options", of = "world:chain", makes = "chain",
      probe = CHAIN .. ", OPTIONS}",
      doc = "A chain's root, its rest pose (points, or from, direction, segments, length) and its knobs.",
      keys = {
        { name = "root", type = "taut.frame|taut.collider", required = true, doc = "what it hangs from and follows" },
        { name = "points", type = "taut.vec[]", unit = "m", doc = "the rest pose in the root's frame, 2 to 1024 points, point 1 on the root" },
        { name = "from", type = "taut.vec", unit = "m", doc = "or: where it starts, in the root's frame" },
        { name = "direction", type = "taut.vec", doc = "which way it hangs from there" },
        { name = "segments", type = "integer", doc = "how many segments" },
        { name = "length", type = "number", unit = "m", doc = "how long" },
        { name = "preset", type = "taut.chain_preset", values = { "soft", "bouncy", "stiff", "floaty" }, doc = "knobs to start from (the others given override them)" },
        knob("damping", 0.1, "share of speed lost per 1/60 s"),
        knob("elasticity", 0.1, "share of the way back to the animated pose per 1/60 s"),
        knob("stiffness", 0.1, "0: free, 1: held in the animated direction"),
        knob("inertia", 0, "share of the root's motion ignored"),
        knob("radius", 0.01, "of every node, m"),
        knob("max_stretch", 0, "segments stay within rest x (1 +- it)"),
        { name = "gravity", type = "taut.vec", unit = "m/s^2", default_doc = "the world's", doc = "its own gravity" },
        { name = "force", type = "taut.vec", unit = "m/s^2", default = {0, 0, 0}, doc = "an acceleration added to gravity" },
        { name = "end_length", type = "number", default = 0, doc = "a virtual tip, in last segments" },
        { name = "mass", type = "number", unit = "kg", default = 0.01, doc = "of every node" },
        { name = "rate", type = "number", unit = "Hz", default = 0, doc = "updates per second; 0: once a step" },
        { name = "lod", type = "taut.chain_lod", doc = "level of detail by distance (none: always full)" },
        { name = "teleport_distance", type = "number", unit = "m", default = 0, doc = "a root jump past this is a teleport (0: never)" },
        { name = "teleport_angle", type = "number", unit = "rad", default = 0, doc = "a root turn past this is a teleport (0: never)" },
        { name = "teleport", type = '"keep"|"reset"', default = "keep", values = { "keep", "reset" }, doc = "what a teleport does" },
        { name = "colliders", type = "table", doc = "up to 16 colliders, or {collider, inside = true}; none: every collider group and mask meet" },
        { name = "group", type = "taut.bits", default = 1, doc = "collision categories it belongs to" },
        { name = "mask", type = "taut.bits", default = 0xffffffff, doc = "categories it collides with" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "chain", doc = "A new dynamic-bone chain.",
        params = { { name = "options", type = "taut.chain_options" } },
        returns = { { type = "taut.chain" } },
        errors = {
          { code = "w3:chain{root = 1, points = {{0, 0, 0}}}", message = "bad argument #1 to 'chain' (root: a frame or a collider expected, got number)" },
          { code = "w3:chain{root = w3:frame{}, points = {{0, 0, 0}}}", message = "bad argument #1 to 'chain' (points: a table of 2 to 1024 {x, y, z} expected)" },
          { code = "w3:chain{root = w3:frame{}, points = {{0, 0, 0}, {0, 0, 0}}}", message = "bad argument #1 to 'chain' (a chain needs 2 to 1024 points, each apart from the one before)" },
          { code = "w3:chain{root = w:collider{}, points = {{0, 0, 0}, {0, -0.1, 0}}}", message = "bad argument #1 to 'chain' (a chain's root must be a live frame or collider of its world)" },
          { code = CHAIN .. ", preset = 'x'}", message = "bad argument #1 to 'chain' (unknown preset 'x' (expected soft, bouncy, stiff, floaty))" },
          { code = CHAIN .. ", stiffness = 2}", message = "bad argument #1 to 'chain' (stiffness: value must be a number in [0, 1])" },
          { code = CHAIN .. ", stiffness = {{0.5, 1}, {0.2, 1}}}", message = "bad argument #1 to 'chain' (stiffness: a curve is a number, {root, tip} or 1 to 8 {depth, value} points at rising depths in [0, 1])" },
          { code = CHAIN .. ", lod = {near = 5, far = 1}}", message = "bad argument #1 to 'chain' (lod needs 0 <= near <= far <= cull and a rate > 0)" },
          { code = CHAIN .. ", rate = -1}", message = "bad argument #1 to 'chain' (rate must be 0 (once a step) or a finite number of Hz > 0)" },
          { code = CHAIN .. ", teleport_distance = -1}", message = "bad argument #1 to 'chain' (teleport distances and angles must be finite numbers >= 0 (0: never))" },
          { code = CHAIN .. ", end_length = -1}", message = "bad argument #1 to 'chain' (value must be a finite number >= 0)" },
          { code = CHAIN .. ", colliders = {w:collider{}}}", message = "bad argument #1 to 'chain' (a chain takes up to 16 colliders of its world)" },
        } },
      { name = "chains", doc = "Every chain of the world, in order.", returns = { { type = "taut.chain[]" } } },
      { name = "teleport", doc = "Move everything at once (particles, chains, colliders, frames, blades), adding no speed.",
        params = { { name = "offset", type = "taut.vec", unit = "m" } },
        errors = {
          { code = "w:teleport{1/0, 0}", message = "bad argument #1 to 'teleport' ({x, y} or {x, y, z} of finite numbers expected, got table)" },
        } },
    }, properties = {
      { name = "lod_point", type = "taut.vec", unit = "m", access = "rw", doc = "where chains' LOD distances are measured from (the window sets the camera's eye every frame)" },
    } },
    { module = "taut", functions = {
      { name = "chain_presets", doc = "The names of the chains' presets, in order.", returns = { { type = "taut.chain_preset[]" } } },
    } },
  },
}
