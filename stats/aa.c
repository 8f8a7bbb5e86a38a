// SPDX-License-Identifier: GPL-2.0
/*
 * The A/A and A/B benchmark (make aa).
 *
 *   lbstats aa [FILE]
 *	One kernel's rows over several boots (column round); odd rounds
 *	against even ones, per-boot means, the report's rule: false
 *	positives, their gate (a permutation bound), the halves split, each
 *	comparison's mde, and the power at the known effect (rows with
 *	extra_work > 0).  See cmd_aa.
 *
 *   lbstats ab-size [FILE]
 *	The A/B's known effect: per configuration of a run on an exact
 *	accelerator with and without extra_work, the path per read without and
 *	with it and the difference (guest instructions: exact).  See
 *	cmd_ab_size.
 */
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "internal.h"

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
 *	(aa_null_counts): every configuration's test statistic exactly
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

struct aa_config {
	double *pm, *ab;	/* boot means per sorted round (NAN: absent) */
	int complete, ab_complete;
	struct lb_opts o;
};

static void side_of(const double *bm, const int *in, size_t nr, int want, struct values *out)
{
	out->n = 0;
	for (size_t b = 0; b < nr; b++)
		if (in[b] == want && !isnan(bm[b]))
			values_push(out, bm[b]);
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
 * Returns rho; each draw's count into fcount.
 */
static double aa_null_counts(const struct aa_config *ac, size_t ncfgs, const double *rs,
			     size_t nr, struct values *fcount)
{
	size_t ncfg = 0, mm = 0;
	double rho;
	double zc = gsl_cdf_ugaussian_Qinv(LB_ALPHA / 2), *sum = xrealloc(NULL, nr * sizeof(double));
	double *rc = xrealloc(NULL, nr * sizeof(double));
	double s2 = 0;
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);

	if (!rng)
		die("out of memory");
	gsl_rng_set(rng, 33);
	for (size_t k = 0; k < nr; k++)
		sum[k] = 0;
	for (size_t i = 0; i < ncfgs; i++) {
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
		values_push(fcount, (double)cnt);
	}
	gsl_rng_free(rng);
	free(sum);
	free(rc);
	return rho;
}

int cmd_aa(int argc, char **argv)
{
	struct map m = { 0 };
	struct config_rows *g;
	struct aa_config *ac;
	double *rs;
	size_t nr, ncmp = 0, nsig = 0, nhalf = 0, nab = 0;
	struct values mdes = { 0 }, powers = { 0 }, abch = { 0 }, fcount = { 0 };
	int *in, anyab = 0, fallback = 0;
	size_t *idx, h;
	double rho = 0;			/* their mean pairwise correlation across boots */

	if (argc > 1)
		return LB_USAGE;
	g = read_configs(argc ? argv[0] : "-", &m, 1);
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
		ac[i].o = (struct lb_opts){ g[i].exact, g[i].realtime ? g[i].quantum : 0 };
		anyab |= g[i].ab.n > 0;
		fallback |= g[i].fallback;
	}
	puts("key\tn_a\tn_b\tchange_pct\tp\tverdict\tmde_pct\thalves_verdict\tab_change_pct\tab_verdict\tab_power_pct");
	for (size_t i = 0; i < m.n; i++) {
		struct values a = { 0 }, b = { 0 };
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
		print_num(stdout, c.near_zero ? NAN : c.change_pct);
		putchar('\t');
		print_num(stdout, c.w.p);
		printf("\t%s\t", lb_verdict_name(c.verdict));
		print_num(stdout, c.mde_pct);
		printf("\t%s\t", lb_verdict_name(ch.verdict));
		tested = c.verdict != LB_INSUFFICIENT && c.verdict != LB_EMPTY;
		if (tested) {
			ncmp++;
			nsig += c.verdict == LB_SIGNIFICANT || c.verdict == LB_EXACT_DIFF;
			nhalf += ch.verdict == LB_SIGNIFICANT || ch.verdict == LB_EXACT_DIFF;
			if (!isnan(c.mde_pct))
				values_push(&mdes, c.mde_pct);
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
			print_num(stdout, cb.near_zero ? NAN : cb.change_pct);
			printf("\t%s\t", lb_verdict_name(cb.verdict));
			if (!cb.near_zero && isfinite(cb.change_pct))
				values_push(&abch, cb.change_pct);
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
			print_num(stdout, 100.0 * hit / tot);
			values_push(&powers, 100.0 * hit / tot);
			nab++;
		} else {
			fputs("\t\t", stdout);
		}
		putchar('\n');
		free(a.v);
		free(b.v);
	}
	rho = aa_null_counts(ac, m.n, rs, nr, &fcount);
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
		print_num(stdout, ncmp ? 100.0 * nsig / ncmp : NAN);
		printf(" halves_significant=%zu bound=%zu binom_bound=%zu rho=%.3f mde_median_pct=",
		       nhalf, fp_bound, binom_bound, rho);
		print_num(stdout, mde_med);
		printf(" mde_max_pct=");
		print_num(stdout, mde_max);
		printf(" mde_pct_n=%zu ab_comparisons=%zu ab_power_median_pct=", mdes.n, nab);
		print_num(stdout, pw_med);
		printf(" ab_power_min_pct=");
		print_num(stdout, pw_min);
		printf(" ab_powered=%zu ab_change_median_pct=", powered);
		print_num(stdout, lb_median(abch.v, abch.n));
		printf(" ab_change_n=%zu", abch.n);
		printf(" extra_work=");
		{
			double ew = 0;

			for (size_t i = 0; i < m.n; i++)
				ew = fmax(ew, g[i].extra_work);
			print_num(stdout, ew);
		}
		printf(" basis=%s aa_gate=%s ab_gate=%s\n", fallback ? "mean" : "estimator",
		       aa_gate, ab_gate);
	}
	return 0;
}

/*
 * lbstats ab-size [FILE]: the true size of make aa's known effect, from a run
 * on an exact accelerator (accels.h) of configurations with and without
 * extra_work (the sweep's LB_AB_EXTRA_WORK): per configuration, the
 * estimator (there: the path per read in guest instructions) without and
 * with the effect, their difference, and whether it is exact (every run of
 * each side the same).
 * TSV: key extra_work plain with added exact.
 */
int cmd_ab_size(int argc, char **argv)
{
	struct map m = { 0 };
	struct config_rows *g;

	if (argc > 1)
		return LB_USAGE;
	g = read_configs(argc ? argv[0] : "-", &m, 0);
	puts("key\textra_work\tplain\twith\tadded\texact");
	for (size_t i = 0; i < m.n; i++) {
		double a = lb_mean(g[i].ns.v, g[i].ns.n), b = lb_mean(g[i].ab.v, g[i].ab.n);
		int exact = g[i].exact && !g[i].fallback && g[i].ns.n && g[i].ab.n &&
			    lb_sd(g[i].ns.v, g[i].ns.n) == 0 && lb_sd(g[i].ab.v, g[i].ab.n) == 0;

		if (!g[i].ab.n)
			continue;
		printf("%s\t", m.keys[i]);
		print_num(stdout, g[i].extra_work);
		putchar('\t');
		print_num(stdout, a);
		putchar('\t');
		print_num(stdout, b);
		putchar('\t');
		print_num(stdout, b - a);
		/* one run a side is exact on an exact accelerator too: its path is deterministic */
		printf("\t%s\n", exact || (g[i].exact && !g[i].fallback && g[i].ns.n == 1 &&
					   g[i].ab.n == 1) ? "yes" : "no");
	}
	return 0;
}
