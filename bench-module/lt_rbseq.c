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
#include "compat.h"
#include "latchtree.h"

struct ltr_state {
	struct lt_rb rb;	/* first: lt_rb_alloc() */
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
		/*
		 * From hardirq/NMI (limit set): the bare count, as on PREEMPT_RT
		 * the seqcount_spinlock_t read takes the writer's sleeping lock
		 * on an odd count (compat.h).
		 */
		seq = limit ? raw_read_seqcount(lb_seqcount_bare(&st->seq)) :
			      raw_read_seqcount(&st->seq);
		nd = lt_rb_find(&st->rb.root, key);
	} while (!nd && ((seq & 1) || read_seqcount_retry(&st->seq, seq)));
	if (nd)
		start = READ_ONCE(nd->start);
	rcu_read_unlock();
	return start;
}

static int ltr_init(struct lb_inst *inst)
{
	struct ltr_state *st = lt_rb_alloc(inst, sizeof(*st));

	BUILD_BUG_ON(offsetof(struct ltr_state, rb));
	if (!st)
		return -ENOMEM;
	spin_lock_init(&st->lock);
	seqcount_spinlock_init(&st->seq, &st->lock);
	return 0;
}

LT_READERS(ltr)

static void ltr_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	struct ltr_state *st = inst->priv;
	struct lt_node *nd, *old;
	unsigned long flags;
	unsigned int slot;

	mutex_lock(&st->rb.t.wlock);
	nd = lt_node_get(&st->rb.t, &slot);
	old = st->rb.t.cur[slot];
	spin_lock_irqsave(&st->lock, flags);
	write_seqcount_begin(&st->seq);
	rb_erase(&old->rb, &st->rb.root);
	lb_mid(inst, mid);		/* the range is absent here */
	lt_rb_insert(&st->rb.root, nd);
	write_seqcount_end(&st->seq);
	spin_unlock_irqrestore(&st->lock, flags);
	st->rb.t.cur[slot] = nd;
	lt_node_retire(&st->rb.t, old);
	WRITE_ONCE(inst->gen, inst->gen + 1);
	mutex_unlock(&st->rb.t.wlock);
}

const struct lb_variant lt_v_rbseq = {
	.init		= ltr_init,
	.fini		= lt_rb_free,
	.read_batch	= ltr_read_batch,
	.check_batch	= ltr_check_batch,
	.write		= ltr_write,
	.read_irq	= ltr_read_irq,
	.nmi_safe	= true,
};
