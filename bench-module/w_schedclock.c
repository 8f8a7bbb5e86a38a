// SPDX-License-Identifier: GPL-2.0
/*
 * Workload "schedclock": the generic sched_clock's struct clock_read_data
 * (kernel/time/sched_clock.c): epoch_ns, epoch_cyc, sched_clock_mask,
 * read_sched_clock() through a pointer, mult and shift.  x86 does not
 * build that file (it has native_sched_clock and cyc2ns), so this replica
 * is the only way to measure its latch on x86.
 */
#include "lb.h"
#include "shape_clock.h"

struct shape_data {
	u64 check;
	u64 epoch_ns;
	u64 epoch_cyc;
	u64 sched_clock_mask;
	u64 (*read_sched_clock)(void);
	u32 mult;
	u32 shift;
};

static const bool shape_percpu;

static __always_inline u64 shape_input(void)
{
	return 0;
}

static __always_inline void shape_load(struct shape_data *s, const struct shape_data *d)
{
	s->check = READ_ONCE(d->check);
	s->epoch_ns = READ_ONCE(d->epoch_ns);
	s->epoch_cyc = READ_ONCE(d->epoch_cyc);
	s->sched_clock_mask = READ_ONCE(d->sched_clock_mask);
	s->read_sched_clock = READ_ONCE(d->read_sched_clock);
	s->mult = READ_ONCE(d->mult);
	s->shift = READ_ONCE(d->shift);
}

/* sched_clock_noinstr()'s body for one copy (kernel/time/sched_clock.c). */
static __always_inline u64 shape_read(const struct shape_data *d, u64 in)
{
	typeof(d->read_sched_clock) read = READ_ONCE(d->read_sched_clock);
	u64 cyc = (read() - READ_ONCE(d->epoch_cyc)) & READ_ONCE(d->sched_clock_mask);

	return READ_ONCE(d->epoch_ns) + ((cyc * READ_ONCE(d->mult)) >> READ_ONCE(d->shift));
}

static __always_inline bool shape_torn(const struct shape_data *s)
{
	return s->check != lb_mix(s->epoch_ns, s->epoch_cyc,
				  ((u64)s->mult << 32) | s->shift, s->sched_clock_mask);
}

static void shape_store(struct lb_inst *inst, struct shape_data *d, u64 gen,
			const struct lb_mid *mid)
{
	u64 cyc = lb_clock_read();
	u64 ns = gen * NSEC_PER_MSEC;
	u32 mult = 2097152 + (u32)(gen & 511);
	u32 shift = 21;

	WRITE_ONCE(d->epoch_ns, ns);
	lb_mid(inst, mid);	/* half written: check no longer matches */
	WRITE_ONCE(d->epoch_cyc, cyc);
	WRITE_ONCE(d->sched_clock_mask, U64_MAX);
	WRITE_ONCE(d->read_sched_clock, lb_clock_read);
	WRITE_ONCE(d->mult, mult);
	WRITE_ONCE(d->shift, shift);
	WRITE_ONCE(d->check, lb_mix(ns, cyc, ((u64)mult << 32) | shift, U64_MAX));
}

#include "copy_variants.h"

LB_COPY_WORKLOAD(schedclock);
