// SPDX-License-Identifier: GPL-2.0
/*
 * latchtree variant "latch": struct latch_tree_root, as the module tree
 * uses it: lookups with preemption off via latch_tree_find(), updates as
 * latch_tree_insert() of the new node then latch_tree_erase() of the old
 * one, so the range is never absent.
 */
#include <linux/slab.h>
#include <linux/spinlock.h>
#include "compat.h"
#include "latchtree.h"

static bool lt_less(struct latch_tree_node *a, struct latch_tree_node *b)
{
	return container_of(a, struct lt_node, lt)->start <
	       container_of(b, struct lt_node, lt)->start;
}

static int lt_comp(void *key, struct latch_tree_node *n)
{
	unsigned long k = (unsigned long)key;
	struct lt_node *nd = container_of(n, struct lt_node, lt);

	if (k < nd->start)
		return -1;
	if (k >= nd->start + nd->size)
		return 1;
	return 0;
}

/* Visible here, so latch_tree_find() inlines comp() as the module tree does. */
static const struct latch_tree_ops lt_latch_ops = {
	.less = lt_less,
	.comp = lt_comp,
};

struct ltl_state {
	struct lt_tree t;
	struct latch_tree_root root;
};

static __always_inline unsigned long ltl_lookup(void *p, unsigned long key,
						unsigned int *loops, unsigned int limit,
						bool *gave_up)
{
	struct ltl_state *st = p;
	struct latch_tree_node *ltn;
	unsigned long start = LT_MISS;
	unsigned int seq;

	preempt_disable_notrace();
	if (!limit) {
		*loops = 1;
		ltn = latch_tree_find((void *)key, &st->root, &lt_latch_ops);
	} else {
		/* latch_tree_find(), with its retries counted and bounded */
		do {
			if (*loops >= limit) {
				*gave_up = true;
				ltn = NULL;
				break;
			}
			(*loops)++;
			seq = lb_latch_read_begin(&st->root.seq);
			ltn = __lt_find((void *)key, &st->root, seq & 1, lt_latch_ops.comp);
		} while (lb_latch_read_retry(&st->root.seq, seq));
	}
	if (ltn)
		start = READ_ONCE(container_of(ltn, struct lt_node, lt)->start);
	preempt_enable_notrace();
	return start;
}

static int ltl_init(struct lb_inst *inst)
{
	struct ltl_state *st = lb_state_alloc(inst, sizeof(*st), false);
	unsigned int i;

	if (!st)
		return -ENOMEM;
	seqcount_latch_init(&st->root.seq);
	if (lt_tree_init(&st->t, inst->cfg->tree_nodes)) {
		lb_state_free(inst);
		return -ENOMEM;
	}
	for (i = 0; i < st->t.n; i++)
		latch_tree_insert(&st->t.cur[i]->lt, &st->root, &lt_latch_ops);
	return 0;
}

static void ltl_fini(struct lb_inst *inst)
{
	struct ltl_state *st = inst->priv;

	lt_tree_fini(&st->t);
	lb_state_free(inst);
}

LT_READERS(ltl)

static void ltl_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	struct ltl_state *st = inst->priv;
	struct lt_node *nd, *old;
	unsigned int slot;

	mutex_lock(&st->t.wlock);
	nd = lt_node_get(&st->t, &slot);
	old = st->t.cur[slot];
	/* latch_tree_insert(), open-coded to mark the point between halves */
	lb_latch_write_begin(&st->root.seq);
	__lt_insert(&nd->lt, &st->root, 0, lt_latch_ops.less);
	lb_mid(inst, mid);
	lb_latch_write(&st->root.seq);
	__lt_insert(&nd->lt, &st->root, 1, lt_latch_ops.less);
	lb_latch_write_end(&st->root.seq);
	latch_tree_erase(&old->lt, &st->root, &lt_latch_ops);
	st->t.cur[slot] = nd;
	lt_node_retire(&st->t, old);
	WRITE_ONCE(inst->gen, inst->gen + 1);
	mutex_unlock(&st->t.wlock);
}

const struct lb_variant lt_v_latch = {
	.init		= ltl_init,
	.fini		= ltl_fini,
	.read_batch	= ltl_read_batch,
	.check_batch	= ltl_check_batch,
	.write		= ltl_write,
	.read_irq	= ltl_read_irq,
	.nmi_safe	= true,
};
