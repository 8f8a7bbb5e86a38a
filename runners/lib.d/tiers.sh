# shellcheck shell=bash
# runners/lib.d/tiers.sh, the deep test tiers (make check, make check-rt):
# the tree they passed on. Sourced by runners/lib.sh (the loader), never
# run.

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
