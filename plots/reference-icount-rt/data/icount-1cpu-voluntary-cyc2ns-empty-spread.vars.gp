datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-voluntary-cyc2ns-empty-spread.dat"
nkp = 1
kl = "6.12.118"
ixl = "0"
ltl = "11"
bw = 0.68
ymin = 0
ymax = 41.664
xmax = 5.6
maintitle = "cyc2ns / empty: spread over runs (min, p25, median, p75, max) (icount, 1 vCPU, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
xticsdef = "set xtics (\"r1 w0\" 1, \"r1 w1 asap\" 2, \"r1 w1 10us\" 3, \"hardirq r1 w1 asap\" 4, \"nmi r1 w1 asap\" 5) rotate by -30 font ',9'"
w = 844
h = 520
