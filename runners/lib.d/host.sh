# shellcheck shell=bash
# runners/lib.d/host.sh, the host's conditions (CPUs, governor, load)
# recorded with a run. Sourced by runners/lib.sh (the loader), never run.

# lb_allowed_cpus: the host CPUs this process may run on, space separated
# (Cpus_allowed_list expanded: "0-2,5" -> "0 1 2 5").
lb_allowed_cpus() {
	local list r out=""
	list=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
	[ -n "$list" ] || list="0-$(($(nproc) - 1))"
	for r in ${list//,/ }; do
		case $r in
		*-*) out="$out $(seq -s ' ' "${r%-*}" "${r#*-}")" ;;
		*) out="$out $r" ;;
		esac
	done
	echo "${out# }"
}

# --- the guest's architecture: its QEMU and cross compiler ---
# lb_qemu_bin ARCH: the QEMU system emulator of ARCH and, after a space, the
# Debian package that has it
lb_qemu_bin() {
	case $1 in
	arm64) echo "qemu-system-aarch64 qemu-system-arm" ;;
	*) echo "qemu-system-x86_64 qemu-system-x86" ;;
	esac
}

# lb_cross_check: dies unless the arm64 cross compiler is here: the gcc-12
# Debian built its arm64 image with (the headers' CC: aarch64-linux-gnu-gcc-12),
# naming the package. Asked before any download (runners/sweep, stock-kernel).
lb_cross_check() {
	command -v aarch64-linux-gnu-gcc-12 >/dev/null 2>&1 ||
		lb_die "no arm64 cross compiler (aarch64-linux-gnu-gcc-12, the compiler Debian built its arm64 image with; the module is cross-built against its headers): apt-get install gcc-aarch64-linux-gnu"
}

# --- host conditions (runners/sweep: meta.txt host_*; warnings) ---
# lb__read FILE: FILE's content on one line; "none" when empty, "unknown" when unreadable.
lb__read() {
	local v
	if [ -r "$1" ]; then v=$(tr '\n' ' ' <"$1" | sed 's/ *$//'); else v=unknown; fi
	printf '%s' "${v:-none}"
}

# lb_host_conditions: key=value lines on what makes a host's timings noisy,
# "unknown" where this host does not expose it: CPU frequency governor,
# boost/turbo, SMT, isolated and nohz_full CPUs, load average, transparent
# hugepages, the host clocksource and whether the TSC is invariant, the
# CPU-vulnerability mitigations (name:state|...) and the mean "cpu MHz".
lb_host_conditions() {
	local b s=/sys/devices/system/cpu fl
	echo "host_governor=$(lb__read $s/cpu0/cpufreq/scaling_governor)"
	if [ -r $s/cpufreq/boost ]; then
		b=$(lb__read $s/cpufreq/boost)
		case $b in 1) b=on ;; 0) b=off ;; esac
	elif [ -r $s/intel_pstate/no_turbo ]; then
		b=$(lb__read $s/intel_pstate/no_turbo)
		case $b in 0) b=on ;; 1) b=off ;; esac
	else
		b=unknown
	fi
	echo "host_boost=$b"
	echo "host_smt=$(lb__read $s/smt/active | sed 's/^1$/on/; s/^0$/off/')"
	echo "host_isolated_cpus=$(lb__read $s/isolated)"
	echo "host_nohz_full=$(lb__read $s/nohz_full | sed 's/^(null)$/none/')"
	echo "host_loadavg_start=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
	echo "host_thp=$(lb__read /sys/kernel/mm/transparent_hugepage/enabled | sed 's/.*\[\(.*\)\].*/\1/')"
	echo "host_clocksource=$(lb__read /sys/devices/system/clocksource/clocksource0/current_clocksource)"
	echo "host_mitigations=$(for f in "$s"/vulnerabilities/*; do [ -r "$f" ] && printf '%s:%s|' "${f##*/}" "$(cat "$f")"; done | sed 's/|$//')"
	echo "host_cpu_mhz=$(awk -F: '/^cpu MHz/ { t += $2; n++ } END { if (n) printf "%.0f", t / n; else printf "unknown" }' /proc/cpuinfo 2>/dev/null)"
	fl=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
	if [ -z "$fl" ]; then
		echo "host_tsc_invariant=unknown"
	else
		case " $fl " in
		*" constant_tsc "*" nonstop_tsc "*) echo "host_tsc_invariant=yes (constant_tsc nonstop_tsc)" ;;
		*) echo "host_tsc_invariant=no ($(for f in constant_tsc nonstop_tsc; do case " $fl " in *" $f "*) ;; *) printf '%s ' "no $f" ;; esac; done | sed 's/ $//'))" ;;
		esac
	fi
}

# lb_host_warnings FILE: one warning line per host condition in FILE (key=value
# lines of lb_host_conditions, e.g. meta.txt) that makes real-time numbers noisier.
lb_host_warnings() {
	local g b smt iso load thp cs tsc n
	g=$(lb_spec "$1" host_governor) b=$(lb_spec "$1" host_boost) smt=$(lb_spec "$1" host_smt)
	iso=$(lb_spec "$1" host_isolated_cpus) load=$(lb_spec "$1" host_loadavg_start)
	thp=$(lb_spec "$1" host_thp) cs=$(lb_spec "$1" host_clocksource) tsc=$(lb_spec "$1" host_tsc_invariant)
	n=$(nproc)
	case $g in performance | unknown | '') ;; *) lb_warn "host CPU frequency governor is '$g', not 'performance': the clock ramps, timings drift" ;; esac
	[ "$b" != on ] || lb_warn "host boost/turbo is on: the frequency depends on temperature and load"
	[ "$smt" != on ] || lb_warn "SMT is active on the host: a pinned vCPU can share its core with a sibling"
	case $iso in none | '') lb_warn "no isolated host CPUs (isolcpus=/nohz_full=): host tasks and ticks run on the vCPUs' CPUs" ;; esac
	if [ -n "$load" ] && [ "$load" != unknown ] && awk -v l="${load%% *}" -v n="$n" 'BEGIN { exit !(l > n / 4) }'; then
		lb_warn "host load average is ${load%% *} on $n CPUs at the start: other work competes with the guest"
	fi
	[ "$thp" != always ] || lb_warn "transparent hugepages are 'always': khugepaged compaction can stall the guest"
	case $cs in tsc | unknown | '') ;; *) lb_warn "host clocksource is '$cs', not tsc: the host does not trust its TSC" ;; esac
	case $tsc in no*) lb_warn "host TSC is not invariant ($tsc): guest TSC timings can change with frequency or C-states" ;; esac
	return 0
}

# lb_wrap72 [MORE]: the one 72-column wrapper of text lines (runners/wrap.awk,
# lib.awk lb_fold): an overlong line folded at spaces, its continuation MORE
# columns (default 0) further in than its own indentation
lb_wrap72() {
	awk -v more="${1:-0}" -f "$LB_ROOT/runners/lib.awk" -f "$LB_ROOT/runners/wrap.awk"
}

# lb_cpu_mhz: the host's mean "cpu MHz" now (/proc/cpuinfo), "unknown" without one
lb_cpu_mhz() {
	awk -F: '/^cpu MHz/ { t += $2; n++ } END { if (n) printf "%.0f\n", t / n; else print "unknown" }' /proc/cpuinfo 2>/dev/null || echo unknown
}
