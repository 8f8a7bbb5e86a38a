# shellcheck shell=bash
# runners/sweep's planning: the boots of the run (kernel x model x vCPUs x
# rounds x accelerators x mitigations) and, for each, its spec and its plan
# (RUN/boots/TAG/{spec,plan}: runners/sweep-boot runs one).
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/sweep.d/state.sh"

# plan_line W V C READERS WRITERS PERIOD NRUNS: one configuration's plan line
plan_line() {
	local line="workload=$1 variant=$2 context=$3 readers=$4 writers=$5"
	line="$line writer_period_ns=$6 nruns=$7 duration_ms=$DURATION"
	# readers on several CPUs: each one's median and interval
	# (reader_medians), so that lbstats can say whether they agree
	[ "$4" -lt 2 ] || line="$line per_reader=1"
	echo "$line"
	# make aa's A/B: the same configuration again with the known effect
	[ -z "${LB_AB_EXTRA_WORK:-}" ] || echo "$line extra_work=$LB_AB_EXTRA_WORK"
}
plan_for() { # plan_for VCPUS
	local v=$1 nr=${2:-$RUNS} w c p line readers writers
	for w in $WORKLOADS; do
		for var in $VARIANTS; do
			for c in $CONTEXTS; do
				for p in $WRITER_PERIODS; do
					# a writer gets a vCPU of its own: the readers
					# take the others; with 1 vCPU they share it (rows: shared_cpus)
					readers=$v writers=1
					[ "$p" != none ] || writers=0
					[ "$writers" = 0 ] || [ "$v" -le 1 ] || readers=$((v - 1))
					if [ "$c" != task ]; then
						# one CPU interrupts its own writer; the period is moot
						[ "$p" = "$(echo "$WRITER_PERIODS" | awk '{print $1}')" ] || continue
						readers=1 writers=1 p=0
					fi
					plan_line "$w" "$var" "$c" "$readers" "$writers" "$p" "$nr"
				done
			done
		done
	done
}

# mits_of K FLAVOUR: the MITIGATIONS words K is booted with: off only where
# K has mitigations to turn off (lb_kernel_has_mitigations), else skipped,
# said once per kernel (meta.txt skipped.K-FLAVOUR-moff)
mits_of() {
	local m
	for m in $MITIGATIONS; do
		if [ "$m" = off ] && ! lb_kernel_has_mitigations "$1" "$2" "$(if [ -n "$KDIRS" ]; then kdir_of "$1"; fi)"; then
			if [ -z "${mit_said[$1-$2]:-}" ]; then
				mit_said[$1-$2]=1
				lb_warn "skipping $1${2:+-$2} with mitigations=off: it is built without CPU-vulnerability mitigations (CONFIG_CPU_MITIGATIONS), off changes nothing"
				meta_set "skipped.$1${2:+-$2}-moff" "built without CPU-vulnerability mitigations (CONFIG_CPU_MITIGATIONS): mitigations=off changes nothing"
			fi
			continue
		fi
		echo "$m"
	done
}

# add_boot K P V R A NR ROFF [PLAN]: the spec and plan of one boot (kernel K,
# model P, V vCPUs, round R, accelerator A, NR runs numbered from ROFF) in
# RUN/boots/TAG/, its tag appended to tags; PLAN: the plan's lines (default:
# plan_for). A boot the policy rules out is skipped, saying why.
# The boot's MITIGATIONS word is bmit's (auto when unset).
add_boot() {
	local k=$1 p=$2 v=$3 r=$4 a=$5 nr=$6 roff=$7 tag kb img krel build skip out nlines ncfg budget expected timeout bseed="" m=${bmit:-auto}
	iboot=$((iboot + 1))
	[ "$iboot" -le "$nboot" ] || nboot=$iboot
	tag=$k-$p-${v}cpu
	[ "$m" = auto ] || tag=$tag-m$m
	# several accelerators in one run: each boot's tag names its own
	[ "${accels#* }" = "$accels" ] || tag=$tag-$a
	[ "$(rounds_of "$a")" = 1 ] && [ "$RUNS" != auto ] || tag=$tag-r$r
	kb=$(lb_kbuild_dir "$k" "$p") img=$(lb_initramfs "$k-$p") krel=$k build=$k-$p
	# a stock kernel's rows name it 6.12.118-debian (collect), not Debian's
	# release (6.12.118+deb12-amd64, 6.1.0-57-amd64: meta.txt stock.*)
	[ -z "${stock_rel[$k]:-}" ] || krel=${stock_rel[$k]}
	if [ -n "$KDIRS" ]; then
		kb=$(kdir_of "$k") img=$(kimage_of "$k") krel=$(cat "$kb/include/config/kernel.release" 2>/dev/null || echo "$k") build=$k
		case " $KIMAGES " in *" $k="*) build="" ;; esac
	fi
	if skip=$(lb_accel_skip "$a" "$krel" "$v"); then
		lb_warn "skipping $tag: $skip"
		meta_set "skipped.$tag" "$skip"
		return 0
	fi
	out=$run/boots/$tag
	mkdir -p "$out"
	if [ $# -ge 8 ]; then printf '%s\n' "$8" >"$out/plan"; else plan_for "$v" "$nr" >"$out/plan"; fi
	nlines=$(wc -l <"$out/plan")
	# group lines (workload=all|replicas|kernel, variant=all) expand in the
	# guest (runners/guest-expand, with the module's table): the same
	# expansion here, with the vocabulary's table (expand_table)
	ncfg=$(sh "$LB_ROOT/runners/guest-expand" <(printf '%s\n' "$expand_table") "$out/plan" | wc -l)
	# Budget: the expected time of this boot's plan under this accelerator,
	# times a generous factor, with a floor (lb_boot_budget); TIMEOUT overrides
	budget=$(lb_boot_budget "$a" "$ncfg" "$nr" "$DURATION")
	read -r expected timeout <<<"$budget"
	timeout=${TIMEOUT:-$timeout}
	meta_set "$tag.expected_s" "$expected"
	meta_set "$tag.timeout_s" "$timeout"
	# real time: this boot's configurations in an order of its own (SEED)
	! lb_accel_realtime "$a" || bseed=$(lb_boot_seed "$SEED" "$tag")
	{
		echo "tag=$tag"
		echo "kernel=$k"
		echo "preempt=$p"
		echo "vcpus=$v"
		echo "round=$r"
		echo "nruns=$nr"
		echo "roff=$roff"
		echo "kbuild=$kb"
		echo "image=$img"
		echo "build=$build"
		echo "accel=$a"
		echo "clock=$CLOCK"
		echo "pin=$(pin_of "$a")"
		echo "perf=$PERF"
		echo "krel=$krel"
		echo "rows_kernel=${stock_rel[$k]:-}"
		echo "mitigations=$m"
		echo "timeout=$timeout"
		echo "seed=$bseed"
		echo "extra_cmdline=${LB_EXTRA_CMDLINE:-}${bseed:+${LB_EXTRA_CMDLINE:+ }lb.seed=$bseed}"
		echo "plan_lines=$nlines"
		echo "configs=$ncfg"
		echo "iboot=$iboot"
		echo "nboot=$nboot"
	} >"$out/spec"
	echo "$tag" >>"$run/boots/list"
	tags+=("$tag")
}

# sweep_plan_boots: every boot's spec and plan; the planned tags in meta.txt
# boots= (lb_incomplete_note: which of them are missing)
sweep_plan_boots() {
	# the configuration counts: the module's table as guest-expand reads it,
	# from its vocabulary (lb_vocab); what only a build knows (has_writer,
	# nmi_safe) taken as yes, so a count is at most one too many per kernel
	# function in a writer sweep or non-NMI-safe variant in NMI context (the
	# boot's log line: "<= N configurations"; the guest's N record corrects it)
	expand_table=$(lb_vocab table | awk -F, -v OFS=, 'NR == 1 { print "workload,variant,has_writer,nmi_safe"; next } { print $1, $2, 1, 1 }')
	declare -gA mit_said=()
	boots=()
	# rounds: every kernel once per round (KDIRS: a, b, a, b, ... per vCPU count);
	# each accelerator has its own number of rounds (rounds_of)
	for ((r = 1; r <= maxrounds; r++)); do
		for a in $accels; do
			[ "$r" -le "$(rounds_of "$a")" ] || continue
			if [ -n "$KDIRS" ]; then
				for v in $VCPUS; do for k in $kdir_labels; do for m in $(mits_of "$k" ""); do boots+=("$k $(kpreempt_of "$k") $v $r $a $m"); done; done; done
			elif [ "$(lb_accel_build "$a")" = um ]; then
				# one User-Mode Linux build per kernel (the uml flavour)
				for k in $(uml_kernels); do for v in $VCPUS; do for m in $(mits_of "$k" uml); do boots+=("$k uml $v $r $a $m"); done; done; done
			else
				for e in $pairs; do for v in $VCPUS; do for m in $(mits_of "${e%%:*}" "${e#*:}"); do boots+=("${e%%:*} ${e#*:} $v $r $a $m"); done; done; done
			fi
		done
	done
	nboot=${#boots[@]} iboot=0 tags=()
	: >"$run/boots/list"
	for b in "${boots[@]}"; do
		read -r k p v r a bmit <<<"$b"
		ra=$(rounds_of "$a")
		# this round's share of the runs, and where its run numbers start
		nr=$((runs0 / ra + (r <= runs0 % ra ? 1 : 0)))
		roff=$(((r - 1) * (runs0 / ra) + (r - 1 < runs0 % ra ? r - 1 : runs0 % ra)))
		add_boot "$k" "$p" "$v" "$r" "$a" "$nr" "$roff"
	done

	# the planned boots, for lb_incomplete_note (which of them are missing)
	meta_set boots "${tags[*]}"
	return 0
}
