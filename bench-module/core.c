// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: the module.  Loads, checks its parameters and offers the
 * harness through debugfs:
 *
 *   /sys/kernel/debug/latchbench/run      write "key=value ..." to run
 *   /sys/kernel/debug/latchbench/results  CSV header + rows; write to clear
 *   /sys/kernel/debug/latchbench/table    the workload x variant table
 *   /sys/kernel/debug/latchbench/absent   what this build lacks, and why
 *   (what,name,reason: a context or workload; table.c's lb_absent)
 *   /sys/kernel/debug/latchbench/fault    the debug check's faults: only in
 *   a build with LB_FAULTS=y against a debug kernel (fault.c)
 *
 * Module parameters (params.h) are the defaults every run starts from; a
 * run line overrides them.  Every value is checked; a bad one is refused
 * with -EINVAL and a pr_err naming the parameter and its valid range.
 * The harness's parts are listed in harness.h.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "harness.h"
#include "fault.h"

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
	return lb_rows_read(ubuf, count, ppos);
}

static ssize_t lb_results_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	lb_rows_clear();
	return count;
}

/*
 * The table: one line per workload x variant, in the table's order, with
 * what the variant can do here (has_writer, nmi_safe) and the vocabulary
 * (vocab.h).  The guest records it as the run's vocab.csv.
 */
static int lb_table_show(struct seq_file *m, void *v)
{
	const struct lb_workload *const *w;
	const struct lb_ventry *ve;

	seq_puts(m, "workload,variant,has_writer,nmi_safe,kind,counterpart,type,role,order,rank\n");
	for (w = lb_workloads; *w; w++)
		for (ve = (*w)->variants; ve->ops; ve++)
			seq_printf(m, "%s,%s,%d,%d,%s,%s,%s,%s,%u,%u\n", (*w)->name,
				   ve->info->name, !!ve->ops->write, ve->ops->nmi_safe,
				   (*w)->kind, (*w)->counterpart, ve->info->type,
				   ve->info->role, ve->info->order, ve->info->rank);
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

static int __init lb_init(void)
{
	int ret;

	if (!lb_arch_khz()) {
		pr_err("no harness clock frequency (" LB_ARCH_KHZ "=0)\n");
		return -ENODEV;
	}
	ret = lb_params_check_load();
	if (ret)
		return ret;
	lb_khz = strcmp(lb_param_accel(), "icount") ? lb_arch_khz() : lb_exact_khz();
	ret = lb_rows_init();
	if (ret)
		return ret;
	ret = lb_irq_init();
	if (ret) {
		lb_rows_exit();
		return ret;
	}
	lb_dir = debugfs_create_dir("latchbench", NULL);
	debugfs_create_file("run", 0200, lb_dir, NULL, &lb_run_fops);
	debugfs_create_file("results", 0600, lb_dir, NULL, &lb_results_fops);
	debugfs_create_file("table", 0444, lb_dir, NULL, &lb_table_fops);
	debugfs_create_file("absent", 0444, lb_dir, NULL, &lb_absent_fops);
	lb_fault_debugfs(lb_dir);	/* only the debug check's build (fault.h) */
	pr_info("loaded: " LB_ARCH_KHZ "=%u clock_khz=%u cpus=%u accel=%s\n", lb_arch_khz(), lb_khz,
		num_online_cpus(), lb_param_accel());
	if (lb_param_autorun()) {
		mutex_lock(&lb_lock);
		ret = lb_run_line(NULL);
		mutex_unlock(&lb_lock);
		if (ret)
			pr_err("autorun failed: %d\n", ret);
	}
	return 0;
}

static void __exit lb_exit(void)
{
	debugfs_remove_recursive(lb_dir);
	lb_irq_exit();
	lb_rows_exit();
}

module_init(lb_init);
module_exit(lb_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("latchbench: seqcount latch vs seqcount vs RCU, with the kernel's own latch users");
