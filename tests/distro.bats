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
	[[ "$stderr" == *"KERNELS="*"'7.2-distro' unknown (valid: 6.1 6.12 7.2 6.1-debian 6.12-debian 6.1-distro 6.12-distro)"* ]] || { echo "$stderr"; false; }
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
