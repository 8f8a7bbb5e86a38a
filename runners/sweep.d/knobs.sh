# shellcheck shell=bash
# runners/sweep's knobs: PROFILE's defaults for every variable that decides
# the rows (knob_defaults), filling what the environment leaves unset.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/sweep.d/state.sh"

vcpus_default() {
	local v=1 out=""
	while [ "$v" -le "$hostcpus" ]; do
		out="$out $v"
		v=$((v * 2))
	done
	echo "${out# }"
}

# knob_defaults: every sweep variable that decides the rows, with its default
# (PROFILE's), one KNOB=VALUE line each: the one place defaults are declared.
# They fill what the environment leaves unset or empty, and the run's
# reproducer (meta.txt reproduce=) names the knobs whose value differs.
knob_defaults() {
	echo "KERNELS=6.12-debian 6.1 6.12 7.2"
	echo "PREEMPT="
	echo "VCPUS=$(vcpus_default)"
	echo "WORKLOADS=all"
	echo "VARIANTS=all"
	echo "CONTEXTS=task nmi hardirq"
	grep '^[A-Z]' <<<"$profile_knobs" # PROFILE's: config/profiles/PROFILE
	printf '%s\n' ACCEL=auto UML_KERNELS= MITIGATIONS=auto CLOCK=tsc PERF=1 ROUNDS= RUNS_MAX= SEED=
}

# sweep_knobs: PROFILE read (a bad one refused), every unset knob given its
# default; an empty one refused (it never means the default)
sweep_knobs() {
	profile=${PROFILE:-quick}
	hostcpus=$(nproc)
	profile_knobs=$(lb_profile "$profile")
	preempt_extra=$(sed -n 's/^preempt_also=//p' <<<"$profile_knobs")
	declare -gA knob_default=()
	while IFS= read -r kv; do
		k=${kv%%=*}
		knob_default[$k]=${kv#*=}
		# given, but empty (make bench KERNELS=""): refused, never the default
		if [ "${!k+set}" = set ] && [ -z "${!k// /}" ] && [ -n "${kv#*=}" ]; then
			lb_invalid "$k" "empty: an empty value does not mean the default (leave $k unset for '${kv#*=}')" "one or more words"
		fi
		[ -n "${!k:-}" ] || printf -v "$k" '%s' "${kv#*=}"
	done < <(knob_defaults)
	: "${RESULTS:=$LB_ROOT/results}"
	return 0
}
