#!/usr/bin/env bats
# Runner robustness: a full disk while results are written, two sweeps at
# once on one host, a QEMU that fails to start. (A hung guest killed at its
# timeout and a missing QEMU are in foundation.bats.)

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
	run "$LB_ROOT/runners/collect" "$small" "$d/run" first
	[ "$status" -eq 0 ]
	cp "$d/run/results.csv" "$BATS_TEST_TMPDIR/before.csv"
	run --separate-stderr "$LB_ROOT/runners/collect" "$large" "$d/run" second
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
	QEMU=$fake run --separate-stderr "$LB_ROOT/runners/boot" -k "$k" -i "$BATS_TEST_TMPDIR/initrd" \
		-a tcg -t 30 -o "$BATS_TEST_TMPDIR/o"
	[ "$status" -eq 126 ]
	[[ "$stderr" == *"QEMU failed to start (exit 1): qemu-system-x86_64: -accel tcg: failed to initialize tcg (fake)"* ]] ||
		{ echo "$stderr"; false; }
	grep -q '^exit_status=126$' "$BATS_TEST_TMPDIR/o/boot.meta"
}
