//go:build !debugasserts

package docs

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = false
