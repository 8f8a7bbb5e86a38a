/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: the variants of every copy-shaped workload, as
 * LB_COPY_VARIANTS (vocab.h) lists them.  Adding a variant is one new
 * v_<ident>.h file and one line in LB_COPY_VARIANTS: Kbuild generates
 * copy_variants_gen.h, the #include of each listed v_<ident>.h.  Included
 * at the end of each workload file, which then defines its variant list
 * with LB_COPY_WORKLOAD(name).
 */
#include "copy_common.h"
#include "copy_variants_gen.h"

#define LB_COPY_VENTRY(_ident, _name, _role, _order, _rank, _type)	\
	{ &(const struct lb_vinfo)LB_VINFO(_name, _role, _order, _rank, _type), &v_##_ident },

/* lb_vars_<name>: the workload's variants, for table.c */
#define LB_COPY_WORKLOAD(_n)						\
	const struct lb_ventry lb_vars_##_n[] = {			\
		LB_COPY_VARIANTS(LB_COPY_VENTRY)			\
		{}							\
	}
