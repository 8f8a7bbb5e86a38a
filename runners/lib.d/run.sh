# shellcheck shell=bash
# runners/lib.d/run.sh, the run store: atomic writes, the host's one-sweep
# lock, run directories, meta.txt and specs, why a boot failed, the
# reproducer. Sourced by runners/lib.sh (the loader), never run.

# lb_umask_mode file|dir: the mode a new file or directory takes under the
# caller's umask (0644 / 0755 under 022), for what mktemp made owner-only.
lb_umask_mode() {
	local base=666
	[ "$1" = file ] || base=777
	printf '%o\n' $((8#$base & ~8#$(umask)))
}

# Write stdin to FILE atomically: a temp name in the same directory, flushed
# to disk (a full disk may only say so then), then renamed over FILE. On any
# failure the temp file goes, FILE keeps its previous complete version (or
# stays absent) and we die. FILE takes the umask's mode (lb_umask_mode), not
# mktemp's owner-only one. The temporary name carries the writer's pid
# (FILE.tmp.PID.XXXXXX): one left by a writer that was killed (SIGKILL: no
# trap ran) is removed by the next write of FILE once that pid is gone.
lb_atomic_write() {
	local file=$1 tmp t p
	for t in "$file".tmp.*.??????; do
		[ -f "$t" ] || continue
		p=${t#"$file".tmp.}
		p=${p%.*}
		case $p in '' | *[!0-9]*) continue ;; esac
		[ -d "/proc/$p" ] || rm -f -- "$t"
	done
	tmp=$(mktemp "$file.tmp.$$.XXXXXX") || lb_die "could not create a temporary file next to $file"
	if ! chmod "$(lb_umask_mode file)" "$tmp" || ! cat >"$tmp" || ! sync "$tmp" || ! mv -f "$tmp" "$file"; then
		rm -f "$tmp"
		lb_die "could not write $file (disk full?)"
	fi
}

# lb_out_check WORD PATH KIND [RUN]: the one rule for every path a user names for
# a runner to write (report and table OUT=, plots OUT=, compare PLOTS=),
# checked before any work. PATH may name something new (in a directory that
# exists), or something of the kind the runner itself writes, which it then
# replaces: KIND text (report, table): a regular file holding a "latchbench
# run" line; KIND plots: a directory holding an index.html, or an empty
# one; with RUN, the output of that run only (not another run's: a
# report's first "latchbench run" line, a plots page's title names it;
# text: RUN the run's directory, a report inside it always its own; plots:
# RUN the run's name, "-": no run yet, compare's early check). Never a symbolic link, never anything but a regular file (text) or a
# directory (plots) -- a device, a FIFO --, never a run's own inputs
# (results.csv, meta.txt, vocab.csv, perf.csv, host-perf.csv, progress.log,
# anything in boots/, console/, codegen/), never a file the tree tracks that
# is not of the runner's kind (plots/*.gp, README.md; a committed report.txt
# is a report). Refused naming WORD=PATH and why (lb_invalid). Prints the
# resolved path.
lb_out_check() {
	local word=$1 path=$2 kind=$3 abs rel
	[ -n "$path" ] || lb_invalid "$word" "empty" "a file or directory name" "$path"
	case $path in *$'\n'* | *$'\r'*) lb_invalid "$word" "a name with a line break" "a name on one line" "$path" ;; esac
	[ ! -L "$path" ] || lb_invalid "$word" "a symbolic link (-> $(readlink "$path")): writing would replace the link, not what it points at" "the path of the file itself, or a new name" "$path"
	abs=$(realpath -m -- "$path")
	case $abs in
	*/results.csv | */meta.txt | */vocab.csv | */perf.csv | */host-perf.csv | */progress.log | */boots/* | */console/* | */codegen/*)
		lb_invalid "$word" "a run's own input (its rows, record or logs): writing there would destroy the data" "a new file, or a file this runner wrote" "$path" ;;
	esac
	[ "$kind" = plots ] || [ -d "$(dirname "$abs")" ] || lb_invalid "$word" "no directory $(dirname "$abs")" "a path in an existing directory" "$path"
	# a file of the tree (not a run store's output of our kind) is never written
	case $abs/ in
	"$LB_ROOT"/*)
		rel=${abs#"$LB_ROOT"/}
		if [ -n "$(GIT_OPTIONAL_LOCKS=0 git -C "$LB_ROOT" ls-files -- "$rel" 2>/dev/null | head -n 1)" ]; then
			case $kind:$rel in
			text:results/*/* | plots:plots/*/*) ;;
			*) lb_invalid "$word" "a file the tree tracks ($rel): the tool's own sources are never an output" "a new file, or an output of this runner" "$path" ;;
			esac
		fi
		;;
	esac
	if [ -e "$abs" ]; then
		case $kind in
		text)
			[ -f "$abs" ] || lb_invalid "$word" "not a regular file ($(stat -c %F -- "$abs"))" "a new file, or a report or table this tool wrote" "$path"
			# (no pipe: under pipefail, grep -q ending early fails head)
			awk 'NR > 400 { exit } /^latchbench run / { f = 1; exit } END { exit !f }' "$abs" ||
				lb_invalid "$word" "an existing file that is not a report or table of this tool (no 'latchbench run' line): it is not replaced" "a new file, or a report or table this tool wrote" "$path"
			if [ -n "${4:-}" ]; then
				local other
				other=$(awk 'NR > 400 { exit } sub(/^latchbench run /, "") { print; exit }' "$abs")
				# (RUN is the run's directory here: a report inside it is its own,
				# whatever a copied run's old report calls itself)
				[ "$other" = "${4##*/}" ] || [ "$(dirname "$abs")" = "$4" ] ||
					lb_invalid "$word" "the report of another run ($other): replacing it with run ${4##*/}'s would put it under its name" "a new file, or this run's own report or table" "$path"
			fi
			;;
		plots)
			[ -d "$abs" ] || lb_invalid "$word" "not a directory ($(stat -c %F -- "$abs"))" "a new directory, or a plots directory this tool made" "$path"
			[ -f "$abs/index.html" ] || [ -z "$(ls -A -- "$abs")" ] ||
				lb_invalid "$word" "an existing directory that is not a plots directory of this tool (no index.html): it is not replaced" "a new directory, or a plots directory this tool made" "$path"
			if [ -f "$abs/index.html" ] && [ -n "${4:-}" ] && [ "$4" != - ]; then
				local other
				other=$(sed -n 's|.*<title>latchbench: run \(.*\)</title>.*|\1|p; T; q' "$abs/index.html")
				[ "$other" = "$(printf '%s' "$4" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')" ] ||
					lb_invalid "$word" "the plots of another run (${other:-unnamed}): replacing them with run $4's would put them under its name" "a new directory, or this run's own plots" "$path"
			fi
			;;
		esac
	fi
	printf '%s\n' "$abs"
}

# lb_single NAME WHAT [INFO]: hold $LB_CACHE/NAME.lock (flock) until this
# process and its children exit; when another process holds it, die at once
# naming the holder (its pid, start time and INFO, which it wrote there), or
# with LB_LOCK_WAIT=1 say so and wait for it. lb_single_release removes the
# file while still holding it (so no lock file is left per plotted run); a
# waiter that then gets the removed file's lock sees that its path is gone
# or another file, and takes the lock anew. A script without an EXIT trap of
# its own gets lb_single_release as one; one with a trap calls it there.
lb_single() {
	local lock=$LB_CACHE/$1.lock
	mkdir -p "$LB_CACHE"
	while :; do
		exec {LB_LOCK_FD}>>"$lock" || lb_die "cannot open $lock"
		if [ "${LB_LOCK_WAIT:-0}" = 1 ] && ! flock -n "$LB_LOCK_FD"; then
			lb_log "another $2 is running on this host ($(cat "$lock" 2>/dev/null)): waiting for it (LB_LOCK_WAIT=1)"
			flock "$LB_LOCK_FD" || lb_die "waiting for $lock failed"
		elif ! flock -n "$LB_LOCK_FD"; then
			lb_die "another $2 is running on this host ($(cat "$lock" 2>/dev/null)); one at a time: wait for it or stop it (lock: $lock)"
		fi
		# still the file at that path (not one its holder removed on release)
		[ "$lock" -ef "/dev/fd/$LB_LOCK_FD" ] && break
		exec {LB_LOCK_FD}>&-
	done
	LB_LOCK_FILE=$lock
	printf 'pid %s, started %s%s\n' "$$" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "${3:+, $3}" >"$lock"
	[ -n "$(trap -p EXIT)" ] || trap lb_single_release EXIT
}

# lb_single_release: remove the lock file lb_single holds, still holding it
# (the lock itself ends with the process).
lb_single_release() {
	[ -z "${LB_LOCK_FILE:-}" ] || rm -f -- "$LB_LOCK_FILE"
	LB_LOCK_FILE=""
}

# lb_run_dir RUN: directory holding RUN's results.csv, resolved: a run is
# named by its own directory (results/latest, x/., x// and a symlink to a
# run all give the run's real path, so its plots and cover-letter lines carry
# its own name). RUN is a run id (results/<id>/) or a path to such a
# directory; a name with a line break or another control character is
# refused (it would end up in gnuplot's strings and the reports' lines).
lb_run_dir() {
	local d
	case $1 in *[[:cntrl:]]*) lb_die "RUN=$(printf '%q' "$1"): a run name with a control character (a line break?) (valid: a run id or directory on one line)" ;; esac
	if [ -f "$1/results.csv" ]; then
		d=$(cd "$1" && pwd -P)
	elif [ -f "$LB_ROOT/results/$1/results.csv" ]; then
		d=$(cd "$LB_ROOT/results/$1" && pwd -P)
	else
		lb_die "no results.csv for run '$1' (looked in $1/ and results/$1/)"
	fi
	case ${d##*/} in *[[:cntrl:]]*) lb_die "run directory $(printf '%q' "$d"): a name with a control character (valid: a name on one line)" ;; esac
	printf '%s\n' "$d"
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
# changes to tracked files but the run stores: results/ and plots/ are data,
# not the code that made a run), "unknown" outside a git checkout.
lb_tool_commit() {
	local c
	c=$(GIT_OPTIONAL_LOCKS=0 git -C "$LB_ROOT" rev-parse --short=12 HEAD 2>/dev/null) || { echo unknown; return 0; }
	[ -z "$(GIT_OPTIONAL_LOCKS=0 git -C "$LB_ROOT" status --porcelain --untracked-files=no -- . ':!results' ':!plots' 2>/dev/null)" ] || c=$c-dirty
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
