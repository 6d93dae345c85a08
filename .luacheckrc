-- luacheck's configuration (make test runs `luacheck examples scripts tools`).
-- Generated from scripts/taut_api by tools/api/gen.lua (make docs): do not edit.
std = "lua54"
max_line_length = 120
-- the arguments taut passes to callbacks may go unused
files["examples"] = { ignore = { "212/world", "212/tune", "212/dt", "212/changed", "212/g", "212/key", "212/x", "212/y", "212/button", "212/event", "212/hook", "212/new", "212/old", "212/scene" } }
-- the description is data: a one-line doc may be long; so may the
-- annotations generated from it
files["scripts/taut_api"] = { max_line_length = false }
files["scripts"] = { max_comment_line_length = false }
-- the meta file of the taut module declares functions with empty bodies
exclude_files = { "types/" }
