/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: the CSV columns, in order: the one list the header, every
 * row and the per-reader counters come from (rows.c, lb.h).  New columns
 * go at the end; readers find columns by name.
 *
 *   COL(name, fmt, value, present, absent)
 *	a column computed per row: value is an expression over struct
 *	lb_row *r, printed with fmt (s: string, u: unsigned, f: three
 *	decimals, struct lb_dec) when present is true, else absent
 *	(a string) is printed.
 *   CTR(name, present)
 *	a counter: lb_ctr(rs, name) of a struct lb_rstat, counted by each
 *	reader (and each CPU's hardirq/NMI reader) where the variant or the
 *	harness sees it, summed over the run's readers into the row.
 */
#ifndef LB_COLUMNS_H
#define LB_COLUMNS_H

#ifndef LB_LIST
#define LB_LIST(x...) x
#endif

#define LB_COLUMNS(COL, CTR) LB_LIST(					\
	COL(kernel, s, r->kernel, true, "")				\
	COL(accel, s, r->accel, true, "")				\
	COL(vcpus, u, r->vcpus, true, "")				\
	COL(workload, s, r->workload, true, "")				\
	COL(variant, s, r->variant, true, "")				\
	COL(context, s, r->context, true, "")				\
	COL(readers, u, r->readers, true, "")				\
	COL(writers, u, r->writers, true, "")				\
	COL(writer_period_ns, u, r->period, r->writing, "none")		\
	COL(run, u, r->run, true, "")					\
	COL(read_ops, u, r->ops, true, "")				\
	COL(ns_per_op, f, r->per_op, true, "")				\
	COL(p50_ns, f, r->p50, true, "")				\
	COL(p99_ns, f, r->p99, true, "")				\
	CTR(retries, true)						\
	CTR(torn, r->checked)						\
	COL(write_ops, u, r->wops, true, "")				\
	COL(ns_per_write, f, r->per_w, r->writing, "")			\
	COL(interrupts_delivered, u, r->delivered, r->irq, "")		\
	COL(interrupted_mid_write, u, r->mid, r->irq, "")		\
	COL(completed, u, r->completed, r->irq, "")			\
	COL(would_deadlock, u, r->deadlock, r->irq, "")			\
	COL(max_spin, u, r->max_spin, r->irq, "")			\
	COL(deferral_ns, u, r->deferral_ns, r->irq, "")			\
	COL(preempt, s, r->preempt, true, "")				\
	COL(write_dwell_ns, u, r->write_dwell_ns, true, "")		\
	COL(path_ns_per_op, f, r->path, r->has_path, "")		\
	CTR(backwards, lb_counted(&r->ctr, backwards)))

#endif /* LB_COLUMNS_H */
