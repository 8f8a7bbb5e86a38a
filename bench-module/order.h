/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: order statistics of the kept batch times (rows.c).  Plain C
 * over sorted arrays of u64, so that the host's unit test
 * (tests/stats_test.c) compiles this very code.  Ranks are 0-based.
 *
 *   lb_median_sorted()  the middle value; for an even count the midpoint
 *                       of the two middle ones (rounded down)
 *   lb_pct_sorted()     the nearest-rank percentile: the smallest value
 *                       with at least pct% of the values at or below it
 *   lb_median_ci()      the ranks of the distribution-free 95% interval
 *                       of the median: the order statistics n/2 -+
 *                       0.98 sqrt(n) (binomial(n, 1/2), normal
 *                       approximation; 1-based j = floor((n - 1.96
 *                       sqrt(n)) / 2), k = ceil(1 + (n + 1.96 sqrt(n)) / 2))
 */
#ifndef LB_ORDER_H
#define LB_ORDER_H

/* floor(sqrt(x)), bit by bit */
static inline u64 lb_isqrt(u64 x)
{
	u64 r = 0, b = 1ULL << 62;

	while (b > x)
		b >>= 2;
	while (b) {
		if (x >= r + b) {
			x -= r + b;
			r = (r >> 1) + b;
		} else {
			r >>= 1;
		}
		b >>= 2;
	}
	return r;
}

static inline u64 lb_median_sorted(const u64 *s, u64 n)
{
	if (!n)
		return 0;
	if (n & 1)
		return s[n / 2];
	return s[n / 2 - 1] + (s[n / 2] - s[n / 2 - 1]) / 2;
}

static inline u64 lb_pct_sorted(const u64 *s, u64 n, unsigned int pct)
{
	u64 k = (n * pct + 99) / 100;

	if (!n)
		return 0;
	return s[k ? k - 1 : 0];
}

/* 0-based ranks *lo <= *hi of the median's 95% interval among n (> 0) values */
static inline void lb_median_ci(u64 n, u64 *lo, u64 *hi)
{
	/* 1.96 sqrt(n) in hundredths: sqrt(n * 196^2) */
	u64 d = lb_isqrt(n * 38416);
	u64 j = 100 * n > d ? (100 * n - d) / 200 : 0;
	u64 k = (100 * n + d + 199) / 200 + 1;

	*lo = j ? j - 1 : 0;
	*hi = k > n ? n - 1 : k - 1;
}

#endif /* LB_ORDER_H */
