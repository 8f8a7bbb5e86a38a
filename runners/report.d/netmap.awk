	NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
	$H["context"] != "task" || $H["net_none"] == "" || !lb_kmatch($H["kernel"], ksel) { next }
	{
		sec = $H["accel"] "/" $H["vcpus"] "/" (crossp != "" ? crossp : $H["preempt"]) "/" (kin ? $H["kernel"] : "")
		print sec "|" $H["workload"] "|" $H["variant"] "|" $H["readers"] "|" $H["writers"] "|" \
			$H["writer_period_ns"] "\t" $H["net_none"] "\t" $H["net_ci95"] "\t" $H["net_basis"] "\t" $H["path_exact"]
	}
