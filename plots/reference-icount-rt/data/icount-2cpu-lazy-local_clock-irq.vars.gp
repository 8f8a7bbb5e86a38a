datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-lazy-local_clock-irq.dat"
nk = 1
klist = "7.2.13"
nc = 2
clist = "hardirq nmi"
maintitle = "local_clock: hardirq/NMI reader outcomes, sums over runs (icount, 2 vCPUs, preempt lazy)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2490520
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
ix2_1 = 1
w = 772
h = 840
