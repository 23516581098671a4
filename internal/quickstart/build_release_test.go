//go:build !debugasserts

package quickstart

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = false
