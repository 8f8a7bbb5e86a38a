	match($0, /^[^=]*\.boot\.accel=/) { A[substr($0, 1, RLENGTH - 12)] = substr($0, RLENGTH + 1); next }
	match($0, /^[^=]*\.clocksource(_end|_pinned)?=/) {
		key = substr($0, 1, RLENGTH - 1); val = substr($0, RLENGTH + 1)
		tag = key; sub(/\.clocksource(_end|_pinned)?$/, "", tag)
		if (tag ~ /\.boot$/ || !lb_tagmatch(tag, ksel)) next
		what = key; sub(/^.*\./, "", what)
		V[tag, what] = val; if (!(tag in seen)) { seen[tag]; T[++n] = tag }
	}
	END {
		for (i = 1; i <= n; i++) {
			t = T[i]
			print side "\t" t "\t" V[t, "clocksource"] "\t" V[t, "clocksource_end"] "\t" V[t, "clocksource_pinned"] "\t" A[t]
		}
	}
