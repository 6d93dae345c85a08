-- taut_api.world: the world, its settings and its step. The objects a world
-- makes are described with the objects (rope.lua adds world:rope, ...).
return {
  classes = {
    { name = "world", made_by = "taut.world{...}",
      doc = "Particles and the constraints between them, stepped at a fixed time step split into substeps.",
      more = [[A world made by `taut.world` is destroyed when it is collected; the world a scene's `load`
gets is the runtime's. Every handle into a destroyed world reads `... was destroyed`.]],
      example = [[local world = taut.world{ gravity = {0, -9.81}, substeps = 8 }
world:step(60)        -- one second
print(world.step_count, world.energy)]],
      sample = "return taut.world{}",
      dead = "local x = taut.world{}; x:destroy(); return x",
      export = { list = "world" },
      methods = {
        { name = "step", doc = "Advance n fixed steps (default 1), delivering each step's events after it.",
          params = { { name = "n", type = "integer", optional = true, default = 1 } },
          errors = {
            { code = "w:step(-1)", message = "bad argument #1 to 'step' (step count must be >= 0)" },
            { code = "local x = taut.world{}; x:destroy(); x:step()", message = "calling 'step' on bad self (world was destroyed)" },
          } },
        { name = "hash", doc = "A hash of the whole state: two runs of the same scene and inputs give the same one.",
          returns = { { type = "integer" } } },
        { name = "particles", doc = "Every particle, in the core's dense order (the order of world:positions).",
          returns = { { type = "taut.particle[]" } } },
        { name = "springs", doc = "Every spring (rope segments and tethers too), in order.",
          returns = { { type = "taut.spring[]" } } },
        { name = "apply_force", doc = "Add a force to every free particle for the next step (as gravity does, but in newtons).",
          params = { { name = "force", type = "taut.vec", unit = "N" } },
          errors = {
            { code = "w:apply_force{0, 0/0}", message = "bad argument #1 to 'apply_force' ({x, y} or {x, y, z} of finite numbers expected, got table)" },
          } },
        { name = "destroy", doc = "Destroy the world and everything in it; every handle into it turns stale." },
      },
      properties = {
        { name = "gravity", type = "taut.vec", unit = "m/s^2", access = "rw", export = true, doc = "acceleration of every particle (times its gravity_scale)" },
        { name = "dt", type = "number", unit = "s", access = "rw", export = true, doc = "the fixed time step, (0, 1]",
          errors = { { code = "w.dt = 0", message = "cannot set 'dt' (dt must be in (0, 1] seconds)" } } },
        { name = "substeps", type = "integer", access = "rw", export = true, doc = "substeps per step, 1 to 1000" },
        { name = "iterations", type = "integer", access = "rw", export = true, doc = "constraint passes per substep, 1 to 1000",
          errors = { { code = "w.iterations = 0", message = "cannot set 'iterations' (iterations must be an integer in [1, 1000])" } } },
        { name = "max_speed", type = "number", unit = "m/s", access = "rw", export = true, doc = "the speed no particle leaves a substep faster than",
          errors = { { code = "w.max_speed = 0", message = "cannot set 'max_speed' (max_speed must be a finite number > 0)" } } },
        { name = "damping", type = "number", unit = "1/s", access = "rw", export = true, doc = "velocity damping of every particle, added to its own" },
        { name = "particle_collision", type = "boolean", access = "rw", export = true, doc = "particles collide with each other (pairs joined by a spring skip)" },
        { name = "is_3d", type = "boolean", access = "r", export = true, doc = "a 3D world (else z is held at 0)" },
        { name = "threads", type = "integer", access = "rw", doc = "threads a step may use, 0 (one per core) to 64; the result is bit-identical for any number",
          errors = { { code = "w.threads = 65", message = "cannot set 'threads' (threads must be an integer from 0 (one per core) to 64)" } } },
        { name = "simd", type = "boolean", access = "r", doc = "the solver runs in vector lanes (AVX-512, AVX2 or SSE2, as the machine has them); bit-identical to one constraint at a time" },
        { name = "particle_count", type = "integer", access = "r", doc = "particles alive" },
        { name = "spring_count", type = "integer", access = "r", doc = "springs alive" },
        { name = "batch_count", type = "integer", access = "r", doc = "groups of springs that share no particle (the solver's colouring)" },
        { name = "step_count", type = "integer", access = "r", doc = "steps taken since the world was made" },
        { name = "energy", type = "number", unit = "J", access = "r", doc = "kinetic plus gravitational potential energy" },
        { name = "max_strain", type = "number", access = "r", doc = "the largest (length - rest) / rest of any spring" },
      } },
  },
  options = {
    { type = "taut.world_options", of = "taut.world", makes = "world", probe = "taut.world{OPTIONS}",
      doc = "The settings of a new world (each is also a property).",
      keys = {
        { name = "gravity", type = "taut.vec", unit = "m/s^2", default = {0, -9.81}, doc = "acceleration of every particle" },
        { name = "dt", type = "number", unit = "s", default = 1 / 60, doc = "the fixed time step, (0, 1]" },
        { name = "substeps", type = "integer", default = 8, doc = "substeps per step, 1 to 1000" },
        { name = "iterations", type = "integer", default = 1, doc = "constraint passes per substep, 1 to 1000" },
        { name = "max_speed", type = "number", unit = "m/s", default = 1000, doc = "speeds are clamped to it after each substep" },
        { name = "is_3d", type = "boolean", default = false, doc = "a 3D world; else z is held at 0" },
        { name = "particle_collision", type = "boolean", default = false, doc = "particles collide with each other" },
        { name = "damping", type = "number", unit = "1/s", default = 0, doc = "velocity damping of every particle (Box2D's linear damping)" },
        { name = "threads", type = "integer", default = 0, doc = "threads a step may use, 0 (one per core) to 64; any number gives the same result" },
        { name = "simd", type = "boolean", default = true, doc = "solve in vector lanes where the machine has them; false: one constraint at a time (the same result)" },
      } },
  },
}
