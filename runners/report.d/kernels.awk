# the kernel column of a checked results file
NR == 1 { for (i = 1; i <= NF; i++) if ($i == "kernel") c = i; next }
{ print $c }
