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

// The version of asserts/wrap's API a generated file was written for. A
// file names it in one of three forms: the guard gen writes
// (wrap.EnforceVersion); const _ = wrap.Version2, in a file of version 2;
// or const _ = asserts.Version1, in a file of version 1.
var (
	guardVersion = regexp.MustCompile(`(?m)^\s*_ = wrap\.EnforceVersion\(([0-9]+) - wrap\.MinVersion\)`)
	oldVersion   = regexp.MustCompile(`(?m)^const _ = (?:wrap|asserts)\.Version([0-9]+)\b`)
)

// generatedVersion returns the version of asserts/wrap's API a generated
// file was written for, and the line that says it. ok is false when it
// names none: a file of the set without a guard, or not generated.
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

// versionNotes names each generated file of the set of prefix in dir that
// was written for a version of asserts/wrap's API this assertgen's runtime
// does not build: outside gen.WrapMinVersion to gen.WrapVersion. That is
// the wrappers' files and the shapes package's. The fix is to generate it
// again, and the note says so. A set of an older version inside the window
// builds, and is only stale.
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
