datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-rt-latchtree-period.dat"
nk = 2
klist = "6.12.118 7.2.13"
maintitle = "latchtree: guest instructions per op and read retries vs writer period; 2 readers, 1 writer (icount, 2 vCPUs, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
ymax = 240.108
rmax = 1
xlo = 400
xhi = 25000
xticsdef = "set xtics (\"asap\" 1000, \"10us\" 10000)"
w = 1100
h = 760
vl1 = "latch rbtree-seqcount rwlock rcu none empty"
ix1 = "0 1 2 3 4 5"
cl1 = "1 6 7 3 4 5"
vl2 = "latch rbtree-seqcount rwlock rcu none empty"
ix2 = "6 7 8 9 10 11"
cl2 = "1 6 7 3 4 5"
