datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-rt-local_clock-kernel-spread.dat"
nkp = 2
kl = "6.12.118 7.2.13"
ixl = "0 1"
ltl = "11 12"
bw = 0.34
ymin = 44.02
ymax = 67.278
xmax = 3.6
maintitle = "local_clock / kernel: spread over runs (min, p25, median, p75, max) (icount, 1 vCPU, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
xticsdef = "set xtics (\"r1 w0\" 1, \"hardirq r1 w1 asap\" 2, \"nmi r1 w1 asap\" 3) rotate by -30 font ',9'"
w = 836
h = 520
