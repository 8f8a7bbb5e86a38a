#!/usr/bin/env bats
# Runner robustness: a full disk while results are written, two sweeps at
# once on one host, a QEMU that fails to start; and nothing silently wrong:
# bad settings refused before any work, results files that break
# lbstats' input contract refused by every reader, incomplete runs flagged
# wherever their numbers appear, plots only inside plots/, an interrupt while
# building, results/latest after an aborted run, a hung guest killed within
# minutes. (A guest killed at an explicit timeout and a missing QEMU are in
# foundation.bats.) docs/robustness.md lists every case and what the user sees.

load helpers
bats_require_minimum_version 1.5.0

# small_fs DIR: a 64 KiB tmpfs at DIR, unmounted by teardown; skip without root.
small_fs() {
	mkdir -p "$1"
	mount -t tmpfs -o size=64k lbfull "$1" 2>/dev/null ||
		skip "cannot mount a small tmpfs here (needs root; running as $(id -un))"
	echo "$1" >>"$BATS_TEST_TMPDIR/mounts"
}

teardown() {
	local m
	[ -f "$BATS_TEST_TMPDIR/mounts" ] || return 0
	while read -r m; do umount "$m" || umount -l "$m" || true; done <"$BATS_TEST_TMPDIR/mounts"
}

# big N: N bytes of CSV-ish text
big() { yes '6.12,tcg,2,tkfast,latch,task,1,0,none,0,1000,12.345' | head -c "$1"; }

# cold_sweep ACCEL: a one-configuration 6.12 sweep under ACCEL in the
# background, on the private cache $cache (cold: its build has to extract
# 6.12 first), results in $r; pid=its pid, its stdout and stderr in
# $BATS_TEST_TMPDIR/out and err.
cold_sweep() {
	LATCHBENCH_CACHE=$cache RESULTS=$r KERNELS=6.12 PREEMPT=voluntary VCPUS=1 WORKLOADS=tkfast \
		VARIANTS=latch CONTEXTS=task WRITER_PERIODS=none RUNS=1 DURATION=5 PERF=0 HARNESS=0 ACCEL=$1 \
		"$LB_ROOT/runners/sweep" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
}

# until_extracting GLOB: until a log GLOB names says the build is extracting
# 6.12 (two minutes at most, then fails)
until_extracting() {
	local f
	for _ in $(seq 1 600); do
		# shellcheck disable=SC2086 # GLOB: expanded now, the run directory may be new
		for f in $1; do grep -qs 'build-kernel: extracting' "$f" && return 0; done
		sleep 0.2
	done
	return 1
}

# nothing_left: no process of $cache's builds is left (any found is stopped,
# then the test fails naming it)
nothing_left() {
	local left p
	left=$(pgrep -f "$cache" || true)
	for p in $left; do kill "$p" 2>/dev/null || true; done
	[ -z "$left" ] || { ps -o pid,args -p "$(echo "$left" | paste -sd,)"; false; }
}

@test "disk full: lb_atomic_write fails with an error, keeps the previous version, leaves no temp file" {
	d=$BATS_TEST_TMPDIR/full
	small_fs "$d"
	echo "complete v1" >"$d/results.csv"
	run --separate-stderr bash -c '. "$1/runners/lib.sh"; big() { yes x | head -c "$1"; }
		big 200000 | lb_atomic_write "$2"' _ "$LB_ROOT" "$d/results.csv"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"error: could not write $d/results.csv (disk full?)"* ]] || { echo "$stderr"; false; }
	[ "$(cat "$d/results.csv")" = "complete v1" ]
	[ "$(find "$d" -name '*.tmp.*' | wc -l)" -eq 0 ]
	# a file that did not exist before does not appear, half written or whole
	run --separate-stderr bash -c '. "$1/runners/lib.sh"; yes x | head -c 200000 | lb_atomic_write "$2"' \
		_ "$LB_ROOT" "$d/new.csv"
	[ "$status" -ne 0 ]
	[ ! -e "$d/new.csv" ]
	[ "$(find "$d" -name '*.tmp.*' | wc -l)" -eq 0 ]
	# and with room again, it works
	run bash -c '. "$1/runners/lib.sh"; echo ok | lb_atomic_write "$2"' _ "$LB_ROOT" "$d/new.csv"
	[ "$status" -eq 0 ]
	[ "$(cat "$d/new.csv")" = ok ]
}

@test "disk full while collecting a boot's results: collect fails loudly, results.csv stays whole" {
	d=$BATS_TEST_TMPDIR/full
	small_fs "$d"
	mkdir "$d/run"
	hdr="kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,read_ops"
	small=$BATS_TEST_TMPDIR/small.txt large=$BATS_TEST_TMPDIR/large.txt
	printf 'H %s\nR 6.12,tcg,2,tkfast,latch,task,1,0,none,0,1000\nC 0 ok x\nX 0\n' "$hdr" >"$small"
	{
		echo "H $hdr"
		big 300000 | sed 's/^/R /'
		echo "C 0 ok x"
		echo "X 0"
	} >"$large"
	run "$LB_ROOT/runners/collect" CHANNEL="$small" RUN="$d/run" TAG=first
	[ "$status" -eq 0 ]
	cp "$d/run/results.csv" "$BATS_TEST_TMPDIR/before.csv"
	run --separate-stderr "$LB_ROOT/runners/collect" CHANNEL="$large" RUN="$d/run" TAG=second
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"could not write $d/run/results.csv (disk full?)"* ]] || { echo "$stderr"; false; }
	cmp "$BATS_TEST_TMPDIR/before.csv" "$d/run/results.csv"
	[ "$(find "$d" -name '*.tmp.*' | wc -l)" -eq 0 ]
}

@test "two sweeps at once on one host: the second refuses at once naming the first, or with LB_LOCK_WAIT=1 waits; both finish" {
	export KERNELS=6.12 PREEMPT=voluntary VCPUS=1 WORKLOADS=tkfast VARIANTS=latch CONTEXTS=task
	export WRITER_PERIODS=none RUNS=1 DURATION=5 PERF=0 HARNESS=0 ACCEL=tcg
	mkdir -p "$LB_CACHE"
	flock -n "$LB_CACHE/sweep.lock" true || skip "a sweep is already running on this host: $(cat "$LB_CACHE/sweep.lock")"
	RESULTS=$BATS_TEST_TMPDIR/r1 "$LB_ROOT/runners/sweep" >"$BATS_TEST_TMPDIR/out1" 2>"$BATS_TEST_TMPDIR/err1" &
	pid=$!
	for _ in $(seq 1 100); do
		grep -q "^pid $pid," "$LB_CACHE/sweep.lock" 2>/dev/null && break
		sleep 0.1
	done
	grep -q "^pid $pid," "$LB_CACHE/sweep.lock"
	t0=$(date +%s)
	RESULTS=$BATS_TEST_TMPDIR/r2 run --separate-stderr "$LB_ROOT/runners/sweep"
	[ "$status" -eq 1 ]
	[ $(($(date +%s) - t0)) -lt 10 ]
	[[ "$stderr" == *"another sweep is running on this host (pid $pid, started "*"RESULTS=$BATS_TEST_TMPDIR/r1"*"lock: $LB_CACHE/sweep.lock"* ]] ||
		{ echo "$stderr"; false; }
	[ ! -e "$BATS_TEST_TMPDIR/r2" ]
	# with LB_LOCK_WAIT=1 a second one waits for the first instead, then runs
	LB_LOCK_WAIT=1 RESULTS=$BATS_TEST_TMPDIR/r3 "$LB_ROOT/runners/sweep" >"$BATS_TEST_TMPDIR/out3" 2>"$BATS_TEST_TMPDIR/err3" &
	pid3=$!
	rc=0
	wait "$pid" || rc=$?
	[ "$rc" -eq 0 ] || { tail -n 20 "$BATS_TEST_TMPDIR/err1"; false; }
	[ "$(wc -l <"$BATS_TEST_TMPDIR/r1/latest/results.csv")" -eq 2 ]
	rc=0
	wait "$pid3" || rc=$?
	[ "$rc" -eq 0 ] || { tail -n 20 "$BATS_TEST_TMPDIR/err3"; false; }
	grep -q "another sweep is running on this host (pid $pid, .*waiting for it" "$BATS_TEST_TMPDIR/err3"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/r3/latest/results.csv")" -eq 2 ]
}

@test "QEMU that fails to start: a clear message with its own words, exit 126" {
	fake=$BATS_TEST_TMPDIR/qemu
	cat >"$fake" <<-'Q'
	#!/bin/sh
	[ "$1" != --version ] || { echo "QEMU emulator version 0.0.0 (fake)"; exit 0; }
	echo "qemu-system-x86_64: -accel tcg: failed to initialize tcg (fake)" >&2
	exit 1
	Q
	chmod +x "$fake"
	k=$BATS_TEST_TMPDIR/k
	mkdir -p "$k"
	: >"$k/vmlinux"
	: >"$BATS_TEST_TMPDIR/initrd"
	QEMU=$fake run --separate-stderr "$LB_ROOT/runners/boot" KBUILD="$k" INITRD="$BATS_TEST_TMPDIR/initrd" \
		ACCEL=tcg TIMEOUT=30 OUT="$BATS_TEST_TMPDIR/o"
	[ "$status" -eq 126 ]
	[[ "$stderr" == *"QEMU failed to start (exit 1): qemu-system-x86_64: -accel tcg: failed to initialize tcg (fake)"* ]] ||
		{ echo "$stderr"; false; }
	grep -q '^exit_status=126$' "$BATS_TEST_TMPDIR/o/boot.meta"
}

# ---- nothing silently wrong ----

# a copy of a committed run in this test's tmp dir, under NAME
run_copy() { # SRC NAME
	mkdir -p "$BATS_TEST_TMPDIR/results"
	cp -r "$1" "$BATS_TEST_TMPDIR/results/$2"
	echo "$BATS_TEST_TMPDIR/results/$2"
}
REF=$LB_ROOT/results/reference-icount

@test "every bad sweep setting is refused on the host before anything is made: VARIABLE=value: why (valid: ...)" {
	export RESULTS=$BATS_TEST_TMPDIR/r LATCHBENCH_CACHE=$BATS_TEST_TMPDIR/cache
	export KERNELS=6.12 VCPUS=1 WORKLOADS=tkfast VARIANTS=latch CONTEXTS=task WRITER_PERIODS=none
	export RUNS=1 DURATION=5 PERF=0 HARNESS=0 ACCEL=tcg
	# the issue's inputs, and their neighbours
	while IFS='|' read -r setting want; do
		setting=${setting//BATS/$BATS_TEST_TMPDIR} want=${want//BATS/$BATS_TEST_TMPDIR}
		run --separate-stderr env "$setting" "$LB_ROOT/runners/sweep"
		[ "$status" -eq 1 ] || { echo "$setting: exit $status"; false; }
		[[ "$stderr" == "sweep: error: $want"* && "$stderr" == *" (valid: "*")" ]] || { echo "$setting: $stderr"; false; }
		[ "$(wc -l <<<"$stderr")" -eq 1 ] || { echo "$setting: more than one line: $stderr"; false; }
		# nothing made: no run directory, no cache (no extraction, no lock, no build)
		[ ! -e "$RESULTS" ] && [ ! -e "$LATCHBENCH_CACHE" ] && [ ! -e "$BATS_TEST_TMPDIR/a b" ]
	done <<-'CASES'
	KERNELS=6.12 6.12|KERNELS=6.12 6.12: '6.12' given twice
	VCPUS=1 1|VCPUS=1 1: '1' given twice
	PREEMPT=voluntary voluntary|PREEMPT=voluntary voluntary: 'voluntary' given twice
	WORKLOADS=tkfast tkfast|WORKLOADS=tkfast tkfast: 'tkfast' given twice
	DURATION=0|DURATION=0: not a positive number of ms per run
	DURATION=abc|DURATION=abc: not a positive number
	WORKLOADS=bogus|WORKLOADS=bogus: 'bogus' is no workload of the module's table (valid: all replicas kernel
	VARIANTS=bogus|VARIANTS=bogus: 'bogus' is no variant of the module's table (valid: all
	TIMEOUT=abc|TIMEOUT=abc: not a positive number of seconds per boot
	TIMEOUT=0|TIMEOUT=0: not a positive number
	PERF=abc|PERF=abc: not 0 or 1
	PIN=abc|PIN=abc: not 0 or 1
	HARNESS=yes|HARNESS=yes: not 0 or 1
	LATCHBENCH_CACHE=BATS/a b|LATCHBENCH_CACHE=BATS/a b: the kernel cache path has a character Kbuild cannot build in
	RUNS=0|RUNS=0: not a positive number of runs
	ROUNDS=2|ROUNDS=2: more than RUNS=1
	ROUNDS=0|ROUNDS=0: not a positive number of boots per kernel
	RUNS=auto|RUNS=auto: repeats runs until each mean's 95% interval is within 1%, for real time; ACCEL=tcg has none: icount is deterministic
	RUNS=fast|RUNS=fast: not a positive number of runs
	RUNS_MAX=10|RUNS_MAX=10: only with RUNS=auto
	SEED=abc|SEED=abc: not a number
	SEED=01|SEED=01: not a number
	SEED=99999999999|SEED=99999999999: out of range
	VCPUS=0|VCPUS=0: '0' is not a number of vCPUs
	CONTEXTS=softirq|CONTEXTS=softirq: 'softirq' unknown
	WRITER_PERIODS=-1|WRITER_PERIODS=-1: '-1' is not a number of ns
	ACCEL=fast|ACCEL=fast: 'fast' is not an accelerator
	ACCEL=icount icount|ACCEL=icount icount: 'icount' given twice
	CLOCK=hpet|CLOCK=hpet: unknown
	SCHED=cloud|SCHED=cloud: unknown
	KERNELS=5.10|KERNELS=5.10: '5.10' unknown
	UML_KERNELS=6.12|UML_KERNELS=6.12: names the kernels uml boots, and ACCEL=tcg has no uml
	UML_KERNELS=6.12 6.12|UML_KERNELS=6.12 6.12: '6.12' given twice
	PROFILE=huge|PROFILE=huge: unknown profile
	CASES
	# (above, BATS stands for the test's tmp dir)
	# the control: the same settings, valid, pass the checks and go on to the
	# first thing that does work (here a KDIRS entry that is no build)
	run --separate-stderr env KDIRS=x=/nonexistent "$LB_ROOT/runners/sweep"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"KDIRS: /nonexistent is not a finished kernel build"* ]] || { echo "$stderr"; false; }
}

# num_max NAME [DIR]: NUM(NAME, min, max, ...)'s max in DIR/params.h (default
# bench-module), read here on its own, not by lb_param_bound
num_max() { sed -n "s/^[[:space:]]*NUM($1, *[0-9A-Z_]*, *\([0-9]*\),.*/\1/p" "${2:-$LB_ROOT/bench-module}/params.h"; }

@test "the sweep's bounds are the module's own (params.h): each at its max planned, max+1 refused before anything is made; a changed table moves them" {
	export RESULTS=$BATS_TEST_TMPDIR/r LATCHBENCH_CACHE=$BATS_TEST_TMPDIR/cache
	export KERNELS=6.12 VCPUS=1 WORKLOADS=tkfast VARIANTS=latch CONTEXTS=task WRITER_PERIODS=none
	export RUNS=1 DURATION=5 PERF=0 HARNESS=0 ACCEL=tcg
	nruns=$(num_max nruns) dur=$(num_max duration_ms) wp=$(num_max writer_period_ns) ew=$(num_max extra_work)
	[ "$nruns" -gt 0 ] && [ "$dur" -gt 0 ] && [ "$wp" -gt 0 ] && [ "$ew" -gt 0 ]
	# settings at the bound | settings over it | the refusal (words split)
	while IFS='|' read -r ok bad want; do
		# at the bound: planned (ONLY=plan: nothing downloaded, built or booted)
		run --separate-stderr env $ok ONLY=plan "$LB_ROOT/runners/sweep"
		[ "$status" -eq 0 ] || { echo "$ok: exit $status: $stderr"; false; }
		[ -f "$output/boots/list" ]
		# one over: refused on the host, naming the value, nothing made
		rm -rf "$RESULTS"
		# (ONLY=plan here too: a check gone plans, fast, rather than build)
		run --separate-stderr env $bad ONLY=plan "$LB_ROOT/runners/sweep"
		[ "$status" -eq 1 ] || { echo "$bad: exit $status"; false; }
		[[ "$stderr" == "sweep: error: $want"*")" ]] || { echo "$bad: $stderr"; false; }
		[ "$(wc -l <<<"$stderr")" -eq 1 ]
		[ ! -e "$RESULTS" ] && [ ! -e "$LATCHBENCH_CACHE" ]
	done <<-CASES
	RUNS=$nruns|RUNS=$((nruns + 1))|RUNS=$((nruns + 1)): more runs in a boot than the module's nruns takes ($nruns), over 1 boot(s) per kernel under tcg (valid: 1..$nruns
	RUNS=$((2 * nruns)) ROUNDS=2|RUNS=$((2 * nruns + 1)) ROUNDS=2|RUNS=$((2 * nruns + 1)): more runs in a boot than the module's nruns takes ($nruns), over 2 boot(s) per kernel under tcg (valid: 1..$((2 * nruns))
	ACCEL=uml RUNS=auto RUNS_MAX=$nruns|ACCEL=uml RUNS=auto RUNS_MAX=$((nruns + 1))|RUNS_MAX=$((nruns + 1)): out of range (RUNS=auto starts with 3 runs; the module's nruns takes at most $nruns) (valid: 3..$nruns
	DURATION=$dur|DURATION=$((dur + 1))|DURATION=$((dur + 1)): longer than the module's duration_ms takes (valid: 1..$dur
	WRITER_PERIODS=$wp|WRITER_PERIODS=$((wp + 1))|WRITER_PERIODS=$((wp + 1)): '$((wp + 1))' ns is outside the module's writer_period_ns (valid: none, or 0..$wp ns
	WRITER_PERIODS=0|WRITER_PERIODS=2000000000|WRITER_PERIODS=2000000000: '2000000000' ns is outside the module's writer_period_ns (valid: none, or 0..$wp ns
	LB_AB_EXTRA_WORK=$ew|LB_AB_EXTRA_WORK=$((ew + 1))|LB_AB_EXTRA_WORK=$((ew + 1)): more extra steps per read than the module's extra_work takes (valid: 1..$ew
	RUNS=1|RUNS=99999999999999999999999|RUNS=99999999999999999999999: more runs in a boot than the module's nruns takes
	CASES
	# make aa's own DURATION and EXTRA_WORK: the same bounds, before any boot
	# (CALIBRATE=x, checked after them: a check gone stops there, before a boot)
	run --separate-stderr "$LB_ROOT/runners/aa" DURATION=$((dur + 1)) CALIBRATE=x
	[ "$status" -eq 1 ]
	[[ "$stderr" == "aa: error: DURATION=$((dur + 1)): longer than the module's duration_ms takes (valid: 1..$dur"* ]] || { echo "$stderr"; false; }
	run --separate-stderr "$LB_ROOT/runners/aa" EXTRA_WORK=$((ew + 1)) CALIBRATE=x
	[ "$status" -eq 1 ]
	[[ "$stderr" == "aa: error: EXTRA_WORK=$((ew + 1)): more extra steps per read than the module's extra_work takes (valid: 1..$ew)" ]] || { echo "$stderr"; false; }
	# one source: a copy of the module whose table halves nruns and
	# duration_ms moves the host's checks with it (LB_MODULE_SRC, as the
	# guest's module is built from it)
	m=$BATS_TEST_TMPDIR/mod
	cp -r "$LB_ROOT/bench-module" "$m"
	sed -i "s/NUM(nruns, 1, $nruns,/NUM(nruns, 1, $((nruns / 2)),/; s/NUM(duration_ms, 1, $dur,/NUM(duration_ms, 1, $((dur / 2)),/" "$m/params.h"
	[ "$(num_max nruns "$m")" -eq $((nruns / 2)) ] && [ "$(num_max duration_ms "$m")" -eq $((dur / 2)) ]
	run --separate-stderr env LB_MODULE_SRC="$m" RUNS=$((nruns / 2 + 1)) ONLY=plan "$LB_ROOT/runners/sweep"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "sweep: error: RUNS=$((nruns / 2 + 1)): more runs in a boot than the module's nruns takes ($((nruns / 2))),"*"(valid: 1..$((nruns / 2)) "* ]] || { echo "$stderr"; false; }
	run --separate-stderr env LB_MODULE_SRC="$m" DURATION=$((dur / 2 + 1)) ONLY=plan "$LB_ROOT/runners/sweep"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "sweep: error: DURATION=$((dur / 2 + 1)): longer than the module's duration_ms takes (valid: 1..$((dur / 2)) "* ]] || { echo "$stderr"; false; }
	# readers: a vCPU count becomes as many readers (no writer)
	sed -i 's/NUM(readers, 1, INT_MAX,/NUM(readers, 1, 2,/' "$m/params.h"
	run --separate-stderr env LB_MODULE_SRC="$m" VCPUS="1 3" ONLY=plan "$LB_ROOT/runners/sweep"
	[ "$status" -eq 1 ]
	[ "$stderr" = "sweep: error: VCPUS=1 3: 3 out of range (valid: 1..2)" ] || { echo "$stderr"; false; }
	[ ! -e "$RESULTS" ]
	# the control: the same values under the committed table are planned
	run --separate-stderr env RUNS=$((nruns / 2 + 1)) DURATION=$((dur / 2 + 1)) VCPUS="1 3" ONLY=plan "$LB_ROOT/runners/sweep"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	grep -q "nruns=$((nruns / 2 + 1)) duration_ms=$((dur / 2 + 1))" "$output"/boots/*/plan
	grep -q "readers=3 " "$output"/boots/*-3cpu*/plan
}

@test "WORKLOADS and VARIANTS are checked against the module's own table, read from its sources" {
	# every name the module wrote in the reference run (read with today's
	# names, lbstats rows) is one lb_module_names reads from the sources
	for what in workload variant; do
		got=$(lb_module_names "${what}s" | sort)
		ran=$("$(lb_lbstats)" rows "$REF/results.csv" |
			awk -F, -v n="$what" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next } { print $c }' | sort -u)
		[ -n "$ran" ]
		missing=$(comm -13 <(echo "$got") <(echo "$ran"))
		[ -z "$missing" ] || { echo "$what: in the reference run, not in the sources: $missing"; false; }
	done
	# a renamed variant in a copy of the sources: the new name is known, the old one is not
	m=$BATS_TEST_TMPDIR/mod
	cp -r "$LB_ROOT/bench-module" "$m"
	sed -i 's/"seqlock-excl"/"seqlock-x"/' "$m/vocab.h"
	lb_module_names variants "$m" | grep -qx seqlock-x
	run lb_module_names variants "$m"
	[[ "$output" != *seqlock-excl* ]]
	lb_module_names variants | grep -qx seqlock-excl
}

@test "CRLF line endings: report, plots and cover-letter refuse the file naming line and column" {
	x=$(run_copy "$REF" X)
	sed -i 's/$/\r/' "$x/results.csv"
	# the CR ends the header's last column
	last=$(head -n 1 "$REF/results.csv" | awk -F, '{ print $NF }')
	want="$x/results.csv:1: column $last (the header): carriage return (CRLF line endings?)"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"$want"* ]] || { echo "$stderr"; false; }
	[ -z "$output" ]
	LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots run --separate-stderr "$LB_ROOT/runners/plots" RUN="$x"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"$want"* ]] || { echo "$stderr"; false; }
	cp -r "$LB_ROOT/patches" "$BATS_TEST_TMPDIR/patches"
	LB_PATCHES_DIR=$BATS_TEST_TMPDIR/patches run --separate-stderr "$LB_ROOT/runners/cover-letter" RUN="$x"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"$want"* ]] || { echo "$stderr"; false; }
	diff -r "$LB_ROOT/patches" "$BATS_TEST_TMPDIR/patches"
	# the control: the same copy without the CRs reports, with the committed numbers
	sed -i 's/\r$//' "$x/results.csv"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x" BASE=6.1 NEW=6.12
	[ "$status" -eq 0 ]
	[[ "$output" == *"41.00 40.00 -2.44% ="* || "$output" == *" = "* ]]
}

@test "a failing stage fails the report: a short row, a missing path column, no meta.txt, an empty file" {
	x=$(run_copy "$REF" X)
	# the issue's reproducer
	awk -F, -v OFS=, 'NR==20{NF=20}1' "$REF/results.csv" >"$x/results.csv"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 1 ]
	n=$(head -n 1 "$REF/results.csv" | awk -F, '{ print NF }') last=$(head -n 1 "$REF/results.csv" | awk -F, '{ print $NF }')
	[[ "$stderr" == *"$x/results.csv:20: 20 fields, the header has $n: columns completed to $last missing"* ]] || { echo "$stderr"; false; }
	[ -z "$output" ]
	# faithful (its summary piped into the layout) fails too
	run --separate-stderr "$LB_ROOT/runners/faithful" RUN="$x"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"results.csv:20: 20 fields"* ]]
	# icount without its basis column: refused, not silently ns_per_op
	cut -d, -f1-26 "$REF/results.csv" >"$x/results.csv"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"column path_ns_per_op: missing from the header, and icount rows need it"* ]] || { echo "$stderr"; false; }
	# no meta.txt: refused, not a report without its clocksource line
	cp "$REF/results.csv" "$x/results.csv"
	rm "$x/meta.txt"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"$x: no meta.txt: a run without its metadata"* ]] || { echo "$stderr"; false; }
	# an empty results.csv: said so, not the usage text
	cp "$REF/meta.txt" "$x/meta.txt"
	: >"$x/results.csv"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"$x/results.csv: empty: no header line, no rows"* ]] || { echo "$stderr"; false; }
	[[ "$stderr" != *usage* ]]
	# the control: the intact copy reports every section, the net-cost block included
	cp "$REF/results.csv" "$x/results.csv"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 0 ]
	[[ "$output" == *"latchbench: 6.1.192 -> 6.12.118"* ]] || [[ "$output" == *"latchbench: 6.1"*" -> 6.12"* ]]
	# one per pair of kernels that changes one thing, as in the committed report
	# (6.1 -> 6.12 -> 7.2; 6.12 -> 6.12-debian -> its mitigations=off; 6.12 ->
	# 6.12-distro -> its off)
	[ "$(grep -c '^Net cost over unsynchronised reads' <<<"$output")" -eq "$(grep -c '^Net cost over unsynchronised reads' "$REF/report.txt")" ]
	[[ "$output" == *"clocksource: tsc"* ]]
}

# mark_incomplete DIR: DIR as an interrupted sweep leaves it: the 7.2 2-vCPU
# boot timed out, the 7.2 1-vCPU boot kept only its first 40 rows
mark_incomplete() {
	local d=$1
	awk -F, 'NR == 1 { print; next } $1 ~ /^7\.2/ && $3 == 2 { next } $1 ~ /^7\.2/ { if (++n > 40) next } 1' \
		"$REF/results.csv" >"$d/results.csv"
	lb_meta_set "$d" incomplete 1
	lb_meta_set "$d" failed_boots 1
	lb_meta_set "$d" boots "6.1-voluntary-1cpu 6.12-voluntary-1cpu 6.12-voluntary-2cpu 7.2-lazy-1cpu 7.2-lazy-2cpu"
	lb_meta_set "$d" 7.2-lazy-1cpu.exit 124
	lb_meta_set "$d" 7.2-lazy-2cpu.exit none
	lb_meta_set "$d" interrupted 2026-12-05T00:00:00Z
	# (an interrupted sweep never writes rows=: it is written at the end)
	sed -i '/^rows=/d' "$d/meta.txt"
}
# note NAME: the start of lb_incomplete_note's line for such a run named NAME
note() { echo "INCOMPLETE RUN $1: interrupted at 2026-12-05T00:00:00Z; missing boots: 7.2-lazy-1cpu (exit 124: timed out, guest killed), 7.2-lazy-2cpu (not run"; }

@test "an incomplete run: the report's first line names the missing boots and why; a whole run has no such line" {
	x=$(run_copy "$REF" X)
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 0 ]
	[[ "$output" != *INCOMPLETE* ]]
	mark_incomplete "$x"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "INCOMPLETE RUN X: interrupted at 2026-12-05T00:00:00Z; missing boots:" ]] || { echo "${lines[0]}"; false; }
	[[ "$(printf '%s ' "${lines[@]:0:4}")" == *"7.2-lazy-1cpu (exit 124: timed out, guest killed), 7.2-lazy-2cpu (not"* ]]
	# once, above the pairs' reports (as many as the committed report has)
	[ "$(grep -c '^INCOMPLETE RUN' <<<"$output")" -eq 1 ]
	[ "$(grep -c '^latchbench: ' <<<"$output")" -eq "$(grep -c '^latchbench: ' "$REF/report.txt")" ]
	awk 'length > 72 { exit 1 }' <<<"$output"
	# a meta.txt that does not say whether the run finished is flagged too
	sed -i '/^incomplete=/d' "$x/meta.txt"
	run "$LB_ROOT/runners/report" RUN="$x"
	[[ "${lines[0]}" == "INCOMPLETE RUN X: meta.txt does not say whether the run finished"* ]]
}

@test "an incomplete run: make cover-letter refuses it unless ALLOW_INCOMPLETE=1, then its block starts with the line" {
	x=$(run_copy "$REF" X)
	mark_incomplete "$x"
	cp -r "$LB_ROOT/patches" "$BATS_TEST_TMPDIR/patches"
	export LB_PATCHES_DIR=$BATS_TEST_TMPDIR/patches
	run --separate-stderr make -s -C "$LB_ROOT" cover-letter RUN="$x"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"run X is incomplete, refusing to fill cover letters from it (ALLOW_INCOMPLETE=1"*"$(note X)"* ]] || { echo "$stderr"; false; }
	diff -r "$LB_ROOT/patches" "$LB_PATCHES_DIR"
	run --separate-stderr make -s -C "$LB_ROOT" cover-letter RUN="$x" ALLOW_INCOMPLETE=1
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	f=$LB_PATCHES_DIR/6.12/0000-cover-letter.patch
	first=$(sed -n '/^<!-- latchbench-numbers-begin -->$/{n;p;q}' "$f")
	[[ "$first" == "INCOMPLETE RUN X: interrupted at"* ]] || { echo "$first"; false; }
	awk '/numbers-begin/ { b = 1 } /numbers-end/ { b = 0 } b && length > 72 { exit 1 }' "$f"
	run make -s -C "$LB_ROOT" cover-letter RUN="$x" ALLOW_INCOMPLETE=maybe
	[ "$status" -ne 0 ]
	[[ "$output" == *"ALLOW_INCOMPLETE=maybe: not 0 or 1 (valid: 0 1)"* ]]
	# the control: the whole run fills the letters with no such line
	y=$(run_copy "$REF" Y)
	run make -s -C "$LB_ROOT" cover-letter RUN="$y"
	[ "$status" -eq 0 ]
	! grep -q INCOMPLETE "$f" || false
	grep -q 'Full tables: results/Y/report.txt' "$f"
}

@test "plots: output in plots/<the run directory's name> whatever meta.txt says; OUT= outside plots/ refused (compare's PLOTS= before any work); a partial kernel plots; the page flags the incomplete run" {
	x=$(run_copy "$REF" partial)
	mark_incomplete "$x"
	lb_meta_set "$x" run_id ../../escaped
	root=$BATS_TEST_TMPDIR/plots
	mkdir -p "$root/reference-icount"
	echo keep >"$root/reference-icount/sentinel"
	# outside the plots root: refused before anything is written
	for o in "$BATS_TEST_TMPDIR/elsewhere" "$root/../elsewhere" "$root"; do
		LB_PLOTS_ROOT=$root run --separate-stderr "$LB_ROOT/runners/plots" OUT="$o" RUN="$x"
		[ "$status" -eq 1 ]
		[[ "$stderr" == *"OUT=$o: outside $root"* ]] || { echo "$stderr"; false; }
		# compare refuses its PLOTS= so before building anything
		LB_PLOTS_ROOT=$root run --separate-stderr "$LB_ROOT/runners/compare" PATCHES=/nonexistent PLOTS="$o"
		[ "$status" -eq 1 ]
		[[ "$stderr" == *"PLOTS=$o: outside $root"* ]] || { echo "$stderr"; false; }
	done
	[ ! -e "$BATS_TEST_TMPDIR/elsewhere" ]
	LB_PLOTS_ROOT=$root run --separate-stderr "$LB_ROOT/runners/plots" RUN="$x"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 5; false; }
	[ -f "$root/partial/index.html" ]
	ls "$root/partial"/*overview.png >/dev/null
	[ ! -e "$BATS_TEST_TMPDIR/escaped" ] && [ ! -e "$root/../../escaped" ]
	[ "$(cat "$root/reference-icount/sentinel")" = keep ]
	[ "$(ls "$root")" = "$(printf 'partial\nreference-icount')" ]
	# the incomplete run: first line of NOTES.txt, first paragraph of the page, on stderr
	[[ "$(head -n 1 "$root/partial/NOTES.txt")" == "$(note partial)"* ]]
	grep -A1 '<body>' "$root/partial/index.html" | grep -q '<p class="banner"><b>INCOMPLETE RUN partial: interrupted at'
	[[ "$stderr" == *"WARNING: $(note partial)"* ]]
	# the panels of the kernel with missing rows say so
	grep -q 'no rows of 7.2' "$root/partial/NOTES.txt"
}

@test "SIGTERM while the sweep is still building: the build and everything it started stopped, no run started, exit 130; results/latest stays on the last good run" {
	# a private cache: the sweep has to extract 6.12 itself, which takes a while
	cache=$BATS_TEST_TMPDIR/cache r=$BATS_TEST_TMPDIR/r
	mkdir -p "$r"
	cp -r "$LB_ROOT/tests/fixtures/results/fx-icount" "$r/good"
	ln -s good "$r/latest"
	cold_sweep tcg
	until_extracting "$BATS_TEST_TMPDIR/err"
	sleep 1
	pgrep -f "$cache/src" >/dev/null # the build's tar is running
	kill -TERM "$pid"
	rc=0
	wait "$pid" || rc=$?
	sleep 2
	nothing_left
	[ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/err"; false; }
	grep -q 'interrupted while building: no run was started' "$BATS_TEST_TMPDIR/err"
	# the builds come before the run directory: nothing half made in the results
	[ "$(ls "$r")" = "$(printf 'good\nlatest')" ]
	[ ! -s "$BATS_TEST_TMPDIR/out" ]
	# an aborted run does not hide the good one
	[ "$(readlink "$r/latest")" = good ]
	RESULTS=$r run --separate-stderr "$LB_ROOT/runners/report"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"using the latest run: fx-icount"* ]]
}

@test "icount boots beside the builds: a kernel that does not build leaves its boot not run, saying why everywhere; the sweep exits 1, the run incomplete" {
	# a module that fails to compile: the image build beside the boots fails
	src=$BATS_TEST_TMPDIR/mod t=6.12-voluntary-1cpu
	cp -r "$LB_ROOT/bench-module" "$src"
	echo '#error "a module that does not build (robust.bats)"' >>"$src/core.c"
	LB_MODULE_SRC=$src RESULTS=$BATS_TEST_TMPDIR/r LB_LOCK_WAIT=1 KERNELS=6.12 PREEMPT=voluntary VCPUS=1 \
		WORKLOADS=tkfast VARIANTS=latch CONTEXTS=task WRITER_PERIODS=none RUNS=1 DURATION=5 PERF=0 HARNESS=0 \
		ACCEL=icount run --separate-stderr "$LB_ROOT/runners/sweep"
	[ "$status" -eq 1 ] || { echo "$stderr"; false; }
	d=${lines[-1]}
	grep -qx 'builds_beside_boots=6.12-voluntary' "$d/meta.txt"
	[[ "$(lb_meta "$d" build_s.6.12-voluntary)" =~ ^[0-9]+$ ]]
	grep -q 'a module that does not build' "$d/boots/build.log"
	why="its kernel 6.12-voluntary did not build (exit 1; $d/boots/build.log)"
	[ "$(lb_meta "$d" "$t.not_run")" = "$why" ]
	[[ "$stderr" == *"boot $t not run: $why"* ]] || { echo "$stderr"; false; }
	grep -qx 'incomplete=1' "$d/meta.txt"
	[ ! -f "$d/results.csv" ]
	[ ! -f "$d/console/$t.log" ] # never booted
	[[ "$(lb_incomplete_note "$d")" == *"missing boots: $t (not run: $why)"* ]]
}

@test "SIGTERM while a kernel builds beside the icount boots: the build and everything it started stopped, the run kept as interrupted, exit 130" {
	# a private cache: the build beside the boots has to extract 6.12 first
	cache=$BATS_TEST_TMPDIR/cache r=$BATS_TEST_TMPDIR/r
	cold_sweep icount
	until_extracting "$r/*/boots/build.log"
	sleep 1
	pgrep -f "$cache/src" >/dev/null # the build's tar is running
	kill -TERM "$pid"
	rc=0
	wait "$pid" || rc=$?
	sleep 2
	nothing_left
	[ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/err"; false; }
	grep -q 'waiting for the build of 6.12-voluntary' "$BATS_TEST_TMPDIR/err"
	d=$(cat "$BATS_TEST_TMPDIR/out")
	[ -d "$d" ]
	grep -q '^interrupted=' "$d/meta.txt"
	grep -qx 'incomplete=1' "$d/meta.txt"
	[ ! -e "$r/latest" ] # no rows: nothing to point at
	# stopped, not waited for: the build never finished (with ccache warm, a
	# sweep that only waited would have seen it through within a minute)
	[ ! -f "$d/boots/build-6.12-voluntary.rc" ]
	! grep -q 'built 6.12-voluntary' "$d/boots/build.log" || false
}

@test "the builder beside the icount boots killed from outside: the boot waiting for it is not run, saying so, and the sweep ends (exit 1) instead of waiting for ever" {
	cache=$BATS_TEST_TMPDIR/cache r=$BATS_TEST_TMPDIR/r t=6.12-voluntary-1cpu
	cold_sweep icount
	until_extracting "$r/*/boots/build.log"
	b=$(pgrep -f "$r/.*/boots/builder.sh")
	kill -KILL -- "-$b" # the builder's process group: it dies without a word
	rc=0
	timeout 60 tail --pid="$pid" -f /dev/null || { kill "$pid"; false; }
	wait "$pid" || rc=$?
	[ "$rc" -eq 1 ] || { cat "$BATS_TEST_TMPDIR/err"; false; }
	d=$(cat "$BATS_TEST_TMPDIR/out")
	[ "$(lb_meta "$d" "$t.not_run")" = "its kernel 6.12-voluntary did not build (exit none; $d/boots/build.log)" ]
	grep -qx 'build_failed.6.12-voluntary=exit none ('"$d"'/boots/build.log)' "$d/meta.txt"
	grep -qx 'incomplete=1' "$d/meta.txt"
	grep -q "boot $t not run: its kernel 6.12-voluntary did not build" "$BATS_TEST_TMPDIR/err"
}

@test "a hung guest (lb.hang=1) is killed in under 5 minutes: the boot timeout scales with the plan and is in meta.txt" {
	export LB_LOCK_WAIT=1 RESULTS=$BATS_TEST_TMPDIR/r
	# 72 configurations: the old budget (120 s + 16 s each) was 1272 s
	export KERNELS=6.12 PREEMPT=voluntary VCPUS=1 WORKLOADS=all VARIANTS=all CONTEXTS=task
	export WRITER_PERIODS=none RUNS=1 DURATION=5 PERF=0 HARNESS=0 ACCEL=tcg LB_EXTRA_CMDLINE=lb.hang=1
	run --separate-stderr "$LB_ROOT/runners/sweep"
	[ "$status" -eq 1 ]
	d=${lines[-1]}
	t=6.12-voluntary-1cpu
	grep -qx 'M hang=1' "$d/boots/$t/channel.txt" # the guest did hang on purpose
	grep -qx "$t.exit=124" "$d/meta.txt"
	[[ "$stderr" == *"boot $t exited 124"* ]]
	ex=$(lb_meta "$d" "$t.expected_s") to=$(lb_meta "$d" "$t.timeout_s")
	[ "$to" -eq "$(lb_spec "$d/boots/$t/spec" timeout)" ]
	[ "$to" -ge "$LB_BOOT_TIMEOUT_FLOOR" ] && [ "$to" -ge $((ex * LB_BOOT_TIMEOUT_FACTOR)) ]
	grep -q '^boot_timeout=scaled to the plan' "$d/meta.txt"
	wall=$(lb_meta "$d" "$t.boot.wall_s")
	echo "expected ${ex}s, timeout ${to}s, killed after ${wall}s"
	[ "${wall%.*}" -lt 300 ]
	# no rows: results/latest not made
	[ ! -e "$RESULTS/latest" ]
	[[ "$(lb_incomplete_note "$d")" == *"missing boots: $t (exit 124: timed out, guest killed)"* ]]
}

# --- impossible values, lost rows, the Makefile boundary, partial outputs ---
UML=$LB_ROOT/results/reference-uml

@test "impossible values (negative, fractional, hex, 1e300, unknown accelerator) are refused by report, table, plots and cover-letter naming file:line:column" {
	x=$(run_copy "$UML" X)
	cp -r "$LB_ROOT/patches" "$BATS_TEST_TMPDIR/patches"
	export LB_PATCHES_DIR=$BATS_TEST_TMPDIR/patches LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots
	col() { head -n 1 "$UML/results.csv" | tr , '\n' | grep -nx "$1" | cut -d: -f1; }
	while IFS='|' read -r c v want; do
		awk -F, -v OFS=, -v c="$(col "$c")" -v v="$v" 'NR == 4 { $c = v } 1' "$UML/results.csv" >"$x/results.csv"
		for stage in report table plots cover-letter; do
			run --separate-stderr timeout 120 "$LB_ROOT/runners/$stage" RUN="$x"
			[ "$status" -eq 1 ] || { echo "$stage $c=$v: exit $status"; false; }
			[[ "$stderr" == *"$x/results.csv:4:"*": column $c: '$v': $want"* ]] || { echo "$stage: $stderr"; false; }
			[ -z "$output" ]
		done
	done <<'EOF2'
ns_per_op|-15|not a time in ns
median_ns_per_op|1e300|not a time in ns
vcpus|2.5|not a positive integer
accel|kvmm|not an accelerator (valid: kvm tcg icount uml)
EOF2
	diff -r "$LB_ROOT/patches" "$LB_PATCHES_DIR"
	[ ! -e "$LB_PLOTS_ROOT/X" ]
	# the control: the copy as committed goes through every stage
	cp "$UML/results.csv" "$x/results.csv"
	for stage in report table plots cover-letter; do
		run --separate-stderr timeout 120 "$LB_ROOT/runners/$stage" RUN="$x"
		[ "$status" -eq 0 ] || { echo "$stage: $stderr"; false; }
	done
}

@test "a results.csv cut at a row boundary: every stage says which rows the plan misses, first; cover-letter refuses it" {
	x=$(run_copy "$REF" X)
	cp -r "$LB_ROOT/patches" "$BATS_TEST_TMPDIR/patches"
	export LB_PATCHES_DIR=$BATS_TEST_TMPDIR/patches LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots
	# the issue's case: a disk that filled, a copy that stopped (meta.txt says finished, rows=N)
	head -n 1500 "$REF/results.csv" >"$x/results.csv"
	rows=$(lb_meta "$REF" rows)
	want="INCOMPLETE RUN X: rows missing against the run's plan: results.csv has 1499 of the $rows rows meta.txt records (rows=): $((rows - 1499)) missing; boot 7.2-lazy-1cpu: 72 of the 143 configurations its plan expanded to (7.2-lazy-1cpu.configs) have no rows; boot 7.2-lazy-1cpu: 1 of its 71 configurations have fewer runs than it was asked for (cyc2ns,seqlock-excl,task,1,1,0: 2 of 3)"
	run --separate-stderr "$LB_ROOT/runners/table" RUN="$x"
	[ "$status" -eq 0 ]
	[[ "$(printf '%s ' "${lines[@]:0:6}" | tr -s ' ')" == "$want"* ]] || { printf '%s\n' "${lines[@]:0:6}"; false; }
	[[ "$output" == *"boot 7.2-lazy-2cpu finished (exit 0) but none of its rows (kernel 7.2.13, 2 vCPUs, icount) are in results.csv"* ]] || [[ "$(tr '\n' ' ' <<<"$output")" == *"boot 7.2-lazy-2cpu finished (exit 0) but none of its rows"* ]]
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "INCOMPLETE RUN X: rows missing against the run's plan: results.csv has" ]] || { echo "${lines[0]}"; false; }
	[ "$(grep -c '^INCOMPLETE RUN' <<<"$output")" -eq 1 ]
	run --separate-stderr "$LB_ROOT/runners/cover-letter" RUN="$x"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"run X is incomplete, refusing to fill cover letters from it"*"rows missing against the run's plan"* ]] || { echo "$stderr"; false; }
	diff -r "$LB_ROOT/patches" "$LB_PATCHES_DIR"
	run --separate-stderr "$LB_ROOT/runners/plots" RUN="$x"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 3; false; }
	[[ "$(head -n 1 "$LB_PLOTS_ROOT/X/NOTES.txt")" == "$want"* ]]
	grep -A1 '<body>' "$LB_PLOTS_ROOT/X/index.html" | grep -q '<p class="banner"><b>INCOMPLETE RUN X: rows missing against the run'
	# make bench's summary.csv: said on stderr
	run --separate-stderr bash -c ". '$LB_ROOT/runners/lib.sh'; LB_SUMMARY_WARN=1 lb_summary '$x' >/dev/null"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"WARNING: $want"* ]] || { echo "$stderr"; false; }
	# a boot's rows gone whole, rows= agreeing: the boot is named all the same
	grep -v '^7\.2\.13,icount,2,' "$REF/results.csv" >"$x/results.csv"
	kept=$(($(wc -l <"$x/results.csv") - 1)) all=$(($(wc -l <"$REF/results.csv") - 1))
	[ "$kept" -lt "$all" ]
	lb_meta_set "$x" rows "$kept"
	run "$LB_ROOT/runners/table" RUN="$x"
	[ "$status" -eq 0 ]
	[[ "$(tr '\n' ' ' <<<"$output" | tr -s ' ')" == "INCOMPLETE RUN X: rows missing against the run's plan: boot 7.2-lazy-2cpu finished (exit 0) but none of its rows"* ]] || { echo "$output" | head -n 4; false; }
	# more rows than the record says: the record and the rows disagree
	cp "$REF/results.csv" "$x/results.csv"
	run --separate-stderr "$LB_ROOT/runners/table" RUN="$x"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"$x/meta.txt:"*": key rows: $kept, but $x/results.csv has $all rows: the record and the rows disagree"* ]] || { echo "$stderr"; false; }
	# the control: the whole run, as committed, has no such line anywhere and fills the letters
	lb_meta_set "$x" rows "$all"
	run --separate-stderr "$LB_ROOT/runners/table" RUN="$x"
	[ "$status" -eq 0 ]
	[[ "$output" != *INCOMPLETE* ]]
	run --separate-stderr "$LB_ROOT/runners/cover-letter" RUN="$x"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
}

@test "meta.txt has a contract too: CRLF, a BOM, a duplicate or contradictory key, a bad number, a key the rows contradict are refused naming file, line and key" {
	x=$(run_copy "$UML" X)
	while IFS='|' read -r edit want; do
		cp "$UML/meta.txt" "$x/meta.txt"
		sed -i "$edit" "$x/meta.txt"
		for stage in report table index; do
			args=(RUN="$x")
			[ "$stage" != index ] || { mkdir -p "$BATS_TEST_TMPDIR/p"; args+=(PLOTS="$BATS_TEST_TMPDIR/p"); }
			run --separate-stderr "$LB_ROOT/runners/$stage" "${args[@]}"
			[ "$status" -eq 1 ] || { echo "$stage $edit: exit $status"; false; }
			[[ "$stderr" == *"$x/meta.txt"*"$want"* ]] || { echo "$stage: $stderr"; false; }
		done
	done <<'EOF2'
s/$/\r/|:1: key run_id: carriage return (CRLF line endings?)
1s/^/\xef\xbb\xbf/|:1: a UTF-8 byte-order mark (BOM)
$a rows=370|: key rows: given twice (also line
$a accel=kvm|: key accel: 'kvm' contradicts line 19's 'uml': each key once
s/^host_cpus=2$/host_cpus=two/|:15: key host_cpus: 'two': not in its domain (valid: 1, 2, 3, ...)
s/^incomplete=0$/incomplete=no/|: key incomplete: 'no': not in its domain (valid: 0 or 1)
s/^7.2-uml-2cpu-r1.exit=0$/7.2-uml-2cpu-r1.exit=-1/|: key 7.2-uml-2cpu-r1.exit: '-1': not in its domain
s/^accel=uml$/accel=kvm/|:19: key accel: 'kvm', but 
s/^vcpus=2$/vcpus=1/|: key vcpus: '1', but
EOF2
	# the controls: the record as committed passes every stage, and so do the
	# other forms a sweep writes (several accelerators' rounds and pinning, a
	# boot whose model could not be read, a key with no value)
	cp "$UML/meta.txt" "$x/meta.txt"
	run "$LB_ROOT/runners/table" RUN="$x"
	[ "$status" -eq 0 ]
	sed -i 's/^rounds=3$/rounds=icount:1 uml:3/; s/^pinning=1$/pinning=0 1/; s/^7.2-uml-2cpu-r1.preempt=voluntary$/7.2-uml-2cpu-r1.preempt=unknown/; s/^7.2-uml-2cpu-r2.boot.wall_s=.*/7.2-uml-2cpu-r2.boot.wall_s=/' "$x/meta.txt"
	grep -qx 'rounds=icount:1 uml:3' "$x/meta.txt" && grep -qx '7.2-uml-2cpu-r1.preempt=unknown' "$x/meta.txt"
	run --separate-stderr "$LB_ROOT/runners/table" RUN="$x"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
}

@test "one fold: a 300-digit word ends, within 72 columns; a value too wide for the table is refused" {
	# lb_fold on the word the issue's 1e300 written out makes: ends, every line <= 72
	run timeout 10 awk "$(cat "$LB_ROOT/runners/lib.awk")"'BEGIN { lb_wrap("a b " sprintf("%0300d", 1) " c", "    ", "  ") }'
	[ "$status" -eq 0 ]
	[ "$(awk 'length > 72' <<<"$output")" = "" ]
	[ "$(tr -d ' \n' <<<"$output")" = "ab$(printf '%0300d' 1)c" ]
	# the control: short words fold as they always did (first after lead, then ind)
	run awk "$(cat "$LB_ROOT/runners/lib.awk")"'BEGIN { lb_wrap("one two", "    ", "  ") }'
	[ "$output" = "  one two" ]
	# report has no fold of its own any more; every layout of a run with huge (valid) values stays within 72
	! grep -n 'while (length(\$0) > 72)\|while (length(s) > 72)' "$LB_ROOT/runners/report" || false
	x=$(run_copy "$UML" W)
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; print; next }
		{ v = $H["ns_per_op"] * 1.5e10; if (v > 1e12) v = 1e12; $H["ns_per_op"] = sprintf("%.3f", v)
		  v = $H["median_ns_per_op"] * 1.5e10; if (v > 1e12) v = 1e12; $H["median_ns_per_op"] = sprintf("%.3f", v) } 1' "$UML/results.csv" >"$x/results.csv"
	run timeout 120 "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 0 ]
	[ "$(awk 'length > 72' <<<"$output")" = "" ]
	# the table's guard: a line it cannot fit (a kernel release wider than
	# its column) is refused, never printed wide
	awk -F, -v OFS=, 'NR > 1 { $1 = $1 "-with-a-local-version-string-that-is-far-too-long-for-any-table-column" } 1' "$UML/results.csv" >"$x/results.csv"
	run --separate-stderr "$LB_ROOT/runners/table" RUN="$x"
	[ "$status" -eq 1 ] || { echo "$output" | tail -n 3; false; }
	[[ "$stderr" == *"a value too wide for the 72-column table, refusing it: line "*"7.2.13-with-a-local-version"* ]] || { echo "$stderr"; false; }
}

@test "the Makefile boundary: an unknown variable refused as the runner refuses it, values passed as data (a $ too), the Makefile's own names and a name a target ignores refused by make, make's 2 naming the runner's status, OUT= honoured, KERNELS=\"\" refused" {
	export RESULTS=$BATS_TEST_TMPDIR/r LATCHBENCH_CACHE=$BATS_TEST_TMPDIR/cache
	mkdir -p "$RESULTS"
	# a misspelling: refused by the sweep itself, before anything is made
	run --separate-stderr make -s -C "$LB_ROOT" bench VCPU=2
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"sweep: error: VCPU=2: sweep has no VCPU= (valid: "* ]] || { echo "$stderr"; false; }
	[ -z "$(ls -A "$RESULTS")" ] && [ ! -e "$LATCHBENCH_CACHE/src" ]
	run --separate-stderr make -s -C "$LB_ROOT" table RUN=reference-uml FORMT=mmtests
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"table: error: FORMT=mmtests: table has no FORMT="* ]] || { echo "$stderr"; false; }
	# values are data: no command runs, the exit status is the runner's
	run --separate-stderr make -s -C "$LB_ROOT" report "RUN=x; touch $BATS_TEST_TMPDIR/ran"
	[ "$status" -ne 0 ]
	[ ! -e "$BATS_TEST_TMPDIR/ran" ]
	[[ "$stderr" == *"no results.csv for run 'x; touch $BATS_TEST_TMPDIR/ran'"* ]]
	run make -s -C "$LB_ROOT" report 'RUN=nonexistent; true'
	[ "$status" -ne 0 ]
	run make -s -C "$LB_ROOT" report 'RUN=$(touch '"$BATS_TEST_TMPDIR/ran2"')'
	[ "$status" -ne 0 ]
	[ ! -e "$BATS_TEST_TMPDIR/ran2" ]
	run make -s -C "$LB_ROOT" kernel 'KVER=6.12; touch '"$BATS_TEST_TMPDIR/ran3"
	[ "$status" -ne 0 ]
	[ ! -e "$BATS_TEST_TMPDIR/ran3" ]
	# an empty KERNELS is refused, not taken for every kernel
	run --separate-stderr make -s -C "$LB_ROOT" bench KERNELS=
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"sweep: error: KERNELS=: empty: an empty value does not mean the default"* ]] || { echo "$stderr"; false; }
	[ -z "$(ls -A "$RESULTS")" ]
	# a name make cannot pass on is refused by make
	run make -s -C "$LB_ROOT" table 'A;B=1'
	[ "$status" -ne 0 ]
	[[ "$output" == *"make's command line: 'A;B': not a variable name a runner takes"* ]]
	# a $ is data too (make would expand a command-line value when it
	# exports it to a recipe, and a sub-make again from MAKEFLAGS): the
	# runner is given the value as typed, and nothing runs
	for v in '$(shell touch '"$BATS_TEST_TMPDIR/ran4"')' '${shell touch '"$BATS_TEST_TMPDIR/ran5"'}' 'a$$b'; do
		run --separate-stderr make -s -C "$LB_ROOT" report "RUN=$v"
		[ "$status" -eq 2 ]
		[[ "$stderr" == *"report: error: no results.csv for run '$v'"* ]] || { echo "$stderr"; false; }
	done
	[ ! -e "$BATS_TEST_TMPDIR/ran4" ] && [ ! -e "$BATS_TEST_TMPDIR/ran5" ]
	# (the negative control: the same value to a Makefile without the
	# Makefile's rule runs the command, as it did here)
	mkdir "$BATS_TEST_TMPDIR/plain"
	printf 't:\n\t@true\n' >"$BATS_TEST_TMPDIR/plain/Makefile"
	make -s -C "$BATS_TEST_TMPDIR/plain" t 'RUN=$(shell touch '"$BATS_TEST_TMPDIR/ran6"')'
	[ -e "$BATS_TEST_TMPDIR/ran6" ]
	# a name the Makefile uses itself (the recipes' shell, a runner's
	# arguments, the checks' own lists) is refused by name, by make, before
	# any recipe: exit 2, nothing run
	printf '#!/bin/sh\ntouch %s/ran7\n' "$BATS_TEST_TMPDIR" >"$BATS_TEST_TMPDIR/sh"
	chmod +x "$BATS_TEST_TMPDIR/sh"
	for v in SHELL="$BATS_TEST_TMPDIR/sh" .SHELLFLAGS="-c touch $BATS_TEST_TMPDIR/ran7;" \
		MAKESHELL="$BATS_TEST_TMPDIR/sh" "LB_RUNNER_ARGS=touch $BATS_TEST_TMPDIR/ran7;" LB_CMDLINE=OUT \
		LB_MAKE_VARS=OUT LB_INTERNAL= lb_takes.kernel=RUN REF_ENV="x; touch $BATS_TEST_TMPDIR/ran7"; do
		run --separate-stderr make -s -C "$LB_ROOT" report RUN=reference-uml "$v"
		[ "$status" -eq 2 ] || { echo "$v: exit $status"; false; }
		[[ "$stderr" == *"*** make's command line: ${v%%=*}=: a name the Makefile uses itself (a recipe's shell, a runner's arguments): refused by name (valid: "* ]] || { echo "$v: $stderr"; false; }
		[ -z "$output" ]
	done
	[ ! -e "$BATS_TEST_TMPDIR/ran7" ]
	# a target that hands no runner the command line refuses a name it would
	# ignore, naming it and what it takes, before any recipe (make -n: none)
	while IFS='|' read -r target var want; do
		run --separate-stderr make -s -n -C "$LB_ROOT" $target "$var"
		[ "$status" -eq 2 ] || { echo "$target $var: exit $status"; false; }
		[[ "$stderr" == *"*** make ${target##* }: $var: make ${target##* } does not take ${var%%=*}= (valid: $want)."* ]] || { echo "$target $var: $stderr"; false; }
		[ -z "$output" ]
	done <<-'EOF2'
	kernel|RUN=x|KVER= PREEMPT=
	clean|KVER=6.1|no variables
	test|KERNELS=6.1|TEST_KERNELS=
	faithful|ACCEL=tcg|KERNELS= PREEMPT= RESULTS= SCHED=
	reference|KERNELS=6.1|REF_ACCELS=
	report kernel|RUN=reference-uml|KVER= PREEMPT=
	EOF2
	# the controls: what they take goes through (make -n: the recipes printed)
	run make -s -n -C "$LB_ROOT" kernel KVER=6.1 PREEMPT=voluntary
	[ "$status" -eq 0 ] && [[ "$output" == *'runners/build-kernel KVER="$KVER" FLAVOUR="$PREEMPT"'* ]]
	run make -s -n -C "$LB_ROOT" clean
	[ "$status" -eq 0 ] && [[ "$output" == *"rm -rf build"* ]]
	# make's exit status is its own 2 when a recipe fails (GNU make has no
	# other), its error line naming the runner's: 1 here
	run --separate-stderr make -s -C "$LB_ROOT" report RUN=nonexistent
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"report: error: no results.csv for run 'nonexistent'"*"make: *** ["*"report] Error 1" ]] || { echo "$stderr"; false; }
	# the controls: OUT= writes the file the runner writes; a known variable works
	run --separate-stderr make -s -C "$LB_ROOT" report RUN=reference-uml OUT="$BATS_TEST_TMPDIR/out.txt"
	[ "$status" -eq 0 ] && [ -z "$output" ]
	diff "$BATS_TEST_TMPDIR/out.txt" <("$LB_ROOT/runners/report" RUN=reference-uml 2>/dev/null)
	run make -s -C "$LB_ROOT" table RUN=reference-uml FORMAT=mmtests
	[ "$status" -eq 0 ]
	[[ "$output" == *"Amean"* ]]
}

@test "make faithful writes faithful.txt whole or not at all: a faithful that fails half-way leaves the previous file, no temporary" {
	# a copy of the tree whose sweep and faithful are stand-ins: the sweep
	# names a run, faithful prints half its text and fails (FAIL=1)
	d=$BATS_TEST_TMPDIR/tree
	mkdir -p "$d/build"
	cp -rp "$LB_ROOT/Makefile" "$LB_ROOT/runners" "$LB_ROOT/stats" "$LB_ROOT/bench-module" "$d/"
	cp -p "$(lb_lbstats)" "$d/build/"
	printf '#!/bin/sh\nexit 0\n' >"$d/runners/deps"
	printf '#!/bin/sh\nmkdir -p %s/results/r && : >%s/results/r/results.csv && echo %s/results/r\n' "$d" "$d" "$d" >"$d/runners/sweep"
	printf '#!/bin/sh\necho "first half"\n[ "${FAIL:-0}" = 0 ] || exit 1\necho "second half"\n' >"$d/runners/faithful"
	mkdir -p "$d/results/r"
	echo "the previous faithful.txt" >"$d/results/r/faithful.txt"
	run --separate-stderr env FAIL=1 make -s -C "$d" faithful
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"faithful] Error 1"* ]] || { echo "$stderr"; false; }
	[ "$(cat "$d/results/r/faithful.txt")" = "the previous faithful.txt" ]
	[ "$(ls "$d/results/r")" = "$(printf 'faithful.txt\nresults.csv')" ]
	# the control: a faithful that finishes replaces it, whole, and prints it
	run --separate-stderr make -s -C "$d" faithful
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	[ "$output" = "$(printf 'first half\nsecond half')" ]
	[ "$(cat "$d/results/r/faithful.txt")" = "$(printf 'first half\nsecond half')" ]
	[ "$(ls "$d/results/r")" = "$(printf 'faithful.txt\nresults.csv')" ]
	# make reference writes each reference's faithful.txt the same way (its
	# recipe, as make -n prints it: no redirect into the file)
	run make -s -n -C "$LB_ROOT" reference
	[ "$status" -eq 0 ]
	[[ "$output" == *'f=$(runners/faithful RUN=reference-$a) ;'*'lb_atomic_write results/reference-$a/faithful.txt'* ]] || { echo "$output"; false; }
	[[ "$output" != *'> results/reference-$a/faithful.txt'* ]]
}

@test "plots are put in place whole: an interrupt or a full disk leaves the previous plots (the disk named), two at once are refused naming the first" {
	export LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots
	"$LB_ROOT/runners/plots" RUN="$UML" 2>/dev/null
	p=$LB_PLOTS_ROOT/reference-uml
	sum() { (cd "$p" && md5sum index.html ./*.png ./*.svg | md5sum); }
	before=$(sum)
	# every image the page names is there
	check_page() { grep -o 'src="[^"]*"' "$p/index.html" | cut -d'"' -f2 | while read -r f; do [ -s "$p/$f" ] || { echo "missing $f"; return 1; }; done; }
	check_page
	# interrupted mid-render: the previous plots as they were, no new directory left
	"$LB_ROOT/runners/plots" RUN="$UML" 2>"$BATS_TEST_TMPDIR/int.err" &
	pid=$!
	for _ in $(seq 1 200); do ls "$LB_PLOTS_ROOT"/reference-uml.new.*/*.png >/dev/null 2>&1 && break; sleep 0.1; done
	ls "$LB_PLOTS_ROOT"/reference-uml.new.*/*.png >/dev/null
	# a second one meanwhile is refused, naming the first
	run --separate-stderr "$LB_ROOT/runners/plots" RUN="$UML"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"another plots of $p is running on this host (pid $pid,"* ]] || { echo "$stderr"; false; }
	kill -TERM "$pid"
	rc=0; wait "$pid" || rc=$?
	[ "$rc" -eq 143 ]
	grep -q 'the previous plots are kept as they were' "$BATS_TEST_TMPDIR/int.err"
	[ "$(sum)" = "$before" ]
	check_page
	[ "$(ls "$LB_PLOTS_ROOT")" = reference-uml ]
	# the control: a run left alone replaces them, whole
	touch -d '2000-01-01' "$p/index.html"
	"$LB_ROOT/runners/plots" RUN="$UML" 2>/dev/null
	[ "$p/index.html" -nt "$BATS_TEST_TMPDIR/int.err" ]
	check_page
	# a full disk: said so, the previous plots kept
	small_fs "$BATS_TEST_TMPDIR/full"
	umount "$BATS_TEST_TMPDIR/full"
	mount -t tmpfs -o size=3m lbfull "$BATS_TEST_TMPDIR/full"
	LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/full "$LB_ROOT/runners/plots" RUN="$UML" 2>/dev/null
	p=$BATS_TEST_TMPDIR/full/reference-uml
	before=$(sum)
	LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/full run --separate-stderr "$LB_ROOT/runners/plots" RUN="$UML"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"disk full?"*"the file system of $p is full ("*" KiB left): the previous plots are kept as they were"* ]] || { echo "$stderr" | tail -n 3; false; }
	[ "$(sum)" = "$before" ]
	check_page
	[ "$(ls "$BATS_TEST_TMPDIR/full")" = reference-uml ]
}

@test "unclear refusals made clear: a BOM, a latest symlink loop, ACCEL=kvm without KVM (before any work), a run directory with a space in every stage, index through lbstats" {
	x=$(run_copy "$UML" X)
	# a UTF-8 BOM in results.csv: said to be one
	printf '\357\273\277' | cat - "$UML/results.csv" >"$x/results.csv"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"$x/results.csv:1:1: a UTF-8 byte-order mark (BOM) before the header"* ]] || { echo "$stderr"; false; }
	cp "$UML/results.csv" "$x/results.csv"
	# a latest symlink loop (or one pointing nowhere): said so
	r=$BATS_TEST_TMPDIR/res
	mkdir -p "$r"
	ln -s latest "$r/latest"
	for stage in report table plots cover-letter; do
		RESULTS=$r run --separate-stderr "$LB_ROOT/runners/$stage"
		[ "$status" -eq 1 ]
		[[ "$stderr" == *"$r/latest is a symbolic link loop ($r/latest -> latest)"* ]] || { echo "$stage: $stderr"; false; }
	done
	ln -sfn gone "$r/latest"
	RESULTS=$r run --separate-stderr "$LB_ROOT/runners/report"
	[[ "$stderr" == *"$r/latest points at gone, which does not exist"* ]] || { echo "$stderr"; false; }
	ln -sfn "$x" "$r/latest" # the control: a link to a run is followed
	RESULTS=$r run --separate-stderr "$LB_ROOT/runners/table"
	[ "$status" -eq 0 ]
	# ACCEL=kvm where KVM cannot run: refused with the settings, no run directory, no build
	saved_results=${RESULTS:-} saved_cache=${LATCHBENCH_CACHE:-}
	export RESULTS=$BATS_TEST_TMPDIR/r LATCHBENCH_CACHE=$BATS_TEST_TMPDIR/cache
	mkdir -p "$RESULTS"
	LB_KVM_DEV=$BATS_TEST_TMPDIR/no-kvm run --separate-stderr "$LB_ROOT/runners/sweep" ACCEL=kvm KERNELS=6.12
	[ "$status" -eq 1 ]
	[[ "$stderr" == "sweep: error: ACCEL=kvm: KVM cannot run on this host: $BATS_TEST_TMPDIR/no-kvm does not exist (valid: "* ]] || { echo "$stderr"; false; }
	[ -z "$(ls -A "$RESULTS")" ] && [ ! -e "$LATCHBENCH_CACHE/initramfs" ] && [ ! -e "$LATCHBENCH_CACHE/src" ]
	# the control: a device that opens passes that check (the next bad setting is the one named)
	: >"$BATS_TEST_TMPDIR/kvm"
	LB_KVM_DEV=$BATS_TEST_TMPDIR/kvm run --separate-stderr "$LB_ROOT/runners/sweep" ACCEL=kvm KERNELS=9.9
	[ "$status" -eq 1 ]
	[[ "$stderr" == "sweep: error: KERNELS=9.9: '9.9' unknown"* ]] || { echo "$stderr"; false; }
	# (back to the suite's own settings: nothing of this test's goes under $HOME)
	RESULTS=$saved_results LATCHBENCH_CACHE=$saved_cache
	[ -n "$RESULTS" ] || unset RESULTS
	[ -n "$LATCHBENCH_CACHE" ] || unset LATCHBENCH_CACHE
	# a run directory with a space in its name: every stage works and names it
	s=$(run_copy "$UML" "my run")
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$s"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	[ "${lines[0]}" = "latchbench run my run" ]
	diff <(sed 1d <<<"$output") <("$LB_ROOT/runners/report" RUN="$x" 2>/dev/null | sed 1d | sed 's/run X /run my run /')
	run "$LB_ROOT/runners/faithful" RUN="$s"
	[ "$status" -eq 0 ]
	LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots run --separate-stderr "$LB_ROOT/runners/plots" RUN="$s"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	grep -q '<title>latchbench: run my run</title>' "$BATS_TEST_TMPDIR/plots/my run/index.html"
	cp -r "$LB_ROOT/patches" "$BATS_TEST_TMPDIR/patches"
	LB_PATCHES_DIR=$BATS_TEST_TMPDIR/patches run --separate-stderr "$LB_ROOT/runners/cover-letter" RUN="$s"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	grep -q 'Full tables: results/my run/report.txt' "$BATS_TEST_TMPDIR/patches/7.2/0000-cover-letter.patch"
}

@test "the deep tiers record the tree they passed on; .ci/run's note says whether bench-module/ changed since" {
	r=$BATS_TEST_TMPDIR/root top=$LB_ROOT
	mkdir -p "$r"
	cp -r "$LB_ROOT/bench-module" "$LB_ROOT/config" "$LB_ROOT/patches" "$r/"
	LB_ROOT=$r LB_CACHE=$BATS_TEST_TMPDIR/cache
	run lb_tier_last check
	[ "$output" = "make check has never passed on this machine (no $LB_CACHE/passed/check)" ]
	# a failed tier records nothing
	run lb_tier_run check false
	[ "$status" -eq 1 ]
	[ ! -e "$LB_CACHE/passed/check" ]
	# a tree that changes while the tier runs is not recorded
	run lb_tier_run check sh -c "echo x >>'$r/bench-module/core.c'"
	[ "$status" -eq 0 ]
	[[ "$output" == *"changed while it ran: not recorded"* ]]
	[ ! -e "$LB_CACHE/passed/check" ]
	run lb_tier_run check true
	[ "$status" -eq 0 ]
	tree=$(lb_tree_hash)
	[ "$(lb_spec "$LB_CACHE/passed/check" tree)" = "$tree" ]
	[ "$(lb_spec "$LB_CACHE/passed/check" module)" = "$(lb_tree_hash bench-module)" ]
	[[ "$(lb_tier_last check)" == "make check last passed on tree $tree (commit "*"): bench-module/, config/ and patches/ unchanged since" ]]
	# a filled cover letter is no change; a config fragment is; the module is named
	echo filled >>"$r/patches/6.12/0000-cover-letter.patch"
	[[ "$(lb_tier_last check)" == *": bench-module/, config/ and patches/ unchanged since" ]]
	echo '# x' >>"$r/config/debug-kasan.config"
	[[ "$(lb_tier_last check)" == *": bench-module/ unchanged since, config/ or patches/ changed (tree now $(lb_tree_hash))" ]]
	echo '/* x */' >>"$r/bench-module/params.c"
	[[ "$(lb_tier_last check)" == *": bench-module/ CHANGED since (tree now $(lb_tree_hash))" ]]
	[ "$(lb_tier_last check-rt)" = "make check-rt has never passed on this machine (no $LB_CACHE/passed/check-rt)" ]
	# the tiers record through it, .ci/run prints it when it skips them
	make -s -n -C "$top" check | grep -q 'lb_tier_run check tests/run tests/check.bats'
	make -s -n -C "$top" check-rt | grep -q 'lb_tier_run check-rt tests/run tests/rt.bats'
	[ "$(grep -c 'lb_tier_last check\(-rt\)\?)"$' "$top/.ci/run")" -eq 2 ]
}

@test "the PREEMPT_RT judgement (rt.bats) fails when the seqcount readers' deadlock detection does not fire, or the latch's does" {
	f=$BATS_TEST_TMPDIR/rows.csv
	rt_rows() { # rt_rows "VARIANT CONTEXT MID COMPLETED DEADLOCK" ...: a results file
		echo "workload,variant,context,interrupts_delivered,interrupted_mid_write,completed,would_deadlock,max_spin,deferral_ns"
		for r; do
			set -- $r
			echo "tkfast,$1,$2,$3,$3,$4,$5,2000,0"
		done
	}
	good=()
	for v in latch seqlock seqlock-excl rbtree-seqcount rwlock; do
		for c in nmi hardirq; do
			case $v in latch) good+=("$v $c 50 50 0") ;; *) good+=("$v $c 50 0 50") ;; esac
		done
	done
	rt_rows "${good[@]}" >"$f"
	run lb_rt_irq_faults "$f" 5
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
	# the seqlock reader in NMI completed: the detection did not fire
	rt_rows "${good[@]/#seqlock nmi 50 0 50/seqlock nmi 50 50 0}" >"$f"
	run lb_rt_irq_faults "$f" 5
	[ "${lines[0]}" = "tkfast seqlock nmi: delivered=50 mid=50 deadlock=0 completed=50 (the seqcount family would deadlock every time)" ]
	[ "${#lines[@]}" -eq 1 ]
	# hardirq deferred by an irq-off writer (every model but RT): never mid-write
	rt_rows "${good[@]/#rwlock hardirq 50 0 50/rwlock hardirq 0 0 0}" >"$f"
	run lb_rt_irq_faults "$f" 5
	[[ "${lines[0]}" == "tkfast rwlock hardirq: delivered=0 mid=0 "* ]]
	[ "${#lines[@]}" -eq 1 ]
	# no seqcount-family reader deadlocked in NMI at all
	rt_rows "${good[@]//nmi 50 0 50/nmi 50 50 0}" >"$f"
	run lb_rt_irq_faults "$f" 5
	[ "${#lines[@]}" -eq 5 ]
	[ "${lines[4]}" = "no seqcount-family reader would deadlock in nmi (the detection never fired)" ]
	# the latch reader gave up: a detection that fires for everything
	rt_rows "${good[@]/#latch nmi 50 50 0/latch nmi 50 49 1}" >"$f"
	run lb_rt_irq_faults "$f" 5
	[ "$output" = "tkfast latch nmi: mid=50 completed=49 deadlock=1 (the latch family completes)" ]
	# no rows at all (a boot that never ran them), and a row missing
	rt_rows >"$f"
	run lb_rt_irq_faults "$f" 5
	[ "${lines[0]}" = "no hardirq/NMI rows in $f" ]
	[ "${lines[1]}" = "0 interrupt rows, not 10 (2 contexts x 5 configurations)" ]
	[ "${lines[2]}" = "no seqcount-family reader would deadlock in nmi (the detection never fired)" ]
	[ "${#lines[@]}" -eq 4 ]
	rt_rows "${good[@]:1}" >"$f"
	run lb_rt_irq_faults "$f" 5
	[ "$output" = "9 interrupt rows, not 10 (2 contexts x 5 configurations)" ]
}

@test "one output rule: OUT= never names a run's inputs, a tracked source, a symlink, a FIFO or device, or a file of another kind; outputs take the umask's modes" {
	x=$(run_copy "$UML" X)
	sum() { sha256sum "$@" | cut -c1-64; }
	before=$(sum "$x/results.csv" "$x/meta.txt" "$LB_ROOT/plots/common.gp" "$LB_ROOT/README.md")
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	ln -s "$x/notes.txt" "$BATS_TEST_TMPDIR/link"
	echo "my own notes" >"$x/notes.txt"
	for stage in report table; do
		for bad in "$x/results.csv|a run's own input" "$x/meta.txt|a run's own input" "$x/console/x.log|a run's own input" \
			"$LB_ROOT/README.md|a file the tree tracks (README.md)" "$LB_ROOT/docs/methodology.md|a file the tree tracks (docs/methodology.md)" \
			"$BATS_TEST_TMPDIR/link|a symbolic link" "$BATS_TEST_TMPDIR/fifo|not a regular file (fifo)" \
			"$x/notes.txt|an existing file that is not a report or table" "$BATS_TEST_TMPDIR/no/such/f|no directory"; do
			run --separate-stderr "$LB_ROOT/runners/$stage" RUN="$x" OUT="${bad%%|*}"
			[ "$status" -eq 1 ] || { echo "$stage OUT=${bad%%|*}: accepted"; false; }
			[[ "$stderr" == *"error: OUT=${bad%%|*}: ${bad#*|}"* ]] || { echo "$stage: $stderr"; false; }
		done
	done
	[ -c /dev/null ] && run --separate-stderr "$LB_ROOT/runners/report" RUN="$x" OUT=/dev/null
	[[ "$stderr" == *"OUT=/dev/null: not a regular file (character special file)"* ]] || { echo "$stderr"; false; }
	[ -c /dev/null ] && [ -L "$BATS_TEST_TMPDIR/link" ] && [ -p "$BATS_TEST_TMPDIR/fifo" ]
	[ "$(cat "$x/notes.txt")" = "my own notes" ]
	# plots: a tracked gnuplot script, a directory that is not plots of ours
	run --separate-stderr "$LB_ROOT/runners/plots" RUN="$x" OUT="$LB_ROOT/plots/common.gp"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"OUT=$LB_ROOT/plots/common.gp: a file the tree tracks (plots/common.gp)"* ]] || { echo "$stderr"; false; }
	mkdir -p "$BATS_TEST_TMPDIR/plots/mine" && echo keep >"$BATS_TEST_TMPDIR/plots/mine/keep.txt"
	LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots run --separate-stderr "$LB_ROOT/runners/plots" RUN="$x" OUT="$BATS_TEST_TMPDIR/plots/mine"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"not a plots directory of this tool (no index.html)"* ]] || { echo "$stderr"; false; }
	[ "$(cat "$BATS_TEST_TMPDIR/plots/mine/keep.txt")" = keep ]
	[ "$before" = "$(sum "$x/results.csv" "$x/meta.txt" "$LB_ROOT/plots/common.gp" "$LB_ROOT/README.md")" ]
	[ -z "$(git -C "$LB_ROOT" status --porcelain -- plots README.md)" ]
	# the controls: a new file, then the same file again (a report of ours);
	# a committed report is of the report's kind (checked, not written)
	umask 022
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x" OUT="$x/report.txt"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	[ "$(stat -c %a "$x/report.txt")" = 644 ]
	run --separate-stderr "$LB_ROOT/runners/table" RUN="$x" OUT="$x/report.txt"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	# another run's report is not replaced under its name
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$REF" OUT="$x/report.txt"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"OUT=$x/report.txt: the report of another run (X): replacing it with run reference-icount's would put it under its name"* ]] || { echo "$stderr"; false; }
	(. "$LB_ROOT/runners/lib.sh" && lb_out_check OUT "$UML/report.txt" text >/dev/null)
	# modes: the umask's, never mktemp's owner-only ones
	LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots run --separate-stderr "$LB_ROOT/runners/plots" RUN="$x"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	[ "$(stat -c %a "$BATS_TEST_TMPDIR/plots/X")" = 755 ] && [ "$(stat -c %a "$BATS_TEST_TMPDIR/plots/X/index.html")" = 644 ]
	# nor another run's plots
	y=$(run_copy "$UML" Y)
	LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots run --separate-stderr "$LB_ROOT/runners/plots" RUN="$y" OUT="$BATS_TEST_TMPDIR/plots/X"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"the plots of another run (X): replacing them with run Y's would put them under its name"* ]] || { echo "$stderr"; false; }
	(umask 027 && . "$LB_ROOT/runners/lib.sh" && echo a | lb_atomic_write "$BATS_TEST_TMPDIR/m027")
	[ "$(stat -c %a "$BATS_TEST_TMPDIR/m027")" = 640 ]
}

@test "no litter: a killed plots' directories and a killed write's temporary file go with the next run; plot locks are removed; a run is named by its own directory (latest, x/., x//), a name with a line break refused" {
	x=$(run_copy "$UML" X)
	export LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots LATCHBENCH_CACHE=$BATS_TEST_TMPDIR/cache
	mkdir -p "$LB_PLOTS_ROOT/X.new.AbC123/data" "$LB_PLOTS_ROOT/X.old.4242"
	run --separate-stderr "$LB_ROOT/runners/plots" RUN="$x"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	[[ "$stderr" == *"removed $LB_PLOTS_ROOT/X.new.AbC123, left by an interrupted plots"* ]] || { echo "$stderr"; false; }
	[ "$(ls -A "$LB_PLOTS_ROOT")" = X ]
	[ -z "$(find "$LATCHBENCH_CACHE" -name '*.lock')" ] || { find "$LATCHBENCH_CACHE"; false; }
	# the control: while a plots holds its lock, the file is there
	bash -c '. "$1/runners/lib.sh" && lb_single plots-test "plots test" && [ -f "$LATCHBENCH_CACHE/plots-test.lock" ]' - "$LB_ROOT"
	[ ! -e "$LATCHBENCH_CACHE/plots-test.lock" ]
	# a write killed (SIGKILL) leaves FILE.tmp.PID.XXXXXX; the next write of
	# FILE removes it once PID is gone, and leaves a live writer's alone
	sleep 300 &
	live=$!
	: >"$x/out.txt.tmp.999999999.AbCdEf"
	: >"$x/out.txt.tmp.$live.AbCdEf"
	(. "$LB_ROOT/runners/lib.sh" && echo new | lb_atomic_write "$x/out.txt")
	kill "$live"
	[ ! -e "$x/out.txt.tmp.999999999.AbCdEf" ] && [ -e "$x/out.txt.tmp.$live.AbCdEf" ]
	rm "$x/out.txt.tmp.$live.AbCdEf"
	# a run is named by its own directory: a link to it, x/. and x//
	ln -s X "$BATS_TEST_TMPDIR/results/latest"
	for r in "$BATS_TEST_TMPDIR/results/latest" "$x/." "$x//"; do
		run --separate-stderr "$LB_ROOT/runners/plots" RUN="$r"
		[ "$status" -eq 0 ] || { echo "$r: $stderr"; false; }
		[ "$(ls -A "$LB_PLOTS_ROOT")" = X ] || { echo "$r: $(ls -A "$LB_PLOTS_ROOT")"; false; }
		run --separate-stderr "$LB_ROOT/runners/report" RUN="$r"
		[ "${lines[0]}" = "latchbench run X" ] || { echo "$r: ${lines[0]}"; false; }
	done
	cp -r "$LB_ROOT/patches" "$BATS_TEST_TMPDIR/patches"
	LB_PATCHES_DIR=$BATS_TEST_TMPDIR/patches run --separate-stderr "$LB_ROOT/runners/cover-letter" RUN="$x//"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	grep -q 'Full tables: results/X/report.txt' "$BATS_TEST_TMPDIR/patches/7.2/0000-cover-letter.patch"
	# a run directory whose name has a line break: refused by name
	nl=$(run_copy "$UML" $'a\nb')
	run --separate-stderr "$LB_ROOT/runners/plots" RUN="$nl"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"a run name with a control character (a line break?)"* ]] || { echo "$stderr"; false; }
	[ ! -e "$LB_PLOTS_ROOT/a"* ]
}

@test "cover letters all or nothing: one letter that cannot be filled changes none" {
	cp -r "$LB_ROOT/patches" "$BATS_TEST_TMPDIR/p"
	export LB_PATCHES_DIR=$BATS_TEST_TMPDIR/p
	sed -i '/latchbench-numbers-end/d' "$BATS_TEST_TMPDIR/p/7.2/0000-cover-letter.patch"
	before=$(cat "$BATS_TEST_TMPDIR"/p/*/0000-cover-letter.patch | sha256sum)
	run --separate-stderr "$LB_ROOT/runners/cover-letter" RUN="$UML"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"7.2/0000-cover-letter.patch: needs exactly one"*"no cover letter changed"* ]] || { echo "$stderr"; false; }
	[ "$before" = "$(cat "$BATS_TEST_TMPDIR"/p/*/0000-cover-letter.patch | sha256sum)" ]
	[ -z "$(find "$BATS_TEST_TMPDIR/p" -name '*.tmp.*' -o -name '*.orig')" ]
	# a letter whose directory cannot be written (the temporary names go beside it)
	cp "$LB_ROOT/patches/7.2/0000-cover-letter.patch" "$BATS_TEST_TMPDIR/p/7.2/"
	before=$(cat "$BATS_TEST_TMPDIR"/p/*/0000-cover-letter.patch | sha256sum)
	chattr +i "$BATS_TEST_TMPDIR/p/7.2" 2>/dev/null || chmod 555 "$BATS_TEST_TMPDIR/p/7.2"
	touch "$BATS_TEST_TMPDIR/p/7.2/probe" 2>/dev/null && skip "a read-only directory is still writable here (root without chattr)"
	run --separate-stderr "$LB_ROOT/runners/cover-letter" RUN="$UML"
	chattr -i "$BATS_TEST_TMPDIR/p/7.2" 2>/dev/null || chmod 755 "$BATS_TEST_TMPDIR/p/7.2"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"cannot write beside $BATS_TEST_TMPDIR/p/7.2/0000-cover-letter.patch: no cover letter changed"* ]] || { echo "$stderr"; false; }
	[ "$before" = "$(cat "$BATS_TEST_TMPDIR"/p/*/0000-cover-letter.patch | sha256sum)" ]
	# the control: all three writable, all three filled
	run --separate-stderr "$LB_ROOT/runners/cover-letter" RUN="$UML"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	[ "$(grep -l 'latchbench run reference-uml' "$BATS_TEST_TMPDIR"/p/*/0000-cover-letter.patch | wc -l)" -eq 3 ]
}

@test "rows against the record: a row given twice, a configuration lost from a boot without rows=, meta.txt contradicting itself or the rows' kernels are refused or flagged by every stage" {
	x=$(run_copy "$UML" X)
	# a row given twice: refused by every stage, naming both lines
	sed -n 7p "$UML/results.csv" >>"$x/results.csv"
	n=$(wc -l <"$x/results.csv")
	for stage in report table plots cover-letter; do
		LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots LB_PATCHES_DIR=$BATS_TEST_TMPDIR/none run --separate-stderr "$LB_ROOT/runners/$stage" RUN="$x"
		[ "$status" -eq 1 ] || { echo "$stage accepted a row twice"; false; }
		[[ "$stderr" == *"results.csv:$n: the same row as line 7 "* ]] || { echo "$stage: $stderr"; false; }
	done
	cp "$UML/results.csv" "$x/results.csv"
	# the boots' own plan recorded (TAG.configs, TAG.runs: sweep-boot's fold),
	# no rows=: one configuration of boot r1 lost is named first, everywhere
	sed -i '/^rows=/d' "$x/meta.txt"
	printf '%s\n' 7.2-uml-2cpu-r1.configs=74 7.2-uml-2cpu-r1.runs=2 >>"$x/meta.txt"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 0 ]
	[ -z "$(printf '%s\n' "${lines[@]}" | grep INCOMPLETE)" ] # the control: every configuration there
	awk -F, 'NR == 1 || !($4 == "tkfast" && $5 == "latch" && $9 == "none" && $NF == 1)' "$UML/results.csv" >"$x/results.csv"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[[ "${lines[0]}" == "INCOMPLETE RUN X: rows missing against the run's plan: boot" ]] || { echo "$output"; false; }
	[[ "$(printf '%s ' "${lines[@]:0:4}")" == *"7.2-uml-2cpu-r1: 1 of the 74 configurations its plan expanded to"*"have no rows"* ]] || { echo "$output"; false; }
	LB_PATCHES_DIR=$BATS_TEST_TMPDIR/none run --separate-stderr "$LB_ROOT/runners/cover-letter" RUN="$x"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"run X is incomplete, refusing to fill cover letters"* ]] || { echo "$stderr"; false; }
	cp "$UML/results.csv" "$UML/meta.txt" "$x/"
	# meta.txt against itself: incomplete=0 beside a boot that timed out
	sed -i 's/^7.2-uml-2cpu-r2.exit=0$/7.2-uml-2cpu-r2.exit=124/' "$x/meta.txt"
	for stage in report table cover-letter; do
		LB_PATCHES_DIR=$BATS_TEST_TMPDIR/none run --separate-stderr "$LB_ROOT/runners/$stage" RUN="$x"
		[ "$status" -eq 1 ] || { echo "$stage accepted it"; false; }
		[[ "$stderr" == *"meta.txt:"*": key incomplete: 0 (the run finished), but line "*" says 7.2-uml-2cpu-r2.exit=124: the record contradicts itself"* ]] || { echo "$stage: $stderr"; false; }
	done
	# meta.txt against the rows: kernels=6.1 over rows of 7.2
	cp "$UML/meta.txt" "$x/"
	sed -i 's/^kernels=7.2$/kernels=6.1/' "$x/meta.txt"
	run --separate-stderr "$LB_ROOT/runners/report" RUN="$x"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"key kernels: '6.1', but $x/results.csv:2 has a row of kernel 7.2.13, none of them: the record and the rows disagree"* ]] || { echo "$stderr"; false; }
	# the controls: the word of each committed run names its rows
	for r in "$LB_ROOT"/results/reference-*/; do
		"$LB_ROOT/build/lbstats" check -m "$r/meta.txt" "$r/results.csv" >/dev/null
	done
}

@test "hermetic: with LATCHBENCH_CACHE set, the light suites (stats, report) write nothing under \$HOME or \$XDG_CACHE_HOME; a write there is seen (the control)" {
	h=$BATS_TEST_TMPDIR/home
	mkdir -p "$h/xdg"
	HOME=$h XDG_CACHE_HOME=$h/xdg LATCHBENCH_CACHE=$BATS_TEST_TMPDIR/cache \
		run bats "$LB_ROOT/tests/stats.bats" "$LB_ROOT/tests/report.bats"
	[ "$status" -eq 0 ] || { printf '%s\n' "$output" | grep -A5 '^not ok'; false; }
	[ -z "$(find "$h" -mindepth 1 ! -path "$h/xdg")" ] || { find "$h"; false; }
	# the control: a runner without LATCHBENCH_CACHE takes its lock under $XDG_CACHE_HOME, and it is seen
	HOME=$h XDG_CACHE_HOME=$h/xdg bash -c 'unset LATCHBENCH_CACHE; . "$1/runners/lib.sh" && lb_single hermetic-control "control" && lb_single_release' - "$LB_ROOT"
	[ -n "$(find "$h" -mindepth 1 ! -path "$h/xdg")" ]
}

@test "a variable a runner would ignore is refused: make report KERNEL= beside RUN=; KERNEL= with two runs is taken (the control)" {
	run --separate-stderr make -s -C "$LB_ROOT" report RUN=reference-uml KERNEL=6.1
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"report: error: KERNEL=6.1: a kernel of two runs (BASE=RUN NEW=RUN); with RUN= it would be ignored"* ]] || { echo "$stderr"; false; }
	run --separate-stderr "$LB_ROOT/runners/report" BASE=reference-uml NEW=reference-uml KERNEL=7.2
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
}
