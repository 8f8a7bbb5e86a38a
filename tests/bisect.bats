#!/usr/bin/env bats
# make bisect (runners/bisect): which commit moved a read path, bisected
# exactly under icount. The history is made here from Debian's 6.12 tree
# (tests/fixtures/bisect/make-history: b0 pristine = GOOD, b1 an unrelated
# read slower, b2 does not build, b3 builds again, b4 the extra loop in
# ktime_get_mono_fast_ns(), b5 documentation = BAD, b6 b4 reverted).
# Its own tier, `make check-bisect` (docs/testing.md: its cold and warm
# times): a cold run builds the tree once and then only what each step
# changes.

load helpers
bats_require_minimum_version 1.5.0

WHAT=ktime_get_mono_fast_ns/kernel

setup_file() {
	export REPO=$LB_CACHE/test/bisect-linux
	"$LB_ROOT/tests/fixtures/bisect/make-history" "$REPO" >&2
	export RES=$BATS_FILE_TMPDIR/results
}

rev() { git -C "$REPO" rev-parse "$1"; }

@test "refused before any build: GOOD = BAD, a non-exact accelerator, a bad WHAT; the same words otherwise pass" {
	before=$(git -C "$REPO" for-each-ref; git -C "$REPO" status --porcelain)
	for words in "GOOD=b0 BAD=b0" "GOOD=b0 BAD=$(rev b0)" "GOOD=b0 BAD=b5 ACCEL=tcg" "GOOD=b0 BAD=b5 ACCEL=kvm" \
		"GOOD=b0 BAD=b5 ACCEL=uml" "GOOD=b5 BAD=b0"; do
		# shellcheck disable=SC2086 # the words
		run --separate-stderr make -s -C "$LB_ROOT" bisect KSRC="$REPO" WHAT="$WHAT" RESULTS="$RES" $words
		[ "$status" -ne 0 ] || { echo "$words: accepted"; false; }
		grep -q '^bisect: error: \(BAD\|ACCEL\)=[^ ]*: .* (valid: ' <<<"$stderr" || { echo "$words: $stderr"; false; }
		! grep -q 'build-tree\|measuring' <<<"$stderr" || { echo "$words built: $stderr"; false; }
		[ ! -e "$RES" ] || { echo "$words: $RES made"; false; }
	done
	run --separate-stderr "$LB_ROOT/runners/bisect" KSRC="$REPO" GOOD=b0 BAD=b0 WHAT="$WHAT"
	grep -q 'BAD=b0: the same commit as GOOD=b0' <<<"$stderr"
	run --separate-stderr "$LB_ROOT/runners/bisect" KSRC="$REPO" GOOD=b0 BAD=b5 WHAT="$WHAT" ACCEL=tcg
	grep -q 'ACCEL=tcg: not exact' <<<"$stderr"
	run --separate-stderr "$LB_ROOT/runners/bisect" KSRC="$REPO" GOOD=b0 BAD=b5 WHAT=no_such/kernel
	[ "$status" -ne 0 ] && grep -q "WHAT=no_such/kernel: no such workload and variant" <<<"$stderr"
	# the negative control: the same checks pass the words they should
	run --separate-stderr "$LB_ROOT/runners/bisect" KSRC="$REPO" GOOD=b0 BAD=b5 WHAT="$WHAT" ACCEL=icount \
		RESULTS="$RES" ONLY=check
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	[ "$output" = "$RES/bisect-$(rev b0 | cut -c1-12)-$(rev b5 | cut -c1-12)-ktime_get_mono_fast_ns-kernel-voluntary" ]
	[ ! -e "$RES" ]
	[ "$(git -C "$REPO" for-each-ref; git -C "$REPO" status --porcelain)" = "$before" ]
}

@test "bisected to the commit that added the instructions, with the exact paths before and after" {
	heads=$(git -C "$REPO" for-each-ref)
	run --separate-stderr make -s -C "$LB_ROOT" bisect KSRC="$REPO" GOOD=b0 BAD=b5 WHAT="$WHAT" RESULTS="$RES"
	echo "$stderr" | grep -E '^bisect: ' >&2 || true
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 30; false; }
	sed 's/^/# /' <<<"$output" >&3
	r=$RES/bisect-$(rev b0 | cut -c1-12)-$(rev b5 | cut -c1-12)-ktime_get_mono_fast_ns-kernel-voluntary
	p() { cat "$r/steps/$(rev "$1")/path"; }
	# the first commit: b4's hash and subject
	grep -A1 -x "first commit: $(rev b4 | cut -c1-12)" <<<"$output" | grep -qx "  $(git -C "$REPO" log -1 --format=%s b4)"
	# the paths: GOOD's and BAD's as their own boots measured them, and they differ
	good=$(p b0) bad=$(p b5)
	[ -n "$good" ] && [ -n "$bad" ] && [ "$good" != "$bad" ]
	grep -qx "  path per read: $good -> $bad (+$(awk -v a="$good" -v b="$bad" 'BEGIN { print b - a }') instructions)" <<<"$output"
	# exact: b3 (built again, b1's unrelated change in) is GOOD's to the
	# instruction, b4 BAD's; and GOOD is the committed reference study's
	# 6.12 path for this read, where it measured the same version
	[ "$(p b3)" = "$good" ] && [ "$(p b4)" = "$bad" ]
	ver=$(git -C "$REPO" show b0:Makefile | lb_makefile_version -)
	refp=$(awk -F, -v k="$ver" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["kernel"] == k && $c["workload"] == "ktime_get_mono_fast_ns" && $c["vcpus"] == 1 &&
		$c["context"] == "task" && $c["writers"] == 0 { print $c["path_ns_per_op"]; exit }' "$LB_ROOT/results/reference-icount/results.csv")
	if [ -n "$refp" ]; then [ "$refp" = "$good" ] || { echo "GOOD $good, reference-icount $ver $refp"; false; }; fi
	# the step that does not build: skipped, and said so
	grep -q "^git bisect skip $(rev b2)" "$r/bisect.log"
	grep -q "step [0-9]*: $(rev b2 | cut -c1-12): SKIPPED: does not build" <<<"$stderr"
	grep -A1 "^    $(rev b2 | cut -c1-12) timekeeping: test: a change that does not build$" <<<"$output" | grep -q "^      does not build"
	grep -q 'lb_no_such_name' "$r/steps/$(rev b2)/build.log"
	# progress: step k of about n, elapsed, ETA (from the steps so far;
	# before the first, from BAD's build)
	grep -Eq '^bisect: step 1 of about [0-9]+: .*\(elapsed [0-9hms]+(, ETA ~[0-9hms]+)?\)$' <<<"$stderr"
	grep -Eq '^bisect: step 2 of about [0-9]+: .*\(elapsed [0-9hms]+, ETA ~[0-9hms]+\)$' <<<"$stderr"
	# the disassembly difference of the measured function: the loop added
	grep -q '^ktime_get_mono_fast_ns in vmlinux: [0-9]* -> [0-9]* instructions' <<<"$output"
	grep -q '^+++ ktime_get_mono_fast_ns after' "$r/disasm.diff"
	[ "$(grep -c '^+[a-z]' "$r/disasm.diff")" -gt 0 ]
	# a cover letter's width
	! awk 'length > 72' "$r/result.txt" | grep -q . || false
	# each step's logs in the run directory
	for c in b0 b5 b3 b4; do
		[ -s "$r/steps/$(rev $c)/build.log" ] && [ -s "$r/steps/$(rev $c)/boot.log" ]
	done
	# the user's repository: no bisect state, no new ref, nothing checked out
	[ "$(git -C "$REPO" for-each-ref)" = "$heads" ]
	[ ! -e "$REPO/.git/BISECT_LOG" ] && [ -z "$(git -C "$REPO" status --porcelain)" ]
	# done: a second call prints the same result without a step
	run --separate-stderr make -s -C "$LB_ROOT" bisect KSRC="$REPO" GOOD=b0 BAD=b5 WHAT="$WHAT" RESULTS="$RES"
	[ "$status" -eq 0 ] && [ "$output" = "$(cat "$r/result.txt")" ]
	grep -q 'done before' <<<"$stderr"
}

@test "an interrupted bisection resumes from its log: the measured steps are not measured again" {
	r=$RES/bisect-$(rev b0 | cut -c1-12)-$(rev b5 | cut -c1-12)-ktime_get_mono_fast_ns-kernel-voluntary
	[ -f "$r/result.txt" ] || skip "needs the bisection above"
	want=$(sed '/step(s) in/d' "$r/result.txt")
	# as if stopped after its first two steps: the log cut, the result gone
	head -n "$(($(grep -n '^git bisect \(good\|bad\|skip\)' "$r/bisect.log" | sed -n 2p | cut -d: -f1)))" "$r/bisect.log" >"$r/log.cut"
	mv "$r/log.cut" "$r/bisect.log"
	rm -f "$r/result.txt"
	run --separate-stderr make -s -C "$LB_ROOT" bisect KSRC="$REPO" GOOD=b0 BAD=b5 WHAT="$WHAT" RESULTS="$RES"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 20; false; }
	grep -q 'resuming from its bisect log (2 step(s))' <<<"$stderr"
	grep -q '^bisect: step 3 of about' <<<"$stderr"
	! grep -q '^bisect: step 1 ' <<<"$stderr" || false
	[ "$(sed '/step(s) in/d' <<<"$output")" = "$want" ]
	# the negative control: a log that names another bisection is refused
	sed -i 's/^what=.*/what=ktime_get_raw_fast_ns\/kernel/' "$r/meta.txt"
	run --separate-stderr make -s -C "$LB_ROOT" bisect KSRC="$REPO" GOOD=b0 BAD=b5 WHAT="$WHAT" RESULTS="$RES"
	[ "$status" -ne 0 ] && grep -q 'holds another bisection' <<<"$stderr"
}

@test "the same history with the change reverted later: no single commit, said so" {
	run --separate-stderr make -s -C "$LB_ROOT" bisect KSRC="$REPO" GOOD=b0 BAD=b6 WHAT="$WHAT" RESULTS="$RES"
	echo "$stderr" | grep -E '^bisect: ' >&2 || true
	[ "$status" -ne 0 ]
	sed 's/^/# /' <<<"$output" >&3
	r=$RES/bisect-$(rev b0 | cut -c1-12)-$(rev b6 | cut -c1-12)-ktime_get_mono_fast_ns-kernel-voluntary
	good=$(cat "$r/steps/$(rev b0)/path")
	[ "$(cat "$r/steps/$(rev b6)/path")" = "$good" ]
	grep -qx "no single commit: the path is $good per read at both ends," <<<"$output"
	grep -q "^GOOD $(rev b0 | cut -c1-12) (b0) and BAD $(rev b6 | cut -c1-12) (b6): nothing to bisect" <<<"$output"
	grep -q 'GOOD and BAD have the same path' <<<"$stderr"
	# nothing was bisected
	[ ! -e "$r/bisect.log" ] && [ ! -e "$r/git" ]
	# the negative control: up to b5, the change is still in, and the
	# paths differ
	[ "$(cat "$RES/bisect-$(rev b0 | cut -c1-12)-$(rev b5 | cut -c1-12)-ktime_get_mono_fast_ns-kernel-voluntary/steps/$(rev b5)/path")" != "$good" ]
}
