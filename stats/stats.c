// SPDX-License-Identifier: GPL-2.0
/* latchbench statistics on top of GSL; see stats.h for the definitions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "stats.h"

static double *sorted_copy(const double *x, size_t n)
{
	double *s = malloc((n ? n : 1) * sizeof(*s));

	if (!s)
		abort();
	memcpy(s, x, n * sizeof(*s));
	gsl_sort(s, 1, n);
	return s;
}

double lb_mean(const double *x, size_t n)
{
	return n ? gsl_stats_mean(x, 1, n) : NAN;
}

double lb_median(const double *x, size_t n)
{
	double *s, m;

	if (!n)
		return NAN;
	s = sorted_copy(x, n);
	m = gsl_stats_median_from_sorted_data(s, 1, n);
	free(s);
	return m;
}

double lb_sd(const double *x, size_t n)
{
	return n >= 2 ? gsl_stats_sd(x, 1, n) : NAN;
}

double lb_quantile(const double *x, size_t n, double f)
{
	double *s, q;

	if (!n)
		return NAN;
	s = sorted_copy(x, n);
	q = gsl_stats_quantile_from_sorted_data(s, 1, n, f);
	free(s);
	return q;
}

double lb_t975(double df)
{
	return gsl_cdf_tdist_Qinv(0.025, df);
}

int lb_ci95(const double *x, size_t n, double *lo, double *hi)
{
	double m, half;

	if (n < 2) {
		*lo = *hi = NAN;
		return -1;
	}
	m = gsl_stats_mean(x, 1, n);
	half = lb_t975((double)(n - 1)) * gsl_stats_sd_m(x, 1, n, m) / sqrt((double)n);
	*lo = m - half;
	*hi = m + half;
	return 0;
}

int lb_describe(const double *x, size_t n, struct lb_desc *d)
{
	double *s;

	memset(d, 0, sizeof(*d));
	d->n = n;
	d->mean = d->median = d->min = d->max = d->p25 = d->p75 = NAN;
	d->sd = d->rsd_pct = d->ci_lo = d->ci_hi = NAN;
	if (!n)
		return -1;
	s = sorted_copy(x, n);
	d->mean = gsl_stats_mean(s, 1, n);
	d->median = gsl_stats_median_from_sorted_data(s, 1, n);
	d->min = s[0];
	d->max = s[n - 1];
	d->p25 = gsl_stats_quantile_from_sorted_data(s, 1, n, 0.25);
	d->p75 = gsl_stats_quantile_from_sorted_data(s, 1, n, 0.75);
	if (n >= 2) {
		d->sd = gsl_stats_sd_m(s, 1, n, d->mean);
		d->rsd_pct = d->mean != 0 ? 100.0 * d->sd / fabs(d->mean) : NAN;
		lb_ci95(s, n, &d->ci_lo, &d->ci_hi);
	}
	free(s);
	return 0;
}

/* Every value equal: compared exactly, not through a variance estimate. */
static int constant(const double *x, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (x[i] != x[0])
			return 0;
	return 1;
}

/*
 * Welch's test with each sample's variance at least vfloor (real time: the
 * quantisation noise; 0 otherwise).  Returns -1 when a side has fewer than 2
 * samples, 1 when both sides are constant and there is no floor (nothing to
 * estimate a variance from), 0 when computed.
 */
static int welch_floor(const double *a, size_t na, const double *b, size_t nb,
		       double vfloor, struct lb_welch *w)
{
	double ma, mb, va, vb, qa, qb, se2;

	w->t = w->df = w->p = NAN;
	if (na < 2 || nb < 2)
		return -1;
	if (vfloor <= 0 && constant(a, na) && constant(b, nb))
		return 1;
	ma = gsl_stats_mean(a, 1, na);
	mb = gsl_stats_mean(b, 1, nb);
	va = fmax(gsl_stats_variance_m(a, 1, na, ma), vfloor);
	vb = fmax(gsl_stats_variance_m(b, 1, nb, mb), vfloor);
	qa = va / (double)na;
	qb = vb / (double)nb;
	se2 = qa + qb;
	w->t = (ma - mb) / sqrt(se2);
	w->df = se2 * se2 / (qa * qa / (double)(na - 1) + qb * qb / (double)(nb - 1));
	w->p = 2.0 * gsl_cdf_tdist_Q(fabs(w->t), w->df);
	if (w->p > 1.0)
		w->p = 1.0;
	return 0;
}

int lb_welch(const double *a, size_t na, const double *b, size_t nb,
	     struct lb_welch *w)
{
	return welch_floor(a, na, b, nb, 0, w);
}

double lb_mde(double se, double df)
{
	if (!(se >= 0) || !(df > 0))
		return NAN;
	return (gsl_cdf_tdist_Pinv(1 - LB_ALPHA / 2, df) + gsl_cdf_tdist_Pinv(LB_POWER, df)) * se;
}

void lb_compare(const double *base, size_t nb, const double *new, size_t nn,
		struct lb_cmp *c)
{
	const struct lb_opts o = { 1, 0 };

	lb_compare_opts(base, nb, new, nn, &o, c);
}

void lb_compare_opts(const double *base, size_t nb, const double *new, size_t nn,
		     const struct lb_opts *o, struct lb_cmp *c)
{
	double q = o->exact ? 0 : fmax(o->quantum, 0), vfloor = q * q / 12, min_abs;
	int r;

	lb_describe(base, nb, &c->base);
	lb_describe(new, nn, &c->new);
	c->change_pct = c->diff = c->mde = c->mde_pct = NAN;
	c->near_zero = 0;
	c->quantum = q;
	c->w.t = c->w.df = c->w.p = NAN;
	if (!nb || !nn) {
		c->verdict = LB_EMPTY;
		return;
	}
	c->diff = c->new.mean - c->base.mean;
	if (c->base.median != 0)
		c->change_pct = 100.0 * (c->new.median - c->base.median) /
				fabs(c->base.median);
	else if (c->new.median == 0)
		c->change_pct = 0;
	if (o->exact) {
		r = welch_floor(base, nb, new, nn, 0, &c->w);
		if (r == 1) {
			c->verdict = c->base.median == c->new.median ? LB_EXACT_SAME :
				     LB_EXACT_DIFF;
			if (c->verdict == LB_EXACT_SAME)
				c->change_pct = 0;
			c->mde = c->mde_pct = 0;
			return;
		}
	} else {
		/* either side near zero: a percentage of it says nothing */
		c->near_zero = fmin(fabs(c->base.mean), fabs(c->new.mean)) <
			       fmax(LB_NEAR_ZERO_QUANTA * q, LB_NEAR_ZERO_NS);
		r = welch_floor(base, nb, new, nn, vfloor, &c->w);
	}
	if (nb < LB_MIN_RUNS || nn < LB_MIN_RUNS) {
		c->verdict = LB_INSUFFICIENT;
		return;
	}
	/* the rule's own minimum change, in absolute units */
	min_abs = c->near_zero ? LB_NEAR_ZERO_NS * LB_MIN_CHANGE_PCT / 100 :
		  fabs(c->base.mean) * LB_MIN_CHANGE_PCT / 100;
	if (r == 0) {
		double se = fabs(c->diff) / fabs(c->w.t);

		if (!isfinite(se))	/* t = 0: se from the samples again */
			se = sqrt(fmax(c->base.sd * c->base.sd, vfloor) / (double)nb +
				  fmax(c->new.sd * c->new.sd, vfloor) / (double)nn);
		c->mde = fmax(fmax(lb_mde(se, c->w.df), min_abs), q);
		if (!c->near_zero && c->base.mean != 0)
			c->mde_pct = 100.0 * c->mde / fabs(c->base.mean);
	}
	/* more than one quantum apart (1e-9: decimal values' rounding) */
	if (r == 0 && c->w.p < LB_ALPHA && fabs(c->diff) > q * (1 + 1e-9) &&
	    (c->near_zero ? fabs(c->diff) >= min_abs :
	     isfinite(c->change_pct) && fabs(c->change_pct) >= LB_MIN_CHANGE_PCT))
		c->verdict = LB_SIGNIFICANT;
	else
		c->verdict = LB_NOT_SIGNIFICANT;
}

const char *lb_verdict_name(enum lb_verdict v)
{
	switch (v) {
	case LB_INSUFFICIENT: return "insufficient";
	case LB_NOT_SIGNIFICANT: return "inconclusive";
	case LB_SIGNIFICANT: return "significant";
	case LB_EXACT_SAME: return "exact-same";
	case LB_EXACT_DIFF: return "exact-diff";
	case LB_EMPTY: return "empty";
	}
	return "?";
}
