package gen

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/wrap"
)

// TestWrapVersionInWindow: gen writes the newest version the runtime of
// this tree accepts, and knows the oldest (for vet and gen -check).
func TestWrapVersionInWindow(t *testing.T) {
	if WrapVersion != wrap.MaxVersion || WrapMinVersion != wrap.MinVersion {
		t.Errorf("gen says the runtime accepts versions %d to %d of asserts/wrap and writes %[2]d; the runtime accepts %d to %d", WrapMinVersion, WrapVersion, wrap.MinVersion, wrap.MaxVersion)
	}
}

// TestVersionGuard: the guard gen writes compiles for the versions of the
// window and fails for one below it (at its first constant) or above it
// (at its second), where the comment above says to run go generate.
func TestVersionGuard(t *testing.T) {
	t.Parallel() // the long tests of the package side by side
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	check := func(version int) []string {
		f := newFile("p", "debugasserts", false)
		versionGuard(f, version)
		src := fmt.Sprintf("%#v", f)
		af, err := parser.ParseFile(fset, "guard.go", src, parser.ParseComments)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		var errs []string
		conf := types.Config{Importer: imp, Error: func(err error) {
			e := err.(types.Error)
			errs = append(errs, fmt.Sprintf("%d: %s", e.Fset.Position(e.Pos).Line, e.Msg))
		}}
		conf.Check("p", fset, []*ast.File{af}, nil)
		if version == WrapVersion && !strings.Contains(src, "run go generate ./... again") {
			t.Errorf("the guard does not say what to do:\n%s", src)
		}
		return errs
	}
	for v := wrap.MinVersion; v <= wrap.MaxVersion; v++ {
		if errs := check(v); len(errs) > 0 {
			t.Errorf("version %d, in the window: %v", v, errs)
		}
	}
	for _, tc := range []struct {
		version int
		line    string // the guard's line that fails
	}{
		{wrap.MinVersion - 1, "_ = wrap.EnforceVersion(%d - wrap.MinVersion)"},
		{wrap.MaxVersion + 1, "_ = wrap.EnforceVersion(wrap.MaxVersion - %d)"},
	} {
		errs := check(tc.version)
		if len(errs) != 1 {
			t.Errorf("version %d, outside the window: %d errors, want 1: %v", tc.version, len(errs), errs)
			continue
		}
		f := newFile("p", "debugasserts", false)
		versionGuard(f, tc.version)
		lines := strings.Split(fmt.Sprintf("%#v", f), "\n")
		var at string
		fmt.Sscanf(errs[0], "%s", &at)
		n := 0
		fmt.Sscanf(strings.TrimSuffix(at, ":"), "%d", &n)
		if want := fmt.Sprintf(tc.line, tc.version); n < 1 || n > len(lines) || strings.TrimSpace(lines[n-1]) != want {
			t.Errorf("version %d: the error is at line %d, want the line %q: %v", tc.version, n, want, errs)
		}
	}
}
