datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-rt-module_address-kernel-spread.dat"
nkp = 2
kl = "6.12.118 7.2.13"
ixl = "0 1"
ltl = "11 12"
bw = 0.34
ymin = 114.46
ymax = 141.994
xmax = 3.6
maintitle = "module_address / kernel: spread over runs (min, p25, median, p75, max) (icount, 1 vCPU, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per op"
xticsdef = "set xtics (\"r1 w0\" 1, \"hardirq r1 w1 asap\" 2, \"nmi r1 w1 asap\" 3) rotate by -30 font ',9'"
w = 860
h = 520
