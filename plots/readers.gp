# ns per op vs number of readers: one line per variant, 95% CI error bars,
# one panel per kernel, the same y range in every panel.
# Variables (from runners/plots): datafile, nk, klist, maintitle, ylab,
# ymax, xmin, xmax, xticsdef; per panel k: vl<k> (variants), ix<k> (data block
# index per variant), cl<k> (line type per variant).
set multiplot layout 1, nk title maintitle font ',12'
set xlabel 'readers'
set ylabel ylab
set yrange [0:ymax]
set xrange [xmin:xmax]
eval xticsdef
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
		plot for [j = 1:words(vl)] datafile index int(word(ix, j)) using 1:2:3:4 \
			with yerrorlines lt int(word(cl, j)) title word(vl, j)
	}
}
unset multiplot
