# hardirq / NMI outcomes per variant: sums over runs of completed reads,
# would-deadlock reads and interrupts that landed mid-write; log y, value
# printed on each bar (0 shown at the bottom). Rows: contexts; columns:
# kernels. Variables: datafile, nk, klist, nc, clist, maintitle, ymax,
# xmax, xticsdef, ix<c>_<k> (data block, -1 = no data).
# Data columns: x completed would_deadlock interrupted_mid_write
set multiplot layout nc, nk title maintitle font ',12'
set logscale y
set yrange [0.5:ymax]
set xrange [0.4:xmax]
eval xticsdef
set ylabel 'count (sum over runs)'
set boxwidth 0.24 absolute
set style fill solid 0.8 border -1
set key top right font ',8'
lab(v) = v > 0 ? v * 1.5 : 0.7
do for [c = 1:nc] {
	do for [k = 1:nk] {
		set title word(clist, c) . ' - ' . word(klist, k)
		b = value(sprintf('ix%d_%d', c, k))
		if (b < 0) {
			set label 1 'no rows' at graph 0.5, 0.5 center
			plot 1 lt -3 notitle
			unset label 1
		} else {
			plot datafile index b using ($1 - 0.25):2 with boxes lt 21 title 'completed', \
				'' index b using 1:3 with boxes lt 22 title 'would deadlock', \
				'' index b using ($1 + 0.25):4 with boxes lt 23 title 'interrupted mid-write', \
				'' index b using ($1 - 0.25):(lab($2)):(sprintf('%d', $2)) with labels font ',8' notitle, \
				'' index b using 1:(lab($3)):(sprintf('%d', $3)) with labels font ',8' notitle, \
				'' index b using ($1 + 0.25):(lab($4)):(sprintf('%d', $4)) with labels font ',8' notitle
		}
	}
}
unset multiplot
