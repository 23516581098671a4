package base

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"reflect"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/config"
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

// TestConfigFlags: the config's flags are config.Keys' (each key that has
// a flag, with its earlier spellings; plan and explain those the table
// marks), and a flag sets its key's field as the file would, recorded as
// set by the flag (the spelling given last).
func TestConfigFlags(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		full bool
		take func(k *config.Key) bool
	}{
		{"gen", true, func(*config.Key) bool { return true }},
		{"plan", false, func(k *config.Key) bool { return k.Plan }},
		{"explain", false, func(k *config.Key) bool { return k.Explain }},
	} {
		fs := NewFlagSet(tc.cmd, io.Discard)
		RegisterConfig(fs, tc.cmd, tc.full, io.Discard)
		for i := range config.Keys {
			k := &config.Keys[i]
			want := k.Usage != "" && tc.take(k)
			names := []string{k.Flag()}
			for _, o := range k.OldFlags {
				names = append(names, o.Name)
			}
			for _, n := range names {
				if got := fs.Lookup(n) != nil; got != want {
					t.Errorf("%s: flag -%s registered %v, want %v", tc.cmd, n, got, want)
				}
			}
		}
	}
	var stderr bytes.Buffer
	fs := NewFlagSet("gen", &stderr)
	f := RegisterConfig(fs, "gen", true, &stderr)
	var args []string
	for _, k := range config.Keys {
		if k.Usage == "" {
			continue // no flag
		}
		switch k.Kind {
		case config.Bool:
			args = append(args, "-"+k.Flag()+"=false")
		case config.Files:
			args = append(args, "-"+k.Flag(), "/a", "-"+k.OldFlags[0].Name, "/b")
		case config.List:
			args = append(args, "-"+k.Flag(), "x, y")
		case config.Entries, config.Lists:
			args = append(args, "-"+k.Flag(), "T=a,b")
		case config.Path:
			args = append(args, "-"+k.Flag(), "/"+k.Name)
		default:
			args = append(args, "-"+k.Flag(), k.Name)
		}
	}
	if err := ParseFlags(fs, args); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	c := &config.Config{Dir: "."}
	f.apply(c)
	want := map[string]any{
		"schema": "/schema", "tags_yaml": "/tags_yaml", "derivatives": "/derivatives", "profile": "profile",
		"pytorch_version": "pytorch_version", "allowlists": []string{"/a", "/b"}, "package": "package",
		"output": "/output", "prefix": "prefix", "mode": "mode", "build_tag": "build_tag", "use_counts": false,
		"memory": "memory", "metadata": false, "kernels": "kernels", "allow_missing_kernels": false,
		"types": map[string]string{"T": "a,b"}, "type_params": map[string][]string{"T": {"a", "b"}},
		"backend": "/backend", "ops": []string{"x", "y"},
	}
	for i := range config.Keys {
		k := &config.Keys[i]
		if k.Usage == "" {
			continue
		}
		got := reflect.ValueOf(k.Field(c)).Elem()
		if got.Kind() == reflect.Pointer {
			got = got.Elem()
		}
		if !reflect.DeepEqual(got.Interface(), want[k.Name]) {
			t.Errorf("-%s: %s = %#v, want %#v", k.Flag(), k.Name, got.Interface(), want[k.Name])
		}
		at := k.Name
		if k.Kind == config.Entries || k.Kind == config.Lists {
			at += ".T"
		}
		flag := "-" + k.Flag()
		if k.Kind == config.Files {
			flag = "-" + k.OldFlags[0].Name // given last
		}
		if pos := c.At(at); pos.Filename != flag {
			t.Errorf("%s: set by %q, want %s", at, pos.Filename, flag)
		}
	}
}
