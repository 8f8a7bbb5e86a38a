function col(name) { if (!(name in H)) { printf "%s: no column %s\n", FILENAME, name > "/dev/stderr"; exit 2 } return H[name] }
FNR == 1 {
	file++
	for (k in H) delete H
	for (i = 1; i <= NF; i++) H[$i] = i
	ck = col("kernel"); ca = col("accel"); cc = col("vcpus"); cw = col("workload")
	cv = col("variant"); cx = col("context"); cr = col("readers"); cwr = col("writers")
	cp = col("writer_period_ns"); cn = col("ns_per_op")
	cpr = ("preempt" in H) ? H["preempt"] : 0
	csm = col("sample"); csu = col("sample_unit"); csq = col("sample_quantum")
	# real time: the boot is the statistical unit (the round column runners/collect writes)
	next
}
$0 == "" || $ck == "kernel" { next }
{
	side = file == 1 ? "base" : "new"
	if (!lb_kmatch($ck, side == "base" ? bsel : nsel)) next
	cnt[side]++
	n++
	S[n] = side; K[n] = $ck; A[n] = $ca; C[n] = $cc; W[n] = $cw; V[n] = $cv
	X[n] = $cx; R[n] = $cr; WR[n] = $cwr; P[n] = $cp; NS[n] = $cn; PR[n] = cpr ? $cpr : ""
	# real time (accels.h): one sample per boot, the mean of its runs (lbstats compare, 4th field)
	U[n] = $csu != "" ? "\t" $csu : "" # (lbstats rows --sample: sample_unit)
	if (U[n] != "") perboot = 1
	# real time: the boot's clock quantum (sample_quantum), the floor it is
	# compared against (no exactness); a row of no boot is its own unit
	if ($csq != "") { U[n] = (U[n] != "" ? U[n] : "\tr" file "." FNR) "\t" $csq; realtime = 1 }
	# lbstats' estimator per accelerator (accels.h): emulated time the
	# interrupt-free path per read (exact where deterministic), real time
	# the median of each run
	NS[n] = $csm # the row's figure (lbstats rows --sample)
	if (PR[n] != "" && !((side, PR[n]) in seenp)) { seenp[side, PR[n]]; pl[side] = pl[side] (pl[side] == "" ? "" : " ") PR[n] }
	if (!((side, $ck) in seenk)) { seenk[side, $ck]; nk[side]++; kl[side] = kl[side] (kl[side] == "" ? "" : " ") $ck }
	if (!((side, $ca) in seena)) { seena[side, $ca]; al[side] = al[side] (al[side] == "" ? "" : " ") $ca }
	if (!((side, $cc) in seenc)) { seenc[side, $cc]; cl[side] = cl[side] (cl[side] == "" ? "" : " ") $cc }
}
END {
	kin = mode == "runs" && (nk["base"] > 1 || nk["new"] > 1)
	# each row's group: what a section may not span (accel, vCPUs; the kernel
	# where both runs have several); its section's models are lbstats
	# sections' over both sides together (-v part=boots lists them, -v secf
	# reads its answer): the model, or base's and new's "voluntary+lazy"
	# where each side ran one the other did not (6.12 voluntary, 7.2 lazy:
	# 7.2 has no voluntary on x86), its rows matched across the two models
	for (i = 1; i <= n; i++) G[i] = A[i] "/" C[i] "/" (kin ? K[i] : "")
	if (part == "boots") {
		for (i = 1; i <= n; i++) if (!((G[i], S[i], PR[i]) in seenb)) { seenb[G[i], S[i], PR[i]]; print G[i] "\t" S[i] "\t" PR[i] }
		exit
	}
	while ((r = getline l < secf) > 0) { split(l, f, "\t"); SL[f[1], f[2], f[3]] = f[4] }
	if (r < 0) { printf "%s: cannot read the sections (lbstats sections)\n", secf > "/dev/stderr"; exit 2 }
	for (s in kl) printf "%s\tkernels\t%s\n", s, kl[s] > meta
	for (s in al) printf "%s\taccels\t%s\n", s, al[s] > meta
	for (s in cl) printf "%s\tvcpus\t%s\n", s, cl[s] > meta
	for (s in pl) printf "%s\tpreempt\t%s\n", s, pl[s] > meta
	printf "all\tperboot\t%d\n", perboot > meta
	printf "all\trealtime\t%d\n", realtime > meta
	printf "base\trows\t%d\nnew\trows\t%d\n", cnt["base"], cnt["new"] > meta
	for (i = 1; i <= n; i++) {
		if (!((G[i], S[i], PR[i]) in SL)) { printf "%s: no section of %s %s %s\n", secf, G[i], S[i], PR[i] > "/dev/stderr"; exit 2 }
		sec = A[i] "/" C[i] "/" SL[G[i], S[i], PR[i]] "/" (kin ? K[i] : "")
		print "T|" sec "|" W[i] "|" V[i] "|" X[i] "|" R[i] "|" WR[i] "|" P[i] "\t" S[i] "\t" NS[i] U[i]
		if (S[i] != "new" || X[i] != "task") continue
		if (!((sec, K[i]) in seck)) { seck[sec, K[i]]; secn[sec] = secn[sec] (secn[sec] == "" ? "" : " ") K[i] }
	}
	for (sec in secn) printf "all\tseckernels\t%s\t%s\n", sec, secn[sec] > meta
}
