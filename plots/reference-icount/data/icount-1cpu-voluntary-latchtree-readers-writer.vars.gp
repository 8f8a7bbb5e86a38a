datafile = "/work/main/plots/reference-icount/data/icount-1cpu-voluntary-latchtree-readers-writer.dat"
nk = 2
klist = "6.1.192 6.12.118"
maintitle = "latchtree: guest instructions per op vs readers, mean +- 95% CI; 1 writer, period 0 (back-to-back) (icount, 1 vCPU, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
ymax = 270.138
xmin = 0.5
xmax = 1.5
xticsdef = "set xtics (1)"
w = 1100
h = 480
vl1 = "latch rbtree-seqcount rwlock rcu none empty"
ix1 = "0 1 2 3 4 5"
cl1 = "1 6 7 3 4 5"
vl2 = "latch rbtree-seqcount rwlock rcu none empty"
ix2 = "6 7 8 9 10 11"
cl2 = "1 6 7 3 4 5"
