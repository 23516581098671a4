package gen

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
)

// WriteFiles writes files into dir all or nothing: each file goes to a
// temporary file first, and only when all are written are they renamed
// into place. A failed run leaves the previous files untouched.
func WriteFiles(dir string, files []File) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmps := make([]string, 0, len(files))
	cleanup := func() {
		for _, t := range tmps {
			os.Remove(t)
		}
	}
	for _, f := range files {
		tf, err := os.CreateTemp(dir, "."+f.Name+".tmp*")
		if err != nil {
			cleanup()
			return err
		}
		tmps = append(tmps, tf.Name())
		_, err = tf.Write(f.Data)
		if cerr := tf.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chmod(tf.Name(), 0o644)
		}
		if err != nil {
			cleanup()
			return err
		}
	}
	for i, f := range files {
		if err := os.Rename(tmps[i], filepath.Join(dir, f.Name)); err != nil {
			cleanup()
			return err
		}
	}
	return nil
}

// Stale lists the files whose copy in dir is missing or differs.
func Stale(dir string, files []File) ([]string, error) {
	var stale []string
	for _, f := range files {
		p := filepath.Join(dir, f.Name)
		old, err := os.ReadFile(p)
		if errors.Is(err, os.ErrNotExist) || err == nil && !bytes.Equal(old, f.Data) {
			stale = append(stale, p)
			continue
		}
		if err != nil {
			return nil, err
		}
	}
	return stale, nil
}

// Obsolete lists files in dir that an earlier run generated (named
// PREFIX_*.go and starting with the generated-code header) and that files
// no longer contains, such as a part file when fewer parts are needed.
func Obsolete(dir, prefix string, files []File) ([]string, error) {
	matches, err := filepath.Glob(filepath.Join(dir, prefix+"_*.go"))
	if err != nil {
		return nil, err
	}
	keep := map[string]bool{}
	for _, f := range files {
		keep[f.Name] = true
	}
	var out []string
	header := []byte("// " + Header + "\n")
	for _, m := range matches {
		if keep[filepath.Base(m)] {
			continue
		}
		data, err := os.ReadFile(m)
		if err != nil {
			return nil, err
		}
		if bytes.HasPrefix(data, header) {
			out = append(out, m)
		}
	}
	return out, nil
}
