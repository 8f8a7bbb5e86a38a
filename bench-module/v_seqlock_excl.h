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

/*
 * The state, its set-up, the writer and the bounded section are
 * "seqlock"'s (v_seqlock.h, included before this file in table order):
 * only the unbounded read differs.
 */
static __always_inline u64 seqx_section(void *p, struct shape_data *s, u64 in,
					unsigned int *loops, unsigned int limit,
					bool *gave_up, bool check)
{
	struct seqc_state *st = p;
	u64 ret;

	if (limit)
		return seqc_section(p, s, in, loops, limit, gave_up, check);
	*loops = 1;
	read_seqlock_excl(&st->lock);
	ret = copy_access(s, &st->data, in, check);
	read_sequnlock_excl(&st->lock);
	return ret;
}

COPY_READERS(seqx)

static const struct lb_variant v_seqlock_excl = {
	.init		= seqc_init,
	.fini		= seqc_fini,
	.read_batch	= seqx_read_batch,
	.check_batch	= seqx_check_batch,
	.write		= seqc_write,
	.read_irq	= seqx_read_irq,
	.nmi_safe	= true,	/* callable, and shown to deadlock (bounded) */
};
