# shellcheck shell=bash
# runners/lib.d/kernels.sh, the kernels: versions (patched and Debian
# stock), preemption models, config fragments, build directories. Sourced by
# runners/lib.sh (the loader), never run.

# lb_kver_ok VER: the kernel versions we know how to build: Debian's
# linux-source-6.1 and -6.12 (bookworm), and -7.2 from the unstable suite
# (runners/fetch-source).
export LB_KVERS="6.1 6.12 7.2"

lb_kver_ok() {
	case $1 in
	6.1 | 6.12 | 7.2) return 0 ;;
	*) return 1 ;;
	esac
}

# --- Debian's own kernels, as shipped (runners/stock-kernel) ---
# LB_STOCK_KVERS: the stock kernel words: VER-debian is Debian's own
# linux-image-*-amd64 of Linux VER (distribution config: PREEMPT_DYNAMIC,
# every CPU mitigation), booted as it ships, with the module built out of
# tree against Debian's linux-headers; no compile, and no export of ours
# (cyc2ns_read, module_address rows absent). Downloaded and unpacked into
# the cache, never installed on the host. 7.2-debian is refused
# (lb_stock_refused). VER-debian-arm64 is Debian's linux-image-*-arm64 of
# the same version (lb_kernel_arch): booted under QEMU icount emulating
# arm64, the module cross-built (gcc-aarch64-linux-gnu) against its headers
# with the amd64 linux-kbuild of the same version (docs/arm64.md).
export LB_STOCK_KVERS="6.1-debian 6.12-debian 6.12-debian-arm64"

lb_stock_ok() { case " $LB_STOCK_KVERS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# lb_kernel_ok K: K is a kernel word a sweep boots: a version we build from
# Debian's source (lb_kver_ok), a stock kernel word (lb_stock_ok) or a distro
# profile build of one (lb_distro_ok).
lb_kernel_ok() { lb_kver_ok "$1" || lb_stock_ok "$1" || lb_distro_ok "$1"; }

# lb_kernel_stock K: K names a stock kernel (any VER-debian or
# VER-debian-arm64 word, known or not)
lb_kernel_stock() { case $1 in *-debian | *-debian-arm64) return 0 ;; *) return 1 ;; esac; }

# lb_stock_base K: the Linux version of stock word K (6.12-debian,
# 6.12-debian-arm64: 6.12)
lb_stock_base() { local k=${1%-arm64}; printf '%s\n' "${k%-debian}"; }

# lb_kernel_arch K: the architecture kernel word K boots: arm64 for a
# VER-debian-arm64 word, else x86_64 (a uml boot runs x86_64 code too).
# The rows' arch column is the module's own word for the same thing.
export LB_ARCHS="x86_64 arm64"
lb_kernel_arch() { case $1 in *-arm64) echo arm64 ;; *) echo x86_64 ;; esac; }

# lb_arch_debian ARCH: Debian's name of ARCH (its packages' suffix)
lb_arch_debian() { case $1 in arm64) echo arm64 ;; *) echo amd64 ;; esac; }

# lb_stock_refused K: prints why stock word K cannot be used and succeeds;
# fails (printing nothing) for a word we support. Checked 2026-12: sid's
# 7.2 headers (linux-headers-7.2.13+deb14-amd64) depend on gcc-16-for-host
# and its linux-kbuild programs (fixdep, modpost) on glibc >= 2.38; bookworm
# has gcc 12 and glibc 2.36: the module cannot be built against them cleanly.
lb_stock_refused() {
	case $1 in
	7.2-debian) echo "Debian's 7.2 image is unstable's (sid, 7.2.13+deb14): its headers need gcc-16 (the compiler it was built with; this host has $(gcc -dumpversion 2>/dev/null || echo no gcc)) and its kbuild programs glibc >= 2.38 (bookworm: 2.36), so the module does not build cleanly against them; the patched 7.2 build (KERNELS=7.2) is measured instead" ;;
	*) return 1 ;;
	esac
}

# lb_stock_images BASE: "ABI VERSION" of every linux-image-ABI-amd64 of Linux
# BASE this host's apt knows (its local package lists: apt-cache, no
# download), oldest first (6.12: "6.12.118+deb12 6.12.118-1~deb12u1").
lb_stock_images() {
	local re=${1//./\\.} names
	names=$(apt-cache pkgnames "linux-image-$1." 2>/dev/null | grep -E "^linux-image-${re}[.-][0-9][0-9a-z.+~-]*-amd64\$" |
		grep -v -e '-cloud-amd64$' -e '-rt-amd64$' || true)
	[ -n "$names" ] || return 0
	# shellcheck disable=SC2086 # one package name a word
	apt-cache show --no-all-versions $names 2>/dev/null |
		awk '/^Package: / { p = $2 } /^Version: / && p != "" { a = p; sub(/^linux-image-/, "", a); sub(/-amd64$/, "", a); print a, $2; p = "" }' |
		sort -V -k2,2
}

# lb_stock_pick K: "ABI VERSION" of the image stock word K boots: the one
# whose Debian version is linux-source-BASE's (the source the patched build
# of BASE compiles: the same kernel version both ways), else the newest apt
# knows. Empty when apt knows none. An arm64 word takes the amd64 image's
# ABI and version (Debian builds every architecture from one source
# version; runners/stock-kernel fetches the arm64 one of that version or
# dies naming it): the host's apt lists are amd64's.
lb_stock_pick() {
	local base imgs want
	base=$(lb_stock_base "$1")
	imgs=$(lb_stock_images "$base")
	[ -n "$imgs" ] || return 0
	want=$(lb_debian_version "$base")
	awk -v w="$want" '$2 == w { m = $0 } { l = $0 } END { print (m != "" ? m : l) }' <<<"$imgs"
}

# lb_stock_check K: prints K's lb_stock_pick; dies unless K is a stock word
# this host can fetch: a refused word says why, any other VER-debian lists
# the words that exist (with the image each takes). Before any work:
# apt-cache reads local lists. (In $(...): || exit 1 after it.)
lb_stock_check() {
	local why k have="" p
	if why=$(lb_stock_refused "$1"); then lb_die "KERNELS word $1: refused: $why"; fi
	if lb_stock_ok "$1"; then
		p=$(lb_stock_pick "$1")
		[ -z "$p" ] || { printf '%s\n' "$p"; return 0; }
	fi
	for k in $LB_STOCK_KVERS; do
		p=$(lb_stock_pick "$k")
		[ -z "$p" ] || have="$have${have:+, }$k (linux-image-${p%% *}-$(lb_arch_debian "$(lb_kernel_arch "$k")") ${p#* })"
	done
	lb_die "KERNELS word $1: Debian has no kernel image for it in this host's apt lists (stock kernels that exist: ${have:-none: apt-get update?})"
}

# --- the distro profile (runners/distro-config) ---
# LB_DISTRO_KVERS: the KERNELS words VER-distro: the patched VER build (the
# same source, patches and tinyconfig + config/latchbench.config + preemption
# fragment as VER) with one more fragment on top, derived from Debian's own
# config of that version (linux-config-VER, config.amd64_none_amd64): the
# options config/distro.options names (CPU mitigations, retpoline/return
# thunks, SLS, PTI, call depth tracking, IBT, PREEMPT_DYNAMIC, HZ, PARAVIRT)
# as Debian sets them. So the replicas, the real functions and our two
# exports are measured with distribution codegen. Debian's model only
# (voluntary under PREEMPT_DYNAMIC, as 6.12-debian boots). Rows name the
# kernel 6.12.118-distro. Built on demand, never by default (README).
export LB_DISTRO_KVERS="6.1-distro 6.12-distro"

lb_distro_ok() { case " $LB_DISTRO_KVERS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# lb_kernel_distro K: K names the distro profile (any VER-distro word)
lb_kernel_distro() { case $1 in *-distro) return 0 ;; *) return 1 ;; esac; }

# lb_kbase K: the Debian source version a build of kernel word K compiles
# (6.12-distro: 6.12; any other word: itself)
lb_kbase() { if lb_kernel_distro "$1"; then printf '%s\n' "${1%-distro}"; else printf '%s\n' "$1"; fi; }

# lb_distro_fragment K: where runners/distro-config writes the derived
# fragment of distro word K (it may not exist yet)
lb_distro_fragment() { printf '%s/debian-config/%s/distro.config\n' "$LB_CACHE" "$(lb_kbase "$1")"; }

# lb_distro_derive DEBCONFIG OPTIONS DROPS: the distro fragment on stdout:
# every line of Debian's .config DEBCONFIG ("CONFIG_X=v" or "# CONFIG_X is
# not set") whose option matches one of OPTIONS' patterns (one extended
# regular expression of option names, without CONFIG_, per line), as Debian
# has it; an option DROPS lists (NAME REASON per line: one a minimal guest
# cannot have) is kept as a comment saying why. Dies when DEBCONFIG has no
# line for some pattern (the source is not the config it should be).
lb_distro_derive() {
	awk -v opts="$2" -v drops="$3" '
		BEGIN {
			while ((getline l <opts) > 0) { if (l ~ /^[ \t]*(#|$)/) continue; sub(/[ \t]+$/, "", l); np++; P[np] = l; hit[np] = 0 }
			while ((getline l <drops) > 0) { if (l ~ /^[ \t]*(#|$)/) continue; n = l; sub(/[ \t].*/, "", n); r = l; sub(/^[^ \t]+[ \t]+/, "", r); D[n] = r }
			if (!np) { print "lb_distro_derive: " opts ": no option pattern" >"/dev/stderr"; exit 2 }
		}
		{
			name = ""
			if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) { name = $0; sub(/^CONFIG_/, "", name); sub(/=.*/, "", name) }
			else if ($0 ~ /^# CONFIG_[A-Za-z0-9_]+ is not set$/) { name = $2; sub(/^CONFIG_/, "", name) }
			if (name == "") next
			for (i = 1; i <= np; i++) if (name ~ ("^(" P[i] ")$")) {
				hit[i] = 1
				if (name in D) print "# Debian: " $0 " (not carried: " D[name] ")"
				else print
				break
			}
		}
		END {
			if (!np) exit 2
			for (i = 1; i <= np; i++) if (!hit[i]) miss = miss " " P[i]
			if (miss != "") { print "lb_distro_derive: " FILENAME ": no line for" miss >"/dev/stderr"; exit 1 }
		}' "$1"
}

# lb_kernel_has_mitigations K FLAVOUR [DIR]: kernel K (its FLAVOUR build) is
# built with CPU-vulnerability mitigations, so that mitigations=off changes
# it: a stock kernel (Debian builds them in), a build whose config fragments
# set CONFIG_CPU_MITIGATIONS=y (6.1: CONFIG_SPECULATION_MITIGATIONS=y;
# tinyconfig has neither), or the finished build DIR whose .config does.
lb_kernel_has_mitigations() {
	local re='^CONFIG_(CPU|SPECULATION)_MITIGATIONS=y$'
	lb_kernel_stock "$1" && return 0
	# the distro profile: Debian's mitigations (build-kernel refuses a build
	# that lost CONFIG_CPU_MITIGATIONS)
	lb_kernel_distro "$1" && return 0
	if [ -n "${3:-}" ]; then grep -Eq "$re" "$3/.config" 2>/dev/null; return; fi
	# shellcheck disable=SC2046 # one fragment a word
	grep -Eqh "$re" $(lb_fragments "$2" "$1") 2>/dev/null
}

# lb_preempt_ok M: a preemption model some kernel we build has. lazy
# (PREEMPT_LAZY) exists from 6.13 on; rt is PREEMPT_RT (x86 has it from 6.12).
export LB_PREEMPTS="none voluntary full lazy rt"

lb_preempt_ok() {
	case $1 in
	none | voluntary | full | lazy | rt) return 0 ;;
	*) return 1 ;;
	esac
}

# lb_kernel_models KVER: the preemption models KVER has on x86 (kernel/Kconfig.preempt).
# 6.1: no PREEMPT_RT for x86 (ARCH_SUPPORTS_RT came with 6.12), no PREEMPT_LAZY.
# 6.12: PREEMPT_RT, still no PREEMPT_LAZY (6.13).
# 7.2: x86 selects ARCH_HAS_PREEMPT_LAZY, and PREEMPT_NONE and PREEMPT_VOLUNTARY
# depend on !ARCH_HAS_PREEMPT_LAZY (NONE on ARCH_NO_PREEMPT): full, lazy, rt.
lb_kernel_models() {
	case $1 in
	# a stock kernel boots the model Debian ships it with (PREEMPT_DYNAMIC,
	# voluntary by default; preempt= at boot is not an axis here)
	*-debian | *-debian-arm64) lb_stock_ok "$1" && echo voluntary ;;
	# the distro profile: Debian's model (PREEMPT_DYNAMIC, voluntary)
	*-distro) lb_distro_ok "$1" && echo voluntary ;;
	6.1) echo "none voluntary full" ;;
	6.12) echo "none voluntary full rt" ;;
	7.2) echo "full lazy rt" ;;
	*) return 1 ;;
	esac
}

# lb_kconfig_models PREEMPT_KCONFIG X86_KCONFIG: the preemption models a kernel
# tree has on x86, read from its kernel/Kconfig.preempt and arch/x86/Kconfig
# (a developer's tree, any version): a model exists when its config entry does
# and its "depends on" lines hold for x86 (ARCH_NO_PREEMPT never; ARCH_HAS_PREEMPT_LAZY
# and ARCH_SUPPORTS_RT when arch/x86/Kconfig selects them).
lb_kconfig_models() {
	awk 'FNR == 1 { f++ }
		f == 1 && $1 == "select" && $2 == "ARCH_HAS_PREEMPT_LAZY" { lazy = 1 }
		f == 1 && $1 == "select" && $2 == "ARCH_SUPPORTS_RT" { rt = 1 }
		f == 2 && $1 == "config" { cur = $2; has[cur] = 1; next }
		f == 2 && $1 == "choice" || $1 == "endchoice" { cur = "" }
		f == 2 && cur != "" && $1 == "depends" && $2 == "on" {
			d = $0; sub(/^[ \t]*depends[ \t]+on[ \t]+/, "", d); gsub(/[()&|]/, " ", d)
			n = split(d, t, /[ \t]+/)
			for (i = 1; i <= n; i++) {
				if (t[i] == "ARCH_NO_PREEMPT") bad[cur] = 1
				if (t[i] == "ARCH_HAS_PREEMPT_LAZY" && !lazy) bad[cur] = 1
				if (t[i] == "!ARCH_HAS_PREEMPT_LAZY" && lazy) bad[cur] = 1
				if (t[i] == "ARCH_SUPPORTS_RT" && !rt) bad[cur] = 1
			}
		}
		END {
			split("PREEMPT_NONE none PREEMPT_VOLUNTARY voluntary PREEMPT full PREEMPT_LAZY lazy PREEMPT_RT rt", m, " ")
			for (i = 1; i < 10; i += 2) if (has[m[i]] && !bad[m[i]]) out = out (out == "" ? "" : " ") m[i + 1]
			print out
		}' "$2" "$1"
}

# lb_kernel_has_model KVER M: true when KVER has preemption model M.
lb_kernel_has_model() {
	case " $(lb_kernel_models "$1") " in *" $2 "*) return 0 ;; *) return 1 ;; esac
}

# lb_uml_smp VERSION: true when Linux VERSION (7.2, 6.12.118) has SMP under
# User-Mode Linux (arch/um SMP came with 6.17: each vCPU a host thread, in the
# seccomp userspace mode only). 6.1 and 6.12 UML run 1 vCPU.
lb_uml_smp() { [ -n "$1" ] && lb_kver_at_least "$1" 6.17; }

# lb_kbuild_arch DIR: the ARCH a finished kernel build in DIR was made for: um
# for a User-Mode Linux build (CONFIG_UML), arm64 for Debian's arm64 image
# (CONFIG_ARM64), else x86_64. Module builds against DIR pass it (ARCH=um
# or ARCH=arm64 must be given to every make of such a tree).
lb_kbuild_arch() {
	if grep -qx CONFIG_UML=y "$1/.config" 2>/dev/null; then
		echo um
	elif grep -qx CONFIG_ARM64=y "$1/.config" 2>/dev/null; then
		echo arm64
	else
		echo x86_64
	fi
}

# lb_default_preempt KVER: the model a sweep builds when PREEMPT is not given:
# voluntary where it exists (the study's 6.1/6.12 numbers), else lazy, the
# model 7.2 defaults to on x86 (Kconfig: default PREEMPT_LAZY if
# ARCH_HAS_PREEMPT_LAZY) and the nearest to voluntary it has.
lb_default_preempt() {
	if lb_kernel_has_model "$1" voluntary; then echo voluntary; else echo lazy; fi
}

# lb_config_preempt CONFIG: the effective preemption model of a built .config:
# rt, lazy, full, voluntary or none (PREEMPT_RT first: on 7.2 it sits on top of
# the full/lazy choice). Empty when CONFIG names none of them, or does not
# exist (a kernel never built: sweep-boot folds such a boot all the same).
lb_config_preempt() {
	[ -r "$1" ] || return 0
	awk '$0 == "CONFIG_PREEMPT_RT=y" { rt = 1 }
		$0 == "CONFIG_PREEMPT_LAZY=y" { m = "lazy" } $0 == "CONFIG_PREEMPT=y" && m == "" { m = "full" }
		$0 == "CONFIG_PREEMPT_VOLUNTARY=y" { m = "voluntary" } $0 == "CONFIG_PREEMPT_NONE=y" { m = "none" }
		END { if (rt) print "rt"; else if (m != "") print m }' "$1" 2>/dev/null
}

# lb_flavour_ok F: a kernel flavour build-kernel knows: a preemption model, or a
# debug kernel (voluntary preemption plus checkers): debug = lockdep, KASAN,
# UBSAN, kmemleak, ...; kcsan = lockdep, KCSAN, ... (KCSAN excludes KASAN);
# or uml: the same source built ARCH=um, a User-Mode Linux kernel (um's
# default preemption model; runners/boot ACCEL=uml runs it as a host process).
lb_flavour_ok() {
	case $1 in
	debug | kcsan | uml) return 0 ;;
	*) lb_preempt_ok "$1" ;;
	esac
}

# lb_fragments FLAVOUR [KVER]: the config fragments merged onto tinyconfig, in
# order (uml: KVER decides SMP, lb_uml_smp; a distro word KVER adds its
# derived fragment last, lb_distro_fragment).
lb_fragments() {
	local c=$LB_ROOT/config
	case $1 in
	uml) echo "$c/uml.config$(! lb_uml_smp "${2:-}" || echo " $c/uml-smp.config")" ;;
	debug) echo "$c/latchbench.config $c/preempt-voluntary.config $c/debug-common.config $c/debug-kasan.config" ;;
	kcsan) echo "$c/latchbench.config $c/preempt-voluntary.config $c/debug-common.config $c/debug-kcsan.config" ;;
	*) echo "$c/latchbench.config $c/preempt-$1.config$(! lb_kernel_distro "${2:-}" || echo " $(lb_distro_fragment "$2")")" ;;
	esac
}

# Build directory of one kernel flavour (see lb_flavour_ok): lb-build-<flavour>,
# a direct child of the extracted source tree src/<ver>. Kbuild then uses the
# relative srctree "..", so compiler command lines name no absolute path and
# ccache serves every identical file to any other tree built the same way
# (runners/build-tree's exported trees: a 6.12 revision recompiles only the
# files it changes, even on its first build).
lb_kbuild_dir() {
	# a stock kernel (runners/stock-kernel): its unpacked image and headers
	if lb_kernel_stock "$1"; then
		printf '%s/debian-stock/%s/lb-build-%s\n' "$LB_CACHE" "$1" "${2:-voluntary}"
		return 0
	fi
	# a distro profile build: beside the base version's builds, in its tree
	if lb_kernel_distro "$1"; then
		printf '%s/src/%s/lb-build-%s-distro\n' "$LB_CACHE" "$(lb_kbase "$1")" "${2:-voluntary}"
		return 0
	fi
	printf '%s/src/%s/lb-build-%s\n' "$LB_CACHE" "$1" "${2:-$(lb_default_preempt "$1")}"
}

# lb_makefile_version FILE: the kernel version a top-level Makefile declares
# (VERSION.PATCHLEVEL.SUBLEVEL and EXTRAVERSION, e.g. 6.12.118 or 6.15.0-rc1);
# empty when FILE is not a kernel Makefile. FILE - reads stdin.
lb_makefile_version() {
	awk -F'[ \t]*=[ \t]*' 'NR > 12 { exit }
		$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL" { s = $2 } $1 == "EXTRAVERSION" { e = $2 }
		END { if (v ~ /^[0-9]+$/ && p ~ /^[0-9]+$/) print v "." p "." (s == "" ? 0 : s) e }' "$1"
}

# lb_kver_at_least VERSION MAJOR.MINOR: true when VERSION (6.12.118, 6.15.0-rc1)
# is MAJOR.MINOR or later.
lb_kver_at_least() {
	local a=${1%%.*} b=${1#*.} x=${2%%.*} y=${2#*.}
	b=${b%%[!0-9]*}
	[ "$a" -gt "$x" ] || { [ "$a" -eq "$x" ] && [ "${b:-0}" -ge "$y" ]; }
}
