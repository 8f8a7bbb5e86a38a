# meta.txt's TAG.KEY=value lines of the boots of kernel ksel (all: ""):
# their values, one a line (-v key=KEY -v ksel=KVER)
match($0, "^[^=]*\\." key "=") {
	if (lb_tagmatch($0, ksel)) print substr($0, RLENGTH + 1)
}
