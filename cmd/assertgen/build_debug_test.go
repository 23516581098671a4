//go:build debugasserts

package main

// debugBuild: this test binary was built with -tags debugasserts.
const debugBuild = true
