# runners/faithful's layout: lbstats summary CSV of one or more runs (each
# after a "#run ID" line) -> each replica's latch row beside the real
# function it copies (-v table=stats/replicas.tsv), per kernel and boot
# configuration, each table line of the rows' arch (x86_64 before the
# column). -v ksel=KERNEL words, -v section=1 (no title), -v rid=the
# title's run, -v multi=1 (rows named by their run). Needs runners/lib.awk
# first.
BEGIN {
	while ((getline l < table) > 0) {
		if (l ~ /^#/ || l == "") continue
		split(l, f, "\t"); np++
		RA[np] = f[1]; RW[np] = f[2]; RV[np] = f[3]; RF[np] = f[4]; WHY[np] = f[5]
		need[f[2]]; if (f[4] != "-") need[f[4]]
	}
}
/^#run / { run = substr($0, 6); next }
/^kernel,accel,/ { delete H; for (i = 1; i <= NF; i++) H[$i] = i; next }
{
	if ($H["context"] != "task" || $H["readers"] != 1 || $H["writers"] != 0) next
	if (!lb_kmatch($H["kernel"], ksel) || !($H["workload"] in need)) next
	pr = ("preempt" in H) ? $H["preempt"] : ""
	cfg = (multi ? run ": " : "") $H["kernel"] " " $H["accel"] " " $H["vcpus"] " vCPU" ($H["vcpus"] == 1 ? "" : "s") (pr == "" ? "" : " " pr)
	if (!(cfg in seen)) { seen[cfg]; nc++; C[nc] = cfg }
	# the architecture the rows ran (rows before the column: x86_64)
	CA[cfg] = ("arch" in H && $H["arch"] != "") ? $H["arch"] : "x86_64"
	# the figure lbstats chose (value: under icount the path per read) and
	# the role of the variant (harness: the timed loop alone; real: the function)
	w = $H["workload"]; v = $H["role"] == "harness" ? "@harness" : $H["role"] == "real" ? "@real" : $H["variant"]
	VAL[cfg, w, v] = $H["value"] + 0
	EX[cfg, w, v] = $H["exact"] == "yes" ? " =" : ""
	if (index(" " accs " ", " " $H["accel"] " ") == 0) accs = accs " " $H["accel"]
}
END {
	if (!section) {
		print "latchbench faithfulness: run " rid
		print "Replica latch rows vs the real functions they copy, same kernel"
		print "and boot; 1 reader, no writer, task context."
		printf "%s", lb_accel_notes(accs, "brief_note", "", "", 72)
		print ""
	}
	if (nc == 0) { print "  no task rows with 1 reader and no writer of the replicas"; exit 0 }
	for (c = 1; c <= nc; c++) {
		cfg = C[c]; print lb_fold(cfg, "  ", "")
		h = ""
		for (w in need) if ((cfg, w, "@harness") in VAL) hl[w] = lb_show(VAL[cfg, w, "@harness"]) EX[cfg, w, "@harness"]
		for (p = 1; p <= np; p++) if (RA[p] == CA[cfg] && RW[p] in hl && !(RW[p] in hd)) { hd[RW[p]]; h = h (h == "" ? "" : ", ") RW[p] " " hl[RW[p]] }
		delete hl; delete hd
		if (h != "") print lb_fold("harness (the timed loop alone): " h, "    ", "  ")
		for (p = 1; p <= np; p++) {
			k = cfg SUBSEP RW[p] SUBSEP RV[p]
			if (RA[p] != CA[cfg] || !(k in VAL)) continue
			r = sprintf("  %-10s %-5s %6s", RW[p], RV[p], lb_show(VAL[k]) EX[k])
			if (RF[p] == "-") { print r ": no real counterpart"; why[p] = 1; continue }
			kf = cfg SUBSEP RF[p] SUBSEP "@real"
			if (!(kf in VAL)) { print r " vs " RF[p] ": not measured"; continue }
			d = VAL[kf] - VAL[k]
			print sprintf("%s vs %-22s %6s: real %s", r, RF[p], lb_show(VAL[kf]) EX[kf], (d >= 0 ? "+" : "") lb_show(d))
			if (d > 3 || d < -3) why[p] = 1
		}
	}
	first = 1
	for (p = 1; p <= np; p++) {
		if (!(p in why)) continue
		if (first) { print ""; print "Differences over 3, and replicas without a counterpart:"; first = 0 }
		print lb_fold(RW[p] " " RV[p] (RF[p] == "-" ? "" : " vs " RF[p]) ": " WHY[p], "    ", "  ")
	}
}
