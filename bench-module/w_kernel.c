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

/*
 * One workload per function: KF(name, function, nmi_safe).  ktime_get_ns
 * is not NMI-safe (a seqcount reader that interrupts the timekeeping
 * writer on its CPU spins forever), so the harness refuses it there.
 */
#define KF(_name, _fn, _nmi)						\
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
	.name = "kernel",						\
	.read_batch = kf_##_name##_batch,				\
	.read_irq = kf_##_name##_irq,					\
	.nmi_safe = _nmi,						\
};									\
static const struct lb_variant *const kv_##_name##_list[] = { &kv_##_name, NULL }; \
const struct lb_workload lb_wl_##_name = {				\
	.name = #_name,							\
	.variants = kv_##_name##_list,					\
}

KF(ktime_get_mono_fast_ns, ktime_get_mono_fast_ns, true);
KF(ktime_get_raw_fast_ns, ktime_get_raw_fast_ns, true);
KF(ktime_get_real_fast_ns, ktime_get_real_fast_ns, true);
KF(ktime_get_ns, kf_ktime_get_ns, false);
KF(sched_clock, sched_clock, true);
KF(local_clock, kf_local_clock, true);
LB_IF_CYC2NS_EXPORT(KF(cyc2ns_read, kf_cyc2ns_read, true));
LB_IF_MODULE_ADDRESS_EXPORT(KF(module_address, kf_module_address, true));
