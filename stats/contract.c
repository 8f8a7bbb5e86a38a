// SPDX-License-Identifier: GPL-2.0
/*
 * The input contract of results.csv (summary, check, and every reader of
 * rows): parsed by header name, never by position (no quoting; fields
 * contain no commas); extra columns are accepted.  Refused, naming the
 * file, the line and the column (FILE:LINE:COLUMN, the value and what would
 * be valid): a byte-order mark, a carriage return anywhere (CRLF), a row
 * with fewer or more fields than the header, a missing or empty required
 * column (known_cols), a cell outside its column's domain (known_cols:
 * counts, positive counts, times, accelerators, contexts, models, names of
 * the vocabulary; writer_period_ns may be "none"), a row of an exact
 * accelerator without path_ns_per_op, an empty file, and a row given twice
 * (row_identity).  A repeated header line (concatenated files) is skipped.
 */
#include "internal.h"

/* the sweep's CONTEXTS and lib.sh's LB_PREEMPTS */
static const char *const context_words[] = { "task", "hardirq", "nmi", NULL };
const char *const preempt_words[] = { "none", "voluntary", "full", "lazy", "rt", NULL };
static const char *const mitigation_words[] = { "auto", "off", "auto+nosmt", "none", NULL };

/*
 * A row's kernel as the analysis names it: the kernel column, and for a
 * boot with the CPU-vulnerability mitigations off (column mitigations, the
 * sweep's MITIGATIONS axis) "+mitigations=off" after it: a kernel of its
 * own, so that every table sets it beside the same kernel with its
 * mitigations (auto; none: built without them) and compares the two.
 */
#define LB_MIT_OFF "+mitigations=off"
char *kernel_id(char *kernel, const char *mit, char *buf, size_t len)
{
	if (!mit || strcmp(mit, "off"))
		return kernel;
	snprintf(buf, len, "%s" LB_MIT_OFF, kernel);
	return buf;
}

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
 * is of an exact accelerator (accels.h: its basis).
 */
enum {
	C_TEXT, C_PERIOD, C_OTHER, C_COUNT, C_POS, C_TIME, C_ACCEL, C_CONTEXT,
	C_PREEMPT, C_WORKLOAD, C_VARIANT, C_CPUS, C_MITIGATIONS
};
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
	{ "mitigations", C_MITIGATIONS, 0 }, { "arch", C_TEXT, 0 },
};
#define NKNOWN ARRAY_SIZE(known_cols)

/* Refuse a carriage return anywhere on the line, naming its column. */
void no_cr(const struct csv *c, const char *line)
{
	const char *cr = strchr(line, '\r'), *p;
	int col = 1;

	if (!cr)
		return;
	for (p = line; p < cr; p++)
		col += *p == ',';
	if (c->hdr && col <= c->nh)
		die("%s:%ld: column %s: carriage return (CRLF line endings?): refusing the file",
		    c->in.name, c->in.lineno, c->hname[col - 1]);
	if (!c->hdr) {
		for (p = cr; p > line && p[-1] != ','; p--)
			;
		die("%s:%ld: column %.*s (the header): carriage return (CRLF line endings?): refusing the file",
		    c->in.name, c->in.lineno, (int)(cr - p), p);
	}
	die("%s:%ld: field %d: carriage return (CRLF line endings?): refusing the file",
	    c->in.name, c->in.lineno, col);
}

/* The index of column name in the header, -1 when absent. */
int csv_col(const struct csv *c, const char *name)
{
	for (int i = 0; i < c->nh; i++)
		if (!strcmp(c->hname[i], name))
			return i;
	return -1;
}

/* a column the caller cannot do without: its index, or die naming it */
int csv_need_col(const struct csv *c, const char *name)
{
	int i = csv_col(c, name);

	if (i < 0)
		die("%s: no column '%s' in header", c->in.name, name);
	return i;
}

void csv_header(struct csv *c)
{
	c->hdr = xstrdup(c->in.line);
	c->hdr_line = xstrdup(c->in.line);
	c->nh = split(c->hdr, c->hname);
	if (c->nh < 0)
		die("%s:%ld: header has more than %d columns", c->in.name, c->in.lineno, MAX_FIELDS);
	c->iaccel = c->ipath = -1;
	for (int i = 0; i < c->nh; i++) {
		if (!c->hname[i][0])
			die("%s:%ld: header column %d has no name", c->in.name, c->in.lineno, i + 1);
		for (int j = 0; j < i; j++)
			if (!strcmp(c->hname[i], c->hname[j]))
				die("%s:%ld: column %s appears twice in the header", c->in.name,
				    c->in.lineno, c->hname[i]);
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
			die("%s:%ld: no column %s in the header (required)", c->in.name, c->in.lineno,
			    known_cols[k].name);
	}
}

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

void csv_check_row(const struct csv *c)
{
	char buf[512];

	for (int i = 0; i < c->nf; i++) {
		const char *s = c->fld[i], *why;

		if (!*s) {
			if (c->hreq[i])
				die("%s:%ld:%ld: column %s: empty (required)", c->in.name, c->in.lineno,
				    (long)(s - c->in.line) + 1, c->hname[i]);
			continue;
		}
		why = domain_err(c, i, buf, sizeof(buf));
		if (why)
			die("%s:%ld:%ld: column %s: '%.80s'%s: %s", c->in.name, c->in.lineno,
			    (long)(s - c->in.line) + 1, c->hname[i], s, strlen(s) > 80 ? "..." : "", why);
	}
	/* a deterministic accelerator's rows are compared by their path (exact) */
	if (c->ipath < 0 && accel_exact(c->fld[c->iaccel]))
		die("%s:%ld: column path_ns_per_op: missing from the header, and %s rows need it (their basis)",
		    c->in.name, c->in.lineno, c->fld[c->iaccel]);
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

void row_identity(struct csv *c)
{
	char key[4096];
	size_t k = 0, i;
	int isnew;

	if (c->nrows == 1) {
		for (size_t j = 0; j < ARRAY_SIZE(id_cols); j++) {
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
		    c->in.name, c->in.lineno, sizeof(key) - 1);
	i = map_get(&c->ids, key, &isnew);
	if (!isnew)
		die("%s:%ld: the same row as line %ld (kernel %s, configuration, round and run): a row given twice would be read as another run: refusing the file",
		    c->in.name, c->in.lineno, c->idline[i], c->fld[c->ck]);
	if (i % 1024 == 0)
		c->idline = xrealloc(c->idline, (i + 1024) * sizeof(*c->idline));
	c->idline[i] = c->in.lineno;
}
