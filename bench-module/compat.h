/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: API differences between the kernels we build against, kept
 * in one place.  6.1 and 6.12 (Debian) both provide what we use:
 * seqcount_latch_t with raw_read_seqcount_latch{,_retry}() and
 * raw_write_seqcount_latch(), latch_tree_*(), the maple tree, irq_work
 * with IRQ_WORK_INIT_HARD, register_nmi_handler() and apic->send_IPI_mask().
 * Differences found so far:
 *  - 6.1's <linux/timekeeping.h> is not self-contained: include
 *    <linux/ktime.h> first (w_kernel.c does).
 *  - local_clock() is an inline around sched_clock_cpu() in 6.1 and an
 *    exported function in 6.12: both are called the same way.
 * A tree older than 6.1 fails at the first missing symbol; the two
 * exports we add (cyc2ns_read_begin/end, __module_address) come from
 * patches/<version>/ and modpost names them if they are missing.
 */
#ifndef LB_COMPAT_H
#define LB_COMPAT_H

#include <linux/seqlock.h>

#endif /* LB_COMPAT_H */
