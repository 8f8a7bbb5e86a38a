#!/usr/bin/env bats
# The distro profile (KERNELS words VER-distro): the patched build with the
# options config/distro.options names taken from Debian's own config
# (runners/distro-config), checked in the .config (build-kernel); bad
# words refused before any work; the default builds' stamps untouched. And
# runners/codegen: the read paths' mitigation code from the disassembly.

load helpers
bats_require_minimum_version 1.5.0

# debian_config: Debian's config.amd64_none_amd64 of 6.12, decompressed
# (runners/distro-config downloads linux-config-6.12 into the cache once)
debian_config() {
	local v
	"$LB_ROOT/runners/distro-config" KVER=6.12 >/dev/null
	v=$(sed -n 's/^source=linux-config-6.12 \([^ ]*\) .*/\1/p' "$LB_CACHE/debian-config/6.12/distro.meta")
	xz -dc "$LB_CACHE/debian-config/6.12/$v/usr/src/linux-config-6.12/config.amd64_none_amd64.xz"
}
# cache_with_src DIR: a cache DIR that shares this cache's extracted sources
# and tinyconfigs (a configure-only run reads them) and has a fragment of its own
cache_with_src() {
	mkdir -p "$1"
	ln -s "$LB_CACHE/src" "$1/src"
	ln -s "$LB_CACHE/tinyconfig" "$1/tinyconfig"
}

@test "distro-config: the fragment is Debian's own lines for the listed options; a changed source changes it" {
	debian_config >"$BATS_TEST_TMPDIR/debian.config"
	f=$(lb_distro_fragment 6.12-distro)
	# every CONFIG_ line of the fragment is Debian's line, verbatim
	n=0
	while read -r l; do
		grep -qxF "$l" "$BATS_TEST_TMPDIR/debian.config" || { echo "not Debian's: $l"; false; }
		n=$((n + 1))
	done < <(grep '^CONFIG_' "$f")
	[ "$n" -ge 20 ]
	for o in CONFIG_CPU_MITIGATIONS=y CONFIG_MITIGATION_RETPOLINE=y CONFIG_MITIGATION_RETHUNK=y CONFIG_X86_KERNEL_IBT=y CONFIG_PREEMPT_DYNAMIC=y CONFIG_HZ=250; do
		grep -qx "$o" "$f" || { echo "missing $o"; false; }
	done
	# the options not carried are comments saying why
	grep -q '^# Debian: CONFIG_PARAVIRT_XXL=y (not carried: selected only by XEN_PV' "$f"
	# the same source with HZ=1000: the fragment follows it (a separate cache)
	c=$BATS_TEST_TMPDIR/c
	sed 's/^CONFIG_HZ_250=y$/# CONFIG_HZ_250 is not set/; s/^# CONFIG_HZ_1000 is not set$/CONFIG_HZ_1000=y/; s/^CONFIG_HZ=250$/CONFIG_HZ=1000/' \
		"$BATS_TEST_TMPDIR/debian.config" >"$BATS_TEST_TMPDIR/hz1000.config"
	run --separate-stderr env LATCHBENCH_CACHE="$c" LB_DISTRO_SOURCE="$BATS_TEST_TMPDIR/hz1000.config" "$LB_ROOT/runners/distro-config" KVER=6.12
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	g=$c/debian-config/6.12/distro.config
	[ "$output" = "$g" ]
	grep -qx CONFIG_HZ=1000 "$g" && grep -qx CONFIG_HZ_1000=y "$g"
	! grep -qx CONFIG_HZ=250 "$g" || false
	grep -q "^# From: LB_DISTRO_SOURCE=$BATS_TEST_TMPDIR/hz1000.config" "$g"
	# and so does the build's stamp: the distro build's fragments are its inputs
	[ "$(LB_CACHE=$c lb_fragments voluntary 6.12-distro)" = "$LB_ROOT/config/latchbench.config $LB_ROOT/config/preempt-voluntary.config $g" ]
}

@test "negative: a Debian config without a line for some listed option is refused naming it" {
	debian_config | grep -v '^CONFIG_X86_KERNEL_IBT=\|^# CONFIG_X86_KERNEL_IBT ' >"$BATS_TEST_TMPDIR/noibt.config"
	run --separate-stderr env LATCHBENCH_CACHE="$BATS_TEST_TMPDIR/c" LB_DISTRO_SOURCE="$BATS_TEST_TMPDIR/noibt.config" "$LB_ROOT/runners/distro-config" KVER=6.12
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"no line for X86_KERNEL_IBT"* ]] || { echo "$stderr"; false; }
	[ ! -f "$BATS_TEST_TMPDIR/c/debian-config/6.12/distro.config" ]
}

@test "build-kernel: the distro .config keeps every option Debian sets; one it drops is refused by name" {
	c=$BATS_TEST_TMPDIR/c
	cache_with_src "$c"
	debian_config >"$BATS_TEST_TMPDIR/debian.config"
	run --separate-stderr env LATCHBENCH_CACHE="$c" LB_DISTRO_SOURCE="$BATS_TEST_TMPDIR/debian.config" LB_CONFIGURE_ONLY="$BATS_TEST_TMPDIR/conf" \
		"$LB_ROOT/runners/build-kernel" KVER=6.12-distro
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	[[ "$stderr" == *"every fragment line survived (model: voluntary)"* ]]
	while read -r l; do
		grep -qxF "$l" "$BATS_TEST_TMPDIR/conf/.config" || { echo "lost: $l"; false; }
	done < <(grep '^CONFIG_' "$c/debian-config/6.12/distro.config")
	grep -qx CONFIG_MITIGATION_RETPOLINE=y "$BATS_TEST_TMPDIR/conf/.config"
	# negative: an option Kconfig cannot keep (no such symbol) is named
	echo CONFIG_MITIGATION_LBTEST_BOGUS=y >>"$BATS_TEST_TMPDIR/debian.config"
	run --separate-stderr env LATCHBENCH_CACHE="$c" LB_DISTRO_SOURCE="$BATS_TEST_TMPDIR/debian.config" LB_CONFIGURE_ONLY="$BATS_TEST_TMPDIR/conf2" \
		"$LB_ROOT/runners/build-kernel" KVER=6.12-distro
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"did not survive olddefconfig for 6.12-distro-voluntary: CONFIG_MITIGATION_LBTEST_BOGUS=y"* ]] || { echo "$stderr"; false; }
}

@test "the default builds keep their stamps: 6.12's fragments are the two it always had" {
	[ "$(lb_fragments voluntary 6.12)" = "$LB_ROOT/config/latchbench.config $LB_ROOT/config/preempt-voluntary.config" ]
	[ "$(lb_kbuild_dir 6.12 voluntary)" = "$LB_CACHE/src/6.12/lb-build-voluntary" ]
	[ "$(lb_kbuild_dir 6.12-distro voluntary)" = "$LB_CACHE/src/6.12/lb-build-voluntary-distro" ]
	[ "$(lb_kbuild_flavour "$LB_CACHE/src/6.12/lb-build-voluntary-distro")" = "6.12-distro voluntary" ]
	[ "$(lb_debian_version 6.12-distro)" = "$(lb_debian_version 6.12)" ]
}

@test "bad distro profile words are refused by name before any work" {
	c=$BATS_TEST_TMPDIR/c
	run --separate-stderr env LATCHBENCH_CACHE="$c" "$LB_ROOT/runners/sweep" KERNELS="6.12 7.2-distro" ACCEL=icount RESULTS="$BATS_TEST_TMPDIR/r"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"KERNELS="*"'7.2-distro' unknown (valid: 6.1 6.12 7.2 6.1-debian 6.12-debian 6.12-debian-arm64 6.1-distro 6.12-distro)"* ]] || { echo "$stderr"; false; }
	run --separate-stderr env LATCHBENCH_CACHE="$c" "$LB_ROOT/runners/build-kernel" KVER=6.12-distro FLAVOUR=full
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"FLAVOUR=full: the distro profile (6.12-distro) builds Debian's model only"* ]] || { echo "$stderr"; false; }
	run --separate-stderr env LATCHBENCH_CACHE="$c" "$LB_ROOT/runners/build-kernel" KVER=6.13-distro
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"KVER=6.13-distro: unknown kernel version"* ]] || { echo "$stderr"; false; }
	run --separate-stderr env LATCHBENCH_CACHE="$c" "$LB_ROOT/runners/distro-config" KVER=5.10
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"KVER=5.10: not a distro profile word"* ]] || { echo "$stderr"; false; }
	# nothing was fetched, extracted or built
	[ ! -e "$c/debian-config" ] && [ ! -e "$c/src" ] && [ ! -e "$BATS_TEST_TMPDIR/r" ]
}

@test "codegen: the minimal 6.12 has no mitigation code on its read paths; Debian's stock image is refused saying why" {
	"$LB_ROOT/runners/build-kernel" KVER=6.12 >&2
	run --separate-stderr "$LB_ROOT/runners/codegen" KVER=6.12 FUNC=ktime_get_mono_fast_ns FUNC=sched_clock
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	printf '%s\n' "$output" | grep -qx 'thunk	none'
	# ktime_get_mono_fast_ns reads the clocksource through a plain indirect call
	printf '%s\n' "$output" | awk -F'\t' '$1 == "ktime_get_mono_fast_ns" && $2 == "ktime_get_mono_fast_ns" { f = 1; if ($5 != 0 || $6 != 0 || $8 < 1 || $9 != 0) bad = 1 } END { exit !(f && !bad) }' ||
		{ echo "$output"; false; }
	# the walk follows sched_clock's calls and jumps to native_sched_clock
	printf '%s\n' "$output" | awk -F'\t' '$1 == "sched_clock" && $2 == "native_sched_clock" { f = 1 } END { exit !f }'
	# nothing with a retpoline site, return thunk or endbr64 anywhere
	! printf '%s\n' "$output" | awk -F'\t' '$1 !~ /^#/ && $1 != "thunk" && ($5 + $6 + $9 > 0)' | grep -q . || false
	run --separate-stderr "$LB_ROOT/runners/codegen" KVER=6.12-debian
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"Debian's image as shipped"*"has no symbols"*"System.map is a placeholder"* ]] || { echo "$stderr"; false; }
	run --separate-stderr "$LB_ROOT/runners/codegen" KVER=6.13
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"KVER=6.13: unknown kernel"* ]]
}

# bats test_tags=versions
@test "distro 6.12 under icount: mitigations=auto - off is the read path's retpoline sites, from the disassembly; a wrong count is not explained" {
	r=$BATS_TEST_TMPDIR/r
	run --separate-stderr "$LB_ROOT/runners/sweep" KERNELS=6.12-distro MITIGATIONS="auto off" ACCEL=icount VCPUS=1 \
		WORKLOADS="tkfast kernel" VARIANTS=all CONTEXTS=task WRITER_PERIODS=none RUNS=1 DURATION=5 PERF=0 RESULTS="$r"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 20; false; }
	d=$(ls -d "$r"/2*)
	# the rows name the profile; the Debian config it came from is in meta
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } { k[$H["kernel"]]++ } END { for (x in k) print x }' "$d/results.csv" | grep -qx '6.12.[0-9]*-distro'
	grep -q '^distro.6.12-distro.source=linux-config-6.12 ' "$d/meta.txt"
	f=$d/codegen/6.12-distro-voluntary.tsv
	grep -q '^# rows: kernel=6.12.[0-9]*-distro preempt=voluntary$' "$f"
	grep -q '^thunk	__x86_indirect_thunk_[a-z]*	3	call;mov;' "$f"
	run --separate-stderr "$LB_ROOT/runners/mitigations" RUN="$d"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	echo "$output"
	# ktime_get_mono_fast_ns: a measured, exact, non-zero difference, explained by its sites
	printf '%s\n' "$output" | grep -A3 '^    ktime_get_mono_fast_ns  *+[1-9][0-9]* =' | tr -s '\n ' ' ' | grep -q 'explained: [0-9]* x [0-9]* = +[1-9]'
	! printf '%s\n' "$output" | grep -q 'NOT explained' || false
	# negative: the same run with the sites miscounted (none) is not explained
	sed -i 's/^\(ktime_get_mono_fast_ns	ktime_get_mono_fast_ns	0	[0-9]*\)	[0-9]*	/\1	0	/' "$f"
	run --separate-stderr "$LB_ROOT/runners/mitigations" RUN="$d"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -A3 '^    ktime_get_mono_fast_ns ' | tr -s '\n ' ' ' | grep -q 'NOT explained by the sites: they predict +0'
}
