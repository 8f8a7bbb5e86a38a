# Each real kernel function by kernel version: one line per function, 95% CI
# error bars. Variables: datafile, vl (functions), ix (data block per
# function), cl (line type), maintitle, ylab, ymin, ymax, xmin, xmax,
# xticsdef. Data columns: x mean ci_lo ci_hi
set multiplot layout 1, 1 title maintitle font ',12'
set xlabel 'kernel'
set ylabel ylab
set yrange [ymin:ymax]
set xrange [xmin:xmax]
eval xticsdef
set key outside right top
plot for [j = 1:words(vl)] datafile index int(word(ix, j)) using 1:2:3:4 \
	with yerrorlines lt int(word(cl, j)) title word(vl, j)
unset multiplot
