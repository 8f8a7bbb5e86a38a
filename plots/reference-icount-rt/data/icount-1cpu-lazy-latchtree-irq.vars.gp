datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-lazy-latchtree-irq.dat"
nk = 1
klist = "7.2.13"
nc = 2
clist = "hardirq nmi"
maintitle = "latchtree: hardirq/NMI reader outcomes, sums over runs (icount, 1 vCPU, preempt lazy)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2612720
xmax = 6.6
xticsdef = "set xtics (\"latch\" 1, \"rbtree-seqcount\" 2, \"rwlock\" 3, \"rcu\" 4, \"none\" 5, \"empty\" 6)"
ix1_1 = 0
ix2_1 = 1
w = 748
h = 840
