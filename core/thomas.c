/* The Thomas algorithm for a tridiagonal system, in double: the hair
 * chains' direct solve (bone_solve.c). The ropes' chain solve does the
 * same systems by cyclic reduction in vector lanes (chain_body.h). */
#include <math.h>

#include "world.h"

int tt_chain_thomas(const double *diag, const double *lower, double *upper,
		    double *rhs, int m)
{
	double c = 0.0, d = 0.0;  /* the previous row's upper and rhs, reduced */
	for (int i = 0; i < m; i++) {
		double pivot = diag[i] - lower[i] * c;
		if (!(fabs(pivot) > 1e-15))
			return 0;
		double inv = 1.0 / pivot;
		upper[i] = c = upper[i] * inv;
		rhs[i] = d = (rhs[i] - lower[i] * d) * inv;
	}
	for (int i = m - 2; i >= 0; i--)
		rhs[i] -= upper[i] * rhs[i + 1];
	return 1;
}
