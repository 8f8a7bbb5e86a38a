#!/usr/bin/env bats
# Your own kernel: runners/build-tree, runners/compare, `make compare` and
# `make bench KSRC=`. A synthetic git history is made here from Debian's 6.12
# tree: lb-base = the pristine tree (no export patches), lb-new = lb-base plus
# tests/fixtures/byo/0001-*.patch, a deliberate extra loop in
# ktime_get_mono_fast_ns(). The comparison runs under icount, where the extra
# instructions come out as an exact difference; the developer's tree must be
# byte-for-byte unchanged afterwards; dirty, too old and in-tree-built trees
# are refused with a message naming the tree.

load helpers
bats_require_minimum_version 1.5.0

FIX=$LB_ROOT/tests/fixtures/byo

# The synthetic tree is kept in the cache between test runs, keyed by the
# Debian version and the test patch, and made again when either changes.
# Fixed identities and dates: the same tarball gives the same commits.
make_repo() {
	local repo=$1 key stamp
	key="$(lb_debian_version 6.12) $(lb_sha16 "$FIX"/*.patch) byo-repo-v2"
	stamp=$repo.stamp
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ] && [ -d "$repo/.git" ]; then
		return 0
	fi
	rm -rf "$repo" "$stamp"
	mkdir -p "$repo"
	tar -xJf /usr/src/linux-source-6.12.tar.xz -C "$repo" --strip-components=1
	export GIT_AUTHOR_NAME=latchbench GIT_AUTHOR_EMAIL=latchbench@example.org
	export GIT_COMMITTER_NAME=latchbench GIT_COMMITTER_EMAIL=latchbench@example.org
	export GIT_AUTHOR_DATE=2026-12-01T00:00:00Z GIT_COMMITTER_DATE=2026-12-01T00:00:00Z
	git -C "$repo" init -q
	# No automatic gc: 80000 loose objects would start a background
	# "git gc --auto" after the commit, which rewrites .git while the tests
	# check that nothing touches the tree (seen on a cold cache).
	git -C "$repo" config gc.auto 0
	git -C "$repo" config maintenance.auto false
	# Debian's tarball ignores everything at its top (.gitignore: /*): add by force
	git -C "$repo" -c core.looseCompression=1 add -f -A .
	git -C "$repo" commit -q -m "Debian linux-source-6.12 $(lb_debian_version 6.12), pristine"
	git -C "$repo" tag lb-base
	git -C "$repo" am -q "$FIX"/0001-*.patch
	git -C "$repo" tag lb-new
	echo "$key" >"$stamp"
}

# tree_sum DIR: every entry of DIR, .git included: type, mode, mtime, size,
# path, link target, and the content of every file.
tree_sum() {
	(
		cd "$1"
		find . -printf '%y %m %T@ %s %p %l\n' | LC_ALL=C sort
		find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
	) | sha256sum | cut -d' ' -f1
}

setup_file() {
	export REPO=$LB_CACHE/test/byo-linux
	make_repo "$REPO" >&2
	export RES=$BATS_FILE_TMPDIR/results PLOTS=$BATS_FILE_TMPDIR/plots
	export LB_PLOTS_ROOT=$BATS_FILE_TMPDIR # PLOTS must lie inside the plots root
}

# a tiny stand-in kernel tree (only its Makefile is looked at before a build)
# the two Kconfig files build-tree reads the preemption models from (6.12's)
kconfigs() { # kconfigs DIR
	mkdir -p "$1/kernel" "$1/arch/x86"
	cp "$LB_CACHE/src/6.12/kernel/Kconfig.preempt" "$1/kernel/"
	cp "$LB_CACHE/src/6.12/arch/x86/Kconfig" "$1/arch/x86/"
}

tiny_tree() { # tiny_tree DIR VERSION PATCHLEVEL
	mkdir -p "$1"
	printf 'VERSION = %s\nPATCHLEVEL = %s\nSUBLEVEL = 0\nEXTRAVERSION =\n' "$2" "$3" >"$1/Makefile"
	echo 'obj-y += x.o' >"$1/Kbuild"
	kconfigs "$1"
	git -C "$1" init -q
	git -C "$1" add Makefile Kbuild kernel arch
	git -C "$1" -c user.name=t -c user.email=t@t commit -q -m tiny
}

@test "compare: synthetic base vs new under icount: the regression is exact, plots exist, the tree is unchanged" {
	before=$(tree_sum "$REPO")
	run --separate-stderr make -s -C "$LB_ROOT" compare KSRC="$REPO" BASE=lb-base NEW=lb-new \
		ACCEL=icount VCPUS=1 WORKLOADS="ktime_get_mono_fast_ns ktime_get_raw_fast_ns" \
		VARIANTS=kernel CONTEXTS=task WRITER_PERIODS=none RUNS=2 DURATION=5 PERF=0 HARNESS=0 \
		RESULTS="$RES" PLOTS="$PLOTS"
	echo "$stderr" | grep -E 'build-tree|sweep: \[|boot [0-9]|compare' >&2 || true
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 40; false; }
	[ "$(tree_sum "$REPO")" = "$before" ] || { echo "$REPO changed"; false; }
	echo "$output" >"$BATS_FILE_TMPDIR/report.txt"
	sed 's/^/# /' <<<"$output" >&3
	# the cover-letter table: the regression exact ('='), the control unchanged
	grep -q '^latchbench: 6\.12\.[0-9]*-base -> 6\.12\.[0-9]*-new ' <<<"$output"
	mono=$(awk '/^ktime_get_mono_fast_ns$/ { t = 1; next } t && /^  kernel / { print; exit }' <<<"$output")
	raw=$(awk '/^ktime_get_raw_fast_ns$/ { t = 1; next } t && /^  kernel / { print; exit }' <<<"$output")
	grep -Eq ' \+[0-9.]+% =$' <<<"$mono" || { echo "mono: $mono"; false; }
	# the control: unchanged code; exact, and within 1% (its share of the
	# tick moves a little with the kernel's layout)
	grep -Eq ' (same|[+-]0\.[0-9]+%) =$' <<<"$raw" || { echo "raw: $raw"; false; }
	! awk 'length > 72' <<<"$output" | grep -q . || false
	# plots, base and new side by side
	ls "$PLOTS"/*ktime_get_mono_fast_ns*.png "$PLOTS"/*ktime_get_mono_fast_ns*.svg
	# alternation: base, new, base, new
	run_dir=$(ls -d "$RES"/*-icount)
	[ "$(sed -n 's/.*boot [0-9]*\/[0-9]*: \([a-z0-9-]*\),.*/\1/p' <<<"$stderr" | paste -sd' ')" = \
		"base-voluntary-1cpu-r1 new-voluntary-1cpu-r1 base-voluntary-1cpu-r2 new-voluntary-1cpu-r2" ]
	# runs numbered across rounds
	[ "$(awk -F, 'NR > 1 { print $1 "," $4 "," $10 }' "$run_dir/results.csv" | sort | paste -sd' ')" = \
		"$(for k in base new; do for w in mono raw; do for r in 0 1; do
			echo "6.12.118-$k,ktime_get_${w}_fast_ns,$r"; done; done; done | sort | paste -sd' ')" ]
	# per-side metadata
	m() { sed -n "s/^$1=//p" "$run_dir/meta.txt"; }
	[ "$(m side.base.git_commit)" = "$(git -C "$REPO" rev-parse lb-base)" ]
	[ "$(m side.new.git_commit)" = "$(git -C "$REPO" rev-parse lb-new)" ]
	[ "$(m side.base.git_describe)" = lb-base ] && [ "$(m side.new.git_describe)" = lb-new ]
	[ "$(m side.base.tree)" = "$REPO" ] && [ "$(m side.new.tree)" = "$REPO" ]
	[ "$(m side.base.dirty)" = 0 ] && [ "$(m side.new.dirty)" = 0 ]
	[ -n "$(m side.base.config_hash)" ] && [ "$(m side.base.config_hash)" = "$(m side.new.config_hash)" ]
	[ "$(m side.base.missing_exports)" = "cyc2ns_read_begin __module_address" ]
	[ "$(m rounds)" = 2 ] && grep -qx 'incomplete=0' "$run_dir/meta.txt"
	grep -q '^side.base.patches=$' "$run_dir/meta.txt"
	# the report file holds the same table, after the sides
	grep -q "^base: 6.12.118-base" "$run_dir/report.txt"
	grep -q "^  $REPO lb-new" "$run_dir/report.txt"
}

@test "the module builds against a tree without our exports: warns naming both symbols, drops only their workloads" {
	kb=$("$LB_ROOT/runners/build-tree" ONLY=meta KSRC="$REPO" REV=lb-base LABEL=base | sed -n 's/^kbuild_dir=//p')
	[ -f "$kb/.latchbench-stamp" ] || skip "needs the base build of the compare test"
	d=$BATS_TEST_TMPDIR/mod
	mkdir -p "$d"
	cp "$LB_ROOT"/bench-module/*.[ch] "$LB_ROOT/bench-module/Kbuild" "$d/"
	# the source tree as the base side left it (new may have been synced in since)
	"$LB_ROOT/runners/build-tree" ONLY=source KSRC="$REPO" REV=lb-base LABEL=base >/dev/null
	run --separate-stderr make -s -C "$kb" M="$d" W=1 modules
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	grep -q 'does not export cyc2ns_read_begin (workload cyc2ns_read) __module_address (workload module_address)' <<<"$stderr"
	grep -q "patches/6.12/ add the exports" <<<"$stderr"
	[ "$(grep -c . <<<"$stderr")" -eq 1 ] || { echo "$stderr"; false; }
	! nm "$d/latchbench.ko" | grep -q 'lb_wl_cyc2ns_read\|lb_wl_module_address' || false
	nm "$d/latchbench.ko" | grep -q lb_wl_ktime_get_mono_fast_ns
	strings "$d/latchbench.ko" | grep -q 'not in this build: cyc2ns_read'
}

@test "PATCHES: a series on a revision, and on Debian's tree, gives the committed change" {
	want=$(git -C "$REPO" show lb-new:kernel/time/timekeeping.c | sha256sum)
	src=$("$LB_ROOT/runners/build-tree" ONLY=source KSRC="$REPO" REV=lb-base PATCHES="$FIX" LABEL=new)
	[ "$(sha256sum <"$src/kernel/time/timekeeping.c")" = "$want" ]
	"$LB_ROOT/runners/build-tree" ONLY=meta KSRC="$REPO" PATCHES="$FIX/series" LABEL=new >"$BATS_TEST_TMPDIR/meta"
	grep -qx "patches=$(basename "$FIX"/0001-*.patch):$(lb_sha16 "$FIX"/0001-*.patch)" "$BATS_TEST_TMPDIR/meta"
	grep -qx "git_commit=$(git -C "$REPO" rev-parse HEAD)" "$BATS_TEST_TMPDIR/meta"
	# back to the base state: the series comes off again
	src=$("$LB_ROOT/runners/build-tree" ONLY=source KSRC="$REPO" REV=lb-base LABEL=base)
	[ "$(sha256sum <"$src/kernel/time/timekeeping.c")" = "$(git -C "$REPO" show lb-base:kernel/time/timekeeping.c | sha256sum)" ]
	# Debian's tree + latchbench's exports + the series
	src=$("$LB_ROOT/runners/build-tree" ONLY=source KVER=6.12 PATCHES="$FIX/series")
	[ "$(sha256sum <"$src/kernel/time/timekeeping.c")" = "$want" ]
	grep -q '^EXPORT_SYMBOL_GPL(cyc2ns_read_begin);' "$src/arch/x86/kernel/tsc.c"
	"$LB_ROOT/runners/build-tree" ONLY=meta KVER=6.12 PATCHES="$FIX/series" >"$BATS_TEST_TMPDIR/meta"
	grep -q '^patches=0001-x86-tsc-Export-cyc2ns_read_begin-and-cyc2ns_read_end.patch:[0-9a-f]\{16\} 0002-module-Export-__module_address.patch:[0-9a-f]\{16\} 0001-timekeeping-' "$BATS_TEST_TMPDIR/meta"
	grep -q "^debian_version=$(lb_debian_version 6.12)$" "$BATS_TEST_TMPDIR/meta"
}

@test "a dirty KSRC is refused, naming the tree, unless ALLOW_DIRTY=1; nothing is built or written" {
	t=$BATS_TEST_TMPDIR/tiny
	tiny_tree "$t" 6 12
	echo '# local change' >>"$t/Kbuild"
	before=$(tree_sum "$t")
	run --separate-stderr "$LB_ROOT/runners/build-tree" KSRC="$t"
	[ "$status" -ne 0 ]
	grep -q "KSRC=$t has uncommitted changes to 1 tracked file(s) (Kbuild)" <<<"$stderr"
	grep -q 'ALLOW_DIRTY=1' <<<"$stderr"
	# the same through make bench (the sweep), before any run store exists
	run --separate-stderr make -s -C "$LB_ROOT" bench KSRC="$t" RESULTS="$BATS_TEST_TMPDIR/res"
	[ "$status" -ne 0 ]
	grep -q "KSRC=$t has uncommitted changes" <<<"$stderr$output"
	[ ! -e "$BATS_TEST_TMPDIR/res" ]
	ALLOW_DIRTY=1 run --separate-stderr "$LB_ROOT/runners/build-tree" ONLY=meta KSRC="$t"
	[ "$status" -eq 0 ]
	grep -qx 'dirty=1' <<<"$output"
	grep -q 'building them anyway' <<<"$stderr"
	[ "$(tree_sum "$t")" = "$before" ]
}

@test "too old, in-tree-built and non-kernel trees are refused with a reason" {
	t=$BATS_TEST_TMPDIR/old
	tiny_tree "$t" 5 15
	run --separate-stderr "$LB_ROOT/runners/build-tree" KSRC="$t"
	[ "$status" -ne 0 ]
	grep -q "KSRC=$t is Linux 5.15.0; latchbench needs 6.1 or later" <<<"$stderr"
	t=$BATS_TEST_TMPDIR/built
	tiny_tree "$t" 6 12
	touch "$t/.config"
	run --separate-stderr "$LB_ROOT/runners/build-tree" KSRC="$t"
	[ "$status" -ne 0 ]
	grep -q "KSRC=$t holds an in-tree build" <<<"$stderr"
	run --separate-stderr "$LB_ROOT/runners/build-tree" KSRC="$BATS_TEST_TMPDIR"
	[ "$status" -ne 0 ]
	grep -q "is not a kernel source tree" <<<"$stderr"
	run --separate-stderr "$LB_ROOT/runners/build-tree" KSRC="$REPO" REV=no-such-rev
	[ "$status" -ne 0 ]
	grep -q "REV=no-such-rev is not a commit of $REPO" <<<"$stderr"
	# a plain (non-git) tree is accepted, its state recorded as unknown
	t=$BATS_TEST_TMPDIR/plain
	mkdir -p "$t"
	printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 9\nEXTRAVERSION =\n' >"$t/Makefile"
	# ... once it has the Kconfig files the preemption models come from
	run --separate-stderr "$LB_ROOT/runners/build-tree" ONLY=meta KSRC="$t"
	[ "$status" -ne 0 ]
	grep -q "KSRC=$t has no kernel/Kconfig.preempt" <<<"$stderr"
	kconfigs "$t"
	run --separate-stderr "$LB_ROOT/runners/build-tree" ONLY=meta KSRC="$t"
	[ "$status" -eq 0 ]
	grep -qx 'dirty=unknown' <<<"$output"
	grep -qx 'version=6.1.9' <<<"$output"
}

@test "at a terminal: make compare finishes (tests/tty.bats has the harness's negative control)" {
	cd "$LB_ROOT"
	# (another sweep on this host: wait for it, as a person would)
	export LB_LOCK_WAIT=1
	run lb_on_tty 900 compare make -s compare KSRC="$REPO" BASE=lb-base NEW=lb-new \
		ACCEL=icount VCPUS=1 WORKLOADS=ktime_get_mono_fast_ns VARIANTS=kernel CONTEXTS=task \
		WRITER_PERIODS=none RUNS=1 DURATION=5 PERF=0 HARNESS=0 \
		RESULTS="$BATS_TEST_TMPDIR/results" PLOTS="$BATS_FILE_TMPDIR/plots/tty-cmp"
	[ "$status" -eq 0 ] || { echo "$output"; tail -n 30 "$BATS_TEST_TMPDIR/compare.log"; false; }
	grep -q '^latchbench: 6\.12\.[0-9]*-base -> 6\.12\.[0-9]*-new ' "$BATS_TEST_TMPDIR/compare.log"
}
