#!/usr/bin/env bats
# make bench's sweep: the rows it should produce, complete metadata, perf
# counters (software counted, hardware marked not supported here), an
# interrupted sweep that keeps what finished, icount reproducibility.

load helpers
bats_require_minimum_version 1.5.0

teardown() {
	[ ! -f "$BATS_TEST_TMPDIR/plotdir" ] || rm -rf "$(cat "$BATS_TEST_TMPDIR/plotdir")"
}

quick_env() {
	export KERNELS=6.12 VCPUS="1 2" WORKLOADS=tkfast VARIANTS="latch seqlock"
	export CONTEXTS=task WRITER_PERIODS="none 0" RUNS=2 DURATION=5 PERF=1
	export RESULTS=$BATS_TEST_TMPDIR/results
}

@test "a quick sweep gives the expected rows, full meta and perf counters" {
	quick_env
	ACCEL=tcg run --separate-stderr "$LB_ROOT/runners/sweep"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 30; false; }
	run_dir=${lines[${#lines[@]} - 1]}
	[ -d "$run_dir" ]
	# 2 vCPU counts x 2 variants x 2 writer settings x 2 runs
	[ "$(($(wc -l <"$run_dir/results.csv") - 1))" -eq 16 ]
	for k in run_id date kernels kernel_debian_versions patch_series_hash.6.12 preempt vcpus \
		host_cpu_model host_kernel qemu_version accel accel_reason emulated runs duration_ms \
		6.12-voluntary-2cpu.clocksource 6.12-voluntary-2cpu.sched_clock \
		6.12-voluntary-2cpu.cmdline 6.12-voluntary-2cpu.boot.accel rows; do
		grep -q "^$k=." "$run_dir/meta.txt" || { echo "meta lacks $k"; false; }
	done
	grep -qx 'incomplete=0' "$run_dir/meta.txt"
	grep -qx 'accel=tcg' "$run_dir/meta.txt"
	# each boot's own plan recorded (the guest's N record, its runs), the
	# rows whole against it; perf's static keys held for the boot
	for t in 6.12-voluntary-1cpu 6.12-voluntary-2cpu; do
		grep -qx "$t.configs=4" "$run_dir/meta.txt" && grep -qx "$t.runs=2" "$run_dir/meta.txt"
		grep -qx "$t.perf_keys=held" "$run_dir/meta.txt"
	done
	[ -z "$("$LB_ROOT/build/lbstats" missing "$run_dir/meta.txt" "$run_dir/results.csv")" ]
	# the compiler that built the kernel (its .config's), and its toolchain lines
	[ "$(lb_meta "$run_dir" compiler.6.12-voluntary)" = "$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$(lb_kbuild_dir 6.12 voluntary)/.config")" ]
	[[ "$(lb_meta "$run_dir" toolchain.6.12-voluntary)" == "gcc "*"; as "*"; ld "*"; pahole "* ]]
	# progress: one line per finished configuration
	[ "$(grep -c 'config [0-9]*/[0-9]* done' <<<"$stderr")" -eq 8 ]
	# perf: software events counted, hardware ones recorded as not supported
	grep -q ',task-clock,[0-9.]*,msec,[0-9]*,[0-9.e+-]*,ok$' "$run_dir/perf.csv"
	grep -q ',context-switches,[0-9]*,,[0-9]*,[0-9.e+-]*,ok$' "$run_dir/perf.csv"
	if ! perf stat -e instructions true >/dev/null 2>&1; then
		grep -q ',cycles,,,[0-9]*,,not-supported$' "$run_dir/perf.csv"
	fi
	[ -s "$run_dir/console/6.12-voluntary-1cpu.log" ]
}

@test "SIGINT after the first configuration keeps the finished rows, marks incomplete" {
	quick_env
	export DURATION=300 RUNS=2
	set -m
	# bats may run tests with SIGINT ignored, which a shell cannot undo:
	# restore the default disposition for the sweep (perl-base is essential).
	ACCEL=tcg perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' "$LB_ROOT/runners/sweep" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	for _ in $(seq 1 240); do
		grep -aq '^C ' "$RESULTS"/*/boots/*/channel.raw 2>/dev/null && break
		sleep 0.5
	done
	kill -INT "$pid"
	rc=0
	wait "$pid" || rc=$?
	set +m
	[ "$rc" -eq 130 ] || { echo "sweep exited $rc"; tail -n 20 "$BATS_TEST_TMPDIR/err"; false; }
	run_dir=$(tail -n 1 "$BATS_TEST_TMPDIR/out")
	grep -qx 'incomplete=1' "$run_dir/meta.txt"
	n=$(($(wc -l <"$run_dir/results.csv") - 1))
	[ "$n" -ge 2 ]
	[ "$n" -lt 16 ]
	# no half-written files left behind, no QEMU left running
	! ls "$run_dir"/*.tmp.* 2>/dev/null || false
	! pgrep -f "$run_dir" >/dev/null || false
}

@test "icount: a sweep's reproducer, run as it is on a terminal, gives identical results (1 vCPU byte for byte, 2 vCPUs the same paths)" {
	quick_env
	export DURATION=3
	# (KVER as the Makefile exports it to every sweep: not a knob of this one)
	KVER=6.12 ACCEL=icount RESULTS=$BATS_TEST_TMPDIR/r1 run --separate-stderr "$LB_ROOT/runners/sweep"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 20; false; }
	# not a terminal: one progress line per configuration, also in the run's log
	[ "$(grep -c '^sweep: boot [12]/2 6.12-voluntary-[12]cpu: config [0-9]/4 done (sweep [0-9]/8), elapsed [0-9hms]*, ETA ' <<<"$stderr")" -eq 8 ]
	[ "$(grep -c 'done (sweep' "$BATS_TEST_TMPDIR/r1/latest/progress.log")" -eq 8 ]
	# the reproducer names every knob that differs from its default, the
	# resolved accelerator and the vCPUs, this tool's commit, the Debian versions
	repro=$(lb_meta "$BATS_TEST_TMPDIR/r1/latest" reproduce)
	for kv in "make bench" ACCEL=icount KERNELS=6.12 'VCPUS="1 2"' WORKLOADS=tkfast 'VARIANTS="latch seqlock"' \
		CONTEXTS=task 'WRITER_PERIODS="none 0"' RUNS=2 DURATION=3; do
		[[ " $repro " == *" $kv "* ]] || { echo "reproducer lacks $kv: $repro"; false; }
	done
	[[ " $repro " != *" PERF="* ]]
	[[ " $repro " != *" CLOCK="* ]]
	[[ " $repro " != *" KVER="* ]] || { echo "KVER without PATCHES: $repro"; false; }
	[ -n "$(lb_meta "$BATS_TEST_TMPDIR/r1/latest" tool_commit)" ]
	# run it as it is, in an empty environment, on a terminal (script: a pty)
	env -i PATH="$PATH" HOME="$HOME" TERM=dumb LB_LOCK_WAIT="${LB_LOCK_WAIT:-0}" \
		${LATCHBENCH_CACHE:+LATCHBENCH_CACHE="$LATCHBENCH_CACHE"} RESULTS="$BATS_TEST_TMPDIR/r2" HARNESS=0 \
		script -qec "cd '$LB_ROOT' && $repro" "$BATS_TEST_TMPDIR/tty.log" >/dev/null
	rid=$(lb_meta "$BATS_TEST_TMPDIR/r2/latest" run_id)
	[ -n "$rid" ] && echo "$LB_ROOT/plots/$rid" >"$BATS_TEST_TMPDIR/plotdir"
	# on a terminal the progress is one line, rewritten in place
	grep -q $'\r\033\\[Ksweep: boot 2/2 6.12-voluntary-2cpu: config 4/4 done (sweep 8/8)' "$BATS_TEST_TMPDIR/tty.log"
	[ "$(grep -c 'done (sweep' "$BATS_TEST_TMPDIR/r2/latest/progress.log")" -eq 8 ]
	# the report and the index end with the same reproducer
	d2=$BATS_TEST_TMPDIR/r2/latest
	want=$(lb_reproducer "$d2")
	[[ "$want" == "Reproduce with latchbench "*"  make bench "* ]]
	[ "$(tail -n "$(wc -l <<<"$want")" "$d2/report.txt")" = "$want" ]
	grep -q '<h2 id="reproduce">Reproduce</h2>' "$LB_ROOT/plots/$rid/index.html"
	[ "$(lb_meta "$BATS_TEST_TMPDIR/r2/latest" reproduce)" = "$repro" ]
	r1=$BATS_TEST_TMPDIR/r1/latest/results.csv r2=$BATS_TEST_TMPDIR/r2/latest/results.csv
	grep -q ",icount,1,tkfast," "$r1"
	grep -q ",icount,2,tkfast," "$r1"
	lb_icount_same "$r1" "$r2"
	# negative controls: one instruction more on a 2-vCPU path, one read more
	# in a 1-vCPU row
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } NR > 1 && $c["vcpus"] == 2 && $c["writer_period_ns"] != "0" && !d { $c["path_ns_per_op"] += 1; d = 1 } { print }' \
		"$r2" >"$BATS_TEST_TMPDIR/bad2.csv"
	run lb_icount_same "$r1" "$BATS_TEST_TMPDIR/bad2.csv"
	[ "$status" -ne 0 ]
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } NR > 1 && $c["vcpus"] == 1 && !d { $c["read_ops"] += 1; d = 1 } { print }' \
		"$r2" >"$BATS_TEST_TMPDIR/bad1.csv"
	run lb_icount_same "$r1" "$BATS_TEST_TMPDIR/bad1.csv"
	[ "$status" -ne 0 ]
}

@test "the sweep plans what it planned: its plans for a set of configurations equal the committed ones (tests/expected/sweep-plans.txt)" {
	# ONLY=plan: nothing built or booted (a few seconds)
	run --separate-stderr "$LB_ROOT/tests/sweep-plans"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	want=$LB_ROOT/tests/expected/sweep-plans.txt
	diff -u "$want" <(echo "$output") >"$BATS_TEST_TMPDIR/diff" || {
		head -n 40 "$BATS_TEST_TMPDIR/diff"
		echo "the sweep's plans changed (above: - committed, + now). A restructuring must not change them;"
		echo "an intended change: tests/sweep-plans >tests/expected/sweep-plans.txt, and say why in the commit"
		false
	}
	# the committed uml reference's plan, expanded as its guest did (guest-expand
	# with the module table it recorded), is exactly the configurations of its rows
	ref=$LB_ROOT/results/reference-uml
	plans=$(awk '/^=== case 5:/ { on = 1; next } /^=== / { on = 0 } on && sub(/^plan: /, "")' <<<"$output")
	[ -n "$plans" ]
	conf() { tr ' ' '\n' | awk -F= '$1 ~ /^(workload|variant|context|readers|writers|writer_period_ns)$/ { v[$1] = $2 }
		END { print v["workload"], v["variant"], v["context"], v["readers"], v["writers"], v["writer_period_ns"] }'; }
	"$LB_ROOT/runners/guest-expand" "$ref/vocab.csv" <(echo "$plans") | while read -r l; do conf <<<"$l"; done | sort -u >"$BATS_TEST_TMPDIR/planned"
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["workload"], $c["variant"], $c["context"], $c["readers"], $c["writers"], $c["writer_period_ns"] }' \
		"$ref/results.csv" | sort -u >"$BATS_TEST_TMPDIR/rows"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/rows")" -gt 10 ]
	diff "$BATS_TEST_TMPDIR/planned" "$BATS_TEST_TMPDIR/rows"
	# negative control: a sweep whose plan gives every reader one CPU less
	# (a changed behaviour) is caught, saying what to do
	t=$BATS_TEST_TMPDIR/tree d=$BATS_TEST_TMPDIR/tree/runners
	mkdir -p "$d"
	cp -r "$LB_ROOT"/runners/. "$d/"
	for f in bench-module patches config stats build; do ln -s "$LB_ROOT/$f" "$t/$f"; done
	grep -rl 'readers=$((v - 1))' "$d" | xargs sed -i 's/\[ "\$writers" = 0 \] || \[ "\$v" -le 1 \] || readers=\$((v - 1))/[ "$v" -le 1 ] || readers=$((v - 1))/'
	! diff -r -q "$LB_ROOT/runners" "$d" >/dev/null || false
	run --separate-stderr "$LB_ROOT/tests/sweep-plans" "$d/sweep"
	[ "$status" -eq 0 ]
	! diff -q "$want" <(echo "$output") >/dev/null || false
}

@test "icount: a small sweep's rows equal the committed reference's rows of the same configurations in every exact column (results/reference-icount)" {
	# icount is exact: with the same module and kernel, the same read paths.
	# The reference's own knobs (runs, ms, perf), one kernel, one vCPU, one variant
	ref=$LB_ROOT/results/reference-icount
	export KERNELS=6.12 VCPUS=1 WORKLOADS=tkfast VARIANTS=latch CONTEXTS=task WRITER_PERIODS=none
	RUNS=$(lb_meta "$ref" runs) DURATION=$(lb_meta "$ref" duration_ms) PERF=$(lb_meta "$ref" perf)
	export RUNS DURATION PERF ACCEL=icount HARNESS=0 RESULTS=$BATS_TEST_TMPDIR/r
	run --separate-stderr "$LB_ROOT/runners/sweep"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 20; false; }
	got=$RESULTS/latest/results.csv
	rid=$(lb_meta "$RESULTS/latest" run_id)
	[ -n "$rid" ] && echo "$LB_ROOT/plots/$rid" >"$BATS_TEST_TMPDIR/plotdir"
	# the reference's rows of these configurations, in its order
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
		$c["kernel"] ~ /^6\.12\.[0-9]+$/ && $c["vcpus"] == 1 && $c["workload"] == "tkfast" && $c["context"] == "task" &&
		$c["variant"] == "latch" && $c["writer_period_ns"] == "none"' \
		"$ref/results.csv" >"$BATS_TEST_TMPDIR/want.csv"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want.csv")" -eq $((RUNS + 1)) ]
	[ "$(wc -l <"$got")" -eq $((RUNS + 1)) ]
	lb_icount_exact "$BATS_TEST_TMPDIR/want.csv" >"$BATS_TEST_TMPDIR/want.exact"
	lb_icount_exact "$got" >"$BATS_TEST_TMPDIR/got.exact"
	diff "$BATS_TEST_TMPDIR/want.exact" "$BATS_TEST_TMPDIR/got.exact" || {
		echo "these rows differ from results/reference-icount's (above: < reference, > now). Either the module, a kernel"
		echo "or the row layout changed since the reference was made (git log -- bench-module config patches):"
		echo "remake it (make reference REF_ACCELS=icount) and commit it; or the sweep changed what it runs: a bug"
		false
	}
	# negative control: one read more in a reference row is a difference
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } NR == 2 { $c["read_ops"] += 1 } { print }' \
		"$BATS_TEST_TMPDIR/want.csv" >"$BATS_TEST_TMPDIR/bad.csv"
	run diff <(lb_icount_exact "$BATS_TEST_TMPDIR/bad.csv") "$BATS_TEST_TMPDIR/got.exact"
	[ "$status" -ne 0 ]
}
