/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Variant "empty": the harness alone.  Its timed pass is the batch loop
 * with nothing in it (lb_loop: a decrement and a branch per read), so a
 * row's ns_per_op minus empty's is the read itself, and empty's own row
 * is the harness overhead.  The reader work without synchronisation is
 * "none".  Its checked reads snapshot a copy no writer touches, its irq
 * reads read nothing; its writer only bumps a private counter, so sweeps
 * over writer settings keep the same shape.
 */
#include <linux/spinlock.h>

struct empty_state {
	spinlock_t lock;
	u64 gen;
	struct shape_data data;	/* written once, at init */
};

static __always_inline u64 empty_section(void *p, struct shape_data *s, u64 in,
					 unsigned int *loops, unsigned int limit,
					 bool *gave_up, bool check)
{
	struct empty_state *st = p;

	*loops = 1;
	shape_load(s, &st->data);
	return s->check;
}

static void empty_init_one(struct lb_inst *inst, void *p)
{
	struct empty_state *st = p;

	spin_lock_init(&st->lock);
	shape_store(inst, &st->data, 0, NULL);
}

static int empty_init(struct lb_inst *inst)
{
	return copy_alloc(inst, sizeof(struct empty_state), empty_init_one) ? 0 : -ENOMEM;
}

static void empty_fini(struct lb_inst *inst)
{
	lb_state_free(inst);
}

static u64 empty_read_batch(struct lb_inst *inst, struct lb_rstat *rs, unsigned long n)
{
	u64 sink = 0;

	lb_loop(n, sink, 0);
	return sink;
}

static u64 empty_check_batch(struct lb_inst *inst, struct lb_rstat *rs, unsigned long n)
{
	return copy_check_batch(inst, rs, n, empty_section);
}

/*
 * From hardirq/NMI: nothing, as the timed pass reads nothing.  Its row is
 * the interrupt read's harness cost once the clock's own is out (irq.c):
 * near 0.  (No writer touches its copy: there is nothing to check.)
 */
static u64 empty_read_irq(struct lb_inst *inst, struct lb_irqread *res)
{
	return 0;
}

static void empty_write_one(struct lb_inst *inst, void *p, const struct lb_mid *mid)
{
	struct empty_state *st = p;

	spin_lock(&st->lock);
	st->gen++;
	lb_mid(inst, mid);
	spin_unlock(&st->lock);
}

static void empty_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	copy_write(inst, mid, empty_write_one);
}

static const struct lb_variant v_empty = {
	.init		= empty_init,
	.fini		= empty_fini,
	.read_batch	= empty_read_batch,
	.check_batch	= empty_check_batch,
	.write		= empty_write,
	.read_irq	= empty_read_irq,
	.nmi_safe	= true,
};
