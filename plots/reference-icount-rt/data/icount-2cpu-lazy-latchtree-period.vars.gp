datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-lazy-latchtree-period.dat"
nk = 1
klist = "7.2.13"
maintitle = "latchtree: guest instructions per op and read retries vs writer period; 2 readers, 1 writer (icount, 2 vCPUs, preempt lazy)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
ymax = 208.848
rmax = 0.00509259
xlo = 400
xhi = 25000
xticsdef = "set xtics (\"asap\" 1000, \"10us\" 10000)"
w = 1052
h = 760
vl1 = "latch rbtree-seqcount rwlock rcu none empty"
ix1 = "0 1 2 3 4 5"
cl1 = "1 6 7 3 4 5"
