// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: the results.  One CSV row per run, its columns and their
 * order from the one list in columns.h (the header too), appended to a
 * buffer that debugfs latchbench/results reads (header first) and a
 * write clears.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/fs.h>
#include <linux/cpumask.h>
#include <linux/utsname.h>
#include <linux/cpu.h>
#include <linux/string.h>
#include <linux/sort.h>
#include "harness.h"
#include "order.h"
#include "accels.h"

static char *lb_buf;
static size_t lb_len;

/* ",kernel,accel,...": the header is lb_header + 1 */
#define LB_HDR(_n, ...)	"," #_n
static const char lb_header[] = LB_COLUMNS(LB_HDR, LB_HDR) "\n";

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

/* Twice the middle of histogram bucket b (LB_HSUB units): its 2 * lo + width */
static u64 lb_hmid2(unsigned int b)
{
	unsigned int e;

	if (b < LB_HSUB)
		return 2 * (u64)b + 1;
	e = b / LB_HSUB + 3;
	return 2 * ((1ULL << e) | ((u64)(b % LB_HSUB) << (e - 4))) + (1ULL << (e - 4));
}

/*
 * The pct-th percentile (nearest rank) of the histogram: the middle of its
 * bucket, in ns (a bucket is 1/16 ns wide below 1 ns, 1/16 of an octave
 * above: the middle is within 3.2% of every value in it).
 */
static struct lb_dec lb_hpct(const u64 *h, unsigned int pct)
{
	u64 total = 0, want, seen = 0;
	unsigned int b;

	for (b = 0; b < LB_HBUCKETS; b++)
		total += h[b];
	if (!total)
		return lb_ratio(0, 1);
	want = div_u64(total * pct + 99, 100);
	for (b = 0; b < LB_HBUCKETS - 1; b++) {
		seen += h[b];
		if (seen >= want)
			break;
	}
	return lb_ratio(lb_hmid2(b), 2 * LB_HSUB);
}

/* One run's figures, as the columns (columns.h) read them. */
#define LB_CPUS_LEN 256	/* a row's CPU list: "0,1,...,63" fits */

struct lb_row {
	const char *kernel, *accel, *workload, *variant, *context, *preempt, *mitigations;
	u64 vcpus, readers, writers, period, run, ops, wops;
	struct lb_dec per_op, p50, p99, per_w, path;
	struct lb_dec median, p99b, clock, achieved, slope;
	struct lb_rstat ctr;	/* the counters, summed */
	u64 delivered, mid, completed, deadlock, max_spin, deferral_ns;
	u64 write_dwell_ns, extra_work;
	bool writing;		/* a writer ran (or an interrupting one) */
	bool checked;		/* the variant has an invariant to check */
	bool irq;		/* hardirq/NMI readers */
	bool has_path;		/* under emulation: the fastest batches' path */
	bool has_slope;		/* the paired slopes' median is >= 0 */
	bool per_reader;
	u64 shared, irqoff, nbatch, wperiods, stall, sync_timeouts;
	char *reader_cpus, *writer_cpus;	/* LB_CPUS_LEN each, off the stack */
	char *reader_medians;
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

/*
 * The CPU-vulnerability mitigations the kernel runs with (its mitigations=
 * boot parameter): "none" for a kernel built without them
 * (CONFIG_CPU_MITIGATIONS; 6.1: CONFIG_SPECULATION_MITIGATIONS), else
 * "off", "auto" or "auto+nosmt" (the parameter's auto,nosmt: a CSV cell
 * holds no comma).
 */
static const char *lb_mitigations(void)
{
	if (!IS_ENABLED(CONFIG_CPU_MITIGATIONS) && !IS_ENABLED(CONFIG_SPECULATION_MITIGATIONS))
		return "none";
	if (cpu_mitigations_off())
		return "off";
	return cpu_mitigations_auto_nosmt() ? "auto+nosmt" : "auto";
}

static void lb_rstat_add(struct lb_rstat *sum, const struct lb_rstat *rs)
{
	unsigned int i;

	for (i = 0; i < LB_NR_CTR; i++)
		sum->ctr[i] += rs->ctr[i];
	sum->counted |= rs->counted;
}

/* A row being made: its cells so far. */
struct lb_line {
	char buf[8192];
	size_t n;
};

/* Append one cell (with the comma before it, but for the first). */
static __printf(3, 4) void lb_cell(struct lb_line *l, const char *col, const char *fmt, ...)
{
	size_t len = sizeof(l->buf);
	va_list ap;

	l->n += scnprintf(l->buf + l->n, len - l->n, "%s", l->n ? "," : "");
	va_start(ap, fmt);
	l->n += vscnprintf(l->buf + l->n, len - l->n, fmt, ap);
	va_end(ap);
	if (l->n >= len - 1)
		pr_err_once("row longer than %zu bytes at column %s\n", len, col);
}

/* The cells by format (columns.h): s, u, f; absent when !present. */
static void lb_cell_s(struct lb_line *l, const char *col, bool present, const char *v,
		      const char *absent)
{
	lb_cell(l, col, "%s", present ? v : absent);
}

static void lb_cell_u(struct lb_line *l, const char *col, bool present, u64 v,
		      const char *absent)
{
	if (present)
		lb_cell(l, col, "%llu", v);
	else
		lb_cell(l, col, "%s", absent);
}

static void lb_cell_f(struct lb_line *l, const char *col, bool present, struct lb_dec v,
		      const char *absent)
{
	if (present)
		lb_cell(l, col, "%llu.%03u", v.ip, v.frac);
	else
		lb_cell(l, col, "%s", absent);
}

/* One row, whole, or nothing when the buffer is full. */
static void lb_row_out(const struct lb_row *r)
{
	static struct lb_line l;	/* under lb_lock */

	l.n = 0;
#define LB_OUT_COL(_n, _fmt, _val, _present, _absent)			\
	lb_cell_##_fmt(&l, #_n, _present, _val, _absent),
#define LB_OUT_CTR(_n, _present)					\
	lb_cell_u(&l, #_n, _present, lb_ctr(&r->ctr, _n), ""),
	LB_COLUMNS(LB_OUT_COL, LB_OUT_CTR) (void)0;
	l.n += scnprintf(l.buf + l.n, sizeof(l.buf) - l.n, "\n");
	if (lb_len + l.n >= LB_BUF_SIZE) {
		pr_err("results buffer full: read and clear debugfs latchbench/results\n");
		return;
	}
	memcpy(lb_buf + lb_len, l.buf, l.n + 1);
	lb_len += l.n;
}

/* "0+1+3": the CPUs of the threads (readers or not), or of the row's readers */
static void lb_cpus(char *buf, size_t len, const struct lb_ctl *ctl, bool readers)
{
	size_t n = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < ctl->nthreads; i++)
		if (ctl->th[i].reader == readers)
			n += scnprintf(buf + n, len - n, "%s%d", n ? "+" : "", ctl->th[i].cpu);
}

static int lb_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static int lb_cmp_s64(const void *a, const void *b)
{
	s64 x = *(const s64 *)a, y = *(const s64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * A reader's paired slopes, appended to d: per kept round, (T(2b) - T(b)) / b
 * in thousandths of a ns per read, signed (noise can make T(2b) < T(b)).
 */
static void lb_batch_slopes(const struct lb_thread *t, u64 b, s64 *d)
{
	unsigned int i;

	for (i = 0; i < t->nsamp; i++) {
		u64 c1 = t->samp[0][i], c2 = t->samp[1][i];
		u64 m = div64_u64(lb_cyc2ns((c2 >= c1 ? c2 - c1 : c1 - c2) * 1000), b);

		d[i] = c2 >= c1 ? (s64)m : -(s64)m;
	}
}

/* A reader's kept batches as ns/op in thousandths, appended to v; their number. */
static u64 lb_batch_values(const struct lb_thread *t, u64 b, u64 *v)
{
	unsigned int i;

	for (i = 0; i < t->nsamp; i++) {
		v[2 * i] = div64_u64(lb_cyc2ns(t->samp[0][i] * 1000), b);
		v[2 * i + 1] = div64_u64(lb_cyc2ns(t->samp[1][i] * 1000), 2 * b);
	}
	return 2 * t->nsamp;
}

/*
 * The kept batches (run.c: lb_keep()) of every reader, pooled: the median
 * and the 99th percentile per read, and the median of the paired slopes
 * (the path per read without a batch's fixed cost, robust where the
 * fastest batches are not); with per_reader, each reader's median and its
 * 95% interval (order.h), "cpu:median:lo:hi" joined by '+'.
 */
static void lb_batch_stats(const struct lb_cfg *cfg, const struct lb_ctl *ctl, struct lb_row *r)
{
	u64 *all, *one, n = 0, k, lo, hi, np = 0;
	size_t len = 0, cap = 0;
	unsigned int i;
	s64 *d, md;

	all = kvmalloc_array(ctl->nthreads * 2 * LB_NSAMP, sizeof(u64), GFP_KERNEL);
	one = kvmalloc_array(2 * LB_NSAMP, sizeof(u64), GFP_KERNEL);
	d = kvmalloc_array(ctl->nthreads * LB_NSAMP, sizeof(s64), GFP_KERNEL);
	if (cfg->per_reader) {
		cap = ctl->nthreads * 64 + 1;
		r->reader_medians = kzalloc(cap, GFP_KERNEL);
	}
	if (!all || !one || !d || (cfg->per_reader && !r->reader_medians)) {
		pr_err("no memory for the batch statistics\n");
		goto out;
	}
	for (i = 0; i < ctl->nthreads; i++) {
		const struct lb_thread *t = &ctl->th[i];
		struct lb_dec m, l, h;

		if (!t->reader || !t->nsamp)
			continue;
		k = lb_batch_values(t, cfg->batch, all + n);
		n += k;
		lb_batch_slopes(t, cfg->batch, d + np);
		np += t->nsamp;
		if (!cfg->per_reader)
			continue;
		memcpy(one, all + n - k, k * sizeof(u64));
		sort(one, k, sizeof(u64), lb_cmp_u64, NULL);
		lb_median_ci(k, &lo, &hi);
		m = lb_ratio(lb_median_sorted(one, k), 1000);
		l = lb_ratio(one[lo], 1000);
		h = lb_ratio(one[hi], 1000);
		len += scnprintf(r->reader_medians + len, cap - len,
				 "%s%d:%llu.%03u:%llu.%03u:%llu.%03u", len ? "+" : "", t->cpu,
				 m.ip, m.frac, l.ip, l.frac, h.ip, h.frac);
	}
	r->per_reader = cfg->per_reader;
	if (!n)
		goto out;
	sort(all, n, sizeof(u64), lb_cmp_u64, NULL);
	r->nbatch = n;
	r->median = lb_ratio(lb_median_sorted(all, n), 1000);
	r->p99b = lb_ratio(lb_pct_sorted(all, n, 99), 1000);
	sort(d, np, sizeof(s64), lb_cmp_s64, NULL);
	md = np % 2 ? d[np / 2] : (d[np / 2 - 1] + d[np / 2]) / 2;
	if (md >= 0) {
		r->has_slope = true;
		r->slope = lb_ratio(md, 1000);
	}
out:
	kvfree(d);
	kvfree(one);
	kvfree(all);
}

#define LB_ACCEL_REALTIME(name, realtime, ...) { #name, realtime },
static const struct {
	const char *name;
	bool realtime;
} lb_accels[] = { LB_ACCELS(LB_ACCEL_REALTIME) };

/*
 * Real time (accels.h): the fastest batches are the luckiest, not the
 * interrupt-free path, so path_ns_per_op is left out there; the paired
 * slopes' median (slope_ns_per_op) stands in for it.  An accelerator
 * the table does not name is taken as emulated.
 */
static bool lb_realtime(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lb_accels); i++)
		if (!strcmp(lb_param_accel(), lb_accels[i].name))
			return lb_accels[i].realtime;
	return false;
}

void lb_emit_row(const struct lb_cfg *cfg, unsigned int run, struct lb_ctl *ctl)
{
	u64 ns = 0, wns = 0, defer = 0, path = U64_MAX, clk = 0, wspan = 0;
	u64 *hist = kcalloc(LB_HBUCKETS, sizeof(u64), GFP_KERNEL);
	char *cpus = kzalloc(2 * LB_CPUS_LEN, GFP_KERNEL);
	struct lb_row r = {
		.kernel = init_utsname()->release,
		.accel = lb_param_accel(),
		.vcpus = num_online_cpus(),
		.workload = cfg->wl->name,
		.variant = cfg->vi->name,
		.context = lb_ctx_name(cfg->ctx),
		.preempt = lb_preempt_model(),
		.mitigations = lb_mitigations(),
		.readers = cfg->readers,
		.run = run,
		.period = cfg->writer_period_ns,
		.write_dwell_ns = cfg->write_dwell_ns,
		.irq = cfg->ctx != LB_CTX_TASK,
		.checked = !!cfg->var->init,
		.irqoff = cfg->irqoff,
		.stall = cfg->test_stall_ns,
		.extra_work = cfg->extra_work,
	};
	unsigned int i, b;

	if (!hist || !cpus) {
		kfree(hist);
		kfree(cpus);
		return;
	}
	r.reader_cpus = cpus;
	r.writer_cpus = cpus + LB_CPUS_LEN;
	r.writers = r.irq ? 1 : cfg->writers;
	r.writing = cfg->writers || r.irq;
	for (i = 0; i < ctl->nthreads; i++) {
		struct lb_thread *t = &ctl->th[i];

		r.ops += t->ops;
		ns += t->ns;
		lb_rstat_add(&r.ctr, &t->rs);
		r.wops += t->wops;
		wns += t->wns;
		r.sync_timeouts += t->sync_timeouts;
		if (t->wstarts > 1) {
			wspan += t->wlast - t->wfirst;
			r.wperiods += t->wstarts - 1;
		}
		for (b = 0; b < LB_HBUCKETS; b++)
			hist[b] += t->hist[b];
		/* the fastest reader's (min T(2b) - min T(b)); see lb_reader_fn() */
		if (t->reader && t->min2 != U64_MAX && t->min1 != U64_MAX && t->min2 >= t->min1)
			path = min(path, t->min2 - t->min1);
	}
	if (!r.irq && path != U64_MAX && !lb_realtime()) {
		r.has_path = true;
		r.path = lb_ratio(lb_cyc2ns(path), cfg->batch);
	}
	if (r.irq) {
		for (i = 0; i < ctl->nthreads; i++) {
			struct lb_irqcpu *ic = per_cpu_ptr(lb_irqcpu, ctl->th[i].cpu);

			r.delivered += ic->delivered;
			r.mid += ic->mid;
			r.completed += ic->completed;
			r.deadlock += ic->deadlock;
			r.max_spin = max(r.max_spin, ic->max_spin);
			defer += ic->deferral_ns;
			r.ops += ic->reads;
			ns += ic->read_ns;
			clk += ic->clock_ns;
			lb_rstat_add(&r.ctr, &ic->rs);
			for (b = 0; b < LB_HBUCKETS; b++)
				hist[b] += ic->hist[b];
		}
		r.deferral_ns = r.delivered ? div64_u64(defer, r.delivered) : 0;
		r.clock = lb_ratio(clk, r.ops);
	}
	/* where the threads ran: readers, writers, readers sharing a writer's CPU */
	lb_cpus(r.reader_cpus, LB_CPUS_LEN, ctl, true);
	if (r.irq) {
		strscpy(r.writer_cpus, r.reader_cpus, LB_CPUS_LEN);
		r.shared = cfg->readers;
	} else {
		lb_cpus(r.writer_cpus, LB_CPUS_LEN, ctl, false);
		for (i = 0; i < ctl->nthreads; i++)
			for (b = 0; b < ctl->nthreads; b++)
				if (ctl->th[i].reader && !ctl->th[b].reader &&
				    ctl->th[i].cpu == ctl->th[b].cpu) {
					r.shared++;
					break;
				}
		lb_batch_stats(cfg, ctl, &r);
	}
	if (r.wperiods)
		r.achieved = lb_ratio(wspan, r.wperiods);
	r.per_op = lb_ratio(ns, r.ops);
	r.p50 = lb_hpct(hist, 50);
	r.p99 = lb_hpct(hist, 99);
	if (r.writing)
		r.per_w = lb_ratio(wns, r.wops);
	lb_row_out(&r);
	kfree(r.reader_medians);
	kfree(cpus);
	kfree(hist);
}

ssize_t lb_rows_read(char __user *ubuf, size_t count, loff_t *ppos)
{
	size_t hlen = sizeof(lb_header) - 2;	/* without the leading comma */
	ssize_t ret = 0;
	loff_t pos = *ppos;

	mutex_lock(&lb_lock);
	if (pos < hlen) {
		ret = simple_read_from_buffer(ubuf, count, &pos, lb_header + 1, hlen);
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

void lb_rows_clear(void)
{
	mutex_lock(&lb_lock);
	lb_len = 0;
	lb_buf[0] = '\0';
	mutex_unlock(&lb_lock);
}

int lb_rows_init(void)
{
	lb_buf = vzalloc(LB_BUF_SIZE);
	return lb_buf ? 0 : -ENOMEM;
}

void lb_rows_exit(void)
{
	vfree(lb_buf);
}
