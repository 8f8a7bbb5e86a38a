# Write-side cost: mean ns per update vs writer period, one line per
# variant, one panel per kernel, same y range. Same data files as period.gp
# (column 6). Variables: as period.gp, with ymax for ns per update.
set multiplot layout 1, nk title maintitle font ',12'
set logscale x
set xrange [xlo:xhi]
eval xticsdef
set xlabel 'writer update period'
set key top right
set ylabel ylab
set yrange [0:ymax]
do for [k = 1:nk] {
	set title word(klist, k)
	vl = value(sprintf('vl%d', k))
	ix = value(sprintf('ix%d', k))
	cl = value(sprintf('cl%d', k))
	if (words(vl) == 0) {
		# no rows for this kernel (an incomplete run): an empty panel saying so
		set label 1 'no rows' at graph 0.5, 0.5 center
		plot 1 lt -3 notitle
		unset label 1
	} else {
		plot for [j = 1:words(vl)] datafile index int(word(ix, j)) using 1:6 \
			with linespoints lt int(word(cl, j)) title word(vl, j)
	}
}
unset multiplot
