datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-voluntary-schedclock-period.dat"
nk = 1
klist = "6.12.118"
maintitle = "schedclock: write-side cost, guest instructions per update vs writer period; 1 reader, 1 writer (icount, 1 vCPU, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per update"
ymax = 2833.56
xlo = 400
xhi = 25000
xticsdef = "set xtics (\"asap\" 1000, \"10us\" 10000)"
w = 1116
h = 480
vl1 = "latch seqcount rcu none empty"
ix1 = "0 1 2 3 4"
cl1 = "1 2 3 4 5"
