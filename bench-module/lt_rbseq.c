// SPDX-License-Identifier: GPL-2.0
/*
 * latchtree variant "rbtree-seqcount": one rbtree with a
 * seqcount_spinlock_t.  Lookups walk it locklessly under rcu_read_lock()
 * and retry only on a miss while the count moved, as the rb_find_rcu()
 * users in 6.12 do.  The writer erases the old node and inserts the new
 * one inside one write section, with interrupts off.
 */
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/seqlock.h>
#include "latchtree.h"

struct ltr_state {
	struct lt_tree t;
	struct rb_root root;
	spinlock_t lock;
	seqcount_spinlock_t seq;
};

static __always_inline unsigned long ltr_lookup(void *p, unsigned long key,
						unsigned int *loops, unsigned int limit,
						bool *gave_up)
{
	struct ltr_state *st = p;
	unsigned long start = LT_MISS;
	struct lt_node *nd;
	unsigned int seq;

	rcu_read_lock();
	do {
		if (limit && *loops >= limit) {
			*gave_up = true;
			nd = NULL;
			break;
		}
		(*loops)++;
		seq = raw_read_seqcount(&st->seq);
		nd = lt_rb_find(&st->root, key);
	} while (!nd && ((seq & 1) || read_seqcount_retry(&st->seq, seq)));
	if (nd)
		start = READ_ONCE(nd->start);
	rcu_read_unlock();
	return start;
}

static int ltr_init(struct lb_inst *inst)
{
	struct ltr_state *st = lb_state_alloc(inst, sizeof(*st), false);
	unsigned int i;

	if (!st)
		return -ENOMEM;
	spin_lock_init(&st->lock);
	seqcount_spinlock_init(&st->seq, &st->lock);
	st->root = RB_ROOT;
	if (lt_tree_init(&st->t, inst->cfg->tree_nodes)) {
		lb_state_free(inst);
		return -ENOMEM;
	}
	for (i = 0; i < st->t.n; i++)
		lt_rb_insert(&st->root, st->t.cur[i]);
	return 0;
}

static void ltr_fini(struct lb_inst *inst)
{
	struct ltr_state *st = inst->priv;

	lt_tree_fini(&st->t);
	lb_state_free(inst);
}

static u64 ltr_read_batch(struct lb_inst *inst, struct lb_rstat *rs, unsigned long n)
{
	return lt_batch(inst, rs, n, ltr_lookup);
}

static u64 ltr_read_irq(struct lb_inst *inst, struct lb_irqread *res)
{
	return lt_read_irq(inst, res, ltr_lookup);
}

static void ltr_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	struct ltr_state *st = inst->priv;
	struct lt_node *nd, *old;
	unsigned long flags;
	unsigned int slot;

	mutex_lock(&st->t.wlock);
	nd = lt_node_get(&st->t, &slot);
	old = st->t.cur[slot];
	spin_lock_irqsave(&st->lock, flags);
	write_seqcount_begin(&st->seq);
	rb_erase(&old->rb, &st->root);
	lb_mid(inst, mid);		/* the range is absent here */
	lt_rb_insert(&st->root, nd);
	write_seqcount_end(&st->seq);
	spin_unlock_irqrestore(&st->lock, flags);
	st->t.cur[slot] = nd;
	lt_node_retire(&st->t, old);
	WRITE_ONCE(inst->gen, inst->gen + 1);
	mutex_unlock(&st->t.wlock);
}

const struct lb_variant lt_v_rbseq = {
	.name		= "rbtree-seqcount",
	.init		= ltr_init,
	.fini		= ltr_fini,
	.read_batch	= ltr_read_batch,
	.write		= ltr_write,
	.read_irq	= ltr_read_irq,
	.nmi_safe	= true,
};
