datafile = "/work/main/plots/reference-icount/data/icount-2cpu-voluntary-latchtree-readers-writer.dat"
nk = 1
klist = "6.12.118"
maintitle = "latchtree: guest instructions per op vs readers, mean +- 95% CI; 1 writer, period 0 (back-to-back) (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
ymax = 305.5
xmin = 1.5
xmax = 2.5
xticsdef = "set xtics (2)"
w = 650
h = 480
vl1 = "latch rbtree-seqcount rwlock rcu none empty"
ix1 = "0 1 2 3 4 5"
cl1 = "1 6 7 3 4 5"
