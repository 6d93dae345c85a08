---@meta taut
-- The taut module for LuaLS (VS Code's Lua extension, Neovim's lua_ls):
-- autocomplete and diagnostics for scenes. Generated from scripts/taut_api
-- by tools/api/gen.lua (make docs): do not edit. .luarc.json points here.

--- {x, y} in 2D or {x, y, z} in 3D (metres, or the unit said)
---@alias taut.vec number[]

--- a rotation {w, x, y, z} (made unit; {1, 0, 0, 0} turns nothing)
---@alias taut.quat number[]

--- a collision bit set, 0 .. 0xffffffff
---@alias taut.bits integer

--- rod: holds its length both ways; tether: resists stretch only (slack rope); spring: soft, Hooke-like
---@alias taut.spring_kind "rod"|"tether"|"spring"

--- auto (the default): from the pinned end(s)
---@alias taut.rope_tethers "auto"|"none"|"start"|"end"|"both"

--- circle and polygon in 2D; sphere and hull in 3D; capsule, box and plane in both
---@alias taut.shape "circle"|"capsule"|"box"|"plane"|"polygon"|"sphere"|"hull"

--- a knob along a chain: a number, {root, tip}, or 1 to 8 {depth, value} points at rising depths in [0, 1]
---@alias taut.curve number|number[]|number[][]

--- a chain's knobs, ready made
---@alias taut.chain_preset "soft"|"bouncy"|"stiff"|"floaty"

--- what a wind field is
---@alias taut.wind_kind "uniform"|"noise"|"vortex"|"radial"|"function"

--- where a wind acts
---@alias taut.region "none"|"circle"|"box"

--- What world:on and the scene's event callbacks take.
---@alias taut.event_kind "nonfinite"|"break"|"contact_begin"|"contact_end"|"cut"|"cull"|"grab_limit"|"tear_limit"

--- A soft body's energies (J).
---@class taut.softbody_energy
---@field kinetic number (J)
---@field potential number (J) gravitational
---@field elastic number (J) in its springs
---@field total number (J)

--- A chain's level of detail: full rate inside near, falling to rate at far, frozen in the animated
--- pose beyond cull, by the distance from world.lod_point (or from).
---@class taut.chain_lod
---@field near number (m)
---@field far number (m)
---@field cull number (m)
---@field rate number (Hz) at far (default 20)
---@field from? taut.vec (m) measure from here instead of world.lod_point

--- What a ray hit: a collider, or a rope segment (spring) with the fraction along it.
---@class taut.hit
---@field point taut.vec (m) where
---@field normal taut.vec the surface's normal there
---@field distance number (m) from the origin
---@field collider? taut.collider the collider hit
---@field spring? taut.spring the segment hit
---@field fraction? number along the segment, from its a to its b

--- An event, delivered after the step to world:on handlers and to the scene's callback of its name.
---@class taut.event
---@field kind taut.event_kind which event
---@field particle? taut.particle
---@field spring? taut.spring
---@field collider? taut.collider
---@field other? taut.particle
---@field rope? taut.rope
---@field other_rope? taut.rope
---@field point taut.vec where (if it says)
---@field normal taut.vec facing where (if it says)
---@field value number a measure of the kind (force, fraction...)
---@field cause "script"|"swipe"|"strain"|nil a cut's cause

--- A 3D scene's camera: where the eye is and what it looks at.
---@class taut.view3
---@field eye taut.vec (m)
---@field target taut.vec (m)

--- How a runtime starts. (taut.runtime)
---@class (exact) taut.runtime_options
---@field keep? boolean read the scene's sidecar `<scene>.tuned` first, as the program does (default false)
---@field safe? boolean run the scene --safe (a --safe scene's runtimes always are) (default false)
---@field budget? number (s) seconds each of its callbacks may run (0: the 5 s of every scene), never more than the caller has left (default 0)

--- The size of a canvas. (taut.canvas)
---@class (exact) taut.canvas_options
---@field width? integer (px) 16 to 8192 (default 800)
---@field height? integer (px) 16 to 8192 (default 500)

--- The settings of a new world (each is also a property). (taut.world)
---@class (exact) taut.world_options
---@field gravity? taut.vec (m/s^2) acceleration of every particle (default {0, -9.81})
---@field dt? number (s) the fixed time step, (0, 1] (default 1/60)
---@field substeps? integer substeps per step, 1 to 1000 (default 8)
---@field iterations? integer constraint passes per substep, 1 to 1000 (default 1)
---@field max_speed? number (m/s) speeds are clamped to it after each substep (default 1000)
---@field is_3d? boolean a 3D world; else z is held at 0 (default false)
---@field particle_collision? boolean particles collide with each other (default false)
---@field damping? number (1/s) velocity damping of every particle (Box2D's linear damping) (default 0)
---@field max_bytes? integer (bytes) the core memory it may hold (a runaway tear or a huge rope fails with a clear error instead of taking the machine's memory) (default 0x10000000)
---@field threads? integer threads a step may use, 0 (one per core) to 64; any number gives the same result (default 0)
---@field simd? boolean solve in vector lanes where the machine has them; false: one constraint at a time (the same result) (default true)

--- What a particle is made from. (world:particle)
---@class (exact) taut.particle_options
---@field position? taut.vec (m) where it starts (default {0, 0})
---@field velocity? taut.vec (m/s) how fast it starts (default {0, 0})
---@field mass? number (kg) 0 pins it (an infinite mass) (default 1)
---@field radius? number (m) for contacts (default 0.05)
---@field pinned? boolean pinned from the start, keeping its mass (default false)
---@field drag? number (kg/s) how much the wind pushes it (default 0)
---@field gravity_scale? number times the world's gravity; negative floats up (default 1)
---@field group? taut.bits collision categories it belongs to (default 1)
---@field mask? taut.bits categories it collides with (default all) (default 0xffffffff)
---@field damping? number (1/s) velocity damping: each substep v *= 1 / (1 + damping h) (default 0)

--- What a spring is made from. (world:spring)
---@class (exact) taut.spring_options
---@field a taut.particle one end
---@field b taut.particle the other end
---@field rest_length? number (m) the length it keeps (default the distance now)
---@field compliance? number (m/N) inverse stiffness; 0 is rigid (default 0)
---@field stretch_damping? number (1/s) damps the rate it stretches at (default 0)
---@field kind? taut.spring_kind rod, tether or spring (default "rod")
---@field max_force? number (N) breaks above it (event break); 0 never (default 0)
---@field drag? number (kg/(m s)) air drag per metre (default 0)
---@field max_strain? number tears past it (event cut); 0 never (default 0)

--- What a rope is made from: a straight line from `from` (or the particle `start`) to `to`.
--- (world:rope)
---@class (exact) taut.rope_options
---@field from? taut.vec (m) where it starts (default {0, 0})
---@field to? taut.vec (m) where it ends (default {0, -5})
---@field start? taut.particle a particle to be its first node (a player holding it); from is then its position
---@field segments? integer how many segments, 1 to 100000 (default 20)
---@field segment_length? number (m) > 0: as many segments of this length as fit (overrides segments) (default 0)
---@field mass_per_metre? number (kg/m) spread over its nodes (default 0.5)
---@field radius? number (m) of every node, for contacts (default 0.03)
---@field compliance? number (m/N) of the segments (default 0)
---@field stretch_damping? number (1/s) of the segments (default 0)
---@field damping? number (1/s) relative motion settles at this rate (default 1)
---@field bend? number (1/(N m^2)) bending compliance; none (limp) by default (default math.huge)
---@field kind? taut.spring_kind of the segments (default "rod")
---@field pin_start? boolean pin the first node (default true)
---@field pin_end? boolean pin the last node (default false)
---@field tethers? taut.rope_tethers long-range tethers: auto hangs them from the pinned end(s) (default "auto")
---@field max_strain? number segments tear past it (event cut); 0 never (default 0)

--- The three particles and how the bend at b is held. (world:angle)
---@class (exact) taut.angle_options
---@field a taut.particle one end
---@field b taut.particle the vertex
---@field c taut.particle the other end
---@field rest? number (rad) the bend it keeps (default the bend now)
---@field compliance? number (rad/(N m)) 0 rigid (default 0)
---@field min? number (rad) the least bend (-pi: no limit) (default -math.pi)
---@field max? number (rad) the most bend (pi: no limit) (default math.pi)

--- What to pull, where, and how hard. (world:grab)
---@class (exact) taut.grab_options
---@field particle taut.particle a free (not pinned) particle
---@field target? taut.vec (m) where to pull it (default where the particle is)
---@field stiffness? number (Hz) the spring's frequency (default 5)
---@field damping? number damping ratio (1 critical) (default 0.7)
---@field max_force? number (N) 0: 10 times the body's weight (default 0)

--- What a soft body is made from: one of ring, points or grid, and its materials. (world:softbody)
---@class (exact) taut.softbody_options
---@field ring? taut.softbody_ring a closed ring of nodes, pressurised (pressure 1)
---@field points? taut.vec[] (m) a polygon: 3 to 1024 {x, y}, pressurised (pressure 1)
---@field grid? integer[] {w, h}: a grid of w x h cells (pressure 0)
---@field size? number (m) grid: the side of a cell (default 0.25)
---@field center? taut.vec (m) grid: its centre (a ring has ring.center)
---@field pin? "none"|"top"|"bottom"|"left"|"right" grid: pin one side (default "none")
---@field shear? number|false (m/N) grid: compliance of the diagonal springs; false leaves them out (default 0.0001)
---@field bend? number|false (m/N) compliance of skip-one springs (along the outline of a ring or polygon); false: none (default none)
---@field mass? number (kg) of the whole body, spread evenly (default 1)
---@field node_radius? number (m) of every node (default a quarter of the node spacing, at most 0.05)
---@field compliance? number (m/N) of the outline (ring, points) or structural (grid) springs (default 0)
---@field damping? number (1/s) the share of the wobble lost per second (default 2)
---@field pressure? number target area / rest area (default 1 for a ring or points, 0 for a grid)
---@field area_compliance? number (m^4/J) 0: the area is held exactly (default 0)
---@field shape_matching? number 0..1 (0 off, 1 rigid) (default 0)
---@field friction? number mixed with a collider's as sqrt(a b) (default 0.5)
---@field restitution? number 0..1 (default 0)
---@field group? taut.bits of every node (default 1)
---@field mask? taut.bits of every node (default 0xffffffff)
---@field max_strain? number its springs tear past it; 0 never (default 0)
---@field drag? number (kg/s) of each node in the wind (default 0)

--- ring = {...}: a closed ring of nodes. (world:softbody)
---@class (exact) taut.softbody_ring
---@field center? taut.vec (m) its centre (default {0, 0})
---@field radius? number (m) its radius (default 0.5)
---@field segments? integer how many nodes (default 24)

--- The shape of a collider, where it is and what its surface does. (world:collider)
---@class (exact) taut.collider_options
---@field shape? taut.shape its kind (default "box")
---@field center? taut.vec (m) where it is (a plane passes through it) (default {0, 0})
---@field angle? number (rad) 2D: counter-clockwise turn (a plane's normal is (0, 1) turned by it) (default 0)
---@field rotation? taut.quat 3D: its rotation (default {1, 0, 0, 0})
---@field radius? number (m) circle, sphere, capsule (default 0.5)
---@field length? number (m) capsule: the distance between its end centres (default 0)
---@field size? taut.vec (m) box: full width, height (and depth) (default {1, 1})
---@field points? taut.vec[] (m) polygon: 3 to 8 convex {x, y}; hull: 4 to 32 {x, y, z}; about center
---@field normal? taut.vec plane: the side it pushes toward (2D: instead of angle)
---@field friction? number static coefficient (default 0.5)
---@field kinetic_friction? number while sliding (default the static one)
---@field restitution? number 0 (no bounce) to 1 (default 0)
---@field velocity? taut.vec (m/s) carried every step (default {0, 0})
---@field angular_velocity? number|taut.vec (rad/s) 2D: a number; 3D: axis times rad/s (default 0)
---@field enabled? boolean false: it touches nothing (default true)
---@field group? taut.bits collision categories it belongs to (default 1)
---@field mask? taut.bits categories it collides with (default 0xffffffff)

--- Where a frame starts. (world:frame)
---@class (exact) taut.frame_options
---@field position? taut.vec (m) where it is (default {0, 0, 0})
---@field rotation? taut.quat how it is turned (default {1, 0, 0, 0})

--- A chain's root, its rest pose (points, or from, direction, segments, length) and its knobs.
--- (world:chain)
---@class (exact) taut.chain_options
---@field root taut.frame|taut.collider what it hangs from and follows
---@field points? taut.vec[] (m) the rest pose in the root's frame, 2 to 1024 points, point 1 on the root
---@field from? taut.vec (m) or: where it starts, in the root's frame
---@field direction? taut.vec which way it hangs from there
---@field segments? integer how many segments
---@field length? number (m) how long
---@field preset? taut.chain_preset knobs to start from (the others given override them)
---@field damping? taut.curve share of speed lost per 1/60 s (default 0.1)
---@field elasticity? taut.curve share of the way back to the animated pose per 1/60 s (default 0.1)
---@field stiffness? taut.curve 0: free, 1: held in the animated direction (default 0.1)
---@field inertia? taut.curve share of the root's motion ignored (default 0)
---@field radius? taut.curve of every node, m (default 0.01)
---@field max_stretch? taut.curve segments stay within rest x (1 +- it) (default 0)
---@field gravity? taut.vec (m/s^2) its own gravity (default the world's)
---@field force? taut.vec (m/s^2) an acceleration added to gravity (default {0, 0, 0})
---@field end_length? number a virtual tip, in last segments (default 0)
---@field mass? number (kg) of every node (default 0.01)
---@field rate? number (Hz) updates per second; 0: once a step (default 0)
---@field lod? taut.chain_lod level of detail by distance (none: always full)
---@field teleport_distance? number (m) a root jump past this is a teleport (0: never) (default 0)
---@field teleport_angle? number (rad) a root turn past this is a teleport (0: never) (default 0)
---@field teleport? "keep"|"reset" what a teleport does (default "keep")
---@field colliders? table up to 16 colliders, or {collider, inside = true}; none: every collider group and mask meet
---@field group? taut.bits collision categories it belongs to (default 1)
---@field mask? taut.bits categories it collides with (default 0xffffffff)

--- What a cloth is made from: a grid or a mesh, its pins and its material. (world:cloth)
---@class (exact) taut.cloth_options
---@field grid? integer[] {w, h}: a grid of w x h cells (1 to 256 each way)
---@field size? number|number[] (m) grid: {width, height}, or one number for both (default 1)
---@field mesh? taut.mesh or: a triangle mesh to simulate, as it lies
---@field origin? taut.vec (m) where its top left (or the mesh's origin) lies (default {0, 0, 0})
---@field orientation? taut.quat its turn; a grid lies in its local x-y plane, facing +z (default {1, 0, 0, 0})
---@field mass_per_area? number (kg/m^2) its weight per square metre (default 0.2)
---@field thickness? number (m) how far colliders keep it off (default 0.005)
---@field stretch? number (m/N) compliance of the structural springs (default 0)
---@field shear? number|false (m/N) compliance of the shear springs; false leaves them out (default 0.5)
---@field bend? number|false (m/N) compliance of the bend springs; false leaves them out (default 0.1)
---@field damping? number (1/s) the share of its motion lost per second (default 0.1)
---@field drag? number drag coefficient of every triangle (default 1)
---@field lift? number lift coefficient of every triangle (default 0.3)
---@field air_density? number (kg/m^3) of the air (default 1.2)
---@field max_strain? number its springs tear past it; 0 never (default 0)
---@field tethers? boolean long-range tethers keep nodes within reach of the pins (cloth.tethers counts them) (default true)
---@field pin? string|(string|integer)[] top, bottom, left, right, top_left, top_right, bottom_left, bottom_right, or a list of them and node indices
---@field pin_to? taut.frame|taut.collider carry the pinned nodes with it
---@field teleport_distance? number (m) a pin root's jump past this is a teleport (0: never) (default 1)
---@field teleport_angle? number (rad) a pin root's turn past this is a teleport (0: never) (default 0)
---@field teleport? "keep"|"reset" what a teleport does (default "keep")
---@field self_collision? boolean its nodes keep apart (default false)
---@field visible? boolean drawn by the viewport's own layer (default true)
---@field group? taut.bits of every node (default 1)
---@field mask? taut.bits of every node (default 0xffffffff)

--- How a render mesh is bound. (cloth:bind)
---@class (exact) taut.bind_options
---@field min_area? number a triangle below this share of its rest area hands its vertices on (default 0.01)

--- What a wind field is and where it blows. (world:wind)
---@class (exact) taut.wind_options
---@field kind? taut.wind_kind its kind ("function" when fn is given) (default "uniform")
---@field enabled? boolean false: it blows nothing (default true)
---@field strength? number (m/s) its speed (default 1)
---@field direction? taut.vec uniform and noise: where it blows (default {1, 0})
---@field center? taut.vec (m) vortex and radial: its centre (default {0, 0})
---@field axis? taut.vec vortex: what it turns about (3D; 2D turns about z) (default {0, 0})
---@field radius? number (m) vortex core, radial reach (default 1)
---@field scale? number (m) noise: size of a gust (default 4)
---@field speed? number (1/s) noise: how fast gusts change (default 1)
---@field turbulence? number noise: gust size over strength (default 0.5)
---@field seed? integer noise: which gusts (default 0)
---@field region? taut.region where it acts (default "none")
---@field region_center? taut.vec (m) the region's centre (default {0, 0})
---@field region_size? number|taut.vec (m) circle: radius; box: full size (default {0, 0})
---@field edge? number (m) soft border width (default 0)
---@field fn? fun(x: number, y: number, z: number, t: number): number, number, number? a function wind: air velocity at (x, y, z) at time t
---@field lo? taut.vec (m) a function wind's lattice: low corner (default {-1, -1})
---@field hi? taut.vec (m) a function wind's lattice: high corner (default {1, 1})
---@field cells? integer[] a function wind's cells per axis, 1 to 64 (default {8, 8})

--- Where a blade starts. (world:cutter)
---@class (exact) taut.cutter_options
---@field position? taut.vec (m) where it starts (default {0, 0})

--- A mesh from lists. (taut.mesh)
---@class (exact) taut.mesh_options
---@field vertices taut.vec[] {x, y [, z]} each, 1 to 2^24
---@field triangles integer[][] {i, j, k} each, 1-based vertex indices
---@field uvs? number[][] {u, v} each, one per vertex; (0, 0) is the image's bottom left

--- A solid to draw, read as world:collider{...} reads a collider (lengths and sizes are whole).
--- (g:solid)
---@class (exact) taut.solid_options
---@field shape? "sphere"|"capsule"|"box"|"plane"|"hull" what to draw (default "sphere")
---@field center? taut.vec (m) where (default {0, 0, 0})
---@field rotation? taut.quat how it is turned (default {1, 0, 0, 0})
---@field radius? number (m) sphere, capsule (default 0.5)
---@field length? number (m) capsule: between its end centres, along its local x (default 1)
---@field size? number|taut.vec (m) box: {x, y, z}; plane: the side of the square patch (default {1, 1, 1} (box), 20 (plane))
---@field normal? taut.vec plane: which way it faces (default {0, 1, 0})
---@field points? taut.vec[] (m) hull: 4 to 64 {x, y, z}

--- Particles and the constraints between them, stepped at a fixed time step split into substeps.
---
--- A world made by `taut.world` is destroyed when it is collected; the world a scene's `load`
--- gets is the runtime's. Every handle into a destroyed world reads `... was destroyed`.
---@class taut.world
---@field gravity taut.vec (m/s^2) acceleration of every particle (times its gravity_scale)
---@field dt number (s) the fixed time step, (0, 1]
---@field substeps integer substeps per step, 1 to 1000
---@field iterations integer constraint passes per substep, 1 to 1000
---@field max_speed number (m/s) the speed no particle leaves a substep faster than
---@field damping number (1/s) velocity damping of every particle, added to its own
---@field particle_collision boolean particles collide with each other (pairs joined by a spring skip)
---@field is_3d boolean (read-only) a 3D world (else z is held at 0)
---@field threads integer threads a step may use, 0 (one per core) to 64; the result is bit-identical for any number
---@field simd boolean (read-only) the solver runs in vector lanes (AVX-512, AVX2 or SSE2, as the machine has them); bit-identical to one constraint at a time
---@field particle_count integer (read-only) particles alive
---@field spring_count integer (read-only) springs alive
---@field batch_count integer (read-only) groups of springs that share no particle (the solver's colouring)
---@field step_count integer (read-only) steps taken since the world was made
---@field energy number (read-only) (J) kinetic plus gravitational potential energy
---@field max_strain number (read-only) the largest (length - rest) / rest of any spring
---@field max_bytes integer (bytes) the core memory the world may hold (256 MiB by default; all worlds together 2 GiB); past it a call fails naming the limit, and the world steps on
---@field bytes integer (read-only) (bytes) the core memory the world holds now
---@field lod_point taut.vec (m) where chains' LOD distances are measured from (the window sets the camera's eye every frame)
---@field wind_count integer (read-only) wind fields alive
---@field min_fragment integer free rope pieces shorter than this many segments are removed (event cull); 0 off
---@field min_cut_mass number (kg) no cut makes a particle lighter (default 0.1 g)
---@field min_cut_length number (m) no cut makes a piece shorter (default 5 mm)
---@field max_tears integer at most this many springs tear per step (event tear_limit); default 32
local world = {}

--- Advance n fixed steps (default 1), delivering each step's events after it.
---@param n? integer (default 1)
function world:step(n) end

--- A hash of the whole state: two runs of the same scene and inputs give the same one.
---@return integer
function world:hash() end

--- Every particle, in the core's dense order (the order of world:positions).
---@return taut.particle[]
function world:particles() end

--- Every spring (rope segments and tethers too), in order.
---@return taut.spring[]
function world:springs() end

--- Add a force to every free particle for the next step (as gravity does, but in newtons).
---@param force taut.vec (N)
function world:apply_force(force) end

--- Destroy the world and everything in it; every handle into it turns stale.
function world:destroy() end

--- A new particle.
---@param options taut.particle_options
---@return taut.particle
function world:particle(options) end

--- The particle nearest to a point, within reach (default: any distance), or nil.
---@param point taut.vec (m)
---@param reach? number (m)
---@return taut.particle|nil
function world:nearest(point, reach) end

--- A new spring between two particles of this world.
---@param options taut.spring_options
---@return taut.spring
function world:spring(options) end

--- A new rope.
---@param options? taut.rope_options
---@return taut.rope
function world:rope(options) end

--- Every rope of the world, in order.
---@return taut.rope[]
function world:ropes() end

--- A new angle constraint.
---@param options taut.angle_options
---@return taut.angle
function world:angle(options) end

--- Pull a particle softly toward a target.
---@param options taut.grab_options
---@return taut.grab
function world:grab(options) end

--- A new soft body (2D worlds).
---@param options taut.softbody_options
---@return taut.softbody
function world:softbody(options) end

--- Every soft body of the world, in order.
---@return taut.softbody[]
function world:softbodies() end

--- A new collider.
---@param options? taut.collider_options
---@return taut.collider
function world:collider(options) end

--- A new frame (3D worlds).
---@param options? taut.frame_options
---@return taut.frame
function world:frame(options) end

--- A new dynamic-bone chain.
---@param options taut.chain_options
---@return taut.chain
function world:chain(options) end

--- Every chain of the world, in order.
---@return taut.chain[]
function world:chains() end

--- Move everything at once (particles, chains, colliders, frames, blades), adding no speed.
---@param offset taut.vec (m)
function world:teleport(offset) end

--- A new cloth.
---@param options taut.cloth_options
---@return taut.cloth
function world:cloth(options) end

--- Every cloth of the world, in order.
---@return taut.cloth[]
function world:cloths() end

--- A new wind field.
---@param options? taut.wind_options
---@return taut.wind
function world:wind(options) end

--- Every wind field of the world, in order.
---@return taut.wind[]
function world:winds() end

--- Sever what the segment a-b crosses (a swipe); returns how many springs it cut.
---@param a taut.vec (m)
---@param b taut.vec (m)
---@return integer
function world:cut(a, b) end

--- Sever what passes within radius of a point; returns how many springs it cut.
---@param point taut.vec (m)
---@param radius number (m)
---@return integer
function world:cut_near(point, radius) end

--- A new blade.
---@param options taut.cutter_options
---@return taut.cutter
function world:cutter(options) end

--- The first thing a ray hits, or nil.
---@param origin taut.vec (m)
---@param direction taut.vec
---@param max_distance? number (m) default: no limit
---@param what? "all"|"colliders"|"springs" (default "all")
---@return taut.hit|nil
function world:raycast(origin, direction, max_distance, what) end

--- The colliders a circle (sphere) overlaps; radius 0: those containing the point.
---@param center taut.vec (m)
---@param radius? number (m) (default 0)
---@return taut.collider[]
function world:overlap(center, radius) end

--- The particles in the box lo..hi.
---@param lo taut.vec (m)
---@param hi taut.vec (m)
---@return taut.particle[]
function world:particles_in(lo, hi) end

--- Every collider, in order.
---@return taut.collider[]
function world:colliders() end

--- Call fn(event, world) for every event of a kind, after each step.
---@param kind taut.event_kind
---@param fn fun(event: taut.event, world: taut.world)
function world:on(kind, fn) end

--- The last step's events, in the order they happened.
---@return taut.event[]
function world:events() end

--- Fill buf with the positions of every particle in world:particles() order: x1, y1, x2, y2, ...
--- (x, y, z each in 3D).
---
--- buf is a reusable table (filled from 1, shortened to fit; a new one when missing) or a taut.buffer, which the core fills directly.
---@param buf? table|taut.buffer
---@return table|taut.buffer buf
---@return integer count # how many particles
function world:positions(buf) end

--- Teleport every particle to the positions in buf (velocity kept); every number is checked before
--- anything moves.
---@param buf table|taut.buffer
function world:set_positions(buf) end

--- A point mass: position, velocity, mass (0 pins it), radius, collision filters.
---@class taut.particle
---@field position taut.vec (m) where it is (writing teleports it, velocity kept)
---@field velocity taut.vec (m/s) how fast it moves
---@field x number (read-only) (m) position[1]
---@field y number (read-only) (m) position[2]
---@field z number (read-only) (m) position[3] (0 in 2D)
---@field mass number (kg) 0 pins it where it is; a positive mass keeps the pin state
---@field radius number (m) for contacts with colliders and other particles
---@field pinned boolean pinned: infinite mass, only move_to and teleports move it
---@field pinned_to taut.collider|taut.frame|nil (read-only) the collider or frame it rides (p:pin_to), or nil
---@field group taut.bits collision categories it belongs to
---@field mask taut.bits categories it collides with
---@field world taut.world (read-only) the world it is in
---@field drag number (kg/s) force drag * (air - v) from the wind
---@field gravity_scale number times the world's gravity; negative floats up
---@field damping number (1/s) velocity damping (Box2D's linear damping); the world's is added
---@field softbody taut.softbody|nil (read-only) the soft body it is a node of, or nil
---@field cloth taut.cloth|nil (read-only) the cloth it is a node of, or nil
local particle = {}

--- Kinematic move: the velocity that carries it to target over the next step (a pinned one gets
--- there and stops).
---
--- Call it every step to move an anchor smoothly: what hangs on it follows without a jolt.
---@param target taut.vec (m)
function particle:move_to(target) end

--- Pin it to a collider or a frame, at a local offset (default: where it is now); it rides it
--- exactly.
---
--- `p.pinned = false` lets go; `p.pinned_to` is the collider or frame it rides.
---@param target taut.collider|taut.frame
---@param offset? taut.vec (m) in the target's local frame
function particle:pin_to(target, offset) end

--- Add a force for the next step.
---@param force taut.vec (N)
function particle:apply_force(force) end

--- Change its velocity at once by impulse / mass.
---@param impulse taut.vec (N s)
function particle:apply_impulse(impulse) end

--- Remove it and the constraints on it; its handle turns stale.
function particle:destroy() end

--- A distance constraint between two particles: a rod (both ways), a tether (stretch only) or a
--- soft spring.
---
--- With `rest_length = 0` and a pinned (or heavy) end it is an attachment; `max_force` makes it
--- break (event `break`), `max_strain` makes it tear (event `cut`).
---@class taut.spring
---@field a taut.particle (read-only) one end
---@field b taut.particle (read-only) the other end
---@field length number (read-only) (m) the distance between its ends now
---@field strain number (read-only) (length - rest_length) / rest_length
---@field force number (read-only) (N) the force it pulled with in the last substep
---@field rest_length number (m) the length it keeps
---@field compliance number (m/N) inverse stiffness; 0 is rigid
---@field stretch_damping number (1/s) damps the rate it stretches at (soft springs)
---@field kind taut.spring_kind rod, tether or spring
---@field max_force number (N) breaks above it (event break); 0 never
---@field drag number (kg/(m s)) air drag per metre of it, across it (a tenth along)
---@field max_strain number tears past it (event cut); 0 never
---@field damping number deprecated: use stretch_damping renamed: reading or writing it raises an error that says so
local spring = {}

--- Remove it (an attachment lets go); its handle turns stale.
function spring:destroy() end

--- Sever it at t in [0, 1] from a: a new particle on each side, mass and rest length kept (event
--- cut).
---@param t number
function spring:cut(t) end

--- A chain of particles joined by segments, solved as one chain each substep, with a length that
--- reels at the spool (its start).
---
--- Each rope's segments are solved exactly (a tridiagonal solve per substep), so a rope holds a
--- load far heavier than itself without stretching; long-range tethers from its pinned end(s)
--- catch the rest. `damping` settles its motion relative to its rigid motion (a heap comes to hang
--- still while a swing keeps swinging); `bend` gives every joint a soft angle toward straight.
---@class taut.rope
---@field length number (m) length at rest; writing reels to it now, at the spool
---@field tethers taut.rope_tethers where its long-range tethers hang from: start, end, both or none
---@field damping number (1/s) motion relative to the rope's rigid motion settles at this rate
---@field bend number (1/(N m^2)) bending compliance: 0 stiff, larger softer, inf limp
---@field segment_length number (read-only) (m) the rest length of a segment
---@field max_length number (read-only) (m) the longest it can reel out to: 100000 segments
---@field reel_speed number (read-only) (m/s) the speed rope:reel set (0: not reeling)
---@field first taut.particle (read-only) the start node (the spool)
---@field last taut.particle (read-only) the end node
---@field tension number (read-only) (N) the pull on the spool node
---@operator len: integer
local rope = {}

--- Node i (1-based, start to end).
---@param i integer
---@return taut.particle
function rope:particle(i) end

--- Segment i (1-based): the spring from node i to node i + 1.
---@param i integer
---@return taut.spring
function rope:segment(i) end

--- Every node, start to end.
---@return taut.particle[]
function rope:nodes() end

--- Change the length by speed every step (< 0 reels in) until it reaches target; speed 0 stops.
---@param speed number (m/s)
---@param target? number (m) where to stop (none: reel on)
function rope:reel(speed, target) end

--- Move every node by an offset, a teleport that adds no speed.
---@param offset taut.vec (m)
function rope:translate(offset) end

--- Remove its particles and springs (not a start particle it was given).
function rope:destroy() end

--- Sever segment i (1-based) at t: the rope keeps the spool part, the end part is returned as a new
--- rope (nil when culled at once).
---@param i integer
---@param t number
---@return taut.rope|nil # the end part
function rope:cut(i, t) end

--- Fill buf with the positions of its nodes, start to end: x1, y1, x2, y2, ... (x, y, z each in
--- 3D).
---
--- buf is a reusable table (filled from 1, shortened to fit; a new one when missing) or a taut.buffer, which the core fills directly.
---@param buf? table|taut.buffer
---@return table|taut.buffer buf
---@return integer count # how many rope
function rope:positions(buf) end

--- Teleport its nodes to the positions in buf (velocity kept); every number is checked before
--- anything moves.
---@param buf table|taut.buffer
function rope:set_positions(buf) end

--- The bend at b of three particles a, b, c: a soft bend toward rest, a rigid one, or with only min
--- and max a joint limit.
---
--- The bend is 0 when a, b, c are in line; signed in 2D (counter-clockwise positive), in [0, pi]
--- in 3D; radians. Without rest or compliance but with min or max, it only limits (a free joint);
--- without any of them it keeps the bend it has (rigid).
---@class taut.angle
---@field a taut.particle (read-only) one end
---@field b taut.particle (read-only) the vertex, where it bends
---@field c taut.particle (read-only) the other end
---@field angle number (read-only) (rad) the bend now
---@field rest number (rad) the bend it keeps
---@field compliance number (rad/(N m)) 0 rigid; inf: no rest, only the limits
---@field min number (rad) the least bend allowed
---@field max number (rad) the most bend allowed
local angle = {}

--- Remove it.
function angle:destroy() end

--- A soft, force-limited pull of a particle toward a target: the mouse joint of the Box2D testbed.
---
--- Its spring is sized by the mass of the body the particle belongs to (its free part, joined by
--- springs: a whole rope), and its pull is limited to `max_force`, so over-pulling a rope drags the
--- rope instead of tearing it (event `grab_limit`). It goes by itself with its particle.
---@class taut.grab
---@field target taut.vec (m) where it pulls toward
---@field stiffness number (Hz) the spring's frequency with the body's mass
---@field damping number damping ratio: 1 critical
---@field max_force number (N) the most it pulls with; 0: 10 x the body's weight
---@field particle taut.particle (read-only) the particle it pulls
---@field force number (read-only) (N) the last step's pull
---@field force_limit number (read-only) (N) the limit in effect
---@field body_mass number (read-only) (kg) the mass of the body it pulls
---@field at_limit boolean (read-only) it pulls with all it may (event grab_limit when it begins)
local grab = {}

--- Let go.
function grab:destroy() end

--- A 2D soft body: a pressure ring, a polygon or a grid of particles and springs, with area, shape
--- matching and body contacts.
---
--- Exactly one of `ring`, `points` or `grid` picks the layout. Bodies collide with colliders
--- and with each other (every particle is kept out of every other body's outline). `pressure` is
--- the area held over the rest area: 2 inflates, 0 lets the air out; it changes live, at 2 rest
--- areas per second. `shape_matching` (0..1, Müller et al. 2005) pulls the nodes toward the best
--- rigid fit of the rest shape.
---@class taut.softbody
---@field kind "ring"|"points"|"grid" (read-only) its layout
---@field pressure number target area / rest area; 0 lets the air out
---@field area_compliance number (m^4/J) how soft the area is; 0 holds it exactly
---@field shape_matching number 0..1: the share of the way to the best rigid fit each step
---@field damping number (1/s) the share of the wobble lost per second
---@field friction number mixed with a collider's as sqrt(a b)
---@field restitution number 0..1: how fast the whole body leaves an impact
---@field max_strain number its springs tear past it; 0 never
---@field group taut.bits collision categories of every node
---@field mask taut.bits categories every node collides with
---@field area number (read-only) (m^2) the area its outline holds now
---@field rest_area number (read-only) (m^2) the area it was made with
---@field center taut.vec (read-only) (m) its centre of mass
---@field energy taut.softbody_energy (read-only) its energies, J
---@field shape_error number (read-only) (m) how far the nodes are from the best rigid fit (rms)
---@field torn boolean (read-only) a spring of it was cut or torn
---@operator len: integer
local softbody = {}

--- Node i (1-based).
---@param i integer
---@return taut.particle
function softbody:particle(i) end

--- Its nodes still there, in order.
---@return taut.particle[]
function softbody:nodes() end

--- Its springs still there, in order.
---@return taut.spring[]
function softbody:springs() end

--- Move every node by an offset, a teleport that adds no speed.
---@param offset taut.vec (m)
function softbody:translate(offset) end

--- Remove its particles and constraints.
function softbody:destroy() end

--- A shape particles and rope segments collide with: static, moved by script (move_to carries what
--- rests on it), with friction and restitution.
---
--- 2D shapes: `circle` (radius), `capsule` (radius, length), `box` (size), `plane` (center, normal
--- or angle), `polygon` (3 to 8 convex points about center). 3D shapes: `sphere`, `capsule` (along
--- its local x), `box` (size {x, y, z}), `plane` (normal {x, y, z}), `hull` (the convex hull of 4 to
--- 32 points). A 2D name in a 3D world (or the other way) is an error that says what to use.
--- Particles take `group`/`mask` too: a pair collides when each one's group meets the other's
--- mask.
---@class taut.collider
---@field shape taut.shape (read-only) its kind
---@field position taut.vec (m) its centre (writing teleports it)
---@field angle number (rad) 2D: counter-clockwise turn (writing teleports it)
---@field rotation taut.quat 3D: its rotation (writing teleports it)
---@field radius number (read-only) (m) circle, sphere, capsule
---@field length number (read-only) (m) capsule: the distance between its end centres
---@field size taut.vec (read-only) (m) box: full width, height (and depth); plane (drawn): its side
---@field points taut.vec[] (read-only) (m) polygon or hull: its points about its centre (else empty)
---@field velocity taut.vec (m/s) carried every step
---@field angular_velocity number|taut.vec (rad/s) 2D: a number; 3D: axis times rad/s
---@field friction number static coefficient
---@field kinetic_friction number while sliding
---@field restitution number 0 (no bounce) to 1
---@field enabled boolean a disabled collider touches nothing
---@field group taut.bits collision categories it belongs to
---@field mask taut.bits categories it collides with
---@field world taut.world (read-only) the world it is in
local collider = {}

--- Move (and turn) it over the next step, so what rests on it or is pinned to it is carried.
---@param position taut.vec (m)
---@param turn? number|taut.quat 2D: the angle to reach (rad); 3D: the rotation (along the shorter arc)
function collider:move_to(position, turn) end

--- Remove it; particles pinned to it are let go.
function collider:destroy() end

--- A moving transform with no shape (an animated bone, a head) that particles ride exactly, turning
--- with it (3D worlds).
---@class taut.frame
---@field position taut.vec (m) where it is (writing teleports it)
---@field rotation taut.quat how it is turned (writing teleports it)
---@field world taut.world (read-only) the world it is in
local frame = {}

--- Reach position (and rotation) at the end of the next step, smoothly through it.
---@param position taut.vec (m)
---@param rotation? taut.quat
function frame:move_to(position, rotation) end

--- A point of its local frame in world coordinates.
---@param point taut.vec (m)
---@return taut.vec # (m)
function frame:to_world(point) end

--- A world point in its local frame.
---@param point taut.vec (m)
---@return taut.vec # (m)
function frame:to_local(point) end

--- Remove it; particles pinned to it are let go.
function frame:destroy() end

--- A dynamic-bone chain (a strand of hair, a tail, a scarf) on a frame or a collider: it follows
--- its root as it moves and turns, with Dynamic Bone's knobs.
---
--- Knobs mean what they do in Dynamic Bone: `damping` (share of speed lost per 1/60 s),
--- `elasticity` (share of the way back to the animated pose per 1/60 s), `stiffness` (a cone about
--- the animated direction of half-angle (1 - stiffness) x 180 degrees), `inertia` (share of the
--- root's motion ignored: 1 rides it rigidly), `radius`, `max_stretch` (segments stay within rest x
--- (1 +- it): a clamp, never a tear); each is a number, `{root, tip}` or `{{depth, value}, ...}`
--- (linear along the rest length), and every one reads and writes live. A chain's nodes are pinned
--- particles it places: drawn as a strand coloured by its LOD level, picked and dragged by the
--- mouse (a node moved by a grab or a script is held there, the chain out to its reach). An update
--- is split in 20-degree parts of the root's turn, so a head turning 180 degrees in a step keeps
--- its hair out of it.
---@class taut.chain
---@field damping taut.curve share of speed lost per 1/60 s
---@field elasticity taut.curve share of the way back to the animated pose per 1/60 s
---@field stiffness taut.curve 0: free, 1: held in the animated direction
---@field inertia taut.curve share of the root's motion ignored (1: rides it rigidly)
---@field radius taut.curve of every node, m, for its colliders
---@field max_stretch taut.curve segments stay within rest x (1 +- it)
---@field end_length number a virtual tip past the last node, in last segments (0: none)
---@field rate number (Hz) updates per second; 0: once a step
---@field teleport_distance number (m) a root jump past this in one step is a teleport (0: never)
---@field teleport_angle number (rad) a root turn past this in one step is a teleport (0: never)
---@field teleport "keep"|"reset" on a teleport: keep (jump along, speeds kept) or reset (to the animated pose)
---@field gravity taut.vec (m/s^2) its own gravity (up floats)
---@field force taut.vec (m/s^2) an acceleration added to gravity (wind, a push)
---@field lod taut.chain_lod|nil level of detail by distance, or nil: always full
---@field colliders table what it collides with: colliders, or {collider, inside = true}; empty: every collider its group and mask meet
---@field group taut.bits collision categories it belongs to
---@field mask taut.bits categories it collides with
---@field points taut.vec[] (m) the rest pose in the root's frame (point 1 on the root)
---@field mass number (read-only) (kg) of every node
---@field root taut.frame|taut.collider (read-only) what it hangs from
---@field level "full"|"low"|"culled" (read-only) its LOD level now
---@field node_updates integer (read-only) node updates it made so far
---@field tip taut.vec|nil (read-only) (m) the virtual tip (end_length), or nil
---@field world taut.world (read-only) the world it is in
---@operator len: integer
local chain = {}

--- Node i (1-based, root to tip): a pinned particle the chain places.
---@param i integer
---@return taut.particle
function chain:node(i) end

--- Every node, root to tip.
---@return taut.particle[]
function chain:nodes() end

--- Where node i is, as simulated.
---@param i integer
---@return taut.vec # (m)
function chain:position(i) end

--- How fast node i moves, as simulated.
---@param i integer
---@return taut.vec # (m/s)
function chain:velocity(i) end

--- Where node i would be in the animated pose (the rest pose carried by the root).
---@param i integer
---@return taut.vec # (m)
function chain:rest(i) end

--- A knob's value at node i (its curve read at the node's depth).
---@param knob "damping"|"elasticity"|"stiffness"|"inertia"|"radius"|"max_stretch"
---@param i integer
---@return number
function chain:value(knob, i) end

--- Take a preset's knobs (taut.chain_presets()).
---@param preset taut.chain_preset
function chain:apply(preset) end

--- Put every node in the animated pose, at rest.
function chain:reset() end

--- Remove it and its nodes.
function chain:destroy() end

--- Cloth on a proxy: a grid or a triangle mesh of particles with structural, shear and bend
--- springs, pinned to a frame or a collider, with per-triangle drag and lift, tearing and a render
--- mesh bound to it.
---
--- The proxy is what is simulated; draw a denser mesh bound to it (`cloth:bind(mesh)`), each
--- vertex carried by the proxy triangle under it. Node 1 of a grid is its top left; nodes run
--- across, then down. `pin` names sides, corners or node indices; `pin_to` carries the pinned
--- nodes with a frame or a collider (a cape on a torso). Wind and the cloth's own motion push every
--- triangle by its area and angle (`drag`, `lift`, `air_density`). A cloth whose pin root jumps
--- past `teleport_distance` or turns past `teleport_angle` in one step moves along (`"keep"`) or is
--- laid out again at rest (`"reset"`). With `max_strain` > 0 its springs tear; a triangle with a
--- torn edge stops standing (drawn no more, no more wind on it).
---@class taut.cloth
---@field stretch number (m/N) compliance of the structural springs
---@field shear number (m/N) compliance of the shear springs
---@field bend number (m/N) compliance of the bend springs
---@field max_strain number its springs tear past it; 0 never
---@field damping number (1/s) the share of its motion lost per second
---@field drag number drag coefficient of every triangle
---@field lift number lift coefficient of every triangle
---@field air_density number (kg/m^3) of the air that pushes it
---@field thickness number (m) how far colliders keep it off
---@field teleport_distance number (m) a pin root's jump past this in one step is a teleport (0: never)
---@field teleport_angle number (rad) a pin root's turn past this in one step is a teleport (0: never)
---@field teleport "keep"|"reset" on a teleport: move along, or lay out at rest
---@field self_collision boolean its nodes keep apart from each other
---@field visible boolean drawn by the viewport's own layer
---@field group taut.bits collision categories of every node
---@field mask taut.bits categories every node collides with
---@field mass number (read-only) (kg) of the whole cloth
---@field kind "grid"|"mesh" (read-only) its layout
---@field cols integer (read-only) grid cells across (0 for a mesh)
---@field rows integer (read-only) grid cells down (0 for a mesh)
---@field laid integer (read-only) nodes of its layout (tearing adds nodes past them)
---@field triangle_count integer (read-only) triangles of its layout
---@field standing integer (read-only) triangles with no torn edge
---@field tethers integer (read-only) long-range tethers to its pinned nodes
---@field teleports integer (read-only) teleports it made so far
---@field torn boolean (read-only) a triangle of it stands no more
---@field normals taut.vec[] (read-only) the surface normal at every laid-out node
---@operator len: integer
local cloth = {}

--- Node i (1-based).
---@param i integer
---@return taut.particle
function cloth:particle(i) end

--- Its nodes still there, in order.
---@return taut.particle[]
function cloth:nodes() end

--- Its springs still there, in order.
---@return taut.spring[]
function cloth:springs() end

--- Triangle i (1-based): its three node indices and whether it still stands (no edge torn).
---@param i integer
---@return integer a
---@return integer b
---@return integer c
---@return boolean standing
function cloth:triangle(i) end

--- Where laid-out node i lies at rest, in the world (its pin root's pose now).
---@param i integer
---@return taut.vec # (m)
function cloth:rest_position(i) end

--- Lay every node out at rest again, with no speed (torn springs stay torn).
function cloth:reset() end

--- Move every node by an offset, a teleport that adds no speed.
---@param offset taut.vec (m)
function cloth:translate(offset) end

--- Bind a render mesh laid over the cloth at rest: every vertex rides the proxy triangle under it.
---@param mesh taut.mesh
---@param options? taut.bind_options
---@return taut.binding
function cloth:bind(mesh, options) end

--- Its own surface as a mesh (one per cloth, written from the nodes now), to draw with g:mesh.
---@return taut.mesh
function cloth:mesh() end

--- Remove its particles and springs.
function cloth:destroy() end

--- A dense render mesh driven by a cloth: each vertex at barycentric coordinates and an offset over
--- a proxy triangle.
---
--- A vertex whose triangle has torn or shrunk below `min_area` of its rest area falls back to
--- the nearest standing triangle (counted in `fallbacks`); one with none near is hidden. Inside
--- scene.draw an update reads the positions drawn between steps, so the mesh follows the blended
--- proxy. g:mesh(binding, texture) updates and draws it; g:binding(binding) draws the debug layer.
---@class taut.binding
---@field min_area number a triangle below this share of its rest area hands its vertices on, in [0, 0.5)
---@field fallbacks integer (read-only) vertices on a fallback triangle at the last update
---@field hidden integer (read-only) vertices with no triangle near at the last update
---@field mesh taut.mesh (read-only) the render mesh it moves
---@field cloth taut.cloth (read-only) the cloth it follows
---@operator len: integer
local binding = {}

--- Move the mesh's vertices with the cloth as it is now.
---@return integer fallbacks
function binding:update() end

--- Where vertex i is bound: its triangle (1-based), barycentric u, v, w and offset along the
--- normal.
---@param i integer
---@return integer triangle
---@return number u
---@return number v
---@return number w
---@return number offset # (m)
function binding:vertex(i) end

--- Where vertex i falls (its triangle now, or its fallback).
---@param i integer
---@return taut.vec # (m)
function binding:skinned(i) end

--- An air velocity field that pushes particles and springs through their drag: uniform, noise
--- (gusts), vortex, radial, or a Lua function.
---
--- A field acts only on what has `drag` (particles, springs, soft bodies): force =
--- drag * (air - velocity). Any field can be limited to a `region` (`"circle"` or `"box"`, with a
--- soft `edge`). A `"function"` wind calls `fn(x, y, z, t)` once per step at the points of a lattice
--- from `lo` to `hi` with `cells` cells per axis (not per particle) and blends them.
---@class taut.wind
---@field kind taut.wind_kind (read-only) its kind
---@field enabled boolean false: it blows nothing
---@field strength number (m/s) its speed (may be negative)
---@field direction taut.vec uniform and noise: where it blows (made unit)
---@field center taut.vec (m) vortex and radial: its centre
---@field axis taut.vec vortex: what it turns about (made unit)
---@field radius number (m) vortex core, radial reach
---@field scale number (m) noise: size of a gust
---@field speed number (1/s) noise: how fast gusts change
---@field turbulence number noise: gust size over strength
---@field seed integer noise: which gusts
---@field region taut.region where it acts: none (everywhere), circle or box
---@field region_center taut.vec (m) the region's centre
---@field region_size number|taut.vec (m) circle: radius; box: full size
---@field edge number (m) the field fades in over this much inside the region's border
---@field fn fun(x: number, y: number, z: number, t: number): number, number, number? a function wind's function
---@field samples integer (read-only) a function wind's lattice points, (cells + 1) per axis
---@field world taut.world (read-only) the world it is in
local wind = {}

--- The air velocity of this field at a point, now (enabled or not).
---@param point taut.vec (m)
---@return taut.vec # (m/s)
function wind:sample(point) end

--- Remove it.
function wind:destroy() end

--- A blade: set its position each frame and it cuts what it swept at the next step (so a fast slash
--- cannot pass through).
---@class taut.cutter
---@field position taut.vec (m) where the blade is; it cuts what it swept since
---@field cuts integer (read-only) cuts it made
local cutter = {}

--- Remove it.
function cutter:destroy() end

--- n floats in one userdata, read and written by rope:positions and world:positions with no
--- conversion per number.
---
--- A buffer's own buf[i] goes through metamethods, about 5x a table's: a script that visits every number is faster with a table.
---@class taut.buffer
---@operator len: integer
---@field [integer] number buf[i] (1 to n) reads and writes number i
local buffer = {}

--- A triangle mesh (vertices, triangles, optional uvs) drawn by g:mesh, whose vertices composites
--- and scripts write in bulk.
---@class taut.mesh
---@field vertex_count integer (read-only) vertices
---@field triangle_count integer (read-only) triangles
---@field has_uv boolean (read-only) it has texture coordinates
---@operator len: integer
local mesh = {}

--- Vertex i (1-based).
---@param i integer
---@return taut.vec # {x, y, z}
function mesh:vertex(i) end

--- Write vertices first, first + 1, ... (default 1) from a list of {x, y [, z]}.
---@param list taut.vec[]
---@param first? integer (default 1)
function mesh:set_vertices(list, first) end

--- The box holding every vertex.
---@return taut.vec lo
---@return taut.vec hi
function mesh:bounds() end

--- The RGBA pixels of an image file in memory, so a test can check a headless screenshot.
---@class taut.image
---@field width integer (read-only) (px) its width
---@field height integer (read-only) (px) its height
local image = {}

--- The colour at (x, y), 0-based from the top left: r, g, b, a in 0..255.
---@param x integer
---@param y integer
---@return integer r
---@return integer g
---@return integer b
---@return integer a
function image:pixel(x, y) end

--- How many pixels of the rectangle (clipped to the image) are not the colour r, g, b, and where
--- the first one is (row by row from the top left).
---@param x integer (px)
---@param y integer (px)
---@param w integer (px)
---@param h integer (px)
---@param r integer 0..255
---@param g integer
---@param b integer
---@return integer count
---@return integer? x # nil when none differs
---@return integer? y
function image:differing(x, y, w, h, r, g, b) end

--- An image (PNG, JPG, TGA... through stb_image) to draw meshes with; the view uploads it on first
--- use, so load() can make one headless.
---@class taut.texture
---@field width integer (read-only) (px) its width
---@field height integer (read-only) (px) its height
local texture = {}

--- Draws on top of the debug view in world coordinates (in 3D, depth-sorted with it); valid only
--- inside scene.draw.
---
--- Points are two numbers `x, y`, or one vector `{x, y}` / `{x, y, z}` (3D). Inside `scene.draw`
--- every read of a position is the drawn (interpolated) one.
---@class taut.graphics
local graphics = {}

--- The colour of what is drawn next; components 0..1, as in LÖVE.
---@param r number
---@param g number
---@param b number
---@param a? number (default 1)
function graphics:color(r, g, b, a) end

--- A line from a to b, width in pixels (default 2): g:line(x1, y1, x2, y2 [, width]) or g:line(a, b
--- [, width]).
---@param a number|taut.vec (m) x then y, or one {x, y[, z]}
---@param b number|taut.vec (m) x then y, or one {x, y[, z]}
---@param width? number (px) (default 2)
function graphics:line(a, b, width) end

--- A circle, filled unless mode is "line": g:circle(x, y, r [, mode]) or g:circle(center, r [,
--- mode]).
---@param center number|taut.vec (m) x then y, or one {x, y[, z]}
---@param radius number (m)
---@param mode? "fill"|"line" (default "fill")
function graphics:circle(center, radius, mode) end

--- Text at a point: g:text(x, y, text) or g:text(point, text).
---@param at number|taut.vec (m) x then y, or one {x, y[, z]}
---@param text string
function graphics:text(at, text) end

--- A mesh, as it is in 2D and lit in 3D, textured or not, tinted by the colour (white: as is).
---@param mesh taut.mesh
---@param texture? taut.texture
function graphics:mesh(mesh, texture) end

--- A lit solid: sphere, capsule, box, plane patch or hull.
---@param options taut.solid_options
function graphics:solid(options) end

--- A 2D soft body's cells filled again (over the debug view), textured by the texture coordinates
--- of its rest shape and tinted by the colour; in 3D nothing.
---@param body taut.softbody
---@param texture? taut.texture
function graphics:softbody(body, texture) end

--- A binding's debug layer: the proxy's triangles, vertices on fallbacks and hidden ones.
---@param binding taut.binding
function graphics:binding(binding) end

--- A headless surface to draw charts on in screen pixels (y down) and save as PNG; scripts/plot.lua
--- draws experiment plots on it.
---@class taut.canvas
local canvas = {}

--- A line; colour components 0..1 (default white).
---@param x0 number (px)
---@param y0 number (px)
---@param x1 number (px)
---@param y1 number (px)
---@param width? number (px) (default 2)
---@param r? number (default 1)
---@param g? number (default 1)
---@param b? number (default 1)
function canvas:line(x0, y0, x1, y1, width, r, g, b) end

--- A filled rectangle.
---@param x number (px)
---@param y number (px)
---@param w number (px)
---@param h number (px)
---@param r? number (default 1)
---@param g? number (default 1)
---@param b? number (default 1)
function canvas:rect(x, y, w, h, r, g, b) end

--- Text with its top left at (x, y), scaled by an integer.
---@param x number (px)
---@param y number (px)
---@param text string
---@param scale? integer (default 1)
---@param r? number (default 1)
---@param g? number (default 1)
---@param b? number (default 1)
function canvas:text(x, y, text, scale, r, g, b) end

--- The width and height text takes at a scale.
---@param text string
---@param scale? integer (default 1)
---@return number w # (px)
---@return number h # (px)
function canvas:text_size(text, scale) end

--- Write it as a PNG.
---@param path string
function canvas:save(path) end

--- Free it; using it afterwards is an error.
function canvas:close() end

--- A scene runtime driven from Lua: loads a scene, steps it and reloads its saves as the window
--- would, without a window and without sleeping.
---@class taut.runtime
local runtime = {}

--- Run n fixed steps (default 1); false once the scene stopped.
---@param n? integer (default 1)
---@return boolean
function runtime:step(n) end

--- Reload a save the watcher saw, once it settles (waiting up to seconds for one to begin).
---@param seconds? number (s) (default 0)
---@return "same"|"tune"|"swap"|"rebuild"|"error"|"none" # the kind of reload it made
function runtime:poll(seconds) end

--- Read the files now and reload what changed.
---@return "same"|"tune"|"swap"|"rebuild"|"error"|"none" # the kind of reload it made
function runtime:reload() end

--- Rebuild the world from the file as last saved (R in the window).
---@return "same"|"tune"|"swap"|"rebuild"|"error"|"none" # the kind of reload it made
function runtime:rebuild() end

--- The scene's world.
---@return taut.world
function runtime:world() end

--- Why the scene does not run (file, line, traceback), or nil.
---@return string|nil
function runtime:error() end

--- Bytes the scene's Lua state holds.
---@return integer
function runtime:lua_bytes() end

--- The tune values (name -> value) and their ranges (name -> {min, max}).
---@return table<string, number|boolean> values
---@return table<string, number[]> ranges
function runtime:tune() end

--- Set a tune value as the panel would (scene.tuned is called).
---@param name string
---@param value number|boolean
function runtime:set(name, value) end

--- Write the tuned values into the scene's tune table (Ctrl+S); in --safe only a scene under the
--- folder.
function runtime:save() end

--- How many tune values differ from the file.
---@return integer
function runtime:unsaved() end

--- The last reload: its kind, how long it took and why.
---@return "same"|"tune"|"swap"|"rebuild"|"error"|"none" # the kind of reload it made
---@return number ms # (ms)
---@return string reason
function runtime:last_reload() end

--- The HUD's notes (what was applied, what was kept).
---@return string
function runtime:notice() end

--- What quitting does: write the unsaved tune values to the sidecar <scene>.tuned; in --safe only
--- for a scene under the folder.
function runtime:quit() end

--- Free it.
function runtime:close() end

--- What a scene file returns: its fields and its callbacks (all optional).
--- Annotate a scene's table with `---@type taut.scene` to have it checked.
---@class taut.scene
---@field title? string shown in the window's title, the HUD and the scene browser's card
---@field tune? table<string, number|boolean|number[]> live-tunable values: a number, a boolean, or {value, min, max} for a slider's range; the comment ending an entry's line gives its unit (`-- m/s`)
---@field view? taut.vec[]|taut.view3 what the camera frames: 2D {lo, hi} corners; 3D {eye = {x, y, z}, target = {x, y, z}}
---@field controls? (string|string[])[] the scene's own keys and clicks, listed in the HUD: {keys, what} each, or a string shown as it is (an entry of another shape shows what is wrong with it)
---@field world? taut.world_options the options of the world load gets (taut.world{...}): {is_3d = true} for a 3D scene
---@field load? fun(world: taut.world, tune: table<string, number|boolean>) Build the world: called at the start and at every rebuild (R, or a save that changed load).
---@field update? fun(world: taut.world, dt: number, tune: table<string, number|boolean>) Gameplay, before each fixed step.
---@field tuned? fun(world: taut.world, tune: table<string, number|boolean>, changed: table<string, boolean>) A tune value changed (slider, save, --set): apply it to live objects; without it nothing is applied until a rebuild.
---@field draw? fun(g: taut.graphics) Extra drawing over the debug view, each frame; positions read here are the drawn (interpolated) ones.
---@field keypressed? fun(key: string): boolean? A key went down.
---@field keyreleased? fun(key: string): boolean? A key came up.
---@field mousepressed? fun(x: number, y: number, button: integer): boolean? A mouse button went down (world coordinates); a scene's own clicks come before the grab.
---@field mousereleased? fun(x: number, y: number, button: integer): boolean? A mouse button came up.
---@field mousemoved? fun(x: number, y: number): boolean? The pointer moved.
---@field nonfinite? fun(event: taut.event, world: taut.world) event: A particle's state went non-finite and was reset where it was, at rest.
---@field break? fun(event: taut.event, world: taut.world) event: A spring broke past its max_force.
---@field contact_begin? fun(event: taut.event, world: taut.world) event: A particle started touching a collider.
---@field contact_end? fun(event: taut.event, world: taut.world) event: A particle stopped touching a collider.
---@field cut? fun(event: taut.event, world: taut.world) event: A spring was cut (by a script, a swipe or tearing).
---@field cull? fun(event: taut.event, world: taut.world) event: A short free rope piece left by a cut was removed (world.min_fragment).
---@field grab_limit? fun(event: taut.event, world: taut.world) event: A grab began pulling with all the force it may.
---@field tear_limit? fun(event: taut.event, world: taut.world) event: More springs passed max_strain than a step may tear (world.max_tears).
---@field [string] any a scene keeps its own state in its table too

--- The taut module: worlds, meshes, images, buffers, and (in the taut program) textures, runtimes
--- and canvases.
---
--- In a scene, a test or an experiment run by the `taut` program, `require "taut"` gives
--- everything below. From a plain `lua5.4`, `require "taut"` loads `taut.so` (`make module`): the
--- same worlds and objects, without the functions marked *program only*.
---@class taut
---@field version string taut's version, "0.1.0"
---@field executable string (taut program only) the path of the running taut program (to run headless children)
---@field sanitized boolean (taut program only) true in the sanitizer build (make SAN=1), whose resident memory is ASan's quarantine, not the program's (the soak leaves it out)
local taut = {}

--- A new world: particles and the constraints between them, stepped by `world:step`.
---@param options? taut.world_options
---@return taut.world
function taut.world(options) end

--- A triangle mesh from lists of vertices, triangles and uvs, or from a Wavefront OBJ file.
---
--- Indices are 1-based, as OBJ's. uv (0, 0) is the image's bottom left. An OBJ file's `v`, `vt` and `f` lines are read in every corner form, negative indices too; polygons are fanned into triangles.
---@param source taut.mesh_options|string a table {vertices, triangles [, uvs]}, or an OBJ file name
---@return taut.mesh
function taut.mesh(source) end

--- The pixels of an image file (PNG, JPG, TGA... through stb_image), to check a headless
--- screenshot.
---@param path string
---@return taut.image
function taut.image(path) end

--- n numbers (floats) in one userdata, which rope:positions and world:positions fill and read
--- directly.
---@param n integer how many numbers (0 to 2^26)
---@return taut.buffer
function taut.buffer(n) end

--- Bytes the physics core holds right now (every world), to show a destroyed world freed all.
---@return integer # (bytes)
function taut.core_bytes() end

--- An image to draw meshes with, g:mesh(mesh, texture); uploaded to the renderer on first use.
---@param path string
---@return taut.texture
function taut.texture(path) end

--- A scene runtime driven from Lua (tests): loads the scene, steps it and reloads its saves as the
--- window would.
---@param path string the scene file
---@param options? taut.runtime_options
---@return taut.runtime
function taut.runtime(path, options) end

--- A headless surface to draw charts on in pixels and save as PNG (scripts/plot.lua).
---@param options taut.canvas_options
---@return taut.canvas
function taut.canvas(options) end

--- The names of the chains' presets, in order.
---@return taut.chain_preset[]
function taut.chain_presets() end

return taut
