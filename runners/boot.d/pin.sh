# shellcheck shell=bash
# runners/boot's CPU pinning (PIN=1): each vCPU thread on its own host CPU
# (lb_allowed_cpus, in order), the map recorded in boot.meta (pinning=) with
# each pinned CPU's SMT siblings (pinning_smt_siblings=). Sourced by
# runners/boot, never run.
# shellcheck source-path=SCRIPTDIR source=state.sh
. "$LB_ROOT/runners/boot.d/state.sh"

# pin_arm: before a QEMU run: with PIN=1, QEMU starts stopped (-S) with a QMP
# monitor on a pipe (pin_args, QEMU's arguments for it) that pin_vcpus asks
# for the vCPU threads before letting the guest run
pin_arm() {
	pin_args=()
	[ "$pin" = 1 ] || return 0
	rm -f "$tmp/qmp.in" "$tmp/qmp.out"
	mkfifo "$tmp/qmp.in" "$tmp/qmp.out"
	pin_args=(-S -chardev "pipe,id=lbqmp,path=$tmp/qmp" -mon "chardev=lbqmp,mode=control")
}

# pin_vcpus: with QEMU stopped (-S), ask QMP for the vCPU threads, pin each to
# its own host CPU, then let the guest run.
pin_vcpus() {
	local qin qout line obj cpus=() hosts=() i=0 idx tid host map="" done_tids=" "
	exec {qin}<>"$tmp/qmp.in" {qout}<>"$tmp/qmp.out"
	qmp_read() { # the next line carrying "return" or "error"
		while IFS= read -r -t 10 -u "$qout" line; do
			case $line in *'"return"'* | *'"error"'*) return 0 ;; esac
		done
		return 1
	}
	IFS= read -r -t 10 -u "$qout" line || { lb_warn "pinning: no QMP greeting"; return 1; }
	echo '{"execute":"qmp_capabilities"}' >&"$qin"
	qmp_read || { lb_warn "pinning: qmp_capabilities got no answer"; return 1; }
	echo '{"execute":"query-cpus-fast"}' >&"$qin"
	if ! qmp_read; then
		lb_warn "pinning: query-cpus-fast got no answer: vCPUs left unpinned"
		echo '{"execute":"cont"}' >&"$qin"
		return 1
	fi
	# {"return": [{"thread-id": 123, "props": {"core-id": 0, "thread-id": 0, ...},
	#   "qom-path": "...", "cpu-index": 0, ...}, ...]}: drop the props (their
	# thread-id is the SMT thread number), then one vCPU per line.
	mapfile -t cpus < <(sed -e 's/"props": {[^}]*}//g' -e 's/}, {/}\n{/g' <<<"$line")
	read -r -a hosts <<<"$(lb_allowed_cpus)"
	for obj in "${cpus[@]}"; do
		tid=$(grep -o '"thread-id": [0-9]*' <<<"$obj" | grep -o '[0-9][0-9]*$') || continue
		idx=$(grep -o '"cpu-index": [0-9]*' <<<"$obj" | grep -o '[0-9][0-9]*$') || idx=$i
		host=${hosts[$((i % ${#hosts[@]}))]}
		i=$((i + 1))
		case $done_tids in *" $tid:"*)
			# Single-threaded TCG (icount): every vCPU runs on the same host thread.
			host=${done_tids#*" $tid:"}
			map="$map${map:+,}cpu$idx:$tid->host${host%% *}(shared)"
			continue
			;;
		esac
		done_tids="$done_tids$tid:$host "
		if taskset -pc "$host" "$tid" >/dev/null; then
			map="$map${map:+,}cpu$idx:$tid->host$host"
		else
			lb_warn "pinning: taskset -pc $host $tid failed"
			map="$map${map:+,}cpu$idx:$tid->unpinned"
		fi
	done
	[ "$i" -gt 0 ] || lb_warn "pinning: no vCPU thread in the query-cpus-fast answer: $line"
	pinning=$map
	lb_log "pinned vCPU threads: $map"
	pin_siblings "$map"
	echo '{"execute":"cont"}' >&"$qin"
	qmp_read || lb_warn "pinning: cont got no answer"
	exec {qin}>&- {qout}<&-
}

# pin_uml: pin each vCPU thread of the UML process to its own host CPU. The
# vCPU threads are the process's threads (task/*) other than its main one,
# in creation order; 1 vCPU: the main thread alone. Recorded as for QEMU.
pin_uml() {
	local tids=() hosts=() tid i=0 host map="" tries=0
	read -r -a hosts <<<"$(lb_allowed_cpus)"
	while [ "$tries" -lt 50 ]; do
		mapfile -t tids < <(find "/proc/$qpid/task" -mindepth 1 -maxdepth 1 -printf '%f\n' 2>/dev/null | sort -n)
		[ "${#tids[@]}" -lt "$vcpus" ] || break
		tries=$((tries + 1))
		sleep 0.1
	done
	for tid in "${tids[@]}"; do
		[ "$i" -lt "$vcpus" ] || break
		host=${hosts[$((i % ${#hosts[@]}))]}
		if taskset -pc "$host" "$tid" >/dev/null 2>&1; then
			map="$map${map:+,}cpu$i:$tid->host$host"
		else
			map="$map${map:+,}cpu$i:$tid->unpinned"
		fi
		i=$((i + 1))
	done
	pinning=$map
	lb_log "pinned UML threads: $map"
	pin_siblings "$map"
}

# pin_siblings MAP: pin_smt = each pinned host CPU's SMT siblings (itself alone:
# no sibling shares its core), warning when one shares its core.
pin_siblings() {
	pin_smt=$(grep -o 'host[0-9]*' <<<"$1" | sort -u | while read -r host; do
		printf '%s:%s ' "$host" "$(lb__read "/sys/devices/system/cpu/cpu${host#host}/topology/thread_siblings_list")"
	done | sed 's/ $//')
	case " $pin_smt " in *[:,-]*[,-]*) lb_warn "pinned vCPUs share a core with an SMT sibling ($pin_smt): timings are noisier" ;; esac
}
