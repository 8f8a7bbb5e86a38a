datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-rt-ktime_get_ns-kernel-spread.dat"
nkp = 2
kl = "6.12.118 7.2.13"
ixl = "0 1"
ltl = "11 12"
bw = 0.34
ymin = 35.08
ymax = 59.212
xmax = 2.6
maintitle = "ktime_get_ns / kernel: spread over runs (min, p25, median, p75, max) (icount, 2 vCPUs, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
xticsdef = "set xtics (\"r2 w0\" 1, \"hardirq r1 w1 asap\" 2) rotate by -30 font ',9'"
w = 852
h = 520
