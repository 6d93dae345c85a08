-- taut_api.grapple: scripts/grapple.lua.
local function f(name, type, unit, doc) return { name = name, type = type, unit = unit, doc = doc } end

return {
  modules = {
    { name = "grapple",
      doc = "A grappling hook built on a rope: the player holds the spool, the hook is the rope's far end.",
      more = [[States: idle -> flying -> attached <-> reeling -> released (and fire again from any of
them). Flying, the hook is a particle on a slack line; when it touches a collider (its
`contact_begin` event) the rope is laid from the player to where it hit, pinned there, and the
player swings on a rope that cannot stretch, however heavy the player. `hook:tension()` reads
steadily for a HUD: `rope.tension` is the spool segment's constraint force in the step's last
substep, which jumps from frame to frame as the reel shortens the first segment and drops nodes,
and overstates the pull while reeling (1700 N against the 640 N a swinging 70 kg player felt);
the grapple's reading is the player's own change of momentum less gravity, along the rope,
averaged over `tension_time` (weighted as a triangle, so a jerk fades in and out), and
`rope.tension` in a step in which the player touched a collider.]],
      example = [[local grapple = require "grapple"
local hook = grapple.new(world, { from = player, reel_speed = 8 })
hook:fire{x, y}          -- launch toward a point
hook:update(dt)          -- every step, from scene.update
hook:reel(true)          -- hold to reel in
hook:pump(-1)            -- push the swing left
hook:release()]],
      functions = {
        { name = "new", doc = "A grapple for the player particle opts.from; any setting of the grapple class can be given in opts.",
          params = { { name = "world", type = "taut.world" }, { name = "opts", type = "grapple.options" } },
          returns = { { type = "grapple" } } },
      } },
  },
  options = {
    { type = "grapple.options", of = "grapple.new", doc = "The player and the settings (each also a field of the grapple).",
      keys = {
        { name = "from", type = "taut.particle", required = true, doc = "the player particle" },
        { name = "on_state", type = "fun(hook: grapple, new: string, old: string)", doc = "hears every state change" },
        { name = "hook_speed", type = "number", unit = "m/s", default = 40, doc = "relative to the player" },
        { name = "reel_speed", type = "number", unit = "m/s", default = 6, doc = "reeling in" },
        { name = "max_length", type = "number", unit = "m", default = 30, doc = "a hook that flies this far gives up" },
        { name = "min_length", type = "number", unit = "m", default = 0.5, doc = "reeling stops here" },
        { name = "segment_length", type = "number", unit = "m", default = 0.25, doc = "of the rope" },
        { name = "mass_per_metre", type = "number", unit = "kg/m", default = 1, doc = "of the rope" },
        { name = "hook_mass", type = "number", unit = "kg", default = 0.5, doc = "of the flying hook" },
        { name = "pump_accel", type = "number", unit = "m/s^2", default = 12, doc = "push while pumping" },
        { name = "damp_nodes", type = "integer", default = 6, doc = "nodes next to a fresh hit that are slowed" },
        { name = "reel_ramp", type = "number", unit = "s", default = 0.2, doc = "the reel takes this long to reach reel_speed (at once it jerks the player and the rope rings)" },
        { name = "rope_damping", type = "number", unit = "1/s", default = 5, doc = "of the rope's own motion: its waves die, the swing stays" },
        { name = "tension_time", type = "number", unit = "s", default = 0.25, doc = "the tension reading is the mean over this long" },
      } },
  },
  classes = {
    { name = "grapple", type = "grapple", module = "grapple", made_by = "grapple.new(world, opts)",
      doc = "A grappling hook: a state, a rope once it hit, and its settings.",
      sample = "local g = require('grapple').new(w, {from = p, on_state = function() end}); g:fire{1, 1}; g:pump(1); return g",
      methods = {
        { name = "fire", doc = "Launch the hook from the player toward target.", params = { { name = "target", type = "taut.vec", unit = "m" } } },
        { name = "update", doc = "Call every step before the world steps (from scene.update).", params = { { name = "dt", type = "number", unit = "s" } } },
        { name = "reel", doc = "Hold (true) to reel in while attached; false stops.", params = { { name = "on", type = "boolean" } } },
        { name = "pump", doc = "-1, 0 or 1: push the player left, not at all, or right.", params = { { name = "direction", type = "integer" } } },
        { name = "release", doc = "Let go: the rope (or the flying hook) is gone, the player keeps its speed." },
        { name = "length", doc = "Rope length now (the line's, flying; 0 without either).", returns = { { type = "number", unit = "m" } } },
        { name = "draw", doc = "Draw the flying line (a rope draws itself).", params = { { name = "g", type = "taut.graphics" } } },
        { name = "tension", doc = "The pull on the player (its momentum change over each step less gravity, along the rope), the mean over the last tension_time; 0 without a rope.", returns = { { type = "number", unit = "N" } } },
        { name = "set_state", doc = "Change the state, telling on_state.", params = { { name = "state", type = "string" } } },
        { name = "stick", doc = "Lay the rope from the player to a hit (a contact_begin event), pinned there.", params = { { name = "hit", type = "taut.event" } } },
        { name = "fly", doc = "While flying: stick when the hook touched a collider, give up past max_length." },
        { name = "severed", doc = "Whether the rope was cut in the last step (update then releases: the hook's piece stays hanging).", returns = { { type = "boolean" } } },
        { name = "sense", doc = "After a step: what the player touched, and the rope's pull over the step into the reading (update calls it)." },
        { name = "wind", doc = "While reeling: one step of the reel, its speed ramped up over reel_ramp." },
      },
      properties = {
        f("world", "taut.world", nil, "the world it lives in"),
        f("player", "taut.particle", nil, "the player particle (opts.from)"),
        f("state", '"idle"|"flying"|"attached"|"reeling"|"released"', nil, "where it is in its life"),
        f("rope", "taut.rope?", nil, "the rope once it hit"),
        f("hook", "taut.particle?", nil, "the flying hook, then the rope's last node"),
        f("line", "taut.spring?", nil, "the slack line while flying"),
        f("hit", "taut.event?", nil, "the contact it stuck with"),
        f("push", "integer?", nil, "the pump direction"),
        f("on_state", "fun(hook: grapple, new: string, old: string)?", nil, "hears every state change"),
        f("hook_speed", "number", "m/s", "relative to the player"),
        f("reel_speed", "number", "m/s", "reeling in"),
        f("max_length", "number", "m", "a hook that flies this far gives up"),
        f("min_length", "number", "m", "reeling stops here"),
        f("segment_length", "number", "m", "of the rope"),
        f("mass_per_metre", "number", "kg/m", "of the rope"),
        f("hook_mass", "number", "kg", "of the flying hook"),
        f("pump_accel", "number", "m/s^2", "push while pumping"),
        f("damp_nodes", "integer", nil, "nodes next to a fresh hit that are slowed"),
        f("reel_ramp", "number", "s", "the reel takes this long to reach reel_speed"),
        f("rope_damping", "number", "1/s", "of the rope's own motion"),
        f("tension_time", "number", "s", "the tension reading is the mean over this long"),
      } },
  },
}
