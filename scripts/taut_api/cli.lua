-- taut_api.cli: the command line of the taut program (lua/main.c), the one
-- source of `taut --help` (lua/usage.h) and of the man page taut.1.
--   synopsis   the usage lines, after "taut "
--   options    the options of a scene run (name, arg, doc); the contract
--              test reads every "--name" lua/main.c compares against
--   commands   taut <name> ...; each with the options it parses itself
--   browser    what `taut [folder]` opens (lua/picker.c)
--   experiment what an experiment file takes (scripts/experiment.lua)
local function o(name, arg, doc) return { name = name, arg = arg, doc = doc } end

return {
  cli = {
    summary = "a sandbox for the physics game characters wear and swing on",
    more = [[taut runs a scene: a Lua file that returns a table of callbacks, as in LÖVE. A C core
simulates particles and constraints (ropes, soft bodies, colliders, wind, cuts: XPBD with
substeps, deterministic), the scene builds and plays with them, and an SDL2 viewport shows them
in a window, or headless onto a PNG. Saving the scene while it runs applies the change within a
frame; the tuning panel has a slider for each value of the scene's tune table.]],
    synopsis = {
      "[options] scene.lua",
      "[options] [folder]",
      "test [files or folders of *.lua]",
      "export scene.lua [--format json] [--out FILE] [--set name=value]",
      "bench rope --ropes N --segments S --steps K",
      "bench reload --saves K",
      "bench scene FILE [--steps K] [--warmup W] [--core 0|1] [--self 0|1] [--replay INPUTS]",
      "bench cut [--segments S] [--grid N] [--trials K]",
      "bench bones [--chains N] [--nodes S] [--steps K]",
      "bench cloth [--size N] [--steps K] [--self 1]",
    },
    options = {
      o("--headless", nil, "draw to a software surface, no window"),
      o("--frames", "N", "run N fixed steps (headless default 1), then stop"),
      o("--screenshot", "FILE", "save the last frame as a PNG"),
      o("--size", "WxH", "window or surface size (default 1280x720)"),
      o("--fraction", "F", "headless: draw the last frame F of the way from the step before the last (0..1, default 1)"),
      o("--set", "name=value", "override a tune value (repeatable); checked against the tune table"),
      o("--untuned", nil, "run on the scene file's values: its .tuned sidecar (values tuned in the panel, not saved) neither read nor written"),
      o("--record", "FILE", "record the inputs, tune values, saves and (3D) the camera's moves, per step, to FILE"),
      o("--replay", "FILE", "replay a recording (the same frames again, to the same state, at any window size)"),
      o("--hud", "on|off|blank", "the HUD and tuning panel (default: on in a window, off headless, so screenshots show the scene alone; headless it shows no times, which differ run to run); blank: their space kept, empty"),
      o("--layout", "FILE", "write where the last frame put the scene, the HUD, its text and the panel (pixels), and the text scale"),
      o("--safe", nil, "run a shared scene with no access outside its folder (the default for a scene outside the working folder and taut's; README, \"Two modes\")"),
      o("--trust", nil, "run it with every capability all the same"),
      o("--help", nil, "this text"),
      o("--version", nil, "the version"),
    },
    browser_usage = "taut [options] [folder]",
    browser_doc = "no scene, or a folder (default: the examples), opens the scene browser: a card per scene with its title and a picture of its first second (Backspace in a scene comes back); headless, the list is printed",
    commands = {
      { name = "test", args = "[paths]", doc = "run Lua test files (default tests/lua) with the real bindings, headless; the last line is \"N passed, N failed\"" },
      { name = "export", args = "scene.lua [--format json] [--out FILE] [--set name=value]",
        doc = "write the scene's tune values (with ranges and units) and every object's physical parameters as JSON (docs/export.md)",
        options = {
          o("--format", "json", "the format (json, the only one so far)"),
          o("--out", "FILE", "write to FILE instead of standard output"),
          o("--set", "name=value", "override a tune value before load, as for a run"),
        } },
      { name = "bench", args = "WORKLOAD ...", doc = "the benchmarks (bench/run runs them all, as medians)" },
    },
    experiment = {
      o("--jobs", "N", "run the combinations in N processes"),
      o("--list", nil, "print one self-contained command per combination (for GNU parallel, xargs -P, Slurm)"),
      o("--merge", "a.csv ...", "join CSV parts and draw the plot"),
      o("--out", "FILE", "the CSV to write (the PNG beside it)"),
      o("--set", "name=value", "run one combination"),
    },
    experiment_usage = "taut --headless exp.lua [--jobs N | --list | --merge a.csv ...]",
    experiment_doc = "a file returning require(\"experiment\").new{...} runs every combination of its parameters headless, into a CSV and a PNG plot",
    see_also = "docs/API.md (the Lua API, generated from the same description as this text), docs/*.md (topics), README.md",
    exit = {
      { code = 0, doc = "success" },
      { code = 1, doc = "a script error" },
      { code = 2, doc = "bad usage" },
    },
    environment = {
      { name = "XDG_CACHE_HOME", doc = "where the scene browser keeps its thumbnails: $XDG_CACHE_HOME/taut/thumbnails (default ~/.cache/taut/thumbnails), named by a hash of the scene's path and text" },
      { name = "TAUT_ROOT", doc = "the folder holding scripts/ (default: the program's folder or a parent of it, or PREFIX/share/taut for an installed taut)" },
    },
    files = {
      { name = "<scene>.tuned", doc = "tune values changed and not saved, kept at quit and applied at the next start while the file still holds the value they were tuned from" },
      { name = "screenshots/", doc = "beside the scene: the F12 screenshots and F9 GIFs, <scene>-<n>.png and .gif, numbered without overwriting" },
      { name = "PREFIX/share/taut/scripts", doc = "the modules scenes require (grapple, ragdoll, vec, experiment, test...)" },
      { name = "PREFIX/share/taut/examples", doc = "the example scenes" },
      { name = "PREFIX/share/taut/types/taut.lua", doc = "LuaLS annotations of the taut module, for editor autocomplete" },
    },
  },
}
