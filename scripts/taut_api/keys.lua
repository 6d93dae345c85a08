-- taut_api.keys: the viewer's keys and mouse (lua/app.c, view/input.c).
return {
  prose = {
    { name = "Keys and mouse", doc = [[
In the window (`taut scene.lua`). A scene's own input callbacks come first: one that returns
true keeps the viewer from handling that input.]] },
  },
  keys = {
    { key = "left drag", doc = "grab the nearest particle (a soft, force-limited pull; a pinned one is moved); in 3D a drag that grabs nothing orbits" },
    { key = "right drag", doc = "slash: cut what the stroke crosses" },
    { key = "middle drag", doc = "pan" },
    { key = "wheel", doc = "zoom (3D: dolly)" },
    { key = "Alt + left drag", doc = "3D: orbit" },
    { key = "Space", doc = "pause" },
    { key = ".", doc = "one step (pauses)" },
    { key = "[ and ]", doc = "slow motion: halve or double the time scale (down to 1/16)" },
    { key = "R", doc = "rebuild the scene from the file as last saved" },
    { key = "Ctrl+S", doc = "save the tuned values into the scene's tune table" },
    { key = "F1", doc = "swap the debug layers (wind arrows; contact points and normals)" },
    { key = "F12", doc = "save a screenshot, taut-N.png" },
    { key = "Esc", doc = "quit (unsaved tuned values go to <scene>.tuned)" },
  },
}
