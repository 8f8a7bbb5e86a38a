#!/usr/bin/env bats
# stats/lbstats: C unit tests (tests/stats_test.c) and the CLI.

setup_file() {
	ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
	make -s -C "$ROOT/stats" all "$ROOT/build/stats_test" >&2
}

setup() {
	ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
	LB=$ROOT/build/lbstats
	FX=$ROOT/tests/fixtures/results
}

# field NAME of a TSV/CSV header+one-row output
field() { awk -F"$2" -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } { print $h[n]; exit }'; }

@test "C unit tests pass (hand-computed and published values)" {
	run "$ROOT/build/stats_test"
	[ "$status" -eq 0 ]
	[[ "$output" == *"checks passed"* ]]
	[[ "$output" != *FAIL* ]]
}

@test "C unit tests can fail: a wrong expected value gives nonzero exit" {
	gcc -DLB_SABOTAGE -I"$ROOT/stats" -o "$BATS_TEST_TMPDIR/sab" \
		"$ROOT/tests/stats_test.c" "$ROOT/stats/stats.c" -lgsl -lgslcblas -lm
	run "$BATS_TEST_TMPDIR/sab"
	[ "$status" -ne 0 ]
	[[ "$output" == *"FAIL mean s8"* ]]
}

@test "the module's order statistics (bench-module/order.h) are unit-tested, and the test can fail" {
	run "$ROOT/build/stats_test"
	[ "$status" -eq 0 ]
	[ "$(grep -c 'order:' "$ROOT/tests/stats_test.c")" -ge 14 ]
	gcc -DLB_SABOTAGE_ORDER -I"$ROOT/stats" -o "$BATS_TEST_TMPDIR/sab" \
		"$ROOT/tests/stats_test.c" "$ROOT/stats/stats.c" -lgsl -lgslcblas -lm
	run "$BATS_TEST_TMPDIR/sab"
	[ "$status" -ne 0 ]
	[[ "$output" == *"FAIL order: p99 of 1..100: got 99, want 100"* ]]
}

@test "compare: R sleep data Welch test (t=-1.8608, df=17.776, p=0.07939)" {
	run "$LB" compare 0.7,-1.6,-0.2,-1.2,-0.1,3.4,3.7,0.8,0.0,2.0 1.9,0.8,1.1,0.1,-0.1,4.4,5.5,1.6,4.6,3.4
	[ "$status" -eq 0 ]
	[ "$(field t '\t' <<<"$output" | cut -c1-7)" = "-1.8608" ]
	[ "$(field df '\t' <<<"$output" | cut -c1-6)" = "17.776" ]
	[ "$(field p '\t' <<<"$output" | cut -c1-7)" = "0.07939" ]
	# not significant is inconclusive, never "same": with what it could have detected
	[ "$(field verdict '\t' <<<"$output")" = "inconclusive" ]
	# mde = (t(0.975, df) + t(0.8, df)) * se, se = |mean diff| / |t| = 1.58 / 1.8608
	se=$(awk 'BEGIN { print 1.58 / 1.8608 }')
	awk -v m="$(field mde '\t' <<<"$output")" -v se="$se" 'BEGIN { exit !(m > (2.1 + 0.86) * se && m < (2.11 + 0.87) * se) }'
}

@test "compare: n=1 -> stddev and p NA, insufficient" {
	run "$LB" compare 5 6
	[ "$status" -eq 0 ]
	[ "$(field sd_base '\t' <<<"$output")" = NA ]
	[ "$(field p '\t' <<<"$output")" = NA ]
	[ "$(field verdict '\t' <<<"$output")" = insufficient ]
}

@test "compare: n=2 -> p computed but fewer than 3 runs: insufficient" {
	run "$LB" compare 100,100.1 150,150.1
	[ "$status" -eq 0 ]
	[ "$(field p '\t' <<<"$output")" != NA ]
	[ "$(field verdict '\t' <<<"$output")" = insufficient ]
}

@test "compare: zero variance both sides -> exact, no test" {
	run "$LB" compare 41.25,41.25,41.25 41.25,41.25,41.25
	[ "$(field verdict '\t' <<<"$output")" = exact-same ]
	[ "$(field p '\t' <<<"$output")" = NA ]
	run "$LB" compare 41.25,41.25,41.25 38.5,38.5,38.5
	[ "$(field verdict '\t' <<<"$output")" = exact-diff ]
	[ "$(field change_pct '\t' <<<"$output" | cut -c1-6)" = "-6.666" ]
}

@test "compare: 10% shift significant, 0.5% shift below the 1% threshold" {
	run "$LB" compare 100,101,99,100.5,99.5 110,111,109,110.5,109.5
	[ "$(field verdict '\t' <<<"$output")" = significant ]
	run "$LB" compare 100,100.1,99.9,100,100 100.5,100.6,100.4,100.5,100.5
	[ "$(field verdict '\t' <<<"$output")" = inconclusive ]
	# what it could have seen: at least the rule's 1%
	[ "$(field mde_pct '\t' <<<"$output")" = 1 ]
}

@test "compare: a 5th field (real time: the clock's quantum) turns exactness off; near-zero rows compare in ns; the median mde is said last" {
	# equal values under real time: below the clock's resolution, not exact-same
	k() { printf 'k\tbase\t%s\tr%s\t0.128\n' 50.176 1 50.176 2 50.176 3; printf 'k\tnew\t%s\tr%s\t0.128\n' 50.176 1 50.176 2 50.176 3; }
	run "$LB" compare < <(k)
	[ "$status" -eq 0 ]
	[ "$(field verdict '\t' <<<"$output")" = inconclusive ] || { echo "$output"; false; }
	[ "$(field quantum '\t' <<<"$output")" = 0.128 ]
	# the control: the same values without a quantum are exact
	run "$LB" compare < <(k | cut -f1-4)
	[ "$(field verdict '\t' <<<"$output")" = exact-same ]
	# a quantised but noisy side is not exact either
	run "$LB" compare < <(k; printf 'k\tnew\t50.304\tr4\t0.128\n')
	[ "$(field verdict '\t' <<<"$output")" = inconclusive ]
	# near zero (the harness alone): compared in ns, no percentage of it
	run "$LB" compare < <(printf 'e\tbase\t%s\tr%s\t0.064\n' 0.256 1 0.256 2 0.384 3; printf 'e\tnew\t%s\tr%s\t0.064\n' 0.384 1 0.512 2 0.384 3)
	[ "$(field near_zero '\t' <<<"$output")" = 1 ]
	[ "$(field mde_pct '\t' <<<"$output")" = NA ]
	[ "$(field diff '\t' <<<"$output" | cut -c1-5)" = 0.128 ]
	[ "${lines[${#lines[@]} - 1]}" = "# comparisons=1 tested_pct=0 mde_median_pct=NA mde_warn_pct=5 mde_warning=0" ]
	# a noisy comparison's median mde above 5%: mde_warning=1
	run "$LB" compare < <(printf 'n\tbase\t%s\n' 100 130 80 110; printf 'n\tnew\t%s\n' 105 90 125 100)
	[[ "${lines[${#lines[@]} - 1]}" == "# comparisons=1 tested_pct=1 mde_median_pct="*" mde_warning=1" ]]
	run "$LB" compare < <(printf 'k\tbase\t1\tr1\tx\n')
	[ "$status" -ne 0 ]
	[[ "$output" == *"quantum (5th field) not a number >= 0: 'x'"* ]]
}

@test "compare: keyed stdin stream, keys in first-appearance order" {
	run "$LB" compare < <(printf 'b\tbase\t1\na\tnew\t2\nb\tnew\t1\na\tbase\t2\n')
	[ "$status" -eq 0 ]
	[ "${lines[1]%%$'\t'*}" = b ]
	[ "${lines[2]%%$'\t'*}" = a ]
	run "$LB" compare < <(printf 'x\tother\t1\n')
	[ "$status" -ne 0 ]
}

@test "rule: >= 3 runs, alpha 0.05, 1% change" {
	run "$LB" rule
	[ "$output" = $'min_runs=3\nalpha=0.05\nmin_change_pct=1\npower=0.8\nnear_zero_ns=1\nnear_zero_quanta=10\nmde_warn_pct=5\nestimator.kvm=median_ns_per_op\nestimator.tcg=path_ns_per_op\nestimator.icount=path_ns_per_op\nestimator.uml=median_ns_per_op\nestimator.realtime=median_ns_per_op' ]
}

@test "summary: header and one row per group" {
	run "$LB" summary "$FX/fx-tcg/results.csv"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,n,mean,median,stddev,rsd_pct,min,p25,p75,max,ci95_lo,ci95_hi,retries_per_1k,torn_mean,ns_per_write_mean,interrupts_delivered_sum,interrupted_mid_write_sum,completed_sum,would_deadlock_sum,max_spin_max,deferral_ns_mean,preempt,path_mean,path_exact,net_none,net_ci95,net_basis,section,value,value_ci95,value_sd,value_cv_pct,value_basis,exact,role,order,rank,baseline,ref_writer,ref_read,vs_baseline_pct,vs_baseline_verdict,kernel_first,vs_first_pct,vs_first_verdict,mm_amean_gain_pct,mm_stddev_gain_pct,mm_coeffvar_gain_pct,cmp_unit,cmp_n,vs_baseline_mde_pct,vs_baseline_mde,vs_first_mde_pct,vs_first_mde,quantum_ns,value_min,value_p25,value_median,value_p75,value_max,accel_other,order_here,order_other,order_verdict,arch" ]
	groups=$(awk -F, 'NR > 1 { print $1, $2, $3, $4, $5, $6, $7, $8, $9 }' "$FX/fx-tcg/results.csv" | sort -u | wc -l)
	[ "$(( ${#lines[@]} - 1 ))" -eq "$groups" ]
}

@test "summary: hand-checked statistics of a small group" {
	csv="$BATS_TEST_TMPDIR/r.csv"
	{
		echo "kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,read_ops,ns_per_op,retries"
		r=0
		for x in 1:10 2:20 3:0 4:40 10:30; do
			echo "6.12.1,kvm,1,tkfast,latch,task,1,0,none,$r,1000,${x%:*},${x#*:}"
			r=$((r + 1))
		done
	} >"$csv"
	run "$LB" summary "$csv"
	[ "$status" -eq 0 ]
	# mean 4, median 3, sd sqrt(50/4)=3.5355339, p25 2, p75 4,
	# CI 4 -+ 2.7764451*3.5355339/sqrt(5) = 4 -+ 4.3899..., retries/1k mean 20
	row=$(printf '%s\n' "${lines[@]}")
	[ "$(field mean , <<<"$row")" = 4 ]
	[ "$(field median , <<<"$row")" = 3 ]
	[ "$(field stddev , <<<"$row" | cut -c1-8)" = 3.535533 ]
	[ "$(field p25 , <<<"$row")" = 2 ]
	[ "$(field p75 , <<<"$row")" = 4 ]
	[ "$(field ci95_hi , <<<"$row" | cut -c1-6)" = 8.3899 ]
	[ "$(field retries_per_1k , <<<"$row")" = 20 ]
	[ "$(field torn_mean , <<<"$row")" = "" ]
}

@test "summary: a stress row (write_dwell_ns > 0) is refused, dwell 0 is a measurement" {
	csv="$BATS_TEST_TMPDIR/d.csv"
	hdr="kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,read_ops,ns_per_op,preempt,write_dwell_ns"
	printf '%s\n%s\n' "$hdr" "6.12.1,tcg,2,tkfast,none,task,1,1,0,0,1000,50,voluntary,0" >"$csv"
	run "$LB" summary "$csv"
	[ "$status" -eq 0 ]
	printf '%s\n' "6.12.1,tcg,2,tkfast,none,task,1,1,0,1,1000,50,voluntary,2000" >>"$csv"
	run "$LB" summary "$csv"
	[ "$status" -ne 0 ]
	[[ "$output" == *"d.csv:3: write_dwell_ns=2000: a stress row, not a measurement"* ]]
}

@test "summary: n=1 group -> stddev/CI NA (insufficient runs)" {
	run "$LB" summary "$FX/fx-tcg/results.csv"
	row=$(printf '%s\n' "${lines[0]}" "$(printf '%s\n' "${lines[@]}" | grep '^6.1.192,tcg,2,cyc2ns,latch,')")
	[ "$(field n , <<<"$row")" = 1 ]
	[ "$(field stddev , <<<"$row")" = NA ]
	[ "$(field ci95_lo , <<<"$row")" = NA ]
	[ "$(field median , <<<"$row")" = 16.48 ]
}

@test "summary: icount identical runs -> stddev 0, CI collapses to the value" {
	run "$LB" summary "$FX/fx-icount/results.csv"
	row=$(printf '%s\n' "${lines[0]}" "${lines[1]}")
	[ "$(field stddev , <<<"$row")" = 0 ]
	[ "$(field ci95_lo , <<<"$row")" = "$(field mean , <<<"$row")" ]
}

@test "summary: hardirq/nmi sums, max_spin max; kernel variant torn empty" {
	run "$LB" summary "$FX/fx-tcg/results.csv"
	row=$(printf '%s\n' "${lines[0]}" "$(printf '%s\n' "${lines[@]}" | grep '^6.1.192,tcg,2,tkfast,seqlock,nmi,')")
	want=$(awk -F, '$1 == "6.1.192" && $4 == "tkfast" && $5 == "seqcount" && $6 == "nmi" { s += $22 } END { print s }' "$FX/fx-tcg/results.csv")
	[ "$(field would_deadlock_sum , <<<"$row")" = "$want" ]
	[ "$(field max_spin_max , <<<"$row")" = 1000000 ]
	row=$(printf '%s\n' "${lines[0]}" "$(printf '%s\n' "${lines[@]}" | grep -m1 ',ktime_get_mono_fast_ns,kernel,')")
	[ "$(field torn_mean , <<<"$row")" = "" ]
	[ "$(field completed_sum , <<<"$row")" = "" ]
}

@test "summary: parses by header name (reordered + appended columns)" {
	csv="$BATS_TEST_TMPDIR/shuffled.csv"
	awk -F, -v OFS=, '{ t = $1; $1 = $12; $12 = t; print $0, (NR == 1 ? "extra_col" : "x") }' \
		"$FX/fx-tcg/results.csv" >"$csv"
	diff <("$LB" summary "$FX/fx-tcg/results.csv") <("$LB" summary "$csv")
	diff <("$LB" summary "$FX/fx-tcg/results.csv") <("$LB" summary <"$FX/fx-tcg/results.csv")
}

@test "summary: malformed input is an error" {
	printf 'kernel,accel\n6.1,tcg\n' >"$BATS_TEST_TMPDIR/bad.csv"
	run "$LB" summary "$BATS_TEST_TMPDIR/bad.csv"
	[ "$status" -ne 0 ]
	[[ "$output" == *"no column"* ]]
	sed '2s/,17\.88,/,abc,/' "$FX/fx-tcg/results.csv" >"$BATS_TEST_TMPDIR/bad2.csv"
	run "$LB" summary "$BATS_TEST_TMPDIR/bad2.csv"
	[ "$status" -ne 0 ]
	[[ "$output" == *"column ns_per_op: 'abc': not a time in ns"* ]]
}

@test "summary: preempt column (appended) is a group column, printed last" {
	run "$LB" summary "$FX/fx-preempt/results.csv"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 9 ]
	[[ "${lines[0]}" == *,deferral_ns_mean,preempt,path_mean,* ]]
	pcol() { printf '%s\n' "${lines[@]}" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "preempt") c = i; next } { print $c }'; }
	[ "$(pcol | grep -c '^voluntary$')" -eq 4 ]
	[ "$(pcol | grep -c '^full$')" -eq 4 ]
	# absent column -> empty field
	run "$LB" summary "$FX/fx-tcg/results.csv"
	[ -z "$(pcol | sort -u)" ]
}

# summary rows of a crafted results file: workload/variant:path_exact:net_none:net_ci95:net_basis
net_of() {
	"$LB" summary "$1" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
		{ print $H["workload"] "/" $H["variant"] ":" $H["path_exact"] ":" $H["net_none"] ":" $H["net_ci95"] ":" $H["net_basis"] }'
}

@test "summary: net cost over none; exact under icount, an interval otherwise; the checks can fail" {
	f=$BATS_TEST_TMPDIR/n.csv
	{
		echo "kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,read_ops,ns_per_op,retries,torn,preempt,write_dwell_ns,path_ns_per_op"
		for r in 0 1; do
			echo "6.12.1,icount,1,tkfast,latch,task,1,0,none,$r,1000,40.1,0,0,voluntary,0,40.000"
			echo "6.12.1,icount,1,tkfast,none,task,1,0,none,$r,1000,28.1,0,0,voluntary,0,28.000"
			echo "6.12.1,icount,1,tkfast,empty,task,1,0,none,$r,1000,2.01,0,0,voluntary,0,2.000"
			echo "6.12.1,icount,1,latchtree,latch,task,1,0,none,$r,1000,90.5,0,0,voluntary,0,89.820"
			echo "6.12.1,icount,1,latchtree,none,task,1,0,none,$r,1000,86.1,0,0,voluntary,0,85.376"
			echo "6.12.1,icount,1,tkfast,seqcount,task,1,1,0,$r,1000,60.1,$((r + 3)),0,voluntary,0,35.$r"
			echo "6.12.1,icount,1,tkfast,none,task,1,1,0,$r,1000,30.1,0,0,voluntary,0,28.000"
			echo "6.12.1,tcg,2,tkfast,latch,task,1,0,none,$r,1000,$((500 + 20 * r)),0,0,voluntary,0,75.0"
			echo "6.12.1,tcg,2,tkfast,none,task,1,0,none,$r,1000,$((130 + 10 * r)),0,0,voluntary,0,60.0"
		done
	} >"$f"
	run net_of "$f"
	[ "$status" -eq 0 ]
	echo "$output"
	[[ "$output" == *"tkfast/latch:exact:12:0:path"* ]]
	[[ "$output" == *"tkfast/none:exact:0:0:path"* ]]
	[[ "$output" == *"tkfast/empty:exact:-26:0:path"* ]]
	# negative controls: a fractional path, a retried read, runs that differ
	[[ "$output" == *"latchtree/latch:fraction:4.444:"* ]]
	[[ "$output" == *"tkfast/seqlock:retries:7.05:"* ]]
	# tcg: its estimator, the path (lbstats rule), never exact (not-icount)
	[[ "$output" == *"tkfast/latch:not-icount:15:0:path"* ]]
	# without the path column: the mean ns_per_op, with a 95% interval: 12.706 * sqrt(200/2 + 50/2)
	grep -v ',icount,' "$f" | cut -d, -f1-16 >"$f.nopath"
	run net_of "$f.nopath"
	line=$(grep '^tkfast/latch:not-icount' <<<"$output")
	[[ "$line" == "tkfast/latch:not-icount:375:"*":ns_per_op" ]]
	ci=$(cut -d: -f4 <<<"$line")
	awk -v c="$ci" 'BEGIN { exit !(c > 142 && c < 142.1) }'
}

@test "rows: committed runs with the old names read with the new ones (seqcount -> seqlock, tree rcu -> maple)" {
	f=$FX/fx-icount/results.csv
	grep -q ',tkfast,seqcount,' "$f"
	run "$LB" rows "$f"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq "$(wc -l <"$f")" ]
	[ "$(grep -c ',seqcount,' <<<"$output")" -eq 0 ]
	[ "$(grep -c ',tkfast,seqlock,' <<<"$output")" -eq "$(grep -c ',tkfast,seqcount,' "$f")" ]
	# renames are per family: a copy shape's "rcu" stays rcu, the tree's is the maple tree
	# (rows that pass the input contract: every required column)
	h=kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,read_ops,ns_per_op
	printf '%s\n' "$h" "6.12.1,tcg,1,tkfast,rcu,task,1,0,none,0,10,1" "6.12.1,tcg,1,latchtree,rcu,task,1,0,none,0,10,2" \
		"6.12.1,tcg,1,latchtree,rbtree-seqcount,task,1,0,none,0,10,3" >"$BATS_TEST_TMPDIR/r.csv"
	run "$LB" rows "$BATS_TEST_TMPDIR/r.csv"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	[ "${lines[1]}" = "6.12.1,tcg,1,tkfast,rcu,task,1,0,none,0,10,1" ]
	[ "${lines[2]}" = "6.12.1,tcg,1,latchtree,maple,task,1,0,none,0,10,2" ]
	[ "${lines[3]}" = "6.12.1,tcg,1,latchtree,rbtree-seqcount,task,1,0,none,0,10,3" ]
	# and so does every figure lbstats makes
	run "$LB" summary "$f"
	grep -q ',tkfast,seqlock,' <<<"$output"
	[ "$(grep -c ',seqcount,' <<<"$output")" -eq 0 ]
}

# The input contract of results.csv: lbstats is the one parser;
# each refusal names the file, the line and the column. Every case is also
# run through `lbstats summary`, and the untouched file passes (the control).
contract_refuses() { # FILE EXPECTED-MESSAGE
	local sub
	for sub in check summary; do
		run --separate-stderr "$LB" "$sub" "$1"
		[ "$status" -eq 1 ] || { echo "$sub exited $status on $1"; return 1; }
		[[ "$stderr" == *"lbstats: error: "$2* ]] || { echo "$sub said: $stderr"; return 1; }
		[ -z "$output" ] || [ "$sub" = summary ] || { echo "check printed rows"; return 1; }
	done
}

@test "contract: the committed runs pass; check prints their rows unchanged" {
	bats_require_minimum_version 1.5.0
	for r in "$ROOT"/results/reference-* "$FX"/*; do
		run --separate-stderr "$LB" check "$r/results.csv"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$r/results.csv")" ]
	done
}

@test "contract: CR characters (CRLF line endings) refused, naming line and column" {
	bats_require_minimum_version 1.5.0
	f=$BATS_TEST_TMPDIR/results.csv
	# the issue's reproducer: sed -i 's/$/\r/' results/X/results.csv
	cp "$ROOT/results/reference-icount/results.csv" "$f"
	sed -i 's/$/\r/' "$f"
	# the CR ends the header's last column
	last=$(head -n 1 "$ROOT/results/reference-icount/results.csv" | awk -F, '{ print $NF }')
	[ -n "$last" ]
	contract_refuses "$f" "$f:1: column $last (the header): carriage return (CRLF line endings?)"
	# one CR in one data row, mid-line
	awk 'NR == 7 { sub(/,task,/, ",task\r,") } 1' "$ROOT/results/reference-icount/results.csv" >"$f"
	contract_refuses "$f" "$f:7: column context: carriage return"
}

@test "contract: short and long rows refused, naming line and columns" {
	bats_require_minimum_version 1.5.0
	f=$BATS_TEST_TMPDIR/results.csv
	# the issue's reproducer: awk ... 'NR==20{NF=20}1'
	src=$ROOT/results/reference-icount/results.csv
	n=$(head -n 1 "$src" | awk -F, '{ print NF }') last=$(head -n 1 "$src" | awk -F, '{ print $NF }')
	[ "$n" -gt 21 ]
	awk -F, -v OFS=, 'NR==20{NF=20}1' "$src" >"$f"
	contract_refuses "$f" "$f:20: 20 fields, the header has $n: columns completed to $last missing"
	awk 'NR == 9 { $0 = $0 ",7" } 1' "$src" >"$f"
	contract_refuses "$f" "$f:9: $((n + 1)) fields, the header has $n: too many"
}

@test "contract: non-numeric cells refused by column name; none only as a writer period; text and unknown columns free" {
	bats_require_minimum_version 1.5.0
	f=$BATS_TEST_TMPDIR/results.csv
	src=$ROOT/results/reference-icount/results.csv
	col() { head -n 1 "$src" | tr , '\n' | grep -nx "$1" | cut -d: -f1; }
	awk -F, -v OFS=, -v c="$(col ns_per_op)" 'NR == 5 { $c = "41,0" } 1' "$src" | sed '5s/41,0/41.0x/' >"$f"
	# the byte column of line 5's ns_per_op field (1-based)
	at=$(awk -F, -v c="$(col ns_per_op)" 'NR == 5 { p = 1; for (i = 1; i < c; i++) p += length($i) + 1; print p }' "$src")
	contract_refuses "$f" "$f:5:$at: column ns_per_op: '41.0x': not a time in ns (valid: a non-negative decimal"
	awk -F, -v OFS=, -v c="$(col retries)" 'NR == 6 { $c = "none" } 1' "$src" >"$f"
	contract_refuses "$f" "$f:6:*: column retries: 'none': not a non-negative integer (valid: 0, 1, 2, ..."
	awk -F, -v OFS=, -v c="$(col writer_period_ns)" 'NR == 6 { $c = "soon" } 1' "$src" >"$f"
	contract_refuses "$f" "$f:6:*: column writer_period_ns: 'soon': not a non-negative integer of ns, nor none"
	awk -F, -v OFS=, -v c="$(col vcpus)" 'NR == 6 { $c = " 1" } 1' "$src" >"$f"
	contract_refuses "$f" "$f:6:*: column vcpus: ' 1': not a positive integer"
	awk -F, -v OFS=, -v c="$(col deferral_ns)" 'NR == 8 { $c = "many" } 1' "$src" >"$f"
	contract_refuses "$f" "$f:8:*: column deferral_ns: 'many': not a non-negative integer"
	# controls: a column lbstats does not know is accepted as it is; a text column takes any word
	awk -F, -v OFS=, '{ print $0, (NR == 1 ? "extra_col" : NR == 8 ? "many" : 0) }' "$src" >"$f"
	run "$LB" check "$f"
	[ "$status" -eq 0 ]
	awk -F, -v OFS=, -v c="$(col kernel)" 'NR > 1 { $c = $c "-some-label" } 1' "$src" >"$f"
	run "$LB" check "$f"
	[ "$status" -eq 0 ]
}

@test "contract: required columns checked by name (missing, empty), in any order; extra columns accepted" {
	bats_require_minimum_version 1.5.0
	f=$BATS_TEST_TMPDIR/results.csv
	src=$ROOT/results/reference-icount/results.csv
	for c in kernel accel vcpus workload variant context readers writers writer_period_ns run ns_per_op; do
		awk -F, -v OFS=, -v n="$c" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) k = i }
			{ out = ""; for (i = 1; i <= NF; i++) if (i != k) out = out (out == "" ? "" : ",") $i; print out }' "$src" >"$f"
		contract_refuses "$f" "$f:1: no column $c in the header (required)"
	done
	# the icount basis: an icount run without path_ns_per_op
	cut -d, -f1-26 "$src" >"$f"
	contract_refuses "$f" "$f:2: column path_ns_per_op: missing from the header, and icount rows need it"
	# ... which a tcg run need not have (the control)
	run "$LB" check "$ROOT/results/reference-tcg/results.csv"
	[ "$status" -eq 0 ]
	awk -F, -v OFS=, 'NR == 4 { $4 = "" } 1' "$src" >"$f"
	contract_refuses "$f" "$f:4:*: column workload: empty (required)"
	head -n 1 "$src" | sed 's/,run,/,run,run,/' >"$f"
	contract_refuses "$f" "$f:1: column run appears twice in the header"
	# reordered columns and an extra text-free column: the same rows by name
	awk -F, -v OFS=, '{ t = $1; $1 = $12; $12 = t; print }' "$src" >"$f"
	diff <("$LB" summary "$src") <("$LB" summary "$f")
}

@test "contract: an empty file and a header-only file are refused" {
	bats_require_minimum_version 1.5.0
	f=$BATS_TEST_TMPDIR/results.csv
	: >"$f"
	contract_refuses "$f" "$f: empty: no header line, no rows"
	head -n 1 "$ROOT/results/reference-icount/results.csv" >"$f"
	run --separate-stderr "$LB" check "$f"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"$f: no rows (a header only)"* ]]
}

@test "summary: median of runs, achieved period flagged when > 1% off, irqoff its own group, test rows refused" {
	f=$BATS_TEST_TMPDIR/rt.csv
	{
		echo "kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,read_ops,ns_per_op,preempt,write_dwell_ns,path_ns_per_op,irqoff,median_ns_per_op,achieved_period_ns,test_stall_ns"
		for r in 0 1 2; do
			echo "7.2.13,uml,2,tkfast,latch,task,1,1,1000000,$r,1000,$((40 + 10 * r)).5,voluntary,0,30.1,0,3$r.000,1009000.000,0"
			echo "7.2.13,uml,2,tkfast,none,task,1,1,1000000,$r,1000,21.5,voluntary,0,20.1,0,20.000,1011000.000,0"
			echo "7.2.13,uml,2,tkfast,latch,task,1,0,none,$r,1000,30.5,voluntary,0,30.1,1,30.000,,0"
			echo "7.2.13,uml,2,tkfast,latch,task,1,0,none,$r,1000,35.5,voluntary,0,30.1,0,31.000,,0"
		done
	} >"$f"
	run "$LB" summary --rt "$f"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	sel() { awk -F, -v v="$1" -v w="$2" -v q="$3" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["variant"] == v && $h["writers"] == w && $h["irqoff"] == q {
			print $h["n"] ":" $h["median_ns_per_op_median"] ":" $h["median_ns_per_op_mean"] ":" $h["period_off"] ":" $h["achieved_period_ns_mean"] }' <<<"$output"; }
	# the median over runs of the runs' medians (30, 31, 32), and their mean
	[ "$(sel latch 1 0)" = "3:31:31:0:1009000" ]
	# 1.1% off the nominal 1 ms: flagged (the negative side: 0.9% is not)
	[ "$(sel none 1 0)" = "3:20:20:1:1011000" ]
	# no writer: no period to be off; irqoff=1 rows are a group of their own
	[ "$(sel latch 0 1)" = "3:30:30::" ]
	[ "$(sel latch 0 0)" = "3:31:31::" ]
	[ "$(grep -c '^7.2.13' <<<"$output")" -eq 4 ]
	# the new columns come last, and only with --rt: every older column keeps its place
	[ "$("$LB" summary "$f" | head -n 1)" = "$(head -n 1 <<<"$output" | sed 's/,median_ns_per_op_mean,.*//')" ]
	[[ "$(head -n 1 <<<"$output")" == *",value_max,accel_other,order_here,order_other,order_verdict,arch,median_ns_per_op_mean,median_ns_per_op_median,achieved_period_ns_mean,period_off,irqoff,readers_disagree" ]]
	# a row with batches stalled on purpose is a test, never a measurement
	sed -i '2s/,0$/,100000/' "$f"
	run "$LB" summary "$f"
	[ "$status" -ne 0 ]
	[[ "$output" == *"$f:2: test_stall_ns=100000: a test row, not a measurement"* ]]
}

@test "summary: readers_disagree counts the runs whose readers' intervals lie more than 1% apart; a malformed list is refused by name" {
	f=$BATS_TEST_TMPDIR/rd.csv
	{
		echo "kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,ns_per_op,median_ns_per_op,reader_medians"
		# latch: overlapping intervals in every run (agree)
		echo "7.2.13,uml,2,tkfast,latch,task,2,0,none,0,30.5,30.000,0:30.000:29.500:30.400+1:30.200:30.100:30.900"
		echo "7.2.13,uml,2,tkfast,latch,task,2,0,none,1,30.5,30.000,0:30.100:29.900:30.300+1:30.000:29.800:30.200"
		# seqlock: disjoint in run 1 only (this host's schedclock: 47.6-48.1 vs 44.3-44.7)
		echo "7.2.13,uml,2,tkfast,seqlock,task,2,0,none,0,46.0,46.000,0:46.000:45.500:46.500+1:46.200:46.000:46.600"
		echo "7.2.13,uml,2,tkfast,seqlock,task,2,0,none,1,46.0,46.000,0:47.900:47.600:48.100+1:44.500:44.300:44.700"
		# apart by one clock quantum, 0.6%: within the rule's 1% (agree)
		echo "7.2.13,uml,2,tkfast,seqlock-excl,task,2,0,none,0,21.3,21.300,0:21.248:21.248:21.248+1:21.376:21.376:21.376"
		# one reader, or no list: nothing to compare (empty)
		echo "7.2.13,uml,2,tkfast,rcu,task,1,1,0,0,25.0,25.000,0:25.000:24.000:26.000"
		echo "7.2.13,uml,2,tkfast,none,task,2,0,none,0,20.0,20.000,"
	} >"$f"
	run "$LB" summary --rt "$f"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	rd() { awk -F, -v v="$1" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["variant"] == v { print "<" $h["readers_disagree"] ">" }' <<<"$output"; }
	[ "$(rd latch)" = "<0>" ]
	[ "$(rd seqlock)" = "<1>" ]
	[ "$(rd seqlock-excl)" = "<0>" ]
	[ "$(rd rcu)" = "<>" ]
	[ "$(rd none)" = "<>" ]
	# a median outside its own interval, a list that is not cpu:median:lo:hi
	for bad in "0:30.000:30.100:30.400+1:30.200:30.100:30.900" "0:30.000:29.500+1:30.200:30.100:30.900" "0:30:29:31+x"; do
		sed "2s/,[^,]*\$/,$bad/" "$f" >"$BATS_TEST_TMPDIR/bad.csv"
		run "$LB" summary --rt "$BATS_TEST_TMPDIR/bad.csv"
		[ "$status" -ne 0 ]
		[[ "$output" == *"bad.csv:2: reader_medians '$bad': not cpu:median:lo:hi"* ]] || { echo "$bad: $output"; false; }
	done
}

@test "summary: two accelerators side by side, the variants' orders and whether they agree (intervals apart in opposite directions)" {
	f=$BATS_TEST_TMPDIR/xa.csv
	{
		echo "kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,ns_per_op,path_ns_per_op,median_ns_per_op,preempt"
		for r in 0 1 2; do
			# icount: exact paths, rcu < seqlock < latch in both configurations
			for c in "0,none" "1,0"; do
				echo "7.2.13,icount,2,tkfast,latch,task,1,$c,$r,41.5,41.000,41.000,lazy"
				echo "7.2.13,icount,2,tkfast,seqlock,task,1,$c,$r,36.5,36.000,36.000,lazy"
				echo "7.2.13,icount,2,tkfast,rcu,task,1,$c,$r,30.5,30.000,30.000,lazy"
				echo "7.2.13,icount,2,tkfast,none,task,1,$c,$r,29.5,29.000,29.000,lazy"
			done
			# uml, no writer: latch and seqlock overlap (agree)
			echo "7.2.13,uml,2,tkfast,latch,task,1,0,none,$r,60,,$((30 + r)).000,voluntary"
			echo "7.2.13,uml,2,tkfast,seqlock,task,1,0,none,$r,60,,$((31 - r)).000,voluntary"
			echo "7.2.13,uml,2,tkfast,rcu,task,1,0,none,$r,60,,2$r.000,voluntary"
			# uml, back-to-back writer: seqlock apart above latch (differ)
			echo "7.2.13,uml,2,tkfast,latch,task,1,1,0,$r,60,,3$r.000,voluntary"
			echo "7.2.13,uml,2,tkfast,seqlock,task,1,1,0,$r,60,,5$r.000,voluntary"
			echo "7.2.13,uml,2,tkfast,rcu,task,1,1,0,$r,60,,2$r.000,voluntary"
		done
	} >"$f"
	run "$LB" summary "$f"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	xo() { awk -F, -v a="$1" -v v="$2" -v w="$3" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["accel"] == a && $h["variant"] == v && $h["writers"] == w { print $h["accel_other"] "|" $h["order_here"] "|" $h["order_other"] "|" $h["order_verdict"] }' <<<"$output"; }
	[ "$(xo icount latch 0)" = "uml|rcu<seqlock<latch|rcu<seqlock~latch|agree" ]
	[ "$(xo uml seqlock 0)" = "icount|rcu<seqlock~latch|rcu<seqlock<latch|agree" ]
	[ "$(xo icount latch 1)" = "uml|rcu<seqlock<latch|rcu<latch<seqlock|differ: seqlock/latch" ]
	[ "$(xo uml rcu 1)" = "icount|rcu<latch<seqlock|rcu<seqlock<latch|differ: latch/seqlock" ]
	# the control is no synchronised variant: no order on its rows
	[ "$(xo icount none 1)" = "|||" ]
	# one accelerator alone: nothing to set beside it
	grep -v ',uml,' "$f" >"$BATS_TEST_TMPDIR/one.csv"
	run "$LB" summary "$BATS_TEST_TMPDIR/one.csv"
	[ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } { print $h["order_verdict"] }' <<<"$output" | sort -u)" = "" ]
}

# rt_rows SPEC...: a results.csv of uml rows from SPEC "workload/variant:round:ns"
# lines on stdin (7.2.13, 2 vCPUs, 2 readers, no writer), with a round column
rt_rows() {
	echo "kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,read_ops,ns_per_op,preempt,write_dwell_ns,round"
	# each configuration's runs numbered 0, 1, ... over its rounds, as the sweep does
	awk -F: -v OFS=, '{ split($1, wv, "/"); print "7.2.13", "uml", 2, wv[1], wv[2], "task", 2, 0, "none", n[$1]++, 1000, $3, "voluntary", 0, $2 }'
}

@test "compare: a 4th field names the unit (a boot): one sample per unit, its mean; without it every value counts" {
	run "$LB" compare < <(printf 'k\tbase\t1\tr1\nk\tbase\t3\tr1\nk\tbase\t5\tr2\nk\tbase\t6\tr3\nk\tnew\t5\tr1\n')
	[ "$status" -eq 0 ]
	[ "$(field n_base '\t' <<<"$output")" = 3 ]
	[ "$(field mean_base '\t' <<<"$output" | cut -c1-6)" = 4.3333 ]
	[ "$(field median_base '\t' <<<"$output")" = 5 ]
	# the control: the same values without units are four samples
	run "$LB" compare < <(printf 'k\tbase\t1\nk\tbase\t3\nk\tbase\t5\nk\tbase\t6\nk\tnew\t5\n')
	[ "$(field n_base '\t' <<<"$output")" = 4 ]
	[ "$(field mean_base '\t' <<<"$output")" = 3.75 ]
	run "$LB" compare < <(printf 'k\tbase\t1\t\n')
	[ "$status" -ne 0 ]
}

@test "converge: each configuration's 95% interval of the mean against PCT%: converged, more, max; bad arguments refused" {
	f=$BATS_TEST_TMPDIR/r.csv
	# wide: sd 0.5 of 100 over 3 runs, half-width t(2) 4.303 x 0.5 / sqrt 3 = 1.24%;
	# narrow: sd 0.1, 0.25%; same: identical runs, half-width 0
	printf '%s\n' tkfast/latch:1:100 tkfast/latch:2:100.5 tkfast/latch:3:99.5 \
		tkfast/seqlock:1:100 tkfast/seqlock:2:100.1 tkfast/seqlock:3:99.9 \
		tkfast/none:1:50 tkfast/none:2:50 tkfast/none:3:50 | rt_rows >"$f"
	run "$LB" converge 1 5 "$f"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,preempt,n,mean,ci95_half,ci95_pct,status,unit,n_units ]
	# real time: one unit per boot (here one run each)
	[[ "${lines[1]}" == *,tkfast,latch,*,3,100,1.24*,1.24*,more,boot,3 ]] || { echo "$output"; false; }
	[[ "${lines[2]}" == *,tkfast,seqlock,*,3,100,0.24*,converged,boot,3 ]] || { echo "$output"; false; }
	# identical boots: never a zero interval under real time (the print
	# resolution's noise, 0.001 / sqrt 12), but far within 1%
	[[ "${lines[3]}" == *,tkfast,none,*,3,50,0.0007*,0.001*,converged,boot,3 ]] || { echo "$output"; false; }
	# at the bound: max instead of more; a looser target converges it
	run "$LB" converge 1 3 "$f"
	[[ "${lines[1]}" == *,max,boot,3 ]]
	run "$LB" converge 2 5 "$f"
	[[ "${lines[1]}" == *,converged,boot,3 ]]
	# boots, not runs: 2 runs in each of 3 boots are 3 units (the boot means
	# 100, 100.5, 99.5: the same interval as above), never 6 runs
	awk -F, -v OFS=, 'NR == 1 || $5 != "latch" { print; next } { print; $10 = $10 + 10; print }' "$f" >"$f.2"
	run "$LB" converge 1 9 "$f.2"
	[[ "${lines[1]}" == *,tkfast,latch,*,6,100,1.24*,1.24*,more,boot,3 ]] || { echo "$output"; false; }
	for bad in "0 5" "1 x" "-1 5"; do
		# shellcheck disable=SC2086 # two arguments
		run "$LB" converge $bad "$f"
		[ "$status" -ne 0 ] || { echo "accepted: $bad"; false; }
	done
}

@test "aa: odd vs even rounds, per-boot means; no difference gives no significant verdict, a 10% shift of one side gives all (the control)" {
	f=$BATS_TEST_TMPDIR/aa.csv g=$BATS_TEST_TMPDIR/ab.csv
	# 24 configurations x 8 rounds x 2 runs; the rounds' values interleave
	# (odd and even rounds draw from the same set), so the sides agree
	for c in $(seq 1 24); do
		for r in 1 2 3 4 5 6 7 8; do
			v=$((100 + (r * 7 + c * 3) % 5))
			printf 'w%s/latch:%s:%s\nw%s/latch:%s:%s.5\n' "$c" "$r" "$v" "$c" "$r" "$v"
		done
	done >"$BATS_TEST_TMPDIR/spec"
	rt_rows <"$BATS_TEST_TMPDIR/spec" >"$f"
	run "$LB" aa "$f"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = $'key\tn_a\tn_b\tchange_pct\tp\tverdict\tmde_pct\thalves_verdict\tab_change_pct\tab_verdict\tab_power_pct' ]
	[[ "${lines[1]}" == *,w1,latch,*$'\t4\t4\t'* ]] || { echo "${lines[1]}"; false; }
	sum=${lines[${#lines[@]} - 1]}
	[[ "$sum" == "# comparisons=24 significant="* ]] || { echo "$sum"; false; }
	sig=${sum#*significant=}
	sig=${sig%% *}
	[ "$sig" -le 1 ] || { echo "$output"; false; }
	[[ "$sum" == *" aa_gate=pass ab_gate=none" ]] || { echo "$sum"; false; }
	# the control: the even rounds 10% slower: every comparison significant, the gate fails
	awk -F: -v OFS=: '$2 % 2 == 0 { $3 = $3 * 1.1 } { print }' "$BATS_TEST_TMPDIR/spec" | rt_rows >"$g"
	run "$LB" aa "$g"
	[[ "${lines[${#lines[@]} - 1]}" == "# comparisons=24 significant=24 false_positive_pct=100 "*" aa_gate=fail ab_gate=none" ]] || { echo "$output"; false; }
	# rows without a round column are refused (the reference's with it cut out)
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "round") c = i }
		{ s = ""; for (i = 1; i <= NF; i++) if (i != c) s = s (s == "" ? "" : ",") $i; print s }' \
		"$ROOT/results/reference-icount/results.csv" >"$BATS_TEST_TMPDIR/noround.csv"
	run "$LB" aa "$BATS_TEST_TMPDIR/noround.csv"
	[ "$status" -ne 0 ]
	[[ "$output" == *"no column 'round'"* ]] || { echo "$output"; false; }
	# ... and one sweep's single round is not an A/A
	run "$LB" aa "$ROOT/results/reference-icount/results.csv"
	[ "$status" -ne 0 ]
	[[ "$output" == *"1 rounds: the benchmark needs an even number of boots"* ]] || { echo "$output"; false; }
}

# aa_rows SEED CV EFFECT: 42 configurations x 10 boots x 3 runs of uml
# rows with the estimator (median_ns_per_op), lognormal boot effects of
# CV (a share shared by every configuration of a boot); EFFECT > 0 adds,
# in every boot, the configuration again with extra_work=1 and its value
# times (1 + EFFECT); on the 0.064 ns lattice of UML's medians
aa_rows() {
	echo "kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,read_ops,ns_per_op,preempt,write_dwell_ns,median_ns_per_op,extra_work,round"
	awk -v seed="$1" -v cv="$2" -v eff="$3" 'function n(   u, i) { u = 0; for (i = 0; i < 12; i++) u += rand(); return u - 6 }
		function q(x) { return sprintf("%.3f", int(x / 0.064 + 0.5) * 0.064) }
		BEGIN {
			srand(seed)
			for (r = 1; r <= 10; r++) {
				shared = n()
				for (c = 1; c <= 42; c++) {
					base = 20 + 3 * c
					boot = exp(cv * (0.5 * shared + 0.866 * n()))
					for (k = 0; k < 3; k++) {
						v = base * boot * exp(cv / 3 * n())
						printf "7.2.13,uml,2,w%d,latch,task,2,0,none,%d,1000,%.3f,voluntary,0,%s,0,%d\n", c, (r - 1) * 3 + k, v * 3, q(v), r
						if (eff > 0)
							printf "7.2.13,uml,2,w%d,latch,task,2,0,none,%d,1000,%.3f,voluntary,0,%s,1,%d\n", c, (r - 1) * 3 + k, v * 3, q(v * (1 + eff)), r
					}
				}
			}
		}'
}

@test "aa: A/B: an injected effect is detected (power >= 80%); a zero-power estimator fails the gate; the A/A bound accounts for shared boot effects" {
	f=$BATS_TEST_TMPDIR/ab.csv
	# boot-level CV 1%, a +10% effect: every configuration detects it
	aa_rows 7 0.01 0.10 >"$f"
	run "$LB" aa "$f"
	[ "$status" -eq 0 ]
	sum=${lines[${#lines[@]} - 1]}
	[[ "$sum" == *" ab_comparisons=42 ab_power_median_pct=100 ab_power_min_pct=100 ab_powered=42 ab_change_median_pct="*" ab_change_n=42 extra_work=1 basis=estimator aa_gate=pass ab_gate=pass" ]] || { echo "$sum"; false; }
	# the effect as the rows saw it: +10% (the median configuration's odd/even change)
	ch=${sum#*ab_change_median_pct=}
	awk -v c="${ch%% *}" 'BEGIN { exit !(c > 8 && c < 12) }' || { echo "$sum"; false; }
	# the worst mde is the largest configuration's, at least the median's
	mx=${sum#*mde_max_pct=} md=${sum#*mde_median_pct=}
	[[ "$sum" == *" mde_pct_n=42 "* ]] || { echo "$sum"; false; }
	[ "${mx%% *}" = "$(awk -F'\t' 'NR > 1 && !/^#/ && (m == "" || $7 > m) { m = $7 } END { print m }' <<<"$output")" ] || { echo "$sum"; false; }
	awk -v a="${mx%% *}" -v b="${md%% *}" 'BEGIN { exit !(a >= b) }' 
	# the A/A stays quiet beside it (the extra_work rows are side B only)
	sig=${sum#*significant=}
	[ "${sig%% *}" -le 2 ] || { echo "$sum"; false; }
	# each configuration's mde: a few percent at CV 1%
	awk -F'\t' 'NR > 1 && !/^#/ && !($7 > 0.5 && $7 < 5) { print "mde " $7 ": " $0; bad = 1 } END { exit bad }' <<<"$output"
	# zero power (the negative control): an estimator as noisy as the old
	# means (boot CV 40%) passes the A/A, yet cannot see the +10%: the A/B fails
	aa_rows 7 0.40 0.10 >"$f"
	run "$LB" aa "$f"
	sum=${lines[${#lines[@]} - 1]}
	[[ "$sum" == *" aa_gate=pass ab_gate=fail" ]] || { echo "$sum"; false; }
	pw=${sum#*ab_power_median_pct=}
	awk -v p="${pw%% *}" 'BEGIN { exit !(p < 80) }'
	# its worst configuration is worse still, and fewer than half reach 80%
	pm=${sum#*ab_power_min_pct=} np=${sum#*ab_powered=}
	awk -v m="${pm%% *}" -v p="${pw%% *}" 'BEGIN { exit !(m <= p) }' || { echo "$sum"; false; }
	[ "${np%% *}" -lt 21 ] || { echo "$sum"; false; }
	# no effect at all on side B (extra_work rows identical): power is the false-positive rate
	aa_rows 7 0.01 0.0000001 >"$f"
	run "$LB" aa "$f"
	[[ "${lines[${#lines[@]} - 1]}" == *" ab_gate=fail" ]] || { echo "${lines[${#lines[@]} - 1]}"; false; }
	# the bound: independent configurations (no shared boot effect) give the
	# binomial's; a strong shared boot effect raises it (the comparisons move together)
	aa_rows 3 0.01 0 | awk -F, -v OFS=, 'NR > 1 { $12 = $12 }1' >"$f"
	run "$LB" aa "$f"
	sum=${lines[${#lines[@]} - 1]}
	b=${sum#* bound=}
	bb=${sum#*binom_bound=}
	[ "${b%% *}" -gt "${bb%% *}" ] || { echo "$sum"; false; }
	rho=${sum#*rho=}
	awk -v r="${rho%% *}" 'BEGIN { exit !(r > 0.1) }' || { echo "$sum"; false; }
	# the control: every configuration its own boots (shuffled rounds): rho near 0, bound = binomial
	aa_rows 3 0.01 0 | awk -F, -v OFS=, 'NR == 1 { print; next } { sub(/^w/, "", $4); $17 = ($17 + $4 * 7) % 10 + 1; $4 = "w" $4; print }' >"$f"
	run "$LB" aa "$f"
	sum=${lines[${#lines[@]} - 1]}
	b=${sum#* bound=}
	[ "${b%% *}" = "${bb%% *}" ] || { echo "$sum"; false; }
}

# aa_quote_faults FILE AA_TXT: one line per fault of the block FILE quotes
# from the committed A/A run (the fenced block after a line "<!-- quoted from
# results/reference-aa-uml/aa.txt"): a line that is not a whole line of
# AA_TXT, a figure line it leaves out (the load, the A/A count, the MDE, the
# power), or no such block
aa_quote_faults() {
	local f=$1 aa=$2 n ln l p
	n=$(awk '/^<!-- quoted from results\/reference-aa-uml\/aa.txt/ { q = 1; next } q == 1 && /^```/ { q = 2; next } q == 2 && /^```/ { q = 0; next } q == 2 { print FNR "\t" $0 }' "$f" >"$BATS_TEST_TMPDIR/quoted"; wc -l <"$BATS_TEST_TMPDIR/quoted")
	[ "$n" -gt 0 ] || { echo "$f: no block quoted from results/reference-aa-uml/aa.txt"; return; }
	while IFS=$'\t' read -r ln l; do
		grep -qxF -- "$l" "$aa" || echo "$f:$ln: not a line of aa.txt: $l"
	done <"$BATS_TEST_TMPDIR/quoted"
	for p in "host load average" "A/A: " "MDE (80% power)" "A/B: power at the effect" "A/B: extra_work="; do
		cut -f2- "$BATS_TEST_TMPDIR/quoted" | grep -qF -- "$p" || echo "$f: the quoted block has no '$p' line"
	done
}

@test "aa: README's and methodology's figures are the committed run's, as make aa prints them today; the check can fail" {
	ref=$ROOT/results/reference-aa-uml d=$BATS_TEST_TMPDIR/ref
	# the committed aa.txt and aa.tsv are what today's runner makes of the committed rows
	cp -r "$ref" "$d"
	run "$ROOT/runners/aa" RUN="$d"
	[ "$status" -eq "$(grep -qx 'A/B: FAIL\|A/A: FAIL' "$ref/aa.txt" && echo 1 || echo 0)" ] || { echo "$output"; false; }
	diff "$ref/aa.txt" "$d/aa.txt"
	diff "$ref/aa.tsv" "$d/aa.tsv"
	# every figure the docs quote is one of its lines
	for f in README.md docs/methodology.md; do
		run aa_quote_faults "$ROOT/$f" "$ref/aa.txt"
		[ -z "$output" ] || { echo "$output"; false; }
	done
	# the controls: a figure changed, a figure line left out, no block at all
	sed 's/(false-positive rate [0-9.]*%)/(false-positive rate 99.9%)/; s/^MDE (80% power) .*median \([0-9.]*\)%/MDE (80% power) over the configurations: median \1%/' "$ROOT/README.md" >"$BATS_TEST_TMPDIR/R.md"
	! cmp -s "$ROOT/README.md" "$BATS_TEST_TMPDIR/R.md" || false
	run aa_quote_faults "$BATS_TEST_TMPDIR/R.md" "$ref/aa.txt"
	[[ "$output" == *"R.md:"*": not a line of aa.txt: A/A: "*"rate 99.9%"* ]] || { echo "$output"; false; }
	[[ "$output" == *"not a line of aa.txt: MDE (80% power) over the configurations"* ]] || { echo "$output"; false; }
	grep -v '^A/B: power at the effect' "$ROOT/README.md" >"$BATS_TEST_TMPDIR/R.md"
	run aa_quote_faults "$BATS_TEST_TMPDIR/R.md" "$ref/aa.txt"
	[ "$output" = "$BATS_TEST_TMPDIR/R.md: the quoted block has no 'A/B: power at the effect' line" ] || { echo "$output"; false; }
	grep -v '^<!-- quoted from' "$ROOT/README.md" >"$BATS_TEST_TMPDIR/R.md"
	run aa_quote_faults "$BATS_TEST_TMPDIR/R.md" "$ref/aa.txt"
	[ "$output" = "$BATS_TEST_TMPDIR/R.md: no block quoted from results/reference-aa-uml/aa.txt" ] || { echo "$output"; false; }
	# and a committed aa.txt gone stale: the rows changed (one configuration's
	# even boots 20% slower), today's runner prints other figures
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; print; next }
		$H["workload"] == "tkfast" && $H["variant"] == "rcu" && $H["writers"] == 0 && $H["round"] % 2 == 0 { $H["median_ns_per_op"] = sprintf("%.3f", $H["median_ns_per_op"] * 1.2) } 1' "$ref/results.csv" >"$d/results.csv"
	run "$ROOT/runners/aa" RUN="$d"
	run diff "$ref/aa.tsv" "$d/aa.tsv"
	[ "$status" -ne 0 ]
	[[ "$output" == *"tkfast,rcu,task,2,0,none"*"significant"* ]] || { echo "$output"; false; }
}

# --- analysis: the derived figures every layout shows (lbstats summary) ---
# summary columns by name, joined by |: an FILE COL...
an() {
	local f=$1
	shift
	"$LB" summary "$f" | awk -F, -v cols="$*" 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; n = split(cols, C, " "); next }
		{ l = ""; for (i = 1; i <= n; i++) l = l (i > 1 ? "|" : "") $H[C[i]]; print l }'
}

@test "analysis: a section spans the kernels' own default models (6.1/6.12 voluntary, 7.2 lazy); a model all ran is its own" {
	ref=$ROOT/results/reference-icount/results.csv
	[ "$(an "$ref" section | sort -u | paste -sd' ')" = "icount/1/voluntary+lazy icount/2/voluntary+lazy" ]
	# control: give every kernel a second model, full: it is common, so its own section
	f=$BATS_TEST_TMPDIR/m.csv
	{ cat "$ref"; awk -F, 'NR > 1 && $3 == 1 { $25 = "full"; print }' OFS=, "$ref"; } >"$f"
	[ "$(awk -F, 'NR == 1 { print $25 }' "$f")" = preempt ]
	[ "$(an "$f" section | sort -u | paste -sd' ')" = "icount/1/full icount/1/voluntary+lazy icount/2/voluntary+lazy" ]
}

@test "analysis: one reference writer and one reference read configuration per section and workload" {
	ref=$ROOT/results/reference-icount/results.csv
	out=$(an "$ref" section workload readers writers writer_period_ns ref_writer ref_read context)
	# exactly one configuration each, for every (section, workload)
	[ "$(awk -F'|' '$6 == 1 { print $1, $2, $3, $4, $5 }' <<<"$out" | sort -u | awk '{ print $1, $2 }' | uniq -d)" = "" ]
	[ "$(awk -F'|' '$7 == 1 { print $1, $2, $3, $4, $5 }' <<<"$out" | sort -u | awk '{ print $1, $2 }' | uniq -d)" = "" ]
	[ "$(awk -F'|' '{ print $1, $2 }' <<<"$out" | sort -u | wc -l)" -eq "$(awk -F'|' '$6 == 1 { print $1, $2 }' <<<"$out" | sort -u | wc -l)" ]
	# writer: a writer, back-to-back (the fastest period); read: no writer; task context only
	# (2 vCPUs: 1 reader beside the writer, each on its own vCPU; no writer: 2 readers)
	[ "$(awk -F'|' '$6 == 1 && $2 == "tkfast" { print $1, $3, $4, $5 }' <<<"$out" | sort -u)" = "$(printf 'icount/1/voluntary+lazy 1 1 0\nicount/2/voluntary+lazy 1 1 0')" ]
	[ "$(awk -F'|' '$7 == 1 && $2 == "tkfast" { print $1, $3, $4, $5 }' <<<"$out" | sort -u)" = "$(printf 'icount/1/voluntary+lazy 1 0 none\nicount/2/voluntary+lazy 2 0 none')" ]
	[ -z "$(awk '($6 == 1 || $7 == 1) && $8 != "task"' <<<"$out")" ]
}

@test "analysis: the baseline comes from the vocabulary's ranks (-V: a run's own table), never a typed name" {
	ref=$ROOT/results/reference-icount/results.csv
	[ "$(an "$ref" workload baseline | awk -F'|' '$1 == "tkfast" { print $2 }' | sort -u)" = seqlock ]
	[ "$(an "$ref" workload baseline | awk -F'|' '$1 == "latchtree" { print $2 }' | sort -u)" = rbtree-seqcount ]
	# the same rows with a table that ranks rcu first: rcu becomes the baseline
	. "$ROOT/runners/lib.sh"
	lb_vocab table | awk -F, -v OFS=, 'NR > 1 && $2 == "rcu" { $8 = 1 } NR > 1 && $2 == "seqlock" { $8 = 7 } { print }' >"$BATS_TEST_TMPDIR/v.csv"
	base=$("$LB" summary -V "$BATS_TEST_TMPDIR/v.csv" "$ref" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } $H["workload"] == "tkfast" { print $H["baseline"] }' | sort -u)
	[ "$base" = rcu ]
	# and the latch is compared with it: its change against rcu, exact under icount
	"$LB" summary -V "$BATS_TEST_TMPDIR/v.csv" "$ref" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
		$H["workload"] == "tkfast" && $H["variant"] == "latch" && $H["kernel"] == "6.12.118" && $H["readers"] == 1 && $H["writers"] == 0 && $H["vcpus"] == 1 { print $H["vs_baseline_pct"], $H["vs_baseline_verdict"] }' >"$BATS_TEST_TMPDIR/o"
	# latch 40 vs rcu 29 insns: +37.9%, exact
	[ "$(cat "$BATS_TEST_TMPDIR/o")" = "37.93103448 exact-diff" ]
	# a vocabulary file that is no vocabulary is refused by name
	echo "a,b" >"$BATS_TEST_TMPDIR/bad.csv"
	run "$LB" summary -V "$BATS_TEST_TMPDIR/bad.csv" "$ref"
	[ "$status" -ne 0 ]
	[[ $output == *"not a vocabulary"* ]]
}

@test "analysis: changes against the section's first kernel in version order (6.1 before 6.12), exact under icount" {
	ref=$ROOT/results/reference-icount/results.csv
	out=$(an "$ref" vcpus kernel workload variant readers writers kernel_first vs_first_pct vs_first_verdict value mm_amean_gain_pct)
	[ "$(awk -F'|' '$1 == 1 { print $7 }' <<<"$out" | sort -u)" = 6.1.192 ]
	[ "$(awk -F'|' '$1 == 2 { print $7 }' <<<"$out" | sort -u)" = 6.12.118 ]
	# the first kernel's own rows carry no change; tkfast latch 41 -> 40 insns: -2.44%, exact
	# (mmtests' gain: +2.44%, lower is better)
	[ -z "$(awk -F'|' '$1 == 1 && $2 == "6.1.192" && $8 != ""' <<<"$out")" ]
	[ "$(awk -F'|' '$1 == 1 && $2 == "6.12.118" && $3 == "tkfast" && $4 == "latch" && $5 == 1 && $6 == 0 { print $8, $9, $10, $11 }' <<<"$out")" = "-2.43902439 exact-diff 40 2.43902439" ]
}

@test "analysis: real-time comparisons are over boots (each boot's mean one sample); icount's and a run without rounds over runs" {
	# 7.2 UML, 10 boots of 3 runs: 10 samples per group, per boot; its plain
	# rows (the extra_work ones are make aa's side B: summary refuses them)
	aa=$BATS_TEST_TMPDIR/aa.csv
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "extra_work") e = i } NR == 1 || $e == 0' "$ROOT/results/reference-aa-uml/results.csv" >"$aa"
	[ "$(wc -l <"$aa")" -gt 100 ]
	[ "$(an "$aa" cmp_unit cmp_n | sort -u)" = "boot|10" ]
	# the same rows without the round column: 30 runs, per run (the control)
	c=$(head -n 1 "$aa" | tr , '\n' | grep -n -x round | cut -d: -f1)
	cut -d, --complement -f "$c" "$aa" >"$BATS_TEST_TMPDIR/nr.csv"
	! head -n 1 "$BATS_TEST_TMPDIR/nr.csv" | grep -q round || false
	[ "$(an "$BATS_TEST_TMPDIR/nr.csv" cmp_unit cmp_n | sort -u)" = "run|30" ]
	# icount stays per run (deterministic, exact)
	[ "$(an "$ROOT/results/reference-icount/results.csv" cmp_unit | sort -u)" = run ]
}

@test "contract: every column has a domain: negative, fractional, hex, overflowing or unknown values refused naming file:line:column, value and what is valid" {
	bats_require_minimum_version 1.5.0
	f=$BATS_TEST_TMPDIR/results.csv
	src=$ROOT/results/reference-icount/results.csv
	# set COLUMN VALUE: line 3 of the reference with COLUMN set to VALUE, in $f
	set_cell() { awk -F, -v OFS=, -v n="$1" -v v="$2" 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i } NR == 3 { $H[n] = v } 1' "$src" >"$f"; }
	while IFS='|' read -r c v want; do
		set_cell "$c" "$v"
		contract_refuses "$f" "$f:3:*: column $c: '$v': $want"
	done <<'EOF2'
ns_per_op|-15|not a time in ns (valid: a non-negative decimal
path_ns_per_op|-0.5|not a time in ns
path_ns_per_op|1e300|not a time in ns
ns_per_op|1000000000001|not a time in ns (valid: a non-negative decimal such as 0, 12 or 12.345, at most 1000000000000
ns_per_op|0x1p3|not a time in ns
ns_per_op|inf|not a time in ns
vcpus|1.5|not a positive integer (valid: 1, 2, 3, ...
vcpus|0|not a positive integer
readers|-1|not a positive integer
torn|-2|not a non-negative integer (valid: 0, 1, 2, ...
run|1e3|not a non-negative integer
accel|kvmm|not an accelerator (valid: kvm tcg icount uml)
context|softirq|not a reader context (valid: task hardirq nmi)
preempt|rt2|not a preemption model (valid: none voluntary full lazy rt)
workload|nope|no workload of the vocabulary (valid: tkfast
variant|bogus|no variant of workload tkfast in the vocabulary (valid: latch seqlock
EOF2
	# a UTF-8 byte-order mark: said so, not "no column kernel"
	printf '\357\273\277' | cat - "$src" >"$f"
	contract_refuses "$f" "$f:1:1: a UTF-8 byte-order mark (BOM) before the header"
	# the controls: the largest values the domains take, and a variant's old name, pass
	set_cell ns_per_op 1000000000000
	run "$LB" check "$f"
	[ "$status" -eq 0 ]
	set_cell variant seqcount
	run "$LB" check "$f"
	[ "$status" -eq 0 ]
	set_cell torn 0
	run "$LB" check "$f"
	[ "$status" -eq 0 ]
	# a run's own vocabulary (-V) decides its names
	{ (. "$ROOT/runners/lib.sh" && lb_vocab table); echo nope,latch,copy,,x,sync,1,0; } >"$BATS_TEST_TMPDIR/vocab.csv"
	set_cell workload nope
	run "$LB" check -V "$BATS_TEST_TMPDIR/vocab.csv" "$f"
	[ "$status" -eq 0 ]
}

@test "summary: a mitigations=off row is a kernel of its own (KERNEL+mitigations=off); auto and none are the kernel" {
	csv="$BATS_TEST_TMPDIR/m.csv"
	{
		echo "kernel,accel,vcpus,workload,variant,context,readers,writers,writer_period_ns,run,read_ops,ns_per_op,mitigations"
		for r in 0 1; do
			echo "6.12.118-debian,tcg,1,ktime_get_mono_fast_ns,kernel,task,1,0,none,$r,1000,49,auto"
			echo "6.12.118-debian,tcg,1,ktime_get_mono_fast_ns,kernel,task,1,0,none,$r,1000,47,off"
			echo "6.12.118,tcg,1,ktime_get_mono_fast_ns,kernel,task,1,0,none,$r,1000,44,none"
		done
	} >"$csv"
	run "$LB" summary "$csv"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "${lines[@]:1}" | awk -F, '{ print $1 "=" $11 "/" $10 }' | paste -sd' ')" = \
		"6.12.118-debian=49/2 6.12.118-debian+mitigations=off=47/2 6.12.118=44/2" ]
	# negative: without the column the two boots' rows cannot be told apart,
	# the same row twice (a row's identity: lbstats row_identity)
	cut -d, -f1-12 "$csv" >"$BATS_TEST_TMPDIR/n.csv"
	run "$LB" summary "$BATS_TEST_TMPDIR/n.csv"
	[ "$status" -ne 0 ]
	[[ "$output" == *"n.csv:3: the same row as line 2 (kernel 6.12.118-debian, configuration, round and run)"* ]] || { echo "$output"; false; }
	# every reader of rows reads it so (lbstats rows: report, plots, compare);
	# lbstats check passes the file through as written
	run "$LB" rows "$csv"
	[ "$(printf '%s\n' "${lines[@]:1}" | cut -d, -f1 | LC_ALL=C sort | uniq -c | awk '{ print $2 "=" $1 }' | paste -sd' ')" = \
		"6.12.118=2 6.12.118-debian=2 6.12.118-debian+mitigations=off=2" ]
	run "$LB" check "$csv"
	[ "$(printf '%s\n' "${lines[@]}" | grep -c 'mitigations=off')" -eq 0 ]
	# converge (RUNS=auto) keys its configurations the same way
	run "$LB" converge 1 20 "$csv"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "${lines[@]}" | grep -c 'mitigations=off')" -eq 1 ]
	# the column's domain: the module's words, nothing else
	sed '2s/,auto$/,maybe/' "$csv" >"$BATS_TEST_TMPDIR/bad.csv"
	run "$LB" check "$BATS_TEST_TMPDIR/bad.csv"
	[ "$status" -ne 0 ]
	[[ "$output" == *"column mitigations: 'maybe': not a mitigations mode (valid: auto off auto+nosmt none)"* ]] || { echo "$output"; false; }
}

# The layouts (report, plots, index) name a variant only through its role
# (lbstats roles): a vocabulary whose control and ranks differ changes what
# they say, with no edit of theirs.
@test "roles: lbstats roles gives each role's variants from the table or a run's vocabulary; the report's and plots' words follow it" {
	run "$LB" roles
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "subject	latch" ]
	[ "${lines[1]}" = "baseline	seqlock rbtree-seqcount seqlock-excl rwlock rcu maple" ]
	[ "${lines[2]}" = "control	none" ]
	[ "${lines[3]}" = "harness	empty" ]
	[ "${lines[4]}" = "real	kernel" ]
	# a run's vocabulary with the control renamed and rcu ranked first
	. "$ROOT/runners/lib.sh"
	v=$BATS_TEST_TMPDIR/v.csv
	lb_vocab table | awk -F, -v OFS=, 'NR > 1 && $2 == "none" { $2 = "plain" } NR > 1 && $2 == "rcu" { $8 = 1 } NR > 1 && $2 == "seqlock" { $8 = 7 } { print }' >"$v"
	run "$LB" roles -V "$v"
	[ "${lines[1]}" = "baseline	rcu rbtree-seqcount seqlock-excl rwlock maple seqlock" ]
	[ "${lines[2]}" = "control	plain" ]
	# (the control: the table's own control is not in it)
	! grep -qw none <<<"$output" || false
	# a run of the fixture with that vocabulary: the report says plain and
	# rcu, never none, where it names the control and the baselines
	r=$BATS_TEST_TMPDIR/run
	cp -r "$ROOT/results/reference-uml" "$r"
	for f in vocab.csv results.csv; do
		awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "variant") c = i } NR > 1 && $c == "none" { $c = "plain" } { print }' \
			"$ROOT/results/reference-uml/$f" >"$r/$f"
	done
	out=$("$ROOT/runners/report" RUN="$r")
	grep -q '^Net cost over unsynchronised reads (variant plain), task context;$' <<<"$out"
	! grep -q '(variant none)' <<<"$out" || false
	# and unchanged, the committed run says none
	grep -q '(variant none)' "$ROOT/results/reference-uml/report.txt"
	run "$LB" roles x
	[ "$status" -ne 0 ]
	[[ $output == *"usage: lbstats roles"* ]]
}

# (lbstats sections): a report's two sides paired by the summary's one rule
@test "sections: the report's sides paired as lbstats summary pairs kernels (voluntary+lazy beside a common rt); two models a side outside the common set stay apart; bad lines refused by name" {
	run "$LB" sections <(printf 'icount/2/\tbase\trt\nicount/2/\tbase\tvoluntary\nicount/2/\tnew\tlazy\nicount/2/\tnew\trt\nicount/1/\tbase\tvoluntary\nicount/1/\tnew\tvoluntary\nicount/2/\tnew\tlazy\n')
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'icount/2/\tbase\trt\trt\nicount/2/\tbase\tvoluntary\tvoluntary+lazy\nicount/2/\tnew\tlazy\tvoluntary+lazy\nicount/2/\tnew\trt\trt\nicount/1/\tbase\tvoluntary\tvoluntary\nicount/1/\tnew\tvoluntary\tvoluntary')" ]
	# control: base with two models new lacks: each its own section
	run "$LB" sections <(printf 'g\tbase\tfull\ng\tbase\tvoluntary\ng\tnew\tlazy\n')
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'g\tbase\tfull\tfull\ng\tbase\tvoluntary\tvoluntary\ng\tnew\tlazy\tlazy')" ]
	run "$LB" sections <(printf 'g\tside\tlazy\n')
	[ "$status" -ne 0 ]
	[[ $output == *"'g"*"side"*"lazy': not group<TAB>base|new<TAB>model"* ]]
	run "$LB" sections a b
	[ "$status" -ne 0 ]
	[[ $output == *"usage: lbstats sections"* ]]
}

@test "contract: a row's identity (kernel, accel, vCPUs, model, configuration, round, run) is unique: a row given twice is refused naming both lines; another run number passes (the control)" {
	src=$ROOT/results/reference-uml/results.csv
	f=$BATS_TEST_TMPDIR/dup.csv
	# the same row again, its measurements changed: still the same run
	{ cat "$src"; sed -n 5p "$src" | awk -F, -v OFS=, '{ $12 = $12 + 1 } 1'; } >"$f"
	n=$(wc -l <"$f")
	for cmd in check summary rows; do
		run "$LB" "$cmd" "$f"
		[ "$status" -ne 0 ] || { echo "$cmd accepted a row given twice"; false; }
		[[ "$output" == *"dup.csv:$n: the same row as line 5 (kernel 7.2.13, configuration, round and run)"* ]] || { echo "$output"; false; }
	done
	# a whole file appended to itself (its header repeated: files concatenated)
	cat "$src" "$src" >"$f"
	run "$LB" check "$f"
	[ "$status" -ne 0 ]
	[[ "$output" == *"the same row as line 2 "* ]]
	# the control: the same row as another run of its configuration passes
	{ cat "$src"; sed -n 5p "$src" | awk -F, -v OFS=, '{ $10 = 999 } 1'; } >"$f"
	run "$LB" check "$f"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | wc -l)" -eq "$n" ]
	# and as another round (boot)
	{ cat "$src"; sed -n 5p "$src" | awk -F, -v OFS=, '{ $NF = 99 } 1'; } >"$f"
	run "$LB" check "$f"
	[ "$status" -eq 0 ]
}

# (lbstats.c): one table of commands; the usage and each command's usage
# error are made from it
@test "commands: the usage lists every command of the table; a command's wrong arguments print its forms" {
	run "$LB"
	[ "$status" -eq 2 ]
	[[ "${lines[0]}" == "usage: lbstats summary "* ]]
	for c in summary compare rows check missing power converge aa ab-size roles sections vocab accels rule; do
		grep -q "^ *\(usage: \)\{0,1\}lbstats $c\b" <<<"$output" || { echo "no $c"; false; }
	done
	run "$LB" --help
	[ "$status" -eq 0 ]
	run "$LB" no-such-command
	[ "$status" -eq 2 ]
	run "$LB" compare a b c
	[ "$status" -eq 1 ]
	[ "$output" = "lbstats: error: usage: lbstats compare BASE,LIST NEW,LIST | lbstats compare [FILE]" ]
	run "$LB" accels x
	[ "$output" = "lbstats: error: usage: lbstats accels" ]
}

# (accels.c): lbstats asks accels.h what an accelerator is and names none
# itself: a scratch accelerator, exact like icount, is treated as icount is
@test "accels: a scratch exact accelerator in accels.h is held to the path and compared exactly, as icount is" {
	d=$BATS_TEST_TMPDIR/mod
	mkdir -p "$d"
	cp "$ROOT/bench-module/vocab.h" "$d/"
	# a line after the table's last (it ends in "))")
	sed 's/^\(\t.*"\)))$/\1) \\\n\tA(scratch, 0, 1, 1, 0, x86, "path_ns_per_op", "steps", "1", "1", "0", "a test", "steps", "st", "", "", "a test", ""))/' \
		"$ROOT/bench-module/accels.h" >"$d/accels.h"
	grep -q 'A(scratch' "$d/accels.h"
	make -s -C "$ROOT/stats" B="$d" VOCAB_DIR="$d" "$d/lbstats" >&2
	run "$d/lbstats" accels
	grep -qx $'scratch\t0\t1\t1\t0\tx86\tpath_ns_per_op\tsteps\t1\t1\t0\ta test\tsteps\tst\t\t\ta test\t' <<<"$output"
	run "$d/lbstats" rule
	grep -qx 'estimator.scratch=path_ns_per_op' <<<"$output"
	# the icount fixture under the scratch name: the same exact figures
	f=$FX/fx-icount/results.csv
	sed 's/,icount,/,scratch,/' "$f" >"$BATS_TEST_TMPDIR/s.csv"
	diff <("$d/lbstats" summary "$f" | sed 's/icount/scratch/g') <("$d/lbstats" summary "$BATS_TEST_TMPDIR/s.csv")
	"$d/lbstats" summary "$BATS_TEST_TMPDIR/s.csv" | grep -q ',scratch,.*,exact,'
	# its rows need their path, as icount's do
	cut -d, -f1-26 "$BATS_TEST_TMPDIR/s.csv" >"$BATS_TEST_TMPDIR/nopath.csv"
	run "$d/lbstats" check "$BATS_TEST_TMPDIR/nopath.csv"
	[ "$status" -eq 1 ]
	[[ "$output" == *"column path_ns_per_op: missing from the header, and scratch rows need it"* ]]
	# the control: the module's own build does not know it (real time, not exact)
	run "$LB" check "$BATS_TEST_TMPDIR/s.csv"
	[ "$status" -eq 1 ]
	[[ "$output" == *"'scratch': not an accelerator (valid: kvm tcg icount uml)"* ]]
}
