-- taut_api.events: what a step reports after it (lua/bind_event.c).
local particle = { name = "particle", type = "taut.particle" }
local function f(name, type, doc) return { name = name, type = type, doc = doc } end

return {
  prose = {
    { name = "Events", doc = [[
Collected during a step and delivered after it, in the order they happened: to the handlers of
`world:on(kind, fn)`, then to the scene's callback of the same name (`scene.cut(event, world)`).
`world:events()` lists the last step's. Every event has `kind`, `point`, `normal` and `value`;
the others only when they say something.]] },
  },
  events = {
    { name = "nonfinite", doc = "A particle's state went non-finite and was reset where it was, at rest.",
      fields = { f("particle", "taut.particle", "the one reset") } },
    { name = "break", doc = "A spring broke past its max_force.",
      fields = { f("spring", "taut.spring", "the spring (now stale)"), f("particle", "taut.particle", "its end a"),
        f("point", "taut.vec", "its middle"), f("value", "number", "the force, N") } },
    { name = "contact_begin", doc = "A particle started touching a collider.",
      fields = { particle, f("collider", "taut.collider"), f("point", "taut.vec", "where"), f("normal", "taut.vec", "the collider's normal there") } },
    { name = "contact_end", doc = "A particle stopped touching a collider.",
      fields = { particle, f("collider", "taut.collider") } },
    { name = "cut", doc = "A spring was cut (by a script, a swipe or tearing).",
      fields = { f("spring", "taut.spring", "the spring cut (now stale)"), f("point", "taut.vec", "where"),
        f("value", "number", "the fraction t along it"), f("particle", "taut.particle", "the new end on a's side"),
        f("other", "taut.particle", "the new end on b's side"), f("rope", "taut.rope?", "a cut rope's spool part"),
        f("other_rope", "taut.rope?", "a cut rope's end part"), f("cause", '"script"|"swipe"|"strain"', "why") } },
    { name = "cull", doc = "A short free rope piece left by a cut was removed (world.min_fragment).",
      fields = { f("rope", "taut.rope", "the piece (now stale)"), f("value", "number", "its segments") } },
    { name = "grab_limit", doc = "A grab began pulling with all the force it may.",
      fields = { f("particle", "taut.particle", "the grabbed one"), f("value", "number", "the limit, N") } },
    { name = "tear_limit", doc = "More springs passed max_strain than a step may tear (world.max_tears).",
      fields = { f("value", "number", "how many wait for the next step") } },
  },
  records = {
    { type = "taut.event", doc = "An event, delivered after the step to world:on handlers and to the scene's callback of its name.",
      fields = {
        f("kind", "taut.event_kind", "which event"),
        f("particle", "taut.particle?"), f("spring", "taut.spring?"), f("collider", "taut.collider?"),
        f("other", "taut.particle?"), f("rope", "taut.rope?"), f("other_rope", "taut.rope?"),
        f("point", "taut.vec", "where (if it says)"), f("normal", "taut.vec", "facing where (if it says)"),
        f("value", "number", "a measure of the kind (force, fraction...)"),
        f("cause", '"script"|"swipe"|"strain"|nil', "a cut's cause"),
      } },
  },
  extend = {
    { class = "world", methods = {
      { name = "on", doc = "Call fn(event, world) for every event of a kind, after each step.",
        params = { { name = "kind", type = "taut.event_kind" },
          { name = "fn", type = "fun(event: taut.event, world: taut.world)" } },
        errors = {
          { code = "w:on('explode', print)", message = "bad argument #1 to 'on' (unknown event 'explode' (expected nonfinite, break, contact_begin, contact_end, cut, cull, grab_limit, tear_limit))" },
        } },
      { name = "events", doc = "The last step's events, in the order they happened.",
        returns = { { type = "taut.event[]" } } },
    } },
  },
}
