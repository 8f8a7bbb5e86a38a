# shellcheck shell=bash
# Shared by the bats suites: build what a test needs (stamped, so cheap
# when unchanged) and boot guests.

LB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source-path=SCRIPTDIR source=../runners/lib.sh
. "$LB_ROOT/runners/lib.sh"

# The kernels the suites iterate over: 6.12 first (the one most tests use
# alone), 6.1, and 7.2 (Debian unstable's; runners/fetch-source). Override
# with LB_TEST_KERNELS="6.12 6.1" to leave 7.2 out.
LB_TEST_KERNELS=${LB_TEST_KERNELS:-6.12 6.1 7.2}

# lb_image KVER [PREEMPT]: build kernel + initramfs, print the initramfs path.
# PREEMPT defaults to the kernel's default model (voluntary; lazy on 7.2). A
# stock kernel word is fetched and unpacked instead (runners/stock-kernel).
lb_image() {
	local k=$1 p=${2:-$(lb_default_preempt "$1")} img
	img=$(lb_initramfs "test-$k-$p")
	if lb_kernel_stock "$k"; then
		"$LB_ROOT/runners/stock-kernel" KVER="$k" >&2 || return 1
	else
		"$LB_ROOT/runners/build-kernel" KVER="$k" FLAVOUR="$p" >&2 || return 1
	fi
	LB_PERF=${LB_PERF:-0} "$LB_ROOT/runners/build-initramfs" KVER="$k" FLAVOUR="$p" OUT="$img" >&2 || return 1
	echo "$img"
}

# lb_guest KVER VCPUS ACCEL PLAN OUTDIR [EXTRA_CMDLINE] [TIMEOUT] [PREEMPT]: boot
# once; returns boot's exit status. Rows: OUTDIR/rows.csv (header + R records).
lb_guest() {
	local k=$1 v=$2 a=$3 plan=$4 out=$5 extra=${6:-} t=${7:-300} p=${8:-} img rc=0
	[ -n "$p" ] || p=$(lb_default_preempt "$k")
	img=$(lb_image "$k" "$p") || return 99
	mkdir -p "$out"
	"$LB_ROOT/runners/boot" KBUILD="$(lb_kbuild_dir "$k" "$p")" INITRD="$img" PLAN="$plan" \
		VCPUS="$v" ACCEL="$a" TIMEOUT="$t" OUT="$out" CMDLINE="$extra" 2>"$out/boot.stderr" || rc=$?
	{
		sed -n 's/^H //p' "$out/channel.txt" | head -n 1
		sed -n 's/^R //p' "$out/channel.txt"
	} >"$out/rows.csv" 2>/dev/null || true
	return "$rc"
}

# lb_guest_ok ARGS...: lb_guest that must succeed; on failure show why.
lb_guest_ok() {
	local rc=0
	lb_guest "$@" || rc=$?
	[ "$rc" -eq 0 ] && return 0
	echo "boot exited $rc; last lines of $5/boot.stderr:"
	tail -n 15 "$5/boot.stderr"
	return 1
}

# col FILE NAME: print column NAME of a CSV with a header, one value per row,
# prefixed by "workload/variant/context/writers:".
lb_col() {
	awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["workload"] "/" $c["variant"] "/" $c["context"] "/" $c["writers"] ":" $c[name] }' "$1"
}

# lb_irq_rows FILE: the hardirq/NMI rows of a CSV with a header, one per line:
# workload variant context delivered mid completed deadlock max_spin deferral
lb_irq_rows() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["context"] != "task" { print $c["workload"], $c["variant"], $c["context"],
			$c["interrupts_delivered"], $c["interrupted_mid_write"], $c["completed"],
			$c["would_deadlock"], $c["max_spin"], $c["deferral_ns"] }' "$1"
}

# lb_rt_irq_faults ROWS NCONF: what is wrong with the hardirq/NMI rows of a
# PREEMPT_RT boot (tests/rt.bats), one line each, nothing when all is right:
# every latch-family reader (latch rcu maple none empty) interrupted mid-write
# completes; every seqcount-family reader (seqlock seqlock-excl
# rbtree-seqcount rwlock) is interrupted mid-write -- on RT the irqsave writer
# leaves interrupts on, so hardirq lands too -- and would deadlock every time,
# never completes; NCONF * 2 rows (each configuration in hardirq and NMI); and
# the detection fired in both contexts (rows with no seqcount-family reader
# are wrong too).
lb_rt_irq_faults() {
	local n=0 w v ctx dl mid comp dead fired=" "
	while read -r w v ctx dl mid comp dead _; do
		n=$((n + 1))
		case $v in
		latch | rcu | maple | none | empty)
			[ "$mid" -gt 0 ] && [ "$comp" -eq "$mid" ] && [ "$dead" -eq 0 ] ||
				echo "$w $v $ctx: mid=$mid completed=$comp deadlock=$dead (the latch family completes)" ;;
		seqlock | seqlock-excl | rbtree-seqcount | rwlock)
			if [ "$mid" -gt 0 ] && [ "$dead" -eq "$mid" ] && [ "$comp" -eq 0 ]; then
				fired="$fired$v/$ctx "
			else
				echo "$w $v $ctx: delivered=$dl mid=$mid deadlock=$dead completed=$comp (the seqcount family would deadlock every time)"
			fi ;;
		*) echo "$w: unexpected variant $v" ;;
		esac
	done < <(lb_irq_rows "$1")
	[ "$n" -gt 0 ] || echo "no hardirq/NMI rows in $1"
	[ "$n" -eq $((2 * $2)) ] || echo "$n interrupt rows, not $((2 * $2)) (2 contexts x $2 configurations)"
	for ctx in nmi hardirq; do
		case $fired in *"/$ctx "*) ;; *) echo "no seqcount-family reader would deadlock in $ctx (the detection never fired)" ;; esac
	done
}

# lb_icount_same A.csv B.csv: two icount result files agree where icount is
# deterministic. 1-vCPU rows: byte for byte. Rows of more vCPUs: the same
# configurations, and the same interrupt-free path per read (path_ns_per_op)
# unless a writer runs back-to-back on another vCPU. With several vCPUs QEMU
# 7.2's round-robin icount lets host timing decide where one vCPU's slice
# ends and the other's begins (docs/accelerators.md, "Known limits"): that moves read_ops
# and the batch means but not the path, except where a reader waits for a
# back-to-back writer: whether the writer's slice ends inside its write
# section decides whether any of the reader's batches is free of a wait
# (seen: seqlock, 35 and 12043.72 per read in two runs). Prints the first
# difference.
lb_icount_same() {
	local a b
	a=$(lb_icount_rows "$1")
	b=$(lb_icount_rows "$2")
	diff <(echo "$a") <(echo "$b") | head -n 6
	[ "$a" = "$b" ]
}

# lb_icount_rows CSV: what lb_icount_same compares: 1-vCPU rows whole, other
# rows as their configuration and, but for a back-to-back writer's, the path.
lb_icount_rows() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
		$c["vcpus"] == 1 { print; next }
		{ print "vcpus>1:" $c["kernel"] "," $c["vcpus"] "," $c["workload"] "," $c["variant"] "," $c["context"] "," \
			$c["readers"] "," $c["writers"] "," $c["writer_period_ns"] "," $c["run"] "," \
			($c["writer_period_ns"] == "0" ? "(back-to-back writer)" : $c["path_ns_per_op"]) }' "$1"
}

# lb_icount_exact CSV: a run's rows as icount makes them exact whatever else the
# boot ran before: the configuration, the reads, the read path's exact length
# (path, slope), the batch median, retries and torn reads. Not ns_per_op or
# median_ns_per_op: they hold the timer interrupts' share, which moves with
# the boot's history (the reference ran every workload in its boot)
lb_icount_exact() {
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; n = split("kernel vcpus workload variant context readers writers writer_period_ns run read_ops p50_ns retries torn path_ns_per_op slope_ns_per_op mitigations", k, " ") }
		{ s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? OFS : "") (NR == 1 ? k[i] : $c[k[i]]); print s }' "$1"
}

# lb_table OUTDIR: the booted module's table (the guest's T records in
# OUTDIR/channel.txt), header first: workload,variant,has_writer,nmi_safe,
# kind,counterpart,type,role,order,rank
lb_table() {
	sed -n 's/^T //p' "$1/channel.txt"
}

# lb_on_tty TIMEOUT NAME CMD...: run CMD as a person at a terminal does:
# stdin, stdout and stderr on a pseudo-terminal that nobody types into
# (a detached tmux pane, private server; script(1) inside it keeps what the
# terminal showed in $BATS_TEST_TMPDIR/NAME.log). Returns CMD's exit status,
# or 124 when CMD had not finished after TIMEOUT seconds (it waited for the
# keyboard, or hung): the pane is killed and the screen it showed is printed.
lb_on_tty() {
	local t=$1 name=$2 d=$BATS_TEST_TMPDIR i
	shift 2
	rm -f "$d/$name.rc" "$d/$name.log"
	{
		printf 'script -qefc %q %q\n' "$(printf '%q ' "$@")" "$d/$name.log"
		printf 'echo $? >%q && mv %q %q\n' "$d/$name.rc.tmp" "$d/$name.rc.tmp" "$d/$name.rc"
	} >"$d/$name.sh"
	tmux -S "$d/$name.tmux" -f /dev/null new-session -d -x 160 -y 50 -c "$PWD" "bash $(printf '%q' "$d/$name.sh")"
	for ((i = 0; i < t * 5; i++)); do
		[ -f "$d/$name.rc" ] && break
		sleep 0.2
	done
	if [ ! -f "$d/$name.rc" ]; then
		echo "lb_on_tty: '$*' still running after ${t}s at a terminal; its screen:"
		tmux -S "$d/$name.tmux" capture-pane -p -t 0 2>/dev/null | grep -v '^$' | tail -n 20
		tmux -S "$d/$name.tmux" kill-server 2>/dev/null || true
		return 124
	fi
	tmux -S "$d/$name.tmux" kill-server 2>/dev/null || true
	return "$(cat "$d/$name.rc")"
}
