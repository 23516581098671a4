package pytorch

import (
	"bytes"
	"os"
	"testing"
)

// TestEmbeddedIsTestdata checks that the embedded files are byte for byte
// the copies in testdata/pytorch-1.13.1, which the tests of other packages
// read from disk.
func TestEmbeddedIsTestdata(t *testing.T) {
	for _, tc := range []struct {
		file     string
		embedded []byte
	}{
		{"native_functions.yaml", NativeFunctions},
		{"tags.yaml", Tags},
		{"derivatives.yaml", Derivatives},
	} {
		b, err := os.ReadFile("../../testdata/pytorch-1.13.1/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		if len(tc.embedded) == 0 || !bytes.Equal(tc.embedded, b) {
			t.Errorf("%s: embedded copy differs from testdata", tc.file)
		}
	}
	a, _ := os.ReadFile("LICENSE")
	b, _ := os.ReadFile("../../testdata/pytorch-1.13.1/LICENSE")
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Error("LICENSE: embedded copy differs from testdata")
	}
}
