#!/usr/bin/env bats
# The debug check (runners/check, `make check`): every workload x variant x
# context in the debug kernels of 6.1 and 6.12 -- one with lockdep, KASAN,
# UBSAN, kmemleak, debug objects and the hang detectors, one with KCSAN --
# and nothing on their consoles but KCSAN's reports of the unsynchronised
# control; each detector reporting the fault the module's test-only knob
# makes for it (the negative controls: bench-module/fault.c); a
# load/run/unload soak with no leak; bad module parameters at load time,
# each refused by name, the guest healthy after all of them.

load helpers
bats_require_minimum_version 1.5.0

CHECK=$LB_ROOT/build/check
SOAK_CYCLES=100

# name | insmod parameters | errno (insmod's words) | what the kernel log must say
BAD_LOAD=(
	"unknown workload|workload=bogus|Invalid argument|workload='bogus' unknown (valid: tkfast"
	"variant of another workload|workload=tkfast variant=rwlock|Invalid argument|variant='rwlock' unknown for workload tkfast"
	"unknown context|context=softirq|Invalid argument|context='softirq' unknown (valid: task hardirq nmi)"
	"zero readers|readers=0|Invalid argument|readers=0 out of range (valid: 1.."
	"more readers than CPUs|readers=3|Invalid argument|readers=3 out of range (valid: 1..2, the online CPUs)"
	"readers not a number|readers=abc|Invalid argument|\`abc' invalid for parameter \`readers'"
	"readers beyond a long|readers=99999999999999999999|Numerical result out of range|\`99999999999999999999' invalid for parameter \`readers'"
	"negative writers|writers=-1|Invalid argument|writers=-1 out of range (valid: 0..64)"
	"too many writers|writers=65|Invalid argument|writers=65 out of range (valid: 0..64)"
	"absurd period|writer_period_ns=2000000000|Invalid argument|writer_period_ns=2000000000 out of range (valid: 0..1000000000)"
	"negative period|writer_period_ns=-5|Invalid argument|writer_period_ns=-5 out of range"
	"period none at load|writer_period_ns=none|Invalid argument|\`none' invalid for parameter \`writer_period_ns'"
	"zero runs|nruns=0|Invalid argument|nruns=0 out of range (valid: 1..1000)"
	"too many runs|nruns=1001|Invalid argument|nruns=1001 out of range (valid: 1..1000)"
	"zero duration|duration_ms=0|Invalid argument|duration_ms=0 out of range (valid: 1..60000)"
	"zero batch|batch=0|Invalid argument|batch=0 out of range (valid: 1..1000000)"
	"tree of 0 nodes|workload=latchtree tree_nodes=0|Invalid argument|tree_nodes=0 out of range (valid: 1..65536)"
	"tree too big|workload=latchtree tree_nodes=65537|Invalid argument|tree_nodes=65537 out of range (valid: 1..65536)"
	"tree of 10^9 nodes|workload=latchtree tree_nodes=1000000000|Invalid argument|tree_nodes=1000000000 out of range (valid: 1..65536)"
	"zero spin limit|spin_limit=0|Invalid argument|spin_limit=0 out of range (valid: 1..10000000)"
	"negative dwell|writers=1 write_dwell_ns=-1|Invalid argument|write_dwell_ns=-1 out of range (valid: 0..100000)"
	"accel in capitals|accel=TCG|Invalid argument|accel='TCG' invalid (valid: 1..15 characters of [a-z0-9-])"
	"empty accel|accel=|Invalid argument|accel='' invalid (valid: 1..15 characters"
	"accel too long|accel=abcdefghijklmnop|Invalid argument|accel='abcdefghijklmnop' invalid"
	"workload name too long|workload=$(printf 'w%.0s' $(seq 1 40))|Invalid argument|invalid (valid: a name of 1..31 characters)"
	"autorun not a bool|autorun=maybe|Invalid argument|\`maybe' invalid for parameter \`autorun'"
	"ktime_get_ns in NMI|workload=ktime_get_ns variant=kernel context=nmi|Invalid argument|context=nmi invalid for ktime_get_ns"
	"writer on a kernel function|workload=sched_clock variant=kernel writers=1|Invalid argument|writers=1 invalid for sched_clock/kernel"
	"two writers in hardirq|context=hardirq writers=2|Invalid argument|writers=2 invalid for context=hardirq"
)

setup_file() {
	plan=$BATS_FILE_TMPDIR/insmod-plan
	for c in "${BAD_LOAD[@]}"; do
		IFS='|' read -r _ p _ _ <<<"$c"
		echo "$p"
	done >"$plan"
	rc=0
	SOAK=$SOAK_CYCLES "$LB_ROOT/runners/check" OUT="$CHECK" INSMOD_PLAN="$plan" 2>"$BATS_FILE_TMPDIR/check.err" || rc=$?
	echo "$rc" >"$BATS_FILE_TMPDIR/check.rc"
}

# debug boots and kcsan boots
boots() { for k in 6.1 6.12; do echo "$k-$1"; done; }

@test "the console patterns recognise every kind of report and trace it to what ran" {
	log=$BATS_TEST_TMPDIR/console.log
	cat >"$log" <<-'L'
	[    1.0] lb: config 0: workload=tkfast variant=latch context=task readers=1 writers=1
	[    1.1] WARNING: possible circular locking dependency detected
	[    1.2] BUG: KASAN: slab-use-after-free in lb_reader_fn+0x12/0x40 [latchbench]
	[    1.3] UBSAN: shift-out-of-bounds in bench-module/core.c:123:4
	[    1.4] BUG: KCSAN: data-race in latch_read_batch [latchbench] / latch_write_one [latchbench]
	[    1.5] unreferenced object 0xffff888004a3c000 (size 64):
	[    1.6] ODEBUG: free active (active state 0) object: 000000001 object type: rcu_head
	[    1.7] rcu: INFO: rcu_sched self-detected stall on CPU
	[    1.8] INFO: task insmod:77 blocked for more than 30 seconds.
	[    1.9] watchdog: BUG: soft lockup - CPU#1 stuck for 22s! [lb-reader/1:80]
	[    2.0] WARNING: CPU: 1 PID: 80 at kernel/irq_work.c:10 irq_work_sync+0x1/0x2
	[    2.1] BUG: sleeping function called from invalid context at kernel/locking/mutex.c:580
	[    2.2] lb: config 1: workload=tkfast variant=none context=task readers=1 writers=1
	[    2.3] BUG: KCSAN: data-race in none_read_batch [latchbench] / none_write_one [latchbench]
	[    2.4] lb: config 2: workload=ktime_get_mono_fast_ns variant=kernel context=task readers=2 writers=0
	[    2.5] BUG: KCSAN: data-race in ktime_get_mono_fast_ns / timekeeping_update
	[    2.55] BUG: KCSAN: data-race in ktime_get_mono_fast_ns+0x7e/0x150
	[    2.6] lb: fault 0: fault=kasan
	[    2.7] BUG: KASAN: slab-out-of-bounds in lb_fault_kasan+0x5d/0xa0 [latchbench]
	[    2.8] lb: fault 1: fault=ubsan
	[    2.9] UBSAN: shift-out-of-bounds in /tmp/m/fault.c:68:4
	[    3.0] BUG: KASAN: slab-out-of-bounds in lb_fault_kasan+0x5d/0xa0 [latchbench]
	L
	run "$LB_ROOT/runners/console-check" LOG="$log"
	[ "$status" -eq 1 ]
	for k in lockdep ubsan kcsan kmemleak debugobjects rcu_stall hung_task soft_lockup warn bug; do
		grep -q "^count	$k	1	" <<<"$output" || { echo "kind $k not counted once: $output"; false; }
	done
	grep -q "^kcsan	expected:none	config 1: workload=tkfast variant=none .*none_read_batch" <<<"$output"
	grep -q "^kcsan	unexpected	config 0: workload=tkfast variant=latch .*latch_read_batch" <<<"$output"
	grep -q "^kcsan	expected:kernel	config 2: workload=ktime_get_mono_fast_ns .*timekeeping_update" <<<"$output"
	grep -q "^kcsan	expected:kernel	config 2: workload=ktime_get_mono_fast_ns .*fast_ns+0x7e/0x150" <<<"$output"
	grep -q "^count	kcsan	1	3$" <<<"$output"
	# a fault's report is expected after its own marker only
	grep -q "^kasan	expected:fault-kasan	fault 0: fault=kasan	BUG: KASAN: slab-out-of-bounds in lb_fault_kasan" <<<"$output"
	grep -q "^ubsan	expected:fault-ubsan	fault 1: fault=ubsan	UBSAN: shift-out-of-bounds" <<<"$output"
	grep -q "^kasan	unexpected	fault 1: fault=ubsan	BUG: KASAN:" <<<"$output"
	grep -q "^count	kasan	2	1$" <<<"$output"
	grep -q "^expected	kasan	fault-kasan	1$" <<<"$output"
	grep -q "^expected	lockdep	fault-lockdep	0$" <<<"$output"
	# the kernel latch's unknown-origin form is expected only where the module
	# calls the kernel's functions
	printf '[ 0.1] lb: config 0: workload=tkfast variant=latch\n[ 0.2] BUG: KCSAN: data-race in ktime_get_raw_fast_ns+0x7e/0x150\n' >"$log"
	run "$LB_ROOT/runners/console-check" LOG="$log"
	[ "$status" -eq 1 ]
	grep -q "^kcsan	unexpected	config 0: workload=tkfast variant=latch" <<<"$output"
	# a clean console passes
	printf '[ 0.1] Linux version 6.12\n[ 0.2] lb: config 0: workload=tkfast variant=latch\n' >"$log"
	run "$LB_ROOT/runners/console-check" LOG="$log"
	[ "$status" -eq 0 ]
}

@test "debug kernels: both flavours of both versions have their checkers built in" {
	for k in 6.1 6.12; do
		for o in PROVE_LOCKING PROVE_RCU DEBUG_ATOMIC_SLEEP DEBUG_OBJECTS_RCU_HEAD DETECT_HUNG_TASK \
			SOFTLOCKUP_DETECTOR KASAN KASAN_GENERIC KASAN_INLINE UBSAN DEBUG_KMEMLEAK; do
			grep -qx "CONFIG_$o=y" "$(lb_kbuild_dir "$k" debug)/.config" || { echo "$k-debug: no $o"; false; }
		done
		for o in KCSAN PROVE_LOCKING DEBUG_ATOMIC_SLEEP DETECT_HUNG_TASK SOFTLOCKUP_DETECTOR; do
			grep -qx "CONFIG_$o=y" "$(lb_kbuild_dir "$k" kcsan)/.config" || { echo "$k-kcsan: no $o"; false; }
		done
		! grep -qx "CONFIG_KASAN=y" "$(lb_kbuild_dir "$k" kcsan)/.config" || false
	done
}

@test "every workload x variant x context ran in every debug kernel, and the check passed" {
	cat "$CHECK/summary.txt"
	[ "$(cat "$BATS_FILE_TMPDIR/check.rc")" -eq 0 ] || { tail -n 30 "$BATS_FILE_TMPDIR/check.err"; false; }
	for b in $(boots debug) $(boots kcsan); do
		ch=$CHECK/$b/channel.txt
		grep -q '^X 0$' "$ch"
		n=$(sed -n 's/^N //p' "$ch")
		[ "$n" -ge 100 ]
		[ "$(grep -c '^C [0-9]* ok ' "$ch")" -eq "$n" ]
		for c in task hardirq nmi; do
			for v in $(lb_table "$CHECK/$b" | tail -n +2 | cut -d, -f2 | sort -u); do
				grep -q "^C [0-9]* ok .*variant=$v context=$c " "$ch" || { echo "$b: no $v in $c"; false; }
			done
		done
	done
}

@test "no lockdep, KASAN, UBSAN, kmemleak, RCU stall, hung task, soft lockup, WARN or BUG report" {
	! grep -P '\tunexpected\t' "$CHECK/reports.tsv" || false
	for b in $(boots debug) $(boots kcsan); do
		grep -q '^count	' "$CHECK/$b.reports"
		! awk -F'\t' '$1 == "count" && $3 != 0' "$CHECK/$b.reports" | grep . || false
	done
}

# each debug boot's faults (runners/check fault_list)
faults_of() { case $1 in *-debug) echo lockdep kasan ubsan kmemleak ;; *-kcsan) echo kcsan ;; esac; }

@test "the detectors work: each fault the module does is reported by its detector in reports.tsv, nothing else in its boot" {
	for b in $(boots debug) $(boots kcsan); do
		fb=$b-faults
		grep -q '^X 0$' "$CHECK/$fb/channel.txt" || { echo "$fb: no clean exit"; false; }
		for fl in $(faults_of "$b"); do
			grep -qx "M fault.$fl=done" "$CHECK/$fb/channel.txt" || { echo "$fb: fault=$fl not done"; false; }
			grep -qP "^$fb\t$fl\texpected:fault-$fl\tfault [0-9]+: fault=$fl\t" "$CHECK/reports.tsv" ||
				{ echo "$fb: $fl did not report fault=$fl"; grep "^$fb	" "$CHECK/reports.tsv"; false; }
			# in the summary too, under its label
			grep -q "^count	$fl	0	[1-9]" "$CHECK/$fb.reports" || { echo "$fb: $fl"; cat "$CHECK/$fb.reports"; false; }
		done
		# nothing unexpected in the fault boot, and the faults only there
		! awk -F'\t' '$1 == "count" && $3 != 0' "$CHECK/$fb.reports" | grep . || false
		! grep -P "^$b\t[a-z_]+\texpected:fault-" "$CHECK/reports.tsv" || false
	done
	grep -q '^6.12-debug-faults ' "$CHECK/summary.txt"
	grep -qx 'result: PASS' "$CHECK/summary.txt"
}

@test "the fault knob is in the debug check's module only: W=1 clean against each debug kernel, no fault in a clean boot" {
	for b in $(boots debug) $(boots kcsan); do
		k=${b%%-*} f=${b#*-}
		d=$BATS_TEST_TMPDIR/m-$b
		mkdir -p "$d"
		cp "$LB_ROOT"/bench-module/*.[ch] "$LB_ROOT/bench-module/Kbuild" "$d/"
		run make -s -C "$(lb_kbuild_dir "$k" "$f")" M="$d" W=1 LB_FAULTS=y modules
		[ "$status" -eq 0 ] || { echo "$output"; false; }
		[ -z "$output" ] || { echo "$b: $output"; false; }
		nm "$d/latchbench.ko" | grep -q ' lb_fault_debugfs$'
		# the clean boot ran the same build and did no fault
		! grep -q '^M fault\.' "$CHECK/$b/channel.txt" || false
	done
}

@test "KCSAN reports the unsynchronised control on both kernels, and nothing else but the kernel's own tk_fast latch" {
	for b in $(boots kcsan); do
		n=$(grep -c "^kcsan	expected:none	config [0-9]*: .*variant=none " "$CHECK/$b.reports")
		[ "$n" -ge 1 ] || { echo "$b: KCSAN did not report the none control"; false; }
		! grep -v '^count\|^expected' "$CHECK/$b.reports" | grep -v "^kcsan	expected:" || false
	done
}

@test "soak: $SOAK_CYCLES load/run/unload cycles in one boot, refcount 0, module gone, no leak" {
	for b in $(boots debug); do
		ch=$CHECK/$b/channel.txt
		grep -qx "M soak_cycles=$SOAK_CYCLES" "$ch"
		[ "$(sed -n 's/^M soak_rows=//p' "$ch")" -ge "$SOAK_CYCLES" ]
		grep -qx "M kmemleak=on" "$ch"
		grep -qx "M kmemleak_leaks=0" "$ch"
		! grep -q '^E soak' "$ch" || false
		! grep -q '^E kmemleak' "$ch" || false
	done
}

@test "hostile load-time input: every bad parameter set is refused by name at insmod, the guest stays healthy" {
	table=$CHECK/bad-load-table.txt
	printf '%-30s %-46s %-10s %s\n' "case" "insmod parameters" "result" "kernel log" >"$table"
	for b in $(boots debug); do
		ch=$CHECK/$b/channel.txt
		i=0
		for c in "${BAD_LOAD[@]}"; do
			IFS='|' read -r name params errno want <<<"$c"
			grep -qxF "I $i refused $params" "$ch" || { echo "$b case '$name': not refused"; false; }
			grep -q "^E insmod $i: .*$errno" "$ch" || { echo "$b case '$name': no '$errno'"; false; }
			grep "^E dmesg $i: " "$ch" | grep -qF "$want" || { echo "$b case '$name': log lacks: $want"; false; }
			if [ "$b" = 6.12-debug ]; then
				e=EINVAL
				[ "$errno" = "Invalid argument" ] || e=ERANGE
				printf '%-30s %-46.46s %-10s %s\n' "$name" "$params" "-$e" "$want" >>"$table"
			fi
			i=$((i + 1))
		done
		[ "$(grep -c '^I [0-9]* ' "$ch")" -eq ${#BAD_LOAD[@]} ]
		# healthy after all of them: the module loads and the whole plan runs
		grep -q '^X 0$' "$ch"
		grep -q '^R .*,tkfast,latch,task,' "$ch"
	done
	cat "$table"
}
