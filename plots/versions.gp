# A replica's net cost over "none" by kernel version: one line per variant,
# 95% CI error bars (0 when exact). Variables: datafile, vl (variants), ix
# (data block per variant), cl (line type per variant), maintitle, ylab,
# ymin, ymax, xmin, xmax, xticsdef. Data columns: x net ci95
set multiplot layout 1, 1 title maintitle font ',12'
set xlabel 'kernel'
set ylabel ylab
set yrange [ymin:ymax]
set xrange [xmin:xmax]
eval xticsdef
set xzeroaxis lt -1
plot for [j = 1:words(vl)] datafile index int(word(ix, j)) using 1:2:3 \
	with yerrorlines lt int(word(cl, j)) title word(vl, j)
unset multiplot
