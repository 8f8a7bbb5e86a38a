datafile = "/work/main/plots/reference-icount-rt/data/icount-1cpu-rt-kernel-functions-versions.dat"
vl = "ktime_get_mono_fast_ns ktime_get_raw_fast_ns ktime_get_real_fast_ns ktime_get_ns sched_clock local_clock cyc2ns_read module_address"
ix = "0 1 2 3 4 5 6 7"
cl = "1 2 3 4 5 6 7 8"
maintitle = "real kernel functions by kernel: guest instructions per call, mean +- 95% CI; 1 reader, no writer (icount, 1 vCPU, preempt rt)\nicount: guest instructions (1 insn = 1 ns), emulated - not hardware results"
ylab = "guest instructions per call"
ymin = 0
ymax = 130.9
xmin = 0.5
xmax = 2.5
xticsdef = "set xtics (\"6.12.118\" 1, \"7.2.13\" 2)"
w = 1076
h = 520
