/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: the harness's internals, shared by its parts, one job each:
 *
 *   params.c  the parameters (params.h lists them): module parameters,
 *             run lines, ranges, defaults, validation
 *   rows.c    the results: one CSV row per run (columns.h lists the
 *             columns), the buffer debugfs reads
 *   irq.c     the hardirq/NMI contexts: the writer interrupts itself
 *   run.c     one run: reader and writer threads, timing, the run loop
 *   core.c    the module: load, debugfs, the table
 */
#ifndef LB_HARNESS_H
#define LB_HARNESS_H

#include <linux/types.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/irq_work.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include "lb.h"
#include "params.h"
#include "columns.h"

#define LB_NAME_MAX	32
#define LB_BUF_SIZE	(1 << 20)
#define LB_RUN_MAX	512
#define LB_LAND_NS	5000	/* how long a writer waits for its interrupt */
#define LB_DONE_NS	50000000 /* an interrupt not handled by then is lost */
#define LB_SLEEP_NS	100000	/* writer periods from this long sleep (hrtimer) */
#define LB_NSAMP	1024	/* timed batches kept per reader and size */
#define LB_STALL_EVERY	50	/* test_stall_ns: one round's b batch in this many */

/* ---- clock (run.c) ---------------------------------------------------- */

/*
 * kHz used to turn cycles into ns: lb_arch_khz() (tsc_khz; UML: compat.h),
 * except under icount, where
 * QEMU's TSC counts virtual ns and a virtual ns is one guest instruction
 * (-icount shift=0): the kernel's calibration against the PIT there says
 * 999.993 MHz or so, a few ppm that would blur exact instruction counts.
 */
extern unsigned int lb_khz;

static __always_inline u64 lb_cycles(void)
{
	return lb_arch_cycles();
}

static __always_inline u64 lb_cyc2ns(u64 cyc)
{
	return mul_u64_u32_div(cyc, 1000000, lb_khz);
}

/* lb_now_ns() (lb.h), inlined in the harness */
static __always_inline u64 lb_now(void)
{
	return lb_cyc2ns(lb_cycles());
}

/* ---- histogram: log-linear, 16 steps per power of two ----------------- */

#define LB_HSUB		16
#define LB_HBUCKETS	(44 * LB_HSUB)	/* up to 2^44/16 ns per op */

/* v is ns/op in 1/16 ns units */
static inline unsigned int lb_hbucket(u64 v)
{
	unsigned int e;

	if (v < LB_HSUB)
		return v;
	e = fls64(v) - 1;		/* >= 4 */
	return min_t(unsigned int, (e - 3) * LB_HSUB + ((v >> (e - 4)) & (LB_HSUB - 1)),
		     LB_HBUCKETS - 1);
}

/* ---- per-run state (run.c) -------------------------------------------- */

struct lb_thread {
	struct task_struct *task;
	struct lb_ctl *ctl;
	int cpu;
	bool reader;
	struct lb_rstat rs;
	u64 ops, ns, sink;
	u64 min1, min2;		/* fastest timed batch of batch, of 2 * batch reads (cycles) */
	u64 wops, wns;
	/* a writer's schedule (lb_write_start): next deadline, first and last start */
	u64 wnext, wfirst, wlast, wstarts;
	u64 hist[LB_HBUCKETS];
	/*
	 * Timed batches kept (cycles), [0] of b reads, [1] of 2b, one pair
	 * every stride rounds: when full, every other pair is dropped and the
	 * stride doubles, so that the kept ones spread over the whole run.
	 */
	unsigned int nsamp, stride;
	u64 round;
	u64 sync_timeouts;	/* warm-up/cool-down waits that gave up */
	u64 samp[2][LB_NSAMP];
};

struct lb_ctl {
	const struct lb_cfg *cfg;
	struct lb_inst *inst;
	struct completion go;
	struct completion done;
	atomic_t running;
	atomic_t readers_left;	/* readers still timing (then: cooling down) */
	atomic_t warming;	/* readers not yet checked in (warm-up) */
	unsigned int nthreads;
	struct lb_thread *th;
};

extern struct mutex lb_lock;	/* runs and the results buffer */

int lb_nth_online_cpu(unsigned int n);
void lb_thread_finish(struct lb_thread *t);
void lb_write_start(struct lb_thread *t);
void lb_wait_period(struct lb_thread *t, atomic_t *left);
int lb_run_line(char *line);

/* ---- hardirq / NMI (irq.c) -------------------------------------------- */

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
	struct lb_rstat rs;	/* the counters (columns.h) */
	u64 delivered, mid, completed, deadlock, reads, read_ns;
	u64 max_spin, deferral_ns, lost;
	u64 clock_ns;		/* the clock read's own cost, subtracted from read_ns */
	u64 hist[LB_HBUCKETS];
};

extern struct lb_irqcpu __percpu *lb_irqcpu;

int lb_irq_init(void);
void lb_irq_exit(void);
void lb_irq_setup(const struct lb_cfg *cfg, struct lb_inst *inst);
void lb_irq_sync(const struct lb_cfg *cfg);
int lb_irq_fn(void *arg);

/* ---- parameters (params.c) -------------------------------------------- */

int lb_params_check_load(void);
int lb_cfg_from_line(char *line, struct lb_cfg *cfg);
const char *lb_param_accel(void);
const char *lb_ctx_name(enum lb_context ctx);
bool lb_param_autorun(void);

/* ---- results (rows.c) ------------------------------------------------- */

int lb_rows_init(void);
void lb_rows_exit(void);
void lb_emit_row(const struct lb_cfg *cfg, unsigned int run, struct lb_ctl *ctl);
ssize_t lb_rows_read(char __user *ubuf, size_t count, loff_t *ppos);
void lb_rows_clear(void);

#endif /* LB_HARNESS_H */
