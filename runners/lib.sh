# shellcheck shell=bash
# Shared helpers for latchbench runner scripts. Sourced, never executed.

LB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LB_CACHE=${LATCHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/latchbench}
export LB_ROOT LB_CACHE
# No runner is interactive: data comes in files and pipes, never from the
# keyboard. So a runner's standard input, and that of everything it starts,
# is /dev/null: a program that would page or prompt when its stdin is a
# terminal (gnuplot's `set terminal` list, a Kconfig question) reads end of
# file instead of waiting for a key nobody sees. An interactive shell that
# sources this file for its functions keeps its terminal.
case $- in *i*) ;; *) exec </dev/null ;; esac

lb_log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
lb_die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit 1; }
lb_warn() { printf '%s: WARNING: %s\n' "${0##*/}" "$*" >&2; }

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
# (lb_stock_refused).
export LB_STOCK_KVERS="6.1-debian 6.12-debian"
lb_stock_ok() { case " $LB_STOCK_KVERS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
# lb_kernel_ok K: K is a kernel word a sweep boots: a version we build from
# Debian's source (lb_kver_ok) or a stock kernel word (lb_stock_ok).
lb_kernel_ok() { lb_kver_ok "$1" || lb_stock_ok "$1"; }
# lb_kernel_stock K: K names a stock kernel (any VER-debian word, known or not)
lb_kernel_stock() { case $1 in *-debian) return 0 ;; *) return 1 ;; esac; }
# lb_stock_base K: the Linux version of stock word K (6.12-debian: 6.12)
lb_stock_base() { printf '%s\n' "${1%-debian}"; }
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
# knows. Empty when apt knows none.
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
		[ -z "$p" ] || have="$have${have:+, }$k (linux-image-${p%% *}-amd64 ${p#* })"
	done
	lb_die "KERNELS word $1: Debian has no kernel image for it in this host's apt lists (stock kernels that exist: ${have:-none: apt-get update?})"
}

# lb_kernel_has_mitigations K FLAVOUR [DIR]: kernel K (its FLAVOUR build) is
# built with CPU-vulnerability mitigations, so that mitigations=off changes
# it: a stock kernel (Debian builds them in), a build whose config fragments
# set CONFIG_CPU_MITIGATIONS=y (6.1: CONFIG_SPECULATION_MITIGATIONS=y;
# tinyconfig has neither), or the finished build DIR whose .config does.
lb_kernel_has_mitigations() {
	local re='^CONFIG_(CPU|SPECULATION)_MITIGATIONS=y$'
	lb_kernel_stock "$1" && return 0
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
	*-debian) lb_stock_ok "$1" && echo voluntary ;;
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
# for a User-Mode Linux build (CONFIG_UML), else x86_64. Module builds against
# DIR pass it (ARCH=um must be given to every make of an um tree).
lb_kbuild_arch() {
	if grep -qx CONFIG_UML=y "$1/.config" 2>/dev/null; then echo um; else echo x86_64; fi
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
# order (uml: KVER decides SMP, lb_uml_smp).
lb_fragments() {
	local c=$LB_ROOT/config
	case $1 in
	uml) echo "$c/uml.config$(! lb_uml_smp "${2:-}" || echo " $c/uml-smp.config")" ;;
	debug) echo "$c/latchbench.config $c/preempt-voluntary.config $c/debug-common.config $c/debug-kasan.config" ;;
	kcsan) echo "$c/latchbench.config $c/preempt-voluntary.config $c/debug-common.config $c/debug-kcsan.config" ;;
	*) echo "$c/latchbench.config $c/preempt-$1.config" ;;
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
	printf '%s/src/%s/lb-build-%s\n' "$LB_CACHE" "$1" "${2:-$(lb_default_preempt "$1")}"
}
# lb_set_cc: sets cc, the compiler of kernel builds: "ccache gcc" when ccache
# is installed, in depend mode unless CCACHE_DEPEND says otherwise (a miss then
# compiles once, with no separate preprocessor pass: the header list comes
# from kbuild's own -MMD), else plain gcc.
lb_set_cc() {
	# shellcheck disable=SC2034 # cc is for the caller
	cc=gcc
	if command -v ccache >/dev/null; then
		# shellcheck disable=SC2034
		cc="ccache gcc"
		export CCACHE_DEPEND=${CCACHE_DEPEND:-true}
	fi
}
# lb_kmake SRC BLD ARG...: make in kernel tree SRC with O=BLD and the
# compiler lb_set_cc chose. Rust is off (RUSTC/BINDGEN=false): no guest kernel
# uses it, and a rustc on the caller's PATH would otherwise change .config.
lb_kmake() {
	local src=$1 bld=$2
	shift 2
	make -s -C "$src" O="$bld" CC="$cc" HOSTCC="$cc" RUSTC=false BINDGEN=false "$@"
}
# lb_toolchain: one line per tool whose version Kconfig writes into .config
# (CONFIG_CC_VERSION_TEXT/GCC_VERSION, AS_VERSION, LD_VERSION,
# PAHOLE_VERSION), "NAME none" when absent. Part of every build stamp and of
# the tinyconfig key: a compiler, binutils or pahole that changed makes a kept
# build stale, as a fresh configure would differ (Rust: see lb_kmake).
lb_toolchain() {
	local t v
	for t in gcc as ld pahole; do
		if command -v "$t" >/dev/null; then
			v=$("$t" --version 2>/dev/null </dev/null | sed -n '/./{p;q}') || v=""
			printf '%s %s\n' "$t" "${v:-unknown}"
		else
			printf '%s none\n' "$t"
		fi
	done
}
# lb_build_compiler NAME DIR: meta.txt lines on the toolchain that built the
# kernel NAME in DIR: compiler.NAME= its .config's CONFIG_CC_VERSION_TEXT (the
# compiler Kconfig saw) and, for build-kernel's builds, toolchain.NAME= the
# lb_toolchain lines it was built with (.latchbench-toolchain), joined by "; ".
# Nothing for a DIR that was never configured.
lb_build_compiler() {
	local cc
	[ -f "$2/.config" ] || return 0
	cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$2/.config")
	echo "compiler.$1=${cc:-unknown}"
	[ ! -f "$2/.latchbench-toolchain" ] || echo "toolchain.$1=$(paste -sd';' "$2/.latchbench-toolchain" | sed 's/;/; /g')"
}
# lb_configure KMAKE SRC BLD WHAT FRAGMENT...: BLD/.config = SRC's tinyconfig
# + the fragments (merged in order) + olddefconfig, as build-kernel and
# build-tree configure; dies naming WHAT when a fragment line did not survive.
# KMAKE is the caller's function running make on SRC with O=BLD (needs $cc
# and ARCH). A tinyconfig run is mostly compiler probes, 20 s here, and its
# .config is the same for every model, so it is kept in $LB_CACHE/tinyconfig
# under a key of every Kconfig file of SRC, the tiny fragments and the
# compiler (LB_TINYCONFIG_CACHE: another directory); olddefconfig after the
# merge works out the rest as before.
lb_configure() {
	local kmake=$1 src=$2 bld=$3 what=$4 key tc line missing=""
	shift 4
	key=$({
		(cd "$src" && find . \( -name .git -o -name 'lb-build-*' \) -prune -o \
			\( -name 'Kconfig*' -o -path './kernel/configs/*' -o -path './arch/x86/configs/*' \) -type f -print |
			LC_ALL=C sort | xargs -d '\n' sha256sum)
		lb_toolchain
		echo "$ARCH tinyconfig-v2"
	} | sha256sum | cut -c1-16)
	tc=${LB_TINYCONFIG_CACHE:-$LB_CACHE/tinyconfig}/$key.config
	mkdir -p "$bld"
	if [ -f "$tc" ]; then
		cp "$tc" "$bld/.config"
	else
		"$kmake" tinyconfig >/dev/null || lb_die "make tinyconfig failed for $what"
		mkdir -p "${tc%/*}"
		cp "$bld/.config" "$tc.$$" && mv "$tc.$$" "$tc"
	fi
	"$src/scripts/kconfig/merge_config.sh" -m -O "$bld" "$bld/.config" "$@" >/dev/null ||
		lb_die "merging the config fragments failed for $what"
	"$kmake" olddefconfig >/dev/null || lb_die "make olddefconfig failed for $what"
	while read -r line; do
		grep -qx "$line" "$bld/.config" || missing="$missing $line"
	done < <(grep -h '^CONFIG_' "$@")
	[ -z "$missing" ] || lb_die "config options did not survive olddefconfig for $what:$missing"
}
# lb_kbuild_flavour DIR: "KVER FLAVOUR" of a build directory from lb_kbuild_dir
lb_kbuild_flavour() {
	local d=${1%/}
	printf '%s %s\n' "$(basename "$(dirname "$d")")" "${d##*/lb-build-}"
}

# lb_debian_version KVER: the Debian version of linux-source-KVER: the installed
# package's, else the one runners/fetch-source recorded for its copy in
# $LB_CACHE/debian-sid/ (7.2: Debian unstable), else "unknown".
lb_debian_version() {
	local v
	# a stock kernel word: the Debian version of the image it boots (runners/stock-kernel)
	if lb_kernel_stock "$1"; then
		v=$(sed -n 's/^image_version=//p' "$LB_CACHE/debian-stock/$1/stock.meta" 2>/dev/null)
		[ -n "$v" ] || v=$(lb_stock_pick "$1" | cut -d' ' -f2)
		printf '%s' "${v:-unknown}"
		return 0
	fi
	# no newline after dpkg-query's version: it is part of the build stamps
	dpkg-query -W -f='${Version}' "linux-source-$1" 2>/dev/null && return 0
	if [ -r "$LB_CACHE/debian-sid/linux-source-$1.version" ]; then
		printf '%s' "$(cat "$LB_CACHE/debian-sid/linux-source-$1.version")"
	else
		echo unknown
	fi
}

# lb_kernel_tarball KVER: Debian's linux-source-KVER tarball: the installed
# package's /usr/src/linux-source-KVER.tar.xz, else runners/fetch-source's copy.
# Prints the installed path (even when absent) when neither exists.
lb_kernel_tarball() {
	local t=/usr/src/linux-source-$1.tar.xz f=$LB_CACHE/debian-sid/usr/src/linux-source-$1.tar.xz
	if [ ! -r "$t" ] && [ -r "$f" ]; then t=$f; fi
	printf '%s\n' "$t"
}

# lb_kernel_fetched KVER: true when KVER is not a bookworm package and comes from
# the unstable suite via runners/fetch-source (7.2).
lb_kernel_fetched() { [ "$1" = 7.2 ]; }

# Hash of a patch series: the series file and every patch it names.
lb_series_hash() {
	local dir=$LB_ROOT/patches/$1 p
	{
		cat "$dir/series"
		while read -r p; do
			# a cover letter carries no diff: filling its numbers rebuilds nothing
			case $p in '' | '#'* | 0000-*) continue ;; esac
			cat "$dir/$p"
		done <"$dir/series"
	} | sha256sum | cut -c1-16
}

# lb_tree_hash [DIR...]: 16 hex digits of the paths and contents of the files
# under LB_ROOT's DIRs (default: bench-module config patches), patch cover
# letters (0000-*) left out as in lb_series_hash, and the sweep's profiles
# (config/profiles/: knob defaults, nothing a guest runs): the tree a deep tier
# (make check, make check-rt) passed on. bench-module alone: the module.
lb_tree_hash() {
	[ $# -gt 0 ] || set -- bench-module config patches
	(cd "$LB_ROOT" && find "$@" -type f ! -name '0000-*' ! -path 'config/profiles/*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) |
		sha256sum | cut -c1-16
}

# lb_tier_run TIER CMD...: run a deep tier's CMD (make check: TIER check, make
# check-rt: check-rt); when it passes on a tree that did not change while it
# ran, record the tree in $LB_CACHE/passed/TIER (tree=, module=, commit=,
# date=). Returns CMD's status.
lb_tier_run() {
	local tier=$1 tree module rc=0
	shift
	tree=$(lb_tree_hash) module=$(lb_tree_hash bench-module)
	"$@" || rc=$?
	[ "$rc" = 0 ] || return "$rc"
	if [ "$(lb_tree_hash)" != "$tree" ]; then
		echo "make $tier: passed, but bench-module/, config/ or patches/ changed while it ran: not recorded" >&2
		return 0
	fi
	mkdir -p "$LB_CACHE/passed"
	printf 'tree=%s\nmodule=%s\ncommit=%s\ndate=%s\n' "$tree" "$module" "$(lb_tool_commit)" \
		"$(date -u +%Y-%m-%dT%H:%M:%SZ)" | lb_atomic_write "$LB_CACHE/passed/$tier"
	echo "make $tier: passed on tree $tree (module $module), recorded in $LB_CACHE/passed/$tier" >&2
}

# lb_tier_last TIER: one line on the tree TIER last passed on here (its
# lb_tier_run record) and whether bench-module/ and the rest changed since.
lb_tier_last() {
	local f=$LB_CACHE/passed/$1 tree module now
	if [ ! -f "$f" ]; then
		echo "make $1 has never passed on this machine (no $f)"
		return 0
	fi
	tree=$(lb_spec "$f" tree) module=$(lb_spec "$f" module)
	if [ "$(lb_tree_hash)" = "$tree" ]; then
		now="bench-module/, config/ and patches/ unchanged since"
	elif [ "$(lb_tree_hash bench-module)" = "$module" ]; then
		now="bench-module/ unchanged since, config/ or patches/ changed (tree now $(lb_tree_hash))"
	else
		now="bench-module/ CHANGED since (tree now $(lb_tree_hash))"
	fi
	echo "make $1 last passed on tree $tree (commit $(lb_spec "$f" commit), $(lb_spec "$f" date)): $now"
}

# Write stdin to FILE atomically: a temp name in the same directory, flushed
# to disk (a full disk may only say so then), then renamed over FILE. On any
# failure the temp file goes, FILE keeps its previous complete version (or
# stays absent) and we die.
lb_atomic_write() {
	local file=$1 tmp
	tmp=$(mktemp "$file.tmp.XXXXXX") || lb_die "could not create a temporary file next to $file"
	if ! cat >"$tmp" || ! sync "$tmp" || ! mv -f "$tmp" "$file"; then
		rm -f "$tmp"
		lb_die "could not write $file (disk full?)"
	fi
}

# lb_single NAME WHAT [INFO]: hold $LB_CACHE/NAME.lock (flock) until this
# process and its children exit; when another process holds it, die at once
# naming the holder (its pid, start time and INFO, which it wrote there), or
# with LB_LOCK_WAIT=1 say so and wait for it.
lb_single() {
	local lock=$LB_CACHE/$1.lock
	mkdir -p "$LB_CACHE"
	exec {LB_LOCK_FD}>>"$lock" || lb_die "cannot open $lock"
	if [ "${LB_LOCK_WAIT:-0}" = 1 ] && ! flock -n "$LB_LOCK_FD"; then
		lb_log "another $2 is running on this host ($(cat "$lock" 2>/dev/null)): waiting for it (LB_LOCK_WAIT=1)"
		flock "$LB_LOCK_FD" || lb_die "waiting for $lock failed"
	elif ! flock -n "$LB_LOCK_FD"; then
		lb_die "another $2 is running on this host ($(cat "$lock" 2>/dev/null)); one at a time: wait for it or stop it (lock: $lock)"
	fi
	printf 'pid %s, started %s%s\n' "$$" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "${3:+, $3}" >"$lock"
}

# lb_gen_init_cpio KBUILD_DIR: the kernel's own cpio writer (usr/gen_init_cpio),
# built with every kernel; it makes device nodes and root-owned entries without root.
lb_gen_init_cpio() {
	local g=$1/usr/gen_init_cpio
	[ -x "$g" ] || lb_die "$g missing: is $1 a finished kernel build (CONFIG_BLK_DEV_INITRD=y)?"
	printf '%s\n' "$g"
}

# lb_resolve_perf: the real perf ELF binary. Debian's /usr/bin/perf is either the
# binary itself or a wrapper script that execs /usr/bin/perf_<version>.
lb_resolve_perf() {
	local p cand
	for p in ${LB_PERF_BIN:-} /usr/bin/perf; do
		[ -x "$p" ] || continue
		p=$(readlink -f "$p")
		if [ "$(head -c 4 "$p" | tr -d '\0')" = $'\x7fELF' ]; then
			printf '%s\n' "$p"
			return 0
		fi
	done
	cand=$(find /usr/bin -maxdepth 1 -name 'perf_[0-9]*' -type f 2>/dev/null | sort -V | tail -n 1)
	[ -n "$cand" ] || return 1
	printf '%s\n' "$cand"
}

# lb_run_dir RUN: directory holding RUN's results.csv. RUN is a run id
# (results/<id>/) or a path to such a directory.
lb_run_dir() {
	if [ -f "$1/results.csv" ]; then
		(cd "$1" && pwd)
	elif [ -f "$LB_ROOT/results/$1/results.csv" ]; then
		printf '%s\n' "$LB_ROOT/results/$1"
	else
		lb_die "no results.csv for run '$1' (looked in $1/ and results/$1/)"
	fi
}

# lb_latest_run: the directory of the newest run (RESULTS/latest, default
# results/latest, which a sweep points at its run when it finishes with rows:
# an aborted run leaves it at the last good one), saying on stderr which
# run that is; dies when there is none.
lb_latest_run() {
	local l=${RESULTS:-$LB_ROOT/results}/latest id err
	# a link that leads nowhere is said to be one, not taken for no run yet
	if [ -L "$l" ] && [ ! -e "$l" ]; then
		err=$(LC_ALL=C stat -L -- "$l" 2>&1 >/dev/null) || true
		case $err in
		*"Too many levels of symbolic links"*)
			lb_die "$l is a symbolic link loop ($l -> $(readlink "$l")): point it at a run (ln -sfn <run-id> $l), or name one with RUN=<id>" ;;
		*) lb_die "$l points at $(readlink "$l"), which does not exist: point it at a run (ln -sfn <run-id> $l), or name one with RUN=<id>" ;;
		esac
	fi
	[ -f "$l/results.csv" ] || lb_die "no run yet ($l): run 'make bench' first, or name one with RUN=<id>"
	id=$(lb_meta "$l" run_id)
	lb_log "using the latest run: ${id:-?} ($l -> $(readlink "$l"))"
	readlink -f "$l"
}

# lb_meta DIR KEY: value of KEY= in DIR/meta.txt, empty if absent.
lb_meta() {
	[ -f "$1/meta.txt" ] || return 0
	awk -v k="$2" 'index($0, k "=") == 1 { v = substr($0, length(k) + 2) } END { print v }' \
		"$1/meta.txt"
}

# lb_vocab [renamed]: the vocabulary, the module's own table (bench-module/
# vocab.h; LB_MODULE_SRC=DIR: DIR/vocab.h) as lbstats compiles it in
# (`lbstats vocab`), for the host before a boot (sweep's configuration
# counts, name checks). Prints CSV on stdout:
#   workload,variant,kind,counterpart,type,role,order,rank
# one line per workload x variant in the module's table order (kind: copy or
# tree for a replica, kernel for a real function; counterpart: a replica's
# real function, a function's replica, or empty; role: sync control harness
# real; order: display order; rank: baseline rank, 0 never). The same columns
# as the module's debugfs table, which the guest records as the run's
# vocab.csv, less what only a build knows (has_writer, nmi_safe). Every
# name in the source is listed, also the workloads a build may leave out.
# With "renamed": kind,old,new, one line per variant's old name (runs made
# with it still read). Another module source's table is compiled into an
# lbstats of its own (build/vocab-HASH/); one that does not compile dies,
# the compiler naming its file and line.
lb_vocab() {
	local dir=${LB_MODULE_SRC:-$LB_ROOT/bench-module} lbstats b
	[ -r "$dir/vocab.h" ] || lb_die "no vocabulary: $dir/vocab.h is missing"
	if cmp -s "$dir/vocab.h" "$LB_ROOT/bench-module/vocab.h"; then
		lbstats=$(lb_lbstats)
	else
		b=$LB_ROOT/build/vocab-$(sha256sum <"$dir/vocab.h" | cut -c1-16)
		make -s -C "$LB_ROOT/stats" B="$b" VOCAB_DIR="$(cd "$dir" && pwd)" "$b/lbstats" >&2 ||
			lb_die "could not read the vocabulary from $dir/vocab.h (its compilation, above)"
		lbstats=$b/lbstats
	fi
	"$lbstats" vocab "${1:-table}" || lb_die "could not read the vocabulary from $dir/vocab.h"
}

# lb_run_vocab DIR: the vocabulary of the run in DIR: its vocab.csv (the
# booted modules' tables), or, for runs made before it was recorded, the
# module source's (lb_vocab). Same columns by name either way.
lb_run_vocab() {
	if [ -s "$1/vocab.csv" ]; then cat "$1/vocab.csv"; else lb_vocab table; fi
}

# lb_summary DIR: the run's analysis (lbstats summary of its rows as lbstats
# check passes them, with the run's own vocabulary): every derived figure
# (value, exactness, net over the control, baseline, reference
# configurations, changes and their significance) that report, table,
# plots, index and cover letter lay out. Fails when the rows break the
# contract or DIR has no meta.txt. With LB_SUMMARY_KEEP=DIR (the report sets
# it for the table and faithful it runs), each run's analysis is made once
# and kept there for the rest of that command.
lb_summary() {
	local lbstats rows voc rc=0 kept inc_note
	[ -f "$1/meta.txt" ] || lb_die "$1: no meta.txt: a run without its metadata (accelerator, kernels, whether it finished) is not analysed"
	if [ -n "${LB_SUMMARY_KEEP:-}" ]; then
		kept=$LB_SUMMARY_KEEP/$(cd "$1" && pwd -P | cksum | cut -d' ' -f1).csv
		if [ ! -s "$kept" ]; then
			LB_SUMMARY_KEEP="" lb_summary "$1" >"$kept.tmp" || { rc=$?; rm -f "$kept.tmp"; return "$rc"; }
			mv "$kept.tmp" "$kept"
		fi
		cat "$kept"
		return 0
	fi
	lbstats=$(lb_lbstats)
	rows=$(mktemp) voc=$(mktemp)
	if ! lb_check_run "$1" "$voc" "$rows"; then
		rm -f "$rows" "$voc"
		lb_die "$1/results.csv: refused (lbstats check, above)"
	fi
	# an incomplete run (rows short of its plan too) is flagged wherever its
	# analysis goes: the layouts start with the line (lb_run_banner); where
	# the analysis is the product (make bench's summary.csv: LB_SUMMARY_WARN=1)
	# it is said here, on stderr
	inc_note=$(lb_incomplete_note "$1") || { rm -f "$rows" "$voc"; return 1; }
	[ -z "$inc_note" ] || [ "${LB_SUMMARY_WARN:-0}" != 1 ] || lb_warn "$inc_note"
	"$lbstats" summary --rt -V "$voc" "$rows" || rc=$?
	rm -f "$rows" "$voc"
	return "$rc"
}

# lb_check_run DIR VOC ROWS: the run in DIR through lbstats' contract
# (results.csv, meta.txt, and the one against the other), its names against
# the run's own vocabulary (lb_run_vocab, written to VOC); the checked rows to
# ROWS. Fails, lbstats having said why on stderr, when the run is refused.
lb_check_run() {
	lb_run_vocab "$1" >"$2" && "$(lb_lbstats)" check -V "$2" -m "$1/meta.txt" "$1/results.csv" >"$3"
}

# lb_awklib: the awk functions the runners share (runners/lib.awk: lb_kmatch,
# lb_tagmatch, lb_plural, lb_units, lb_period, lb_writers), as program text to
# put before a program: awk "$(lb_awklib)"'...'
lb_awklib() { cat "$LB_ROOT/runners/lib.awk"; }

# lb_lbstats: path of the statistics tool, (re)built if needed.
lb_lbstats() {
	make -s -C "$LB_ROOT/stats" >&2 || lb_die "building stats/lbstats failed"
	printf '%s\n' "$LB_ROOT/build/lbstats"
}

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

# --- a developer's own kernel tree (build-tree, compare) ---

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

# lb_git_toplevel DIR: true when DIR is the top of a git work tree (not just
# somewhere inside another repository).
lb_git_toplevel() {
	local top
	top=$(git -C "$1" rev-parse --show-toplevel 2>/dev/null) || return 1
	[ "$(cd "$top" && pwd -P)" = "$(cd "$1" && pwd -P)" ]
}

# lb_git_changes DIR: tracked files of the git work tree DIR with uncommitted
# changes (staged or not), one per line. Read-only: GIT_OPTIONAL_LOCKS=0 keeps
# git status from refreshing (writing) DIR's index.
lb_git_changes() {
	GIT_OPTIONAL_LOCKS=0 git -C "$1" status --porcelain=v1 --untracked-files=no | cut -c4-
}

# lb_series_patches SERIES: a developer's patch series, one "PATH<TAB>-pN" line
# per patch, in order. SERIES is a quilt series file (entries relative to its
# directory, optional -pN per entry), a directory holding a file named series,
# or a directory of git format-patch files (*.patch, in name order). Files
# without a diff (a cover letter) are left out.
lb_series_patches() {
	local s=$1 dir p opt
	if [ -d "$s" ] && [ -f "$s/series" ]; then
		s=$s/series
	elif [ -d "$s" ]; then
		dir=$(cd "$s" && pwd -P)
		for p in "$dir"/*.patch; do
			[ -f "$p" ] || continue
			grep -q '^+++ ' "$p" && printf '%s\t-p1\n' "$p"
		done
		return 0
	fi
	[ -f "$s" ] || lb_die "PATCHES=$1: no such series file or directory"
	dir=$(cd "$(dirname "$s")" && pwd -P)
	while read -r p opt; do
		case $p in '' | '#'*) continue ;; esac
		opt=${opt%%#*}
		case $opt in -p[0-9]*) opt=${opt%% *} ;; *) opt=-p1 ;; esac
		[ -f "$dir/$p" ] || lb_die "PATCHES=$1 names $p, which is not in $dir"
		grep -q '^+++ ' "$dir/$p" && printf '%s\t%s\n' "$dir/$p" "$opt"
	done <"$s"
	return 0
}

# lb_sha16 FILE...: the first 16 hex digits of the sha256 of the files' contents.
lb_sha16() { cat "$@" | sha256sum | cut -c1-16; }

# lb_meta_set DIR KEY VALUE: replace or add KEY in DIR/meta.txt (atomically).
lb_meta_set() {
	{ grep -v "^$2=" "$1/meta.txt" || true; echo "$2=$3"; } | lb_atomic_write "$1/meta.txt"
}

# lb_meta_merge DIR PREFIX FILE: every KEY=VALUE line of FILE as PREFIX.KEY in
# DIR/meta.txt, in one atomic write (the same result as lb_meta_set per line:
# earlier values of those keys dropped, the new ones appended in FILE's order,
# a repeated key kept once, last value, at its last place).
lb_meta_merge() {
	awk -v pre="$2." 'FNR == 1 { f++ }
		f == 1 { if ($0 == "") next; k = pre substr($0, 1, index($0 "=", "=") - 1)
			 ord[++n] = k; last[k] = n; v[k] = substr($0, length(k) - length(pre) + 2); next }
		{ k = substr($0, 1, index($0 "=", "=") - 1); if (!(k in v)) print }
		END { for (i = 1; i <= n; i++) if (last[ord[i]] == i) print ord[i] "=" v[ord[i]] }' "$3" "$1/meta.txt" |
		lb_atomic_write "$1/meta.txt"
}

# lb_spec FILE KEY: value of KEY= in a key=value file (a boot's spec), empty if absent.
lb_spec() { sed -n "s/^$2=//p" "$1" | head -n 1; }

# lb_clock_args CLOCK ACCEL: the kernel command line that pins the clocksource
# (runners/sweep's CLOCK: tsc | kvmclock | auto) for a boot under ACCEL.
# (uml: nothing: User-Mode Linux's only clocksource reads the host clock.)
lb_clock_args() {
	[ "$2" != uml ] || return 0
	case $1 in
	tsc) echo "tsc=reliable clocksource=tsc lb.clocksource=tsc$([ "$2" != kvm ] || echo " no-kvmclock")" ;;
	kvmclock) echo "clocksource=kvm-clock lb.clocksource=kvm-clock" ;;
	auto) echo "" ;;
	esac
}

# lb_exit_why CODE: what a boot's exit status (runners/boot, sweep-boot) means.
lb_exit_why() {
	case $1 in
	0) echo "finished" ;;
	none | '') echo "not run" ;;
	2) echo "exit 2: insmod failed" ;;
	3) echo "exit 3: the guest refused the configuration" ;;
	4) echo "exit 4: no module in the image" ;;
	121) echo "exit 121: KVM internal error" ;;
	122) echo "exit 122: the guest stopped without a result (panic?)" ;;
	124) echo "exit 124: timed out, guest killed" ;;
	125) echo "exit 125: icount SMP stall" ;;
	126) echo "exit 126: QEMU missing or failed to start, or the accelerator unusable" ;;
	130 | 143) echo "exit $1: interrupted" ;;
	*) echo "exit $1" ;;
	esac
}

# lb_incomplete_note DIR: one line saying which boots of run DIR are missing
# and why, when the run is incomplete (meta.txt: incomplete=1, or no
# incomplete= line at all), or which rows its results.csv lacks against the
# plan meta.txt records (lbstats missing: rows=, a finished boot without
# rows, a configuration with fewer runs than its boot's others; said first,
# whatever incomplete= says); nothing for a whole run. Every report, table,
# plot page, index, summary (a warning) and cover letter made from DIR
# carries it first. The planned boots are meta.txt's boots=; each one's
# outcome its TAG.exit (skipped.TAG: left out on purpose, said elsewhere, not
# missing). Fails when lbstats refuses meta.txt or results.csv.
lb_incomplete_note() {
	local d=$1 inc intr planned t rc why nr miss="" nmiss=0 lost=""
	# the rows against the run's own plan (lbstats missing: rows=, each
	# finished boot's rows and runs), computed in lbstats, said first; a run
	# with no rows at all has no results.csv: its boots' exits say why below
	if [ -f "$d/meta.txt" ] && [ -f "$d/results.csv" ]; then
		lost=$("$(lb_lbstats)" missing "$d/meta.txt" "$d/results.csv") || return 1
		# (the files by their names in the run: the line names the run)
		lost=$(printf '%s\n' "$lost" | awk -v d="$d/" '$0 != "" { while ((i = index($0, d))) $0 = substr($0, 1, i - 1) substr($0, i + length(d)); print }' | paste -sd';' | sed 's/;/; /g')
	fi
	inc=$(lb_meta "$d" incomplete)
	if [ "$inc" = 0 ]; then
		[ -n "$lost" ] || return 0
		printf 'INCOMPLETE RUN %s: rows missing against the run'"'"'s plan: %s; the numbers cover only the rows present.\n' "${d##*/}" "$lost"
		return 0
	fi
	intr=$(lb_meta "$d" interrupted)
	planned=$(lb_meta "$d" boots)
	if [ -z "$planned" ]; then
		# older runs: no plan recorded; every boot that ran and failed
		planned=$(sed -n 's/^\([^=]*\)\.exit=.*/\1/p' "$d/meta.txt" 2>/dev/null | grep -v '\.boot$' | paste -sd' ')
	fi
	for t in $planned; do
		[ -z "$(lb_meta "$d" "skipped.$t")" ] || continue
		rc=$(lb_meta "$d" "$t.exit")
		[ "$rc" != 0 ] || continue
		why=$(lb_exit_why "${rc:-none}")
		if [ -z "$rc" ] && [ -n "$intr" ]; then why="not run: the sweep was interrupted"; fi
		# a boot the sweep could not start (its kernel did not build) says why
		nr=$(lb_meta "$d" "$t.not_run")
		[ -z "$nr" ] || why="not run: $nr"
		miss="$miss${miss:+, }$t ($why)"
		nmiss=$((nmiss + 1))
	done
	printf 'INCOMPLETE RUN %s: ' "${d##*/}"
	[ -z "$lost" ] || printf 'rows missing against the run'"'"'s plan: %s; ' "$lost"
	if [ -z "$inc" ]; then
		printf 'meta.txt does not say whether the run finished (no incomplete= line); '
	fi
	[ -z "$intr" ] || printf 'interrupted at %s; ' "$intr"
	if [ "$nmiss" -gt 0 ]; then
		printf 'missing boots: %s; ' "$miss"
	elif [ -n "$inc" ] && [ -z "$intr" ]; then
		printf 'the sweep did not finish (killed, or still running; failed_boots=%s); ' "$(lb_meta "$d" failed_boots)"
	fi
	[ -n "$(lb_meta "$d" boots)" ] || [ -z "$inc" ] || printf '(meta.txt names no planned boots: others may be missing too); '
	printf 'the numbers cover only the boots that finished.\n'
}

# lb_module_names workloads|variants [DIR]: the names the module's table knows
# (DIR's vocab.h, default bench-module/, read by lb_vocab), in table order,
# one per line, each once: the host checks WORKLOADS and VARIANTS against the
# module itself and nothing types the list. The groups runners/guest-expand
# understands are lb_module_groups'.
lb_module_names() {
	local want dir=${2:-${LB_MODULE_SRC:-$LB_ROOT/bench-module}}
	case $1 in workloads) want=workload ;; variants) want=variant ;; *) lb_die "lb_module_names: workloads or variants, not '$1'" ;; esac
	LB_MODULE_SRC=$dir lb_vocab table | awk -F, -v want="$want" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		!($c[want] in seen) { seen[$c[want]]; print $c[want] }'
}

# lb_module_groups workloads|variants: the group words the guest expands
# (runners/guest-expand): workload all, replicas, kernel; variant all.
lb_module_groups() {
	case $1 in workloads) echo "all replicas kernel" ;; variants) echo "all" ;; esac
}

# lb_invalid VARIABLE WHY VALID [VALUE]: the one refusal of a bad setting,
# before any work starts: "VARIABLE=value: why (valid: ...)". The value is
# VALUE when given (a command-line word held in another variable), else
# $VARIABLE's.
lb_invalid() { lb_die "$1=${4-${!1-}}: $2 (valid: $3)"; }

# lb_profile NAME: PROFILE NAME's knobs, one NAME=VALUE line each, as
# config/profiles/NAME declares them (comments and blank lines left out): the
# one reader of the profiles (the sweep, compare). An unknown NAME is refused,
# naming the profiles that directory has.
lb_profile() {
	local dir=$LB_ROOT/config/profiles f=""
	case $1 in '' | *[!a-z0-9_-]*) ;; *) f=$dir/$1 ;; esac
	if [ -z "$f" ] || [ ! -f "$f" ]; then
		lb_invalid PROFILE "unknown profile" "$(find "$dir" -maxdepth 1 -type f -printf '%f\n' | sort -r | paste -sd' ')" "$1"
	fi
	grep -v '^[[:space:]]*\(#\|$\)' "$f"
}

# lb_plots_out WORD OUT RUNDIR: the directory a run's plots go to, resolved
# (no .., no symlink out): OUT, else plots/<RUNDIR's own name>. It must lie
# inside the plots root (plots/; LB_PLOTS_ROOT: another, for the tests) and
# hold no quotes (gnuplot's strings); else refused naming WORD=OUT. Called
# before any work by whoever will plot (plots, compare).
lb_plots_out() {
	local root=${LB_PLOTS_ROOT:-$LB_ROOT/plots} out=$2 o
	mkdir -p "$root"
	root=$(cd "$root" && pwd -P)
	[ -n "$out" ] || out=$root/${3##*/}
	o=$(realpath -m "$out")
	case $o in *\'* | *\"*) lb_invalid "$1" "a directory name with a quote" "a name without quotes" "$o" ;; esac
	case $o/ in "$root"/?*) ;; *) lb_invalid "$1" "outside $root (plots go to plots/<run>)" "a directory inside $root" "$2" ;; esac
	printf '%s\n' "$o"
}

# --- the runners' command line: NAME=VALUE words, as make takes them ---
# lb_usage: the running script's usage text, declared once: its header
# comment, from line 2 to the first line that is not a comment, "# " cut.
lb_usage() { awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$0"; }

# lb_args SPEC [ARG...]: the one command-line parser of every runner (not
# guest-init and guest-expand, which run inside the guest's busybox). Each
# ARG is a NAME=VALUE word, as make takes them, or -h / --help: print
# lb_usage and exit 0. SPEC declares, once, the words the script accepts,
# separated by spaces:
#   NAME=var   NAME=VALUE sets the shell variable var; the environment's NAME
#              is not read (only the word sets it)
#   NAME+=var  the same, repeatable: each VALUE is added to var, one a line
#              (a value may hold spaces: a run directory "my run")
#   NAME       a knob that also works from the environment: the word sets and
#              exports NAME, overriding the environment's value (as make does)
# Anything else -- an unknown NAME=, an option, a bare word, a word given
# twice -- dies with one line naming it before the script does any work,
# exit status $LB_USAGE_STATUS (default 1). Values are the script's to check
# (lb_invalid). With LB_ARGS_LIST=1 in the environment it prints the options
# and NAMEs it accepts, one a line (a repeatable NAME as NAME+), and exits 0:
# tests/lint.bats checks that each is in the script's --help.
lb_args() {
	local spec=$1 a s name kind var valid names="" given=" " n
	local -a lb__mkw=()
	shift
	# make's command line (the Makefile: LB_MAKE_VARS, the names of the
	# variables given to make; their values in the environment, as make
	# exports them): NAME=VALUE words before the script's own, read once
	# (not by the runners this one starts)
	for n in ${LB_MAKE_VARS:-}; do
		case $n in
		[A-Za-z_]*) case $n in *[!A-Za-z0-9_]*) n=bad ;; esac ;;
		*) n=bad ;;
		esac
		if [ "$n" = bad ]; then
			lb_log "error: LB_MAKE_VARS: '$LB_MAKE_VARS': not a list of variable names"
			exit "${LB_USAGE_STATUS:-1}"
		fi
		lb__mkw+=("$n=${!n-}")
	done
	unset LB_MAKE_VARS
	[ ${#lb__mkw[@]} = 0 ] || set -- "${lb__mkw[@]}" "$@"
	for s in $spec; do
		s=${s%%=*}
		names="$names${names:+ }$s"
	done
	if [ "${LB_ARGS_LIST:-0}" = 1 ]; then
		# shellcheck disable=SC2086 # one name a line
		printf '%s\n' -h --help $names
		exit 0
	fi
	names=${names//+/}
	valid="valid: ${names:+${names// /= }= }-h --help"
	for a in "$@"; do
		case $a in -h | --help) lb_usage && exit 0 ;; esac
	done
	for a in "$@"; do
		name=${a%%=*} kind=""
		case $a in
		[A-Z]*=*) case $name in *[!A-Z0-9_]*) kind=bad ;; esac ;;
		*) kind=bad ;;
		esac
		if [ "$kind" = bad ]; then
			lb_log "error: '$a': not a NAME=VALUE word ($valid)"
			exit "${LB_USAGE_STATUS:-1}"
		fi
		for s in $spec; do
			case $s in
			"$name") kind=env var=$name ;;
			"$name="*) kind=set var=${s#*=} ;;
			"$name+="*) kind=add var=${s#*+=} ;;
			esac
		done
		if [ -z "$kind" ]; then
			lb_log "error: $a: ${0##*/} has no $name= ($valid)"
			exit "${LB_USAGE_STATUS:-1}"
		fi
		case $kind$given in
		add*) ;;
		*" $name "*)
			lb_log "error: $a: $name= given twice (once each; ${0##*/} --help)"
			exit "${LB_USAGE_STATUS:-1}"
			;;
		esac
		given="$given$name "
		case $kind in
		env) export "$name=${a#*=}" ;;
		set) printf -v "$var" '%s' "${a#*=}" ;;
		add) printf -v "$var" '%s' "${!var:+${!var}$'\n'}${a#*=}" ;;
		esac
	done
}

# lb_boot_budget ACCEL CONFIGS RUNS DURATION_MS: "EXPECTED TIMEOUT", seconds,
# of one sweep boot: its expected time from the plan and the accelerator
# (boot, then per configuration RUNS x DURATION of measuring, slowed down by
# emulation, plus its setup), and the timeout the sweep gives it:
# LB_BOOT_TIMEOUT_FACTOR times that, at least LB_BOOT_TIMEOUT_FLOOR. Measured
# (results/reference-*): 128 configurations x 3 runs x 10 ms took 55-76 s a
# boot under icount and tcg on a shared 2-core host, expected 97 and 78 s.
LB_BOOT_TIMEOUT_FACTOR=5 LB_BOOT_TIMEOUT_FLOOR=150
lb_boot_budget() {
	awk -v a="$1" -v n="$2" -v r="$3" -v d="$4" -v f="$LB_BOOT_TIMEOUT_FACTOR" -v floor="$LB_BOOT_TIMEOUT_FLOOR" 'BEGIN {
		boot = 20; slow = 10; per = 0.3	# icount (and auto: icount without KVM)
		if (a == "kvm") { boot = 10; slow = 1.5; per = 0.05 }
		if (a == "tcg") { slow = 5 }
		e = int(boot + n * (r * d / 1000 * slow + per) + 0.999)
		t = e * f; if (t < floor) t = floor
		print e, t
	}'
}
# --- the accelerator policy: the one place that decides what a guest runs
# under. runners/sweep, runners/sweep-boot (a Slurm node) and runners/boot all
# go through these functions, so they cannot disagree.

# LB_ACCELS: what ACCEL (also boot's ACCEL=) may name; auto = lb_accel_resolve's choice.
export LB_ACCELS="auto kvm tcg icount uml"
# LB_UML_NOTE: what a uml number is and is not (meta.txt, warnings).
export LB_UML_NOTE="User-Mode Linux, real host ns of kernel code run natively as a host process (each vCPU a host thread); no hardware virtualisation, no NMI, irq-off a software flag; not KVM results"
# LB_ACCEL_FALLBACK: what auto measures under when KVM does not work here:
# icount, deterministic path lengths (guest instructions), the one exact
# answer an emulator gives; tcg's emulated times swing from run to run.
LB_ACCEL_FALLBACK=icount

# lb_accel_ok A: A is a valid ACCEL value.
lb_accel_ok() { case " $LB_ACCELS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# lb_kvm_dev: the KVM device the probe opens (LB_KVM_DEV: a stand-in device
# for the tests; /dev/kvm otherwise).
lb_kvm_dev() { printf '%s\n' "${LB_KVM_DEV:-/dev/kvm}"; }

# lb_kvm_unusable: prints why KVM cannot run on this host (lb_kvm_dev's
# device does not exist, or cannot be opened read-write) and succeeds;
# fails, printing nothing, when the device opens (whether a guest then
# boots under it is runners/probe-accel's to find out). The sweep refuses
# ACCEL=kvm with it before any work; probe-accel's first verdict.
lb_kvm_unusable() {
	local d
	d=$(lb_kvm_dev)
	if [ ! -e "$d" ]; then
		echo "$d does not exist"
	elif ! (: <>"$d") 2>/dev/null; then
		echo "$d not accessible (cannot open it read-write)"
	else
		return 1
	fi
}

# lb_qemu_standin: prints the stand-in note when QEMU (the binary every
# runner starts) is the tests' KVM stand-in (tests/kvm-standin, which says
# so in its --version line), nothing for a real QEMU. Stand-in runs carry
# this note in the first line of everything they produce.
lb_qemu_standin() {
	local v
	v=$("${QEMU:-qemu-system-x86_64}" --version 2>/dev/null | head -n 1) || return 0
	case $v in *kvm-standin*) echo "kvm-standin: TCG behind the KVM command line (tests/kvm-standin), not hardware: exercises the KVM path only" ;; esac
}

# lb_accel_resolve REQUEST [KBUILD_DIR]: sets lb_accel (kvm, tcg or icount)
# and lb_accel_why. auto asks runners/probe-accel, which boots KBUILD_DIR
# (a kernel that has been built: build first, then decide) under KVM: kvm
# when that boot reaches init, else LB_ACCEL_FALLBACK with the probe's
# reason. Other values are taken as requested. Dies when the probe itself
# cannot run.
# shellcheck disable=SC2034 # lb_accel and lb_accel_why are for the caller
lb_accel_resolve() {
	local req=$1 kb=${2:-} err verdict
	lb_accel_ok "$req" || lb_die "ACCEL=$req: unknown accelerator (valid: $LB_ACCELS)"
	if [ "$req" != auto ]; then
		lb_accel=$req lb_accel_why="requested (ACCEL=$req)"
		return 0
	fi
	mkdir -p "$LB_CACHE"
	err=$(mktemp "${TMPDIR:-/tmp}/lb-probe.XXXXXX")
	# one probe at a time per cache (it reuses its log directory)
	verdict=$(flock "$LB_CACHE/probe-accel.lock" "$LB_ROOT/runners/probe-accel" ${kb:+KBUILD="$kb"} 2>"$err" | head -n 1) || true
	lb_accel_why=$(grep -v '^probe-accel: probing' "$err" | tail -n 1 | sed 's/^probe-accel: //')
	# what the probe did, for the user (its verdict line is the caller's to print)
	grep '^probe-accel: probing' "$err" >&2 || true
	rm -f "$err"
	case $verdict in
	kvm) lb_accel=kvm lb_accel_why="probe-accel: $lb_accel_why" ;;
	tcg) lb_accel=$LB_ACCEL_FALLBACK lb_accel_why="probe-accel: $lb_accel_why; so the default is $LB_ACCEL_FALLBACK (deterministic path lengths in guest instructions; ACCEL=tcg for emulated timings)" ;;
	*) lb_die "the accelerator probe gave no verdict: ${lb_accel_why:-no output} (runners/probe-accel)" ;;
	esac
}

# lb_accel_skip ACCEL KERNEL_RELEASE VCPUS: prints why a boot of that kernel
# with that many vCPUs cannot run under ACCEL, and succeeds; fails (prints
# nothing) when it can run. Known: Linux 6.1 with more than one vCPU hangs
# Under uml, a kernel without UML SMP (before 6.17: 6.1, 6.12) runs 1 vCPU.
# under icount at "x86: Booting SMP configuration:" (docs/accelerators.md, "Known limits").
lb_accel_skip() {
	case $1:$2 in
	uml:*)
		if [ "$3" -gt 1 ] && ! lb_uml_smp "$2"; then
			echo "Linux $2 has no SMP under User-Mode Linux (UML SMP came with 6.17; 1 vCPU works: VCPUS=1)"
			return 0
		fi
		;;
	icount:6.1 | icount:6.1.* | icount:6.1-*)
		if [ "$3" -gt 1 ]; then
			echo "Linux 6.1 with more than one vCPU hangs under QEMU icount at 'x86: Booting SMP configuration:' (1 vCPU works: VCPUS=1)"
			return 0
		fi
		;;
	esac
	return 1
}

# lb_accel_pin ACCEL PIN: whether vCPU threads get pinned (PIN, else: on under
# kvm, where they are real CPUs, and uml, whose vCPU threads otherwise share a
# host core on a loaded host (seen: both on CPU 0, no reader ever overlapped the
# writer); off under emulation).
lb_accel_pin() {
	if [ -n "$2" ]; then echo "$2"; elif [ "$1" = kvm ] || [ "$1" = uml ]; then echo 1; else echo 0; fi
}

# lb_accel_realtime A: A's times are real time (kvm; uml: host time of natively
# run kernel code, LB_UML_NOTE), not emulated.
lb_accel_realtime() { [ "$1" = kvm ] || [ "$1" = uml ]; }

# lb_accel_beside_builds A: A's figures do not depend on what else the host
# runs, so its boots may run while kernels are still being built (icount:
# guest instructions; a sweep builds its later kernels beside such boots).
# Real time (kvm, uml) and tcg's emulated timings need a quiet host.
lb_accel_beside_builds() { [ "$1" = icount ]; }

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

# lb_run_banner DIR: the lines that must come first in everything made from
# run DIR (report, plot titles and index page, cover letter): a stand-in run
# (meta.txt standin=: tests/kvm-standin) says so, so that its numbers are
# never taken for hardware results; an incomplete run names its missing
# boots and why (lb_incomplete_note). Nothing for an ordinary, whole run.
lb_run_banner() {
	local s
	s=$(lb_meta "$1" standin)
	[ -z "$s" ] || printf 'NOTE: %s\n' "$s" | lb_wrap72 6
	s=$(lb_incomplete_note "$1") || return 1
	[ -z "$s" ] || printf '%s\n' "$s" | lb_wrap72
	return 0
}

# lb_tool_commit: this tool's commit (12 hex digits, "-dirty" with uncommitted
# changes to tracked files), "unknown" outside a git checkout.
lb_tool_commit() {
	local c
	c=$(GIT_OPTIONAL_LOCKS=0 git -C "$LB_ROOT" rev-parse --short=12 HEAD 2>/dev/null) || { echo unknown; return 0; }
	[ -z "$(GIT_OPTIONAL_LOCKS=0 git -C "$LB_ROOT" status --porcelain --untracked-files=no 2>/dev/null)" ] || c=$c-dirty
	echo "$c"
}

# lb_reproducer DIR: the lines that end everything made from run DIR: the
# command that reproduces it (meta.txt reproduce=, written by the sweep), this
# tool's commit and the Debian versions of its kernels, at most 72 columns,
# the command continued with " \" (it pastes into a shell as it is).
lb_reproducer() {
	local cmd
	cmd=$(lb_meta "$1" reproduce)
	[ -n "$cmd" ] || return 0
	printf 'Reproduce with latchbench %s (Debian %s):\n' "$(lb_meta "$1" tool_commit)" \
		"$(lb_meta "$1" kernel_debian_versions | sed 's/ *$//')" | lb_wrap72
	awk -v s="$cmd" 'BEGIN {
		# split at spaces outside double quotes
		n = 0; t = ""; q = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "\"") q = !q
			if (c == " " && !q) { if (t != "") w[++n] = t; t = "" } else t = t c
		}
		if (t != "") w[++n] = t
		line = "  " w[1]
		for (i = 2; i <= n; i++) {
			if (length(line) + 1 + length(w[i]) > 70) { print line " \\"; line = "    " w[i] }
			else line = line " " w[i]
		}
		print line
	}'
}

# lb_duration S: S seconds as "42s", "3m05s" or "1h02m".
lb_duration() {
	if [ "$1" -lt 60 ]; then
		printf '%ds\n' "$1"
	elif [ "$1" -lt 3600 ]; then
		printf '%dm%02ds\n' $(($1 / 60)) $(($1 % 60))
	else
		printf '%dh%02dm\n' $(($1 / 3600)) $(($1 % 3600 / 60))
	fi
}

# lb_csv_header [DIR]: the CSV header the module writes, from its one column
# list (DIR/columns.h, default bench-module/: every COL and CTR of
# LB_COLUMNS, in order), for the host's own checks.
lb_csv_header() {
	awk '/define LB_COLUMNS\(/ { on = 1; next }
		on && match($0, /(COL|CTR)\([a-z0-9_]+/) { s = substr($0, RSTART + 4, RLENGTH - 4); out = out (out == "" ? "" : ",") s }
		on && /^[ \t]*$/ { on = 0 }
		END { print out }' "${1:-$LB_ROOT/bench-module}/columns.h"
}

# --- real-time methodology (runners/sweep): RUNS=auto, ROUNDS, SEED ---
# RUNS=auto (kvm, uml): LB_RUNS_AUTO_MIN runs first (spread over the boots
# of the first rounds), then another round of boots for every configuration
# whose 95% interval over boots (lbstats converge) is wider than
# LB_RUNS_AUTO_PCT percent of the mean, until it is not or the
# configuration has RUNS_MAX runs (default LB_RUNS_AUTO_MAX).
export LB_RUNS_AUTO_MIN=3 LB_RUNS_AUTO_MAX=20 LB_RUNS_AUTO_PCT=1
# LB_RT_ROUNDS: the default ROUNDS of a real-time accelerator (the boot is the
# statistical unit: placement, host core and thermal state differ per boot),
# at most RUNS; icount and tcg default to one boot per kernel.
export LB_RT_ROUNDS=3
# lb_rounds_default ACCEL RUNS: the boots per kernel when ROUNDS is not given
lb_rounds_default() {
	if lb_accel_realtime "$1"; then echo $(($2 < LB_RT_ROUNDS ? $2 : LB_RT_ROUNDS)); else echo 1; fi
}
# lb_boot_seed SEED TAG: the configuration-order seed of boot TAG of a sweep
# with SEED (reproducible: the same SEED gives every boot the same order)
lb_boot_seed() { printf '%s %s' "$1" "$2" | cksum | awk '{ print $1 % 2147483647 }'; }
# lb_cpu_mhz: the host's mean "cpu MHz" now (/proc/cpuinfo), "unknown" without one
lb_cpu_mhz() {
	awk -F: '/^cpu MHz/ { t += $2; n++ } END { if (n) printf "%.0f\n", t / n; else print "unknown" }' /proc/cpuinfo 2>/dev/null || echo unknown
}
