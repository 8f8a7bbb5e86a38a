#!/usr/bin/env bats
# Static checks: shell is shellcheck-clean, kernel C is checkpatch-clean and
# builds against every kernel without a single warning; the per-kernel
# preemption models agree with the kernels' own Kconfig. Tests tagged
# per-kernel go over LB_TEST_KERNELS: 6.12 in `make test`, 6.1 and 7.2 in
# `make check-versions` (tests/run).

load helpers

@test "every shell script is shellcheck-clean" {
	cd "$LB_ROOT"
	# every runner (a new one is checked without being listed here)
	run shellcheck -x runners/* tests/run tests/helpers.bash \
		tests/fixtures/gen-fixtures tests/mini-slurm tests/kvm-standin .ci/run
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

# bats test_tags=per-kernel
@test "the module builds against every kernel with W=1 and no warnings" {
	for k in $LB_TEST_KERNELS; do
		"$LB_ROOT/runners/build-kernel" "$k" >&2
		d=$BATS_TEST_TMPDIR/m-$k
		mkdir -p "$d"
		cp "$LB_ROOT"/bench-module/*.[ch] "$LB_ROOT/bench-module/Kbuild" "$d/"
		run make -s -C "$(lb_kbuild_dir "$k")" M="$d" W=1 modules
		[ "$status" -eq 0 ] || { echo "$output"; false; }
		[ -z "$output" ] || { echo "$k: $output"; false; }
		[ -f "$d/latchbench.ko" ]
	done
}

@test "the export patches are git format-patch files with a sign-off, listed in series" {
	for k in 6.1 6.12 7.2; do
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

# bats test_tags=per-kernel
@test "each kernel's preemption models are the ones its Kconfig has; a missing one is refused in one line" {
	for k in $LB_TEST_KERNELS; do
		"$LB_ROOT/runners/build-kernel" "$k" >&2
		src=$LB_CACHE/src/$k
		[ "$(lb_kconfig_models "$src/kernel/Kconfig.preempt" "$src/arch/x86/Kconfig")" = "$(lb_kernel_models "$k")" ] ||
			{ echo "$k: Kconfig says $(lb_kconfig_models "$src/kernel/Kconfig.preempt" "$src/arch/x86/Kconfig"), lb_kernel_models $(lb_kernel_models "$k")"; false; }
		for m in $LB_PREEMPTS; do
			lb_kernel_has_model "$k" "$m" && continue
			run "$LB_ROOT/runners/build-kernel" "$k" "$m"
			[ "$status" -eq 1 ]
			[ "${#lines[@]}" -eq 1 ]
			[[ "$output" == *"Linux $k has no preemption model '$m'"* ]]
		done
	done
	[ "$(lb_default_preempt 6.1) $(lb_default_preempt 6.12) $(lb_default_preempt 7.2)" = "voluntary voluntary lazy" ]
}

@test "lb_config_preempt names the model of a .config, rt before the full/lazy choice" {
	c=$BATS_TEST_TMPDIR/c
	printf 'CONFIG_PREEMPT_VOLUNTARY=y\n# CONFIG_PREEMPT is not set\n' >"$c"
	[ "$(lb_config_preempt "$c")" = voluntary ]
	printf 'CONFIG_PREEMPT_BUILD=y\nCONFIG_PREEMPT_LAZY=y\n' >"$c"
	[ "$(lb_config_preempt "$c")" = lazy ]
	printf 'CONFIG_PREEMPT_LAZY=y\nCONFIG_PREEMPT_RT=y\n' >"$c"
	[ "$(lb_config_preempt "$c")" = rt ]
	printf 'CONFIG_PREEMPT=y\nCONFIG_PREEMPT_RCU=y\n' >"$c"
	[ "$(lb_config_preempt "$c")" = full ]
	printf 'CONFIG_PREEMPT_NONE=y\n' >"$c"
	[ "$(lb_config_preempt "$c")" = none ]
}

@test "fetch-source takes the mirror from the machine's sources, deb822 or one-line" {
	e=$BATS_TEST_TMPDIR/etc
	mkdir -p "$e/sources.list.d"
	printf 'Types: deb\nURIs: http://mirror.example.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\nTypes: deb\nURIs: http://mirror.example.org/debian-security\nSuites: bookworm-security\n' >"$e/sources.list.d/debian.sources"
	run env LB_APT_ETC="$e" "$LB_ROOT/runners/fetch-source" -m
	[ "$status" -eq 0 ]
	[ "$output" = "http://mirror.example.org/debian /usr/share/keyrings/debian-archive-keyring.gpg" ]
	rm "$e/sources.list.d/debian.sources"
	printf 'deb [arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://one.example.org/debian bookworm main\n' >"$e/sources.list"
	run env LB_APT_ETC="$e" "$LB_ROOT/runners/fetch-source" -m
	[ "$status" -eq 0 ]
	[ "$output" = "http://one.example.org/debian /usr/share/keyrings/debian-archive-keyring.gpg" ]
	rm "$e/sources.list"
	run env LB_APT_ETC="$e" "$LB_ROOT/runners/fetch-source" -m
	[ "$status" -eq 1 ]
	[[ "$output" == *"no Debian mirror"* ]]
}
