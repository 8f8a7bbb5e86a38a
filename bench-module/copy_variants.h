/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: the variants of every copy-shaped workload.  Adding a
 * variant is one new v_*.h file, its #include and one line in
 * copy_variants[].  Included at the end of each workload file.
 */
#include "copy_common.h"
#include "v_latch.h"
#include "v_seqcount.h"
#include "v_rcu.h"
#include "v_none.h"
#include "v_empty.h"

static const struct lb_variant *const copy_variants[] = {
	&v_latch,
	&v_seqcount,
	&v_rcu,
	&v_none,
	&v_empty,
	NULL
};
