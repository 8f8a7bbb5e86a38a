// SPDX-License-Identifier: GPL-2.0
/*
 * latchtree variant "maple": the same ranges in a maple tree (the kernel's
 * RCU-safe range tree).  Readers mtree_load() and dereference the entry
 * under rcu_read_lock(); the writer replaces a range's entry with
 * mtree_store_range(), which allocates and frees maple nodes by RCU.
 */
#include <linux/slab.h>
#include <linux/maple_tree.h>
#include <linux/rcupdate.h>
#include "latchtree.h"

struct ltm_state {
	struct lt_tree t;
	struct maple_tree mt;
};

static __always_inline unsigned long ltm_lookup(void *p, unsigned long key,
						unsigned int *loops, unsigned int limit,
						bool *gave_up)
{
	struct ltm_state *st = p;
	unsigned long start = LT_MISS;
	struct lt_node *nd;

	*loops = 1;
	rcu_read_lock();
	nd = mtree_load(&st->mt, key);
	if (nd)
		start = READ_ONCE(nd->start);
	rcu_read_unlock();
	return start;
}

static int ltm_store(struct ltm_state *st, struct lt_node *nd)
{
	return mtree_store_range(&st->mt, nd->start, nd->start + nd->size - 1,
				 nd, GFP_KERNEL);
}

static void ltm_fini(struct lb_inst *inst)
{
	struct ltm_state *st = inst->priv;

	mtree_destroy(&st->mt);
	lt_tree_fini(&st->t);
	lb_state_free(inst);
}

static int ltm_init(struct lb_inst *inst)
{
	struct ltm_state *st = lb_state_alloc(inst, sizeof(*st), false);
	unsigned int i;

	if (!st)
		return -ENOMEM;
	mt_init_flags(&st->mt, MT_FLAGS_USE_RCU);
	if (lt_tree_init(&st->t, inst->cfg->tree_nodes)) {
		lb_state_free(inst);
		return -ENOMEM;
	}
	for (i = 0; i < st->t.n; i++) {
		if (ltm_store(st, st->t.cur[i])) {
			ltm_fini(inst);
			return -ENOMEM;
		}
	}
	return 0;
}

LT_READERS(ltm)

static void ltm_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	struct ltm_state *st = inst->priv;
	struct lt_node *nd, *old;
	unsigned int slot;

	mutex_lock(&st->t.wlock);
	nd = lt_node_get(&st->t, &slot);
	old = st->t.cur[slot];
	lb_mid(inst, mid);			/* new node ready, not published */
	if (WARN_ON_ONCE(ltm_store(st, nd))) {
		lt_node_retire(&st->t, nd);	/* -ENOMEM: keep the old one */
	} else {
		st->t.cur[slot] = nd;
		lt_node_retire(&st->t, old);
	}
	WRITE_ONCE(inst->gen, inst->gen + 1);
	mutex_unlock(&st->t.wlock);
}

const struct lb_variant lt_v_maple = {
	.init		= ltm_init,
	.fini		= ltm_fini,
	.read_batch	= ltm_read_batch,
	.check_batch	= ltm_check_batch,
	.write		= ltm_write,
	.read_irq	= ltm_read_irq,
	.nmi_safe	= true,
};
