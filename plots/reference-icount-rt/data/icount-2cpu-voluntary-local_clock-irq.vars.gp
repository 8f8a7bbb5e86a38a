datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-voluntary-local_clock-irq.dat"
nk = 1
klist = "6.12.118"
nc = 2
clist = "hardirq nmi"
maintitle = "local_clock: hardirq/NMI reader outcomes, sums over runs (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2545840
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
ix2_1 = 1
w = 812
h = 840
