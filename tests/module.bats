#!/usr/bin/env bats
# The benchmark module in a booted guest: every workload x variant runs,
# the torn-read check catches the unsynchronised control, retries behave,
# bad parameters are refused and the guest stays healthy. Tests tagged
# per-kernel go over LB_TEST_KERNELS (6.12 in `make test`, 6.1 and 7.2 in
# `make check-versions`); the rest use 6.12.

load helpers

REPLICAS="tkfast schedclock cyc2ns latchtree"
COPY_VARIANTS="latch seqcount rcu none empty"
TREE_VARIANTS="latch rbtree-seqcount rwlock rcu none empty"
KERNEL_FNS="ktime_get_mono_fast_ns ktime_get_raw_fast_ns ktime_get_real_fast_ns ktime_get_ns sched_clock local_clock cyc2ns_read module_address"

setup_file() {
	plan=$BATS_FILE_TMPDIR/plan
	cat >"$plan" <<-P
	workload=all variant=all context=task readers=1 writers=0 nruns=1 duration_ms=20
	workload=replicas variant=all context=task readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=150
	workload=all variant=all context=task readers=2 writers=0 nruns=1 duration_ms=10
	workload=replicas variant=all context=task readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=100 write_dwell_ns=2000
	P
	for k in $LB_TEST_KERNELS; do
		lb_guest "$k" 2 tcg "$plan" "$BATS_FILE_TMPDIR/$k" >&2 || echo "boot $k failed: $?" >&2
	done
}

rows() { lb_col "$BATS_FILE_TMPDIR/$1/rows.csv" "$2"; }

# bats test_tags=per-kernel
@test "every workload x variant returns rows on every kernel (2 vCPUs)" {
	for k in $LB_TEST_KERNELS; do
		f=$BATS_FILE_TMPDIR/$k/rows.csv
		grep -q '^X 0' "$BATS_FILE_TMPDIR/$k/channel.txt"
		for w in tkfast schedclock cyc2ns; do
			for v in $COPY_VARIANTS; do
				grep -q ",$w,$v,task,1,0,none," "$f" || { echo "missing $k $w/$v w=0"; false; }
				grep -q ",$w,$v,task,1,1,0," "$f" || { echo "missing $k $w/$v w=1"; false; }
				grep -q ",$w,$v,task,2,0,none," "$f" || { echo "missing $k $w/$v r=2"; false; }
			done
		done
		for v in $TREE_VARIANTS; do
			grep -q ",latchtree,$v,task,1,1,0," "$f" || { echo "missing $k latchtree/$v"; false; }
		done
		for fn in $KERNEL_FNS; do
			grep -q ",$fn,kernel,task,2,0,none," "$f" || { echo "missing $k $fn"; false; }
		done
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
		# 4 replicas x 6 (tree) or 5 variants under the dwell, all present
		[ "$(grep -c ',task,1,1,0,.*,2000,[^,]*$' "$BATS_FILE_TMPDIR/$k/rows.csv")" -eq 21 ]
		[ "$n" -gt 21 ]
	done
}

# bats test_tags=per-kernel
@test "no writer, no retries; seqcount readers retry under a writer at period 0" {
	# (the dwell rows are left out: a reader that finds the count odd for the
	# whole 2 us dwell waits in read_seqcount_begin() rather than retrying)
	# Under a writer, the retries of the three copy replicas' seqcount rows
	# together: under tcg the two vCPUs are host threads, and on a loaded
	# host one row's 150 ms can pass without the two overlapping (seen once:
	# tkfast 0 retries while schedclock and cyc2ns retried).
	for k in $LB_TEST_KERNELS; do
		sum=0 seen=""
		while IFS=: read -r key r dwell; do
			[ "$dwell" = 0 ] || continue
			case $key in
			*/latch/task/0 | */seqcount/task/0) [ "$r" -eq 0 ] || { echo "$k $key retries=$r"; false; } ;;
			latchtree/*) ;;
			*/seqcount/task/1) sum=$((sum + r)) seen="$seen $key=$r" ;;
			esac
		done < <(paste -d: <(rows "$k" retries) <(rows "$k" write_dwell_ns | cut -d: -f2))
		[ "$(wc -w <<<"$seen")" -eq 3 ] || { echo "$k: seqcount rows under a writer:$seen"; false; }
		[ "$sum" -gt 0 ] || { echo "$k: no seqcount reader retried under a writer:$seen"; false; }
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
	echo "workload=tkfast variant=seqcount readers=1 writers=1 writer_period_ns=10000 nruns=2 duration_ms=5" >"$p"
	echo "workload=latchtree variant=latch readers=2 writers=0 nruns=1 duration_ms=5" >>"$p"
	for i in 1 2; do
		lb_guest_ok 6.12 2 icount "$p" "$BATS_TEST_TMPDIR/i$i"
	done
	[ "$(wc -l <"$BATS_TEST_TMPDIR/i1/rows.csv")" -eq 4 ]
	lb_icount_same "$BATS_TEST_TMPDIR/i1/rows.csv" "$BATS_TEST_TMPDIR/i2/rows.csv" ||
		{ grep -H '^icount_\|^wall_s' "$BATS_TEST_TMPDIR"/i[12]/boot.meta; false; }
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
