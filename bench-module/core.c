// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: the harness.  Runs one configuration (workload, variant,
 * context, readers, writers, writer period) nruns times and appends one
 * CSV row per run to a buffer read through debugfs:
 *
 *   /sys/kernel/debug/latchbench/run      write "key=value ..." to run
 *   /sys/kernel/debug/latchbench/results  CSV header + rows; write to clear
 *   /sys/kernel/debug/latchbench/table    the workload x variant table
 *
 * Module parameters are the defaults every run starts from; a run line
 * overrides them.  Every value is checked; a bad one is refused with
 * -EINVAL and a pr_err naming the parameter and its valid range.
 *
 * Timing uses the TSC (rdtsc_ordered, scaled by tsc_khz): the cheapest
 * clock that is not itself under test.  Under QEMU icount it counts
 * guest instructions.  User-Mode Linux has no TSC clock: there it is
 * ktime_get_mono_fast_ns() (compat.h: lb_arch_cycles()).
 *
 *   /sys/kernel/debug/latchbench/absent   what this build lacks, and why
 *   (what,name,reason: a context or workload; table.c's lb_absent)
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kthread.h>
#include <linux/debugfs.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/delay.h>
#include <linux/completion.h>
#include <linux/percpu.h>
#include <linux/irq_work.h>
#include <linux/utsname.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/math64.h>
#include <linux/uaccess.h>
#include "lb.h"
#include "shape_clock.h"

#define LB_NAME_MAX	32
#define LB_BUF_SIZE	(1 << 20)
#define LB_RUN_MAX	512
#define LB_LAND_NS	5000	/* how long a writer waits for its interrupt */
#define LB_DONE_NS	50000000 /* an interrupt not handled by then is lost */

/* ---- parameters ------------------------------------------------------ */

static char *workload = "tkfast";
module_param(workload, charp, 0444);
MODULE_PARM_DESC(workload, "workload: tkfast schedclock cyc2ns latchtree or a kernel function (see debugfs table)");
static char *variant = "latch";
module_param(variant, charp, 0444);
MODULE_PARM_DESC(variant, "variant of the workload (see debugfs table)");
static char *context = "task";
module_param(context, charp, 0444);
MODULE_PARM_DESC(context, "reader context: task hardirq nmi");
static long readers = 1;
module_param(readers, long, 0444);
MODULE_PARM_DESC(readers, "reader threads, one per CPU (1..online CPUs)");
static long writers;
module_param(writers, long, 0444);
MODULE_PARM_DESC(writers, "writer threads (0..64)");
static long writer_period_ns;
module_param(writer_period_ns, long, 0444);
MODULE_PARM_DESC(writer_period_ns, "ns between writer updates, 0 = as fast as possible (0..1000000000)");
static long write_dwell_ns;
module_param(write_dwell_ns, long, 0444);
MODULE_PARM_DESC(write_dwell_ns, "stress, not a measurement: each update dwells this long at its mid-write point (0..100000)");
static long nruns = 1;
module_param(nruns, long, 0444);
MODULE_PARM_DESC(nruns, "runs per configuration, one CSV row each (1..1000)");
static long duration_ms = 100;
module_param(duration_ms, long, 0444);
MODULE_PARM_DESC(duration_ms, "length of one run in ms (1..60000)");
static long batch = 1000;
module_param(batch, long, 0444);
MODULE_PARM_DESC(batch, "reads per timed batch (1..1000000)");
static long tree_nodes = 64;
module_param(tree_nodes, long, 0444);
MODULE_PARM_DESC(tree_nodes, "latchtree: number of ranges (1..65536)");
static long spin_limit = 10000;
module_param(spin_limit, long, 0444);
MODULE_PARM_DESC(spin_limit, "hardirq/nmi: passes before a reader gives up as would_deadlock (1..10000000)");
static char *accel = "unknown";
module_param(accel, charp, 0444);
MODULE_PARM_DESC(accel, "accelerator tag for the CSV: kvm tcg icount (1..15 chars [a-z0-9-])");
static bool autorun;
module_param(autorun, bool, 0444);
MODULE_PARM_DESC(autorun, "run the configuration given by the parameters at load time");

struct lb_params {
	char workload[LB_NAME_MAX];
	char variant[LB_NAME_MAX];
	char context[LB_NAME_MAX];
	long long readers, writers, writer_period_ns, nruns, duration_ms;
	long long batch, tree_nodes, spin_limit, write_dwell_ns;
	bool period_none;
};

struct lb_num {
	const char *name;
	size_t off;
	long long min, max;
};

#define LB_NUM(_n, _min, _max) { #_n, offsetof(struct lb_params, _n), _min, _max }

static const struct lb_num lb_nums[] = {
	LB_NUM(readers, 1, INT_MAX),	/* and <= online CPUs */
	LB_NUM(writers, 0, 64),
	LB_NUM(writer_period_ns, 0, NSEC_PER_SEC),
	LB_NUM(nruns, 1, 1000),
	LB_NUM(duration_ms, 1, 60000),
	LB_NUM(batch, 1, 1000000),
	LB_NUM(tree_nodes, 1, 65536),
	LB_NUM(spin_limit, 1, 10000000),
	LB_NUM(write_dwell_ns, 0, 100000),
};

/*
 * The preemption model the kernel was built with.  A PREEMPT_DYNAMIC
 * kernel may run another one (see /sys/kernel/debug/sched/preempt); our
 * guest kernels are built without it.  PREEMPT_LAZY (6.13 on) is a model
 * of its own, not PREEMPT; on 7.2 PREEMPT_RT sits on top of full or lazy.
 */
static const char *lb_preempt_model(void)
{
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		return "rt";
	if (IS_ENABLED(CONFIG_PREEMPT_DYNAMIC))
		return "dynamic";
	if (IS_ENABLED(CONFIG_PREEMPT_LAZY))
		return "lazy";
	if (IS_ENABLED(CONFIG_PREEMPT))
		return "full";
	if (IS_ENABLED(CONFIG_PREEMPT_VOLUNTARY))
		return "voluntary";
	return "none";
}

static const char *const lb_ctx_names[LB_NR_CTX] = { "task", "hardirq", "nmi" };

/* ---- clock ------------------------------------------------------------ */

noinline u64 lb_clock_read(void)
{
	return lb_tsc_read();
}

static __always_inline u64 lb_cycles(void)
{
	return lb_arch_cycles();
}

/*
 * TSC kHz used to turn cycles into ns: tsc_khz, except under icount, where
 * QEMU's TSC counts virtual ns and a virtual ns is one guest instruction
 * (-icount shift=0): the kernel's calibration against the PIT there says
 * 999.993 MHz or so, a few ppm that would blur exact instruction counts.
 */
static unsigned int lb_khz;

static __always_inline u64 lb_cyc2ns(u64 cyc)
{
	return mul_u64_u32_div(cyc, 1000000, lb_khz);
}

u64 lb_now_ns(void)
{
	return lb_cyc2ns(lb_cycles());
}

/* ---- histogram: log-linear, 16 steps per power of two ----------------- */

#define LB_HSUB		16
#define LB_HBUCKETS	(44 * LB_HSUB)	/* up to 2^44/16 ns per op */

/* v is ns/op in 1/16 ns units */
static unsigned int lb_hbucket(u64 v)
{
	unsigned int e;

	if (v < LB_HSUB)
		return v;
	e = fls64(v) - 1;		/* >= 4 */
	return min_t(unsigned int, (e - 3) * LB_HSUB + ((v >> (e - 4)) & (LB_HSUB - 1)),
		     LB_HBUCKETS - 1);
}

static u64 lb_hvalue(unsigned int b)
{
	unsigned int e;

	if (b < LB_HSUB)
		return b;
	e = b / LB_HSUB + 3;
	return (1ULL << e) | ((u64)(b % LB_HSUB) << (e - 4));
}

static u64 lb_hpct(const u64 *h, unsigned int pct)
{
	u64 total = 0, want, seen = 0;
	unsigned int b;

	for (b = 0; b < LB_HBUCKETS; b++)
		total += h[b];
	if (!total)
		return 0;
	want = div_u64(total * pct + 99, 100);
	for (b = 0; b < LB_HBUCKETS; b++) {
		seen += h[b];
		if (seen >= want)
			return lb_hvalue(b);
	}
	return lb_hvalue(LB_HBUCKETS - 1);
}

/* ---- results buffer ---------------------------------------------------- */

static DEFINE_MUTEX(lb_lock);		/* runs and the buffer */
static char *lb_buf;
static size_t lb_len;

static const char lb_header[] =
	"kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,read_ops,ns_per_op,p50_ns,p99_ns,retries,torn,write_ops,ns_per_write,interrupts_delivered,interrupted_mid_write,completed,would_deadlock,max_spin,deferral_ns,preempt,write_dwell_ns,path_ns_per_op\n";

static __printf(1, 2) int lb_emit(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(lb_buf + lb_len, LB_BUF_SIZE - lb_len, fmt, ap);
	va_end(ap);
	if (n >= LB_BUF_SIZE - lb_len) {
		lb_buf[lb_len] = '\0';
		return -ENOSPC;
	}
	lb_len += n;
	return 0;
}

/* "12.345": a ratio with three decimals, in integer arithmetic */
struct lb_dec {
	u64 ip;
	u32 frac;
};

static struct lb_dec lb_ratio(u64 num, u64 den)
{
	struct lb_dec d = { 0, 0 };
	u64 milli;

	if (!den)
		return d;
	milli = div64_u64(num * 1000 + den / 2, den);
	d.ip = div_u64_rem(milli, 1000, &d.frac);
	return d;
}

/* ---- per-run state ---------------------------------------------------- */

struct lb_thread {
	struct task_struct *task;
	struct lb_ctl *ctl;
	int cpu;
	bool reader;
	struct lb_rstat rs;
	u64 ops, ns, sink;
	u64 min1, min2;		/* fastest timed batch of batch, of 2 * batch reads (cycles) */
	u64 wops, wns;
	u64 hist[LB_HBUCKETS];
};

struct lb_ctl {
	const struct lb_cfg *cfg;
	struct lb_inst *inst;
	struct completion go;
	struct completion done;
	atomic_t running;
	atomic_t readers_left;
	unsigned int nthreads;
	struct lb_thread *th;
};

/* Per-CPU state of the hardirq/NMI contexts. */
struct lb_irqcpu {
	struct lb_inst *inst;
	const struct lb_variant *var;
	struct irq_work work;
	int armed;		/* an interrupt of ours is on its way */
	int in_write;		/* the writer sits at its mid-write point */
	int done;
	u64 t_raise;
	/* results */
	u64 delivered, mid, completed, deadlock, reads, read_ns, torn;
	u64 max_spin, deferral_ns, lost;
	u64 hist[LB_HBUCKETS];
};

/* dynamic: too big for the module's static per-CPU reserve */
static struct lb_irqcpu __percpu *lb_irqcpu;
static bool lb_nmi_registered;

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

/* ---- threads ----------------------------------------------------------- */

static void lb_thread_finish(struct lb_thread *t)
{
	if (atomic_dec_and_test(&t->ctl->running))
		complete(&t->ctl->done);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
}

/* One timed batch of n reads: its cycles, into the totals and the histogram. */
static u64 lb_timed_batch(struct lb_thread *t, const struct lb_variant *var, unsigned long n)
{
	u64 t0, t1, ns;

	t0 = lb_cycles();
	t->sink += var->read_batch(t->ctl->inst, &t->rs, n);
	t1 = lb_cycles();
	ns = lb_cyc2ns(t1 - t0);
	t->ns += ns;
	t->ops += n;
	t->hist[lb_hbucket(div_u64(ns * LB_HSUB, n))]++;
	return t1 - t0;
}

/*
 * A reader: rounds of a timed batch of b reads, a timed batch of 2b and an
 * untimed checked batch of b (torn snapshots, retries), until the run ends.
 * The fastest batch of each size gives the path per read without the fixed
 * cost of a batch or the interrupts that land in one: (min T(2b) - min T(b))
 * / b, exact under icount when the path is (path_ns_per_op).
 */
static int lb_reader_fn(void *arg)
{
	struct lb_thread *t = arg;
	const struct lb_cfg *cfg = t->ctl->cfg;
	const struct lb_variant *var = cfg->var;
	unsigned long b = cfg->batch;
	unsigned int nb = 0;
	u64 end;

	t->rs.seed = 0x9e3779b97f4a7c15ULL * (t->cpu + 1);
	t->min1 = U64_MAX;
	t->min2 = U64_MAX;
	wait_for_completion(&t->ctl->go);
	end = lb_cycles() + (u64)cfg->duration_ms * lb_khz;
	do {
		t->min1 = min(t->min1, lb_timed_batch(t, var, b));
		t->min2 = min(t->min2, lb_timed_batch(t, var, 2 * b));
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
	lb_thread_finish(t);
	return 0;
}

static void lb_wait_period(const struct lb_cfg *cfg, u64 t0, atomic_t *left)
{
	u64 period = cfg->writer_period_ns, now;

	if (!period)
		return;
	if (period >= 100 * NSEC_PER_USEC) {
		unsigned long us = div_u64(period, NSEC_PER_USEC);

		usleep_range(us, us + us / 16 + 1);
		return;
	}
	do {
		cpu_relax();
		now = lb_now_ns();
	} while (now - t0 < period && (!left || atomic_read(left) > 0));
}

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
		t0 = lb_cycles();
		cfg->var->write(t->ctl->inst, mid);
		t1 = lb_cycles();
		t->wops++;
		t->wns += lb_cyc2ns(t1 - t0);
		lb_wait_period(cfg, lb_cyc2ns(t0), &t->ctl->readers_left);
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

/* ---- hardirq / NMI ------------------------------------------------------ */

/* Runs in the interrupt, on the writer's CPU. */
static void lb_irq_read(struct lb_irqcpu *ic)
{
	struct lb_irqread res = { 0 };
	bool mid = READ_ONCE(ic->in_write);
	u64 t0, t1, ns;

	t0 = lb_cycles();
	ic->delivered++;
	ic->deferral_ns += lb_cyc2ns(t0 - ic->t_raise);
	ic->var->read_irq(ic->inst, &res);
	t1 = lb_cycles();
	ns = lb_cyc2ns(t1 - t0);
	ic->reads++;
	ic->read_ns += ns;
	ic->hist[lb_hbucket(ns * LB_HSUB)]++;
	ic->torn += res.torn;
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

static enum lb_context lb_irq_ctx;

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
	start = lb_now_ns();
	while (!READ_ONCE(ic->done) && lb_now_ns() - start < LB_LAND_NS)
		cpu_relax();
	WRITE_ONCE(ic->in_write, 0);
	barrier();
}

static const struct lb_mid lb_irq_mid = { .fn = lb_irq_fire };

static int lb_irq_fn(void *arg)
{
	struct lb_thread *t = arg;
	const struct lb_cfg *cfg = t->ctl->cfg;
	struct lb_irqcpu *ic = this_cpu_ptr(lb_irqcpu);
	u64 end, t0, t1, start;

	wait_for_completion(&t->ctl->go);
	end = lb_cycles() + (u64)cfg->duration_ms * lb_khz;
	do {
		t0 = lb_cycles();
		if (cfg->var->write)
			cfg->var->write(t->ctl->inst, &lb_irq_mid);
		else
			lb_irq_fire(t->ctl->inst);
		t1 = lb_cycles();
		t->wops++;
		t->wns += lb_cyc2ns(t1 - t0);
		/* a deferred interrupt lands now; wait for it, bounded */
		start = lb_now_ns();
		while (!READ_ONCE(ic->done) && lb_now_ns() - start < LB_DONE_NS)
			cpu_relax();
		if (!READ_ONCE(ic->done)) {
			WRITE_ONCE(ic->armed, 0);
			ic->lost++;
		}
		lb_wait_period(cfg, lb_cyc2ns(t0), NULL);
		cond_resched();
	} while (lb_cycles() < end);
	atomic_dec(&t->ctl->readers_left);
	lb_thread_finish(t);
	return 0;
}

/* ---- one run ------------------------------------------------------------ */

static int lb_nth_online_cpu(unsigned int n)
{
	int cpu;

	for_each_online_cpu(cpu)
		if (!n--)
			return cpu;
	return -1;
}

static void lb_emit_row(const struct lb_cfg *cfg, unsigned int run, struct lb_ctl *ctl)
{
	u64 ops = 0, ns = 0, retries = 0, torn = 0, wops = 0, wns = 0, path = U64_MAX;
	u64 *hist = kcalloc(LB_HBUCKETS, sizeof(u64), GFP_KERNEL);
	struct lb_dec per_op, p50, p99, per_w;
	char period[24], wcol[32], irqcols[160], torncol[24], pathcol[32];
	unsigned int i, b;
	bool irq = cfg->ctx != LB_CTX_TASK;
	int cpu;

	if (!hist)
		return;
	for (i = 0; i < ctl->nthreads; i++) {
		struct lb_thread *t = &ctl->th[i];

		ops += t->ops;
		ns += t->ns;
		retries += t->rs.retries;
		torn += t->rs.torn;
		wops += t->wops;
		wns += t->wns;
		for (b = 0; b < LB_HBUCKETS; b++)
			hist[b] += t->hist[b];
		/* the fastest reader's (min T(2b) - min T(b)); see lb_reader_fn() */
		if (t->reader && t->min2 != U64_MAX && t->min1 != U64_MAX && t->min2 >= t->min1)
			path = min(path, t->min2 - t->min1);
	}
	pathcol[0] = '\0';
	if (!irq && path != U64_MAX) {
		struct lb_dec pp = lb_ratio(lb_cyc2ns(path), cfg->batch);

		scnprintf(pathcol, sizeof(pathcol), "%llu.%03u", pp.ip, pp.frac);
	}
	irqcols[0] = '\0';
	if (irq) {
		u64 dl = 0, mid = 0, comp = 0, dead = 0, maxs = 0, defer = 0;

		for (i = 0; i < ctl->nthreads; i++) {
			struct lb_irqcpu *ic;

			cpu = ctl->th[i].cpu;
			ic = per_cpu_ptr(lb_irqcpu, cpu);
			dl += ic->delivered;
			mid += ic->mid;
			comp += ic->completed;
			dead += ic->deadlock;
			maxs = max(maxs, ic->max_spin);
			defer += ic->deferral_ns;
			ops += ic->reads;
			ns += ic->read_ns;
			torn += ic->torn;
			retries += 0;
			for (b = 0; b < LB_HBUCKETS; b++)
				hist[b] += ic->hist[b];
		}
		scnprintf(irqcols, sizeof(irqcols), "%llu,%llu,%llu,%llu,%llu,%llu",
			  dl, mid, comp, dead, maxs, dl ? div64_u64(defer, dl) : 0);
	} else {
		strscpy(irqcols, ",,,,,", sizeof(irqcols));
	}
	per_op = lb_ratio(ns, ops);
	p50 = lb_ratio(lb_hpct(hist, 50), LB_HSUB);
	p99 = lb_ratio(lb_hpct(hist, 99), LB_HSUB);
	if (cfg->writers || irq) {
		per_w = lb_ratio(wns, wops);
		scnprintf(period, sizeof(period), "%lld", cfg->writer_period_ns);
		scnprintf(wcol, sizeof(wcol), "%llu,%llu.%03u", wops, per_w.ip, per_w.frac);
	} else {
		strscpy(period, "none", sizeof(period));
		strscpy(wcol, "0,", sizeof(wcol));
	}
	if (cfg->var->init)
		scnprintf(torncol, sizeof(torncol), "%llu", torn);
	else
		torncol[0] = '\0';	/* real kernel functions: no invariant */
	if (lb_emit("%s,%s,%u,%s,%s,%s,%u,%u,%s,%u,%llu,%llu.%03u,%llu.%03u,%llu.%03u,%llu,%s,%s,%s,%s,%u,%s\n",
		    init_utsname()->release, accel, num_online_cpus(), cfg->wl->name,
		    cfg->var->name, lb_ctx_names[cfg->ctx], cfg->readers,
		    irq ? 1 : cfg->writers, period, run, ops, per_op.ip, per_op.frac,
		    p50.ip, p50.frac, p99.ip, p99.frac, retries, torncol, wcol, irqcols,
		    lb_preempt_model(), cfg->write_dwell_ns, pathcol))
		pr_err("results buffer full: read and clear debugfs latchbench/results\n");
	kfree(hist);
}

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

	if (irq) {
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
	if (irq) {
		for (i = 0; i < cfg->readers; i++)
			irq_work_sync(&per_cpu_ptr(lb_irqcpu, lb_nth_online_cpu(i))->work);
	}
	if (cfg->var->fini)
		cfg->var->fini(inst);
out_free:
	if (ctl)
		vfree(ctl->th);
	kfree(ctl);
	kfree(inst);
	return ret;
}

/* ---- configuration: lookup and validation ----------------------------- */

static const struct lb_workload *lb_find_workload(const char *name)
{
	const struct lb_workload *const *w;

	for (w = lb_workloads; *w; w++)
		if (!strcmp((*w)->name, name))
			return *w;
	return NULL;
}

static const struct lb_variant *lb_find_variant(const struct lb_workload *wl, const char *name)
{
	const struct lb_variant *const *v;

	for (v = wl->variants; *v; v++)
		if (!strcmp((*v)->name, name))
			return *v;
	return NULL;
}

static void lb_list_names(char *buf, size_t len, const struct lb_workload *wl)
{
	const struct lb_workload *const *w;
	const struct lb_variant *const *v;
	size_t n = 0;

	buf[0] = '\0';
	if (wl) {
		for (v = wl->variants; *v; v++)
			n += scnprintf(buf + n, len - n, "%s%s", n ? " " : "", (*v)->name);
		return;
	}
	for (w = lb_workloads; *w; w++)
		n += scnprintf(buf + n, len - n, "%s%s", n ? " " : "", (*w)->name);
}

/* Why this build lacks WHAT NAME (lb_absent), or NULL when it does not. */
static const char *lb_absent_why(const char *what, const char *name)
{
	const struct lb_absent *a;

	for (a = lb_absent; a->what; a++)
		if (!strcmp(a->what, what) && !strcmp(a->name, name))
			return a->why;
	return NULL;
}

static int lb_check_cfg(const struct lb_params *p, struct lb_cfg *cfg)
{
	unsigned int ncpu = num_online_cpus();
	char names[512];
	unsigned int i;

	cfg->wl = lb_find_workload(p->workload);
	if (!cfg->wl) {
		lb_list_names(names, sizeof(names), NULL);
		pr_err("workload='%s' unknown (valid: %s)%s\n", p->workload, names, LB_LEFT_OUT);
		return -EINVAL;
	}
	cfg->var = lb_find_variant(cfg->wl, p->variant);
	if (!cfg->var) {
		lb_list_names(names, sizeof(names), cfg->wl);
		pr_err("variant='%s' unknown for workload %s (valid: %s)\n",
		       p->variant, cfg->wl->name, names);
		return -EINVAL;
	}
	for (i = 0; i < LB_NR_CTX; i++)
		if (!strcmp(p->context, lb_ctx_names[i]))
			break;
	if (i == LB_NR_CTX) {
		pr_err("context='%s' unknown (valid: task hardirq nmi)\n", p->context);
		return -EINVAL;
	}
	if (lb_absent_why("context", p->context)) {
		pr_err("context=%s absent from this build: %s\n", p->context,
		       lb_absent_why("context", p->context));
		return -EINVAL;
	}
	cfg->ctx = i;
	for (i = 0; i < ARRAY_SIZE(lb_nums); i++) {
		const struct lb_num *n = &lb_nums[i];
		long long v = *(long long *)((char *)p + n->off);

		if (n->off == offsetof(struct lb_params, writer_period_ns) && p->period_none)
			continue;
		if (v < n->min || v > n->max) {
			pr_err("%s=%lld out of range (valid: %lld..%lld)\n",
			       n->name, v, n->min, n->max);
			return -EINVAL;
		}
	}
	if (p->readers > ncpu) {
		pr_err("readers=%lld out of range (valid: 1..%u, the online CPUs)\n",
		       p->readers, ncpu);
		return -EINVAL;
	}
	if (!cfg->var->write && p->writers) {
		pr_err("writers=%lld invalid for %s/%s (valid: 0; its writer is the kernel itself)\n",
		       p->writers, cfg->wl->name, cfg->var->name);
		return -EINVAL;
	}
	if (cfg->ctx != LB_CTX_TASK) {
		if (!cfg->var->nmi_safe && cfg->ctx == LB_CTX_NMI) {
			pr_err("context=nmi invalid for %s (valid: task hardirq; it is not NMI-safe)\n",
			       cfg->wl->name);
			return -EINVAL;
		}
		if (p->writers > 1) {
			pr_err("writers=%lld invalid for context=%s (valid: 0..1; each reader CPU runs its own writer)\n",
			       p->writers, p->context);
			return -EINVAL;
		}
	}
	if (p->period_none && p->writers) {
		pr_err("writer_period_ns=none invalid with writers=%lld (valid: 0..%lu)\n",
		       p->writers, NSEC_PER_SEC);
		return -EINVAL;
	}
	if (p->write_dwell_ns && (cfg->ctx != LB_CTX_TASK || !p->writers)) {
		pr_err("write_dwell_ns=%lld invalid with context=%s writers=%lld (valid: 0; only task-context writers dwell)\n",
		       p->write_dwell_ns, p->context, p->writers);
		return -EINVAL;
	}
	cfg->readers = p->readers;
	cfg->writers = cfg->ctx == LB_CTX_TASK ? p->writers : 0;
	cfg->writer_period_ns = p->period_none ? 0 : p->writer_period_ns;
	cfg->nruns = p->nruns;
	cfg->duration_ms = p->duration_ms;
	cfg->batch = p->batch;
	cfg->tree_nodes = p->tree_nodes;
	cfg->spin_limit = p->spin_limit;
	cfg->write_dwell_ns = p->write_dwell_ns;
	return 0;
}

static int lb_copy_name(char *dst, const char *src, const char *param)
{
	if (!src || !*src || strlen(src) >= LB_NAME_MAX) {
		pr_err("%s='%.40s%s' invalid (valid: a name of 1..%d characters)\n",
		       param, src ? src : "", src && strlen(src) > 40 ? "..." : "",
		       LB_NAME_MAX - 1);
		return -EINVAL;
	}
	strscpy(dst, src, LB_NAME_MAX);
	return 0;
}

static int lb_defaults(struct lb_params *p)
{
	int ret;

	memset(p, 0, sizeof(*p));
	ret = lb_copy_name(p->workload, workload, "workload");
	ret = ret ?: lb_copy_name(p->variant, variant, "variant");
	ret = ret ?: lb_copy_name(p->context, context, "context");
	if (ret)
		return ret;
	p->readers = readers;
	p->writers = writers;
	p->writer_period_ns = writer_period_ns;
	p->nruns = nruns;
	p->duration_ms = duration_ms;
	p->batch = batch;
	p->tree_nodes = tree_nodes;
	p->spin_limit = spin_limit;
	p->write_dwell_ns = write_dwell_ns;
	return 0;
}

/* Apply one "key=value" from a run line. */
static int lb_set(struct lb_params *p, char *key, char *val)
{
	unsigned int i;

	if (!val) {
		pr_err("'%.40s' has no value (expected key=value)\n", key);
		return -EINVAL;
	}
	if (!strcmp(key, "workload"))
		return lb_copy_name(p->workload, val, key);
	if (!strcmp(key, "variant"))
		return lb_copy_name(p->variant, val, key);
	if (!strcmp(key, "context"))
		return lb_copy_name(p->context, val, key);
	if (!strcmp(key, "writer_period_ns") && !strcmp(val, "none")) {
		p->period_none = true;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(lb_nums); i++) {
		long long *dst = (long long *)((char *)p + lb_nums[i].off);

		if (strcmp(key, lb_nums[i].name))
			continue;
		if (kstrtoll(val, 0, dst)) {
			pr_err("%s='%.40s' is not a number (valid: %lld..%lld)\n",
			       key, val, lb_nums[i].min, lb_nums[i].max);
			return -EINVAL;
		}
		if (!strcmp(key, "writer_period_ns"))
			p->period_none = false;
		return 0;
	}
	pr_err("unknown parameter '%.40s' (valid: workload variant context readers writers writer_period_ns nruns duration_ms batch tree_nodes spin_limit write_dwell_ns)\n",
	       key);
	return -EINVAL;
}

static int lb_run_line(char *line)
{
	struct lb_params p;
	struct lb_cfg cfg;
	char *tok, *eq;
	unsigned int run;
	int ret;

	ret = lb_defaults(&p);
	if (ret)
		return ret;
	while ((tok = strsep(&line, " \t\n")) != NULL) {
		if (!*tok)
			continue;
		eq = strchr(tok, '=');
		if (eq)
			*eq++ = '\0';
		ret = lb_set(&p, tok, eq);
		if (ret)
			return ret;
	}
	ret = lb_check_cfg(&p, &cfg);
	if (ret)
		return ret;
	for (run = 0; run < cfg.nruns; run++) {
		ret = lb_run_one(&cfg, run);
		if (ret) {
			pr_err("%s/%s run %u failed: %d\n", cfg.wl->name, cfg.var->name, run, ret);
			return ret;
		}
	}
	return 0;
}

/* ---- debugfs ------------------------------------------------------------ */

static struct dentry *lb_dir;

static ssize_t lb_run_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	char *line;
	int ret;

	if (count >= LB_RUN_MAX) {
		pr_err("run line of %zu bytes too long (valid: < %d)\n", count, LB_RUN_MAX);
		return -EINVAL;
	}
	line = memdup_user_nul(ubuf, count);
	if (IS_ERR(line))
		return PTR_ERR(line);
	mutex_lock(&lb_lock);
	ret = lb_run_line(line);
	mutex_unlock(&lb_lock);
	kfree(line);
	return ret ? ret : count;
}

static ssize_t lb_results_read(struct file *file, char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	size_t hlen = sizeof(lb_header) - 1;
	ssize_t ret = 0;
	loff_t pos = *ppos;

	mutex_lock(&lb_lock);
	if (pos < hlen) {
		ret = simple_read_from_buffer(ubuf, count, &pos, lb_header, hlen);
		if (ret < 0)
			goto out;
	}
	if (pos >= hlen && ret < count) {
		loff_t bpos = pos - hlen;
		ssize_t n = simple_read_from_buffer(ubuf + ret, count - ret, &bpos,
						    lb_buf, lb_len);
		if (n < 0) {
			ret = ret ? ret : n;
			goto out;
		}
		ret += n;
		pos = bpos + hlen;
	}
	*ppos = pos;
out:
	mutex_unlock(&lb_lock);
	return ret;
}

static ssize_t lb_results_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	mutex_lock(&lb_lock);
	lb_len = 0;
	lb_buf[0] = '\0';
	mutex_unlock(&lb_lock);
	return count;
}

static int lb_table_show(struct seq_file *m, void *v)
{
	const struct lb_workload *const *w;
	const struct lb_variant *const *var;

	seq_puts(m, "workload,variant,has_writer,nmi_safe\n");
	for (w = lb_workloads; *w; w++)
		for (var = (*w)->variants; *var; var++)
			seq_printf(m, "%s,%s,%d,%d\n", (*w)->name, (*var)->name,
				   !!(*var)->write, (*var)->nmi_safe);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(lb_table);

static int lb_absent_show(struct seq_file *m, void *v)
{
	const struct lb_absent *a;

	seq_puts(m, "what,name,reason\n");
	for (a = lb_absent; a->what; a++)
		seq_printf(m, "%s,%s,%s\n", a->what, a->name, a->why);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(lb_absent);

static const struct file_operations lb_run_fops = {
	.owner = THIS_MODULE,
	.write = lb_run_write,
	.llseek = noop_llseek,
};

static const struct file_operations lb_results_fops = {
	.owner = THIS_MODULE,
	.read = lb_results_read,
	.write = lb_results_write,
	.llseek = default_llseek,
};

/* ---- module ------------------------------------------------------------- */

static int lb_check_accel(const char *s)
{
	size_t i, n = s ? strlen(s) : 0;

	if (n < 1 || n > 15)
		goto bad;
	for (i = 0; i < n; i++)
		if (!islower(s[i]) && !isdigit(s[i]) && s[i] != '-')
			goto bad;
	return 0;
bad:
	pr_err("accel='%.40s' invalid (valid: 1..15 characters of [a-z0-9-])\n", s ? s : "");
	return -EINVAL;
}

static int __init lb_init(void)
{
	struct lb_params p;
	struct lb_cfg cfg;
	int ret;

	if (!lb_arch_khz()) {
		pr_err("no TSC frequency (tsc_khz=0): the harness clock is the TSC\n");
		return -ENODEV;
	}
	ret = lb_check_accel(accel);
	if (ret)
		return ret;
	lb_khz = strcmp(accel, "icount") ? lb_arch_khz() : 1000000;
	ret = lb_defaults(&p);
	ret = ret ?: lb_check_cfg(&p, &cfg);
	if (ret)
		return ret;
	lb_buf = vzalloc(LB_BUF_SIZE);
	lb_irqcpu = alloc_percpu(struct lb_irqcpu);
	if (!lb_buf || !lb_irqcpu) {
		ret = -ENOMEM;
		goto err;
	}
	ret = lb_nmi_register(lb_nmi_handler);
	if (ret)
		goto err;
	lb_nmi_registered = true;
	lb_dir = debugfs_create_dir("latchbench", NULL);
	debugfs_create_file("run", 0200, lb_dir, NULL, &lb_run_fops);
	debugfs_create_file("results", 0600, lb_dir, NULL, &lb_results_fops);
	debugfs_create_file("table", 0444, lb_dir, NULL, &lb_table_fops);
	debugfs_create_file("absent", 0444, lb_dir, NULL, &lb_absent_fops);
	pr_info("loaded: " LB_ARCH_KHZ "=%u clock_khz=%u cpus=%u accel=%s\n", lb_arch_khz(), lb_khz,
		num_online_cpus(), accel);
	if (autorun) {
		mutex_lock(&lb_lock);
		ret = lb_run_line(NULL);
		mutex_unlock(&lb_lock);
		if (ret)
			pr_err("autorun failed: %d\n", ret);
	}
	return 0;
err:
	free_percpu(lb_irqcpu);
	vfree(lb_buf);
	return ret;
}

static void __exit lb_exit(void)
{
	debugfs_remove_recursive(lb_dir);
	if (lb_nmi_registered)
		lb_nmi_unregister();
	free_percpu(lb_irqcpu);
	vfree(lb_buf);
}

module_init(lb_init);
module_exit(lb_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("latchbench: seqcount latch vs seqcount vs RCU, with the kernel's own latch users");
