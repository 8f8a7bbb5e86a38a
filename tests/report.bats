#!/usr/bin/env bats
# runners/report (cover-letter table) and runners/plots + plots/*.gp, on the
# synthetic fixtures in tests/fixtures/results.

bats_require_minimum_version 1.5.0
setup_file() {
	ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
	make -s -C "$ROOT/stats" >&2
	# plots go inside the plots root only (runners/plots OUT=): here, this run's tmp
	export LB_PLOTS_ROOT=$BATS_RUN_TMPDIR
	# plots rendered once for the plot tests below
	export PLOTS_TCG=$BATS_FILE_TMPDIR/tcg PLOTS_IC=$BATS_FILE_TMPDIR/icount
	export PLOTS_KVM=$BATS_FILE_TMPDIR/kvm PLOTS_PRE=$BATS_FILE_TMPDIR/preempt
	"$ROOT/runners/plots" OUT="$PLOTS_TCG" RUN="$ROOT/tests/fixtures/results/fx-tcg" 2>"$BATS_FILE_TMPDIR/tcg.err"
	"$ROOT/runners/plots" OUT="$PLOTS_IC" RUN="$ROOT/tests/fixtures/results/fx-icount" 2>"$BATS_FILE_TMPDIR/icount.err"
	"$ROOT/runners/plots" OUT="$PLOTS_KVM" RUN="$ROOT/tests/fixtures/results/fx-pair-base" 2>/dev/null
	"$ROOT/runners/plots" OUT="$PLOTS_PRE" RUN="$ROOT/tests/fixtures/results/fx-preempt" 2>/dev/null
}

setup() {
	ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
	FX=$ROOT/tests/fixtures/results
	REPORT=$ROOT/runners/report
}

# table rows of a report: lines "  <variant> <ctx> <r/w> ..." under a header
rows() { awk '/^  variant /{ t = 1; next } /^$/ { t = 0 } t && /^  [a-z]/'; }

assert_width() {
	local long
	long=$(awk 'length > 72' <<<"$1")
	if [ -n "$long" ]; then
		echo "lines over 72 columns:" >&2
		echo "$long" >&2
		return 1
	fi
	if LC_ALL=C grep -q '[^ -~]' <<<"$1"; then
		echo "non-ASCII or control characters" >&2
		return 1
	fi
}

@test "known 10% shift (5 runs each, small noise): every row significant" {
	run "$REPORT" BASE="$FX/fx-pair-base" NEW="$FX/fx-pair-shift"
	[ "$status" -eq 0 ]
	r=$(rows <<<"$output")
	[ "$(wc -l <<<"$r")" -eq 8 ]
	# every row: positive change near +10%, marked '*', not in parentheses
	! grep -v -E ' \+(9|10)\.[0-9]+% \*$' <<<"$r" || false
}

@test "pair differing by noise only: nothing significant" {
	run "$REPORT" BASE="$FX/fx-pair-base" NEW="$FX/fx-pair-noise"
	[ "$status" -eq 0 ]
	r=$(rows <<<"$output")
	[ "$(wc -l <<<"$r")" -eq 8 ]
	! grep -q '\*$' <<<"$r" || false
	# every change printed in parentheses, inconclusive: with what it could have detected
	! grep -v -E '\([+-][0-9.]+%\) +>=[0-9.]+%$' <<<"$r" || false
	grep -q '^   inconclusive: in (parentheses), not significant: detect = the$' <<<"$output"
	# separate runs of a real-time accelerator: flagged, with what measures it
	grep -q '^WARNING: separate sweeps: base and new are two runs' <<<"$output"
	# the control: one run's two kernels (one sweep) are not flagged
	run "$REPORT" RUN="$ROOT/results/reference-icount" BASE=6.1 NEW=6.12
	[[ "$output" != *"WARNING: separate sweeps"* ]]
}

# first_warning LINE: $output's first line after the banner of an incomplete
# run, if any, is LINE, and every line fits 72 columns
first_warning() {
	local i=0
	[[ "${lines[0]}" != "INCOMPLETE RUN "* ]] || while [ -n "${lines[i]}" ] && [[ "${lines[i]}" != WARNING:* ]]; do i=$((i + 1)); done
	[ "$i" -le 3 ]
	[[ "${lines[i]}" == "$1" ]] || { echo "${lines[i]}"; false; }
	assert_width "$output"
}

@test "a report of low power says so in its first lines; one of enough power does not" {
	# reference-tcg: emulated times of a few runs: median detectable effect far above 5%
	run "$REPORT" RUN="$ROOT/results/reference-tcg" BASE=6.1 NEW=6.12
	[ "$status" -eq 0 ]
	first_warning "WARNING: low power (6.1.192 -> 6.12.118 6.12.118-debian): the median"
	# the control: the 10% shift pair (small noise) has the power
	run "$REPORT" BASE="$FX/fx-pair-base" NEW="$FX/fx-pair-shift"
	[[ "$output" != *"WARNING: low power"* ]]
}

@test "a table (and so a cover letter) of low power says so in its first lines; one of enough power does not" {
	# reference-tcg: its table's comparisons against the first kernel
	run "$ROOT/runners/table" RUN="$ROOT/results/reference-tcg"
	[ "$status" -eq 0 ]
	first_warning "WARNING: low power (the table, each kernel against the first): the"
	# the control: one run of two kernels, the second 10% slower with small noise
	d=$BATS_TEST_TMPDIR/pw
	mkdir -p "$d"
	sed 's/^kernels=.*/& 7.2.13/' "$FX/fx-pair-base/meta.txt" >"$d/meta.txt" # (the record names its rows' kernels)
	{
		cat "$FX/fx-pair-base/results.csv"
		awk -F, -v OFS=, 'NR > 1 { $1 = "7.2.13"; print }' "$FX/fx-pair-shift/results.csv"
	} >"$d/results.csv"
	run "$ROOT/runners/table" RUN="$d"
	[ "$status" -eq 0 ]
	[[ "$output" == *"2.12*"* ]] # compared, and found
	[[ "$output" != *"WARNING: low power"* ]]
}

@test "icount pair: exact, no test; equal values say same" {
	run "$REPORT" RUN="$FX/fx-icount" BASE=6.1 NEW=6.12
	[ "$status" -eq 0 ]
	r=$(rows <<<"$output")
	! grep -v -E ' =$' <<<"$r" || false
	grep -q -E '^  latch +task 1/0 .* -7\.32% =$' <<<"$r"
	grep -q -E '^  rcu +task 1/0 .* same =$' <<<"$r"
	[[ "$output" == *"exact: every run identical on both sides"* ]]
	[[ "$output" == *"guest instructions per op"* ]]
	[[ "$output" == *"never hardware results"* ]]
	[[ "$output" == *"(exact)"* ]]
}

@test "header names accel, vCPUs, kernels; tcg says emulated" {
	run "$REPORT" RUN="$FX/fx-tcg" BASE=6.1 NEW=6.12
	[ "$status" -eq 0 ]
	grep -q '^kernels: base 6.1.192, new 6.12.118$' <<<"$output"
	grep -q '^accel: tcg; vCPUs: 2$' <<<"$output"
	grep -q '^NOTE: tcg: times are emulated' <<<"$output"
	grep -q 'Welch.s t-test p < 0.05 AND |change|' <<<"$output"
}

@test "kernel selection: 6.1 does not match 6.12.x" {
	run "$REPORT" RUN="$FX/fx-tcg" BASE=6.1 NEW=6.1
	[ "$status" -eq 0 ]
	grep -q '^kernels: base 6.1.192, new 6.1.192$' <<<"$output"
	# below the run's table (every kernel of the run), the pair's report
	[[ "$(sed -n '/^=\{72\}$/,$p' <<<"$output")" != *6.12.118* ]]
	run "$REPORT" RUN="$FX/fx-tcg" BASE=6.12 NEW=6.1.192
	grep -q '^kernels: base 6.12.118, new 6.1.192$' <<<"$output"
	run "$REPORT" RUN="$FX/fx-tcg" BASE=6.2 NEW=6.12
	[ "$status" -ne 0 ]
}

# a report's table rows on one line each (a wide table puts the values on the next line)
joined() { awk '/^    / && p != "" { print p " " substr($0, 5); p = ""; next } { if (p != "") print p; p = /^  [a-z]/ ? $0 : "" } END { if (p != "") print p }'; }

@test "n=1 groups: insufficient runs" {
	run "$REPORT" RUN="$FX/fx-tcg" BASE=6.1 NEW=6.12
	grep -q -E '^  latch +task 1/0 +- +16\.48 +15\.97 +\(-3\.09%\) \?$' < <(joined <<<"$output")
	grep -q '^?  insufficient runs' <<<"$output"
	grep -q '^cyc2ns: in total latch vs seqlock: too few runs to test' <<<"$output"
}

@test "per-workload summary lines computed from the data" {
	run "$REPORT" RUN="$FX/fx-tcg" BASE=6.1 NEW=6.12
	grep -q '^tkfast: in total latch is [0-9.]*% faster than seqlock (significant) for 1$' <<<"$output"
	grep -q '^latchtree: in total latch is [0-9.]*% faster than rbtree-seqcount$' <<<"$output"
	# the real functions: in the table first, a row each
	grep -q '^  ktime_get_mono_fast_ns  *22.3  *22.0$' <<<"$output"
	run "$REPORT" BASE="$FX/fx-pair-base" NEW="$FX/fx-pair-shift"
	grep -q -E '^tkfast: in total latch is [0-9.]*% faster than seqlock \(significant\) for 1$' <<<"$output"
	grep -q -E '^  reader with 1 writer every 10 us \(6.12.118, kvm, 4 vCPUs\)$' <<<"$output"
}

@test "every report line <= 72 columns, plain ASCII" {
	for args in "RUN=$FX/fx-tcg BASE=6.1 NEW=6.12" "RUN=$FX/fx-icount BASE=6.1 NEW=6.12" \
		"BASE=$FX/fx-pair-base NEW=$FX/fx-pair-shift" "BASE=$FX/fx-pair-base NEW=$FX/fx-pair-noise" \
		"BASE=$FX/fx-tcg NEW=$FX/fx-tcg"; do
		# shellcheck disable=SC2086
		run "$REPORT" $args
		[ "$status" -eq 0 ]
		assert_width "$output"
	done
}

@test "width stays <= 72 with long names and huge values" {
	d=$BATS_TEST_TMPDIR/wide
	mkdir -p "$d"
	# a run without meta.txt is refused; the record names its rows' kernels
	sed 's/^kernels=.*/kernels=6.1.192 6.12.118/' "$FX/fx-pair-base/meta.txt" >"$d/meta.txt"
	# base rows as kernel 6.1.192 (x1000), new rows 6.12.118 (x123456)
	awk -F, -v OFS=, 'NR == 1 { print; next } {
		$4 = "ktime_get_mono_fast_ns_with_a_long_name"; $5 = "rbtree-seqcount"; $6 = "hardirq"
		$7 = 128; $8 = 64; $9 = ($9 == "none" ? "none" : 123456789)
		ns = $12 * (1 + ($10 % 3) * 0.4)
		$10 = NR # (the renamed configurations fall together: a run each, so no row is given twice)
		$1 = "6.1.192"; $12 = ns * 1000; print
		$1 = "6.12.118"; $12 = ns * 123456; print }' "$FX/fx-pair-base/results.csv" >"$d/results.csv"
	# the long name is one the run's own vocabulary has (names are checked against it)
	{ (. "$ROOT/runners/lib.sh" && lb_vocab table); echo "ktime_get_mono_fast_ns_with_a_long_name,rbtree-seqcount,tree,,x,sync,1,1"; } >"$d/vocab.csv"
	run "$REPORT" RUN="$d" BASE=6.1 NEW=6.12
	[ "$status" -eq 0 ]
	assert_width "$output"
}

@test "two runs with several kernels: rows matched per kernel" {
	run "$REPORT" BASE="$FX/fx-tcg" NEW="$FX/fx-tcg"
	[ "$status" -eq 0 ]
	grep -q '^== tcg, 2 vCPUs, kernel 6.1.192 ==$' <<<"$output"
	grep -q '^== tcg, 2 vCPUs, kernel 6.12.118 ==$' <<<"$output"
	# identical data: nothing significant
	! rows <<<"$output" | grep -q '\*$' || false
	run "$REPORT" KERNEL=6.12 BASE="$FX/fx-tcg" NEW="$FX/fx-tcg"
	[[ "$output" != *"kernel 6.1.192"* ]]
}

@test "usage errors" {
	run --separate-stderr "$REPORT" BASE="$FX/fx-tcg"
	[ "$status" -ne 0 ]
	[ "$stderr" = "report: error: BASE= and NEW= go together (report --help)" ]
	# the old spellings are gone: one line naming them
	run --separate-stderr "$REPORT" "$FX/fx-tcg"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "report: error: '$FX/fx-tcg': not a NAME=VALUE word (valid: RUN= BASE= NEW= KERNEL= FORMAT= OUT= -h --help)" ]]
	run --separate-stderr "$REPORT" --run "$FX/fx-tcg"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "report: error: '--run': not a NAME=VALUE word "* ]]
	run "$REPORT" BASE=no-such-run NEW="$FX/fx-tcg"
	[ "$status" -ne 0 ]
	[[ "$output" == *"no results.csv"* ]]
}

@test "OUT= writes the report to a file" {
	run "$REPORT" OUT="$BATS_TEST_TMPDIR/r.txt" BASE="$FX/fx-pair-base" NEW="$FX/fx-pair-shift"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	grep -q '^latchbench: run fx-pair-base -> run fx-pair-shift$' "$BATS_TEST_TMPDIR/r.txt"
}

@test "make-style arguments: RUN= alone compares oldest vs newest kernel" {
	run "$REPORT" RUN="$FX/fx-tcg"
	[ "$status" -eq 0 ]
	grep -q '^latchbench: 6.1.192 -> 6.12.118 (run fx-tcg)$' <<<"$output"
	run "$REPORT" RUN="$FX/fx-tcg" BASE=6.1 NEW=6.12
	grep -q '^kernels: base 6.1.192, new 6.12.118$' <<<"$output"
	run "$REPORT" BASE="$FX/fx-pair-base" NEW="$FX/fx-pair-shift"
	grep -q '^latchbench: run fx-pair-base -> run fx-pair-shift$' <<<"$output"
}

@test "one kernel in the run: table of medians, no change column" {
	run "$REPORT" RUN="$FX/fx-pair-base"
	[ "$status" -eq 0 ]
	grep -q '^latchbench: run fx-pair-base (one kernel: no comparison)$' <<<"$output"
	grep -q -E '^  variant +ctx +r/w period median runs$' <<<"$output"
	grep -q -E '^  latch +task 1/0 +- +1\.92 +5$' <<<"$output"
	assert_width "$output"
}

@test "preempt models get their own sections" {
	run "$REPORT" RUN="$FX/fx-preempt"
	[ "$status" -eq 0 ]
	grep -q '^preempt: voluntary full$' <<<"$output"
	grep -q '^== tcg, 2 vCPUs, preempt voluntary ==$' <<<"$output"
	grep -q '^== tcg, 2 vCPUs, preempt full ==$' <<<"$output"
	# a summary line per model (folded at 72 columns: read it joined)
	[[ "$(tr '\n' ' ' <<<"$output" | tr -s ' ')" == *"2 vCPUs, preempt full)"* ]]
	assert_width "$output"
}

# rt_like DIR OLDMODELS NEWMODELS: fx-icount with each kernel's rows once per
# model of its list (6.1.192 OLDMODELS, 6.12.118 NEWMODELS, space-separated)
rt_like() {
	mkdir -p "$1"
	sed 's/^kernels=.*/& 7.2.13/' "$FX/fx-icount/meta.txt" >"$1/meta.txt"
	awk -F, -v OFS=, -v om="$2" -v nm="$3" 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; print; next }
		{ n = split($H["kernel"] == "6.1.192" ? om : nm, m, " "); for (j = 1; j <= n; j++) { $H["preempt"] = m[j]; print } }' \
		"$FX/fx-icount/results.csv" >"$1/results.csv"
}

@test "two kernels with different model sets (as reference-icount-rt: one voluntary+rt, the other lazy+rt): the report's sections are the table's, voluntary paired with lazy; a pairing the rule refuses stays apart" {
	d=$BATS_TEST_TMPDIR/rt
	rt_like "$d" "rt voluntary" "lazy rt"
	run "$REPORT" RUN="$d"
	[ "$status" -eq 0 ]
	# the table on top (lbstats summary) and the report's body (lbstats sections) agree
	grep -q '^== icount, 2 vCPUs, preempt voluntary+lazy ==$' <<<"$output"
	grep -q '^== icount, 2 vCPUs, preempt voluntary->lazy ==$' <<<"$output"
	[ "$(grep -c '^== icount, 2 vCPUs, preempt rt ==$' <<<"$output")" -eq 2 ]
	[[ "$(tr '\n' ' ' <<<"$output" | tr -s ' ')" == *"NOTE: the sides ran different preemption models (voluntary->lazy;"* ]]
	! grep -q 'only in base' <<<"$output" || false
	# every configuration compared: the voluntary->lazy section's rows are fx-icount's own pair
	body=$(sed -n '/^latchbench: 6.1.192 -> 6.12.118/,$p' <<<"$output")
	[ "$(sed -n '/preempt voluntary->lazy ==$/,/^== /p' <<<"$body" | rows | wc -l)" -eq \
		"$("$REPORT" RUN="$FX/fx-icount" | sed -n '/^latchbench: /,$p' | rows | wc -l)" ]
	assert_width "$output"
	# control: 6.1 with two models the other lacks (voluntary, full): no pairing,
	# by the same rule in the table and the body; the unpaired rows are counted
	rt_like "$d.no" "full rt voluntary" "lazy rt"
	run "$REPORT" RUN="$d.no"
	[ "$status" -eq 0 ]
	! grep -q 'voluntary+lazy\|voluntary->lazy' <<<"$output" || false
	grep -q '^== icount, 2 vCPUs, preempt rt ==$' <<<"$output"
	grep -q 'configurations only in base, [0-9]* only in new: not shown' <<<"$output"
}

# ---- plots ----
@test "plots: every expected plot exists as non-empty PNG and valid SVG" {
	for name in tkfast-readers-nowriter tkfast-readers-writer tkfast-period tkfast-write \
		tkfast-latch-spread tkfast-seqlock-spread tkfast-rcu-spread tkfast-irq \
		latchtree-readers-writer latchtree-period latchtree-write latchtree-rwlock-spread \
		ktime_get_mono_fast_ns-readers-nowriter cyc2ns-latch-spread; do
		png=$PLOTS_TCG/$name.png svg=$PLOTS_TCG/$name.svg
		[ -s "$png" ] || { echo "missing $png" >&2; false; }
		[ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
		[ -s "$svg" ]
		if command -v xmllint >/dev/null; then
			xmllint --noout "$svg"
		else
			head -c 200 "$svg" | grep -q '<?xml' && grep -q '</svg>' "$svg"
		fi
	done
	# 19 plots (cyc2ns has one reader count: no readers curve, noted) +
	# the real functions across versions + the overview, x 2 formats
	[ "$(find "$PLOTS_TCG" -maxdepth 1 -name '*.png' | wc -l)" -eq 21 ]
	[ "$(find "$PLOTS_TCG" -maxdepth 1 -name '*.svg' | wc -l)" -eq 21 ]
	[ ! -e "$PLOTS_TCG/cyc2ns-readers-nowriter.png" ]
	grep -q 'cyc2ns-readers-nowriter: one reader count only (1): readers plot not drawn' "$BATS_FILE_TMPDIR/tcg.err"
}

@test "plots: gnuplot said nothing (no warnings) while rendering" {
	for log in "$PLOTS_TCG"/data/*.log "$PLOTS_IC"/data/*.log; do
		[ ! -s "$log" ] || { cat "$log" >&2; false; }
	done
	[ "$(grep -v '^plots: [0-9]* plots\|^plots: index page\|^plots: .*not drawn' "$BATS_FILE_TMPDIR/tcg.err")" = "" ]
}

@test "plots: a gnuplot warning fails the run" {
	gp=$BATS_TEST_TMPDIR/gp
	mkdir "$gp"
	cp "$ROOT"/plots/*.gp "$ROOT"/plots/data.awk "$gp"/
	# an empty data file: gnuplot warns "Skipping data file with no valid points", exit 0
	: >"$BATS_TEST_TMPDIR/empty.dat"
	printf "plot [0:1] '%s' using 1:2 notitle, x notitle\n" "$BATS_TEST_TMPDIR/empty.dat" >>"$gp/readers.gp"
	LATCHBENCH_GPDIR=$gp run "$ROOT/runners/plots" OUT="$BATS_TEST_TMPDIR/out" RUN="$FX/fx-pair-base"
	[ "$status" -ne 0 ]
	[[ "$output" == *"warnings"* ]]
}

@test "plots: titles name workload, accel and vCPUs; tcg plots say emulated" {
	for svg in "$PLOTS_TCG"/*.svg; do
		grep -q '(tcg, 2 vCPUs)' "$svg" || { echo "no accel/vCPUs in $svg" >&2; false; }
		grep -q 'TCG: times are emulated' "$svg" || { echo "no emulation note in $svg" >&2; false; }
	done
	grep -q 'tkfast: ns per op (emulated, TCG) vs readers' "$PLOTS_TCG/tkfast-readers-writer.svg"
	grep -q 'latchtree / rwlock: spread over runs' "$PLOTS_TCG/latchtree-rwlock-spread.svg"
	# kvm: real hardware timing, no emulation note, plain ns
	grep -q "(kvm, 4 vCPUs)" "$PLOTS_KVM/tkfast-period.svg"
	! grep -q "emulated" "$PLOTS_KVM"/*.svg || false
}

@test "plots: icount: y axis in guest instructions per op, no irq chart (noted)" {
	grep -q 'guest instructions per op' "$PLOTS_IC/tkfast-readers-nowriter.svg"
	grep -q 'icount: guest instructions (1 insn = 1 ns), emulated' "$PLOTS_IC/tkfast-period.svg"
	[ ! -e "$PLOTS_IC/tkfast-irq.png" ]
	grep -q 'no hardirq/nmi rows: outcome chart skipped' "$PLOTS_IC/NOTES.txt"
}

@test "plots: readers panels share one y range; period 0 plotted at the 'asap' tick" {
	v=$PLOTS_TCG/data/tkfast-readers-writer.vars.gp
	grep -q '^nk = 2$' "$v"
	grep -q '^klist = "6.1.192 6.12.118"$' "$v"
	grep -q '^set yrange \[0:ymax\]$' "$ROOT/plots/readers.gp"
	grep -q '^xticsdef = "set xtics (\\"asap\\" 100, \\"1us\\" 1000, \\"100us\\" 100000)"$' \
		"$PLOTS_TCG/data/tkfast-period.vars.gp"
}

@test "plots: data comes from lbstats summary (lb_summary: the run's vocabulary, the real-time columns)" {
	. "$ROOT/runners/lib.sh"
	diff "$PLOTS_TCG/data/summary.csv" <("$ROOT/build/lbstats" summary --rt -V <(lb_vocab table) "$FX/fx-tcg/results.csv")
}

@test "plots: run id resolution: unknown run is an error" {
	run "$ROOT/runners/plots" OUT="$BATS_TEST_TMPDIR/x" RUN=no-such-run-id
	[ "$status" -ne 0 ]
	[[ "$output" == *"no results.csv"* ]]
}

@test "plots: several preempt models: one plot set each, named and titled" {
	[ -s "$PLOTS_PRE/tcg-2cpu-voluntary-tkfast-period.png" ]
	[ -s "$PLOTS_PRE/tcg-2cpu-full-tkfast-period.svg" ]
	grep -q '(tcg, 2 vCPUs, preempt full)' "$PLOTS_PRE/tcg-2cpu-full-tkfast-period.svg"
}

@test "cover-letter: numbers block filled from a run's report, the rest of the letter unchanged" {
	cp -r "$ROOT/patches" "$BATS_TEST_TMPDIR/patches"
	export LB_PATCHES_DIR=$BATS_TEST_TMPDIR/patches
	run "$ROOT/runners/cover-letter" RUN="$FX/fx-tcg"
	[ "$status" -eq 0 ]
	for k in 6.1 6.12; do
		f=$LB_PATCHES_DIR/$k/0000-cover-letter.patch
		block=$(sed -n '/^<!-- latchbench-numbers-begin -->$/,/^<!-- latchbench-numbers-end -->$/p' "$f")
		# the run's table (runners/table), its legend, where the rest lives
		grep -q '^latchbench run fx-tcg$' <<<"$block"
		grep -q '^== tcg, 2 vCPUs ==$' <<<"$block"
		grep -q '^ns per read, emulated (TCG): not hardware results' <<<"$block"
		grep -q '^  latch ' <<<"$block"
		grep -q '^Cells: net cost over the control' <<<"$block"
		grep -q '^Full tables: results/fx-tcg/report.txt' <<<"$block"
		! grep -q 'filled by' <<<"$block" || false
		! awk 'length > 72' <<<"$block" | grep -q . || false
		# outside the block: byte for byte the committed letter
		cmp <(sed '/^<!-- latchbench-numbers-begin -->$/,/^<!-- latchbench-numbers-end -->$/d' "$f") \
			<(sed '/^<!-- latchbench-numbers-begin -->$/,/^<!-- latchbench-numbers-end -->$/d' "$ROOT/patches/$k/0000-cover-letter.patch")
	done
	# idempotent
	cp "$LB_PATCHES_DIR/6.12/0000-cover-letter.patch" "$BATS_TEST_TMPDIR/once"
	"$ROOT/runners/cover-letter" RUN="$FX/fx-tcg" KVER=6.12
	cmp "$BATS_TEST_TMPDIR/once" "$LB_PATCHES_DIR/6.12/0000-cover-letter.patch"
}

@test "cover-letter: the letter is not in the kernels' build stamp; bad input changes nothing" {
	# filling the numbers must not rebuild kernels: lb_series_hash skips 0000-*
	mkdir -p "$BATS_TEST_TMPDIR/root"
	cp -r "$ROOT/patches" "$BATS_TEST_TMPDIR/root/patches"
	h1=$(LB_ROOT=$BATS_TEST_TMPDIR/root bash -c ". '$ROOT/runners/lib.sh'; LB_ROOT=$BATS_TEST_TMPDIR/root; lb_series_hash 6.12")
	LB_PATCHES_DIR=$BATS_TEST_TMPDIR/root/patches "$ROOT/runners/cover-letter" RUN="$FX/fx-tcg" KVER=6.12
	h2=$(bash -c ". '$ROOT/runners/lib.sh'; LB_ROOT=$BATS_TEST_TMPDIR/root; lb_series_hash 6.12")
	[ "$h1" = "$h2" ]
	# ... while a change to a real patch does change it
	echo "# touched" >>"$BATS_TEST_TMPDIR/root/patches/6.12/0002-module-Export-__module_address.patch"
	h3=$(bash -c ". '$ROOT/runners/lib.sh'; LB_ROOT=$BATS_TEST_TMPDIR/root; lb_series_hash 6.12")
	[ "$h1" != "$h3" ]
	# a letter without the markers: refused by name, left as it was
	export LB_PATCHES_DIR=$BATS_TEST_TMPDIR/root/patches
	f=$LB_PATCHES_DIR/6.1/0000-cover-letter.patch
	sed -i '/latchbench-numbers-end/d' "$f"
	cp "$f" "$BATS_TEST_TMPDIR/before"
	run "$ROOT/runners/cover-letter" RUN="$FX/fx-tcg" KVER=6.1
	[ "$status" -ne 0 ]
	[[ "$output" == *"$f"*"latchbench-numbers-begin"* ]]
	cmp "$f" "$BATS_TEST_TMPDIR/before"
	run "$ROOT/runners/cover-letter" RUN=no-such-run KVER=6.12
	[ "$status" -ne 0 ]
	[[ "$output" == *"no results.csv"* ]]
}

# a copy of fixture $1 whose boots ran on clocksource $2 (start) and $3 (end)
clock_fixture() {
	local d=$BATS_TEST_TMPDIR/$1-$2-$3
	cp -r "$FX/$1" "$d"
	printf '6.12-voluntary-2cpu.clocksource_pinned=tsc\n6.12-voluntary-2cpu.clocksource=%s\n6.12-voluntary-2cpu.clocksource_end=%s\n' "$2" "$3" >>"$d/meta.txt"
	echo "$d"
}

@test "clocksources: sides on different clocksources, or one switching mid-run, are flagged; the same one is not" {
	a=$(clock_fixture fx-pair-base tsc tsc)
	b=$(clock_fixture fx-pair-shift hpet hpet)
	c=$(clock_fixture fx-pair-shift tsc tsc)
	d=$(clock_fixture fx-pair-shift tsc hpet)
	run "$REPORT" BASE="$a" NEW="$b"
	[ "$status" -eq 0 ]
	[[ "$output" == *"WARNING: the sides ran on different clocksources (base tsc, new hpet)"* ]]
	assert_width "$output"
	# negative control: the same clocksource on both sides is not flagged
	run "$REPORT" BASE="$a" NEW="$c"
	[ "$status" -eq 0 ]
	[[ "$output" != *"WARNING: the sides ran on different clocksources"* ]]
	[[ "$output" != *"WARNING: clocksource"* ]]
	[[ "$output" != *"WARNING: boots of one side ran on different clocksources"* ]]
	[[ "$output" == *"clocksource: tsc"* ]]
	run "$REPORT" BASE="$a" NEW="$d"
	flat=$(tr '\n' ' ' <<<"$output" | tr -s ' ')
	[[ "$flat" == *"WARNING: clocksource switched"* ]]
	[[ "$output" == *"mid-run (tsc -> hpet) in boot"* ]]
}

@test "net cost: every variant's cost over none of the same configuration, exact under icount" {
	"$ROOT/build/lbstats" summary "$FX/fx-icount/results.csv" >"$BATS_TEST_TMPDIR/s.csv"
	head -n 1 "$BATS_TEST_TMPDIR/s.csv" | grep -q ',path_mean,path_exact,net_none,net_ci95,net_basis,section,'
	run "$REPORT" RUN="$FX/fx-icount" BASE=6.1 NEW=6.12
	[ "$status" -eq 0 ]
	[[ "$output" == *"Net cost over unsynchronised reads (variant none)"* ]]
	assert_width "$output"
}

@test "a large change of a real function is explained from stats/explain.tsv, or called unexplained" {
	run "$REPORT" RUN="$ROOT/results/reference-icount" BASE=6.1 NEW=6.12
	[ "$status" -eq 0 ]
	[[ "$output" == *"Large changes of real kernel functions:"* ]]
	[[ "$output" == *"module_address 6.1 -> 6.12: +"*"code: 6.4's struct"* ]]
	assert_width "$output"
	# negative control: without the explanation the change is not hidden
	: >"$BATS_TEST_TMPDIR/none.tsv"
	LB_EXPLAIN=$BATS_TEST_TMPDIR/none.tsv run "$REPORT" RUN="$ROOT/results/reference-icount" BASE=6.1 NEW=6.12
	[[ "$output" == *"module_address 6.1 -> 6.12: +"*"unexplained"* ]]
	# a "*" line explains every function of its pair once, the others name the first
	run "$REPORT" RUN="$ROOT/results/reference-icount" BASE=6.12.118 NEW=6.12.118-debian
	[ "$status" -eq 0 ]
	[ "$(grep -c ' 6.12 -> 6.12: +[0-9.]*%. config: the same 6.12.118$' <<<"$output")" -eq 1 ]
	grep -q '^  sched_clock 6.12 -> 6.12: +[0-9.]*%. as ktime_get_mono_fast_ns above$' <<<"$output"
	[[ "$output" != *"unexplained"* ]]
}

@test "report, plots and compare without a run use the latest one and say which; none yet: a clear error" {
	r=$BATS_TEST_TMPDIR/results
	mkdir -p "$r"
	cp -r "$FX/fx-icount" "$r/fx-icount"
	export RESULTS=$r
	run --separate-stderr "$REPORT"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"no run yet ($r/latest): run 'make bench' first"* ]]
	ln -s fx-icount "$r/latest"
	run --separate-stderr "$REPORT"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"using the latest run: fx-icount"* ]]
	[[ "$output" == *"latchbench: 6.1.192 -> 6.12.118 (run fx-icount)"* ]]
	run --separate-stderr "$ROOT/runners/compare"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"comparing the kernels of run"* ]]
	[[ "$output" == *"(run fx-icount)"* ]]
	run --separate-stderr "$ROOT/runners/plots" OUT="$BATS_TEST_TMPDIR/p"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"using the latest run: fx-icount"* ]]
	ls "$BATS_TEST_TMPDIR/p"/*.png >/dev/null
}

# chromium headless: the index page's body tag after load (data-broken, data-images);
# its profile, crash reports and caches in the test's own directory, never $HOME
page_body() {
	HOME=$BATS_TEST_TMPDIR/chromium XDG_CONFIG_HOME=$BATS_TEST_TMPDIR/chromium/config \
		XDG_CACHE_HOME=$BATS_TEST_TMPDIR/chromium/cache chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$BATS_TEST_TMPDIR/chromium" --virtual-time-budget=10000 \
		--dump-dom "file://$1" 2>/dev/null | grep -o '<body[^>]*>'
}

@test "index page: plots grouped by question with captions, metadata and report; every image loads in a browser" {
	command -v chromium >/dev/null || skip "chromium missing (make deps installs it)"
	f=$PLOTS_IC/index.html
	[ -f "$f" ]
	grep -q '<h2 id="q1">Overview: the price of each synchronisation at a glance</h2>' "$f"
	grep -q 'across kernel versions' "$f"
	grep -q '<h2 id="meta">Metadata</h2>' "$f"
	grep -q '<td>accel</td><td>icount</td>' "$f"
	[ "$(grep -c '<figcaption>' "$f")" -eq "$(ls "$PLOTS_IC"/*.png | wc -l)" ]
	n=$(ls "$PLOTS_IC"/*.png | wc -l)
	run page_body "$f"
	[ "$output" = "<body data-broken=\"0\" data-images=\"$n\">" ]
	# negative control: a plot gone missing is seen as a broken image
	cp -r "$PLOTS_IC" "$BATS_TEST_TMPDIR/broken"
	rm "$BATS_TEST_TMPDIR/broken/overview.png"
	run page_body "$BATS_TEST_TMPDIR/broken/index.html"
	[ "$output" = "<body data-broken=\"1\" data-images=\"$n\">" ]
}

@test "plots: the overview (png, svg, pdf) and the across-versions plots exist; no title is wider than its image" {
	for f in overview.png overview.svg overview.pdf kernel-functions-versions.png tkfast-versions.png; do
		[ -s "$PLOTS_IC/$f" ] || { echo "missing $f"; false; }
	done
	head -c 5 "$PLOTS_IC/overview.pdf" | grep -q '%PDF-'
	for png in "$PLOTS_IC"/*.png "$PLOTS_TCG"/*.png; do
		b=${png%.png}; vars=$(dirname "$png")/data/$(basename "$b").vars.gp
		# PNG width: bytes 16..19 of the IHDR chunk, big-endian
		w=$(od -An -tu1 -j16 -N4 "$png" | awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }')
		t=$(sed -n 's/^maintitle = "\(.*\)"$/\1/p' "$vars" | sed 's/\\n/\n/g' | awk '{ if (length > m) m = length } END { print m + 0 }')
		[ "$w" -ge $((t * 7)) ] || { echo "$png: $w px for a title of $t characters"; false; }
	done
}

# three_kernels DIR MODEL: fx-icount plus a 7.2.13 kernel, a copy of its
# 6.12.118 rows run under MODEL, listed first (row order must not matter)
three_kernels() {
	mkdir -p "$1"
	sed 's/^kernels=.*/& 7.2.13/' "$FX/fx-icount/meta.txt" >"$1/meta.txt"
	awk -F, -v OFS=, -v model="$2" 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; print; next }
		{ r[NR] = $0 } $H["kernel"] == "6.12.118" { $H["kernel"] = "7.2.13"; $H["preempt"] = model; print }
		END { for (i = 2; i <= NR; i++) print r[i] }' "$FX/fx-icount/results.csv" >"$1/results.csv"
}

@test "three kernels in a run: one report per pair that changes one thing, in version order; two kernels: one" {
	d=$BATS_TEST_TMPDIR/three
	three_kernels "$d" voluntary
	run "$REPORT" RUN="$d"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^latchbench: ' <<<"$output")" -eq 2 ]
	[ "$(grep '^latchbench: ' <<<"$output" | head -n 1)" = "latchbench: 6.1.192 -> 6.12.118 (run three)" ] # a run is named by its directory
	[ "$(grep '^latchbench: ' <<<"$output" | tail -n 1)" = "latchbench: 6.12.118 -> 7.2.13 (run three)" ]
	[[ "$output" == *"Kernel pairs, one report each, each pair one change (the version, or the"* ]]
	[[ "$(tr '\n' ' ' <<<"$output")" == *"within a version): 6.1.192 -> 6.12.118, 6.12.118 -> 7.2.13."* ]]
	[[ "$output" == *"Oldest vs newest: report RUN=three BASE=6.1.192 NEW=7.2.13"* ]]
	# the copied kernel is the same as 6.12: every row of the second pair says same
	sed -n '/^latchbench: 6.12.118 -> 7.2.13/,/^====/p' <<<"$output" | grep -q 'same =$'
	! awk 'length > 72' <<<"$output" | grep -q . || false
	# -o writes the whole thing
	"$REPORT" RUN="$d" OUT="$BATS_TEST_TMPDIR/r.txt"
	[ "$(grep -c '^latchbench: ' "$BATS_TEST_TMPDIR/r.txt")" -eq 2 ]
	# control: two kernels give one report, no pair list
	run "$REPORT" RUN="$FX/fx-icount"
	[ "$(grep -c '^latchbench: ' <<<"$output")" -eq 1 ]
	[[ "$output" != *"Kernel pairs, one report each"* ]]
}

@test "faithful: each replica vs its real function per kernel, harness overhead; a difference over 3 is explained, within 3 is not" {
	F=$ROOT/runners/faithful
	run "$F" RUN="$FX/fx-icount"
	[ "$status" -eq 0 ]
	[[ "$output" == *"6.12.118 icount 2 vCPUs voluntary"* ]]
	grep -q -E '^  harness \(the timed loop alone\): tkfast 2 =$' <<<"$output"
	grep -q -E '^  tkfast +latch +38 = vs ktime_get_mono_fast_ns +44 =: real \+6$' <<<"$output"
	grep -q -E '^  tkfast +latch +41 = vs ktime_get_mono_fast_ns +46 =: real \+5$' <<<"$output"
	[[ "$output" == *"tkfast latch vs ktime_get_mono_fast_ns: the real function is called"* ]]
	! awk 'length > 72' <<<"$output" | grep -q . || false
	# the report carries the same lines
	run "$REPORT" RUN="$FX/fx-icount"
	[[ "$output" == *"Replicas vs the real functions they copy"* ]]
	grep -q -E '^  tkfast +latch +38 = vs ktime_get_mono_fast_ns +44 =: real \+6$' <<<"$output"
	# control: the real function 2 instructions over the replica: no explanation
	d=$BATS_TEST_TMPDIR/close
	mkdir -p "$d"
	cp "$FX/fx-icount/meta.txt" "$d/" # a run without meta.txt is refused
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; print; next }
		$H["workload"] == "ktime_get_mono_fast_ns" { $H["path_ns_per_op"] -= 4; $H["ns_per_op"] -= 4 } { print }' \
		"$FX/fx-icount/results.csv" >"$d/results.csv"
	run "$F" KERNEL=6.12 RUN="$d"
	[ "$status" -eq 0 ]
	grep -q -E 'ktime_get_mono_fast_ns +40 =: real \+2$' <<<"$output"
	[[ "$output" != *"Differences over 3"* ]]
	[[ "$output" != *"6.1.192"* ]]
	# a replica without a real counterpart says so
	printf 'x86_64\tschedclock\tlatch\t-\tno such function here.\n' >"$BATS_TEST_TMPDIR/r.tsv"
	sed 's/^\([^,]*,[^,]*,[^,]*,\)tkfast,/\1schedclock,/' "$d/results.csv" >"$d/r2.csv" && mv "$d/r2.csv" "$d/results.csv"
	LB_REPLICAS=$BATS_TEST_TMPDIR/r.tsv run "$F" KERNEL=6.12 RUN="$d"
	grep -q -E '^  schedclock +latch +38 =: no real counterpart$' <<<"$output"
	[[ "$output" == *"schedclock latch: no such function here."* ]]
}

@test "plots: kernels on different models (7.2 lazy) share the across-versions plots and the overview, ticks naming each model" {
	d=$BATS_TEST_TMPDIR/threem
	three_kernels "$d" lazy
	"$ROOT/runners/plots" OUT="$BATS_TEST_TMPDIR/p" RUN="$d" 2>/dev/null
	p=$BATS_TEST_TMPDIR/p
	[ -s "$p/icount-2cpu-tkfast-versions.png" ] && [ -s "$p/icount-2cpu-overview.pdf" ]
	grep -qF '\"6.1.192 voluntary\" 1, \"6.12.118 voluntary\" 2, \"7.2.13 lazy\" 3' "$p/data/icount-2cpu-tkfast-versions.vars.gp"
	grep -q 'preempt per kernel' "$p/icount-2cpu-tkfast-versions.svg"
	# no partial across-versions plots of one model only
	[ ! -e "$p/icount-2cpu-voluntary-tkfast-versions.png" ]
	[ ! -e "$p/icount-2cpu-voluntary-overview.png" ]
	# the per-model plots stay per model
	ls "$p"/icount-2cpu-lazy-* >/dev/null
	# control: one model throughout gives the plain names
	"$ROOT/runners/plots" OUT="$BATS_TEST_TMPDIR/q" RUN="$FX/fx-icount" 2>/dev/null
	[ -s "$BATS_TEST_TMPDIR/q/tkfast-versions.png" ]
}

# a copy of fixture $1 whose boot ran with mitigations $2 (name:state|...)
mit_fixture() {
	local d=$BATS_TEST_TMPDIR/$1-mit-$3
	cp -r "$FX/$1" "$d"
	printf '6.12-voluntary-2cpu.mitigations=%s\n' "$2" >>"$d/meta.txt"
	echo "$d"
}

@test "mitigations: sides with different CPU-vulnerability mitigations are flagged, naming the difference; the same ones are not" {
	a=$(mit_fixture fx-pair-base 'spectre_v2:Mitigation: Retpolines|retbleed:Mitigation: untrained return thunk' a)
	b=$(mit_fixture fx-pair-shift 'spectre_v2:Mitigation: Enhanced IBRS|retbleed:Mitigation: untrained return thunk' b)
	c=$(mit_fixture fx-pair-shift 'spectre_v2:Mitigation: Retpolines|retbleed:Mitigation: untrained return thunk' c)
	run "$REPORT" BASE="$a" NEW="$b"
	[ "$status" -eq 0 ]
	flat=$(tr '\n' ' ' <<<"$output" | tr -s ' ')
	[[ "$flat" == *"WARNING: the sides ran with different CPU-vulnerability mitigations (base spectre_v2:Mitigation: Retpolines; new spectre_v2:Mitigation: Enhanced IBRS): indirect calls and returns cost differently"* ]] ||
		{ echo "$output"; false; }
	assert_width "$output"
	# negative control: the same mitigations on both sides
	run "$REPORT" BASE="$a" NEW="$c"
	[ "$status" -eq 0 ]
	[[ "$output" != *mitigations* ]]
}

# a copy of fixture $1 whose boots ran at $2 MHz (start, end) with boost $3
mhz_fixture() {
	local d=$BATS_TEST_TMPDIR/$1-mhz-$4
	cp -r "$FX/$1" "$d"
	printf '6.12-voluntary-2cpu.host_cpu_mhz_start=%s\n6.12-voluntary-2cpu.host_cpu_mhz_end=%s\n6.12-voluntary-2cpu.host_boost=%s\n' \
		"${2%,*}" "${2#*,}" "$3" >>"$d/meta.txt"
	echo "$d"
}

@test "cpu frequency: sides whose boots ran more than 2% apart are flagged (lbstats compare of the readings), and a boost state that differs; within 2% they are not" {
	a=$(mhz_fixture fx-pair-base 3000,3000 off a)
	b=$(mhz_fixture fx-pair-shift 2900,2880 off b)
	c=$(mhz_fixture fx-pair-shift 2950,2960 off c)
	d=$(mhz_fixture fx-pair-shift 3000,3000 on d)
	run "$REPORT" BASE="$a" NEW="$b"
	[ "$status" -eq 0 ]
	flat=$(tr '\n' ' ' <<<"$output" | tr -s ' ')
	[[ "$flat" == *"WARNING: the host CPU ran at different frequencies for the two sides (median 3000 MHz base, 2890 MHz new: -3.7%): real-time rows compare different clock speeds"* ]] ||
		{ echo "$output"; false; }
	assert_width "$output"
	# within 2% (-1.5%): no warning
	run "$REPORT" BASE="$a" NEW="$c"
	[ "$status" -eq 0 ]
	[[ "$output" != *"different frequencies"* ]] || { echo "$output"; false; }
	[[ "$output" != *boost* ]]
	# the same frequency, boost on one side only
	run "$REPORT" BASE="$a" NEW="$d"
	flat=$(tr "\n" " " <<<"$output" | tr -s " ")
	[[ "$flat" == *"WARNING: the host CPU boost/turbo state differed between the sides (base off, new on)"* ]] || { echo "$output"; false; }
	[[ "$output" != *"different frequencies"* ]]
	# effective GHz (perf's cycles per ns of QEMU's CPU time, per boot): the same
	# MHz, 3.000 against 2.850 GHz (-5%) is flagged; against unknown (no PMU) not
	echo "6.12-voluntary-2cpu.effective_ghz=3.000" >>"$a/meta.txt"
	echo "6.12-voluntary-2cpu.effective_ghz=2.850" >>"$c/meta.txt"
	run "$REPORT" BASE="$a" NEW="$c"
	flat=$(tr "\n" " " <<<"$output" | tr -s " ")
	[[ "$flat" == *"WARNING: the host CPU ran at different effective clocks (QEMU's cycles per ns of CPU time, perf) for the two sides (median 3 GHz base, 2.85 GHz new: -5.0%)"* ]] || { echo "$output"; false; }
	sed -i 's/effective_ghz=2.850/effective_ghz=unknown/' "$c/meta.txt"
	run "$REPORT" BASE="$a" NEW="$c"
	[ "$status" -eq 0 ]
	[[ "$output" != *"effective clocks"* ]] || { echo "$output"; false; }
}

@test "a run under icount and uml: the report sets the two side by side (lbstats orders), once per kernel; one accelerator alone has no such block" {
	d=$BATS_TEST_TMPDIR/xa
	mkdir -p "$d"
	# the committed icount study and the committed uml one, as one run (the
	# uml rows under the icount study's columns, by name)
	awk -F, -v OFS=, 'NR == FNR { if (FNR == 1) { print; nh = split($0, H, ",") } else print; next }
		FNR == 1 { for (i = 1; i <= NF; i++) U[$i] = i; next }
		{ l = ""; for (i = 1; i <= nh; i++) l = l (i > 1 ? OFS : "") (H[i] in U ? $U[H[i]] : ""); print l }' \
		"$ROOT/results/reference-icount/results.csv" "$ROOT/results/reference-uml/results.csv" >"$d/results.csv"
	cp "$ROOT/results/reference-icount/meta.txt" "$d/"
	# (its record says so: meta.txt and rows that disagree are refused)
	(. "$ROOT/runners/lib.sh" && lb_meta_set "$d" accel "icount uml" && lb_meta_set "$d" rows "$(($(wc -l <"$d/results.csv") - 1))")
	run "$REPORT" RUN="$d"
	[ "$status" -eq 0 ]
	assert_width "$output"
	flat=$(tr '\n' ' ' <<<"$output" | tr -s ' ')
	[[ "$flat" == *"icount and uml side by side: the synchronised variants by their figure, cheapest first"* ]] || { echo "$output"; false; }
	# the 7.2 configurations both ran (reference-uml: 7.2.13, 2 vCPUs), each once
	[ "$(grep -c 'icount and uml side by side' <<<"$output")" -eq 1 ]
	[[ "$flat" == *"- 7.2.13, 2 vCPUs, tkfast, 2 readers, no writer: icount rcu<seqlock<latch<seqlock-excl; uml "* ]]
	[[ "$flat" =~ [0-9]+\ of\ [0-9]+\ configurations\ agree ]]
	# control: the icount study alone
	run "$REPORT" RUN=reference-icount
	[ "$status" -eq 0 ]
	[[ "$output" != *"side by side"* ]]
}

# --- one analysis: report, table and plots lay out the same lbstats figures ---
# W P (P in ns) of the first "1 writer back-to-back" / "2 writers every 10 us" (runners/lib.awk: lb_writers)
writers_wp() { grep -o '[0-9][0-9]* writers\? \(back-to-back\|every [0-9.]* [mun]s\)' | head -n 1 |
	awk '{ u = $NF == "ms" ? 1000000 : $NF == "us" ? 1000 : 1; print $1, ($3 == "back-to-back" ? 0 : $4 * u) }'; }
# ... of a workload's summary line in a report
report_cfg() { awk '/^Summary/ { s = 1; next } s && /^$/ { exit } s && /^  / { l = l " " substr($0, 3); next } s { if (l != "") print l; l = $0 } END { if (l != "") print l }' <<<"$1" |
	grep "^$2: " | grep -o 'with [0-9]* writers\? [^(]*' | writers_wp; }
# ... of a plot title "...; 1 writer every 1 us (...": the readers-writer plot
plot_cfg() { sed -n 's/^maintitle = .*; \([0-9]* writers\{0,1\} [^(]*\)(.*/\1/p' "$1" | writers_wp; }
# "variant kernel-index net" of the table's block "WL: 1 reader, no writer"
table_net() { awk -v wl="$2" '$0 ~ "^" wl ": [0-9]+ readers?, no writer" { t = 1; next } /^[^ ]/ { t = 0 }
	t { for (i = 2; i <= NF; i += 2) { x = $i; sub(/[=?].*|\+-.*/, "", x); print $1, i / 2, x + 0 } }' <<<"$1"; }
# the same from the versions plot's data: blocks in the order of vl
plot_net() { awk -v vl="$(sed -n 's/^vl = "\(.*\)"/\1/p' "$1.vars.gp")" 'BEGIN { n = split(vl, V, " ") }
	/^$/ { if (prev != "") b++; prev = ""; next } { prev = $0; print V[b + 1], $1, $2 + 0 }' "$1.dat"; }

@test "report, table and plots of one run name the same configuration and the same numbers (lbstats decides, they lay out)" {
	r=$("$REPORT" RUN="$FX/fx-icount")
	d=$PLOTS_IC/data
	# the reference writer configuration: the summary line and the plot agree
	[ -n "$(report_cfg "$r" tkfast)" ]
	[ "$(report_cfg "$r" tkfast)" = "$(plot_cfg "$d/tkfast-readers-writer.vars.gp")" ]
	# the net cost per variant and kernel: the report's table and the versions plot
	[ -n "$(table_net "$r" tkfast)" ]
	# (the versions plot leaves out the control, whose net is 0 by definition)
	diff <(table_net "$r" tkfast | awk '$1 != "none"' | sort) <(plot_net "$d/tkfast-versions" | sort)
	# the report starts with the table (runners/table), which also fills cover letters
	[ "$(head -n 1 <<<"$r")" = "latchbench run fx-icount" ]
	# negative control: another run's report disagrees with these plots
	o=$("$REPORT" RUN="$FX/fx-preempt")
	run ! diff <(table_net "$o" tkfast | awk '$1 != "none"' | sort) <(plot_net "$d/tkfast-versions" | sort)
}

@test "table: 72 columns, FORMAT=mmtests is compare-kernels' layout, a bad FORMAT is refused by name" {
	t=$("$ROOT/runners/table" RUN="$FX/fx-icount")
	assert_width "$t"
	grep -q '^  latch  *+13=  *41  *+10=  *38\*$' <<<"$t"
	m=$("$ROOT/runners/table" RUN="$FX/fx-icount" FORMAT=mmtests)
	# Amean / Stddev / CoeffVar rows; the first kernel at 0.00%, a significant gain starred
	grep -Eq '^Amean +tkfast-latch-r1 +41\.00 \(   0\.00%\) +38\.00 \*   7\.32%\*$' <<<"$m"
	grep -q '^Stddev ' <<<"$m"
	grep -q '^CoeffVar ' <<<"$m"
	run "$ROOT/runners/table" RUN="$FX/fx-icount" FORMAT=wide
	[ "$status" -ne 0 ]
	[[ $output == *"FORMAT=wide"* ]]
}

@test "plots of a committed reference run are generated, never tracked: make plots RUN=reference-uml makes them and its index" {
	# tracked under plots/: the gnuplot scripts and data.awk only
	[ -z "$(git -C "$ROOT" ls-files plots | grep -v -e '\.gp$' -e '^plots/data\.awk$')" ]
	# and the reference run keeps its evidence: rows, metadata, report
	for f in results.csv meta.txt report.txt; do
		git -C "$ROOT" ls-files --error-unmatch "results/reference-uml/$f" >/dev/null
	done
	LB_PLOTS_ROOT=$BATS_TEST_TMPDIR/plots run make -s -C "$ROOT" plots RUN=reference-uml
	[ "$status" -eq 0 ]
	d=$BATS_TEST_TMPDIR/plots/reference-uml
	[ -s "$d/index.html" ]
	[ "$(find "$d" -maxdepth 1 -name '*.png' | wc -l)" -gt 10 ]
	# every image the page names exists
	for img in $(grep -o 'src="[^"]*\.png"' "$d/index.html" | sed 's/^src="//; s/"$//'); do
		[ -s "$d/$img" ]
	done
}

# The layout is restructured from time to time (report.d/, lbstats doing
# more of the work): every committed report is what runners/report makes of
# its run today, byte for byte (make reference writes them so)
@test "every committed report.txt regenerates byte for byte from its run; a changed byte is caught" {
	n=0
	for d in "$ROOT"/results/reference-*; do
		[ -f "$d/report.txt" ] || continue
		"$REPORT" RUN="$d" >"$BATS_TEST_TMPDIR/report.txt"
		cmp "$d/report.txt" "$BATS_TEST_TMPDIR/report.txt" || { diff "$d/report.txt" "$BATS_TEST_TMPDIR/report.txt" | head -n 20; false; }
		n=$((n + 1))
	done
	[ "$n" -ge 3 ]
	# negative control: the comparison sees one changed byte
	sed '5s/./#/' "$d/report.txt" >"$BATS_TEST_TMPDIR/changed.txt"
	run ! cmp -s "$BATS_TEST_TMPDIR/changed.txt" "$BATS_TEST_TMPDIR/report.txt"
}

# the summary entries of a report, one per line (continuations joined)
summary_entries() { awk '/^Summary/ { s = 1; next } s && /^$/ { exit } s && /^  / { l = l " " substr($0, 3); next } s { if (l != "") print l; l = $0 } END { if (l != "") print l }' <<<"$1"; }

@test "summary lines state each figure's exactness once, beside the figure: never 'not exact' and 'exact' for one comparison" {
	r=$("$REPORT" RUN="$ROOT/results/reference-icount" BASE=6.1 NEW=6.12)
	e=$(summary_entries "$r")
	[ "$(wc -l <<<"$e")" -ge 4 ]
	# icount: latch net (its exactness), baseline net (its exactness), the total (its verdict)
	while IFS= read -r l; do
		[[ $l =~ ^[a-z0-9_]+:\ latch\ [+-][0-9.]+\ insns\ over\ unsynchronised\ \(([^()]*)\),\ [a-z-]+\ [+-][0-9.]+\ \(([^()]*)\)\;\ in\ total\ [^()]*\((exact|significant)\)\ for\ .*\)$ ]] ||
			[[ $l =~ ^[a-z0-9_]+:\ latch\ [+-][0-9.]+\ insns\ over\ unsynchronised\ \(([^()]*)\),\ [a-z-]+\ [+-][0-9.]+\ \(([^()]*)\)\;\ in\ total\ .*:\ inconclusive\ \( ]] || {
			echo "not one exactness per figure: $l" >&2
			false
		}
	done <<<"$e"
	# real time (kvm fixture): no figure is called exact
	r=$("$REPORT" BASE="$FX/fx-pair-base" NEW="$FX/fx-pair-shift")
	[ -n "$(summary_entries "$r")" ]
	! grep -qi exact <<<"$(summary_entries "$r")" || false
}

@test "readers on different CPUs that disagree are flagged (lbstats readers_disagree); readers that agree are not" {
	d=$BATS_TEST_TMPDIR/rd
	mkdir -p "$d"
	cp "$FX/fx-pair-base/meta.txt" "$d/"
	# reader_medians: 2-reader rows, the readers 10% apart with 1% intervals
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; print $0, "reader_medians"; next }
		{ m = $H["ns_per_op"]; print $0, ($H["readers"] < 2 ? "" : sprintf("0:%.3f:%.3f:%.3f+1:%.3f:%.3f:%.3f", m, m * 0.99, m * 1.01, m * 1.1, m * 1.09, m * 1.11)) }' \
		"$FX/fx-pair-base/results.csv" >"$d/results.csv"
	run "$REPORT" RUN="$d"
	[ "$status" -eq 0 ]
	grep -q 'WARNING: readers on different CPUs disagreed (their medians 95% intervals more than 1% apart) in 4 configurations' <<<"$(tr '\n' ' ' <<<"$output")"
	assert_width "$output"
	# control: the same readers 1% apart overlap
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; print $0, "reader_medians"; next }
		{ m = $H["ns_per_op"]; print $0, ($H["readers"] < 2 ? "" : sprintf("0:%.3f:%.3f:%.3f+1:%.3f:%.3f:%.3f", m, m * 0.99, m * 1.01, m * 1.01, m * 1.0, m * 1.02)) }' \
		"$FX/fx-pair-base/results.csv" >"$d/results.csv"
	run "$REPORT" RUN="$d"
	[ "$status" -eq 0 ]
	! grep -q 'readers on different CPUs' <<<"$output" || false
}

@test "a writer that missed its period by more than 1% is flagged (lbstats period_off); one within 1% is not" {
	d=$BATS_TEST_TMPDIR/late
	mkdir -p "$d"
	cp "$FX/fx-pair-base/meta.txt" "$d/"
	# achieved_period_ns: 10% late on every writer row
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; print $0, "achieved_period_ns"; next }
		{ p = $H["writer_period_ns"]; print $0, (p == "none" || p + 0 == 0 ? "" : p * 1.1) }' \
		"$FX/fx-pair-base/results.csv" >"$d/results.csv"
	run "$REPORT" RUN="$d"
	[ "$status" -eq 0 ]
	grep -q '^WARNING: the writer missed its period by more than 1%' <<<"$output"
	# (the warning is folded at 72 columns: read it joined)
	grep -q 'in 4 configurations (nominal: achieved, e.g. 6.12.118 tkfast 10000 ns: 11000 ns' <<<"$(tr '\n' ' ' <<<"$output")"
	assert_width "$output"
	# control: 0.5% late is within 1%: no warning
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; print $0, "achieved_period_ns"; next }
		{ p = $H["writer_period_ns"]; print $0, (p == "none" || p + 0 == 0 ? "" : p * 1.005) }' \
		"$FX/fx-pair-base/results.csv" >"$d/results.csv"
	run "$REPORT" RUN="$d"
	[ "$status" -eq 0 ]
	! grep -q 'missed its period' <<<"$output" || false
}

# xtics NAME.vars.gp P: panel P's x labels, one per line, in position order
xtics() { sed -n "s/^xt$2 = \"set xtics (\\(.*\\)) rotate.*/\\1/p" "$1" | grep -o '\\"[^\\]*\\"' | tr -d '\\"'; }

@test "plots: the overview lists each panel's synchronised variants in the table's order, whatever the rows' order; real-time bars carry their interval, icount's exact ones none" {
	run_=$BATS_TEST_TMPDIR/uml
	cp -r "$ROOT/results/reference-uml" "$run_"
	# the rows reversed: the panels' order must come from the table, not the rows
	{ head -n 1 "$ROOT/results/reference-uml/results.csv"; tail -n +2 "$ROOT/results/reference-uml/results.csv" | tac; } >"$run_/results.csv"
	"$ROOT/runners/plots" OUT="$BATS_TEST_TMPDIR/p" RUN="$run_" 2>/dev/null
	vars=$BATS_TEST_TMPDIR/p/data/overview.vars.gp
	# each replica's synchronised variants, from the run's vocabulary by role and order
	want() { awk -F, -v w="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["workload"] == w && $c["role"] == "sync" { print $c["order"], $c["variant"] }' "$run_/vocab.csv" | sort -n | cut -d' ' -f2; }
	np=$(sed -n 's/^np = //p' "$vars")
	[ "$np" -eq 4 ]
	for p in 1 2 3; do
		t=$(sed -n "s/^pt$p = \"\\([a-z]*\\): .*/\\1/p" "$vars")
		[ "$(xtics "$vars" "$p")" = "$(want "$t")" ] || { echo "panel $p ($t): $(xtics "$vars" "$p" | paste -sd' ')"; false; }
		grep -qx "eb$p = 1" "$vars"
	done
	# the real functions in the table's order too
	[ "$(xtics "$vars" 4 | paste -sd' ')" = "ktime_get_mono_fast_ns ktime_get_ns" ]
	# each bar's third column is its interval, positive under real time
	awk 'NF == 3 && $1 > 0 && $3 > 0 { n++ } END { exit !(n > 0) }' "$BATS_TEST_TMPDIR/p/data/overview.dat"
	# icount: every figure exact, no interval drawn
	! grep -q '^eb[0-9]* = 1$' "$PLOTS_IC/data/overview.vars.gp" || false
	grep -q '^eb1 = 0$' "$PLOTS_IC/data/overview.vars.gp"
}

# blocks_apart TABLE: each block of a runners/table text (the line of kernel
# names after a blank line) that holds a kernel of a version whose patched
# kernel the section has, without that patched kernel; prints each and fails
blocks_apart() {
	awk '
		/^== / { sec = $0; split("", have); nblk = 0; next }
		prev == "" && $1 ~ /^[0-9]+\.[0-9]+/ {
			nblk++; n[nblk] = NF
			for (i = 1; i <= NF; i++) { K[nblk, i] = $i; v = $i; sub(/[-+].*/, "", v); if (v == $i) have[v] = 1 }
			S[nblk] = sec
		}
		{ prev = $0 }
		/^Cells: / {
			for (b = 1; b <= nblk; b++) {
				split("", inb)
				for (i = 1; i <= n[b]; i++) inb[K[b, i]] = 1
				for (i = 1; i <= n[b]; i++) {
					v = K[b, i]; sub(/[-+].*/, "", v)
					if (v != K[b, i] && (v in have) && !(v in inb)) { print S[b] ": " K[b, i] " without " v; bad = 1 }
				}
			}
			nblk = 0
		}
		END { exit bad }' "$1"
}

@test "reference-icount: every table block sets a version's stock and distro kernels beside its patched one; every report pair changes one thing" {
	ref=$ROOT/results/reference-icount
	"$ROOT/runners/table" RUN="$ref" >"$BATS_TEST_TMPDIR/t"
	blocks_apart "$BATS_TEST_TMPDIR/t"
	# the stock kernel is in it, at both vCPU counts, first blocks included
	[ "$(grep -c '^ *6\.12\.118 *6\.12\.118-debian$' "$BATS_TEST_TMPDIR/t")" -ge 2 ]
	# the committed report's pairs: each changes the version alone, or the
	# config or boot within a version
	grep '^latchbench: .* -> ' "$ref/report.txt" | sed 's/^latchbench: \([^ ]*\) -> \([^ ]*\) .*/\1 \2/' >"$BATS_TEST_TMPDIR/pairs"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/pairs")" -eq 8 ]
	while read -r a b; do
		va=${a%%[-+]*} vb=${b%%[-+]*}
		if [ "$va" != "$vb" ]; then
			[ "$a" = "$va" ] && [ "$b" = "$vb" ] || { echo "$a -> $b: version and config at once"; false; }
		else
			# within a version: one suffix more (a config, or a boot parameter)
			[ "$b" = "$a-${b#"$a"-}" ] || [ "$b" = "$a+${b#"$a"+}" ] || { echo "$a -> $b: two changes"; false; }
		fi
	done <"$BATS_TEST_TMPDIR/pairs"
	# and the report makes them so today
	cmp <(grep '^latchbench: ' "$ref/report.txt") <("$ROOT/runners/report" RUN="$ref" | grep '^latchbench: ')
}

@test "negative: the block check fails on the old layout (6.1 and 6.12 in one block, 6.12's stock kernel in the next)" {
	printf '%s\n' '== icount, 1 vCPU ==' '' '                 6.1.192     6.12.118' 'x' '' \
		'         6.12.118-debian       7.2.13' 'x' 'Cells: ...' >"$BATS_TEST_TMPDIR/old"
	run blocks_apart "$BATS_TEST_TMPDIR/old"
	[ "$status" -eq 1 ]
	[ "$output" = "== icount, 1 vCPU ==: 6.12.118-debian without 6.12.118" ]
}

# kernels_apart VARS...: each versions plot (its vars file's x axis,
# xticsdef) where a version's kernels do not stand together, its patched
# kernel first: prints each and fails
kernels_apart() {
	local f
	for f; do
		sed -n 's/^xticsdef = "set xtics (\(.*\))"$/\1/p' "$f" | grep -o '\\"[^\\]*\\"' | tr -d '\\"' |
			awk -v f="${f##*/}" '
				{ k[NR] = $1; v[NR] = $1; sub(/[-+].*/, "", v[NR]); if (v[NR] == k[NR]) patched[v[NR]] }
				END {
					for (i = 1; i <= NR; i++) {
						if (i > 1 && v[i] == v[i - 1]) continue
						if (v[i] in seen) { print f ": " k[i] " apart from " v[i]; bad = 1 }
						else if (v[i] != k[i] && (v[i] in patched)) { print f ": " k[i] " before " v[i]; bad = 1 }
						seen[v[i]]
					}
					exit bad
				}' || return 1
	done
}

@test "reference-icount: every versions plot sets a version's stock and distro kernels beside its patched one, at every vCPU count" {
	ref=$ROOT/results/reference-icount
	"$ROOT/runners/plots" RUN="$ref" OUT="$BATS_TEST_TMPDIR/p" >/dev/null
	ls "$BATS_TEST_TMPDIR"/p/data/icount-[12]cpu-*-versions.vars.gp >"$BATS_TEST_TMPDIR/groups"
	# both vCPU counts, each workload group
	grep -q 1cpu-tkfast-versions "$BATS_TEST_TMPDIR/groups"
	grep -q 2cpu-tkfast-versions "$BATS_TEST_TMPDIR/groups"
	grep -q 1cpu-kernel-functions-versions "$BATS_TEST_TMPDIR/groups"
	mapfile -t groups <"$BATS_TEST_TMPDIR/groups"
	kernels_apart "${groups[@]}"
	# the stock kernel is on every group's axis, right after the patched one
	for g in "${groups[@]}"; do
		grep -q '\\"6\.12\.118 [a-z]*\\" [0-9]*, \\"6\.12\.118-debian [a-z]*\\"' "$g" || { echo "$g: $(grep xticsdef "$g")"; false; }
	done
}

@test "negative: the plot check fails where a stock kernel stands apart or before its patched kernel" {
	printf '%s\n' 'xticsdef = "set xtics (\"6.1.192 voluntary\" 1, \"6.12.118 voluntary\" 2, \"6.1.192-debian voluntary\" 3)"' >"$BATS_TEST_TMPDIR/apart.vars.gp"
	printf '%s\n' 'xticsdef = "set xtics (\"6.12.118-debian voluntary\" 1, \"6.12.118 voluntary\" 2)"' >"$BATS_TEST_TMPDIR/before.vars.gp"
	printf '%s\n' 'xticsdef = "set xtics (\"6.1.192 voluntary\" 1, \"6.1.192-debian voluntary\" 2, \"6.12.118 voluntary\" 3)"' >"$BATS_TEST_TMPDIR/good.vars.gp"
	run kernels_apart "$BATS_TEST_TMPDIR/apart.vars.gp"
	[ "$status" -eq 1 ]
	[ "$output" = "apart.vars.gp: 6.1.192-debian apart from 6.1.192" ]
	run kernels_apart "$BATS_TEST_TMPDIR/before.vars.gp"
	[ "$status" -eq 1 ]
	[[ "$output" == *"before.vars.gp: 6.12.118-debian "* ]] || { echo "$output"; false; }
	kernels_apart "$BATS_TEST_TMPDIR/good.vars.gp"
}

@test "layouts word each accelerator from its row of the table (lbstats accels): a scratch accelerator costs one row, and no layout names one" {
	local tab scratch out
	tab=$("$ROOT/build/lbstats" accels)
	# a scratch accelerator: real time, not exact, its own wording in every column
	scratch=$(printf 'scr\t1\t0\t1\t1\tx86\tmedian_ns_per_op\tscr ns\t10\t1\t0.1\tSCR: a scratch guest\tscr-ns\tsns\t (SCR axis)\t, scratch table tail\tscratch caveat.\tscratch brief.')
	out=$(awk -v accels="$tab"$'\n'"$scratch" -f "$ROOT/runners/lib.awk" -f /dev/stdin <<'AWK'
BEGIN {
	print lb_accel_unitline("scr", "read")
	print lb_accel_perop("scr", "op")
	print lb_accel("scr", "short")
	printf "%s", lb_accel_notes("scr icount", "report_note", "NOTE: ", "      ", 69)
	printf "%s", lb_accel_notes("scr", "brief_note", "", "", 72)
	print lb_accel_names("realtime", "", ", ")
	print lb_accel_hardware("scr") lb_accel_hardware("kvm")
	print lb_accel_unitline("kvm", "read")
}
AWK
)
	echo "$out"
	[ "$(sed -n 1p <<<"$out")" = "scr ns per read, scratch table tail" ]
	[ "$(sed -n 2p <<<"$out")" = "scr-ns per op (SCR axis)" ]
	[ "$(sed -n 3p <<<"$out")" = "sns" ]
	# the exact accelerator's note first, then the table's order
	[ "$(sed -n 4p <<<"$out")" = "NOTE: icount: guest instructions per op (1 insn = 1 ns), emulated," ]
	grep -qx 'NOTE: scr: scratch caveat.' <<<"$out"
	grep -qx 'scr: scratch brief.' <<<"$out"
	grep -qx 'kvm, uml, scr' <<<"$out"
	grep -qx '01' <<<"$out"
	grep -qx 'ns per read in a kvm guest' <<<"$out"
	# the layouts test no accelerator by name: each wording comes from the table
	run grep -nE '"(kvm|tcg|icount|uml)"|/(kvm|tcg|icount|uml)/' "$ROOT"/runners/report.d/*.awk "$ROOT/plots/data.awk" "$ROOT/runners/lib.awk"
	echo "$output"
	[ "$status" -eq 1 ]
}

@test "a run id too long for one line: the table cuts it between kernels within 72 columns, the report too (the sweep's first rows of a long KERNELS list)" {
	d=$BATS_TEST_TMPDIR/20261207-200009-vm-6.1+6.12+7.2+6.1-debian+6.12-debian+6.12-distro-icount
	cp -a "$FX/fx-icount" "$d"
	run --separate-stderr "$ROOT/runners/table" RUN="$d"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	[ "${lines[0]}" = "latchbench run 20261207-200009-vm-6.1+6.12+7.2+6.1-debian+6.12-debian+" ]
	[ "${lines[1]}" = "  6.12-distro-icount" ]
	assert_width "$output"
	run --separate-stderr "$REPORT" RUN="$d"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	assert_width "$output"
}
