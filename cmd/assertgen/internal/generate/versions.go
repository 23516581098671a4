package generate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"

	"github.com/assertgen/assertgen/gen"
)

// The version of asserts/wrap's API a generated file was written for:
// the guard gen writes (wrap.EnforceVersion), or the constant of the
// handshake before it (wrap.Version2 for version 2, asserts.Version1 for
// the API when it was package asserts').
var (
	guardVersion = regexp.MustCompile(`(?m)^\s*_ = wrap\.EnforceVersion\(([0-9]+) - wrap\.MinVersion\)`)
	oldVersion   = regexp.MustCompile(`(?m)^const _ = (?:wrap|asserts)\.Version([0-9]+)\b`)
)

// generatedVersion returns the version of asserts/wrap's API a generated
// file was written for and the line that says it; ok is false when it
// names none (a file of the set without a guard, or not generated).
func generatedVersion(src []byte) (version, line int, ok bool) {
	m := guardVersion.FindSubmatchIndex(src)
	if m == nil {
		m = oldVersion.FindSubmatchIndex(src)
	}
	if m == nil {
		return 0, 0, false
	}
	v, err := strconv.Atoi(string(src[m[2]:m[3]]))
	if err != nil {
		return 0, 0, false
	}
	return v, 1 + bytes.Count(src[:m[0]], []byte("\n")), true
}

// versionNotes names each generated file of the set of prefix in dir (its
// wrappers' files and the shapes package's) written for a version of
// asserts/wrap's API that this assertgen's runtime does not build (outside
// gen.WrapMinVersion to gen.WrapVersion): the fix is to generate it again,
// which the note says. A set of an older version inside the window builds
// and is only stale.
func versionNotes(dir, prefix string) []string {
	if prefix == "" {
		prefix = gen.DefaultPrefix
	}
	names, _ := filepath.Glob(filepath.Join(dir, prefix+"_*.go"))
	shapes, _ := filepath.Glob(filepath.Join(dir, gen.ShapesDir, prefix+"_*.go"))
	names = append(names, shapes...)
	slices.Sort(names)
	var notes []string
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil || !bytes.HasPrefix(src, []byte("// "+gen.Header)) {
			continue
		}
		if v, line, ok := generatedVersion(src); ok && (v < gen.WrapMinVersion || v > gen.WrapVersion) {
			notes = append(notes, fmt.Sprintf("%s:%d:1: generated for version %d of asserts/wrap, which this assertgen's runtime does not build (it takes versions %d to %d): run go generate ./... (CHANGELOG.md says what changed)", name, line, v, gen.WrapMinVersion, gen.WrapVersion))
		}
	}
	return notes
}
