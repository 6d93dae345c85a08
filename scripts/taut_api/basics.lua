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
}
