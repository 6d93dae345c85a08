-- taut_api.runtime: a scene runtime for tests, taut.runtime (lua/bind_runtime.c).
local kind = { type = '"same"|"tune"|"swap"|"rebuild"|"error"|"none"', doc = "the kind of reload it made" }

return {
  classes = {
    { name = "runtime", made_by = "taut.runtime(path [, {keep = true}])",
      doc = "A scene runtime driven from Lua: loads a scene, steps it and reloads its saves as the window would, without a window and without sleeping.",
      example = [[local rt = taut.runtime("examples/rope.lua")
rt:step(60)
print(rt:world().step_count, rt:tune().length)]],
      sample = "return taut.runtime('examples/rope.lua')",
      methods = {
        { name = "step", doc = "Run n fixed steps (default 1); false once the scene stopped.",
          params = { { name = "n", type = "integer", optional = true, default = 1 } },
          returns = { { type = "boolean" } } },
        { name = "poll", doc = "Reload a save the watcher saw, once it settles (waiting up to seconds for one to begin).",
          params = { { name = "seconds", type = "number", unit = "s", optional = true, default = 0 } },
          returns = { kind } },
        { name = "reload", doc = "Read the files now and reload what changed.", returns = { kind } },
        { name = "rebuild", doc = "Rebuild the world from the file as last saved (R in the window).", returns = { kind } },
        { name = "world", doc = "The scene's world.", returns = { { type = "taut.world" } } },
        { name = "error", doc = "Why the scene does not run (file, line, traceback), or nil.", returns = { { type = "string|nil" } } },
        { name = "lua_bytes", doc = "Bytes the scene's Lua state holds.", returns = { { type = "integer" } } },
        { name = "tune", doc = "The tune values (name -> value) and their ranges (name -> {min, max}).",
          returns = { { name = "values", type = "table<string, number|boolean>" }, { name = "ranges", type = "table<string, number[]>" } } },
        { name = "set", doc = "Set a tune value as the panel would (scene.tuned is called).",
          params = { { name = "name", type = "string" }, { name = "value", type = "number|boolean" } } },
        { name = "save", doc = "Write the tuned values into the scene's tune table (Ctrl+S)." },
        { name = "unsaved", doc = "How many tune values differ from the file.", returns = { { type = "integer" } } },
        { name = "last_reload", doc = "The last reload: its kind, how long it took and why.",
          returns = { kind, { name = "ms", type = "number", unit = "ms" }, { name = "reason", type = "string" } } },
        { name = "notice", doc = "The HUD's notes (what was applied, what was kept).", returns = { { type = "string" } } },
        { name = "quit", doc = "What quitting does: write the unsaved tune values to the sidecar <scene>.tuned." },
        { name = "close", doc = "Free it." },
      } },
  },
}
