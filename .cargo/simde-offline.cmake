# Named by CMAKE_TOOLCHAIN_FILE in .cargo/config.toml. The build machines reach no
# GitHub, so CMake's FetchContent must not download: WAMR's simde dependency comes from
# Debian's libsimde-dev (headers in /usr/include/simde).
set(FETCHCONTENT_FULLY_DISCONNECTED ON CACHE BOOL "" FORCE)
set(FETCHCONTENT_SOURCE_DIR_SIMDE /usr/include CACHE PATH "" FORCE)
