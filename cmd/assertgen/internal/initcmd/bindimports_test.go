package initcmd

import (
	"slices"
	"testing"

	library "github.com/assertgen/assertgen/cmd/assertgen/internal/initcmd/finder"
)

// The user's package is listed once in bind_imports when it holds both
// bound kernels and the views' helpers (init -type in a kernel package
// wrote "bind_imports: [math, example.com/k, example.com/k]").
func TestBindImportsOnce(t *testing.T) {
	for _, c := range []struct {
		imports []string
		views   bool
		want    []string
	}{
		{[]string{"math", "example.com/k"}, true, []string{"math", "example.com/k"}},
		{[]string{"math"}, true, []string{"math", "example.com/k"}},
		{[]string{"math", "example.com/k"}, false, []string{"math", "example.com/k"}},
		{nil, false, nil},
	} {
		f := &library.Found{Imports: c.imports}
		if c.views {
			f.Views = &library.ViewForm{}
		}
		lt := &libTarget{Path: "example.com/k", Found: f}
		if got := lt.BindImports(); !slices.Equal(got, c.want) {
			t.Errorf("imports %v, views %v: %v, want %v", c.imports, c.views, got, c.want)
		}
	}
}
