# shellcheck shell=bash
# runners/boot's User-Mode Linux run (the um builds: uml). The kernel is the
# program KBUILD_DIR/linux, run as a host process: its kernel code runs
# natively on the host's cores, each vCPU a host thread (SMP needs the seccomp
# userspace mode: "seccomp=on ncpus=N"; a kernel built without SMP, 6.1 and
# 6.12, runs 1 vCPU and is refused more). Its console (con0: stdout, and
# kernel messages on stderr) goes to console.log, serial line 1 (the guest's
# /dev/ttyS1, the results channel) to channel.raw. Sourced by runners/boot,
# never run.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/boot.d/state.sh"

# uml_check: KBUILD is a User-Mode Linux build, with SMP for VCPUS > 1
uml_check() {
	[ -x "$kbuild/linux" ] || lb_die "ACCEL=uml: $kbuild/linux missing: not a User-Mode Linux build (runners/build-kernel KVER=... FLAVOUR=uml)"
	uml_smp_args=""
	if grep -qx CONFIG_SMP=y "$kbuild/.config"; then
		uml_smp_args="seccomp=on ncpus=$vcpus"
	elif [ "$vcpus" -gt 1 ]; then
		lb_die "VCPUS=$vcpus: this User-Mode Linux kernel has no SMP ($(cat "$kbuild/include/config/kernel.release" 2>/dev/null); UML SMP came with 6.17): VCPUS=1"
	fi
}

# uml_cmdline: the kernel command line's start: no serial console, no KASLR;
# a panic waits (uml_run watches for it): panic=-1 would reboot, and a UML
# reboot re-executes the program
uml_cmdline() { echo "oops=panic"; }

# uml_run: one User-Mode Linux run; sets qrc and why (timeout|panic|x-no-exit|"")
uml_run() {
	local args=()
	: >"$outdir/channel.raw"
	: >"$outdir/console.log"
	: >"$outdir/qemu.stderr"
	qemu_cmd=()
	read -r -a args <<<"rdinit=/init con=null ssl=null con0=fd:0,fd:1 ssl1=fd:3,fd:4 $uml_smp_args $cmdline"
	uml_cmd=("$kbuild/linux" "mem=${mem}M" "initrd=$initrd" "${args[@]}")
	lb_log "booting User-Mode Linux ($kbuild/linux), $vcpus vCPUs, ${mem} MiB (timeout ${timeout}s, log: $outdir/console.log)"
	# host conditions: a real-time number depends on what else the host runs
	uml_load0=$(cat /proc/loadavg)
	guest_started "${uml_cmd[@]}" </dev/null >"$outdir/console.log" 2>&1 3</dev/null 4>"$outdir/channel.raw"
	[ "$pin" = 0 ] || pin_uml || true
	while guest_alive; do
		guest_watch || break
		# a panicked UML waits (panic=0): nothing more will come
		if [ -z "$x_seen" ] && grep -aq "Kernel panic - not syncing" "$outdir/console.log"; then
			sleep 1
			why=panic
			break
		fi
		sleep 0.1
	done
	guest_ended
}
