datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-rt-cyc2ns-versions.dat"
vl = "latch seqcount rcu"
ix = "0 1 2"
cl = "1 2 3"
maintitle = "cyc2ns: net cost over unsynchronised (none), guest instructions per read, by kernel; 2 readers, no writer (icount, 2 vCPUs, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "net guest instructions per read over none"
ymin = 0
ymax = 16.5
xmin = 0.5
xmax = 2.5
xticsdef = "set xtics (\"6.12.118\" 1, \"7.2.13\" 2)"
w = 1148
h = 480
