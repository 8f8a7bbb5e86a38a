#!/usr/bin/env bats
# Readers in hardirq and NMI context landing on their own writer mid-update:
# the latch reader completes, the seqlock readers would deadlock (bounded),
# the seqlock writer's irq-off section defers a hardirq reader, and the
# guest survives all of it. Under tcg and icount, 2 vCPUs.

load helpers

setup_file() {
	plan=$BATS_FILE_TMPDIR/plan
	cat >"$plan" <<-P
	workload=replicas variant=all context=nmi readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=20 spin_limit=2000
	workload=replicas variant=all context=hardirq readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=20 spin_limit=2000
	workload=ktime_get_mono_fast_ns variant=kernel context=nmi readers=1 writers=0 nruns=1 duration_ms=10
	workload=sched_clock variant=kernel context=nmi readers=1 writers=0 nruns=1 duration_ms=10
	P
	for a in tcg icount; do
		lb_guest 6.12 2 "$a" "$plan" "$BATS_FILE_TMPDIR/$a" >&2 || echo "boot $a failed: $?" >&2
	done
}

check_accel() {
	local a=$1 f=$BATS_FILE_TMPDIR/$1/rows.csv n=0
	grep -q '^X 0' "$BATS_FILE_TMPDIR/$a/channel.txt"
	while read -r w v ctx dl mid comp dead spin defer; do
		n=$((n + 1))
		case $v/$ctx in
		latch/nmi | latch/hardirq)
			[ "$mid" -gt 0 ] && [ "$comp" -eq "$mid" ] && [ "$dead" -eq 0 ] ||
				{ echo "$a $w $v $ctx: mid=$mid completed=$comp deadlock=$dead"; return 1; } ;;
		seqlock/nmi | seqlock-excl/nmi)
			[ "$mid" -gt 0 ] && [ "$dead" -eq "$mid" ] ||
				{ echo "$a $w $v $ctx: mid=$mid deadlock=$dead"; return 1; } ;;
		rbtree-seqcount/nmi | rwlock/nmi)
			[ "$mid" -gt 0 ] && [ "$dead" -eq "$mid" ] ||
				{ echo "$a $w $v $ctx: mid=$mid deadlock=$dead"; return 1; } ;;
		seqlock/hardirq | seqlock-excl/hardirq | rbtree-seqcount/hardirq | rwlock/hardirq)
			# interrupts off in the write section: the read waits for its end
			[ "$dl" -gt 0 ] && [ "$mid" -eq 0 ] && [ "$defer" -gt 0 ] ||
				{ echo "$a $w $v $ctx: delivered=$dl mid=$mid deferral=$defer"; return 1; } ;;
		rcu/* | maple/*)
			[ "$mid" -gt 0 ] && [ "$comp" -eq "$mid" ] && [ "$dead" -eq 0 ] ||
				{ echo "$a $w $v $ctx: mid=$mid completed=$comp"; return 1; } ;;
		kernel/nmi)
			[ "$dl" -gt 0 ] && [ "$comp" -eq "$dl" ] && [ "$dead" -eq 0 ] ||
				{ echo "$a $w kernel nmi: delivered=$dl completed=$comp"; return 1; } ;;
		esac
	done < <(lb_irq_rows "$f")
	# every replica x variant of the booted table in 2 contexts + 2 kernel functions
	[ "$n" -eq $((2 * $(lb_table "$BATS_FILE_TMPDIR/$a" | awk -F, 'NR > 1 && $5 != "kernel"' | wc -l) + 2)) ] || { echo "$a: $n irq rows"; return 1; }
}

@test "tcg: latch completes mid-write, seqlock would deadlock, irq-off defers" {
	check_accel tcg
}

@test "icount: the same outcomes" {
	check_accel icount
}

@test "the unsynchronised reader in NMI sees the half-written copy" {
	f=$BATS_FILE_TMPDIR/tcg/rows.csv
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["variant"] == "none" && $c["context"] == "nmi" {
			n++; if ($c["torn"] + 0 == 0) { print "no torn read: " $0; bad = 1 } }
		END { exit bad || n != 4 }' "$f"
}
