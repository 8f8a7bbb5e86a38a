	function fmt(x) { x = sprintf("%.1f", x); sub(/\.0$/, "", x); return x }
	NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
	$H["context"] != "task" || $H["net_none"] == "" || !lb_kmatch($H["kernel"], ksel) { next }
	{
		wr = $H["writers"] + 0; per = $H["writer_period_ns"]
		if (wr == 0) cfg = "no writer"; else if (per + 0 == 0 && per != "none") cfg = "a back-to-back writer"; else next
		sec = $H["kernel"] " " $H["accel"] " " lb_plural($H["vcpus"], "vCPU") \
			($H["preempt"] != "" ? ", preempt " $H["preempt"] : "") ", " lb_plural($H["readers"], "reader") ", " cfg
		wl = $H["workload"]; v = $H["variant"]
		if (!((sec, wl) in seen)) { seen[sec, wl]; if (!(sec in ss)) { ss[sec]; S[++ns] = sec }; WL[sec, ++nw[sec]] = wl }
		tot = $H["value"] # the figure lbstats chose (path, median of runs, or mean)
		# the control and the harness by their role in the vocabulary
		if ($H["role"] == "control") { NONE[sec, wl] = v " " fmt(tot); next }
		if ($H["role"] == "harness") { EMPTY[sec, wl] = v " " fmt(tot); next }
		ci = $H["net_ci95"]
		if (ci != "0" || ($H["net_basis"] == "path" && $H["path_exact"] != "exact")) {
			inexact[sec, wl] = 1
			if ($H["path_exact"] == "fraction") why[sec, wl] = "not exact: the path depends on the input"
			else if ($H["path_exact"] == "retries") why[sec, wl] = "not exact: writer-dependent retries"
			else if ($H["path_exact"] == "varies") why[sec, wl] = "not exact: runs differ"
		}
		L[sec, wl] = L[sec, wl] (L[sec, wl] == "" ? "" : ", ") v " " ($H["net_none"] >= 0 ? "+" : "") fmt($H["net_none"]) \
			(ci == "0" ? "" : (ci == "NA" ? "(n<2)" : "+-" fmt(ci)))
		T[sec, wl] = T[sec, wl] (T[sec, wl] == "" ? "" : ", ") v " " fmt(tot)
	}
	END {
		for (i = 1; i <= ns; i++) {
			print "  " label S[i] ":"
			for (j = 1; j <= nw[S[i]]; j++) {
				wl = WL[S[i], j]
				if (L[S[i], wl] == "") continue
				print "    " wl ": " L[S[i], wl] (inexact[S[i], wl] ? (why[S[i], wl] != "" ? " (" why[S[i], wl] ")" : "") : " (exact)")
				print "      totals: " T[S[i], wl] ", " NONE[S[i], wl] (EMPTY[S[i], wl] != "" ? ", " EMPTY[S[i], wl] : "")
			}
		}
	}
