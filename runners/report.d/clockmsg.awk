	{
		if ($3 != $4 && $4 != "") print "WARNING: clocksource switched mid-run (" $3 " -> " $4 ") in boot " $2
		# (the one clocksource of User-Mode Linux, "timer", reads the host clock: nothing to pin)
		if ($5 == "" && $3 != "timer") unp = unp " " $2
		a = $6; if (!(a in an)) { an[a]; AC[++na] = a }
		if (!(($1, a, $3) in seen)) { seen[$1, a, $3]; cs[$1, a] = cs[$1, a] (cs[$1, a] == "" ? "" : ",") $3 }
	}
	END {
		for (i = 1; i <= na; i++) {
			a = AC[i]; b = cs["base", a]; n = cs["new", a]; on = (a == "" || na == 1) ? "" : " under " a
			if (mode != "single" && b != "" && n != "" && b != n)
				print "WARNING: the sides ran on different clocksources" on " (base " b ", new " n "): real clock-function rows compare different clock hardware"
			else if (b ~ /,/ || n ~ /,/)
				print "WARNING: boots of one side ran on different clocksources" on " (" b (n != "" ? "; " n : "") ")"
			c = n != "" ? n : b
			if (c != "" && c !~ /,/) one = one (one == "" ? "" : ", ") c (on == "" ? "" : " (" a ")")
		}
		if (unp != "") print "NOTE: clocksource not pinned (CLOCK=auto or an older run) in:" unp
		if (one != "") print "clocksource: " one
	}
