// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: the debug check's faults, test-only.  Built only with
 * LB_FAULTS=y against a debug kernel (Kbuild refuses it anywhere else), so
 * no benchmark build contains them: runners/check builds its modules so and
 * boots each debug kernel once more to show that its detectors report what
 * they must.  Writing a name to debugfs latchbench/fault does it, once:
 *
 *   kasan     a read one byte past a kmalloc()ed object
 *   lockdep   two mutexes taken in both orders (a lock-order inversion)
 *   ubsan     a shift by more than the width of its type
 *   kmemleak  objects allocated and forgotten
 *   kcsan     two threads on two CPUs incrementing a plain int
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "fault.h"

#define LB_FAULT_RACE_MS	2000	/* KCSAN samples one access in thousands */
#define LB_FAULT_LEAKS		4

static noinline int lb_fault_kasan(void)
{
	size_t n = 13;
	char *p, v;

	p = kmalloc(n, GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	OPTIMIZER_HIDE_VAR(n);
	v = READ_ONCE(p[n]);
	kfree(p);
	pr_info("fault kasan: read %d at byte %zu of a %zu-byte object\n", v, n, n);
	return 0;
}

static DEFINE_MUTEX(lb_fault_a);
static DEFINE_MUTEX(lb_fault_b);

/* One thread, so it never deadlocks: lockdep reports the cycle a -> b -> a. */
static noinline int lb_fault_lockdep(void)
{
	mutex_lock(&lb_fault_a);
	mutex_lock(&lb_fault_b);
	mutex_unlock(&lb_fault_b);
	mutex_unlock(&lb_fault_a);
	mutex_lock(&lb_fault_b);
	mutex_lock(&lb_fault_a);
	mutex_unlock(&lb_fault_a);
	mutex_unlock(&lb_fault_b);
	return 0;
}

static noinline int lb_fault_ubsan(void)
{
	unsigned int s = 32;
	u32 v = 1;

	OPTIMIZER_HIDE_VAR(s);
	v <<= s;
	pr_info("fault ubsan: 1 << %u = %u\n", s, v);
	return 0;
}

static noinline int lb_fault_kmemleak(void)
{
	void *p;
	int i;

	for (i = 0; i < LB_FAULT_LEAKS; i++) {
		p = kzalloc(64, GFP_KERNEL);
		if (!p)
			return -ENOMEM;
		OPTIMIZER_HIDE_VAR(p);
	}
	pr_info("fault kmemleak: %d objects of 64 bytes forgotten\n", LB_FAULT_LEAKS);
	return 0;
}

static int lb_fault_racy;	/* plain, on purpose: the race KCSAN must see */
static DECLARE_COMPLETION(lb_fault_raced);

static int lb_fault_racer(void *arg)
{
	unsigned long end = jiffies + msecs_to_jiffies(LB_FAULT_RACE_MS);
	unsigned int i = 0;

	while (time_before(jiffies, end)) {
		lb_fault_racy++;
		if (!(++i & 1023))
			cond_resched();
	}
	kthread_complete_and_exit(&lb_fault_raced, 0);
}

static noinline int lb_fault_kcsan(void)
{
	struct task_struct *t[2];
	int cpu[2], i;

	if (num_online_cpus() < 2) {
		pr_err("fault=kcsan needs 2 online CPUs (valid with: readers on two CPUs), this guest has %u\n",
		       num_online_cpus());
		return -EINVAL;
	}
	cpu[0] = cpumask_first(cpu_online_mask);
	cpu[1] = cpumask_next(cpu[0], cpu_online_mask);
	reinit_completion(&lb_fault_raced);
	for (i = 0; i < 2; i++) {
		t[i] = kthread_create(lb_fault_racer, NULL, "lb-fault/%d", cpu[i]);
		if (IS_ERR(t[i])) {
			/* the one started ends by itself */
			if (i)
				wait_for_completion(&lb_fault_raced);
			return PTR_ERR(t[i]);
		}
		kthread_bind(t[i], cpu[i]);
	}
	for (i = 0; i < 2; i++)
		wake_up_process(t[i]);
	for (i = 0; i < 2; i++)
		wait_for_completion(&lb_fault_raced);
	pr_info("fault kcsan: two CPUs incremented a plain int to %d\n", lb_fault_racy);
	return 0;
}

static const struct {
	const char *name;
	int (*fn)(void);
} lb_faults[] = {
	{ "kasan", lb_fault_kasan },
	{ "lockdep", lb_fault_lockdep },
	{ "ubsan", lb_fault_ubsan },
	{ "kmemleak", lb_fault_kmemleak },
	{ "kcsan", lb_fault_kcsan },
};

static ssize_t lb_fault_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	char buf[16], valid[64];
	size_t i, n = 0;
	int ret;

	if (count >= sizeof(buf)) {
		pr_err("fault name of %zu bytes too long (valid: < %zu)\n", count, sizeof(buf));
		return -EINVAL;
	}
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	strim(buf);
	for (i = 0; i < ARRAY_SIZE(lb_faults); i++) {
		if (strcmp(buf, lb_faults[i].name))
			continue;
		pr_info("fault %s: doing it (the debug check's test-only knob)\n", buf);
		ret = lb_faults[i].fn();
		return ret ? ret : count;
	}
	for (i = 0; i < ARRAY_SIZE(lb_faults); i++)
		n += scnprintf(valid + n, sizeof(valid) - n, "%s%s", i ? " " : "", lb_faults[i].name);
	pr_err("fault='%s' unknown (valid: %s)\n", buf, valid);
	return -EINVAL;
}

static const struct file_operations lb_fault_fops = {
	.owner = THIS_MODULE,
	.write = lb_fault_write,
	.llseek = noop_llseek,
};

void lb_fault_debugfs(struct dentry *dir)
{
	debugfs_create_file("fault", 0200, dir, NULL, &lb_fault_fops);
}
