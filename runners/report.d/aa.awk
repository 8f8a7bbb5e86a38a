# runners/aa's layout pieces, -v part= naming one:
#   pct     -v x=N [-v sign=1]: N to one decimal, "+" shown with sign=1;
#           NA or "" stays NA (no input read)
#   column  -v name=COL FILE (CSV): COL of the first row, by header name
#   effect  FILE (lbstats ab-size TSV): the known effect per configuration,
#           in the exact accelerator's unit (it is measured exactly)
# Needs runners/lib.awk first and -v accels= (lb_layout passes both).
BEGIN {
	if (part == "pct") {
		if (x == "NA" || x == "") print "NA"
		else printf(sign ? "%+.1f\n" : "%.1f\n", x)
		exit
	}
	FS = part == "effect" ? "\t" : ","
	split(lb_accel_names("exact", "", " "), ex, " ")
	unit = lb_accel(ex[1], "short")
}
part == "column" && FNR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
part == "column" && c { print $c; exit }
part == "effect" && FNR > 1 {
	split($1, k, ",")
	printf "  %s %s: +%s %s per read (%s -> %s, exact: %s)\n", k[4], k[5], $5, unit, $3, $4, $6
}
