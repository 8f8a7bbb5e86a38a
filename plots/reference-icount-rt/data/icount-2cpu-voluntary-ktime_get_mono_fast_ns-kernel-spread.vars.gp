datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-voluntary-ktime_get_mono_fast_ns-kernel-spread.dat"
nkp = 1
kl = "6.12.118"
ixl = "0"
ltl = "11"
bw = 0.68
ymin = 41.08
ymax = 64.212
xmax = 3.6
maintitle = "ktime_get_mono_fast_ns / kernel: spread over runs (min, p25, median, p75, max) (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
xticsdef = "set xtics (\"r2 w0\" 1, \"hardirq r1 w1 asap\" 2, \"nmi r1 w1 asap\" 3) rotate by -30 font ',9'"
w = 988
h = 520
