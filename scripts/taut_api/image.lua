-- taut_api.image: pixels of an image file, taut.image (lua/bind_image.c).
return {
  classes = {
    { name = "image", made_by = "taut.image(path)",
      doc = "The RGBA pixels of an image file in memory, so a test can check a headless screenshot.",
      example = [[local img = taut.image("out.png")
local r, g, b, a = img:pixel(img.width // 2, img.height // 2)
local count, x, y = img:differing(0, 0, 100, 40, 24, 26, 32)  -- pixels not the background]],
      sample = "return taut.image('examples/rope.png')",
      methods = {
        { name = "pixel", doc = "The colour at (x, y), 0-based from the top left: r, g, b, a in 0..255.",
          params = { { name = "x", type = "integer" }, { name = "y", type = "integer" } },
          returns = { { name = "r", type = "integer" }, { name = "g", type = "integer" }, { name = "b", type = "integer" }, { name = "a", type = "integer" } },
          errors = {
            { code = "taut.image('examples/rope.png'):pixel(-1, 0)", message = "bad argument #1 to 'pixel' (x outside the image)" },
          } },
        { name = "differing", doc = "How many pixels of the rectangle (clipped to the image) are not the colour r, g, b, and where the first one is (row by row from the top left).",
          params = { { name = "x", type = "integer", unit = "px" }, { name = "y", type = "integer", unit = "px" },
            { name = "w", type = "integer", unit = "px" }, { name = "h", type = "integer", unit = "px" },
            { name = "r", type = "integer", doc = "0..255" }, { name = "g", type = "integer" }, { name = "b", type = "integer" } },
          returns = { { name = "count", type = "integer" }, { name = "x", type = "integer?", doc = "nil when none differs" }, { name = "y", type = "integer?" } },
          errors = {
            { code = "taut.image('examples/rope.png'):differing(0, 0, 8, 8, 0, 0)", message = "bad argument #7 to 'differing' (number expected, got no value)" },
          } },
      },
      properties = {
        { name = "width", type = "integer", unit = "px", access = "r", doc = "its width" },
        { name = "height", type = "integer", unit = "px", access = "r", doc = "its height" },
      } },
  },
}
