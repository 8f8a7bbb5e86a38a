# shellcheck shell=bash
# runners/sweep's kernels: which (kernel, preemption model) pairs it boots,
# a developer's own trees (KSRC/PATCHES -> KDIRS, labelled build dirs), the
# kernels User-Mode Linux boots.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/sweep.d/state.sh"

# models_of K: the preemption models to boot K with (PREEMPT, or K's default)
models_of() {
	if [ -n "$PREEMPT" ]; then
		echo "$PREEMPT"
	else
		lb_default_preempt "$1"
		[ -z "$preempt_extra" ] || [ "$preempt_extra" = "$(lb_default_preempt "$1")" ] || echo "$preempt_extra"
	fi | paste -sd' '
}

# uml_kernels: the kernels uml boots (UML_KERNELS, else KERNELS but the stock
# and distro ones: Debian's x86 images and amd64 options have no User-Mode
# Linux build)
uml_kernels() {
	local k
	for k in ${UML_KERNELS:-$KERNELS}; do lb_kernel_stock "$k" || lb_kernel_distro "$k" || printf '%s\n' "$k"; done | paste -sd' '
}

kdir_of() { # kdir_of LABEL: KDIRS's build dir of LABEL
	local e
	for e in $KDIRS; do [ "${e%%=*}" != "$1" ] || { echo "${e#*=}"; return 0; }; done
}
kimage_of() { # kimage_of LABEL: its initramfs (KIMAGES's, or the one built here)
	local e
	for e in $KIMAGES; do [ "${e%%=*}" != "$1" ] || { echo "${e#*=}"; return 0; }; done
	lb_initramfs "kdir-$1-$(kdir_of "$1" | sha256sum | cut -c1-12)"
}
kpreempt_of() { # kpreempt_of LABEL: the preemption model in its .config
	lb_config_preempt "$(kdir_of "$1")/.config"
}

# sweep_kernels: uml's kernels said, KSRC/PATCHES built into KDIRS, KDIRS
# checked, the (kernel, model) pairs (a model a kernel lacks is skipped, saying
# so): pairs, skipped_pairs, PREEMPT_USED, kdir_labels
sweep_kernels() {
	case " $ACCEL " in *" uml "*)
		for k in $KERNELS; do
			! lb_kernel_stock "$k" || [ -n "$UML_KERNELS" ] || lb_log "uml: not $k (Debian's x86 image as shipped; User-Mode Linux boots ARCH=um builds of the source)"
			! lb_kernel_distro "$k" || [ -n "$UML_KERNELS" ] || lb_log "uml: not $k (an x86 config: Debian's amd64 options; User-Mode Linux boots the ARCH=um build)"
		done
		;;
	esac

	# --- a developer's own kernels: KSRC/PATCHES -> KDIRS (labelled build dirs) ---
	if [ -z "$KDIRS" ] && [ -n "${KSRC:-}${PATCHES:-}" ]; then
		tree=()
		if [ -n "${KSRC:-}" ]; then tree+=("KSRC=$KSRC"); else tree+=("KVER=${KVER:-6.12}"); fi
		[ -z "${REV:-}" ] || tree+=("REV=$REV")
		[ -z "${PATCHES:-}" ] || tree+=("PATCHES=$PATCHES")
		[ -z "${LABEL:-}" ] || tree+=("LABEL=$LABEL")
		[ "${PREEMPT%% *}" = "$PREEMPT" ] || lb_warn "KSRC/PATCHES: one kernel per tree; PREEMPT=${PREEMPT%% *}"
		popt=()
		[ -z "$PREEMPT" ] || popt=("PREEMPT=${PREEMPT%% *}")
		kd=$("$LB_ROOT/runners/build-tree" "${popt[@]}" "${tree[@]}") || lb_die "building ${tree[*]} failed"
		KDIRS="$(sed -n 's/^label=//p' "$kd/.latchbench-tree-meta")=$kd"
	fi
	kdir_labels=""
	if [ -n "$KDIRS" ]; then
		for e in $KDIRS; do
			l=${e%%=*} d=${e#*=}
			if [ "$l" = "$e" ] || [ -z "$l" ]; then lb_die "KDIRS: '$e' is not LABEL=DIR"; fi
			case $l in *[!a-z0-9_]*) lb_die "KDIRS: label '$l': lower-case letters, digits and _ only" ;; esac
			case " $kdir_labels " in *" $l "*) lb_die "KDIRS: label '$l' given twice" ;; esac
			if [ ! -f "$d/vmlinux" ] || [ ! -f "$d/.config" ]; then
				lb_die "KDIRS: $d is not a finished kernel build (no vmlinux or .config)"
			fi
			kdir_labels="$kdir_labels $l"
		done
		KERNELS=${kdir_labels# } kdir_labels=${kdir_labels# }
		PREEMPT=$(for l in $kdir_labels; do kpreempt_of "$l"; done | sort -u | paste -sd' ')
	fi

	# --- (kernel, model) pairs: a model a kernel lacks is skipped, saying so ---
	pairs="" skipped_pairs=""
	if [ -z "$KDIRS" ]; then
		for k in $KERNELS; do
			for p in $(models_of "$k"); do
				if lb_kernel_has_model "$k" "$p"; then
					pairs="$pairs $k:$p"
				else
					if lb_kernel_stock "$k" || lb_kernel_distro "$k"; then
						lb_warn "skipping $k-$p: $(if lb_kernel_distro "$k"; then echo "the distro profile builds"; else echo "Debian's image boots"; fi) $(lb_kernel_models "$k") (PREEMPT_DYNAMIC's default as shipped; preempt= at boot is no axis here)"
					else
						lb_warn "skipping $k-$p: Linux $k has no $p preemption model on x86 (it has: $(lb_kernel_models "$k"))"
					fi
					skipped_pairs="$skipped_pairs $k-$p"
				fi
			done
		done
		pairs=${pairs# }
		[ -n "$pairs" ] || lb_die "no (kernel, preemption model) pair to run: KERNELS=$KERNELS PREEMPT=$PREEMPT"
		PREEMPT_USED=$(for e in $pairs; do echo "${e#*:}"; done | awk '!s[$0]++' | paste -sd' ')
		[ "$x86" = 1 ] || PREEMPT_USED="um's default (each boot's TAG.preempt)"
	else
		PREEMPT_USED=$PREEMPT
	fi
	return 0
}
