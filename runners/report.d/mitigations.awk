# runners/mitigations' layout: the run's meta.txt (after "#meta"), its
# codegen records (after "#codegen", each file after "#cg FILE") and its
# lbstats summary CSV (after "#rows") -> mitigations=auto - off per real
# kernel function beside what its read path's code holds. -v section=1 (no
# title), -v rid=RUN id. Needs runners/lib.awk first.
/^#meta$/ { part = "meta"; next }
/^#codegen$/ { part = "cg"; FS = "\t"; next }
/^#rows$/ { part = "rows"; FS = ","; next }
part == "meta" {
	# TAG.mitigations (the guest summary) and TAG.mitigations_mode (off)
	if (match($0, /^[^=]*\.mitigations=/)) { t = substr($0, 1, RLENGTH - 13); MIT[t] = substr($0, RLENGTH + 1) }
	if (match($0, /^[^=]*\.mitigations_mode=/)) { t = substr($0, 1, RLENGTH - 18); MODE[t] = substr($0, RLENGTH + 1) }
	next
}
part == "cg" {
	if ($0 ~ /^#cg /) { f = substr($0, 5); next }
	if ($0 ~ /^# rows: /) { split($0, a, /[ =]/); CGK[f] = a[4]; CGP[f] = a[6]; next }
	if ($0 ~ /^# none: /) { NONE[f] = substr($0, 9); next }
	if ($0 ~ /^#/ || $0 == "") next
	if ($1 == "thunk") { TH[f] = $2; TX[f] = $3; TM[f] = $4; next }
	if (NF < 11) { NA[f, $1] = 1; next }
	# per root: the reached functions summed
	k = f SUBSEP $1
	RP[k] += $5; RT[k] += $6; EB[k] += $9; I3[k] += $10; NF_[k]++
	if ($5 + 0 > 0) WH[k] = WH[k] (WH[k] == "" ? "" : ", ") $2 ($5 > 1 ? " x" $5 : "")
	next
}
/^kernel,accel,/ { delete H; for (i = 1; i <= NF; i++) H[$i] = i; next }
{
	if (lb_accel($H["accel"], "exact") != 1 || $H["context"] != "task" || $H["readers"] != 1 || $H["writers"] != 0) next
	if ($H["role"] != "real") next
	k = $H["kernel"]; off = (index(k, "+mitigations=off") > 0); sub(/\+mitigations=off$/, "", k)
	c = k SUBSEP $H["preempt"] SUBSEP $H["vcpus"]
	if (!(c in seenc)) { seenc[c]; nc++; C[nc] = c }
	V[c, $H["workload"], off] = $H["value"] + 0
	X[c, $H["workload"], off] = $H["exact"] == "yes"
	if (!(($H["workload"]) in seenw)) { seenw[$H["workload"]]; nw++; W[nw] = $H["workload"] }
}
# vuln(KERNEL, OFF, NAME): the guest summary entry NAME of a boot of KERNEL
# with mitigations off or not (the first such boot)
function vuln(kern, off,   t, n, i, e, p) {
	for (t in MIT) {
		if (!lb_tagmatch(t, kern)) continue
		if ((MODE[t] == "off") != off) continue
		n = split(MIT[t], e, "|")
		for (i = 1; i <= n; i++) { p = index(e[i], ":"); if (substr(e[i], 1, p - 1) == NAME_) return substr(e[i], p + 1) }
		return "absent"
	}
	return ""
}
function v_(kern, off, name) { NAME_ = name; return vuln(kern, off) }
END {
	if (!section) {
		print "latchbench mitigations: run " rid
		print "mitigations=auto - off per real kernel function, " lb_accel_names("exact", "", ", ") " (guest"
		print "instructions per read, exact, emulated), 1 reader, no writer,"
		print "task context; beside what the read path's code holds."
		print ""
	}
	n = 0
	for (i = 1; i <= nc; i++) {
		split(C[i], cp, SUBSEP); kern = cp[1]; pm = cp[2]; vc = cp[3]
		has = 0
		for (j = 1; j <= nw; j++) if ((C[i], W[j], 0) in V && (C[i], W[j], 1) in V) has = 1
		if (!has) continue
		n++
		f = ""
		for (g in CGK) if (CGK[g] == kern && CGP[g] == pm) f = g
		sa = v_(kern, 0, "spectre_v2"); so = v_(kern, 1, "spectre_v2")
		ra = v_(kern, 0, "retbleed"); sr = v_(kern, 0, "spectre_v2_user")
		xa = v_(kern, 0, "srso")
		print lb_fold(kern " " pm ", " lb_plural(vc, "vCPU") ": spectre_v2 " (sa == "" ? "unknown" : sa) " (auto), " (so == "" ? "unknown" : so) " (off); retbleed " (ra == "" ? "unknown" : ra) "; srso " (xa == "" ? "unknown" : xa), "  ", "")
		retp = (sa ~ /[Rr]etpoline/) && (so !~ /[Rr]etpoline/)
		rthk = (ra ~ /return thunk|[Uu]ntrained|IBPB/) || (xa ~ /Safe RET|return thunk|IBPB/)
		if (f == "") { print "    no disassembly of this kernel in the run (runners/codegen: RUN/codegen/)"; continue }
		if (f in NONE) print lb_fold("no disassembly: " NONE[f], "      ", "    ")
		else if (TH[f] == "none") print "    built without retpolines (no __x86_indirect_thunk_*): mitigations= changes no read-path code"
		else print lb_fold("retpoline thunk " TH[f] ": " TX[f] " instructions on its retpoline path (" TM[f] "); a site patched to an indirect call runs 1 (the nop after it): " (TX[f] - 1) " more per site when spectre_v2 is Retpolines", "    ", "  ")
		for (j = 1; j <= nw; j++) {
			w = W[j]
			if (!((C[i], w, 0) in V && (C[i], w, 1) in V)) continue
			d = V[C[i], w, 0] - V[C[i], w, 1]
			ex = X[C[i], w, 0] && X[C[i], w, 1] ? "=" : ""
			line = sprintf("%-24s %6s %s", w, (d >= 0 ? "+" : "") lb_show(d), ex)
			k = f SUBSEP w
			if (f in NONE || TH[f] == "" && !(k in NF_)) { print "    " line; continue }
			if ((f, w) in NA || !(k in NF_)) { print lb_fold(line ": not a vmlinux function (inline or a module wrapper): not disassembled", "      ", "    "); continue }
			pred = (retp && TH[f] != "none") ? RP[k] * (TX[f] - 1) : 0
			s = NF_[k] " functions reached: " RP[k] + 0 " retpoline site" (RP[k] == 1 ? "" : "s") (WH[k] == "" ? "" : " (" WH[k] ")") ", " RT[k] + 0 " return-thunk exit" (RT[k] == 1 ? "" : "s") ", " EB[k] + 0 " endbr64, " I3[k] + 0 " int3 (padding, never run)"
			if (rthk && RT[k] > 0) v = "return thunks run under auto on this CPU model: their cost is not modelled here"
			else if (d == pred) v = "explained: " (pred == 0 ? "no site that mitigations= patches runs" : RP[k] " x " (TX[f] - 1) " = " (pred >= 0 ? "+" : "") pred)
			else v = "NOT explained by the sites: they predict " (pred >= 0 ? "+" : "") pred " (a site off the executed path, or one the walk did not reach: an indirect call's target)"
			print lb_fold(line ": " s "; " v, "      ", "    ")
		}
	}
	if (!n && !section) print "  no kernel with both mitigations=auto and off rows under " lb_accel_names("exact", "", " or ")
}
