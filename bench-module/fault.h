/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: the debug check's test-only faults (fault.c), built only with
 * LB_FAULTS (Kbuild: LB_FAULTS=y against a debug kernel).  Elsewhere the
 * module has no debugfs "fault" file at all.
 */
#ifndef LB_FAULT_H
#define LB_FAULT_H

struct dentry;

#ifdef LB_FAULTS
void lb_fault_debugfs(struct dentry *dir);
#else
static inline void lb_fault_debugfs(struct dentry *dir)
{
}
#endif

#endif
