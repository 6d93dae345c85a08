/* The harness behind check.h. A failed check prints at once (file:line and
 * the values) and marks the running test failed; the test carries on, so
 * one run shows every broken check. Around each test the core's byte
 * counter must come back where it was: every test also proves it leaks
 * nothing. */
#include <stdarg.h>
#include <stdio.h>

#include "../../core/taut.h"
#include "check.h"

static int g_failed_checks;
static char g_note[160];

void check_fail(const char *file, int line, const char *what)
{
	printf("    %s:%d: CHECK(%s) failed\n", file, line, what);
	g_failed_checks++;
}

void check_fail_near(const char *file, int line, const char *what, double a,
		     double b, double tol)
{
	printf("    %s:%d: %s failed: %.9g vs %.9g (diff %.3g, tolerance %.3g)\n",
	       file, line, what, a, b, a - b, tol);
	g_failed_checks++;
}

void check_note(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vsnprintf(g_note, sizeof g_note, format, args);
	va_end(args);
}

/* Runs one test; 1 when it passed. */
static int run_one(const check_test *test)
{
	size_t bytes = tt_bytes_allocated();
	g_failed_checks = 0;
	g_note[0] = '\0';
	test->run();
	if (tt_bytes_allocated() != bytes)
		check_fail_near(__FILE__, __LINE__, "bytes held after the test",
				(double)tt_bytes_allocated(), (double)bytes, 0);
	printf("%s %s%s%s%s\n", g_failed_checks ? "FAIL" : "ok ", test->name,
	       g_note[0] ? " (" : "", g_note, g_note[0] ? ")" : "");
	fflush(stdout);
	return g_failed_checks == 0;
}

int check_run(const check_test *tests, int count)
{
	int passed = 0;
	for (int i = 0; i < count; i++)
		passed += run_one(&tests[i]);
	printf("%d passed, %d failed\n", passed, count - passed);
	return count - passed;
}
