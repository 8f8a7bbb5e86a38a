// SPDX-License-Identifier: GPL-2.0
/*
 * latchbench: the parameters.  Everything about them comes from the one
 * list in params.h: the module parameters and their descriptions, the
 * run-line keys, the defaults, the ranges and the "valid:" texts.  Every
 * value is checked; a bad one is refused with -EINVAL and a pr_err naming
 * the parameter and what is valid.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/cpumask.h>
#include <linux/ctype.h>
#include <linux/string.h>
#include <linux/limits.h>
#include <linux/time64.h>
#include "harness.h"
#include "accels.h"

/* ---- module parameters: the defaults of every run line --------------- */

/*
 * Each declaration starts with the ';' that ends the one before, so that
 * the list expands to declarations at file scope; the last one's is after
 * the list.
 */
#define LB_MP_NAME(_n, _def, _desc)					\
	; static char *_n = _def;					\
	module_param(_n, charp, 0444);					\
	MODULE_PARM_DESC(_n, _desc)
#define LB_MP_NUM(_n, _min, _max, _def, _desc)				\
	; static long _n = _def;					\
	module_param(_n, long, 0444);					\
	MODULE_PARM_DESC(_n, _desc " (" #_min ".." #_max ")")
LB_PARAMS(LB_MP_NAME, LB_MP_NUM);
static char *accel = "unknown";
module_param(accel, charp, 0444);
MODULE_PARM_DESC(accel, "accelerator tag for the CSV:" LB_ACCELS(LB_ACCEL_WORD)
		 " (1..15 chars [a-z0-9-])");
static bool autorun;
module_param(autorun, bool, 0444);
MODULE_PARM_DESC(autorun, "run the configuration given by the parameters at load time");

const char *lb_param_accel(void)
{
	return accel;
}

bool lb_param_autorun(void)
{
	return autorun;
}

/* ---- one run line's parameters ---------------------------------------- */

#define LB_SKIP(...)
#define LB_P_INDEX(_n, ...)	LB_P_##_n,
enum { LB_PARAMS(LB_P_INDEX, LB_SKIP) LB_NR_NAMES };
enum { LB_PARAMS(LB_SKIP, LB_P_INDEX) LB_NR_NUMS };

struct lb_params {
	char name[LB_NR_NAMES][LB_NAME_MAX];
	long long num[LB_NR_NUMS];
	bool period_none;
};

struct lb_name {
	const char *name;
	char *const *dflt;	/* the module parameter */
};

struct lb_num {
	const char *name;
	long long min, max;
	const long *dflt;	/* the module parameter */
};

#define LB_NAME_ENTRY(_n, ...)		{ #_n, &_n },
#define LB_NUM_ENTRY(_n, _min, _max, ...)	{ #_n, _min, _max, &_n },
#define LB_KEY(_n, ...)			" " #_n

static const struct lb_name lb_names[] = { LB_PARAMS(LB_NAME_ENTRY, LB_SKIP) };
static const struct lb_num lb_nums[] = { LB_PARAMS(LB_SKIP, LB_NUM_ENTRY) };
/* " workload variant ...": every run-line key, for "unknown parameter" */
static const char lb_keys[] = LB_PARAMS(LB_KEY, LB_KEY);

static const char *const lb_ctx_names[LB_NR_CTX] = { "task", "hardirq", "nmi" };

const char *lb_ctx_name(enum lb_context ctx)
{
	return lb_ctx_names[ctx];
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

static const struct lb_ventry *lb_find_variant(const struct lb_workload *wl, const char *name)
{
	const struct lb_ventry *v;

	for (v = wl->variants; v->ops; v++)
		if (!strcmp(v->info->name, name))
			return v;
	return NULL;
}

/* A variant's old name (vocab.h: LB_RENAMED), for the "unknown" message. */
struct lb_rename {
	const char *family, *old, *now;
};

#define LB_RENAME_ENTRY(_family, _old, _now)	{ #_family, _old, _now },
static const struct lb_rename lb_renames[] = { LB_RENAMED(LB_RENAME_ENTRY) };

static const char *lb_renamed(const struct lb_workload *wl, const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lb_renames); i++)
		if (!strcmp(wl->kind, lb_renames[i].family) && !strcmp(name, lb_renames[i].old))
			return lb_renames[i].now;
	return NULL;
}

static void lb_list_names(char *buf, size_t len, const struct lb_workload *wl)
{
	const struct lb_workload *const *w;
	const struct lb_ventry *v;
	size_t n = 0;

	buf[0] = '\0';
	if (wl) {
		for (v = wl->variants; v->ops; v++)
			n += scnprintf(buf + n, len - n, "%s%s", n ? " " : "", v->info->name);
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

static int lb_check_cfg(struct lb_params *p, struct lb_cfg *cfg)
{
	const struct lb_ventry *ve;
	const char *now;
	unsigned int ncpu = num_online_cpus();
	char names[512];
	unsigned int i;

	cfg->wl = lb_find_workload(p->name[LB_P_workload]);
	if (!cfg->wl) {
		lb_list_names(names, sizeof(names), NULL);
		pr_err("workload='%s' unknown (valid: %s)%s\n",
		       p->name[LB_P_workload], names, LB_LEFT_OUT);
		return -EINVAL;
	}
	ve = lb_find_variant(cfg->wl, p->name[LB_P_variant]);
	if (!ve) {
		lb_list_names(names, sizeof(names), cfg->wl);
		now = lb_renamed(cfg->wl, p->name[LB_P_variant]);
		pr_err("variant='%s' unknown for workload %s (valid: %s)%s%s\n",
		       p->name[LB_P_variant], cfg->wl->name, names,
		       now ? "; it is now " : "", now ? now : "");
		return -EINVAL;
	}
	cfg->var = ve->ops;
	cfg->vi = ve->info;
	for (i = 0; i < LB_NR_CTX; i++)
		if (!strcmp(p->name[LB_P_context], lb_ctx_names[i]))
			break;
	if (i == LB_NR_CTX) {
		pr_err("context='%s' unknown (valid: task hardirq nmi)\n", p->name[LB_P_context]);
		return -EINVAL;
	}
	if (lb_absent_why("context", p->name[LB_P_context])) {
		pr_err("context=%s absent from this build: %s\n", p->name[LB_P_context],
		       lb_absent_why("context", p->name[LB_P_context]));
		return -EINVAL;
	}
	cfg->ctx = i;
	for (i = 0; i < ARRAY_SIZE(lb_nums); i++) {
		const struct lb_num *n = &lb_nums[i];
		long long v = p->num[i];

		if (i == LB_P_writer_period_ns && p->period_none)
			continue;
		if (v < n->min || v > n->max) {
			pr_err("%s=%lld out of range (valid: %lld..%lld)\n",
			       n->name, v, n->min, n->max);
			return -EINVAL;
		}
	}
	if (p->num[LB_P_readers] > ncpu) {
		pr_err("readers=%lld out of range (valid: 1..%u, the online CPUs)\n",
		       p->num[LB_P_readers], ncpu);
		return -EINVAL;
	}
	if (!cfg->var->write && p->num[LB_P_writers]) {
		pr_err("writers=%lld invalid for %s/%s (valid: 0; its writer is the kernel itself)\n",
		       p->num[LB_P_writers], cfg->wl->name, cfg->vi->name);
		return -EINVAL;
	}
	if (cfg->ctx != LB_CTX_TASK) {
		if (!cfg->var->nmi_safe && cfg->ctx == LB_CTX_NMI) {
			pr_err("context=nmi invalid for %s (valid: task hardirq; it is not NMI-safe)\n",
			       cfg->wl->name);
			return -EINVAL;
		}
		if (p->num[LB_P_writers] > 1) {
			pr_err("writers=%lld invalid for context=%s (valid: 0..1; each reader CPU runs its own writer)\n",
			       p->num[LB_P_writers], p->name[LB_P_context]);
			return -EINVAL;
		}
	}
	if (p->period_none && p->num[LB_P_writers]) {
		pr_err("writer_period_ns=none invalid with writers=%lld (valid: 0..%lu)\n",
		       p->num[LB_P_writers], NSEC_PER_SEC);
		return -EINVAL;
	}
	if (p->num[LB_P_write_dwell_ns] && (cfg->ctx != LB_CTX_TASK || !p->num[LB_P_writers])) {
		pr_err("write_dwell_ns=%lld invalid with context=%s writers=%lld (valid: 0; only task-context writers dwell)\n",
		       p->num[LB_P_write_dwell_ns], p->name[LB_P_context], p->num[LB_P_writers]);
		return -EINVAL;
	}
	if (p->num[LB_P_extra_work] && cfg->ctx != LB_CTX_TASK) {
		pr_err("extra_work=%lld invalid with context=%s (valid: 0; only task readers time batches)\n",
		       p->num[LB_P_extra_work], p->name[LB_P_context]);
		return -EINVAL;
	}
	if ((p->num[LB_P_irqoff] || p->num[LB_P_test_stall_ns]) && cfg->ctx != LB_CTX_TASK) {
		pr_err("%s=%lld invalid with context=%s (valid: 0; only task readers time batches)\n",
		       p->num[LB_P_irqoff] ? "irqoff" : "test_stall_ns",
		       p->num[LB_P_irqoff] ? p->num[LB_P_irqoff] : p->num[LB_P_test_stall_ns],
		       p->name[LB_P_context]);
		return -EINVAL;
	}
	cfg->readers = p->num[LB_P_readers];
	cfg->writers = cfg->ctx == LB_CTX_TASK ? p->num[LB_P_writers] : 0;
	cfg->writer_period_ns = p->period_none ? 0 : p->num[LB_P_writer_period_ns];
	cfg->nruns = p->num[LB_P_nruns];
	cfg->duration_ms = p->num[LB_P_duration_ms];
	cfg->batch = p->num[LB_P_batch];
	cfg->tree_nodes = p->num[LB_P_tree_nodes];
	cfg->spin_limit = p->num[LB_P_spin_limit];
	cfg->write_dwell_ns = p->num[LB_P_write_dwell_ns];
	cfg->irqoff = p->num[LB_P_irqoff];
	cfg->per_reader = p->num[LB_P_per_reader];
	cfg->test_stall_ns = p->num[LB_P_test_stall_ns];
	cfg->extra_work = p->num[LB_P_extra_work];
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

/* A run line starts from the module parameters. */
static int lb_defaults(struct lb_params *p)
{
	unsigned int i;
	int ret;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < ARRAY_SIZE(lb_names); i++) {
		ret = lb_copy_name(p->name[i], *lb_names[i].dflt,
				   lb_names[i].name);
		if (ret)
			return ret;
	}
	for (i = 0; i < ARRAY_SIZE(lb_nums); i++)
		p->num[i] = *lb_nums[i].dflt;
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
	for (i = 0; i < ARRAY_SIZE(lb_names); i++)
		if (!strcmp(key, lb_names[i].name))
			return lb_copy_name(p->name[i], val, key);
	if (!strcmp(key, "writer_period_ns") && !strcmp(val, "none")) {
		p->period_none = true;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(lb_nums); i++) {
		long long *dst = &p->num[i];

		if (strcmp(key, lb_nums[i].name))
			continue;
		if (kstrtoll(val, 0, dst)) {
			pr_err("%s='%.40s' is not a number (valid: %lld..%lld)\n",
			       key, val, lb_nums[i].min, lb_nums[i].max);
			return -EINVAL;
		}
		if (i == LB_P_writer_period_ns)
			p->period_none = false;
		return 0;
	}
	pr_err("unknown parameter '%.40s' (valid:%s)\n", key, lb_keys);
	return -EINVAL;
}

/*
 * A run line ("key=value ...", NULL: the module parameters alone) into a
 * checked configuration.
 */
int lb_cfg_from_line(char *line, struct lb_cfg *cfg)
{
	struct lb_params p;
	char *tok, *eq;
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
	return lb_check_cfg(&p, cfg);
}

/* At load: the accelerator tag, and the parameters as a configuration. */
int lb_params_check_load(void)
{
	struct lb_cfg cfg;
	size_t i, n = accel ? strlen(accel) : 0;

	if (n < 1 || n > 15)
		goto bad;
	for (i = 0; i < n; i++)
		if (!islower(accel[i]) && !isdigit(accel[i]) && accel[i] != '-')
			goto bad;
	return lb_cfg_from_line(NULL, &cfg);
bad:
	pr_err("accel='%.40s' invalid (valid: 1..15 characters of [a-z0-9-])\n",
	       accel ? accel : "");
	return -EINVAL;
}
