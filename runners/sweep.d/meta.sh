# shellcheck shell=bash
# runners/sweep's run metadata: the run store (RUN/), meta.txt written before
# the boots and completed after them, the reproducer.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/sweep.d/state.sh"

# reproducer: the make command that runs this sweep again: every knob whose
# value is not its default, VCPUS always (its default depends on the host) and
# the accelerator this run resolved to (not auto: a KVM host would choose kvm).
reproducer() {
	local k v out="make bench"
	[ "$profile" = quick ] || out="$out PROFILE=$profile"
	for k in $(knob_defaults | cut -d= -f1); do
		v=${!k}
		[ "$k" != ACCEL ] || v=$accels
		[ "$k" = VCPUS ] || [ "$k" = ACCEL ] || [ "$v" != "${knob_default[$k]}" ] || continue
		case $v in *[!A-Za-z0-9_.,:/+=-]* | '') v="\"$v\"" ;; esac
		out="$out $k=$v"
	done
	for k in SCHED KSRC REV KVER PATCHES LABEL; do
		v=${!k:-}
		if [ -z "$v" ] || [ "$k=$v" = SCHED=local ]; then continue; fi
		# KVER names the tree only of PATCHES without KSRC (the Makefile
		# exports its default to every sweep)
		if [ "$k" = KVER ] && { [ -z "${PATCHES:-}" ] || [ -n "${KSRC:-}" ]; }; then continue; fi
		case $v in *[!A-Za-z0-9_.,:/+=-]*) v="\"$v\"" ;; esac
		out="$out $k=$v"
	done
	echo "$out"
}

kv_list() { for k in $KERNELS; do printf '%s=%s ' "$k" "$(lb_debian_version "$k")"; done; }

meta_set() { lb_meta_set "$run" "$@"; } # meta_set KEY VALUE: in meta.txt

# sweep_meta_start: the run directory (run_id, run) and its meta.txt
sweep_meta_start() {
	host=$(hostname -s 2>/dev/null | tr -cd 'a-zA-Z0-9-' | cut -c1-12)
	run_id=$(date -u +%Y%m%d-%H%M%S)-${host:-host}-$(echo "$KERNELS" | tr ' ' '+')-$(echo "$accels" | tr ' ' '+')
	[ -z "$standin" ] || run_id=${run_id/%-kvm/-kvm-standin}
	run=$RESULTS/$run_id
	mkdir -p "$run/console" "$run/boots"
	# results/latest moves to this run only when it finishes with rows (the end)
	{
		# a stand-in run says so first (tests/kvm-standin): never hardware numbers
		[ -z "$standin" ] || echo "standin=$standin"
		echo "run_id=$run_id"
		echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
		echo "profile=$profile"
		echo "kernels=$KERNELS"
		if [ -z "$KDIRS" ]; then
			echo "kernel_debian_versions=$(kv_list)"
			for k in $KERNELS; do
				if lb_kernel_stock "$k"; then
					echo "patch_series_hash.$k=none (Debian's image as shipped)"
				else
					echo "patch_series_hash.$k=$(lb_series_hash "$(lb_kbase "$k")")"
				fi
			done
		else
			echo "kdirs=$KDIRS"
			for l in $kdir_labels; do
				d=$(kdir_of "$l")
				if [ -f "$d/.latchbench-tree-meta" ]; then
					sed "s/^/side.$l./" "$d/.latchbench-tree-meta"
				else
					echo "side.$l.kbuild_dir=$d"
					echo "side.$l.kernel_release=$(cat "$d/include/config/kernel.release" 2>/dev/null)"
					echo "side.$l.config_hash=$(lb_sha16 "$d/.config")"
				fi
			done
		fi
		echo "rounds=$(if [ "${accels#* }" = "$accels" ]; then rounds_of "$accels"; else for a in $accels; do printf '%s:%s ' "$a" "$(rounds_of "$a")"; done | sed 's/ $//'; fi)"
		echo "seed=${SEED:-none (no real-time boot: every boot runs its plan in order)}"
		echo "tool_commit=$(lb_tool_commit)"
		# your own kernels (KDIRS, make compare) are described by their side.*
		# keys (tree, commit, patches), not by a make bench line
		[ -n "$KDIRS" ] || echo "reproduce=$(reproducer)"
		echo "preempt=$PREEMPT_USED"
		if [ -z "$KDIRS" ]; then
			echo "preempt_requested=${PREEMPT:-per-kernel default (lb_default_preempt${preempt_extra:+, plus $preempt_extra})}"
			for k in $KERNELS; do echo "preempt.$k=$(for e in $pairs; do [ "${e%%:*}" != "$k" ] || printf '%s ' "${e#*:}"; done | sed 's/ $//')"; done
			for sp in $skipped_pairs; do echo "skipped.$sp=Linux ${sp%-*} has no ${sp##*-} preemption model on x86 (it has: $(lb_kernel_models "${sp%-*}"))"; done
		fi
		echo "vcpus=$VCPUS"
		echo "host_cpus=$hostcpus"
		echo "host_cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
		echo "host_kernel=$(uname -r)"
		echo "qemu_version=$("${QEMU:-qemu-system-x86_64}" --version 2>/dev/null | head -n 1)"
		# each kernel's architecture (lb_kernel_arch; the rows' arch column), and
		# the arm64 emulator's version when one boots
		if [ -z "$KDIRS" ]; then
			for k in $KERNELS; do echo "arch.$k=$(lb_kernel_arch "$k")"; done
			case " $KERNELS " in *-arm64" "*) echo "qemu_version_arm64=$(qemu-system-aarch64 --version 2>/dev/null | head -n 1)" ;; esac
		fi
		echo "accel=$accels"
		echo "accel_requested=$ACCEL"
		echo "accel_reason=$why"
		emu=$(for a in $accels; do lb_accel_realtime "$a" || [ "$a" = auto ] || printf '%s ' "$a"; done)
		umlnote=""
		case " $accels " in *" uml "*) umlnote="uml: $LB_UML_NOTE" ;; esac
		echo "emulated=$([ -z "$emu" ] && echo no || echo "yes: ${emu% } timings are not hardware results")${umlnote:+; $umlnote}"
		echo "clock=$CLOCK"
		echo "mitigations_axis=$MITIGATIONS"
		if [ "${accels#* }" = "$accels" ]; then
			echo "clock_cmdline=$(lb_clock_args "$CLOCK" "$accels")"
		else
			for a in $accels; do echo "clock_cmdline.$a=$(lb_clock_args "$CLOCK" "$a")"; done
		fi
		echo "workloads=$WORKLOADS"
		echo "variants=$VARIANTS"
		echo "contexts=$CONTEXTS"
		echo "writer_periods=$WRITER_PERIODS"
		echo "runs=$RUNS"
		[ "$RUNS" != auto ] || echo "runs_auto=$runs0 runs first, then rounds of boots until a configuration's 95% interval of the mean is within $LB_RUNS_AUTO_PCT% of it, at most $runs_max runs (RUN/runs-auto.csv: the runs each took)"
		echo "duration_ms=$DURATION"
		echo "perf=$PERF"
		echo "pinning=$(for a in $accels; do printf '%s ' "$(pin_of "$a")"; done | sed 's/ $//')"
		echo "sched=$SCHED"
		lb_host_conditions
		if [ -n "${TIMEOUT:-}" ]; then
			echo "boot_timeout=TIMEOUT=$TIMEOUT s per boot (requested)"
		else
			echo "boot_timeout=scaled to the plan: $LB_BOOT_TIMEOUT_FACTOR x the expected time (TAG.expected_s), at least $LB_BOOT_TIMEOUT_FLOOR s (TAG.timeout_s)"
		fi
		[ -z "${LB_EXTRA_CMDLINE:-}" ] || echo "extra_cmdline=$LB_EXTRA_CMDLINE"
		[ -z "${LB_AB_EXTRA_WORK:-}" ] || echo "ab_extra_work=$LB_AB_EXTRA_WORK (make aa's A/B: every configuration also with extra_work=$LB_AB_EXTRA_WORK, a known effect; not a measurement)"
		echo "incomplete=1"
	} | lb_atomic_write "$run/meta.txt"
	# real time is what host conditions disturb: one line for each that does
	[ "$realtime" = 0 ] || lb_host_warnings "$run/meta.txt"
	# the builds done before the boots: how long each took (a stamp-current one: seconds)
	for bn in "${!build_s[@]}"; do meta_set "build_s.$bn" "${build_s[$bn]}" && meta_set "build_started.$bn" "${build_t0[$bn]}"; done
	return 0
}

# meta_stock: the stock kernels: packages, versions, .deb sums, where the
# probes' sources came from; the distro profile: the Debian config its
# fragment came from
meta_stock() {
	for k in $KERNELS; do
		f=$LB_CACHE/debian-stock/$k/stock.meta
		if [ -z "$KDIRS" ] && lb_kernel_stock "$k" && [ -f "$f" ]; then lb_meta_merge "$run" "stock.$k" "$f"; fi
		f=${LB_CACHE}/debian-config/$(lb_kbase "$k")/distro.meta
		if [ -z "$KDIRS" ] && lb_kernel_distro "$k" && [ -f "$f" ]; then lb_meta_merge "$run" "distro.$k" "$f"; fi
	done
	return 0
}

# meta_codegen: with MITIGATIONS off, what each kernel's read paths contain,
# from the disassembly of the vmlinux that booted (runners/codegen: retpoline
# sites, return thunks, endbr64, int3), for runners/mitigations; a kernel it
# cannot read (Debian's image: no symbols) gets the reason instead
meta_codegen() {
	local e k p f r
	case " $MITIGATIONS " in *" off "*) ;; *) return 0 ;; esac
	[ -z "$KDIRS" ] && [ "$x86" = 1 ] || return 0
	mkdir -p "$run/codegen"
	for e in $pairs; do
		k=${e%%:*} p=${e#*:} f=$run/codegen/$k-$p.tsv
		r=${stock_rel[$k]:-$(cat "$(lb_kbuild_dir "$k" "$p")/include/config/kernel.release" 2>/dev/null || echo "$k")}
		{
			printf '# rows: kernel=%s preempt=%s\n' "$r" "$p"
			"$LB_ROOT/runners/codegen" KVER="$k" FLAVOUR="$p" 2>"$f.err" || printf '# none: %s\n' "$(sed -n 's/^codegen: error: //p' "$f.err" | head -n 1)"
		} >"$f"
		rm -f "$f.err"
	done
	return 0
}

# meta_compilers: the compiler (and toolchain) that built each kernel, now
# that all are built
meta_compilers() {
	while IFS= read -r l; do meta_set "${l%%=*}" "${l#*=}"; done < <(
		if [ -n "$KDIRS" ]; then
			for l in $kdir_labels; do lb_build_compiler "$l" "$(kdir_of "$l")"; done
		else
			for bn in ${build_names[@]+"${build_names[@]}"}; do
				lb_build_compiler "$bn" "$(lb_kbuild_dir "${bn%%-*}" "${bn#*-}")"
			done
		fi
	)
	return 0
}

# sweep_meta_end: the rows, the failures, the time; results/latest moved to
# this run when it finished with rows
sweep_meta_end() {
	rows=0
	[ ! -f "$run/results.csv" ] || rows=$(($(grep -c . "$run/results.csv") - 1))
	meta_set rows "$rows"
	meta_set failed_boots "$failed"
	meta_set incomplete "$([ "$failed" = 0 ] && echo 0 || echo 1)"
	meta_set wall_s "$(($(date +%s) - start))"
	meta_set host_loadavg_end "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
	# results/latest: this run, now that it finished with rows; a run without
	# rows (or one interrupted or aborted earlier) leaves it at the last good one
	if [ "$rows" -gt 0 ]; then
		ln -sfn "$run_id" "$RESULTS/latest"
	else
		lb_warn "no rows: results/latest left as it was ($(readlink "$RESULTS/latest" 2>/dev/null || echo none))"
	fi
	lb_log "run $run_id: $rows rows, $failed failed boots$([ "$bfailed" = 0 ] || echo ", $bfailed failed builds"), $(($(date +%s) - start))s"
	return 0
}
