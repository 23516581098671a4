package base

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"
)

// FindModule returns the module path and directory of the go.mod above
// dir.
func FindModule(dir string) (string, string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			if p := modfile.ModulePath(data); p != "" {
				return p, d, nil
			}
			return "", "", fmt.Errorf("%s: no module path", filepath.Join(d, "go.mod"))
		}
		if filepath.Dir(d) == d {
			return "", "", fmt.Errorf("%s is in no module (no go.mod above it): run init in a package of your module", dir)
		}
	}
}
