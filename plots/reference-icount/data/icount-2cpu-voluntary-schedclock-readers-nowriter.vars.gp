datafile = "/work/main/plots/reference-icount/data/icount-2cpu-voluntary-schedclock-readers-nowriter.dat"
nk = 1
klist = "6.12.118"
maintitle = "schedclock: guest instructions per op vs readers, mean +- 95% CI; no writer (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
ymax = 167.928
xmin = 1.5
xmax = 2.5
xticsdef = "set xtics (2)"
w = 650
h = 480
vl1 = "latch seqcount rcu none empty"
ix1 = "0 1 2 3 4"
cl1 = "1 2 3 4 5"
