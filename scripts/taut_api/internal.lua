-- taut_api.internal: modules of scripts/ that taut uses itself; scenes do
-- not require them (they are listed so the contract test knows every module).
return {
  internal = {
    { name = "lex", doc = "The tokens of Lua source, by Lua 5.4's own lexer rules (hot reload compares tokens)." },
    { name = "regions", doc = "A scene file cut into the regions hot reload compares: callbacks, tune, the rest." },
    { name = "reload", doc = "The Lua half of hot reload: classify a save, swap callbacks into the running scene." },
    { name = "tunefile", doc = "Find the literals of a scene's tune table in its source and rewrite them in place (Ctrl+S)." },
    { name = "export", doc = "The `taut export` command: a scene's tune values and physical parameters as JSON (docs/export.md)." },
    { name = "taut_api", doc = "This description of the API (docs, types, the contract test and taut export read it)." },
  },
}
