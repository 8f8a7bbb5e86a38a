/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Variant "none": one copy, readers take no precaution at all.  The
 * negative control: with a concurrent writer it must show torn reads,
 * or the torn-read check itself is broken.
 */
#include <linux/kcsan-checks.h>
#include <linux/spinlock.h>

struct none_state {
	spinlock_t lock;	/* serialises writers only */
	u64 gen;
	struct shape_data data;
};

static __always_inline u64 none_section(void *p, struct shape_data *s, u64 in,
					unsigned int *loops, unsigned int limit,
					bool *gave_up, bool check)
{
	struct none_state *st = p;

	*loops = 1;
	/*
	 * To KCSAN these are what they are: plain, unsynchronised loads (each
	 * field is READ_ONCE() only so that it is loaded exactly once).  The
	 * debug check expects KCSAN to report this control, and only it.
	 * Compiles to nothing without CONFIG_KCSAN.
	 */
	kcsan_check_read(&st->data, sizeof(st->data));
	return copy_access(s, &st->data, in, check);
}

static void none_init_one(struct lb_inst *inst, void *p)
{
	struct none_state *st = p;

	spin_lock_init(&st->lock);
	shape_store(inst, &st->data, 0, NULL);
}

static int none_init(struct lb_inst *inst)
{
	return copy_alloc(inst, sizeof(struct none_state), none_init_one) ? 0 : -ENOMEM;
}

static void none_fini(struct lb_inst *inst)
{
	lb_state_free(inst);
}

COPY_READERS(none)

static void none_write_one(struct lb_inst *inst, void *p, const struct lb_mid *mid)
{
	struct none_state *st = p;

	spin_lock(&st->lock);
	shape_store(inst, &st->data, ++st->gen, mid);	/* mid: half written */
	spin_unlock(&st->lock);
}

static void none_write(struct lb_inst *inst, const struct lb_mid *mid)
{
	copy_write(inst, mid, none_write_one);
}

static const struct lb_variant v_none = {
	.init		= none_init,
	.fini		= none_fini,
	.read_batch	= none_read_batch,
	.check_batch	= none_check_batch,
	.write		= none_write,
	.read_irq	= none_read_irq,
	.nmi_safe	= true,
};
