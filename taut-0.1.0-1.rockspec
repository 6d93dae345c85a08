-- LuaRocks: `luarocks make` in the tree builds taut.so (make module) and
-- installs it where lua5.4 finds it (make install-module). The module is
-- the physics without the window: require "taut" gives worlds, their
-- objects, queries and events (docs/API.md).
rockspec_format = "3.0"
package = "taut"
version = "0.1.0-1"
source = {
  url = "git+file://.",  -- a checkout of taut; set the public URL when it has one
}
description = {
  summary = "Ropes, soft bodies, colliders, wind and cuts for Lua 5.4 (XPBD, deterministic)",
  detailed = [[The physics core of taut (a sandbox for the physics game characters wear
and swing on) as a Lua module: worlds, particles, springs, ropes, angle
constraints, soft bodies, colliders, frames, wind, cuts, queries and events.]],
  license = "see the tree",
}
dependencies = { "lua >= 5.4, < 5.5" }
external_dependencies = {
  STB = { header = "stb/stb_image.h" },
}
build = {
  type = "make",
  build_target = "module",
  build_variables = {
    CFLAGS = "$(CFLAGS)",
    LUA_INCDIR = "$(LUA_INCDIR)",
  },
  install_target = "install-module",
  install_variables = {
    LUA_LIBDIR = "$(LIBDIR)",
  },
}
