datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-lazy-sched_clock-irq.dat"
nk = 1
klist = "7.2.13"
nc = 2
clist = "hardirq nmi"
maintitle = "sched_clock: hardirq/NMI reader outcomes, sums over runs (icount, 1 vCPU, preempt lazy)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2551600
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
ix2_1 = 1
w = 764
h = 840
