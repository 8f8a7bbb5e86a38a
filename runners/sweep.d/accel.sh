# shellcheck shell=bash
# runners/sweep's accelerator decision: which accelerator each boot runs under
# (lib.sh's policy, lb_accel_*, shared with sweep-boot and boot), and what
# follows from it: pinning, real time, rounds per accelerator, the SEED.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/sweep.d/state.sh"

# sweep_accel_check: CLOCK=kvmclock needs kvm (ACCEL's words are checked with
# every other setting, sweep_check)
sweep_accel_check() {
	case " $ACCEL " in *" kvm "* | " auto ") ;; *) [ "$CLOCK" != kvmclock ] || lb_die "CLOCK=kvmclock needs ACCEL=kvm (ACCEL=$ACCEL); CLOCK=tsc works everywhere" ;; esac
	return 0
}

# sweep_accel: accels and why (lb_accel_resolve; ACCEL=auto without KVM: icount
# and, beside it, uml for the kernels whose UML has SMP, their builds in
# ubuilds)
sweep_accel() {
	accels="" why="" ubuilds=()
	if [ "$ACCEL" = auto ] && [ "$SCHED" = slurm ]; then
		# every Slurm job probes its own node (runners/sweep-boot; TAG.node_accel)
		accels=auto why="probed on each node by its Slurm job (TAG.node_accel)"
	else
		for a in $ACCEL; do
			lb_accel_resolve "$a" "$probe_kb"
			# auto, resolved here once: each boot's sweep-boot records it as this
			# host's verdict (node_accel) instead of probing again
			[ "$a" != auto ] || export LB_ACCEL_AUTO=$lb_accel LB_ACCEL_AUTO_WHY=$lb_accel_why
			accels="$accels${accels:+ }$lb_accel" why="$why${why:+; }$lb_accel: $lb_accel_why"
		done
		[ "${accels#* }" != "$accels" ] || why=$lb_accel_why
	fi
	# auto without KVM: icount's exact paths and, beside them, uml's real time for
	# the kernels whose UML has SMP (UML_KERNELS: those named), built now
	if [ "$ACCEL" = auto ] && [ "$accels" != kvm ] && [ "$accels" != auto ] && [ -z "$KDIRS" ]; then
		if [ -z "$UML_KERNELS" ]; then
			for k in $KERNELS; do lb_uml_smp "$k" && UML_KERNELS="$UML_KERNELS${UML_KERNELS:+ }$k"; done
		fi
		if [ -n "$UML_KERNELS" ]; then
			accels="$accels uml" why="$why; uml beside it for $UML_KERNELS: real time of the same code on the host's own cores"
			nosmp=$(for k in $KERNELS; do lb_kernel_stock "$k" || lb_kernel_distro "$k" || case " $UML_KERNELS " in *" $k "*) ;; *) printf '%s ' "$k" ;; esac; done)
			[ -z "$nosmp" ] || why="$why; uml not for ${nosmp% } (their UML has no SMP: 1 vCPU only; ACCEL=\"icount uml\" boots them)"
			for k in $UML_KERNELS; do ubuilds+=("$k-uml"); done
		else
			lb_log "uml: none of KERNELS=\"$KERNELS\" has SMP under User-Mode Linux (6.17 on): icount alone"
		fi
	fi
	[ "$ACCEL" != auto ] || [ "$accels" = auto ] || lb_log "accelerator: $accels ($why)"
	return 0
}

pin_of() { # pin_of ACCEL: this boot's vCPU pinning (PIN, else the policy's)
	if [ "$1" = auto ]; then echo "${PIN:-auto}"; else lb_accel_pin "$1" "${PIN:-}"; fi
}

rounds_of() { # rounds_of ACCEL: boots per kernel under ACCEL (ROUNDS, else lb_rounds_default)
	if [ -n "$ROUNDS" ]; then echo "$ROUNDS"; else lb_rounds_default "$1" "$runs0"; fi
}

# sweep_accel_policy: the warnings (emulated, uml), the stand-in, realtime,
# maxrounds and the SEED of a real-time run
sweep_accel_policy() {
	for a in $accels; do
		[ "$a" != auto ] || continue
		if lb_accel_realtime "$a"; then
			[ "$a" != uml ] || lb_warn "uml: $LB_UML_NOTE"
		else
			[ "$ACCEL" != auto ] || lb_warn "KVM not usable: measuring under $accels (${why##*probe-accel: })"
			lb_warn "times are EMULATED ($a), not hardware results$([ "$a" != icount ] || echo "; icount: ns = guest instructions (6.1 boots with 1 vCPU only)")"
		fi
	done
	case " $accels " in *" kvm "* | " auto ") ;; *) [ "$CLOCK" != kvmclock ] || lb_die "CLOCK=kvmclock needs kvm, and this run is under $accels ($why); CLOCK=tsc works everywhere" ;; esac
	standin=""
	case " $accels " in *" kvm "* | " auto ") standin=$(lb_qemu_standin) ;; esac
	[ -z "$standin" ] || lb_warn "$standin"
	realtime=0
	for a in $accels; do lb_accel_realtime "$a" && realtime=1; done

	maxrounds=1
	for a in $accels; do
		ra=$(rounds_of "$a")
		[ "$ra" -le "$maxrounds" ] || maxrounds=$ra
		if [ -z "$ROUNDS" ] && lb_accel_realtime "$a" && [ "$ra" -lt "$LB_RT_ROUNDS" ]; then
			lb_warn "$a: $ra boot(s) per kernel, not $LB_RT_ROUNDS: RUNS=$RUNS, and every boot needs a run (RUNS=$LB_RT_ROUNDS or more: significance across boots)"
		fi
		if [ "$RUNS" = auto ] && ! lb_accel_realtime "$a"; then
			lb_log "RUNS=auto: $a runs $runs0, no more: $(if lb_accel_exact "$a"; then echo "$a is deterministic (every run the same path length)"; else echo "$a's times are emulated, not real time"; fi)"
		fi
	done
	if [ "$realtime" = 1 ] && [ -z "$SEED" ]; then
		SEED=$(($(od -An -N4 -tu4 /dev/urandom) % 2147483647))
	fi
	return 0
}
