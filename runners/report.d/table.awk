# runners/table's layout: lbstats summary CSV (-F,) -> the tables across a
# run's kernels, per lbstats section. -v format=table|mmtests, -v rid=RUN
# id, -v rule=lbstats rule (key=value lines), -v powf=FILE (each comparison's
# verdict and mde, for lbstats power). Needs runners/lib.awk first.
# numbers: whole where they are whole, else about three digits
function num(x,   a) {
	if (x == "" || x == "NA") return "?"
	a = x < 0 ? -x : x
	if (a == int(a) && a < 100000) return sprintf("%d", x)
	return a < 10 ? sprintf("%.2f", x) : a < 100 ? sprintf("%.1f", x) : sprintf("%.0f", x)
}
function signed(x) { return (x + 0 >= 0 ? "+" : "") num(x) }
function unitline(a) { return lb_accel_unitline(a, "read") }
function mark(v) { return v == "significant" || v == "exact-diff" ? "*" : v == "insufficient" ? "?" : " " }
BEGIN { n = split(rule, rl, "\n"); for (i = 1; i <= n; i++) { split(rl[i], kv, "="); RULE[kv[1]] = kv[2] } }
NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
$H["context"] != "task" || $H["role"] == "harness" || ($H["ref_read"] != 1 && $H["ref_writer"] != 1) { next }
{
	s = $H["section"]; k = $H["kernel"]; ci = ""; w = $H["workload"]; v = $H["variant"]
	if (!(s in sid)) { sid[s] = ++ns; S[ns] = s; SA[ns] = $H["accel"] }
	if (!((s, k) in kseen)) { kseen[s, k]; K[s, ++nk[s]] = k; KM[s, k] = $H["preempt"] }
	real = $H["role"] == "real"
	for (c = 1; c <= 2; c++) {
		if ((c == 1 && $H["ref_read"] != 1) || (c == 2 && ($H["ref_writer"] != 1 || $H["ref_read"] == 1 || real))) continue
		b = real ? "real" SUBSEP c : w SUBSEP c
		if (!((s, b) in bseen)) {
			bseen[s, b]; B[s, ++nb[s]] = b
			BT[s, b] = (real ? "real kernel functions" : w) ": " lb_plural($H["readers"], "reader") ", " lb_writers($H["writers"], $H["writer_period_ns"])
		}
		name = real ? w : v
		if (!((s, b, name) in rseen)) { rseen[s, b, name]; R[s, b, ++nr[s, b]] = name; RO[s, b, name] = real ? 0 : $H["order"] }
		net = $H["net_none"]
		ci = $H["net_ci95"]
		# with an interval, the net to its precision: "+4.5+-0.06", "+104+-2"
		NET[s, b, name, k] = net == "" ? "" : ci == "0" ? signed(net) "=" : ci == "NA" ? signed(net) "?" : \
			(net + 0 >= 0 ? "+" : "") (ci + 0 < 0.1 ? sprintf("%.2f", net) : ci + 0 < 1 ? sprintf("%.1f", net) : sprintf("%.0f", net)) \
			"+-" (ci + 0 < 1 ? sprintf("%.1g", ci) : ci + 0 < 10 ? sprintf("%.1f", ci) : sprintf("%.0f", ci))
		if ($H["exact"] == "yes" || $H["net_ci95"] == "0") anyexact = 1
		if ($H["cmp_unit"] == "boot") anyboot = 1
		TOT[s, b, name, k] = num($H["value"]) ($H["exact"] == "yes" && net == "" ? "=" : "")
		MK[s, b, name, k] = mark($H["vs_first_verdict"])
		# inconclusive against the first kernel: what it could have detected (lbstats)
		if ($H["vs_first_verdict"] == "inconclusive")
			DET[s, b, name, k] = $H["vs_first_mde_pct"] != "NA" ? sprintf($H["vs_first_mde_pct"] < 10 ? "%.1f%%" : "%.0f%%", $H["vs_first_mde_pct"]) : \
				$H["vs_first_mde"] != "NA" ? sprintf("%.2f ns", $H["vs_first_mde"]) : ""
		# each comparison shown, for its power (lbstats power, said first)
		print $H["vs_first_verdict"] "\t" $H["vs_first_mde_pct"] > powf
		MM[s, b, name, k] = $H["value"] "\t" $H["value_sd"] "\t" $H["value_cv_pct"] "\t" \
			$H["mm_amean_gain_pct"] "\t" $H["mm_stddev_gain_pct"] "\t" $H["mm_coeffvar_gain_pct"] "\t" $H["vs_first_verdict"] "\t" $H["vs_first_mde_pct"]
		if (!real) SHORT[s, b, name] = w "-" v "-" ($H["writers"] + 0 == 0 ? "r" $H["readers"] : "r" $H["readers"] "w" $H["writers"] "p" $H["writer_period_ns"])
		else SHORT[s, b, name] = w "-r" $H["readers"]
	}
}
# rows of block (s, b) by display order (insertion sort; mawk has no asort)
function order_rows(s, b,   i, j, x) {
	for (i = 1; i <= nr[s, b]; i++) O[i] = R[s, b, i]
	for (i = 2; i <= nr[s, b]; i++) {
		x = O[i]
		for (j = i - 1; j >= 1 && RO[s, b, O[j]] > RO[s, b, x]; j--) O[j + 1] = O[j]
		O[j + 1] = x
	}
	return nr[s, b]
}
# kernels of section s in version order (lb_vcmp)
function order_kernels(s,   i, j, x) {
	for (i = 1; i <= nk[s]; i++) KO[i] = K[s, i]
	for (i = 2; i <= nk[s]; i++) { x = KO[i]; for (j = i - 1; j >= 1 && lb_vcmp(x, KO[j]) < 0; j--) KO[j + 1] = KO[j]; KO[j + 1] = x }
	return nk[s]
}
function title(si,   sp, s) {
	split(S[si], sp, "/")
	s = sp[1] ", " lb_plural(sp[2], "vCPU") (sp[3] != "" ? ", preempt " sp[3] : "")
	return s
}
# a kernel's version: its name up to a config or boot suffix
# (6.12.118-debian+mitigations=off -> 6.12.118)
function kver(k) { sub(/[-+].*/, "", k); return k }
# blocks(m, chunk): the kernels KO[1..m] (version order) in blocks of at
# most chunk columns, NB blocks, BL[i, 1..BN[i]] indexes into KO: one
# version's kernels (patched, stock, distro build, mitigations=off
# boots) are never split while they fit in a block; a version with more
# kernels than a block holds gets blocks of its own, each led by its
# first kernel (the patched one), so that every block sets the others
# beside it
function blocks(m, chunk,   i, j, g, n, f) {
	NB = 0; n = 0
	for (i = 1; i <= m; i = j) {
		for (j = i + 1; j <= m && kver(KO[j]) == kver(KO[i]); j++) ;
		g = j - i
		if (g <= chunk) {
			if (n > 0 && n + g > chunk) n = 0
			if (n == 0) BN[++NB] = 0
			for (f = i; f < j; f++) BL[NB, ++BN[NB]] = f
			n = BN[NB]
			continue
		}
		n = 0
		for (f = i + 1; f < j; f++) {
			if ((f - i - 1) % (chunk > 1 ? chunk - 1 : 1) == 0) { BN[++NB] = 0; if (chunk > 1) BL[NB, ++BN[NB]] = i }
			BL[NB, ++BN[NB]] = f
		}
	}
}
function table(si,   s, m, w1, cw, mw, i, j, b, nrow, line, l2, l3, kn, anym, name, c, bi, nk1, chunk, net, merged, sp) {
	s = S[si]; m = order_kernels(s)
	# the first column fits the variants; the long name of a real function
	# runs into the net field of its first cell, which it has no use for
	w1 = 12
	for (i = 1; i <= nb[s]; i++) { b = B[s, i]; if (b ~ /^real/) continue; for (j = 1; j <= nr[s, b]; j++) if (length(R[s, b, j]) + 2 > w1) w1 = length(R[s, b, j]) + 2 }
	if (w1 > 24) w1 = 24
	print ""
	print "== " title(si) " =="
	lb_wrap(unitline(SA[si]) ": net cost over the unsynchronised control, then the total.", "")
	merged = split(s, sp, "/") && sp[3] ~ /\+/
	# as many kernels per table as fit in 72 columns, cells >= 16 wide and
	# wide enough for the widest net figure of the section (an interval,
	# +155.3+-0.6, and 8 more: the total and its mark)
	mw = 16
	for (i = 1; i <= nb[s]; i++) {
		b = B[s, i]
		for (j = 1; j <= nr[s, b]; j++)
			for (c = 1; c <= m; c++)
				if ((s, b, R[s, b, j], KO[c]) in NET && length(NET[s, b, R[s, b, j], KO[c]]) + 8 > mw)
					mw = length(NET[s, b, R[s, b, j], KO[c]]) + 8
	}
	chunk = int((72 - w1) / mw); if (chunk < 1) chunk = 1
	blocks(m, chunk)
	for (bi = 1; bi <= NB; bi++) {
		nk1 = BN[bi]
		for (j = 1; j <= nk1; j++) KB[j] = KO[BL[bi, j]]
		cw = int((72 - w1) / nk1); if (cw > 20) cw = 20; if (cw < mw) cw = mw
		# (a kernel name longer than a cell, 6.12.118-debian-arm64: a space before it)
		for (j = 1; j <= nk1; j++) { kn = KB[j]; sub(/[+]mitigations=off$/, "", kn); if (length(kn) + 1 > cw) cw = length(kn) + 1 }
		line = sprintf("%-" w1 "s", ""); l2 = line; l3 = line; anym = 0
		for (j = 1; j <= nk1; j++) {
			# a boot with mitigations=off (lbstats: KERNEL+mitigations=off):
			# the kernel on the first line, the boot parameter under it
			kn = KB[j]
			if (sub(/[+]mitigations=off$/, "", kn)) anym = 1
			line = line sprintf("%" cw "s", kn)
			l3 = l3 sprintf("%" cw "s", KB[j] != kn ? "mitigations=off" : "")
			l2 = l2 sprintf("%" cw "s", "(" KM[s, KB[j]] ")")
		}
		print ""
		print line
		if (anym) print l3
		if (merged) print l2
		for (i = 1; i <= nb[s]; i++) {
			b = B[s, i]
			print BT[s, b]
			nrow = order_rows(s, b)
			for (j = 1; j <= nrow; j++) {
				name = O[j]
				line = sprintf("  %-" (w1 - 2) "s", length(name) > w1 - 2 && b !~ /^real/ ? substr(name, 1, w1 - 3) "~" : name)
				c = 1
				if (b ~ /^real/ && length(line) > w1) {
					line = sprintf("%-" (w1 + cw - 7) "s", line)
					if (length(line) > w1 + cw - 7) line = substr(line, 1, w1 + cw - 8) "~"
					line = line sprintf("%6s%s", (s, b, name, KB[c]) in TOT ? TOT[s, b, name, KB[c]] : "-", MK[s, b, name, KB[c]])
					c++
				}
				for (; c <= nk1; c++) {
					if (!((s, b, name, KB[c]) in TOT)) { line = line sprintf("%" cw "s", "-"); continue }
					net = NET[s, b, name, KB[c]]
					line = line sprintf("%" (cw - 8) "s %6s%s", net, TOT[s, b, name, KB[c]], MK[s, b, name, KB[c]])
				}
				sub(/ +$/, "", line)
				print line
			}
		}
	}
	# each inconclusive total (no *): the smallest change it could have detected
	det = ""
	for (i = 1; i <= nb[s]; i++) {
		b = B[s, i]; nrow = order_rows(s, b); l2 = ""
		for (j = 1; j <= nrow; j++)
			for (c = 2; c <= m; c++)
				if (DET[s, b, O[j], KO[c]] != "")
					l2 = l2 (l2 == "" ? "" : ", ") O[j] (m > 2 ? " " KO[c] : "") " " DET[s, b, O[j], KO[c]]
		if (l2 != "") det = det (det == "" ? "" : "; ") BT[s, b] ": " l2
	}
	if (det != "") lb_wrap("Totals without * are inconclusive against " KO[1] ": the smallest change each could have detected (80% power) was " det ".", "")
}
function mmtests(si,   s, m, i, j, b, nrow, name, c, f, lab, st, v, pc, sig, k, wn, line) {
	s = S[si]; m = order_kernels(s)
	print ""
	print "# " title(si) ": " unitline(SA[si])
	wn = 10
	for (i = 1; i <= nb[s]; i++) { b = B[s, i]; for (j = 1; j <= nr[s, b]; j++) if (length(SHORT[s, b, R[s, b, j]]) > wn) wn = length(SHORT[s, b, R[s, b, j]]) }
	line = sprintf("%-9s %-" wn "s", "", "")
	for (c = 1; c <= m; c++) line = line sprintf(" %21s", KO[c] (KM[s, KO[c]] != "" ? "-" KM[s, KO[c]] : ""))
	print line
	for (st = 1; st <= 4; st++) {
		lab = st == 1 ? "Amean" : st == 2 ? "Stddev" : st == 3 ? "CoeffVar" : "Detect"
		for (i = 1; i <= nb[s]; i++) {
			b = B[s, i]
			nrow = order_rows(s, b)
			for (j = 1; j <= nrow; j++) {
				name = O[j]
				line = sprintf("%-9s %-" wn "s", lab, SHORT[s, b, name])
				for (c = 1; c <= m; c++) {
					k = KO[c]
					if (!((s, b, name, k) in MM)) { line = line sprintf(" %21s", "n/a"); continue }
					split(MM[s, b, name, k], f, "\t")
					# Detect: the smallest change the comparison with the first kernel could see (80% power)
					if (st == 4) { line = line sprintf(" %10s %s", "", c == 1 || f[8] == "" || f[8] == "NA" ? sprintf("%9s", "-") : sprintf(">=%6.2f%%", f[8])); continue }
					v = f[st]; pc = f[st + 3]
					if (c == 1 || pc == "") pc = 0
					sig = c > 1 && st == 1 && (f[7] == "significant" || f[7] == "exact-diff")
					line = line sprintf(" %10s %s%7.2f%%%s", v == "NA" ? "NaN" : sprintf("%.2f", v), sig ? "*" : "(", pc == "NA" ? 0 : pc, sig ? "*" : ")")
				}
				print line
			}
		}
	}
}
# headline(S): S within 72 columns, a run id too long for one line cut after a
# "+" between its kernels (else at column 72), the rest indented
function headline(s,   out, cut) {
	while (length(s) > 72) {
		for (cut = 72; cut > 3 && substr(s, cut, 1) != "+"; cut--) ;
		if (cut <= 3) cut = 72
		out = out substr(s, 1, cut) "\n"
		s = "  " substr(s, cut + 1)
	}
	return out s
}
END {
	print format == "mmtests" ? "latchbench run " rid : headline("latchbench run " rid)
	if (!ns) { print "(no task-context rows: no table)"; exit 0 }
	for (i = 1; i <= ns; i++) if (format == "mmtests") mmtests(i); else table(i)
	print ""
	if (format == "mmtests") {
		lb_wrap("Percentages: gain against the first kernel, (first - this) / first; positive = lower = better. * = significant (Welch p < " RULE["alpha"] ", >= " RULE["min_runs"] " runs a side, |change| >= " RULE["min_change_pct"] "%) or an exact difference (" lb_accel_names("exact", "", ", ") "). Detect: the smallest change against the first kernel the test could have seen (80% power); a change without * is inconclusive below it, never \"same\".", "")
	} else {
		lb_wrap("Cells: net cost over the control (+-N: 95% interval of the difference of means" (anyboot ? ", of boot means under real time" : "") (anyexact ? "; = exact, every run identical" : "") "), then the total. * the total differs from the first kernel's (Welch p < " RULE["alpha"] ", >= " RULE["min_runs"] " runs a side, |change| >= " RULE["min_change_pct"] "%" (anyexact ? "; under " lb_accel_names("exact", "", ", ") ": exactly" : "") (anyboot ? "; real time: over boots, each boot's mean one sample" : "") "); ? too few runs to test.", "")
	}
}
