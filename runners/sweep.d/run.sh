# shellcheck shell=bash
# runners/sweep's local run: the boots one at a time (runners/sweep-boot), each
# folded into the run store as it ends, RUNS=auto's further rounds, an
# interrupt that keeps what finished, the tally of failed boots.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/sweep.d/state.sh"

# sweep_arm: from here on an interrupt (INT, TERM) keeps what finished and
# says so
sweep_arm() {
	tags=()
	failed=0 bfailed=0 cur_pid="" builder_pid=""
	declare -gA folded=()
	trap on_signal INT TERM
	return 0
}

fold() { # fold TAG: a boot's results into the run store, once
	[ -z "${folded[$1]:-}" ] || return 0
	folded[$1]=1
	"$LB_ROOT/runners/sweep-boot" MODE=fold RUN="$run" TAG="$1"
}

# shellcheck disable=SC2317 # the INT/TERM trap (sweep_arm)
on_signal() {
	trap - INT TERM
	[ -z "$cur_pid" ] || kill -TERM "$cur_pid" 2>/dev/null || true
	# the builds beside the boots: their process group (make, the compilers)
	[ -z "$builder_pid" ] || kill -TERM -- "-$builder_pid" 2>/dev/null || kill -TERM "$builder_pid" 2>/dev/null || true
	wait 2>/dev/null || true
	lb_warn "interrupted: keeping every finished configuration in $run (incomplete=1)"
	for t in "${tags[@]}"; do
		# a finished boot, or one whose Slurm job was cancelled (sched.meta)
		[ ! -f "$run/boots/$t/exit" ] && [ ! -f "$run/boots/$t/sched.meta" ] || fold "$t" 2>/dev/null || true
	done
	meta_set incomplete 1
	meta_set interrupted "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "$run"
	exit 130
}

run_boot() { # run_boot TAG: boot it here (runners/sweep-boot run), then fold it
	local t=$1 s=$run/boots/$1/spec v n c
	if ! boot_built "$t"; then
		fold "$t"
		return 0
	fi
	v=$(lb_spec "$s" vcpus)
	[ "$v" -le "$hostcpus" ] || lb_warn "$t: $v vCPUs on $hostcpus host CPUs: oversubscribed"
	lb_log "boot $(lb_spec "$s" iboot)/$nboot: $t, $(lb_spec "$s" plan_lines) plan lines (<= $(lb_spec "$s" configs) configurations), $(lb_spec "$s" accel), timeout $(lb_spec "$s" timeout)s"
	set +e
	LB_SWEEP_START=$start LB_SWEEP_CFG_DONE=$cfg_done LB_SWEEP_CFG_TOTAL=$cfg_total \
		LB_SWEEP_REST_S=${rest_s[$t]:-0} LB_SWEEP_COMPILES=$(if [ "${builder_deferred:-0}" = 1 ]; then echo "${#later[@]}"; else echo 0; fi) \
		"$LB_ROOT/runners/sweep-boot" MODE=run RUN="$run" TAG="$t" &
	cur_pid=$!
	wait "$cur_pid"
	cur_pid=""
	set -e
	# this boot's configurations as the guest ran them (its N record), else as planned
	n=$(sed -n 's/^N \([0-9]*\).*/\1/p' "$run/boots/$t/channel.txt" 2>/dev/null | head -n 1)
	cfg_total=$((cfg_total - $(lb_spec "$s" configs) + ${n:-$(lb_spec "$s" configs)}))
	c=$(grep -ac '^C ' "$run/boots/$t/channel.txt" 2>/dev/null || true)
	cfg_done=$((cfg_done + ${c:-0}))
	fold "$t"
	# when its rows are in the run store, epoch s.ms (beside build_started.*:
	# the order's evidence, tests/kvm.bats)
	meta_set "$t.rows_at" "$(date +%s.%3N)"
	first_rows "$t"
}

# first_rows TAG: after the first boot with rows, its headline rows: the
# cover-letter table's lines so far (runners/table SO_FAR=1, the same layout),
# so that numbers come within minutes; the whole report comes at the end
first_rows() {
	[ "${first_rows_said:-0}" = 0 ] && [ "$(cat "$run/boots/$1/exit" 2>/dev/null)" = 0 ] && [ -s "$run/results.csv" ] || return 0
	first_rows_said=1
	lb_log "the first rows ($1), as the cover letter lays them out; the sweep goes on (the whole report at the end):"
	"$LB_ROOT/runners/table" RUN="$run" SO_FAR=1 >&2 || lb_warn "runners/table could not lay out the first rows (the sweep goes on)"
}

# auto_rounds: RUNS=auto's further rounds (local sweeps): while some
# configuration of a real-time boot has a mean not yet known within
# LB_RUNS_AUTO_PCT% (lbstats converge: RUN/runs-auto.csv, rewritten after
# every round) and fewer than RUNS_MAX runs, one more boot of its kernel runs
# just those configurations (its round's share of runs, numbered on). Stops
# when none is left, or when a boot of the round fails.
auto_rounds() {
	local lbs x=0 b k p v a krel ra per more t s ntag stop=0
	local -a rt=() new=()
	lbs=$(lb_lbstats)
	# the first round's real-time boots: kernel, model, vCPUs, accelerator, release
	for t in "${tags[@]}"; do
		s=$run/boots/$t/spec
		[ "$(lb_spec "$s" round)" = 1 ] || continue
		lb_accel_realtime "$(lb_spec "$s" accel)" || continue
		rt+=("$(lb_spec "$s" kernel) $(lb_spec "$s" preempt) $(lb_spec "$s" vcpus) $(lb_spec "$s" accel) $(lb_spec "$s" krel) $(lb_spec "$s" mitigations)")
	done
	while [ -f "$run/results.csv" ]; do
		"$lbs" converge "$LB_RUNS_AUTO_PCT" "$runs_max" "$run/results.csv" | lb_atomic_write "$run/runs-auto.csv"
		[ "$stop" = 0 ] || break
		x=$((x + 1)) new=()
		for b in ${rt[@]+"${rt[@]}"}; do
			read -r k p v a krel bmit <<<"$b"
			ra=$(rounds_of "$a")
			per=$((runs0 / ra))
			# its configurations that want more runs, as concrete plan lines
			more=$(awk -F, -v a="$a" -v v="$v" -v krel="$krel" -v p="$p" -v moff="$([ "${bmit:-auto}" != off ] || echo 1)" '
				NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
				# (lbstats names an off boot'"'"'s kernel KERNEL+mitigations=off)
				{ k = $H["kernel"]; off = sub(/[+]mitigations=off$/, "", k) }
				off == moff + 0 && $H["status"] == "more" && $H["accel"] == a && $H["vcpus"] == v &&
				(k == krel || index(k, krel ".") == 1) && (a == "uml" || $H["preempt"] == p) {
					print $H["workload"], $H["variant"], $H["context"], $H["readers"], $H["writers"], $H["writer_period_ns"]
				}' "$run/runs-auto.csv" | while read -r mw mv mc mr mwr mp; do plan_line "$mw" "$mv" "$mc" "$mr" "$mwr" "$mp" "$per"; done)
			[ -n "$more" ] || continue
			ntag=${#tags[@]}
			add_boot "$k" "$p" "$v" "$((ra + x))" "$a" "$per" "$((runs0 + (x - 1) * per))" "$more"
			[ "${#tags[@]}" = "$ntag" ] || new+=("${tags[${#tags[@]} - 1]}")
		done
		[ "${#new[@]}" -gt 0 ] || break
		meta_set boots "${tags[*]}"
		lb_log "RUNS=auto: round $((maxrounds + x)): ${#new[@]} boot(s) for the configurations whose 95% interval is wider than $LB_RUNS_AUTO_PCT% of the mean ($run/runs-auto.csv)"
		for t in "${new[@]}"; do
			cfg_total=$((cfg_total + $(lb_spec "$run/boots/$t/spec" configs)))
			run_boot "$t"
			[ "$(cat "$run/boots/$t/exit" 2>/dev/null)" = 0 ] || { lb_warn "RUNS=auto: boot $t failed: no further rounds"; stop=1; }
		done
	done
	meta_set runs_auto_rounds "$((maxrounds + x - 1))"
	meta_set runs_auto_result "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next } { c[$H["status"]]++ }
		END { printf "%d configurations: %d converged, %d at RUNS_MAX, %d short (a boot failed)", NR - 1, c["converged"], c["max"], c["more"] }' "$run/runs-auto.csv")"
}

# sweep_run_local: every planned boot here, in plan order, then RUNS=auto's
# rounds and the builds' report
sweep_run_local() {
	# the whole sweep's configurations, for the progress line's ETA
	cfg_total=0 cfg_done=0
	for t in "${tags[@]}"; do cfg_total=$((cfg_total + $(lb_spec "$run/boots/$t/spec" configs))); done
	# the ETA's boots to come: each boot's planned seconds after it (the sum
	# of the later boots' TAG.expected_s, lb_boot_budget)
	declare -gA rest_s=()
	local i r=0
	for ((i = ${#tags[@]} - 1; i >= 0; i--)); do
		rest_s[${tags[$i]}]=$r
		r=$((r + $(lb_meta "$run" "${tags[$i]}.expected_s")))
	done
	for t in "${tags[@]}"; do run_boot "$t"; done
	[ "$RUNS" != auto ] || auto_rounds
	builds_report
	return 0
}

# sweep_tally: every boot folded, the failed ones counted and said; the
# interrupt handling ends
sweep_tally() {
	for t in "${tags[@]}"; do
		fold "$t"
		[ ! -f "$run/boots/$t/skipped" ] || continue
		rc=$(cat "$run/boots/$t/exit" 2>/dev/null || echo none)
		if [ "$rc" != 0 ]; then
			failed=$((failed + 1))
			nr=$(lb_meta "$run" "$t.not_run")
			if [ -n "$nr" ]; then
				lb_warn "boot $t not run: $nr"
			elif [ -f "$run/boots/$t/sched.meta" ]; then
				lb_warn "boot $t failed ($(lb_spec "$run/boots/$t/sched.meta" slurm_state), exit $rc); job log: $(lb_spec "$run/boots/$t/sched.meta" slurm_log); console log kept: $run/console/$t.log"
			else
				lb_warn "boot $t exited $rc; console log kept: $run/console/$t.log"
			fi
		fi
	done
	trap - INT TERM
	return 0
}
