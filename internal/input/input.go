// Package input reads the files assertgen takes as input: schemas,
// tags.yaml, derivatives.yaml, assertgen.yaml, allowlists and backend
// yaml. It reads a file only if it is a regular file, also when reached
// through a symbolic link, and of at most [MaxSize] bytes. Every loader
// reads through [ReadFile]. So `-schema /dev/zero` is refused at once
// instead of filling the memory. Every refusal reads "path: message".
package input

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MaxSize is the largest input file read, 16 MiB. That is 26 times PyTorch
// 2.14.1's native_functions.yaml (616 KiB), the largest file assertgen is
// meant to read.
const MaxSize = 16 << 20

// ReadFile returns the contents of the regular file path. A path that is
// not a regular file is an error, and so is a file larger than [MaxSize].
// These errors and those of the file system read "path: message".
func ReadFile(path string) ([]byte, error) {
	return readFile(path, MaxSize)
}

// Parse reads the file path through [ReadFile] and returns what parse
// makes of its text: the loader of every input format.
func Parse[T any](path string, parse func(path string, src []byte) (T, error)) (T, error) {
	src, err := ReadFile(path)
	if err != nil {
		var none T
		return none, err
	}
	return parse(path, src)
}

func readFile(path string, limit int64) ([]byte, error) {
	// Stat before Open: opening a FIFO for reading blocks until a writer
	// comes.
	fi, err := os.Stat(path)
	if err != nil {
		return nil, pathError(path, err)
	}
	if err := checkFile(path, fi, limit); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, pathError(path, err)
	}
	defer f.Close()
	// The file may have been replaced between Stat and Open.
	ofi, err := f.Stat()
	if err != nil {
		return nil, pathError(path, err)
	}
	if err := checkFile(path, ofi, limit); err != nil {
		return nil, err
	}
	// Read at most one byte past the limit: a file that grew after Stat
	// is still caught.
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, pathError(path, err)
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(path, limit)
	}
	return data, nil
}

// checkFile refuses what is not a regular file of at most limit bytes.
func checkFile(path string, fi fs.FileInfo, limit int64) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file (%s)", path, kind(fi.Mode()))
	}
	if fi.Size() > limit {
		return tooLarge(path, limit)
	}
	return nil
}

func tooLarge(path string, limit int64) error {
	return fmt.Errorf("%s: larger than the %s limit on input files", path, size(limit))
}

// size renders a byte count for a message: "16 MiB", "100 bytes".
func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// kind names a file mode that is not a regular file.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}

// pathError returns err as "path: message", without the operation name
// and the path os puts in a *fs.PathError.
func pathError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &Error{Path: path, Err: err}
}

// An Error is a file system error on the input file Path.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the underlying error, so that errors.Is(err,
// fs.ErrNotExist) holds for a missing file.
func (e *Error) Unwrap() error { return e.Err }
