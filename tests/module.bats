#!/usr/bin/env bats
# The benchmark module in a booted guest: every workload x variant runs,
# the torn-read check catches the unsynchronised control, retries behave,
# bad parameters are refused and the guest stays healthy. Tests tagged
# per-kernel go over LB_TEST_KERNELS (6.12 in `make test`, 6.1 and 7.2 in
# `make check-versions`); the rest use 6.12.

load helpers

setup_file() {
	plan=$BATS_FILE_TMPDIR/plan
	cat >"$plan" <<-P
	workload=all variant=all context=task readers=1 writers=0 nruns=1 duration_ms=20
	workload=replicas variant=all context=task readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=150
	workload=all variant=all context=task readers=2 writers=0 nruns=1 duration_ms=10
	workload=replicas variant=all context=task readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=300 write_dwell_ns=2000
	P
	for k in $LB_TEST_KERNELS; do
		lb_guest "$k" 2 tcg "$plan" "$BATS_FILE_TMPDIR/$k" >&2 || echo "boot $k failed: $?" >&2
	done
}

rows() { lb_col "$BATS_FILE_TMPDIR/$1/rows.csv" "$2"; }
# table K: kernel K's booted module table (lb_table); nrep K: its replica lines
table() { lb_table "$BATS_FILE_TMPDIR/$1"; }
nrep() { table "$1" | awk -F, 'NR > 1 && $5 != "kernel"' | wc -l; }

# bats test_tags=per-kernel
@test "every workload x variant of the module's table returns rows on every kernel (2 vCPUs); the table is vocab.h's" {
	for k in $LB_TEST_KERNELS; do
		f=$BATS_FILE_TMPDIR/$k/rows.csv
		grep -q '^X 0' "$BATS_FILE_TMPDIR/$k/channel.txt"
		# what the guest booted is what the host reads before a boot (lb_vocab)
		diff <(table "$k" | cut -d, -f1,2,5-) <(lb_vocab table)
		n=0
		while IFS=, read -r w v _ _ kind _; do
			n=$((n + 1))
			case $kind in
			copy)
				grep -q ",$w,$v,task,1,0,none," "$f" || { echo "missing $k $w/$v w=0"; false; }
				grep -q ",$w,$v,task,1,1,0," "$f" || { echo "missing $k $w/$v w=1"; false; }
				grep -q ",$w,$v,task,2,0,none," "$f" || { echo "missing $k $w/$v r=2"; false; } ;;
			tree) grep -q ",$w,$v,task,1,1,0," "$f" || { echo "missing $k $w/$v"; false; } ;;
			kernel) grep -q ",$w,$v,task,2,0,none," "$f" || { echo "missing $k $w"; false; } ;;
			*) echo "$k: $w/$v: kind '$kind'"; false ;;
			esac
		done < <(table "$k" | tail -n +2)
		[ "$n" -eq "$(lb_vocab table | tail -n +2 | wc -l)" ]
	done
}

# bats test_tags=per-kernel
@test "the unsynchronised control shows torn reads under a writer, every other variant none" {
	# Under a writer that dwells 2 us mid-update (write_dwell_ns, a stress
	# knob), every reader overlapping it lands in the window: "none" must be
	# caught, or the checker is broken; without the dwell the window is a few
	# stores wide and TCG may miss it in a short run, so there only the
	# synchronised variants are held to torn == 0.
	for k in $LB_TEST_KERNELS; do
		n=0
		while IFS=: read -r key torn dwell; do
			n=$((n + 1))
			case $key/$dwell in
			*/none/task/1/2000) [ "$torn" -gt 0 ] || { echo "$k $key: torn=$torn, the checker missed the race"; false; } ;;
			*/none/task/*) ;;
			*/kernel/*) [ -z "$torn" ] ;;
			*) [ "$torn" -eq 0 ] || { echo "$k $key dwell=$dwell: torn=$torn"; false; } ;;
			esac
		done < <(paste -d: <(rows "$k" torn) <(rows "$k" write_dwell_ns | cut -d: -f2))
		# every replica x variant of the table under the dwell, all present
		[ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			$c["context"] == "task" && $c["writers"] == 1 && $c["writer_period_ns"] == 0 && $c["write_dwell_ns"] == 2000' \
			"$BATS_FILE_TMPDIR/$k/rows.csv" | wc -l)" -eq "$(nrep "$k")" ]
		[ "$n" -gt "$(nrep "$k")" ]
	done
}

# bats test_tags=per-kernel
@test "backwards: counted in the copy shapes' checked pass, empty elsewhere; without a writer no reader sees its time go back" {
	# The copy shapes' checked pass compares the time each snapshot gives with
	# the reader's previous one; the trees and task reads of real functions
	# are not counted (empty). A half-written copy ("none" under the 2 us
	# dwell) can mix a new cycle base with an old time base (seen in one run).
	# Under a writer a whole snapshot may go back too: the replicas' writer
	# steps the time base 1 ms per update, so a reader whose writer paused for
	# longer (a descheduled vCPU) reads the next update's time below its last
	# one (seen: tkfast seqlock, 1 of ~10^5 reads under tcg); not asserted.
	for k in $LB_TEST_KERNELS; do
		sum=0 seen=""
		while IFS=: read -r key back dwell; do
			case $key in
			latchtree/* | */kernel/task/*) [ -z "$back" ] || { echo "$k $key: backwards=$back, not counted there"; false; } ;;
			*/none/task/1) [ "$dwell" != 2000 ] || { sum=$((sum + back)) seen="$seen $key=$back"; } ;;
			*/task/0) [ "$back" -eq 0 ] || { echo "$k $key: backwards=$back without a writer"; false; } ;;
			*/none/*) ;;
			*/task/*) [ "$back" -ge 0 ] ;;
			esac
		done < <(paste -d: <(rows "$k" backwards) <(rows "$k" write_dwell_ns | cut -d: -f2))
		[ "$(wc -w <<<"$seen")" -eq 3 ] || { echo "$k: none rows under the dwell:$seen"; false; }
		# (the control going back, sum > 0, held in one run and not in the next:
		# not asserted until it is understood)
		[ "$sum" -ge 0 ]
	done
}

# bats test_tags=per-kernel
@test "no writer, no retries; seqlock readers retry under a writer at period 0" {
	# (the dwell rows are left out: a reader that finds the count odd for the
	# whole 2 us dwell waits in read_seqcount_begin() rather than retrying)
	# Under a writer, the retries of the three copy replicas' seqlock rows
	# together: under tcg the two vCPUs are host threads, and on a loaded
	# host one row's 150 ms can pass without the two overlapping (seen once:
	# tkfast 0 retries while schedclock and cyc2ns retried).
	for k in $LB_TEST_KERNELS; do
		sum=0 seen=""
		while IFS=: read -r key r dwell; do
			[ "$dwell" = 0 ] || continue
			case $key in
			*/latch/task/0 | */seqlock/task/0 | */seqlock-excl/task/*) [ "$r" -eq 0 ] || { echo "$k $key retries=$r"; false; } ;;
			latchtree/*) ;;
			*/seqlock/task/1) sum=$((sum + r)) seen="$seen $key=$r" ;;
			esac
		done < <(paste -d: <(rows "$k" retries) <(rows "$k" write_dwell_ns | cut -d: -f2))
		[ "$(wc -w <<<"$seen")" -eq 3 ] || { echo "$k: seqlock rows under a writer:$seen"; false; }
		[ "$sum" -gt 0 ] || { echo "$k: no seqlock reader retried under a writer:$seen"; false; }
	done
}

# bats test_tags=per-kernel
@test "rows carry the writer's cost and a sane per-op time" {
	for k in $LB_TEST_KERNELS; do
		awk -F, -v k="$k" 'NR > 1 && $8 == 1 && ($17 <= 0 || $18 <= 0) { print k ": no writer cost: " $0; bad = 1 }
			NR > 1 && ($11 <= 0 || $12 <= 0) { print k ": no reads: " $0; bad = 1 }
			END { exit bad }' "$BATS_FILE_TMPDIR/$k/rows.csv"
	done
}

@test "icount: the same configurations twice give identical paths (2 vCPUs)" {
	p=$BATS_TEST_TMPDIR/p
	echo "workload=tkfast variant=seqlock readers=1 writers=1 writer_period_ns=10000 nruns=2 duration_ms=5" >"$p"
	echo "workload=latchtree variant=latch readers=2 writers=0 nruns=1 duration_ms=5" >>"$p"
	echo "workload=tkfast variant=latch readers=2 writers=0 nruns=1 duration_ms=5 per_reader=1" >>"$p"
	for i in 1 2; do
		lb_guest_ok 6.12 2 icount "$p" "$BATS_TEST_TMPDIR/i$i"
	done
	[ "$(wc -l <"$BATS_TEST_TMPDIR/i1/rows.csv")" -eq 5 ]
	lb_icount_same "$BATS_TEST_TMPDIR/i1/rows.csv" "$BATS_TEST_TMPDIR/i2/rows.csv" ||
		{ grep -H '^icount_\|^wall_s' "$BATS_TEST_TMPDIR"/i[12]/boot.meta; false; }
	# readers on CPUs 0 and 1 run the same path: their medians' intervals
	# overlap (lbstats readers_disagree 0; its control: stats.bats)
	run "$LB_ROOT/build/lbstats" summary --rt "$BATS_TEST_TMPDIR/i1/rows.csv"
	[ "$status" -eq 0 ]
	rd=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["workload"] == "tkfast" && $h["readers"] == 2 { print $h["readers_disagree"] }' <<<"$output")
	[ "$rd" = 0 ] || { echo "readers_disagree=<$rd>"; grep ',tkfast,latch,task,2,' "$BATS_TEST_TMPDIR/i1/rows.csv"; false; }
	# under icount every task row has both the fastest batches' path and the slope
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["path_ns_per_op"] == "" || $h["slope_ns_per_op"] == "" { print "no path or slope: " $0; bad = 1 } END { exit bad }' "$BATS_TEST_TMPDIR/i1/rows.csv"
}

# name | run line | text the module's pr_err must contain
BAD_INPUT=(
	"unknown workload|workload=bogus|workload='bogus' unknown (valid:"
	"variant not of this workload|workload=tkfast variant=rwlock|variant='rwlock' unknown for workload tkfast"
	"unknown parameter|foo=1|unknown parameter 'foo'"
	"no value|readers|'readers' has no value"
	"zero readers|readers=0|readers=0 out of range (valid: 1.."
	"more readers than CPUs|readers=3|readers=3 out of range (valid: 1..2"
	"negative writers|writers=-1|writers=-1 out of range (valid: 0..64)"
	"too many writers|writers=65|writers=65 out of range (valid: 0..64)"
	"absurd period|writers=1 writer_period_ns=2000000000|writer_period_ns=2000000000 out of range"
	"negative period|writers=1 writer_period_ns=-5|writer_period_ns=-5 out of range"
	"zero runs|nruns=0|nruns=0 out of range (valid: 1..1000)"
	"zero duration|duration_ms=0|duration_ms=0 out of range (valid: 1..60000)"
	"zero batch|batch=0|batch=0 out of range"
	"tree of 0 nodes|workload=latchtree tree_nodes=0|tree_nodes=0 out of range (valid: 1..65536)"
	"tree of 10^9 nodes|workload=latchtree tree_nodes=1000000000|tree_nodes=1000000000 out of range"
	"not a number|readers=abc|readers='abc' is not a number"
	"overflow|readers=99999999999999999999999|is not a number"
	"empty name|workload=|workload='' invalid"
	"very long name|workload=$(printf 'x%.0s' $(seq 1 300))|invalid (valid: a name of 1..31 characters)"
	"unknown context|context=softirq|context='softirq' unknown (valid: task hardirq nmi)"
	"ktime_get_ns in NMI|workload=ktime_get_ns variant=kernel context=nmi|context=nmi invalid for ktime_get_ns"
	"writer on a kernel function|workload=sched_clock variant=kernel writers=1|writers=1 invalid for sched_clock/kernel"
	"period none with a writer|writers=1 writer_period_ns=none|writer_period_ns=none invalid"
	"zero spin limit|spin_limit=0|spin_limit=0 out of range"
	"dwell too long|writers=1 write_dwell_ns=100001|write_dwell_ns=100001 out of range (valid: 0..100000)"
	"dwell without a writer|write_dwell_ns=1000|write_dwell_ns=1000 invalid with context=task writers=0"
	"dwell in NMI|context=nmi writers=1 write_dwell_ns=1000|write_dwell_ns=1000 invalid with context=nmi"
	"extra work too large|extra_work=100001|extra_work=100001 out of range (valid: 0..100000)"
	"extra work in hardirq|context=hardirq writers=1 extra_work=4|extra_work=4 invalid with context=hardirq"
	"old copy variant name|workload=tkfast variant=seqcount|variant='seqcount' unknown for workload tkfast (valid: latch seqlock"
	"old name says the new|workload=schedclock variant=seqcount|; it is now seqlock"
	"old tree variant name|workload=latchtree variant=rcu|; it is now maple"
)

@test "hostile input: every bad configuration is refused by name, the guest stays healthy" {
	p=$BATS_TEST_TMPDIR/bad
	: >"$p"
	for c in "${BAD_INPUT[@]}"; do
		IFS='|' read -r _ line _ <<<"$c"
		echo "$line" >>"$p"
	done
	echo "workload=tkfast variant=latch readers=2 nruns=1 duration_ms=5" >>"$p"
	run lb_guest 6.12 2 tcg "$p" "$BATS_TEST_TMPDIR/badout"
	[ "$status" -eq 3 ]
	ch=$BATS_TEST_TMPDIR/badout/channel.txt
	printf '%-32s %-8s %s\n' "case" "result" "message" >"$BATS_TEST_TMPDIR/table"
	i=0
	for c in "${BAD_INPUT[@]}"; do
		i=$((i + 1))
		IFS='|' read -r name _ want <<<"$c"
		grep -qF "$want" "$ch" || { echo "case '$name': no message containing: $want"; false; }
		printf '%-32s %-8s %s\n' "$name" "EINVAL" "$want" >>"$BATS_TEST_TMPDIR/table"
	done
	[ "$(grep -c '^E config .* refused' "$ch")" -eq ${#BAD_INPUT[@]} ]
	# the good line after all of them still ran, and the guest powered off cleanly
	grep -q '^R .*,tkfast,latch,task,2,0,none,0,' "$ch"
	grep -q '^X 3' "$ch"
	cp "$BATS_TEST_TMPDIR/table" "$LB_ROOT/build/bad-input-table.txt" 2>/dev/null || true
}

# The harness is the bare loop and the timed reads are whole instructions:
# under icount the empty variant costs <= 2 guest instructions per read, the
# copy shapes' and the real functions' paths are integers, and so is every
# net cost over none. The tree lookup (key-dependent path) must come out not
# exact: the negative control of the exactness check.
# bats test_tags=per-kernel
@test "icount: empty <= 2 instructions per op, integer paths and net costs, tree lookups not exact" {
	p=$BATS_TEST_TMPDIR/p
	echo "workload=replicas variant=all context=task readers=1 writers=0 nruns=2 duration_ms=5" >"$p"
	echo "workload=kernel variant=kernel context=task readers=1 writers=0 nruns=2 duration_ms=5" >>"$p"
	for k in $LB_TEST_KERNELS; do
		lb_guest_ok "$k" 1 icount "$p" "$BATS_TEST_TMPDIR/$k"
		f=$BATS_TEST_TMPDIR/$k/rows.csv
		awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
			$H["path_ns_per_op"] == "" { print "no path: " $0; bad = 1 }
			$H["variant"] == "empty" && $H["path_ns_per_op"] + 0 > 2 { print "empty > 2: " $0; bad = 1 }
			$H["workload"] != "latchtree" && $H["path_ns_per_op"] !~ /\.000$/ { print "not whole instructions: " $0; bad = 1 }
			END { exit bad }' "$f"
		"$LB_ROOT/build/lbstats" summary "$f" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
			$H["workload"] == "latchtree" { if ($H["variant"] == "empty") next; if ($H["path_exact"] == "exact") { print "tree exact: " $0; bad = 1 }; next }
			$H["path_exact"] != "exact" { print "not exact: " $0; bad = 1 }
			$H["net_none"] != "" && $H["net_none"] !~ /^-?[0-9]+$/ { print "net not an integer: " $0; bad = 1 }
			$H["net_none"] != "" { nets++ }
			END { if (nets < 15) { print "only " nets + 0 " net values"; bad = 1 }; exit bad }'
	done
}

# Adding a variant or a workload is its own file and one line of the table
# (vocab.h): a scratch copy variant (v_none.h under another name) and a
# scratch copy workload (w_schedclock.c under another name) in a temporary
# copy of the module, built, booted (icount, 1 vCPU), folded into a run
# store, then reported and plotted, with no other edit anywhere (Kbuild
# finds both files from the table).
@test "a variant and a workload added as one file and one table line each show in rows, vocab.csv, report and plots" {
	src=$BATS_TEST_TMPDIR/mod out=$BATS_TEST_TMPDIR/boot run=$BATS_TEST_TMPDIR/run
	cp -a "$LB_ROOT/bench-module" "$src"
	sed 's/\bnone_/scratch_/g; s/COPY_READERS(none)/COPY_READERS(scratch)/; s/\bv_none\b/v_scratch/' \
		"$LB_ROOT/bench-module/v_none.h" >"$src/v_scratch.h"
	sed -i '/^.define LB_COPY_VARIANTS(/,/^$/{/^\tV(none, /a\	V(scratch, "scratch", control, 91, 0, "v_none.h renamed: a test") \\
}' "$src/vocab.h"
	sed 's/^LB_COPY_WORKLOAD(schedclock);$/LB_COPY_WORKLOAD(scratchw);/' \
		"$LB_ROOT/bench-module/w_schedclock.c" >"$src/w_scratchw.c"
	sed -i '/^.define LB_REPLICAS(/,/^$/{/^\tW(schedclock, /a\	W(scratchw, copy, "")						\\
}' "$src/vocab.h"
	# the whole edit: two new files, two added lines
	run diff -r "$LB_ROOT/bench-module" "$src"
	[ "$(grep -c '^Only in '"$src"': v_scratch.h$' <<<"$output")" -eq 1 ]
	[ "$(grep -c '^Only in '"$src"': w_scratchw.c$' <<<"$output")" -eq 1 ]
	[ "$(grep -c '^[<>] ' <<<"$output")" -eq 2 ]
	[ "$(grep -c '^> 	V(scratch, "scratch", control, 91, 0, ' <<<"$output")" -eq 1 ]
	[ "$(grep -c '^> 	W(scratchw, copy, "")' <<<"$output")" -eq 1 ]
	"$LB_ROOT/runners/build-kernel" KVER=6.12 >&2
	LB_PERF=0 LB_MODULE_SRC=$src "$LB_ROOT/runners/build-initramfs" KVER=6.12 FLAVOUR=voluntary OUT="$BATS_TEST_TMPDIR/img.cpio.gz" >&2
	printf '%s\n' "workload=tkfast variant=all context=task readers=1 writers=0 nruns=2 duration_ms=3" \
		"workload=tkfast variant=all context=task readers=1 writers=1 writer_period_ns=0 nruns=2 duration_ms=3" \
		"workload=scratchw variant=latch context=task readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=3" >"$BATS_TEST_TMPDIR/plan"
	mkdir -p "$out" "$run"
	"$LB_ROOT/runners/boot" KBUILD="$(lb_kbuild_dir 6.12)" INITRD="$BATS_TEST_TMPDIR/img.cpio.gz" PLAN="$BATS_TEST_TMPDIR/plan" \
		VCPUS=1 ACCEL=icount TIMEOUT=300 OUT="$out" 2>"$out/boot.stderr" ||
		{ tail -n 15 "$out/boot.stderr"; false; }
	"$LB_ROOT/runners/collect" CHANNEL="$out/channel.txt" RUN="$run" TAG=6.12-voluntary-1cpu
	[ "$(grep -c ',tkfast,scratch,task,' "$run/results.csv")" -eq 4 ]
	grep -q '^tkfast,scratch,1,1,copy,ktime_get_mono_fast_ns,v_none.h renamed: a test,control,91,0$' "$run/vocab.csv"
	# the scratch workload: its latch row, read and written, never torn
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["workload"] == "scratchw" && $c["variant"] == "latch" { n++; if ($c["torn"] != 0 || $c["read_ops"] == 0 || $c["write_ops"] == 0) bad = 1 }
		END { exit bad || n != 1 }' "$run/results.csv"
	grep -q '^scratchw,latch,' "$run/vocab.csv"
	# its rows read like none's: torn, but never a retry
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["variant"] == "scratch" && ($c["retries"] != 0 || $c["torn"] == "" || $c["read_ops"] == 0) { print; bad = 1 }
		END { exit bad }' "$run/results.csv"
	run "$LB_ROOT/runners/report" RUN="$run"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	grep -q -E '^  scratch +task ' <<<"$output"
	LB_PLOTS_ROOT=$BATS_TEST_TMPDIR run "$LB_ROOT/runners/plots" OUT="$BATS_TEST_TMPDIR/plots" RUN="$run"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	[ -s "$BATS_TEST_TMPDIR/plots/tkfast-scratch-spread.png" ]
	grep -q '^vl[0-9]* = ".*\bscratch\b' "$BATS_TEST_TMPDIR"/plots/data/*.vars.gp
	# negative control: the files without their table lines are not in the module
	cp -a "$src" "$src-noline"
	sed -i '/V(scratch, /d; /W(scratchw, /d' "$src-noline/vocab.h"
	make -s -C "$(lb_kbuild_dir 6.12)" M="$src-noline" modules >&2
	if strings "$src-noline/latchbench.ko" | grep -q scratch; then false; fi
	make -s -C "$(lb_kbuild_dir 6.12)" M="$src" modules >&2
	strings "$src/latchbench.ko" | grep -q 'scratch$'
	strings "$src/latchbench.ko" | grep -q 'scratchw'
}

# make aa's known effect: extra_work adds a fixed amount of work
# to each timed read, exactly linear in extra_work under icount (its size
# in guest instructions, what runners/aa measures with lbstats ab-size); 0
# is the plain batch.
@test "icount: extra_work adds whole instructions per read, linear in extra_work; lbstats ab-size says how many" {
	p=$BATS_TEST_TMPDIR/p
	cat >"$p" <<-P
	workload=tkfast variant=latch context=task readers=1 writers=0 nruns=1 duration_ms=10
	workload=tkfast variant=latch context=task readers=1 writers=0 nruns=1 duration_ms=10 extra_work=4
	workload=tkfast variant=latch context=task readers=1 writers=0 nruns=1 duration_ms=10 extra_work=8
	P
	lb_guest 6.12 1 icount "$p" "$BATS_TEST_TMPDIR/ew" || true
	f=$BATS_TEST_TMPDIR/ew/rows.csv
	[ "$(wc -l <"$f")" -eq 4 ]
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
		{ P[NR - 1] = $H["path_ns_per_op"]; E[NR - 1] = $H["extra_work"] }
		END {
			d4 = P[2] - P[1]; d8 = P[3] - P[1]
			printf "path %s, +%s with extra_work=4, +%s with 8\n", P[1], d4, d8
			if (E[1] != 0 || E[2] != 4 || E[3] != 8) { print "extra_work column: " E[1] " " E[2] " " E[3]; bad = 1 }
			if (!(d4 >= 4) || d4 != int(d4)) { print "not whole instructions, or fewer than one a step"; bad = 1 }
			# the negative side: a fixed cost would not double
			if (d8 != 2 * d4) { print "not linear in extra_work"; bad = 1 }
			exit bad
		}' "$f"
	# lbstats ab-size: the added instructions, exact; lbstats summary refuses the rows
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "extra_work") e = i } NR == 1 || $e != 8' "$f" >"$BATS_TEST_TMPDIR/ab.csv"
	run "$LB_ROOT/build/lbstats" ab-size "$BATS_TEST_TMPDIR/ab.csv"
	[ "$status" -eq 0 ]
	d4=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } { P[NR - 1] = $H["path_ns_per_op"] } END { print P[2] - P[1] }' "$f")
	[ "$(cut -f2,5,6 <<<"${lines[1]}")" = "4	$d4	yes" ] || { echo "$output"; false; }
	run "$LB_ROOT/build/lbstats" summary "$f"
	[ "$status" -ne 0 ]
	[[ "$output" == *"extra_work=4: the A/B benchmark's injected effect, not a measurement"* ]]
}

# Real-time methodology, checked where it is exact (icount):
# a batch stalled on purpose in 1 of 100 moves the mean but not the median;
# irqoff times the same path; from hardirq the clock read's own cost is out,
# so the empty read comes out near 0; with 1 vCPU a writer shares the
# reader's CPU and the row says so. (1 vCPU: 1-vCPU icount boots repeat
# exactly; two readers on two CPUs are uml.bats'.)
@test "icount: 1% stalled batches move the median < 0.5% (the mean > 5%); irqoff; empty hardirq read near 0; a shared CPU said" {
	p=$BATS_TEST_TMPDIR/p
	cat >"$p" <<-P
	workload=tkfast variant=latch context=task readers=1 writers=0 nruns=1 duration_ms=40
	workload=tkfast variant=latch context=task readers=1 writers=0 nruns=1 duration_ms=40 test_stall_ns=500000
	workload=tkfast variant=latch context=task readers=1 writers=0 nruns=1 duration_ms=10 irqoff=1
	workload=tkfast variant=empty context=hardirq readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=5
	workload=tkfast variant=none context=hardirq readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=5
	workload=tkfast variant=latch context=task readers=1 writers=0 nruns=1 duration_ms=10 per_reader=1
	workload=tkfast variant=latch context=task readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=5
	workload=tkfast variant=latch context=hardirq readers=1 writers=1 irqoff=1
	workload=tkfast variant=latch context=task test_stall_ns=10000001
	P
	lb_guest 6.12 1 icount "$p" "$BATS_TEST_TMPDIR/rt" || true
	ch=$BATS_TEST_TMPDIR/rt/channel.txt
	f=$BATS_TEST_TMPDIR/rt/rows.csv
	grep -q '^X 3' "$ch"
	# the two bad lines, each refused by name
	grep -q 'irqoff=1 invalid with context=hardirq' "$ch"
	grep -q 'test_stall_ns=10000001 out of range (valid: 0..10000000)' "$ch"
	[ "$(wc -l <"$f")" -eq 8 ]
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
		function v(r, c) { return R[r, H[c]] }
		{ for (i = 1; i <= NF; i++) R[NR - 1, i] = $i }
		END {
			# 1 and 2: the same configuration, without and with the stall
			m = (v(2, "median_ns_per_op") - v(1, "median_ns_per_op")) / v(1, "median_ns_per_op")
			a = (v(2, "ns_per_op") - v(1, "ns_per_op")) / v(1, "ns_per_op")
			printf "median %+.3f%%, mean %+.3f%%, batches kept %d\n", 100 * m, 100 * a, v(2, "batches_kept")
			if (m < 0) m = -m
			if (m >= 0.005) { print "the stall moved the median"; bad = 1 }
			if (a <= 0.05) { print "the stall did not move the mean: no stall happened"; bad = 1 }
			if (v(2, "batches_kept") < 200 || v(2, "test_stall_ns") != 500000) { print "too few batches"; bad = 1 }
			if (v(1, "path_ns_per_op") != v(2, "path_ns_per_op") || v(1, "path_ns_per_op") != v(3, "path_ns_per_op")) { print "the path moved"; bad = 1 }
			if (v(3, "irqoff") != 1 || v(1, "irqoff") != 0) { print "irqoff not recorded"; bad = 1 }
			# 4 and 5: empty and none from hardirq, net of the clock read
			printf "hardirq: empty %s, none %s, clock %s\n", v(4, "ns_per_op"), v(5, "ns_per_op"), v(4, "clock_ns")
			if (!(v(4, "clock_ns") > 0) || !(4 * v(4, "ns_per_op") < v(5, "ns_per_op"))) { print "empty hardirq read not near 0"; bad = 1 }
			if (v(4, "reader_cpus") != v(4, "writer_cpus") || v(4, "shared_cpus") != 1) { print "hardirq: the reader is on its writer CPU"; bad = 1 }
			# 6: one reader per_reader: its CPU, its median (the row one) inside its interval
			if (v(6, "reader_cpus") != "0" || v(6, "writer_cpus") != "") { print "reader CPUs"; bad = 1 }
			if (split(v(6, "reader_medians"), x, ":") != 4 || x[1] != 0 || x[2] != v(6, "median_ns_per_op") || !(x[3] <= x[2] && x[2] <= x[4])) { print "per-reader: " v(6, "reader_medians"); bad = 1 }
			if (v(1, "reader_medians") != "") { print "per-reader without per_reader=1"; bad = 1 }
			# 7: 1 vCPU: the writer shares the reader CPU, and the row says so
			if (v(7, "reader_cpus") != "0" || v(7, "writer_cpus") != "0" || v(7, "shared_cpus") != 1 || !(v(7, "achieved_period_ns") > 0)) { print "writer placement"; bad = 1 }
			if (v(1, "shared_cpus") != "" || v(1, "writer_cpus") != "") { print "no writer, yet writer CPUs"; bad = 1 }
			exit bad
		}' "$f"
}
