-- taut_api.frame: kinematic transforms of 3D worlds, world:frame{...}.
return {
  classes = {
    { name = "frame", made_by = "world:frame{...}",
      doc = "A moving transform with no shape (an animated bone, a head) that particles ride exactly, turning with it (3D worlds).",
      example = [[local head = world:frame{ position = {0, 1.7, 0} }
p:pin_to(head, {0, 0.1, 0})             -- rides it, turning with it
head:move_to({0, 1.7, 0.5}, vec.axis_angle({0, 1, 0}, 0.3))]],
      sample = "return w3:frame{}",
      dead = "local x = w3:frame{}; x:destroy(); return x",
      methods = {
        { name = "move_to", doc = "Reach position (and rotation) at the end of the next step, smoothly through it.",
          params = { { name = "position", type = "taut.vec", unit = "m" },
            { name = "rotation", type = "taut.quat", optional = true } } },
        { name = "to_world", doc = "A point of its local frame in world coordinates.",
          params = { { name = "point", type = "taut.vec", unit = "m" } },
          returns = { { type = "taut.vec", unit = "m" } } },
        { name = "to_local", doc = "A world point in its local frame.",
          params = { { name = "point", type = "taut.vec", unit = "m" } },
          returns = { { type = "taut.vec", unit = "m" } } },
        { name = "destroy", doc = "Remove it; particles pinned to it are let go.",
          errors = { { code = "local x = w3:frame{}; x:destroy(); x:destroy()", message = "calling 'destroy' on bad self (frame was destroyed)" } } },
      },
      properties = {
        { name = "position", type = "taut.vec", unit = "m", access = "rw", doc = "where it is (writing teleports it)" },
        { name = "rotation", type = "taut.quat", access = "rw", doc = "how it is turned (writing teleports it)" },
        { name = "world", type = "taut.world", access = "r", doc = "the world it is in" },
      } },
  },
  options = {
    { type = "taut.frame_options", of = "world:frame", makes = "frame", probe = "w3:frame{OPTIONS}",
      doc = "Where a frame starts.",
      keys = {
        { name = "position", type = "taut.vec", unit = "m", default = {0, 0, 0}, doc = "where it is" },
        { name = "rotation", type = "taut.quat", default = {1, 0, 0, 0}, doc = "how it is turned" },
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "frame", doc = "A new frame (3D worlds).",
        params = { { name = "options", type = "taut.frame_options", optional = true } },
        returns = { { type = "taut.frame" } },
        errors = {
          { code = "w:frame{}", message = "a frame needs a 3D world (taut.world{is_3d = true}); in 2D pin to a collider" },
          { code = "w3:frame{rotation = {0, 0, 0, 0}}", message = "bad argument #1 to 'frame' (rotation: {0, 0, 0, 0} is no rotation (a quaternion's length must not be 0))" },
        } },
    } },
  },
}
