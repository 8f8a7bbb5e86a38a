datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-voluntary-cyc2ns-irq.dat"
nk = 1
klist = "6.12.118"
nc = 2
clist = "hardirq nmi"
maintitle = "cyc2ns: hardirq/NMI reader outcomes, sums over runs (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2261200
xmax = 5.6
xticsdef = "set xtics (\"latch\" 1, \"seqcount\" 2, \"rcu\" 3, \"none\" 4, \"empty\" 5)"
ix1_1 = 0
ix2_1 = 1
w = 772
h = 840
