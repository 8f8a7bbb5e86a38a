// SPDX-License-Identifier: GPL-2.0
/*
 * The analysis: every derived figure every layout shows, decided here once.
 * Appended to each summary group (columns after net_basis):
 *  section      accel/vCPUs/model: the groups a comparison across kernels
 *		 spans.  A model every kernel of (accel, vCPUs) ran is its own
 *		 section; when each kernel ran exactly one further model and
 *		 those differ (6.12 voluntary, 7.2 lazy: 7.2 has no voluntary),
 *		 they form one section named "voluntary+lazy".
 *  value, value_ci95, value_sd, value_cv_pct, value_basis, exact
 *		 the figure every layout shows: the mean of the estimator
 *		 (est_col: the accelerator's column, accels.h) when every
 *		 run has it, else of ns_per_op
 *		 (value_basis: path, median, mean); its 95% half-width (0 when
 *		 exact), standard deviation and coefficient of variation, all
 *		 over the comparison's units (cmp_unit: boot means under real
 *		 time, each variance at least the quantum's noise in the
 *		 interval; else runs); exact = yes when the path is
 *		 deterministic (path_exact = exact).
 *  role, order, rank
 *		 the variant's row of the vocabulary.
 *  baseline	 the variant the subject (role sync, rank 0: the latch) is
 *		 measured against in this kernel: the lowest rank > 0 present.
 *  ref_writer	 1 on the reference writer configuration of (section,
 *		 workload), task context: present in the most kernels, then
 *		 writers > 0, most runs, fastest period, most writers, fewest
 *		 readers.  Summary lines and the period plots use it.
 *  ref_read	 1 on the reference read configuration: present in the most
 *		 kernels, no writer, fewest readers.  Tables and version plots.
 *  vs_baseline_pct, vs_baseline_verdict
 *		 on the subject's rows: its change against the baseline's row
 *		 of the same configuration (lb_compare on the value's samples).
 *  kernel_first, vs_first_pct, vs_first_verdict
 *		 the section's first kernel (version order) and this row's
 *		 change against that kernel's row of the same configuration;
 *		 empty on the first kernel's own rows.
 *  mm_amean_gain_pct, mm_stddev_gain_pct, mm_coeffvar_gain_pct
 *		 mmtests compare-kernels' percentages against the first kernel:
 *		 (first - this) / first of the mean, stddev and coefficient of
 *		 variation (positive = lower than the first kernel).
 *  cmp_unit, cmp_n
 *		 what the comparisons above are over: "boot" (real time, rows
 *		 from two or more boots: each boot's mean is one sample) or
 *		 "run"; and this group's number of such samples.
 *  vs_baseline_mde_pct, vs_baseline_mde, vs_first_mde_pct, vs_first_mde
 *		 the minimum detectable effect of each comparison (stats.h), in
 *		 percent (NA near zero) and in the value's units.
 *  quantum_ns	 real time: the coarsest clock quantum of its boots (quanta);
 *		 empty under emulation.
 *  value_min, value_p25, value_median, value_p75, value_max
 *		 the estimator over runs (the spread plots).
 *  accel_other, order_here, order_other, order_verdict
 *		 on the synchronised variants' rows of a run with two
 *		 accelerators (an exact one beside a real-time one): the other accelerator that ran
 *		 this kernel, vCPU count, workload and configuration, the
 *		 variants' order by value under each (order_str) and whether
 *		 they agree ("agree", or "differ:" and the pairs apart in
 *		 opposite directions); empty otherwise.
 */
#include "internal.h"

/* the groups of the summary being analysed (print_cmp, print_mde) */
static const struct group *cmp_groups;

static void key_fields(const char *key, struct group_key *f)
{
	char *s = xstrdup(key), *p[10] = { 0 };
	int n = 0;

	p[n++] = s;
	for (char *q = s; *q && n < 10; q++) {
		if (*q == 0x1e) {	/* "\x1e" + irqoff: not a field here */
			*q = 0;
			break;
		}
		if (*q == ',' || *q == 0x1f) {
			*q = 0;
			p[n++] = q + 1;
		}
	}
	f->kernel = p[0];
	f->accel = p[1];
	f->vcpus = p[2];
	f->workload = p[3];
	f->variant = p[4];
	f->context = p[5];
	f->readers = p[6];
	f->writers = p[7];
	f->period = p[8];
	f->preempt = p[9] ? p[9] : "";
}

static int same_cfg(const struct group_key *a, const struct group_key *b)
{
	return !strcmp(a->context, b->context) && !strcmp(a->readers, b->readers) &&
	       !strcmp(a->writers, b->writers) && !strcmp(a->period, b->period);
}

static double period_ns(const char *p)
{
	return strcmp(p, "none") ? atof(p) : INFINITY;
}

/* kernels of section s having configuration (workload, context, r, w, p) */
static int coverage(const struct analysis *a, size_t n, size_t i)
{
	const char *ks[64];
	int nk = 0;

	for (size_t j = 0; j < n; j++) {
		int seen = 0;

		if (strcmp(a[j].section, a[i].section) ||
		    strcmp(a[j].f.workload, a[i].f.workload) || !same_cfg(&a[j].f, &a[i].f))
			continue;
		for (int k = 0; k < nk; k++)
			seen |= !strcmp(ks[k], a[j].f.kernel);
		if (!seen && nk < (int)ARRAY_SIZE(ks))
			ks[nk++] = a[j].f.kernel;
	}
	return nk;
}

/* fewest runs over the groups of i's configuration in its section */
static size_t min_runs_cfg(const struct analysis *a, const struct group *g, size_t n, size_t i)
{
	size_t m = (size_t)-1;

	for (size_t j = 0; j < n; j++)
		if (!strcmp(a[j].section, a[i].section) &&
		    !strcmp(a[j].f.workload, a[i].f.workload) && same_cfg(&a[j].f, &a[i].f) &&
		    g[j].ns.n < m)
			m = g[j].ns.n;
	return m;
}

/* is configuration j a better reference (writer: 1, read: 0) than i? */
static int better_ref(const struct analysis *a, size_t j, size_t i, int writer)
{
	int cj = a[j].cov, ci = a[i].cov;
	int wj = atoi(a[j].f.writers), wi = atoi(a[i].f.writers);
	int rj = atoi(a[j].f.readers), ri = atoi(a[i].f.readers);
	size_t mj = a[j].minruns, mi = a[i].minruns;
	double pj = period_ns(a[j].f.period), pi = period_ns(a[i].f.period);

	if (cj != ci)
		return cj > ci;
	if (!writer)
		return rj != ri ? rj < ri : mj > mi;
	if ((wj > 0) != (wi > 0))
		return wj > 0;
	if (mj != mi)
		return mj > mi;
	if (pj != pi)
		return pj < pi;
	if (wj != wi)
		return wj > wi;
	return rj < ri;
}

static long find_group(const struct analysis *a, size_t n, size_t i, const char *kernel,
		       const char *variant)
{
	for (size_t j = 0; j < n; j++)
		if (!strcmp(a[j].section, a[i].section) && !strcmp(a[j].f.kernel, kernel) &&
		    !strcmp(a[j].f.workload, a[i].f.workload) &&
		    !strcmp(a[j].f.variant, variant) && same_cfg(&a[j].f, &a[i].f))
			return (long)j;
	return -1;
}

void analyse(const struct map *m, const struct group *g, struct analysis *a)
{
	size_t n = m->n;

	for (size_t i = 0; i < n; i++) {
		const struct group *gr = &g[i];

		key_fields(m->keys[i], &a[i].f);
		a[i].basis = group_basis(gr, &a[i].basis_name);
		a[i].use_path = !strcmp(a[i].basis_name, "path");
		a[i].vr = vocab_find(a[i].f.workload, a[i].f.variant);
		a[i].vs_base = a[i].vs_first = -1;
		a[i].baseline = "";
		a[i].kfirst = "";
	}
	{
		struct section_boot *t = NULL;
		size_t nt = 0;

		for (size_t i = 0; i < n; i++) {
			struct section_boot b = { a[i].f.accel, a[i].f.vcpus, a[i].f.kernel, a[i].f.preempt };
			size_t j;

			for (j = 0; j < nt; j++)
				if (same_accel_vcpus(&t[j], &b) && !strcmp(t[j].kernel, b.kernel) &&
				    !strcmp(t[j].preempt, b.preempt))
					break;
			if (j == nt) {
				t = xrealloc(t, (nt + 1) * sizeof(*t));
				t[nt++] = b;
			}
		}
		for (size_t i = 0; i < n; i++) {
			struct section_boot b = { a[i].f.accel, a[i].f.vcpus, a[i].f.kernel, a[i].f.preempt };

			a[i].section = section_of(t, nt, &b);
		}
		free(t);
	}
	for (size_t i = 0; i < n; i++) {
		a[i].cov = coverage(a, n, i);
		a[i].minruns = min_runs_cfg(a, g, n, i);
	}
	for (size_t i = 0; i < n; i++) {
		const struct group_key *f = &a[i].f;
		const char *subject = vocab_role(f->workload, "sync", 0);
		int best_rank = 0;

		/* baseline: the lowest rank > 0 this kernel ran in task context */
		for (size_t j = 0; subject && j < n; j++) {
			const struct vocab_row *v = a[j].vr;

			if (v && v->rank > 0 && (!best_rank || v->rank < best_rank) &&
			    !strcmp(a[j].section, a[i].section) &&
			    !strcmp(a[j].f.kernel, f->kernel) &&
			    !strcmp(a[j].f.workload, f->workload) &&
			    !strcmp(a[j].f.context, "task")) {
				best_rank = v->rank;
				a[i].baseline = v->variant;
			}
		}
		if (subject && !strcmp(f->variant, subject) && a[i].baseline[0])
			a[i].vs_base = find_group(a, n, i, f->kernel, a[i].baseline);
		/* the section's first kernel */
		for (size_t j = 0; j < n; j++)
			if (!strcmp(a[j].section, a[i].section) &&
			    (!a[i].kfirst[0] || strverscmp(a[j].f.kernel, a[i].kfirst) < 0))
				a[i].kfirst = a[j].f.kernel;
		if (strcmp(a[i].kfirst, f->kernel))
			a[i].vs_first = find_group(a, n, i, a[i].kfirst, f->variant);
		/* reference configurations: task context, the best of the workload */
		if (strcmp(f->context, "task"))
			continue;
		a[i].ref_writer = a[i].ref_read = 1;
		for (size_t j = 0; j < n; j++) {
			if (strcmp(a[j].section, a[i].section) ||
			    strcmp(a[j].f.workload, f->workload) || strcmp(a[j].f.context, "task") ||
			    same_cfg(&a[j].f, f))
				continue;
			if (better_ref(a, j, i, 1))
				a[i].ref_writer = 0;
			if (atoi(a[j].f.writers) == 0 && better_ref(a, j, i, 0))
				a[i].ref_read = 0;
		}
		if (atoi(f->writers) != 0)
			a[i].ref_read = 0;
	}
	cmp_groups = g;
}

/* the samples a comparison of a group uses: its units (unit_samples) of its basis */
static int cmp_samples(const struct analysis *a, const struct group *gr, struct values *out)
{
	return unit_samples(gr, a->basis, out);
}

/* group i against group j (its reference) by the report's rule, into c */
static void compare_groups(const struct analysis *a, size_t i, size_t j, struct lb_cmp *c)
{
	struct values x = { 0 }, y = { 0 };
	struct lb_opts o = group_opts(&cmp_groups[i], &cmp_groups[j]);

	cmp_samples(&a[j], &cmp_groups[j], &x);
	cmp_samples(&a[i], &cmp_groups[i], &y);
	lb_compare_opts(x.v, x.n, y.v, y.n, &o, c);
	free(x.v);
	free(y.v);
}

static void print_cmp(const struct analysis *a, size_t i, long j)
{
	struct lb_cmp c;

	if (j < 0) {
		fputs(",,", stdout);
		return;
	}
	compare_groups(a, i, j, &c);
	putchar(',');
	print_num(stdout, c.near_zero ? NAN : c.change_pct);
	printf(",%s", lb_verdict_name(c.verdict));
}

/* the mde columns of a comparison: mde_pct (NA near zero, untested), mde in units */
static void print_mde(const struct analysis *a, size_t i, long j)
{
	struct lb_cmp c;

	if (j < 0) {
		fputs(",,", stdout);
		return;
	}
	compare_groups(a, i, j, &c);
	putchar(',');
	print_num(stdout, c.mde_pct);
	putchar(',');
	print_num(stdout, c.mde);
}

/*
 * A group's value (the mean of its basis) and the 95% half-width of it: 0
 * when the path is exact, NAN with fewer than 2 samples.
 */
static double value_of(const struct analysis *a, const struct group *g, double *ci95)
{
	struct values u = { 0 };
	double mean, sd;

	unit_samples(g, a->basis, &u);
	mean = lb_mean(u.v, u.n);
	sd = u.n > 1 ? lb_sd(u.v, u.n) : NAN;
	if (g->realtime)	/* never below the clock's resolution */
		sd = fmax(sd, g->quantum / sqrt(12));
	if (a->use_path && !strcmp(path_exact(g), "exact"))
		*ci95 = 0;
	else if (u.n >= 2)
		*ci95 = lb_t975((double)u.n - 1) * sd / sqrt((double)u.n);
	else
		*ci95 = NAN;
	free(u.v);
	return mean;
}

/*
 * Two accelerators side by side (an emulated one's exact
 * paths beside a real-time one's from one run).  The synchronised variants (role sync) of one
 * kernel, vCPU count, workload and configuration, ordered by value under
 * each accelerator: "rcu<latch~seqlock", '<' where the 95% intervals are
 * apart, '~' where they overlap (or one is unknown).  The orders disagree
 * when a pair is apart in opposite directions under the two; otherwise
 * they agree.  A side with two groups of one variant (two models of one
 * kernel) has no order.
 */
static int same_unit(const struct analysis *x, const struct analysis *y)
{
	return !strcmp(x->f.kernel, y->f.kernel) && !strcmp(x->f.vcpus, y->f.vcpus) &&
	       !strcmp(x->f.workload, y->f.workload) && same_cfg(&x->f, &y->f);
}

static int is_sync(const struct analysis *x)
{
	return x->vr && !strcmp(x->vr->role, "sync");
}

struct order_member {
	const char *variant;
	double v, ci;
};

static int order_member_cmp(const void *p, const void *q)
{
	const struct order_member *x = p, *y = q;

	return x->v < y->v ? -1 : x->v > y->v ? 1 : strcmp(x->variant, y->variant);
}

/* 1: x apart below y, -1: apart above, 0: overlapping or unknown */
static int apart(const struct order_member *x, const struct order_member *y)
{
	if (isnan(x->ci) || isnan(y->ci))
		return 0;
	if (x->v + x->ci < y->v - y->ci)
		return 1;
	if (y->v + y->ci < x->v - x->ci)
		return -1;
	return 0;
}

/* the sync members of i's unit under accel; -1 when a variant repeats */
static int members(const struct analysis *a, const struct group *g, size_t n, size_t i,
		   const char *accel, struct order_member *m, int cap)
{
	int k = 0;

	for (size_t j = 0; j < n; j++) {
		if (strcmp(a[j].f.accel, accel) || !is_sync(&a[j]) || !same_unit(&a[j], &a[i]))
			continue;
		for (int q = 0; q < k; q++)
			if (!strcmp(m[q].variant, a[j].f.variant))
				return -1;
		if (k == cap)
			return -1;
		m[k].variant = a[j].f.variant;
		m[k].v = value_of(&a[j], &g[j], &m[k].ci);
		k++;
	}
	qsort(m, k, sizeof(*m), order_member_cmp);
	return k;
}

/* the index of variant v among m[0..k), -1 when absent */
static int order_member_find(const struct order_member *m, int k, const char *v)
{
	for (int q = 0; q < k; q++)
		if (!strcmp(m[q].variant, v))
			return q;
	return -1;
}

static void order_str(const struct order_member *m, int k, char *out, size_t len)
{
	size_t o = 0;

	out[0] = 0;
	for (int q = 0; q < k; q++)
		o += snprintf(out + o, o < len ? len - o : 0, "%s%s",
			      q ? (apart(&m[q - 1], &m[q]) ? "<" : "~") : "", m[q].variant);
}

void order_cols(const struct analysis *a, const struct group *g, size_t n, size_t i)
{
	struct order_member mh[16], mo[16];
	char oh[512], oo[512], why[512] = "";
	const char *other = NULL;
	int kh, ko;
	size_t w = 0;

	for (size_t j = 0; is_sync(&a[i]) && j < n && !other; j++)
		if (strcmp(a[j].f.accel, a[i].f.accel) && is_sync(&a[j]) && same_unit(&a[j], &a[i]))
			other = a[j].f.accel;
	if (!other) {
		fputs(",,,,", stdout);
		return;
	}
	kh = members(a, g, n, i, a[i].f.accel, mh, ARRAY_SIZE(mh));
	ko = members(a, g, n, i, other, mo, ARRAY_SIZE(mo));
	if (kh < 0 || ko < 0) {
		printf(",%s,,,", other);
		return;
	}
	order_str(mh, kh, oh, sizeof(oh));
	order_str(mo, ko, oo, sizeof(oo));
	/* pairs apart in opposite directions, named "latch/rcu" */
	for (int p = 0; p < kh; p++)
		for (int q = p + 1; q < kh; q++) {
			int x = order_member_find(mo, ko, mh[p].variant), y = order_member_find(mo, ko, mh[q].variant);

			if (x >= 0 && y >= 0 && apart(&mh[p], &mh[q]) * apart(&mo[x], &mo[y]) < 0)
				w += snprintf(why + w, w < sizeof(why) ? sizeof(why) - w : 0,
					      " %s/%s", mh[p].variant, mh[q].variant);
		}
	printf(",%s,%s,%s,%s%s", other, oh, oo, why[0] ? "differ:" : "agree", why);
}

void analysis_cols(const struct analysis *a, const struct group *g, size_t i)
{
	struct values u = { 0 };
	int per_boot = cmp_samples(&a[i], &g[i], &u);

	const struct values *b = a[i].basis;
	const char *ex = path_exact(&g[i]);
	/* the spread of the unit (boot means under real time, else runs) */
	double ci95, mean = value_of(&a[i], &g[i], &ci95), sd = u.n > 1 ? lb_sd(u.v, u.n) : NAN;

	printf(",%s,", a[i].section);
	print_num(stdout, mean);
	putchar(',');
	if (a[i].use_path && !strcmp(ex, "exact"))
		putchar('0');
	else if (b->n >= 2)
		print_num(stdout, ci95);
	else
		fputs("NA", stdout);
	putchar(',');
	print_num(stdout, sd);
	putchar(',');
	print_num(stdout, mean != 0 ? 100.0 * sd / mean : NAN);
	printf(",%s,%s", a[i].basis_name, a[i].use_path && !strcmp(ex, "exact") ? "yes" : "no");
	if (a[i].vr)
		printf(",%s,%d,%d", a[i].vr->role, a[i].vr->order, a[i].vr->rank);
	else
		fputs(",,,", stdout);
	printf(",%s,%d,%d", a[i].baseline, a[i].ref_writer, a[i].ref_read);
	print_cmp(a, i, a[i].vs_base);
	printf(",%s", a[i].kfirst);
	print_cmp(a, i, a[i].vs_first);
	/* mmtests' gains against the first kernel: (first - this) / first */
	if (a[i].vs_first >= 0) {
		struct values f = { 0 };
		double fm, fs;

		cmp_samples(&a[a[i].vs_first], &g[a[i].vs_first], &f);
		fm = lb_mean(f.v, f.n);
		fs = f.n > 1 ? lb_sd(f.v, f.n) : NAN;
		free(f.v);
		{
		double fcv = fm != 0 ? fs / fm : NAN, cv = mean != 0 ? sd / mean : NAN;

		putchar(',');
		print_num(stdout, fm != 0 ? 100.0 * (fm - mean) / fm : NAN);
		putchar(',');
		print_num(stdout, fs != 0 ? 100.0 * (fs - sd) / fs : NAN);
		putchar(',');
		print_num(stdout, fcv != 0 ? 100.0 * (fcv - cv) / fcv : NAN);
		}
	} else {
		fputs(",,,", stdout);
	}
	printf(",%s,%zu", per_boot ? "boot" : "run", u.n);
	free(u.v);
	/* the mde of each comparison, the resolution, the basis over runs */
	print_mde(a, i, a[i].vs_base);
	print_mde(a, i, a[i].vs_first);
	putchar(',');
	if (g[i].realtime)
		print_num(stdout, g[i].quantum);
	{
		const double qs[] = { 0, 0.25, 0.5, 0.75, 1 };

		for (size_t k = 0; k < ARRAY_SIZE(qs); k++) {
			putchar(',');
			print_num(stdout, lb_quantile(b->v, b->n, qs[k]));
		}
	}
}
