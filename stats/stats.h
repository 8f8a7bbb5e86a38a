/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench statistics: the one place where numbers about runs are
 * computed.  Everything downstream (summary CSV, report, plots) uses these
 * functions through the lbstats binary; nothing re-implements them.
 *
 * Definitions
 *   mean, sample stddev (n-1), median: gsl_stats_*.
 *   percentiles: gsl_stats_quantile_from_sorted_data(), i.e. linear
 *     interpolation between order statistics at rank (n-1)*f
 *     (Hyndman & Fan type 7, the R / numpy default).
 *   rsd_pct: 100 * stddev / mean.
 *   95% CI of the mean: mean -+ t(0.975, n-1) * s / sqrt(n),
 *     t from gsl_cdf_tdist_Qinv().
 *   Welch's t-test: t = (mean_a - mean_b) / sqrt(s_a^2/n_a + s_b^2/n_b) (as R),
 *     Welch-Satterthwaite df, two-sided p = 2 * gsl_cdf_tdist_Q(|t|, df).
 *
 * Report rule (lb_compare): significant iff both sides have >= LB_MIN_RUNS
 * samples, Welch p < LB_ALPHA and |median change| >= LB_MIN_CHANGE_PCT.
 * Exactness (lb_opts.exact: emulated, deterministic accelerators only): if
 * both sides have >= 2 samples and every sample on each side has the same
 * value, no test is run: the difference is exact.
 * Real time (lb_opts.exact = 0): equal values are no exactness, only "below
 * the clock's resolution" (lb_opts.quantum, the figure's step): every
 * sample's variance is floored at the quantisation noise quantum^2 / 12
 * (a uniform rounding error), and a significant difference must exceed one
 * quantum.  A comparison with a side whose mean is below LB_NEAR_ZERO_QUANTA
 * quanta or LB_NEAR_ZERO_NS (the harness alone, "empty") is near zero: it is
 * compared in absolute units, its minimum change LB_MIN_CHANGE_PCT of
 * LB_NEAR_ZERO_NS, instead of a percentage of a near-zero value.
 * Minimum detectable effect (mde): the difference the test used (Welch on
 * these samples, two-sided LB_ALPHA) detects with power LB_POWER,
 *   mde = (t(1 - alpha/2, df) + t(power, df)) * se
 * (se, df: Welch's, with the floor above), and at least the rule's own
 * minimum change and one quantum; mde_pct = 100 * mde / |mean_base|.  A
 * comparison not significant is "inconclusive": it could only have seen a
 * change of mde or more; it never means "same".
 */
#ifndef LB_STATS_H
#define LB_STATS_H

#include <stddef.h>

#define LB_MIN_RUNS 3
#define LB_ALPHA 0.05
#define LB_MIN_CHANGE_PCT 1.0
#define LB_POWER 0.8		/* the power an mde is computed at */
#define LB_NEAR_ZERO_QUANTA 10.0	/* a side below this many quanta is near zero */
#define LB_NEAR_ZERO_NS 1.0	/* and so is one below this (ns; icount: insns) */
#define LB_MDE_WARN_PCT 5.0	/* a report whose median mde is above this says so first */

struct lb_desc {
	size_t n;
	double mean, median, min, max, p25, p75;
	/* NAN when n < 2 ("insufficient runs") */
	double sd, rsd_pct, ci_lo, ci_hi;
};

struct lb_welch {
	double t, df, p; /* NAN when not computed */
};

enum lb_verdict {
	LB_INSUFFICIENT,     /* a side has fewer than LB_MIN_RUNS runs */
	LB_NOT_SIGNIFICANT,  /* p >= alpha or |change| < threshold: "inconclusive" */
	LB_SIGNIFICANT,
	LB_EXACT_SAME,       /* zero variance both sides, equal values */
	LB_EXACT_DIFF,       /* zero variance both sides, different values */
	LB_EMPTY,            /* a side has no runs at all */
};

/* how a comparison is made (lb_compare_opts); lb_compare: exact, no quantum */
struct lb_opts {
	int exact;		/* 1: equal values are exact (deterministic: icount) */
	double quantum;		/* real time: the figure's resolution, 0 unknown */
};

struct lb_cmp {
	struct lb_desc base, new;
	double change_pct;      /* 100 * (median_new - median_base) / median_base */
	double diff;		/* mean_new - mean_base */
	double mde, mde_pct;	/* minimum detectable |diff|, abs and %: NAN untested, 0 exact */
	int near_zero;		/* compared in absolute units (mde_pct NAN) */
	double quantum;		/* the resolution it was compared against (0: none) */
	struct lb_welch w;
	enum lb_verdict verdict;
};

double lb_mean(const double *x, size_t n);
double lb_median(const double *x, size_t n);
double lb_sd(const double *x, size_t n);            /* NAN if n < 2 */
double lb_quantile(const double *x, size_t n, double f);
double lb_t975(double df);                          /* t(0.975, df) */
int lb_ci95(const double *x, size_t n, double *lo, double *hi); /* -1 if n < 2 */
int lb_describe(const double *x, size_t n, struct lb_desc *d);  /* -1 if n == 0 */
/* 0 = computed; -1 = a side has n < 2; 1 = both sides zero variance (exact) */
int lb_welch(const double *a, size_t na, const double *b, size_t nb,
	     struct lb_welch *w);
void lb_compare(const double *base, size_t nb, const double *new, size_t nn,
		struct lb_cmp *c);
void lb_compare_opts(const double *base, size_t nb, const double *new, size_t nn,
		     const struct lb_opts *o, struct lb_cmp *c);
/* the mde of Welch's test with standard error se and df degrees of freedom */
double lb_mde(double se, double df);
const char *lb_verdict_name(enum lb_verdict v);

#endif
