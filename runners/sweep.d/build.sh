# shellcheck shell=bash
# runners/sweep's builds: one script per kernel flavour (unchanged kernels are
# skipped by their stamp), run here before the boots (build_local) or beside
# the icount boots (the builder), or as Slurm jobs (slurm.sh).
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/sweep.d/state.sh"

q() { printf '%q ' "$@"; echo; }

build_script() { # build_script NAME: the commands that build NAME
	local k=${1%-*} p=${1##*-} e
	echo '#!/bin/bash'
	echo 'set -eu'
	q export "LATCHBENCH_CACHE=$LB_CACHE"
	if [ -n "$KDIRS" ]; then
		q env "LB_KBUILD_DIR=$(kdir_of "$1")" "LB_PERF=$PERF" "$LB_ROOT/runners/build-initramfs" "KVER=$1" "OUT=$(kimage_of "$1")"
	elif lb_kernel_stock "$k"; then
		# Debian's own image: downloaded and unpacked, the module built against its headers
		q "$LB_ROOT/runners/stock-kernel" "KVER=$k"
		q env "LB_PERF=$PERF" "$LB_ROOT/runners/build-initramfs" "KVER=$k" "FLAVOUR=$p" "OUT=$(lb_initramfs "$k-$p")"
	else
		q "$LB_ROOT/runners/build-kernel" "KVER=$k" "FLAVOUR=$p"
		q env "LB_PERF=$PERF" "$LB_ROOT/runners/build-initramfs" "KVER=$k" "FLAVOUR=$p" "OUT=$(lb_initramfs "$k-$p")"
	fi
}

# shellcheck disable=SC2317 # the INT/TERM trap while building
on_build_signal() {
	trap - INT TERM
	[ -z "$build_pid" ] || kill -TERM -- "-$build_pid" 2>/dev/null || kill -TERM "$build_pid" 2>/dev/null || true
	wait 2>/dev/null || true
	lb_warn "interrupted while building: no run was started"
	exit 130
}

build_local() { # build_local NAME...: build each here, in its own process group
	local bn brc bs
	trap on_build_signal INT TERM
	for bn; do
		bs=$(date +%s) build_t0[$bn]=$(date +%s.%3N)
		set +e
		setsid bash -c "$(build_script "$bn")" >&2 &
		build_pid=$!
		wait "$build_pid"
		brc=$?
		set -e
		build_pid=""
		build_s[$bn]=$(($(date +%s) - bs))
		[ "$brc" = 0 ] || lb_die "building $bn failed (exit $brc): nothing was booted"
	done
	trap - INT TERM
}

# sweep_build_list: the builds this run needs (build_names), the kernel ACCEL=auto
# probes KVM with (probe_kb)
sweep_build_list() {
	build_names=() probe_kb="" later=()
	declare -gA build_s=() build_t0=() # NAME -> seconds its build took, when it started (meta.txt build_s.NAME, build_started.NAME)
	for k in $KERNELS; do
		if [ -n "$KDIRS" ]; then
			[ -n "$probe_kb" ] || probe_kb=$(kdir_of "$k")
			case " $KIMAGES " in *" $k="*) continue ;; esac
			build_names+=("$k")
			continue
		fi
		[ "$x86" = 0 ] || for e in $pairs; do
			[ "${e%%:*}" = "$k" ] || continue
			build_names+=("$k-${e#*:}")
			[ -n "$probe_kb" ] || probe_kb=$(lb_kbuild_dir "$k" "${e#*:}")
		done
		case " $ACCEL " in *" uml "*) case " $(uml_kernels) " in *" $k "*) build_names+=("$k-uml") ;; esac ;; esac
	done
	return 0
}

# sweep_build_now: locally the first build runs now when ACCEL=auto probes KVM
# by booting a kernel that exists (build first, then decide); the others run
# now too, or beside the icount boots (later: sweep_build_rest, builder_start)
sweep_build_now() {
	[ "$SCHED" = local ] || return 0
	build_pid=""
	# Kernels built later, beside the boots (icount's, whose figures do not
	# depend on host load: lb_accel_beside_builds). ACCEL=auto builds the first
	# kernel now to probe KVM with it; an explicit accelerator needs none yet.
	# Everything else is built now, before any boot.
	if [ "${#build_names[@]}" -gt 0 ] && [ -z "$KDIRS" ]; then
		later=("${build_names[@]}")
		case " $ACCEL " in
		*" auto "*)
			build_local "${build_names[0]}"
			later=("${later[@]:1}")
			;;
		esac
	elif [ "${ONLY:-}" != plan ]; then
		build_local ${build_names[@]+"${build_names[@]}"}
	fi
	return 0
}

# sweep_build_rest: once the accelerators are known: uml's builds join the
# later ones. Beside the boots when some boot's figures cannot be disturbed by
# a build (icount: builder_start). Else (kvm, uml, tcg: a boot needs a quiet
# host) the kernels that need no compile (a stock kernel: download, unpack,
# our module against its headers) are made now, and the compiles wait: the
# boots of the kernels ready now run first, alone on the host, and the first
# boot whose kernel is still to be compiled starts every compile, with no boot
# running, before it (builder_start, builds_done). With no kernel ready (no
# stock kernel), every compile runs now, as before the run directory.
sweep_build_rest() {
	[ "$SCHED" = local ] || return 0
	later+=(${ubuilds[@]+"${ubuilds[@]}"})
	beside=0
	for a in $accels; do lb_accel_beside_builds "$a" && beside=1; done
	if [ "$beside" = 0 ] && [ "${#later[@]}" -gt 0 ] && [ "${ONLY:-}" != plan ]; then
		local ready=() rest=() bn k first=0
		for bn in "${later[@]}"; do
			if lb_kernel_stock "${bn%-*}"; then ready+=("$bn"); else rest+=("$bn"); fi
		done
		# a kernel to boot first: a stock one (made here, or already, the probe's)
		[ -n "$KDIRS" ] || for k in $KERNELS; do ! lb_kernel_stock "$k" || first=1; done
		if [ "$first" = 0 ]; then
			# none: every compile now, before the run directory (an
			# interrupt leaves no half-made run)
			build_local "${later[@]}"
			later=()
		else
			[ "${#ready[@]}" = 0 ] || build_local "${ready[@]}"
			later=(${rest[@]+"${rest[@]}"})
		fi
	fi
	return 0
}

# builder_start: the kernels built after the ready ones (later). One job
# builds them in order, in its own process group, output in
# RUN/boots/build.log; each build leaves RUN/boots/build-NAME.rc (and .s,
# its seconds, .start, when it started: epoch s.ms). Beside the icount boots
# it starts now, in the background: a boot under an accelerator whose figures
# a build cannot disturb (icount) waits for its own kernel only, any other
# boot until every build is done. With no icount boot it waits (builder_deferred=1) for the
# first boot that needs one of its kernels, and runs then, alone (builds_done)
builder_start() {
	builder_deferred=0
	if [ "${#later[@]}" -gt 0 ]; then
		{
			echo '#!/bin/bash'
			# shellcheck disable=SC2016 # $(...) and $? are the builder's own
			for bn in "${later[@]}"; do
				build_script "$bn" >"$run/boots/build-$bn.sh"
				printf 'date +%%s.%%3N >%q; s=$(date +%%s)\n' "$run/boots/build-$bn.start"
				q bash "$run/boots/build-$bn.sh"
				printf 'rc=$?; echo $(($(date +%%s) - s)) >%q; echo $rc >%q.tmp && mv %q.tmp %q\n' \
					"$run/boots/build-$bn.s" "$run/boots/build-$bn.rc" "$run/boots/build-$bn.rc" "$run/boots/build-$bn.rc"
			done
		} >"$run/boots/builder.sh"
		if [ "$beside" = 1 ]; then
			setsid bash "$run/boots/builder.sh" >"$run/boots/build.log" 2>&1 &
			builder_pid=$!
			meta_set builds_beside_boots "${later[*]}"
			lb_log "building ${later[*]} beside the icount boots (guest instructions do not depend on host load); real-time boots wait for the builds; log: $run/boots/build.log"
		else
			builder_deferred=1
			meta_set builds_after_ready_boots "${later[*]}"
			lb_log "the boots of the kernels ready now first, alone on the host; then the compiles (${later[*]}), with no boot running; then their boots"
		fi
	fi
	return 0
}

later_has() { case " ${later[*]} " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
# builder_alive: the builder still runs (bash reaps its background jobs as
# they end, so a dead one fails kill -0)
builder_alive() { [ -n "$builder_pid" ] && kill -0 "$builder_pid" 2>/dev/null; }
# build_rc NAME: the exit of NAME's build beside the boots, "none" while it
# has none (still building, or the builder died first)
build_rc() { cat "$run/boots/build-$1.rc" 2>/dev/null || echo none; }
# build_wait NAME: until NAME is built (0) or failed to build, or the builder
# died before building it (1)
build_wait() {
	local f=$run/boots/build-$1.rc said=0
	while [ ! -f "$f" ]; do
		if ! builder_alive; then
			[ -f "$f" ] || return 1
			break
		fi
		[ "$said" = 1 ] || lb_log "waiting for the build of $1 (log: $run/boots/build.log)"
		said=1
		sleep 2
	done
	[ "$(build_rc "$1")" = 0 ]
}
# builds_done WHY: wait for every build after the ready boots (before a boot
# that a build would disturb, before the harness timing and the end); a
# deferred builder (no icount boot) runs now, in the foreground, no boot beside
builds_done() {
	if [ "${builder_deferred:-0}" = 1 ]; then
		builder_deferred=0
		lb_log "compiling ${later[*]} now, with no boot running: $1 (log: $run/boots/build.log)"
		setsid bash "$run/boots/builder.sh" >"$run/boots/build.log" 2>&1 &
		builder_pid=$!
	elif [ -n "$builder_pid" ] && builder_alive; then
		lb_log "waiting for the builds to finish: $1 (log: $run/boots/build.log)"
	fi
	[ -n "$builder_pid" ] || return 0
	wait "$builder_pid" 2>/dev/null || true
	builder_pid=""
}
# boot_built TAG: TAG's kernel is built (waiting for it as its accelerator
# allows); else TAG is marked not run, saying why, and this fails
boot_built() {
	local s=$run/boots/$1/spec b why
	b=$(lb_spec "$s" build)
	[ -n "$b" ] && later_has "$b" || return 0
	lb_accel_beside_builds "$(lb_spec "$s" accel)" || builds_done "the next boot, $1, would be disturbed by them"
	build_wait "$b" && return 0
	why="its kernel $b did not build (exit $(build_rc "$b"); $run/boots/build.log)"
	lb_warn "boot $1 not run: $why"
	tail -n 5 "$run/boots/build.log" >&2 2>/dev/null || true
	meta_set "$1.not_run" "$why"
	return 1
}

# builds_report: after the local boots: the builds no boot waited for, each
# build's time and failure in meta.txt (bfailed)
builds_report() {
	# builds no boot waited for (a kernel whose boots were all skipped)
	builds_done "no boot is left"
	for bn in ${later[@]+"${later[@]}"}; do
		[ ! -f "$run/boots/build-$bn.s" ] || meta_set "build_s.$bn" "$(cat "$run/boots/build-$bn.s")"
		[ ! -f "$run/boots/build-$bn.start" ] || meta_set "build_started.$bn" "$(cat "$run/boots/build-$bn.start")"
		brc=$(build_rc "$bn")
		[ "$brc" = 0 ] && continue
		lb_warn "building $bn failed (exit $brc): see $run/boots/build.log"
		meta_set "build_failed.$bn" "exit $brc ($run/boots/build.log)"
		bfailed=$((bfailed + 1))
	done
	# the 7.2 source may have been fetched only now (Debian unstable)
	[ "${#later[@]}" = 0 ] || meta_set kernel_debian_versions "$(kv_list)"
	return 0
}
