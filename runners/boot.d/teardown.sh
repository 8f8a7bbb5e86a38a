# shellcheck shell=bash
# runners/boot's run and its end, shared by the QEMU and UML runs: the guest
# process started and watched (timeout, the X record, power-off), stopped or
# reaped; boot.meta and channel.txt written on every exit (the EXIT trap);
# the exit status and the one line that says how the boot went. Sourced by
# runners/boot, never run.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/boot.d/state.sh"

us_now() { local t=$EPOCHREALTIME; echo "${t/./}"; }
secs() { printf '%d.%02d' $(($1 / 1000000)) $(($1 % 1000000 / 10000)); }

# guest_alive: the guest process (QEMU, or UML's linux) runs
guest_alive() {
	[ -n "$qpid" ] && kill -0 "$qpid" 2>/dev/null || return 1
	# A child that exited but is not reaped yet is a zombie: count it as gone.
	case $(awk '{print $3}' "/proc/$qpid/stat" 2>/dev/null) in Z | X | "") return 1 ;; esac
}

# guest_kill: stop the guest process: TERM, then KILL after 3 s
guest_kill() {
	[ -n "$qpid" ] || return 0
	kill -TERM "$qpid" 2>/dev/null || true
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
		guest_alive || break
		sleep 0.2
	done
	if guest_alive; then
		kill -KILL "$qpid" 2>/dev/null || true
	fi
	wait "$qpid" 2>/dev/null || true
	qpid=""
}

# guest_started COMMAND...: start the guest process in the background (with
# the caller's redirections), the clock with it
guest_started() {
	start_us=$(us_now)
	x_us="" x_seen="" why=""
	"$@" &
	qpid=$!
}

# guest_watch: one step of a run's watch, the checks every guest has: sets
# now; fails, with why, when the run is to stop (timeout; x-no-exit: the guest
# reported X but did not power off within LB_POWEROFF_GRACE_S)
guest_watch() {
	now=$(us_now)
	if [ $((now - start_us)) -ge $((timeout * 1000000)) ]; then
		why=timeout
		return 1
	fi
	if [ -z "$x_seen" ] && grep -aq '^X ' "$outdir/channel.raw"; then
		x_seen=$now
		x_us=$now
	fi
	if [ -n "$x_seen" ] && [ $((now - x_seen)) -ge $((${LB_POWEROFF_GRACE_S:-15} * 1000000)) ]; then
		why="x-no-exit"
		return 1
	fi
	return 0
}

# guest_ended: after a run's watch: a guest stopped for a reason (why) is
# killed (qrc 137), else reaped (qrc, its exit status); x_us when the X record
# came
guest_ended() {
	if [ -n "$why" ]; then
		guest_kill
		qrc=137
	else
		qrc=0
		wait "$qpid" || qrc=$?
		qpid=""
	fi
	if [ -z "$x_us" ] && grep -aq '^X ' "$outdir/channel.raw"; then
		x_us=$(us_now)
	fi
}

# shellcheck disable=SC2317 # called from the EXIT trap
write_meta() {
	local end_us
	end_us=$(us_now)
	{
		echo "accel=$accel"
		echo "accel_reason=$accel_reason"
		echo "standin=$standin"
		echo "qemu_version=$qemu_version"
		echo "qemu_cmdline=${qemu_cmd[*]+$(printf '%q ' "${qemu_cmd[@]}")}"
		[ "$guest" != uml ] || echo "uml_cmdline=${uml_cmd[*]+$(printf '%q ' "${uml_cmd[@]}")}"
		[ "$guest" != uml ] || echo "host_loadavg_start=$uml_load0"
		[ "$guest" != uml ] || echo "host_loadavg_end=$(cat /proc/loadavg)"
		echo "kernel_cmdline=$cmdline"
		echo "boot_image=$boot_image"
		echo "boot_image_reason=$boot_image_reason"
		echo "cpu_model=$cpu_model"
		echo "kbuild_dir=$kbuild"
		echo "kbuild_preempt=$(lb_config_preempt "$kbuild/.config")"
		echo "vcpus=$vcpus"
		echo "mem_mib=$mem"
		echo "host_cpus=$host_cpus"
		echo "oversubscribed=$oversub"
		echo "pinning=$pinning"
		echo "pinning_smt_siblings=$pin_smt"
		echo "wall_s=$(secs $((end_us - ${start_us:-$end_us})))"
		echo "x_s=${x_us:+$(secs $((x_us - start_us)))}"
		echo "icount_perturb=$perturb"
		echo "icount_stalls=$icount_stalls"
		echo "icount_watch_reads=$watch_reads"
		echo "icount_watch_reads_last=$attempt_reads"
		echo "icount_watch_stretch_last=$stretch_max"
		echo "exit_status=$1"
	} >"$outdir/boot.meta"
}

# shellcheck disable=SC2317 # the EXIT trap
cleanup() {
	local rc=$?
	trap - EXIT INT TERM
	guest_kill
	[ -f "$outdir/channel.raw" ] && tr -d '\r' <"$outdir/channel.raw" >"$outdir/channel.txt"
	[ -z "$status" ] || rc=$status
	write_meta "$rc"
	rm -rf "$tmp"
	exit "$rc"
}

# boot_arm: from here on every exit writes boot.meta and channel.txt
boot_arm() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/lb-boot.XXXXXX")
	trap cleanup EXIT
	trap 'lb_log "interrupted"; status=130; exit 130' INT
	trap 'lb_log "terminated"; status=143; exit 143' TERM
}

# boot_outcome: the exit status (the header's list) from how the last run
# ended and what the guest reported, said in one line
boot_outcome() {
	local xline xstat verdict krel end_us nrows
	tr -d '\r' <"$outdir/channel.raw" >"$outdir/channel.txt"
	xline=$(grep -a '^X ' "$outdir/channel.txt" | tail -n 1 || true)
	xstat=${xline#X }
	case $why in
	timeout)
		lb_log "guest timed out after ${timeout}s; console log kept: $outdir/console.log"
		status=$EX_TIMEOUT
		;;
	kvm)
		lb_log "KVM internal error (QEMU paused the guest, killed it): $(grep -m1 "KVM internal error" "$outdir/qemu.stderr"); console log: $outdir/console.log"
		status=$EX_KVM
		;;
	smp)
		if [ "$accel" = icount ]; then
			lb_log "SMP bring-up hung under icount (known quirk: the 6.1 kernel with more than 1 vCPU stalls at 'x86: Booting SMP configuration:' under -icount; 1 vCPU works, use VCPUS=1); console log: $outdir/console.log"
		else
			lb_log "SMP bring-up stalled at 'x86: Booting SMP configuration:' for ${LB_SMP_STALL_S:-5}s; console log: $outdir/console.log"
		fi
		status=$EX_SMP
		;;
	stall)
		lb_log "icount SMP stall, $((perturb + 1)) attempts, each with a frozen vCPU ($icount_stalls): QEMU's round-robin icount scheduler stopped running it; use 1 vCPU under icount, or tcg; console log: $outdir/console.log"
		status=$EX_SMP
		;;
	*)
		if [ "$why" = x-no-exit ]; then
			lb_warn "guest reported '$xline' but QEMU did not exit within ${LB_POWEROFF_GRACE_S:-15}s: killed it"
		fi
		if [ -n "$xline" ]; then
			case $xstat in
			'' | *[!0-9]*) status=$EX_NOX ;;
			*) status=$((xstat > 120 ? 120 : xstat)) ;;
			esac
			if [ "$status" != 0 ]; then
				lb_log "guest reported failure '$xline'; channel: $outdir/channel.txt"
				grep -a '^E ' "$outdir/channel.txt" | head -n 10 >&2 || true
			fi
		elif [ ! -s "$outdir/console.log" ] && [ "$qrc" != 0 ]; then
			lb_log "$guest_name failed to start (exit $qrc): $(head -c 2000 "$outdir/qemu.stderr")"
			status=$EX_QEMU
		else
			lb_log "guest stopped without an X record (QEMU exit $qrc); last console lines ($outdir/console.log):"
			tail -n 15 "$outdir/console.log" | tr -d '\r' >&2
			[ ! -s "$outdir/qemu.stderr" ] || head -c 2000 "$outdir/qemu.stderr" >&2
			status=$EX_NOX
		fi
		;;
	esac
	# One line that says how the boot went.
	case $status in
	0) verdict=ok ;;
	"$EX_TIMEOUT") verdict="timed out" ;;
	"$EX_SMP") verdict="SMP stall" ;;
	"$EX_QEMU") verdict="QEMU failed" ;;
	"$EX_KVM") verdict="KVM error" ;;
	"$EX_NOX") verdict="no exit record" ;;
	*) verdict="guest failed" ;;
	esac
	krel=$(cat "$kbuild/include/config/kernel.release" 2>/dev/null || echo "?")
	end_us=${x_us:-$(us_now)}
	nrows=$(grep -ac '^R ' "$outdir/channel.txt" 2>/dev/null || true)
	lb_log "$krel, $vcpus vCPU$([ "$vcpus" = 1 ] || echo s), $accel, $(secs $((end_us - ${start_us:-$end_us})))s, ${nrows:-0} rows, exit $status ($verdict)"
}
