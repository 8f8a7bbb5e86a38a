datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-rt-cyc2ns-irq.dat"
nk = 2
klist = "6.12.118 7.2.13"
nc = 2
clist = "hardirq nmi"
maintitle = "cyc2ns: hardirq/NMI reader outcomes, sums over runs (icount, 2 vCPUs, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 1866880
xmax = 5.6
xticsdef = "set xtics (\"latch\" 1, \"seqcount\" 2, \"rcu\" 3, \"none\" 4, \"empty\" 5)"
ix1_1 = 0
ix1_2 = 1
ix2_1 = 2
ix2_2 = 3
w = 1100
h = 840
