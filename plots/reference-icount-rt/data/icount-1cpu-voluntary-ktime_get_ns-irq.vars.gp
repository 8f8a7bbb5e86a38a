datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-voluntary-ktime_get_ns-irq.dat"
nk = 1
klist = "6.12.118"
nc = 1
clist = "hardirq"
maintitle = "ktime_get_ns: hardirq/NMI reader outcomes, sums over runs (icount, 1 vCPU, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2586640
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
w = 812
h = 460
