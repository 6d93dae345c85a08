#!/usr/bin/env bash
# A 3D session in a real window, for tests/lua/replay3d.lua: taut records
# SCENE (examples/orbit.lua, wrapped to count cuts) while xdotool moves the
# camera every way it moves (a left drag on nothing orbits, Alt + left
# drag orbits, middle drag pans, the wheel dollies in twice and out once),
# then grabs the left rope and slashes across the others where that camera
# shows them. Leaves DIR/rec.txt and DIR/out.txt.
#   tests/window/orbit.sh TAUT DIR SCENE   (DISPLAY set to a free X server)
set -u
. "$(dirname "$0")/window.sh"
taut=$1
"$taut" --hud off --record "$2/rec.txt" "$3" > "$2/out.txt" 2>&1 &
pid=$!
window Orbit "$pid"
xdotool mousemove --window "$win" 60 60 mousedown 1 mousemove --window "$win" 120 80 \
	sleep 0.1 mousemove --window "$win" 200 100 mouseup 1
sleep 0.2
xdotool mousemove --window "$win" 1100 650 keydown alt mousedown 1 \
	mousemove --window "$win" 1080 640 sleep 0.1 mousemove --window "$win" 1040 630 mouseup 1 keyup alt
sleep 0.2
xdotool mousemove --window "$win" 640 650 mousedown 2 mousemove --window "$win" 620 640 \
	sleep 0.1 mousemove --window "$win" 600 630 mouseup 2
sleep 0.2
xdotool mousemove --window "$win" 640 360 click 4 sleep 0.1 click 4 sleep 0.1 click 5
sleep 0.5
# the left rope, then a stroke across the middle one, the hair and the right one
xdotool mousemove --window "$win" 403 280 mousedown 1 sleep 0.1 mousemove --window "$win" 300 250 \
	sleep 0.2 mouseup 1
sleep 0.5
xdotool mousemove --window "$win" 450 300 mousedown 3 mousemove --window "$win" 600 300 \
	sleep 0.05 mousemove --window "$win" 720 300 mouseup 3
sleep 0.5
xdotool key --window "$win" Escape
wait "$pid"
