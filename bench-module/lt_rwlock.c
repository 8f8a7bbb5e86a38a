// SPDX-License-Identifier: GPL-2.0
/*
 * latchtree variant "rwlock": one rbtree under an rwlock_t.  Readers take
 * the read lock around the walk; the writer takes the write lock with
 * interrupts off.  From hardirq/NMI the read side only trylocks, bounded.
 */
#include <linux/slab.h>
#include <linux/spinlock.h>
#include "latchtree.h"

struct ltw_state {
	struct lt_rb rb;	/* first: lt_rb_alloc() */
	rwlock_t lock;
};

static __always_inline unsigned long ltw_lookup(void *p, unsigned long key,
						unsigned int *loops, unsigned int limit,
						bool *gave_up)
{
	struct ltw_state *st = p;
	unsigned long start = LT_MISS;
	struct lt_node *nd;

	if (!limit) {
		*loops = 1;
		read_lock(&st->lock);
	} else {
		for (;;) {
			if (*loops >= limit) {
				*gave_up = true;
				return LT_MISS;
			}
			(*loops)++;
			if (read_trylock(&st->lock))
				break;
			cpu_relax();
		}
	}
	nd = lt_rb_find(&st->rb.root, key);
	if (nd)
		start = nd->start;
	read_unlock(&st->lock);
	return start;
}

static int ltw_init(struct lb_inst *inst)
{
	struct ltw_state *st = lt_rb_alloc(inst, sizeof(*st));

	BUILD_BUG_ON(offsetof(struct ltw_state, rb));
	if (!st)
		return -ENOMEM;
	rwlock_init(&st->lock);
	return 0;
}

LT_READERS(ltw)

static void ltw_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	struct ltw_state *st = inst->priv;
	struct lt_node *nd, *old;
	unsigned long flags;
	unsigned int slot;

	mutex_lock(&st->rb.t.wlock);
	nd = lt_node_get(&st->rb.t, &slot);
	old = st->rb.t.cur[slot];
	write_lock_irqsave(&st->lock, flags);
	rb_erase(&old->rb, &st->rb.root);
	lb_mid(inst, mid);
	lt_rb_insert(&st->rb.root, nd);
	write_unlock_irqrestore(&st->lock, flags);
	st->rb.t.cur[slot] = nd;
	lt_node_retire(&st->rb.t, old);
	WRITE_ONCE(inst->gen, inst->gen + 1);
	mutex_unlock(&st->rb.t.wlock);
}

const struct lb_variant lt_v_rwlock = {
	.init		= ltw_init,
	.fini		= lt_rb_free,
	.read_batch	= ltw_read_batch,
	.check_batch	= ltw_check_batch,
	.write		= ltw_write,
	.read_irq	= ltw_read_irq,
	.nmi_safe	= true,	/* trylock only; shown to give up */
};
