# shellcheck shell=bash
# runners/lib.d/accel.sh, the accelerators: the policy (which, pinning, real
# time, builds beside), KVM, boot budgets, rounds and seeds. Sourced by
# runners/lib.sh (the loader), never run.

# lb_clock_args CLOCK ACCEL: the kernel command line that pins the clocksource
# (runners/sweep's CLOCK: tsc | kvmclock | auto) for a boot under ACCEL.
# (uml: nothing: User-Mode Linux's only clocksource reads the host clock.)
lb_clock_args() {
	[ "$2" != uml ] || return 0
	case $1 in
	tsc) echo "tsc=reliable clocksource=tsc lb.clocksource=tsc$([ "$2" != kvm ] || echo " no-kvmclock")" ;;
	kvmclock) echo "clocksource=kvm-clock lb.clocksource=kvm-clock" ;;
	auto) echo "" ;;
	esac
}

# lb_boot_budget ACCEL CONFIGS RUNS DURATION_MS: "EXPECTED TIMEOUT", seconds,
# of one sweep boot: its expected time from the plan and the accelerator
# (boot, then per configuration RUNS x DURATION of measuring, slowed down by
# emulation, plus its setup), and the timeout the sweep gives it:
# LB_BOOT_TIMEOUT_FACTOR times that, at least LB_BOOT_TIMEOUT_FLOOR. Measured
# (results/reference-*): 128 configurations x 3 runs x 10 ms took 55-76 s a
# boot under icount and tcg on a shared 2-core host, expected 97 and 78 s.
LB_BOOT_TIMEOUT_FACTOR=5 LB_BOOT_TIMEOUT_FLOOR=150

lb_boot_budget() {
	local c
	c=$(lb_accel_costs "$1")
	awk -v c="$c" -v n="$2" -v r="$3" -v d="$4" -v f="$LB_BOOT_TIMEOUT_FACTOR" -v floor="$LB_BOOT_TIMEOUT_FLOOR" 'BEGIN {
		split(c, x, " "); boot = x[1]; slow = x[2]; per = x[3]
		e = int(boot + n * (r * d / 1000 * slow + per) + 0.999)
		t = e * f; if (t < floor) t = floor
		print e, t
	}'
}
# lb_accel_costs ACCEL: "BOOT SLOW PER", the stated costs a boot's expected
# time is made of (lb_boot_budget, and the sweep's ETA: runners/sweep-boot):
# BOOT s from start to the first configuration, each configuration's RUNS x
# DURATION of measuring times SLOW (emulation), plus PER s of its setup
lb_accel_costs() {
	case $1 in
	kvm) echo "10 1.5 0.05" ;;
	tcg) echo "20 5 0.3" ;;
	*) echo "20 10 0.3" ;; # icount (and auto: icount without KVM), uml
	esac
}
# --- the accelerator policy: the one place that decides what a guest runs
# under. runners/sweep, runners/sweep-boot (a Slurm node) and runners/boot all
# go through these functions, so they cannot disagree.

# LB_ACCELS: what ACCEL (also boot's ACCEL=) may name; auto = lb_accel_resolve's choice.
export LB_ACCELS="auto kvm tcg icount uml"

# LB_UML_NOTE: what a uml number is and is not (meta.txt, warnings).
export LB_UML_NOTE="User-Mode Linux, real host ns of kernel code run natively as a host process (each vCPU a host thread); no hardware virtualisation, no NMI, irq-off a software flag; not KVM results"

# LB_ACCEL_FALLBACK: what auto measures under when KVM does not work here:
# icount, deterministic path lengths (guest instructions), the one exact
# answer an emulator gives; tcg's emulated times swing from run to run.
LB_ACCEL_FALLBACK=icount

# lb_accel_ok A: A is a valid ACCEL value.
lb_accel_ok() { case " $LB_ACCELS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# lb_kvm_dev: the KVM device the probe opens (LB_KVM_DEV: a stand-in device
# for the tests; /dev/kvm otherwise).
lb_kvm_dev() { printf '%s\n' "${LB_KVM_DEV:-/dev/kvm}"; }

# lb_kvm_unusable: prints why KVM cannot run on this host (lb_kvm_dev's
# device does not exist, or cannot be opened read-write) and succeeds;
# fails, printing nothing, when the device opens (whether a guest then
# boots under it is runners/probe-accel's to find out). The sweep refuses
# ACCEL=kvm with it before any work; probe-accel's first verdict.
lb_kvm_unusable() {
	local d
	d=$(lb_kvm_dev)
	if [ ! -e "$d" ]; then
		echo "$d does not exist"
	elif ! (: <>"$d") 2>/dev/null; then
		echo "$d not accessible (cannot open it read-write)"
	else
		return 1
	fi
}

# lb_qemu_standin: prints the stand-in note when QEMU (the binary every
# runner starts) is the tests' KVM stand-in (tests/kvm-standin, which says
# so in its --version line), nothing for a real QEMU. Stand-in runs carry
# this note in the first line of everything they produce.
lb_qemu_standin() {
	local v
	v=$("${QEMU:-qemu-system-x86_64}" --version 2>/dev/null | head -n 1) || return 0
	case $v in *kvm-standin*) echo "kvm-standin: TCG behind the KVM command line (tests/kvm-standin), not hardware: exercises the KVM path only" ;; esac
}

# lb_accel_resolve REQUEST [KBUILD_DIR]: sets lb_accel (kvm, tcg or icount)
# and lb_accel_why. auto asks runners/probe-accel, which boots KBUILD_DIR
# (a kernel that has been built: build first, then decide) under KVM: kvm
# when that boot reaches init, else LB_ACCEL_FALLBACK with the probe's
# reason. Other values are taken as requested. Dies when the probe itself
# cannot run.
# shellcheck disable=SC2034 # lb_accel and lb_accel_why are for the caller
lb_accel_resolve() {
	local req=$1 kb=${2:-} err verdict
	lb_accel_ok "$req" || lb_die "ACCEL=$req: unknown accelerator (valid: $LB_ACCELS)"
	if [ "$req" != auto ]; then
		lb_accel=$req lb_accel_why="requested (ACCEL=$req)"
		return 0
	fi
	mkdir -p "$LB_CACHE"
	err=$(mktemp "${TMPDIR:-/tmp}/lb-probe.XXXXXX")
	# one probe at a time per cache (it reuses its log directory)
	verdict=$(flock "$LB_CACHE/probe-accel.lock" "$LB_ROOT/runners/probe-accel" ${kb:+KBUILD="$kb"} 2>"$err" | head -n 1) || true
	lb_accel_why=$(grep -v '^probe-accel: probing' "$err" | tail -n 1 | sed 's/^probe-accel: //')
	# what the probe did, for the user (its verdict line is the caller's to print)
	grep '^probe-accel: probing' "$err" >&2 || true
	rm -f "$err"
	case $verdict in
	kvm) lb_accel=kvm lb_accel_why="probe-accel: $lb_accel_why" ;;
	tcg) lb_accel=$LB_ACCEL_FALLBACK lb_accel_why="probe-accel: $lb_accel_why; so the default is $LB_ACCEL_FALLBACK (deterministic path lengths in guest instructions; ACCEL=tcg for emulated timings)" ;;
	*) lb_die "the accelerator probe gave no verdict: ${lb_accel_why:-no output} (runners/probe-accel)" ;;
	esac
}

# lb_accel_skip ACCEL KERNEL_RELEASE VCPUS: prints why a boot of that kernel
# with that many vCPUs cannot run under ACCEL, and succeeds; fails (prints
# nothing) when it can run. Known: Linux 6.1 with more than one vCPU hangs
# Under uml, a kernel without UML SMP (before 6.17: 6.1, 6.12) runs 1 vCPU.
# under icount at "x86: Booting SMP configuration:" (docs/accelerators.md, "Known limits").
lb_accel_skip() {
	case $1:$2 in
	uml:*)
		if [ "$3" -gt 1 ] && ! lb_uml_smp "$2"; then
			echo "Linux $2 has no SMP under User-Mode Linux (UML SMP came with 6.17; 1 vCPU works: VCPUS=1)"
			return 0
		fi
		;;
	icount:6.1 | icount:6.1.* | icount:6.1-*)
		if [ "$3" -gt 1 ]; then
			echo "Linux 6.1 with more than one vCPU hangs under QEMU icount at 'x86: Booting SMP configuration:' (1 vCPU works: VCPUS=1)"
			return 0
		fi
		;;
	esac
	return 1
}

# lb_accel_pin ACCEL PIN: whether vCPU threads get pinned (PIN, else: on under
# kvm, where they are real CPUs, and uml, whose vCPU threads otherwise share a
# host core on a loaded host (seen: both on CPU 0, no reader ever overlapped the
# writer); off under emulation).
lb_accel_pin() {
	if [ -n "$2" ]; then echo "$2"; elif [ "$1" = kvm ] || [ "$1" = uml ]; then echo 1; else echo 0; fi
}

# lb_accel_realtime A: A's times are real time (kvm; uml: host time of natively
# run kernel code, LB_UML_NOTE), not emulated.
lb_accel_realtime() { [ "$1" = kvm ] || [ "$1" = uml ]; }

# lb_accel_beside_builds A: A's figures do not depend on what else the host
# runs, so its boots may run while kernels are still being built (icount:
# guest instructions; a sweep builds its later kernels beside such boots).
# Real time (kvm, uml) and tcg's emulated timings need a quiet host.
lb_accel_beside_builds() { [ "$1" = icount ]; }

# --- real-time methodology (runners/sweep): RUNS=auto, ROUNDS, SEED ---
# RUNS=auto (kvm, uml): LB_RUNS_AUTO_MIN runs first (spread over the boots
# of the first rounds), then another round of boots for every configuration
# whose 95% interval over boots (lbstats converge) is wider than
# LB_RUNS_AUTO_PCT percent of the mean, until it is not or the
# configuration has RUNS_MAX runs (default LB_RUNS_AUTO_MAX).
export LB_RUNS_AUTO_MIN=3 LB_RUNS_AUTO_MAX=20 LB_RUNS_AUTO_PCT=1

# LB_RT_ROUNDS: the default ROUNDS of a real-time accelerator (the boot is the
# statistical unit: placement, host core and thermal state differ per boot),
# at most RUNS; icount and tcg default to one boot per kernel.
export LB_RT_ROUNDS=3

# lb_rounds_default ACCEL RUNS: the boots per kernel when ROUNDS is not given
lb_rounds_default() {
	if lb_accel_realtime "$1"; then echo $(($2 < LB_RT_ROUNDS ? $2 : LB_RT_ROUNDS)); else echo 1; fi
}

# lb_boot_seed SEED TAG: the configuration-order seed of boot TAG of a sweep
# with SEED (reproducible: the same SEED gives every boot the same order)
lb_boot_seed() { printf '%s %s' "$1" "$2" | cksum | awk '{ print $1 % 2147483647 }'; }
