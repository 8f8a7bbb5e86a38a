#!/bin/busybox sh
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t debugfs none /sys/kernel/debug 2>/dev/null
n=$(sed -n 's/.*repro.n=\([0-9]*\).*/\1/p' /proc/cmdline)
pin=$(sed -n 's/.*repro.pin=\([0-9]*\).*/\1/p' /proc/cmdline)
ev=task-clock,context-switches,cpu-migrations,cycles,instructions,cache-misses,branch-misses
echo "repro: start n=$n pin=$pin cpus=$(grep -c ^processor /proc/cpuinfo)"
# context switches on every CPU: a pipe ping-pong per CPU
for c in 0 1; do
	( while :; do echo x; done | while read -r l; do :; done ) &
done
# pin=1: one long-lived perf session holding the same events on a sleeping
# task, so the static keys perf flips stay enabled (no text patching later)
if [ "$pin" = 1 ]; then perf stat -e $ev -- sleep 100000 >/dev/null 2>&1 & sleep 2; fi
i=0
while [ "$i" -lt "$n" ]; do
	perf stat -x, -e $ev -- true >/dev/null 2>&1
	i=$((i + 1))
	[ $((i % 25)) != 0 ] || echo "repro: $i"
done
echo "repro: done $i"
poweroff -f
