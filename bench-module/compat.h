/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latchbench: API differences between the kernels we build against, kept
 * in one place.  Every tree from 6.1 on provides what we use:
 * seqcount_latch_t with raw_read_seqcount_latch{,_retry}() and
 * raw_write_seqcount_latch(), latch_tree_*(), the maple tree, irq_work
 * with IRQ_WORK_INIT_HARD, register_nmi_handler() and apic->send_IPI_mask().
 * Differences found so far:
 *  - 6.1's <linux/timekeeping.h> is not self-contained: include
 *    <linux/ktime.h> first (w_kernel.c does).
 *  - local_clock() is an inline around sched_clock_cpu() in 6.1 and an
 *    exported function in 6.12: both are called the same way.
 *  - 6.15 documents __module_address() as an RCU reader instead of
 *    "preempt disabled"; a preempt-disabled region has been an RCU
 *    read-side section since the RCU flavours were merged (4.20), so our
 *    preempt_disable() around it is right for every tree we accept.
 *  - The fast timekeeper's delta guard: from 6.10 timekeeping_cycles_to_ns()
 *    compares the delta with tkr->clock->max_cycles; before, x86 had
 *    clocksource_delta() with CLOCKSOURCE_VALIDATE_LAST_CYCLE (a negative
 *    delta becomes 0).  The tkfast replica follows the kernel it is built
 *    against: Kbuild defines LB_TK_MAX_CYCLES_GUARD when the tree's
 *    timekeeping.c has the max_cycles comparison (lb_tk_max_cycles_guard).
 *  - rdtsc() is declared in <asm/tsc.h> on 7.2 (reached through <asm/msr.h>
 *    before): w_cyc2ns.c includes <asm/tsc.h>, which every tree has.
 *  - The latch API.  6.13 converted the in-tree latch users (timekeeping,
 *    sched_clock, x86 tsc.c, rbtree_latch.h) from raw_read_seqcount_latch{,
 *    _retry}() and raw_write_seqcount_latch() to read_seqcount_latch{,
 *    _retry}() and write_seqcount_latch_begin() / write_seqcount_latch() /
 *    write_seqcount_latch_end(), which tell KCSAN about the read section and
 *    the writer's critical section (7.2 has both; the raw_* forms remain).
 *    Debian's 6.12 stable has the new functions too, but its users still
 *    call the raw_* forms.  Our latch variants use the lb_latch_*() shims
 *    below, which follow what the kernel's own users do in each tree: Kbuild
 *    defines LB_LATCH_NEW_API when the tree's rbtree_latch.h calls
 *    write_seqcount_latch_begin() (6.13 on), else raw_*.  Without KCSAN the
 *    two compile to the same code.
 *  - PREEMPT_RT (6.12 and 7.2 on x86): a seqcount_spinlock_t reader
 *    (read_seqbegin(), read_seqcount_begin(), even raw_read_seqcount())
 *    that sees an odd count takes the writer's lock, a sleeping lock on RT,
 *    to wait for it.  From hardirq or NMI on the writer's own CPU that
 *    blocks in interrupt context for good (seen: the NMI reader of the
 *    seqcount variant hung the guest, RCU stall, reader task in D).  The
 *    bounded readers used from interrupts read the bare seqcount_t inside
 *    (lb_seqcount_bare()), which never locks, and count the odd count as
 *    would_deadlock: on RT the real reader would deadlock the same way,
 *    sleeping instead of spinning.  Every tree from 6.1 on has the
 *    seqcount_t as the first member, .seqcount, of seqcount_LOCKNAME_t.
 * A tree older than 6.1 is refused by Kbuild with the version it found.
 *
 * Exports a tree may lack.  cyc2ns_read_begin/end() and __module_address()
 * are exported only by our patches/<version>/.  Kbuild looks them up in
 * the kernel's Module.symvers and, when one is missing, defines
 * LB_NO_CYC2NS_EXPORT or LB_NO_MODULE_ADDRESS_EXPORT and warns, naming
 * the symbol.  The workload that needs it is then left out of the table:
 * its rows are simply absent and asking for it says why.
 * LB_IF_CYC2NS_EXPORT(x) and LB_IF_MODULE_ADDRESS_EXPORT(x) expand to x
 * when the export is there and to nothing otherwise.
 * LB_ENTRY(x) is x followed by a comma, for array entries.
 */
#ifndef LB_COMPAT_H
#define LB_COMPAT_H

#include <linux/seqlock.h>

#ifdef LB_TK_MAX_CYCLES_GUARD
#define lb_tk_max_cycles_guard 1
#else
#define lb_tk_max_cycles_guard 0
#endif

#define LB_ENTRY(x...) x,

/* The plain seqcount_t of a seqcount_spinlock_t: no RT lock on odd counts. */
#define lb_seqcount_bare(s) (&(s)->seqcount)

#ifdef LB_LATCH_NEW_API
static __always_inline unsigned int lb_latch_read_begin(const seqcount_latch_t *s)
{
	return read_seqcount_latch(s);
}

static __always_inline int lb_latch_read_retry(const seqcount_latch_t *s, unsigned int start)
{
	return read_seqcount_latch_retry(s, start);
}

/* Readers -> odd copy; the first of the writer's three calls. */
static __always_inline void lb_latch_write_begin(seqcount_latch_t *s)
{
	write_seqcount_latch_begin(s);
}

/* Readers -> even copy, between the two halves of an update. */
static __always_inline void lb_latch_write(seqcount_latch_t *s)
{
	write_seqcount_latch(s);
}

static __always_inline void lb_latch_write_end(seqcount_latch_t *s)
{
	write_seqcount_latch_end(s);
}
#else
static __always_inline unsigned int lb_latch_read_begin(const seqcount_latch_t *s)
{
	return raw_read_seqcount_latch(s);
}

static __always_inline int lb_latch_read_retry(const seqcount_latch_t *s, unsigned int start)
{
	return raw_read_seqcount_latch_retry(s, start);
}

static __always_inline void lb_latch_write_begin(seqcount_latch_t *s)
{
	raw_write_seqcount_latch(s);
}

static __always_inline void lb_latch_write(seqcount_latch_t *s)
{
	raw_write_seqcount_latch(s);
}

static __always_inline void lb_latch_write_end(seqcount_latch_t *s)
{
}
#endif

#if defined(CONFIG_UML)
#define LB_IF_CYC2NS_EXPORT(x...)
#define LB_NOTE_CYC2NS " cyc2ns cyc2ns_read (" LB_UML_NO_CYC2NS ")"
#elif defined(LB_NO_CYC2NS_EXPORT)
#define LB_IF_CYC2NS_EXPORT(x...)
#define LB_NOTE_CYC2NS " cyc2ns_read (needs the cyc2ns_read_begin export)"
#else
#define LB_IF_CYC2NS_EXPORT(x...) x
#define LB_NOTE_CYC2NS ""
#endif

#ifdef LB_NO_MODULE_ADDRESS_EXPORT
#define LB_IF_MODULE_ADDRESS_EXPORT(x...)
#define LB_NOTE_MODULE_ADDRESS " module_address (needs the __module_address export)"
#elif !defined(CONFIG_MODULES_TREE_LOOKUP)
/* no latch tree: __module_address() walks the module list (um: no PERF_EVENTS) */
#define LB_IF_MODULE_ADDRESS_EXPORT(x...)
#define LB_NOTE_MODULE_ADDRESS " module_address (" LB_NO_TREE_LOOKUP ")"
#define LB_NO_TREE_LOOKUP "no CONFIG_MODULES_TREE_LOOKUP: no latch tree (it needs PERF_EVENTS or TRACING)"
#else
#define LB_IF_MODULE_ADDRESS_EXPORT(x...) x
#define LB_NOTE_MODULE_ADDRESS ""
#endif

/* The same, for lb_absent (table.c): x when the build lacks it, else nothing. */
#if defined(LB_NO_CYC2NS_EXPORT) && !defined(CONFIG_UML)
#define LB_IF_NO_CYC2NS_EXPORT(x...) x
#else
#define LB_IF_NO_CYC2NS_EXPORT(x...)
#endif
#if defined(LB_NO_MODULE_ADDRESS_EXPORT)
#define LB_WHY_NO_MODULE_ADDRESS "needs the __module_address export (patches/<version>/)"
#define LB_IF_NO_MODULE_ADDRESS(x...) x
#elif !defined(CONFIG_MODULES_TREE_LOOKUP)
#define LB_WHY_NO_MODULE_ADDRESS LB_NO_TREE_LOOKUP
#define LB_IF_NO_MODULE_ADDRESS(x...) x
#else
#define LB_IF_NO_MODULE_ADDRESS(x...)
#endif

/* Appended to "workload unknown" errors: what this build left out, and why. */
#if defined(CONFIG_UML) || defined(LB_NO_CYC2NS_EXPORT) || defined(LB_NO_MODULE_ADDRESS_EXPORT) || \
	!defined(CONFIG_MODULES_TREE_LOOKUP)
#define LB_LEFT_OUT "; not in this build:" LB_NOTE_CYC2NS \
	LB_NOTE_MODULE_ADDRESS " (see latchbench's patches/<version>/)"
#else
#define LB_LEFT_OUT ""
#endif

/*
 * The architecture: x86 (the QEMU guests) or um (User-Mode Linux: the same
 * kernel built ARCH=um, run as a host process; its code runs natively on
 * the host's cores, each vCPU a host thread).  What um lacks:
 *  - NMI: interrupts are host signals and "irq off" is a software flag;
 *    there is no NMI and no APIC to send one with.  context=nmi is absent
 *    (LB_NO_NMI, listed in debugfs "absent"); hardirq (irq_work) exists.
 *  - The TSC as a kernel clock: um's clocksource reads the host's
 *    clock_gettime() and there is no tsc_khz, no cyc2ns and no
 *    cyc2ns_read_begin(): the cyc2ns replica and cyc2ns_read are left out.
 *    The harness times with ktime_get_mono_fast_ns() there (1 unit = 1 ns,
 *    lb_arch_khz() 1000000), so a UML time includes a host clock read per
 *    timed batch, not per op.
 *  - sched_clock is the jiffies one (10 ms at HZ=100): the sched_clock
 *    and local_clock rows measure that.
 * The replicas' own clocksource read (lb_clock_read) stays the x86 TSC read
 * instruction on both, so a replica's path is the same under kvm and uml.
 * lb_nmi_register(fn) references fn either way (no unused-function warning
 * on um, where it registers nothing).
 */
#ifdef CONFIG_UML
#include <linux/bug.h>
#include <linux/ktime.h>
#include <linux/timekeeping.h>

#define LB_NO_NMI "User-Mode Linux has no NMI (interrupts are host signals; irq-off is a software flag)"
#define LB_UML_NO_CYC2NS "x86 only: User-Mode Linux has no TSC clocksource and no cyc2ns"
#define LB_ARCH_KHZ "ktime_khz"
#define LB_IF_TSC(x...)
#define LB_IF_UML(x...) x
#define NMI_DONE	0
#define NMI_HANDLED	1
#define lb_nmi_register(fn) ({ (void)(fn); 0; })
#define lb_nmi_unregister() do { } while (0)

static __always_inline void lb_nmi_raise_self(void)
{
	WARN_ON_ONCE(1);	/* refused before: lb_ctx_absent[LB_CTX_NMI] */
}

static __always_inline u64 lb_arch_cycles(void)
{
	return ktime_get_mono_fast_ns();
}

static inline unsigned int lb_arch_khz(void)
{
	return 1000000;
}

static __always_inline u64 lb_tsc_read(void)
{
	u32 lo, hi;

	asm volatile("lfence; rdtsc" : "=a" (lo), "=d" (hi) :: "memory");
	return ((u64)hi << 32) | lo;
}
#else
#include <asm/msr.h>
#include <asm/tsc.h>
#include <asm/apic.h>
#include <asm/nmi.h>
#include <asm/timer.h>

#define LB_ARCH_KHZ "tsc_khz"
#define LB_IF_TSC(x...) x
#define LB_IF_UML(x...)
#define lb_nmi_register(fn) register_nmi_handler(NMI_LOCAL, fn, 0, "latchbench")
#define lb_nmi_unregister() unregister_nmi_handler(NMI_LOCAL, "latchbench")

static __always_inline void lb_nmi_raise_self(void)
{
	apic->send_IPI_mask(cpumask_of(smp_processor_id()), NMI_VECTOR);
}

static __always_inline u64 lb_arch_cycles(void)
{
	return rdtsc_ordered();
}

static inline unsigned int lb_arch_khz(void)
{
	return tsc_khz;
}

static __always_inline u64 lb_tsc_read(void)
{
	return rdtsc_ordered();
}
#endif
#endif /* LB_COMPAT_H */
