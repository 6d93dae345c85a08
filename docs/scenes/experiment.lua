-- The experiment of examples/experiments/rope_substeps.lua without its
-- step time, for the plot of docs/experiments.md (make docs): a time
-- differs from run to run, the stretch does not, so the picture is the
-- same bytes at every make docs.
local exp = dofile("examples/experiments/rope_substeps.lua")
exp.scene = "../../examples/rope.lua"  -- relative to this file
for i = #exp.metrics, 1, -1 do
  if exp.metrics[i][1] == "step_us" then table.remove(exp.metrics, i) end
end
return exp
