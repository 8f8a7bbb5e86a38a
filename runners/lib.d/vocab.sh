# shellcheck shell=bash
# runners/lib.d/vocab.sh, the module's vocabulary (vocab.h), lbstats and
# what it reads of a run. Sourced by runners/lib.sh (the loader), never run.

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

# lb_awklib: the awk functions the layouts share (runners/lib.awk), as
# program text to put before a one-line program: awk "$(lb_awklib)"'...'
lb_awklib() { cat "$LB_ROOT/runners/lib.awk"; }

# lb_accel_table: the accelerator table (bench-module/accels.h as
# `lbstats accels` prints it), read once and exported to the runners this
# one starts (LB_ACCEL_TABLE): -v accels= for runners/lib.awk's lb_accel
lb_accel_table() {
	[ -n "${LB_ACCEL_TABLE:-}" ] || LB_ACCEL_TABLE=$("$(lb_lbstats)" accels) ||
		lb_die "could not read the accelerator table (lbstats accels)"
	export LB_ACCEL_TABLE
}

# lb_layout NAME [awk options] [FILE...]: the layout program
# runners/report.d/NAME.awk after runners/lib.awk, as every layout's awk
# lives there (report, table, faithful, mitigations), with the accelerator
# table (-v accels=)
lb_layout() {
	local f=$1
	shift
	lb_accel_table
	awk -v accels="$LB_ACCEL_TABLE" -f "$LB_ROOT/runners/lib.awk" -f "$LB_ROOT/runners/report.d/$f.awk" "$@"
}

# lb_lbstats: path of the statistics tool, (re)built if needed.
lb_lbstats() {
	make -s -C "$LB_ROOT/stats" >&2 || lb_die "building stats/lbstats failed"
	printf '%s\n' "$LB_ROOT/build/lbstats"
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

# lb_param_bound NAME min|max [DIR]: a module parameter's bound as the module
# declares it, in its one table (bench-module/params.h LB_PARAMS: NUM(name,
# min, max, default, description); DIR, else LB_MODULE_SRC=DIR: DIR's
# params.h; INT_MAX read as 2147483647), read the way lb_csv_header reads
# columns.h: the host's checks take every bound from here, so a value the
# guest would refuse is refused before any download, build or boot, and
# changing the table moves them. Dies when NAME is no NUM of the table.
lb_param_bound() {
	local dir=${3:-${LB_MODULE_SRC:-$LB_ROOT/bench-module}} b
	case $2 in min | max) ;; *) lb_die "lb_param_bound: min or max, not '$2'" ;; esac
	[ -r "$dir/params.h" ] || lb_die "no parameter table: $dir/params.h is missing"
	b=$(awk -v name="$1" -v which="$2" '
		match($0, /^[ \t]*NUM\([^,]*,[^,]*,[^,]*,/) {
			split(substr($0, RSTART, RLENGTH), f, ",")
			sub(/^[ \t]*NUM\(/, "", f[1])
			for (i = 1; i <= 3; i++) gsub(/[ \t]/, "", f[i])
			if (f[1] != name) next
			v = which == "min" ? f[2] : f[3]
			print v == "INT_MAX" ? 2147483647 : v
			exit
		}' "$dir/params.h")
	case $b in '' | *[!0-9]*) lb_die "lb_param_bound: no number for $1's $2 in $dir/params.h (LB_PARAMS: NUM($1, min, max, ...))" ;; esac
	echo "$b"
}

# lb_param_outside NAME VALUE: true when VALUE (digits) is outside module
# parameter NAME's min..max (lb_param_bound), however many digits it has
lb_param_outside() {
	local v=${2#"${2%%[!0]*}"} b
	v=${v:-0}
	b=$(lb_param_bound "$1" max) || exit 1
	if [ "${#v}" -ne "${#b}" ]; then [ "${#v}" -gt "${#b}" ] && return 0; elif [ "$v" -gt "$b" ]; then return 0; fi
	b=$(lb_param_bound "$1" min) || exit 1
	[ "${#v}" -lt "${#b}" ] || { [ "${#v}" -eq "${#b}" ] && [ "$v" -lt "$b" ]; }
}
