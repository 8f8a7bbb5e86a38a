/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: core types shared by the harness, the workloads and the
 * variants.  A workload is a data shape (tk_fast, clock_read_data, cyc2ns,
 * a latch tree, or a real kernel function); a variant is a way to
 * synchronise readers of that shape with its writers.
 */
#ifndef LB_H
#define LB_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/bits.h>
#include "compat.h"
#include "columns.h"
#include "vocab.h"

enum lb_context { LB_CTX_TASK, LB_CTX_HARDIRQ, LB_CTX_NMI, LB_NR_CTX };

struct lb_cfg {
	const struct lb_workload *wl;
	const struct lb_vinfo *vi;	/* the variant as the table names it */
	const struct lb_variant *var;
	enum lb_context ctx;
	unsigned int readers;
	unsigned int writers;
	s64 writer_period_ns;	/* -1: no writers */
	unsigned int nruns;
	unsigned int duration_ms;
	unsigned int batch;
	unsigned int tree_nodes;
	unsigned int spin_limit;
	unsigned int write_dwell_ns;	/* stress: see lb_dwell() */
	bool irqoff;		/* task readers time with interrupts off */
	bool per_reader;	/* rows list every reader's median */
	unsigned int test_stall_ns;	/* test only: lb_stalled_batch() */
	unsigned int extra_work;	/* make aa's known effect: lb_extra_batch() */
};

/*
 * Per-reader counters, one per counter column (columns.h: retries, read
 * sections entered more than once; torn, snapshots that failed the
 * shape's invariant; ...), summed into one CSV row per run.
 */
#define LB_CTR_NONE(...)
#define LB_CTR_INDEX(_n, ...)	LB_CTR_##_n,
enum lb_ctr_index { LB_COLUMNS(LB_CTR_NONE, LB_CTR_INDEX) LB_NR_CTR };

struct lb_rstat {
	u64 ctr[LB_NR_CTR];	/* lb_ctr(rs, name) */
	u64 counted;	/* bit LB_CTR_<name> set: the counter was counted */
	u64 last;	/* the reader's previous value, where one is kept */
	u64 seed;	/* per-reader key sequence (tree lookups) */
};

#define lb_ctr(rs, name)	((rs)->ctr[LB_CTR_##name])
/* a counter counted only by some readers: mark it, or its cell is empty */
#define lb_mark(rs, name)	((rs)->counted |= BIT_ULL(LB_CTR_##name))
#define lb_counted(rs, name)	(!!((rs)->counted & BIT_ULL(LB_CTR_##name)))

/* One instance of a (workload, variant) pair for one run. */
struct lb_inst {
	const struct lb_cfg *cfg;
	void *priv;		/* variant state */
	void __percpu *pcpu;	/* variant state, per-CPU shapes */
	u64 gen;		/* writer generation, under the variant's lock */
};

/*
 * The mid-write hook.  A writer calls lb_mid() at the point where its
 * update is half done: between the two latch halves, inside the seqcount
 * write section, before the RCU publish.  The hardirq/NMI contexts use it
 * to interrupt the writer on its own CPU; in task context it is NULL, or
 * the write_dwell_ns stress (core.c: lb_dwell()).
 */
struct lb_mid {
	void (*fn)(struct lb_inst *inst);
	bool every_copy;	/* per-CPU shapes: fire on every CPU's copy, not only our own */
};

static __always_inline void lb_mid(struct lb_inst *inst, const struct lb_mid *mid)
{
	if (mid)
		mid->fn(inst);
}

/* Result of one bounded read from hardirq/NMI context. */
struct lb_irqread {
	u64 spins;		/* retries or waits taken */
	bool deadlock;		/* gave up after cfg->spin_limit */
	bool torn;
};

/*
 * The timed batch loop, the same for every variant: n (> 0) passes of
 * expr, its result summed into sink, which the empty asm keeps in a
 * register and live, so no pass can be hoisted or dropped.  With expr 0
 * (the "empty" variants) it is the loop alone: a decrement and a branch.
 */
#define lb_loop(n, sink, expr) do {					\
	unsigned long __lb_n = (n);					\
									\
	do {								\
		(sink) += (expr);					\
		asm volatile("" : "+r" (sink));				\
	} while (--__lb_n);						\
} while (0)

struct lb_variant {
	int (*init)(struct lb_inst *inst);
	void (*fini)(struct lb_inst *inst);
	/*
	 * The timed pass: n (> 0) reads in a row, nothing but the read; returns
	 * a value the caller keeps live.  rs->seed may be used, nothing else.
	 */
	u64 (*read_batch)(struct lb_inst *inst, struct lb_rstat *rs, unsigned long n);
	/*
	 * The checked pass, never timed: n reads that each take a snapshot
	 * and count retries and torn snapshots in *rs.  NULL: nothing to
	 * check (the real kernel functions).
	 */
	u64 (*check_batch)(struct lb_inst *inst, struct lb_rstat *rs, unsigned long n);
	/* one update; NULL: the variant has no writer of ours */
	void (*write)(struct lb_inst *inst, const struct lb_mid *mid);
	/* one read that must not spin forever (hardirq/NMI context) */
	u64 (*read_irq)(struct lb_inst *inst, struct lb_irqread *res);
	bool nmi_safe;		/* may be called from NMI at all */
};

/* A variant as the table (vocab.h) names and shows it. */
struct lb_vinfo {
	const char *name;
	const char *role;	/* sync control harness real */
	unsigned int order;	/* display order, lowest first */
	unsigned int rank;	/* baseline rank; 0: never the baseline */
	const char *type;	/* the kernel type it stands for */
};

/* From its line of the table, V(ident, name, role, order, rank, type) */
#define LB_VINFO(_name, _role, _order, _rank, _type)			\
	{ _name, #_role, _order, _rank, _type }

/* One variant of a workload: its name and so on, its operations. */
struct lb_ventry {
	const struct lb_vinfo *info;
	const struct lb_variant *ops;
};

struct lb_workload {
	const char *name;
	const char *kind;		/* copy or tree (replicas), kernel */
	const char *counterpart;	/* the real function, or the replica; "" */
	const struct lb_ventry *variants;	/* ends with .ops == NULL */
};

/* The table: every workload, each with its variants (table.c, vocab.h). */
extern const struct lb_workload *const lb_workloads[];

/*
 * What this build lacks, and why: a context or workload that does not exist
 * on this architecture or kernel (compat.h).  Terminated by { NULL }.
 */
struct lb_absent {
	const char *what;	/* "context" | "workload" */
	const char *name;
	const char *why;	/* no commas: a CSV field */
};

extern const struct lb_absent lb_absent[];

/* Helpers for variants. */
void *lb_state_alloc(struct lb_inst *inst, size_t size, bool percpu);
void lb_state_free(struct lb_inst *inst);
u64 lb_now_ns(void);

#endif /* LB_H */
