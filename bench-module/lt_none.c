// SPDX-License-Identifier: GPL-2.0
/*
 * latchtree variant "none": the rbtree walked with no synchronisation and
 * no retry while the writer erases and re-inserts.  The negative control:
 * with a writer, lookups must miss (counted as torn).
 */
#include <linux/kcsan-checks.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include "latchtree.h"

struct ltn_state {
	struct lt_rb rb;	/* first: lt_rb_alloc() */
};

static __always_inline unsigned long ltn_lookup(void *p, unsigned long key,
						unsigned int *loops, unsigned int limit,
						bool *gave_up)
{
	struct ltn_state *st = p;
	unsigned long start = LT_MISS;
	struct lt_node *nd;

	*loops = 1;
	rcu_read_lock();	/* keeps nodes alive, synchronises nothing */
	nd = lt_rb_find(&st->rb.root, key);
	if (nd)
		start = READ_ONCE(nd->start);
	/*
	 * The walk loads are marked (rcu_dereference_raw), as in the variants
	 * that synchronise; declare what they are here, plain unsynchronised
	 * loads of the links the writer rewrites, so that KCSAN reports this
	 * control.  Compiles to nothing without CONFIG_KCSAN.
	 */
	if (nd)
		kcsan_check_read(&nd->rb, sizeof(nd->rb));
	rcu_read_unlock();
	return start;
}

static int ltn_init(struct lb_inst *inst)
{
	struct ltn_state *st = lt_rb_alloc(inst, sizeof(*st));

	BUILD_BUG_ON(offsetof(struct ltn_state, rb));
	return st ? 0 : -ENOMEM;
}

LT_READERS(ltn)

static void ltn_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	struct ltn_state *st = inst->priv;
	struct lt_node *nd, *old;
	unsigned int slot;

	mutex_lock(&st->rb.t.wlock);
	nd = lt_node_get(&st->rb.t, &slot);
	old = st->rb.t.cur[slot];
	rb_erase(&old->rb, &st->rb.root);
	lb_mid(inst, mid);
	lt_rb_insert(&st->rb.root, nd);
	st->rb.t.cur[slot] = nd;
	lt_node_retire(&st->rb.t, old);
	WRITE_ONCE(inst->gen, inst->gen + 1);
	mutex_unlock(&st->rb.t.wlock);
}

const struct lb_variant lt_v_none = {
	.init		= ltn_init,
	.fini		= lt_rb_free,
	.read_batch	= ltn_read_batch,
	.check_batch	= ltn_check_batch,
	.write		= ltn_write,
	.read_irq	= ltn_read_irq,
	.nmi_safe	= true,
};
