//go:build !debugasserts

package generate

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = false
