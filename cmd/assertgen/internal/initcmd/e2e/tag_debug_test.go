//go:build debugasserts

package e2e

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = true
