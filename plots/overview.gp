# The one-page overview: one panel per replica (net cost over "none" of each
# synchronised variant) and one of the real kernel functions; a bar per
# kernel. Variables: datafile, np, rows, cols, nk, klist, bw, maintitle;
# per panel p: pt<p> (title), ix<p> (data block per kernel), xt<p> (xtics),
# xm<p> (x max), ym<p> (y max), eb<p> (1: the bars carry their 95% interval;
# 0: every figure exact, icount). Data columns: x value interval
set multiplot layout rows, cols title maintitle font ',12'
set boxwidth bw absolute
set style fill solid 0.7 border -1
set key top right font ',8'
do for [p = 1:np] {
	set title value(sprintf('pt%d', p)) font ',10'
	set xrange [0.4:value(sprintf('xm%d', p))]
	set yrange [0:value(sprintf('ym%d', p))]
	eval value(sprintf('xt%d', p))
	ix = value(sprintf('ix%d', p))
	if (value(sprintf('eb%d', p))) {
		plot for [k = 1:nk] datafile index int(word(ix, k)) using 1:2 with boxes \
			lt (10 + (k - 1) % 8 + 1) title (p == 1 ? word(klist, k) : ''), \
		     for [k = 1:nk] datafile index int(word(ix, k)) using 1:($2 - $3):(0):(2 * $3) \
			with vectors heads size screen 0.006,90 lc 'black' notitle
	} else {
		plot for [k = 1:nk] datafile index int(word(ix, k)) using 1:2 with boxes \
			lt (10 + (k - 1) % 8 + 1) title (p == 1 ? word(klist, k) : '')
	}
}
unset multiplot
