/* Private: `taut test [paths]`. */
#ifndef TT_TESTRUN_H
#define TT_TESTRUN_H

/// Run the Lua test files found at paths (files, or folders searched for
/// *.lua), default "tests/lua"; exit status 0 when every test passed.
int tt_testrun(const char *root, int count, char **paths);

#endif
