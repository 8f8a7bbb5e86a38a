datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-voluntary-latchtree-irq.dat"
nk = 1
klist = "6.12.118"
nc = 2
clist = "hardirq nmi"
maintitle = "latchtree: hardirq/NMI reader outcomes, sums over runs (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2659880
xmax = 6.6
xticsdef = "set xtics (\"latch\" 1, \"rbtree-seqcount\" 2, \"rwlock\" 3, \"rcu\" 4, \"none\" 5, \"empty\" 6)"
ix1_1 = 0
ix2_1 = 1
w = 796
h = 840
