#!/usr/bin/env bash
# A user's session in a real window, for tests/lua/window.lua: taut records
# examples/rope.lua (copied to DIR) while xdotool drags a slider, pauses
# and inspects, grabs and swings the rope, and slashes it, and the file is
# saved twice in between (a tune value, then draw). Leaves DIR/rec.txt and
# DIR/out.txt.
#   tests/window/session.sh TAUT DIR KNOB_X KNOB_Y PIN_X PIN_Y
# (DISPLAY set to a free X server; the gravity slider's knob and the
# rope's pin, where the window lays them out)
set -u
. "$(dirname "$0")/window.sh"
taut=$1
knob_x=$3
knob_y=$4
pin_x=$5
pin_y=$6
cd "$2" || exit 1
"$taut" --record rec.txt rope.lua > out.txt 2>&1 &
pid=$!
window Rope "$pid"
# the gravity slider's knob, then 50 and 110 px to its right
xdotool mousemove --window "$win" "$knob_x" "$knob_y" mousedown 1 \
	mousemove --window "$win" $((knob_x + 50)) "$knob_y" sleep 0.1 \
	mousemove --window "$win" $((knob_x + 110)) "$knob_y" mouseup 1
sleep 0.3
# P pauses; a click on the pin while paused inspects it (not a grab); P
# runs on
xdotool key --window "$win" p sleep 0.3 mousemove --window "$win" "$pin_x" "$pin_y" click 1 \
	sleep 0.3 key --window "$win" p
sleep 0.3
xdotool mousemove --window "$win" 700 420 mousedown 1 sleep 0.1 \
	mousemove --window "$win" 500 500 sleep 0.2 mousemove --window "$win" 300 450 mouseup 1
sleep 0.3
sed -i 's/mass = {0.2, 0.01, 10}/mass = {0.3, 0.01, 10}/' rope.lua
sleep 0.4
sed -i 's/g:color(1, 0.8, 0.3)/g:color(0.3, 1, 0.4)/' rope.lua
sleep 0.4
xdotool mousemove --window "$win" 400 250 mousedown 3 mousemove --window "$win" 600 350 \
	sleep 0.05 mousemove --window "$win" 700 300 mouseup 3
sleep 0.5
xdotool key --window "$win" Escape
wait "$pid"
