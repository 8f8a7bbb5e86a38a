datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-voluntary-latchtree-period.dat"
nk = 1
klist = "6.12.118"
maintitle = "latchtree: write-side cost, guest instructions per update vs writer period; 2 readers, 1 writer (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per update"
ymax = 8936.27
xlo = 400
xhi = 25000
xticsdef = "set xtics (\"asap\" 1000, \"10us\" 10000)"
w = 1124
h = 480
vl1 = "latch rbtree-seqcount rwlock rcu none empty"
ix1 = "0 1 2 3 4 5"
cl1 = "1 6 7 3 4 5"
