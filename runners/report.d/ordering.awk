# The ordering block of runners/table and runners/report: a run's
# ordering.csv (runners/ordering, folded by sweep-boot: kernel, arch,
# workload, variant, ordering_n, ordering, calls: a kernel function's row
# names what its pass calls, a replica's does not) -> per read path the
# memory-ordering instructions it executes per read, one column per kernel
# in version order (lb_vcmp), so that one version's x86 and arm64 kernels
# stand side by side; every line within 72 columns (kernels in blocks).
# Needs runners/lib.awk first.
NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
{
	# a replica's variants under the workload's name; the kernel functions
	# (their one variant) under one heading, each by its name
	k = $H["kernel"]; real = $H["calls"] != ""
	g = real ? "real kernel functions" : $H["workload"]
	p = real ? $H["workload"] : $H["variant"]; p = g SUBSEP p
	if (!(k in kseen)) { kseen[k]; K[++nk] = k; A[k] = $H["arch"] }
	if (!(p in pseen)) { pseen[p]; P[++np] = p }
	C[p, k] = ($H["ordering_n"] + 0 == 0 ? "none" : $H["ordering"])
	if ($H["calls"] != "") CALLS[p, k] = $H["calls"]
}
END {
	if (nk == 0) exit 0
	for (i = 2; i <= nk; i++) { x = K[i]; for (j = i - 1; j >= 1 && lb_vcmp(x, K[j]) < 0; j--) K[j + 1] = K[j]; K[j + 1] = x }
	w1 = 10; cw = 12
	for (i = 1; i <= np; i++) { split(P[i], pp, SUBSEP); if (length(pp[2]) + 2 > w1) w1 = length(pp[2]) + 2 }
	for (i = 1; i <= nk; i++) {
		if (length(K[i]) + 2 > cw) cw = length(K[i]) + 2
		for (j = 1; j <= np; j++) if ((P[j], K[i]) in C && length(C[P[j], K[i]]) + 2 > cw) cw = length(C[P[j], K[i]]) + 2
	}
	if (w1 + cw > 72) w1 = 72 - cw
	chunk = int((72 - w1) / cw); if (chunk < 1) chunk = 1
	print ""
	print "== memory-ordering instructions per read =="
	lb_wrap("The ordering instructions each read path executes per read, counted in the disassembly of the module built for each kernel (runners/ordering): the read pass of each replica variant as compiled into the module (a call out of it, such as an out-of-line lock of Debian's x86 spinlock or rwlock, is not followed), and for a kernel function the kernel's own body and its direct callees (an indirect call, such as the clocksource read, is not followed either). x86 orders these loads without instructions (its smp_rmb() is a compiler barrier); arm64 spends a dmb ishld or an acquire load (ldar). Counts from the code, not times.", "")
	for (b0 = 1; b0 <= nk; b0 += chunk) {
		b1 = b0 + chunk - 1; if (b1 > nk) b1 = nk
		print ""
		l1 = sprintf("%-" w1 "s", ""); l2 = l1
		for (i = b0; i <= b1; i++) { l1 = l1 sprintf("%" cw "s", K[i]); l2 = l2 sprintf("%" cw "s", "(" A[K[i]] ")") }
		print l1; print l2
		grp = ""
		for (j = 1; j <= np; j++) {
			split(P[j], pp, SUBSEP)
			if (pp[1] != grp) { grp = pp[1]; print grp }
			line = sprintf("  %-" (w1 - 2) "s", substr(pp[2], 1, w1 - 2)); any = 0
			for (i = b0; i <= b1; i++) { c = ((P[j], K[i]) in C) ? C[P[j], K[i]] : "-"; if (c != "-") any = 1; line = line sprintf("%" cw "s", c) }
			if (any) print line
		}
	}
}
