datafile = "/work/main/plots/reference-icount/data/icount-1cpu-schedclock-versions.dat"
vl = "latch seqcount rcu"
ix = "0 1 2"
cl = "1 2 3"
maintitle = "schedclock: net cost over unsynchronised (none), guest instructions per read, by kernel; 1 reader, no writer (icount, 1 vCPU, preempt per kernel)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "net guest instructions per read over none"
ymin = 0
ymax = 13.2
xmin = 0.5
xmax = 3.5
xticsdef = "set xtics (\"6.1.192 voluntary\" 1, \"6.12.118 voluntary\" 2, \"7.2.13 lazy\" 3)"
w = 1228
h = 480
