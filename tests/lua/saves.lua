-- Real editors' save sequences at 50 saves a second, written by another
-- process while the runtime polls and steps as the viewport does: a save
-- is read once it is complete, so no half-written file reaches the parser.
--   in place      the bytes written over the file, no truncation
--   rename        a temporary file written, then renamed over (vim, VS Code)
--   truncate      the file truncated, a pause, then written
--   delete        the file deleted, a pause, then written again
local taut = require "taut"
local test = require "test"

local MODES = {
  ["in place"] = "cat \"$t\" 1<> \"$f\"",
  rename = "cat \"$t\" > \"$f.tmp\"; sleep 0.002; mv \"$f.tmp\" \"$f\"",
  truncate = "{ sleep 0.002; cat \"$t\"; } > \"$f\"",
  delete = "rm \"$f\"; sleep 0.002; cat \"$t\" > \"$f\"",
}

-- Start writing texts[1..n] over path, one every 20 ms, in the
-- background; returns the file that appears when the writer is done.
local function saver(path, texts, mode)
  local dir = test.tmpname("-saves")
  assert(os.execute(("mkdir -p '%s'"):format(dir)))
  for i, text in ipairs(texts) do test.save(("%s/%d"):format(dir, i), text) end
  local script = ([[
f='%s'; for i in $(seq 1 %d); do t="%s/$i"; %s; sleep 0.018; done; touch '%s/done'
]]):format(path, #texts, dir, MODES[mode], dir)
  test.save(dir .. "/run.sh", script)
  assert(os.execute(("sh '%s/run.sh' >/dev/null 2>&1 &"):format(dir)))
  return dir .. "/done", dir
end

local function exists(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

-- Poll and step as frames do until the writer is done; the counts of
-- each reload kind, the error overlays seen, and the steps taken.
local function run(rt, done)
  local kinds, errors, steps = {}, 0, 0
  repeat
    local finished = exists(done)
    local kind = rt:poll(finished and 0.1 or 0.016)
    kinds[kind] = (kinds[kind] or 0) + 1
    if rt:error() then
      errors = errors + 1
      io.stderr:write(("saves.lua: error overlay after a %s reload: %s\n"):format(kind, tostring(rt:error())))
    end
    rt:step(1)
    steps = steps + 1
  until finished and kind == "none"
  return kinds, errors, steps
end

for _, mode in ipairs { "in place", "rename", "truncate", "delete" } do
  test(("50 tune saves in one second (%s): no error overlay, the last value applied"):format(mode), function()
    local original = test.read("examples/rope.lua")
    local path = test.write(original, "-rope.lua")
    local texts = {}
    for i = 1, 50 do
      texts[i] = test.edit(original, "gravity = {9.81,", ("gravity = {9.%02d,"):format(i))
    end
    local rt = taut.runtime(path)
    local done, dir = saver(path, texts, mode)
    local kinds, errors = run(rt, done)
    test.eq(errors, 0, "error overlays")
    test.eq(kinds.error, nil, "reloads that failed")
    test.ok((kinds.tune or 0) >= 1, "tune reloads")
    test.eq(rt:tune().gravity, 9.5, "the last save's value")
    rt:close()
    os.execute(("rm -rf '%s'"):format(dir))
    os.remove(path)
  end)
end

-- Every example: 50 saves of callback-body edits (a comment, a new local)
-- by one of the sequences, each example another; the world after the
-- burst is the one a run that never reloaded reaches.
local examples = test.examples()
local order = { "truncate", "rename", "delete", "in place" }
for i, example in ipairs(examples) do
  local mode = order[(i - 1) % #order + 1]
  test(("%s.lua: 50 callback edits in a second (%s), the world as if never reloaded"):format(example, mode), function()
    local original = test.read("examples/" .. example .. ".lua")
    local name = original:match("\nfunction scene[.:]([%w_]+)%(", original:find("\nfunction scene.load") + 1)
    local header = original:match("\n(function scene[.:]" .. name .. "%([^\n]*\n)")
    -- the same length, for the saves in place
    local a = test.edit(original, header, header .. "  -- tried a thing \n")
    local b = test.edit(original, header, header .. "  local tried = 1  \n")
    local texts = {}
    for k = 1, 50 do texts[k] = k % 2 == 1 and a or b end
    local path, copy = test.copy_example(example, original)
    local rt = taut.runtime(path)
    local done, dir = saver(path, texts, mode)
    local kinds, errors, steps = run(rt, done)
    test.eq(errors, 0, "error overlays")
    test.eq((kinds.error or 0) + (kinds.rebuild or 0), 0, "reloads that failed or rebuilt")
    test.ok((kinds.swap or 0) >= 1, "swaps")
    local plain = taut.runtime("examples/" .. example .. ".lua")
    plain:step(steps)
    test.eq(rt:world():hash(), plain:world():hash(), ("hash after %d steps"):format(steps))
    plain:close(); rt:close()
    os.execute(("rm -rf '%s' '%s'"):format(dir, copy))
  end)
end

-- An editor that truncates, then writes more than the settle time later:
-- the empty file in between is a save not yet made, not a scene that
-- returns nothing; an empty file that stays a second is read (and said).
local function poll_for(rt, seconds)
  local kinds, errors = {}, 0
  for _ = 1, math.ceil(seconds / 0.016) do
    local kind = rt:poll(0)
    kinds[kind] = (kinds[kind] or 0) + 1
    if rt:error() then errors = errors + 1 end
    os.execute("sleep 0.016")  -- a frame, in wall time
  end
  return kinds, errors
end

local function truncate(path)
  local f = assert(io.open(path, "wb"))
  f:close()
end

test("a save truncated 0.1 s before it is written: no error overlay, the value applied", function()
  local original = test.read("examples/rope.lua")
  local path = test.write(original, "-rope.lua")
  local rt = taut.runtime(path)
  truncate(path)
  local kinds, errors = poll_for(rt, 0.1)
  test.eq(errors, 0, "error overlays while empty")
  test.eq(kinds.error, nil, "reloads of the empty file")
  test.save(path, test.edit(original, "gravity = {9.81,", "gravity = {9.5,"))
  kinds, errors = poll_for(rt, 0.3)
  test.eq(errors, 0, "error overlays")
  test.eq(kinds.tune, 1, "tune reloads")
  test.eq(rt:tune().gravity, 9.5, "the save's value")
  rt:close()
  os.remove(path)
end)

test("a scene file left empty: after a second its error says what it returned", function()
  local path = test.write(test.read("examples/rope.lua"), "-rope.lua")
  local rt = taut.runtime(path)
  truncate(path)
  local kinds = poll_for(rt, 1.5)
  test.eq(kinds.error, 1, "reloads that failed")
  test.ok(tostring(rt:error()):find("returned nil", 1, true), tostring(rt:error()))
  rt:close()
  os.remove(path)
end)
