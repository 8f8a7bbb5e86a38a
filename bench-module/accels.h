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
 *     boot_s, slow, per_s, note, metric, short, axis_note, table_note,
 *     report_note, brief_note)
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
 *	note: one line on what a number under it is, and is not (the plots'
 *	titles carry it where report_note is not empty);
 *	metric: the figure's unit in the report's metric line and the plots'
 *	axes ("ns per op"); short: the same abbreviated after a number;
 *	axis_note: what follows "METRIC per OP" on a plot's axis ("" none);
 *	table_note: what follows "UNIT per read" in a table's heading ("":
 *	" in a NAME guest");
 *	report_note: the report's NOTE line after "NAME: " ("" for figures
 *	that are hardware results: no caveat);
 *	brief_note: the faithfulness table's one line after "NAME: " ("" none).
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
	  "KVM: hardware virtualisation, real ns",			\
	  "ns", "ns", "", "", "", "")					\
	A(tcg, 0, 0, 1, 0, x86, "path_ns_per_op", "ns",			\
	  "20", "5", "0.3",						\
	  "TCG: times are emulated - not hardware results",		\
	  "ns", "ns", " (emulated, TCG)",				\
	  ", emulated (TCG): not hardware results",			\
	  "times are emulated (TCG); never hardware results.",		\
	  "ns per op, emulated: never hardware results.")		\
	A(icount, 0, 1, 1, 0, x86, "path_ns_per_op", "guest instructions", \
	  "20", "10", "0.3",						\
	  "icount: guest instructions (1 insn = 1 ns), emulated - not hardware results", \
	  "guest instructions", "insns", "",				\
	  " (icount: 1 insn = 1 ns, emulated, deterministic; not hardware)", \
	  "guest instructions per op (1 insn = 1 ns), emulated, deterministic; never hardware results.", \
	  "guest instructions per op (= exact), emulated.")		\
	A(uml, 1, 0, 0, 1, um, "median_ns_per_op", "host ns",		\
	  "20", "10", "0.3",						\
	  "User-Mode Linux: host ns of kernel code run natively - no hardware virtualisation, no NMI, irq-off a flag; not KVM results", \
	  "ns", "ns", " (UML, host ns)",				\
	  ", User-Mode Linux (kernel code run natively as a host process; no NMI, irq-off a flag; not KVM)", \
	  "User-Mode Linux, real host ns of kernel code run natively as a host process (each vCPU a host thread): real concurrency, but no hardware virtualisation, no NMI, irq-off is a software flag; not KVM results.", \
	  ""))

/* LB_ACCELS(LB_ACCEL_WORD): " kvm" " tcg" ...: the names as one literal */
#define LB_ACCEL_WORD(name, ...) " " #name

#endif
