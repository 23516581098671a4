//go:build !debugasserts

package clitest

// debugBuild: the test binary was built with -tags debugasserts.
const debugBuild = false
