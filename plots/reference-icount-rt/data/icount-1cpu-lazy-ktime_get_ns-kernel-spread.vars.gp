datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-lazy-ktime_get_ns-kernel-spread.dat"
nkp = 1
kl = "7.2.13"
ixl = "0"
ltl = "11"
bw = 0.68
ymin = 36.18
ymax = 59.102
xmax = 2.6
maintitle = "ktime_get_ns / kernel: spread over runs (min, p25, median, p75, max) (icount, 1 vCPU, preempt lazy)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
xticsdef = "set xtics (\"r1 w0\" 1, \"hardirq r1 w1 asap\" 2) rotate by -30 font ',9'"
w = 860
h = 520
