datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-voluntary-cyc2ns-period.dat"
nk = 1
klist = "6.12.118"
maintitle = "cyc2ns: guest instructions per op and read retries vs writer period; 2 readers, 1 writer (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
ymax = 28.6
rmax = 0.00210728
xlo = 400
xhi = 25000
xticsdef = "set xtics (\"asap\" 1000, \"10us\" 10000)"
w = 1068
h = 760
vl1 = "latch seqcount rcu none empty"
ix1 = "0 1 2 3 4"
cl1 = "1 2 3 4 5"
