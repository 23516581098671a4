package schema

import (
	"bytes"
	"runtime"
	"sync"

	"gopkg.in/yaml.v3"
)

// A native_functions.yaml is one long block sequence, and reading it with
// yaml.v3 is most of the time `assertgen plan` takes. parseYAMLSeq reads a
// large one in chunks on several goroutines: the file is cut before lines
// that start a new top-level item ("- " in column 0), each chunk is parsed
// on its own, line numbers are shifted back to the file's, and the items are
// joined in order. Cutting there cannot change what a valid file means: a
// line at column 0 that starts with "- " is a new item of the top-level
// sequence in any block context. Where a chunk does not parse on its own
// (anchors used across items, several documents, a syntax error), the
// whole file is parsed instead, so errors come with the whole file's
// positions; TestChunkedYAMLEqualsWhole checks the result against the
// whole-file parse on both releases at GOMAXPROCS 1, 2 and 4, and
// FuzzParseYAML on every input it tries.
//
// Measured on the 2-core VM: plan -json on the 2.6.0 yaml (BenchmarkLoadYAML
// and docs/schema.md, "Performance").

// chunkMin is the size below which a file is parsed whole: small files do
// not pay for the goroutines.
const chunkMin = 128 << 10

// parseYAMLSeq returns the root node of src as ParseYAMLNode does, reading
// a large file in chunks.
func parseYAMLSeq(path string, src []byte) (*yaml.Node, error) {
	n := runtime.GOMAXPROCS(0)
	if n < 2 || len(src) < chunkMin {
		return ParseYAMLNode(path, src)
	}
	if root, ok := parseChunks(src, cutPoints(src, n)); ok {
		return root, nil
	}
	return ParseYAMLNode(path, src)
}

// cutPoints returns up to n-1 offsets of lines that start a top-level item,
// spread evenly over src; none where the file may hold several documents
// or directives, which chunks would split.
func cutPoints(src []byte, n int) []int {
	if bytes.Contains(src, []byte("\n---")) || bytes.Contains(src, []byte("\n...")) || bytes.HasPrefix(src, []byte("%")) || bytes.Contains(src, []byte("\n%")) {
		return nil
	}
	var cuts []int
	for k := 1; k < n; k++ {
		at := len(src) * k / n
		i := bytes.Index(src[at:], []byte("\n- "))
		if i < 0 {
			break
		}
		cut := at + i + 1
		if len(cuts) == 0 || cut > cuts[len(cuts)-1] {
			cuts = append(cuts, cut)
		}
	}
	return cuts
}

// parseChunks parses the chunks of src between the cuts concurrently and
// joins their items; ok is false if a chunk is not a block sequence that
// parses on its own.
func parseChunks(src []byte, cuts []int) (root *yaml.Node, ok bool) {
	if len(cuts) == 0 {
		return nil, false
	}
	bounds := append(append([]int{0}, cuts...), len(src))
	roots := make([]*yaml.Node, len(bounds)-1)
	oks := make([]bool, len(roots))
	var wg sync.WaitGroup
	for i := range roots {
		wg.Go(func() {
			var doc yaml.Node
			chunk := src[bounds[i]:bounds[i+1]]
			if !validYAMLText(chunk) || yaml.Unmarshal(chunk, &doc) != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.SequenceNode {
				return
			}
			shiftLines(doc.Content[0], bytes.Count(src[:bounds[i]], []byte("\n")))
			roots[i], oks[i] = doc.Content[0], true
		})
	}
	wg.Wait()
	for _, ok := range oks {
		if !ok {
			return nil, false
		}
	}
	root = roots[0]
	for _, r := range roots[1:] {
		root.Content = append(root.Content, r.Content...)
	}
	return root, true
}

// validYAMLText reports whether b has no invalid UTF-8 and none of the
// characters YAML forbids (ParseYAMLNode reports those with positions).
func validYAMLText(b []byte) bool {
	_, bad := firstRune("", b, func(r rune, size int) bool { return invalidUTF8(r, size) || controlChar(r, size) })
	return !bad
}

// shiftLines adds d to the line of n and of every node below it.
func shiftLines(n *yaml.Node, d int) {
	n.Line += d
	for _, c := range n.Content {
		shiftLines(c, d)
	}
}
