function ctxs(c) { return c == "hardirq" ? "hirq" : c }
function val(x,   a) {
	if (x == "NA" || x == "") return "-"
	a = x < 0 ? -x : x + 0
	return a < 100 ? sprintf("%.2f", x) : a < 10000 ? sprintf("%.1f", x) : sprintf("%.0f", x)
}
function rsd(r) {
	if (r == "NA" || r == "" || r + 0 <= 2) return ""
	return r + 0 < 10 ? sprintf(" +-%.1f%%", r) : sprintf(" +-%.0f%%", r)
}
function pct(c,   a) {
	if (c == "NA" || c == "") return "n/a"
	a = c < 0 ? -c : c
	return a < 100 ? sprintf("%+.2f%%", c) : a < 1000 ? sprintf("%+.1f%%", c) : sprintf("%+.0f%%", c)
}
# print a table line; never wider than 72: a line that fits as it is, an
# overlong one folded by lb_fold (lib.awk), continued indented
function out72(s) {
	sub(/ +$/, "", s)
	if (length(s) <= 72) print s
	else lb_wrap(s, "    ")
}
function plural(n, what) { return n "\001" what (n + 0 == 1 ? "" : "s") }
# a difference in ns ("+0.13ns"), an mde in ns or percent
function nsfmt(x,   a) { a = x < 0 ? -x : x; return (a < 1 ? sprintf("%.2f", x) : sprintf("%.1f", x)) "ns" }
function nsd(x) { return (x + 0 >= 0 ? "+" : "") nsfmt(x) }
function mdefmt(x) { return (x + 0 < 10 ? sprintf("%.1f", x) : sprintf("%.0f", x)) "%" }
FILENAME == ARGV[1] {
	if ($2 == "seckernels") seck[$3] = $4
	else M[$1, $2] = $3
	next
}
FNR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
# lbstats compare's last line: comparisons, the median mde, whether it is too high
/^# / { TRL = substr($0, 3); next }
{
	split($1, k, "|")
	# a joint section (lbstats sections: "voluntary+lazy"): named base -> new
	split(k[2], sp, "/")
	if (sp[3] ~ /\+/ && !(sp[3] in joint)) { joint[sp[3]]; x = sp[3]; sub(/\+/, "->", x); crossp = crossp (crossp == "" ? "" : ", ") x }
	if ($H["verdict"] == "empty") { if ($H["n_base"] + 0) onlyb++; else onlyn++; next }
	nt++
	sec = k[2]
	if (!(sec in secidx)) { secidx[sec] = ++nsec; SEC[nsec] = sec }
	if (!((sec, k[3]) in wlidx)) { wlidx[sec, k[3]] = ++nwl[sec]; WLN[sec, nwl[sec]] = k[3] }
	if (!(k[4] in varidx)) varidx[k[4]] = ++nvar
	sortk[nt] = sprintf("%04d%04d%d%04d%08d%08d%015d", secidx[sec], wlidx[sec, k[3]],
		lb_ctxrank(k[5]), varidx[k[4]], k[6], k[7], k[8] == "none" ? 0 : k[8] + 1)
	RSEC[nt] = sec; RWL[nt] = k[3]
	c1 = k[4]; c2 = ctxs(k[5]); c3 = k[6] "/" k[7]; c4 = lb_period(k[8])
	b = val($H["median_base"]); br = rsd($H["rsd_base"])
	nn = val($H["median_new"]); nr = rsd($H["rsd_new"])
	v = $H["verdict"]; ch = pct($H["change_pct"]); det = ""
	# near zero (lbstats rule: below near_zero_quanta quanta or near_zero_ns): the change in ns, never in percent
	nz = $H["near_zero"] == 1
	if (nz) { ch = nsd($H["diff"]); nearz++ }
	if (v == "significant") { ch = ch; mk = "*" }
	else if (v == "exact-same") { ch = "same"; mk = "=" }
	else if (v == "exact-diff") { mk = "=" }
	else if (v == "insufficient") { ch = "(" ch ")"; mk = "?"; insuff++ }
	else {
		# inconclusive: what it could have detected (lbstats: mde, 80% power)
		ch = "(" ch ")"; mk = " "; inconcl++
		det = nz ? (($H["mde"] == "NA") ? "" : ">=" nsfmt($H["mde"])) : (($H["mde_pct"] == "NA") ? "" : ">=" mdefmt($H["mde_pct"]))
	}
	if (v == "exact-same" || v == "exact-diff") exact++
	if (v == "significant") sig++
	if (mode == "single") { ch = $H["n_base"]; mk = ""; if (ch + 0 < min_runs) insuff1++ }
	ROW[nt] = c1 "\t" c2 "\t" c3 "\t" c4 "\t" b "\t" br "\t" nn "\t" nr "\t" ch "\t" mk "\t" det
	if (length(det) > wd) wd = length(det)
	if (length(c1) > w1) w1 = length(c1)
	if (length(c3) > w3) w3 = length(c3)
	if (length(c4) > w4) w4 = length(c4)
	if (length(b) > wb) wb = length(b)
	if (length(br) > wbr) wbr = length(br)
	if (length(nn) > wn) wn = length(nn)
	if (length(nr) > wnr) wnr = length(nr)
	if (length(ch) > wc) wc = length(ch)
	# headline candidates for kernel-variant workloads: the new median
	if ((sec, k[3]) in firstrow) next
	firstrow[sec, k[3]] = $H["median_new"] "\t" k[6] "\t" k[7] "\t" k[8] "\t" k[5]
}
END {
	acc = M["new", "accels"]; if (acc == "") acc = M["base", "accels"]
	both = M["base", "accels"] " " M["new", "accels"]
	# the metric: an exact accelerator's (instructions) where either side
	# ran one, beside the others' each in its own unit
	exacts = lb_accel_names("exact", both, " ")
	split(acc, aw, " "); others = ""
	for (i = 1; i in aw; i++) if (index(" " exacts " ", " " aw[i] " ") == 0) others = others (others == "" ? "" : " ") aw[i]
	if (exacts == "") { split(acc, aw, " "); unit = lb_accel(aw[1], "metric"); unit = (unit == "" ? "ns" : unit) " per op" }
	else {
		split(exacts, ew, " "); unit = lb_accel(ew[1], "metric") " per op"
		if (others != "") { split(others, ow, " "); unit = unit " (" exacts "), " lb_accel(ow[1], "metric") " per op (" others ")" }
	}
	if (mode == "single") { wb = wb < 6 ? 6 : wb; insuff = 0; inconcl = 0; nearz = 0; TRL = "" }
	# three parts (-v part=): the header, the table, the legend; the
	# report puts the other sections between them
	if (part == "header") {
		if (mode == "kernels") lb_wrap("latchbench: " blabel " -> " nlabel " (run " runlabel ")", "  ")
		else if (mode == "single") lb_wrap("latchbench: run " runlabel " (one kernel: no comparison)", "  ")
		else lb_wrap("latchbench: run " blabel " -> run " nlabel, "  ")
		if (mode == "single") lb_wrap("kernel: " M["new", "kernels"], "  ")
		else lb_wrap("kernels: base " M["base", "kernels"] ", new " M["new", "kernels"], "  ")
		lb_wrap("accel: " (M["base", "accels"] == M["new", "accels"] ? acc : "base " M["base", "accels"] ", new " M["new", "accels"]) \
			"; vCPUs: " (M["base", "vcpus"] == M["new", "vcpus"] ? M["new", "vcpus"] : "base " M["base", "vcpus"] ", new " M["new", "vcpus"]), "  ")
		if (M["base", "preempt"] M["new", "preempt"] != "")
			lb_wrap("preempt: " (M["base", "preempt"] == M["new", "preempt"] ? M["new", "preempt"] : "base " M["base", "preempt"] ", new " M["new", "preempt"]), "  ")
		if (crossp != "")
			lb_wrap("NOTE: the sides ran different preemption models (" crossp "; 7.x has no voluntary on x86): rows are matched across them, so a change is the kernel and the model together.", "      ")
		lb_wrap("metric: " unit ", median over runs (lower is better)", "  ")
		# low power, said first (and again in lowpf: the report puts it on top)
		if ((s = lb_lowpower(TRL, M["base", "kernels"] " -> " M["new", "kernels"])) != "")
			{ print s; if (lowpf != "") print s >> lowpf }
		# two runs: two sweeps, whose host and boot drift no alternation cancelled
		if (mode == "runs" && M["all", "realtime"] + 0)
			lb_wrap("WARNING: separate sweeps: base and new are two runs, so host and boot drift between them is not cancelled as in one sweep, whose boots alternate the kernels; make aa's halves split (its first boots against its last, the same kernel) measures how much that adds. Compare kernels in one sweep (KERNELS=\"A B\") where you can.", "         ")
		if (M["all", "perboot"] + 0)
			lb_wrap("NOTE: real time (" lb_accel_names("realtime", "", ", ") "): the boot is the statistical unit: one sample per boot, the mean of its runs, so runs and the >= " min_runs " of the test count boots.", "      ")
		if (M["base", "accels"] != M["new", "accels"])
			print "WARNING: base and new ran on different accelerators"
		# each accelerator's caveat (accels.h report_note), folded at 69
		# columns: the notes keep a margin the other header lines do not
		printf "%s", lb_accel_notes(both, "report_note", "NOTE: ", "      ", 69)
		exit
	}
	if (part == "table") {
		if (nt == 0) { print ""; print "No configuration present on both sides." }
		if (mode == "single") { wn = 0; wnr = 0; wc = 0 }
		# sort rows (insertion sort: small n, mawk has no asort)
		for (i = 1; i <= nt; i++) O[i] = i
		for (i = 2; i <= nt; i++) {
			x = O[i]
			for (j = i - 1; j >= 1 && sortk[O[j]] > sortk[x]; j--) O[j + 1] = O[j]
			O[j + 1] = x
		}
		if (w1 < 7) w1 = 7
		if (w3 < 3) w3 = 3
		if (w4 < 6) w4 = 6
		if (wb < 5) wb = 5
		if (wn < 5) wn = 5
		if (wc < 6) wc = 6
		cfmt = "  %-" w1 "s %-4s %" w3 "s %" w4 "s"
		vfmt = "%" wb "s%-" wbr "s %" wn "s%-" wnr "s %" wc "s %s" (wd ? " %-" wd "s" : "%0.0s")
		if (mode == "single") vfmt = "%" wb "s%-" wbr "s%0.0s%0.0s %4s%0.0s%0.0s"
		# too wide for one line: configuration, then values on an indented line
		wide = length(sprintf(cfmt, "", "", "", "")) + 1 + length(sprintf(vfmt, "", "", "", "", "", "x", "")) > 72
		hc = sprintf(cfmt, "variant", "ctx", "r/w", "period")
		hv = sprintf("%" wb "s%" wbr "s %" wn "s%" wnr "s %" wc "s", "base", "", "new", "", "change") (wd ? sprintf("   %-" wd "s", "detect") : "")
		if (mode == "single") hv = sprintf("%" wb "s%" wbr "s %4s", "median", "", "runs")
		last = ""
		for (i = 1; i <= nt; i++) {
			r = O[i]
			if (RSEC[r] != lastsec) {
				lastsec = RSEC[r]
				split(lastsec, sp, "/")
				sub(/\+/, "->", sp[3])
				if (nsec > 1 || sp[4] != "") {
					print ""
					s = "== " sp[1] ", " plural(sp[2], "vCPU") (sp[3] != "" ? ", preempt " sp[3] : "") (sp[4] != "" ? ", kernel " sp[4] : "") " =="
					gsub("\001", " ", s)
					print s
				}
				last = ""
			}
			if (RWL[r] != last) {
				last = RWL[r]
				print ""
				print RWL[r]
				if (wide) { print hc; out72("    " hv) }
				else out72(hc " " hv)
			}
			split(ROW[r], f, "\t")
			c = sprintf(cfmt, f[1], f[2], f[3], f[4])
			v = sprintf(vfmt, f[5], f[6], f[7], f[8], f[9], f[10], f[11])
			if (wide) { sub(/ +$/, "", c); print c; out72("    " v) }
			else out72(c " " v)
		}
		exit
	}
	# (the legend: below the per-workload summary lines, summary.awk)
	print ""
	if (mode == "single") lb_wrap("Medians over runs; runs = number of runs. r/w = readers/writers; period = writer update period (asap = back-to-back). +-N% = relative stddev, shown when > 2%." (insuff1 ? " Fewer than " min_runs " runs: insufficient runs for a test." : ""), "")
	else lb_wrap("Medians over runs; change = (new - base) / base; negative = fewer " unit " = faster. r/w = readers/writers; period = writer update period (asap = back-to-back). +-N% = relative stddev of that side, shown when > 2%.", "")
	lb_wrap("significant: >= " min_runs " runs per side, Welch's t-test p < " alpha " AND |change| >= " min_change "%" (M["all", "realtime"] + 0 ? " AND more than the clock's quantum (real time: equal values only say a change is below its resolution)" : "") "; otherwise the change is in (parentheses).", "   ", "*  ")
	if (inconcl) lb_wrap("inconclusive: in (parentheses), not significant: detect = the smallest change the test could have seen with 80% power (lbstats: Welch's on these samples, the rule's minimum change and the clock's quantum at least); a smaller change is not ruled out. Never \"same\".", "   ", "   ")
	if (nearz) lb_wrap("near zero (a side below " nz_q " clock quanta or " nz_ns " ns, e.g. the harness alone): changes and detect in ns, not in percent of a near-zero value.", "   ", "   ")
	# the exact rule only where it can apply (a real-time report never says "exact")
	if (exact || exacts != "") lb_wrap("exact: every run identical on both sides (deterministic, e.g. " lb_accel_names("exact", "", ", ") "): the difference is exact, no test is run; \"same\" = exact, no change.", "   ", "=  ")
	if (insuff) lb_wrap("insufficient runs: fewer than " min_runs " runs on a side; not tested.", "   ", "?  ")
	if (onlyb + onlyn) print (onlyb + 0) " configurations only in base, " (onlyn + 0) " only in new: not shown."
	# (the roles of the run's vocabulary, lbstats roles: -v subject, -v baselines)
	nc = split(baselines, cand, " "); alt = ""; for (c = 2; c <= nc; c++) alt = alt (c > 2 ? ", " : "") cand[c]
	lb_wrap("Summary lines: " subject " vs " cand[1] (alt != "" ? " (else " alt ")" : "") " in task context, at the reference writer configuration (lbstats: present in the most kernels, then writers > 0, most runs, fastest period, most writers, fewest readers)." (exacts != "" ? " Each figure says whether it is exact." : ""), "")
}
