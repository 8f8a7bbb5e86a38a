#!/usr/bin/env bats
# Static checks: shell is shellcheck-clean, kernel C is checkpatch-clean and
# builds against both kernels without a single warning.

load helpers

@test "every shell script is shellcheck-clean" {
	cd "$LB_ROOT"
	run shellcheck -x runners/build-kernel runners/build-initramfs runners/boot \
		runners/probe-accel runners/sweep runners/collect runners/deps runners/report \
		runners/plots runners/guest-init runners/guest-expand runners/lib.sh \
		runners/build-tree runners/compare \
		runners/check runners/console-check \
		tests/run tests/helpers.bash .ci/run
	[ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "the module is checkpatch-clean" {
	"$LB_ROOT/runners/build-kernel" 6.12 >&2
	cp="$LB_CACHE/src/6.12/scripts/checkpatch.pl"
	for f in "$LB_ROOT"/bench-module/*.[ch]; do
		run "$cp" --no-tree -f -q --terse "$f"
		[ "$status" -eq 0 ] || { echo "$output"; false; }
	done
}

@test "the module builds against 6.1 and 6.12 with W=1 and no warnings" {
	for k in 6.1 6.12; do
		"$LB_ROOT/runners/build-kernel" "$k" >&2
		d=$BATS_TEST_TMPDIR/m-$k
		mkdir -p "$d"
		cp "$LB_ROOT"/bench-module/*.[ch] "$LB_ROOT/bench-module/Kbuild" "$d/"
		run make -s -C "$(lb_kbuild_dir "$k" voluntary)" M="$d" W=1 modules
		[ "$status" -eq 0 ] || { echo "$output"; false; }
		[ -z "$output" ] || { echo "$k: $output"; false; }
		[ -f "$d/latchbench.ko" ]
	done
}

@test "the export patches are git format-patch files with a sign-off, listed in series" {
	for k in 6.1 6.12; do
		d=$LB_ROOT/patches/$k
		[ -f "$d/series" ]
		while read -r p; do
			case $p in '' | '#'*) continue ;; esac
			[ -f "$d/$p" ]
			grep -q '^From ' "$d/$p"
			grep -q '^Subject: \[PATCH' "$d/$p"
			case $p in 0000-*) continue ;; esac
			grep -q '^Signed-off-by: ' "$d/$p"
			grep -q '^+EXPORT_SYMBOL_GPL(' "$d/$p"
		done <"$d/series"
	done
}
