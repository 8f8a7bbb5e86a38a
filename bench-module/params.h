/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: the parameters of a run, the one list params.c generates
 * the module parameters, their descriptions, the run-line keys, the
 * defaults, the ranges and every "valid:" text from.  A module parameter
 * is the default every run line starts from; a run line overrides it.
 *
 *   NAME(name, default, description)
 *	a name (workload, variant, context): 1..LB_NAME_MAX-1 characters,
 *	checked against the table (table.c) or the contexts
 *   NUM(name, min, max, default, description)
 *	a number in min..max; writer_period_ns also takes "none" (no
 *	writer) in run lines; readers is also at most the online CPUs
 *
 * Load-time only (not run-line keys): accel (the CSV's accelerator tag)
 * and autorun (run the parameters' configuration at load), in params.c.
 */
#ifndef LB_PARAMS_H
#define LB_PARAMS_H

#include "columns.h"

#define LB_PARAMS(NAME, NUM) LB_LIST(					\
	NAME(workload, "tkfast", "workload (see the debugfs table)")	\
	NAME(variant, "latch", "variant of the workload (see the debugfs table)") \
	NAME(context, "task", "reader context: task hardirq nmi")	\
	NUM(readers, 1, INT_MAX, 1, "reader threads, one per CPU, at most the online CPUs") \
	NUM(writers, 0, 64, 0, "writer threads")			\
	NUM(writer_period_ns, 0, 1000000000, 0, "ns between writer updates, 0 = as fast as possible") \
	NUM(nruns, 1, 1000, 1, "runs per configuration, one CSV row each") \
	NUM(duration_ms, 1, 60000, 100, "length of one run in ms")	\
	NUM(batch, 1, 1000000, 1000, "reads per timed batch")		\
	NUM(tree_nodes, 1, 65536, 64, "latchtree: number of ranges")	\
	NUM(spin_limit, 1, 10000000, 10000, "hardirq/nmi: passes before a reader gives up as would_deadlock") \
	NUM(write_dwell_ns, 0, 100000, 0, "stress, not a measurement: each update dwells this long at its mid-write point") \
	NUM(irqoff, 0, 1, 0, "task context: 1 = interrupts off around each timed batch, as refscale times") \
	NUM(per_reader, 0, 1, 0, "1 = each row also lists every reader's median ns/op and its 95% interval (reader_medians)") \
	NUM(test_stall_ns, 0, 10000000, 0, "test only, not a measurement: 1 timed batch in 100 stalls this long inside its window") \
	NUM(extra_work, 0, 100000, 0, "make aa's known effect, not a measurement: each timed read does this many more dependent steps"))

#endif /* LB_PARAMS_H */
