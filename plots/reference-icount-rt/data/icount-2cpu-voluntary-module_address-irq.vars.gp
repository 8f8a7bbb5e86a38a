datafile = "/work/main/plots/reference-icount-rt/data/icount-2cpu-voluntary-module_address-irq.dat"
nk = 1
klist = "6.12.118"
nc = 2
clist = "hardirq nmi"
maintitle = "module_address: hardirq/NMI reader outcomes, sums over runs (icount, 2 vCPUs, preempt voluntary)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ymax = 2206840
xmax = 1.6
xticsdef = "set xtics (\"kernel\" 1)"
ix1_1 = 0
ix2_1 = 1
w = 836
h = 840
