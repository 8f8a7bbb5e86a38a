datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-lazy-schedclock-irq.dat"
nk = 1
klist = "7.2.13"
nc = 2
clist = "hardirq nmi"
maintitle = "schedclock: hardirq/NMI reader outcomes, sums over runs (icount, 2 vCPUs, preempt lazy)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2456200
xmax = 5.6
xticsdef = "set xtics (\"latch\" 1, \"seqcount\" 2, \"rcu\" 3, \"none\" 4, \"empty\" 5)"
ix1_1 = 0
ix2_1 = 1
w = 764
h = 840
