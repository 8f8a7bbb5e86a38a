datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-voluntary-ktime_get_ns-irq.dat"
nk = 1
klist = "6.12.118"
nc = 1
clist = "hardirq"
maintitle = "ktime_get_ns: hardirq/NMI reader outcomes, sums over runs (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2585080
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
w = 820
h = 460
