datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-lazy-ktime_get_mono_fast_ns-irq.dat"
nk = 1
klist = "7.2.13"
nc = 2
clist = "hardirq nmi"
maintitle = "ktime_get_mono_fast_ns: hardirq/NMI reader outcomes, sums over runs (icount, 1 vCPU, preempt lazy)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2493360
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
ix2_1 = 1
w = 852
h = 840
