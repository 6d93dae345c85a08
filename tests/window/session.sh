#!/usr/bin/env bash
# A user's session in a real window, for tests/lua/window.lua: taut records
# examples/rope.lua (copied to DIR) while xdotool drags a slider, grabs and
# swings the rope, and slashes it, and the file is saved twice in between
# (a tune value, then draw). Leaves DIR/rec.txt and DIR/out.txt.
#   tests/window/session.sh TAUT DIR    (DISPLAY set to a free X server)
set -u
taut=$1
cd "$2" || exit 1
"$taut" --record rec.txt rope.lua > out.txt 2>&1 &
pid=$!
win=
for _ in $(seq 100); do
	win=$(xdotool search --name '^Rope$' 2>/dev/null | head -n 1)
	[ -n "$win" ] && break
	sleep 0.1
done
[ -n "$win" ] || { echo "no window"; kill "$pid"; exit 1; }
sleep 0.5
# the gravity slider: row 2 of the panel, its track at y = 91
xdotool mousemove --window "$win" 1066 91 mousedown 1 \
	mousemove --window "$win" 1120 91 sleep 0.1 mousemove --window "$win" 1180 91 mouseup 1
sleep 0.3
xdotool mousemove --window "$win" 900 420 mousedown 1 sleep 0.1 \
	mousemove --window "$win" 700 500 sleep 0.2 mousemove --window "$win" 500 450 mouseup 1
sleep 0.3
sed -i 's/mass = {0.2, 0.01, 10}/mass = {0.3, 0.01, 10}/' rope.lua
sleep 0.4
sed -i 's/g:color(1, 0.8, 0.3)/g:color(0.3, 1, 0.4)/' rope.lua
sleep 0.4
xdotool mousemove --window "$win" 600 250 mousedown 3 mousemove --window "$win" 800 350 \
	sleep 0.05 mousemove --window "$win" 900 300 mouseup 3
sleep 0.5
xdotool key --window "$win" Escape
wait "$pid"
