# Sourced by the window scripts: window TITLE PID sets $win to the window
# titled TITLE once it shows (up to 10 s), or kills PID and exits.
window() {
	win=
	for _ in $(seq 100); do
		win=$(xdotool search --name "^$1\$" 2>/dev/null | head -n 1)
		[ -n "$win" ] && break
		sleep 0.1
	done
	[ -n "$win" ] || { echo "no window"; kill "$2"; exit 1; }
	sleep 0.5
}
