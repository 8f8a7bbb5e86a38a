/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: the "latchtree" workload's common parts.  N address-range
 * nodes (like modules' text ranges in the module latch tree), looked up
 * by address.  A write replaces the node of one range with a fresh node;
 * replaced nodes are reused only after an RCU grace period, so readers
 * of every variant can always dereference what they found.
 *
 * Each tree variant (lt_*.c) supplies one always-inline lookup;
 * LT_READERS() wraps it in the timed loop (lt_batch), the checked loop
 * (lt_check_batch) and a single bounded read (lt_read_irq).
 */
#ifndef LB_LATCHTREE_H
#define LB_LATCHTREE_H

#include <linux/rbtree.h>
#include <linux/rbtree_latch.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/kernel.h>
#include "lb.h"

#define LT_BASE		0x100000000UL
#define LT_STRIDE	0x10000UL
#define LT_SIZE		0x8000UL
#define LT_SPARE	4096	/* writes between grace-period waits */
#define LT_MAX_DEPTH	64	/* a lockless walk that goes deeper is lost */
#define LT_MISS		(~0UL)

struct lt_node {
	struct latch_tree_node lt;
	struct rb_node rb;
	unsigned long start;
	unsigned long size;
	unsigned long cookie;	/* RCU state when retired */
	bool retired;		/* false: never published, reuse at once */
	struct list_head free;
};

/* Embedded first in every tree variant's state. */
struct lt_tree {
	struct mutex wlock;	/* serialises writers; they may sleep */
	unsigned int n;
	struct lt_node **cur;	/* node per slot, writer side */
	struct lt_node *mem;
	struct list_head free;	/* retired nodes, oldest first */
	u64 gen;
};

int lt_tree_init(struct lt_tree *t, unsigned int n);
void lt_tree_fini(struct lt_tree *t);

/*
 * The plain-rbtree variants (rbtree-seqcount, rwlock, none): the node pool
 * and one rbtree holding the current nodes.  Their state struct starts with
 * a struct lt_rb; lt_rb_alloc() allocates it as inst->priv with the pool
 * made and the tree filled, lt_rb_free() undoes that (their .fini).
 */
struct lt_rb {
	struct lt_tree t;
	struct rb_root root;
};

void *lt_rb_alloc(struct lb_inst *inst, size_t size);
void lt_rb_free(struct lb_inst *inst);
struct lt_node *lt_node_get(struct lt_tree *t, unsigned int *slot);
void lt_node_retire(struct lt_tree *t, struct lt_node *old);
void lt_rb_insert(struct rb_root *root, struct lt_node *nd);

static __always_inline unsigned long lt_slot_start(unsigned int slot)
{
	return LT_BASE + slot * LT_STRIDE;
}

/* Next key: a present address, from a per-reader xorshift sequence. */
static __always_inline unsigned long lt_key(u64 *seed, unsigned int n)
{
	u64 x = *seed;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*seed = x;
	return lt_slot_start(reciprocal_scale((u32)(x >> 32), n)) + (x & (LT_SIZE - 1));
}

/* Torn: the lookup missed, or found a node whose range lacks the key. */
static __always_inline bool lt_bad(unsigned long start, unsigned long key)
{
	return start == LT_MISS || key < start || key >= start + LT_SIZE;
}

/* A plain lockless rbtree walk, as rb_find_rcu() does, depth-bounded. */
static __always_inline struct lt_node *lt_rb_find(struct rb_root *root, unsigned long key)
{
	struct rb_node *n = rcu_dereference_raw(root->rb_node);
	unsigned int depth = 0;

	while (n && depth++ < LT_MAX_DEPTH) {
		struct lt_node *nd = rb_entry(n, struct lt_node, rb);

		if (key < READ_ONCE(nd->start))
			n = rcu_dereference_raw(n->rb_left);
		else if (key >= READ_ONCE(nd->start) + LT_SIZE)
			n = rcu_dereference_raw(n->rb_right);
		else
			return nd;
	}
	return NULL;
}

/*
 * A lookup: return the start of the node found for key (read under the
 * variant's protection) or LT_MISS.  limit/gave_up as in copy_common.h.
 */
typedef unsigned long (*lt_lookup_fn)(void *st, unsigned long key,
				      unsigned int *loops, unsigned int limit,
				      bool *gave_up);

/* The timed pass: key, lookup and the loop, nothing else. */
static __always_inline u64 lt_batch(struct lb_inst *inst, struct lb_rstat *rs,
				    unsigned long n, lt_lookup_fn lookup)
{
	unsigned int nslots = inst->cfg->tree_nodes, loops = 0;
	u64 sink = 0, seed = rs->seed;
	bool gave_up;

	lb_loop(n, sink, lookup(inst->priv, lt_key(&seed, nslots), &loops, 0, &gave_up));
	rs->seed = seed;
	return sink;
}

/* The checked pass: every lookup must find the range holding its key. */
static __always_inline u64 lt_check_batch(struct lb_inst *inst, struct lb_rstat *rs,
					  unsigned long n, lt_lookup_fn lookup)
{
	unsigned int nslots = inst->cfg->tree_nodes;
	u64 sink = 0, retries = 0, torn = 0, seed = rs->seed;
	unsigned long i;

	for (i = 0; i < n; i++) {
		unsigned long key = lt_key(&seed, nslots), start;
		unsigned int loops = 0;
		bool gave_up = false;

		start = lookup(inst->priv, key, &loops, 0, &gave_up);
		retries += loops - 1;
		torn += lt_bad(start, key);
		sink += start;
	}
	rs->seed = seed;
	lb_ctr(rs, retries) += retries;
	lb_ctr(rs, torn) += torn;
	return sink;
}

/*
 * From hardirq/NMI, look up the range the interrupted writer is replacing
 * (slot inst->gen % n while a write is open): the one read that can see
 * the update half done.
 */
static __always_inline u64 lt_read_irq(struct lb_inst *inst, struct lb_irqread *res,
				       lt_lookup_fn lookup)
{
	unsigned int slot = (unsigned int)(READ_ONCE(inst->gen) % inst->cfg->tree_nodes);
	unsigned long key = lt_slot_start(slot) + LT_SIZE / 2, start;
	unsigned int loops = 0;
	bool gave_up = false;

	start = lookup(inst->priv, key, &loops, inst->cfg->spin_limit, &gave_up);
	res->spins = loops ? loops - 1 : 0;
	res->deadlock = gave_up;
	res->torn = !gave_up && lt_bad(start, key);
	return start;
}

/* One tree variant's read entry points around its lookup NAME_lookup. */
#define LT_READERS(name)						\
static u64 name##_read_batch(struct lb_inst *inst, struct lb_rstat *rs,	\
			     unsigned long n)				\
{									\
	return lt_batch(inst, rs, n, name##_lookup);			\
}									\
static u64 name##_check_batch(struct lb_inst *inst, struct lb_rstat *rs, \
			      unsigned long n)				\
{									\
	return lt_check_batch(inst, rs, n, name##_lookup);		\
}									\
static u64 name##_read_irq(struct lb_inst *inst, struct lb_irqread *res) \
{									\
	return lt_read_irq(inst, res, name##_lookup);			\
}

#endif /* LB_LATCHTREE_H */
