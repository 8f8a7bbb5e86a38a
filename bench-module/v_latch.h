/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Variant "latch": seqcount_latch_t and two copies.  Readers pick the
 * copy the sequence's low bit points at and retry if the sequence moved;
 * the writer steers readers to the other copy before touching each one,
 * with interrupts left on, as tk_fast, sched_clock and cyc2ns do.
 */
#include <linux/seqlock.h>
#include <linux/spinlock.h>
#include "compat.h"

struct latch_state {
	seqcount_latch_t seq;
	spinlock_t lock;	/* serialises writers */
	u64 gen;
	struct shape_data data[2];
};

static __always_inline u64 latch_section(void *p, struct shape_data *s, u64 in,
					 unsigned int *loops, unsigned int limit,
					 bool *gave_up, bool check)
{
	struct latch_state *st = p;
	unsigned int seq;
	u64 ret;

	do {
		if (limit && *loops >= limit) {
			*gave_up = true;
			return 0;
		}
		(*loops)++;
		seq = lb_latch_read_begin(&st->seq);
		ret = copy_access(s, &st->data[seq & 1], in, check);
	} while (lb_latch_read_retry(&st->seq, seq));
	return ret;
}

static void latch_init_one(struct lb_inst *inst, void *p)
{
	struct latch_state *st = p;

	seqcount_latch_init(&st->seq);
	spin_lock_init(&st->lock);
	shape_store(inst, &st->data[0], 0, NULL);
	shape_store(inst, &st->data[1], 0, NULL);
}

static int latch_init(struct lb_inst *inst)
{
	return copy_alloc(inst, sizeof(struct latch_state), latch_init_one) ? 0 : -ENOMEM;
}

static void latch_fini(struct lb_inst *inst)
{
	lb_state_free(inst);
}

COPY_READERS(latch)

static void latch_write_one(struct lb_inst *inst, void *p, const struct lb_mid *mid)
{
	struct latch_state *st = p;
	u64 gen;

	spin_lock(&st->lock);
	gen = ++st->gen;
	lb_latch_write_begin(&st->seq);		/* readers -> data[1] */
	shape_store(inst, &st->data[0], gen, NULL);
	lb_mid(inst, mid);			/* between the two halves */
	lb_latch_write(&st->seq);		/* readers -> data[0] */
	shape_store(inst, &st->data[1], gen, NULL);
	lb_latch_write_end(&st->seq);
	spin_unlock(&st->lock);
}

static void latch_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	copy_write(inst, mid, latch_write_one);
}

static const struct lb_variant v_latch = {
	.init		= latch_init,
	.fini		= latch_fini,
	.read_batch	= latch_read_batch,
	.check_batch	= latch_check_batch,
	.write		= latch_write,
	.read_irq	= latch_read_irq,
	.nmi_safe	= true,
};
