#!/usr/bin/env bats
# Static checks: shell is shellcheck-clean, kernel C is checkpatch-clean and
# builds against every kernel without a single warning; the per-kernel
# preemption models agree with the kernels' own Kconfig. Tests tagged
# per-kernel go over LB_TEST_KERNELS: 6.12 in `make test`, 6.1 and 7.2 in
# `make check-versions` (tests/run).

load helpers
bats_require_minimum_version 1.5.0

@test "every shell script is shellcheck-clean" {
	cd "$LB_ROOT"
	# every runner (a new one is checked without being listed here)
	run shellcheck -x $(ls runners/* | grep -v '\.awk$') tests/run tests/helpers.bash \
		tests/fixtures/gen-fixtures tests/mini-slurm tests/kvm-standin .ci/run
	[ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "the module is checkpatch-clean" {
	"$LB_ROOT/runners/build-kernel" KVER=6.12 >&2
	cp="$LB_CACHE/src/6.12/scripts/checkpatch.pl"
	for f in "$LB_ROOT"/bench-module/*.[ch]; do
		run "$cp" --no-tree -f -q --terse "$f"
		[ "$status" -eq 0 ] || { echo "$output"; false; }
	done
}

# bats test_tags=per-kernel
@test "the module builds against every kernel with W=1 and no warnings" {
	for k in $LB_TEST_KERNELS; do
		"$LB_ROOT/runners/build-kernel" KVER="$k" >&2
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
		"$LB_ROOT/runners/build-kernel" KVER="$k" >&2
		src=$LB_CACHE/src/$k
		[ "$(lb_kconfig_models "$src/kernel/Kconfig.preempt" "$src/arch/x86/Kconfig")" = "$(lb_kernel_models "$k")" ] ||
			{ echo "$k: Kconfig says $(lb_kconfig_models "$src/kernel/Kconfig.preempt" "$src/arch/x86/Kconfig"), lb_kernel_models $(lb_kernel_models "$k")"; false; }
		for m in $LB_PREEMPTS; do
			lb_kernel_has_model "$k" "$m" && continue
			run "$LB_ROOT/runners/build-kernel" KVER="$k" FLAVOUR="$m"
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
	run env LB_APT_ETC="$e" "$LB_ROOT/runners/fetch-source" ONLY=mirror
	[ "$status" -eq 0 ]
	[ "$output" = "http://mirror.example.org/debian /usr/share/keyrings/debian-archive-keyring.gpg" ]
	rm "$e/sources.list.d/debian.sources"
	printf 'deb [arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://one.example.org/debian bookworm main\n' >"$e/sources.list"
	run env LB_APT_ETC="$e" "$LB_ROOT/runners/fetch-source" ONLY=mirror
	[ "$status" -eq 0 ]
	[ "$output" = "http://one.example.org/debian /usr/share/keyrings/debian-archive-keyring.gpg" ]
	rm "$e/sources.list"
	run env LB_APT_ETC="$e" "$LB_ROOT/runners/fetch-source" ONLY=mirror
	[ "$status" -eq 1 ]
	[[ "$output" == *"no Debian mirror"* ]]
}

@test "lb_vocab reads the module's table source (vocab.h); a malformed entry is refused by file and line" {
	run lb_vocab table
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "workload,variant,kind,counterpart,type,role,order,rank" ]
	# every line has the 8 fields; every kind's variants under each of its workloads
	for l in "${lines[@]}"; do [ "$(awk -F, '{ print NF }' <<<"$l")" -eq 8 ]; done
	grep -qx 'tkfast,seqlock,copy,ktime_get_mono_fast_ns,seqlock_t,sync,20,1' <<<"$output"
	grep -qx 'latchtree,maple,tree,module_address,maple tree under RCU,sync,60,3' <<<"$output"
	run lb_vocab renamed
	[ "${lines[1]}" = "copy,seqcount,seqlock" ]
	d=$BATS_TEST_TMPDIR/mod
	mkdir -p "$d"
	sed 's/^\tV(rwlock, "rwlock", sync, 50, 2, /\tV(rwlock, "rwlock", sync, 50, /' "$LB_ROOT/bench-module/vocab.h" >"$d/vocab.h"
	LB_MODULE_SRC=$d run lb_vocab table
	[ "$status" -ne 0 ]
	[[ "$output" == *"$d/vocab.h:"*": 5 fields: "*"rwlock"* ]]
}

# ---- the runners' command line (lib.sh lb_args: NAME=VALUE words, -h/--help) ----
# guest-init and guest-expand run inside the guest's busybox and take no user
# words; lib.sh is sourced, never run.

# runner_cli_faults DIR: one line per fault in DIR's runners: a runner that
# does not parse its command line with lb_args (never run: without lb_args,
# LB_ARGS_LIST=1 would not stop it), whose --help does not exit 0 or prints
# nothing, or one of whose options and NAME= words (lb_args's own list,
# LB_ARGS_LIST=1) does not appear in its --help as a word.
runner_cli_faults() {
	local r help names n
	for r in "$1"/*; do
		case ${r##*/} in lib.sh | lib.awk | guest-init | guest-expand) continue ;; esac
		if ! grep -q '^lb_args ' "$r"; then
			echo "${r##*/}: does not parse its command line with lb_args"
			continue
		fi
		if ! help=$("$r" --help 2>&1) || [ -z "$help" ]; then
			echo "${r##*/}: --help failed or printed nothing"
			continue
		fi
		names=$(LB_ARGS_LIST=1 "$r" </dev/null) || { echo "${r##*/}: LB_ARGS_LIST=1 failed"; continue; }
		for n in $names; do
			n=${n%+} # NAME+: repeatable
			grep -qw -- "$n" <<<"$help" || echo "${r##*/}: '$n' is accepted but not in its --help"
		done
	done
}

@test "every runner's --help exits 0 and shows every option and NAME= word its parser accepts" {
	run runner_cli_faults "$LB_ROOT/runners"
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
	# the parser's list is real: report's words, boot's words, sweep's knobs
	[ "$(LB_ARGS_LIST=1 "$LB_ROOT/runners/report" | paste -sd' ')" = "-h --help RUN BASE NEW KERNEL FORMAT OUT" ]
	LB_ARGS_LIST=1 "$LB_ROOT/runners/boot" | grep -qx PIN
	LB_ARGS_LIST=1 "$LB_ROOT/runners/sweep" | grep -qx WRITER_PERIODS
	# --help prints the usage text and nothing else: the header comment
	run "$LB_ROOT/runners/boot" --help
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "Boot one latchbench guest under QEMU and collect what it reports." ]
	[[ "$output" == *"CMDLINE  extra kernel command line"* ]]
	[[ "$output" != *"set -eu"* ]]
	run "$LB_ROOT/runners/report" RUN=x -h
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "Cover-letter table of latchbench results"* ]]
}

@test "the runner --help test can fail: an undocumented word, a runner without lb_args" {
	d=$BATS_TEST_TMPDIR/runners
	mkdir -p "$d"
	cp "$LB_ROOT/runners/lib.sh" "$LB_ROOT/runners/report" "$LB_ROOT/runners/plots" "$d/"
	# report accepts one word more than its header documents
	sed -i 's/^lb_args "RUN=run /lb_args "SECRET=secret RUN=run /' "$d/report"
	LB_ARGS_LIST=1 "$d/report" | grep -qx SECRET
	# plots parses by hand
	sed -i 's/^lb_args .*/run=${1:-}/' "$d/plots"
	run runner_cli_faults "$d"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[ "${lines[0]}" = "plots: does not parse its command line with lb_args" ]
	[ "${lines[1]}" = "report: 'SECRET' is accepted but not in its --help" ]
	# documented, it passes
	sed -i 's/^#        report -h|--help      this text$/&\n#   SECRET=X  a test word/' "$d/report"
	rm "$d/plots"
	run runner_cli_faults "$d"
	[ -z "$output" ] || { echo "$output"; false; }
}

@test "a runner refuses an unknown word, an option, a bare word or a word given twice in one line, before any work" {
	mkdir "$BATS_TEST_TMPDIR/cwd" && cd "$BATS_TEST_TMPDIR/cwd"
	for r in "$LB_ROOT"/runners/*; do
		case ${r##*/} in lib.sh | lib.awk | guest-init | guest-expand) continue ;; esac
		want=1
		[ "${r##*/}" != console-check ] || want=2 # its usage-error status (its header)
		for bad in NO_SUCH_WORD=1 -o --run bare lower=1; do
			run --separate-stderr "$r" "$bad"
			[ "$status" -eq "$want" ] || { echo "${r##*/} $bad: status $status"; false; }
			[ "${#stderr_lines[@]}" -eq 1 ] || { echo "${r##*/} $bad: $stderr"; false; }
			[[ "$stderr" == "${r##*/}: error: "*"$bad"* ]] || { echo "${r##*/} $bad: $stderr"; false; }
			[ -z "$output" ]
		done
		# the first word that may be given once (NAME+ is repeatable)
		w=$(LB_ARGS_LIST=1 "$r" | sed -n '3,$ { /+$/d; p; q }')
		[ -z "$w" ] || {
			run --separate-stderr "$r" "$w=a" "$w=b"
			[ "$status" -eq "$want" ]
			[[ "$stderr" == *"$w=b: $w= given twice"* ]] || { echo "${r##*/}: $stderr"; false; }
		}
	done
	[ -z "$(ls -A .)" ] || { ls -la; false; } # nothing written here
	# a bad value: one line naming it, the project's form
	run --separate-stderr "$LB_ROOT/runners/boot" KBUILD=/ INITRD=/x OUT=/tmp/x VCPUS=two
	[ "$status" -eq 1 ]
	[ "$stderr" = "boot: error: VCPUS=two: not a positive integer (valid: 1, 2, ...)" ]
	run --separate-stderr "$LB_ROOT/runners/build-kernel" KVER=9.9
	[ "$stderr" = "build-kernel: error: KVER=9.9: unknown kernel version (valid: $LB_KVERS)" ]
	run --separate-stderr "$LB_ROOT/runners/build-tree" KVER=6.12 ONLY=everything
	[ "$stderr" = "build-tree: error: ONLY=everything: unknown (valid: meta source)" ]
	run --separate-stderr "$LB_ROOT/runners/sweep" PERF=2
	[ "$stderr" = "sweep: error: PERF=2: not 0 or 1 (valid: 0 1)" ]
}
