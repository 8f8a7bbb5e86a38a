# shellcheck shell=bash
# runners/sweep's state: the globals its pieces (runners/sweep.d/) share, set
# in one piece and read in another, each declared here once with what it
# holds and which piece sets it. runners/sweep sources this first, and every
# piece sources it too (so that shellcheck sees the declarations; sourcing it
# again changes nothing: a declaration keeps a value already set). Never run.

# --- knobs.sh (sweep_knobs) ---
# profile: PROFILE's name (quick, full: config/profiles/)
: "${profile=}"
# hostcpus: the host's CPUs (VCPUS' default, the oversubscription warning)
: "${hostcpus=}"
# preempt_extra: the profile's preempt_also= (a model booted beside each
# kernel's default), or empty
: "${preempt_extra=}"
# knob_default: KNOB -> its default (knob_defaults): the reproducer leaves
# out what equals it
declare -A knob_default
: "${knob_default[*]-}"

# --- settings.sh (sweep_check) ---
# x86: 1 when some accelerator boots the x86 builds (lb_accel_build), 0 for
# a uml-only run
: "${x86=}"
# runs0: each configuration's runs in the first rounds (RUNS, or
# LB_RUNS_AUTO_MIN under RUNS=auto); runs_max: RUNS=auto's bound, or empty
: "${runs0=}" "${runs_max=}"
# stock_rel: a stock or distro kernel word -> the kernel its rows name
declare -A stock_rel
: "${stock_rel[*]-}"

# --- kernels.sh (sweep_kernels) ---
# pairs: the "KERNEL:MODEL" pairs booted; skipped_pairs: the "KERNEL-MODEL"
# ones a kernel lacks
: "${pairs=}" "${skipped_pairs=}"
# PREEMPT_USED: the models the run boots, for meta.txt preempt=
: "${PREEMPT_USED=}"
# kdir_labels: KDIRS' labels, in order (empty without KDIRS)
: "${kdir_labels=}"

# --- build.sh (sweep_build_list, sweep_build_now, sweep_build_rest,
# builder_start) ---
# build_names: every build the run needs (KERNEL-FLAVOUR, or a KDIRS label)
declare -a build_names
: "${build_names[*]-}"
# probe_kb: the kernel build ACCEL=auto probes KVM with (accel.sh)
: "${probe_kb=}"
# later: the builds left for the builder (beside the icount boots, or after
# the boots of the kernels ready first)
declare -a later
: "${later[*]-}"
# build_s, build_t0: NAME -> seconds a build before the boots took, and when
# it started (meta.txt build_s.NAME, build_started.NAME)
declare -A build_s build_t0
: "${build_s[*]-}" "${build_t0[*]-}"
# build_pid: the build running here now (the interrupt stops it); beside: 1
# when the later builds run beside the boots (lb_accel_beside_builds)
: "${build_pid=}" "${beside=0}"
# builder_pid: the builder's process (run.sh's sweep_arm clears it);
# builder_deferred: 1 while the builder waits for the first boot that needs it
: "${builder_pid=}" "${builder_deferred=0}"

# --- accel.sh (sweep_accel, sweep_accel_policy) ---
# accels: the accelerators the run boots under (auto on Slurm: each node's);
# why: why those (meta.txt accel_reason)
: "${accels=}" "${why=}"
# ubuilds: ACCEL=auto's uml builds beside icount (KERNEL-uml)
declare -a ubuilds
: "${ubuilds[*]-}"
# lb_accel, lb_accel_why: lib.sh's lb_accel_resolve's answer
: "${lb_accel=}" "${lb_accel_why=}"
# standin: the KVM stand-in's note when QEMU is tests/kvm-standin, or empty
: "${standin=}"
# realtime: 1 when some accelerator of the run is real time; maxrounds: the
# most rounds (boots per kernel) of any of them
: "${realtime=0}" "${maxrounds=1}"

# --- meta.sh (sweep_meta_start) ---
# run_id, run: the run's name and directory (RESULTS/run_id)
: "${run_id=}" "${run=}"

# --- plan.sh (sweep_plan_boots, add_boot) ---
# tags: the planned boots, in order (run.sh's auto_rounds adds more)
declare -a tags
: "${tags[*]-}"
# iboot, nboot: the boot add_boot plans now, and the boots in all
: "${iboot=0}" "${nboot=0}"
# mit_said: KERNEL-FLAVOUR -> 1 once its mitigations=off skip is said
declare -A mit_said
: "${mit_said[*]-}"

# --- run.sh (sweep_arm, sweep_run_local, run_boot) and the driver ---
# start: when the boots started (epoch s; runners/sweep)
: "${start=}"
# failed, bfailed: the failed boots and builds (sweep_tally, builds_report)
: "${failed=0}" "${bfailed=0}"
# cur_pid: the sweep-boot or runners/slurm running now (the interrupt stops it)
: "${cur_pid=}"
# folded: TAG -> 1 once its results are in the run store
declare -A folded
: "${folded[*]-}"
# cfg_total, cfg_done: the sweep's configurations in all and finished (the
# progress line); rest_s: TAG -> the planned seconds of the boots after it
: "${cfg_total=0}" "${cfg_done=0}"
declare -A rest_s
: "${rest_s[*]-}"
