package sweep_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/assertgen/assertgen/sweep"
)

// ReadVerdicts reads a library's verdicts, each a key the report prints
// (here an op refused on every sample) and why the library keeps it; the
// sweep test init writes for a library's type judges by them
// (sweep.RunWith with Options.Verdicts). No file is no verdict.
func ExampleReadVerdicts() {
	dir, err := os.MkdirTemp("", "verdicts")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "assertgen_verdicts.json")
	text := `{
	"kron.out refused": "the library wants out of the result's size; PyTorch resizes it"
}
`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		panic(err)
	}
	v, err := sweep.ReadVerdicts(path)
	fmt.Println(v[sweep.RefusalKey("kron.out")], err)
	none, err := sweep.ReadVerdicts(filepath.Join(dir, "none.json"))
	fmt.Println(len(none), err)
	if err := os.WriteFile(path, []byte("{\n\t\"kron.out refused\": \"\"\n}\n"), 0o644); err != nil {
		panic(err)
	}
	_, err = sweep.ReadVerdicts(path)
	fmt.Println(err != nil)
	// Output:
	// the library wants out of the result's size; PyTorch resizes it <nil>
	// 0 <nil>
	// true
}
