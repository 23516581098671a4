package sweep

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// ReadVerdicts reads one object of key and reason; no file is no verdict;
// each bad file is an error at its path, line and column.
func TestReadVerdicts(t *testing.T) {
	dir := t.TempDir()
	if v, err := ReadVerdicts(filepath.Join(dir, "none.json")); v != nil || err != nil {
		t.Errorf("no file: %v, %v", v, err)
	}
	for _, c := range []struct {
		name, text string
		want       Verdicts
		err        string
	}{
		{"two", "{\n\t\"kron.out refused\": \"wants out of the result's size\",\n\t\"neg crash: exit\": \"r\"\n}\n",
			Verdicts{"kron.out refused": "wants out of the result's size", "neg crash: exit": "r"}, ""},
		{"empty object", "{}", Verdicts{}, ""},
		{"a list", "[\"a\"]", nil, ":1:1: want one JSON object of verdicts"},
		{"twice", "{\n  \"a refused\": \"x\",\n  \"a refused\": \"y\"\n}", nil, `:3:3: verdict "a refused": given twice`},
		{"no reason", "{\n  \"a refused\": \"\"\n}", nil, `:2:3: verdict "a refused": an empty reason`},
		{"empty key", "{\"\": \"why\"}", nil, ":1:2: an empty key"},
		{"a number", "{\"a refused\": 3}", nil, `:1:2: verdict "a refused": the reason is not a string`},
		{"syntax", "{\n  \"a refused\" \"x\"\n}", nil, ":2:15: invalid character"},
		{"cut short", "{\"a refused\": \"x\"", nil, ":1:18: unexpected end of the file"},
		{"more", "{} {}", nil, ":1:4: more after the object"},
		{"empty file", "", nil, ":1:1: unexpected end of the file"},
	} {
		p := filepath.Join(dir, c.name+".json")
		if err := os.WriteFile(p, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		v, err := ReadVerdicts(p)
		switch {
		case c.err == "" && (err != nil || len(v) != len(c.want)):
			t.Errorf("%s: %v, %v; want %v", c.name, v, err, c.want)
		case c.err != "" && (err == nil || !regexp.MustCompile("^"+regexp.QuoteMeta(p+c.err)).MatchString(err.Error())):
			t.Errorf("%s: err %v, want %s%s", c.name, err, p, c.err)
		}
		for k, why := range c.want {
			if v[k] != why {
				t.Errorf("%s: %q is %q, want %q", c.name, k, v[k], why)
			}
		}
	}
}

// FuzzReadVerdicts: any bytes give verdicts or an error at a place in the
// file, never a panic.
func FuzzReadVerdicts(f *testing.F) {
	for _, s := range []string{"{}", "{\"a refused\": \"x\"}", "[1]", "{\"a\": 1}", "{\"a\":\"b\",\"a\":\"c\"}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v, off, err := parseVerdicts(b)
		if err == nil && v == nil {
			t.Fatal("no verdicts and no error")
		}
		if err != nil {
			line, col := lineCol(b, off)
			if line < 1 || col < 1 {
				t.Fatalf("error %v at %d:%d", err, line, col)
			}
		}
	})
}
