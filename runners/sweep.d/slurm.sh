# shellcheck shell=bash
# runners/sweep under SCHED=slurm: the build jobs' scripts, the submission
# and wait (runners/slurm: every build and boot a Slurm job), and the
# accelerator the nodes chose under ACCEL=auto.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/sweep.d/state.sh"

# slurm_build_jobs: one build job per kernel flavour (build_script) in
# RUN/boots/builds (empty for a local run)
slurm_build_jobs() {
	: >"$run/boots/builds"
	if [ "$SCHED" = slurm ]; then
		for bn in ${build_names[@]+"${build_names[@]}"}; do
			build_script "$bn" >"$run/boots/build-$bn.sh"
			chmod +x "$run/boots/build-$bn.sh"
			echo "$bn" >>"$run/boots/builds"
		done
	fi
	return 0
}

# slurm_run: builds and boots as Slurm jobs; runners/slurm waits for them with
# progress, then every boot is folded (sweep_tally), in plan order, as a local
# run folds them
slurm_run() {
	set +e
	LB_SWEEP_START=$start "$LB_ROOT/runners/slurm" RUN="$run" &
	cur_pid=$!
	wait "$cur_pid"
	src=$?
	cur_pid=""
	set -e
	if [ "$src" = 2 ]; then
		meta_set sched_error "submission failed: see runners/slurm's message above"
		lb_die "SCHED=slurm: the sweep could not be submitted; nothing ran (run directory kept: $run)"
	fi
	return 0
}

# slurm_accel: ACCEL=auto on Slurm: the run's accelerator is what the nodes'
# probes chose
slurm_accel() {
	if [ "$accels" = auto ]; then
		got=$(sed -n 's/^[^=]*\.boot\.accel=//p' "$run/meta.txt" | sort -u | paste -sd' ')
		case $got in
		kvm) meta_set accel kvm && meta_set emulated no ;;
		'') meta_set accel unknown ;;
		*)
			meta_set accel "$got"
			meta_set emulated "yes: $got timings are not hardware results"
			[ "${got#* }" = "$got" ] ||
				lb_warn "the nodes booted under different accelerators ($got): compare rows by their accel column; see TAG.node_accel_reason in $run/meta.txt"
			;;
		esac
	fi
	return 0
}
