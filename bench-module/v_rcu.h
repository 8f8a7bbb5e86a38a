/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Variant "rcu": readers rcu_dereference() one copy under rcu_read_lock();
 * the writer fills a fresh copy from a preallocated pool, publishes it
 * with rcu_replace_pointer() and returns the old copy to the pool from a
 * call_rcu() callback.  When the pool runs dry the writer waits in
 * rcu_barrier(): that wait is part of the measured write cost.
 */
#include <linux/rcupdate.h>
#include <linux/llist.h>
#include <linux/mutex.h>
#include <linux/slab.h>

#define RCUV_POOL 4096	/* updates between rcu_barrier() waits */

struct rcuv_state;

struct rcuv_copy {
	struct shape_data d;
	struct rcu_head rh;
	struct llist_node free;
	struct rcuv_state *owner;
};

struct rcuv_state {
	struct rcuv_copy __rcu *cur;
	struct mutex lock;	/* serialises writers; the pool's one consumer */
	u64 gen;
	struct llist_head pool;
	struct rcuv_copy *mem;
};

static __always_inline u64 rcuv_section(void *p, struct shape_data *s, u64 in,
					unsigned int *loops, unsigned int limit,
					bool *gave_up, bool check)
{
	struct rcuv_state *st = p;
	u64 ret;

	*loops = 1;
	rcu_read_lock();
	ret = copy_access(s, &rcu_dereference(st->cur)->d, in, check);
	rcu_read_unlock();
	return ret;
}

static void rcuv_init_one(struct lb_inst *inst, void *p)
{
	struct rcuv_state *st = p;
	int i;

	mutex_init(&st->lock);
	init_llist_head(&st->pool);
	st->mem = kcalloc(RCUV_POOL, sizeof(*st->mem), GFP_KERNEL);
	if (!st->mem)
		return;
	for (i = 0; i < RCUV_POOL; i++) {
		st->mem[i].owner = st;
		if (i)
			llist_add(&st->mem[i].free, &st->pool);
	}
	shape_store(inst, &st->mem[0].d, 0, NULL);
	RCU_INIT_POINTER(st->cur, &st->mem[0]);
}

static void rcuv_free_one(struct lb_inst *inst, void *p)
{
	struct rcuv_state *st = p;

	kfree(st->mem);
	st->mem = NULL;
}

static void rcuv_check_one(struct lb_inst *inst, void *p)
{
	struct rcuv_state *st = p;

	if (!st->mem)
		inst->gen = U64_MAX;	/* flag: an allocation failed */
}

static void rcuv_fini(struct lb_inst *inst)
{
	rcu_barrier();		/* every callback has returned its copy */
	copy_for_each(inst, rcuv_free_one);
	lb_state_free(inst);
}

static int rcuv_init(struct lb_inst *inst)
{
	if (!copy_alloc(inst, sizeof(struct rcuv_state), rcuv_init_one))
		return -ENOMEM;
	copy_for_each(inst, rcuv_check_one);
	if (inst->gen == U64_MAX) {
		rcuv_fini(inst);
		return -ENOMEM;
	}
	return 0;
}

COPY_READERS(rcuv)

static void rcuv_free_cb(struct rcu_head *rh)
{
	struct rcuv_copy *c = container_of(rh, struct rcuv_copy, rh);

	llist_add(&c->free, &c->owner->pool);
}

static void rcuv_write_one(struct lb_inst *inst, void *p, const struct lb_mid *mid)
{
	struct rcuv_state *st = p;
	struct llist_node *node;
	struct rcuv_copy *c, *old;

	mutex_lock(&st->lock);
	while (!(node = llist_del_first(&st->pool)))
		rcu_barrier();
	c = container_of(node, struct rcuv_copy, free);
	shape_store(inst, &c->d, ++st->gen, NULL);
	lb_mid(inst, mid);			/* filled, not yet published */
	old = rcu_replace_pointer(st->cur, c, lockdep_is_held(&st->lock));
	mutex_unlock(&st->lock);
	call_rcu(&old->rh, rcuv_free_cb);
}

static void rcuv_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	copy_write(inst, mid, rcuv_write_one);
}

static const struct lb_variant v_rcu = {
	.init		= rcuv_init,
	.fini		= rcuv_fini,
	.read_batch	= rcuv_read_batch,
	.check_batch	= rcuv_check_batch,
	.write		= rcuv_write,
	.read_irq	= rcuv_read_irq,
	.nmi_safe	= true,
};
