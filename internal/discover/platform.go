package discover

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/schema"
)

// platforms are the GOOS/GOARCH pairs of go tool dist list (Go 1.26): the
// platforms a kernels package's files are built on.
var platforms = strings.Fields(`aix/ppc64 android/386 android/amd64 android/arm android/arm64
darwin/amd64 darwin/arm64 dragonfly/amd64 freebsd/386 freebsd/amd64 freebsd/arm freebsd/arm64
illumos/amd64 ios/amd64 ios/arm64 js/wasm linux/386 linux/amd64 linux/arm linux/arm64
linux/loong64 linux/mips linux/mips64 linux/mips64le linux/mipsle linux/ppc64 linux/ppc64le
linux/riscv64 linux/s390x netbsd/386 netbsd/amd64 netbsd/arm netbsd/arm64 openbsd/386
openbsd/amd64 openbsd/arm openbsd/arm64 openbsd/ppc64 openbsd/riscv64 plan9/386 plan9/amd64
plan9/arm solaris/amd64 wasip1/wasm windows/386 windows/amd64 windows/arm64`)

// A PlatformOnly is a function of the kernels package that some platforms
// declare and others do not. It says where one declares it, and a platform
// that does not; or, when this one does not, one that does.
type PlatformOnly struct {
	Pos     schema.Position
	Missing string // a platform without it, "linux/amd64"
	Count   int    // how many platforms lack it
}

// PlatformOnly returns, by name, the exported functions of the package
// that are declared on some platforms and not on others. Platforms are
// GOOS/GOARCH, by file names and build constraints, in the build gen
// loads: no build tags, cgo on. gen would bind an op to such a function on
// some platforms only, and write other files there. A package none of
// whose files is under a constraint has none, and costs nothing more.
func (k *Package) PlatformOnly() map[string]PlatformOnly {
	if k.pkg == nil {
		return nil
	}
	var files []string
	for _, f := range append(slices.Clone(k.pkg.GoFiles), k.pkg.IgnoredFiles...) {
		if strings.HasSuffix(f, ".go") && !strings.HasSuffix(f, "_test.go") {
			files = append(files, f)
		}
	}
	if len(k.pkg.IgnoredFiles) == 0 && !slices.ContainsFunc(files, constrained) {
		return nil
	}
	fset := token.NewFileSet()
	decls := map[string][]token.Pos{} // name -> its declarations
	where := map[string][][2]string{} // name -> the platforms that build a file declaring it
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name != k.pkg.Name {
			continue
		}
		on := platformsOf(path)
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.IsExported() {
				decls[fn.Name.Name] = append(decls[fn.Name.Name], fn.Name.Pos())
				where[fn.Name.Name] = append(where[fn.Name.Name], on...)
			}
		}
	}
	out := map[string]PlatformOnly{}
	wd, _ := os.Getwd()
	for name, on := range where {
		var missing []string
		for _, p := range platforms {
			goos, goarch, _ := strings.Cut(p, "/")
			if !slices.Contains(on, [2]string{goos, goarch}) {
				missing = append(missing, p)
			}
		}
		if len(missing) == 0 || len(on) == 0 {
			continue // everywhere, or nowhere (//go:build ignore)
		}
		pos := fset.Position(decls[name][0])
		if rel, err := filepath.Rel(wd, pos.Filename); err == nil && len(rel) < len(pos.Filename) {
			pos.Filename = rel
		}
		out[name] = PlatformOnly{Pos: schema.Position{Filename: pos.Filename, Line: pos.Line, Column: pos.Column}, Missing: missing[0], Count: len(missing)}
	}
	return out
}

// constrained reports whether the file path may be built on some platforms
// only: its name ends in a GOOS or GOARCH (_linux.go), or it has a build
// constraint.
func constrained(path string) bool {
	parts := strings.Split(strings.TrimSuffix(filepath.Base(path), ".go"), "_")
	for _, p := range platforms {
		goos, goarch, _ := strings.Cut(p, "/")
		if last := parts[len(parts)-1]; len(parts) > 1 && (last == goos || last == goarch) {
			return true
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return true // the full check will tell
	}
	defer f.Close()
	head := make([]byte, 8192)
	n, _ := io.ReadFull(f, head)
	return bytes.Contains(head[:n], []byte("//go:build")) || bytes.Contains(head[:n], []byte("// +build"))
}

// platformsOf returns the platforms whose build (no tags, cgo on) holds
// the file path.
func platformsOf(path string) [][2]string {
	var on [][2]string
	for _, p := range platforms {
		goos, goarch, _ := strings.Cut(p, "/")
		ctx := build.Default
		ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled, ctx.BuildTags, ctx.ToolTags = goos, goarch, true, nil, nil
		ctx.ReleaseTags = build.Default.ReleaseTags
		if ok, err := ctx.MatchFile(filepath.Dir(path), filepath.Base(path)); err == nil && ok {
			on = append(on, [2]string{goos, goarch})
		}
	}
	return on
}

// Describe says where the function is declared and where not, for a
// refusal.
func (p PlatformOnly) Describe() string {
	more := ""
	if p.Count > 1 {
		more = fmt.Sprintf(" and %d more", p.Count-1)
	}
	return fmt.Sprintf("%s declares it, and %s%s do not", p.Pos, p.Missing, more)
}
