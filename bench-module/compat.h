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

#if !defined(CONFIG_X86)
#define LB_IF_CYC2NS_EXPORT(x...)
#define LB_NOTE_CYC2NS " cyc2ns cyc2ns_read (" LB_NO_TSC ")"
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
#if defined(LB_NO_CYC2NS_EXPORT) && defined(CONFIG_X86)
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
#if !defined(CONFIG_X86) || defined(LB_NO_CYC2NS_EXPORT) || defined(LB_NO_MODULE_ADDRESS_EXPORT) || \
	!defined(CONFIG_MODULES_TREE_LOOKUP)
#define LB_LEFT_OUT "; not in this build:" LB_NOTE_CYC2NS \
	LB_NOTE_MODULE_ADDRESS " (see latchbench's patches/<version>/)"
#else
#define LB_LEFT_OUT ""
#endif

/*
 * The architecture: x86 (the QEMU guests), um (User-Mode Linux: the same
 * kernel built ARCH=um, run as a host process; its code runs natively on
 * the host's cores, each vCPU a host thread) or arm64 (Debian's arm64
 * image under QEMU icount).  Per architecture:
 *  - lb_arch_cycles(), lb_arch_khz(): the harness clock and its kHz.  x86:
 *    the TSC (rdtsc_ordered, tsc_khz); arm64: the generic timer's virtual
 *    counter (isb; mrs cntvct_el0, the arch timer clocksource's read) at
 *    CNTFRQ (62.5 MHz under QEMU: 16 ns a tick); um: ktime_get_mono_fast_ns()
 *    (1 unit = 1 ns), so a UML time includes a host clock read per timed
 *    batch, not per op.
 *  - lb_exact_khz(): the harness clock's kHz under an exact accelerator
 *    (icount, 1 guest instruction = 1 ns of virtual time): x86's TSC then
 *    counts virtual ns (1000000 kHz whatever tsc_khz says); arm64's counter
 *    ticks at CNTFRQ of virtual time, so lb_arch_khz() stays right.
 *  - lb_clock_counter(): the replicas' clocksource read, the instruction a
 *    kernel clocksource reads: x86's rdtsc_ordered() (read_tsc()), also on
 *    um, so a replica's path is the same under kvm and uml; arm64's
 *    counter read (arch_counter_get_cntvct()).
 *  - LB_NO_TSC: x86's TSC, cyc2ns and cyc2ns_read_begin() exist only on
 *    x86: um's clocksource is the host's clock_gettime() and arm64's
 *    sched_clock is the generic latch (kernel/time/sched_clock.c).  The
 *    cyc2ns replica and cyc2ns_read are left out (Kbuild: CONFIG_X86),
 *    listed in debugfs "absent".
 *  - LB_NO_NMI: um has no NMI (interrupts are host signals, irq-off is a
 *    software flag); arm64 has no NMI a module can raise (the GIC's
 *    pseudo-NMIs serve the NMI watchdog and perf).  context=nmi is absent
 *    there; hardirq (irq_work) exists.  lb_nmi_register(fn) references fn
 *    either way (no unused-function warning where it registers nothing).
 */
#if defined(CONFIG_UML) || defined(CONFIG_ARM64)
#include <linux/bug.h>

#define LB_IF_TSC(x...)
#define LB_IF_NO_TSC(x...) x
#define NMI_DONE	0
#define NMI_HANDLED	1
#define lb_nmi_register(fn) ({ (void)(fn); 0; })
#define lb_nmi_unregister() do { } while (0)

static __always_inline void lb_nmi_raise_self(void)
{
	WARN_ON_ONCE(1);	/* refused before: lb_absent's context nmi */
}
#endif

#ifdef CONFIG_UML
#include <linux/ktime.h>
#include <linux/timekeeping.h>

#define LB_NO_NMI "User-Mode Linux has no NMI (interrupts are host signals; irq-off is a software flag)"
#define LB_NO_TSC "x86 only: User-Mode Linux has no TSC clocksource and no cyc2ns"
#define LB_ARCH_KHZ "ktime_khz"

static __always_inline u64 lb_arch_cycles(void)
{
	return ktime_get_mono_fast_ns();
}

static inline unsigned int lb_arch_khz(void)
{
	return 1000000;
}

static inline unsigned int lb_exact_khz(void)
{
	return 1000000;
}

static __always_inline u64 lb_clock_counter(void)
{
	u32 lo, hi;

	asm volatile("lfence; rdtsc" : "=a" (lo), "=d" (hi) :: "memory");
	return ((u64)hi << 32) | lo;
}
#elif defined(CONFIG_ARM64)
#include <asm/arch_timer.h>

#define LB_SCHED_CLOCK_SHAPE "schedclock"
#define LB_SCHEDCLOCK_REAL "sched_clock"
#define LB_NO_NMI "arm64 has no NMI a module can raise (the GIC's pseudo-NMIs serve the NMI watchdog and perf)"
#define LB_NO_TSC "x86 only: arm64 has no TSC and no cyc2ns (its sched_clock is the generic latch, kernel/time/sched_clock.c)"
#define LB_ARCH_KHZ "cntfrq_khz"

static __always_inline u64 lb_arch_cycles(void)
{
	return __arch_counter_get_cntvct();
}

static inline unsigned int lb_arch_khz(void)
{
	return arch_timer_get_cntfrq() / 1000;
}

static inline unsigned int lb_exact_khz(void)
{
	return lb_arch_khz();
}

static __always_inline u64 lb_clock_counter(void)
{
	return __arch_counter_get_cntvct();
}
#else
#include <asm/msr.h>
#include <asm/tsc.h>
#include <asm/apic.h>
#include <asm/nmi.h>
#include <asm/timer.h>

#define LB_ARCH_KHZ "tsc_khz"
#define LB_IF_TSC(x...) x
#define LB_IF_NO_TSC(x...)
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

static inline unsigned int lb_exact_khz(void)
{
	return 1000000;
}

static __always_inline u64 lb_clock_counter(void)
{
	return rdtsc_ordered();
}
#endif
#endif /* LB_COMPAT_H */
