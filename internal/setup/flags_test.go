package setup

import (
	"bytes"
	"errors"
	"flag"
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		desc    string
		args    []string
		noArgs  bool
		wantErr error
		wantOut string
	}{
		{"flags", []string{"-json", "-o", "f"}, true, nil, ""},
		{"misspelt flag", []string{"-jsn"}, false, ErrUsage, "assertgen t: unknown flag -jsn; did you mean -json? (assertgen t -h lists the flags)\n"},
		{"double dash", []string{"--jsn"}, false, ErrUsage, "assertgen t: unknown flag -jsn; did you mean -json? (assertgen t -h lists the flags)\n"},
		{"no near flag", []string{"-zzzzzz"}, false, ErrUsage, "assertgen t: unknown flag -zzzzzz (assertgen t -h lists the flags)\n"},
		{"bad value", []string{"-json=maybe"}, false, ErrUsage, "assertgen t: invalid boolean value \"maybe\" for -json: parse error (assertgen t -h lists the flags)\n"},
		{"help", []string{"-h"}, false, flag.ErrHelp, "Usage of assertgen t:\n"},
		{"argument", []string{"x"}, true, ErrUsage, "assertgen t: unexpected argument \"x\"\n"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		fs := NewFlagSet("t", &out)
		fs.Bool("json", false, "")
		fs.String("o", "", "")
		var err error
		if tt.noArgs {
			err = ParseFlagsNoArgs(fs, tt.args)
		} else {
			err = ParseFlags(fs, tt.args)
		}
		if !errors.Is(err, tt.wantErr) || err == nil && tt.wantErr != nil {
			t.Errorf("%s: error %v, want %v", tt.desc, err, tt.wantErr)
		}
		if got := out.String(); tt.desc == "help" && !bytes.HasPrefix(out.Bytes(), []byte(tt.wantOut)) || tt.desc != "help" && got != tt.wantOut {
			t.Errorf("%s: printed %q, want %q", tt.desc, got, tt.wantOut)
		}
	}
}

func TestParseWithNames(t *testing.T) {
	for _, args := range [][]string{
		{"add.Tensor", "-json", "neg"},
		{"-json", "add.Tensor", "neg"},
		{"add.Tensor", "neg", "-json"},
	} {
		fs := NewFlagSet("plan", new(bytes.Buffer))
		asJSON := fs.Bool("json", false, "")
		names, err := ParseFlagsWithNames(fs, args)
		if err != nil || !*asJSON || !slices.Equal(names, []string{"add.Tensor", "neg"}) {
			t.Errorf("%q: names %q, -json %v, %v", args, names, *asJSON, err)
		}
	}
}

func TestSplitList(t *testing.T) {
	for in, want := range map[string][]string{
		"":                nil,
		" , ,":            nil,
		"add.Tensor":      {"add.Tensor"},
		" neg , add.* ,,": {"neg", "add.*"},
	} {
		if got := SplitList(in); !slices.Equal(got, want) {
			t.Errorf("SplitList(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRouteUsage checks that a *UsageError is told as the command's
// usage error, and other errors are returned as they are.
func TestRouteUsage(t *testing.T) {
	var out bytes.Buffer
	fs := NewFlagSet("vet", &out)
	f := RegisterConfig(fs, "vet", true, &out)
	if err := f.Route(&UsageError{Msg: "no kernels"}); err != ErrUsage || out.String() != "assertgen vet: no kernels\n" {
		t.Errorf("UsageError: %v, printed %q", err, out.String())
	}
	other := errors.New("other")
	if err := f.Route(other); err != other {
		t.Errorf("other error: %v", err)
	}
}
