//go:build debugasserts

package p

// DebugOnly exists in the debug build only, and q's debug build calls it.
func DebugOnly() {}
