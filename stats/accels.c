// SPDX-License-Identifier: GPL-2.0
/*
 * The accelerators as bench-module/accels.h states them: the one place
 * lbstats learns what an accelerator is.  Every other file asks here: is it
 * real time (the boot is the statistical unit, the clock has a quantum), is
 * it exact (deterministic: a path length is compared by the exact rule),
 * which column is its estimator.  lbstats accels prints the table for the
 * runners and the awk layouts.
 *
 * The estimator: each accelerator's per-run figure (accels.h).  Every stage
 * reads a run as this one figure: summary's value, interval and comparisons
 * (and through it table, plots and cover letter), rows --sample (the
 * report's samples), converge (RUNS=auto) and aa.
 *   emulated (icount, tcg): path_ns_per_op, the interrupt-free path per read
 *	(under icount whole guest instructions: exact where deterministic,
 *	path_exact; TCG's time is the host's, never exact);
 *   real time (kvm, uml, and any accelerator the table lacks):
 *	median_ns_per_op, the run's median ns per read over its kept batches.
 *	Chosen over slope_ns_per_op (the median of the paired
 *	(T(2b) - T(b)) / b): on results/reference-uml (62 configurations,
 *	3 boots) its boot-level coefficient of variation is 1.25% at the
 *	median configuration against the slope's 1.42%; it is in every row
 *	(the slope is left out when negative, e.g. the harness alone); and its
 *	fixed cost per batch (one clock read / b) is the same on both sides of
 *	a comparison, so it cancels in a difference.
 * A row without its figure (a run made before the column) falls back to
 * ns_per_op, the run's mean, and the summary says so (value_basis mean).
 */
#include "internal.h"
#include "accels.h" /* stats/Makefile: -I$(VOCAB_DIR), bench-module/ by default */

#define LB_ACCEL_ROW(name, realtime, exact, nmi, pin, build, est, unit, boot_s, slow, per_s, note, \
		     metric, short_unit, axis_note, table_note, report_note, brief_note) \
	{ #name, realtime, exact, nmi, pin, #build, est, unit, boot_s, slow, per_s, note, \
	  metric, short_unit, axis_note, table_note, report_note, brief_note },
const struct accel accels[] = { LB_ACCELS(LB_ACCEL_ROW) };
const size_t naccels = ARRAY_SIZE(accels);

/* the accelerators' names, as the contract's other word lists */
#define LB_ACCEL_NAME(name, ...) #name,
const char *const accel_words[] = { LB_ACCELS(LB_ACCEL_NAME) NULL };

/* an accelerator as accels.h states it; NULL for a name it lacks */
static const struct accel *accel_of(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(accels); i++)
		if (!strcmp(accels[i].name, name))
			return &accels[i];
	return NULL;
}

const char *est_col(const char *accel)
{
	const struct accel *a = accel_of(accel);

	return a ? a->estimator : EST_REALTIME;
}

/* real time (accels.h), or an accelerator the table lacks; else emulated */
int accel_realtime(const char *accel)
{
	const struct accel *a = accel_of(accel);

	return !a || a->realtime;
}

/* deterministic (accels.h: exact); an accelerator the table lacks is not */
int accel_exact(const char *accel)
{
	const struct accel *a = accel_of(accel);

	return a && a->exact;
}

/* the accelerator table (accels.h), for the runners and the awk layouts */
int cmd_accels(int argc, char **argv)
{
	(void)argv;
	if (argc)
		return LB_USAGE;
	puts("name\trealtime\texact\tnmi\tpin\tbuild\testimator\tunit\tboot_s\tslow\tper_s\tnote"
	     "\tmetric\tshort\taxis_note\ttable_note\treport_note\tbrief_note");
	for (size_t i = 0; i < ARRAY_SIZE(accels); i++) {
		const struct accel *a = &accels[i];

		printf("%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
		       a->name, a->realtime, a->exact, a->nmi, a->pin, a->build, a->estimator,
		       a->unit, a->boot_s, a->slow, a->per_s, a->note, a->metric, a->short_unit,
		       a->axis_note, a->table_note, a->report_note, a->brief_note);
	}
	return 0;
}
