// SPDX-License-Identifier: GPL-2.0
/*
 * lbstats summary [-V VOCAB.csv] [--rt] [FILE...]
 *	Per group (kernel,accel,vcpus,workload,variant,context,readers,
 *	writers,writer_period_ns) statistics of ns_per_op over runs, plus
 *	side metrics.  CSV with a header line; groups in order of first
 *	appearance.  "NA" = not computable (n=1: insufficient runs);
 *	empty = the input column was empty/absent for every run.
 *	If the input has a "preempt" column (preemption model), it is a group
 *	column too, printed as the last output column (empty when absent).
 *	A row with write_dwell_ns > 0 (the module's stress knob) is refused.
 *	Then the analysis' columns (analysis.c), then arch: the rows' arch
 *	(x86_64, arm64; empty before the column), one per kernel.
 *   --rt: the real-time columns after every other one (real_time_cols):
 *	median_ns_per_op_mean, median_ns_per_op_median,
 *	achieved_period_ns_mean, period_off, irqoff, readers_disagree.  Rows
 *	timed with irqoff=1 form groups of their own either way; a row with
 *	test_stall_ns > 0 (a test) is refused like a write_dwell_ns one.
 */
#include "internal.h"

const char *const group_cols[NGROUP_COLS] = {
	"kernel", "accel", "vcpus", "workload", "variant", "context",
	"readers", "writers", "writer_period_ns",
};

static const char *const sum_cols[NSUM] = {
	"interrupts_delivered", "interrupted_mid_write", "completed", "would_deadlock",
};

/*
 * The 95% half-width of the difference of two groups' unit means (Welch's
 * standard error, the smaller side's df, each variance at least the
 * quantisation noise under real time); NAN with fewer than 2 units a side.
 */
static double diff_ci95(const struct values *a, const struct values *b, double quantum)
{
	double fl = quantum * quantum / 12, sa, sb;
	size_t df;

	if (a->n < 2 || b->n < 2)
		return NAN;
	sa = fmax(pow(lb_sd(a->v, a->n), 2), fl);
	sb = fmax(pow(lb_sd(b->v, b->n), 2), fl);
	df = (a->n < b->n ? a->n : b->n) - 1;
	return lb_t975((double)df) * sqrt(sa / a->n + sb / b->n);
}

static void mean_or_empty(FILE *o, const struct values *d)
{
	fputc(',', o);
	if (d->n)
		print_num(o, lb_mean(d->v, d->n));
}

/*
 * The net cost over variant "none" of the same group (kernel, accel, vCPUs,
 * workload, context, readers, writers, period, preempt): the price of the
 * synchronisation alone.  Basis: the estimator (group_basis) when both
 * sides have it, else the mean ns_per_op; net_ci95 the 95% half-width of
 * the difference of means (0 when both sides are exact, NA with fewer than 2 runs a side).
 * Empty when the workload has no "none" (the real kernel functions).
 */
static void net_cols(const struct map *m, const struct group *g, size_t i)
{
	const struct group *gr = &g[i];
	const char *ex = path_exact(gr);
	char key[4096];
	const char *k = m->keys[i], *v = k;
	const struct values *a, *b;
	long j;
	int commas = 0, use_path;

	putchar(',');
	if (gr->path.n)
		print_num(stdout, lb_mean(gr->path.v, gr->path.n));
	printf(",%s", ex);
	/* variant is the 5th key field */
	while (*v && commas < 4)
		if (*v++ == ',')
			commas++;
	const char *ve = strchr(v, ',');

	if (!ve || (size_t)(v - k) + 64 + strlen(ve) + 1 > sizeof(key)) {
		fputs(",,,", stdout);
		return;
	}
	{
		/* the workload is the 4th key field */
		const char *w = k, *we;
		const char *control;

		for (int c = 0; c < 3; c++)
			w = strchr(w, ',') + 1;
		we = strchr(w, ',');
		snprintf(key, sizeof(key), "%.*s", (int)(we - w), w);
		control = vocab_role(key, "control", -1);
		if (!control) {
			fputs(",,,", stdout);
			return;
		}
		snprintf(key, sizeof(key), "%.*s%s%s", (int)(v - k), k, control, ve);
	}
	j = map_find(m, key);
	if (j < 0) {
		fputs(",,,", stdout);
		return;
	}
	{
		const char *na, *nb;

		a = group_basis(gr, &na);
		b = group_basis(&g[j], &nb);
		if (strcmp(na, nb)) {	/* one of them without the figure: both means */
			a = &gr->ns;
			b = &g[j].ns;
			na = "mean";
		}
		use_path = !strcmp(na, "path");
		/* real time: over boot means (unit_samples), against the quantum */
		{
			struct values ua = { 0 }, ub = { 0 };
			struct lb_opts o = group_opts(gr, &g[j]);

			unit_samples(gr, a, &ua);
			unit_samples(&g[j], b, &ub);
			putchar(',');
			print_num(stdout, lb_mean(ua.v, ua.n) - lb_mean(ub.v, ub.n));
			putchar(',');
			if (gr->exact && use_path && !strcmp(ex, "exact") &&
			    !strcmp(path_exact(&g[j]), "exact"))
				putchar('0');
			else
				print_num(stdout, diff_ci95(&ua, &ub, o.quantum));
			free(ua.v);
			free(ub.v);
		}
		printf(",%s", use_path ? "path" : !strcmp(na, "median") ? "median" : "ns_per_op");
	}
}

/*
 * The real-time figures, after every other column: the runs'
 * median ns per op (each run's median over its kept batches: their mean,
 * and their median over runs), the writers' achieved period, period_off
 * (1: it is more than LB_PERIOD_TOL_PCT off the nominal period, 0: within;
 * empty without a nominal period), irqoff (1: timed with interrupts off,
 * a group of its own) and readers_disagree: in how many runs two readers'
 * 95% intervals of their medians (reader_medians) lie more than 1% apart,
 * i.e. the readers on different CPUs measured different things (empty when
 * no run lists its readers).
 */
#define LB_PERIOD_TOL_PCT 1.0
static void real_time_cols(const struct group *gr, const char *irq)
{
	mean_or_empty(stdout, &gr->med);
	putchar(',');
	if (gr->med.n)
		print_num(stdout, lb_median(gr->med.v, gr->med.n));
	mean_or_empty(stdout, &gr->ach);
	putchar(',');
	if (gr->ach.n && gr->period > 0) {
		double a = lb_mean(gr->ach.v, gr->ach.n);

		putchar(fabs(a - gr->period) > gr->period * LB_PERIOD_TOL_PCT / 100 ? '1' : '0');
	}
	printf(",%s,", irq ? irq + 1 : "0");
	if (gr->rd_runs)
		printf("%d", gr->rd_disagree);
}

/*
 * A row's reader_medians, "cpu:median:lo:hi" joined by '+' (the module's
 * per_reader=1): 1 when two readers' intervals lie apart by more than
 * LB_MIN_CHANGE_PCT of the lower median (the gap between the highest lower
 * end and the lowest upper end: in one dimension every pair overlaps iff
 * that is <= 0; the margin is the significance rule's, and keeps a clock's
 * quantum out: UML's batch times come in 128 ns steps, so a reader's
 * interval can be one value), 0 otherwise, -1 for fewer than 2 readers.
 */
static int readers_disagree(const struct csv *c, const char *f)
{
	double lo_max = -INFINITY, hi_min = INFINITY, m_min = INFINITY;
	int n = 0;
	const char *p = f;

	while (*p) {
		double m, lo, hi;
		int cpu, used = 0;

		if (sscanf(p, "%d:%lf:%lf:%lf%n", &cpu, &m, &lo, &hi, &used) != 4 || !used ||
		    (p[used] && p[used] != '+') || !(lo <= m && m <= hi))
			die("%s:%ld: reader_medians '%s': not cpu:median:lo:hi with lo <= median <= hi, '+' between readers",
			    c->in.name, c->in.lineno, f);
		lo_max = fmax(lo_max, lo);
		hi_min = fmin(hi_min, hi);
		m_min = fmin(m_min, m);
		n++;
		p += used + (p[used] == '+');
	}
	return n < 2 ? -1 : lo_max - hi_min > m_min * LB_MIN_CHANGE_PCT / 100;
}

/* a summary's groups over all its files, in order of first appearance */
struct groups {
	struct map m;		/* each group's key */
	struct group *g;
	size_t cap;
	struct quanta qt;	/* each boot's clock quantum */
};

/* Read file name's rows into their groups. */
static void read_groups(struct groups *s, const char *name)
{
	char key[4096];
	struct csv c;
	int gi[NGROUP_COLS], ipre, idw, ins, iro, iret, itorn, inpw, idef, ispin, is[NSUM], ipath;
	int imed, iach, istall, iirqoff, iew;
	int iround, ird, iarch;

	csv_open(&c, name);
	c.check_vocab = 1;
	if (!csv_next(&c)) {
		csv_close(&c);
		return;
	}
	for (size_t i = 0; i < NGROUP_COLS; i++)
		gi[i] = csv_need_col(&c, group_cols[i]);
	ins = csv_need_col(&c, "ns_per_op");
	iro = csv_col(&c, "read_ops");
	iret = csv_col(&c, "retries");
	itorn = csv_col(&c, "torn");
	inpw = csv_col(&c, "ns_per_write");
	idef = csv_col(&c, "deferral_ns");
	ispin = csv_col(&c, "max_spin");
	ipre = csv_col(&c, "preempt");
	idw = csv_col(&c, "write_dwell_ns");
	ipath = csv_col(&c, "path_ns_per_op");
	imed = csv_col(&c, "median_ns_per_op");
	iach = csv_col(&c, "achieved_period_ns");
	istall = csv_col(&c, "test_stall_ns");
	iew = csv_col(&c, "extra_work");
	iirqoff = csv_col(&c, "irqoff");
	iround = csv_col(&c, "round");
	ird = csv_col(&c, "reader_medians");
	iarch = csv_col(&c, "arch");
	for (int i = 0; i < NSUM; i++)
		is[i] = csv_col(&c, sum_cols[i]);
	do {
		size_t k = 0, idx;
		int isnew;
		struct group *gr;
		double x, ro, re;

		/* a stress row (the module's write_dwell_ns) is no measurement */
		if (idw >= 0 && c.fld[idw][0] && strcmp(c.fld[idw], "0"))
			die("%s:%ld: write_dwell_ns=%s: a stress row, not a measurement",
			    c.in.name, c.in.lineno, c.fld[idw]);
		/* nor is a row whose batches were stalled on purpose (a test) */
		if (istall >= 0 && c.fld[istall][0] && strcmp(c.fld[istall], "0"))
			die("%s:%ld: test_stall_ns=%s: a test row, not a measurement",
			    c.in.name, c.in.lineno, c.fld[istall]);
		/* nor one with make aa's known effect injected (lbstats aa reads it) */
		if (iew >= 0 && c.fld[iew][0] && strcmp(c.fld[iew], "0"))
			die("%s:%ld: extra_work=%s: the A/B benchmark's injected effect, not a measurement (lbstats aa)",
			    c.in.name, c.in.lineno, c.fld[iew]);
		for (size_t i = 0; i < NGROUP_COLS; i++) {
			const char *f = c.fld[gi[i]];
			size_t l = strlen(f);

			if (!l && i < 6)
				die("%s:%ld: empty %s", c.in.name, c.in.lineno, group_cols[i]);
			if (k + l + 2 > sizeof(key))
				die("%s:%ld: group key too long", c.in.name, c.in.lineno);
			memcpy(key + k, f, l);
			k += l;
			key[k++] = i + 1 < NGROUP_COLS ? ',' : 0;
		}
		if (ipre >= 0) {
			/* extra group column, printed last: "\x1f" + value */
			size_t l = strlen(c.fld[ipre]);

			if (k + l + 2 > sizeof(key))
				die("%s:%ld: group key too long", c.in.name, c.in.lineno);
			key[k - 1] = 0x1f;
			memcpy(key + k, c.fld[ipre], l + 1);
			k += l + 1;
		}
		if (iirqoff >= 0 && c.fld[iirqoff][0] && strcmp(c.fld[iirqoff], "0")) {
			/* timed with interrupts off: a group of its own, "\x1e" + value */
			size_t l = strlen(c.fld[iirqoff]);

			if (k + l + 2 > sizeof(key))
				die("%s:%ld: group key too long", c.in.name, c.in.lineno);
			key[k - 1] = 0x1e;
			memcpy(key + k, c.fld[iirqoff], l + 1);
		}
		idx = map_get(&s->m, key, &isnew);
		if (isnew) {
			if (idx >= s->cap) {
				s->cap = s->cap ? 2 * s->cap : 64;
				s->g = xrealloc(s->g, s->cap * sizeof(*s->g));
			}
			memset(&s->g[idx], 0, sizeof(s->g[idx]));
			s->g[idx].period = -1;
			if (strcmp(c.fld[gi[8]], "none") && c.fld[gi[8]][0])
				s->g[idx].period = strtod(c.fld[gi[8]], NULL);
		}
		gr = &s->g[idx];
		/* the arch a kernel ran: one per kernel, so one per group */
		if (iarch >= 0 && c.fld[iarch][0]) {
			if (gr->arch[0] && strcmp(gr->arch, c.fld[iarch]))
				die("%s:%ld: arch %s, but earlier rows of this configuration say %s",
				    c.in.name, c.in.lineno, c.fld[iarch], gr->arch);
			snprintf(gr->arch, sizeof(gr->arch), "%s", c.fld[iarch]);
		}
		if (!num(&c, ins, "ns_per_op", &x))
			die("%s:%ld: ns_per_op empty", c.in.name, c.in.lineno);
		values_push(&gr->ns, x);
		if (num(&c, iro, "read_ops", &ro) && num(&c, iret, "retries", &re) && ro > 0)
			values_push(&gr->r1k, 1000.0 * re / ro);
		if (num(&c, iret, "retries", &re))
			gr->retries += re;
		if (num(&c, ipath, "path_ns_per_op", &x))
			values_push(&gr->path, x);
		if (num(&c, imed, "median_ns_per_op", &x))
			values_push(&gr->med, x);
		if (num(&c, iach, "achieved_period_ns", &x))
			values_push(&gr->ach, x);
		gr->exact = accel_exact(c.fld[gi[1]]);
		gr->realtime = accel_realtime(c.fld[gi[1]]);
		gr->est_path = !strcmp(est_col(c.fld[gi[1]]), "path_ns_per_op");
		{
			/* the run's boot, for the clock's resolution (quanta_done) */
			char bk[1024];
			int ie = csv_col(&c, est_col(c.fld[gi[1]]));

			boot_key(&c, bk, sizeof(bk));
			if (num(&c, ie, "estimator", &x))
				values_push(&gr->bootq, (double)quanta_add(&s->qt, bk, x));
		}
		if (num(&c, iround, "round", &x))
			values_push(&gr->boot, x);
		if (ird >= 0 && c.fld[ird][0]) {
			int dis = readers_disagree(&c, c.fld[ird]);

			if (dis >= 0) {
				gr->rd_runs++;
				gr->rd_disagree += dis;
			}
		}
		if (num(&c, itorn, "torn", &x))
			values_push(&gr->torn, x);
		if (num(&c, inpw, "ns_per_write", &x))
			values_push(&gr->npw, x);
		if (num(&c, idef, "deferral_ns", &x))
			values_push(&gr->defer, x);
		if (num(&c, ispin, "max_spin", &x)) {
			if (!gr->has_spin || x > gr->max_spin)
				gr->max_spin = x;
			gr->has_spin = 1;
		}
		for (int i = 0; i < NSUM; i++)
			if (num(&c, is[i], sum_cols[i], &x)) {
				gr->sum[i] += x;
				gr->has_sum[i] = 1;
			}
	} while (csv_next(&c));
}

int cmd_summary(int argc, char **argv)
{
	struct groups s = { 0 };
	struct map *m = &s.m;
	struct group *g;
	struct analysis *a;
	int nfiles, rt = 0, vread = 0;

	for (;;) {
		/* --rt: the real-time columns too (real_time_cols), after all others */
		if (argc >= 1 && !strcmp(argv[0], "--rt")) {
			rt = 1;
			argc--;
			argv++;
		} else if (argc >= 2 && !strcmp(argv[0], "-V")) {
			vocab_read(argv[1]);
			vread = 1;
			argc -= 2;
			argv += 2;
		} else {
			break;
		}
	}
	if (!vread)
		vocab_builtin();
	nfiles = argc > 0 ? argc : 1;
	for (int fi = 0; fi < nfiles; fi++)
		read_groups(&s, argc > 0 ? argv[fi] : "-");
	g = s.g;

	for (size_t i = 0; i < NGROUP_COLS; i++)
		printf("%s,", group_cols[i]);
	printf("n,mean,median,stddev,rsd_pct,min,p25,p75,max,ci95_lo,ci95_hi,"
	       "retries_per_1k,torn_mean,ns_per_write_mean,"
	       "interrupts_delivered_sum,interrupted_mid_write_sum,completed_sum,"
	       "would_deadlock_sum,max_spin_max,deferral_ns_mean,preempt,"
	       "path_mean,path_exact,net_none,net_ci95,net_basis,"
	       "section,value,value_ci95,value_sd,value_cv_pct,value_basis,exact,"
	       "role,order,rank,baseline,ref_writer,ref_read,"
	       "vs_baseline_pct,vs_baseline_verdict,kernel_first,vs_first_pct,vs_first_verdict,"
	       "mm_amean_gain_pct,mm_stddev_gain_pct,mm_coeffvar_gain_pct,cmp_unit,cmp_n,"
	       "vs_baseline_mde_pct,vs_baseline_mde,vs_first_mde_pct,vs_first_mde,quantum_ns,"
	       "value_min,value_p25,value_median,value_p75,value_max,"
	       "accel_other,order_here,order_other,order_verdict,arch%s\n",
	       rt ? ",median_ns_per_op_mean,median_ns_per_op_median,achieved_period_ns_mean,"
		    "period_off,irqoff,readers_disagree" : "");
	quanta_done(&s.qt);
	for (size_t i = 0; i < m->n; i++)
		g[i].quantum = quanta_coarsest(&s.qt, &g[i].bootq, g[i].realtime);
	a = calloc(m->n ? m->n : 1, sizeof(*a));
	if (!a)
		die("out of memory");
	analyse(m, g, a);
	for (size_t i = 0; i < m->n; i++) {
		struct group *gr = &g[i];
		struct lb_desc d;

		lb_describe(gr->ns.v, gr->ns.n, &d);
		char *pre = strchr(m->keys[i], 0x1f), *irq = strchr(m->keys[i], 0x1e);
		int klen = pre ? (int)(pre - m->keys[i]) :
			   irq ? (int)(irq - m->keys[i]) : (int)strlen(m->keys[i]);

		printf("%.*s,%zu", klen, m->keys[i], d.n);
		{
			const double f[] = { d.mean, d.median, d.sd, d.rsd_pct, d.min, d.p25,
					     d.p75, d.max, d.ci_lo, d.ci_hi };

			for (size_t j = 0; j < ARRAY_SIZE(f); j++) {
				putchar(',');
				print_num(stdout, f[j]);
			}
		}
		mean_or_empty(stdout, &gr->r1k);
		mean_or_empty(stdout, &gr->torn);
		mean_or_empty(stdout, &gr->npw);
		for (int j = 0; j < NSUM; j++) {
			putchar(',');
			if (gr->has_sum[j])
				printf("%.0f", gr->sum[j]);
		}
		putchar(',');
		if (gr->has_spin)
			print_num(stdout, gr->max_spin);
		mean_or_empty(stdout, &gr->defer);
		if (pre)
			printf(",%.*s", irq ? (int)(irq - pre - 1) : (int)strlen(pre + 1), pre + 1);
		else
			putchar(',');
		net_cols(m, g, i);
		analysis_cols(a, g, i);
		order_cols(a, g, m->n, i);
		printf(",%s", gr->arch);
		if (rt)
			real_time_cols(gr, irq);
		putchar('\n');
	}
	return 0;
}
