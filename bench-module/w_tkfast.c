// SPDX-License-Identifier: GPL-2.0
/*
 * Workload "tkfast": the fast timekeeper's tk_read_base, as read by
 * ktime_get_mono_fast_ns() (kernel/time/timekeeping.c): base, then the
 * clocksource read through tkr->clock->read(clock), then delta, mult,
 * xtime_nsec and shift, with the kernel's own delta guard (compat.h:
 * lb_tk_max_cycles_guard), all inside the read section.
 */
#include "lb.h"
#include "shape_clock.h"

/* The part of struct clocksource the reader touches. */
struct tk_clock {
	u64 (*read)(struct tk_clock *cs);
	u64 max_cycles;
};

/* read_tsc() of x86 tsc.c, arm64 arch_counter_read(): the clocksource read (compat.h) */
static noinline u64 tk_clock_read_counter(struct tk_clock *cs)
{
	return lb_clock_counter();
}

static struct tk_clock tk_clock = {
	.read		= tk_clock_read_counter,
	.max_cycles	= U64_MAX >> 1,
};

struct shape_data {
	u64 check;
	struct tk_clock *clock;
	u64 mask;
	u64 cycle_last;
	u32 mult;
	u32 shift;
	u64 xtime_nsec;
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
	s->clock = READ_ONCE(d->clock);
	s->mask = READ_ONCE(d->mask);
	s->cycle_last = READ_ONCE(d->cycle_last);
	s->mult = READ_ONCE(d->mult);
	s->shift = READ_ONCE(d->shift);
	s->xtime_nsec = READ_ONCE(d->xtime_nsec);
	s->base = READ_ONCE(d->base);
}

/* __ktime_get_fast_ns()'s body for one copy: ktime_to_ns(base) + get_ns. */
static __always_inline u64 shape_read(const struct shape_data *d, u64 in)
{
	u64 now = READ_ONCE(d->base);
	struct tk_clock *clock = READ_ONCE(d->clock);
	u64 cycles = clock->read(clock);
	u64 mask = READ_ONCE(d->mask);
	u64 delta = (cycles - READ_ONCE(d->cycle_last)) & mask;

	if (lb_tk_max_cycles_guard) {
		/* >= 6.10: timekeeping_cycles_to_ns() */
		if (unlikely(delta > READ_ONCE(d->clock)->max_cycles))
			return now + (READ_ONCE(d->xtime_nsec) >> READ_ONCE(d->shift));
	} else if (unlikely(delta & ~(mask >> 1))) {
		/* < 6.10: clocksource_delta(), CLOCKSOURCE_VALIDATE_LAST_CYCLE */
		delta = 0;
	}
	return now + ((delta * READ_ONCE(d->mult) + READ_ONCE(d->xtime_nsec)) >>
		      READ_ONCE(d->shift));
}

static __always_inline bool shape_torn(const struct shape_data *s)
{
	return s->check != lb_mix(s->cycle_last, s->base ^ s->xtime_nsec,
				  ((u64)s->mult << 32) | s->shift, s->mask);
}

static void shape_store(struct lb_inst *inst, struct shape_data *d, u64 gen,
			const struct lb_mid *mid)
{
	u64 now = lb_clock_counter();
	u32 mult = 4194304 + (u32)(gen & 1023);
	u32 shift = 22;
	u64 base = gen * NSEC_PER_MSEC;
	u64 xtime_nsec = (gen & 1023) << shift;

	WRITE_ONCE(d->cycle_last, now);
	lb_mid(inst, mid);	/* half written: check no longer matches */
	WRITE_ONCE(d->clock, &tk_clock);
	WRITE_ONCE(d->mask, U64_MAX);
	WRITE_ONCE(d->mult, mult);
	WRITE_ONCE(d->shift, shift);
	WRITE_ONCE(d->xtime_nsec, xtime_nsec);
	WRITE_ONCE(d->base, base);
	WRITE_ONCE(d->check, lb_mix(now, base ^ xtime_nsec, ((u64)mult << 32) | shift,
				    U64_MAX));
}

#include "copy_variants.h"

LB_COPY_WORKLOAD(tkfast);
