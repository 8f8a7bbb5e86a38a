# shellcheck shell=bash
# runners/lib.d/cli.sh, the command line and messages:
# lb_log/lb_warn/lb_die, lb_args (NAME=VALUE words, -h), lb_invalid (the one
# refusal form), the profiles, the plots' directory. Sourced by
# runners/lib.sh (the loader), never run.

lb_log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }

lb_die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit 1; }

lb_warn() { printf '%s: WARNING: %s\n' "${0##*/}" "$*" >&2; }

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
	# the one output rule (lb_out_check): a new directory or plots of ours,
	# of this run (another run's plots are not replaced under its name)
	lb_out_check "$1" "${2:-$o}" plots "${3##*/}"
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
