datafile = "/work/main/plots/reference-icount/data/icount-1cpu-voluntary-cyc2ns-readers-nowriter.dat"
nk = 2
klist = "6.1.192 6.12.118"
maintitle = "cyc2ns: guest instructions per op vs readers, mean +- 95% CI; no writer (icount, 1 vCPU, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
ymax = 47.6581
xmin = 0.5
xmax = 1.5
xticsdef = "set xtics (1)"
w = 1100
h = 480
vl1 = "latch seqcount rcu none empty"
ix1 = "0 1 2 3 4"
cl1 = "1 2 3 4 5"
vl2 = "latch seqcount rcu none empty"
ix2 = "5 6 7 8 9"
cl2 = "1 2 3 4 5"
