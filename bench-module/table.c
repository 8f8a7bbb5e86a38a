// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: the table of workloads.  Each workload carries its list of
 * variants (copy_variants.h for the copy-shaped ones, latchtree.c for
 * the tree, "kernel" for real functions).  Adding a workload is one file
 * and one line here.  lb_absent: what this build left out, and why.
 */
#include "lb.h"

extern const struct lb_workload lb_wl_tkfast, lb_wl_schedclock, lb_wl_cyc2ns,
	lb_wl_latchtree, lb_wl_ktime_get_mono_fast_ns, lb_wl_ktime_get_raw_fast_ns,
	lb_wl_ktime_get_real_fast_ns, lb_wl_ktime_get_ns, lb_wl_sched_clock,
	lb_wl_local_clock, lb_wl_cyc2ns_read, lb_wl_module_address;

const struct lb_workload *const lb_workloads[] = {
	&lb_wl_tkfast,
	&lb_wl_schedclock,
	LB_IF_TSC(LB_ENTRY(&lb_wl_cyc2ns))
	&lb_wl_latchtree,
	&lb_wl_ktime_get_mono_fast_ns,
	&lb_wl_ktime_get_raw_fast_ns,
	&lb_wl_ktime_get_real_fast_ns,
	&lb_wl_ktime_get_ns,
	&lb_wl_sched_clock,
	&lb_wl_local_clock,
	LB_IF_CYC2NS_EXPORT(LB_ENTRY(&lb_wl_cyc2ns_read))
	LB_IF_MODULE_ADDRESS_EXPORT(LB_ENTRY(&lb_wl_module_address))
	NULL
};

const struct lb_absent lb_absent[] = {
	LB_IF_UML(LB_ENTRY({ "context", "nmi", LB_NO_NMI }))
	LB_IF_UML(LB_ENTRY({ "workload", "cyc2ns", LB_UML_NO_CYC2NS }))
	LB_IF_UML(LB_ENTRY({ "workload", "cyc2ns_read", LB_UML_NO_CYC2NS }))
	LB_IF_NO_CYC2NS_EXPORT(LB_ENTRY({ "workload", "cyc2ns_read",
					  "needs the cyc2ns_read_begin export (patches/<version>/)" }))
	LB_IF_NO_MODULE_ADDRESS(LB_ENTRY({ "workload", "module_address", LB_WHY_NO_MODULE_ADDRESS }))
	{ NULL }
};
