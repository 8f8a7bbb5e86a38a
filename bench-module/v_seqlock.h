/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Variant "seqlock": one copy under a seqlock_t (seqcount + spinlock),
 * the writer with interrupts off, readers retrying -- tk_core's scheme.
 * A reader that interrupts its own writer spins on an odd count forever
 * (on PREEMPT_RT it would take the writer's sleeping lock from the
 * interrupt instead); the bounded section used from hardirq/NMI reads the
 * bare count (compat.h) and reports either as a deadlock.
 */
#include <linux/seqlock.h>
#include "compat.h"

struct seqc_state {
	seqlock_t lock;
	u64 gen;
	struct shape_data data;
};

static __always_inline u64 seqc_section(void *p, struct shape_data *s, u64 in,
					unsigned int *loops, unsigned int limit,
					bool *gave_up, bool check)
{
	struct seqc_state *st = p;
	unsigned int seq;
	u64 ret;

	if (!limit) {
		do {
			(*loops)++;
			seq = read_seqbegin(&st->lock);
			ret = copy_access(s, &st->data, in, check);
		} while (read_seqretry(&st->lock, seq));
		return ret;
	}
	/* Bounded: never wait on an odd count more than limit times. */
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

static void seqc_init_one(struct lb_inst *inst, void *p)
{
	struct seqc_state *st = p;

	seqlock_init(&st->lock);
	shape_store(inst, &st->data, 0, NULL);
}

static int seqc_init(struct lb_inst *inst)
{
	return copy_alloc(inst, sizeof(struct seqc_state), seqc_init_one) ? 0 : -ENOMEM;
}

static void seqc_fini(struct lb_inst *inst)
{
	lb_state_free(inst);
}

COPY_READERS(seqc)

static void seqc_write_one(struct lb_inst *inst, void *p, const struct lb_mid *mid)
{
	struct seqc_state *st = p;
	unsigned long flags;

	write_seqlock_irqsave(&st->lock, flags);
	shape_store(inst, &st->data, ++st->gen, mid);	/* mid: inside the section */
	write_sequnlock_irqrestore(&st->lock, flags);
}

static void seqc_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	copy_write(inst, mid, seqc_write_one);
}

static const struct lb_variant v_seqlock = {
	.init		= seqc_init,
	.fini		= seqc_fini,
	.read_batch	= seqc_read_batch,
	.check_batch	= seqc_check_batch,
	.write		= seqc_write,
	.read_irq	= seqc_read_irq,
	.nmi_safe	= true,	/* callable, and shown to deadlock (bounded) */
};
