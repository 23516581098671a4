//go:build debugasserts

package q

import "example.com/callers/p"

func init() { p.DebugOnly() }
