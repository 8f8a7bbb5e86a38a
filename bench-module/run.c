// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: one run.  Runs one configuration (workload, variant,
 * context, readers, writers, writer period) nruns times, one CSV row per
 * run (rows.c): reader kthreads time batches of reads, writer kthreads
 * update at the period, each bound to its CPU.
 *
 * Timing uses the cheapest clock that is not itself under test
 * (compat.h: lb_arch_cycles()): the TSC on x86 (rdtsc_ordered, scaled by
 * tsc_khz), the generic timer's counter on arm64; under QEMU icount both
 * count virtual time, i.e. guest instructions.  User-Mode Linux has no
 * TSC clock: there it is ktime_get_mono_fast_ns().
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kthread.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/delay.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/ktime.h>
#include "harness.h"
#include "shape_clock.h"

DEFINE_MUTEX(lb_lock);
unsigned int lb_khz;

/* ---- clock ------------------------------------------------------------ */

noinline u64 lb_clock_read(void)
{
	return lb_clock_counter();
}

u64 lb_now_ns(void)
{
	return lb_now();
}

/* ---- helpers for variants --------------------------------------------- */

void *lb_state_alloc(struct lb_inst *inst, size_t size, bool percpu)
{
	if (percpu) {
		inst->pcpu = __alloc_percpu(size, SMP_CACHE_BYTES);
		return (void __force *)inst->pcpu;
	}
	inst->priv = kzalloc(size, GFP_KERNEL);
	return inst->priv;
}

void lb_state_free(struct lb_inst *inst)
{
	free_percpu(inst->pcpu);
	kfree(inst->priv);
	inst->pcpu = NULL;
	inst->priv = NULL;
}

/* ---- readers ------------------------------------------------------------ */

/* A timed batch's cycles into the totals and the histogram. */
static __always_inline void lb_account(struct lb_thread *t, u64 cyc, unsigned long n)
{
	u64 ns = lb_cyc2ns(cyc);

	t->ns += ns;
	t->ops += n;
	t->hist[lb_hbucket(div_u64(ns * LB_HSUB, n))]++;
}

/* One timed batch of n reads: its cycles, into the totals and the histogram. */
static u64 lb_timed_batch(struct lb_thread *t, const struct lb_variant *var, unsigned long n)
{
	u64 t0, t1;

	t0 = lb_cycles();
	t->sink += var->read_batch(t->ctl->inst, &t->rs, n);
	t1 = lb_cycles();
	lb_account(t, t1 - t0, n);
	return t1 - t0;
}

/*
 * test_stall_ns (a test, never a measurement): the same batch, stalled
 * inside its timed window, as a preempted or interrupted batch would be.
 * Its own function, so that lb_timed_batch()'s window stays as it is.
 */
static noinline u64 lb_stalled_batch(struct lb_thread *t, const struct lb_variant *var,
				     unsigned long n)
{
	u64 t0, t1;

	t0 = lb_cycles();
	t->sink += var->read_batch(t->ctl->inst, &t->rs, n);
	while (lb_cyc2ns(lb_cycles() - t0) < t->ctl->cfg->test_stall_ns)
		cpu_relax();
	t1 = lb_cycles();
	lb_account(t, t1 - t0, n);
	return t1 - t0;
}

/*
 * extra_work (make aa's A/B benchmark, never a measurement): the same batch,
 * then extra_work dependent steps per read inside its timed window: a known
 * amount of work on one side's read pass, its instructions counted exactly
 * under icount.  Its own function, as lb_stalled_batch().
 */
static noinline u64 lb_extra_batch(struct lb_thread *t, const struct lb_variant *var,
				   unsigned long n)
{
	u64 t0, t1, x = t->sink, steps = (u64)t->ctl->cfg->extra_work * n;

	t0 = lb_cycles();
	t->sink += var->read_batch(t->ctl->inst, &t->rs, n);
	for (; steps; steps--) {
		x = x * 3 + 1;
		OPTIMIZER_HIDE_VAR(x);
	}
	t1 = lb_cycles();
	t->sink += x;
	lb_account(t, t1 - t0, n);
	return t1 - t0;
}

/* A timed batch, interrupts off around it with irqoff (refscale's way) */
static u64 lb_batch(struct lb_thread *t, const struct lb_variant *var, unsigned long n,
		    bool stall)
{
	unsigned long flags = 0;
	u64 c;

	if (t->ctl->cfg->irqoff)
		local_irq_save(flags);
	c = stall ? lb_stalled_batch(t, var, n) :
	    t->ctl->cfg->extra_work ? lb_extra_batch(t, var, n) : lb_timed_batch(t, var, n);
	if (t->ctl->cfg->irqoff)
		local_irq_restore(flags);
	return c;
}

/* Keep one round's pair of batch times, thinning as described in harness.h. */
static void lb_keep(struct lb_thread *t, u64 c1, u64 c2)
{
	unsigned int i;

	if (t->round++ % t->stride)
		return;
	if (t->nsamp == LB_NSAMP) {
		for (i = 0; i < LB_NSAMP / 2; i++) {
			t->samp[0][i] = t->samp[0][2 * i];
			t->samp[1][i] = t->samp[1][2 * i];
		}
		t->nsamp = LB_NSAMP / 2;
		t->stride *= 2;
	}
	t->samp[0][t->nsamp] = c1;
	t->samp[1][t->nsamp] = c2;
	t->nsamp++;
}

/*
 * Untimed batches until *left reaches 0: the warm-up before the timed pass
 * and the cool-down after it (refscale's ref_scale_reader()), so that no
 * reader is timed while another is still starting or already idle.  Bounded
 * by the run's duration: a reader whose CPU does not run (QEMU's icount
 * scheduler can stop a vCPU for good while another spins: "Known limits"
 * in docs/accelerators.md) must not hold the others forever; the row
 * counts such waits (sync_timeouts).
 */
static void lb_untimed_until(struct lb_thread *t, const struct lb_variant *var, atomic_t *left)
{
	u64 end = lb_cycles() + (u64)t->ctl->cfg->duration_ms * lb_khz;
	unsigned int nb = 0;

	while (atomic_read_acquire(left) > 0) {
		if (lb_cycles() > end) {
			t->sync_timeouts++;
			return;
		}
		t->sink += var->read_batch(t->ctl->inst, &t->rs, t->ctl->cfg->batch);
		if (!(++nb & 7))
			schedule();
	}
}

/*
 * A reader: one untimed batch, checked in, untimed batches until every
 * reader has checked in (warm-up); then rounds of a timed batch of b reads,
 * a timed batch of 2b and an untimed checked batch of b (torn snapshots,
 * retries), until the run ends; then untimed batches until every reader
 * has ended (cool-down).  The fastest batch of each size gives the path per
 * read without the fixed cost of a batch or the interrupts that land in
 * one: (min T(2b) - min T(b)) / b, exact under icount when the path is
 * (path_ns_per_op).  The kept batches give the median (rows.c).
 */
static int lb_reader_fn(void *arg)
{
	struct lb_thread *t = arg;
	const struct lb_cfg *cfg = t->ctl->cfg;
	const struct lb_variant *var = cfg->var;
	unsigned long b = cfg->batch;
	unsigned int nb = 0;
	u64 end, c1, c2, seed;

	t->rs.seed = 0x9e3779b97f4a7c15ULL * (t->cpu + 1);
	t->min1 = U64_MAX;
	t->min2 = U64_MAX;
	t->stride = 1;
	wait_for_completion(&t->ctl->go);
	/* the warm-up leaves the key sequence of the timed pass as it was */
	seed = t->rs.seed;
	t->sink += var->read_batch(t->ctl->inst, &t->rs, b);
	atomic_dec(&t->ctl->warming);
	lb_untimed_until(t, var, &t->ctl->warming);
	t->rs.seed = seed;
	end = lb_cycles() + (u64)cfg->duration_ms * lb_khz;
	do {
		bool stall = cfg->test_stall_ns && !(t->round % LB_STALL_EVERY);

		c1 = lb_batch(t, var, b, stall);
		t->min1 = min(t->min1, c1);
		c2 = lb_batch(t, var, 2 * b, false);
		t->min2 = min(t->min2, c2);
		lb_keep(t, c1, c2);
		if (var->check_batch)
			t->sink += var->check_batch(t->ctl->inst, &t->rs, b);
		/*
		 * Between batches, outside the timed region: pass through the
		 * scheduler so RCU sees a quiescent state here.  A CPU-bound
		 * kthread on a non-preemptible kernel otherwise holds every
		 * grace period -- and every RCU-freeing writer -- for the run.
		 */
		if (!(++nb & 7))
			schedule();
	} while (lb_cycles() < end);
	atomic_dec(&t->ctl->readers_left);
	lb_untimed_until(t, var, &t->ctl->readers_left);
	lb_thread_finish(t);
	return 0;
}

/* ---- writers ------------------------------------------------------------ */

/*
 * write_dwell_ns: the writer stays this long at its variant's mid-write
 * point (latch: between the halves; seqcount: inside the write section;
 * rcu: filled, unpublished; none: half written).  A stress for the torn-read
 * check -- a reader landing in the window must still see a whole snapshot,
 * except from "none" -- never a measurement (lbstats refuses such rows).
 */
static void lb_dwell(struct lb_inst *inst)
{
	u64 t0 = lb_cycles();

	while (lb_cyc2ns(lb_cycles() - t0) < inst->cfg->write_dwell_ns)
		cpu_relax();
}

static const struct lb_mid lb_dwell_mid = { .fn = lb_dwell, .every_copy = true };

static int lb_writer_fn(void *arg)
{
	struct lb_thread *t = arg;
	const struct lb_cfg *cfg = t->ctl->cfg;
	const struct lb_mid *mid = cfg->write_dwell_ns ? &lb_dwell_mid : NULL;
	u64 t0, t1;

	wait_for_completion(&t->ctl->go);
	while (atomic_read(&t->ctl->readers_left) > 0) {
		lb_write_start(t);
		t0 = lb_cycles();
		cfg->var->write(t->ctl->inst, mid);
		t1 = lb_cycles();
		t->wops++;
		t->wns += lb_cyc2ns(t1 - t0);
		lb_wait_period(t, &t->ctl->readers_left);
		/*
		 * Like the readers, pass through the scheduler now and then:
		 * a back-to-back writer sharing a CPU with a reader otherwise
		 * holds it until the tick, and under QEMU icount it never let
		 * go at all (seen with 2 readers + 1 writer on 2 vCPUs).
		 */
		if (!(t->wops & 63))
			schedule();
		else
			cond_resched();
	}
	lb_thread_finish(t);
	return 0;
}

/* ---- one run ------------------------------------------------------------ */

static int lb_run_one(const struct lb_cfg *cfg, unsigned int run)
{
	bool irq = cfg->ctx != LB_CTX_TASK;
	unsigned int nthreads = cfg->readers + (irq ? 0 : cfg->writers);
	struct lb_ctl *ctl;
	struct lb_inst *inst;
	unsigned int i;
	int ret = 0, cpu;

	ctl = kzalloc(sizeof(*ctl), GFP_KERNEL);
	inst = kzalloc(sizeof(*inst), GFP_KERNEL);
	if (ctl)
		ctl->th = vzalloc(array_size(nthreads, sizeof(*ctl->th)));
	if (!ctl || !inst || !ctl->th) {
		ret = -ENOMEM;
		goto out_free;
	}
	inst->cfg = cfg;
	if (cfg->var->init) {
		ret = cfg->var->init(inst);
		if (ret)
			goto out_free;
	}
	ctl->cfg = cfg;
	ctl->inst = inst;
	init_completion(&ctl->go);
	init_completion(&ctl->done);
	atomic_set(&ctl->readers_left, cfg->readers);
	atomic_set(&ctl->warming, cfg->readers);

	if (irq)
		lb_irq_setup(cfg, inst);

	for (i = 0; i < nthreads; i++) {
		struct lb_thread *t = &ctl->th[i];
		int (*fn)(void *arg);

		t->ctl = ctl;
		t->reader = i < cfg->readers;
		if (t->reader) {
			cpu = lb_nth_online_cpu(i);
			fn = irq ? lb_irq_fn : lb_reader_fn;
		} else {
			unsigned int w = i - cfg->readers, ncpu = num_online_cpus();

			/* writers go to the CPUs readers leave free, if any */
			if (cfg->readers < ncpu)
				cpu = lb_nth_online_cpu(cfg->readers + w % (ncpu - cfg->readers));
			else
				cpu = lb_nth_online_cpu(w % ncpu);
			fn = lb_writer_fn;
		}
		t->cpu = cpu;
		t->task = kthread_create(fn, t, "lb/%s/%u", t->reader ? "r" : "w", i);
		if (IS_ERR(t->task)) {
			ret = PTR_ERR(t->task);
			t->task = NULL;
			break;
		}
		kthread_bind(t->task, cpu);
	}
	ctl->nthreads = i;
	atomic_set(&ctl->running, ctl->nthreads);
	if (ret) {
		/* never started: stop them before they wait for go */
		for (i = 0; i < ctl->nthreads; i++)
			kthread_stop(ctl->th[i].task);
		goto out_fini;
	}
	for (i = 0; i < ctl->nthreads; i++)
		wake_up_process(ctl->th[i].task);
	complete_all(&ctl->go);
	wait_for_completion(&ctl->done);
	for (i = 0; i < ctl->nthreads; i++)
		kthread_stop(ctl->th[i].task);
	lb_emit_row(cfg, run, ctl);

out_fini:
	if (irq)
		lb_irq_sync(cfg);
	if (cfg->var->fini)
		cfg->var->fini(inst);
out_free:
	if (ctl)
		vfree(ctl->th);
	kfree(ctl);
	kfree(inst);
	return ret;
}

/* Run one line ("key=value ...", NULL: the module parameters); lb_lock held. */
int lb_run_line(char *line)
{
	struct lb_cfg cfg;
	unsigned int run;
	int ret;

	ret = lb_cfg_from_line(line, &cfg);
	if (ret)
		return ret;
	for (run = 0; run < cfg.nruns; run++) {
		ret = lb_run_one(&cfg, run);
		if (ret) {
			pr_err("%s/%s run %u failed: %d\n", cfg.wl->name, cfg.vi->name, run, ret);
			return ret;
		}
	}
	return 0;
}
