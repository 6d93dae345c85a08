/* Private: commands written in Lua (script.c). */
#ifndef TT_SCRIPT_H
#define TT_SCRIPT_H

/// require(module).main(args) in a sandbox without a time budget: its
/// exit status (an error: 1, said on stderr), or -1 when main returned nil.
int tt_script_main(const char *root, const char *module, int argc, char **argv);

#endif
