/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: the vocabulary, the one table of every workload and
 * variant: its name, what it is and how it is shown.  The module builds
 * its workload x variant table from it (table.c, copy_variants.h,
 * latchtree.c, w_kernel.c; Kbuild finds the replica and variant files
 * from it) and exports that table through debugfs latchbench/table; the
 * guest records it into the run store (vocab.csv).  Before a boot the
 * host reads it as lbstats compiles it in (lbstats vocab); Kbuild finds
 * the files by line, so keep one entry per line as below; no field
 * contains a comma.
 *
 * Replicas, a data shape of a kernel latch user:
 *   W(name, family, counterpart)
 *	family: copy (the variants of LB_COPY_VARIANTS) or tree (those of
 *	LB_TREE_VARIANTS); counterpart: the real kernel function it
 *	replicates, "" when the architecture has none.  Its file is w_<name>.c.
 * Real kernel functions, timed as they are (w_kernel.c):
 *   K(name, call, nmi_safe, counterpart)
 *	call: what one read calls; nmi_safe: callable from NMI at all;
 *	counterpart: the replica of its data shape, "" for none.  Their one
 *	variant is LB_KERNEL_VARIANTS'.
 * Variants:
 *   V(ident, name, role, order, rank, type)
 *	ident: the variant's file and ops, v_<ident>.h with v_<ident>
 *	(copy), lt_<ident>.c with lt_v_<ident> (tree);
 *	role: sync (synchronised), control (the unsynchronised control),
 *	harness (the harness alone, to subtract), real (the kernel's own);
 *	order: display order, lowest first; rank: the latch is measured
 *	against the variant of lowest rank > 0 a run has (0: never);
 *	type: the kernel type or scheme it stands for.
 * Renamed variants, so that runs made with an old name still read:
 *   R(family, old, new)
 */
#ifndef LB_VOCAB_H
#define LB_VOCAB_H

#ifndef LB_LIST
#define LB_LIST(x...) x
#endif

/*
 * sched_clock's data shape per architecture (compat.h): x86's is the cyc2ns
 * latch (the schedclock replica then has no counterpart); arm64's is the
 * generic sched_clock, the schedclock replica.  x86's, where compat.h is not
 * included (lbstats).
 */
#ifndef LB_SCHED_CLOCK_SHAPE
#define LB_SCHED_CLOCK_SHAPE "cyc2ns"
#define LB_SCHEDCLOCK_REAL ""
#endif

#define LB_REPLICAS(W) LB_LIST(						\
	W(tkfast, copy, "ktime_get_mono_fast_ns")			\
	W(schedclock, copy, LB_SCHEDCLOCK_REAL)				\
	LB_IF_TSC(W(cyc2ns, copy, "cyc2ns_read"))			\
	W(latchtree, tree, "module_address"))

#define LB_KERNEL_FNS(K) LB_LIST(					\
	K(ktime_get_mono_fast_ns, ktime_get_mono_fast_ns, 1, "tkfast")	\
	K(ktime_get_raw_fast_ns, ktime_get_raw_fast_ns, 1, "tkfast")	\
	K(ktime_get_real_fast_ns, ktime_get_real_fast_ns, 1, "tkfast")	\
	K(ktime_get_ns, kf_ktime_get_ns, 0, "")				\
	K(sched_clock, sched_clock, 1, LB_SCHED_CLOCK_SHAPE)		\
	K(local_clock, kf_local_clock, 1, LB_SCHED_CLOCK_SHAPE)		\
	LB_IF_CYC2NS_EXPORT(K(cyc2ns_read, kf_cyc2ns_read, 1, "cyc2ns")) \
	LB_IF_MODULE_ADDRESS_EXPORT(K(module_address, kf_module_address, 1, "latchtree")))

#define LB_COPY_VARIANTS(V) LB_LIST(					\
	V(latch, "latch", sync, 10, 0, "seqcount_latch_t: two copies")	\
	V(seqlock, "seqlock", sync, 20, 1, "seqlock_t")			\
	V(seqlock_excl, "seqlock-excl", sync, 25, 2, "seqlock_t: read_seqlock_excl()") \
	V(rcu, "rcu", sync, 30, 3, "RCU: rcu_dereference() of one copy") \
	V(none, "none", control, 90, 0, "plain loads of one copy")	\
	V(empty, "empty", harness, 95, 0, "the batch loop alone"))

#define LB_TREE_VARIANTS(V) LB_LIST(					\
	V(latch, "latch", sync, 10, 0, "latch_tree_root: two rbtrees under seqcount_latch_t") \
	V(rbseq, "rbtree-seqcount", sync, 40, 1, "rbtree + seqcount_spinlock_t") \
	V(rwlock, "rwlock", sync, 50, 2, "rbtree + rwlock_t")		\
	V(maple, "maple", sync, 60, 3, "maple tree under RCU")		\
	V(none, "none", control, 90, 0, "rbtree walked unsynchronised")	\
	V(empty, "empty", harness, 95, 0, "the batch loop alone"))

#define LB_KERNEL_VARIANTS(V) LB_LIST(					\
	V(kernel, "kernel", real, 100, 0, "the kernel function itself"))

#define LB_RENAMED(R) LB_LIST(						\
	R(copy, "seqcount", "seqlock")					\
	R(tree, "rcu", "maple"))

#endif /* LB_VOCAB_H */
