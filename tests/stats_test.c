// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for stats/stats.c.  Expected values are written out here and
 * come from hand calculation or published examples (sources cited per
 * case).  Exit status 0 iff every check passes.
 * Build with -DLB_SABOTAGE to corrupt one expected value: the program must
 * then fail (tests/stats.bats checks that the tests can fail).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stats.h"

/* the module's order statistics (bench-module/order.h), compiled as they are */
#include <stdint.h>
typedef uint64_t u64;
#include "../bench-module/order.h"

#ifdef LB_SABOTAGE
#define MEAN_8 5.1
#else
#define MEAN_8 5.0
#endif

/* -DLB_SABOTAGE_ORDER: a wrong percentile (the order statistics' negative control) */
#ifdef LB_SABOTAGE_ORDER
#define P99_100 100
#else
#define P99_100 99
#endif

#define N(a) (sizeof(a) / sizeof((a)[0]))

static int fails, checks;

static void near(const char *what, double got, double want, double tol)
{
	checks++;
	if (!(fabs(got - want) <= tol)) {
		fails++;
		printf("FAIL %s: got %.10g, want %.10g (tol %g)\n", what, got, want, tol);
	}
}

static void truth(const char *what, int ok)
{
	checks++;
	if (!ok) {
		fails++;
		printf("FAIL %s\n", what);
	}
}

static void verdict(const char *what, const double *a, size_t na, const double *b,
		    size_t nb, enum lb_verdict want)
{
	struct lb_cmp c;

	lb_compare(a, na, b, nb, &c);
	checks++;
	if (c.verdict != want) {
		fails++;
		printf("FAIL %s: verdict %s, want %s (p=%g change=%g%%)\n", what,
		       lb_verdict_name(c.verdict), lb_verdict_name(want), c.w.p, c.change_pct);
	}
}

int main(void)
{
	/* Hand: {2,4,4,4,5,5,7,9}: sum 40 -> mean 5; squared deviations sum 32
	 * -> sample sd sqrt(32/7); median (4+5)/2; type-7 quantiles: rank
	 * 7*0.25 = 1.75 -> 4 + 0.75*(4-4) = 4; rank 5.25 -> 5 + 0.25*(7-5) = 5.5. */
	const double s8[] = { 9, 2, 4, 5, 4, 7, 4, 5 };
	struct lb_desc d;

	lb_describe(s8, N(s8), &d);
	near("mean s8", d.mean, MEAN_8, 1e-12);
	near("lb_mean s8", lb_mean(s8, N(s8)), 5.0, 1e-12);
	near("median s8", d.median, 4.5, 1e-12);
	near("sd s8", d.sd, sqrt(32.0 / 7.0), 1e-12);
	near("sd s8 decimal", d.sd, 2.138089935, 1e-9);
	near("rsd s8", d.rsd_pct, 100 * 2.138089935 / 5, 1e-7);
	near("p25 s8", d.p25, 4.0, 1e-12);
	near("p75 s8", d.p75, 5.5, 1e-12);
	near("min s8", d.min, 2, 0);
	near("max s8", d.max, 9, 0);

	/* Hand: odd count median, quantiles of {1,2,3,4}: ranks 0.75, 2.25. */
	{
		const double o[] = { 3, 1, 2 }, q[] = { 4, 1, 3, 2 };
		const double f[] = { 50, 10, 40, 30, 20 };

		near("median {3,1,2}", lb_median(o, 3), 2, 0);
		near("p25 {1..4}", lb_quantile(q, 4, 0.25), 1.75, 1e-12);
		near("p75 {1..4}", lb_quantile(q, 4, 0.75), 3.25, 1e-12);
		/* rank 4*0.9 = 3.6 -> 40 + 0.6*10 */
		near("p90 {10..50}", lb_quantile(f, 5, 0.9), 46, 1e-12);
		near("p0 = min", lb_quantile(f, 5, 0), 10, 0);
		near("p100 = max", lb_quantile(f, 5, 1), 50, 0);
	}

	/* Published t tables: t(0.975, df) = 12.706 (1), 4.303 (2),
	 * 2.776 (4), 2.262 (9), 1.960 (inf). */
	near("t975 df1", lb_t975(1), 12.706, 5e-4);
	near("t975 df2", lb_t975(2), 4.303, 5e-4);
	near("t975 df4", lb_t975(4), 2.776, 5e-4);
	near("t975 df9", lb_t975(9), 2.262, 5e-4);
	near("t975 df1e6", lb_t975(1e6), 1.960, 5e-4);

	/* CI, hand: {1,2,3,4,5}: mean 3, s = sqrt(2.5), se = s/sqrt(5) =
	 * sqrt(0.5) = 0.70710678; half = 2.7764451 * 0.70710678 = 1.9632432. */
	{
		const double x[] = { 1, 2, 3, 4, 5 };
		double lo, hi;

		truth("ci95 n=5 computed", lb_ci95(x, 5, &lo, &hi) == 0);
		near("ci95 lo n=5", lo, 3 - 1.9632432, 1e-6);
		near("ci95 hi n=5", hi, 3 + 1.9632432, 1e-6);
	}
	/* n=2 is enough for a CI: {1,3}: mean 2, s = sqrt(2), se = 1,
	 * half = t(0.975,1) = 12.7062047. */
	{
		const double x[] = { 1, 3 };
		double lo, hi;

		truth("ci95 n=2 computed", lb_ci95(x, 2, &lo, &hi) == 0);
		near("ci95 lo n=2", lo, 2 - 12.7062047, 1e-6);
		near("ci95 hi n=2", hi, 2 + 12.7062047, 1e-6);
		lb_describe(x, 2, &d);
		near("describe n=2 ci_hi", d.ci_hi, 2 + 12.7062047, 1e-6);
		near("describe n=2 sd", d.sd, sqrt(2), 1e-12);
	}
	/* n=1: stddev, CI, p are NA (insufficient runs); median/mean defined. */
	{
		const double x[] = { 42 }, y[] = { 43 };
		struct lb_welch w;
		double lo, hi;

		lb_describe(x, 1, &d);
		near("n=1 mean", d.mean, 42, 0);
		near("n=1 median", d.median, 42, 0);
		truth("n=1 sd NA", isnan(d.sd) && isnan(lb_sd(x, 1)));
		truth("n=1 rsd NA", isnan(d.rsd_pct));
		truth("n=1 ci NA", isnan(d.ci_lo) && isnan(d.ci_hi));
		truth("n=1 lb_ci95 -1", lb_ci95(x, 1, &lo, &hi) == -1 && isnan(lo));
		truth("n=1 welch -1", lb_welch(x, 1, y, 1, &w) == -1 && isnan(w.p));
		verdict("n=1 vs n=1", x, 1, y, 1, LB_INSUFFICIENT);
		truth("n=0 describe -1", lb_describe(x, 0, &d) == -1 && isnan(d.mean));
		verdict("n=0", x, 0, y, 1, LB_EMPTY);
	}

	/* Published: R t.test(extra ~ group, data = sleep) (Student's sleep
	 * data, R stats::t.test help page): Welch t = -1.8608, df = 17.776,
	 * p-value = 0.07939; sd 1.789010 and 2.002249. */
	{
		const double g1[] = { 0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0 };
		const double g2[] = { 1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4 };
		struct lb_welch w;

		truth("sleep welch computed", lb_welch(g1, 10, g2, 10, &w) == 0);
		near("sleep t", w.t, -1.8608, 5e-5);
		near("sleep df", w.df, 17.776, 5e-4);
		near("sleep p", w.p, 0.07939, 5e-6);
		near("sleep sd1", lb_sd(g1, 10), 1.789010, 5e-7);
		near("sleep sd2", lb_sd(g2, 10), 2.002249, 5e-7);
		verdict("sleep not significant", g1, 10, g2, 10, LB_NOT_SIGNIFICANT);
	}
	/* Published: R t.test(1:10, y = c(7:20)): t = -5.4349, df = 21.982,
	 * p-value = 1.855e-05. */
	{
		double x[10], y[14];
		struct lb_welch w;

		for (int i = 0; i < 10; i++)
			x[i] = i + 1;
		for (int i = 0; i < 14; i++)
			y[i] = i + 7;
		truth("R ex2 computed", lb_welch(x, 10, y, 14, &w) == 0);
		near("R ex2 t", w.t, -5.4349, 5e-5);
		near("R ex2 df", w.df, 21.982, 5e-4);
		near("R ex2 p", w.p, 1.855e-05, 5e-9);
		verdict("R ex2 significant", x, 10, y, 14, LB_SIGNIFICANT);
	}
	/* Hand: one side constant: {5,5,5} vs {5,6,7}: se^2 = 0 + 1/3,
	 * t = -1/sqrt(1/3) = -sqrt(3), df = (1/3)^2 / ((1/3)^2/2) = 2;
	 * t(2) tail: Q(t) = 1/2 - t/(2 sqrt(2+t^2)) -> p = 1 - sqrt(3/5). */
	{
		const double a[] = { 5, 5, 5 }, b[] = { 5, 6, 7 };
		struct lb_welch w;

		truth("half-constant welch computed", lb_welch(a, 3, b, 3, &w) == 0);
		near("half-constant t", w.t, -sqrt(3), 1e-12);
		near("half-constant df", w.df, 2, 1e-12);
		near("half-constant p", w.p, 1 - sqrt(0.6), 1e-9);
	}

	/* Report rule. */
	{
		const double base[] = { 100, 101, 99, 100.5, 99.5 };
		const double up10[] = { 110, 111, 109, 110.5, 109.5 };
		const double noise[] = { 100.3, 99.2, 100.8, 99.9, 100.1 };
		const double small[] = { 100.5, 100.6, 100.4, 100.5, 100.5 };
		const double base2[] = { 100.0, 100.1, 99.9, 100.0, 100.0 };
		const double ic1[] = { 1234, 1234, 1234 }, ic2[] = { 1357, 1357, 1357 };
		const double two_a[] = { 100, 100.1 }, two_b[] = { 150, 150.1 };
		struct lb_cmp c;

		verdict("10% shift significant", base, 5, up10, 5, LB_SIGNIFICANT);
		lb_compare(base, 5, up10, 5, &c);
		near("10% shift change", c.change_pct, 10.0, 1e-9);
		verdict("noise only", base, 5, noise, 5, LB_NOT_SIGNIFICANT);
		/* p tiny but |change| = 0.5% < 1%: not significant */
		lb_compare(base2, 5, small, 5, &c);
		truth("0.5% change has p < 0.05", c.w.p < 0.05);
		verdict("0.5% change below threshold", base2, 5, small, 5, LB_NOT_SIGNIFICANT);
		/* icount: zero variance both sides -> exact, no test */
		verdict("icount equal", ic1, 3, ic1, 3, LB_EXACT_SAME);
		verdict("icount differ", ic1, 3, ic2, 3, LB_EXACT_DIFF);
		lb_compare(ic1, 3, ic2, 3, &c);
		truth("exact: p not computed", isnan(c.w.p));
		near("exact change", c.change_pct, 100.0 * 123 / 1234, 1e-9);
		verdict("icount n=2 exact", ic1, 2, ic2, 2, LB_EXACT_DIFF);
		/* n=2 per side: p computable, but < 3 runs -> insufficient */
		lb_compare(two_a, 2, two_b, 2, &c);
		truth("n=2 p computed", !isnan(c.w.p) && c.w.p < 0.05);
		verdict("n=2 insufficient", two_a, 2, two_b, 2, LB_INSUFFICIENT);
		verdict("3 vs 2 insufficient", base, 3, two_b, 2, LB_INSUFFICIENT);
	}

	/*
	 * Minimum detectable effect (stats.h).  Hand: {5,5,5} vs {5,6,7} has
	 * se = sqrt(1/3), df = 2: mde = (t(0.975, 2) + t(0.8, 2)) * se, t
	 * quantiles of 2 df from the closed form t_p = (2p - 1) sqrt(2 /
	 * (1 - (2p - 1)^2)): 4.302653 and 1.060660.  Exact comparisons detect
	 * everything (mde 0); a side with < 3 samples has none (NAN).
	 */
	{
		const double a[] = { 5, 5, 5 }, b[] = { 5, 6, 7 };
		const double ic1[] = { 1234, 1234, 1234 };
		double tq975 = 0.95 * sqrt(2 / (1 - 0.95 * 0.95)), tq8 = 0.6 * sqrt(2 / (1 - 0.36));
		struct lb_cmp c;

		near("t(0.975, 2)", tq975, 4.302653, 5e-6);
		lb_compare(a, 3, b, 3, &c);
		near("mde hand", c.mde, (tq975 + tq8) * sqrt(1.0 / 3), 1e-6);
		near("mde pct", c.mde_pct, 100 * (tq975 + tq8) * sqrt(1.0 / 3) / 5, 1e-4);
		truth("not significant is inconclusive",
		      !strcmp(lb_verdict_name(c.verdict), "inconclusive"));
		lb_compare(ic1, 3, ic1, 3, &c);
		truth("exact: mde 0", c.mde == 0);
		lb_compare(a, 2, b, 2, &c);
		truth("n=2: no mde", isnan(c.mde));
		/* the rule's minimum change bounds the mde from below */
		near("lb_mde(0, 4) = 0", lb_mde(0, 4), 0, 0);
	}

	/*
	 * Real time: resolution is not exactness (stats.h).  UML medians come
	 * in 0.128 ns steps: equal values on both sides are "below the clock's
	 * resolution", inconclusive, never exact-same; a quantised but noisy
	 * sample is not exact either; a difference of one quantum is not
	 * significant even with p < alpha; near-zero rows are compared in ns.
	 */
	{
		const struct lb_opts rt = { 0, 0.128 }, ex = { 1, 0 };
		const double q1[] = { 50.176, 50.176, 50.176 }, q2[] = { 50.304, 50.304, 50.304 };
		const double noisy[] = { 50.176, 50.304, 50.176, 50.432 };
		const double far[] = { 53.76, 53.76, 53.76 };
		const double e1[] = { 0.256, 0.256, 0.384 }, e2[] = { 0.384, 0.512, 0.384 };
		struct lb_cmp c;

		lb_compare_opts(q1, 3, q1, 3, &rt, &c);
		truth("rt equal: not exact-same", c.verdict == LB_NOT_SIGNIFICANT);
		near("rt equal: mde at least a quantum", c.mde, fmax(0.128, 0.50176), 1e-9);
		lb_compare_opts(q1, 3, q1, 3, &ex, &c);
		truth("emulated equal: exact-same (control)", c.verdict == LB_EXACT_SAME);
		lb_compare_opts(q1, 3, noisy, 4, &rt, &c);
		truth("quantised noisy: not exact", c.verdict != LB_EXACT_SAME &&
		      c.verdict != LB_EXACT_DIFF);
		lb_compare_opts(q1, 3, q2, 3, &rt, &c);
		truth("one quantum apart: not significant", c.verdict == LB_NOT_SIGNIFICANT);
		{
			/* 5 ns: one quantum is 2.5%, and p < alpha on the floor alone */
			const double f1[] = { 5.12, 5.12, 5.12 }, f2[] = { 5.248, 5.248, 5.248 };

			lb_compare_opts(f1, 3, f2, 3, &rt, &c);
			truth("5 ns, one quantum: p < alpha", c.w.p < LB_ALPHA && !c.near_zero);
			truth("5 ns, one quantum: not significant", c.verdict == LB_NOT_SIGNIFICANT);
		}
		lb_compare_opts(q1, 3, q2, 3, &ex, &c);
		truth("one quantum apart, emulated: exact-diff (control)", c.verdict == LB_EXACT_DIFF);
		lb_compare_opts(q1, 3, far, 3, &rt, &c);
		truth("7% apart, constant sides: significant against the floor",
		      c.verdict == LB_SIGNIFICANT);
		lb_compare_opts(e1, 3, e2, 3, &rt, &c);
		truth("near zero: flagged", c.near_zero && isnan(c.mde_pct) && c.mde > 0);
		near("near zero: diff in ns", c.diff, (1.28 - 0.896) / 3, 1e-9);
		{
			const double h[] = { 100, 101, 99 };

			lb_compare_opts(h, 3, h, 3, &rt, &c);
			truth("100 ns: not near zero", !c.near_zero && !isnan(c.mde_pct));
		}
	}

	{
		/*
		 * bench-module/order.h: the module's median, percentile and
		 * median interval.  Nearest-rank percentile (the smallest value
		 * with at least pct% at or below it): of 1..100, p99 is 99, p50
		 * 50, p1 1; of 1..10, p99 is 10, p50 5.  The median interval's
		 * ranks for n = 100 are the 40th and 61st values, the textbook
		 * pair (Conover, Practical Nonparametric Statistics, 3rd ed.,
		 * 3.2, the normal approximation: j = 40.2 -> 40, k = 60.8 -> 61).
		 */
		u64 v[100], w[10], odd[5] = { 1, 3, 5, 7, 1000 }, even[4] = { 10, 20, 31, 1000 };
		u64 lo, hi;

		for (int i = 0; i < 100; i++)
			v[i] = i + 1;
		for (int i = 0; i < 10; i++)
			w[i] = i + 1;
		near("order: median of 5", (double)lb_median_sorted(odd, 5), 5, 0);
		near("order: median of 4 (midpoint, rounded down)", (double)lb_median_sorted(even, 4), 25, 0);
		near("order: p99 of 1..100", (double)lb_pct_sorted(v, 100, 99), P99_100, 0);
		near("order: p50 of 1..100", (double)lb_pct_sorted(v, 100, 50), 50, 0);
		near("order: p1 of 1..100", (double)lb_pct_sorted(v, 100, 1), 1, 0);
		near("order: p100 of 1..100", (double)lb_pct_sorted(v, 100, 100), 100, 0);
		near("order: p99 of 1..10", (double)lb_pct_sorted(w, 10, 99), 10, 0);
		near("order: p50 of 1..10", (double)lb_pct_sorted(w, 10, 50), 5, 0);
		near("order: p0 of 1..10", (double)lb_pct_sorted(w, 10, 0), 1, 0);
		lb_median_ci(100, &lo, &hi);
		near("order: median CI n=100 lower (40th value)", (double)v[lo], 40, 0);
		near("order: median CI n=100 upper (61st value)", (double)v[hi], 61, 0);
		lb_median_ci(1, &lo, &hi);
		truth("order: median CI n=1 is the one value", lo == 0 && hi == 0);
		lb_median_ci(4, &lo, &hi);
		truth("order: median CI n=4 spans all", lo == 0 && hi == 3);
		for (u64 x = 0; x < 100000; x += 997)
			truth("order: isqrt", lb_isqrt(x) * lb_isqrt(x) <= x &&
			      (lb_isqrt(x) + 1) * (lb_isqrt(x) + 1) > x);
		near("order: isqrt(2^62)", (double)lb_isqrt(1ULL << 62), 2147483648.0, 0);
	}

	printf("%d/%d checks passed\n", checks - fails, checks);
	return fails ? 1 : 0;
}
