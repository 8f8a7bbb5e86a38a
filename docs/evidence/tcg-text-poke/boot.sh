#!/bin/bash
# boot.sh NAME ACCELOPTS SMP N PIN TIMEOUT
set -u
name=$1 accel=$2 smp=$3 n=$4 pin=$5 to=$6
k=/root/.cache/latchbench/debian-stock/6.12-debian/lb-build-voluntary/arch/x86/boot/bzImage
log=/tmp/tcgrepro/$name.log
start=$(date +%s)
timeout "$to" qemu-system-x86_64 -nographic -no-reboot -nodefaults -serial file:"$log" -smp "$smp" -m 1024 \
	-accel "$accel" -cpu max -kernel "$k" -initrd ${INITRD:-/tmp/tcgrepro/initrd.gz} \
	-append "console=ttyS0 panic=-1 oops=panic nokaslr tsc=reliable clocksource=tsc repro.n=$n repro.pin=$pin" </dev/null >/dev/null 2>&1
rc=$?
echo "$name: rc=$rc $(( $(date +%s) - start ))s oops=$(grep -c 'Oops' "$log") last=$(grep 'repro:' "$log" | tail -1)"
