// SPDX-License-Identifier: GPL-2.0
/*
 * The clock's resolution per boot (real time).
 * The module does not record its clock's step, so it is read off the rows:
 * a boot's quantum is the step every value of the estimator over all of
 * that boot's rows is a multiple of (the greatest common divisor of the
 * values in units of LB_PRINT_RES, the printed resolution, 3 decimals):
 * UML's ktime comes in host steps and a median of an even count halves
 * one, so 7.2 UML's medians are multiples of 0.064 ns per read at
 * b = 1000.  A boot with fewer than LB_QT_MIN distinct values says too
 * little (a few round numbers share large divisors): its quantum is
 * LB_PRINT_RES.  Values of a fallback figure (ns_per_op, a mean) are not
 * counted.  A boot is (kernel, accel, vCPUs, preempt, round).
 */
#include "internal.h"

#define LB_QT_MIN 16

size_t quanta_add(struct quanta *t, const char *boot, double x)
{
	int isnew;
	size_t i = map_get(&t->m, boot, &isnew);

	if (isnew) {
		if (i >= t->cap) {
			t->cap = t->cap ? 2 * t->cap : 16;
			t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
		}
		memset(&t->v[i], 0, sizeof(t->v[i]));
	}
	values_push(&t->v[i], x);
	return i;
}

void quanta_done(struct quanta *t)
{
	t->q = xrealloc(NULL, (t->m.n ? t->m.n : 1) * sizeof(*t->q));
	for (size_t i = 0; i < t->m.n; i++) {
		struct values *d = &t->v[i];
		unsigned long long gcd = 0;
		size_t distinct = 0;

		qsort(d->v, d->n, sizeof(*d->v), cmp_double);
		for (size_t k = 0; k < d->n; k++) {
			unsigned long long u = (unsigned long long)llround(fabs(d->v[k]) / LB_PRINT_RES);

			distinct += !k || d->v[k] != d->v[k - 1];
			while (u) {
				unsigned long long r = gcd % u;

				gcd = u;
				u = r;
			}
		}
		t->q[i] = distinct >= LB_QT_MIN && gcd ? gcd * LB_PRINT_RES : LB_PRINT_RES;
	}
}

/* a row's boot, "kernel,accel,vcpus,preempt,round" ("" for absent columns) */
void boot_key(const struct csv *c, char *out, size_t len)
{
	static const char *const bc[] = { "kernel", "accel", "vcpus", "preempt", "round" };
	size_t o = 0;

	out[0] = 0;
	for (size_t i = 0; i < ARRAY_SIZE(bc); i++) {
		int k = csv_col(c, bc[i]);

		o += snprintf(out + o, o < len ? len - o : 0, "%s%s", i ? "," : "",
			      k >= 0 ? c->fld[k] : "");
	}
}

/*
 * The coarsest quantum of boots (struct quanta indices, after quanta_done):
 * what a group or configuration is compared against under real time, at
 * least LB_PRINT_RES; 0 under emulation.
 */
double quanta_coarsest(const struct quanta *t, const struct values *boots, int realtime)
{
	double q = realtime ? LB_PRINT_RES : 0;

	for (size_t k = 0; k < boots->n; k++)
		q = fmax(q, t->q[(size_t)boots->v[k]]);
	return q;
}
