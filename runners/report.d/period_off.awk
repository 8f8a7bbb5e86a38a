NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
		("period_off" in H) && $H["period_off"] == 1 {
			n++
			if (n <= 3) ex = ex (ex == "" ? "" : ", ") $H["kernel"] " " $H["workload"] " " $H["writer_period_ns"] " ns: " \
				sprintf("%.0f", $H["achieved_period_ns_mean"]) " ns"
		}
		END {
			if (n) printf "WARNING: the writer missed its period by more than 1%% in %d configuration%s (nominal: achieved, e.g. %s): it updated less often than the table says\n", n, n == 1 ? "" : "s", ex
		}
