#!/usr/bin/env bats
# The KVM path, end to end, on machines without working KVM: the runners
# are pointed at the tests' KVM stand-in (tests/kvm-standin: QEMU's own
# checks of the KVM command line, the guest under TCG) and at a stand-in KVM
# device (LB_KVM_DEV), with an empty probe cache (LB_PROBE_CACHE). What it
# shows: `make bench` builds first, then probes, chooses kvm, pins the vCPU
# threads, attempts the host and guest counters, and lays the run out as a
# KVM run, labelled kvm-standin first wherever its numbers appear. What only
# a real KVM host can show (the numbers themselves) it cannot.

load helpers
bats_require_minimum_version 1.5.0

STANDIN=$LB_ROOT/tests/kvm-standin

setup() {
	ST=$BATS_TEST_TMPDIR
	: >"$ST/kvm" # the stand-in device: a file that opens read-write
}

teardown() {
	[ ! -f "$BATS_TEST_TMPDIR/plotdir" ] || rm -rf "$(cat "$BATS_TEST_TMPDIR/plotdir")"
}

# standin_env CMD...: CMD with the runners pointed at the stand-in
standin_env() {
	QEMU=$STANDIN LB_KVM_DEV=$ST/kvm LB_PROBE_CACHE=$ST/probe LB_PROBE_TIMEOUT=90 LB_LOCK_WAIT=1 "$@"
}

# made_then_probed MADE TAG: in a make bench's $stderr, the line MADE (the
# kernel built or unpacked) before the probe boots TAG, and kvm chosen by it
made_then_probed() {
	local b p
	b=$(grep -n "^$1" <<<"$stderr" | head -n 1 | cut -d: -f1)
	p=$(grep -n "^probe-accel: probing KVM: booting $2" <<<"$stderr" | head -n 1 | cut -d: -f1)
	[ -n "$b" ] && [ -n "$p" ] && [ "$b" -lt "$p" ] || { echo "$stderr" | head -n 20; false; }
	grep -q "^sweep: accelerator: kvm (probe-accel: kvm: KVM probe boot of $2 reached init" <<<"$stderr"
}

@test "make bench on the KVM stand-in: build, then probe, kvm chosen, pinned, counters attempted, labelled kvm-standin throughout" {
	run --separate-stderr standin_env env RESULTS="$ST/r" KERNELS=6.12 VCPUS=2 WORKLOADS=tkfast \
		VARIANTS="latch none" CONTEXTS=task WRITER_PERIODS="none 0" RUNS=2 DURATION=20 HARNESS=0 \
		make -s -C "$LB_ROOT" bench
	run_dir=$(find "$ST/r" -mindepth 1 -maxdepth 1 -type d -name '*-kvm-standin' | head -n 1)
	[ -n "$run_dir" ] && echo "$LB_ROOT/plots/${run_dir##*/}" >"$ST/plotdir"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 30; false; }
	# build first, then decide: the probe boots the kernel the sweep built
	made_then_probed 'build-kernel: 6.12-voluntary' 6.12-voluntary
	! grep -q 'EMULATED' <<<"$stderr" || false
	# the verdict and its reason, recorded; the stand-in says so first
	m=$run_dir/meta.txt
	[[ "$(head -n 1 "$m")" == standin=kvm-standin:* ]]
	grep -qx 'accel=kvm' "$m"
	grep -qx 'accel_requested=auto' "$m"
	grep -q '^accel_reason=probe-accel: kvm: KVM probe boot of 6.12-voluntary reached init in [0-9.]*s$' "$m"
	grep -qx 'emulated=no' "$m"
	# host conditions, known or "unknown", never missing
	for k in host_governor host_boost host_smt host_isolated_cpus host_nohz_full host_loadavg_start \
		host_loadavg_end host_thp host_clocksource host_tsc_invariant; do
		grep -q "^$k=." "$m" || { echo "no $k in meta.txt"; false; }
	done
	# real time: the boot is the statistical unit: RUNS=2 in 2 boots (the
	# default 3, at most RUNS), each with its configurations shuffled (seed)
	grep -qx 'rounds=2' "$m"
	grep -q '^seed=[0-9][0-9]*$' "$m"
	grep -q '^6.12-voluntary-2cpu-r2.seed=[0-9][0-9]*$' "$m"
	[ "$(lb_col "$run_dir/results.csv" round | cut -d: -f2 | sort -u | paste -sd" ")" = "1 2" ]
	grep -q '^NOTE: real time (kvm, uml): the boot is the statistical unit' "$run_dir/report.txt"
	# the KVM command line, and each vCPU thread pinned to its own host CPU
	t=6.12-voluntary-2cpu-r1
	grep -qx "$t.boot.cpu_model=host,+invtsc,pmu=on" "$m"
	pin=$(lb_meta "$run_dir" "$t.boot.pinning")
	[[ "$pin" =~ ^cpu0:[0-9]+-\>host([0-9]+),cpu1:[0-9]+-\>host([0-9]+)$ ]] || { echo "pinning: $pin"; false; }
	[ "${BASH_REMATCH[1]}" != "${BASH_REMATCH[2]}" ]
	grep -q "^$t.boot.pinning_smt_siblings=host" "$m"
	# host perf stat of QEMU with the KVM events: counted, or recorded as
	# not-supported with an empty value, never dropped and never a zero
	for ev in task-clock kvm:kvm_exit kvm:kvm_entry cycles instructions; do
		line=$(grep "^$t,$ev," "$run_dir/host-perf.csv") || { echo "no $ev in host-perf.csv"; false; }
		case $line in *,ok) ;; *,,*,not-supported) ;; *) echo "bad: $line"; false ;; esac
	done
	# the effective clock: cycles over task-clock where both were counted, else unknown
	ghz=$(lb_meta "$run_dir" "$t.effective_ghz")
	if grep -q "^$t,cycles,[0-9][0-9.]*,.*,ok$" "$run_dir/host-perf.csv"; then
		[[ "$ghz" =~ ^[0-9]+\.[0-9]{3}$ ]] || { echo "effective_ghz=$ghz with cycles counted"; false; }
	else
		[ "$ghz" = unknown ] || { echo "effective_ghz=$ghz without cycles"; false; }
	fi
	# guest hardware counters: TCG has no PMU, so not-supported (never 0)
	run awk -F, 'NR > 1 && $8 == "cycles" { print $9 "|" $13 }' "$run_dir/perf.csv"
	[ -n "$output" ]
	! grep -qv '^|not-supported$' <<<"$output" || false
	# rows say kvm; the report is in ns with significance, never "exact"
	awk -F, 'NR > 1 && $2 != "kvm" { bad = 1 } END { exit bad }' "$run_dir/results.csv"
	r=$run_dir/report.txt
	[[ "$(head -n 1 "$r")" == "NOTE: kvm-standin:"* ]]
	grep -qx 'metric: ns per op, median over runs (lower is better)' "$r"
	grep -q '^accel: kvm; vCPUs: 2$' "$r"
	! grep -qi -e exact -e icount -e emulated "$r" || false
	# plots and the index: labelled, and no "emulated" wording
	pd=$(cat "$ST/plotdir")
	[ -s "$pd/index.html" ]
	grep -m1 -A1 '^<body>' "$pd/index.html" | grep -q '<p class="banner"><b>NOTE: kvm-standin:'
	grep -q '<p><b>accelerator kvm</b>: real time (hardware virtualisation)</p>' "$pd/index.html"
	! grep -v '<tr><td>emulated</td><td>no</td></tr>' "$pd/index.html" | grep -qi emulated || false
	for svg in "$pd"/*.svg; do
		grep -q 'kvm-standin' "$svg" || { echo "no kvm-standin in $svg"; false; }
		! grep -qi emulated "$svg" || false
	done
}

@test "the default make bench's first kernel, Debian's own, on the KVM stand-in: fetched, probed with, kvm chosen, booted as shipped (bzImage, our initramfs)" {
	# the default KERNELS starts with the stock kernel (no compile): ACCEL=auto probes KVM with it
	[[ "$("$LB_ROOT/runners/sweep" --help | grep '^  KERNELS ')" == *'"6.12-debian 6.1 6.12 7.2"'* ]]
	# and make bench leaves it to the sweep (the Makefile declares no KERNELS
	# of its own): the list the sweep checks UML_KERNELS against is its default
	run --separate-stderr env -u KERNELS make -s -C "$LB_ROOT" bench ACCEL=uml UML_KERNELS=6.5 RESULTS="$ST/none"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"UML_KERNELS=6.5: '6.5' is not one of KERNELS (valid: 6.12-debian 6.1 6.12 7.2)"* ]] || { echo "$stderr"; false; }
	run --separate-stderr standin_env env RESULTS="$ST/r" KERNELS=6.12-debian VCPUS=1 WORKLOADS="tkfast ktime_get_mono_fast_ns" \
		VARIANTS=all CONTEXTS=task WRITER_PERIODS=none RUNS=1 DURATION=5 HARNESS=0 PERF=0 \
		make -s -C "$LB_ROOT" bench
	run_dir=$(find "$ST/r" -mindepth 1 -maxdepth 1 -type d -name '*-kvm-standin' | head -n 1)
	[ -n "$run_dir" ] && echo "$LB_ROOT/plots/${run_dir##*/}" >"$ST/plotdir"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 30; false; }
	# unpacked first, then the probe boots it under -accel kvm
	made_then_probed 'stock-kernel: 6.12-debian' 6.12-debian-voluntary
	m=$run_dir/meta.txt t=6.12-debian-voluntary-1cpu
	grep -qx 'accel=kvm' "$m"
	grep -qx "$t.boot.boot_image=bzImage" "$m"
	grep -qx "$t.boot.cpu_model=host,+invtsc,pmu=on" "$m"
	grep -q "^$t.boot.qemu_cmdline=.* -accel kvm .*-kernel .*/debian-stock/6.12-debian/lb-build-voluntary/arch/x86/boot/bzImage -initrd " "$m"
	awk -F, 'NR > 1 && ($1 !~ /-debian$/ || $2 != "kvm") { bad = 1 } END { exit bad }' "$run_dir/results.csv"
	lb_col "$run_dir/results.csv" workload | grep -q ':ktime_get_mono_fast_ns$'
}

# stock_rows_first META STOCK COMPILE: in a run's meta.txt, the first row of
# the stock kernel's boots (TAG.rows_at, epoch s.ms) before the first compile
# started (build_started.NAME), and the compiled kernel's first rows after
# that compile; prints the times when not
stock_rows_first() {
	awk -F= -v st="$2" -v cb="$3" '
		$1 ~ /\.rows_at$/ { t = $1; sub(/\.rows_at$/, "", t)
			if (index(t, st "-") == 1) { if (s == "" || $2 < s) s = $2 } else if (c == "" || $2 < c) c = $2 }
		$1 == "build_started." cb { b = $2 }
		END {
			if (s != "" && b != "" && c != "" && s + 0 < b + 0 && b + 0 < c + 0) exit 0
			printf "stock rows at %s, compile of %s started at %s, its first rows at %s\n", s, cb, b, c; exit 1
		}' "$1"
}

@test "a fresh make bench on the KVM stand-in: the stock kernel's boots first, alone, its rows printed; then the compile; then the compiled kernel's boots" {
	run --separate-stderr standin_env env RESULTS="$ST/r" KERNELS="6.12-debian 6.12" VCPUS=1 WORKLOADS=tkfast \
		VARIANTS="latch none" CONTEXTS=task WRITER_PERIODS=none RUNS=1 DURATION=5 HARNESS=0 PERF=0 \
		make -s -C "$LB_ROOT" bench
	run_dir=$(find "$ST/r" -mindepth 1 -maxdepth 1 -type d -name '*-kvm-standin' | head -n 1)
	[ -n "$run_dir" ] && echo "$LB_ROOT/plots/${run_dir##*/}" >"$ST/plotdir"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 30; false; }
	m=$run_dir/meta.txt
	grep -qx 'accel=kvm' "$m"
	# the compile waited for the stock kernel's boots, and said so
	grep -qx 'builds_after_ready_boots=6.12-voluntary' "$m"
	! grep -q '^builds_beside_boots=' "$m" || false
	# the order, from the run's own timestamps: stock rows, compile, compiled rows
	stock_rows_first "$m" 6.12-debian 6.12-voluntary || { grep -e rows_at -e build_started "$m"; false; }
	# the first boot's headline rows, laid out by runners/table, before the compile
	f=$(grep -n '^sweep: the first rows (6.12-debian-voluntary-1cpu)' <<<"$stderr" | cut -d: -f1)
	c=$(grep -n '^sweep: compiling 6.12-voluntary now, with no boot running' <<<"$stderr" | cut -d: -f1)
	[ -n "$f" ] && [ -n "$c" ] && [ "$f" -lt "$c" ] || { echo "$stderr" | head -n 60; false; }
	sed -n "$f,${c}p" <<<"$stderr" >"$ST/first"
	grep -q '^NOTE: kvm-standin' "$ST/first"
	grep -qx 'SO FAR: the rows of 1 of 2 planned boots (the run goes on).' "$ST/first"
	grep -q '^== kvm, 1 vCPU' "$ST/first"
	grep -q '6.12.118-debian' "$ST/first"
	grep -q '^  latch ' "$ST/first"
	# the ETA from the plan (no extrapolation), the compile still to come named
	grep -q '^sweep: boot 1/2 6.12-debian-voluntary-1cpu: config 1/2 done (sweep 1/4), elapsed [0-9ms]*, ETA [0-9ms]* + 1 compile$' <<<"$stderr" ||
		{ grep '^sweep: boot' <<<"$stderr"; false; }
	grep -q '^sweep: boot 2/2 6.12-voluntary-1cpu: config 2/2 done (sweep 4/4), elapsed [0-9ms]*, ETA 0s$' <<<"$stderr"
	# the rows of both kernels
	[ "$(lb_col "$run_dir/results.csv" kernel | cut -d: -f2 | sort -u | paste -sd' ')" = "6.12.118 6.12.118-debian" ]
}

@test "negative: the order check fails on a run whose compile started before the stock kernel's rows" {
	printf '%s\n' build_started.6.12-voluntary=100.500 6.12-debian-voluntary-1cpu.rows_at=160.250 \
		6.12-voluntary-1cpu.rows_at=170.000 >"$ST/compiled-first"
	run stock_rows_first "$ST/compiled-first" 6.12-debian 6.12-voluntary
	[ "$status" -eq 1 ]
	[ "$output" = "stock rows at 160.250, compile of 6.12-voluntary started at 100.500, its first rows at 170.000" ]
	# and the same times in the new order pass
	printf '%s\n' 6.12-debian-voluntary-1cpu.rows_at=100.500 build_started.6.12-voluntary=160.250 \
		6.12-voluntary-1cpu.rows_at=170.000 >"$ST/stock-first"
	stock_rows_first "$ST/stock-first" 6.12-debian 6.12-voluntary
}

@test "negative: a probe that fails leads to icount, with the probe's reason" {
	kb=$(lb_kbuild_dir 6.12 voluntary)
	run --separate-stderr env QEMU="$STANDIN" LB_KVM_DEV="$ST/no-such-kvm" LB_PROBE_CACHE="$ST/probe" \
		bash -c '. "$1/runners/lib.sh"; lb_accel_resolve auto "$2"; echo "$lb_accel|$lb_accel_why"' _ "$LB_ROOT" "$kb"
	[ "$status" -eq 0 ]
	[[ "$output" == "icount|probe-accel: tcg: $ST/no-such-kvm does not exist; so the default is icount"* ]] || { echo "$output"; false; }
}

@test "negative: the stand-in refuses what QEMU would refuse under KVM, in QEMU's own words, and the boot fails" {
	img=$(lb_image 6.12)
	kb=$(lb_kbuild_dir 6.12 voluntary)
	# a QEMU that gives the stand-in one CPU feature QEMU does not know (the
	# last -cpu wins, as in QEMU)
	printf '#!/bin/bash\nexec %q "$@" -cpu host,+invtsc,pmu=on,+nosuchfeature\n' "$STANDIN" >"$ST/qemu"
	chmod +x "$ST/qemu"
	run --separate-stderr env QEMU="$ST/qemu" "$LB_ROOT/runners/boot" KBUILD="$kb" INITRD="$img" ACCEL=kvm VCPUS=1 TIMEOUT=60 OUT="$ST/bad"
	[ "$status" -eq 126 ] || { echo "$stderr"; false; }
	[[ "$stderr" == *"QEMU failed to start (exit 1): kvm-standin: -cpu host,+invtsc,pmu=on,+nosuchfeature refused: +nosuchfeature (QEMU on -cpu max,+nosuchfeature: qemu-system-x86_64: Property 'max-x86_64-cpu.nosuchfeature' not found)"* ]] ||
		{ echo "$stderr"; false; }
	# options outside the KVM command line, and other accelerators' options
	run "$STANDIN" -accel kvm -cpu host,+invtsc -icount shift=0
	[ "$status" -eq 1 ]
	[[ "$output" == *"'-icount' is not part of the command line runners/boot gives KVM guests"* ]]
	run "$STANDIN" -accel kvm -cpu max
	[ "$status" -eq 1 ]
	[[ "$output" == *"a KVM guest runs the host CPU model (-cpu host,...), not 'max'"* ]]
	run "$STANDIN" -accel kvm -cpu host,pmu=maybe
	[ "$status" -eq 1 ]
	[[ "$output" == *"Parameter 'pmu' expects 'on' or 'off'"* ]]
}

@test "the -arch-capabilities retry: a host that cannot set MSR 0x10a gets -cpu host,-arch-capabilities" {
	img=$(lb_image 6.12)
	kb=$(lb_kbuild_dir 6.12 voluntary)
	run --separate-stderr env QEMU="$STANDIN" LB_STANDIN_MSR_FAIL=1 "$LB_ROOT/runners/boot" KBUILD="$kb" INITRD="$img" \
		ACCEL=kvm VCPUS=1 TIMEOUT=120 OUT="$ST/msr"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 20; false; }
	[[ "$stderr" == *"QEMU could not set MSR 0x10a (IA32_ARCH_CAPABILITIES): retrying with -cpu host,-arch-capabilities,+invtsc,pmu=on"* ]]
	grep -qx 'cpu_model=host,-arch-capabilities,+invtsc,pmu=on' "$ST/msr/boot.meta"
	grep -q '^standin=kvm-standin:' "$ST/msr/boot.meta"
}

@test "host conditions: every key recorded, one warning per noisy condition, none on a quiet host" {
	run bash -c '. "$1/runners/lib.sh"; lb_host_conditions' _ "$LB_ROOT"
	[ "$status" -eq 0 ]
	for k in host_governor host_boost host_smt host_isolated_cpus host_nohz_full host_loadavg_start \
		host_thp host_clocksource host_tsc_invariant; do
		grep -q "^$k=." <<<"$output" || { echo "no $k: $output"; false; }
	done
	printf '%s\n' host_governor=powersave host_boost=on host_smt=on host_isolated_cpus=none \
		"host_loadavg_start=99.0 1 1" host_thp=always host_clocksource=hpet \
		"host_tsc_invariant=no (no nonstop_tsc)" >"$ST/noisy"
	run --separate-stderr bash -c '. "$1/runners/lib.sh"; lb_host_warnings "$2"' _ "$LB_ROOT" "$ST/noisy"
	[ "$status" -eq 0 ]
	[ "$(grep -c 'WARNING' <<<"$stderr")" -eq 8 ] || { echo "$stderr"; false; }
	for w in "governor is 'powersave'" "boost/turbo is on" "SMT is active" "no isolated host CPUs" \
		"load average is 99.0" "hugepages are 'always'" "clocksource is 'hpet'" "TSC is not invariant"; do
		grep -q "$w" <<<"$stderr" || { echo "no warning: $w"; false; }
	done
	printf '%s\n' host_governor=performance host_boost=off host_smt=off host_isolated_cpus=1-3 \
		"host_loadavg_start=0.00 0 0" host_thp=never host_clocksource=tsc \
		"host_tsc_invariant=yes (constant_tsc nonstop_tsc)" >"$ST/quiet"
	run --separate-stderr bash -c '. "$1/runners/lib.sh"; lb_host_warnings "$2"' _ "$LB_ROOT" "$ST/quiet"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
}

@test "one accelerator policy: bad ACCEL refused before anything is built; sweep, sweep-boot and boot all use lib.sh's" {
	run --separate-stderr env ACCEL=bogus RESULTS="$ST/r" KERNELS=6.12 "$LB_ROOT/runners/sweep"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"ACCEL=bogus: 'bogus' is not an accelerator (valid: auto kvm tcg icount"* ]]
	! grep -q build-kernel <<<"$stderr" || false
	run --separate-stderr env ACCEL="auto icount" RESULTS="$ST/r" KERNELS=6.12 "$LB_ROOT/runners/sweep"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"auto stands alone"* ]]
	# no runner decides on its own: the fallback lives in lib.sh only
	for f in sweep sweep-boot boot; do
		# (the sweep and boot with their pieces, runners/sweep.d/, runners/boot.d/)
		src=("$LB_ROOT/runners/$f")
		[ "$f" != sweep ] || src+=("$LB_ROOT"/runners/sweep.d/*.sh)
		[ "$f" != boot ] || src+=("$LB_ROOT"/runners/boot.d/*.sh)
		grep -q 'lb_accel_resolve' "${src[@]}" || { echo "$f does not use lb_accel_resolve"; false; }
		! grep -hn 'accel=icount\|accel=tcg' "${src[@]}" | grep -v '^[0-9]*:[[:space:]]*#' ||
			{ echo "$f has its own accelerator fallback"; false; }
	done
}
