// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: the table of workloads, from the vocabulary (vocab.h).  A
 * replica's variant list comes from its file (w_<name>.c, latchtree.c), a
 * kernel function's whole workload from w_kernel.c; their order is the
 * vocabulary's.  Adding a workload is one file and one line in vocab.h.
 */
#include "lb.h"

#define LB_VARS_DECL(_n, ...)	lb_vars_##_n[],
#define LB_KWL_DECL(_n, ...)	lb_wl_##_n,
extern const struct lb_ventry LB_REPLICAS(LB_VARS_DECL) lb_vars_end_[];
extern const struct lb_workload LB_KERNEL_FNS(LB_KWL_DECL) lb_wl_end_;

#define LB_REPLICA_WL(_n, _family, _counterpart)			\
	(&(const struct lb_workload){ #_n, #_family, _counterpart, lb_vars_##_n }),
#define LB_KERNEL_WL(_n, ...)	(&lb_wl_##_n),

const struct lb_workload *const lb_workloads[] = {
	LB_REPLICAS(LB_REPLICA_WL)
	LB_KERNEL_FNS(LB_KERNEL_WL)
	NULL
};

/* What this build left out, and why (debugfs latchbench/absent). */
const struct lb_absent lb_absent[] = {
	LB_IF_NO_TSC(LB_ENTRY({ "context", "nmi", LB_NO_NMI }))
	LB_IF_NO_TSC(LB_ENTRY({ "workload", "cyc2ns", LB_NO_TSC }))
	LB_IF_NO_TSC(LB_ENTRY({ "workload", "cyc2ns_read", LB_NO_TSC }))
	LB_IF_NO_CYC2NS_EXPORT(LB_ENTRY({ "workload", "cyc2ns_read",
					  "needs the cyc2ns_read_begin export (patches/<version>/)" }))
	LB_IF_NO_MODULE_ADDRESS(LB_ENTRY({ "workload", "module_address", LB_WHY_NO_MODULE_ADDRESS }))
	{ NULL }
};
