//go:build debugasserts

package bind

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = true
