package scaffold

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteNew writes data to the new file path and refuses to replace one
// that exists. The bytes go to a temporary file next to path first, which
// is then linked to path (a link never replaces a file): an interrupted
// run leaves path complete or absent, never half-written.
func WriteNew(path string, data []byte) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s exists; assertgen writes only new files (remove it or choose another name)", path)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".assertgen-new-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s exists; assertgen writes only new files (remove it or choose another name)", path)
		}
		return err
	}
	return nil
}
