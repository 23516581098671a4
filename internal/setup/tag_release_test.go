//go:build !debugasserts

package setup

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = false
