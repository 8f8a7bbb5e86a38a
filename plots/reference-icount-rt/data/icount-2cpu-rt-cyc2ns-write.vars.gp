datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-rt-cyc2ns-period.dat"
nk = 2
klist = "6.12.118 7.2.13"
maintitle = "cyc2ns: write-side cost, guest instructions per update vs writer period; 2 readers, 1 writer (icount, 2 vCPUs, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per update"
ymax = 161916
xlo = 400
xhi = 25000
xticsdef = "set xtics (\"asap\" 1000, \"10us\" 10000)"
w = 1100
h = 480
vl1 = "latch seqcount rcu none empty"
ix1 = "0 1 2 3 4"
cl1 = "1 2 3 4 5"
vl2 = "latch seqcount rcu none empty"
ix2 = "5 6 7 8 9"
cl2 = "1 2 3 4 5"
