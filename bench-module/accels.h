/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: the accelerators, the one table of what a guest runs under,
 * as vocab.h is of workloads and variants.  The module compiles it (the
 * accel parameter's words, whether its rows are real time), lbstats
 * compiles it (the estimator, the comparison rule, the row checks) and
 * prints it for the runners and the awk layouts (lbstats accels: a header
 * line, then a line per accelerator, tab-separated, the fields below in
 * this order).  Adding an accelerator is one line here plus how to start
 * its guest (runners/boot).
 *
 *   A(name, realtime, exact, nmi, pin, build, estimator, unit,
 *     boot_s, slow, per_s, note)
 *	name: the ACCEL word and the rows' accel column;
 *	realtime: 1 when a figure is the host's real time (the boot is the
 *	statistical unit: a boot's runs are one sample), 0 when time is
 *	emulated (a boot changes nothing);
 *	exact: 1 when the guest is deterministic (a path length is exact:
 *	compared by the exact rule, no test);
 *	nmi: 1 when the guest has NMIs (the nmi context can run);
 *	pin: 1 when vCPU threads are pinned to host CPUs by default;
 *	build: the kernel builds it boots: x86 (bzImage/vmlinux) or um
 *	(User-Mode Linux, ARCH=um);
 *	estimator: the results.csv column that is a run's figure;
 *	unit: what that figure counts per operation;
 *	boot_s, slow, per_s: a boot's stated cost (the sweep's budget and
 *	ETA): boot_s seconds to the first configuration, each configuration's
 *	measuring time times slow, plus per_s seconds of its setup;
 *	note: one line on what a number under it is, and is not.
 * No field contains a tab.
 */
#ifndef LB_ACCELS_H
#define LB_ACCELS_H

#ifndef LB_LIST
#define LB_LIST(x...) x
#endif

#define LB_ACCELS(A) LB_LIST(						\
	A(kvm, 1, 0, 1, 1, x86, "median_ns_per_op", "ns",		\
	  "10", "1.5", "0.05",						\
	  "KVM: hardware virtualisation, real ns")			\
	A(tcg, 0, 0, 1, 0, x86, "path_ns_per_op", "ns",			\
	  "20", "5", "0.3",						\
	  "TCG: times are emulated - not hardware results")		\
	A(icount, 0, 1, 1, 0, x86, "path_ns_per_op", "guest instructions", \
	  "20", "10", "0.3",						\
	  "icount: guest instructions (1 insn = 1 ns), emulated - not hardware results") \
	A(uml, 1, 0, 0, 1, um, "median_ns_per_op", "host ns",		\
	  "20", "10", "0.3",						\
	  "User-Mode Linux: host ns of kernel code run natively - no hardware virtualisation, no NMI, irq-off a flag; not KVM results"))

/* LB_ACCELS(LB_ACCEL_WORD): " kvm" " tcg" ...: the names as one literal */
#define LB_ACCEL_WORD(name, ...) " " #name

#endif
