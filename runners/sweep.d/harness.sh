# shellcheck shell=bash
# runners/sweep's harness timing: boot-to-result latency per accelerator with
# hyperfine (on this host; left out under SCHED=slurm, whose submitting host
# need not run guests).
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/sweep.d/state.sh"

# sweep_harness: RUN/harness.json (HARNESS=1 and hyperfine installed)
sweep_harness() {
	[ "$SCHED" = local ] || HARNESS=0
	if [ "${HARNESS:-1}" = 1 ] && command -v hyperfine >/dev/null; then
		k=${KERNELS##* } p=${PREEMPT_USED%% *}
		[ -n "$KDIRS" ] || { e=${pairs##* }; k=${e%%:*} p=${e#*:}; }
		hk=$(lb_kbuild_dir "$k" "$p") hi=$(lb_initramfs "$k-$p")
		[ -z "$KDIRS" ] || hk=$(kdir_of "$k") hi=$(kimage_of "$k")
		hp=$run/boots/harness.plan
		echo "workload=tkfast variant=empty readers=1 nruns=1 duration_ms=1" >"$hp"
		modes=$accels
		# (icount needs an x86 build: none in a uml-only run)
		case " $accels " in *" icount "*) ;; *) [ "$x86" = 0 ] || modes="$modes icount" ;; esac
		cmds=()
		for m in $modes; do
			mk=$hk mi=$hi
			[ "$m" != uml ] || mk=$(lb_kbuild_dir "$k" uml) mi=$(lb_initramfs "$k-uml")
			cmds+=(-n "$m" "$LB_ROOT/runners/boot KBUILD=$mk INITRD=$mi PLAN=$hp VCPUS=1 ACCEL=$m TIMEOUT=120 OUT=$run/boots/harness-$m")
		done
		if hyperfine -N --runs 3 --export-json "$run/harness.json.tmp" "${cmds[@]}" >"$run/boots/harness.txt" 2>&1; then
			mv "$run/harness.json.tmp" "$run/harness.json"
			lb_log "harness: boot-to-result latency per accelerator in $run/harness.json"
		else
			rm -f "$run/harness.json.tmp"
			lb_warn "hyperfine harness timing failed (see $run/boots/harness.txt)"
		fi
	fi
	return 0
}
