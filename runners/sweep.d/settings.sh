# shellcheck shell=bash
# runners/sweep's settings: every one validated on the host before anything
# is extracted, built or booted; one message form: VARIABLE=value: why
# (valid: ...) (lib.sh lb_invalid). The guest's own checks stay as the second
# line of defence. Every value that becomes a module parameter (runs per
# boot, duration, writer period, readers, extra_work) is checked against the
# module's own bound, read from its one table (bench-module/params.h,
# lb_param_bound): nothing here types one.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/sweep.d/state.sh"

# check_ab_extra_work: make aa's LB_AB_EXTRA_WORK (the module's extra_work),
# first of all
check_ab_extra_work() {
	case ${LB_AB_EXTRA_WORK:-} in
	'') ;;
	*[!0-9]* | 0*) lb_invalid LB_AB_EXTRA_WORK "not a positive number of extra steps per read" "1..$(lb_param_bound extra_work max)" ;;
	*) ! lb_param_outside extra_work "$LB_AB_EXTRA_WORK" ||
		lb_invalid LB_AB_EXTRA_WORK "more extra steps per read than the module's extra_work takes" "1..$(lb_param_bound extra_work max)" ;;
	esac
	return 0
}

# emulated_why: why no accelerator but a real-time one repeats runs: the
# exact ones are deterministic, the others' times emulated (the table's
# realtime and exact)
emulated_why() {
	local a out=""
	for a in $(lb_accel_names realtime 0); do ! lb_accel_exact "$a" || out="$out${out:+, }$a is deterministic (every run the same path length)"; done
	for a in $(lb_accel_names realtime 0); do lb_accel_exact "$a" || out="$out${out:+, }$a's times are emulated"; done
	echo "$out"
}

# sweep_check: every other setting (after sweep_knobs filled the defaults); a
# local sweep takes the host's sweep lock (lb_single), a Slurm one checks the
# cluster (runners/slurm ONLY=check)
sweep_check() {
	: "${SCHED:=local}" "${KDIRS:=}" "${KIMAGES:=}" "${HARNESS:=1}"
	# each list: words, none twice (a repeated kernel, model or vCPU count would
	# boot one tag twice, the second overwriting the first; a repeated workload,
	# variant, context or period would count its runs twice)
	for var in KERNELS PREEMPT VCPUS WORKLOADS VARIANTS CONTEXTS WRITER_PERIODS ACCEL UML_KERNELS MITIGATIONS; do
		[ "$var" = PREEMPT ] || [ "$var" = UML_KERNELS ] || [ -n "${!var// /}" ] || lb_invalid "$var" "empty" "one or more words"
		dup=$(printf '%s\n' ${!var} | sort | uniq -d | head -n 1)
		[ -z "$dup" ] || lb_invalid "$var" "'$dup' given twice" "each word once"
	done
	for p in $PREEMPT; do lb_preempt_ok "$p" || lb_invalid PREEMPT "'$p' unknown" "$LB_PREEMPTS"; done
	# uml: the Debian kernels built ARCH=um, with um's own model; x86 = 1 when some
	# accelerator boots the x86 builds (all but uml)
	x86=0
	for a in $ACCEL; do [ "$(lb_accel_build "$a")" = um ] || x86=1; done
	case " $ACCEL " in *" uml "*) [ -z "${KDIRS:-}${KSRC:-}${PATCHES:-}" ] || lb_die "ACCEL=$ACCEL: uml boots the Debian kernels built ARCH=um (KERNELS); KDIRS/KSRC/PATCHES trees are x86 builds (use icount, tcg or kvm for them)" ;; esac
	[ "$ACCEL" != uml ] || [ -z "$PREEMPT" ] || lb_die "PREEMPT=$PREEMPT with ACCEL=uml: a User-Mode Linux kernel has um's own default model (the rows say which); leave PREEMPT empty"
	# vCPUs: QEMU's 64 at most, and the readers they become (all of them
	# without a writer) at most the module's readers bound
	vmax=$(lb_param_bound readers max)
	[ "$vmax" -le 64 ] || vmax=64
	for v in $VCPUS; do
		case $v in '' | *[!0-9]* | 0*) lb_invalid VCPUS "'$v' is not a number of vCPUs" "1..$vmax" ;; esac
		if [ "${#v}" -gt 2 ] || [ "$v" -gt "$vmax" ]; then lb_invalid VCPUS "$v out of range" "1..$vmax"; fi
	done
	words=$(lb_module_names workloads | paste -sd' ')
	for w in $WORKLOADS; do
		case " $(lb_module_groups workloads) $words " in *" $w "*) ;; *) lb_invalid WORKLOADS "'$w' is no workload of the module's table" "$(lb_module_groups workloads) $words" ;; esac
	done
	words=$(lb_module_names variants | paste -sd' ')
	for v in $VARIANTS; do
		case " $(lb_module_groups variants) $words " in *" $v "*) ;; *) lb_invalid VARIANTS "'$v' is no variant of the module's table" "$(lb_module_groups variants) $words" ;; esac
	done
	for c in $CONTEXTS; do
		case $c in task | hardirq | nmi) ;; *) lb_invalid CONTEXTS "'$c' unknown" "task hardirq nmi" ;; esac
	done
	for m in $MITIGATIONS; do
		case $m in auto | off) ;; *) lb_invalid MITIGATIONS "'$m' unknown" "auto off (the kernel's mitigations= values the study compares)" ;; esac
	done
	wmax=$(lb_param_bound writer_period_ns max)
	for w in $WRITER_PERIODS; do
		case $w in
		none) ;;
		*[!0-9]*) lb_invalid WRITER_PERIODS "'$w' is not a number of ns" "none, 0 (back-to-back) or ns up to $wmax" ;;
		*) ! lb_param_outside writer_period_ns "$w" || lb_invalid WRITER_PERIODS "'$w' ns is outside the module's writer_period_ns" "none, or $(lb_param_bound writer_period_ns min)..$wmax ns (0: back-to-back)" ;;
		esac
	done
	# RUNS=auto: real time only (lb_accel_realtime; auto may resolve to kvm);
	# runs0 = the runs of the first rounds. rt_words: the real-time names,
	# sorted (the messages' lists)
	rt_possible=0
	for a in $ACCEL; do [ "$a" != auto ] && ! lb_accel_realtime "$a" || rt_possible=1; done
	rt_words=$(lb_accel_names realtime 1)
	case $RUNS in
	auto)
		[ "$rt_possible" = 1 ] || lb_invalid RUNS "repeats runs until each mean's 95% interval is within $LB_RUNS_AUTO_PCT%, for real time; ACCEL=$ACCEL has none: $(emulated_why)" "auto with ACCEL=$(lb_accel_join ", " ", " "$rt_words") or auto; or a number of runs"
		[ "$SCHED" = local ] || lb_invalid RUNS "decides each further round from the rows of the last, which needs SCHED=local (SCHED=$SCHED submits every boot at once)" "a number of runs with SCHED=$SCHED"
		runs0=$LB_RUNS_AUTO_MIN
		;;
	'' | *[!0-9]* | 0*) lb_invalid RUNS "not a positive number of runs" "1, 2, 3, ..., or auto ($(lb_accel_join ", " ", " "$rt_words"))" ;;
	*) runs0=$RUNS ;;
	esac
	# a boot runs its share of RUNS (ROUNDS boots per kernel) as the module's
	# nruns; RUNS_MAX, a configuration's runs over all its boots, has the same
	# bound
	nmax=$(lb_param_bound nruns max)
	rounds_given="" # ROUNDS when it is a number (checked below)
	case $ROUNDS in [1-9] | [1-9][0-9] | [1-9][0-9][0-9] | [1-9][0-9][0-9][0-9]) rounds_given=$ROUNDS ;; esac
	if [ "$RUNS" != auto ]; then
		for a in $ACCEL; do
			# (auto: as its fallback, one boot a kernel unless ROUNDS says)
			ra=${rounds_given:-$(lb_rounds_default "$a" "$LB_RT_ROUNDS")}
			if [ "${#RUNS}" -gt 18 ] || [ $(((RUNS + ra - 1) / ra)) -gt "$nmax" ]; then
				lb_invalid RUNS "more runs in a boot than the module's nruns takes ($nmax), over $ra boot(s) per kernel under $a" "1..$((nmax * ra)) ($nmax a boot; ROUNDS spreads RUNS over boots)"
			fi
		done
	fi
	runs_max=""
	if [ -n "$RUNS_MAX" ]; then
		[ "$RUNS" = auto ] || lb_invalid RUNS_MAX "only with RUNS=auto (RUNS=$RUNS is fixed)" "unset, or $LB_RUNS_AUTO_MIN..$nmax with RUNS=auto"
		case $RUNS_MAX in *[!0-9]* | 0*) lb_invalid RUNS_MAX "not a number of runs" "$LB_RUNS_AUTO_MIN..$nmax" ;; esac
		if lb_param_outside nruns "$RUNS_MAX" || [ "$RUNS_MAX" -lt "$LB_RUNS_AUTO_MIN" ]; then
			lb_invalid RUNS_MAX "out of range (RUNS=auto starts with $LB_RUNS_AUTO_MIN runs; the module's nruns takes at most $nmax)" "$LB_RUNS_AUTO_MIN..$nmax"
		fi
	fi
	[ "$RUNS" != auto ] || runs_max=${RUNS_MAX:-$LB_RUNS_AUTO_MAX}
	if [ -n "$SEED" ]; then
		case $SEED in *[!0-9]* | 0?*) lb_invalid SEED "not a number" "0..2147483646" ;; esac
		if [ "${#SEED}" -gt 10 ] || [ "$SEED" -gt 2147483646 ]; then lb_invalid SEED "out of range" "0..2147483646"; fi
	fi
	dmax=$(lb_param_bound duration_ms max)
	case $DURATION in '' | *[!0-9]* | 0*) lb_invalid DURATION "not a positive number of ms per run" "1..$dmax" ;; esac
	! lb_param_outside duration_ms "$DURATION" || lb_invalid DURATION "longer than the module's duration_ms takes" "1..$dmax (ms per run)"
	if [ -n "$ROUNDS" ]; then
		case $ROUNDS in *[!0-9]* | 0*) lb_invalid ROUNDS "not a positive number of boots per kernel" "1..$runs0 (unset: $LB_RT_ROUNDS under $(lb_accel_join ", " " and " "$rt_words"), 1 under $(lb_accel_join ", " " and " "$(lb_accel_names realtime 0)"))" ;; esac
		if [ "${#ROUNDS}" -gt 4 ] || [ "$ROUNDS" -gt "$runs0" ]; then
			lb_invalid ROUNDS "more than RUNS=$RUNS$([ "$RUNS" != auto ] || echo " (its first $runs0)"): every boot needs at least one run" "1..$runs0"
		fi
	fi
	if [ -n "${TIMEOUT:-}" ]; then
		case $TIMEOUT in *[!0-9]* | 0*) lb_invalid TIMEOUT "not a positive number of seconds per boot" "1, 2, ... (unset: scaled to the plan)" ;; esac
	fi
	case $PERF in 0 | 1) ;; *) lb_invalid PERF "not 0 or 1" "0 1" ;; esac
	case ${PIN:-0} in 0 | 1) ;; *) lb_invalid PIN "not 0 or 1" "0 1 (unset: 1 on kvm)" ;; esac
	case $HARNESS in 0 | 1) ;; *) lb_invalid HARNESS "not 0 or 1" "0 1" ;; esac
	for a in $ACCEL; do lb_accel_ok "$a" || lb_invalid ACCEL "'$a' is not an accelerator" "$LB_ACCELS"; done
	case " $ACCEL " in *" auto "*) [ "$ACCEL" = auto ] || lb_invalid ACCEL "auto stands alone (it resolves to one accelerator)" "auto, or one or more of ${LB_ACCELS#auto }" ;; esac
	case $CLOCK in tsc | kvmclock | auto) ;; *) lb_invalid CLOCK "unknown" "tsc kvmclock auto" ;; esac
	case $SCHED in local | slurm) ;; *) lb_invalid SCHED "unknown" "local slurm" ;; esac
	case ${ONLY:-} in
	'') ;;
	plan)
		[ "$SCHED" = local ] || lb_invalid ONLY "plans a local sweep (SCHED=$SCHED)" "plan with SCHED=local"
		case " $ACCEL " in *" auto "*) lb_invalid ONLY "plans once the accelerator is known, and ACCEL=auto builds a kernel to probe KVM" "plan with ACCEL=icount, tcg, kvm or uml" ;; esac
		[ -z "${KSRC:-}${PATCHES:-}" ] || lb_invalid ONLY "plans without building, and KSRC/PATCHES build a tree first" "plan with KERNELS or KDIRS"
		;;
	*) lb_invalid ONLY "unknown" "plan" ;;
	esac
	# KVM asked for on a host where it cannot run: said now, not by the first
	# boot (exit 126) after the builds, the initramfs and the run directory
	# (SCHED=slurm: the nodes' KVM is theirs to have)
	case " $ACCEL " in
	*" kvm "*)
		if [ "$SCHED" = local ] && why=$(lb_kvm_unusable); then
			others=" ${LB_ACCELS#auto } "
			lb_invalid ACCEL "KVM cannot run on this host: $why" "auto (KVM where it works, else $LB_ACCEL_FALLBACK), $(lb_accel_join ", " ", " "${others/ kvm / }")"
		fi
		;;
	esac
	declare -gA stock_rel=() # stock or distro kernel word -> the kernel its rows name
	if [ -z "$KDIRS" ] && [ -z "${KSRC:-}${PATCHES:-}" ]; then
		for k in $KERNELS; do
			if lb_kernel_stock "$k"; then
				# a stock word: one Debian has an image for (apt's lists), not refused;
				# its rows' kernel: Linux version + -debian (6.12.118-debian)
				v=$(lb_stock_check "$k") || exit 1
				v=${v#* }
				stock_rel[$k]=${v%%-*}-debian
				if [ "$(lb_kernel_arch "$k")" = arm64 ]; then
					# Debian's arm64 image: emulated on this x86 host, exact only
					# under icount; its cross compiler and QEMU before any download
					[ "$ACCEL" = icount ] || lb_invalid KERNELS "'$k' is Debian's arm64 image: an x86 host runs it only emulated, and only icount makes its counts exact and comparable (kvm needs an arm64 host; tcg's times are the emulator's; uml runs x86 code)" "$k with ACCEL=icount (alone)"
					lb_cross_check
					command -v qemu-system-aarch64 >/dev/null 2>&1 || lb_die "KERNELS word $k: no qemu-system-aarch64: apt-get install qemu-system-arm"
					stock_rel[$k]=${v%%-*}-debian-arm64
				fi
				case " $ACCEL " in *" uml "*) [ -n "$UML_KERNELS" ] || [ "$ACCEL" != uml ] || lb_invalid KERNELS "'$k' is Debian's x86 image as shipped; User-Mode Linux boots an ARCH=um build of the source (ACCEL=icount, tcg or kvm for it)" "$LB_KVERS with ACCEL=uml" ;; esac
			elif lb_kernel_distro "$k"; then
				# the distro profile of a patched build: rows name 6.12.118-distro
				# (the guest's release is the minimal build's, 6.12.118)
				lb_distro_ok "$k" || lb_invalid KERNELS "'$k' unknown" "$LB_KVERS $LB_STOCK_KVERS $LB_DISTRO_KVERS"
				case " $ACCEL " in " uml ") lb_invalid KERNELS "'$k' is an x86 config (Debian's amd64 options); User-Mode Linux boots the ARCH=um build" "$LB_KVERS with ACCEL=uml" ;; esac
				v=$(lb_debian_version "$k")
				stock_rel[$k]=${v%%-*}-distro
			else
				lb_kver_ok "$k" || lb_invalid KERNELS "'$k' unknown" "$LB_KVERS $LB_STOCK_KVERS $LB_DISTRO_KVERS"
			fi
		done
	fi
	if [ -n "$UML_KERNELS" ]; then
		case " $ACCEL " in *" uml "* | " auto ") ;; *) lb_invalid UML_KERNELS "names the kernels uml boots, and ACCEL=$ACCEL has no uml" "unset, or with ACCEL=uml, several with uml, or auto" ;; esac
		for k in $UML_KERNELS; do
			case " $KERNELS " in *" $k "*) ;; *) lb_invalid UML_KERNELS "'$k' is not one of KERNELS" "$KERNELS" ;; esac
			! lb_kernel_stock "$k" || lb_invalid UML_KERNELS "'$k' is Debian's x86 image as shipped; User-Mode Linux boots an ARCH=um build of the source" "the source-built kernels of KERNELS"
			! lb_kernel_distro "$k" || lb_invalid UML_KERNELS "'$k' is an x86 config (Debian's amd64 options); User-Mode Linux boots the ARCH=um build" "the source-built kernels of KERNELS"
		done
	fi
	# Kbuild cannot build in a path with spaces or a colon: say so before a
	# 1.7 GB extraction finds out
	case $LB_CACHE in
	*[!A-Za-z0-9._/+@=,-]*)
		LATCHBENCH_CACHE=$LB_CACHE lb_invalid LATCHBENCH_CACHE "the kernel cache path has a character Kbuild cannot build in (a space, a colon, ...)" "letters, digits and . _ / + @ = , -"
		;;
	esac
	case $RESULTS in *[[:space:]]*) lb_invalid RESULTS "a space in the results path" "a path without spaces" ;; esac
	case $SCHED in
	local)
		# One sweep at a time on a host: a second one refuses at once, naming the
		# first (a plan alone runs nothing)
		[ "${ONLY:-}" = plan ] || lb_single sweep sweep "RESULTS=$RESULTS"
		;;
	slurm)
		# Slurm allocates the CPUs (each boot job asks for its vCPUs); the submitting
		# host runs no guest. runners/slurm checks the cluster before anything is made.
		"$LB_ROOT/runners/slurm" ONLY=check || exit 1
		;;
	esac
	return 0
}
