NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
		# (the harness alone, a fraction of a ns, is below the clock quantum)
		("readers_disagree" in H) && $H["readers_disagree"] > 0 && $H["role"] != "harness" {
			n++
			if (n <= 3) ex = ex (ex == "" ? "" : ", ") $H["kernel"] " " $H["workload"] "/" $H["variant"] " " \
				$H["readers"] " readers: " $H["readers_disagree"] " of " $H["n"] " runs"
		}
		END {
			if (n) printf "WARNING: readers on different CPUs disagreed (their medians 95%% intervals more than 1%% apart) in %d configuration%s (e.g. %s): the mean over readers mixes CPUs that run differently\n", n, n == 1 ? "" : "s", ex
		}
