//go:build debugasserts

package finder

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = true
