-- taut_api.basics: the conventions every other part relies on.
return {
  prose = {
    { name = "Conventions", doc = [[
- **Units**: metres, kilograms, seconds, newtons, radians; y is up. A 2D world holds z at 0.
- **Vectors** are tables `{x, y}` (2D) or `{x, y, z}` (3D); a property reads back a new table
  of the world's dimension. **Rotations** (3D) are quaternions `{w, x, y, z}`.
- **Objects** are userdata holding an id: `p == q` compares ids, an object can be a table key,
  `tostring(p)` is `particle#12` (or `particle#12 (destroyed)`). Reading or writing a field that
  does not exist is an error (`particle has no field 'mas'`), so a typo never reads as nil.
- **Handles go stale**: a destroyed object (or one whose world was destroyed) raises
  `... (particle was destroyed)` on use instead of crashing.
- **Option tables** reject unknown keys by name and list the valid ones:
  `bad argument #1 to 'particle' (unknown option 'mas' (expected position, velocity, ...))`;
  an enum lists its values: `unknown kind 'cube' (expected rod, tether, spring)`.
- **Compliance** is inverse stiffness in the XPBD sense: 0 is rigid, larger is softer, and the
  feel does not change with substeps or iterations.
- **Events** are delivered after the step, never inside it: a handler may change anything,
  and the change takes effect at the next step.]] },
  },
  aliases = {
    { name = "taut.vec", type = "number[]", doc = "{x, y} in 2D or {x, y, z} in 3D (metres, or the unit said)" },
    { name = "taut.quat", type = "number[]", doc = "a rotation {w, x, y, z} (made unit; {1, 0, 0, 0} turns nothing)" },
    { name = "taut.bits", type = "integer", doc = "a collision bit set, 0 .. 0xffffffff" },
  },
  -- The texts of core/status.c no script sees as they are: the binding says
  -- it first, in words of its own (every other one is shown by an error of
  -- the description; the contract test checks that).
  unshown = {
    { name = "ok", doc = "not an error" },
    { name = "too many worlds (destroy unused ones)", doc = "reached only past thousands of live worlds: not run by the contract test" },
    { name = "out of memory", doc = "the core's allocator failed" },
    { name = "value is not a finite number", doc = "the binding refuses a non-finite vector or number first (\"... of finite numbers expected\")" },
    { name = "unknown rope tethers", doc = "the binding lists the names: \"unknown tethers 'x' (expected auto, none, start, end, both)\"" },
    { name = "unknown spring kind", doc = "the binding lists the names: \"unknown kind 'x' (expected rod, tether, spring)\"" },
    { name = "unknown wind kind", doc = "the binding lists the names" },
    { name = "unknown region shape", doc = "the binding lists the names" },
    { name = "unknown pin", doc = "the binding lists the names: \"unknown pin 'x' (expected none, top, bottom, left, right)\"" },
    { name = "particles belong to different worlds", doc = "the binding names the option: \"b: particle belongs to another world\"" },
    { name = "grid point index out of range", doc = "a function wind's lattice is filled by the binding, never by index from a script" },
    { name = "segment index out of range", doc = "the binding checks the index first: \"index out of range 1..n\"" },
    { name = "rotation must be a quaternion {w, x, y, z} of finite numbers, not all 0", doc = "the binding says \"rotation: {0, 0, 0, 0} is no rotation ...\"" },
    { name = "circle and polygon are 2D shapes (in a 3D world use sphere or hull)", doc = "the binding says \"shape 'circle' is 2D: in a 3D world use 'sphere'\"" },
    { name = "sphere and hull are 3D shapes (in a 2D world use circle or polygon)", doc = "the binding says \"shape 'sphere' is 3D: in a 2D world use 'circle'\"" },
    { name = "an angle turns a collider of a 2D world (in a 3D world give a rotation)", doc = "the binding says \"angle is 2D: in a 3D world use rotation = {w, x, y, z}\"" },
    { name = "the buffer does not hold one position per particle", doc = "the binding counts first: \"buffer holds 2 numbers, the rope needs 6 (3 nodes x 2)\"" },
  },
}
