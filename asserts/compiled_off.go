//go:build !debugasserts

package asserts

// Compiled reports whether the package was built with the debugasserts build
// tag, the tag generated wrappers are built with.
const Compiled = false
