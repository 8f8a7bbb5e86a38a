datafile = "/work/main/plots/reference-icount/data/icount-1cpu-voluntary-ktime_get_ns-irq.dat"
nk = 2
klist = "6.1.192 6.12.118"
nc = 1
clist = "hardirq"
maintitle = "ktime_get_ns: hardirq/NMI reader outcomes, sums over runs (icount, 1 vCPU, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2586200
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
ix1_2 = 1
w = 1100
h = 460
