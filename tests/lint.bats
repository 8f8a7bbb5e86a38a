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
	# every runner and sourced piece (a new one is checked without being listed here)
	run shellcheck -x $(find runners -type f ! -name '*.awk' | sort) tests/run tests/helpers.bash \
		tests/bare-bang tests/sweep-plans tests/reproduce-plans \
		tests/fixtures/gen-fixtures tests/mini-slurm tests/kvm-standin .ci/run
	[ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "no bats suite has a bare '! cmd' (errexit ignores it); make lint fails on one, naming its line" {
	cd "$LB_ROOT"
	run tests/bare-bang tests/*.bats tests/helpers.bash
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	# the control: a bare ! mid-test (and one in a loop) fails make lint before
	# shellcheck runs; the accepted forms and a here-document do not count
	# (its first line is written %test and made @test after: bats would take
	# an @test line of this here-document for a test of lint.bats itself)
	f=$BATS_TEST_TMPDIR/dead.bats
	cat >"$f" <<'B'
%test "t" {
	! grep -q x /etc/hostname
	for i in 1; do ! true; done
	run ! true
	! true || false
	if ! true; then :; fi
	elif_like() { if false; then :; elif true && ! false; then ! true || false; fi; }
	while true && ! true; do :; done
	[ ! -e /x ]
	cat <<-L
	! here
	L
}
B
	sed -i '1s/^%/@/' "$f"
	run make -s lint LINT_BATS="$f"
	[ "$status" -ne 0 ]
	[ "${lines[0]}" = "$f:2: 	! grep -q x /etc/hostname" ] || { echo "$output"; false; }
	[[ "${lines[1]}" == "$f:3: "*"for i in 1"* ]]
	[ "$(grep -c "^$f:" <<<"$output")" -eq 2 ]
	run tests/bare-bang "$BATS_TEST_TMPDIR/none.bats"
	[ "$status" -eq 2 ]
	[[ "$output" == *"'$BATS_TEST_TMPDIR/none.bats' is not a readable file"* ]]
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
		# the debug check's test-only faults are not in it, and cannot be put in
		! nm "$d/latchbench.ko" | grep -q ' lb_fault' || false
		run make -s -C "$(lb_kbuild_dir "$k")" M="$d" LB_FAULTS=y modules
		[ "$status" -ne 0 ]
		[[ "$output" == *"LB_FAULTS=y: the test-only fault knob is built only against a debug kernel"* ]] || { echo "$output"; false; }
		run env LB_FAULTS=1 "$LB_ROOT/runners/build-initramfs" KVER="$k" OUT="$BATS_TEST_TMPDIR/f.cpio.gz"
		[ "$status" -eq 1 ]
		[[ "$output" == *"LB_FAULTS=1: the test-only fault knob goes only into a debug kernel's module (FLAVOUR=debug or kcsan), not FLAVOUR=$(lb_default_preempt "$k")" ]]
		[ ! -e "$BATS_TEST_TMPDIR/f.cpio.gz" ]
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

@test "lb_vocab is lbstats vocab, the module's table (vocab.h) compiled in; a scratch line shows; a malformed entry is refused naming the file" {
	run lb_vocab table
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "workload,variant,kind,counterpart,type,role,order,rank" ]
	# every line has the 8 fields; every kind's variants under each of its workloads
	for l in "${lines[@]}"; do [ "$(awk -F, '{ print NF }' <<<"$l")" -eq 8 ]; done
	grep -qx 'tkfast,seqlock,copy,ktime_get_mono_fast_ns,seqlock_t,sync,20,1' <<<"$output"
	grep -qx 'latchtree,maple,tree,module_address,maple tree under RCU,sync,60,3' <<<"$output"
	diff <(printf '%s\n' "$output") <("$(lb_lbstats)" vocab)
	# (the build's table, not a list of its own: no scratch variant)
	run ! grep -q ',scratch,' <<<"$output"
	run lb_vocab renamed
	[ "${lines[1]}" = "copy,seqcount,seqlock" ]
	# another module source (LB_MODULE_SRC): its own table, a scratch line
	# in it under every copy workload, in its place
	d=$BATS_TEST_TMPDIR/mod
	mkdir -p "$d"
	sed '/^.define LB_COPY_VARIANTS(/,/^$/{/^\tV(none, /a\	V(scratch, "scratch", control, 91, 0, "a test") \\
}' "$LB_ROOT/bench-module/vocab.h" >"$d/vocab.h"
	LB_MODULE_SRC=$d run lb_vocab table
	[ "$status" -eq 0 ]
	grep -qx 'tkfast,scratch,copy,ktime_get_mono_fast_ns,a test,control,91,0' <<<"$output"
	[ "$(grep -A1 '^schedclock,none,' <<<"$output" | tail -n 1)" = "schedclock,scratch,copy,,a test,control,91,0" ]
	run ! grep -q '^latchtree,scratch,' <<<"$output"
	sed 's/^\tV(rwlock, "rwlock", sync, 50, 2, /\tV(rwlock, "rwlock", sync, 50, /' "$LB_ROOT/bench-module/vocab.h" >"$d/vocab.h"
	LB_MODULE_SRC=$d run lb_vocab table
	[ "$status" -ne 0 ]
	[[ "$output" == *"$d/vocab.h"* ]]
	[[ "$output" == *'"VDEF" requires 6 arguments, but only 5 given'* ]]
	[[ "$output" == *"could not read the vocabulary from $d/vocab.h"* ]]
}

# ---- the runners' command line (lib.sh lb_args: NAME=VALUE words, -h/--help) ----
# guest-init and guest-expand run inside the guest's busybox and take no user
# words; lib.sh and the sweep's pieces (runners/sweep.d/) are sourced, never run.

# runner_cli_faults DIR: one line per fault in DIR's runners: a runner that
# does not parse its command line with lb_args (never run: without lb_args,
# LB_ARGS_LIST=1 would not stop it), whose --help does not exit 0 or prints
# nothing, or one of whose options and NAME= words (lb_args's own list,
# LB_ARGS_LIST=1) does not appear in its --help as a word.
runner_cli_faults() {
	local r help names n
	for r in "$1"/*; do
		case ${r##*/} in lib.sh | *.awk | guest-init | guest-expand | *.d) continue ;; esac # (lib.awk, wrap.awk; report.d: the report's awk programs; sweep.d: the sweep's sourced pieces)
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
	cp -r "$LB_ROOT/runners/lib.sh" "$LB_ROOT/runners/lib.d" "$LB_ROOT/runners/report" "$LB_ROOT/runners/plots" "$d/"
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
		case ${r##*/} in lib.sh | *.awk | guest-init | guest-expand | *.d) continue ;; esac # (lib.awk, wrap.awk; report.d: the report's awk programs; sweep.d: the sweep's sourced pieces)
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
	[ "$stderr" = "build-kernel: error: KVER=9.9: unknown kernel version (valid: $LB_KVERS $LB_DISTRO_KVERS)" ]
	run --separate-stderr "$LB_ROOT/runners/build-tree" KVER=6.12 ONLY=everything
	[ "$stderr" = "build-tree: error: ONLY=everything: unknown (valid: meta source)" ]
	run --separate-stderr "$LB_ROOT/runners/sweep" PERF=2
	[ "$stderr" = "sweep: error: PERF=2: not 0 or 1 (valid: 0 1)" ]
}

# ---- the sweep's variables: described once, in runners/sweep --help ----

# sweep_help_faults SWEEP: one line per fault: a variable SWEEP's lb_args
# accepts without an entry of its own in --help's variable list (an entry: a
# line "  NAME  what it does", or "  NAME, NAME, ..."), an entry it does not
# accept, or a knob of knob_defaults (the variables that decide the rows) it
# does not accept (knob_defaults: SWEEP's sweep.d/knobs.sh, with the profiles'
# knobs, config/profiles/). README and docs/
# point to this list instead of copying it.
sweep_help_faults() {
	local entries accepted knobs
	entries=$("$1" --help | sed -n '/^Variables/,/^Every variable/p' |
		grep -E '^  [A-Z][A-Z0-9_]*(, [A-Z][A-Z0-9_]*)*,?( {2,}.*)?$' |
		sed -E 's/^  //; s/ {2,}.*//; s/,/ /g' | tr ' ' '\n' | grep . | sort -u)
	accepted=$(LB_ARGS_LIST=1 "$1" </dev/null | grep -v '^-' | sed 's/+$//' | sort -u)
	knobs=$({
		sed -n '/^knob_defaults() {/,/^}/p' "$(dirname "$1")/sweep.d/knobs.sh"
		grep -h '^[A-Z]' "$(dirname "$1")/../config/profiles/"*
	} | grep -oE '\b[A-Z][A-Z0-9_]*=' | tr -d = | sort -u)
	[ -n "$entries" ] && [ -n "$accepted" ] && [ -n "$knobs" ] || { echo "nothing read from $1"; return; }
	comm -23 <(echo "$accepted") <(echo "$entries") | sed 's/$/: accepted, but no entry in sweep --help/'
	comm -13 <(echo "$accepted") <(echo "$entries") | sed 's/$/: an entry in sweep --help, but not accepted/'
	comm -23 <(echo "$knobs") <(echo "$accepted") | sed 's/$/: a knob (knob_defaults, a profile), but not accepted/'
}

@test "every variable the sweep accepts has its entry in runners/sweep --help, and every entry and knob is accepted" {
	run sweep_help_faults "$LB_ROOT/runners/sweep"
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
	# the lists are real: the knobs, the Slurm options, the reproducer's SEED
	LB_ARGS_LIST=1 "$LB_ROOT/runners/sweep" | grep -qx SEED
	"$LB_ROOT/runners/sweep" --help | grep -qE '^  PARTITION, ACCOUNT, '
}

@test "the sweep --help test can fail: an undocumented variable, an entry not accepted, a knob not accepted" {
	d=$BATS_TEST_TMPDIR/runners
	mkdir -p "$d"
	cp -r "$LB_ROOT/runners/lib.sh" "$LB_ROOT/runners/lib.d" "$LB_ROOT/runners/sweep" "$LB_ROOT/runners/sweep.d" "$d/"
	mkdir -p "$d/../config" && cp -r "$LB_ROOT/config/profiles" "$d/../config/"
	# a profile's knob no sweep variable takes (a typo)
	echo 'RUN=4' >>"$d/../config/profiles/full"
	# SECRET accepted, named nowhere; RUNS_MAX (a knob, with its entry) no longer accepted
	sed -i 's/^lb_args "PROFILE /lb_args "SECRET PROFILE /; /^lb_args /,/"\$@"$/s/ RUNS_MAX / /' "$d/sweep"
	# an entry for a variable nothing reads
	sed -i 's/^#   KERNELS  /#   GHOST           read by nobody\n&/' "$d/sweep"
	run sweep_help_faults "$d/sweep"
	[ "$status" -eq 0 ]
	[ "$output" = "SECRET: accepted, but no entry in sweep --help
GHOST: an entry in sweep --help, but not accepted
RUNS_MAX: an entry in sweep --help, but not accepted
RUN: a knob (knob_defaults, a profile), but not accepted
RUNS_MAX: a knob (knob_defaults, a profile), but not accepted" ] || { echo "$output"; false; }
	# a variable named only inside another's text is no entry of its own
	cp "$LB_ROOT/runners/sweep" "$d/sweep"
	cp "$LB_ROOT/config/profiles/full" "$d/../config/profiles/"
	sed -i 's/^#   BUILD_CPUS, EXCLUSIVE, SBATCH_ARGS$/#   BUILD_CPUS, EXCLUSIVE/; s/^#                   SCHED=slurm.s job options/& (and SBATCH_ARGS)/' "$d/sweep"
	"$d/sweep" --help | grep -qw SBATCH_ARGS
	run sweep_help_faults "$d/sweep"
	[ "$output" = "SBATCH_ARGS: accepted, but no entry in sweep --help" ] || { echo "$output"; false; }
}

# ---- the documentation's links ----

# md_anchors FILE: the anchors of FILE's headings, as GitHub makes them
# (lower case; punctuation but - and _ dropped; each space a -; a repeated
# heading gets -1, -2, ...), fenced code skipped
md_anchors() {
	awk '/^```/ { f = !f; next }
		!f && /^#+ / { h = $0; sub(/^#+ +/, "", h); h = tolower(h); gsub(/[^a-z0-9 _-]/, "", h)
			gsub(/ /, "-", h); print (n[h]++ ? h "-" (n[h] - 1) : h) }' "$1"
}

# md_link_faults FILE...: one line per relative link ](target) of the FILEs
# (outside fenced code) whose file does not exist or, for #anchor, whose
# file has no such heading
md_link_faults() {
	local f line t path anchor dest
	for f in "$@"; do
		while IFS=$'\t' read -r line t; do
			case $t in http://* | https://* | mailto:*) continue ;; esac
			path=${t%%#*} anchor=
			[ "$path" = "$t" ] || anchor=${t#*#}
			if [ -z "$path" ]; then dest=$f; else dest=$(dirname "$f")/$path; fi
			if [ ! -e "$dest" ]; then
				echo "$f:$line: $t: no such file"
			elif [ -n "$anchor" ] && ! md_anchors "$dest" | grep -qxF -- "$anchor"; then
				echo "$f:$line: $t: no heading #$anchor in ${dest#"$(dirname "$f")"/}"
			fi
		done < <(awk '/^```/ { f = !f; next }
			!f { s = $0; while (match(s, /\]\([^) ]+\)/)) { print FNR "\t" substr(s, RSTART + 2, RLENGTH - 3); s = substr(s, RSTART + RLENGTH) } }' "$f")
	done
}

@test "every relative link in README.md and docs/ points to a file that exists and, with #anchor, to a heading it has" {
	cd "$LB_ROOT"
	run md_link_faults README.md docs/*.md results/README.md
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
	# the links are real: README links into docs/, with anchors
	[ "$(grep -c '](docs/[a-z]*\.md#' README.md)" -ge 3 ]
	md_anchors docs/testing.md | grep -qx 'preempt_rt-make-check-rt'
}

@test "the link test can fail: a missing file, a missing heading, a heading of another file" {
	d=$BATS_TEST_TMPDIR/md
	mkdir -p "$d/docs"
	printf '# Top\n\n## The third kernel: 7.2 (`KVER`)\n\n## Same\n\n## Same\n\n```\n[x](nowhere.md)\n```\n' >"$d/docs/a.md"
	printf '[ok](docs/a.md#the-third-kernel-72-kver) [ok](docs/a.md#same-1) [ok](https://example.org/x)\n' >"$d/README.md"
	printf '[gone](docs/gone.md) [bad](docs/a.md#the-fourth-kernel)\n[here](#top)\n' >>"$d/README.md"
	cd "$d"
	run md_link_faults README.md docs/a.md
	[ "$output" = "README.md:2: docs/gone.md: no such file
README.md:2: docs/a.md#the-fourth-kernel: no heading #the-fourth-kernel in docs/a.md
README.md:3: #top: no heading #top in README.md" ] || { echo "$output"; false; }
}

# ref_stale DIR: prints what committed run DIR lacks to be a run of today's
# code and fails: a column the module writes (bench-module/columns.h, every
# one, whatever the run's accelerator: absent values are empty, the column
# is there), or meta.txt's reproduce= (the command that made it) or
# tool_commit= (the commit of the code that made it, without uncommitted
# changes: -dirty names no code).
ref_stale() {
	local d=$1 c bad=0 h cm
	h=,$(head -n 1 "$d/results.csv" | tr -d '\r'),
	for c in $(lb_csv_header | tr , ' '); do
		[[ "$h" == *",$c,"* ]] || { echo "${d##*/}: results.csv has no column $c"; bad=1; }
	done
	[ -n "$(lb_meta "$d" reproduce)" ] || { echo "${d##*/}: meta.txt has no reproduce="; bad=1; }
	cm=$(lb_meta "$d" tool_commit)
	[[ "$cm" =~ ^[0-9a-f]{12}$ ]] || { echo "${d##*/}: meta.txt tool_commit='$cm' names no commit (12 hex digits, not -dirty)"; bad=1; }
	return "$bad"
}

@test "every committed reference run (results/reference-*) has every column the module writes and says which command and commit made it" {
	n=0 bad=0
	for d in "$LB_ROOT"/results/reference-*/; do
		n=$((n + 1))
		ref_stale "${d%/}" || bad=1
	done
	[ "$bad" = 0 ] || { echo "remake them with their make targets (make reference, reference-rt, reference-uml, aa)"; false; }
	# the list comes from results/: the headline's run is among them
	[ "$n" -ge 1 ]
	[ -d "$LB_ROOT/results/reference-icount" ]
}

@test "the reference freshness test can fail: a column cut out, reproduce= or tool_commit= removed, a -dirty commit" {
	src=$LB_ROOT/results/reference-icount
	ref_stale "$src"
	d=$BATS_TEST_TMPDIR/reference-cut
	mkdir -p "$d"
	cp "$src/meta.txt" "$d/"
	# the mitigations column cut out of the header and of every row
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "mitigations") m = i }
		{ o = ""; for (i = 1; i <= NF; i++) if (i != m) o = o (o == "" ? "" : ",") $i; print o }' \
		"$src/results.csv" >"$d/results.csv"
	run ref_stale "$d"
	[ "$status" -eq 1 ]
	[ "$output" = "reference-cut: results.csv has no column mitigations" ]
	cp "$src/results.csv" "$d/"
	run ref_stale "$d"
	[ "$status" -eq 0 ]
	grep -v '^reproduce=' "$src/meta.txt" >"$d/meta.txt"
	run ref_stale "$d"
	[ "$status" -eq 1 ]
	[ "$output" = "reference-cut: meta.txt has no reproduce=" ]
	grep -v '^tool_commit=' "$src/meta.txt" >"$d/meta.txt"
	run ref_stale "$d"
	[ "$status" -eq 1 ]
	[ "$output" = "reference-cut: meta.txt tool_commit='' names no commit (12 hex digits, not -dirty)" ]
	sed 's/^tool_commit=.*/&-dirty/' "$src/meta.txt" >"$d/meta.txt"
	run ref_stale "$d"
	[ "$status" -eq 1 ]
	[[ "$output" == "reference-cut: meta.txt tool_commit='"*"-dirty' names no commit"* ]]
}

# excerpt_faults ROOT FILE...: every fenced block of FILE that opens with
# "latchbench run reference-X" quotes results/reference-X/report.txt (ROOT's):
# each of its lines but "..." (a cut) is a line of that report, in the
# report's order, up to a cover letter's closing "Full tables:" lines.
# Prints one line per fault: FILE:LINE: what.
excerpt_faults() {
	local root=$1 f
	shift
	for f in "$@"; do
		awk -v root="$root" -v f="$f" '
			/^```/ { if (inb) { inb = 0 } else { inb = 1; first = 1; cut = 0 } ; next }
			!inb { next }
			first {
				first = 0; rep = ""
				if ($0 !~ /^latchbench run reference-[a-z0-9-]+$/) { inb = 0; next }
				rep = root "/results/" $3 "/report.txt"; n = 0; delete R
				while ((getline l < rep) > 0) R[++n] = l
				close(rep)
				if (n == 0) { printf "%s:%d: %s: no such report\n", f, FNR, rep; inb = 0; next }
				at = 1
			}
			/^Full tables: / { cut = 1 }
			cut || $0 == "..." { next }
			{
				for (i = at; i <= n && R[i] != $0; i++) ;
				if (i > n) printf "%s:%d: not a line of %s (in order): %s\n", f, FNR, rep, $0
				else at = i + 1
			}' "$f"
	done
}

@test "a report excerpt in README.md or docs/ (a block opening 'latchbench run reference-X') is cut from that committed report.txt, line for line" {
	cd "$LB_ROOT"
	run excerpt_faults "$LB_ROOT" README.md docs/*.md
	[ -z "$output" ] || { echo "$output"; false; }
	# the excerpts are there to check: README's headline, docs/reading.md's letter
	grep -q '^latchbench run reference-icount$' README.md
	grep -q '^latchbench run reference-icount$' docs/reading.md
}

@test "the excerpt test can fail: a changed figure, lines out of order, a report that does not exist" {
	d=$BATS_TEST_TMPDIR
	mkdir -p "$d/results/reference-x" "$d/docs"
	printf '%s\n' 'latchbench run reference-x' '' 'a  +12=  40' 'b  +7=  35' 'c  +1=  29' >"$d/results/reference-x/report.txt"
	printf '%s\n' 'text' '```' 'latchbench run reference-x' '...' 'a  +12=  40' 'c  +1=  29' '```' >"$d/ok.md"
	run excerpt_faults "$d" "$d/ok.md"
	[ -z "$output" ]
	printf '%s\n' '```' 'latchbench run reference-x' 'a  +12=  41' '```' >"$d/figure.md"
	run excerpt_faults "$d" "$d/figure.md"
	[ "$output" = "$d/figure.md:3: not a line of $d/results/reference-x/report.txt (in order): a  +12=  41" ]
	printf '%s\n' '```' 'latchbench run reference-x' 'c  +1=  29' 'a  +12=  40' '```' >"$d/order.md"
	run excerpt_faults "$d" "$d/order.md"
	[ "$output" = "$d/order.md:4: not a line of $d/results/reference-x/report.txt (in order): a  +12=  40" ]
	printf '%s\n' '```' 'latchbench run reference-gone' 'a' '```' >"$d/gone.md"
	run excerpt_faults "$d" "$d/gone.md"
	[ "$output" = "$d/gone.md:2: $d/results/reference-gone/report.txt: no such report" ]
}

@test "lb_tool_commit: a change to the code is -dirty, one to the run stores (results/, plots/) is not" {
	c=$BATS_TEST_TMPDIR/clone
	git clone -q "$LB_ROOT" "$c"
	t() { (LB_ROOT=$c && . "$LB_ROOT/runners/lib.sh" && lb_tool_commit); }
	[[ "$(t)" =~ ^[0-9a-f]{12}$ ]]
	echo more >>"$c/results/README.md"
	[[ "$(t)" =~ ^[0-9a-f]{12}$ ]] || { t; false; }
	echo '# more' >>"$c/runners/lib.sh"
	[[ "$(t)" == *-dirty ]]
}

@test "tests/run counts its own run: a test running tests/run inside does not replace the count; a failure fails it" {
	d=$BATS_TEST_TMPDIR
	# (the inner run's lines are long: were both to share a file, the inner
	# run's would cover the outer's failure, as make test's tty test did)
	n=$(printf 'x%.0s' {1..200})
	printf '%s\n' "%test \"inner $n\" { true; }" "%test \"inner2 $n\" { true; }" | sed 's/^%/@/' >"$d/inner.bats"
	printf '%s\n' '%test "fails" { false; }' "%test \"runs tests/run\" { \"$LB_ROOT/tests/run\" \"$d/inner.bats\"; }" |
		sed 's/^%/@/' >"$d/outer.bats"
	run "$LB_ROOT/tests/run" "$d/outer.bats"
	[ "$status" -ne 0 ]
	[[ "${lines[${#lines[@]} - 1]}" == "latchbench tests: 1 passed, 1 failed, 0 skipped"* ]] || { echo "$output"; false; }
	grep -q '^not ok 1 fails' "$LB_ROOT/build/tests/last.tap"
	# the control: the inner run alone passes
	run "$LB_ROOT/tests/run" "$d/inner.bats"
	[ "$status" -eq 0 ]
	[[ "${lines[${#lines[@]} - 1]}" == "latchbench tests: 2 passed, 0 failed, 0 skipped"* ]]
}

@test "every committed reference's reproduce= reproduces its plan (tests/reproduce-plans: replayed in plan mode, compared with the plan the run recorded)" {
	run "$LB_ROOT/tests/reproduce-plans" "$LB_ROOT"/results/reference-*/
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	[ "$(grep -c ': plan reproduced$' <<<"$output")" -eq "$(find "$LB_ROOT/results" -mindepth 1 -maxdepth 1 -type d -name 'reference-*' | wc -l)" ]
	# make aa's run says make aa (the sweep's make bench line has no A/B half)
	[[ "$(lb_meta "$LB_ROOT/results/reference-aa-uml" reproduce)" == "make aa "* ]]
}

@test "negative: tests/reproduce-plans sees a reproducer that does not reproduce: a spurious word, a missing A/B half, a changed knob" {
	src=$LB_ROOT/results/reference-uml
	d=$BATS_TEST_TMPDIR/ref
	# a word the sweep would not write (the old spurious KVER=6.12)
	mkdir -p "$d/kver" "$d/dur" "$d/ab"
	sed 's/^reproduce=.*/& KVER=6.12/' "$src/meta.txt" >"$d/kver/meta.txt"
	run "$LB_ROOT/tests/reproduce-plans" "$d/kver"
	[ "$status" -eq 1 ]
	grep -q '^< reproduce=.* KVER=6.12$' <<<"$output" || { echo "$output"; false; }
	# a knob changed: the boots' expected times differ
	sed 's/^reproduce=\(.*\) DURATION=100 /reproduce=\1 DURATION=50 /' "$src/meta.txt" >"$d/dur/meta.txt"
	run "$LB_ROOT/tests/reproduce-plans" "$d/dur"
	[ "$status" -eq 1 ]
	grep -q '^> duration_ms=50$' <<<"$output" || { echo "$output"; false; }
	grep -q '^> 7.2-uml-2cpu-r1.expected_s=' <<<"$output"
	# make aa's run with the sweep's line: no A/B half
	aa=$LB_ROOT/results/reference-aa-uml
	sed 's/^reproduce=.*/reproduce=make bench KERNELS=7.2 VCPUS=2 CONTEXTS=task WRITER_PERIODS="none 0" RUNS=30 ACCEL=uml PERF=0 ROUNDS=10 SEED=566448386/' \
		"$aa/meta.txt" >"$d/ab/meta.txt"
	run "$LB_ROOT/tests/reproduce-plans" "$d/ab"
	[ "$status" -eq 1 ]
	grep -q '^< ab_extra_work=4 ' <<<"$output" || { echo "$output"; false; }
}

# readme_reproducer FILE: the first fenced block of FILE that starts with
# "Reproduce with"
readme_reproducer() {
	awk '/^```$/ { if (inb) { if (x ~ /^Reproduce with /) { print x; exit } inb = 0; x = ""; next } inb = 1; next }
		inb { x = x (x == "" ? "" : "\n") $0 }' "$1"
}

@test "README's reproducer excerpt is the committed reference-uml's, as lb_reproducer prints it" {
	want=$(lb_reproducer "$LB_ROOT/results/reference-uml")
	[[ "$want" == "Reproduce with "* ]]
	got=$(readme_reproducer "$LB_ROOT/README.md")
	[ "$got" = "$want" ] || { diff <(echo "$want") <(echo "$got"); false; }
	# negative: the excerpt as it was, with the spurious KVER=6.12, differs
	sed 's/^\(    DURATION=100 ACCEL=uml PERF=0 SEED=[0-9]*\)$/\1 KVER=6.12/' "$LB_ROOT/README.md" >"$BATS_TEST_TMPDIR/README.md"
	got=$(readme_reproducer "$BATS_TEST_TMPDIR/README.md")
	[[ "$got" == *" KVER=6.12" ]]
	[ "$got" != "$want" ]
}

# sweep_lines: one ERE per line the sweep prints on its own (lb_log, lb_warn,
# the progress line: runners/sweep, sweep.d/, sweep-boot), each expansion
# ($x, ${x}, $(...)) a wildcard; not one that is all expansion (the stand-in
# note)
sweep_lines() {
	{
		sed -n 's/.*lb_\(log\|warn\) "\(.*\)"[^"]*$/sweep: \2/p' "$LB_ROOT/runners/sweep" "$LB_ROOT"/runners/sweep.d/*.sh
		sed -n 's/.*progress "\(sweep: .*\)"[^"]*$/\1/p' "$LB_ROOT/runners/sweep-boot"
	} | sed -e 's/\$([^)]*)/\x01/g' -e 's/\${[^}]*}/\x01/g' -e 's/\$[A-Za-z_0-9]*/\x01/g' \
		-e 's/[][\.*+?(){}|^$]/\\&/g' -e 's/\x01/.*/g' -e 's/^/^/' -e 's/$/$/' |
		grep -vxF '^sweep: .*$' # (a line that is all expansion says nothing)
}
# doc_sweep_quotes FILE: the `sweep: ...` lines FILE quotes (a quote may
# run over lines), one a line
doc_sweep_quotes() {
	tr '\n' ' ' <"$1" | tr -s ' ' | grep -o '`sweep: [^`]*`' | tr -d '`'
}
# build_order_claims FILE...: each quoted sweep line of FILE that the sweep
# does not print, and each old claim about the build order; fails on any
build_order_claims() {
	local f q bad=0
	sweep_lines >"$BATS_TEST_TMPDIR/said"
	for f; do
		while IFS= read -r q; do
			grep -Eq -f "$BATS_TEST_TMPDIR/said" <<<"$q" || { echo "${f##*/}: quotes a line the sweep does not print: $q"; bad=1; }
		done < <(doc_sweep_quotes "$f")
		# an older build order, said in words the code no longer has
		for q in 'builds every kernel first' 'builds first, then decides' 'waits until every build is done. uml'; do
			! tr '\n' ' ' <"$f" | tr -s ' ' | grep -qF "$q" || { echo "${f##*/}: an old build-order claim: '$q'"; bad=1; }
		done
	done
	return "$bad"
}

@test "README and docs/accelerators.md state the build order in the sweep's own words: every sweep line they quote is one it prints" {
	run build_order_claims "$LB_ROOT/README.md" "$LB_ROOT/docs/accelerators.md" "$LB_ROOT/docs/reading.md"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	# the order's lines are among those quoted, in both
	for f in README.md docs/accelerators.md; do
		doc_sweep_quotes "$LB_ROOT/$f" | grep -q '^sweep: the boots of the kernels ready now first, alone on the host; then the compiles (' ||
			{ echo "$f does not quote the order line"; false; }
		doc_sweep_quotes "$LB_ROOT/$f" | grep -q '^sweep: compiling .* now, with no boot running: ' ||
			{ echo "$f does not quote the compile line"; false; }
	done
	# and the code prints them
	[ "$(sweep_lines | grep -c 'the boots of the kernels ready now first\|^\^sweep: compiling ')" -eq 2 ]
	# the first rows' line is the table's own
	grep -q "printf 'SO FAR: the rows of %s of %s planned boots (the run goes on).\\\\n'" "$LB_ROOT/runners/table"
	grep -q '`SO FAR: the rows$' "$LB_ROOT/README.md"
}

@test "negative: the build-order lint fails on a quoted line the sweep does not print and on the old claim" {
	printf '%s\n' 'It says `sweep: building every kernel before any boot` first.' >"$BATS_TEST_TMPDIR/a.md"
	run build_order_claims "$BATS_TEST_TMPDIR/a.md"
	[ "$status" -eq 1 ]
	[ "$output" = "a.md: quotes a line the sweep does not print: sweep: building every kernel before any boot" ]
	printf '%s\n' '1. it builds every kernel first, then boots' 'the first (`sweep: compiling 6.1-voluntary now, with no' 'boot running: the next boot, 6.1-voluntary-1cpu, would be disturbed by them (log: x/boots/build.log)`).' >"$BATS_TEST_TMPDIR/b.md"
	run build_order_claims "$BATS_TEST_TMPDIR/b.md"
	[ "$status" -eq 1 ]
	[ "$output" = "b.md: an old build-order claim: 'builds every kernel first'" ]
}
