-- taut_api.keys: the viewer's keys and mouse (lua/keys.c, lua/app.c,
-- lua/picker.c, view/input.c). An entry with a `hud` word is one of taut's
-- keys, a labelled line of lua/keys.c's table: the contract test checks
-- the label, the word and `replayed` against it.
return {
  prose = {
    { name = "Keys and mouse", doc = [[
In the window (`taut scene.lua`). Keys never collide with a scene's: Esc, the function keys, Home
and every Ctrl chord are taut's and never reach the scene; every other key goes to the scene
first, and one its `keypressed` handles (returns true) is the scene's, taut acting on it only when
the scene left it. So Space is always the scene's. The same holds for the mouse: a scene's own
`mousepressed` that returns true keeps the viewer from grabbing or slashing. In a replay the keys
marked *replayed* (they change what the run holds or shows) come back as recorded; the others are
the viewer's. A scene lists its own keys for the HUD in `scene.controls`.]] },
  },
  keys = {
    { key = "left drag", doc = "grab the nearest particle (a soft, force-limited pull; a pinned one is moved); paused: inspect the particle or spring clicked (a card, also printed on stdout); in 3D a drag that grabs nothing orbits" },
    { key = "right drag", doc = "slash: cut what the stroke crosses" },
    { key = "middle drag", doc = "pan" },
    { key = "wheel", doc = "zoom (3D: dolly)" },
    { key = "Alt + left drag", doc = "3D: orbit" },
    { key = "P", hud = "pause", doc = "pause and resume (a badge over the scene says so)" },
    { key = ".", hud = "step", doc = "one step (pauses)" },
    { key = "[ ]", hud = "slow", doc = "slow motion: halve the time scale (down to 1/16), or double it back to full speed" },
    { key = "R", hud = "rebuild", replayed = true, doc = "rebuild the scene from the file as last saved" },
    { key = "H", hud = "hide", doc = "hide or show the HUD and the tuning panel" },
    { key = "Home", hud = "camera", doc = "frame the scene again (an orbit camera: its default angles too)" },
    { key = "F1", hud = "layers", replayed = true, doc = "the next debug layers: wind (at start), contacts, normals (with contacts), strain (with a legend), ids, none" },
    { key = "F9", hud = "GIF", doc = "record an animated GIF, F9 again stops: screenshots/<scene>-<n>.gif beside the scene" },
    { key = "F12", hud = "shot", doc = "save a screenshot: screenshots/<scene>-<n>.png beside the scene" },
    { key = "Backspace", hud = "scenes", replayed = true, doc = "back to the scene browser (a scene opened from it)" },
    { key = "Ctrl+S", hud = "save tune values", replayed = true, doc = "save the tuned values into the scene's tune table" },
    { key = "Esc", hud = "quit", doc = "fold away the error bar, else quit (unsaved tuned values go to <scene>.tuned)" },
    { key = "Tab", doc = "the error bar: unfold or fold the traceback" },
    { key = "arrows, Enter", doc = "the scene browser: choose a scene, open it (or a click on its card)" },
  },
}
