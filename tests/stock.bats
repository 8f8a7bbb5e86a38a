#!/usr/bin/env bats
# Debian's own kernels as shipped (KERNELS words VER-debian, runners/stock-kernel):
# unpacked into the cache and never installed on the host, the module built
# against Debian's headers, booted under icount with the mitigations axis;
# bad kernel words refused before any work.

load helpers
bats_require_minimum_version 1.5.0

# host_state [ROOT]: what installing a kernel package changes on a host: the
# files under ROOT/boot and ROOT/lib/modules (name, size, mtime, type), the
# dpkg database's status file and its info/ directory (every package's file
# lists), and the linux-image packages dpkg knows (ROOT empty: this host)
host_state() {
	local r=${1:-} d
	for d in "$r/boot" "$r/lib/modules" "$r/var/lib/dpkg/info"; do
		[ ! -e "$d" ] || find "$d" -xdev -printf '%p %s %T@ %y\n' 2>/dev/null | LC_ALL=C sort
	done
	[ ! -f "$r/var/lib/dpkg/status" ] || sha256sum "$r/var/lib/dpkg/status"
	[ -n "$r" ] || dpkg-query -W -f='${Package} ${Version} ${db:Status-Abbrev}\n' 'linux-image-*' 2>/dev/null || true
}

@test "stock-kernel: Debian's 6.12 image and headers unpacked into the cache, the host's /boot, /lib/modules and dpkg database unchanged" {
	before=$(host_state)
	[ -n "$before" ]
	c=$BATS_TEST_TMPDIR/cache
	run --separate-stderr env LATCHBENCH_CACHE="$c" "$LB_ROOT/runners/stock-kernel" KVER=6.12-debian
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 20; false; }
	[ "$(host_state)" = "$before" ] || { diff <(echo "$before") <(host_state) | head -n 20; false; }
	d=$c/debian-stock/6.12-debian kd=$c/debian-stock/6.12-debian/lb-build-voluntary
	# the image Debian ships for the installed linux-source-6.12's version
	v=$(lb_debian_version 6.12)
	grep -qx "image_version=$v" "$d/stock.meta"
	grep -q "^packages=linux-image-[^ ]*-amd64=$v linux-headers-[^ ]*-amd64=$v linux-headers-[^ ]*-common=$v linux-kbuild-[^ ]*=$v$" "$d/stock.meta"
	# a build directory as runners/boot reads it: the image as shipped (a bzImage:
	# "HdrS" at 0x202), Debian's config, the headers the module builds against
	[ "$(dd if="$kd/arch/x86/boot/bzImage" bs=1 skip=514 count=4 2>/dev/null)" = HdrS ]
	grep -qx CONFIG_CPU_MITIGATIONS=y "$kd/.config"
	grep -qx CONFIG_PREEMPT_DYNAMIC=y "$kd/.config"
	[ ! -e "$kd/vmlinux" ]
	grep -qx "include $d/root/usr/src/linux-headers-[^ ]*-common/Makefile" "$kd/build/Makefile"
	[ -f "$kd/ksrc/kernel/time/timekeeping.c" ] && [ -x "$kd/usr/gen_init_cpio" ]
	# nothing of it on the host
	[ ! -e "/boot/vmlinuz-$(cat "$kd/include/config/kernel.release")" ]
	[ ! -e "/lib/modules/$(cat "$kd/include/config/kernel.release")" ]
	# a second run downloads nothing
	run --separate-stderr env LATCHBENCH_CACHE="$c" "$LB_ROOT/runners/stock-kernel" KVER=6.12-debian ONLY=status
	[ "$status" -eq 0 ]
}

@test "negative: host_state sees what a package installation changes" {
	# fake_root N: a fresh fake host root; its state before any change
	fake_root() {
		r=$BATS_TEST_TMPDIR/root$1
		mkdir -p "$r/boot" "$r/lib/modules" "$r/var/lib/dpkg/info"
		echo 'Package: x' >"$r/var/lib/dpkg/status"
		a=$(host_state "$r")
	}
	fake_root 1
	[ "$(host_state "$r")" = "$a" ]
	: >"$r/boot/vmlinuz-test"
	[ "$(host_state "$r")" != "$a" ]
	fake_root 2
	mkdir "$r/lib/modules/test"
	[ "$(host_state "$r")" != "$a" ]
	fake_root 3
	echo 'Package: linux-image-test' >>"$r/var/lib/dpkg/status"
	[ "$(host_state "$r")" != "$a" ]
	fake_root 4
	: >"$r/var/lib/dpkg/info/linux-image-test.list"
	[ "$(host_state "$r")" != "$a" ]
}

@test "bad stock kernel words are refused before any work, listing what exists or saying why" {
	r=$BATS_TEST_TMPDIR/r
	run --separate-stderr "$LB_ROOT/runners/sweep" KERNELS="6.12 6.5-debian" ACCEL=icount RESULTS="$r"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"KERNELS word 6.5-debian: Debian has no kernel image for it"* ]] || { echo "$stderr"; false; }
	[[ "$stderr" == *"6.1-debian (linux-image-6.1."*"-amd64 "* ]]
	[[ "$stderr" == *"6.12-debian (linux-image-6.12."*"-amd64 $(lb_debian_version 6.12))"* ]]
	[ ! -e "$r" ]
	run --separate-stderr "$LB_ROOT/runners/sweep" KERNELS=7.2-debian ACCEL=icount RESULTS="$r"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"KERNELS word 7.2-debian: refused: "*"gcc-16"* ]] || { echo "$stderr"; false; }
	[ ! -e "$r" ]
	run --separate-stderr "$LB_ROOT/runners/sweep" KERNELS=6.12-debian ACCEL=uml RESULTS="$r"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"KERNELS=6.12-debian: '6.12-debian' is Debian's x86 image as shipped; User-Mode Linux"* ]] || { echo "$stderr"; false; }
	run --separate-stderr "$LB_ROOT/runners/sweep" KERNELS=6.12-debian MITIGATIONS="auto on" ACCEL=icount RESULTS="$r"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"MITIGATIONS=auto on: 'on' unknown (valid: auto off"* ]] || { echo "$stderr"; false; }
	[ ! -e "$r" ]
	# negative: a word Debian has passes the kernel check (refused for the
	# setting checked after it instead)
	run --separate-stderr "$LB_ROOT/runners/sweep" KERNELS="6.12-debian 6.1-debian" UML_KERNELS=6.12 ACCEL=icount RESULTS="$r"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"UML_KERNELS=6.12: names the kernels uml boots"* ]] || { echo "$stderr"; false; }
	[[ "$stderr" != *"KERNELS word"* ]]
}

# stock_icount VER: Debian's own VER image under icount, 1 vCPU, with its
# mitigations and without: the module built against its headers, rows
# present, the exports' rows absent and said, off against auto exact
stock_icount() {
	local v=$1
	r=$BATS_TEST_TMPDIR/r
	# (TIMEOUT: a Debian image boots under icount more slowly than the scaled
	# budget's 150 s floor allows on a loaded host)
	run --separate-stderr env LB_LOCK_WAIT=1 "$LB_ROOT/runners/sweep" KERNELS="$v-debian" MITIGATIONS="auto off" ACCEL=icount VCPUS=1 TIMEOUT=900 \
		WORKLOADS="tkfast kernel" VARIANTS=all CONTEXTS=task WRITER_PERIODS=none RUNS=2 DURATION=5 HARNESS=0 PERF=0 RESULTS="$r"
	[ "$status" -eq 0 ] || { echo "$stderr" | tail -n 30; false; }
	run_dir=${lines[${#lines[@]} - 1]}
	csv=$run_dir/results.csv m=$run_dir/meta.txt
	# whole: every finished boot's rows found under the kernel they name
	# (lbstats missing: TAG.rows_kernel, TAG.mitigations_mode), no banner
	[ -z "$("$LB_ROOT/build/lbstats" missing "$m" "$csv")" ]
	[ -z "$(lb_run_banner "$run_dir")" ] || { lb_run_banner "$run_dir"; false; }
	# the module, built out of tree against Debian's headers, says once which exports it lacks
	[ "$(grep -c 'latchbench Kbuild: .*linux-headers-.*-amd64 does not export cyc2ns_read_begin (workload cyc2ns_read) __module_address (workload module_address)' "$run_dir/boots/build.log")" -eq 1 ]
	grep -q "make -C .*/debian-stock/$v-debian/" "$run_dir/boots/build.log" || grep -q "building .*bench-module for $v-debian-voluntary" "$run_dir/boots/build.log"
	# rows: the stock kernel named so, Debian's image as shipped booted
	[ "$(lb_col "$csv" kernel | cut -d: -f2 | sort -u)" = "$(lb_debian_version "$v" | sed 's/-.*//')-debian" ]
	grep -q "^$v-debian-voluntary-1cpu.boot.boot_image=bzImage$" "$m"
	grep -q "^$v-debian-voluntary-1cpu.kernel=$v\.[0-9][^ ]*-amd64$" "$m"
	grep -q "^$v-debian-voluntary-1cpu-moff.boot.kernel_cmdline=.* mitigations=off" "$m"
	! grep -q "^$v-debian-voluntary-1cpu.boot.kernel_cmdline=.*mitigations=" "$m" || false
	# the exports our patches add are not in a stock kernel: those rows
	# absent, said per boot; the other kernel functions are there
	for w in cyc2ns_read module_address; do
		! lb_col "$csv" workload | grep -q ":$w$" || false
		grep -q "^$v-debian-voluntary-1cpu.absent.workload.$w=needs the .* export" "$m"
	done
	for w in ktime_get_mono_fast_ns ktime_get_ns sched_clock local_clock; do
		lb_col "$csv" workload | grep -q ":$w$" || { echo "no $w rows"; false; }
	done
	# the packages and versions, and the line that reproduces the run
	grep -q "^stock.$v-debian.packages=linux-image-$v.[^ ]*-amd64=$(lb_debian_version "$v") " "$m"
	grep -q "^reproduce=make bench KERNELS=$v-debian .*MITIGATIONS=\"auto off\"" "$m"
	# mitigations: the rows' column, and the guest's own summary per boot
	[ "$(lb_col "$csv" mitigations | cut -d: -f2 | sort | uniq -c | awk '{ print $2 "=" $1 }' | paste -sd' ')" = \
		"auto=$(($(wc -l <"$csv") / 2)) off=$(($(wc -l <"$csv") / 2))" ]
	grep -q "^$v-debian-voluntary-1cpu.mitigations=.*spectre_v2:Mitigation" "$m"
	grep -q "^$v-debian-voluntary-1cpu-moff.mitigations=.*spectre_v2:Vulnerable" "$m"
	# ktime_get_mono_fast_ns: exact on both sides (every run the same
	# instructions: the negative control, a difference that is no noise) and
	# different between them
	k=$(lb_debian_version "$v" | sed 's/-.*//')-debian
	vals=$(lb_summary "$run_dir" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
		$H["workload"] == "ktime_get_mono_fast_ns" { print $H["kernel"], $H["value"], $H["exact"] }')
	echo "$vals"
	auto=$(awk -v k="$k" '$1 == k && $3 == "yes" { print $2 }' <<<"$vals")
	off=$(awk -v k="$k+mitigations=off" '$1 == k && $3 == "yes" { print $2 }' <<<"$vals")
	[ -n "$auto" ] && [ -n "$off" ]
	awk -v a="$auto" -v o="$off" 'BEGIN { exit !(a != o) }'
	echo "# $v-debian ktime_get_mono_fast_ns (icount, 1 vCPU): mitigations auto $auto, off $off" >&3
	# the table sets the kernel with and without its mitigations side by
	# side, the boot parameter under the kernel's name
	"$LB_ROOT/runners/table" RUN="$run_dir" >"$BATS_TEST_TMPDIR/table"
	grep -qx " *$k *$k" "$BATS_TEST_TMPDIR/table" || { cat "$BATS_TEST_TMPDIR/table"; false; }
	grep -qx ' *mitigations=off' "$BATS_TEST_TMPDIR/table"
}

@test "a stock Debian 6.12 under icount: module built against its headers, rows present, the exports' rows absent and said; mitigations=off against auto, exact" {
	stock_icount 6.12
}

# (make check-versions: one more image download and two icount boots)
# bats test_tags=versions
@test "a stock Debian 6.1 under icount: module built against its headers, rows present, the exports' rows absent and said; mitigations=off against auto, exact" {
	stock_icount 6.1
}
