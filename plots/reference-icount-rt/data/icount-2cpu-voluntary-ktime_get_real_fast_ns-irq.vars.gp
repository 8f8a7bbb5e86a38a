datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-voluntary-ktime_get_real_fast_ns-irq.dat"
nk = 1
klist = "6.12.118"
nc = 2
clist = "hardirq nmi"
maintitle = "ktime_get_real_fast_ns: hardirq/NMI reader outcomes, sums over runs (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2546240
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
ix2_1 = 1
w = 900
h = 840
