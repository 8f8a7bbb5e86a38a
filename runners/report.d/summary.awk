	function fmt(x) { x = sprintf("%.1f", x); sub(/\.0$/, "", x); return x }
	function sgn(x) { return (x + 0 >= 0 ? "+" : "") fmt(x) }
	# how exact a net figure is: exact, or why not (its path_exact)
	function netex(r) {
		if (r["net_ci95"] == "0" && lb_accel(r["accel"], "exact") == 1) return "exact"
		if (r["path_exact"] == "fraction") return "not exact: the path depends on the input"
		if (r["path_exact"] == "retries") return "not exact: writer-dependent retries"
		if (r["path_exact"] == "varies") return "not exact: runs differ"
		if (r["net_ci95"] == "NA") return "one run: no interval"
		return "+-" fmt(r["net_ci95"]) ", 95%"
	}
	NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
	$H["context"] != "task" || $H["ref_writer"] != 1 || !lb_kmatch($H["kernel"], ksel) { next }
	{
		g = $H["section"] "|" $H["kernel"] "|" $H["workload"]
		v = $H["variant"]
		for (c in H) ROW[g, v, c] = $H[c]
		if ($H["role"] == "sync" && $H["rank"] == 0 && $H["baseline"] != "") { if (!(g in seen)) { seen[g]; G[++ng] = g }; SUB[g] = v }
	}
	END {
		if (!ng) exit 0
		print (single ? "Summary (" subject " vs the baseline variant):" : "Summary (new side: " subject " vs the baseline variant):")
		for (i = 1; i <= ng; i++) {
			g = G[i]; v = SUB[g]
			for (c in H) { L[c] = ROW[g, v, c] }
			b = L["baseline"]
			for (c in H) { B[c] = ROW[g, b, c] }
			u = " " lb_accel(L["accel"], "short")
			lead = ""
			if (L["net_none"] != "" && B["net_none"] != "")
				lead = v " " sgn(L["net_none"]) u " over unsynchronised (" netex(L) "), " b " " sgn(B["net_none"]) " (" netex(B) "); "
			ch = L["vs_baseline_pct"]; vd = L["vs_baseline_verdict"]; a = ch < 0 ? -ch : ch
			if (vd == "exact-diff") tot = sprintf("in total %s takes %.1f%% %s than %s (exact)", v, a, ch < 0 ? "less" : "more", b)
			else if (vd == "exact-same") tot = "in total " v " and " b " cost the same (exact)"
			else if (vd == "significant") tot = sprintf("in total %s is %.1f%% %s than %s (significant)", v, a, ch < 0 ? "faster" : "slower", b)
			else if (vd == "insufficient") tot = "in total " v " vs " b ": too few runs to test"
			else if (ch == "") tot = sprintf("in total %s vs %s: inconclusive (%+.2f ns, detectable >= %.2f ns)", v, b, L["value"] - B["value"], L["vs_baseline_mde"])
			else tot = sprintf("in total %s vs %s: inconclusive (%+.1f%%, detectable >= %.1f%%)", v, b, ch, L["vs_baseline_mde_pct"])
			cfg = "for " lb_plural(L["readers"], "reader") " with " lb_writers(L["writers"], L["writer_period_ns"])
			split(L["section"], sp, "/")
			tail = "(" L["kernel"] ", " sp[1] ", " lb_plural(sp[2], "vCPU") (L["preempt"] != "" ? ", preempt " L["preempt"] : "") ")"
			lb_wrap(L["workload"] ": " lead tot " " cfg " " tail, "  ")
		}
	}
