//go:build debugasserts

package libraries

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = true
