-- taut_api.image: pixels of an image file, taut.image (lua/bind_image.c).
return {
  classes = {
    { name = "image", made_by = "taut.image(path)",
      doc = "The RGBA pixels of an image file in memory, so a test can check a headless screenshot.",
      example = [[local img = taut.image("out.png")
local r, g, b, a = img:pixel(img.width // 2, img.height // 2)]],
      sample = "return taut.image('examples/rope.png')",
      methods = {
        { name = "pixel", doc = "The colour at (x, y), 0-based from the top left: r, g, b, a in 0..255.",
          params = { { name = "x", type = "integer" }, { name = "y", type = "integer" } },
          returns = { { name = "r", type = "integer" }, { name = "g", type = "integer" }, { name = "b", type = "integer" }, { name = "a", type = "integer" } },
          errors = {
            { code = "taut.image('examples/rope.png'):pixel(-1, 0)", message = "bad argument #1 to 'pixel' (x outside the image)" },
          } },
      },
      properties = {
        { name = "width", type = "integer", unit = "px", access = "r", doc = "its width" },
        { name = "height", type = "integer", unit = "px", access = "r", doc = "its height" },
      } },
  },
}
