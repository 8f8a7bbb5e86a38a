#!/usr/bin/env bats
# PREEMPT_RT (6.12 and 7.2; `make check-rt`, not part of `make test`: two
# more kernel builds). On RT, spinlock_t sleeps, spin_lock_irqsave() leaves
# interrupts on, and a seqcount_spinlock_t reader that sees an odd count
# takes the writer's lock. So from hardirq or NMI on the writer's own CPU:
# the latch reader completes every time; the seqcount-family readers would
# deadlock in NMI *and* in hardirq (which the irq-off writer defers on every
# other model: tests/irq.bats); and nothing may take the sleeping lock from
# the interrupt (the guest hung there before the bounded readers read the
# bare count, compat.h). Under icount, 2 vCPUs; every console is scanned.

load helpers

RT_KERNELS="6.12 7.2"

setup_file() {
	plan=$BATS_FILE_TMPDIR/plan
	cat >"$plan" <<-P
	workload=replicas variant=all context=nmi readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=20 spin_limit=2000
	workload=replicas variant=all context=hardirq readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=20 spin_limit=2000
	workload=tkfast variant=seqlock context=task readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=20
	workload=latchtree variant=rbtree-seqcount context=task readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=20
	P
	for k in $RT_KERNELS; do
		lb_guest "$k" 2 icount "$plan" "$BATS_FILE_TMPDIR/$k" "" 300 rt >&2 ||
			echo "boot $k-rt failed: $?" >&2
	done
}

rows() { echo "$BATS_FILE_TMPDIR/$1/rows.csv"; }

@test "PREEMPT_RT: every interrupt-context configuration ends, the guest powers off, the console is clean" {
	for k in $RT_KERNELS; do
		d=$BATS_FILE_TMPDIR/$k
		grep -q '^X 0' "$d/channel.txt" || { echo "$k-rt: no clean exit"; tail -n 20 "$d/boot.stderr"; false; }
		run "$LB_ROOT/runners/console-check" LOG="$d/console.log"
		[ "$status" -eq 0 ] || { echo "$k-rt console: $output"; false; }
		# the rows come from an RT kernel
		[ "$(lb_col "$(rows "$k")" preempt | cut -d: -f2 | sort -u)" = rt ] ||
			{ echo "$k: preempt column is not rt"; false; }
	done
}

@test "PREEMPT_RT: latch completes mid-write; seqcount readers would deadlock in NMI and in hardirq (irqsave leaves interrupts on)" {
	# lb_rt_irq_faults (helpers.bash) judges the rows; robust.bats shows it
	# failing on rows where the detection did not fire
	for k in $RT_KERNELS; do
		nconf=$(lb_table "$BATS_FILE_TMPDIR/$k" | awk -F, 'NR > 1 && $5 != "kernel"' | wc -l)
		run lb_rt_irq_faults "$(rows "$k")" "$nconf"
		[ "$status" -eq 0 ]
		[ -z "$output" ] || { echo "$k-rt: $output"; false; }
	done
}

@test "PREEMPT_RT: task readers of a seqcount under a back-to-back writer finish, whole" {
	for k in $RT_KERNELS; do
		awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			$c["context"] == "task" {
				n++
				if ($c["read_ops"] + 0 == 0 || $c["torn"] + 0 != 0 || $c["write_ops"] + 0 == 0) {
					print "bad row: " $0; bad = 1 }
			}
			END { exit bad || n != 2 }' "$(rows "$k")"
	done
}
