# shellcheck shell=bash
# runners/lib.d/build.sh, building: the toolchain, configuring and making a
# kernel, Debian's source and our patch series, the guest's tools. Sourced
# by runners/lib.sh (the loader), never run.

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
# (a distro profile build, lb-build-voluntary-distro: "6.12-distro voluntary")
lb_kbuild_flavour() {
	local d=${1%/} f
	f=${d##*/lb-build-}
	case $f in
	*-distro) printf '%s-distro %s\n' "$(basename "$(dirname "$d")")" "${f%-distro}" ;;
	*) printf '%s %s\n' "$(basename "$(dirname "$d")")" "$f" ;;
	esac
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
	# a distro profile build compiles its base version's source
	if lb_kernel_distro "$1"; then
		lb_debian_version "$(lb_kbase "$1")"
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

# lb_initramfs NAME: the path of the guest image NAME (.cpio.gz) built from
# this checkout. Images carry this checkout's module and guest scripts, so each
# checkout keeps its own: two checkouts sweeping at once never boot each
# other's module.
lb_initramfs() {
	printf '%s/initramfs/%s/%s.cpio.gz\n' "$LB_CACHE" "$(cd "$LB_ROOT" && pwd -P | sha256sum | cut -c1-12)" "$1"
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
