package pytorch

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
)

// sums are the SHA-256 digests of the files of each release as they are in
// the release's source tarball (except LICENSE of 1.13.1, which carries
// assertgen's note on derivatives.yaml). A changed byte fails the test: the embedded files
// are PyTorch's, never edited.
var sums = map[string]string{
	"1.13.1/native_functions.yaml": "0088dfc825d306c3aa1c39f55b9fbe165a3cd195f69c83f664e7e42ebabaf205",
	"1.13.1/tags.yaml":             "86aaea7c341af1cd2a4b07466863605661c796b80dcff68452db44af2c378abc",
	"1.13.1/derivatives.yaml":      "03046e74679dffd0dd34384ea9c4a897d699d43677f805740998f3efca6bb1d9",
	"1.13.1/LICENSE":               "0c66cefead72b73654793bdfc56b7dd1c33c98891a6f2b2e69d2c7e2135ef029",
	"2.6.0/native_functions.yaml":  "bbfbda86dfb5d6218ca94e2410b53ca6d14569daf6d7d4a728a601d9d2abda8b",
	"2.6.0/tags.yaml":              "b5be526e4fb63dba56214a373002b89518e120ac4688b33862739cb7d69574d5",
	"2.6.0/derivatives.yaml":       "beafa6ca095fa5c5a3b647b04520701194d2fc5f598524b13b8b187e9f0142dd",
	"2.6.0/LICENSE":                "47a26beb94e3f6b333a3677fc85d546f1fdfd2f0b3686c26d2fb5b10e0134165",
	"2.14.1/native_functions.yaml": "d68d30699549d4b75ed0a8765a9a29663e7d7be7a25e381a40f6ce72ad2d3060",
	"2.14.1/tags.yaml":             "013f0f6de0b8503050999db8f68e82bc9f1b009d9955d54dd13e6a648ca2c5c0",
	"2.14.1/derivatives.yaml":      "a9d832e1993a3f47889a8d5ee52e443407bbd0df895550cc5a02c01b4465a526",
	"2.14.1/LICENSE":               "bd018feef8825e88181c84eb7e3aa4eafb8f08a20d9fd6ef948569610c4a3e43",
}

// TestEmbedded checks that every release's embedded bytes are the files of
// its directory, unchanged from PyTorch's.
func TestEmbedded(t *testing.T) {
	for _, r := range Releases {
		for _, f := range []struct {
			name string
			b    []byte
		}{
			{"native_functions.yaml", r.NativeFunctions},
			{"tags.yaml", r.Tags},
			{"derivatives.yaml", r.Derivatives},
			{"LICENSE", r.License},
		} {
			path := r.Version + "/" + f.name
			disk, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(f.b) != string(disk) {
				t.Errorf("%s: embedded bytes differ from the file", path)
			}
			sum := sha256.Sum256(disk)
			if got := hex.EncodeToString(sum[:]); got != sums[path] {
				t.Errorf("%s: sha256 %s, want %s", path, got, sums[path])
			}
		}
	}
	if Newest().Version != "2.14.1" {
		t.Errorf("Newest: %s", Newest().Version)
	}
}

// TestLookup checks the spellings a release answers to, the same for every
// package: its series, its version, "" for the newest.
func TestLookup(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "2.14.1"}, {"1.13", "1.13.1"}, {"1.13.1", "1.13.1"}, {"2.6", "2.6.0"}, {"2.6.0", "2.6.0"},
		{"2.14", "2.14.1"}, {"2.14.1", "2.14.1"},
	} {
		r, err := Lookup(tc.in)
		if err != nil || r.Version != tc.want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", tc.in, r, err, tc.want)
		}
	}
	for _, bad := range []string{"2", "2.1", "2.6.1", "2.14.0", " 2.6", "v2.6"} {
		if r, err := Lookup(bad); err == nil {
			t.Errorf("Lookup(%q) = %v, want an error", bad, r)
		} else if want := `unknown PyTorch version "` + bad + `": assertgen has the rules and data of PyTorch 1.13.1 (1.13), PyTorch 2.6.0 (2.6) and PyTorch 2.14.1 (2.14)`; err.Error() != want {
			t.Errorf("Lookup(%q): %v", bad, err)
		}
	}
}

// TestTable checks what the table's data must satisfy: versions in order,
// distinct series, for each release a pytorch skip policy and a
// TensorImpl use-count check of a fresh return.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for i, r := range Releases {
		if !strings.HasPrefix(r.Version, r.Series+".") || seen[r.Series] {
			t.Errorf("release %d: version %s, series %s", i, r.Version, r.Series)
		}
		seen[r.Series] = true
		if a := r.Autograd; a.Policy == checks.Strict || a.Policy.GoName() == "" ||
			a.FreshImplCheck() != checks.ImplUseCountLE1 && a.FreshImplCheck() != checks.ImplUseCountEqFresh {
			t.Errorf("release %s: policy %s, fresh TensorImpl check %s", r.Version, a.Policy, a.FreshImplCheck())
		}
		if r.Autograd.Source == "" || len(r.Torchgen.DispatchKeys) == 0 || len(r.Torchgen.AutogenBaseOrder) != 4 {
			t.Errorf("release %s: incomplete entry", r.Version)
		}
	}
}
