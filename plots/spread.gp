# Spread over runs for one workload x variant: candlesticks (min, p25,
# median, p75, max of ns per op) per configuration, one box per kernel.
# Variables: datafile, nkp (kernels with data), kl (their names), ixl
# (data block per kernel), ltl (line type per kernel), bw (box width),
# maintitle, ylab, ymin, ymax, xmax, xticsdef.
# Data columns: x p25 min max p75 median
set multiplot layout 1, 1 title maintitle font ',12'
set xrange [0.4:xmax]
eval xticsdef
set yrange [ymin:ymax]
set ylabel ylab
set boxwidth bw absolute
set key top left
set style fill solid 0.6 border -1
set bmargin 7
plot for [j = 1:nkp] datafile index int(word(ixl, j)) using 1:2:3:4:5 \
		with candlesticks whiskerbars 0.6 lt int(word(ltl, j)) title word(kl, j), \
	for [j = 1:nkp] datafile index int(word(ixl, j)) using 1:6:6:6:6 \
		with candlesticks lt -1 lw 2 notitle
unset multiplot
