package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// identityNames are the Go names DESIGN.md's list of the places a new
// identity kind touches points at, each with the directory of the
// package that declares it.
var identityNames = map[string]string{
	"identityNames":          "plan",
	"Identity.UseCounts":     "plan",
	"Config.Identity":        "config",
	"Keys":                   "config",
	"Config.Validate":        "config",
	"tensorProblems":         "cmd/assertgen/internal/generate",
	"builder.adapt":          "gen/steps",
	"builder.onePath":        "gen/steps",
	"builder.reads":          "gen/steps",
	"fileJobs":               "gen",
	"prepare":                "gen",
	"TestGolden":             "gen/steps",
	"TestIdentityNames":      "plan",
	"TestIdentity":           "config",
	"TestIdentityKindPlaces": "docs",
}

// TestIdentityKindPlaces checks that what DESIGN.md's list of the places
// a new identity kind touches names exists: each Go name in the package
// that declares it, each file or directory of the repository. A word it
// does not know is an error, so that a place added to the list is added
// here too.
func TestIdentityKindPlaces(t *testing.T) {
	src, err := os.ReadFile("DESIGN.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	start := strings.Index(text, "**A new kind** touches these places")
	if start < 0 {
		t.Fatal(`DESIGN.md has no "**A new kind** touches these places"`)
	}
	section := text[start:]
	list := strings.Index(section, "\n1. ")
	if list < 0 {
		t.Fatal("DESIGN.md's places of a new identity kind are not a numbered list")
	}
	if end := strings.Index(section[list:], "\n\n"); end >= 0 {
		section = section[:list+end]
	}
	// Go names in backquotes, and the paths of files and directories.
	words := regexp.MustCompile("`([^`]+)`|\\b([a-z][a-z_]*(?:/[a-z_]+)+(?:\\.go)?)").FindAllStringSubmatch(section, -1)
	if len(words) < 15 {
		t.Fatalf("the list names %d things; is it there?", len(words))
	}
	for _, m := range words {
		w := m[1] + m[2]
		switch {
		case identityNames[w] != "":
			if !declares(t, filepath.Join("..", identityNames[w]), w) {
				t.Errorf("DESIGN.md's places of a new identity kind name %s, which %s does not declare", w, identityNames[w])
			}
		case strings.Contains(w, "/"):
			if _, err := os.Stat(filepath.Join("..", w)); err != nil {
				t.Errorf("DESIGN.md's places of a new identity kind point at %s, which is not in the repository", w)
			}
		default:
			t.Errorf("DESIGN.md's places of a new identity kind name %q, which TestIdentityKindPlaces does not know: add it to identityNames", w)
		}
	}
}
