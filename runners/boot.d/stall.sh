# shellcheck shell=bash
# runners/boot's icount stall watch. With -icount, QEMU runs all vCPUs
# round-robin on one thread, and now and then a vCPU that has just taken an
# IPI never gets an instruction budget again while the others run on (CPU1
# frozen at asm_sysvec_call_function_single, IF=0, for minutes). With more
# than one vCPU under icount, once neither serial port has grown for
# LB_STALL_QUIET_S, the watch reads the vCPUs' registers over a HMP monitor
# every 2 s; a vCPU that is not halted and whose registers stay identical over
# LB_STALL_SAMPLES reads is frozen. boot then restarts the guest with
# "lb.perturb=N" appended to the kernel command line (N = 1, 2, ...; the
# guest ignores it, but it shifts every later instruction, so the
# interleaving differs), up to LB_ICOUNT_RETRIES times. The retry sequence is
# itself deterministic, so two identical boots still give identical output.
# Sourced by runners/boot, never run.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/boot.d/state.sh"

# stall_arm: before a QEMU run: the watch's monitor (stall_args, QEMU's
# arguments for it) when it watches this run (watch=1), its counts reset
stall_arm() {
	watch=0 stall_args=() stall_desc="" attempt_reads=0 stretch_reads=0 stretch_max=0
	quiet_since="" qsize="" last_sample=0 same=() prev=()
	# (x86's registers: the quirk it watches for is x86 QEMU's)
	if [ "$accel" = icount ] && [ "$karch" = x86_64 ] && [ "$vcpus" -gt 1 ] && [ "${LB_STALL_WATCH:-1}" = 1 ]; then
		watch=1
		rm -f "$tmp/hmp.in" "$tmp/hmp.out"
		mkfifo "$tmp/hmp.in" "$tmp/hmp.out"
		stall_args=(-chardev "pipe,id=lbhmp,path=$tmp/hmp" -mon "chardev=lbhmp,mode=readline")
	fi
}

# stall_open, stall_close: the monitor's pipes, once QEMU has started, and
# after the run
stall_open() { [ "$watch" = 0 ] || exec {hin}<>"$tmp/hmp.in" {hout}<>"$tmp/hmp.out"; }
stall_close() { [ "$watch" = 0 ] || exec {hin}>&- {hout}<&-; }

# hmp_vcpus: ask the HMP monitor for every vCPU's registers; print one line per
# vCPU: "INDEX HALTED RIP RFL SIGNATURE" (signature = all general registers).
hmp_vcpus() {
	local line
	while IFS= read -r -t 0.05 -u "$hout" line; do :; done # drain echo and prompts
	echo "info registers -a" >&"$hin"
	while IFS= read -r -t 1 -u "$hout" line; do
		printf '%s\n' "${line//$'\r'/}"
	done | awk '
		# each vCPU from its own lines only: 64-bit (RIP=, RAX=, ...) or, for
		# one not yet in long mode (an AP parked in the firmware, HLT=1),
		# 32-bit (EIP=, EAX=, ...); a vCPU with neither is not judged
		/^CPU#[0-9]+/ { if (cpu != "") out(); cpu = substr($1, 5); sig = ""; rip = ""; rfl = ""; hlt = 0; next }
		cpu != "" && /^(RAX|RSI|R8 |R12|RIP|EAX|ESI|EIP)=/ { sig = sig $0 "|" }
		cpu != "" && /^[RE]IP=/ { rip = substr($1, 5); rfl = substr($2, 5); hlt = ($0 ~ /HLT=1/) }
		function out() { gsub(/ /, "", sig); if (rip != "") print cpu, hlt, rip, rfl, sig }
		END { if (cpu != "") out() }'
}

# sym ADDR: the System.map symbol+offset for a kernel address, if there is one.
sym() {
	local name base
	read -r name base < <(awk -v a="$1" '$1 <= a && $2 ~ /^[tTwW]$/ { s = $3; b = $1 }
		END { print (s == "" ? "?" : s), b }' "$kbuild/System.map" 2>/dev/null) || true
	if [ -n "${base:-}" ]; then
		printf '%s+0x%x\n' "$name" $((16#$1 - 16#$base))
	else
		echo "?"
	fi
}

# stall_check: one step of the watch (at time now): quiet serial ports, then
# a vCPU whose registers do not change over LB_STALL_SAMPLES reads. Fails,
# with why=stall and stall_desc, when a vCPU is frozen.
stall_check() {
	local size idx hlt rip rfl sig
	[ "$watch" = 1 ] || return 0
	size=$(($(stat -c %s "$outdir/console.log") + $(stat -c %s "$outdir/channel.raw")))
	if [ "$size" != "$qsize" ]; then
		qsize=$size quiet_since=$now same=() prev=() stretch_reads=0
	elif [ $((now - quiet_since)) -ge $((${LB_STALL_QUIET_S:-10} * 1000000)) ] &&
		[ $((now - last_sample)) -ge 2000000 ]; then
		last_sample=$now
		watch_reads=$((watch_reads + 1)) attempt_reads=$((attempt_reads + 1))
		stretch_reads=$((stretch_reads + 1))
		[ "$stretch_reads" -le "$stretch_max" ] || stretch_max=$stretch_reads
		while read -r idx hlt rip rfl sig; do
			if [ "$hlt" = 0 ] && [ "${prev[idx]:-}" = "$sig" ]; then
				same[idx]=$((${same[idx]:-0} + 1))
			else
				same[idx]=0
			fi
			prev[idx]=$sig
			if [ "${same[idx]}" -ge $((${LB_STALL_SAMPLES:-4} - 1)) ]; then
				stall_desc="vCPU $idx frozen at $rip ($(sym "$rip")), RFLAGS $rfl"
			fi
		done < <(hmp_vcpus)
		if [ -n "$stall_desc" ]; then
			why=stall
			return 1
		fi
	fi
	return 0
}

# stall_retry: after a run stopped by a frozen vCPU: recorded (icount_stalls);
# succeeds when the guest is to start again with the next lb.perturb=N, the
# stalled boot's console log kept
stall_retry() {
	icount_stalls="$icount_stalls${icount_stalls:+; }perturb=$perturb: $stall_desc"
	[ "$perturb" -lt "${LB_ICOUNT_RETRIES:-3}" ] || return 1
	perturb=$((perturb + 1))
	lb_warn "icount SMP stall: $stall_desc after ${LB_STALL_QUIET_S:-10}s of silence (QEMU round-robin icount quirk); restarting with lb.perturb=$perturb, console log of the stalled boot: $outdir/console.stall-$((perturb - 1)).log"
	cp "$outdir/console.log" "$outdir/console.stall-$((perturb - 1)).log"
	cmdline="${cmdline% lb.perturb=*} lb.perturb=$perturb"
}
