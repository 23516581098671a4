//go:build debugasserts

package bench

// checkedBuild reports whether the checked wrappers check (-tags debugasserts).
const checkedBuild = true
