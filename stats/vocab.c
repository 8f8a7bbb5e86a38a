// SPDX-License-Identifier: GPL-2.0
/*
 * The vocabulary: each workload's variants, with their role, display order
 * and baseline rank.  The module's table (bench-module/vocab.h) as compiled
 * in, or a run's own record of it (-V vocab.csv, what lb_run_vocab gives: a
 * run made with a variant this build does not know still reads).  Old names
 * are read as today's, as rows are.  lbstats vocab prints the table, lbstats
 * roles each role's variants.
 */
#include "internal.h"

/* vocab.h as the module has it on x86 with the patches (compat.h drops what a kernel lacks) */
#define LB_IF_TSC(x...) x
#define LB_IF_CYC2NS_EXPORT(x...) x
#define LB_IF_MODULE_ADDRESS_EXPORT(x...) x
#include "vocab.h" /* stats/Makefile: -I$(VOCAB_DIR), bench-module/ by default */

/*
 * Variants renamed since (bench-module/vocab.h, the module's own table:
 * LB_RENAMED, and LB_REPLICAS for each workload's family), mapped as rows
 * are read, so that runs made with an old name read as the new one.
 */
struct family {
	const char *workload, *family;
};

struct rename {
	const char *family, *old, *now;
};

#define FAMILY(_n, _family, ...)	{ #_n, #_family },
#define RENAME(_family, _old, _now)	{ #_family, _old, _now },
static const struct family families[] = { LB_REPLICAS(FAMILY) };
static const struct rename renames[] = { LB_RENAMED(RENAME) };

char *renamed(char *workload, char *variant)
{
	for (size_t i = 0; i < ARRAY_SIZE(families); i++) {
		if (strcmp(families[i].workload, workload))
			continue;
		for (size_t j = 0; j < ARRAY_SIZE(renames); j++)
			if (!strcmp(renames[j].family, families[i].family) &&
			    !strcmp(renames[j].old, variant))
				return (char *)renames[j].now;
	}
	return variant;
}

static struct vocab_row *vocab;
static size_t nvocab;

static void vocab_add(const char *w, const char *v, const char *role, int order, int rank)
{
	vocab = xrealloc(vocab, (nvocab + 1) * sizeof(*vocab));
	vocab[nvocab].workload = xstrdup(w);
	vocab[nvocab].variant = xstrdup(renamed((char *)w, (char *)v));
	vocab[nvocab].role = xstrdup(role);
	vocab[nvocab].order = order;
	vocab[nvocab].rank = rank;
	nvocab++;
}

struct vocab_def {
	const char *name, *role;
	int order, rank;
};

#define VDEF(_id, _name, _role, _order, _rank, _type) { _name, #_role, _order, _rank },
#define KFN(_n, ...) #_n,
static const struct vocab_def copy_vdefs[] = { LB_COPY_VARIANTS(VDEF) };
static const struct vocab_def tree_vdefs[] = { LB_TREE_VARIANTS(VDEF) };
static const struct vocab_def kern_vdefs[] = { LB_KERNEL_VARIANTS(VDEF) };
static const char *const kernel_fns[] = { LB_KERNEL_FNS(KFN) };

void vocab_builtin(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(families); i++) {
		int tree = !strcmp(families[i].family, "tree");
		const struct vocab_def *d = tree ? tree_vdefs : copy_vdefs;
		size_t n = tree ? ARRAY_SIZE(tree_vdefs) : ARRAY_SIZE(copy_vdefs);

		for (size_t j = 0; j < n; j++)
			vocab_add(families[i].workload, d[j].name, d[j].role, d[j].order, d[j].rank);
	}
	for (size_t i = 0; i < ARRAY_SIZE(kernel_fns); i++)
		for (size_t j = 0; j < ARRAY_SIZE(kern_vdefs); j++)
			vocab_add(kernel_fns[i], kern_vdefs[j].name, kern_vdefs[j].role,
				  kern_vdefs[j].order, kern_vdefs[j].rank);
}

void vocab_read(const char *name)
{
	struct lb_file in;
	char *label = xrealloc(NULL, strlen(name) + 4), *fld[MAX_FIELDS];
	int iw = -1, iv = -1, ir = -1, io = -1, ik = -1, nh = 0;

	sprintf(label, "-V %s", name);
	lb_open(&in, name, label, NULL);
	while (lb_next(&in) > 0) {
		char *line = in.line;
		int n;

		chomp(line);
		if (!line[0])
			continue;
		n = split(line, fld);
		if (!nh) {
			nh = n;
			for (int i = 0; i < n; i++) {
				iw = strcmp(fld[i], "workload") ? iw : i;
				iv = strcmp(fld[i], "variant") ? iv : i;
				ir = strcmp(fld[i], "role") ? ir : i;
				io = strcmp(fld[i], "order") ? io : i;
				ik = strcmp(fld[i], "rank") ? ik : i;
			}
			if (iw < 0 || iv < 0 || ir < 0 || io < 0 || ik < 0)
				die("%s: not a vocabulary (needs columns workload, variant, role, order, rank)",
				    in.name);
			continue;
		}
		if (n != nh)
			die("%s:%ld: %d fields, the header has %d", in.name, in.lineno, n, nh);
		if (!is_number(fld[io]) || !is_number(fld[ik]))
			die("%s:%ld: order '%s' / rank '%s': not numbers", in.name, in.lineno, fld[io],
			    fld[ik]);
		vocab_add(fld[iw], fld[iv], fld[ir], atoi(fld[io]), atoi(fld[ik]));
	}
	lb_close(&in);
	if (!nvocab)
		die("%s: no variant in it", label);
	free(label);
}

/*
 * Is w a workload of the vocabulary (v NULL), or v (or its old name) a
 * variant of workload w?  valid: what is, space-separated (cut short).
 */
int vocab_names(const char *w, const char *v, char *valid, size_t len)
{
	int found = 0;

	if (!nvocab)
		vocab_builtin();
	if (v)
		v = renamed((char *)w, (char *)v);
	valid[0] = 0;
	for (size_t i = 0; i < nvocab; i++) {
		const char *name = v ? vocab[i].variant : vocab[i].workload;
		size_t k;

		if (v && strcmp(vocab[i].workload, w))
			continue;
		found |= !strcmp(name, v ? v : w);
		/* each name once: is it already in valid? */
		for (k = 0; k < i; k++)
			if ((!v || !strcmp(vocab[k].workload, w)) &&
			    !strcmp(v ? vocab[k].variant : vocab[k].workload, name))
				break;
		if (k == i && strlen(valid) + strlen(name) + 5 < len)
			snprintf(valid + strlen(valid), len - strlen(valid), "%s%s",
				 valid[0] ? " " : "", name);
	}
	return found;
}

const struct vocab_row *vocab_find(const char *w, const char *v)
{
	for (size_t i = 0; i < nvocab; i++)
		if (!strcmp(vocab[i].workload, w) && !strcmp(vocab[i].variant, v))
			return &vocab[i];
	return NULL;
}

/* the variant of workload w with role r (the first in the table), or NULL */
const char *vocab_role(const char *w, const char *role, int rank)
{
	for (size_t i = 0; i < nvocab; i++)
		if (!strcmp(vocab[i].workload, w) && !strcmp(vocab[i].role, role) &&
		    (rank < 0 || vocab[i].rank == rank))
			return vocab[i].variant;
	return NULL;
}

/* ---- lbstats vocab: the module's table, for the host before a boot ---- */
/*
 * The vocabulary as compiled in (bench-module/vocab.h), every name of it
 * (also the workloads a build may leave out: LB_IF_* are all kept here),
 * in the module's table order, as CSV:
 *   workload,variant,kind,counterpart,type,role,order,rank
 * (kind: copy or tree for a replica, kernel for a real function;
 * counterpart: a replica's real function, a function's replica, or empty).
 * The columns of the module's debugfs table, which the guest records as a
 * run's vocab.csv, less what only a build knows (has_writer, nmi_safe).
 * "lbstats vocab renamed": kind,old,new, one line per variant's old name.
 */
struct table_workload {
	const char *name, *kind, *counterpart;
};

struct table_variant {
	const char *name, *role, *type;
	int order, rank;
};

#define TREPL(_n, _family, _cp)		{ #_n, #_family, _cp },
#define TKFN(_n, _call, _nmi, _cp)	{ #_n, "kernel", _cp },
#define TVAR(_id, _name, _role, _order, _rank, _type) { _name, #_role, _type, _order, _rank },
static const struct table_workload vocab_wls[] = { LB_REPLICAS(TREPL) LB_KERNEL_FNS(TKFN) };
static const struct table_variant copy_tvars[] = { LB_COPY_VARIANTS(TVAR) };
static const struct table_variant tree_tvars[] = { LB_TREE_VARIANTS(TVAR) };
static const struct table_variant kern_tvars[] = { LB_KERNEL_VARIANTS(TVAR) };

int cmd_vocab(int argc, char **argv)
{
	if (argc > 1 || (argc == 1 && strcmp(argv[0], "table") && strcmp(argv[0], "renamed")))
		return LB_USAGE;
	if (argc == 1 && !strcmp(argv[0], "renamed")) {
		puts("kind,old,new");
		for (size_t i = 0; i < ARRAY_SIZE(renames); i++)
			printf("%s,%s,%s\n", renames[i].family, renames[i].old, renames[i].now);
		return 0;
	}
	puts("workload,variant,kind,counterpart,type,role,order,rank");
	for (size_t i = 0; i < ARRAY_SIZE(vocab_wls); i++) {
		const struct table_workload *w = &vocab_wls[i];
		const struct table_variant *v = copy_tvars;
		size_t n = ARRAY_SIZE(copy_tvars);

		if (!strcmp(w->kind, "tree")) {
			v = tree_tvars;
			n = ARRAY_SIZE(tree_tvars);
		} else if (!strcmp(w->kind, "kernel")) {
			v = kern_tvars;
			n = ARRAY_SIZE(kern_tvars);
		}
		for (size_t j = 0; j < n; j++)
			printf("%s,%s,%s,%s,%s,%s,%d,%d\n", w->name, v[j].name, w->kind,
			       w->counterpart, v[j].type, v[j].role, v[j].order, v[j].rank);
	}
	return 0;
}

/*
 * lbstats roles [-V VOCAB.csv]: what each variant is to the analysis, for
 * the layouts (report, plots), which never name a variant: one line per
 * role, role<TAB>its variants (each once, space-separated):
 *   subject   the synchronisation studied (sync, rank 0: the latch)
 *   baseline  what it is measured against, lowest baseline rank first
 *             (sync, rank > 0; the first a run has is the one)
 *   control   the unsynchronised control (the net cost is over it)
 *   harness   the harness alone
 *   real      the kernel's own functions
 * The module's table as compiled in, or a run's own (-V, lb_run_vocab).
 */
int cmd_roles(int argc, char **argv)
{
	static const char *const roles[] = { "subject", "baseline", "control", "harness", "real" };

	if (argc == 2 && !strcmp(argv[0], "-V"))
		vocab_read(argv[1]);
	else if (argc)
		return LB_USAGE;
	else
		vocab_builtin();
	for (size_t r = 0; r < ARRAY_SIZE(roles); r++) {
		int base = !strcmp(roles[r], "baseline"), subj = !strcmp(roles[r], "subject");
		const char *want = base || subj ? "sync" : roles[r];
		const struct vocab_row **l = xrealloc(NULL, nvocab * sizeof(*l));
		size_t n = 0;

		for (size_t i = 0; i < nvocab; i++) {
			const struct vocab_row *v = &vocab[i];
			size_t k;

			if (strcmp(v->role, want) || (base && v->rank <= 0) || (subj && v->rank != 0))
				continue;
			for (k = 0; k < n && strcmp(l[k]->variant, v->variant); k++)
				;
			if (k < n)
				continue;
			/* (baselines: stable by rank, each at its first entry's) */
			for (k = n++; base && k && l[k - 1]->rank > v->rank; k--)
				l[k] = l[k - 1];
			l[k] = v;
		}
		printf("%s\t", roles[r]);
		for (size_t k = 0; k < n; k++)
			printf("%s%s", k ? " " : "", l[k]->variant);
		putchar('\n');
		free(l);
	}
	return 0;
}
