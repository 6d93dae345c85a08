-- taut_api.texture: images to draw meshes with, taut.texture (lua/bind_texture.c).
return {
  classes = {
    { name = "texture", made_by = "taut.texture(path)",
      doc = "An image (PNG, JPG, TGA... through stb_image) to draw meshes with; the view uploads it on first use, so load() can make one headless.",
      example = [[scene.crate = taut.texture("crate.png")
function scene.draw(g) g:mesh(scene.quad, scene.crate) end]],
      sample = "return taut.texture('examples/rope.png')",
      properties = {
        { name = "width", type = "integer", unit = "px", access = "r", doc = "its width" },
        { name = "height", type = "integer", unit = "px", access = "r", doc = "its height" },
      } },
  },
}
