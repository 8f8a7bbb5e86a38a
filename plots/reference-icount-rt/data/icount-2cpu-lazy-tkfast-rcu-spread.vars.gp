datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-lazy-tkfast-rcu-spread.dat"
nkp = 1
kl = "7.2.13"
ixl = "0"
ltl = "11"
bw = 0.68
ymin = 29.32
ymax = 51.948
xmax = 5.6
maintitle = "tkfast / rcu: spread over runs (min, p25, median, p75, max) (icount, 2 vCPUs, preempt lazy)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
xticsdef = "set xtics (\"r2 w0\" 1, \"r2 w1 asap\" 2, \"r2 w1 10us\" 3, \"hardirq r1 w1 asap\" 4, \"nmi r1 w1 asap\" 5) rotate by -30 font ',9'"
w = 796
h = 520
