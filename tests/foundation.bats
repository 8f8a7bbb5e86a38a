#!/usr/bin/env bats
# Foundation: kernels build (and are not rebuilt), guests boot under the
# chosen accelerator, the module reports CSV over the results channel, and
# the failure paths fail loudly. Tags (tests/run): per-kernel tests go over
# LB_TEST_KERNELS (6.12 in `make test`, 6.1 and 7.2 in `make check-versions`);
# versions tests need 6.1 or 7.2 themselves and run in check-versions only.
# icount determinism is checked a level up, on whole sweeps (sweep.bats),
# and on every configuration of the module (module.bats).

load helpers
bats_require_minimum_version 1.5.0

# the header the module writes: its one column list (bench-module/columns.h)
HDR=$(lb_csv_header)

setup_file() {
	export PLAN=$BATS_FILE_TMPDIR/plan
	echo "workload=tkfast variant=latch readers=2 writers=1 writer_period_ns=0 nruns=1 duration_ms=10" >"$PLAN"
}

# bats test_tags=per-kernel
@test "every kernel builds; an unchanged kernel is not rebuilt" {
	for k in $LB_TEST_KERNELS; do
		run "$LB_ROOT/runners/build-kernel" KVER="$k"
		[ "$status" -eq 0 ]
		run "$LB_ROOT/runners/build-kernel" KVER="$k"
		[ "$status" -eq 0 ]
		[[ "$output" == *"up to date"* ]]
	done
}

# bats test_tags=per-kernel
@test "a kept kernel whose toolchain changed is stale (ONLY=status says why, builds nothing); meta records its compiler" {
	fake=$BATS_TEST_TMPDIR/bin
	mkdir -p "$fake"
	printf '#!/bin/sh\necho v999.9\n' >"$fake/pahole"
	chmod +x "$fake/pahole"
	for k in $LB_TEST_KERNELS; do
		"$LB_ROOT/runners/build-kernel" KVER="$k" >&2
		b=$(lb_kbuild_dir "$k")
		before=$(stat -c %Y "$b/.latchbench-stamp" "$b/vmlinux")
		run --separate-stderr "$LB_ROOT/runners/build-kernel" KVER="$k" ONLY=status
		[ "$status" -eq 0 ] || { echo "$k: $stderr"; false; }
		# the same tree with another pahole (a toolchain line Kconfig reads)
		PATH=$fake:$PATH run --separate-stderr "$LB_ROOT/runners/build-kernel" KVER="$k" ONLY=status
		[ "$status" -eq 3 ] || { echo "$k: status $status: $stderr"; false; }
		[[ "$stderr" == *"$k-$(lb_default_preempt "$k"): stale, the toolchain changed since its build ("*"now: pahole v999.9"* ]] ||
			{ echo "$k: $stderr"; false; }
		[ "$(stat -c %Y "$b/.latchbench-stamp" "$b/vmlinux")" = "$before" ]
		run "$LB_ROOT/runners/build-kernel" KVER="$k" ONLY=status
		[ "$status" -eq 0 ]
		# the meta.txt lines: the compiler Kconfig saw, the toolchain it was built with
		n=$k-$(lb_default_preempt "$k")
		run lb_build_compiler "$n" "$b"
		[ "${lines[0]}" = "compiler.$n=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$b/.config")" ]
		[[ "${lines[0]}" == "compiler.$n=gcc "* ]]
		[ "${lines[1]}" = "toolchain.$n=$(lb_toolchain | paste -sd';' | sed 's/;/; /g')" ]
		[[ "${lines[1]}" == *"; pahole "* ]]
	done
}

# bats test_tags=per-kernel
@test "every preemption model of every kernel survives olddefconfig" {
	# Configure-only runs share build-kernel's lock: all models at once,
	# each into its own directory (a conf run is mostly gcc capability
	# probes, about 30 s; serially the ten models of three kernels took 4 min).
	pids=()
	for k in $LB_TEST_KERNELS; do
		for m in $(lb_kernel_models "$k"); do
			d=$BATS_TEST_TMPDIR/cfg-$k-$m
			LB_CONFIGURE_ONLY="$d" "$LB_ROOT/runners/build-kernel" KVER="$k" FLAVOUR="$m" >"$d.log" 2>&1 &
			pids+=("$!:$k-$m")
		done
	done
	bad=""
	for p in "${pids[@]}"; do
		km=${p#*:}
		d=$BATS_TEST_TMPDIR/cfg-$km
		if ! wait "${p%%:*}"; then
			echo "$km: build-kernel failed:"
			cat "$d.log"
			bad=1
		elif [ "$(lb_config_preempt "$d/.config")" != "${km##*-}" ]; then
			echo "$km: .config says $(lb_config_preempt "$d/.config")"
			bad=1
		fi
	done
	[ -z "$bad" ]
	# 7.2's lazy model has no preemptible RCU (PREEMPT_RCU follows PREEMPT,
	# PREEMPT_RT or PREEMPT_DYNAMIC there); full and rt have it
	case " $LB_TEST_KERNELS " in *" 7.2 "*) ;; *) return 0 ;; esac
	! grep -qx CONFIG_PREEMPT_RCU=y "$BATS_TEST_TMPDIR/cfg-7.2-lazy/.config" || false
	grep -qx CONFIG_PREEMPT_RCU=y "$BATS_TEST_TMPDIR/cfg-7.2-rt/.config"
}

@test "a kept tinyconfig configures the same .config as make tinyconfig; a fragment line that does not survive is refused by name" {
	"$LB_ROOT/runners/build-kernel" KVER=6.12 >&2
	src=$LB_CACHE/src/6.12 t=$BATS_TEST_TMPDIR
	export ARCH=x86_64
	lb_set_cc
	kmake() { lb_kmake "$src" "$bld" "$@"; }
	for bld in "$t/miss" "$t/hit"; do
		LB_TINYCONFIG_CACHE=$t/tc lb_configure kmake "$src" "$bld" 6.12-voluntary $(lb_fragments voluntary)
		[ "$(find "$t/tc" -name '*.config' | wc -l)" -eq 1 ]
	done
	cmp "$t/miss/.config" "$t/hit/.config"
	# the .config the stamped build was made with
	cmp "$(lb_kbuild_dir 6.12 voluntary)/.config" "$t/hit/.config"
	# the negative side: a line olddefconfig drops is named
	echo CONFIG_LB_NO_SUCH_OPTION=y >"$t/bad.config"
	bld=$t/bad
	run lb_configure kmake "$src" "$bld" 6.12-bad "$LB_ROOT/config/latchbench.config" "$t/bad.config"
	[ "$status" -eq 1 ]
	[[ "$output" == *"config options did not survive olddefconfig for 6.12-bad: CONFIG_LB_NO_SUCH_OPTION=y"* ]]
}

# bats test_tags=versions
@test "fetch-source finds 7.2 in Debian unstable and leaves the machine's apt state alone" {
	sums() { find /etc/apt /var/lib/apt/lists /var/cache/apt -type f -exec sha256sum {} + 2>/dev/null | sort; }
	before=$(sums)
	run --separate-stderr "$LB_ROOT/runners/fetch-source" ONLY=version KVER=7.2
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	[[ "$output" == "7.2 7.2."* ]]
	[ "$(sums)" = "$before" ]
	grep -q "^deb \[signed-by=/.*\] http.* sid main$" "$LB_CACHE/debian-sid/sources.list"
	# build-kernel's 7.2 is the fetched one, its version recorded
	[ "$(lb_debian_version 7.2)" = "${output#7.2 }" ] || [ -n "$(dpkg-query -W -f='${Version}' linux-source-7.2 2>/dev/null)" ]
}

@test "no kernel tree or build artefact is tracked by git" {
	cd "$LB_ROOT"
	run bash -c "git ls-files | grep -E '(^|/)(vmlinux|bzImage|Module\.symvers)$|\.(o|ko|cmd|mod)$|^linux-|/Kconfig$'"
	[ "$status" -eq 1 ]
	# nothing big either: the largest tracked file is below 2 MiB
	big=$(git ls-files -z | xargs -0 stat -c %s 2>/dev/null | sort -n | tail -n 1)
	[ "${big:-0}" -lt 2097152 ]
}

@test "the accelerator probe gives a verdict and, for tcg, the reason" {
	run --separate-stderr "$LB_ROOT/runners/probe-accel"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == kvm || "${lines[0]}" == tcg ]]
	if [ "${lines[0]}" = tcg ]; then [ -n "$stderr" ]; fi
}

# bats test_tags=per-kernel
@test "each kernel boots with 2 vCPUs under ACCEL=auto (the policy's choice) and the module reports CSV" {
	# what lib.sh's policy makes of auto here: kvm, else icount (never tcg)
	lb_accel_resolve auto 2>/dev/null
	verdict=$lb_accel
	[[ "$verdict" == kvm || "$verdict" == icount ]]
	for k in $LB_TEST_KERNELS; do
		out=$BATS_TEST_TMPDIR/$k
		# the policy's own skip (6.1 with 2 vCPUs under icount): 1 vCPU, 1 reader
		v=2 plan=$PLAN
		if lb_accel_skip "$verdict" "$k" 2 >/dev/null; then
			v=1 plan=$BATS_TEST_TMPDIR/plan1
			sed 's/readers=2/readers=1/' "$PLAN" >"$plan"
		fi
		run lb_guest "$k" "$v" auto "$plan" "$out"
		[ "$status" -eq 0 ] || { cat "$out/boot.stderr"; false; }
		[ "$(head -n 1 "$out/rows.csv")" = "$HDR" ]
		[ "$(wc -l <"$out/rows.csv")" -eq 2 ]
		row=$(sed -n 2p "$out/rows.csv")
		[[ "$row" == "$k".*",$verdict,$v,tkfast,latch,task,$v,1,0,0,"* ]]
		grep -q "^accel=$verdict" "$out/boot.meta"
		grep -q '^M clocksource=' "$out/channel.txt"
		[ -s "$out/console.log" ]
	done
}

@test "a bad module parameter fails the boot with a message naming it" {
	out=$BATS_TEST_TMPDIR/bad
	run lb_guest 6.12 2 tcg "$PLAN" "$out" "latchbench.readers=0"
	[ "$status" -eq 2 ]
	grep -q '^E .*readers=0 out of range (valid: 1\.\.' "$out/channel.txt"
	grep -q '^X 2' "$out/channel.txt"
}

@test "a benchmark guest asked for the debug check's faults refuses: its module has no fault knob" {
	out=$BATS_TEST_TMPDIR/fault
	run lb_guest 6.12 2 tcg "$PLAN" "$out" "lb.fault=kasan"
	[ "$status" -eq 1 ]
	grep -q "^E lb.fault=kasan: this module has no fault knob (only the debug check's build has it" "$out/channel.txt"
	grep -q '^X 1' "$out/channel.txt"
	! grep -q '^M fault\.' "$out/channel.txt" || false
	! grep -q 'lb: fault ' "$out/console.log" || false
}

@test "a guest that never powers off is killed at its timeout, console log kept" {
	out=$BATS_TEST_TMPDIR/hang
	run lb_guest 6.12 2 tcg "$PLAN" "$out" "lb.hang=1" 15
	[ "$status" -eq 124 ]
	grep -q "console.log" "$out/boot.stderr"
	[ -s "$out/console.log" ]
	! pgrep -f "$out/channel" >/dev/null || false
}

# bats test_tags=versions
@test "icount: a vCPU that stops executing is found from its registers, retried with lb.perturb, then exit 125" {
	# The 6.1 SMP bring-up hang, with the console-pattern check switched off:
	# only the register watch can catch it.
	out=$BATS_TEST_TMPDIR/frozen
	echo "workload=tkfast variant=latch readers=1 nruns=1 duration_ms=5" >"$BATS_TEST_TMPDIR/p1"
	LB_SMP_STALL_S=100000 LB_ICOUNT_RETRIES=1 run lb_guest 6.1 2 icount "$BATS_TEST_TMPDIR/p1" "$out" "" 200
	[ "$status" -eq 125 ]
	grep -q "icount SMP stall, 2 attempts" "$out/boot.stderr"
	grep -q "restarting with lb.perturb=1" "$out/boot.stderr"
	grep -qx "icount_perturb=1" "$out/boot.meta"
	grep -q '^icount_stalls=perturb=0: vCPU 1 frozen at ffffffff[0-9a-f]* ([a-z_]*+0x[0-9a-f]*).*; perturb=1: vCPU 1 frozen' "$out/boot.meta"
	grep -q "lb.perturb=1" "$out/boot.meta"
	[ -s "$out/console.log" ] && [ -s "$out/console.stall-0.log" ]
	# The negative side: a healthy 2-vCPU icount boot with long quiet stretches
	# is not called frozen, although the watch read its registers
	# LB_STALL_SAMPLES times or more in one stretch (2 s of silence, then a read
	# every 2 s). Two stretches: the run (20 s of guest time, no output, both
	# vCPUs busy) and the boot's own, 6.5 to 7.6 s here (over 16 s under a
	# second icount sweep) after "Mountpoint-cache": the BSP calibrates the
	# APIC timer in a pause loop that TCG runs slowly, while the AP sits
	# halted in the firmware in 32-bit mode: a watch that read only 64-bit
	# register lines would give that AP the BSP's RIP and its own empty,
	# never changing registers, "vCPU 1 frozen at setup_boot_APIC_clock+0xf0".
	p=$BATS_TEST_TMPDIR/quiet.plan
	echo "workload=tkfast variant=latch readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=20000" >"$p"
	LB_STALL_QUIET_S=2 run lb_guest 6.12 2 icount "$p" "$BATS_TEST_TMPDIR/quiet"
	[ "$status" -eq 0 ] || { tail -n 5 "$BATS_TEST_TMPDIR/quiet/boot.stderr"; false; }
	m=$BATS_TEST_TMPDIR/quiet/boot.meta
	[ "$(sed -n 's/^icount_watch_stretch_last=//p' "$m")" -ge "${LB_STALL_SAMPLES:-4}" ]
	# no stall, or only real ones of a vCPU that took an IPI and never ran
	# again (QEMU's round-robin icount quirk, docs/accelerators.md: frozen at
	# asm_sysvec_call_function_single, interrupts off), each retried with the
	# next lb.perturb (the guest's instruction stream is deterministic, so
	# whether and how often this boot meets it depends on the module's and the
	# kernel's code); a stall anywhere else is the watch mistaking a healthy vCPU
	stalls=$(sed -n 's/^icount_stalls=//p' "$m")
	n=0
	if [ -n "$stalls" ]; then
		while IFS= read -r s; do
			[[ "$s" =~ ^perturb=$n:\ vCPU\ [0-9]+\ frozen\ at\ [0-9a-f]+\ \(asm_sysvec_call_function_single\+0x0\),\ RFLAGS\ [0-9a-f]+$ ]] || { echo "called frozen: $s"; false; }
			n=$((n + 1))
		done < <(sed 's/; perturb=/\nperturb=/g' <<<"$stalls")
	fi
	grep -qx "icount_perturb=$n" "$m"
}

# bats test_tags=versions
@test "icount: 6.1 with 2 vCPUs is detected as the SMP bring-up hang, not waited out" {
	start=$(date +%s)
	run lb_guest 6.1 2 icount "$PLAN" "$BATS_TEST_TMPDIR/smp" "" 120
	[ "$status" -eq 125 ]
	[ $(($(date +%s) - start)) -lt 90 ]
	grep -qi "1 vCPU" "$BATS_TEST_TMPDIR/smp/boot.stderr"
}

# bats test_tags=versions
@test "icount: 6.1 with 1 vCPU works" {
	echo "workload=tkfast variant=latch readers=1 nruns=1 duration_ms=5" >"$BATS_TEST_TMPDIR/p1"
	run lb_guest 6.1 1 icount "$BATS_TEST_TMPDIR/p1" "$BATS_TEST_TMPDIR/up"
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/up/rows.csv")" -eq 2 ]
}

@test "QEMU missing: a clear message and exit 126" {
	out=$BATS_TEST_TMPDIR/noq
	QEMU=/nonexistent/qemu-system-x86_64 run lb_guest 6.12 2 tcg "$PLAN" "$out"
	[ "$status" -eq 126 ]
	grep -qi "qemu" "$out/boot.stderr"
}
