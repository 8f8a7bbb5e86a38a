	NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
	!("order_verdict" in H) || $H["order_verdict"] == "" || $H["accel"] > $H["accel_other"] || !lb_kmatch($H["kernel"], ksel) { next }
	{
		u = $H["kernel"] ", " lb_plural($H["vcpus"], "vCPU") ", " $H["workload"] ($H["context"] == "task" ? "" : " in " $H["context"]) ", " \
			lb_plural($H["readers"], "reader") ", " lb_writers($H["writers"], $H["writer_period_ns"])
		if (u in seen) next
		seen[u]; n++; if ($H["order_verdict"] == "agree") agree++
		L[n] = u ": " $H["accel"] " " $H["order_here"] "; " $H["accel_other"] " " $H["order_other"] ": " $H["order_verdict"]
		A = $H["accel"]; B = $H["accel_other"]
	}
	END {
		if (!n) exit
		lb_wrap(A " and " B " side by side: the synchronised variants by their figure, cheapest first (< their 95% intervals apart, ~ overlapping); the orders agree unless a pair is apart in opposite directions. " agree + 0 " of " n " configurations agree; where they differ, real time on the host cores (" B ") changes the picture that instruction counts (" A ") give.", "")
		for (i = 1; i <= n; i++) lb_wrap(L[i], "    ", "  - ")
	}
