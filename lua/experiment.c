/* `taut --headless file.lua ...` when the file is an experiment (a table
 * made by require("experiment").new{...}): the whole command line goes to
 * scripts/experiment.lua, which runs the parameter grid and plots it. */
#include "experiment.h"
#include "script.h"

int tt_experiment_main(const char *root, int argc, char **argv)
{
	return tt_script_main(root, "experiment", argc, argv);
}
