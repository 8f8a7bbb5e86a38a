// SPDX-License-Identifier: GPL-2.0
/*
 * The rows of a real-time sweep by configuration and boot: what converge
 * (RUNS=auto) and the A/A and A/B benchmark (aa.c) read.
 * A configuration's key: kernel, accel, vcpus, workload, variant, context,
 * readers, writers, writer_period_ns and preempt (when the file has it),
 * comma-separated in that order; its rows' estimator values (est_col, else
 * ns_per_op) are its runs, and the "round" column (the sweep's fold: which
 * boot of the configuration a row came from) is its boot.  A row with
 * extra_work > 0 (the module's known effect, make aa's side B) is kept
 * apart (config_rows.ab).
 */
#include "internal.h"

const char *const config_cols[NCONFIG_COLS] = {
	"kernel", "accel", "vcpus", "workload", "variant", "context",
	"readers", "writers", "writer_period_ns", "preempt",
};

/* read every row of FILE (or stdin) into configurations, first-appearance order */
struct config_rows *read_configs(const char *name, struct map *m, int need_round)
{
	struct csv c;
	struct config_rows *g = NULL;
	struct quanta qt = { 0 };
	size_t cap = 0;
	int ci[NCONFIG_COLS], ins, ird, iew;
	char key[4096], bk[1024];

	csv_open(&c, name);
	if (!csv_next(&c))
		die("%s: no rows", c.in.name);
	/* every configuration column but preempt is required */
	for (size_t i = 0; i < NCONFIG_COLS; i++)
		ci[i] = strcmp(config_cols[i], "preempt") ? csv_need_col(&c, config_cols[i]) :
			csv_col(&c, config_cols[i]);
	ins = csv_need_col(&c, "ns_per_op");
	ird = csv_col(&c, "round");
	iew = csv_col(&c, "extra_work");
	if (need_round && ird < 0)
		die("%s: no column 'round' (the boot of each row: a sweep's fold writes it)", c.in.name);
	do {
		size_t k = 0, idx;
		int isnew, ie = csv_col(&c, est_col(c.fld[c.iaccel]));
		double x, r = NAN, ew = 0;
		struct config_rows *cr;

		for (size_t i = 0; i < NCONFIG_COLS; i++) {
			const char *f = ci[i] >= 0 ? c.fld[ci[i]] : "";
			size_t l = strlen(f);

			if (k + l + 2 > sizeof(key))
				die("%s:%ld: configuration key too long", c.in.name, c.in.lineno);
			memcpy(key + k, f, l);
			k += l;
			key[k++] = i + 1 < NCONFIG_COLS ? ',' : 0;
		}
		if (!num(&c, ins, "ns_per_op", &x))
			die("%s:%ld: ns_per_op empty", c.in.name, c.in.lineno);
		if (ird >= 0 && !num(&c, ird, "round", &r) && need_round)
			die("%s:%ld: round empty", c.in.name, c.in.lineno);
		num(&c, iew, "extra_work", &ew);
		idx = map_get(m, key, &isnew);
		if (isnew) {
			if (idx >= cap) {
				cap = cap ? 2 * cap : 64;
				g = xrealloc(g, cap * sizeof(*g));
			}
			memset(&g[idx], 0, sizeof(g[idx]));
		}
		cr = &g[idx];
		cr->realtime = accel_realtime(c.fld[c.iaccel]);
		cr->exact = accel_exact(c.fld[c.iaccel]);
		if (num(&c, ie, "estimator", &x)) {
			boot_key(&c, bk, sizeof(bk));
			values_push(&cr->bootq, (double)quanta_add(&qt, bk, x));
		} else {
			cr->fallback = 1;	/* x stays ns_per_op */
		}
		if (ew > 0) {
			if (cr->ab.n && cr->extra_work != ew)
				die("%s:%ld: extra_work=%g, the configuration's other rows have %g: one known effect a run",
				    c.in.name, c.in.lineno, ew, cr->extra_work);
			cr->extra_work = ew;
			values_push(&cr->ab, x);
			values_push(&cr->ab_round, r);
			continue;
		}
		values_push(&cr->ns, x);
		values_push(&cr->round, r);
	} while (csv_next(&c));
	csv_close(&c);
	quanta_done(&qt);
	for (size_t i = 0; i < m->n; i++)
		g[i].quantum = quanta_coarsest(&qt, &g[i].bootq, g[i].realtime);
	return g;
}

/*
 * The boot means of values x with rounds rd: into out, in the order of the
 * sorted rounds rs[0..nr) (NAN for a round the configuration lacks); the
 * number of rounds present.
 */
size_t boot_means(const struct values *x, const struct values *rd, const double *rs, size_t nr,
			 double *out)
{
	size_t have = 0;

	for (size_t b = 0; b < nr; b++) {
		double sum = 0;
		size_t n = 0;

		for (size_t k = 0; k < x->n; k++)
			if (rd->v[k] == rs[b]) {
				sum += x->v[k];
				n++;
			}
		out[b] = n ? sum / n : NAN;
		have += n > 0;
	}
	return have;
}

/* the sorted distinct rounds of every configuration, plain and A/B rows */
double *all_rounds(const struct config_rows *g, size_t ng, size_t *nr)
{
	struct values r = { 0 };
	size_t n = 0;

	for (size_t i = 0; i < ng; i++) {
		for (size_t k = 0; k < g[i].round.n; k++)
			values_push(&r, g[i].round.v[k]);
		for (size_t k = 0; k < g[i].ab_round.n; k++)
			values_push(&r, g[i].ab_round.v[k]);
	}
	qsort(r.v, r.n, sizeof(*r.v), cmp_double);
	for (size_t k = 0; k < r.n; k++)
		if (!isnan(r.v[k]) && (!n || r.v[n - 1] != r.v[k]))
			r.v[n++] = r.v[k];
	*nr = n;
	return r.v;
}
