package generate

import (
	gobuild "go/build"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// builds reports whether the go command builds the Go file name into its
// package for GOOS/GOARCH goos/goarch (go/build's rule: name, build line).
func builds(name, goos, goarch string) bool {
	ctx := gobuild.Default
	ctx.GOOS, ctx.GOARCH = goos, goarch
	ctx.BuildTags, ctx.ToolTags, ctx.ReleaseTags = nil, nil, nil
	ctx.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("package p\n")), nil }
	ok, err := ctx.MatchFile(".", name)
	return err == nil && ok
}

// platforms are GOOS/GOARCH pairs other than the two systemSuffix asks:
// a name it accepts must build on each of them too.
var platforms = [][2]string{{"darwin", "arm64"}, {"freebsd", "riscv64"}, {"plan9", "386"}, {"js", "wasm"}, {"android", "arm"}, {"ios", "arm64"}, {"aix", "ppc64"}}

// FuzzStubsName: for any file name, ignored does not panic, and a name it
// accepts is a .go file, not a test, that the go command builds on every
// platform asked; goodName's suggestion is always one it accepts.
func FuzzStubsName(f *testing.F) {
	for _, s := range []string{"todo.go", "_todo.go", ".todo.go", "todo_windows.go", "todo_test.go", "todo.txt", "todo_linux_amd64.go",
		"x_unix.go", "x_wasip1.go", "x_ios.go", "x_amd64p32.go", "a_b_c.go", "_.go", ".go", "go", "x_test_windows.go", "ÿ_ios.go"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if name == "" || strings.ContainsAny(name, "/\\\x00") || filepath.Base(name) != name {
			return
		}
		if why := ignored(name); why == "" {
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				t.Errorf("%q accepted: not a non-test .go file", name)
			}
			for _, p := range platforms {
				if !builds(name, p[0], p[1]) {
					t.Errorf("%q accepted, but the go command leaves it out on %s/%s", name, p[0], p[1])
				}
			}
		}
		good := goodName(name)
		if why := ignored(good); why != "" || strings.ContainsAny(good, "/\\") {
			t.Errorf("goodName(%q) = %q, which is refused: %s", name, good, why)
		}
	})
}
