/* A tiny test harness: checks that report and go on, a table of tests in
 * main.c, one line per test, `N passed, N failed` at the end. */
#ifndef TT_CHECK_H
#define TT_CHECK_H

typedef struct check_test {
	const char *name;
	void (*run)(void);
} check_test;

/// Record a failed check (used by the macros).
void check_fail(const char *file, int line, const char *what);
/// Record a failed CHECK_NEAR with both values and the tolerance.
void check_fail_near(const char *file, int line, const char *what, double a,
		     double b, double tol);
/// A measured value for this test's result line, e.g. "error 0.03%".
void check_note(const char *format, ...);
/// Run every test; prints the summary and returns the failed count.
int check_run(const check_test *tests, int count);

#define CHECK(cond)                                              \
	((cond) ? (void)0 : check_fail(__FILE__, __LINE__, #cond))

#define CHECK_NEAR(a, b, tol)                                          \
	do {                                                           \
		double check_a_ = (a), check_b_ = (b), check_t_ = (tol); \
		if (!(check_a_ - check_b_ <= check_t_ &&               \
		      check_b_ - check_a_ <= check_t_))                \
			check_fail_near(__FILE__, __LINE__,            \
					#a " ~ " #b, check_a_, check_b_, \
					check_t_);                     \
	} while (0)

#endif
