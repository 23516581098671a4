package config

import (
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

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

// TestKeys checks the places a key of assertgen.yaml is spelled against
// the one table of them, Keys: Config's yaml tags (each the name of a row
// whose Field is that field, of a type its Kind reads), the example of
// Config's doc (every key, in the table's order), the manual's list of
// flags (cmd/assertgen's doc.go: -config, then every key that has a flag,
// in the table's order) and its list of earlier spellings. The flags
// themselves are registered and applied from the table
// (cmd/assertgen/internal/base's TestConfigFlags).
func TestKeys(t *testing.T) {
	var c Config
	byField := map[uintptr]*Key{}
	names := map[string]bool{}
	for i := range Keys {
		k := &Keys[i]
		if names[k.Name] {
			t.Errorf("key %s: two rows", k.Name)
		}
		names[k.Name] = true
		p := reflect.ValueOf(k.Field(&c))
		byField[p.Pointer()] = k
		if want := kindTypes[k.Kind]; !slices.Contains(want, p.Type().Elem().String()) {
			t.Errorf("key %s: a %s field, want one of %v for its kind", k.Name, p.Type().Elem(), want)
		}
	}
	v := reflect.ValueOf(&c).Elem()
	tagged := 0
	for i := range v.NumField() {
		f := v.Type().Field(i)
		tag := f.Tag.Get("yaml")
		if tag == "" || tag == "-" {
			continue
		}
		tagged++
		k := byField[v.Field(i).Addr().Pointer()]
		switch {
		case k == nil:
			t.Errorf("field %s (yaml %q) is no key of Keys", f.Name, tag)
		case k.Name != tag:
			t.Errorf("field %s: yaml tag %q, but its row in Keys is %s", f.Name, tag, k.Name)
		}
	}
	if tagged != len(Keys) {
		t.Errorf("%d fields with a yaml tag, %d keys", tagged, len(Keys))
	}
	var all, flags []string
	for _, k := range Keys {
		all = append(all, k.Name)
		if k.Usage != "" {
			flags = append(flags, "-"+k.Flag())
		}
	}
	if got := docKeys(t); !slices.Equal(got, all) {
		t.Errorf("Config's doc lists the keys\n%v\nwant (Keys)\n%v", got, all)
	}
	got, old := manualFlags(t)
	if want := append([]string{"-config"}, flags...); !slices.Equal(got, want) {
		t.Errorf("the manual lists the flags\n%v\nwant (Keys)\n%v", got, want)
	}
	for _, k := range Keys {
		for _, o := range k.OldFlags {
			if !strings.Contains(old, "-"+o.Name+" (") {
				t.Errorf("the manual's earlier spellings lack -%s (-%s)", o.Name, k.Flag())
			}
		}
		if k.OldKey != "" && !strings.Contains(old, "key "+k.OldKey+": ("+k.Name+":)") {
			t.Errorf("the manual's earlier spellings lack the key %s: (%s:)", k.OldKey, k.Name)
		}
	}
}

// kindTypes are the field types each Kind reads into.
var kindTypes = map[Kind][]string{
	Text: {"string"}, Path: {"string"}, Import: {"string"}, Bool: {"bool", "*bool"},
	Files: {"[]string"}, List: {"[]string"}, Entries: {"map[string]string"}, Lists: {"map[string][]string"},
}

// docKeys returns the keys of the example in Config's doc comment, in
// order: its lines "//\tkey: ...".
func docKeys(t *testing.T) []string {
	src, err := os.ReadFile("config.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, _, ok := strings.Cut(string(src), "\ntype Config struct")
	if !ok {
		t.Fatal("config.go: no type Config")
	}
	var keys []string
	for _, m := range regexp.MustCompile(`(?m)^//\t([a-z_]+):`).FindAllStringSubmatch(doc, -1) {
		keys = append(keys, m[1])
	}
	return keys
}

// manualFlags returns the flags of the manual's list (its lines
// "//\t-flag ...") and its paragraph of earlier spellings.
func manualFlags(t *testing.T) ([]string, string) {
	src, err := os.ReadFile("../cmd/assertgen/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	_, list, ok := strings.Cut(text, "Every key but")
	if !ok {
		t.Fatal("cmd/assertgen/doc.go: no list of the config's flags")
	}
	list, old, ok := strings.Cut(list, "// Earlier spellings still work")
	if !ok {
		t.Fatal("cmd/assertgen/doc.go: no paragraph of earlier spellings")
	}
	old, _, _ = strings.Cut(old, "\n//\n")
	var flags []string
	for _, m := range regexp.MustCompile(`(?m)^//\t(-[a-z-]+)`).FindAllStringSubmatch(list, -1) {
		flags = append(flags, m[1])
	}
	return flags, strings.ReplaceAll(old, "\n// ", " ")
}
