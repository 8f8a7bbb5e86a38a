#!/usr/bin/env bats
# The commands a person types, run at a terminal (lb_on_tty: a pseudo-terminal
# nobody types into). CI, Slurm and the other suites run without one, so a
# program that pages or prompts when its stdin is a terminal (gnuplot's
# `set terminal` list did: make bench hung at its plots step) is seen only
# here. Each test asserts the command finishes on its own; the harness's
# negative control shows it catches one that waits for the keyboard.

load helpers
bats_require_minimum_version 1.5.0

setup_file() {
	command -v tmux >/dev/null || { echo "tmux missing: make deps" >&2; return 1; }
	make -s -C "$LB_ROOT" stats >&2
}

@test "tty harness: the command has a terminal; one that reads the keyboard or pages is caught at the timeout" {
	run lb_on_tty 20 has-tty bash -c '[ -t 0 ] && [ -t 1 ] && [ -t 2 ]'
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	# negative controls: a read from the terminal, and the gnuplot pager
	# that hung make bench, both still waiting when the harness gives up
	SECONDS=0
	run lb_on_tty 5 reads bash -c 'read -r x'
	[ "$status" -eq 124 ] && [ "$SECONDS" -lt 15 ]
	run lb_on_tty 5 pager gnuplot -e 'set terminal'
	[ "$status" -eq 124 ] || { echo "$output"; false; }
	[[ "$output" == *"Press return for more"* ]]
	# and its exit status comes through
	run lb_on_tty 20 fails bash -c 'exit 3'
	[ "$status" -eq 3 ]
}

@test "at a terminal: make report, table, plots and cover-letter of a committed run finish" {
	cp -r "$LB_ROOT/results/reference-uml" "$BATS_TEST_TMPDIR/run"
	export LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots LB_PATCHES_DIR=$BATS_TEST_TMPDIR/patches
	cp -r "$LB_ROOT/patches" "$LB_PATCHES_DIR"
	cd "$LB_ROOT"
	for target in report table plots cover-letter; do
		run lb_on_tty 300 "$target" make -s "$target" RUN="$BATS_TEST_TMPDIR/run"
		[ "$status" -eq 0 ] || { echo "make $target: $status"; echo "$output"; tail -n 20 "$BATS_TEST_TMPDIR/$target.log"; false; }
	done
	ls "$LB_PLOTS_ROOT"/run/*.png >/dev/null
	grep -q latchbench-numbers-begin "$LB_PATCHES_DIR/6.12/0000-cover-letter.patch"
	git -C "$LB_ROOT" diff --quiet -- patches
}

@test "at a terminal: make test's entry (tests/run) finishes" {
	printf '%s\n' '@test "one" { true; }' >"$BATS_TEST_TMPDIR/one.bats"
	cd "$LB_ROOT"
	run lb_on_tty 120 tests-run tests/run "$BATS_TEST_TMPDIR/one.bats"
	[ "$status" -eq 0 ] || { echo "$output"; cat "$BATS_TEST_TMPDIR/tests-run.log"; false; }
	grep -q 'latchbench tests: 1 passed, 0 failed' "$BATS_TEST_TMPDIR/tests-run.log"
}

@test "at a terminal: a small make bench (sweep, report, plots) finishes" {
	# (another sweep on this host: wait for it, as a person would)
	export LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots LB_LOCK_WAIT=1
	cd "$LB_ROOT"
	run lb_on_tty 900 bench make -s bench KERNELS=6.12 ACCEL=icount VCPUS=1 WORKLOADS=tkfast \
		VARIANTS="latch none" CONTEXTS=task WRITER_PERIODS=none RUNS=1 DURATION=5 PERF=0 HARNESS=0 \
		RESULTS="$BATS_TEST_TMPDIR/results"
	[ "$status" -eq 0 ] || { echo "$output"; tail -n 30 "$BATS_TEST_TMPDIR/bench.log"; false; }
	run_dir=$(ls -d "$BATS_TEST_TMPDIR"/results/*-icount)
	[ -s "$run_dir/report.txt" ]
	ls "$LB_PLOTS_ROOT/${run_dir##*/}"/*.png >/dev/null
	grep -q 'tkfast' "$BATS_TEST_TMPDIR/bench.log"
}
