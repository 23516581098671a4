package schema

import (
	"os"
	"strings"
	"testing"
)

func FuzzParseBackend(f *testing.F) {
	seed, err := os.ReadFile("testdata/backend/my_backend.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte("backend: X\ncpp_namespace: x\nsupported:\n  - add.Tensor\n  - [x]\nautograd: [add.Tensor]\n"))
	f.Add([]byte("backend: X\nbackend: Y\nsupported: 3\nnon_native: {a: 1}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		b, err := ParseBackend("f.yaml", src)
		if err != nil {
			el, ok := err.(ErrorList)
			if !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			for _, e := range el {
				if e.Pos.Filename != "f.yaml" || e.Pos.Line < 1 || e.Pos.Column < 1 || strings.Contains(e.Msg, "\n") {
					t.Fatalf("error without a position or on several lines: %q", e.Error())
				}
			}
			return
		}
		if b.Key == "" || b.CppNamespace == "" {
			t.Fatalf("no error, but backend %q, cpp_namespace %q", b.Key, b.CppNamespace)
		}
		seen := map[string]bool{}
		for _, op := range b.Ops() {
			if seen[op.Name] {
				t.Fatalf("%s listed twice without an error", op.Name)
			}
			seen[op.Name] = true
			if _, err := ParseOperatorName(op.Name); err != nil {
				t.Fatalf("accepted op name %q: %v", op.Name, err)
			}
		}
	})
}
