datafile = "/work/main/plots/reference-icount/data/icount-1cpu-voluntary-ktime_get_mono_fast_ns-readers-nowriter.dat"
nk = 2
klist = "6.1.192 6.12.118"
maintitle = "ktime_get_mono_fast_ns: guest instructions per op vs readers, mean +- 95% CI; no writer (icount, 1 vCPU, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
ymax = 50.9064
xmin = 0.5
xmax = 1.5
xticsdef = "set xtics (1)"
w = 1100
h = 480
vl1 = "kernel"
ix1 = "0"
cl1 = "8"
vl2 = "kernel"
ix2 = "1"
cl2 = "8"
