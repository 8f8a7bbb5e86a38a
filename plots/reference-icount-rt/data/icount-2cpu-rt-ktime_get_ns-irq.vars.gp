datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-rt-ktime_get_ns-irq.dat"
nk = 2
klist = "6.12.118 7.2.13"
nc = 1
clist = "hardirq"
maintitle = "ktime_get_ns: hardirq/NMI reader outcomes, sums over runs (icount, 2 vCPUs, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2616080
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
ix1_2 = 1
w = 1100
h = 460
