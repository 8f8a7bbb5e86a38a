# lbstats compare of the two sides' host readings (-v what, -v unit): a
# warning when their medians lie more than 2% apart
NR == 2 && ($12 > 2 || $12 < -2) {
	printf "WARNING: the host CPU ran at different %s for the two sides (median %s %s base, %s %s new: %+.1f%%): real-time rows compare different clock speeds\n", what, $3, unit, $8, unit, $12
}
