package wrap_test

import (
	"os"
	"strings"
	"testing"
)

// TestDocExampleIsGenerated checks that the package documentation's
// example of generated code (doc.go, "Generated code") is generated code:
// each of its paragraphs is a run of lines of the file the paragraph's
// "// path" line names, verbatim. gen -check in CI keeps those files equal
// to what assertgen generates, so the example follows every change of gen.
func TestDocExampleIsGenerated(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(src), "// # Generated code\n")
	if !ok {
		t.Fatal(`doc.go has no "# Generated code" section`)
	}
	// The code block: the lines "//\t...", and the blank "//" between them.
	var block []string
	started := false
	for _, l := range strings.Split(after, "\n") {
		code, isCode := strings.CutPrefix(l, "//\t")
		if isCode {
			started = true
			block = append(block, code)
		} else if started && l == "//" {
			block = append(block, "")
		} else if started {
			break
		}
	}
	var file string
	var files []string
	paragraphs := 0
	for _, para := range strings.Split(strings.Join(block, "\n"), "\n\n") {
		lines := strings.Split(strings.TrimSpace(para), "\n")
		if name, ok := strings.CutPrefix(lines[0], "// examples/"); ok {
			name, _, _ = strings.Cut(name, " ")
			file = "../../examples/" + name
			files = append(files, file)
			lines = lines[1:]
		}
		if file == "" {
			t.Fatalf("the example's first paragraph names no file: %q", lines[0])
		}
		gen, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(gen), strings.Join(lines, "\n")+"\n") {
			t.Errorf("doc.go's example paragraph starting %q is not in %s; copy it from there", lines[0], file)
		}
		paragraphs++
	}
	if len(files) != 2 || paragraphs < 4 {
		t.Errorf("the example shows %d paragraphs of %v; want the wrapper and its helpers, from two files", paragraphs, files)
	}
}
