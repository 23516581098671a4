//go:build !debugasserts

package library

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = false
