# The one 72-column wrapper of text lines (lib.sh lb_wrap72): a line that
# fits is printed as it is; an overlong one is folded by lb_fold (lib.awk),
# its continuation lines indented `more` columns further in than its own
# indentation (-v more=N, 0 by default); trailing spaces dropped
{ sub(/ +$/, "") }
length($0) <= 72 { print; next }
{
	ind = $0; sub(/[^ ].*/, "", ind)
	lb_wrap(substr($0, length(ind) + 1), ind sprintf("%" (more + 0) "s", ""), ind)
}
