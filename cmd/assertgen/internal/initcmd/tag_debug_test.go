//go:build debugasserts

package initcmd

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = true
