datafile = "/work/main/plots/reference-icount/data/icount-2cpu-latchtree-versions.dat"
vl = "latch rbtree-seqcount rwlock rcu"
ix = "0 1 2 3"
cl = "1 6 7 3"
maintitle = "latchtree: net cost over unsynchronised (none), guest instructions per read, by kernel; 2 readers, no writer (icount, 2 vCPUs, preempt per kernel)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "net guest instructions per read over none"
ymin = 0
ymax = 111.582
xmin = 0.5
xmax = 2.5
xticsdef = "set xtics (\"6.12.118 voluntary\" 1, \"7.2.13 lazy\" 2)"
w = 1236
h = 480
