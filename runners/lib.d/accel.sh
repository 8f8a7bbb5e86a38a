# shellcheck shell=bash
# runners/lib.d/accel.sh, the accelerators: their table (bench-module/
# accels.h, read once: lb_accel_load, lb_accel_field) and what derives from
# it (the names, real time, exact, NMI, pinning, the builds, the costs), the
# policy (which accelerator auto means, builds beside the boots), KVM, boot
# budgets, rounds and seeds. Sourced by runners/lib.sh (the loader), never run.

# lb_clock_args CLOCK ACCEL [ARCH]: the kernel command line that pins the
# clocksource (runners/sweep's CLOCK: tsc | kvmclock | auto) for a boot under
# ACCEL. (uml: nothing: User-Mode Linux's only clocksource reads the host
# clock; ARCH arm64: nothing: its one clocksource is the arch timer's counter.)
lb_clock_args() {
	[ "$2" != uml ] && [ "${3:-}" != arm64 ] || return 0
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
# LB_BOOT_TIMEOUT_FACTOR times that, at least LB_BOOT_TIMEOUT_FLOOR. The
# expected time is meant as an upper bound of a boot on a shared host: a
# reference's TAG.expected_s beside its TAG.boot.wall_s (meta.txt) shows it.
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
# DURATION of measuring times SLOW (emulation), plus PER s of its setup; the
# table's boot_s, slow and per_s (auto: its fallback's, KVM unknown yet)
lb_accel_costs() {
	local a=$1
	[ "$a" != auto ] || a=$LB_ACCEL_FALLBACK
	echo "$(lb_accel_field "$a" boot_s) $(lb_accel_field "$a" slow) $(lb_accel_field "$a" per_s)"
}
# --- the accelerator policy: the one place that decides what a guest runs
# under. runners/sweep, runners/sweep-boot (a Slurm node) and runners/boot all
# go through these functions, so they cannot disagree.

# The table: bench-module/accels.h (one line per accelerator: name, real
# time or emulated, exact, NMI, pinning, the builds it boots, its figure and
# unit, its stated costs), as lbstats compiles it in and prints it (lbstats
# accels: a header line, then a tab-separated line per accelerator).
# lb_accel_load reads it once per process into LB_ACCEL_TABLE, exported with
# LB_ACCELS, so that the runners a sweep starts read it no more; every
# lb_accel_* function below answers from that copy.
lb_accel_load() {
	[ -z "${LB_ACCEL_TABLE:-}" ] || [ "${LB_ACCEL_TABLE_ROOT:-}" != "$LB_ROOT" ] || return 0
	LB_ACCEL_TABLE=$("$(lb_lbstats)" accels) || lb_die "could not read the accelerator table (lbstats accels, bench-module/accels.h)"
	LB_ACCEL_TABLE_ROOT=$LB_ROOT
	# LB_ACCELS: what ACCEL (also boot's ACCEL=) may name: auto (lb_accel_resolve's
	# choice), then the table's names in its order
	LB_ACCELS="auto $(awk -F'\t' 'NR > 1 { printf "%s%s", (NR > 2 ? " " : ""), $1 }' <<<"$LB_ACCEL_TABLE")"
	export LB_ACCEL_TABLE LB_ACCEL_TABLE_ROOT LB_ACCELS
}

# lb_accel_field NAME FIELD: accelerator NAME's FIELD in the table (a column
# of its header: realtime exact nmi pin build estimator unit boot_s slow
# per_s note); nothing for a name the table lacks (auto)
lb_accel_field() {
	lb_accel_load
	awk -F'\t' -v name="$1" -v field="$2" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; if (!(field in c)) exit 2; next }
		$1 == name { print $c[field]; exit }' <<<"$LB_ACCEL_TABLE" ||
		lb_die "lb_accel_field: no field '$2' in the accelerator table"
}

# lb_accel_names FIELD VALUE: the names whose FIELD is VALUE, sorted, on one
# line ("kvm uml"); lb_accel_join SEP LAST "WORDS": the words joined by SEP,
# the last by LAST ("kvm, tcg and uml"): the lists a message names
lb_accel_names() {
	lb_accel_load
	awk -F'\t' -v field="$1" -v value="$2" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c[field] == value { print $1 }' <<<"$LB_ACCEL_TABLE" | sort | paste -sd' '
}
lb_accel_join() {
	local lb__join=() i out=""
	read -r -a lb__join <<<"$3"
	for ((i = 0; i < ${#lb__join[@]}; i++)); do
		if [ "$i" = 0 ]; then
			out=${lb__join[i]}
		elif [ "$i" = $((${#lb__join[@]} - 1)) ]; then
			out="$out$2${lb__join[i]}"
		else
			out="$out$1${lb__join[i]}"
		fi
	done
	echo "$out"
}

# LB_UML_NOTE: what a uml number is and is not (meta.txt, warnings).
export LB_UML_NOTE="User-Mode Linux, real host ns of kernel code run natively as a host process (each vCPU a host thread); no hardware virtualisation, no NMI, irq-off a software flag; not KVM results"

# LB_ACCEL_FALLBACK: what auto measures under when KVM does not work here:
# icount, deterministic path lengths (guest instructions), the one exact
# answer an emulator gives; tcg's emulated times swing from run to run.
LB_ACCEL_FALLBACK=icount

# lb_accel_ok A: A is a valid ACCEL value.
lb_accel_ok() {
	lb_accel_load
	case " $LB_ACCELS " in *" $1 "*) return 0 ;; *) return 1 ;; esac
}

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
# reason. Other values are taken as requested (the caller has checked them,
# lb_accel_ok). Dies when the probe itself cannot run.
# shellcheck disable=SC2034 # lb_accel and lb_accel_why are for the caller
lb_accel_resolve() {
	local req=$1 kb=${2:-} err verdict
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
# under icount at "x86: Booting SMP configuration:" (docs/accelerators.md,
# "Known limits"). Under uml, a kernel without UML SMP (before 6.17: 6.1,
# 6.12) runs 1 vCPU.
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

# lb_accel_pin ACCEL PIN: whether vCPU threads get pinned: PIN, else the
# table's pin (on where vCPU threads are real CPUs, kvm, or run kernel code
# natively, uml, whose threads otherwise share a host core on a loaded host;
# off under emulation)
lb_accel_pin() {
	if [ -n "$2" ]; then echo "$2"; elif [ "$(lb_accel_field "$1" pin)" = 1 ]; then echo 1; else echo 0; fi
}

# lb_accel_realtime A: A's times are real time (the table's realtime: kvm;
# uml, host time of natively run kernel code, LB_UML_NOTE), not emulated.
lb_accel_realtime() { [ "$(lb_accel_field "$1" realtime)" = 1 ]; }

# lb_accel_exact A: A's guest is deterministic (the table's exact: icount): a
# figure is a path length, the same in every run
lb_accel_exact() { [ "$(lb_accel_field "$1" exact)" = 1 ]; }

# lb_accel_build A: the kernel builds A boots (the table's build): x86
# (bzImage/vmlinux, under QEMU) or um (User-Mode Linux, ARCH=um); auto
# resolves to kvm or LB_ACCEL_FALLBACK, x86 both
lb_accel_build() {
	if [ "$1" = auto ]; then lb_accel_field "$LB_ACCEL_FALLBACK" build; else lb_accel_field "$1" build; fi
}

# lb_accel_beside_builds A: A's figures do not depend on what else the host
# runs (exact: guest instructions), so its boots may run while kernels are
# still being built (a sweep builds its later kernels beside such boots).
# Real time (kvm, uml) and tcg's emulated timings need a quiet host.
lb_accel_beside_builds() { lb_accel_exact "$1"; }

# --- real-time methodology (runners/sweep): RUNS=auto, ROUNDS, SEED ---
# RUNS=auto (kvm, uml): LB_RUNS_AUTO_MIN runs first (spread over the boots
# of the first rounds), then another round of boots for every configuration
# whose 95% interval over boots (lbstats converge) is wider than
# LB_RUNS_AUTO_PCT percent of the mean, until it is not or the
# configuration has RUNS_MAX runs (default LB_RUNS_AUTO_MAX).
export LB_RUNS_AUTO_MIN=3 LB_RUNS_AUTO_MAX=20 LB_RUNS_AUTO_PCT=1

# LB_RT_ROUNDS: the default ROUNDS of a real-time accelerator (the boot is the
# statistical unit: placement, host core and thermal state differ per boot),
# at most RUNS; an emulated one (icount, tcg) defaults to one boot per kernel.
export LB_RT_ROUNDS=3

# lb_rounds_default ACCEL RUNS: the boots per kernel when ROUNDS is not given
# (real time, lb_accel_realtime: LB_RT_ROUNDS at most RUNS; else 1)
lb_rounds_default() {
	if lb_accel_realtime "$1"; then echo $(($2 < LB_RT_ROUNDS ? $2 : LB_RT_ROUNDS)); else echo 1; fi
}

# lb_boot_seed SEED TAG: the configuration-order seed of boot TAG of a sweep
# with SEED (reproducible: the same SEED gives every boot the same order)
lb_boot_seed() { printf '%s %s' "$1" "$2" | cksum | awk '{ print $1 % 2147483647 }'; }
