datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-rt-ktime_get_mono_fast_ns-irq.dat"
nk = 2
klist = "6.12.118 7.2.13"
nc = 2
clist = "hardirq nmi"
maintitle = "ktime_get_mono_fast_ns: hardirq/NMI reader outcomes, sums over runs (icount, 1 vCPU, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2589280
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
ix1_2 = 1
ix2_1 = 2
ix2_2 = 3
w = 1100
h = 840
