// SPDX-License-Identifier: GPL-2.0
/*
 * lbstats - statistics over latchbench results (results.csv).
 *
 *   lbstats summary [FILE...]
 *	Per group (kernel,accel,vcpus,workload,variant,context,readers,
 *	writers,writer_period_ns) statistics of ns_per_op over runs, plus
 *	side metrics.  CSV with a header line; groups in order of first
 *	appearance.  "NA" = not computable (n=1: insufficient runs);
 *	empty = the input column was empty/absent for every run.
 *	If the input has a "preempt" column (preemption model), it is a group
 *	column too, printed as the last output column (empty when absent).
 *	A row with write_dwell_ns > 0 (the module's stress knob) is refused.
 *
 *   lbstats summary --rt [FILE...]
 *	The same, with the real-time columns after every other one
 *	(real_time_cols): median_ns_per_op_mean, median_ns_per_op_median,
 *	achieved_period_ns_mean, period_off, irqoff, readers_disagree.  Rows timed with
 *	irqoff=1 form groups of their own either way; a row with
 *	test_stall_ns > 0 (a test) is refused like a write_dwell_ns one.
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
 *   lbstats rows [--sample] [FILE...]
 *	Each file's header and rows as lbstats reads them: a variant's old
 *	name (bench-module/vocab.h: LB_RENAMED) is read as its new one.
 *	--sample appends each row's figure (sample: the estimator, est_col),
 *	and under a real-time accelerator its boot (sample_unit: the round) and
 *	its boot's clock quantum (sample_quantum, qt_done), so that a
 *	comparison of rows takes what summary takes.
 *
 *   lbstats converge PCT MAX [FILE]
 *	RUNS=auto: per configuration, the 95% interval of its value (the
 *	estimator; under real time over boot means) and whether it is within
 *	PCT% of the mean (converged), not yet (more) or n reached MAX (max).
 *	CSV.
 *
 *   lbstats aa [FILE]
 *	The A/A and A/B benchmark: one kernel's rows over several boots
 *	(column round); odd rounds against even ones, per-boot means, the
 *	report's rule: false positives, their gate (a permutation bound), the
 *	halves split, each comparison's mde, and the power at the known effect
 *	(rows with extra_work > 0).  See cmd_aa.
 *
 *   lbstats ab-size [FILE]
 *	The A/B's known effect: per configuration of an icount run with and
 *	without extra_work, the path per read without and with it and the
 *	difference (guest instructions: exact).  See cmd_ab_size.
 *
 *   lbstats rule
 *	Print the significance rule constants (min_runs, alpha, min_change_pct,
 *	power, near_zero_ns, near_zero_quanta, mde_warn_pct) and the estimator
 *	of each accelerator (estimator.ACCEL=COLUMN).
 *
 *   lbstats check [-V VOCAB.csv] [-m META] FILE
 *	FILE's rows that pass the input contract (below), as CSV: the one
 *	way any other reader (report, plots, index, cover letter) reads a
 *	results.csv.  A file with a header only is refused.  -V: the run's
 *	own vocabulary (its workload and variant names); -m: the run's
 *	meta.txt, checked against its own contract and against the rows
 *	(meta_read, meta_row).
 *
 *   lbstats missing META FILE
 *	What FILE's rows lack against the plan META records (cmd_missing),
 *	one line each; nothing for a whole run.
 *
 * The input contract of results.csv (summary and check): parsed by header
 * name, never by position (no quoting; fields contain no commas); extra
 * columns are accepted.  Refused, naming the file, the line and the column
 * (FILE:LINE:COLUMN, the value and what would be valid): a byte-order mark,
 * a carriage return anywhere (CRLF), a row with fewer or more fields than
 * the header, a missing or empty required column (known_cols), a cell
 * outside its column's domain (known_cols: counts, positive counts, times,
 * accelerators, contexts, models, names of the vocabulary; writer_period_ns
 * may be "none"), an icount row without path_ns_per_op, an empty file.  A
 * repeated header line (concatenated files) is skipped.
 */
#define _GNU_SOURCE /* strverscmp */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "stats.h"
/* vocab.h as the module has it on x86 with the patches (compat.h drops what a kernel lacks) */
#define LB_IF_TSC(x...) x
#define LB_IF_CYC2NS_EXPORT(x...) x
#define LB_IF_MODULE_ADDRESS_EXPORT(x...) x
#include "vocab.h" /* stats/Makefile: -I$(VOCAB_DIR), bench-module/ by default */
#include "accels.h"

static const char *prog = "lbstats";

static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: error: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

static char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		die("out of memory");
	return d;
}

/* ---- growable sample vector ---- */
struct dv {
	double *v;
	size_t n, cap;
};

static void dv_push(struct dv *d, double x)
{
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 8;
		d->v = xrealloc(d->v, d->cap * sizeof(*d->v));
	}
	d->v[d->n++] = x;
}

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ---- string -> index map, first-appearance order ---- */
struct map {
	char **keys;
	size_t n, cap;
	size_t *slot; /* open addressing, index+1, 0 = empty */
	size_t nslot;
};

static unsigned long hash(const char *s)
{
	unsigned long h = 1469598103934665603UL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211UL;
	return h;
}

static void map_grow(struct map *m)
{
	size_t ns = m->nslot ? 2 * m->nslot : 256;

	free(m->slot);
	m->slot = calloc(ns, sizeof(*m->slot));
	if (!m->slot)
		die("out of memory");
	m->nslot = ns;
	for (size_t i = 0; i < m->n; i++) {
		size_t h = hash(m->keys[i]) & (ns - 1);

		while (m->slot[h])
			h = (h + 1) & (ns - 1);
		m->slot[h] = i + 1;
	}
}

/* Index of key, inserting it if new; *isnew set accordingly. */
static size_t map_get(struct map *m, const char *key, int *isnew)
{
	size_t h;

	if (2 * (m->n + 1) > m->nslot)
		map_grow(m);
	h = hash(key) & (m->nslot - 1);
	while (m->slot[h]) {
		if (!strcmp(m->keys[m->slot[h] - 1], key)) {
			*isnew = 0;
			return m->slot[h] - 1;
		}
		h = (h + 1) & (m->nslot - 1);
	}
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->keys = xrealloc(m->keys, m->cap * sizeof(*m->keys));
	}
	m->keys[m->n] = xstrdup(key);
	m->slot[h] = m->n + 1;
	*isnew = 1;
	return m->n++;
}

/* Index of key, or -1 when absent. */
static long map_find(const struct map *m, const char *key)
{
	size_t h;

	if (!m->nslot)
		return -1;
	h = hash(key) & (m->nslot - 1);
	while (m->slot[h]) {
		if (!strcmp(m->keys[m->slot[h] - 1], key))
			return (long)m->slot[h] - 1;
		h = (h + 1) & (m->nslot - 1);
	}
	return -1;
}

/*
 * Variants renamed since (bench-module/vocab.h, the module's own table:
 * LB_RENAMED, and LB_REPLICAS for each workload's family), mapped as rows
 * are read, so that runs made with an old name read as the new one.
 */
struct family {
	const char *workload, *family;
};

struct rename {
	const char *family, *old, *now;
};

#define FAMILY(_n, _family, ...)	{ #_n, #_family },
#define RENAME(_family, _old, _now)	{ #_family, _old, _now },
static const struct family families[] = { LB_REPLICAS(FAMILY) };
static const struct rename renames[] = { LB_RENAMED(RENAME) };

static char *renamed(char *workload, char *variant)
{
	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		if (strcmp(families[i].workload, workload))
			continue;
		for (size_t j = 0; j < sizeof(renames) / sizeof(renames[0]); j++)
			if (!strcmp(renames[j].family, families[i].family) &&
			    !strcmp(renames[j].old, variant))
				return (char *)renames[j].now;
	}
	return variant;
}

static void chomp(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = 0;
}

/* ---- the input contract of results.csv ---- */
#define MAXF 256

/*
 * Every column lbstats knows by name (the CSV contract's columns), each with
 * its domain.  Required columns must be in the header and non-empty in every
 * row.  C_COUNT: a non-negative integer (at most LB_MAX_COUNT); C_POS: a
 * positive one; C_TIME: ns, a non-negative decimal (digits, an optional
 * point and digits: no sign, exponent, hex, inf or nan) of at most
 * LB_MAX_NS; C_PERIOD: a C_COUNT or "none"; C_ACCEL, C_CONTEXT, C_PREEMPT,
 * C_MITIGATIONS (the module's lb_mitigations()): a word of that
 * vocabulary; C_WORKLOAD, C_VARIANT: a name of the vocabulary (the
 * module's table or the run's own, -V; a variant's old name too), checked
 * where one is loaded (check, summary); C_CPUS: CPU
 * numbers joined by '+'; C_TEXT: anything but a comma or a carriage
 * return.  A column this table does not name (columns are appended over
 * time) is accepted as it is.  path_ns_per_op is required as soon as a row
 * is an icount row (its basis).
 */
/*
 * A row's kernel as the analysis names it: the kernel column, and for a
 * boot with the CPU-vulnerability mitigations off (column mitigations, the
 * sweep's MITIGATIONS axis) "+mitigations=off" after it: a kernel of its
 * own, so that every table sets it beside the same kernel with its
 * mitigations (auto; none: built without them) and compares the two.
 */
#define LB_MIT_OFF "+mitigations=off"
static char *kernel_id(char *kernel, const char *mit, char *buf, size_t len)
{
	if (!mit || strcmp(mit, "off"))
		return kernel;
	snprintf(buf, len, "%s" LB_MIT_OFF, kernel);
	return buf;
}

enum { C_TEXT, C_PERIOD, C_OTHER, C_COUNT, C_POS, C_TIME, C_ACCEL, C_CONTEXT,
       C_PREEMPT, C_WORKLOAD, C_VARIANT, C_CPUS, C_MITIGATIONS };
/* ns: 1000 s per operation, longer than any run; counts: exact in a double */
#define LB_MAX_NS 1e12
#define LB_MAX_COUNT 9007199254740992.0
static const struct {
	const char *name;
	int type, required;
} known_cols[] = {
	{ "kernel", C_TEXT, 1 },	{ "accel", C_ACCEL, 1 },
	{ "vcpus", C_POS, 1 },		{ "workload", C_WORKLOAD, 1 },
	{ "variant", C_VARIANT, 1 },	{ "context", C_CONTEXT, 1 },
	{ "readers", C_POS, 1 },	{ "writers", C_COUNT, 1 },
	{ "writer_period_ns", C_PERIOD, 1 }, { "run", C_COUNT, 1 },
	{ "ns_per_op", C_TIME, 1 },	{ "preempt", C_PREEMPT, 0 },
	{ "read_ops", C_COUNT, 0 },	{ "p50_ns", C_TIME, 0 },
	{ "p99_ns", C_TIME, 0 },	{ "retries", C_COUNT, 0 },
	{ "torn", C_COUNT, 0 },		{ "write_ops", C_COUNT, 0 },
	{ "ns_per_write", C_TIME, 0 },	{ "interrupts_delivered", C_COUNT, 0 },
	{ "interrupted_mid_write", C_COUNT, 0 }, { "completed", C_COUNT, 0 },
	{ "would_deadlock", C_COUNT, 0 }, { "max_spin", C_COUNT, 0 },
	{ "deferral_ns", C_COUNT, 0 },	{ "write_dwell_ns", C_COUNT, 0 },
	{ "path_ns_per_op", C_TIME, 0 }, { "backwards", C_COUNT, 0 },
	{ "reader_cpus", C_CPUS, 0 },	{ "writer_cpus", C_CPUS, 0 },
	{ "shared_cpus", C_COUNT, 0 },	{ "irqoff", C_COUNT, 0 },
	{ "median_ns_per_op", C_TIME, 0 }, { "p99_batch_ns", C_TIME, 0 },
	{ "batches_kept", C_COUNT, 0 },	{ "clock_ns", C_TIME, 0 },
	{ "achieved_period_ns", C_TIME, 0 }, { "test_stall_ns", C_COUNT, 0 },
	{ "reader_medians", C_TEXT, 0 }, { "sync_timeouts", C_COUNT, 0 },
	{ "slope_ns_per_op", C_TIME, 0 }, { "round", C_POS, 0 },
	{ "mitigations", C_MITIGATIONS, 0 },
};
#define NKNOWN (sizeof(known_cols) / sizeof(known_cols[0]))

struct csv {
	FILE *f;
	const char *name;
	char *line, *hdr, *hdr_line;
	size_t cap;
	long lineno;
	int nh;
	char *hname[MAXF];
	int htype[MAXF], hreq[MAXF];
	int iaccel, ipath;
	char *fld[MAXF];
	int nf;
	long nrows;
	int cw, cv;		/* workload, variant: -1 absent */
	int ck, cm;		/* kernel, mitigations: -1 absent */
	char kid[1024];		/* this row's kernel_id() */
	const char *kraw;	/* this row's kernel column as written */
	int keep_names;		/* 1: rows as written (lbstats check), no renames */
	int check_vocab;	/* 1: workload and variant names against the vocabulary */
	int idcol[32];		/* the identity columns present (row_identity) */
	int nid;
	struct map ids;		/* each row's identity, first seen at line idline[] */
	long *idline;
};

static int split(char *s, char **out)
{
	int n = 0;

	for (;;) {
		if (n == MAXF)
			return -1;
		out[n++] = s;
		s = strchr(s, ',');
		if (!s)
			return n;
		*s++ = 0;
	}
}

static void csv_open(struct csv *c, const char *name)
{
	memset(c, 0, sizeof(*c));
	c->name = name;
	if (!strcmp(name, "-")) {
		c->f = stdin;
		c->name = "<stdin>";
	} else if (!(c->f = fopen(name, "r"))) {
		die("%s: %s", name, strerror(errno));
	}
}

static int csv_col(const struct csv *c, const char *name)
{
	for (int i = 0; i < c->nh; i++)
		if (!strcmp(c->hname[i], name))
			return i;
	return -1;
}

/* Refuse a carriage return anywhere on the line, naming its column. */
static void no_cr(const struct csv *c, const char *line)
{
	const char *cr = strchr(line, '\r'), *p;
	int col = 1;

	if (!cr)
		return;
	for (p = line; p < cr; p++)
		col += *p == ',';
	if (c->hdr && col <= c->nh)
		die("%s:%ld: column %s: carriage return (CRLF line endings?): refusing the file",
		    c->name, c->lineno, c->hname[col - 1]);
	if (!c->hdr) {
		for (p = cr; p > line && p[-1] != ','; p--)
			;
		die("%s:%ld: column %.*s (the header): carriage return (CRLF line endings?): refusing the file",
		    c->name, c->lineno, (int)(cr - p), p);
	}
	die("%s:%ld: field %d: carriage return (CRLF line endings?): refusing the file",
	    c->name, c->lineno, col);
}

static void csv_header(struct csv *c)
{
	c->hdr = xstrdup(c->line);
	c->hdr_line = xstrdup(c->line);
	c->nh = split(c->hdr, c->hname);
	if (c->nh < 0)
		die("%s:%ld: header has more than %d columns", c->name, c->lineno, MAXF);
	c->iaccel = c->ipath = -1;
	for (int i = 0; i < c->nh; i++) {
		if (!c->hname[i][0])
			die("%s:%ld: header column %d has no name", c->name, c->lineno, i + 1);
		for (int j = 0; j < i; j++)
			if (!strcmp(c->hname[i], c->hname[j]))
				die("%s:%ld: column %s appears twice in the header", c->name,
				    c->lineno, c->hname[i]);
		c->htype[i] = C_OTHER;
		c->hreq[i] = 0;
		for (size_t k = 0; k < NKNOWN; k++)
			if (!strcmp(c->hname[i], known_cols[k].name)) {
				c->htype[i] = known_cols[k].type;
				c->hreq[i] = known_cols[k].required;
			}
		if (!strcmp(c->hname[i], "accel"))
			c->iaccel = i;
		if (!strcmp(c->hname[i], "path_ns_per_op"))
			c->ipath = i;
	}
	for (size_t k = 0; k < NKNOWN; k++) {
		int found = 0;

		for (int i = 0; i < c->nh; i++)
			found |= !strcmp(c->hname[i], known_cols[k].name);
		if (known_cols[k].required && !found)
			die("%s:%ld: no column %s in the header (required)", c->name, c->lineno,
			    known_cols[k].name);
	}
}

static int is_number(const char *s)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(s, &end);
	return *s && !*end && !errno && isfinite(x) && !isspace((unsigned char)*s);
}

/* s is digits with at most one '.' between digits (no sign, exponent, hex) */
static int is_decimal(const char *s, int integer)
{
	const char *p = s;

	while (isdigit((unsigned char)*p))
		p++;
	if (p == s)
		return 0;
	if (*p == '.' && !integer) {
		const char *q = ++p;

		while (isdigit((unsigned char)*p))
			p++;
		if (p == q)
			return 0;
	}
	return !*p;
}

/* the accelerators' names (accels.h), as the other word lists */
#define LB_ACCEL_NAME(name, ...) #name,
static const char *const accel_words[] = { LB_ACCELS(LB_ACCEL_NAME) NULL };
/* the sweep's CONTEXTS and lib.sh's LB_PREEMPTS */
static const char *const context_words[] = { "task", "hardirq", "nmi", NULL };
static const char *const preempt_words[] = { "none", "voluntary", "full", "lazy", "rt", NULL };
static const char *const mitigation_words[] = { "auto", "off", "auto+nosmt", "none", NULL };

static int in_words(const char *const *w, const char *s)
{
	for (; *w; w++)
		if (!strcmp(*w, s))
			return 1;
	return 0;
}

static void words_str(const char *const *w, char *out, size_t len)
{
	out[0] = 0;
	for (; *w; w++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s", out[0] ? " " : "", *w);
}

static int vocab_names(const char *w, const char *v, char *valid, size_t len);

/*
 * The domain of cell i of the current row (known_cols): NULL when the value
 * is in it, else why not, with what would be valid (in buf).
 */
static const char *domain_err(const struct csv *c, int i, char *buf, size_t len)
{
	const char *s = c->fld[i];
	char w[256];
	int t = c->htype[i];

	switch (t) {
	case C_PERIOD:
		if (!strcmp(s, "none"))
			return NULL;
		/* fall through */
	case C_COUNT:
	case C_POS:
		if (!is_decimal(s, 1) || strtod(s, NULL) > LB_MAX_COUNT ||
		    (t == C_POS && strtod(s, NULL) == 0)) {
			snprintf(buf, len, "not a %s integer%s (valid: %s, at most %.0f)",
				 t == C_POS ? "positive" : "non-negative",
				 t == C_PERIOD ? " of ns, nor none" : "",
				 t == C_POS ? "1, 2, 3, ..." : "0, 1, 2, ...", LB_MAX_COUNT);
			return buf;
		}
		return NULL;
	case C_TIME:
		if (!is_decimal(s, 0) || strtod(s, NULL) > LB_MAX_NS) {
			snprintf(buf, len, "not a time in ns (valid: a non-negative decimal such as 0, 12 or 12.345, at most %.0f; no sign, exponent, hex, inf or nan)",
				 LB_MAX_NS);
			return buf;
		}
		return NULL;
	case C_ACCEL:
	case C_CONTEXT:
	case C_PREEMPT:
	case C_MITIGATIONS: {
		const char *const *v = t == C_ACCEL ? accel_words : t == C_CONTEXT ? context_words :
				       t == C_PREEMPT ? preempt_words : mitigation_words;

		if (in_words(v, s))
			return NULL;
		words_str(v, w, sizeof(w));
		snprintf(buf, len, "not %s (valid: %s)", t == C_ACCEL ? "an accelerator" :
			 t == C_CONTEXT ? "a reader context" : t == C_PREEMPT ? "a preemption model" :
			 "a mitigations mode", w);
		return buf;
	}
	case C_CPUS:
		for (const char *p = s; *p; p++)
			if (!isdigit((unsigned char)*p) && (*p != '+' || p == s || !p[1] || p[1] == '+'))
				goto badcpus;
		return NULL;
badcpus:
		snprintf(buf, len, "not a list of CPUs (valid: CPU numbers joined by +, such as 0 or 0+1)");
		return buf;
	case C_WORKLOAD:
	case C_VARIANT:
		if (!c->check_vocab || c->cw < 0 || c->cv < 0)
			return NULL;
		if (t == C_WORKLOAD && !vocab_names(s, NULL, w, sizeof(w))) {
			snprintf(buf, len, "no workload of the vocabulary (valid: %s)", w);
			return buf;
		}
		if (t == C_VARIANT && vocab_names(c->fld[c->cw], NULL, w, sizeof(w)) &&
		    !vocab_names(c->fld[c->cw], s, w, sizeof(w))) {
			snprintf(buf, len, "no variant of workload %s in the vocabulary (valid: %s)",
				 c->fld[c->cw], w);
			return buf;
		}
		return NULL;
	}
	if (s[strcspn(s, " \t")] && (i == c->iaccel || !strcmp(c->hname[i], "kernel"))) {
		snprintf(buf, len, "a blank in it");
		return buf;
	}
	return NULL;
}

static void csv_check_row(const struct csv *c)
{
	char buf[512];

	for (int i = 0; i < c->nf; i++) {
		const char *s = c->fld[i], *why;

		if (!*s) {
			if (c->hreq[i])
				die("%s:%ld:%ld: column %s: empty (required)", c->name, c->lineno,
				    (long)(s - c->line) + 1, c->hname[i]);
			continue;
		}
		why = domain_err(c, i, buf, sizeof(buf));
		if (why)
			die("%s:%ld:%ld: column %s: '%.80s'%s: %s", c->name, c->lineno,
			    (long)(s - c->line) + 1, c->hname[i], s, strlen(s) > 80 ? "..." : "", why);
	}
	if (c->ipath < 0 && !strcmp(c->fld[c->iaccel], "icount"))
		die("%s:%ld: column path_ns_per_op: missing from the header, and icount rows need it (their basis)",
		    c->name, c->lineno);
}

/*
 * A row's identity: what was measured (kernel, accelerator, vCPUs, model,
 * mitigations, the configuration's columns) and which round and run of it.
 * No two rows of a file may share one: a row given twice (a file appended
 * to itself, a copy pasted in) would be read as more runs.  The columns a
 * file lacks (older runs: no round) are left out of the identity.
 */
static const char *const id_cols[] = {
	"kernel", "accel", "vcpus", "preempt", "mitigations", "workload", "variant",
	"context", "readers", "writers", "writer_period_ns", "irqoff", "write_dwell_ns",
	"test_stall_ns", "extra_work", "round", "run",
};

static void row_identity(struct csv *c)
{
	char key[4096];
	size_t k = 0, i;
	int isnew;

	if (c->nrows == 1) {
		for (size_t j = 0; j < NELEM(id_cols); j++) {
			int col = csv_col(c, id_cols[j]);

			if (col >= 0)
				c->idcol[c->nid++] = col;
		}
	}
	for (int j = 0; j < c->nid; j++)
		k += snprintf(key + k, k < sizeof(key) ? sizeof(key) - k : 0, "%s\x1f",
			      c->fld[c->idcol[j]]);
	if (k >= sizeof(key))
		die("%s:%ld: a row whose identity columns are longer than %zu characters",
		    c->name, c->lineno, sizeof(key) - 1);
	i = map_get(&c->ids, key, &isnew);
	if (!isnew)
		die("%s:%ld: the same row as line %ld (kernel %s, configuration, round and run): a row given twice would be read as another run: refusing the file",
		    c->name, c->lineno, c->idline[i], c->fld[c->ck]);
	if (i % 1024 == 0)
		c->idline = xrealloc(c->idline, (i + 1024) * sizeof(*c->idline));
	c->idline[i] = c->lineno;
}

/*
 * Next data row into c->fld; 0 at EOF.  Every line is checked against the
 * contract above; the first thing wrong ends the program, naming the file,
 * the line and the column.
 */
static int csv_next(struct csv *c)
{
	ssize_t len;

	while ((len = getline(&c->line, &c->cap, c->f)) > 0) {
		c->lineno++;
		if ((size_t)len != strlen(c->line))
			die("%s:%ld: a NUL byte: not a text file", c->name, c->lineno);
		if (c->lineno == 1 && !strncmp(c->line, "\xef\xbb\xbf", 3))
			die("%s:1:1: a UTF-8 byte-order mark (BOM) before the header: refusing the file (valid: plain text, no BOM)",
			    c->name);
		if (c->line[len - 1] == '\n')
			c->line[--len] = 0;
		no_cr(c, c->line);
		if (!c->line[0])
			continue;
		if (!c->hdr) {
			csv_header(c);
			c->cw = csv_col(c, "workload");
			c->cv = csv_col(c, "variant");
			c->ck = csv_col(c, "kernel");
			c->cm = csv_col(c, "mitigations");
			continue;
		}
		if (!strcmp(c->line, c->hdr_line))
			continue; /* repeated header (files concatenated) */
		c->nf = split(c->line, c->fld);
		if (c->nf != c->nh) {
			if (c->nf > c->nh || c->nf < 0)
				die("%s:%ld: %d fields, the header has %d: too many (a field beyond column %s)",
				    c->name, c->lineno, c->nf < 0 ? MAXF : c->nf, c->nh,
				    c->hname[c->nh - 1]);
			die("%s:%ld: %d fields, the header has %d: columns %s to %s missing",
			    c->name, c->lineno, c->nf, c->nh, c->hname[c->nf],
			    c->hname[c->nh - 1]);
		}
		csv_check_row(c);
		c->nrows++;
		row_identity(c);
		if (!c->keep_names && c->cw >= 0 && c->cv >= 0)
			c->fld[c->cv] = renamed(c->fld[c->cw], c->fld[c->cv]);
		/* a boot with mitigations=off: a kernel of its own (kernel_id) */
		c->kraw = c->ck >= 0 ? c->fld[c->ck] : NULL;
		if (!c->keep_names && c->ck >= 0 && c->cm >= 0 && c->fld[c->ck][0])
			c->fld[c->ck] = kernel_id(c->fld[c->ck], c->fld[c->cm], c->kid, sizeof(c->kid));
		return 1;
	}
	if (ferror(c->f))
		die("%s: read error", c->name);
	if (!c->hdr)
		die("%s: empty: no header line, no rows", c->name);
	return 0;
}

static void csv_close(struct csv *c)
{
	if (c->f != stdin)
		fclose(c->f);
	free(c->line);
	free(c->hdr);
	free(c->hdr_line);
	for (size_t i = 0; i < c->ids.n; i++)
		free(c->ids.keys[i]);
	free(c->ids.keys);
	free(c->ids.slot);
	free(c->idline);
}

/* Parse a number; 0 = empty/absent, 1 = ok; dies on garbage. */
static int num(const struct csv *c, int col, const char *what, double *out)
{
	const char *s;
	char *end;

	if (col < 0)
		return 0;
	s = c->fld[col];
	if (!*s)
		return 0;
	errno = 0;
	*out = strtod(s, &end);
	if (*end || errno || !isfinite(*out))
		die("%s:%ld: %s: not a number: '%s'", c->name, c->lineno, what, s);
	return 1;
}

static void pnum(FILE *o, double x)
{
	if (isnan(x))
		fputs("NA", o);
	else
		fprintf(o, "%.10g", x);
}

/* ---- the vocabulary: each variant's role, display order, baseline rank ---- */
/*
 * The module's table (bench-module/vocab.h) as compiled in, or a run's own
 * record of it (-V vocab.csv, what lb_run_vocab gives: a run made with a
 * variant this build does not know still reads).  Old names are read as
 * today's, as rows are.
 */
struct vrow {
	char *workload, *variant, *role;
	int order, rank;
};

static struct vrow *vocab;
static size_t nvocab;

static void vocab_add(const char *w, const char *v, const char *role, int order, int rank)
{
	vocab = xrealloc(vocab, (nvocab + 1) * sizeof(*vocab));
	vocab[nvocab].workload = xstrdup(w);
	vocab[nvocab].variant = xstrdup(renamed((char *)w, (char *)v));
	vocab[nvocab].role = xstrdup(role);
	vocab[nvocab].order = order;
	vocab[nvocab].rank = rank;
	nvocab++;
}

struct vdef {
	const char *name, *role;
	int order, rank;
};

#define VDEF(_id, _name, _role, _order, _rank, _type) { _name, #_role, _order, _rank },
#define KFN(_n, ...) #_n,
static const struct vdef copy_vdefs[] = { LB_COPY_VARIANTS(VDEF) };
static const struct vdef tree_vdefs[] = { LB_TREE_VARIANTS(VDEF) };
static const struct vdef kern_vdefs[] = { LB_KERNEL_VARIANTS(VDEF) };
static const char *const kernel_fns[] = { LB_KERNEL_FNS(KFN) };

static void vocab_builtin(void)
{
	for (size_t i = 0; i < NELEM(families); i++) {
		int tree = !strcmp(families[i].family, "tree");
		const struct vdef *d = tree ? tree_vdefs : copy_vdefs;
		size_t n = tree ? NELEM(tree_vdefs) : NELEM(copy_vdefs);

		for (size_t j = 0; j < n; j++)
			vocab_add(families[i].workload, d[j].name, d[j].role, d[j].order, d[j].rank);
	}
	for (size_t i = 0; i < NELEM(kernel_fns); i++)
		for (size_t j = 0; j < NELEM(kern_vdefs); j++)
			vocab_add(kernel_fns[i], kern_vdefs[j].name, kern_vdefs[j].role,
				  kern_vdefs[j].order, kern_vdefs[j].rank);
}

static void vocab_read(const char *name)
{
	FILE *f = fopen(name, "r");
	char *line = NULL, *fld[MAXF];
	size_t cap = 0;
	long ln = 0;
	int iw = -1, iv = -1, ir = -1, io = -1, ik = -1, nh = 0;

	if (!f)
		die("-V %s: %s", name, strerror(errno));
	while (getline(&line, &cap, f) > 0) {
		int n;

		ln++;
		chomp(line);
		if (!line[0])
			continue;
		n = split(line, fld);
		if (!nh) {
			nh = n;
			for (int i = 0; i < n; i++) {
				iw = strcmp(fld[i], "workload") ? iw : i;
				iv = strcmp(fld[i], "variant") ? iv : i;
				ir = strcmp(fld[i], "role") ? ir : i;
				io = strcmp(fld[i], "order") ? io : i;
				ik = strcmp(fld[i], "rank") ? ik : i;
			}
			if (iw < 0 || iv < 0 || ir < 0 || io < 0 || ik < 0)
				die("-V %s: not a vocabulary (needs columns workload, variant, role, order, rank)",
				    name);
			continue;
		}
		if (n != nh)
			die("-V %s:%ld: %d fields, the header has %d", name, ln, n, nh);
		if (!is_number(fld[io]) || !is_number(fld[ik]))
			die("-V %s:%ld: order '%s' / rank '%s': not numbers", name, ln, fld[io],
			    fld[ik]);
		vocab_add(fld[iw], fld[iv], fld[ir], atoi(fld[io]), atoi(fld[ik]));
	}
	fclose(f);
	free(line);
	if (!nvocab)
		die("-V %s: no variant in it", name);
}


/*
 * Is w a workload of the vocabulary (v NULL), or v (or its old name) a
 * variant of workload w?  valid: what is, space-separated (cut short).
 */
static int vocab_names(const char *w, const char *v, char *valid, size_t len)
{
	int found = 0;

	if (!nvocab)
		vocab_builtin();
	if (v)
		v = renamed((char *)w, (char *)v);
	valid[0] = 0;
	for (size_t i = 0; i < nvocab; i++) {
		const char *name = v ? vocab[i].variant : vocab[i].workload;
		size_t k;

		if (v && strcmp(vocab[i].workload, w))
			continue;
		found |= !strcmp(name, v ? v : w);
		/* each name once: is it already in valid? */
		for (k = 0; k < i; k++)
			if ((!v || !strcmp(vocab[k].workload, w)) &&
			    !strcmp(v ? vocab[k].variant : vocab[k].workload, name))
				break;
		if (k == i && strlen(valid) + strlen(name) + 5 < len)
			snprintf(valid + strlen(valid), len - strlen(valid), "%s%s",
				 valid[0] ? " " : "", name);
	}
	return found;
}
static const struct vrow *vocab_find(const char *w, const char *v)
{
	for (size_t i = 0; i < nvocab; i++)
		if (!strcmp(vocab[i].workload, w) && !strcmp(vocab[i].variant, v))
			return &vocab[i];
	return NULL;
}

/* the variant of workload w with role r (the first in the table), or NULL */
static const char *vocab_role(const char *w, const char *role, int rank)
{
	for (size_t i = 0; i < nvocab; i++)
		if (!strcmp(vocab[i].workload, w) && !strcmp(vocab[i].role, role) &&
		    (rank < 0 || vocab[i].rank == rank))
			return vocab[i].variant;
	return NULL;
}

/*
 * ---- the estimator: each accelerator's per-run figure, chosen here once ----
 * Every stage reads a run as this one figure: summary's value, interval and
 * comparisons (and through it table, plots and cover letter), rows --sample
 * (the report's samples), converge (RUNS=auto) and aa.
 *   icount: path_ns_per_op, the interrupt-free path per read (whole guest
 *	instructions: exact where deterministic, path_exact);
 *   tcg: path_ns_per_op too (emulated, but never exact: TCG's time is the
 *	host's);
 *   real time (kvm, uml, any other): median_ns_per_op, the run's median ns
 *	per read over its kept batches.  Chosen over slope_ns_per_op (the
 *	median of the paired (T(2b) - T(b)) / b): on results/reference-uml
 *	(62 configurations, 3 boots) its boot-level coefficient of variation
 *	is 1.25% at the median configuration against the slope's 1.42%; it is
 *	in every row (the slope is left out when negative, e.g. the harness
 *	alone); and its fixed cost per batch (one clock read / b) is the same
 *	on both sides of a comparison, so it cancels in a difference.
 * A row without its figure (a run made before the column) falls back to
 * ns_per_op, the run's mean, and the summary says so (value_basis mean).
 */
/* an accelerator as accels.h states it; NULL for a name it lacks */
struct accel {
	const char *name;
	int realtime, exact, nmi, pin;
	const char *build, *estimator, *unit, *boot_s, *slow, *per_s, *note;
	const char *metric, *short_unit, *axis_note, *table_note, *report_note, *brief_note;
};

#define LB_ACCEL_ROW(name, realtime, exact, nmi, pin, build, est, unit, boot_s, slow, per_s, note, \
		     metric, short_unit, axis_note, table_note, report_note, brief_note) \
	{ #name, realtime, exact, nmi, pin, #build, est, unit, boot_s, slow, per_s, note, \
	  metric, short_unit, axis_note, table_note, report_note, brief_note },
static const struct accel accels[] = { LB_ACCELS(LB_ACCEL_ROW) };

static const struct accel *accel_of(const char *name)
{
	for (size_t i = 0; i < NELEM(accels); i++)
		if (!strcmp(accels[i].name, name))
			return &accels[i];
	return NULL;
}

/* an accelerator the table lacks is taken as real time: the median */
#define EST_REALTIME "median_ns_per_op"

static const char *est_col(const char *accel)
{
	const struct accel *a = accel_of(accel);

	return a ? a->estimator : EST_REALTIME;
}

/* real time (accels.h), or an accelerator the table lacks; else emulated */
static int accel_realtime(const char *accel)
{
	const struct accel *a = accel_of(accel);

	return !a || a->realtime;
}

/*
 * ---- the clock's resolution per boot (real time) ----
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
#define LB_PRINT_RES 0.001
#define LB_QT_MIN 16
struct qtab {
	struct map m;
	struct dv *v;		/* each boot's values */
	double *q;		/* each boot's quantum, after qt_done */
	size_t cap;
};

static size_t qt_add(struct qtab *t, const char *boot, double x)
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
	dv_push(&t->v[i], x);
	return i;
}

static int dcmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

static void qt_done(struct qtab *t)
{
	t->q = xrealloc(NULL, (t->m.n ? t->m.n : 1) * sizeof(*t->q));
	for (size_t i = 0; i < t->m.n; i++) {
		struct dv *d = &t->v[i];
		unsigned long long gcd = 0;
		size_t distinct = 0;

		qsort(d->v, d->n, sizeof(*d->v), dcmp);
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
static void boot_key(const struct csv *c, char *out, size_t len)
{
	static const char *const bc[] = { "kernel", "accel", "vcpus", "preempt", "round" };
	size_t o = 0;

	out[0] = 0;
	for (size_t i = 0; i < NELEM(bc); i++) {
		int k = csv_col(c, bc[i]);

		o += snprintf(out + o, o < len ? len - o : 0, "%s%s", i ? "," : "",
			      k >= 0 ? c->fld[k] : "");
	}
}

/* ---- summary ---- */
static const char *const gcols[] = {
	"kernel", "accel", "vcpus", "workload", "variant", "context",
	"readers", "writers", "writer_period_ns",
};
#define NG (sizeof(gcols) / sizeof(gcols[0]))

enum { S_DELIV, S_IMW, S_COMPL, S_DEAD, NSUM };
static const char *const scols[NSUM] = {
	"interrupts_delivered", "interrupted_mid_write", "completed", "would_deadlock",
};

struct group {
	struct dv ns, r1k, torn, npw, defer, path, med, ach;
	int realtime;		/* accel neither icount nor tcg (kvm, uml): medians */
	int est_path;		/* the estimator (est_col) is path_ns_per_op, else the median */
	struct dv bootq;	/* each run's boot (struct qtab index) */
	double quantum;		/* real time: the coarsest quantum of its boots */
	double period;		/* the nominal writer period, -1: none */
	struct dv boot;		/* each ns sample's round (its boot), when rows have one */
	double retries;		/* sum over runs */
	int icount;		/* accel is icount */
	double sum[NSUM];
	int has_sum[NSUM];
	double max_spin;
	int has_spin;
	int rd_runs, rd_disagree;	/* runs listing their readers; those apart */
};

/*
 * A group's runs as the estimator (est_col) has them, when every run has
 * it; else its ns_per_op (the mean: older rows).  *name: path, median, mean.
 */
static const struct dv *group_basis(const struct group *gr, const char **name)
{
	const struct dv *d = gr->est_path ? &gr->path : &gr->med;

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
static int unit_samples(const struct group *gr, const struct dv *x, struct dv *out)
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
			dv_push(out, sum / n);
			nboots++;
		}
		if (nboots >= 2)
			return 1;
		out->n = 0;
	}
	for (size_t i = 0; i < x->n; i++)
		dv_push(out, x->v[i]);
	return 0;
}

/* how a group is compared: exact rule under icount, its quantum under real time */
static struct lb_opts group_opts(const struct group *x, const struct group *y)
{
	struct lb_opts o = { x->icount && y->icount, 0 };

	if (x->realtime || y->realtime)
		o.quantum = fmax(x->quantum, y->quantum);
	return o;
}

/*
 * The 95% half-width of the difference of two groups' unit means (Welch's
 * standard error, the smaller side's df, each variance at least the
 * quantisation noise under real time); NAN with fewer than 2 units a side.
 */
static double diff_ci95(const struct dv *a, const struct dv *b, double quantum)
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

static void mean_or_empty(FILE *o, const struct dv *d)
{
	fputc(',', o);
	if (d->n)
		pnum(o, lb_mean(d->v, d->n));
}

/*
 * Is a group's path_ns_per_op exact?  Under icount the path per read is
 * whole guest instructions when it is deterministic: every run has it, the
 * runs agree, it is an integer and no read was retried.  Otherwise the
 * reason: not-icount, no-path (irq rows, real functions' absent column),
 * retries (a writer made readers retry: how often depends on timing),
 * varies (runs differ), fraction (not whole instructions per read: the path
 * depends on the input, e.g. the tree lookup's key).
 */
static const char *path_exact(const struct group *gr)
{
	if (!gr->icount)
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

/*
 * The net cost over variant "none" of the same group (kernel, accel, vCPUs,
 * workload, context, readers, writers, period, preempt): the price of the
 * synchronisation alone.  Basis: path_ns_per_op under icount, the mean
 * ns_per_op otherwise; net_ci95 the 95% half-width of the difference of
 * means (0 when both sides are exact, NA with fewer than 2 runs a side).
 * Empty when the workload has no "none" (the real kernel functions).
 */
static void net_cols(const struct map *m, const struct group *g, size_t i)
{
	const struct group *gr = &g[i];
	const char *ex = path_exact(gr);
	char key[4096];
	const char *k = m->keys[i], *v = k;
	const struct dv *a, *b;
	long j;
	int commas = 0, use_path;

	putchar(',');
	if (gr->path.n)
		pnum(stdout, lb_mean(gr->path.v, gr->path.n));
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
			struct dv ua = { 0 }, ub = { 0 };
			struct lb_opts o = group_opts(gr, &g[j]);

			unit_samples(gr, a, &ua);
			unit_samples(&g[j], b, &ub);
			putchar(',');
			pnum(stdout, lb_mean(ua.v, ua.n) - lb_mean(ub.v, ub.n));
			putchar(',');
			if (gr->icount && use_path && !strcmp(ex, "exact") &&
			    !strcmp(path_exact(&g[j]), "exact"))
				putchar('0');
			else
				pnum(stdout, diff_ci95(&ua, &ub, o.quantum));
			free(ua.v);
			free(ub.v);
		}
		printf(",%s", use_path ? "path" : !strcmp(na, "median") ? "median" : "ns_per_op");
	}
}

/*
 * The real-time figures (issue 27), after every other column: the runs'
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
		pnum(stdout, lb_median(gr->med.v, gr->med.n));
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
			    c->name, c->lineno, f);
		lo_max = fmax(lo_max, lo);
		hi_min = fmin(hi_min, hi);
		m_min = fmin(m_min, m);
		n++;
		p += used + (p[used] == '+');
	}
	return n < 2 ? -1 : lo_max - hi_min > m_min * LB_MIN_CHANGE_PCT / 100;
}

/* ---- analysis: every derived figure, decided here once ---- */
/*
 * Appended to each summary group (columns after net_basis):
 *  section      accel/vCPUs/model: the groups a comparison across kernels
 *		 spans.  A model every kernel of (accel, vCPUs) ran is its own
 *		 section; when each kernel ran exactly one further model and
 *		 those differ (6.12 voluntary, 7.2 lazy: 7.2 has no voluntary),
 *		 they form one section named "voluntary+lazy".
 *  value, value_ci95, value_sd, value_cv_pct, value_basis, exact
 *		 the figure every layout shows: the mean of the estimator
 *		 (est_col: icount's and tcg's path_ns_per_op, real time's
 *		 median_ns_per_op) when every run has it, else of ns_per_op
 *		 (value_basis: path, median, mean); its 95% half-width (0 when
 *		 exact), standard deviation and coefficient of variation, all
 *		 over the comparison's units (cmp_unit: boot means under real
 *		 time, each variance at least the quantum's noise in the
 *		 interval; else runs); exact = yes when the path is
 *		 deterministic (icount, path_exact = exact).
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
 *  quantum_ns	 real time: the coarsest clock quantum of its boots (qtab);
 *		 empty under emulation.
 *  value_min, value_p25, value_median, value_p75, value_max
 *		 the estimator over runs (the spread plots).
 *  accel_other, order_here, order_other, order_verdict
 *		 on the synchronised variants' rows of a run with two
 *		 accelerators (icount and uml): the other accelerator that ran
 *		 this kernel, vCPU count, workload and configuration, the
 *		 variants' order by value under each (order_str) and whether
 *		 they agree ("agree", or "differ:" and the pairs apart in
 *		 opposite directions); empty otherwise.
 */
struct gfields {
	char *kernel, *accel, *vcpus, *workload, *variant, *context, *readers, *writers,
		*period, *preempt;
};

struct an {
	struct gfields f;
	char *section;
	const struct dv *basis;
	const char *basis_name;	/* path, median, mean (group_basis) */
	int use_path;
	const struct vrow *vr;
	const char *baseline;
	int ref_writer, ref_read;
	int cov;		/* kernels of the section with this configuration */
	size_t minruns;		/* fewest runs of a group of this configuration */
	long vs_base, vs_first;	/* group index compared against, -1 none */
	const char *kfirst;
};

static void key_fields(const char *key, struct gfields *f)
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

static int same_cfg(const struct gfields *a, const struct gfields *b)
{
	return !strcmp(a->context, b->context) && !strcmp(a->readers, b->readers) &&
	       !strcmp(a->writers, b->writers) && !strcmp(a->period, b->period);
}

static double period_ns(const char *p)
{
	return strcmp(p, "none") ? atof(p) : INFINITY;
}

/* the distinct (accel, vCPUs, kernel, model) of a summary: a few dozen */
struct boot {
	const char *accel, *vcpus, *kernel, *preempt;
};

static int same_av(const struct boot *x, const struct boot *y)
{
	return !strcmp(x->accel, y->accel) && !strcmp(x->vcpus, y->vcpus);
}

/* did every kernel of b's (accel, vCPUs) run model m? */
static int everyone_ran(const struct boot *t, size_t nt, const struct boot *b, const char *m)
{
	for (size_t i = 0; i < nt; i++) {
		int ran = 0;

		if (!same_av(&t[i], b))
			continue;
		for (size_t j = 0; j < nt; j++)
			ran |= same_av(&t[j], b) && !strcmp(t[j].kernel, t[i].kernel) &&
			       !strcmp(t[j].preempt, m);
		if (!ran)
			return 0;
	}
	return 1;
}

/*
 * The models of boot b's section (see above): b's own, or the further models
 * ("voluntary+lazy") in kernel version order.  The one rule of the pairing:
 * lbstats summary's sections (kernels) and lbstats sections (a report's sides).
 */
static char *section_slot(const struct boot *t, size_t nt, const struct boot *b)
{
	char slot[512] = "";
	size_t len = 0;
	int ok = 1;

	if (!everyone_ran(t, nt, b, b->preempt)) {
		/* each kernel exactly one model outside the common set? */
		for (size_t i = 0; i < nt && ok; i++) {
			int other = 0;

			if (!same_av(&t[i], b))
				continue;
			for (size_t j = 0; j < nt; j++)
				other += same_av(&t[j], b) && !strcmp(t[j].kernel, t[i].kernel) &&
					 !everyone_ran(t, nt, b, t[j].preempt);
			ok = other == 1;
		}
		/* then the section names those models in kernel version order */
		if (ok) {
			const struct boot *o[64];
			size_t no = 0;

			for (size_t i = 0; i < nt && no < NELEM(o); i++) {
				size_t k = no++;

				if (!same_av(&t[i], b) || everyone_ran(t, nt, b, t[i].preempt)) {
					no--;
					continue;
				}
				for (; k && strverscmp(o[k - 1]->kernel, t[i].kernel) > 0; k--)
					o[k] = o[k - 1];
				o[k] = &t[i];
			}
			for (size_t i = 0; i < no; i++) {
				int dup = 0;

				for (size_t k = 0; k < i; k++)
					dup |= !strcmp(o[k]->preempt, o[i]->preempt);
				if (!dup)
					len += snprintf(slot + len,
							len < sizeof(slot) ? sizeof(slot) - len : 0,
							"%s%s", len ? "+" : "", o[i]->preempt);
			}
		}
	}
	return xstrdup(ok && slot[0] && len < sizeof(slot) ? slot : b->preempt);
}

/* The section of boot b: accel/vCPUs/models (section_slot) */
static char *section_of(const struct boot *t, size_t nt, const struct boot *b)
{
	char out[1024], *slot = section_slot(t, nt, b);

	snprintf(out, sizeof(out), "%s/%s/%s", b->accel, b->vcpus, slot);
	free(slot);
	return xstrdup(out);
}

/* kernels of section s having configuration (workload, context, r, w, p) */
static int coverage(const struct an *a, size_t n, size_t i)
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
		if (!seen && nk < (int)NELEM(ks))
			ks[nk++] = a[j].f.kernel;
	}
	return nk;
}

/* fewest runs over the groups of i's configuration in its section */
static size_t min_runs_cfg(const struct an *a, const struct group *g, size_t n, size_t i)
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
static int better_ref(const struct an *a, size_t j, size_t i, int writer)
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

static long find_group(const struct an *a, size_t n, size_t i, const char *kernel,
		       const char *variant)
{
	for (size_t j = 0; j < n; j++)
		if (!strcmp(a[j].section, a[i].section) && !strcmp(a[j].f.kernel, kernel) &&
		    !strcmp(a[j].f.workload, a[i].f.workload) &&
		    !strcmp(a[j].f.variant, variant) && same_cfg(&a[j].f, &a[i].f))
			return (long)j;
	return -1;
}

static void analyse(const struct map *m, const struct group *g, struct an *a)
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
		struct boot *t = NULL;
		size_t nt = 0;

		for (size_t i = 0; i < n; i++) {
			struct boot b = { a[i].f.accel, a[i].f.vcpus, a[i].f.kernel, a[i].f.preempt };
			size_t j;

			for (j = 0; j < nt; j++)
				if (same_av(&t[j], &b) && !strcmp(t[j].kernel, b.kernel) &&
				    !strcmp(t[j].preempt, b.preempt))
					break;
			if (j == nt) {
				t = xrealloc(t, (nt + 1) * sizeof(*t));
				t[nt++] = b;
			}
		}
		for (size_t i = 0; i < n; i++) {
			struct boot b = { a[i].f.accel, a[i].f.vcpus, a[i].f.kernel, a[i].f.preempt };

			a[i].section = section_of(t, nt, &b);
		}
		free(t);
	}
	for (size_t i = 0; i < n; i++) {
		a[i].cov = coverage(a, n, i);
		a[i].minruns = min_runs_cfg(a, g, n, i);
	}
	for (size_t i = 0; i < n; i++) {
		const struct gfields *f = &a[i].f;
		const char *subject = vocab_role(f->workload, "sync", 0);
		int best_rank = 0;

		/* baseline: the lowest rank > 0 this kernel ran in task context */
		for (size_t j = 0; subject && j < n; j++) {
			const struct vrow *v = a[j].vr;

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
}

/* the samples a comparison of a group uses: its units (unit_samples) of its basis */
static int cmp_samples(const struct an *a, const struct group *gr, struct dv *out)
{
	return unit_samples(gr, a->basis, out);
}

static const struct group *cmp_groups;

static void print_cmp(const struct an *a, size_t i, long j)
{
	struct dv x = { 0 }, y = { 0 };
	struct lb_cmp c;

	if (j < 0) {
		fputs(",,", stdout);
		return;
	}
	{
		struct lb_opts o = group_opts(&cmp_groups[i], &cmp_groups[j]);

		cmp_samples(&a[j], &cmp_groups[j], &x);
		cmp_samples(&a[i], &cmp_groups[i], &y);
		lb_compare_opts(x.v, x.n, y.v, y.n, &o, &c);
	}
	free(x.v);
	free(y.v);
	putchar(',');
	pnum(stdout, c.near_zero ? NAN : c.change_pct);
	printf(",%s", lb_verdict_name(c.verdict));
}

/* the mde columns of a comparison: mde_pct (NA near zero, untested), mde in units */
static void print_mde(const struct an *a, size_t i, long j)
{
	struct dv x = { 0 }, y = { 0 };
	struct lb_cmp c;
	struct lb_opts o;

	if (j < 0) {
		fputs(",,", stdout);
		return;
	}
	o = group_opts(&cmp_groups[i], &cmp_groups[j]);
	cmp_samples(&a[j], &cmp_groups[j], &x);
	cmp_samples(&a[i], &cmp_groups[i], &y);
	lb_compare_opts(x.v, x.n, y.v, y.n, &o, &c);
	free(x.v);
	free(y.v);
	putchar(',');
	pnum(stdout, c.mde_pct);
	putchar(',');
	pnum(stdout, c.mde);
}

/*
 * A group's value (the mean of its basis) and the 95% half-width of it: 0
 * when the path is exact, NAN with fewer than 2 samples.
 */
static double value_of(const struct an *a, const struct group *g, double *ci95)
{
	struct dv u = { 0 };
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
 * Two accelerators side by side (issue 23: icount's exact paths and uml's
 * real time from one run).  The synchronised variants (role sync) of one
 * kernel, vCPU count, workload and configuration, ordered by value under
 * each accelerator: "rcu<latch~seqlock", '<' where the 95% intervals are
 * apart, '~' where they overlap (or one is unknown).  The orders disagree
 * when a pair is apart in opposite directions under the two; otherwise
 * they agree.  A side with two groups of one variant (two models of one
 * kernel) has no order.
 */
static int same_unit(const struct an *x, const struct an *y)
{
	return !strcmp(x->f.kernel, y->f.kernel) && !strcmp(x->f.vcpus, y->f.vcpus) &&
	       !strcmp(x->f.workload, y->f.workload) && same_cfg(&x->f, &y->f);
}

static int is_sync(const struct an *x)
{
	return x->vr && !strcmp(x->vr->role, "sync");
}

struct omember {
	const char *variant;
	double v, ci;
};

static int om_cmp(const void *p, const void *q)
{
	const struct omember *x = p, *y = q;

	return x->v < y->v ? -1 : x->v > y->v ? 1 : strcmp(x->variant, y->variant);
}

/* 1: x apart below y, -1: apart above, 0: overlapping or unknown */
static int apart(const struct omember *x, const struct omember *y)
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
static int members(const struct an *a, const struct group *g, size_t n, size_t i,
		   const char *accel, struct omember *m, int cap)
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
	qsort(m, k, sizeof(*m), om_cmp);
	return k;
}

/* the index of variant v among m[0..k), -1 when absent */
static int om_find(const struct omember *m, int k, const char *v)
{
	for (int q = 0; q < k; q++)
		if (!strcmp(m[q].variant, v))
			return q;
	return -1;
}

static void order_str(const struct omember *m, int k, char *out, size_t len)
{
	size_t o = 0;

	out[0] = 0;
	for (int q = 0; q < k; q++)
		o += snprintf(out + o, o < len ? len - o : 0, "%s%s",
			      q ? (apart(&m[q - 1], &m[q]) ? "<" : "~") : "", m[q].variant);
}

static void order_cols(const struct an *a, const struct group *g, size_t n, size_t i)
{
	struct omember mh[16], mo[16];
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
	kh = members(a, g, n, i, a[i].f.accel, mh, NELEM(mh));
	ko = members(a, g, n, i, other, mo, NELEM(mo));
	if (kh < 0 || ko < 0) {
		printf(",%s,,,", other);
		return;
	}
	order_str(mh, kh, oh, sizeof(oh));
	order_str(mo, ko, oo, sizeof(oo));
	/* pairs apart in opposite directions, named "latch/rcu" */
	for (int p = 0; p < kh; p++)
		for (int q = p + 1; q < kh; q++) {
			int x = om_find(mo, ko, mh[p].variant), y = om_find(mo, ko, mh[q].variant);

			if (x >= 0 && y >= 0 && apart(&mh[p], &mh[q]) * apart(&mo[x], &mo[y]) < 0)
				w += snprintf(why + w, w < sizeof(why) ? sizeof(why) - w : 0,
					      " %s/%s", mh[p].variant, mh[q].variant);
		}
	printf(",%s,%s,%s,%s%s", other, oh, oo, why[0] ? "differ:" : "agree", why);
}

static void analysis_cols(const struct an *a, const struct group *g, size_t i)
{
	struct dv u = { 0 };
	int per_boot = cmp_samples(&a[i], &g[i], &u);

	const struct dv *b = a[i].basis;
	const char *ex = path_exact(&g[i]);
	/* the spread of the unit (boot means under real time, else runs) */
	double ci95, mean = value_of(&a[i], &g[i], &ci95), sd = u.n > 1 ? lb_sd(u.v, u.n) : NAN;

	printf(",%s,", a[i].section);
	pnum(stdout, mean);
	putchar(',');
	if (a[i].use_path && !strcmp(ex, "exact"))
		putchar('0');
	else if (b->n >= 2)
		pnum(stdout, ci95);
	else
		fputs("NA", stdout);
	putchar(',');
	pnum(stdout, sd);
	putchar(',');
	pnum(stdout, mean != 0 ? 100.0 * sd / mean : NAN);
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
		struct dv f = { 0 };
		double fm, fs;

		cmp_samples(&a[a[i].vs_first], &g[a[i].vs_first], &f);
		fm = lb_mean(f.v, f.n);
		fs = f.n > 1 ? lb_sd(f.v, f.n) : NAN;
		free(f.v);
		{
		double fcv = fm != 0 ? fs / fm : NAN, cv = mean != 0 ? sd / mean : NAN;

		putchar(',');
		pnum(stdout, fm != 0 ? 100.0 * (fm - mean) / fm : NAN);
		putchar(',');
		pnum(stdout, fs != 0 ? 100.0 * (fs - sd) / fs : NAN);
		putchar(',');
		pnum(stdout, fcv != 0 ? 100.0 * (fcv - cv) / fcv : NAN);
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
		pnum(stdout, g[i].quantum);
	{
		const double qs[] = { 0, 0.25, 0.5, 0.75, 1 };

		for (size_t k = 0; k < NELEM(qs); k++) {
			putchar(',');
			pnum(stdout, lb_quantile(b->v, b->n, qs[k]));
		}
	}
}

static int cmd_summary(int argc, char **argv)
{
	struct map m = { 0 };
	struct group *g = NULL;
	size_t gcap = 0;
	char key[4096];
	struct an *a;
	int nfiles, rt = 0, vread = 0;
	struct qtab qt = { 0 };

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
	for (int fi = 0; fi < nfiles; fi++) {
		struct csv c;
		int gi[NG], ipre, idw, ins, iro, iret, itorn, inpw, idef, ispin, is[NSUM], ipath;
		int imed, iach, istall, iirqoff, iew;
		int iround, ird;

		csv_open(&c, argc > 0 ? argv[fi] : "-");
		c.check_vocab = 1;
		if (!csv_next(&c)) {
			csv_close(&c);
			continue;
		}
		for (size_t i = 0; i < NG; i++)
			if ((gi[i] = csv_col(&c, gcols[i])) < 0)
				die("%s: no column '%s' in header", c.name, gcols[i]);
		if ((ins = csv_col(&c, "ns_per_op")) < 0)
			die("%s: no column 'ns_per_op' in header", c.name);
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
		for (int i = 0; i < NSUM; i++)
			is[i] = csv_col(&c, scols[i]);
		do {
			size_t k = 0, idx;
			int isnew;
			struct group *gr;
			double x, ro, re;

			/* a stress row (the module's write_dwell_ns) is no measurement */
			if (idw >= 0 && c.fld[idw][0] && strcmp(c.fld[idw], "0"))
				die("%s:%ld: write_dwell_ns=%s: a stress row, not a measurement",
				    c.name, c.lineno, c.fld[idw]);
			/* nor is a row whose batches were stalled on purpose (a test) */
			if (istall >= 0 && c.fld[istall][0] && strcmp(c.fld[istall], "0"))
				die("%s:%ld: test_stall_ns=%s: a test row, not a measurement",
				    c.name, c.lineno, c.fld[istall]);
			/* nor one with make aa's known effect injected (lbstats aa reads it) */
			if (iew >= 0 && c.fld[iew][0] && strcmp(c.fld[iew], "0"))
				die("%s:%ld: extra_work=%s: the A/B benchmark's injected effect, not a measurement (lbstats aa)",
				    c.name, c.lineno, c.fld[iew]);
			for (size_t i = 0; i < NG; i++) {
				const char *f = c.fld[gi[i]];
				size_t l = strlen(f);

				if (!l && i < 6)
					die("%s:%ld: empty %s", c.name, c.lineno, gcols[i]);
				if (k + l + 2 > sizeof(key))
					die("%s:%ld: group key too long", c.name, c.lineno);
				memcpy(key + k, f, l);
				k += l;
				key[k++] = i + 1 < NG ? ',' : 0;
			}
			if (ipre >= 0) {
				/* extra group column, printed last: "\x1f" + value */
				size_t l = strlen(c.fld[ipre]);

				if (k + l + 2 > sizeof(key))
					die("%s:%ld: group key too long", c.name, c.lineno);
				key[k - 1] = 0x1f;
				memcpy(key + k, c.fld[ipre], l + 1);
				k += l + 1;
			}
			if (iirqoff >= 0 && c.fld[iirqoff][0] && strcmp(c.fld[iirqoff], "0")) {
				/* timed with interrupts off: a group of its own, "\x1e" + value */
				size_t l = strlen(c.fld[iirqoff]);

				if (k + l + 2 > sizeof(key))
					die("%s:%ld: group key too long", c.name, c.lineno);
				key[k - 1] = 0x1e;
				memcpy(key + k, c.fld[iirqoff], l + 1);
			}
			idx = map_get(&m, key, &isnew);
			if (isnew) {
				if (idx >= gcap) {
					gcap = gcap ? 2 * gcap : 64;
					g = xrealloc(g, gcap * sizeof(*g));
				}
				memset(&g[idx], 0, sizeof(g[idx]));
				g[idx].period = -1;
				if (strcmp(c.fld[gi[8]], "none") && c.fld[gi[8]][0])
					g[idx].period = strtod(c.fld[gi[8]], NULL);
			}
			gr = &g[idx];
			if (!num(&c, ins, "ns_per_op", &x))
				die("%s:%ld: ns_per_op empty", c.name, c.lineno);
			dv_push(&gr->ns, x);
			if (num(&c, iro, "read_ops", &ro) && num(&c, iret, "retries", &re) && ro > 0)
				dv_push(&gr->r1k, 1000.0 * re / ro);
			if (num(&c, iret, "retries", &re))
				gr->retries += re;
			if (num(&c, ipath, "path_ns_per_op", &x))
				dv_push(&gr->path, x);
			if (num(&c, imed, "median_ns_per_op", &x))
				dv_push(&gr->med, x);
			if (num(&c, iach, "achieved_period_ns", &x))
				dv_push(&gr->ach, x);
			gr->icount = !strcmp(c.fld[gi[1]], "icount");
			gr->realtime = accel_realtime(c.fld[gi[1]]);
			gr->est_path = !strcmp(est_col(c.fld[gi[1]]), "path_ns_per_op");
			{
				/* the run's boot, for the clock's resolution (qt_done) */
				char bk[1024];
				int ie = csv_col(&c, est_col(c.fld[gi[1]]));

				boot_key(&c, bk, sizeof(bk));
				if (num(&c, ie, "estimator", &x))
					dv_push(&gr->bootq, (double)qt_add(&qt, bk, x));
			}
			if (num(&c, iround, "round", &x))
				dv_push(&gr->boot, x);
			if (ird >= 0 && c.fld[ird][0]) {
				int dis = readers_disagree(&c, c.fld[ird]);

				if (dis >= 0) {
					gr->rd_runs++;
					gr->rd_disagree += dis;
				}
			}
			if (num(&c, itorn, "torn", &x))
				dv_push(&gr->torn, x);
			if (num(&c, inpw, "ns_per_write", &x))
				dv_push(&gr->npw, x);
			if (num(&c, idef, "deferral_ns", &x))
				dv_push(&gr->defer, x);
			if (num(&c, ispin, "max_spin", &x)) {
				if (!gr->has_spin || x > gr->max_spin)
					gr->max_spin = x;
				gr->has_spin = 1;
			}
			for (int i = 0; i < NSUM; i++)
				if (num(&c, is[i], scols[i], &x)) {
					gr->sum[i] += x;
					gr->has_sum[i] = 1;
				}
		} while (csv_next(&c));
		csv_close(&c);
	}

	for (size_t i = 0; i < NG; i++)
		printf("%s,", gcols[i]);
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
	       "accel_other,order_here,order_other,order_verdict%s\n",
	       rt ? ",median_ns_per_op_mean,median_ns_per_op_median,achieved_period_ns_mean,"
		    "period_off,irqoff,readers_disagree" : "");
	qt_done(&qt);
	for (size_t i = 0; i < m.n; i++) {
		g[i].quantum = g[i].realtime ? LB_PRINT_RES : 0;
		for (size_t k = 0; k < g[i].bootq.n; k++)
			g[i].quantum = fmax(g[i].quantum, qt.q[(size_t)g[i].bootq.v[k]]);
	}
	a = calloc(m.n ? m.n : 1, sizeof(*a));
	if (!a)
		die("out of memory");
	analyse(&m, g, a);
	cmp_groups = g;
	for (size_t i = 0; i < m.n; i++) {
		struct group *gr = &g[i];
		struct lb_desc d;

		lb_describe(gr->ns.v, gr->ns.n, &d);
		char *pre = strchr(m.keys[i], 0x1f), *irq = strchr(m.keys[i], 0x1e);
		int klen = pre ? (int)(pre - m.keys[i]) :
			   irq ? (int)(irq - m.keys[i]) : (int)strlen(m.keys[i]);

		printf("%.*s,%zu", klen, m.keys[i], d.n);
		{
			const double f[] = { d.mean, d.median, d.sd, d.rsd_pct, d.min, d.p25,
					     d.p75, d.max, d.ci_lo, d.ci_hi };

			for (size_t j = 0; j < sizeof(f) / sizeof(f[0]); j++) {
				putchar(',');
				pnum(stdout, f[j]);
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
			pnum(stdout, gr->max_spin);
		mean_or_empty(stdout, &gr->defer);
		if (pre)
			printf(",%.*s", irq ? (int)(irq - pre - 1) : (int)strlen(pre + 1), pre + 1);
		else
			putchar(',');
		net_cols(&m, g, i);
		analysis_cols(a, g, i);
		order_cols(a, g, m.n, i);
		if (rt)
			real_time_cols(gr, irq);
		putchar('\n');
	}
	return 0;
}



/* ---- meta.txt: the run's record (runners/sweep), its own contract ---- */
/*
 * KEY=VALUE lines.  Refused, naming the file, the line and the key: a NUL
 * byte, a byte-order mark, a carriage return (CRLF), a line without KEY=, a
 * key given twice (the same value: a duplicate; another: a contradiction),
 * and a value outside its key's domain (meta_domain).  Then checked against
 * the rows (meta_rows): accel, vcpus and rows must not disagree with them.
 */
struct meta {
	const char *name;
	struct map keys;
	char **val;
	long *line;
};

/* KEY's value; NULL when absent or empty (an empty value records nothing) */
static const char *meta_get(const struct meta *m, const char *key)
{
	long i = map_find(&m->keys, key);

	return i < 0 || !m->val[i][0] ? NULL : m->val[i];
}

static int ends_with(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);

	return a >= b && !strcmp(s + a - b, suf);
}

/* every space-separated word of s passes ok(word) (and there is one) */
static int all_words(const char *s, int (*ok)(const char *))
{
	char w[256];
	int n = 0;

	while (*s) {
		size_t l = strcspn(s, " ");

		if (l) {
			if (l >= sizeof(w))
				return 0;
			memcpy(w, s, l);
			w[l] = 0;
			if (!ok(w))
				return 0;
			n++;
		}
		s += l + (s[l] == ' ');
	}
	return n > 0;
}

static int w_count(const char *s) { return is_decimal(s, 1) && strlen(s) < 16; }
static int w_pos(const char *s) { return w_count(s) && strtod(s, NULL) > 0; }
static int w_accel(const char *s) { return in_words(accel_words, s) || !strcmp(s, "unknown"); }
static int w_preempt(const char *s) { return in_words(preempt_words, s); }
static int w_exit(const char *s) { return !strcmp(s, "none") || (w_count(s) && atoi(s) < 256); }
static int w_01(const char *s) { return !strcmp(s, "0") || !strcmp(s, "1"); }
static int w_runs(const char *s) { return w_pos(s) || !strcmp(s, "auto"); }
static int w_secs(const char *s) { return is_decimal(s, 0) && strlen(s) < 16; }
static int w_preempt_u(const char *s) { return w_preempt(s) || !strcmp(s, "unknown"); }
/* rounds: N, or ACCEL:N per accelerator of a run under several */
static int w_rounds(const char *s)
{
	const char *c = strchr(s, ':');
	char a[32];

	if (!c)
		return w_pos(s);
	if ((size_t)(c - s) >= sizeof(a))
		return 0;
	memcpy(a, s, c - s);
	a[c - s] = 0;
	return in_words(accel_words, a) && w_pos(c + 1);
}

static const struct {
	const char *key;	/* the key, or (leading '.') a suffix of TAG.KEY, or (trailing '.') a prefix */
	int (*ok)(const char *);
	int list;		/* a space-separated list of such words */
	const char *valid;
} meta_keys[] = {
	{ "rows", w_count, 0, "a number of rows: 0, 1, 2, ..." },
	{ "failed_boots", w_count, 0, "0, 1, 2, ..." },
	{ "incomplete", w_01, 0, "0 or 1" },
	{ "runs", w_runs, 0, "1, 2, 3, ... or auto" },
	{ "rounds", w_rounds, 1, "1, 2, 3, ..., or ACCEL:N per accelerator" },
	{ "duration_ms", w_pos, 0, "1, 2, 3, ..." },
	{ "wall_s", w_count, 0, "0, 1, 2, ... seconds" },
	{ "host_cpus", w_pos, 0, "1, 2, 3, ..." },
	{ "vcpus", w_pos, 1, "vCPU counts: 1, 2, ..., space-separated" },
	{ "accel", w_accel, 1, "kvm tcg icount uml (or unknown), space-separated" },
	{ "perf", w_01, 0, "0 or 1" },
	{ "pinning", w_01, 1, "0 or 1, one per accelerator" },
	{ ".exit", w_exit, 0, "an exit status 0 to 255, or none" },
	{ ".vcpus", w_pos, 0, "1, 2, 3, ..." },
	{ ".boot.accel", w_accel, 0, "kvm tcg icount uml" },
	{ ".preempt", w_preempt_u, 0, "none voluntary full lazy rt, or unknown" },
	{ ".expected_s", w_count, 0, "0, 1, 2, ... seconds" },
	{ ".timeout_s", w_count, 0, "0, 1, 2, ... seconds" },
	{ ".boot.wall_s", w_secs, 0, "seconds: 0, 12, 12.34" },
	{ "build_s.", w_count, 0, "0, 1, 2, ... seconds" },
	{ ".configs", w_count, 0, "0, 1, 2, ... configurations" },
	{ ".runs", w_pos, 0, "1, 2, 3, ... runs" },
};

static void meta_domain(const struct meta *m, size_t i)
{
	const char *k = m->keys.keys[i], *v = m->val[i];

	for (size_t j = 0; j < NELEM(meta_keys); j++) {
		const char *p = meta_keys[j].key;
		size_t pl = strlen(p);
		int hit = p[0] == '.' ? ends_with(k, p) && strlen(k) > pl :
			  p[pl - 1] == '.' ? !strncmp(k, p, pl) : !strcmp(k, p);

		if (!hit)
			continue;
		/* an empty value records nothing (a boot that never ran) */
		if (!*v || (meta_keys[j].list ? all_words(v, meta_keys[j].ok) : meta_keys[j].ok(v)))
			return;
		die("%s:%ld: key %s: '%.80s': not in its domain (valid: %s)", m->name, m->line[i], k,
		    v, meta_keys[j].valid);
	}
}

/*
 * The record agrees with itself: a run that says it finished
 * (incomplete=0) has every planned boot (boots=, less skipped.TAG) ended
 * with exit 0.  A contradiction is refused, naming both lines.
 */
static void meta_consistent(const struct meta *m)
{
	const char *inc = meta_get(m, "incomplete"), *boots = meta_get(m, "boots");
	char *list, *tok, *save;

	if (!inc || strcmp(inc, "0") || !boots)
		return;
	list = xstrdup(boots);
	for (tok = strtok_r(list, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char key[512];
		const char *e;
		long i;

		if (strlen(tok) > 400)
			continue;
		snprintf(key, sizeof(key), "skipped.%s", tok);
		if (meta_get(m, key))
			continue;
		snprintf(key, sizeof(key), "%s.exit", tok);
		e = meta_get(m, key);
		if (e && !strcmp(e, "0"))
			continue;
		i = map_find(&m->keys, key);
		if (i < 0)
			die("%s:%ld: key incomplete: 0 (the run finished), but its planned boot %s has no %s line: the record contradicts itself",
			    m->name, m->line[map_find(&m->keys, "incomplete")], tok, key);
		die("%s:%ld: key incomplete: 0 (the run finished), but line %ld says %s=%s: the record contradicts itself",
		    m->name, m->line[map_find(&m->keys, "incomplete")], m->line[i], key, m->val[i]);
	}
	free(list);
}

static void meta_read(struct meta *m, const char *name)
{
	FILE *f = fopen(name, "r");
	char *line = NULL;
	size_t cap = 0, vcap = 0;
	ssize_t len;
	long ln = 0;

	memset(m, 0, sizeof(*m));
	m->name = name;
	if (!f)
		die("%s: %s", name, strerror(errno));
	while ((len = getline(&line, &cap, f)) > 0) {
		char *eq, *cr;
		size_t idx;
		int isnew;

		ln++;
		if ((size_t)len != strlen(line))
			die("%s:%ld: a NUL byte: not a text file", name, ln);
		if (line[len - 1] == '\n')
			line[--len] = 0;
		if (ln == 1 && !strncmp(line, "\xef\xbb\xbf", 3))
			die("%s:1: a UTF-8 byte-order mark (BOM) before the first key: refusing the file (valid: plain text, no BOM)",
			    name);
		eq = strchr(line, '=');
		cr = strchr(line, '\r');
		if (cr)
			die("%s:%ld: key %.*s: carriage return (CRLF line endings?): refusing the file",
			    name, ln, (int)(eq && eq < cr ? eq - line : cr - line), line);
		if (!line[0])
			continue;
		if (!eq || eq == line)
			die("%s:%ld: not a KEY=VALUE line: '%.80s'", name, ln, line);
		*eq = 0;
		if (line[strspn(line, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-")])
			die("%s:%ld: key '%.80s': not a key (valid: letters, digits and _ . + -)", name, ln,
			    line);
		idx = map_get(&m->keys, line, &isnew);
		if (!isnew) {
			if (!strcmp(m->val[idx], eq + 1))
				die("%s:%ld: key %s: given twice (also line %ld): each key once", name, ln,
				    line, m->line[idx]);
			die("%s:%ld: key %s: '%.60s' contradicts line %ld's '%.60s': each key once",
			    name, ln, line, eq + 1, m->line[idx], m->val[idx]);
		}
		if (idx >= vcap) {
			vcap = vcap ? 2 * vcap : 256;
			m->val = xrealloc(m->val, vcap * sizeof(*m->val));
			m->line = xrealloc(m->line, vcap * sizeof(*m->line));
		}
		m->val[idx] = xstrdup(eq + 1);
		m->line[idx] = ln;
		meta_domain(m, idx);
	}
	if (ferror(f))
		die("%s: read error", name);
	fclose(f);
	free(line);
	meta_consistent(m);
}

/* is word w in the space-separated list s? */
static int in_list(const char *s, const char *w)
{
	size_t l = strlen(w);

	for (const char *p = s; (p = strstr(p, w)); p += l)
		if ((p == s || p[-1] == ' ') && (p[l] == ' ' || !p[l]))
			return 1;
	return 0;
}

/*
 * Does kernel release r belong to the sweep's kernel word w (meta.txt
 * kernels=)?  A version word (6.12) names its builds' releases (6.12.118,
 * and with a local version, 6.12.118-rc1); VER-SUFFIX (6.12-debian,
 * 6.12-distro) the releases of that version ending in -SUFFIX
 * (6.12.118-debian); a release word (6.12.118, older runs) itself.
 */
static int kernel_of_word(const char *r, const char *w)
{
	const char *dash = strchr(w, '-');
	size_t vl = dash ? (size_t)(dash - w) : strlen(w);

	if (!strcmp(r, w))
		return 1;
	if (strncmp(r, w, vl) || r[vl] != '.')
		return 0;
	if (!dash)
		return 1;
	return ends_with(r, dash) && strlen(r) > vl + strlen(dash);
}

/* One row against the record: its kernel (kernels=, unless the run is of a
 * developer's own trees: kdirs=), accel and vCPUs must be ones meta.txt names. */
static void meta_row(const struct meta *m, const struct csv *c)
{
	static const char *const keys[] = { "accel", "vcpus" };
	const char *kw = meta_get(m, "kernels");

	if (kw && !meta_get(m, "kdirs") && c->ck >= 0) {
		const char *r = c->kraw ? c->kraw : c->fld[c->ck];
		char w[256];
		int ok = 0;

		for (const char *p = kw; *p && !ok;) {
			size_t l = strcspn(p, " ");

			if (l && l < sizeof(w)) {
				memcpy(w, p, l);
				w[l] = 0;
				ok = kernel_of_word(r, w);
			}
			p += l + (p[l] == ' ');
		}
		if (!ok)
			die("%s:%ld: key kernels: '%s', but %s:%ld has a row of kernel %s, none of them: the record and the rows disagree",
			    m->name, m->line[map_find(&m->keys, "kernels")], kw, c->name, c->lineno, r);
	}

	for (size_t k = 0; k < NELEM(keys); k++) {
		const char *mv = meta_get(m, keys[k]);
		int col = csv_col(c, keys[k]);

		if (!mv || col < 0 || !strcmp(mv, "unknown") || in_list(mv, c->fld[col]))
			continue;
		die("%s:%ld: key %s: '%s', but %s:%ld has a row with %s %s: the record and the rows disagree",
		    m->name, m->line[map_find(&m->keys, keys[k])], keys[k], mv, c->name, c->lineno,
		    keys[k], c->fld[col]);
	}
}

/* After the last row: no more rows than the record says the run wrote. */
static void meta_rows_done(const struct meta *m, const struct csv *c)
{
	const char *r = meta_get(m, "rows");

	if (r && c->nrows > atol(r))
		die("%s:%ld: key rows: %s, but %s has %ld rows: the record and the rows disagree",
		    m->name, m->line[map_find(&m->keys, "rows")], r, c->name, c->nrows);
}

/*
 * ---- completeness: the rows against the run's own plan ----
 * lbstats missing META FILE: one line per thing the plan recorded in
 * META (runners/sweep's meta.txt) that FILE's rows lack; nothing for a
 * whole run.  The plan: rows= (what the sweep wrote), and each planned boot
 * (boots=; older runs: every TAG.exit) that finished (TAG.exit=0, not
 * skipped.TAG): its rows are those of its kernel release (TAG.kernel),
 * vCPUs (TAG.vcpus), accelerator (TAG.boot.accel), model (TAG.preempt) and
 * round (a tag's -rN, the round column); a finished boot must have rows, and
 * each of its configurations as many runs as its others (a boot runs each
 * of its configurations the same number of times).  A boot that did not
 * finish is lb_incomplete_note's (it says why).  lib.sh lb_incomplete_note
 * lays these lines out first in every report, table, plot page, index and
 * cover letter.
 */
struct pboot {
	const char *tag, *kernel, *vcpus, *accel, *preempt;
	long round, nrows;
	long configs, runs;	/* its plan, as the guest expanded it (TAG.configs, TAG.runs); -1 unrecorded */
	int moff;		/* booted with mitigations=off (TAG.mitigations_mode) */
};

static int cmd_missing(int argc, char **argv)
{
	struct meta m;
	struct csv c;
	struct pboot *b = NULL;
	size_t nb = 0;
	struct map cfg = { 0 };
	long *cnt = NULL, *maxr = NULL;
	size_t ccap = 0;
	const char *boots, *r, *acc1;
	char *list, *tok, *save;
	int ik, ia, iv, ip, ir, im, gi[NG];

	if (argc != 2)
		die("usage: lbstats missing META FILE");
	meta_read(&m, argv[0]);
	boots = meta_get(&m, "boots");
	if (boots) {
		list = xstrdup(boots);
	} else {
		/* older runs: every TAG.exit (not TAG.boot.exit) */
		size_t len = 1;

		list = xstrdup("");
		for (size_t i = 0; i < m.keys.n; i++) {
			const char *k = m.keys.keys[i];

			if (!ends_with(k, ".exit") || ends_with(k, ".boot.exit"))
				continue;
			len += strlen(k) + 1;
			list = xrealloc(list, len);
			snprintf(list + strlen(list), len - strlen(list), "%.*s ", (int)(strlen(k) - 5), k);
		}
	}
	acc1 = meta_get(&m, "accel");
	for (tok = strtok_r(list, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char key[512];
		const char *e, *dash;

		if (strlen(tok) > 400)
			die("%s: key boots: a tag of %zu characters", m.name, strlen(tok));
		snprintf(key, sizeof(key), "skipped.%s", tok);
		if (meta_get(&m, key))
			continue;
		snprintf(key, sizeof(key), "%s.exit", tok);
		e = meta_get(&m, key);
		if (!e || strcmp(e, "0"))
			continue;
		b = xrealloc(b, (nb + 1) * sizeof(*b));
		memset(&b[nb], 0, sizeof(*b));
		b[nb].tag = tok;
		/* the kernel its rows name: a stock kernel's 6.12.118-debian
		 * (TAG.rows_kernel), else the guest's release */
		snprintf(key, sizeof(key), "%s.rows_kernel", tok);
		b[nb].kernel = meta_get(&m, key);
		snprintf(key, sizeof(key), "%s.kernel", tok);
		if (!b[nb].kernel)
			b[nb].kernel = meta_get(&m, key);
		snprintf(key, sizeof(key), "%s.vcpus", tok);
		b[nb].vcpus = meta_get(&m, key);
		snprintf(key, sizeof(key), "%s.mitigations_mode", tok);
		b[nb].moff = meta_get(&m, key) && !strcmp(meta_get(&m, key), "off");
		snprintf(key, sizeof(key), "%s.boot.accel", tok);
		b[nb].accel = meta_get(&m, key);
		if (!b[nb].accel && acc1 && !strchr(acc1, ' '))
			b[nb].accel = acc1;
		/* the model: the tag's (KERNEL-MODEL-NcpuS...), else TAG.preempt (uml) */
		dash = strchr(tok, '-');
		for (size_t w = 0; dash && preempt_words[w]; w++) {
			size_t l = strlen(preempt_words[w]);

			if (!strncmp(dash + 1, preempt_words[w], l) && dash[l + 1] == '-')
				b[nb].preempt = preempt_words[w];
		}
		snprintf(key, sizeof(key), "%s.preempt", tok);
		if (!b[nb].preempt)
			b[nb].preempt = meta_get(&m, key);
		dash = strrchr(tok, '-');
		if (dash && dash[1] == 'r' && is_decimal(dash + 2, 1))
			b[nb].round = atol(dash + 2);
		snprintf(key, sizeof(key), "%s.configs", tok);
		b[nb].configs = meta_get(&m, key) ? atol(meta_get(&m, key)) : -1;
		snprintf(key, sizeof(key), "%s.runs", tok);
		b[nb].runs = meta_get(&m, key) ? atol(meta_get(&m, key)) : -1;
		nb++;
	}

	csv_open(&c, argv[1]);
	if (!csv_next(&c))
		die("%s: no rows (a header only)", c.name);
	ik = csv_col(&c, "kernel");
	ia = csv_col(&c, "accel");
	iv = csv_col(&c, "vcpus");
	ip = csv_col(&c, "preempt");
	ir = csv_col(&c, "round");
	im = csv_col(&c, "mitigations");
	for (size_t i = 0; i < NG; i++)
		gi[i] = csv_col(&c, gcols[i]);
	do {
		meta_row(&m, &c);
		for (size_t i = 0; i < nb; i++) {
			char key[4096];
			size_t k = 0, idx;
			int isnew;

			if ((b[i].kernel && strcmp(b[i].kernel, c.kraw ? c.kraw : c.fld[ik])) ||
			    (b[i].vcpus && strcmp(b[i].vcpus, c.fld[iv])) ||
			    (b[i].accel && strcmp(b[i].accel, c.fld[ia])) ||
			    (b[i].preempt && ip >= 0 && in_words(preempt_words, b[i].preempt) &&
			     strcmp(b[i].preempt, c.fld[ip])) ||
			    (b[i].round && ir >= 0 && atol(c.fld[ir]) != b[i].round) ||
			    (im >= 0 && b[i].moff != !strcmp(c.fld[im], "off")))
				continue;
			b[i].nrows++;
			/* the boot's configuration: its index, then the group columns */
			k = snprintf(key, sizeof(key), "%zu", i);
			for (size_t g = 3; g < NG && k < sizeof(key) - 1; g++)
				k += snprintf(key + k, sizeof(key) - k, ",%s", c.fld[gi[g]]);
			idx = map_get(&cfg, key, &isnew);
			if (idx >= ccap) {
				ccap = ccap ? 2 * ccap : 256;
				cnt = xrealloc(cnt, ccap * sizeof(*cnt));
			}
			if (isnew)
				cnt[idx] = 0;
			cnt[idx]++;
			break;
		}
	} while (csv_next(&c));
	meta_rows_done(&m, &c);

	r = meta_get(&m, "rows");
	if (r && c.nrows < atol(r))
		printf("%s has %ld of the %s rows %s records (rows=): %ld missing\n", c.name, c.nrows,
		       r, m.name, atol(r) - c.nrows);
	maxr = calloc(nb ? nb : 1, sizeof(*maxr));
	if (!maxr)
		die("out of memory");
	for (size_t j = 0; j < cfg.n; j++) {
		size_t i = strtoul(cfg.keys[j], NULL, 10);

		if (cnt[j] > maxr[i])
			maxr[i] = cnt[j];
	}
	for (size_t i = 0; i < nb; i++) {
		long short_cfgs = 0, ncfg = 0;
		const char *ex = NULL;
		long exn = 0;

		/* each configuration's runs: as the boot was asked (TAG.runs), else
		 * as many as its others */
		if (b[i].runs > 0)
			maxr[i] = b[i].runs;
		if (!b[i].nrows) {
			printf("boot %s finished (exit 0) but none of its rows (kernel %s, %s vCPUs, %s) are in %s\n",
			       b[i].tag, b[i].kernel ? b[i].kernel : "?", b[i].vcpus ? b[i].vcpus : "?",
			       b[i].accel ? b[i].accel : "?", c.name);
			continue;
		}
		for (size_t j = 0; j < cfg.n; j++) {
			if (strtoul(cfg.keys[j], NULL, 10) != i)
				continue;
			ncfg++;
			if (cnt[j] < maxr[i]) {
				short_cfgs++;
				if (!ex) {
					ex = strchr(cfg.keys[j], ',') + 1;
					exn = cnt[j];
				}
			}
		}
		if (b[i].configs >= 0 && ncfg < b[i].configs)
			printf("boot %s: %ld of the %ld configurations its plan expanded to (%s.configs) have no rows\n",
			       b[i].tag, b[i].configs - ncfg, b[i].configs, b[i].tag);
		if (b[i].configs >= 0 && ncfg > b[i].configs)
			printf("boot %s: rows of %ld configurations, but its plan expanded to %ld (%s.configs): rows of another boot?\n",
			       b[i].tag, ncfg, b[i].configs, b[i].tag);
		if (short_cfgs)
			printf("boot %s: %ld of its %ld configurations have fewer runs than %s (%s: %ld of %ld)\n",
			       b[i].tag, short_cfgs, ncfg, b[i].runs > 0 ? "it was asked for" : "the others",
			       ex, exn, maxr[i]);
	}
	csv_close(&c);
	return 0;
}
/*
 * lbstats check [-V VOCAB] [-m META] FILE: the rows of FILE that pass the
 * input contract, as CSV (its header once, then every row, blank lines and
 * repeated headers left out); refuses a file with no row.  -V: the run's
 * own vocabulary (its names); -m: the run's meta.txt, checked too
 * (meta_read) and against the rows.  Every reader of results.csv outside
 * lbstats reads this output, never the file itself.
 */
static int cmd_check(int argc, char **argv)
{
	struct csv c;
	struct meta m;
	int hasm = 0;
	char *buf = NULL;
	size_t len = 0;
	FILE *o;

	while (argc >= 3 && argv[0][0] == '-') {
		if (!strcmp(argv[0], "-V")) {
			vocab_read(argv[1]);
		} else if (!strcmp(argv[0], "-m")) {
			meta_read(&m, argv[1]);
			hasm = 1;
		} else {
			break;
		}
		argc -= 2;
		argv += 2;
	}
	if (argc != 1)
		die("usage: lbstats check [-V VOCAB.csv] [-m META] FILE");
	csv_open(&c, argv[0]);
	c.check_vocab = 1;
	c.keep_names = 1;	/* the contract passes rows through unchanged */
	if (!csv_next(&c))
		die("%s: no rows (a header only)", c.name);
	/* nothing is printed unless the whole file passes */
	o = open_memstream(&buf, &len);
	if (!o)
		die("out of memory");
	fprintf(o, "%s\n", c.hdr_line);
	do {
		if (hasm)
			meta_row(&m, &c);
		for (int i = 0; i < c.nf; i++)
			fprintf(o, "%s%s", i ? "," : "", c.fld[i]);
		fputc('\n', o);
	} while (csv_next(&c));
	if (hasm)
		meta_rows_done(&m, &c);
	csv_close(&c);
	if (fclose(o))
		die("out of memory");
	fwrite(buf, 1, len, stdout);
	free(buf);
	if (fflush(stdout) || ferror(stdout))
		die("writing the checked rows failed");
	return 0;
}
/* ---- compare ---- */
static void cmp_header(void)
{
	puts("key\tn_base\tmedian_base\tmean_base\tsd_base\trsd_base"
	     "\tn_new\tmedian_new\tmean_new\tsd_new\trsd_new"
	     "\tchange_pct\tt\tdf\tp\tverdict\tdiff\tmde\tmde_pct\tnear_zero\tquantum");
}

/* the comparisons' mdes in percent, for the median over them (cmp_trailer) */
static struct dv cmp_mdes;
static size_t cmp_n;

static void cmp_side(const struct lb_desc *d)
{
	printf("\t%zu\t", d->n);
	pnum(stdout, d->median);
	putchar('\t');
	pnum(stdout, d->mean);
	putchar('\t');
	pnum(stdout, d->sd);
	putchar('\t');
	pnum(stdout, d->rsd_pct);
}

static void cmp_row(const char *key, const struct dv *b, const struct dv *n,
		    const struct lb_opts *o)
{
	struct lb_cmp c;

	lb_compare_opts(b->v, b->n, n->v, n->n, o, &c);
	fputs(key, stdout);
	cmp_side(&c.base);
	cmp_side(&c.new);
	putchar('\t');
	pnum(stdout, c.change_pct);
	putchar('\t');
	pnum(stdout, c.w.t);
	putchar('\t');
	pnum(stdout, c.w.df);
	putchar('\t');
	pnum(stdout, c.w.p);
	printf("\t%s\t", lb_verdict_name(c.verdict));
	pnum(stdout, c.diff);
	putchar('\t');
	pnum(stdout, c.mde);
	putchar('\t');
	pnum(stdout, c.mde_pct);
	printf("\t%d\t", c.near_zero);
	pnum(stdout, c.quantum);
	putchar('\n');
	if (c.verdict != LB_EMPTY)
		cmp_n++;
	/* what could be detected, where something was tested in percent */
	if (c.verdict != LB_EMPTY && c.verdict != LB_INSUFFICIENT && !isnan(c.mde_pct))
		dv_push(&cmp_mdes, c.mde_pct);
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
	pnum(stdout, med);
	printf(" mde_warn_pct=%g mde_warning=%d\n", LB_MDE_WARN_PCT,
	       !isnan(med) && med > LB_MDE_WARN_PCT);
}

static void parse_list(const char *s, struct dv *d)
{
	char *tmp = xstrdup(s), *tok, *save = NULL, *end;

	for (tok = strtok_r(tmp, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		double x;

		errno = 0;
		x = strtod(tok, &end);
		if (*end || errno || !isfinite(x))
			die("not a number: '%s'", tok);
		dv_push(d, x);
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
static int cmd_power(int argc, char **argv)
{
	const char *name = argc ? argv[0] : "-";
	FILE *f;
	char *line = NULL, *tab, *end;
	size_t lcap = 0;
	long ln = 0;

	if (argc > 1)
		die("usage: lbstats power [FILE]");
	f = strcmp(name, "-") ? fopen(name, "r") : stdin;
	if (!f)
		die("%s: %s", name, strerror(errno));
	while (getline(&line, &lcap, f) > 0) {
		double x;

		ln++;
		chomp(line);
		if (!line[0])
			continue;
		tab = strchr(line, '\t');
		if (!tab)
			die("%s:%ld: expected verdict<TAB>mde_pct", name, ln);
		*tab++ = 0;
		if (!strcmp(line, "empty") || !line[0])
			continue;
		cmp_n++;
		if (!strcmp(line, "insufficient") || !strcmp(tab, "NA") || !tab[0])
			continue;
		errno = 0;
		x = strtod(tab, &end);
		if (*end || errno || !isfinite(x))
			die("%s:%ld: not a number: '%s'", name, ln, tab);
		dv_push(&cmp_mdes, x);
	}
	free(line);
	if (f != stdin)
		fclose(f);
	cmp_trailer();
	return 0;
}

static int cmd_compare(int argc, char **argv)
{
	if (argc == 2) {
		struct dv b = { 0 }, n = { 0 };

		const struct lb_opts o = { 1, 0 };

		parse_list(argv[0], &b);
		parse_list(argv[1], &n);
		cmp_header();
		cmp_row("-", &b, &n, &o);
		return 0;
	}
	if (argc > 1)
		die("usage: lbstats compare BASE,LIST NEW,LIST | lbstats compare [FILE]");
	{
		const char *name = argc ? argv[0] : "-";
		FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
		struct map m = { 0 }, um = { 0 };
		struct dv (*s)[2] = NULL;
		struct lb_opts *ko = NULL;	/* each key's: real time once a line says a quantum */
		/* a 4th field names the value's unit (a boot): one sample per unit, its mean */
		struct unit { size_t idx, pos; int side; double sum; size_t n; } *u = NULL;
		size_t cap = 0, ucap = 0;
		char *line = NULL;
		size_t lcap = 0;
		long ln = 0;

		if (!f)
			die("%s: %s", name, strerror(errno));
		while (getline(&line, &lcap, f) > 0) {
			char *t1, *t2, *t3, *t4, *end;
			size_t idx;
			int isnew, side;
			double x;

			ln++;
			chomp(line);
			if (!line[0])
				continue;
			t1 = strchr(line, '\t');
			t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
			if (!t2)
				die("%s:%ld: expected key<TAB>side<TAB>value", name, ln);
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
				die("%s:%ld: side must be base or new, not '%s'", name, ln, t1);
			errno = 0;
			x = strtod(t2, &end);
			if (!*t2 || *end || errno || !isfinite(x))
				die("%s:%ld: not a number: '%s'", name, ln, t2);
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
					die("%s:%ld: quantum (5th field) not a number >= 0: '%s'", name, ln, t4);
				ko[idx].exact = 0;
				ko[idx].quantum = fmax(ko[idx].quantum, q);
			}
			if (t3) {
				char ukey[8192];
				size_t ui;

				if (!*t3)
					die("%s:%ld: empty unit (4th field)", name, ln);
				if ((size_t)snprintf(ukey, sizeof(ukey), "%s\x1f%d\x1f%s", line, side, t3) >= sizeof(ukey))
					die("%s:%ld: key too long", name, ln);
				ui = map_get(&um, ukey, &isnew);
				if (isnew) {
					if (ui >= ucap) {
						ucap = ucap ? 2 * ucap : 64;
						u = xrealloc(u, ucap * sizeof(*u));
					}
					u[ui] = (struct unit){ idx, s[idx][side].n, side, 0, 0 };
					dv_push(&s[idx][side], 0);
				}
				u[ui].sum += x;
				u[ui].n++;
				continue;
			}
			dv_push(&s[idx][side], x);
		}
		for (size_t i = 0; i < um.n; i++)
			s[u[i].idx][u[i].side].v[u[i].pos] = u[i].sum / u[i].n;
		if (f != stdin)
			fclose(f);
		free(line);
		cmp_header();
		for (size_t i = 0; i < m.n; i++)
			cmp_row(m.keys[i], &s[i][0], &s[i][1], &ko[i]);
		cmp_trailer();
	}
	return 0;
}

/* ---- rows: each file's rows as lbstats reads them (names mapped) ---- */
/*
 * The figure one row contributes to a comparison (lbstats rows --sample):
 * the estimator (est_col) when the row has it, else ns_per_op.
 */
static const char *row_sample(const struct csv *c, int ins)
{
	int ie = csv_col(c, est_col(c->fld[c->iaccel]));

	return ie >= 0 && c->fld[ie][0] ? c->fld[ie] : c->fld[ins];
}

static int cmd_rows(int argc, char **argv)
{
	char *stdin_name = "-";
	int sample = 0;

	if (argc >= 1 && !strcmp(argv[0], "--sample")) {
		sample = 1;
		argc--;
		argv++;
	}
	if (argc == 0) {
		argc = 1;
		argv = &stdin_name;
	}
	for (int a = 0; a < argc; a++) {
		struct csv c;
		int head = 0;
		/* --sample: rows kept until every boot's quantum is known */
		struct qtab qt = { 0 };
		char **line = NULL, **unit = NULL, **bootk = NULL;
		size_t n = 0;

		csv_open(&c, argv[a]);
		while (csv_next(&c)) {
			int ins = csv_col(&c, "ns_per_op");
			char *buf = NULL, bk[1024];
			size_t len = 0;
			FILE *o;

			if (!head++) {
				for (int i = 0; i < c.nh; i++)
					printf("%s%s", i ? "," : "", c.hname[i]);
				if (sample)
					fputs(",sample,sample_unit,sample_quantum", stdout);
				putchar('\n');
			}
			o = open_memstream(&buf, &len);
			if (!o)
				die("out of memory");
			for (int i = 0; i < c.nf; i++)
				fprintf(o, "%s%s", i ? "," : "", c.fld[i]);
			if (!sample) {
				fclose(o);
				puts(buf);
				free(buf);
				continue;
			}
			{
				const char *acc = c.fld[c.iaccel], *v = row_sample(&c, ins);
				int ird = csv_col(&c, "round");

				fprintf(o, ",%s", v);
				fclose(o);
				line = xrealloc(line, (n + 1) * sizeof(*line));
				unit = xrealloc(unit, (n + 1) * sizeof(*unit));
				bootk = xrealloc(bootk, (n + 1) * sizeof(*bootk));
				line[n] = buf;
				/* real time: the boot is the statistical unit (unit_samples) */
				unit[n] = xstrdup(accel_realtime(acc) && ird >= 0 ? c.fld[ird] : "");
				bootk[n] = NULL;
				if (accel_realtime(acc)) {
					int ie = csv_col(&c, est_col(acc));
					double x;

					boot_key(&c, bk, sizeof(bk));
					bootk[n] = xstrdup(bk);
					/* a fallback figure (a mean) says nothing of the clock */
					if (num(&c, ie, "estimator", &x))
						qt_add(&qt, bk, x);
				}
				n++;
			}
		}
		csv_close(&c);
		qt_done(&qt);
		/* sample_quantum: the row's boot's (real time), empty under emulation */
		for (size_t i = 0; i < n; i++) {
			long b = bootk[i] ? map_find(&qt.m, bootk[i]) : -1;

			printf("%s,%s,", line[i], unit[i]);
			if (bootk[i])
				pnum(stdout, b >= 0 ? qt.q[b] : LB_PRINT_RES);
			putchar('\n');
			free(line[i]);
			free(unit[i]);
			free(bootk[i]);
		}
		free(line);
		free(unit);
		free(bootk);
	}
	return 0;
}


/*
 * ---- real-time sweeps: convergence (RUNS=auto) and the A/A and A/B benchmark ----
 * A configuration's key: kernel, accel, vcpus, workload, variant, context,
 * readers, writers, writer_period_ns and preempt (when the file has it),
 * comma-separated in that order; its rows' estimator values (est_col, else
 * ns_per_op) are its runs, and the "round" column (the sweep's fold: which
 * boot of the configuration a row came from) is its boot.  A row with
 * extra_work > 0 (the module's known effect, make aa's side B) is kept
 * apart (cfgrows.ab).
 */
static const char *const ccols[] = {
	"kernel", "accel", "vcpus", "workload", "variant", "context",
	"readers", "writers", "writer_period_ns", "preempt",
};
#define NC (sizeof(ccols) / sizeof(ccols[0]))

struct cfgrows {
	struct dv ns;		/* the estimator, one per row */
	struct dv round;	/* its round (NAN without the column) */
	struct dv ab, ab_round;	/* rows with extra_work > 0, their rounds */
	double extra_work;	/* their extra_work (one value) */
	int realtime, icount;	/* the accelerator: real time, icount (exact rule) */
	int fallback;		/* some row without the estimator: ns_per_op */
	struct dv bootq;	/* each row's boot (struct qtab index) */
	double quantum;		/* the coarsest of its boots' quanta */
};

/* read every row of FILE (or stdin) into configurations, first-appearance order */
static struct cfgrows *read_cfgs(const char *name, struct map *m, int need_round)
{
	struct csv c;
	struct cfgrows *g = NULL;
	struct qtab qt = { 0 };
	size_t cap = 0;
	int ci[NC], ins, ird, iew;
	char key[4096], bk[1024];

	csv_open(&c, name);
	if (!csv_next(&c))
		die("%s: no rows", c.name);
	for (size_t i = 0; i < NC; i++)
		if ((ci[i] = csv_col(&c, ccols[i])) < 0 && strcmp(ccols[i], "preempt"))
			die("%s: no column '%s' in header", c.name, ccols[i]);
	if ((ins = csv_col(&c, "ns_per_op")) < 0)
		die("%s: no column 'ns_per_op' in header", c.name);
	ird = csv_col(&c, "round");
	iew = csv_col(&c, "extra_work");
	if (need_round && ird < 0)
		die("%s: no column 'round' (the boot of each row: a sweep's fold writes it)", c.name);
	do {
		size_t k = 0, idx;
		int isnew, ie = csv_col(&c, est_col(c.fld[c.iaccel]));
		double x, r = NAN, ew = 0;
		struct cfgrows *cr;

		for (size_t i = 0; i < NC; i++) {
			const char *f = ci[i] >= 0 ? c.fld[ci[i]] : "";
			size_t l = strlen(f);

			if (k + l + 2 > sizeof(key))
				die("%s:%ld: configuration key too long", c.name, c.lineno);
			memcpy(key + k, f, l);
			k += l;
			key[k++] = i + 1 < NC ? ',' : 0;
		}
		if (!num(&c, ins, "ns_per_op", &x))
			die("%s:%ld: ns_per_op empty", c.name, c.lineno);
		if (ird >= 0 && !num(&c, ird, "round", &r) && need_round)
			die("%s:%ld: round empty", c.name, c.lineno);
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
		cr->icount = !strcmp(c.fld[c.iaccel], "icount");
		if (num(&c, ie, "estimator", &x)) {
			boot_key(&c, bk, sizeof(bk));
			dv_push(&cr->bootq, (double)qt_add(&qt, bk, x));
		} else {
			cr->fallback = 1;	/* x stays ns_per_op */
		}
		if (ew > 0) {
			if (cr->ab.n && cr->extra_work != ew)
				die("%s:%ld: extra_work=%g, the configuration's other rows have %g: one known effect a run",
				    c.name, c.lineno, ew, cr->extra_work);
			cr->extra_work = ew;
			dv_push(&cr->ab, x);
			dv_push(&cr->ab_round, r);
			continue;
		}
		dv_push(&cr->ns, x);
		dv_push(&cr->round, r);
	} while (csv_next(&c));
	csv_close(&c);
	qt_done(&qt);
	for (size_t i = 0; i < m->n; i++) {
		g[i].quantum = g[i].realtime ? LB_PRINT_RES : 0;
		for (size_t k = 0; k < g[i].bootq.n; k++)
			g[i].quantum = fmax(g[i].quantum, qt.q[(size_t)g[i].bootq.v[k]]);
	}
	return g;
}

/*
 * The boot means of values x with rounds rd: into out, in the order of the
 * sorted rounds rs[0..nr) (NAN for a round the configuration lacks); the
 * number of rounds present.
 */
static size_t boot_means(const struct dv *x, const struct dv *rd, const double *rs, size_t nr,
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
static double *all_rounds(const struct cfgrows *g, size_t ng, size_t *nr)
{
	struct dv r = { 0 };
	size_t n = 0;

	for (size_t i = 0; i < ng; i++) {
		for (size_t k = 0; k < g[i].round.n; k++)
			dv_push(&r, g[i].round.v[k]);
		for (size_t k = 0; k < g[i].ab_round.n; k++)
			dv_push(&r, g[i].ab_round.v[k]);
	}
	qsort(r.v, r.n, sizeof(*r.v), dcmp);
	for (size_t k = 0; k < r.n; k++)
		if (!isnan(r.v[k]) && (!n || r.v[n - 1] != r.v[k]))
			r.v[n++] = r.v[k];
	*nr = n;
	return r.v;
}

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
static int cmd_converge(int argc, char **argv)
{
	struct map m = { 0 };
	struct cfgrows *g;
	double pct, max, *rs;
	size_t nr;

	if (argc < 2 || argc > 3)
		die("usage: lbstats converge PCT MAX [FILE]");
	pct = parse_pos(argv[0], "converge PCT");
	max = parse_pos(argv[1], "converge MAX");
	g = read_cfgs(argc > 2 ? argv[2] : "-", &m, 0);
	rs = all_rounds(g, m.n, &nr);
	for (size_t i = 0; i < NC; i++)
		printf("%s,", ccols[i]);
	puts("n,mean,ci95_half,ci95_pct,status,unit,n_units");
	for (size_t i = 0; i < m.n; i++) {
		const struct dv *d = &g[i].ns;
		struct dv u = { 0 };
		double *bm = xrealloc(NULL, (nr ? nr : 1) * sizeof(*bm));
		double mean, half = NAN, rel = NAN, sd;
		const char *st;
		int per_boot = g[i].realtime && boot_means(d, &g[i].round, rs, nr, bm) >= 2;

		for (size_t k = 0; per_boot && k < nr; k++)
			if (!isnan(bm[k]))
				dv_push(&u, bm[k]);
		for (size_t k = 0; !per_boot && k < d->n; k++)
			dv_push(&u, d->v[k]);
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
		pnum(stdout, mean);
		putchar(',');
		pnum(stdout, half);
		putchar(',');
		pnum(stdout, rel);
		printf(",%s,%s,%zu\n", st, per_boot ? "boot" : "run", u.n);
		free(u.v);
		free(bm);
	}
	return 0;
}

/*
 * lbstats aa [FILE]: the A/A and A/B benchmark.  FILE holds one kernel
 * measured in several boots (rounds, R of them, even); every configuration
 * is compared across boots, each boot's mean of its runs one sample (the
 * estimator, est_col), with the report's rule (lb_compare_opts, the clock's
 * quantum under real time).
 *  A/A: the odd rounds against the even ones, the same kernel: every
 *	"significant" verdict is a false positive.  Also the halves (the
 *	first R/2 rounds against the last: what separate sweeps risk, host
 *	drift not cancelled by interleaving).
 *  The gate's bound: the false-positive count a calibrated 5% test reaches
 *	with probability < 1%, with this data's correlation between
 *	configurations.  The comparisons share their boots (a boot fast in
 *	one configuration is fast in most: placement, host load), so they are
 *	not independent and a binomial count understates the spread; nor can
 *	the bound come from relabelling these boots (with 10 boots there are
 *	126 splits, too few to resolve 1%, and a real A/A difference would
 *	raise the bound with the count).  It is a boot-level Gaussian bound
 *	(see the block below): every configuration's test statistic exactly
 *	N(0, 1), correlated with every other as the configurations' boot
 *	means are across boots on average (rho).  "bound" =
 *	the smallest k with P(count >= k) < 1%; the A/A fails when its count
 *	reaches it, or fewer than LB_AA_MIN_CMP configurations were compared.
 *	binom_bound, the independent-comparisons bound, is printed beside it.
 *  A/B: rows with extra_work > 0 (the module's known effect on one side's
 *	read pass) against the plain rows: at every ordered split (plain rows
 *	of one half, effect rows of the other: C(R, R/2) comparisons) whether
 *	the rule marks it significant in the direction of the effect; a
 *	configuration's power is that share; the A/B fails when the median
 *	configuration's power is < LB_POWER.
 *  mde_pct: the minimum detectable effect of the odd/even comparison.
 * TSV, one line per configuration (key n_a n_b change_pct p verdict mde_pct
 * halves_verdict ab_change_pct ab_verdict ab_power_pct), then one "# "
 * line of key=value figures and the gates (aa_gate, ab_gate: pass, fail,
 * none).  Per configuration, summarised as the median and the worst: the
 * mde (mde_median_pct, mde_max_pct, over the mde_pct_n comparisons made in
 * percent; near-zero ones are in ns, in no percentage), the power
 * (ab_power_median_pct, ab_power_min_pct, ab_powered: how many reach
 * LB_POWER) and the effect's size as real time saw it (ab_change_median_pct,
 * the odd/even A/B change over its ab_change_n configurations in percent).
 */
#define LB_AA_MIN_CMP 20
#define LB_AA_DRAWS 20000
#define LB_AA_FP_PROB 0.01

struct aacfg {
	double *pm, *ab;	/* boot means per sorted round (NAN: absent) */
	int complete, ab_complete;
	struct lb_opts o;
};

static void side_of(const double *bm, const int *in, size_t nr, int want, struct dv *out)
{
	out->n = 0;
	for (size_t b = 0; b < nr; b++)
		if (in[b] == want && !isnan(bm[b]))
			dv_push(out, bm[b]);
}

/* next k-subset of {0..n-1} in lexicographic order, in idx[]; 0 when done */
static int next_subset(size_t *idx, size_t k, size_t n)
{
	for (size_t i = k; i-- > 0;)
		if (idx[i] < n - k + i) {
			idx[i]++;
			for (size_t j = i + 1; j < k; j++)
				idx[j] = idx[j - 1] + 1;
			return 1;
		}
	return 0;
}

static int cmd_aa(int argc, char **argv)
{
	struct map m = { 0 };
	struct cfgrows *g;
	struct aacfg *ac;
	double *rs;
	size_t nr, ncmp = 0, nsig = 0, nhalf = 0, nab = 0;
	struct dv mdes = { 0 }, powers = { 0 }, abch = { 0 }, fcount = { 0 };
	int *in, anyab = 0, fallback = 0;
	size_t *idx, h;
	double rho = 0;			/* their mean pairwise correlation across boots */

	if (argc > 1)
		die("usage: lbstats aa [FILE]");
	g = read_cfgs(argc ? argv[0] : "-", &m, 1);
	rs = all_rounds(g, m.n, &nr);
	if (nr < 2 || nr % 2)
		die("aa: %zu rounds: the benchmark needs an even number of boots, at least 2", nr);
	h = nr / 2;
	in = xrealloc(NULL, nr * sizeof(*in));
	idx = xrealloc(NULL, h * sizeof(*idx));
	ac = xrealloc(NULL, (m.n ? m.n : 1) * sizeof(*ac));
	for (size_t i = 0; i < m.n; i++) {
		ac[i].pm = xrealloc(NULL, nr * sizeof(double));
		ac[i].ab = xrealloc(NULL, nr * sizeof(double));
		ac[i].complete = boot_means(&g[i].ns, &g[i].round, rs, nr, ac[i].pm) == nr;
		ac[i].ab_complete = g[i].ab.n &&
				    boot_means(&g[i].ab, &g[i].ab_round, rs, nr, ac[i].ab) == nr;
		ac[i].o = (struct lb_opts){ g[i].icount, g[i].realtime ? g[i].quantum : 0 };
		anyab |= g[i].ab.n > 0;
		fallback |= g[i].fallback;
	}
	puts("key\tn_a\tn_b\tchange_pct\tp\tverdict\tmde_pct\thalves_verdict\tab_change_pct\tab_verdict\tab_power_pct");
	for (size_t i = 0; i < m.n; i++) {
		struct dv a = { 0 }, b = { 0 };
		struct lb_cmp c, ch;
		int tested;

		for (size_t k = 0; k < nr; k++)
			in[k] = (long)rs[k] % 2 ? 0 : 1;	/* odd rounds: side A */
		side_of(ac[i].pm, in, nr, 0, &a);
		side_of(ac[i].pm, in, nr, 1, &b);
		lb_compare_opts(a.v, a.n, b.v, b.n, &ac[i].o, &c);
		for (size_t k = 0; k < nr; k++)
			in[k] = k >= h;			/* the halves */
		side_of(ac[i].pm, in, nr, 0, &a);
		side_of(ac[i].pm, in, nr, 1, &b);
		lb_compare_opts(a.v, a.n, b.v, b.n, &ac[i].o, &ch);
		printf("%s\t%zu\t%zu\t", m.keys[i], c.base.n, c.new.n);
		pnum(stdout, c.near_zero ? NAN : c.change_pct);
		putchar('\t');
		pnum(stdout, c.w.p);
		printf("\t%s\t", lb_verdict_name(c.verdict));
		pnum(stdout, c.mde_pct);
		printf("\t%s\t", lb_verdict_name(ch.verdict));
		tested = c.verdict != LB_INSUFFICIENT && c.verdict != LB_EMPTY;
		if (tested) {
			ncmp++;
			nsig += c.verdict == LB_SIGNIFICANT || c.verdict == LB_EXACT_DIFF;
			nhalf += ch.verdict == LB_SIGNIFICANT || ch.verdict == LB_EXACT_DIFF;
			if (!isnan(c.mde_pct))
				dv_push(&mdes, c.mde_pct);
		}
		if (ac[i].ab_complete) {
			/* odd rounds plain against even rounds with the effect */
			struct lb_cmp cb;
			size_t hit = 0, tot = 0;

			for (size_t k = 0; k < nr; k++)
				in[k] = (long)rs[k] % 2 ? 0 : 1;
			side_of(ac[i].pm, in, nr, 0, &a);
			side_of(ac[i].ab, in, nr, 1, &b);
			lb_compare_opts(a.v, a.n, b.v, b.n, &ac[i].o, &cb);
			pnum(stdout, cb.near_zero ? NAN : cb.change_pct);
			printf("\t%s\t", lb_verdict_name(cb.verdict));
			if (!cb.near_zero && isfinite(cb.change_pct))
				dv_push(&abch, cb.change_pct);
			/* power: every ordered split, plain on one half, effect on the other */
			for (size_t k = 0; k < h; k++)
				idx[k] = k;
			do {
				struct lb_cmp cp;

				for (size_t k = 0; k < nr; k++)
					in[k] = 1;
				for (size_t k = 0; k < h; k++)
					in[idx[k]] = 0;
				side_of(ac[i].pm, in, nr, 0, &a);
				side_of(ac[i].ab, in, nr, 1, &b);
				lb_compare_opts(a.v, a.n, b.v, b.n, &ac[i].o, &cp);
				tot++;
				hit += (cp.verdict == LB_SIGNIFICANT || cp.verdict == LB_EXACT_DIFF) &&
				       cp.diff > 0;
			} while (next_subset(idx, h, nr));
			pnum(stdout, 100.0 * hit / tot);
			dv_push(&powers, 100.0 * hit / tot);
			nab++;
		} else {
			fputs("\t\t", stdout);
		}
		putchar('\n');
		free(a.v);
		free(b.v);
	}
	/*
	 * The bound's null distribution.  Each complete configuration's (log) boot
	 * means, centred on its side's mean (odd, even: an A/A difference, if
	 * there is one, is taken out) and scaled to unit length, r_c; the mean
	 * pairwise correlation across boots, rho = (|sum r_c|^2 - m) /
	 * (m (m - 1)) (0 when negative), is the shared boot effect.  One
	 * equicorrelated draw, z_c = sqrt(rho) F + sqrt(1 - rho) e_c (F, e_c
	 * independent standard normals), gives every configuration an exactly
	 * N(0, 1) statistic correlated rho with every other: the count of
	 * |z_c| > z(1 - alpha/2) is the false-positive count of a calibrated
	 * 5% test with this correlation.  (The full sample correlation matrix
	 * would not do: from R - 2 degrees of freedom it has rank R - 2, and
	 * m projections of an (R - 2)-dimensional normal are far more
	 * dependent than the comparisons: on independent noise it doubled the
	 * bound.)  LB_AA_DRAWS draws, a fixed seed: the same rows give the
	 * same bound.  A configuration whose boots all agree has no r_c and is
	 * left out of rho, not of the count.
	 */
	{
		size_t ncfg = 0, mm = 0;
		double zc = gsl_cdf_ugaussian_Qinv(LB_ALPHA / 2), *sum = xrealloc(NULL, nr * sizeof(double));
		double *rc = xrealloc(NULL, nr * sizeof(double));
		double s2 = 0;
		gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);

		if (!rng)
			die("out of memory");
		gsl_rng_set(rng, 33);
		for (size_t k = 0; k < nr; k++)
			sum[k] = 0;
		for (size_t i = 0; i < m.n; i++) {
			double mean[2] = { 0, 0 }, len = 0, pos = 1;
			size_t cnt[2] = { 0, 0 };

			if (!ac[i].complete)
				continue;
			ncfg++;
			/* log boot means (a boot effect is a factor), when all positive */
			for (size_t k = 0; k < nr; k++)
				pos = fmin(pos, ac[i].pm[k]);
			for (size_t k = 0; k < nr; k++) {
				rc[k] = pos > 0 ? log(ac[i].pm[k]) : ac[i].pm[k];
				mean[(long)rs[k] % 2] += rc[k];
				cnt[(long)rs[k] % 2]++;
			}
			for (size_t k = 0; k < nr; k++) {
				int sd = (long)rs[k] % 2;

				rc[k] -= mean[sd] / cnt[sd];
				len += rc[k] * rc[k];
			}
			if (!(len > 0))
				continue;
			for (size_t k = 0; k < nr; k++)
				sum[k] += rc[k] / sqrt(len);
			mm++;
		}
		for (size_t k = 0; k < nr; k++)
			s2 += sum[k] * sum[k];
		rho = mm > 1 ? fmax(0, (s2 - (double)mm) / ((double)mm * (mm - 1))) : 0;
		for (size_t d = 0; d < LB_AA_DRAWS; d++) {
			double f = gsl_ran_ugaussian(rng);
			size_t cnt = 0;

			for (size_t q = 0; q < ncfg; q++)
				cnt += fabs(sqrt(rho) * f + sqrt(1 - rho) * gsl_ran_ugaussian(rng)) > zc;
			dv_push(&fcount, (double)cnt);
		}
		gsl_rng_free(rng);
		free(sum);
		free(rc);
	}
	{
		size_t fp_bound = 0, binom_bound = 0, powered = 0;
		double mde_med = lb_median(mdes.v, mdes.n), pw_med = lb_median(powers.v, powers.n);
		double mde_max = NAN, pw_min = NAN;

		/* the worst configuration: the largest mde, the smallest power */
		for (size_t k = 0; k < mdes.n; k++)
			mde_max = isnan(mde_max) ? mdes.v[k] : fmax(mde_max, mdes.v[k]);
		for (size_t k = 0; k < powers.n; k++) {
			pw_min = isnan(pw_min) ? powers.v[k] : fmin(pw_min, powers.v[k]);
			powered += powers.v[k] >= 100 * LB_POWER;
		}
		const char *aa_gate, *ab_gate;

		/* the smallest k with P(count >= k) < LB_AA_FP_PROB over the draws */
		for (size_t k = 0; k <= ncmp + 1; k++) {
			size_t ge = 0;

			for (size_t s = 0; s < fcount.n; s++)
				ge += fcount.v[s] >= (double)k;
			if (fcount.n && (double)ge / fcount.n < LB_AA_FP_PROB) {
				fp_bound = k;
				break;
			}
		}
		/* binomial(ncmp, alpha): P(X >= k) < LB_AA_FP_PROB */
		for (size_t k = 0; k <= ncmp + 1; k++)
			if (k == 0 ? 0 : gsl_cdf_binomial_Q((unsigned int)k - 1, LB_ALPHA,
							      (unsigned int)ncmp) < LB_AA_FP_PROB) {
				binom_bound = k;
				break;
			}
		aa_gate = ncmp < LB_AA_MIN_CMP || nsig >= fp_bound ? "fail" : "pass";
		ab_gate = !anyab ? "none" : !nab || isnan(pw_med) ||
			  pw_med < 100 * LB_POWER ? "fail" : "pass";
		printf("# comparisons=%zu significant=%zu false_positive_pct=", ncmp, nsig);
		pnum(stdout, ncmp ? 100.0 * nsig / ncmp : NAN);
		printf(" halves_significant=%zu bound=%zu binom_bound=%zu rho=%.3f mde_median_pct=",
		       nhalf, fp_bound, binom_bound, rho);
		pnum(stdout, mde_med);
		printf(" mde_max_pct=");
		pnum(stdout, mde_max);
		printf(" mde_pct_n=%zu ab_comparisons=%zu ab_power_median_pct=", mdes.n, nab);
		pnum(stdout, pw_med);
		printf(" ab_power_min_pct=");
		pnum(stdout, pw_min);
		printf(" ab_powered=%zu ab_change_median_pct=", powered);
		pnum(stdout, lb_median(abch.v, abch.n));
		printf(" ab_change_n=%zu", abch.n);
		printf(" extra_work=");
		{
			double ew = 0;

			for (size_t i = 0; i < m.n; i++)
				ew = fmax(ew, g[i].extra_work);
			pnum(stdout, ew);
		}
		printf(" basis=%s aa_gate=%s ab_gate=%s\n", fallback ? "mean" : "estimator",
		       aa_gate, ab_gate);
	}
	return 0;
}
/*
 * lbstats ab-size [FILE]: the true size of make aa's known effect, from an
 * icount run of configurations with and without extra_work (the sweep's
 * LB_AB_EXTRA_WORK): per configuration, the estimator (icount: the path per
 * read in guest instructions) without and with the effect, their
 * difference, and whether it is exact (every run of each side the same).
 * TSV: key extra_work plain with added exact.
 */
static int cmd_ab_size(int argc, char **argv)
{
	struct map m = { 0 };
	struct cfgrows *g;

	if (argc > 1)
		die("usage: lbstats ab-size [FILE]");
	g = read_cfgs(argc ? argv[0] : "-", &m, 0);
	puts("key\textra_work\tplain\twith\tadded\texact");
	for (size_t i = 0; i < m.n; i++) {
		double a = lb_mean(g[i].ns.v, g[i].ns.n), b = lb_mean(g[i].ab.v, g[i].ab.n);
		int exact = g[i].icount && !g[i].fallback && g[i].ns.n && g[i].ab.n &&
			    lb_sd(g[i].ns.v, g[i].ns.n) == 0 && lb_sd(g[i].ab.v, g[i].ab.n) == 0;

		if (!g[i].ab.n)
			continue;
		printf("%s\t", m.keys[i]);
		pnum(stdout, g[i].extra_work);
		putchar('\t');
		pnum(stdout, a);
		putchar('\t');
		pnum(stdout, b);
		putchar('\t');
		pnum(stdout, b - a);
		/* one run a side is exact under icount too: its path is deterministic */
		printf("\t%s\n", exact || (g[i].icount && !g[i].fallback && g[i].ns.n == 1 &&
					   g[i].ab.n == 1) ? "yes" : "no");
	}
	return 0;
}


/* ---- lbstats vocab: the module's table, for the host before a boot ---- */
/*
 * The vocabulary as compiled in (bench-module/vocab.h), every name of it
 * (also the workloads a build may leave out: LB_IF_* are all kept here),
 * in the module's table order, as CSV:
 *   workload,variant,kind,counterpart,type,role,order,rank
 * (kind: copy or tree for a replica, kernel for a real function;
 * counterpart: a replica's real function, a function's replica, or empty).
 * The columns of the module's debugfs table, which the guest records as a
 * run's vocab.csv, less what only a build knows (has_writer, nmi_safe).
 * "lbstats vocab renamed": kind,old,new, one line per variant's old name.
 */
struct tdef {
	const char *name, *kind, *counterpart;
};

struct tvar {
	const char *name, *role, *type;
	int order, rank;
};

#define TREPL(_n, _family, _cp)		{ #_n, #_family, _cp },
#define TKFN(_n, _call, _nmi, _cp)	{ #_n, "kernel", _cp },
#define TVAR(_id, _name, _role, _order, _rank, _type) { _name, #_role, _type, _order, _rank },
static const struct tdef vocab_wls[] = { LB_REPLICAS(TREPL) LB_KERNEL_FNS(TKFN) };
static const struct tvar copy_tvars[] = { LB_COPY_VARIANTS(TVAR) };
static const struct tvar tree_tvars[] = { LB_TREE_VARIANTS(TVAR) };
static const struct tvar kern_tvars[] = { LB_KERNEL_VARIANTS(TVAR) };

static int cmd_vocab(int argc, char **argv)
{
	if (argc > 1 || (argc == 1 && strcmp(argv[0], "table") && strcmp(argv[0], "renamed")))
		die("usage: lbstats vocab [table|renamed]");
	if (argc == 1 && !strcmp(argv[0], "renamed")) {
		puts("kind,old,new");
		for (size_t i = 0; i < NELEM(renames); i++)
			printf("%s,%s,%s\n", renames[i].family, renames[i].old, renames[i].now);
		return 0;
	}
	puts("workload,variant,kind,counterpart,type,role,order,rank");
	for (size_t i = 0; i < NELEM(vocab_wls); i++) {
		const struct tdef *w = &vocab_wls[i];
		const struct tvar *v = copy_tvars;
		size_t n = NELEM(copy_tvars);

		if (!strcmp(w->kind, "tree")) {
			v = tree_tvars;
			n = NELEM(tree_tvars);
		} else if (!strcmp(w->kind, "kernel")) {
			v = kern_tvars;
			n = NELEM(kern_tvars);
		}
		for (size_t j = 0; j < n; j++)
			printf("%s,%s,%s,%s,%s,%s,%d,%d\n", w->name, v[j].name, w->kind,
			       w->counterpart, v[j].type, v[j].role, v[j].order, v[j].rank);
	}
	return 0;
}

/*
 * lbstats roles [-V VOCAB.csv]: what each variant is to the analysis, for
 * the layouts (report, plots), which never name a variant: one line per
 * role, role<TAB>its variants (each once, space-separated):
 *   subject   the synchronisation studied (sync, rank 0: the latch)
 *   baseline  what it is measured against, lowest baseline rank first
 *             (sync, rank > 0; the first a run has is the one)
 *   control   the unsynchronised control (the net cost is over it)
 *   harness   the harness alone
 *   real      the kernel's own functions
 * The module's table as compiled in, or a run's own (-V, lb_run_vocab).
 */
static int cmd_roles(int argc, char **argv)
{
	static const char *const roles[] = { "subject", "baseline", "control", "harness", "real" };

	if (argc == 2 && !strcmp(argv[0], "-V"))
		vocab_read(argv[1]);
	else if (argc)
		die("usage: lbstats roles [-V VOCAB.csv]");
	else
		vocab_builtin();
	for (size_t r = 0; r < NELEM(roles); r++) {
		int base = !strcmp(roles[r], "baseline"), subj = !strcmp(roles[r], "subject");
		const char *want = base || subj ? "sync" : roles[r];
		const struct vrow **l = xrealloc(NULL, nvocab * sizeof(*l));
		size_t n = 0;

		for (size_t i = 0; i < nvocab; i++) {
			const struct vrow *v = &vocab[i];
			size_t k;

			if (strcmp(v->role, want) || (base && v->rank <= 0) || (subj && v->rank != 0))
				continue;
			for (k = 0; k < n && strcmp(l[k]->variant, v->variant); k++)
				;
			if (k < n)
				continue;
			/* (baselines: stable by rank, each at its first entry's) */
			for (k = n++; base && k && l[k - 1]->rank > v->rank; k--)
				l[k] = l[k - 1];
			l[k] = v;
		}
		printf("%s\t", roles[r]);
		for (size_t k = 0; k < n; k++)
			printf("%s%s", k ? " " : "", l[k]->variant);
		putchar('\n');
		free(l);
	}
	return 0;
}
/*
 * lbstats sections [FILE]: the sections of a report's two sides, worked out
 * over both sides' selected rows together by the summary's own rule
 * (section_slot), the sides standing for the kernels ("base" before "new").
 * Lines group<TAB>side<TAB>model (group: what a section may not span, e.g.
 * accel/vCPUs); out: each distinct line once, first seen first, with
 * <TAB>its section's models: the model itself, or base's and new's joined
 * by "+" where each side ran exactly one model the other did not.
 */
static int cmd_sections(int argc, char **argv)
{
	const char *name = argc ? argv[0] : "-";
	FILE *f = argc > 1 ? NULL : strcmp(name, "-") ? fopen(name, "r") : stdin;
	struct boot *t = NULL;
	size_t nt = 0, lcap = 0;
	char *line = NULL;
	long ln = 0;

	if (argc > 1)
		die("usage: lbstats sections [FILE]");
	if (!f)
		die("%s: %s", name, strerror(errno));
	while (getline(&line, &lcap, f) > 0) {
		struct boot b = { 0 };
		char *s, *p[3];
		size_t j;
		int n = 0;

		ln++;
		chomp(line);
		s = xstrdup(line);
		for (char *q = s; n < 3; q++) {
			p[n++] = q;
			q = strchr(q, '\t');
			if (!q)
				break;
			*q = 0;
		}
		if (n != 3 || strchr(p[2], '\t') || (strcmp(p[1], "base") && strcmp(p[1], "new")))
			die("%s:%ld: '%s': not group<TAB>base|new<TAB>model", name, ln, line);
		b.accel = p[0];
		b.vcpus = "";
		b.kernel = p[1];
		b.preempt = p[2];
		for (j = 0; j < nt; j++)
			if (same_av(&t[j], &b) && !strcmp(t[j].kernel, b.kernel) &&
			    !strcmp(t[j].preempt, b.preempt))
				break;
		if (j < nt) {
			free(s);
			continue;
		}
		t = xrealloc(t, (nt + 1) * sizeof(*t));
		t[nt++] = b;
	}
	for (size_t i = 0; i < nt; i++) {
		char *slot = section_slot(t, nt, &t[i]);

		printf("%s\t%s\t%s\t%s\n", t[i].accel, t[i].kernel, t[i].preempt, slot);
		free(slot);
	}
	free(line);
	return 0;
}

/* the accelerator table (accels.h), for the runners and the awk layouts */
static int cmd_accels(int argc, char **argv)
{
	(void)argv;
	if (argc)
		die("usage: lbstats accels");
	puts("name\trealtime\texact\tnmi\tpin\tbuild\testimator\tunit\tboot_s\tslow\tper_s\tnote"
	     "\tmetric\tshort\taxis_note\ttable_note\treport_note\tbrief_note");
	for (size_t i = 0; i < NELEM(accels); i++) {
		const struct accel *a = &accels[i];

		printf("%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
		       a->name, a->realtime, a->exact, a->nmi, a->pin, a->build, a->estimator,
		       a->unit, a->boot_s, a->slow, a->per_s, a->note, a->metric, a->short_unit,
		       a->axis_note, a->table_note, a->report_note, a->brief_note);
	}
	return 0;
}

static void usage(FILE *o)
{
	fputs("usage: lbstats summary [-V VOCAB.csv] [--rt] [FILE...]\n"
	      "       lbstats compare BASE,LIST NEW,LIST\n"
	      "       lbstats compare [FILE]   (lines: key<TAB>base|new<TAB>value[<TAB>unit])\n"
	      "       lbstats rows [--sample] [FILE...]   (--sample: each row's figure and boot, last)\n"
	      "       lbstats check [-V VOCAB.csv] [-m META] FILE   (the rows of FILE that pass the input contract)\n"
	      "       lbstats missing META FILE   (what the rows lack against the plan META records)\n"
	      "       lbstats power [FILE]   (lines: verdict<TAB>mde_pct; the median mde, flagged above the rule)\n"
	      "       lbstats converge PCT MAX [FILE]   (RUNS=auto: is each mean known within PCT%?)\n"
	      "       lbstats aa [FILE]   (the A/A and A/B benchmark: odd vs even rounds of one kernel)\n"
	      "       lbstats ab-size [FILE]   (the A/B's known effect, exactly, from an icount run)\n"
	      "       lbstats roles [-V VOCAB.csv]   (each role's variants: the layouts name none)\n"
	      "       lbstats sections [FILE]   (a report's sections: group<TAB>base|new<TAB>model)\n"
	      "       lbstats vocab [table|renamed]   (the module's table as compiled in, CSV)\n"
	      "       lbstats accels   (the accelerator table as compiled in, tab-separated)\n"
	      "       lbstats rule\n", o);
}

int main(int argc, char **argv)
{
	/* GSL domain errors become NaN -> "NA", never an abort */
	gsl_set_error_handler_off();
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "summary"))
		return cmd_summary(argc - 2, argv + 2);
	if (!strcmp(argv[1], "rows"))
		return cmd_rows(argc - 2, argv + 2);
	if (!strcmp(argv[1], "check"))
		return cmd_check(argc - 2, argv + 2);
	if (!strcmp(argv[1], "missing"))
		return cmd_missing(argc - 2, argv + 2);
	if (!strcmp(argv[1], "compare"))
		return cmd_compare(argc - 2, argv + 2);
	if (!strcmp(argv[1], "power"))
		return cmd_power(argc - 2, argv + 2);
	if (!strcmp(argv[1], "converge"))
		return cmd_converge(argc - 2, argv + 2);
	if (!strcmp(argv[1], "aa"))
		return cmd_aa(argc - 2, argv + 2);
	if (!strcmp(argv[1], "ab-size"))
		return cmd_ab_size(argc - 2, argv + 2);
	if (!strcmp(argv[1], "roles"))
		return cmd_roles(argc - 2, argv + 2);
	if (!strcmp(argv[1], "sections"))
		return cmd_sections(argc - 2, argv + 2);
	if (!strcmp(argv[1], "vocab"))
		return cmd_vocab(argc - 2, argv + 2);
	if (!strcmp(argv[1], "accels"))
		return cmd_accels(argc - 2, argv + 2);
	if (!strcmp(argv[1], "rule")) {
		printf("min_runs=%d\nalpha=%g\nmin_change_pct=%g\npower=%g\nnear_zero_ns=%g\n"
		       "near_zero_quanta=%g\nmde_warn_pct=%g\n", LB_MIN_RUNS, LB_ALPHA,
		       LB_MIN_CHANGE_PCT, LB_POWER, LB_NEAR_ZERO_NS, LB_NEAR_ZERO_QUANTA,
		       LB_MDE_WARN_PCT);
		for (size_t i = 0; i < NELEM(accels); i++)
			printf("estimator.%s=%s\n", accels[i].name, accels[i].estimator);
		printf("estimator.realtime=%s\n", EST_REALTIME);
		return 0;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	usage(stderr);
	return 2;
}
