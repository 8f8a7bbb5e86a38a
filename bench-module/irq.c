// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: the hardirq and NMI contexts.  Per reader CPU, a writer
 * kthread interrupts itself at its mid-write point (lb_mid(): between the
 * two latch halves, inside the seqcount write section, before the RCU
 * publish) with an NMI (lb_nmi_raise_self(): apic->send_IPI_mask(self,
 * NMI_VECTOR), an NMI_LOCAL handler that claims only our NMIs through a
 * per-CPU flag; none on UML, compat.h) or a hard irq_work, and the handler does one bounded read (read_irq).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kthread.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/string.h>
#include "harness.h"

/* dynamic: too big for the module's static per-CPU reserve */
struct lb_irqcpu __percpu *lb_irqcpu;
static bool lb_nmi_registered;
static enum lb_context lb_irq_ctx;

/*
 * Runs in the interrupt, on the writer's CPU.  The timed window is the read
 * alone: the bookkeeping comes after it, and the clock read's own cost --
 * one more clock read, right before the window -- is taken out of each read
 * (the window tc..t1 holds one clock read's worth of its own, as t0..tc
 * does): an empty read comes out near 0, and clock_ns says what was
 * subtracted.
 */
static void lb_irq_read(struct lb_irqcpu *ic)
{
	struct lb_irqread res = { 0 };
	bool mid = READ_ONCE(ic->in_write);
	u64 t0, tc, t1, clk, ns, v;

	t0 = lb_cycles();
	tc = lb_cycles();
	v = ic->var->read_irq(ic->inst, &res);
	t1 = lb_cycles();
	clk = tc - t0;
	ns = lb_cyc2ns(t1 - tc > clk ? t1 - tc - clk : 0);
	ic->delivered++;
	ic->deferral_ns += lb_cyc2ns(t0 - ic->t_raise);
	ic->clock_ns += lb_cyc2ns(clk);
	ic->reads++;
	ic->read_ns += ns;
	ic->hist[lb_hbucket(ns * LB_HSUB)]++;
	lb_ctr(&ic->rs, torn) += res.torn;
	if (!ic->var->init) {
		/* a real function's value: below this CPU's previous one? */
		lb_ctr(&ic->rs, backwards) += v < ic->rs.last;
		lb_mark(&ic->rs, backwards);
		ic->rs.last = v;
	}
	if (res.spins > ic->max_spin)
		ic->max_spin = res.spins;
	if (mid || !ic->var->write) {
		ic->mid += mid;
		if (res.deadlock)
			ic->deadlock++;
		else
			ic->completed++;
	}
	WRITE_ONCE(ic->done, 1);
}

static int lb_nmi_handler(unsigned int type, struct pt_regs *regs)
{
	struct lb_irqcpu *ic = this_cpu_ptr(lb_irqcpu);

	if (!READ_ONCE(ic->armed))
		return NMI_DONE;
	WRITE_ONCE(ic->armed, 0);
	lb_irq_read(ic);
	return NMI_HANDLED;
}

static void lb_irq_work_fn(struct irq_work *work)
{
	struct lb_irqcpu *ic = container_of(work, struct lb_irqcpu, work);

	if (!READ_ONCE(ic->armed))
		return;
	WRITE_ONCE(ic->armed, 0);
	lb_irq_read(ic);
}

/* The writer's mid-write hook: interrupt ourselves, here, now. */
static void lb_irq_fire(struct lb_inst *inst)
{
	struct lb_irqcpu *ic = this_cpu_ptr(lb_irqcpu);
	u64 start;

	WRITE_ONCE(ic->done, 0);
	WRITE_ONCE(ic->in_write, 1);
	ic->t_raise = lb_cycles();
	WRITE_ONCE(ic->armed, 1);
	barrier();
	if (lb_irq_ctx == LB_CTX_NMI)
		lb_nmi_raise_self();
	else
		irq_work_queue(&ic->work);
	/* Give it the chance to land while the write is open. */
	start = lb_now();
	while (!READ_ONCE(ic->done) && lb_now() - start < LB_LAND_NS)
		cpu_relax();
	WRITE_ONCE(ic->in_write, 0);
	barrier();
}

static const struct lb_mid lb_irq_mid = { .fn = lb_irq_fire };

/* The writer of a reader CPU: update, interrupted mid-write, at the period. */
int lb_irq_fn(void *arg)
{
	struct lb_thread *t = arg;
	const struct lb_cfg *cfg = t->ctl->cfg;
	struct lb_irqcpu *ic = this_cpu_ptr(lb_irqcpu);
	u64 end, t0, t1, start;

	wait_for_completion(&t->ctl->go);
	end = lb_cycles() + (u64)cfg->duration_ms * lb_khz;
	do {
		lb_write_start(t);
		t0 = lb_cycles();
		if (cfg->var->write)
			cfg->var->write(t->ctl->inst, &lb_irq_mid);
		else
			lb_irq_fire(t->ctl->inst);
		t1 = lb_cycles();
		t->wops++;
		t->wns += lb_cyc2ns(t1 - t0);
		/* a deferred interrupt lands now; wait for it, bounded */
		start = lb_now();
		while (!READ_ONCE(ic->done) && lb_now() - start < LB_DONE_NS)
			cpu_relax();
		if (!READ_ONCE(ic->done)) {
			WRITE_ONCE(ic->armed, 0);
			ic->lost++;
		}
		lb_wait_period(t, NULL);
		cond_resched();
	} while (lb_cycles() < end);
	atomic_dec(&t->ctl->readers_left);
	lb_thread_finish(t);
	return 0;
}

/* Before a run: each reader CPU's state, fresh. */
void lb_irq_setup(const struct lb_cfg *cfg, struct lb_inst *inst)
{
	unsigned int i;

	lb_irq_ctx = cfg->ctx;
	for (i = 0; i < cfg->readers; i++) {
		struct lb_irqcpu *ic;

		ic = per_cpu_ptr(lb_irqcpu, lb_nth_online_cpu(i));
		memset(ic, 0, sizeof(*ic));
		ic->inst = inst;
		ic->var = cfg->var;
		ic->work = IRQ_WORK_INIT_HARD(lb_irq_work_fn);
	}
}

/* After a run: no irq_work of ours is left pending. */
void lb_irq_sync(const struct lb_cfg *cfg)
{
	unsigned int i;

	for (i = 0; i < cfg->readers; i++)
		irq_work_sync(&per_cpu_ptr(lb_irqcpu, lb_nth_online_cpu(i))->work);
}

int lb_irq_init(void)
{
	int ret;

	lb_irqcpu = alloc_percpu(struct lb_irqcpu);
	if (!lb_irqcpu)
		return -ENOMEM;
	ret = lb_nmi_register(lb_nmi_handler);
	if (ret) {
		free_percpu(lb_irqcpu);
		lb_irqcpu = NULL;
		return ret;
	}
	lb_nmi_registered = true;
	return 0;
}

void lb_irq_exit(void)
{
	if (lb_nmi_registered)
		lb_nmi_unregister();
	lb_nmi_registered = false;
	free_percpu(lb_irqcpu);
	lb_irqcpu = NULL;
}
