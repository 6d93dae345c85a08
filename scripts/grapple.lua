-- grapple: a grappling hook built on a rope. The player holds the spool;
-- the hook is the rope's far end.
--
--   local grapple = require "grapple"
--   local hook = grapple.new(world, { from = player })
--   hook:fire{x, y}          -- launch toward a point
--   hook:update(dt)          -- every step, from scene.update
--   hook:reel(true / false)  -- hold to reel in
--   hook:pump(-1 / 0 / 1)    -- push the swing left or right
--   hook:release()
--
-- States: idle -> flying -> attached <-> reeling -> released (and fire
-- again from any of them). opts.on_state(hook, new, old) hears every
-- change. Flying, the rope pays out at the hook's speed; each step the
-- hook's path since the last step is raycast against the colliders, so a
-- fast hook cannot pass through a thin wall. On a hit the hook pins where
-- it hit, the nodes next to it are slowed so the rope does not whip, and
-- the rope's tethers move to the hook: the player then swings on a rope
-- that cannot stretch, however heavy the player.
local vec = require "vec"

local grapple = {}
grapple.__index = grapple

local defaults = {
  hook_speed = 40,        -- m/s, relative to the player
  reel_speed = 6,         -- m/s
  max_length = 30,        -- m: a hook that flies this far gives up
  min_length = 0.5,       -- m: reeling stops here
  segment_length = 0.25,  -- m
  mass_per_metre = 0.3,   -- kg/m of rope
  hook_mass = 0.5,        -- kg
  pump_accel = 12,        -- m/s^2 of push while pumping
  damp_nodes = 6,         -- nodes next to a fresh hit that are slowed
}

--- A grapple for the player particle opts.from.
function grapple.new(world, opts)
  assert(opts and opts.from, "grapple.new needs opts.from (the player particle)")
  local self = setmetatable({ world = world, player = opts.from, state = "idle" }, grapple)
  for k, v in pairs(defaults) do self[k] = opts[k] or v end
  self.on_state = opts.on_state
  return self
end

function grapple:set_state(state)
  local old = self.state
  self.state = state
  if self.on_state and old ~= state then self.on_state(self, state, old) end
end

--- Launch the hook from the player toward target.
function grapple:fire(target)
  self:release()
  local from = self.player.position
  local dir = vec.normalize(vec.sub(target, from))
  if vec.length(dir) == 0 then return end
  self.rope = self.world:rope{
    start = self.player, to = vec.add(from, vec.scale(dir, self.segment_length)),
    segment_length = self.segment_length, mass_per_metre = self.mass_per_metre,
    pin_start = false, tethers = "none",
  }
  self.hook = self.rope.last
  self.hook.mass = self.hook_mass
  self.hook.velocity = vec.add(self.player.velocity, vec.scale(dir, self.hook_speed))
  self.rope:reel(self.hook_speed, self.max_length)
  self.last_hook = self.hook.position
  self:set_state("flying")
end

-- The rope stops paying out, the hook pins where it hit, its neighbours
-- slow down, and the tethers hang from the hook.
function grapple:stick(hit)
  self.rope:reel(0)
  self.hook.position = hit.point
  self.hook.pinned = true
  local nodes = self.rope:nodes()
  for i = math.max(1, #nodes - self.damp_nodes), #nodes - 1 do
    nodes[i].velocity = vec.scale(nodes[i].velocity, 0.1)
  end
  self.rope.tethers = "end"
  self.hit = hit
  self:set_state("attached")
end

-- Flying: did the hook's path since the last step hit a collider?
function grapple:fly()
  local now = self.hook.position
  local path = vec.sub(now, self.last_hook)
  local hit = vec.length(path) > 0 and
    self.world:raycast(self.last_hook, path, vec.length(path), { colliders = true })
  self.last_hook = now
  if hit then
    self:stick(hit)
  elseif self.rope.reel_speed == 0 then  -- flew max_length: give up
    self:release()
  end
end

--- Call every step before the world steps (from scene.update).
function grapple:update(dt)
  if self.state == "flying" then self:fly() end
  if self.push and self.push ~= 0 and self.state ~= "idle" then
    local v = self.player.velocity
    self.player.velocity = vec.add(v, vec.scale({1, 0}, self.push * self.pump_accel * dt))
  end
  if self.state == "reeling" and self.rope.reel_speed == 0 then
    self:set_state("attached")  -- reached min_length
  end
end

--- Hold (true) to reel in while attached; false stops.
function grapple:reel(on)
  if on and self.state == "attached" then
    self.rope:reel(-self.reel_speed, self.min_length)
    self:set_state("reeling")
  elseif not on and self.state == "reeling" then
    self.rope:reel(0)
    self:set_state("attached")
  end
end

--- -1, 0 or 1: push the player left, not at all, or right.
function grapple:pump(direction)
  self.push = direction
end

--- Let go: the rope is gone, the player keeps its speed.
function grapple:release()
  if self.rope then self.rope:destroy() end
  self.rope, self.hook, self.hit = nil, nil, nil
  if self.state ~= "idle" then self:set_state("released") end
end

--- Rope length now (0 without a rope).
function grapple:length()
  return self.rope and self.rope.length or 0
end

--- The pull on the player (N).
function grapple:tension()
  return self.rope and self.rope.tension or 0
end

return grapple
