# ns per op (95% CI) and retries per 1000 reads vs writer update period,
# log x; period 0 (back-to-back updates) sits at the leftmost tick "asap".
# One column per kernel, same y range per row.
# Variables: datafile, nk, klist, maintitle, ylab, ymax, rmax, xlo, xhi,
# xticsdef (set xtics command), vl<k>, ix<k>, cl<k>.
# Data columns: x mean ci_lo ci_hi retries_per_1k ns_per_write
set multiplot layout 2, nk title maintitle font ',12'
set logscale x
set xrange [xlo:xhi]
eval xticsdef
set xlabel 'writer update period'
set key top right
do for [k = 1:nk] {
	set title word(klist, k)
	set ylabel ylab
	set yrange [0:ymax]
	vl = value(sprintf('vl%d', k))
	ix = value(sprintf('ix%d', k))
	cl = value(sprintf('cl%d', k))
	if (words(vl) == 0) {
		# no rows for this kernel (an incomplete run): an empty panel saying so
		set label 1 'no rows' at graph 0.5, 0.5 center
		plot 1 lt -3 notitle
		unset label 1
	} else {
		plot for [j = 1:words(vl)] datafile index int(word(ix, j)) using 1:2:3:4 \
			with yerrorlines lt int(word(cl, j)) title word(vl, j)
	}
}
do for [k = 1:nk] {
	set title word(klist, k) . ': read retries'
	set ylabel 'retries per 1000 reads'
	set yrange [0:rmax]
	vl = value(sprintf('vl%d', k))
	ix = value(sprintf('ix%d', k))
	cl = value(sprintf('cl%d', k))
	if (words(vl) == 0) {
		# no rows for this kernel (an incomplete run): an empty panel saying so
		set label 1 'no rows' at graph 0.5, 0.5 center
		plot 1 lt -3 notitle
		unset label 1
	} else {
		plot for [j = 1:words(vl)] datafile index int(word(ix, j)) using 1:5 \
			with linespoints lt int(word(cl, j)) title word(vl, j)
	}
}
unset multiplot
