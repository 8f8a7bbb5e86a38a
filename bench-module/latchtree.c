// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: node pool and helpers of the "latchtree" workload, and the
 * workload's variant list, from LB_TREE_VARIANTS (vocab.h).  Adding a tree
 * variant is one lt_<ident>.c file and one line in LB_TREE_VARIANTS (Kbuild
 * builds every file the list names).
 */
#include <linux/slab.h>
#include <linux/rcupdate.h>
#include "latchtree.h"

#define LT_DECL(_ident, ...)	lt_v_##_ident,
extern const struct lb_variant LB_TREE_VARIANTS(LT_DECL) lt_v_end_;

#define LT_VENTRY(_ident, _name, _role, _order, _rank, _type)		\
	{ &(const struct lb_vinfo)LB_VINFO(_name, _role, _order, _rank, _type), &lt_v_##_ident },

/* The workload's variants, for table.c */
const struct lb_ventry lb_vars_latchtree[] = {
	LB_TREE_VARIANTS(LT_VENTRY)
	{}
};

int lt_tree_init(struct lt_tree *t, unsigned int n)
{
	unsigned int i;

	mutex_init(&t->wlock);
	t->n = n;
	INIT_LIST_HEAD(&t->free);
	t->cur = kvcalloc(n, sizeof(*t->cur), GFP_KERNEL);
	t->mem = kvcalloc(n + LT_SPARE, sizeof(*t->mem), GFP_KERNEL);
	if (!t->cur || !t->mem) {
		lt_tree_fini(t);
		return -ENOMEM;
	}
	for (i = 0; i < n + LT_SPARE; i++) {
		struct lt_node *nd = &t->mem[i];

		nd->size = LT_SIZE;
		if (i < n) {
			nd->start = lt_slot_start(i);
			t->cur[i] = nd;
		} else {
			list_add_tail(&nd->free, &t->free);	/* never published */
		}
	}
	return 0;
}

void lt_tree_fini(struct lt_tree *t)
{
	synchronize_rcu();	/* no reader is left on any node */
	kvfree(t->cur);
	kvfree(t->mem);
	t->cur = NULL;
	t->mem = NULL;
}

/*
 * A fresh node for the next slot the writer replaces.  Waits for a grace
 * period only when the oldest retired node is still in its own; that wait
 * is part of the measured write cost.
 */
struct lt_node *lt_node_get(struct lt_tree *t, unsigned int *slot)
{
	struct lt_node *nd = list_first_entry(&t->free, struct lt_node, free);

	list_del(&nd->free);
	if (nd->retired)
		cond_synchronize_rcu(nd->cookie);
	*slot = (unsigned int)(t->gen++ % t->n);
	WRITE_ONCE(nd->start, lt_slot_start(*slot));
	nd->size = LT_SIZE;
	return nd;
}

void lt_node_retire(struct lt_tree *t, struct lt_node *old)
{
	old->cookie = get_state_synchronize_rcu();
	old->retired = true;
	list_add_tail(&old->free, &t->free);
}

void lt_rb_insert(struct rb_root *root, struct lt_node *nd)
{
	struct rb_node **link = &root->rb_node, *parent = NULL;

	while (*link) {
		parent = *link;
		if (nd->start < rb_entry(parent, struct lt_node, rb)->start)
			link = &parent->rb_left;
		else
			link = &parent->rb_right;
	}
	rb_link_node_rcu(&nd->rb, parent, link);
	rb_insert_color(&nd->rb, root);
}

void *lt_rb_alloc(struct lb_inst *inst, size_t size)
{
	struct lt_rb *rb = lb_state_alloc(inst, size, false);
	unsigned int i;

	if (!rb)
		return NULL;
	rb->root = RB_ROOT;
	if (lt_tree_init(&rb->t, inst->cfg->tree_nodes)) {
		lb_state_free(inst);
		return NULL;
	}
	for (i = 0; i < rb->t.n; i++)
		lt_rb_insert(&rb->root, rb->t.cur[i]);
	return rb;
}

void lt_rb_free(struct lb_inst *inst)
{
	struct lt_rb *rb = inst->priv;

	lt_tree_fini(&rb->t);
	lb_state_free(inst);
}
