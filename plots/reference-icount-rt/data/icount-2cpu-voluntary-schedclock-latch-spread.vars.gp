datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-voluntary-schedclock-latch-spread.dat"
nkp = 1
kl = "6.12.118"
ixl = "0"
ltl = "11"
bw = 0.68
ymin = 24.0494
ymax = 111.934
xmax = 5.6
maintitle = "schedclock / latch: spread over runs (min, p25, median, p75, max) (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
xticsdef = "set xtics (\"r2 w0\" 1, \"r2 w1 asap\" 2, \"r2 w1 10us\" 3, \"hardirq r1 w1 asap\" 4, \"nmi r1 w1 asap\" 5) rotate by -30 font ',9'"
w = 884
h = 520
