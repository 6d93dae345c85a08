/* Private: experiments run from the command line. */
#ifndef TT_EXPERIMENT_H
#define TT_EXPERIMENT_H

/// Run the command line's file as an experiment: its exit status, or -1
/// when the file is not an experiment (run it as a scene).
int tt_experiment_main(const char *root, int argc, char **argv);

#endif
