// SPDX-License-Identifier: GPL-2.0
/*
 * lbstats - statistics over latchbench results (results.csv).
 *
 * One command per job, each in its own file (internal.h lists them), behind
 * the table below; the usage text is made from the table.  Every number
 * about runs is computed here and in stats.c: the summary CSV, the report,
 * the tables, the plots and the cover letter read them through lbstats and
 * re-implement none.  Every reader of results.csv outside lbstats reads it
 * through lbstats check, the input contract (contract.c).
 */
#include <gsl/gsl_errno.h>

#include "internal.h"

struct lb_cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *args;	/* its arguments, as usage shows them */
	const char *help;	/* one line on what it gives, or NULL */
};

/* one line per usage line: a command with two forms has two */
static const struct lb_cmd commands[] = {
	{ "summary", cmd_summary, "[-V VOCAB.csv] [--rt] [FILE...]", NULL },
	{ "compare", cmd_compare, "BASE,LIST NEW,LIST", NULL },
	{ "compare", cmd_compare, "[FILE]", "lines: key<TAB>base|new<TAB>value[<TAB>unit]" },
	{ "rows", cmd_rows, "[--sample] [FILE...]", "--sample: each row's figure and boot, last" },
	{ "check", cmd_check, "[-V VOCAB.csv] [-m META] FILE",
	  "the rows of FILE that pass the input contract" },
	{ "missing", cmd_missing, "META FILE", "what the rows lack against the plan META records" },
	{ "power", cmd_power, "[FILE]",
	  "lines: verdict<TAB>mde_pct; the median mde, flagged above the rule" },
	{ "converge", cmd_converge, "PCT MAX [FILE]", "RUNS=auto: is each mean known within PCT%?" },
	{ "aa", cmd_aa, "[FILE]", "the A/A and A/B benchmark: odd vs even rounds of one kernel" },
	{ "ab-size", cmd_ab_size, "[FILE]", "the A/B's known effect, exactly, from an icount run" },
	{ "roles", cmd_roles, "[-V VOCAB.csv]", "each role's variants: the layouts name none" },
	{ "sections", cmd_sections, "[FILE]", "a report's sections: group<TAB>base|new<TAB>model" },
	{ "vocab", cmd_vocab, "[table|renamed]", "the module's table as compiled in, CSV" },
	{ "accels", cmd_accels, "", "the accelerator table as compiled in, tab-separated" },
	{ "rule", cmd_rule, "", NULL },
};

/* "lbstats NAME ARGS" */
static void print_form(FILE *o, const struct lb_cmd *c)
{
	fprintf(o, "lbstats %s%s%s", c->name, c->args[0] ? " " : "", c->args);
}

static void usage(FILE *o)
{
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++) {
		fputs(i ? "       " : "usage: ", o);
		print_form(o, &commands[i]);
		if (commands[i].help)
			fprintf(o, "   (%s)", commands[i].help);
		fputc('\n', o);
	}
}

/* A command's wrong arguments (LB_USAGE): its forms, as the table has them. */
static __noreturn void die_usage(const char *cmd)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	int n = 0;

	if (!o)
		die("out of memory");
	fputs("usage: ", o);
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++) {
		if (strcmp(commands[i].name, cmd))
			continue;
		fputs(n++ ? " | " : "", o);
		print_form(o, &commands[i]);
	}
	fclose(o);
	die("%s", buf);
}

int main(int argc, char **argv)
{
	/* GSL domain errors become NaN -> "NA", never an abort */
	gsl_set_error_handler_off();
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++) {
		if (!strcmp(argv[1], commands[i].name)) {
			int ret = commands[i].fn(argc - 2, argv + 2);

			if (ret == LB_USAGE)
				die_usage(commands[i].name);
			return ret;
		}
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	usage(stderr);
	return 2;
}
