/* The rigid pendulum (DESIGN §7): its small-angle period against
 * 2π√(L/g), and its energy over 10 s of undamped swing. */
#include <math.h>

#include "check.h"
#include "scenes.h"
#include "tests.h"

#define PI 3.14159265358979323846
#define G 9.81

/* Mean period from the first to the last zero crossing of the bob's x,
 * each crossing time interpolated linearly between steps. */
static double measure_period(tt_world_id world, tt_particle_id bob, int steps)
{
	const double dt = tt_world_get_def(world).time_step;
	double first = -1.0, last = -1.0, x0 = tt_particle_get_position(bob).x;
	int crossings = 0;
	for (int k = 1; k <= steps; k++) {
		tt_world_step(world);
		double x1 = tt_particle_get_position(bob).x;
		if ((x0 > 0.0) != (x1 > 0.0)) {
			last = dt * (k - 1 + x0 / (x0 - x1));
			if (crossings++ == 0)
				first = last;
		}
		x0 = x1;
	}
	CHECK(crossings >= 6);
	return crossings > 1 ? 2.0 * (last - first) / (crossings - 1) : 0.0;
}

void test_pendulum_period(void)
{
	tt_world_id world = scene_world(8);
	tt_particle_id bob = scene_pendulum(world, 1.0f, 5.0f);
	double expected = 2.0 * PI * sqrt(1.0 / G);
	double period = measure_period(world, bob, 600);
	double error = (period - expected) / expected;
	check_note("period %.4f s, error %.3f%%", period, 100.0 * error);
	CHECK(fabs(error) < 0.01);
	tt_world_destroy(world);
}

/* Drift is measured against the swing's own energy, E0 - E_bottom (the
 * kinetic energy at the bottom), not against E0, whose size depends only
 * on where y = 0 is. */
void test_pendulum_energy(void)
{
	tt_world_id world = scene_world(8);
	scene_pendulum(world, 1.0f, 30.0f);
	double e0 = tt_world_energy(world), bottom = 1.0 * G * -1.0;
	double worst = 0.0;
	for (int k = 0; k < 600; k++) {
		tt_world_step(world);
		double drift = (tt_world_energy(world) - e0) / (e0 - bottom);
		worst = fabs(drift) > fabs(worst) ? drift : worst;
	}
	check_note("worst drift %+.3f%% of the swing energy", 100.0 * worst);
	CHECK(fabs(worst) < 0.02);
	tt_world_destroy(world);
}
