datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-lazy-sched_clock-kernel-spread.dat"
nkp = 1
kl = "7.2.13"
ixl = "0"
ltl = "11"
bw = 0.68
ymin = 32.26
ymax = 55.014
xmax = 3.6
maintitle = "sched_clock / kernel: spread over runs (min, p25, median, p75, max) (icount, 1 vCPU, preempt lazy)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
xticsdef = "set xtics (\"r1 w0\" 1, \"hardirq r1 w1 asap\" 2, \"nmi r1 w1 asap\" 3) rotate by -30 font ',9'"
w = 852
h = 520
