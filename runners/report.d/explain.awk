	# (-v real: the real kernel functions' variants, lbstats roles)
	BEGIN { nr = split(real, r, " "); for (i = 1; i <= nr; i++) REAL[r[i]] }
	function mm(k) { split(k, a, "."); return a[1] "." a[2] }
	BEGIN { while ((getline l < ex) > 0) { if (l ~ /^#/ || l == "") continue; split(l, f, "\t"); E[f[1], f[2], f[3]] = f[4] ": " f[5] } }
	NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
	{
		split($1, k, "|")
		if (!(k[4] in REAL) || k[5] != "task" || seen[k[3]]++) next
		ch = $H["change_pct"] + 0
		if (ch < 10 && ch > -10) next
		b = mm(bk); n = mm(nk)
		# a line for the function, else one for every function of the pair ("*")
		# (said once: the next ones name the first)
		if ((k[3], b, n) in E) why = E[k[3], b, n]
		else if (("*", b, n) in FIRST) why = "as " FIRST["*", b, n] " above"
		else if (("*", b, n) in E) { why = E["*", b, n]; FIRST["*", b, n] = k[3] }
		else why = "unexplained: not yet accounted for (config, code or measurement?)"
		printf "  %s %s -> %s: %+.1f%%. %s\n", k[3], b, n, ch, why
	}
