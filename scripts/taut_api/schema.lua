-- taut_api.schema: the fields every kind of entry of the description may
-- have, with what each means. The loader (init.lua) refuses an entry with a
-- field not listed here, so a typo in the description is an error, not a
-- silently missing line in the docs.
--
-- Snippets (sample, dead, probe, errors' code) are Lua run by the contract
-- test with these locals: taut, w (a 2D world), w3 (a 3D world), p, q, o
-- (particles of w at x = 0, 1, 2), p3, q3 (particles of w3); a snippet that
-- starts with "g:" runs inside scene.draw(g) of a headless taut instead.
local text = "string"
local list = "list"

return {
  prose = { name = text, doc = text },  -- a section of docs/API.md's opening
  alias = { name = text, type = text, doc = text },
  module = {
    name = text,        -- what require takes: "taut", "grapple"
    type = text,        -- LuaLS class of the module table (default: name)
    doc = text,         -- one line
    more = text,        -- prose (markdown), after the line
    example = text,     -- Lua code
    functions = list,   -- of function (called module.name(...))
    fields = list,      -- of field
    call = "table",     -- { params = {...} }: the module itself is callable
  },
  class = {
    name = text,        -- metatable name (what errors and tostring say)
    type = text,        -- LuaLS class (default "taut." .. name)
    doc = text, more = text, example = text,
    made_by = text,     -- how one is made: "world:rope{...}"
    module = text,      -- a Lua class: its methods are in this module's table
    sample = text,      -- snippet returning a live one (contract test)
    dead = text,        -- snippet returning a destroyed one (to tell
                        -- read-only properties from writable ones)
    len = text,         -- what #obj is, when it has a length
    index = text,       -- what obj[i] is (buffer)
    methods = list,     -- of function (called obj:name(...))
    properties = list,  -- of field
    export = "table",   -- { list = "ropes" }: world:ropes() lists them for
                        -- taut export, which writes the properties marked
                        -- export = true
  },
  ["function"] = {
    name = text, doc = text, more = text, example = text,
    params = list,      -- of param
    returns = list,     -- of value
    errors = list,      -- of error
    static = "boolean", -- in a class: called Class.name(...), not obj:name
    program = "boolean", -- only in the taut program, not in taut.so
  },
  param = {
    name = text, type = text, doc = text, unit = text,
    optional = "boolean", default = "any", values = list,
  },
  value = { name = text, type = text, doc = text, unit = text },
  field = {
    name = text, type = text, doc = text, unit = text,
    access = text,      -- "r" (read only) or "rw"; module fields: "r"
    default = "any", values = list,
    export = "boolean", -- a physical parameter taut export writes
    deprecated = text,  -- the name to use instead
    internal = "boolean", -- kept out of the docs (a Lua class's private state)
    program = "boolean", -- only in the taut program, not in taut.so
    errors = list,      -- of error: what reading or writing it can raise
  },
  options = {
    type = text,        -- LuaLS class of the table: "taut.rope_options"
    doc = text, more = text,
    of = text,          -- the function taking it: "world:rope"
    makes = text,       -- the class it makes (defaults are checked against
                        -- its properties of the same names)
    probe = "any",      -- an expression (or a list of them) calling the function with
                        -- OPTIONS in a table constructor, e.g.
                        -- "w:rope{OPTIONS}": the contract test puts an unknown
                        -- key there and reads the real key list from the error
    keys = list,        -- of key
  },
  record = {            -- a plain table the API returns (a hit, an energy)
    type = text, doc = text, fields = list,
  },
  key = {
    name = text, type = text, doc = text, unit = text,
    default = "any",    -- a constant (checked against the object made)
    default_doc = text, -- or what the default is, in words
    values = list,      -- the names an enum takes (probed like the keys)
    required = "boolean",
    check_default = "boolean", -- false: the property of that name is not
                               -- what the key sets (or is made unit, ...)
  },
  error = {
    code = text,        -- snippet that raises it
    message = text,     -- exactly what it raises (without "file:line: ")
  },
  event = { name = text, doc = text, fields = list },
  callback = {
    name = text, doc = text, more = text, params = list, returns = list,
  },
  scene_field = { name = text, type = text, doc = text, example = text },
  key_binding = {
    key = text, doc = text,
    hud = text,           -- taut's key (lua/keys.c's table): the word the HUD shows
    replayed = "boolean", -- a world key, replayed from a recording
  },
  internal = { name = text, doc = text },
  unshown = { name = text, doc = text },  -- a core status text no script sees, and why
  -- adds to a class (methods, properties) or a module (functions, fields)
  -- another part describes
  extend = { class = text, module = text, methods = list, properties = list,
    functions = list, fields = list },
}
