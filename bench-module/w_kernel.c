// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: the real kernel functions, timed by the same harness.  The
 * workload is the function, the variant is "kernel"; their writers are
 * the kernel's own (the tick, cpufreq, module loading), so these rows
 * always have writers=0.  cyc2ns_read and module_address need the
 * exports in patches/<version>/; a kernel without them builds without
 * those two workloads (compat.h).
 */
#include <linux/ktime.h>
#include <linux/timekeeping.h>
#include <linux/sched/clock.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include "lb.h"
#include "shape_clock.h"

/*
 * cycles_2_ns(rdtsc()) through the exported pair: what native_sched_clock()
 * does inline, and the work the cyc2ns replica does per read.
 */
LB_IF_CYC2NS_EXPORT(static __always_inline u64 kf_cyc2ns_read(void)
{
	u64 cyc = rdtsc(), ns;
	struct cyc2ns_data d;

	cyc2ns_read_begin(&d);
	ns = d.cyc2ns_offset + mul_u64_u32_shr(cyc, d.cyc2ns_mul, d.cyc2ns_shift);
	cyc2ns_read_end();
	return ns;
})

static __always_inline u64 kf_module_address(void)
{
	struct module *mod;

	preempt_disable();
	mod = __module_address((unsigned long)lb_clock_read);
	preempt_enable();
	return (unsigned long)mod;
}

/* ktime_get_ns() is inline; ktime_get() is the exported seqcount reader. */
static __always_inline u64 kf_ktime_get_ns(void)
{
	return ktime_get_ns();
}

static __always_inline u64 kf_local_clock(void)
{
	return local_clock();
}

static __always_inline u64 kf_batch(unsigned long n, u64 (*fn)(void))
{
	u64 sink = 0;

	lb_loop(n, sink, fn());
	return sink;
}

static __always_inline u64 kf_irq(struct lb_irqread *res, u64 (*fn)(void))
{
	res->spins = 0;
	res->deadlock = false;
	res->torn = false;
	return fn();
}

/* Their one variant, "kernel" (LB_KERNEL_VARIANTS). */
#define KV_INFO(_ident, _name, _role, _order, _rank, _type)		\
	const struct lb_vinfo lb_vinfo_##_ident = LB_VINFO(_name, _role, _order, _rank, _type)
LB_KERNEL_VARIANTS(KV_INFO);

/*
 * One workload per function of LB_KERNEL_FNS (vocab.h): K(name, call,
 * nmi_safe, counterpart).  Each starts with the ';' that ends the one
 * before; the last one's is after the list.  ktime_get_ns is not NMI-safe (a seqcount reader
 * that interrupts the timekeeping writer on its CPU spins forever), so the
 * harness refuses it there.
 */
#define KF(_name, _fn, _nmi, _counterpart)				\
;									\
static u64 kf_##_name##_batch(struct lb_inst *inst, struct lb_rstat *rs,	\
			      unsigned long n)				\
{									\
	return kf_batch(n, _fn);					\
}									\
static u64 kf_##_name##_irq(struct lb_inst *inst, struct lb_irqread *res)	\
{									\
	return kf_irq(res, _fn);					\
}									\
static const struct lb_variant kv_##_name = {				\
	.read_batch = kf_##_name##_batch,				\
	.read_irq = kf_##_name##_irq,					\
	.nmi_safe = _nmi,						\
};									\
static const struct lb_ventry kv_##_name##_list[] = {			\
	{ &lb_vinfo_kernel, &kv_##_name },				\
	{}								\
};									\
const struct lb_workload lb_wl_##_name = {				\
	.name = #_name,							\
	.kind = "kernel",						\
	.counterpart = _counterpart,					\
	.variants = kv_##_name##_list,					\
}

LB_KERNEL_FNS(KF);
