#!/usr/bin/env bats
# Debian's arm64 image (the KERNELS word 6.12-debian-arm64, docs/arm64.md):
# fetched with a private apt state, the module cross-built against its
# headers, booted under icount with the deterministic flags (runners/boot.d/
# qemu.sh). Two boots give identical rows (and a boot with one known change
# does not); the unsynchronised control tears under a writer where the latch
# never does; x86-only workloads and NMI are absent by name; arm64 under
# another accelerator, or without its cross compiler, is refused by name
# before any download.

load helpers
bats_require_minimum_version 1.5.0

K=6.12-debian-arm64

setup_file() {
	local d=$BATS_FILE_TMPDIR
	# every copy and tree replica and every real function, no writer; the
	# schedclock replica under a writer that dwells 2 us mid-update (the
	# module's stress knob: icount runs the vCPUs round-robin, and without the
	# dwell a reader's slice rarely meets a half-written copy): none tears,
	# the latch never; a hardirq reader that lands mid-write
	cat >"$d/plan" <<-EOF
		workload=replicas variant=all readers=1 nruns=2 duration_ms=5
		workload=kernel variant=all readers=1 nruns=2 duration_ms=5
		workload=schedclock variant=none readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=50 write_dwell_ns=2000
		workload=schedclock variant=latch readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=50 write_dwell_ns=2000
		workload=tkfast variant=latch context=hardirq readers=1 writers=1 writer_period_ns=0 nruns=1 duration_ms=20
	EOF
	for b in a b; do
		lb_guest "$K" 2 icount "$d/plan" "$d/$b" "" 600 >&2 || echo "boot $b failed: $?" >&2
		lb_guest "$K" 1 icount "$d/plan" "$d/${b}1" "" 600 >&2 || echo "boot ${b}1 failed: $?" >&2
	done
	# one known change: extra_work (make aa's injected effect) adds dependent
	# steps to every timed read (task readers only: the plan without its
	# hardirq line)
	grep -v 'context=hardirq' "$d/plan" >"$d/plan-task"
	lb_guest "$K" 2 icount "$d/plan-task" "$d/c" "latchbench.extra_work=4" 600 >&2 || echo "boot c failed: $?" >&2
}

# rows B: boot B's rows, whole (header and every column, byte for byte)
rows() { cat "$BATS_FILE_TMPDIR/$1/rows.csv"; }

# paths CSV: each row's configuration and, but for a back-to-back writer's,
# its path to the instruction (the harness clock ticks every 16 guest
# instructions and where a batch starts within a tick differs between boots:
# a path can move by a tick over the batch, 0.03 per read)
paths() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["kernel"] "," $c["vcpus"] "," $c["workload"] "," $c["variant"] "," $c["context"] "," \
			$c["readers"] "," $c["writers"] "," $c["writer_period_ns"] "," $c["run"] "," \
			($c["writer_period_ns"] == "0" || $c["path_ns_per_op"] == "" ? "-" : sprintf("%.0f", $c["path_ns_per_op"])) }' "$1"
}

@test "arm64: two icount boots of Debian's arm64 image give the same rows, every path to the instruction (1 and 2 vCPUs)" {
	local d=$BATS_FILE_TMPDIR
	for b in a b a1 b1 c; do
		grep -q '^X 0' "$d/$b/channel.txt" || { tail -n 20 "$d/$b/boot.stderr"; false; }
	done
	[ "$(rows a1 | wc -l)" -gt 30 ] && [ "$(rows a | wc -l)" = "$(rows a1 | wc -l)" ]
	diff <(paths "$d/a1/rows.csv") <(paths "$d/b1/rows.csv")
	diff <(paths "$d/a/rows.csv") <(paths "$d/b/rows.csv")
	# the negative control: the comparison sees a change of the guest's work
	# (a's task rows against c's: the same configurations, other paths)
	grep -v ',hardirq,' "$d/a/rows.csv" >"$BATS_TEST_TMPDIR/a-task.csv"
	[ "$(rows c | wc -l)" = "$(wc -l <"$BATS_TEST_TMPDIR/a-task.csv")" ]
	run diff <(paths "$BATS_TEST_TMPDIR/a-task.csv") <(paths "$d/c/rows.csv")
	[ "$status" -eq 1 ]
}

@test "arm64: every row names the arm64 kernel; the seed's sched_clock and the fast timekeeper are measured" {
	local f=$BATS_FILE_TMPDIR/a/rows.csv
	[ "$(lb_col "$f" kernel | cut -d: -f2 | sort -u)" = 6.12.118+deb12-arm64 ]
	[ "$(lb_col "$f" accel | cut -d: -f2 | sort -u)" = icount ]
	for w in tkfast/latch schedclock/latch latchtree/latch sched_clock/kernel ktime_get_mono_fast_ns/kernel; do
		lb_col "$f" path_ns_per_op | grep -q "^$w/task/0:[0-9]" || { echo "no $w row with a path"; false; }
	done
	# the generic sched_clock is what this kernel reads (the guest's record)
	grep -q '^M sched_clock=generic-' "$BATS_FILE_TMPDIR/a/channel.txt"
}

@test "arm64: x86-only workloads and NMI are absent by name, not silently" {
	local ch=$BATS_FILE_TMPDIR/a/channel.txt
	grep -q '^M absent.workload.cyc2ns=x86 only: arm64 has no TSC' "$ch"
	grep -q '^M absent.workload.cyc2ns_read=x86 only: arm64' "$ch"
	grep -q '^M absent.context.nmi=arm64 has no NMI' "$ch"
	[ -z "$(lb_col "$BATS_FILE_TMPDIR/a/rows.csv" workload | grep '^cyc2ns/')" ]
}

@test "arm64: the unsynchronised control tears under a writer, the latch never" {
	local f=$BATS_FILE_TMPDIR/a/rows.csv
	[ "$(lb_col "$f" torn | sed -n 's|^schedclock/none/task/1:||p')" -gt 0 ]
	[ "$(lb_col "$f" torn | sed -n 's|^schedclock/latch/task/1:||p')" = 0 ]
	[ "$(lb_col "$f" torn | sed -n 's|^tkfast/latch/hardirq/1:||p')" = 0 ]
	[ "$(lb_col "$f" interrupted_mid_write | sed -n 's|^tkfast/latch/hardirq/1:||p')" -gt 0 ]
}

@test "arm64 under kvm, tcg or uml is refused by name before any download" {
	local c=$BATS_TEST_TMPDIR/cache r=$BATS_TEST_TMPDIR/results
	for a in kvm tcg uml "icount tcg"; do
		run --separate-stderr env LATCHBENCH_CACHE="$c" "$LB_ROOT/runners/sweep" KERNELS="$K" ACCEL="$a" RESULTS="$r"
		[ "$status" -ne 0 ]
		case $a in
		kvm) [[ $stderr == *"ACCEL"* ]] ;; # this host has no KVM: refused for that first
		*) [[ $stderr == *"'$K' is Debian's arm64 image"*"ACCEL=icount"* ]] || { echo "ACCEL=$a: $stderr"; false; } ;;
		esac
	done
	[ ! -e "$c/debian-stock" ] && [ ! -e "$c/debian-arm64" ] && [ ! -e "$r" ]
	# and runners/boot, given an arm64 build, refuses another accelerator
	: >"$BATS_TEST_TMPDIR/initrd"
	run --separate-stderr "$LB_ROOT/runners/boot" KBUILD="$(lb_kbuild_dir "$K")" INITRD="$BATS_TEST_TMPDIR/initrd" \
		OUT="$BATS_TEST_TMPDIR/boot" ACCEL=tcg
	[ "$status" -ne 0 ]
	[[ $stderr == *"ACCEL=tcg"*"arm64 kernel"* ]] || { echo "$stderr"; false; }
}

@test "arm64 without its cross compiler is refused naming the package, before any download" {
	local c=$BATS_TEST_TMPDIR/cache bin=$BATS_TEST_TMPDIR/bin f
	# this host's programs, but for the arm64 cross toolchain
	mkdir -p "$bin"
	for f in /usr/bin/* /usr/sbin/*; do
		case ${f##*/} in aarch64-linux-gnu-*) ;; *) ln -sf "$f" "$bin/" ;; esac
	done
	[ ! -e "$bin/aarch64-linux-gnu-gcc-12" ] && [ -e "$bin/bash" ]
	run --separate-stderr env PATH="$bin" LATCHBENCH_CACHE="$c" "$LB_ROOT/runners/sweep" KERNELS="$K" \
		ACCEL=icount RESULTS="$BATS_TEST_TMPDIR/results"
	[ "$status" -ne 0 ]
	[[ $stderr == *"apt-get install gcc-aarch64-linux-gnu"* ]] || { echo "$stderr"; false; }
	[ ! -e "$c/debian-stock" ] && [ ! -e "$c/debian-arm64" ]
	# the same PATH with the compiler: the check passes (it is the compiler it looks for)
	ln -s /usr/bin/aarch64-linux-gnu-gcc-12 "$bin/"
	run env PATH="$bin" bash -c ". '$LB_ROOT/runners/lib.sh' && lb_cross_check"
	[ "$status" -eq 0 ]
}

@test "arm64: the ordering instructions of each read path, from the module's and the kernel's disassembly" {
	local md kd ks=$BATS_TEST_TMPDIR/ksyms
	md=$(lb_initramfs "test-$K-voluntary").module kd=$(lb_kbuild_dir "$K")
	[ -d "$md" ]
	sed -n 's/^M ksym\.\([^=]*\)=/\1 /p' "$BATS_FILE_TMPDIR/a/channel.txt" >"$ks"
	grep -q '^sched_clock ffff' "$ks" && grep -q '^_text ffff' "$ks"
	run --separate-stderr "$LB_ROOT/runners/ordering" MODDIR="$md" KERNEL="$kd/arch/arm64/boot/Image" KSYMS="$ks"
	[ "$status" -eq 0 ] || { echo "$stderr"; false; }
	o=$output
	# the latch reader: one dmb ishld; the seqcount reader: ldar and dmb ishld;
	# the unsynchronised control and RCU: none; the generic sched_clock (the
	# kernel's own code, behind the module's call): the latch's dmb ishld
	grep -qx 'arm64,schedclock,latch,1,dmb ishld,' <<<"$o"
	grep -qx 'arm64,tkfast,seqlock,2,ldar+dmb ishld,' <<<"$o"
	grep -qx 'arm64,schedclock,none,0,none,' <<<"$o"
	grep -qx 'arm64,tkfast,rcu,0,none,' <<<"$o"
	grep -qx 'arm64,sched_clock,kernel,1,dmb ishld,sched_clock' <<<"$o"
	grep -qx 'arm64,ktime_get_ns,kernel,2,ldar+dmb ishld,ktime_get' <<<"$o"
	# negative control: without the kernel's code only the module's call is
	# seen, and it has no barrier: the kernel rows' count is the kernel's
	run --separate-stderr "$LB_ROOT/runners/ordering" MODDIR="$md"
	[ "$status" -eq 0 ]
	grep -qx 'arm64,sched_clock,kernel,0,none,sched_clock' <<<"$output"
}
