// SPDX-License-Identifier: GPL-2.0
/*
 * Workload "cyc2ns": x86's per-CPU struct cyc2ns_data (arch/x86/kernel/
 * tsc.c): mul, shift and offset, one pair of copies per CPU, read with
 * preemption off on the local CPU after the TSC was read, as
 * native_sched_clock() does.  Our writer updates every CPU's copy in
 * turn (the kernel's updates each CPU's own, with interrupts off).
 */
#include <asm/tsc.h>
#include "lb.h"
#include "shape_clock.h"

struct shape_data {
	u64 check;
	u64 offset;
	u32 mul;
	u32 shift;
};

static const bool shape_percpu = true;

static __always_inline u64 shape_input(void)
{
	return rdtsc();
}

static __always_inline void shape_load(struct shape_data *s, const struct shape_data *d)
{
	s->check = READ_ONCE(d->check);
	s->offset = READ_ONCE(d->offset);
	s->mul = READ_ONCE(d->mul);
	s->shift = READ_ONCE(d->shift);
}

/* __cycles_2_ns()'s body for one copy (arch/x86/kernel/tsc.c). */
static __always_inline u64 shape_read(const struct shape_data *d, u64 in)
{
	return READ_ONCE(d->offset) + mul_u64_u32_shr(in, READ_ONCE(d->mul), READ_ONCE(d->shift));
}

static __always_inline bool shape_torn(const struct shape_data *s)
{
	return s->check != lb_mix(s->offset, s->mul, s->shift, 0);
}

static void shape_store(struct lb_inst *inst, struct shape_data *d, u64 gen,
			const struct lb_mid *mid)
{
	u64 offset = gen * NSEC_PER_MSEC;
	u32 mul = 1398101 + (u32)(gen & 255);
	u32 shift = 22;

	WRITE_ONCE(d->offset, offset);
	lb_mid(inst, mid);	/* half written: check no longer matches */
	WRITE_ONCE(d->mul, mul);
	WRITE_ONCE(d->shift, shift);
	WRITE_ONCE(d->check, lb_mix(offset, mul, shift, 0));
}

#include "copy_variants.h"

LB_COPY_WORKLOAD(cyc2ns);
