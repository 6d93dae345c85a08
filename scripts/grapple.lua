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
-- change. Flying, the hook is a particle on a slack line (a tether of
-- max_length from the player, drawn by hook:draw): paying a rigid rope
-- out at 40 m/s would add several nodes per step that fight each other.
-- When the hook touches a collider (its contact_begin event, after the
-- step) the rope is laid from the player to where it hit, its nodes moving
-- with the player and slowing toward the hook so it does not whip, the
-- hook pinned and the tethers hanging from it: the player then swings on
-- a rope that cannot stretch, however heavy the player.
local vec = require "vec"

--- The player and the settings (each also a field of the grapple). (grapple.new)
---@class (exact) grapple.options
---@field from taut.particle the player particle
---@field on_state? fun(hook: grapple, new: string, old: string) hears every state change
---@field hook_speed? number (m/s) relative to the player (default 40)
---@field reel_speed? number (m/s) reeling in (default 6)
---@field max_length? number (m) a hook that flies this far gives up (default 30)
---@field min_length? number (m) reeling stops here (default 0.5)
---@field segment_length? number (m) of the rope (default 0.25)
---@field mass_per_metre? number (kg/m) of the rope (default 1)
---@field hook_mass? number (kg) of the flying hook (default 0.5)
---@field pump_accel? number (m/s^2) push while pumping (default 12)
---@field damp_nodes? integer nodes next to a fresh hit that are slowed (default 6)
---@field reel_ramp? number (s) the reel takes this long to reach reel_speed (at once it jerks the player and the rope rings) (default 0.2)
---@field rope_damping? number (1/s) of the rope's own motion: its waves die, the swing stays (default 5)
---@field tension_time? number (s) the tension reading is the mean over this long (default 0.25)
--- A grappling hook built on a rope: the player holds the spool, the hook is the rope's far end.
---@class grapple
---@field world taut.world the world it lives in
---@field player taut.particle the player particle (opts.from)
---@field state "idle"|"flying"|"attached"|"reeling"|"released" where it is in its life
---@field rope taut.rope? the rope once it hit
---@field hook taut.particle? the flying hook, then the rope's last node
---@field line taut.spring? the slack line while flying
---@field hit taut.event? the contact it stuck with
---@field push integer? the pump direction
---@field on_state fun(hook: grapple, new: string, old: string)? hears every state change
---@field hook_speed number (m/s) relative to the player
---@field reel_speed number (m/s) reeling in
---@field max_length number (m) a hook that flies this far gives up
---@field min_length number (m) reeling stops here
---@field segment_length number (m) of the rope
---@field mass_per_metre number (kg/m) of the rope
---@field hook_mass number (kg) of the flying hook
---@field pump_accel number (m/s^2) push while pumping
---@field damp_nodes integer nodes next to a fresh hit that are slowed
---@field reel_ramp number (s) the reel takes this long to reach reel_speed
---@field rope_damping number (1/s) of the rope's own motion
---@field tension_time number (s) the tension reading is the mean over this long
local grapple = {}
grapple.__index = grapple

local defaults = {
  hook_speed = 40,        -- m/s, relative to the player
  reel_speed = 6,         -- m/s
  reel_ramp = 0.2,        -- s the reel takes to reach reel_speed
  rope_damping = 5,       -- 1/s: the rope's waves die, the swing stays
  max_length = 30,        -- m: a hook that flies this far gives up
  min_length = 0.5,       -- m: reeling stops here
  segment_length = 0.25,  -- m
  mass_per_metre = 1,     -- kg/m: much lighter ropes under a heavy swing
                          -- carry waves faster than the solver can follow
  hook_mass = 0.5,        -- kg
  pump_accel = 12,        -- m/s^2 of push while pumping
  damp_nodes = 6,         -- nodes next to a fresh hit that are slowed
  tension_time = 0.25,    -- s: the tension reading is the mean over this long
}

--- A grapple for the player particle opts.from; any setting of the grapple class can be given in
--- opts.
---@param world taut.world
---@param opts grapple.options
---@return grapple
function grapple.new(world, opts)
  assert(opts and opts.from, "grapple.new needs opts.from (the player particle)")
  local self = setmetatable({ world = world, player = opts.from, state = "idle" }, grapple)
  for k, v in pairs(defaults) do self[k] = opts[k] or v end
  self.on_state = opts.on_state
  return self
end

--- Change the state, telling on_state.
---@param state string
function grapple:set_state(state)
  local old = self.state
  self.state = state
  if self.on_state and old ~= state then self.on_state(self, state, old) end
end

--- Launch the hook from the player toward target.
---@param target taut.vec (m)
function grapple:fire(target)
  self:release()
  local from = self.player.position
  local dir = vec.normalize(vec.sub(target, from))
  if vec.length(dir) == 0 then return end
  self.hook = self.world:particle{
    position = vec.add(from, vec.scale(dir, self.player.radius + 0.15)),
    velocity = vec.add(self.player.velocity, vec.scale(dir, self.hook_speed)),
    mass = self.hook_mass, radius = 0.1,
  }
  self.line = self.world:spring{ a = self.player, b = self.hook, kind = "tether",
                                 rest_length = self.max_length }
  self:set_state("flying")
end

--- Lay the rope from the player to a hit (a contact_begin event), pinned there.
---@param hit taut.event
function grapple:stick(hit)
  self.hook:destroy()  -- and the line with it
  local player = self.player
  self.rope = self.world:rope{
    start = player, to = hit.point, segment_length = self.segment_length,
    mass_per_metre = self.mass_per_metre, pin_start = false, pin_end = true,
    tethers = "end", damping = self.rope_damping,
  }
  local nodes, v = self.rope:nodes(), player.velocity
  for i = 2, #nodes - 1 do
    nodes[i].velocity = vec.scale(v, 1 - (i - 1) / (#nodes - 1))
  end
  self.hook, self.line, self.hit = self.rope.last, nil, hit
  self:set_state("attached")
end

-- Contacts are swept, so a fast hook meets even a thin wall.
--- While flying: stick when the hook touched a collider, give up past max_length.
function grapple:fly()
  for _, e in ipairs(self.world:events()) do
    if e.kind == "contact_begin" and e.particle == self.hook then
      return self:stick(e)
    end
  end
  if self.line.length >= 0.999 * self.max_length then  -- flew too far
    self:release()
  end
end

-- The tension reading. rope.tension is the spool segment's constraint
-- force in the step's last substep: reeling, the first segment shortens
-- every substep and loses a node every few steps, and that one substep's
-- force jumped between 280 and 4600 N from frame to frame around a mean of
-- 1700 N while the player felt 640 (tests/lua/grapple.lua). The pull the
-- player feels over a whole step is its change of momentum less gravity,
-- along the rope; that jitters too (the dropped nodes jerk it), so the
-- reading is its mean over the last tension_time, weighted as a triangle:
-- a jerk fades in and out rather than stepping the reading, and is
-- forgotten once the window has passed it. A step in which the player
-- touched a collider (whose push is in that change too) takes
-- rope.tension instead.
--- After a step: what the player touched, and the rope's pull over the step into the reading
--- (update calls it).
function grapple:sense()
  local player, dt, began = self.player, self.world.dt, false
  for _, e in ipairs(self.world:events()) do
    if e.particle == player and e.kind == "contact_begin" then
      self.touch, began = e.collider, true
    elseif e.particle == player and e.kind == "contact_end" and e.collider == self.touch then
      self.touch = nil
    end
  end
  if not (self.rope and self.before) then return end
  local sample = self.rope.tension
  if not (self.touch or began) then
    local dv = vec.sub(player.velocity, self.before)
    local force = vec.scale(vec.sub(vec.scale(dv, 1 / dt), self.world.gravity), player.mass)
    local along = vec.normalize(vec.sub(self.rope:particle(2).position, player.position))
    sample = math.max(0, vec.dot(force, along))
  end
  local pulls, n = self.pulls or {}, math.max(1, math.floor(self.tension_time / dt + 0.5))
  pulls[#pulls + 1] = sample
  while #pulls > n do table.remove(pulls, 1) end
  local sum, weights = 0, 0
  for k, f in ipairs(pulls) do
    local weight = math.min(k, #pulls + 1 - k)
    sum, weights = sum + weight * f, weights + weight
  end
  self.pulls, self.pull = pulls, sum / weights
end

--- Call every step before the world steps (from scene.update).
---@param dt number (s)
function grapple:update(dt)
  self:sense()
  if self.state == "flying" then self:fly() end
  if self.rope and self:severed() then self:release() end
  if self.push and self.push ~= 0 and self.state ~= "idle" then
    local v = self.player.velocity
    self.player.velocity = vec.add(v, vec.scale({1, 0}, self.push * self.pump_accel * dt))
  end
  if self.state == "reeling" and self.rope.reel_speed == 0 then
    self:set_state("attached")  -- reached min_length
  elseif self.state == "reeling" and self.reeled_for < self.reel_ramp then
    self:wind()
  end
  self.before = self.rope and self.player.velocity or nil
end

-- A slash or a tear through the rope frees the player: the hook's piece
-- stays hanging where it hit, the player's piece goes with the release.
--- Whether the rope was cut in the last step (update then releases: the hook's piece stays
--- hanging).
---@return boolean
function grapple:severed()
  for _, e in ipairs(self.world:events()) do
    if e.kind == "cut" and e.rope == self.rope then return true end
  end
  return false
end

-- The reel speeds up to reel_speed over reel_ramp seconds: started at full
-- speed it jerked the player to it in one step, and the rope (damped at
-- 1/s) rang on: its nodes waved 0.2 m off the straight line at 6 m/s,
-- 0.6 m at 20 (tests/lua/grapple.lua).
--- While reeling: one step of the reel, its speed ramped up over reel_ramp.
function grapple:wind()
  self.reeled_for = self.reeled_for + self.world.dt
  local share = self.reel_ramp > 0 and math.min(1, self.reeled_for / self.reel_ramp) or 1
  self.rope:reel(-share * self.reel_speed, self.min_length)
end

--- Hold (true) to reel in while attached; false stops.
---@param on boolean
function grapple:reel(on)
  if on and self.state == "attached" then
    self.reeled_for = 0
    self:wind()
    self:set_state("reeling")
  elseif not on and self.state == "reeling" then
    self.rope:reel(0)
    self:set_state("attached")
  end
end

--- -1, 0 or 1: push the player left, not at all, or right.
---@param direction integer
function grapple:pump(direction)
  self.push = direction
end

--- Let go: the rope (or the flying hook) is gone, the player keeps its speed.
function grapple:release()
  if self.rope then self.rope:destroy() end
  if self.state == "flying" then self.hook:destroy() end
  self.rope, self.hook, self.line, self.hit = nil, nil, nil, nil
  self.pull, self.pulls, self.before = nil, nil, nil
  if self.state ~= "idle" then self:set_state("released") end
end

--- Rope length now (the line's, flying; 0 without either).
---@return number # (m)
function grapple:length()
  if self.rope then return self.rope.length end
  return self.line and self.line.length or 0
end

--- Draw the flying line (a rope draws itself).
---@param g taut.graphics
function grapple:draw(g)
  if self.state ~= "flying" then return end
  local a, b = self.player.position, self.hook.position
  g:color(0.9, 0.9, 0.9)
  g:line(a[1], a[2], b[1], b[2], 2)
end

--- The pull on the player (its momentum change over each step less gravity, along the rope), the
--- mean over the last tension_time; 0 without a rope.
---@return number # (N)
function grapple:tension()
  return self.rope and self.pull or 0
end

return grapple
