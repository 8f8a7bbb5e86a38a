# latchbench: lbstats summary CSV -> gnuplot data + variable files.
# Called by runners/plots; reads the summary by header name. Plots are made
# per (accel, vCPUs, preempt model) combination; file names carry that
# combination as a prefix only when a run has more than one.
# -v data=DIR: where <name>.dat / <name>.vars.gp go; -v vocab=FILE: the run's
# vocabulary (lb_run_vocab: colours in its display order); prints the plan
# ("script<TAB>name" per plot) on stdout and notes ("note<TAB>text").
# Needs runners/lib.awk (lb_period, lb_writers, lb_plural, lb_vcmp, the
# accelerator wording) as a first -f file, and -v accels=TEXT (lbstats
# accels: lib.awk's lb_accel).
function q(s) { gsub(/"/, "", s); return "\"" s "\"" }
function ci(x, m) { return x == "NA" || x == "" ? m : x }
function vidx(v) {			# fixed colour per variant
	if (!(v in VIDX)) VIDX[v] = 9 + (nextra++ % 2)
	return VIDX[v]
}
# the accelerator's caveat under a title: its note (accels.h), where its
# figures are not hardware results
function emu(a) { return lb_accel_hardware(a) ? "" : lb_accel(a, "note") }
function unit(a, what) { return lb_accel_perop(a, what) }
function ttl(s, a, v,   e) {		# main title: names workload, accel, vCPUs
	e = emu(a)
	# a stand-in run (runners/plots -v STANDIN=...): the hardware guest's
	# command line ran TCG, and the title says so first
	if (lb_accel_hardware(a) && STANDIN != "") { a = a "-standin"; e = "stand-in: TCG behind a KVM command line - not hardware results" }
	return s " (" a ", " v " vCPU" (v + 0 == 1 ? "" : "s") (PREEMPT != "" ? ", preempt " PREEMPT : "") ")" (e != "" ? "\\n" e : "")
}
function nice(m) { return m > 0 ? m * 1.1 : 1 }
function begin_plot(name) { F = data "/" name ".dat"; VF = data "/" name ".vars.gp"; nblk = 0; TITLE = ""; printf "" > F; printf "" > VF }
function block_end() { printf "\n\n" > F; return nblk++ }
# var NAME VAL: one gnuplot variable of the current plot. A plot is made at
# least as wide as its main title (set before "w"), so no title is clipped.
function var(name, val,   t, nl, i, wt, L) {
	if (name == "maintitle") TITLE = val
	if (name == "w" && TITLE != "") {
		t = TITLE; gsub(/\\n/, "\n", t); nl = split(t, L, "\n"); wt = 0
		for (i = 1; i <= nl; i++) if (length(L[i]) > wt) wt = length(L[i])
		if (wt * 8 + 60 > val) val = int(wt * 8 + 60)
	}
	printf "%s = %s\n", name, val > VF
}
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
	# a colour per variant, in the display order of the run's vocabulary
	# (-v vocab=FILE: the module's table, lb_run_vocab)
	while ((getline l < vocab) > 0) {
		nf_ = split(l, f, ",")
		if (++vln == 1) { for (i = 1; i <= nf_; i++) VH[f[i]] = i; continue }
		v = f[VH["variant"]]
		if (!(v in VORD)) { VORD[v] = f[VH["order"]]; VN[++nvv] = v }
		# the workloads (real functions too) in the table's order
		if (!(f[VH["workload"]] in WORD)) WORD[f[VH["workload"]]] = vln
	}
	if (!nvv || !("order" in VH)) { print "data.awk: no vocabulary in '" vocab "' (-v vocab=FILE)" > "/dev/stderr"; novocab = 1; exit 1 }
	isort(VN, nvv, VORD, 1)
	for (i = 1; i <= nvv; i++) VIDX[VN[i]] = i
	# what each variant is (-v roles=FILE: lbstats roles): the control,
	# named in the titles of the net cost over it
	while ((getline l < roles) > 0) { split(l, f, "\t"); ROLES[f[1]] = f[2] }
	if (ROLES["control"] == "") { print "data.awk: no control variant in '" roles "' (-v roles=FILE: lbstats roles)" > "/dev/stderr"; novocab = 1; exit 1 }
	CTRL = ROLES["control"]
}
NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
{
	n++
	for (c in H) R[n, c] = $H[c]
	# the figure lbstats chose (value, value_basis: lbstats' one estimator
	# per accelerator, icount's path, real time's run medians), its spread
	# over runs (value_min .. value_max) and its interval (value_ci95, over
	# boots under real time): every plot reads that figure, never ns_per_op
	if (R[n, "value_basis"] == "path" && !("value_median" in H)) {
		R[n, "mean"] = R[n, "median"] = R[n, "min"] = R[n, "max"] = R[n, "p25"] = R[n, "p75"] = R[n, "value"]
	} else if ("value_median" in H) {
		R[n, "mean"] = R[n, "value"]; R[n, "median"] = R[n, "value_median"]
		R[n, "min"] = R[n, "value_min"]; R[n, "max"] = R[n, "value_max"]
		R[n, "p25"] = R[n, "value_p25"]; R[n, "p75"] = R[n, "value_p75"]
	}
	R[n, "ci95_lo"] = R[n, "ci95_hi"] = R[n, "value"]
	if (R[n, "value_ci95"] != "NA" && R[n, "value_ci95"] != "") { R[n, "ci95_lo"] = R[n, "value"] - R[n, "value_ci95"]; R[n, "ci95_hi"] = R[n, "value"] + R[n, "value_ci95"] }
	cb = R[n, "accel"] SUBSEP R[n, "vcpus"] SUBSEP R[n, "preempt"]
	if (!(cb in combo)) { combo[cb] = ++ncombo; CA[ncombo] = R[n, "accel"]; CV[ncombo] = R[n, "vcpus"]; CP[ncombo] = R[n, "preempt"] }
	ci_ = combo[cb]; ROWC[n] = ci_
	w = R[n, "workload"]
	if (!((ci_, w) in wseen)) { wseen[ci_, w]; nw[ci_]++; WL[ci_, nw[ci_]] = w }
	k = R[n, "kernel"]
	if (!((ci_, k) in kseen)) { kseen[ci_, k]; nkc[ci_]++; KL[ci_, nkc[ci_]] = k }
	v = R[n, "variant"]
	if (!((ci_, w, v) in vseen)) { vseen[ci_, w, v]; nv[ci_, w]++; VL[ci_, w, nv[ci_, w]] = v }
	# what a variant is to the analysis (lbstats' role: sync, control,
	# harness, real), never its name
	VROLE[w, v] = R[n, "role"]
	# lbstats' section of the (accel, vCPUs): one for all its rows, or mixed
	g = R[n, "accel"] SUBSEP R[n, "vcpus"]
	if (!(g in GSEC)) GSEC[g] = R[n, "section"]; else if (GSEC[g] != R[n, "section"]) GSEC[g] = "\001"
}
# The across-versions plots and the overview span the preemption models
# where lbstats pairs them (6.1 and 6.12 voluntary, 7.2 lazy: 7.2 has no
# voluntary): every row of the (accel, vCPUs) in one section of lbstats
# summary that names several models ("accel/vCPUs/voluntary+lazy"; each
# kernel then ran one of them). A merged combination whose rows are those of
# its parts (ROWM), kernels labelled with their model.
function merge_models(   c, g, j, cm, i, w, v, wi, vi, ki, sp) {
	for (c = 1; c <= ncombo; c++) { g = CA[c] SUBSEP CV[c]; if (!(g in gc)) GO[++ng] = g; gc[g]++; GCL[g, gc[g]] = c }
	nm = 0
	for (j = 1; j <= ng; j++) {
		g = GO[j]
		split(GSEC[g], sp, "/")
		if (gc[g] < 2 || GSEC[g] == "\001" || sp[3] !~ /\+/) continue
		cm = ncombo + ++nm
		CA[cm] = CA[GCL[g, 1]]; CV[cm] = CV[GCL[g, 1]]; CP[cm] = "per kernel"; MERGED[cm] = 1
		for (i = 1; i <= gc[g]; i++) {
			c = GCL[g, i]; ABSORBED[c] = 1; OWNER[c] = cm
			for (ki = 1; ki <= nkc[c]; ki++) { KL[cm, ++nkc[cm]] = KL[c, ki]; KTL[KL[c, ki]] = KL[c, ki] " " CP[c]; KTW[KL[c, ki]] = KL[c, ki] "(" CP[c] ")" }
			for (wi = 1; wi <= nw[c]; wi++) {
				w = WL[c, wi]
				if (!((cm, w) in wseen)) { wseen[cm, w]; WL[cm, ++nw[cm]] = w }
				for (vi = 1; vi <= nv[c, w]; vi++) { v = VL[c, w, vi]; if (!((cm, w, v) in vseen)) { vseen[cm, w, v]; VL[cm, w, ++nv[cm, w]] = v } }
			}
		}
	}
	for (i = 1; i <= n; i++) if (ABSORBED[ROWC[i]]) ROWM[i] = OWNER[ROWC[i]]
}
function inc(i, c) { return ROWC[i] == c || ROWM[i] == c }
END {
	if (novocab) exit 1
	merge_models()
	# every panel lists a workload's variants in the table's display order
	for (c = 1; c <= ncombo + nm; c++)
		for (wi = 1; wi <= nw[c]; wi++) {
			w = WL[c, wi]
			for (j = 1; j <= nv[c, w]; j++) TV[j] = VL[c, w, j]
			isort(TV, nv[c, w], VORD, 1)
			for (j = 1; j <= nv[c, w]; j++) VL[c, w, j] = TV[j]
		}
	for (c = 1; c <= ncombo + nm; c++) {
		# kernels in version order
		m = nkc[c]
		for (i = 1; i <= m; i++) { KO[i] = KL[c, i] }
		for (i = 2; i <= m; i++) { x = KO[i]; for (j = i - 1; j >= 1 && lb_vcmp(KO[j], x) > 0; j--) KO[j + 1] = KO[j]; KO[j + 1] = x }
		klist = ""
		for (i = 1; i <= m; i++) { klist = klist (i > 1 ? " " : "") KO[i]; KPOS[KO[i]] = i }
		pre = ncombo > 1 ? CA[c] "-" CV[c] "cpu-" (CP[c] != "" && !MERGED[c] ? CP[c] "-" : "") : ""
		PREEMPT = CP[c]; KLABELS = MERGED[c]
		a = CA[c]; vc = CV[c]
		for (wi = 1; wi <= nw[c]; wi++) {
			wl = WL[c, wi]
			if (!MERGED[c]) {
				readers_plots(c, wl, pre, a, vc, m, klist)
				period_plots(c, wl, pre, a, vc, m, klist)
				spread_plots(c, wl, pre, a, vc, m, klist)
				irq_plot(c, wl, pre, a, vc, m, klist)
			}
			if (!ABSORBED[c]) versions_plot(c, wl, pre, a, vc, m, KO)
		}
		if (!ABSORBED[c]) {
			kernel_versions_plot(c, pre, a, vc, m, KO)
			overview_plot(c, pre, a, vc, m, KO)
		}
	}
	if (!anyirq) printf "note\tno hardirq/nmi rows: outcome chart skipped\n"
}
# reference writer configuration of a workload: lbstats' (ref_writer), the
# one the report's summary lines name. Sets RW, RP (empty when none).
function refwriter(c, wl,   i) {
	RW = ""; RP = ""
	for (i = 1; i <= n; i++)
		if (ROWC[i] == c && R[i, "workload"] == wl && R[i, "ref_writer"] == 1 && R[i, "writers"] + 0 > 0) { RW = R[i, "writers"]; RP = R[i, "writer_period_ns"]; return }
}
function readers_plots(c, wl, pre, a, vc, m, klist,   r, rseen, rt, j, pass, ww, pp, name, ki, vi, v, i, nr, idx, key, ymax, xmin, xmax, vl, ix, cl, any, lbl, hi) {
	refwriter(c, wl)
	for (pass = 1; pass <= 2; pass++) {
		if (pass == 1) { ww = 0; pp = "none"; name = pre wl "-readers-nowriter"; lbl = "no writer" }
		else {
			if (RW == "") return
			ww = RW; pp = RP; name = pre wl "-readers-writer"
			lbl = lb_writers(RW, RP)
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
		if (xmin == xmax) {
			close(F); close(VF)
			printf "note\t%s: one reader count only (%s): readers plot not drawn (VCPUS=\"1 2\" or more gives the curve)\n", name, xmin
			continue
		}
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
		if (p > 0 && !(p in seenp)) { seenp[p]; t = t (t == "" ? "(" : ", ") "\\\"" lb_period(p) "\\\" " p }
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
	lbl = lb_plural(rr, "reader") ", " lb_plural(RW, "writer")
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
			CK[ncf] = sprintf("%d%08d%08d%015d", lb_ctxrank(R[i, "context"]), R[i, "readers"], R[i, "writers"],
				R[i, "writer_period_ns"] == "none" ? 0 : R[i, "writer_period_ns"] + 1)
			cidx[ncf] = ncf
		}
		isort(cidx, ncf, CK, 0)
		t = "("
		for (x = 1; x <= ncf; x++) {
			CX[CF[cidx[x]]] = x
			split(CF[cidx[x]], s, SUBSEP)
			lab = (s[1] == "task" ? "" : s[1] " ") "r" s[2] " w" s[3] (s[3] + 0 ? " " lb_period(s[4]) : "")
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
			kl = kl (kl == "" ? "" : " ") KO[ki]; ixl = ixl (ixl == "" ? "" : " ") block_end(); ltl = ltl (ltl == "" ? "" : " ") (10 + (ki - 1) % 8 + 1)
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

# The reference read configuration of a workload: lbstats' (ref_read: task,
# no writer, fewest readers). Sets RR (empty when none).
function refread(c, wl,   i) {
	RR = ""
	for (i = 1; i <= n; i++)
		if (inc(i, c) && R[i, "workload"] == wl && R[i, "ref_read"] == 1) { RR = R[i, "readers"]; return }
}
function ktics(m, KO,   t, i) {
	t = "(" ; for (i = 1; i <= m; i++) t = t (i > 1 ? ", " : "") "\\\"" (KLABELS ? KTL[KO[i]] : KO[i]) "\\\" " i
	return "\"set xtics " t ")\""
}
# A replica across kernel versions: the net cost over none of each variant
# (task, no writer, fewest readers), one line per variant. Needs 2 kernels.
function versions_plot(c, wl, pre, a, vc, m, KO,   name, vi, v, ki, i, any, ymax, ymin, y, vl, ix, cl, np) {
	refread(c, wl)
	if (RR == "") return
	np = 0
	for (i = 1; i <= n; i++) if (inc(i, c) && R[i, "workload"] == wl && R[i, "net_none"] != "") { np = 1; break }
	if (!np) return
	if (m < 2) { printf "note\t%s%s-versions: one kernel only: the across-versions plot is not drawn\n", pre, wl; return }
	name = pre wl "-versions"
	begin_plot(name)
	ymax = 0; ymin = 0; vl = ix = cl = ""; any = 0
	for (vi = 1; vi <= nv[c, wl]; vi++) {
		v = VL[c, wl, vi]
		if (VROLE[wl, v] != "sync") continue
		np = 0
		for (ki = 1; ki <= m; ki++)
			for (i = 1; i <= n; i++) {
				if (!inc(i, c) || R[i, "workload"] != wl || R[i, "variant"] != v || R[i, "kernel"] != KO[ki]) continue
				if (R[i, "context"] != "task" || R[i, "writers"] + 0 != 0 || R[i, "readers"] != RR || R[i, "net_none"] == "") continue
				y = R[i, "net_none"] + 0
				printf "%d %s %s\n", ki, y, (R[i, "net_ci95"] == "NA" || R[i, "net_ci95"] == "" ? 0 : R[i, "net_ci95"]) > F
				if (y > ymax) ymax = y
				if (y < ymin) ymin = y
				np++
			}
		if (!np) continue
		vl = vl (vl == "" ? "" : " ") v; ix = ix (ix == "" ? "" : " ") block_end(); cl = cl (cl == "" ? "" : " ") vidx(v)
		any = 1
	}
	close(F)
	if (!any) { close(VF); return }
	var("datafile", q(F)); var("vl", q(vl)); var("ix", q(ix)); var("cl", q(cl))
	var("maintitle", q(ttl(wl ": net cost over unsynchronised (" CTRL "), " unit(a, "read") ", by kernel; " RR " reader" (RR + 0 == 1 ? "" : "s") ", no writer", a, vc)))
	var("ylab", q("net " unit(a, "read") " over " CTRL)); var("ymin", ymin < 0 ? ymin * 1.1 : 0); var("ymax", nice(ymax))
	var("xmin", 0.5); var("xmax", m + 0.5); var("xticsdef", ktics(m, KO))
	var("w", 300 + 160 * m); var("h", 480)
	end_plot("versions.gp", name)
}
# Every real kernel function across kernel versions (task, no writer,
# fewest readers), one line per function.
function kernel_versions_plot(c, pre, a, vc, m, KO,   name, wi, wl, ki, i, any, ymax, vl, ix, cl, np, y, nf) {
	if (m < 2) return
	name = pre "kernel-functions-versions"
	begin_plot(name)
	ymax = 0; vl = ix = cl = ""; any = 0; nf = 0
	for (wi = 1; wi <= nw[c]; wi++) {
		wl = WL[c, wi]
		refread(c, wl)
		np = 0
		for (ki = 1; ki <= m; ki++)
			for (i = 1; i <= n; i++) {
				if (!inc(i, c) || R[i, "workload"] != wl || R[i, "role"] != "real" || R[i, "kernel"] != KO[ki]) continue
				if (R[i, "context"] != "task" || R[i, "writers"] + 0 != 0 || R[i, "readers"] != RR) continue
				y = R[i, "mean"] + 0
				printf "%d %s %s %s\n", ki, y, ci(R[i, "ci95_lo"], y), ci(R[i, "ci95_hi"], y) > F
				if (ci(R[i, "ci95_hi"], y) + 0 > ymax) ymax = ci(R[i, "ci95_hi"], y) + 0
				np++
			}
		if (!np) continue
		nf++
		vl = vl (vl == "" ? "" : " ") wl; ix = ix (ix == "" ? "" : " ") block_end(); cl = cl (cl == "" ? "" : " ") nf
		any = 1
	}
	close(F)
	if (!any) { close(VF); return }
	var("datafile", q(F)); var("vl", q(vl)); var("ix", q(ix)); var("cl", q(cl))
	var("maintitle", q(ttl("real kernel functions by kernel: " unit(a, "call") ", mean +- 95% CI; 1 reader, no writer", a, vc)))
	var("ylab", q(unit(a, "call"))); var("ymin", 0); var("ymax", nice(ymax))
	var("xmin", 0.5); var("xmax", m + 0.5); var("xticsdef", ktics(m, KO))
	var("w", 360 + 160 * m); var("h", 520)
	end_plot("kversions.gp", name)
}

# The one-page overview of a (accel, vCPUs, preempt) combination: one panel
# per replica, the net cost over none of each synchronised variant, a bar
# per kernel (task, no writer, fewest readers); and a panel of the real
# kernel functions, a bar per kernel. Rendered as PNG, SVG and PDF.
function overview_plot(c, pre, a, vc, m, KO,   name, wi, wl, np, vi, v, ki, i, x, nx, t, ymax, any, blk, kfn, y, e, eb, bw, kany, XL) {
	name = pre "overview"
	begin_plot(name)
	np = 0; bw = 0.8 / m
	for (wi = 1; wi <= nw[c] + 1; wi++) {
		kfn = wi > nw[c]	# last panel: the real functions
		wl = kfn ? "" : WL[c, wi]
		if (!kfn) refread(c, wl)
		nx = 0; t = "("; ymax = 0; any = 0; eb = 0
		for (x in OX) delete OX
		# x positions: the synchronised variants (or the real functions),
		# in the table's order, the same in every panel and every run
		for (i = 1; i <= n; i++) {
			if (!inc(i, c) || R[i, "context"] != "task" || R[i, "writers"] + 0 != 0) continue
			if (kfn) { if (R[i, "role"] != "real") continue; x = R[i, "workload"] }
			else { if (R[i, "workload"] != wl || R[i, "readers"] != RR || R[i, "net_none"] == "" || R[i, "role"] != "sync") continue; x = R[i, "variant"] }
			if (!(x in OX)) { OX[x] = ++nx; XL[nx] = x }
		}
		if (!nx) continue
		if (kfn) isort(XL, nx, WORD, 1); else isort(XL, nx, VORD, 1)
		for (i = 1; i <= nx; i++) { OX[XL[i]] = i; t = t (i > 1 ? ", " : "") "\\\"" XL[i] "\\\" " i }
		if (!nx) continue
		blk = ""
		for (ki = 1; ki <= m; ki++) {
			kany = 0
			for (i = 1; i <= n; i++) {
				if (!inc(i, c) || R[i, "context"] != "task" || R[i, "writers"] + 0 != 0 || R[i, "kernel"] != KO[ki]) continue
				# each bar with its 95% interval (lbstats': over boots under
				# real time; none where the figure is exact)
				if (kfn) {
					if (R[i, "role"] != "real") continue
					refread(c, R[i, "workload"])
					if (R[i, "readers"] != RR) continue
					x = R[i, "workload"]; y = R[i, "mean"] + 0; e = R[i, "value_ci95"]
				} else {
					if (R[i, "workload"] != wl || R[i, "readers"] != RR || !(R[i, "variant"] in OX)) continue
					x = R[i, "variant"]; y = R[i, "net_none"] + 0; e = R[i, "net_ci95"]
				}
				e = e == "NA" || e == "" ? 0 : e + 0
				if (e > 0) eb = 1
				printf "%s %s %s\n", OX[x] + (ki - (m + 1) / 2) * bw, y, e > F
				if (y + e > ymax) ymax = y + e
				any = kany = 1
			}
			# no rows of this kernel in this panel (an incomplete run): one
			# point left of the x range, so that gnuplot draws no bar and
			# has no empty block to warn about; the notes say so
			if (!kany) {
				printf "-1 0 0\n" > F
				printf "note\t%s: no rows of %s in the %s panel (an incomplete run?)\n", name, KO[ki], kfn ? "real functions" : wl
			}
			blk = blk (blk == "" ? "" : " ") block_end()
		}
		if (!any) continue
		np++
		var("pt" np, q(kfn ? "real kernel functions: " unit(a, "call") : wl ": net " unit(a, "read") " over " CTRL))
		var("eb" np, eb); var("ix" np, q(blk)); var("xt" np, "\"set xtics " t ") rotate by -25 font ',8'\""); var("xm" np, nx + 0.6); var("ym" np, ymax > 0 ? ymax * 1.3 : 1)
	}
	close(F)
	if (!np) { close(VF); return }
	var("datafile", q(F)); var("np", np); var("nk", m); var("bw", bw)
	t = ""; for (ki = 1; ki <= m; ki++) t = t (ki > 1 ? " " : "") (KLABELS ? KTW[KO[ki]] : KO[ki])
	var("klist", q(t))
	var("maintitle", q(ttl("latchbench overview: the price of each synchronisation, task context, no writer", a, vc)))
	var("cols", np > 2 ? 3 : np); var("rows", int((np + 2) / 3))
	var("w", 1200); var("h", 120 + 330 * int((np + 2) / 3))
	end_plot("overview.gp", name)
}
