# shellcheck shell=bash
# runners/boot's QEMU run (the x86 builds: kvm, tcg, icount): how QEMU starts
# under each accelerator, the image (vmlinux via PVH, else bzImage), one run
# watched to its end, and the retries that change how it starts. Sourced by
# runners/boot, never run.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/boot.d/state.sh"

# qemu_check: QEMU is there and says its version
qemu_check() {
	if ! command -v "$qemu_bin" >/dev/null 2>&1; then
		lb_log "error: QEMU ($qemu_bin) not found in PATH: apt-get install $qemu_pkg"
		exit "$EX_QEMU"
	fi
	qemu_version=$("$qemu_bin" --version 2>&1 | head -n 1) || {
		lb_log "error: $qemu_bin --version failed: $qemu_version"
		exit "$EX_QEMU"
	}
}

# qemu_cmdline: the kernel command line's start: the serial console, a panic
# or oops ends the run (panic=-1 with -no-reboot: QEMU exits), no KASLR.
# arm64's virt machine has one UART (ttyAMA0): the results channel is a
# virtio console there (hvc0, lb.channel=: runners/guest-init).
qemu_cmdline() {
	case $karch in
	arm64) echo "console=ttyAMA0 panic=-1 oops=panic nokaslr lb.channel=hvc0" ;;
	*) echo "console=ttyS0 panic=-1 oops=panic nokaslr" ;;
	esac
}

# qemu_accel: how QEMU runs each accelerator: accel_args, and the CPU model
# it starts with (cpu_model, set before the first run; a retry may change it;
# a uml boot records QEMU's default, max, and starts no QEMU)
qemu_accel() {
	case $accel in
	# kvm: the host CPU with an invariant TSC and the guest PMU on (guest perf
	# counts cycles and instructions where the host lets it)
	kvm)
		accel_args=(-accel kvm)
		: "${cpu_model:=host,+invtsc,pmu=on}"
		;;
	tcg)
		accel_args=(-accel "tcg,thread=multi")
		: "${cpu_model:=max}"
		;;
	# icount: one thread for all vCPUs (no MTTCG with icount); sleep=off lets idle
	# time jump instead of passing in real time; a fixed virtual RTC and no
	# RDRAND/RDSEED (host randomness) make two boots execute identically.
	icount)
		accel_args=(-accel "tcg,thread=single" -icount "shift=0,sleep=off"
			-rtc "base=2020-01-01T00:00:00,clock=vm")
		: "${cpu_model:=max,-rdrand,-rdseed}"
		# arm64 (virt): no host-timed alignment, no random DTB seeds (kaslr,
		# rng-seed), and a CPU without RNDR (-cpu max has it): two boots
		# execute identically at any vCPU count
		if [ "$karch" = arm64 ]; then
			accel_args=(-M "virt,dtb-randomness=off" -accel "tcg,thread=single"
				-icount "shift=0,sleep=off,align=off" -rtc "base=2020-01-01T00:00:00,clock=vm")
			cpu_model=${LB_ARM64_CPU:-cortex-a72}
		fi
		;;
	*)
		accel_args=()
		: "${cpu_model:=max}"
		;;
	esac
}

# qemu_run: one QEMU run; sets qrc and why (timeout|kvm|smp|pvh-silent|stall|x-no-exit|"")
qemu_run() {
	local img_path extra_args=() smp_since="" smp_size="" size
	local chan_args=(-serial "file:$outdir/channel.raw")
	case $karch:$image in
	arm64:*)
		# (ioeventfd=off: the guest's virtqueue kicks are handled in its vCPU
		# thread, not by QEMU's main loop whenever the host schedules it, so
		# the channel's interrupts land at the same instruction every boot)
		img_path=$kbuild/arch/arm64/boot/Image boot_image=Image
		chan_args=(-device "virtio-serial-pci,ioeventfd=off" -chardev "file,id=lbchan,path=$outdir/channel.raw"
			-device "virtconsole,chardev=lbchan")
		;;
	*:vmlinux) img_path=$kbuild/vmlinux boot_image=vmlinux-pvh ;;
	*) img_path=$kbuild/arch/x86/boot/bzImage boot_image=bzImage ;;
	esac
	[ -f "$img_path" ] || lb_die "$img_path does not exist"
	[ -z "$qmp_sock" ] || extra_args+=(-qmp "unix:$qmp_sock,server=on,wait=off")
	# the pinning's QMP monitor (QEMU starts stopped), the stall watch's HMP one
	pin_arm
	stall_arm
	extra_args+=(${pin_args[@]+"${pin_args[@]}"} ${stall_args[@]+"${stall_args[@]}"})
	: >"$outdir/channel.raw"
	: >"$outdir/console.log"
	qemu_cmd=("$qemu_bin" -nographic -no-reboot -nodefaults -name "latchbench,debug-threads=on"
		-serial "file:$outdir/console.log" "${chan_args[@]}"
		-smp "$vcpus" -m "$mem" "${accel_args[@]}" -cpu "$cpu_model"
		-kernel "$img_path" -initrd "$initrd" -append "$cmdline" "${extra_args[@]}")
	lb_log "booting $boot_image, $accel, $vcpus vCPUs, ${mem} MiB (timeout ${timeout}s, log: $outdir/console.log)"
	guest_started "${qemu_cmd[@]}" </dev/null >"$tmp/qemu.stdout" 2>"$outdir/qemu.stderr"
	[ "$pin" = 0 ] || pin_vcpus || true
	stall_open
	while guest_alive; do
		guest_watch || break
		if grep -q "KVM internal error" "$outdir/qemu.stderr" 2>/dev/null; then
			why=kvm
			break
		fi
		if [ "$image" = vmlinux ] && [ ! -s "$outdir/console.log" ] &&
			[ $((now - start_us)) -ge $((${LB_PVH_SILENCE_S:-30} * 1000000)) ]; then
			why=pvh-silent
			break
		fi
		# SMP bring-up stall: "Booting SMP configuration" printed, "Brought up" never,
		# and the console has not grown for LB_SMP_STALL_S seconds.
		if grep -aq "Booting SMP configuration" "$outdir/console.log" &&
			! grep -aq "smp: Brought up" "$outdir/console.log"; then
			size=$(stat -c %s "$outdir/console.log")
			if [ "$size" != "$smp_size" ]; then
				smp_size=$size smp_since=$now
			elif [ $((now - smp_since)) -ge $((${LB_SMP_STALL_S:-5} * 1000000)) ]; then
				why=smp
				break
			fi
		fi
		stall_check || break
		sleep 0.1
	done
	stall_close
	guest_ended
}

# qemu_retry: after a run, whether to start QEMU again another way: the CPU
# model without IA32_ARCH_CAPABILITIES (a host KVM that cannot set it), the
# icount stall's perturbed command line (stall_retry), bzImage when vmlinux
# does not boot via PVH. Succeeds when the run is to be retried.
qemu_retry() {
	local pvh_why
	if [ -z "$why" ] && [ "$accel" = kvm ] && [ "$cpu_model" = "host,+invtsc,pmu=on" ] &&
		grep -q "failed to set MSR 0x10a" "$outdir/qemu.stderr"; then
		cpu_model="host,-arch-capabilities,+invtsc,pmu=on"
		lb_warn "QEMU could not set MSR 0x10a (IA32_ARCH_CAPABILITIES): retrying with -cpu $cpu_model"
		return 0
	fi
	[ "$why" != stall ] || ! stall_retry || return 0
	if [ "$image" = vmlinux ] && { [ "$why" = pvh-silent ] ||
		{ [ -z "$why" ] && [ "$qrc" != 0 ] && grep -qi "PVH" "$outdir/qemu.stderr"; }; }; then
		if [ "$why" = pvh-silent ]; then
			pvh_why="no console output in ${LB_PVH_SILENCE_S:-30}s"
		else
			pvh_why=$(head -n 1 "$outdir/qemu.stderr")
		fi
		lb_warn "vmlinux did not boot via PVH ($pvh_why): retrying with bzImage"
		boot_image_reason="PVH boot failed ($pvh_why)"
		image=bzImage
		return 0
	fi
	return 1
}
