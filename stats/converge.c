// SPDX-License-Identifier: GPL-2.0
/*
 * lbstats converge PCT MAX [FILE]
 *	RUNS=auto: per configuration, the 95% interval of its value (the
 *	estimator; under real time over boot means) and whether it is within
 *	PCT% of the mean (converged), not yet (more) or n reached MAX (max).
 *	CSV.
 */
#include "internal.h"

static double parse_pos(const char *s, const char *what)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(s, &end);
	if (!*s || *end || errno || !isfinite(x) || x <= 0)
		die("%s: '%s' is not a positive number", what, s);
	return x;
}

/*
 * lbstats converge PCT MAX [FILE]: per configuration, whether its value is
 * known well enough: the 95% interval of the mean of its units (Student t;
 * under real time with two or more boots the units are the boots' means,
 * each variance at least the clock's quantisation noise, else the runs)
 * within PCT percent of the mean.  CSV: the key columns, n (runs), mean,
 * ci95_half, ci95_pct, status, unit (boot | run), n_units; status:
 * converged | more (another run wanted) | max (n reached MAX first).  A
 * configuration whose units all agree under an emulated accelerator
 * (half-width 0) has converged.
 */
int cmd_converge(int argc, char **argv)
{
	struct map m = { 0 };
	struct config_rows *g;
	double pct, max, *rs;
	size_t nr;

	if (argc < 2 || argc > 3)
		return LB_USAGE;
	pct = parse_pos(argv[0], "converge PCT");
	max = parse_pos(argv[1], "converge MAX");
	g = read_configs(argc > 2 ? argv[2] : "-", &m, 0);
	rs = all_rounds(g, m.n, &nr);
	for (size_t i = 0; i < NCONFIG_COLS; i++)
		printf("%s,", config_cols[i]);
	puts("n,mean,ci95_half,ci95_pct,status,unit,n_units");
	for (size_t i = 0; i < m.n; i++) {
		const struct values *d = &g[i].ns;
		struct values u = { 0 };
		double *bm = xrealloc(NULL, (nr ? nr : 1) * sizeof(*bm));
		double mean, half = NAN, rel = NAN, sd;
		const char *st;
		int per_boot = g[i].realtime && boot_means(d, &g[i].round, rs, nr, bm) >= 2;

		for (size_t k = 0; per_boot && k < nr; k++)
			if (!isnan(bm[k]))
				values_push(&u, bm[k]);
		for (size_t k = 0; !per_boot && k < d->n; k++)
			values_push(&u, d->v[k]);
		mean = lb_mean(u.v, u.n);
		if (u.n >= 2) {
			sd = lb_sd(u.v, u.n);
			if (g[i].realtime)
				sd = fmax(sd, g[i].quantum / sqrt(12));
			half = lb_t975((double)u.n - 1) * sd / sqrt((double)u.n);
		}
		if (!isnan(half) && mean != 0)
			rel = 100 * half / fabs(mean);
		if (!isnan(half) && (half == 0 || (!isnan(rel) && rel <= pct)))
			st = "converged";
		else if ((double)d->n >= max)
			st = "max";
		else
			st = "more";
		printf("%s,%zu,", m.keys[i], d->n);
		print_num(stdout, mean);
		putchar(',');
		print_num(stdout, half);
		putchar(',');
		print_num(stdout, rel);
		printf(",%s,%s,%zu\n", st, per_boot ? "boot" : "run", u.n);
		free(u.v);
		free(bm);
	}
	return 0;
}
