// SPDX-License-Identifier: GPL-2.0
/*
 * latchtree variant "empty": the harness alone.  Its timed pass is the
 * batch loop with nothing in it; its checked reads compute the answer from
 * the key, with no tree; its irq reads read nothing.  The key sequence and the walk without
 * synchronisation are "none".
 */
#include <linux/mutex.h>
#include "latchtree.h"

static __always_inline unsigned long lte_lookup(void *p, unsigned long key,
						unsigned int *loops, unsigned int limit,
						bool *gave_up)
{
	*loops = 1;
	return key & ~(LT_STRIDE - 1);
}

static int lte_init(struct lb_inst *inst)
{
	return lb_state_alloc(inst, sizeof(struct mutex), false) ? 0 : -ENOMEM;
}

static void lte_fini(struct lb_inst *inst)
{
	lb_state_free(inst);
}

/* The timed pass is the loop alone: the harness overhead. */
static u64 lte_read_batch(struct lb_inst *inst, struct lb_rstat *rs, unsigned long n)
{
	u64 sink = 0;

	lb_loop(n, sink, 0);
	return sink;
}

static u64 lte_check_batch(struct lb_inst *inst, struct lb_rstat *rs, unsigned long n)
{
	return lt_check_batch(inst, rs, n, lte_lookup);
}

/* From hardirq/NMI: nothing, as in v_empty.h (its row: the harness, near 0) */
static u64 lte_read_irq(struct lb_inst *inst, struct lb_irqread *res)
{
	return 0;
}

static void lte_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	WRITE_ONCE(inst->gen, inst->gen + 1);
	lb_mid(inst, mid);
}

const struct lb_variant lt_v_empty = {
	.init		= lte_init,
	.fini		= lte_fini,
	.read_batch	= lte_read_batch,
	.check_batch	= lte_check_batch,
	.write		= lte_write,
	.read_irq	= lte_read_irq,
	.nmi_safe	= true,
};
