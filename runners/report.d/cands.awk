# the vocabulary's baseline candidates: rank<TAB>variant, each variant once
NR == 1 { for (i = 1; i <= NF; i++) H[$i] = i; next }
("rank" in H) && $H["rank"] > 0 && !seen[$H["variant"]]++ { print $H["rank"] "\t" $H["variant"] }
