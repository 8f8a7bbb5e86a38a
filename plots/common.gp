# latchbench: shared gnuplot settings. Loaded after the per-plot variables
# file written by runners/plots and before the plot script.
# Needs: fmt ('png' | 'svg' | 'pdf'), outfile, w, h, pngterm ('pngcairo' | 'png').
if (fmt eq 'svg') {
	set terminal svg size w, h dynamic noenhanced font 'sans,11' background rgb 'white'
} else { if (fmt eq 'pdf') {
	set terminal pdfcairo size (w / 100.0), (h / 100.0) noenhanced font 'sans,7'
} else {
	if (pngterm eq 'pngcairo') {
		set terminal pngcairo size w, h noenhanced font 'sans,10' background rgb 'white'
	} else {
		set terminal png size w, h noenhanced font 'sans,10' background rgb 'white'
	}
} }
set output outfile
set encoding utf8
set grid ytics lc rgb '#dddddd' lw 1
set border 3
set tics nomirror
set key top left Left reverse samplen 2 font ',9'
set style fill solid 0.6 border -1

# variants: fixed colours everywhere (index chosen by runners/plots)
set linetype 1 lc rgb '#1f77b4' lw 2 pt 7 ps 0.8
set linetype 2 lc rgb '#d62728' lw 2 pt 5 ps 0.8
set linetype 3 lc rgb '#2ca02c' lw 2 pt 9 ps 0.9
set linetype 4 lc rgb '#7f7f7f' lw 2 pt 11 ps 0.9
set linetype 5 lc rgb '#bcbd22' lw 2 pt 13 ps 0.9
set linetype 6 lc rgb '#ff7f0e' lw 2 pt 4 ps 0.8
set linetype 7 lc rgb '#9467bd' lw 2 pt 6 ps 0.8
set linetype 8 lc rgb '#8c564b' lw 2 pt 8 ps 0.8
set linetype 9 lc rgb '#17becf' lw 2 pt 10 ps 0.8
set linetype 10 lc rgb '#e377c2' lw 2 pt 12 ps 0.8
# kernels (candlesticks; 8 before a colour repeats) and outcomes (bars)
set linetype 11 lc rgb '#4c72b0' lw 1
set linetype 12 lc rgb '#dd8452' lw 1
set linetype 13 lc rgb '#55a868' lw 1
set linetype 14 lc rgb '#8172b3' lw 1
set linetype 15 lc rgb '#c44e52' lw 1
set linetype 16 lc rgb '#937860' lw 1
set linetype 17 lc rgb '#da8bc3' lw 1
set linetype 18 lc rgb '#8c8c8c' lw 1
set linetype 21 lc rgb '#2ca02c' lw 1
set linetype 22 lc rgb '#d62728' lw 1
set linetype 23 lc rgb '#ff7f0e' lw 1
