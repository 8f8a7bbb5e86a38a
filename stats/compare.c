// SPDX-License-Identifier: GPL-2.0
/*
 * Comparisons by the report's rule (stats.h) and their power.
 *
 *   lbstats compare BASE NEW
 *	BASE, NEW: comma-separated samples.  One comparison.
 *   lbstats compare [FILE]
 *	Lines "key<TAB>side<TAB>value", side = base|new; one comparison per
 *	key, in order of first appearance.
 *	An optional 4th field names the value's unit (the boot it came from:
 *	real-time sweeps make the boot the statistical unit): the values of
 *	one unit of one side count as one sample, their mean.
 *	An optional 5th field (after a unit) is the value's resolution, its
 *	clock's quantum: the key is real time (no exactness: stats.h).
 *	Output (both forms): TSV with a header line:
 *	key n_base median_base mean_base sd_base rsd_base
 *	    n_new median_new mean_new sd_new rsd_new change_pct t df p verdict
 *	    diff mde mde_pct near_zero quantum
 *	verdict: significant | inconclusive | insufficient | exact-same |
 *	exact-diff | empty (see stats.h for the rule); mde, mde_pct: the
 *	minimum detectable effect (stats.h), near_zero: 1 when compared in
 *	absolute units.  The file form ends with a line "# comparisons=N
 *	tested_pct=K mde_median_pct=X mde_warn_pct=T mde_warning=0|1".
 *
 *   lbstats power [FILE]
 *	Lines "verdict<TAB>mde_pct", one per comparison a layout shows; the
 *	compare trailer over them (cmd_power): the table's first lines.
 *
 *   lbstats rule
 *	The significance rule's constants (min_runs, alpha, min_change_pct,
 *	power, near_zero_ns, near_zero_quanta, mde_warn_pct) and the estimator
 *	of each accelerator (estimator.ACCEL=COLUMN).
 */
#include "internal.h"

static void cmp_header(void)
{
	puts("key\tn_base\tmedian_base\tmean_base\tsd_base\trsd_base"
	     "\tn_new\tmedian_new\tmean_new\tsd_new\trsd_new"
	     "\tchange_pct\tt\tdf\tp\tverdict\tdiff\tmde\tmde_pct\tnear_zero\tquantum");
}

/* the comparisons' mdes in percent, for the median over them (cmp_trailer) */
static struct values cmp_mdes;
static size_t cmp_n;

static void cmp_side(const struct lb_desc *d)
{
	printf("\t%zu\t", d->n);
	print_num(stdout, d->median);
	putchar('\t');
	print_num(stdout, d->mean);
	putchar('\t');
	print_num(stdout, d->sd);
	putchar('\t');
	print_num(stdout, d->rsd_pct);
}

static void cmp_row(const char *key, const struct values *b, const struct values *n,
		    const struct lb_opts *o)
{
	struct lb_cmp c;

	lb_compare_opts(b->v, b->n, n->v, n->n, o, &c);
	fputs(key, stdout);
	cmp_side(&c.base);
	cmp_side(&c.new);
	putchar('\t');
	print_num(stdout, c.change_pct);
	putchar('\t');
	print_num(stdout, c.w.t);
	putchar('\t');
	print_num(stdout, c.w.df);
	putchar('\t');
	print_num(stdout, c.w.p);
	printf("\t%s\t", lb_verdict_name(c.verdict));
	print_num(stdout, c.diff);
	putchar('\t');
	print_num(stdout, c.mde);
	putchar('\t');
	print_num(stdout, c.mde_pct);
	printf("\t%d\t", c.near_zero);
	print_num(stdout, c.quantum);
	putchar('\n');
	if (c.verdict != LB_EMPTY)
		cmp_n++;
	/* what could be detected, where something was tested in percent */
	if (c.verdict != LB_EMPTY && c.verdict != LB_INSUFFICIENT && !isnan(c.mde_pct))
		values_push(&cmp_mdes, c.mde_pct);
}

/*
 * After the comparisons of a file: "# comparisons=N tested_pct=K
 * mde_median_pct=X mde_warn_pct=T mde_warning=0|1": the median over the
 * comparisons tested in percent of their minimum detectable effect, and
 * whether it is above LB_MDE_WARN_PCT (the report says so first).
 */
static void cmp_trailer(void)
{
	double med = lb_median(cmp_mdes.v, cmp_mdes.n);

	printf("# comparisons=%zu tested_pct=%zu mde_median_pct=", cmp_n, cmp_mdes.n);
	print_num(stdout, med);
	printf(" mde_warn_pct=%g mde_warning=%d\n", LB_MDE_WARN_PCT,
	       !isnan(med) && med > LB_MDE_WARN_PCT);
}

static void parse_list(const char *s, struct values *d)
{
	char *tmp = xstrdup(s), *tok, *save = NULL, *end;

	for (tok = strtok_r(tmp, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		double x;

		errno = 0;
		x = strtod(tok, &end);
		if (*end || errno || !isfinite(x))
			die("not a number: '%s'", tok);
		values_push(d, x);
	}
	free(tmp);
}

/*
 * lbstats power [FILE]: lines "verdict<TAB>mde_pct", one per comparison a
 * layout shows (its summary's verdict and mde_pct columns), and the same
 * trailer as compare's: how many were tested, their median minimum
 * detectable effect, whether it is above LB_MDE_WARN_PCT.  The table and
 * the cover letter say it first, as the report does.
 */
int cmd_power(int argc, char **argv)
{
	struct lb_file in;
	char *line, *tab, *end;

	if (argc > 1)
		return LB_USAGE;
	lb_open(&in, argc ? argv[0] : "-", NULL, "-");
	while (lb_next(&in) > 0) {
		double x;

		line = in.line;
		chomp(line);
		if (!line[0])
			continue;
		tab = strchr(line, '\t');
		if (!tab)
			die("%s:%ld: expected verdict<TAB>mde_pct", in.name, in.lineno);
		*tab++ = 0;
		if (!strcmp(line, "empty") || !line[0])
			continue;
		cmp_n++;
		if (!strcmp(line, "insufficient") || !strcmp(tab, "NA") || !tab[0])
			continue;
		errno = 0;
		x = strtod(tab, &end);
		if (*end || errno || !isfinite(x))
			die("%s:%ld: not a number: '%s'", in.name, in.lineno, tab);
		values_push(&cmp_mdes, x);
	}
	lb_close(&in);
	cmp_trailer();
	return 0;
}

int cmd_compare(int argc, char **argv)
{
	if (argc == 2) {
		struct values b = { 0 }, n = { 0 };

		const struct lb_opts o = { 1, 0 };

		parse_list(argv[0], &b);
		parse_list(argv[1], &n);
		cmp_header();
		cmp_row("-", &b, &n, &o);
		return 0;
	}
	if (argc > 1)
		return LB_USAGE;
	{
		struct lb_file in;
		struct map m = { 0 }, um = { 0 };
		struct values (*s)[2] = NULL;
		struct lb_opts *ko = NULL;	/* each key's: real time once a line says a quantum */
		/* a 4th field names the value's unit (a boot): one sample per unit, its mean */
		struct unit { size_t idx, pos; int side; double sum; size_t n; } *u = NULL;
		size_t cap = 0, ucap = 0;

		lb_open(&in, argc ? argv[0] : "-", NULL, "-");
		while (lb_next(&in) > 0) {
			char *line = in.line, *t1, *t2, *t3, *t4, *end;
			size_t idx;
			int isnew, side;
			double x;

			chomp(line);
			if (!line[0])
				continue;
			t1 = strchr(line, '\t');
			t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
			if (!t2)
				die("%s:%ld: expected key<TAB>side<TAB>value", in.name, in.lineno);
			*t1++ = 0;
			*t2++ = 0;
			t3 = strchr(t2, '\t');
			if (t3)
				*t3++ = 0;
			t4 = t3 ? strchr(t3, '\t') : NULL;
			if (t4)
				*t4++ = 0;
			if (!strcmp(t1, "base"))
				side = 0;
			else if (!strcmp(t1, "new"))
				side = 1;
			else
				die("%s:%ld: side must be base or new, not '%s'", in.name, in.lineno, t1);
			errno = 0;
			x = strtod(t2, &end);
			if (!*t2 || *end || errno || !isfinite(x))
				die("%s:%ld: not a number: '%s'", in.name, in.lineno, t2);
			idx = map_get(&m, line, &isnew);
			if (isnew) {
				if (idx >= cap) {
					cap = cap ? 2 * cap : 64;
					s = xrealloc(s, cap * sizeof(*s));
				}
				memset(s[idx], 0, sizeof(s[idx]));
				ko = xrealloc(ko, cap * sizeof(*ko));
				ko[idx] = (struct lb_opts){ 1, 0 };
			}
			if (t4) {
				/* a 5th field: real time, the value's resolution (no exactness) */
				double q;

				errno = 0;
				q = strtod(t4, &end);
				if (!*t4 || *end || errno || !isfinite(q) || q < 0)
					die("%s:%ld: quantum (5th field) not a number >= 0: '%s'", in.name, in.lineno, t4);
				ko[idx].exact = 0;
				ko[idx].quantum = fmax(ko[idx].quantum, q);
			}
			if (t3) {
				char ukey[8192];
				size_t ui;

				if (!*t3)
					die("%s:%ld: empty unit (4th field)", in.name, in.lineno);
				if ((size_t)snprintf(ukey, sizeof(ukey), "%s\x1f%d\x1f%s", line, side, t3) >= sizeof(ukey))
					die("%s:%ld: key too long", in.name, in.lineno);
				ui = map_get(&um, ukey, &isnew);
				if (isnew) {
					if (ui >= ucap) {
						ucap = ucap ? 2 * ucap : 64;
						u = xrealloc(u, ucap * sizeof(*u));
					}
					u[ui] = (struct unit){ idx, s[idx][side].n, side, 0, 0 };
					values_push(&s[idx][side], 0);
				}
				u[ui].sum += x;
				u[ui].n++;
				continue;
			}
			values_push(&s[idx][side], x);
		}
		for (size_t i = 0; i < um.n; i++)
			s[u[i].idx][u[i].side].v[u[i].pos] = u[i].sum / u[i].n;
		lb_close(&in);
		cmp_header();
		for (size_t i = 0; i < m.n; i++)
			cmp_row(m.keys[i], &s[i][0], &s[i][1], &ko[i]);
		cmp_trailer();
	}
	return 0;
}

int cmd_rule(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("min_runs=%d\nalpha=%g\nmin_change_pct=%g\npower=%g\nnear_zero_ns=%g\n"
	       "near_zero_quanta=%g\nmde_warn_pct=%g\n", LB_MIN_RUNS, LB_ALPHA,
	       LB_MIN_CHANGE_PCT, LB_POWER, LB_NEAR_ZERO_NS, LB_NEAR_ZERO_QUANTA,
	       LB_MDE_WARN_PCT);
	for (size_t i = 0; i < naccels; i++)
		printf("estimator.%s=%s\n", accels[i].name, accels[i].estimator);
	printf("estimator.realtime=%s\n", EST_REALTIME);
	return 0;
}
