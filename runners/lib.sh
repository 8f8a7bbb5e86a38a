# shellcheck shell=bash
# Shared helpers for latchbench runner scripts. Sourced, never executed.

LB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LB_CACHE=${LATCHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/latchbench}
export LB_ROOT LB_CACHE

lb_log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
lb_die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit 1; }
lb_warn() { printf '%s: WARNING: %s\n' "${0##*/}" "$*" >&2; }

# lb_kver_ok VER: the kernel versions we know how to build.
lb_kver_ok() {
	case $1 in
	6.1 | 6.12) return 0 ;;
	*) return 1 ;;
	esac
}

lb_preempt_ok() {
	case $1 in
	none | voluntary | full) return 0 ;;
	*) return 1 ;;
	esac
}

# Build directory of one kernel flavour: <ver>-<preempt model>.
lb_kbuild_dir() { printf '%s/build/%s-%s\n' "$LB_CACHE" "$1" "${2:-voluntary}"; }

lb_debian_version() {
	dpkg-query -W -f='${Version}' "linux-source-$1" 2>/dev/null || echo unknown
}

# Hash of a patch series: the series file and every patch it names.
lb_series_hash() {
	local dir=$LB_ROOT/patches/$1 p
	{
		cat "$dir/series"
		while read -r p; do
			case $p in '' | '#'*) continue ;; esac
			cat "$dir/$p"
		done <"$dir/series"
	} | sha256sum | cut -c1-16
}

# Write stdin to FILE atomically: temp name in the same directory, then rename.
lb_atomic_write() {
	local file=$1 tmp
	tmp=$(mktemp "$file.tmp.XXXXXX")
	if ! cat >"$tmp"; then
		rm -f "$tmp"
		lb_die "could not write $file (disk full?)"
	fi
	mv -f "$tmp" "$file"
}
