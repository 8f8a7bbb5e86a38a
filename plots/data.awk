# latchbench: lbstats summary CSV -> gnuplot data + variable files.
# Called by runners/plots; reads the summary by header name. Plots are made
# per (accel, vCPUs, preempt model) combination; file names carry that
# combination as a prefix only when a run has more than one.
# -v data=DIR: where <name>.dat / <name>.vars.gp go; prints the plan
# ("script<TAB>name" per plot) on stdout and notes ("note<TAB>text").
function q(s) { gsub(/"/, "", s); return "\"" s "\"" }
function ci(x, m) { return x == "NA" || x == "" ? m : x }
function period(p) {
	if (p == "none" || p == "") return "-"
	if (p + 0 == 0) return "asap"
	if (p % 1000000 == 0) return (p / 1000000) "ms"
	if (p % 1000 == 0) return (p / 1000) "us"
	return p "ns"
}
function vcmp(a, b,   x, y, n, m, i) {	# version compare: <0, 0, >0
	n = split(a, x, /[.-]/); m = split(b, y, /[.-]/)
	for (i = 1; i <= n && i <= m; i++) {
		if (x[i] ~ /^[0-9]+$/ && y[i] ~ /^[0-9]+$/) { if (x[i] + 0 != y[i] + 0) return x[i] - y[i] }
		else if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1
	}
	return n - m
}
function vidx(v) {			# fixed colour per variant
	if (!(v in VIDX)) VIDX[v] = 9 + (nextra++ % 2)
	return VIDX[v]
}
function ctxrank(c) { return c == "task" ? 0 : c == "hardirq" ? 1 : c == "nmi" ? 2 : 3 }
function emu(a) {
	if (a == "icount") return "icount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
	if (a == "tcg") return "TCG: times are emulated - not hardware results"
	return ""
}
function unit(a, what) {
	if (a == "icount") return "guest instructions per " what
	return "ns per " what (a == "tcg" ? " (emulated, TCG)" : "")
}
function ttl(s, a, v,   e) {		# main title: names workload, accel, vCPUs
	e = emu(a)
	return s " (" a ", " v " vCPU" (v + 0 == 1 ? "" : "s") (PREEMPT != "" ? ", preempt " PREEMPT : "") ")" (e != "" ? "\\n" e : "")
}
function nice(m) { return m > 0 ? m * 1.1 : 1 }
function begin_plot(name) { F = data "/" name ".dat"; VF = data "/" name ".vars.gp"; nblk = 0; printf "" > F; printf "" > VF }
function block_end() { printf "\n\n" > F; return nblk++ }
function var(name, val) { printf "%s = %s\n", name, val > VF }
function end_plot(script, name) { close(F); close(VF); printf "%s\t%s\n", script, name }
# sort idx[1..n] by key[] (numeric if num)
function isort(idx, n, key, num,   i, j, x) {
	for (i = 2; i <= n; i++) {
		x = idx[i]
		for (j = i - 1; j >= 1 && (num ? key[idx[j]] + 0 > key[x] + 0 : key[idx[j]] > key[x]); j--) idx[j + 1] = idx[j]
		idx[j + 1] = x
	}
}
BEGIN {
	FS = ","
	split("latch seqcount rcu none empty rbtree-seqcount rwlock kernel", vv, " ")
	for (i = 1; i <= 8; i++) VIDX[vv[i]] = i
}
NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
{
	n++
	for (c in H) R[n, c] = $H[c]
	cb = R[n, "accel"] SUBSEP R[n, "vcpus"] SUBSEP R[n, "preempt"]
	if (!(cb in combo)) { combo[cb] = ++ncombo; CA[ncombo] = R[n, "accel"]; CV[ncombo] = R[n, "vcpus"]; CP[ncombo] = R[n, "preempt"] }
	ci_ = combo[cb]; ROWC[n] = ci_
	w = R[n, "workload"]
	if (!((ci_, w) in wseen)) { wseen[ci_, w]; nw[ci_]++; WL[ci_, nw[ci_]] = w }
	k = R[n, "kernel"]
	if (!((ci_, k) in kseen)) { kseen[ci_, k]; nkc[ci_]++; KL[ci_, nkc[ci_]] = k }
	v = R[n, "variant"]
	if (!((ci_, w, v) in vseen)) { vseen[ci_, w, v]; nv[ci_, w]++; VL[ci_, w, nv[ci_, w]] = v }
}
END {
	for (c = 1; c <= ncombo; c++) {
		# kernels in version order
		m = nkc[c]
		for (i = 1; i <= m; i++) { KO[i] = KL[c, i] }
		for (i = 2; i <= m; i++) { x = KO[i]; for (j = i - 1; j >= 1 && vcmp(KO[j], x) > 0; j--) KO[j + 1] = KO[j]; KO[j + 1] = x }
		klist = ""
		for (i = 1; i <= m; i++) { klist = klist (i > 1 ? " " : "") KO[i]; KPOS[KO[i]] = i }
		pre = ncombo > 1 ? CA[c] "-" CV[c] "cpu-" (CP[c] != "" ? CP[c] "-" : "") : ""
		PREEMPT = CP[c]
		a = CA[c]; vc = CV[c]
		for (wi = 1; wi <= nw[c]; wi++) {
			wl = WL[c, wi]
			readers_plots(c, wl, pre, a, vc, m, klist)
			period_plots(c, wl, pre, a, vc, m, klist)
			spread_plots(c, wl, pre, a, vc, m, klist)
			irq_plot(c, wl, pre, a, vc, m, klist)
		}
	}
	if (!anyirq) printf "note\tno hardirq/nmi rows: outcome chart skipped\n"
}
# reference writer config of a workload: writers > 0, most runs (sum of n),
# then fastest period (0 first), then fewest writers. Sets RW, RP.
function refwriter(c, wl,   i, key, best, s, bk, bp, bw) {
	for (key in SC) delete SC
	for (i = 1; i <= n; i++) {
		if (ROWC[i] != c || R[i, "workload"] != wl || R[i, "context"] != "task" || R[i, "writers"] + 0 == 0) continue
		SC[R[i, "writers"] SUBSEP R[i, "writer_period_ns"]] += R[i, "n"]
	}
	RW = ""; RP = ""; best = -1
	for (key in SC) {
		split(key, s, SUBSEP)
		if (SC[key] > best || (SC[key] == best && (s[2] + 0 < bp + 0 || (s[2] + 0 == bp + 0 && s[1] + 0 < bw + 0)))) {
			best = SC[key]; bw = s[1]; bp = s[2]
		}
	}
	if (best >= 0) { RW = bw; RP = bp }
}
function readers_plots(c, wl, pre, a, vc, m, klist,   r, rseen, rt, j, pass, ww, pp, name, ki, vi, v, i, nr, idx, key, ymax, xmin, xmax, vl, ix, cl, any, lbl, hi) {
	refwriter(c, wl)
	for (pass = 1; pass <= 2; pass++) {
		if (pass == 1) { ww = 0; pp = "none"; name = pre wl "-readers-nowriter"; lbl = "no writer" }
		else {
			if (RW == "") return
			ww = RW; pp = RP; name = pre wl "-readers-writer"
			lbl = RW " writer" (RW + 0 == 1 ? "" : "s") ", period " (RP + 0 == 0 ? "0 (back-to-back)" : RP " ns")
		}
		begin_plot(name)
		ymax = 0; xmin = ""; xmax = ""; any = 0
		for (r in rseen) delete rseen
		rt = ""
		for (ki = 1; ki <= m; ki++) {
			vl = ix = cl = ""
			for (vi = 1; vi <= nv[c, wl]; vi++) {
				v = VL[c, wl, vi]
				nr = 0
				for (i = 1; i <= n; i++) {
					if (ROWC[i] != c || R[i, "workload"] != wl || R[i, "variant"] != v || KPOS[R[i, "kernel"]] != ki) continue
					if (R[i, "context"] != "task" || R[i, "writers"] + 0 != ww + 0 || R[i, "writer_period_ns"] != pp) continue
					idx[++nr] = i; key[i] = R[i, "readers"]
				}
				if (!nr) continue
				isort(idx, nr, key, 1)
				for (j = 1; j <= nr; j++) {
					i = idx[j]
					hi = ci(R[i, "ci95_hi"], R[i, "mean"])
					printf "%s %s %s %s\n", R[i, "readers"], R[i, "mean"], ci(R[i, "ci95_lo"], R[i, "mean"]), hi > F
					if (hi + 0 > ymax) ymax = hi + 0
					if (R[i, "mean"] + 0 > ymax) ymax = R[i, "mean"] + 0
					if (xmin == "" || R[i, "readers"] + 0 < xmin) xmin = R[i, "readers"] + 0
					if (xmax == "" || R[i, "readers"] + 0 > xmax) xmax = R[i, "readers"] + 0
					if (!(R[i, "readers"] in rseen)) { rseen[R[i, "readers"]]; rt = rt (rt == "" ? "" : ", ") R[i, "readers"] }
				}
				vl = vl (vl == "" ? "" : " ") v; ix = ix (ix == "" ? "" : " ") block_end(); cl = cl (cl == "" ? "" : " ") vidx(v)
				any = 1
			}
			PV[ki] = vl; PI[ki] = ix; PC[ki] = cl
		}
		if (!any) { close(F); close(VF); continue }
		var("datafile", q(F)); var("nk", m); var("klist", q(klist))
		var("maintitle", q(ttl(wl ": " unit(a, "op") " vs readers, mean +- 95% CI; " lbl, a, vc)))
		var("ylab", q(unit(a, "op"))); var("ymax", nice(ymax))
		var("xmin", xmin - (xmax - xmin) * 0.05 - 0.5); var("xmax", xmax + (xmax - xmin) * 0.05 + 0.5)
		var("xticsdef", "\"set xtics (" rt ")\"")
		var("w", 200 + 450 * m); var("h", 480)
		for (ki = 1; ki <= m; ki++) { var("vl" ki, q(PV[ki])); var("ix" ki, q(PI[ki] == "" ? "" : PI[ki])); var("cl" ki, q(PC[ki])) }
		end_plot("readers.gp", name)
	}
}
# x position of a writer period on the log axis; sets XASAP, XLO, XHI, XT
function period_axis(c, wl, ww, rr,   has0, i, p, minnz, maxnz, t, seenp) {
	minnz = ""; maxnz = ""; has0 = 0
	for (i = 1; i <= n; i++) {
		if (ROWC[i] != c || R[i, "workload"] != wl || R[i, "context"] != "task" || R[i, "writers"] != ww || R[i, "readers"] != rr) continue
		p = R[i, "writer_period_ns"] + 0
		if (p > 0 && (minnz == "" || p < minnz)) minnz = p
		if (p == 0) has0 = 1
		if (p > 0 && (maxnz == "" || p > maxnz)) maxnz = p
	}
	if (minnz == "") { XASAP = 1; XLO = 0.4; XHI = 2.5 }
	else { XASAP = minnz / 10; XLO = (has0 ? XASAP : minnz) / 2.5; XHI = maxnz * 2.5 }
	t = has0 ? "(\\\"asap\\\" " XASAP : ""
	for (i = 1; i <= n; i++) {
		if (ROWC[i] != c || R[i, "workload"] != wl || R[i, "context"] != "task" || R[i, "writers"] != ww || R[i, "readers"] != rr) continue
		p = R[i, "writer_period_ns"] + 0
		if (p > 0 && !(p in seenp)) { seenp[p]; t = t (t == "" ? "(" : ", ") "\\\"" period(p) "\\\" " p }
	}
	XT = "\"set xtics " t ")\""
}
function period_plots(c, wl, pre, a, vc, m, klist,   b, j, rr, i, best, SR, r, name, ki, vi, v, nr, idx, key, ymax, rmax, wmax, vl, ix, cl, wvl, wix, wcl, any, anyw, x, hi, lbl, haswv) {
	refwriter(c, wl)
	if (RW == "") return
	# readers: most runs with RW writers, then fewest readers
	for (r in SR) delete SR
	for (i = 1; i <= n; i++)
		if (ROWC[i] == c && R[i, "workload"] == wl && R[i, "context"] == "task" && R[i, "writers"] == RW)
			SR[R[i, "readers"]] += R[i, "n"]
	best = -1
	for (r in SR) if (SR[r] > best || (SR[r] == best && r + 0 < rr + 0)) { best = SR[r]; rr = r }
	period_axis(c, wl, RW, rr)
	name = pre wl "-period"
	begin_plot(name)
	ymax = rmax = wmax = 0; any = anyw = 0
	for (ki = 1; ki <= m; ki++) {
		vl = ix = cl = wvl = wix = wcl = ""
		for (vi = 1; vi <= nv[c, wl]; vi++) {
			v = VL[c, wl, vi]
			nr = 0; haswv = 0
			for (i = 1; i <= n; i++) {
				if (ROWC[i] != c || R[i, "workload"] != wl || R[i, "variant"] != v || KPOS[R[i, "kernel"]] != ki) continue
				if (R[i, "context"] != "task" || R[i, "writers"] != RW || R[i, "readers"] != rr) continue
				idx[++nr] = i; key[i] = R[i, "writer_period_ns"]
			}
			if (!nr) continue
			isort(idx, nr, key, 1)
			for (j = 1; j <= nr; j++) {
				i = idx[j]
				x = R[i, "writer_period_ns"] + 0 == 0 ? XASAP : R[i, "writer_period_ns"]
				hi = ci(R[i, "ci95_hi"], R[i, "mean"])
				printf "%s %s %s %s %s %s\n", x, R[i, "mean"], ci(R[i, "ci95_lo"], R[i, "mean"]), hi,
					(R[i, "retries_per_1k"] == "" ? "NaN" : R[i, "retries_per_1k"]),
					(R[i, "ns_per_write_mean"] == "" ? "NaN" : R[i, "ns_per_write_mean"]) > F
				if (hi + 0 > ymax) ymax = hi + 0
				if (R[i, "retries_per_1k"] + 0 > rmax) rmax = R[i, "retries_per_1k"] + 0
				if (R[i, "ns_per_write_mean"] != "") { haswv = 1; if (R[i, "ns_per_write_mean"] + 0 > wmax) wmax = R[i, "ns_per_write_mean"] + 0 }
			}
			b = block_end()
			vl = vl (vl == "" ? "" : " ") v; ix = ix (ix == "" ? "" : " ") b; cl = cl (cl == "" ? "" : " ") vidx(v)
			if (haswv) { wvl = wvl (wvl == "" ? "" : " ") v; wix = wix (wix == "" ? "" : " ") b; wcl = wcl (wcl == "" ? "" : " ") vidx(v); anyw = 1 }
			any = 1
		}
		PV[ki] = vl; PI[ki] = ix; PC[ki] = cl; WV[ki] = wvl; WI[ki] = wix; WC[ki] = wcl
	}
	close(F)
	if (!any) { close(VF); return }
	lbl = rr " reader" (rr + 0 == 1 ? "" : "s") ", " RW " writer" (RW + 0 == 1 ? "" : "s")
	var("datafile", q(F)); var("nk", m); var("klist", q(klist))
	var("maintitle", q(ttl(wl ": " unit(a, "op") " and read retries vs writer period; " lbl, a, vc)))
	var("ylab", q(unit(a, "op"))); var("ymax", nice(ymax)); var("rmax", nice(rmax))
	var("xlo", XLO); var("xhi", XHI); var("xticsdef", XT)
	var("w", 200 + 450 * m); var("h", 760)
	for (ki = 1; ki <= m; ki++) { var("vl" ki, q(PV[ki])); var("ix" ki, q(PI[ki])); var("cl" ki, q(PC[ki])) }
	end_plot("period.gp", name)
	if (!anyw) return
	# write side: same data file, its own variables
	VF = data "/" pre wl "-write.vars.gp"; printf "" > VF
	var("datafile", q(F)); var("nk", m); var("klist", q(klist))
	var("maintitle", q(ttl(wl ": write-side cost, " unit(a, "update") " vs writer period; " lbl, a, vc)))
	var("ylab", q(unit(a, "update"))); var("ymax", nice(wmax))
	var("xlo", XLO); var("xhi", XHI); var("xticsdef", XT)
	var("w", 200 + 450 * m); var("h", 480)
	for (ki = 1; ki <= m; ki++) { var("vl" ki, q(WV[ki])); var("ix" ki, q(WI[ki])); var("cl" ki, q(WC[ki])) }
	close(VF)
	printf "%s\t%s\n", "write.gp", pre wl "-write"
}
function spread_plots(c, wl, pre, a, vc, m, klist,   ymin, any, vi, v, i, cf, ncf, CF, CK, cidx, x, name, ki, kl, ixl, ltl, ymax, t, nkp, bw, lab, s) {
	for (vi = 1; vi <= nv[c, wl]; vi++) {
		v = VL[c, wl, vi]
		ncf = 0
		for (cf in CX) delete CX
		for (i = 1; i <= n; i++) {
			if (ROWC[i] != c || R[i, "workload"] != wl || R[i, "variant"] != v) continue
			cf = R[i, "context"] SUBSEP R[i, "readers"] SUBSEP R[i, "writers"] SUBSEP R[i, "writer_period_ns"]
			if (cf in CX) continue
			CX[cf] = ++ncf; CF[ncf] = cf
			CK[ncf] = sprintf("%d%08d%08d%015d", ctxrank(R[i, "context"]), R[i, "readers"], R[i, "writers"],
				R[i, "writer_period_ns"] == "none" ? 0 : R[i, "writer_period_ns"] + 1)
			cidx[ncf] = ncf
		}
		isort(cidx, ncf, CK, 0)
		t = "("
		for (x = 1; x <= ncf; x++) {
			CX[CF[cidx[x]]] = x
			split(CF[cidx[x]], s, SUBSEP)
			lab = (s[1] == "task" ? "" : s[1] " ") "r" s[2] " w" s[3] (s[3] + 0 ? " " period(s[4]) : "")
			t = t (x > 1 ? ", " : "") "\\\"" lab "\\\" " x
		}
		name = pre wl "-" v "-spread"
		begin_plot(name)
		bw = 0.8 / m * 0.85
		ymax = 0; ymin = ""; kl = ixl = ltl = ""; nkp = 0
		for (ki = 1; ki <= m; ki++) {
			any = 0
			for (i = 1; i <= n; i++) {
				if (ROWC[i] != c || R[i, "workload"] != wl || R[i, "variant"] != v || KPOS[R[i, "kernel"]] != ki) continue
				cf = R[i, "context"] SUBSEP R[i, "readers"] SUBSEP R[i, "writers"] SUBSEP R[i, "writer_period_ns"]
				x = CX[cf] + (ki - (m + 1) / 2) * 0.8 / m
				printf "%s %s %s %s %s %s\n", x, R[i, "p25"], R[i, "min"], R[i, "max"], R[i, "p75"], R[i, "median"] > F
				if (R[i, "max"] + 0 > ymax) ymax = R[i, "max"] + 0
				if (ymin == "" || R[i, "min"] + 0 < ymin) ymin = R[i, "min"] + 0
				any = 1
			}
			if (!any) continue
			nkp++
			kl = kl (kl == "" ? "" : " ") KO[ki]; ixl = ixl (ixl == "" ? "" : " ") block_end(); ltl = ltl (ltl == "" ? "" : " ") (10 + (ki - 1) % 4 + 1)
		}
		var("datafile", q(F)); var("nkp", nkp); var("kl", q(kl)); var("ixl", q(ixl)); var("ltl", q(ltl))
		var("bw", bw); ymin = ymin - (ymax - ymin) * 0.1 - ymax * 0.02; var("ymin", ymin < 0 ? 0 : ymin); var("ymax", ymax + (ymax - ymin) * 0.1 + ymax * 0.02); var("xmax", ncf + 0.6)
		var("maintitle", q(ttl(wl " / " v ": spread over runs (min, p25, median, p75, max)", a, vc)))
		var("ylab", q(unit(a, "op")))
		var("xticsdef", "\"set xtics " t ") rotate by -30 font ',9'\"")
		var("w", 360 + 55 * ncf * (m > 1 ? m : 1) + 0); var("h", 520)
		end_plot("spread.gp", name)
	}
}
function irq_plot(c, wl, pre, a, vc, m, klist,   found, ctx, cs, nc, clist, ci2, ki, vi, v, i, any, ymax, t, x, VX, nvx, b, name, dl, im, cp) {
	# contexts other than task
	nc = 0; clist = ""
	split("hardirq nmi", cs, " ")
	for (ci2 = 1; ci2 <= 2; ci2++)
		for (i = 1; i <= n; i++)
			if (ROWC[i] == c && R[i, "workload"] == wl && R[i, "context"] == cs[ci2]) { CL[++nc] = cs[ci2]; clist = clist (clist == "" ? "" : " ") cs[ci2]; break }
	if (!nc) return
	anyirq = 1
	nvx = 0; t = "("
	for (vi = 1; vi <= nv[c, wl]; vi++) {
		v = VL[c, wl, vi]
		for (i = 1; i <= n; i++)
			if (ROWC[i] == c && R[i, "workload"] == wl && R[i, "variant"] == v && R[i, "context"] != "task") {
				VX[v] = ++nvx; t = t (nvx > 1 ? ", " : "") "\\\"" v "\\\" " nvx; break
			}
	}
	name = pre wl "-irq"
	begin_plot(name)
	ymax = 1
	for (ci2 = 1; ci2 <= nc; ci2++)
		for (ki = 1; ki <= m; ki++) {
			any = 0
			for (vi = 1; vi <= nv[c, wl]; vi++) {
				v = VL[c, wl, vi]
				cp = dl = im = 0
				for (i = 1; i <= n; i++) {
					if (ROWC[i] != c || R[i, "workload"] != wl || R[i, "variant"] != v || KPOS[R[i, "kernel"]] != ki || R[i, "context"] != CL[ci2]) continue
					cp += R[i, "completed_sum"]; dl += R[i, "would_deadlock_sum"]; im += R[i, "interrupted_mid_write_sum"]
					any = 1; found = 1
				}
				if (!found) continue
				found = 0
				printf "%s %d %d %d\n", VX[v], cp, dl, im > F
				if (cp > ymax) ymax = cp
				if (dl > ymax) ymax = dl
				if (im > ymax) ymax = im
			}
			b = any ? block_end() : -1
			IX[ci2, ki] = b
		}
	var("datafile", q(F)); var("nk", m); var("klist", q(klist)); var("nc", nc); var("clist", q(clist))
	var("maintitle", q(ttl(wl ": hardirq/NMI reader outcomes, sums over runs", a, vc)))
	var("ymax", ymax * 40); var("xmax", nvx + 0.6)
	var("xticsdef", "\"set xtics " t ")\"")
	for (ci2 = 1; ci2 <= nc; ci2++) for (ki = 1; ki <= m; ki++) var("ix" ci2 "_" ki, IX[ci2, ki])
	var("w", 200 + 450 * m); var("h", 80 + 380 * nc)
	end_plot("irq.gp", name)
}
