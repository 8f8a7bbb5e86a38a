datafile = "/work/main/plots/reference-icount/data/icount-2cpu-voluntary-ktime_get_real_fast_ns-readers-nowriter.dat"
nk = 1
klist = "6.12.118"
maintitle = "ktime_get_real_fast_ns: guest instructions per op vs readers, mean +- 95% CI; no writer (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
ymax = 98.7653
xmin = 1.5
xmax = 2.5
xticsdef = "set xtics (2)"
w = 650
h = 480
vl1 = "kernel"
ix1 = "0"
cl1 = "8"
