# shellcheck shell=bash
# runners/boot's state: the globals its pieces (runners/boot.d/) share, each
# declared here once, with what it holds and which piece sets it. runners/boot
# sources this first, and every piece sources it too (so that shellcheck sees
# the declarations; sourcing it again changes nothing). Never run.

# --- the arguments (runners/boot's lb_args; args.sh checks them) ---
# kbuild: KBUILD, the kernel build dir
: "${kbuild=}"
# initrd_words: INITRD's words, as given; initrds: the images (args.sh)
: "${initrd_words=}"
declare -a initrds
: "${initrds[*]-}"
# outdir: OUT, made absolute by args.sh
: "${outdir=}"
# plan: PLAN, the plan file, or empty
: "${plan=}"
# extra: CMDLINE's words, joined
: "${extra=}"
# qmp_sock: QMP, a unix socket QEMU also serves QMP on, or empty
: "${qmp_sock=}"
# pin: PIN, 1 to pin each vCPU thread to its own host CPU (pin.sh)
: "${pin=0}"
# vcpus, mem, timeout: VCPUS, MEM (MiB), TIMEOUT (s)
: "${vcpus=2}" "${mem=512}" "${timeout=300}"
# accel: ACCEL as given, then the accelerator the guest runs under (args.sh)
: "${accel=${ACCEL:-auto}}"

# --- the guest (runners/boot, args.sh) ---
# the exit statuses (the header's list)
: "${EX_KVM=121}" "${EX_NOX=122}" "${EX_TIMEOUT=124}" "${EX_SMP=125}" "${EX_QEMU=126}"
# lb_accel, lb_accel_why: lib.sh's lb_accel_resolve's answer (args.sh reads it)
: "${lb_accel=}" "${lb_accel_why=}"
# accel_reason: why that accelerator (lb_accel_resolve)
: "${accel_reason=}"
# standin: the KVM stand-in's note when QEMU is tests/kvm-standin (args.sh)
: "${standin=}"
# guest: qemu or uml, how the accelerator's build starts (runners/boot, from
# the accelerator table's build); guest_name: what starts, for the messages
: "${guest=}" "${guest_name=}"
# tmp: boot's scratch directory, removed at exit (teardown.sh)
: "${tmp=}"
# initrd: the one image the guest gets (args.sh)
: "${initrd=}"
# cmdline: the kernel command line (args.sh; stall.sh appends lb.perturb=N)
: "${cmdline=}"
# host_cpus: the host's CPUs; oversub: 1 when VCPUS is more (runners/boot)
: "${host_cpus=}" "${oversub=0}"

# --- QEMU (qemu.sh) ---
# qemu_bin: the QEMU binary (QEMU, default the kernel's architecture's:
# lb_qemu_bin), qemu_pkg its package; qemu_version
: "${qemu_bin=}" "${qemu_pkg=}" "${qemu_version=}"
# karch: the architecture of the kernel build (lb_kbuild_arch: x86_64, um,
# arm64), set by runners/boot after the checks
: "${karch=}"
# qemu_cmd: the last QEMU command line; accel_args: its accelerator's part
declare -a qemu_cmd accel_args
: "${qemu_cmd[*]-}" "${accel_args[*]-}"
# cpu_model: QEMU's -cpu; image: vmlinux or bzImage, the image to boot;
# boot_image: what booted (vmlinux-pvh, bzImage) and boot_image_reason
: "${cpu_model=}" "${image=}" "${boot_image=}" "${boot_image_reason=}"

# --- UML (uml.sh) ---
# uml_cmd: the last UML command line; uml_smp_args: its SMP words;
# uml_load0: the host's load average when it started
declare -a uml_cmd
: "${uml_cmd[*]-}" "${uml_smp_args=}" "${uml_load0=}"

# --- a run (teardown.sh, the QEMU and UML runs) ---
# qpid: the guest process; qrc: its exit status (137: killed); why: why the
# watch stopped it (timeout kvm smp pvh-silent stall panic x-no-exit, or
# empty: it ended by itself); status: boot's exit status (teardown.sh)
: "${qpid=}" "${qrc=}" "${why=}" "${status=}"
# start_us, now: when the run started, the watch's time (us); x_us, x_seen:
# when the X record came
: "${start_us=}" "${now=}" "${x_us=}" "${x_seen=}"

# --- pinning (pin.sh) ---
# pin_args: QEMU's arguments for the pinning's QMP monitor; pinning: the map
# (cpuN:TID->hostM); pin_smt: each pinned host CPU's SMT siblings
declare -a pin_args
: "${pin_args[*]-}" "${pinning=}" "${pin_smt=}"

# --- the icount stall watch (stall.sh) ---
# watch: 1 when it watches this run; stall_args: QEMU's arguments for its HMP
# monitor; hin, hout: the monitor's pipes
declare -a stall_args
: "${watch=0}" "${stall_args[*]-}" "${hin=}" "${hout=}"
# quiet_since, qsize, last_sample: the current quiet stretch, the serial
# ports' size, the last read; same, prev: per vCPU, reads unchanged and the
# last registers
declare -a same prev
: "${quiet_since=}" "${qsize=}" "${last_sample=0}" "${same[*]-}" "${prev[*]-}"
# stall_desc: the frozen vCPU; icount_stalls: every stall, perturb: the
# lb.perturb=N of the last attempt
: "${stall_desc=}" "${icount_stalls=}" "${perturb=0}"
# watch_reads, attempt_reads: register reads in all and in the last attempt;
# stretch_reads, stretch_max: in the current quiet stretch, and the most in one
: "${watch_reads=0}" "${attempt_reads=0}" "${stretch_reads=0}" "${stretch_max=0}"
