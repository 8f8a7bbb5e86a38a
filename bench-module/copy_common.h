/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: the batch loop shared by every variant of a copy-shaped
 * workload (tkfast, schedclock, cyc2ns).  Included once per workload
 * translation unit, after the workload has defined its shape:
 *
 *   struct shape_data                  one copy of the protected data
 *   shape_percpu                       true when each CPU has its own copy
 *   shape_input()                      work done before the read section
 *   shape_read(d, in)                  the reader's work on copy *d, loading
 *                                      each field it uses once (READ_ONCE),
 *                                      as the kernel's reader does: the
 *                                      timed pass
 *   shape_load(s, d)                   snapshot *d into *s (READ_ONCE each)
 *   shape_torn(s)                      does the snapshot break the invariant?
 *                                      (the checked pass, never timed)
 *   shape_store(inst, d, gen, mid)     write generation gen into *d
 *
 * Each variant supplies one always-inline read section; COPY_READERS()
 * wraps it in the timed loop (copy_batch), the checked loop
 * (copy_check_batch) and the bounded irq read, so the batch costs one
 * indirect call, not one per read, and no variant carries its own loop.
 */
#ifndef LB_COPY_COMMON_H
#define LB_COPY_COMMON_H

#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include "lb.h"

/*
 * A read section.  Timed (check false): return the reader's result,
 * computed from the copy it chose as the kernel's readers do, and leave
 * *s alone.  Checked (check true): fill *s from that copy and count the
 * passes in *loops.  With limit != 0 it gives up after limit passes or
 * waits and sets *gave_up (hardirq/NMI use); with limit == 0 the
 * compiler drops the bound, and in the timed pass the unused counters.
 */
typedef u64 (*copy_section_fn)(void *st, struct shape_data *s, u64 in,
			       unsigned int *loops, unsigned int limit,
			       bool *gave_up, bool check);

/* What a section does with the copy d it chose (see copy_section_fn). */
static __always_inline u64 copy_access(struct shape_data *s, const struct shape_data *d,
				       u64 in, bool check)
{
	if (!check)
		return shape_read(d, in);
	shape_load(s, d);
	return s->check;
}

static __always_inline void *copy_state(struct lb_inst *inst)
{
	if (shape_percpu)
		return this_cpu_ptr(inst->pcpu);
	return inst->priv;
}

/* One read of the shape as its kernel readers do it, preemption and all. */
static __always_inline u64 copy_one(struct lb_inst *inst, struct shape_data *s,
				    unsigned int *loops, copy_section_fn section, bool check)
{
	bool gave_up = false;
	u64 ret;

	if (shape_percpu)
		preempt_disable_notrace();
	ret = section(copy_state(inst), s, shape_input(), loops, 0, &gave_up, check);
	if (shape_percpu)
		preempt_enable_notrace();
	return ret;
}

/* The timed pass: the reads and the loop, nothing else. */
static __always_inline u64 copy_batch(struct lb_inst *inst, unsigned long n,
				      copy_section_fn section)
{
	unsigned int loops;
	u64 sink = 0;

	lb_loop(n, sink, copy_one(inst, NULL, &loops, section, false));
	return sink;
}

/* The checked pass: every read's snapshot against the invariant. */
static __always_inline u64 copy_check_batch(struct lb_inst *inst, struct lb_rstat *rs,
					    unsigned long n, copy_section_fn section)
{
	u64 sink = 0, retries = 0, torn = 0, back = 0, prev = rs->last, now;
	/*
	 * Declared once per batch: with CONFIG_INIT_STACK_ALL_ZERO a
	 * per-read local would be zeroed (rep stos) on every read.
	 */
	struct shape_data s;
	unsigned long i;

	for (i = 0; i < n; i++) {
		unsigned int loops = 0;

		sink += copy_one(inst, &s, &loops, section, true);
		retries += loops - 1;
		torn += shape_torn(&s);
		/* backwards: the time this snapshot gives, below the one before */
		now = shape_read(&s, shape_input());
		back += now < prev;
		prev = now;
	}
	lb_ctr(rs, retries) += retries;
	lb_ctr(rs, torn) += torn;
	lb_ctr(rs, backwards) += back;
	lb_mark(rs, backwards);
	rs->last = prev;
	return sink;
}

static __always_inline u64 copy_read_irq(struct lb_inst *inst,
					 struct lb_irqread *res,
					 copy_section_fn section)
{
	struct shape_data s;
	unsigned int loops = 0;
	bool gave_up = false;
	u64 ret;

	ret = section(copy_state(inst), &s, shape_input(), &loops,
		      inst->cfg->spin_limit, &gave_up, true);
	res->spins = loops ? loops - 1 : 0;
	res->deadlock = gave_up;
	res->torn = !gave_up && shape_torn(&s);
	return ret;
}

/*
 * One variant's entry points, the same for every variant: NAME_read_batch,
 * NAME_check_batch and NAME_read_irq around NAME_section.
 */
#define COPY_READERS(name)						\
static u64 name##_read_batch(struct lb_inst *inst, struct lb_rstat *rs,	\
			     unsigned long n)				\
{									\
	return copy_batch(inst, n, name##_section);			\
}									\
static u64 name##_check_batch(struct lb_inst *inst, struct lb_rstat *rs, \
			      unsigned long n)				\
{									\
	return copy_check_batch(inst, rs, n, name##_section);		\
}									\
static u64 name##_read_irq(struct lb_inst *inst, struct lb_irqread *res) \
{									\
	return copy_read_irq(inst, res, name##_section);		\
}

/*
 * Run write_one on every copy: the one shared copy, or each CPU's copy.
 * The mid-write hook fires on the writer's own CPU's copy, the one an
 * interrupt on this CPU reads -- or, for the dwell stress, on every copy,
 * since the readers that must land in it run on the other CPUs.
 */
static __always_inline void copy_write(struct lb_inst *inst, const struct lb_mid *mid,
				       void (*write_one)(struct lb_inst *inst, void *st,
							 const struct lb_mid *mid))
{
	int cpu, self;

	if (!shape_percpu) {
		write_one(inst, inst->priv, mid);
		return;
	}
	self = raw_smp_processor_id();	/* writers are bound to one CPU */
	for_each_online_cpu(cpu)
		write_one(inst, per_cpu_ptr(inst->pcpu, cpu),
			  mid && (cpu == self || mid->every_copy) ? mid : NULL);
}

static inline void *copy_alloc(struct lb_inst *inst, size_t size,
			       void (*init_one)(struct lb_inst *inst, void *st))
{
	int cpu;

	if (!lb_state_alloc(inst, size, shape_percpu))
		return NULL;
	if (!shape_percpu) {
		init_one(inst, inst->priv);
		return inst->priv;
	}
	for_each_possible_cpu(cpu)
		init_one(inst, per_cpu_ptr(inst->pcpu, cpu));
	return inst->pcpu;
}

/* Visit every state, e.g. to free what init_one allocated. */
static inline void copy_for_each(struct lb_inst *inst,
				 void (*fn)(struct lb_inst *inst, void *st))
{
	int cpu;

	if (!shape_percpu) {
		if (inst->priv)
			fn(inst, inst->priv);
		return;
	}
	if (!inst->pcpu)
		return;
	for_each_possible_cpu(cpu)
		fn(inst, per_cpu_ptr(inst->pcpu, cpu));
}

#endif /* LB_COPY_COMMON_H */
