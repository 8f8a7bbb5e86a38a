datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-rt-tkfast-empty-spread.dat"
nkp = 2
kl = "6.12.118 7.2.13"
ixl = "0 1"
ltl = "11 12"
bw = 0.34
ymin = 0
ymax = 50.7211
xmax = 5.6
maintitle = "tkfast / empty: spread over runs (min, p25, median, p75, max) (icount, 2 vCPUs, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
xticsdef = "set xtics (\"r2 w0\" 1, \"r2 w1 asap\" 2, \"r2 w1 10us\" 3, \"hardirq r1 w1 asap\" 4, \"nmi r1 w1 asap\" 5) rotate by -30 font ',9'"
w = 910
h = 520
