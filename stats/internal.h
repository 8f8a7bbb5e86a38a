/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of lbstats share, and they alone (a private header).  One
 * file per job, as bench-module/ is:
 *   lbstats.c	the command table and main()
 *   util.c	errors, allocation, the value vector, the string map, words
 *   lines.c	the one reader: every input, line by line
 *   csv.c	a results.csv, row by row
 *   contract.c	the input contract of results.csv and a row's identity
 *   vocab.c	the vocabulary (bench-module/vocab.h or a run's own): vocab, roles
 *   accels.c	the accelerator table (bench-module/accels.h): accels
 *   quantum.c	the clock's resolution per boot
 *   group.c	a summary group: its basis, units, comparison, exactness
 *   summary.c	the per-group statistics: summary
 *   analysis.c	the figures every layout shows, appended to the summary
 *   sections.c	which kernels and models a comparison spans: sections
 *   meta.c	meta.txt, the run's record, and its contract
 *   check.c	the rows against the contract and the plan: check, missing
 *   compare.c	comparisons and their power: compare, power, rule
 *   rows.c	each row as lbstats reads it: rows
 *   configs.c	the rows of a sweep by configuration and boot
 *   converge.c	RUNS=auto: converge
 *   aa.c	the A/A and A/B benchmark: aa, ab-size
 * stats.c is the statistics proper (stats.h), shared with the unit tests.
 */
#ifndef LB_STATS_INTERNAL_H
#define LB_STATS_INTERNAL_H

#define _GNU_SOURCE /* getline, open_memstream, strverscmp */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "stats.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define __noreturn __attribute__((__noreturn__))
#define __printf(a, b) __attribute__((__format__(printf, a, b)))

/* ---- util.c ---- */
__noreturn __printf(1, 2) void die(const char *fmt, ...);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* a growable vector of values (samples, rounds, indices) */
struct values {
	double *v;
	size_t n, cap;
};

void values_push(struct values *d, double x);

/* string -> index, in first-appearance order */
struct map {
	char **keys;
	size_t n, cap;
	size_t *slot; /* open addressing, index+1, 0 = empty */
	size_t nslot;
};

size_t map_get(struct map *m, const char *key, int *isnew);
long map_find(const struct map *m, const char *key);

void chomp(char *s);
int ends_with(const char *s, const char *suf);
int is_number(const char *s);
int is_decimal(const char *s, int integer);
int in_words(const char *const *w, const char *s);
void words_str(const char *const *w, char *out, size_t len);
void print_num(FILE *o, double x);	/* NAN as "NA", else %.10g */
int cmp_double(const void *x, const void *y);

/* ---- lines.c: the one reader ---- */
/* one input, line by line: every file lbstats reads is read through this */
struct lb_file {
	FILE *f;
	const char *name;	/* what messages call it */
	char *line;
	size_t cap;
	long lineno;
	int text;		/* 1: a NUL byte is refused (not a text file) */
};

void lb_open(struct lb_file *r, const char *path, const char *name, const char *stdin_name);
ssize_t lb_next(struct lb_file *r);
void lb_read_error(const struct lb_file *r);
void lb_close(struct lb_file *r);
int split(char *s, char **out);

#define MAX_FIELDS 256

/* a results.csv being read: its header, the current row, the contract's state */
struct csv {
	struct lb_file in;
	char *hdr, *hdr_line;
	int nh;
	char *hname[MAX_FIELDS];
	int htype[MAX_FIELDS], hreq[MAX_FIELDS];
	int iaccel, ipath;
	char *fld[MAX_FIELDS];
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

/* ---- csv.c ---- */
void csv_open(struct csv *c, const char *name);
int csv_next(struct csv *c);
void csv_close(struct csv *c);
int num(const struct csv *c, int col, const char *what, double *out);

/* ---- contract.c ---- */
extern const char *const preempt_words[];
char *kernel_id(char *kernel, const char *mit, char *buf, size_t len);
void no_cr(const struct csv *c, const char *line);
void csv_header(struct csv *c);
int csv_col(const struct csv *c, const char *name);
int csv_need_col(const struct csv *c, const char *name);
void csv_check_row(const struct csv *c);
void row_identity(struct csv *c);

/* ---- vocab.c ---- */
struct vocab_row {
	char *workload, *variant, *role;
	int order, rank;
};

char *renamed(char *workload, char *variant);
void vocab_builtin(void);
void vocab_read(const char *name);
int vocab_names(const char *w, const char *v, char *valid, size_t len);
const struct vocab_row *vocab_find(const char *w, const char *v);
const char *vocab_role(const char *w, const char *role, int rank);

/* ---- accels.c ---- */
struct accel {
	const char *name;
	int realtime, exact, nmi, pin;
	const char *build, *estimator, *unit, *boot_s, *slow, *per_s, *note;
	const char *metric, *short_unit, *axis_note, *table_note, *report_note, *brief_note;
};

/* an accelerator the table lacks is taken as real time: the median */
#define EST_REALTIME "median_ns_per_op"

extern const struct accel accels[];
extern const size_t naccels;
extern const char *const accel_words[];
const char *est_col(const char *accel);
int accel_realtime(const char *accel);
int accel_exact(const char *accel);

/* ---- quantum.c ---- */
#define LB_PRINT_RES 0.001

struct quanta {
	struct map m;
	struct values *v;	/* each boot's values */
	double *q;		/* each boot's quantum, after quanta_done */
	size_t cap;
};

size_t quanta_add(struct quanta *t, const char *boot, double x);
void quanta_done(struct quanta *t);
double quanta_coarsest(const struct quanta *t, const struct values *boots, int realtime);
void boot_key(const struct csv *c, char *out, size_t len);

/* ---- summary.c ---- */
#define NGROUP_COLS 9
extern const char *const group_cols[NGROUP_COLS];

/* the columns summed over runs (summary.c: sum_cols) */
enum { S_DELIV, S_IMW, S_COMPL, S_DEAD, NSUM };

struct group {
	struct values ns;	/* each run's ns_per_op (its mean) */
	struct values r1k;	/* retries per 1000 reads */
	struct values torn, npw, defer;	/* torn, ns_per_write, deferral_ns */
	struct values path, med;	/* path_ns_per_op, median_ns_per_op: the estimators */
	struct values ach;	/* achieved_period_ns */
	int realtime;		/* a real-time accelerator (accels.h): medians */
	int est_path;		/* the estimator (est_col) is path_ns_per_op, else the median */
	struct values bootq;	/* each run's boot (struct quanta index) */
	double quantum;		/* real time: the coarsest quantum of its boots */
	double period;		/* the nominal writer period, -1: none */
	struct values boot;	/* each ns sample's round (its boot), when rows have one */
	double retries;		/* sum over runs */
	int exact;		/* a deterministic accelerator (accels.h: exact) */
	double sum[NSUM];
	int has_sum[NSUM];
	double max_spin;
	int has_spin;
	int rd_runs, rd_disagree;	/* runs listing their readers; those apart */
	char arch[16];		/* the rows' arch column (empty: before the column) */
};

/* ---- group.c ---- */
const struct values *group_basis(const struct group *gr, const char **name);
int unit_samples(const struct group *gr, const struct values *x, struct values *out);
struct lb_opts group_opts(const struct group *x, const struct group *y);
const char *path_exact(const struct group *gr);

/* ---- analysis.c ---- */
/* a summary group's key, split into its fields */
struct group_key {
	char *kernel, *accel, *vcpus, *workload, *variant, *context, *readers, *writers,
		*period, *preempt;
};

/* what the analysis derives for one summary group */
struct analysis {
	struct group_key f;
	char *section;
	const struct values *basis;
	const char *basis_name;	/* path, median, mean (group_basis) */
	int use_path;
	const struct vocab_row *vr;
	const char *baseline;
	int ref_writer, ref_read;
	int cov;		/* kernels of the section with this configuration */
	size_t minruns;		/* fewest runs of a group of this configuration */
	long vs_base, vs_first;	/* group index compared against, -1 none */
	const char *kfirst;
};

void analyse(const struct map *m, const struct group *g, struct analysis *a);
void analysis_cols(const struct analysis *a, const struct group *g, size_t i);
void order_cols(const struct analysis *a, const struct group *g, size_t n, size_t i);

/* ---- sections.c ---- */
/* the distinct (accel, vCPUs, kernel, model) of a summary: a few dozen */
struct section_boot {
	const char *accel, *vcpus, *kernel, *preempt;
};

int same_accel_vcpus(const struct section_boot *x, const struct section_boot *y);
char *section_slot(const struct section_boot *t, size_t nt, const struct section_boot *b);
char *section_of(const struct section_boot *t, size_t nt, const struct section_boot *b);

/* ---- meta.c ---- */
struct meta {
	const char *name;
	struct map keys;
	char **val;
	long *line;
};

void meta_read(struct meta *m, const char *name);
const char *meta_get(const struct meta *m, const char *key);
void meta_row(const struct meta *m, const struct csv *c);
void meta_rows_done(const struct meta *m, const struct csv *c);

/* ---- configs.c ---- */
#define NCONFIG_COLS 10
extern const char *const config_cols[NCONFIG_COLS];

/* one configuration's rows of a sweep */
struct config_rows {
	struct values ns;	/* the estimator, one per row */
	struct values round;	/* its round (NAN without the column) */
	struct values ab, ab_round;	/* rows with extra_work > 0, their rounds */
	double extra_work;	/* their extra_work (one value) */
	int realtime, exact;	/* the accelerator: real time, deterministic (exact rule) */
	int fallback;		/* some row without the estimator: ns_per_op */
	struct values bootq;	/* each row's boot (struct quanta index) */
	double quantum;		/* the coarsest of its boots' quanta */
};

struct config_rows *read_configs(const char *name, struct map *m, int need_round);
size_t boot_means(const struct values *x, const struct values *rd, const double *rs, size_t nr,
		  double *out);
double *all_rounds(const struct config_rows *g, size_t ng, size_t *nr);

/* ---- the commands (lbstats.c: the table) ---- */
/* a command's return for wrong arguments: main prints its forms (lbstats.c) */
#define LB_USAGE (-1)
int cmd_summary(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_rows(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_missing(int argc, char **argv);
int cmd_power(int argc, char **argv);
int cmd_converge(int argc, char **argv);
int cmd_aa(int argc, char **argv);
int cmd_ab_size(int argc, char **argv);
int cmd_roles(int argc, char **argv);
int cmd_sections(int argc, char **argv);
int cmd_vocab(int argc, char **argv);
int cmd_accels(int argc, char **argv);
int cmd_rule(int argc, char **argv);

#endif
