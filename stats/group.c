// SPDX-License-Identifier: GPL-2.0
/*
 * A summary group (struct group): the runs of one configuration of one
 * kernel under one accelerator.  Its basis (the estimator, else the mean),
 * its statistical units (boots under real time, else runs), how two groups
 * are compared, and whether its path is exact: what the summary and the
 * analysis read a group by.
 */
#include "internal.h"

/*
 * A group's runs as the estimator (est_col) has them, when every run has
 * it; else its ns_per_op (the mean: older rows).  *name: path, median, mean.
 */
const struct values *group_basis(const struct group *gr, const char **name)
{
	const struct values *d = gr->est_path ? &gr->path : &gr->med;

	if (d->n && d->n == gr->ns.n) {
		*name = gr->est_path ? "path" : "median";
		return d;
	}
	*name = "mean";
	return &gr->ns;
}

/*
 * The statistical units of values x (one per run of gr, in order): under
 * real time, with rows from two or more boots, one per boot, the mean of
 * its runs (boot effects -- placement, host core, thermal state -- are not
 * independent runs); else the runs.  Returns 1 when per boot.
 */
int unit_samples(const struct group *gr, const struct values *x, struct values *out)
{
	int nboots = 0;

	out->n = 0;
	if (gr->realtime && gr->boot.n == x->n) {
		for (size_t i = 0; i < x->n; i++) {
			double sum = 0;
			size_t n = 0, seen = 0;

			for (size_t k = 0; k < i; k++)
				seen |= gr->boot.v[k] == gr->boot.v[i];
			if (seen)
				continue;
			for (size_t k = i; k < x->n; k++)
				if (gr->boot.v[k] == gr->boot.v[i]) {
					sum += x->v[k];
					n++;
				}
			values_push(out, sum / n);
			nboots++;
		}
		if (nboots >= 2)
			return 1;
		out->n = 0;
	}
	for (size_t i = 0; i < x->n; i++)
		values_push(out, x->v[i]);
	return 0;
}

/*
 * How two groups are compared: the exact rule when both are deterministic,
 * against the coarser quantum under real time.
 */
struct lb_opts group_opts(const struct group *x, const struct group *y)
{
	struct lb_opts o = { x->exact && y->exact, 0 };

	if (x->realtime || y->realtime)
		o.quantum = fmax(x->quantum, y->quantum);
	return o;
}

/*
 * Is a group's path_ns_per_op exact?  On a deterministic accelerator
 * (accels.h: exact) the path per read is whole guest instructions when it
 * is deterministic: every run has it, the runs agree, it is an integer and
 * no read was retried.  Otherwise the reason: not-icount (the accelerator
 * is not exact), no-path (irq rows, real functions' absent column), retries
 * (a writer made readers retry: how often depends on timing), varies (runs
 * differ), fraction (not whole instructions per read: the path depends on
 * the input, e.g. the tree lookup's key).
 */
const char *path_exact(const struct group *gr)
{
	if (!gr->exact)
		return "not-icount";
	if (!gr->path.n || gr->path.n != gr->ns.n)
		return "no-path";
	if (gr->retries > 0)
		return "retries";
	for (size_t i = 1; i < gr->path.n; i++)
		if (gr->path.v[i] != gr->path.v[0])
			return "varies";
	if (gr->path.v[0] != floor(gr->path.v[0]))
		return "fraction";
	return "exact";
}
