datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-rt-latchtree-versions.dat"
vl = "latch rbtree-seqcount rwlock rcu"
ix = "0 1 2 3"
cl = "1 6 7 3"
maintitle = "latchtree: net cost over unsynchronised (none), guest instructions per read, by kernel; 1 reader, no writer (icount, 1 vCPU, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "net guest instructions per read over none"
ymin = -9.4116
ymax = 128.957
xmin = 0.5
xmax = 2.5
xticsdef = "set xtics (\"6.12.118\" 1, \"7.2.13\" 2)"
w = 1156
h = 480
