#!/usr/bin/env bash
# A scene in a real window, for tests that need the viewer's own keys
# (which replays leave out): taut runs DIR/SCENE (cwd DIR) until its
# window, titled TITLE, shows; then xdotool presses KEYS, F12 (a
# screenshot: DIR/screenshots/<scene>-1.png) and Escape. taut's output goes to DIR/out.txt.
#   tests/window/keys.sh TAUT DIR SCENE TITLE KEY...   (DISPLAY set)
set -u
. "$(dirname "$0")/window.sh"
taut=$1 title=$4
cd "$2" || exit 1
"$taut" "$3" > out.txt 2>&1 &
pid=$!
shift 4
window "$title" "$pid"
for key in "$@"; do
	xdotool key --window "$win" "$key"
	sleep 0.3
done
xdotool key --window "$win" F12
sleep 0.5
xdotool key --window "$win" Escape
wait "$pid"
