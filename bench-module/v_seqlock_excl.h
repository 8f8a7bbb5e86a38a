/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Variant "seqlock-excl": the same seqlock_t as "seqlock", but readers take
 * it with read_seqlock_excl(), as seqlock_t readers that must not retry do
 * (they exclude writers and each other through the spinlock; the sequence
 * does not move for them).  A reader that interrupts its own writer would
 * wait for the writer's lock forever; the bounded section used from
 * hardirq/NMI never takes the lock (a sleeping lock on PREEMPT_RT): it
 * waits, bounded, while the count is odd -- the writer holds the lock
 * for as long -- and reports a deadlock when it stays odd; with an even
 * count it reads under the bare count (other readers only read).
 */
#include <linux/seqlock.h>
#include <linux/spinlock.h>
#include "compat.h"

struct seqx_state {
	seqlock_t lock;
	u64 gen;
	struct shape_data data;
};

static __always_inline u64 seqx_section(void *p, struct shape_data *s, u64 in,
					unsigned int *loops, unsigned int limit,
					bool *gave_up, bool check)
{
	struct seqx_state *st = p;
	unsigned int seq;
	u64 ret;

	if (!limit) {
		*loops = 1;
		read_seqlock_excl(&st->lock);
		ret = copy_access(s, &st->data, in, check);
		read_sequnlock_excl(&st->lock);
		return ret;
	}
	for (;;) {
		if (*loops >= limit) {
			*gave_up = true;
			return 0;
		}
		(*loops)++;
		seq = raw_read_seqcount(lb_seqcount_bare(&st->lock.seqcount));
		if (seq & 1) {
			cpu_relax();
			continue;
		}
		ret = copy_access(s, &st->data, in, check);
		if (!read_seqcount_retry(lb_seqcount_bare(&st->lock.seqcount), seq))
			return ret;
	}
}

static void seqx_init_one(struct lb_inst *inst, void *p)
{
	struct seqx_state *st = p;

	seqlock_init(&st->lock);
	shape_store(inst, &st->data, 0, NULL);
}

static int seqx_init(struct lb_inst *inst)
{
	return copy_alloc(inst, sizeof(struct seqx_state), seqx_init_one) ? 0 : -ENOMEM;
}

static void seqx_fini(struct lb_inst *inst)
{
	lb_state_free(inst);
}

COPY_READERS(seqx)

static void seqx_write_one(struct lb_inst *inst, void *p, const struct lb_mid *mid)
{
	struct seqx_state *st = p;
	unsigned long flags;

	write_seqlock_irqsave(&st->lock, flags);
	shape_store(inst, &st->data, ++st->gen, mid);	/* mid: inside the section */
	write_sequnlock_irqrestore(&st->lock, flags);
}

static void seqx_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	copy_write(inst, mid, seqx_write_one);
}

static const struct lb_variant v_seqlock_excl = {
	.init		= seqx_init,
	.fini		= seqx_fini,
	.read_batch	= seqx_read_batch,
	.check_batch	= seqx_check_batch,
	.write		= seqx_write,
	.read_irq	= seqx_read_irq,
	.nmi_safe	= true,	/* callable, and shown to deadlock (bounded) */
};
