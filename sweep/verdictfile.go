package sweep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// ReadVerdicts reads a library's verdicts from a JSON file: one object,
// each key a finding's, crash's or refusal's key as the report prints it
// ([Finding.Key], [Crash.Key], [Refusal.Key]), each value why it is known
// and not fixed:
//
//	{
//		"kron.out refused": "the library wants out= of the result's size; PyTorch resizes it"
//	}
//
// A file that does not exist is no verdict (nil, nil): the sweep test
// init writes for a library's type reads assertgen_verdicts.json so, and
// a user adds a verdict to it when the report names one the library will
// keep. A file that is not such an object, a key given twice, an empty key
// or reason is an error at path:line:col.
func ReadVerdicts(path string) (Verdicts, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	v, off, err := parseVerdicts(b)
	if err != nil {
		line, col := lineCol(b, off)
		return nil, fmt.Errorf("%s:%d:%d: %v", path, line, col, err)
	}
	return v, nil
}

// parseVerdicts parses a verdicts file, or returns the offset of its
// error.
func parseVerdicts(b []byte) (Verdicts, int64, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	fail := func(err error) (Verdicts, int64, error) {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, se.Offset - 1, errors.New(se.Error())
		}
		if errors.Is(err, io.EOF) {
			err = errors.New("unexpected end of the file")
		}
		return nil, dec.InputOffset(), err
	}
	if tok, err := dec.Token(); err != nil {
		return fail(err)
	} else if tok != json.Delim('{') {
		return nil, 0, errors.New("want one JSON object of verdicts: {\"op check where\": \"why\", ...}")
	}
	v := Verdicts{}
	for dec.More() {
		at := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return fail(err)
		}
		key := tok.(string) // an object's key is a string, else a syntax error above
		tok, err = dec.Token()
		if err != nil {
			return fail(err)
		}
		why, ok := tok.(string)
		switch {
		case !ok:
			return nil, at, fmt.Errorf("verdict %q: the reason is not a string", key)
		case strings.TrimSpace(key) == "":
			return nil, at, errors.New("an empty key: a verdict names a finding, crash or refusal as the report prints it")
		case strings.TrimSpace(why) == "":
			return nil, at, fmt.Errorf("verdict %q: an empty reason: a verdict says why the library keeps it", key)
		}
		if _, dup := v[key]; dup {
			return nil, at, fmt.Errorf("verdict %q: given twice", key)
		}
		v[key] = why
	}
	if _, err := dec.Token(); err != nil {
		return fail(err)
	}
	at := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		return nil, at, errors.New("more after the object of verdicts")
	}
	return v, 0, nil
}

// lineCol is the line and column (from 1, in bytes) of offset off in b,
// past any white space there.
func lineCol(b []byte, off int64) (int, int) {
	off = min(max(off, 0), int64(len(b)))
	for off < int64(len(b)) && strings.ContainsRune(" \t\r\n,", rune(b[off])) {
		off++
	}
	line := 1 + bytes.Count(b[:off], []byte("\n"))
	return line, int(off) - bytes.LastIndexByte(b[:off], '\n')
}
