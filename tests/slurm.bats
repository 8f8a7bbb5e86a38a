#!/usr/bin/env bats
# Sweeps as Slurm jobs (SCHED=slurm), on a one-node cluster this suite brings
# up on this machine in its own temporary directory (tests/mini-slurm: own
# munge key and munged, own slurm.conf, state, spool, logs, pid files and
# ports; the machine's /etc/slurm and /etc/munge are neither used nor
# changed). The same small icount plan runs through Slurm and locally: the
# rows must come back through the jobs (job ids and node in meta.txt) and be
# the local run's, byte for byte (1 vCPU icount is deterministic). Negative
# controls: a boot job cancelled while it runs is reported with its log and
# the other boot's rows are kept; an option sbatch refuses stops the sweep
# before anything runs, with nothing left queued.

load helpers
bats_require_minimum_version 1.5.0

etc_sum() { find /etc/slurm /etc/munge -type f -exec sha256sum {} + 2>/dev/null | sort; }

setup_file() {
	local c
	for c in munged slurmctld slurmd sbatch squeue scontrol; do
		command -v "$c" >/dev/null || {
			echo "slurm.bats: '$c' not found: run runners/deps as root (it installs slurm-wlm and munge)" >&2
			return 1
		}
	done
	export LB_SLURM_DIR=$BATS_FILE_TMPDIR/cluster
	etc_sum >"$BATS_FILE_TMPDIR/etc.before"
	if ! "$LB_ROOT/tests/mini-slurm" start "$LB_SLURM_DIR" 2>"$BATS_FILE_TMPDIR/up.err"; then
		echo "slurm.bats: the one-node Slurm cluster did not come up: $(cat "$BATS_FILE_TMPDIR/up.err")" >&2
		return 1
	fi
	export SLURM_CONF=$LB_SLURM_DIR/slurm.conf
	# the shared small plan: one kernel, two 1-vCPU boots (ROUNDS=2) that the
	# two-CPU node runs at once
	export KERNELS=6.12 VCPUS=1 WORKLOADS=tkfast VARIANTS="latch none" CONTEXTS=task
	export WRITER_PERIODS=none RUNS=2 ROUNDS=2 DURATION=3 PERF=1 ACCEL=icount HARNESS=0
	export LB_SLURM_POLL_S=1
}

teardown_file() {
	[ -z "${LB_SLURM_DIR:-}" ] || "$LB_ROOT/tests/mini-slurm" stop "$LB_SLURM_DIR"
}

@test "make bench SCHED=slurm gives the local sweep's rows (icount: identical), each boot's job id and node in meta, its report and plots" {
	run --separate-stderr make -s -C "$LB_ROOT" bench SCHED=slurm RESULTS="$BATS_TEST_TMPDIR/slurm"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 30; false; }
	sl=$(readlink -f "$BATS_TEST_TMPDIR/slurm/latest")
	[ -d "$sl" ]
	plotted=$LB_ROOT/plots/${sl##*/}
	grep -qx 'sched=slurm' "$sl/meta.txt"
	# merged, reported and plotted by the submitting command, as a local make bench
	grep -q 'tkfast' "$sl/report.txt"
	grep -qF "$(head -n 1 "$sl/report.txt")" <<<"$output"
	[ -f "$plotted/index.html" ]
	ls "$plotted"/*.png >/dev/null
	rm -rf "$plotted"
	# one build job and one job per boot, each with its log
	[ "$(grep -c $'\tbuild\t' "$sl/slurm/jobs.tsv")" -eq 1 ]
	[ "$(grep -c $'\tboot\t' "$sl/slurm/jobs.tsv")" -eq 2 ]
	for t in 6.12-voluntary-1cpu-r1 6.12-voluntary-1cpu-r2; do
		id=$(lb_meta "$sl" "$t.slurm_job_id")
		[[ $id =~ ^[0-9]+$ ]] || { echo "$t: no job id in meta.txt"; false; }
		grep -q "^$id"$'\tboot\t'"$t"$'\t' "$sl/slurm/jobs.tsv"
		[ "$(lb_meta "$sl" "$t.sched")" = slurm ]
		[ "$(lb_meta "$sl" "$t.slurm_node")" = localhost ]
		[ "$(lb_meta "$sl" "$t.slurm_cluster")" = lbtest ]
		[ "$(lb_meta "$sl" "$t.slurm_state")" = COMPLETED ]
		[ "$(lb_meta "$sl" "$t.exit")" = 0 ]
		[ -n "$(lb_meta "$sl" "$t.node_accel")" ]
		[ -f "$(lb_meta "$sl" "$t.slurm_log")" ]
		grep -q "job $id" <<<"$stderr"
	done
	# the same plan on this host
	SCHED=local RESULTS=$BATS_TEST_TMPDIR/local run --separate-stderr "$LB_ROOT/runners/sweep"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 30; false; }
	lo=${lines[${#lines[@]} - 1]}
	[ "$(lb_meta "$lo" 6.12-voluntary-1cpu-r1.sched)" = local ]
	[ -z "$(lb_meta "$lo" 6.12-voluntary-1cpu-r1.slurm_job_id)" ]
	# 2 boots x 2 variants x 1 run each
	[ "$(($(wc -l <"$sl/results.csv") - 1))" -eq 4 ]
	[ "$(head -n 1 "$sl/results.csv")" = "$(head -n 1 "$lo/results.csv")" ]
	grep -q ',icount,1,tkfast,latch,' "$sl/results.csv"
	diff <(lb_col "$lo/results.csv" path_ns_per_op) <(lb_col "$sl/results.csv" path_ns_per_op)
	diff <(lb_col "$lo/results.csv" ns_per_op) <(lb_col "$sl/results.csv" ns_per_op)
	lb_icount_same "$lo/results.csv" "$sl/results.csv"
	cmp "$lo/results.csv" "$sl/results.csv"
	# negative control: one guest instruction more in one Slurm row is seen
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } NR == 3 { $c["path_ns_per_op"] += 1 } { print }' \
		"$sl/results.csv" >"$BATS_TEST_TMPDIR/bad.csv"
	run lb_icount_same "$lo/results.csv" "$BATS_TEST_TMPDIR/bad.csv"
	[ "$status" -ne 0 ]
}

@test "a boot job cancelled while it runs is reported with its log; the other boot's rows are kept" {
	res=$BATS_TEST_TMPDIR/cancel
	SCHED=slurm RESULTS=$res "$LB_ROOT/runners/sweep" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	# the second boot's job, cancelled as soon as it runs
	id=""
	for _ in $(seq 1 300); do
		id=$(awk -F'\t' '$2 == "boot" && $3 == "6.12-voluntary-1cpu-r2" { print $1 }' "$res"/*/slurm/jobs.tsv 2>/dev/null || true)
		[ -z "$id" ] || [ "$(squeue -h -j "$id" -o %T 2>/dev/null)" != RUNNING ] || break
		sleep 0.2
	done
	[ -n "$id" ] || { kill "$pid"; echo "job of boot r2 never seen"; cat "$BATS_TEST_TMPDIR/err"; false; }
	scancel "$id"
	rc=0
	wait "$pid" || rc=$?
	err=$(cat "$BATS_TEST_TMPDIR/err")
	[ "$rc" -eq 1 ] || { echo "sweep exited $rc"; echo "$err" | tail -n 20; false; }
	run_dir=$(tail -n 1 "$BATS_TEST_TMPDIR/out")
	log=$run_dir/slurm/boot-6.12-voluntary-1cpu-r2.out
	# reported: job id, state and log path, by runners/slurm and by the sweep
	grep -q "job $id (boot 6.12-voluntary-1cpu-r2) CANCELLED.*log: $log" <<<"$err"
	grep -q "boot 6.12-voluntary-1cpu-r2 failed (CANCELLED.*job log: $log" <<<"$err"
	grep -q "CANCELLED" "$log"
	[ "$(lb_meta "$run_dir" 6.12-voluntary-1cpu-r2.slurm_state)" = CANCELLED ]
	[ "$(lb_meta "$run_dir" 6.12-voluntary-1cpu-r2.exit)" != 0 ]
	grep -qx 'failed_boots=1' "$run_dir/meta.txt"
	grep -qx 'incomplete=1' "$run_dir/meta.txt"
	# the other boot (run 0 of each variant) is complete
	[ "$(lb_meta "$run_dir" 6.12-voluntary-1cpu-r1.slurm_state)" = COMPLETED ]
	[ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["run"] == 0' "$run_dir/results.csv" | wc -l)" -eq 2 ]
	# nothing of the run left queued or running
	[ -z "$(squeue -h -o %i)" ]
	! pgrep -f "$run_dir/boots" >/dev/null || false
}

@test "SIGINT while the jobs run cancels the run's jobs, keeps the run marked incomplete, leaves nothing queued" {
	res=$BATS_TEST_TMPDIR/int
	set -m
	# bats may run tests with SIGINT ignored (as sweep.bats says): restore it
	SCHED=slurm RESULTS=$res perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' "$LB_ROOT/runners/sweep" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	n=0
	for _ in $(seq 1 300); do
		n=$(squeue -h -t RUNNING -o %j 2>/dev/null | grep -c '^lb-boot-' || true)
		[ "$n" -lt 2 ] || break
		sleep 0.2
	done
	[ "$n" -ge 2 ] || { kill "$pid"; echo "the boot jobs never ran"; cat "$BATS_TEST_TMPDIR/err"; false; }
	kill -INT "$pid"
	rc=0
	wait "$pid" || rc=$?
	err=$(cat "$BATS_TEST_TMPDIR/err")
	[ "$rc" -eq 130 ] || { echo "sweep exited $rc"; echo "$err" | tail -n 20; false; }
	grep -q "interrupted: cancelling this run's Slurm jobs" <<<"$err"
	grep -q "interrupted: keeping every finished configuration" <<<"$err"
	run_dir=$(tail -n 1 "$BATS_TEST_TMPDIR/out")
	grep -qx 'incomplete=1' "$run_dir/meta.txt"
	grep -q '^interrupted=' "$run_dir/meta.txt"
	for t in 6.12-voluntary-1cpu-r1 6.12-voluntary-1cpu-r2; do
		[[ "$(lb_meta "$run_dir" "$t.slurm_state")" == CANCELLED* ]]
	done
	for _ in $(seq 1 50); do
		[ -n "$(squeue -h -o %i)" ] || break
		sleep 0.2
	done
	[ -z "$(squeue -h -o %i)" ]
	! pgrep -f "$run_dir/boots" >/dev/null || false
}

@test "an option sbatch refuses stops the sweep before anything runs, nothing left queued" {
	SCHED=slurm SBATCH_ARGS=--no-such-option RESULTS=$BATS_TEST_TMPDIR/bad run --separate-stderr "$LB_ROOT/runners/sweep"
	[ "$status" -ne 0 ]
	grep -q "sbatch refused lb-build-6.12-voluntary: .*no-such-option" <<<"$stderr"
	grep -q "nothing of this run is left queued" <<<"$stderr"
	grep -q "SCHED=slurm: the sweep could not be submitted; nothing ran" <<<"$stderr"
	[ -z "$(squeue -h -o %i)" ]
	for f in "$BATS_TEST_TMPDIR"/bad/*/results.csv; do [ ! -s "$f" ]; done
}

@test "a cluster that does not answer is refused in one line, before anything is built" {
	# a copy of this cluster's config naming a port nobody listens on
	sed 's/^SlurmctldPort=.*/SlurmctldPort=1/' "$SLURM_CONF" >"$BATS_TEST_TMPDIR/dead.conf"
	SLURM_CONF=$BATS_TEST_TMPDIR/dead.conf SCHED=slurm RESULTS=$BATS_TEST_TMPDIR/dead run --separate-stderr "$LB_ROOT/runners/sweep"
	[ "$status" -ne 0 ]
	grep -q "SCHED=slurm: the Slurm controller does not answer" <<<"$stderr"
	[ ! -d "$BATS_TEST_TMPDIR/dead" ] || [ -z "$(ls "$BATS_TEST_TMPDIR/dead")" ]
}

@test "the machine's own /etc/slurm and /etc/munge are unchanged; the cluster is this suite's" {
	diff "$BATS_FILE_TMPDIR/etc.before" <(etc_sum)
	[ "$(scontrol show config | sed -n 's/^ClusterName *= *//p')" = lbtest ]
	[ "$(scontrol show config | sed -n 's/^SLURM_CONF *= *//p')" = "$SLURM_CONF" ]
	grep -q "^AuthInfo=socket=$LB_SLURM_DIR/munge/munge.socket$" "$SLURM_CONF"
}
