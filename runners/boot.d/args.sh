# shellcheck shell=bash
# runners/boot's arguments: each checked before anything starts, the
# accelerator resolved, the initramfs the guest gets (the given images, then
# the plan) and the kernel command line. Sourced by runners/boot, never run.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/boot.d/state.sh"

# boot_check: every argument checked; OUT made and absolute
boot_check() {
	local n f
	IFS=$', \n' read -r -d '' -a initrds <<<"$initrd_words" || true
	if [ -z "$kbuild" ] || [ -z "$outdir" ] || [ ${#initrds[@]} -eq 0 ]; then
		lb_die "KBUILD=, INITRD= and OUT= are required (boot --help)"
	fi
	for n in VCPUS=$vcpus MEM=$mem TIMEOUT=$timeout; do
		case ${n#*=} in '' | *[!0-9]* | 0*) lb_invalid "${n%%=*}" "not a positive integer" "1, 2, ..." "${n#*=}" ;; esac
	done
	case $pin in 0 | 1) ;; *) lb_invalid PIN "not 0 or 1" "0 1" "$pin" ;; esac
	lb_accel_ok "$accel" || lb_invalid ACCEL "unknown accelerator" "$LB_ACCELS" "$accel"
	[ -d "$kbuild" ] || lb_die "kernel build dir $kbuild does not exist"
	for f in "${initrds[@]}" ${plan:+"$plan"}; do
		[ -f "$f" ] || lb_die "$f does not exist"
	done
	mkdir -p "$outdir"
	outdir=$(cd "$outdir" && pwd)
	case $outdir in *,*) lb_die "QEMU cannot take a path with a comma: $outdir" ;; esac
}

# boot_accel: the accelerator (lib.sh's policy: auto probes KVM with this very
# kernel, else its fallback), said when its times are not hardware results
boot_accel() {
	lb_accel_resolve "$accel" "$kbuild"
	accel=$lb_accel accel_reason=$lb_accel_why
	[ "$accel" != kvm ] || standin=$(lb_qemu_standin)
	[ -z "$standin" ] || lb_warn "$standin"
	if [ "$guest" = uml ]; then
		lb_warn "uml: $LB_UML_NOTE"
	elif ! lb_accel_realtime "$accel"; then
		lb_warn "#################################################################"
		lb_warn "accelerator '$accel' ($accel_reason):"
		lb_warn "guest times are EMULATED by TCG, they are NOT hardware results"
		lb_warn "#################################################################"
	fi
}

# boot_initrd: initrd, the one image the guest gets: the given images, then
# the plan packed as /latchbench/plan
boot_initrd() {
	local gen_cpio
	if [ -n "$plan" ]; then
		gen_cpio=$(lb_gen_init_cpio "$kbuild")
		printf 'dir /latchbench 0755 0 0\nfile /latchbench/plan %s 0644 0 0\n' "$(readlink -f "$plan")" >"$tmp/plan.spec"
		# fixed timestamps: under icount even the bytes the kernel unpacks must not vary
		"$gen_cpio" -t 0 "$tmp/plan.spec" >"$tmp/plan.cpio" || lb_die "could not pack $plan"
		gzip -n -9 "$tmp/plan.cpio"
		initrds+=("$tmp/plan.cpio.gz")
	fi
	if [ ${#initrds[@]} -eq 1 ]; then
		initrd=$(readlink -f "${initrds[0]}")
	else
		initrd=$tmp/initrd
		cat "${initrds[@]}" >"$initrd"
	fi
	case $initrd in *,*) lb_die "QEMU cannot take a path with a comma: $initrd" ;; esac
}

# boot_cmdline: the kernel command line. The accelerator tag (lb.accel= for
# the guest's init, latchbench.accel= for the module) is boot's alone: it
# names the accelerator the guest runs under; a caller's copy is dropped, with
# a warning when it names another one. Its start is the guest's own
# (qemu_cmdline, uml_cmdline).
boot_cmdline() {
	local kept="" toks=() a
	read -r -a toks <<<"$extra"
	for a in ${toks[@]+"${toks[@]}"}; do
		case $a in
		lb.accel=* | latchbench.accel=*)
			case ${a#*=} in "$accel" | auto) ;; *) lb_warn "ignoring $a: the guest runs under $accel" ;; esac
			;;
		*) kept="$kept $a" ;;
		esac
	done
	cmdline="$(if [ "$guest" = uml ]; then uml_cmdline; else qemu_cmdline; fi) lb.accel=$accel latchbench.accel=$accel$kept"
}
