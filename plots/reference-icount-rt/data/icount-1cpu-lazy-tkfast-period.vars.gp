datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-lazy-tkfast-period.dat"
nk = 1
klist = "7.2.13"
maintitle = "tkfast: guest instructions per op and read retries vs writer period; 1 reader, 1 writer (icount, 1 vCPU, preempt lazy)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
ymax = 44
rmax = 0.0114583
xlo = 400
xhi = 25000
xticsdef = "set xtics (\"asap\" 1000, \"10us\" 10000)"
w = 1012
h = 760
vl1 = "latch seqcount rcu none empty"
ix1 = "0 1 2 3 4"
cl1 = "1 2 3 4 5"
