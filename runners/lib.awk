# The awk functions the layouts share: one kernel match, one version order,
# one wording of a configuration, one fold at 72 columns and the wording
# per accelerator from its one table, for report.d/*.awk (lib.sh:
# lb_layout puts this file first) and plots/data.awk (its first -f file).
# Plain POSIX awk (mawk); lb_awklib quotes it in single quotes for one-line
# programs, so no apostrophe in here.

# lb_kmatch(k, sel): kernel release k (6.12.118, 6.12.118-base) is one the
# space-separated selections in sel name ("" = every kernel; 6.12 = 6.12.x)
function lb_kmatch(k, sel,   n, i, w) {
	if (sel == "") return 1
	n = split(sel, w, " ")
	for (i = 1; i <= n; i++) if (k == w[i] || index(k, w[i] ".") == 1) return 1
	return 0
}

# lb_tagmatch(tag, sel): a boot tag (6.12-voluntary-2cpu, base-full-1cpu,
# 6.12-debian-voluntary-1cpu) starts with its KERNELS label (6.12; base or
# new for your own kernels; 6.12-debian for Debian's own): is it a boot of
# the kernel sel selects (a release, a label, or "")? A stock kernel's
# boots match only a stock selection (6.12.118-debian), a distro profile's
# (6.12-distro-voluntary-1cpu) only a distro one (6.12.118-distro), the
# others only the others.
function lb_tagmatch(t, sel,   l, s) {
	if (sel == "") return 1
	l = t; sub(/-.*/, "", l)
	if ((t ~ /^[0-9][0-9.]*-debian-/) != (sel ~ /^[0-9][0-9.]*-debian/)) return 0
	if ((t ~ /^[0-9][0-9.]*-distro-/) != (sel ~ /^[0-9][0-9.]*-distro/)) return 0
	s = sel; sub(/-(debian|distro).*$/, "", s)
	return l == s || index(s, l ".") == 1 || substr(s, length(s) - length(l)) == "-" l
}

function lb_plural(n, w) { return n " " w (n + 0 == 1 ? "" : "s") }

# lb_units(ns): 500 ns, 10 us, 1.5 ms
function lb_units(p) {
	if (p + 0 >= 1000000) return sprintf("%g ms", p / 1000000)
	if (p + 0 >= 1000) return sprintf("%g us", p / 1000)
	return (p + 0) " ns"
}

# lb_period(p): a writer period in a column or on an axis: - (no writer),
# asap (back-to-back), 500ns, 10us, 1.5ms
function lb_period(p,   s) {
	if (p == "none" || p == "") return "-"
	if (p + 0 == 0) return "asap"
	s = lb_units(p); sub(/ /, "", s)
	return s
}

# lb_writers(w, p): the writers in words: no writer, 1 writer back-to-back,
# 2 writers every 10 us
function lb_writers(w, p) {
	if (w + 0 == 0 || p == "none" || p == "") return "no writer"
	return lb_plural(w, "writer") (p + 0 == 0 ? " back-to-back" : " every " lb_units(p))
}

# lb_fold(s, ind, lead[, width]): s folded at width (default 72) columns,
# its first line after lead, the others after ind ("\001" is a space no
# line breaks at); a word wider than the room left (a 300-digit number) is
# cut at the last column and goes on after ind, so every line is at most
# width columns (ind and lead shorter) and any input ends; lb_wrap prints
# it. The one fold of every layout.
function lb_fold(s, ind, lead, width,   w, n, i, line, out, room) {
	if (width == "") width = 72
	n = split(s, w, " ")
	line = lead
	for (i = 1; i <= n; i++) {
		if (i > 1 && length(line) + 1 + length(w[i]) > width) { out = out line "\n"; line = ind }
		else if (i > 1) line = line " "
		while (length(line) + length(w[i]) > width) {
			room = width - length(line)
			if (room < 1) { out = out line "\n"; line = ""; continue }
			out = out line substr(w[i], 1, room) "\n"
			w[i] = substr(w[i], room + 1); line = ind
		}
		line = line w[i]
	}
	out = out line
	gsub("\001", " ", out)
	return out
}
function lb_wrap(s, ind, lead) { print lb_fold(s, ind, lead) }

# lbstats' low-power trailer (compare, power: "mde_median_pct=X mde_warn_pct=T
# mde_warning=0|1") as the one sentence the report, the table and the cover
# letter put in their first lines, naming what was compared (scope); ""
# when the median is within the rule
function lb_lowpower(trailer, scope,   n, i, kv, T) {
	n = split(trailer, kv, /[ =]/)
	for (i = 1; i < n; i += 2) T[kv[i]] = kv[i + 1]
	if (T["mde_warning"] != 1) return ""
	return lb_fold("WARNING: low power (" scope "): the median comparison could only have detected a change of " sprintf("%.1f", T["mde_median_pct"]) "% or more (80% power; lbstats flags a median above " T["mde_warn_pct"] "%): smaller changes are inconclusive, not absent.", "         ")
}

# lb_vcmp(a, b): kernel versions compared as sort -V does, field by field
# (6.1.192 < 6.12.118 < 6.12.118-debian): < 0, 0 or > 0. Numeric fields
# compare as numbers, others as text; with a common prefix the shorter
# version is the older. mawk has no asort: the layouts insertion-sort by it.
function lb_vcmp(a, b,   x, y, n, m, i) {
	n = split(a, x, /[.-]/); m = split(b, y, /[.-]/)
	for (i = 1; i <= n && i <= m; i++) {
		if (x[i] ~ /^[0-9]+$/ && y[i] ~ /^[0-9]+$/) { if (x[i] + 0 != y[i] + 0) return x[i] - y[i] }
		else if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1
	}
	return n - m
}

# lb_ctxrank(c): a reader context's place in every layout: task, hardirq,
# nmi, then the others
function lb_ctxrank(c) { return c == "task" ? 0 : c == "hardirq" ? 1 : c == "nmi" ? 2 : 3 }

# lb_show(x): a figure as a whole number where it is one, else two decimals
function lb_show(x) { return x == int(x) ? sprintf("%d", x) : sprintf("%.2f", x) }

# The accelerator table (bench-module/accels.h as lbstats accels prints it:
# a header line, then a line per accelerator, tab-separated), passed as
# -v accels=TEXT (lb_layout does; no backslash in it, as -v expands them).
# The layouts word each accelerator from its columns and name none.

# lb_accel(a, col): column col (a header name) of accelerator a; "" for a
# name the table lacks. Loads the table the first time.
function lb_accel(a, col,   n, L, i, j, f, nf, H) {
	if (LB_ACCN == "") {
		LB_ACCN = 0
		n = split(accels, L, "\n")
		for (i = 1; i <= n; i++) {
			if (L[i] == "") continue
			nf = split(L[i], f, "\t")
			if (i == 1) { for (j = 1; j <= nf; j++) H[j] = f[j]; continue }
			LB_ACCL[++LB_ACCN] = f[1]
			for (j = 1; j <= nf; j++) LB_ACC[f[1], H[j]] = f[j]
		}
		if (!LB_ACCN) { print "lib.awk: no accelerator table (-v accels=TEXT: lbstats accels)" > "/dev/stderr"; exit 2 }
	}
	return LB_ACC[a, col]
}

# lb_accel_names(col, within, sep): the accelerators whose column col is 1,
# in the table's order, among the space-separated names within ("" = all),
# joined by sep
function lb_accel_names(col, within, sep,   i, a, out) {
	lb_accel("", "")
	for (i = 1; i <= LB_ACCN; i++) {
		a = LB_ACCL[i]
		if (LB_ACC[a, col] != 1 || (within != "" && index(" " within " ", " " a " ") == 0)) continue
		out = out (out == "" ? "" : sep) a
	}
	return out
}

# lb_accel_notes(within, col, lead, ind, width): the lines "NAME: TEXT" of
# the accelerators among within that have a text in column col, each after
# lead and folded after ind at width columns; the exact (deterministic)
# accelerators first, whose figures are the reference, then the table's
# order
function lb_accel_notes(within, col, lead, ind, width,   i, p, a, out) {
	lb_accel("", "")
	for (p = 1; p >= 0; p--)
		for (i = 1; i <= LB_ACCN; i++) {
			a = LB_ACCL[i]
			if ((LB_ACC[a, "exact"] == 1) != p || LB_ACC[a, col] == "" || index(" " within " ", " " a " ") == 0) continue
			out = out lb_fold(lead a ": " LB_ACC[a, col], ind, "", width) "\n"
		}
	return out
}

# lb_accel_hardware(a): 1 when a figure under a is a hardware result (its
# report_note, the caveat, is empty)
function lb_accel_hardware(a) { return lb_accel(a, "report_note") == "" }

# lb_accel_perop(a, op): a figure's unit in a heading or on an axis:
# "guest instructions per read", "ns per op (emulated, TCG)"
function lb_accel_perop(a, op) { return lb_accel(a, "metric") " per " op lb_accel(a, "axis_note") }

# lb_accel_unitline(a, op): a table's unit line: "host ns per read, User-Mode
# Linux (...)"; a guest without a table_note runs "in a NAME guest"
function lb_accel_unitline(a, op,   t) {
	t = lb_accel(a, "table_note")
	return lb_accel(a, "unit") " per " op (t != "" ? t : " in a " a " guest")
}
