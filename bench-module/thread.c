// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: what every measuring thread shares, whatever runs it: a
 * thread's end, a writer's schedule, the CPU it is placed on.  Task
 * context writers (run.c) and the interrupt driver (irq.c) both call
 * these; neither calls into the other's file for them.
 */
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/cpumask.h>
#include "harness.h"

int lb_nth_online_cpu(unsigned int n)
{
	int cpu;

	for_each_online_cpu(cpu)
		if (!n--)
			return cpu;
	return -1;
}

void lb_thread_finish(struct lb_thread *t)
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


/* A writer's update begins now: its schedule's first or next start. */
void lb_write_start(struct lb_thread *t)
{
	u64 now = lb_now();

	if (!t->wstarts++) {
		t->wfirst = now;
		t->wnext = now;
	}
	t->wlast = now;
}

/*
 * Until the writer's next deadline, one period after the previous one (an
 * absolute schedule: the time a write or a wake-up takes does not add up
 * over the run).  Long periods sleep on an hrtimer to the deadline, then
 * spin what is left; short ones spin.  A writer that overran its deadline
 * starts the next update at once, and its schedule from then on: the row's
 * achieved_period_ns says how far that took it from the nominal period.
 */
void lb_wait_period(struct lb_thread *t, atomic_t *left)
{
	u64 period = t->ctl->cfg->writer_period_ns, now;

	if (!period)
		return;
	t->wnext += period;
	now = lb_now();
	if ((s64)(t->wnext - now) <= 0) {
		t->wnext = now;
		return;
	}
	if (period >= LB_SLEEP_NS) {
		ktime_t kt = ktime_add_ns(ktime_get(), t->wnext - now);

		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule_hrtimeout_range(&kt, 0, HRTIMER_MODE_ABS);
	}
	while ((s64)(t->wnext - lb_now()) > 0 && (!left || atomic_read(left) > 0))
		cpu_relax();
}
