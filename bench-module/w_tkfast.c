// SPDX-License-Identifier: GPL-2.0
/*
 * Workload "tkfast": the fast timekeeper's tk_read_base, as read by
 * ktime_get_mono_fast_ns() (kernel/time/timekeeping.c): the clocksource
 * read through a function pointer, mask, cycle_last, mult, shift and the
 * base, all computed inside the read section.
 */
#include "lb.h"
#include "shape_clock.h"

struct shape_data {
	u64 check;
	u64 (*read)(void);
	u64 mask;
	u64 cycle_last;
	u32 mult;
	u32 shift;
	u64 base;
};

static const bool shape_percpu;

static __always_inline u64 shape_input(void)
{
	return 0;
}

static __always_inline void shape_load(struct shape_data *s, const struct shape_data *d)
{
	s->check = READ_ONCE(d->check);
	s->read = READ_ONCE(d->read);
	s->mask = READ_ONCE(d->mask);
	s->cycle_last = READ_ONCE(d->cycle_last);
	s->mult = READ_ONCE(d->mult);
	s->shift = READ_ONCE(d->shift);
	s->base = READ_ONCE(d->base);
}

static __always_inline u64 shape_compute(const struct shape_data *s, u64 in)
{
	u64 delta = (s->read() - s->cycle_last) & s->mask;

	return s->base + ((delta * s->mult) >> s->shift);
}

static __always_inline bool shape_torn(const struct shape_data *s)
{
	return s->check != lb_mix(s->cycle_last, s->base,
				  ((u64)s->mult << 32) | s->shift, s->mask);
}

static void shape_store(struct lb_inst *inst, struct shape_data *d, u64 gen,
			const struct lb_mid *mid)
{
	u64 now = lb_clock_read();
	u32 mult = 4194304 + (u32)(gen & 1023);
	u32 shift = 22;
	u64 base = gen * NSEC_PER_MSEC;

	WRITE_ONCE(d->cycle_last, now);
	lb_mid(inst, mid);	/* half written: check no longer matches */
	WRITE_ONCE(d->read, lb_clock_read);
	WRITE_ONCE(d->mask, U64_MAX);
	WRITE_ONCE(d->mult, mult);
	WRITE_ONCE(d->shift, shift);
	WRITE_ONCE(d->base, base);
	WRITE_ONCE(d->check, lb_mix(now, base, ((u64)mult << 32) | shift, U64_MAX));
}

#include "copy_variants.h"

const struct lb_workload lb_wl_tkfast = {
	.name		= "tkfast",
	.variants	= copy_variants,
};
