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
 * The columns after path_ns_per_op (results/README.md has them all):
 * reader_cpus, writer_cpus: the CPUs of the readers and of the writers
 * ("0+1"); shared_cpus: readers on a CPU that also runs a writer (0 unless
 * there are too few CPUs; by design every hardirq/NMI reader); irqoff;
 * median_ns_per_op, p99_batch_ns: the median and the nearest-rank 99th
 * percentile of the per-read time of the kept timed batches (b and 2b
 * reads; batches_kept of them); clock_ns: the clock read's own cost per
 * hardirq/NMI read, subtracted from ns_per_op; achieved_period_ns: the
 * writers' mean time from one update's start to the next; test_stall_ns;
 * reader_medians (per_reader=1): per reader "cpu:median:lo:hi", the 95%
 * interval of its median, '+' between readers; sync_timeouts: readers'
 * warm-up or cool-down waits for the others that gave up (run.c);
 * slope_ns_per_op: the median over kept rounds of (T(2b) - T(b)) / b, the
 * per-read path without a batch's fixed cost (path_ns_per_op, the fastest
 * batches' difference, is left out under kvm and uml: real time's fastest
 * batches are its luckiest); extra_work: make aa's known effect (the module
 * parameter: dependent steps added to each timed read, lb_extra_batch());
 * mitigations: the CPU-vulnerability mitigations the kernel ran with
 * (rows.c lb_mitigations: none, off, auto, auto+nosmt; runners/sweep
 * MITIGATIONS).
 * p50_ns, p99_ns (the CSV contract's, kept in place): percentiles of a
 * log-linear histogram (16 buckets per octave), each the middle of its
 * bucket: of every timed batch's ns per read in task context (batch
 * means, not single reads), of single reads in hardirq/NMI context.
 *
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
	CTR(backwards, lb_counted(&r->ctr, backwards))			\
	COL(reader_cpus, s, r->reader_cpus, true, "")			\
	COL(writer_cpus, s, r->writer_cpus, r->writing, "")		\
	COL(shared_cpus, u, r->shared, r->writing, "")			\
	COL(irqoff, u, r->irqoff, !r->irq, "")				\
	COL(median_ns_per_op, f, r->median, r->nbatch, "")		\
	COL(p99_batch_ns, f, r->p99b, r->nbatch, "")			\
	COL(batches_kept, u, r->nbatch, !r->irq, "")			\
	COL(clock_ns, f, r->clock, r->irq, "")				\
	COL(achieved_period_ns, f, r->achieved, r->wperiods, "")	\
	COL(test_stall_ns, u, r->stall, true, "")			\
	COL(reader_medians, s, r->reader_medians, r->per_reader, "")	\
	COL(sync_timeouts, u, r->sync_timeouts, !r->irq, "")		\
	COL(slope_ns_per_op, f, r->slope, r->has_slope, "")		\
	COL(extra_work, u, r->extra_work, true, "")			\
	COL(mitigations, s, r->mitigations, true, ""))

#endif /* LB_COLUMNS_H */
