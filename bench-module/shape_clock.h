/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: helpers shared by the clock-shaped workloads: the raw clock
 * their readers call through a function pointer (as tk_fast calls
 * clocksource->read() and sched_clock calls read_sched_clock()), and the
 * mixing function behind each copy's torn-read invariant.
 */
#ifndef LB_SHAPE_CLOCK_H
#define LB_SHAPE_CLOCK_H

#include <linux/types.h>
#include <linux/time64.h>
#include <linux/math64.h>

/* The clocksource read: an out-of-line function, called indirectly. */
u64 lb_clock_read(void);

/*
 * The invariant: every copy carries check == lb_mix(fields).  The writer
 * stores the fields first and check last; readers load check first.
 */
static __always_inline u64 lb_mix(u64 a, u64 b, u64 c, u64 d)
{
	return (a ^ (b << 1) ^ (c << 2) ^ (d << 3)) + 0x9e3779b97f4a7c15ULL;
}

#endif /* LB_SHAPE_CLOCK_H */
