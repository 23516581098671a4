package config

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/internal/input"
	"github.com/assertgen/assertgen/schema"
)

// maxIncludeDepth bounds a chain of include: files.
const maxIncludeDepth = 8

// load reads the config at path and the files its include: names. chain
// holds the files that included it, for cycles.
func load(path string, chain []string) (*Config, error) {
	c, err := input.Parse(path, Parse)
	if err != nil || len(c.Include) == 0 {
		return c, err
	}
	abs, _ := filepath.Abs(path)
	chain = append(chain, abs)
	var errs schema.ErrorList
	for i, inc := range c.Include {
		key := fmt.Sprintf("include.%d", i)
		p := c.Resolve(inc)
		pabs, _ := filepath.Abs(p)
		switch {
		case inc == "":
			errs = append(errs, c.Errorf(key, "empty file name"))
			continue
		case slices.Contains(chain, pabs):
			errs = append(errs, c.Errorf(key, "%s includes itself (through %s)", inc, strings.Join(chain[slices.Index(chain, pabs):], ", ")))
			continue
		case len(chain) > maxIncludeDepth:
			errs = append(errs, c.Errorf(key, "more than %d files deep", maxIncludeDepth))
			continue
		}
		ic, err := load(p, chain)
		var list schema.ErrorList
		if err != nil && !errors.As(err, &list) {
			errs = append(errs, c.Errorf(key, "%v", err))
			continue
		}
		errs = append(errs, list...)
		if ic != nil {
			c.merge(ic)
		}
	}
	return c, errs.Err()
}

// merge adds to c the keys of the config inc it includes:
//   - a key c sets keeps c's value;
//   - a list (ops:, allowlists:, bind_imports:) is inc's entries followed
//     by c's. An op or an import both list is listed once, so c may list
//     an op it rebinds.
//   - a mapping (bind:, types:, type_params:) holds both; c's entry wins
//     where both have one.
//
// inc's relative paths are made relative to c's directory, and its
// positions stay in its file.
func (c *Config) merge(inc *Config) {
	c.Notes = append(c.Notes, inc.Notes...)
	for i := range Keys {
		k := &Keys[i]
		if k.Name == "include" {
			continue
		}
		_, own := c.Pos[k.Name]
		switch dst := k.Field(c).(type) {
		case *[]string:
			src := *k.Field(inc).(*[]string)
			if k.Kind == Files {
				src = rebaseAll(c.Dir, inc.Dir, src)
			}
			if k.Name == "ops" || k.Name == "bind_imports" {
				*dst = dropListed(c.Pos, k.Name, *dst, src)
			}
			n := len(src)
			for j := len(*dst) - 1; j >= 0; j-- { // c's entries move past inc's
				moveKey(c.Pos, fmt.Sprintf("%s.%d", k.Name, j), fmt.Sprintf("%s.%d", k.Name, j+n))
			}
			*dst = append(slices.Clip(src), *dst...)
			for j := range n {
				copyKey(c.Pos, inc.Pos, fmt.Sprintf("%s.%d", k.Name, j))
			}
		case *map[string]string:
			mergeEntries(c, inc, k.Name, dst, *k.Field(inc).(*map[string]string))
		case *map[string][]string:
			mergeEntries(c, inc, k.Name, dst, *k.Field(inc).(*map[string][]string))
		default:
			if own {
				continue
			}
			if _, set := inc.Pos[k.Name]; !set {
				continue
			}
			copyValue(dst, k.Field(inc))
			if s, ok := dst.(*string); ok && (k.Kind == Path || k.Kind == Import && strings.HasPrefix(*s, ".")) {
				*s = rebase(c.Dir, inc.Dir, *s)
			}
		}
		if !own {
			copyKey(c.Pos, inc.Pos, k.Name)
			if old := inc.oldKeys[k.Name]; old != "" {
				if c.oldKeys == nil {
					c.oldKeys = map[string]string{}
				}
				c.oldKeys[k.Name] = old
			}
		}
	}
}

// dropListed returns the entries of c's list key, own, that the included
// list inc does not hold, with their positions in pos moved with them. An
// op both configs list is one op; the including config's bind: entry for
// it wins, a rebinding. An import both list is one import.
func dropListed(pos map[string]schema.Position, key string, own, inc []string) []string {
	var kept []string
	dropped := map[string]bool{}
	for j, e := range own {
		from := fmt.Sprintf("%s.%d", key, j)
		if slices.Contains(inc, e) && !dropped[e] { // once: twice in c's file is c's duplicate
			dropped[e] = true
			delete(pos, from)
			continue
		}
		moveKey(pos, from, fmt.Sprintf("%s.%d", key, len(kept)))
		kept = append(kept, e)
	}
	return kept
}

// mergeEntries adds to c's mapping key, dst, the entries of inc's, src,
// that c has not, with their positions.
func mergeEntries[V any](c, inc *Config, key string, dst *map[string]V, src map[string]V) {
	for name, v := range src {
		if _, ok := (*dst)[name]; ok {
			continue
		}
		if *dst == nil {
			*dst = map[string]V{}
		}
		(*dst)[name] = v
		c.copyEntry(inc, key, name)
	}
}

// copyEntry copies the positions of the entry name of the mapping key
// from inc (and its BindAt, for bind:).
func (c *Config) copyEntry(inc *Config, key, name string) {
	for _, p := range slices.Collect(maps.Keys(inc.Pos)) {
		if p == key+"."+name || strings.HasPrefix(p, key+"."+name+"=") || strings.HasPrefix(p, key+"."+name+".") {
			c.Pos[p] = inc.Pos[p]
		}
	}
	if key == "bind" {
		if c.BindAt == nil {
			c.BindAt = map[string]BindPos{}
		}
		c.BindAt[name] = inc.BindAt[name]
	}
}

// copyValue sets *dst to *src, both pointers to one of Config's scalar
// field types.
func copyValue(dst, src any) {
	switch d := dst.(type) {
	case *string:
		*d = *src.(*string)
	case *bool:
		*d = *src.(*bool)
	case **bool:
		*d = *src.(**bool)
	default:
		panic(fmt.Sprintf("config: a field of type %T", dst))
	}
}

func copyKey(dst, src map[string]schema.Position, key string) {
	if p, ok := src[key]; ok {
		dst[key] = p
	}
}

func moveKey(m map[string]schema.Position, from, to string) {
	if p, ok := m[from]; ok {
		delete(m, from)
		m[to] = p
	}
}

// rebase returns p, relative to the directory from, relative to the
// directory to (an absolute path stays).
func rebase(to, from, p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	full := filepath.Join(from, p)
	if rel, err := filepath.Rel(to, full); err == nil && filepath.IsAbs(to) == filepath.IsAbs(full) {
		if !strings.HasPrefix(rel, ".") {
			rel = "./" + rel // still a directory, not an import path, for an Import key
		}
		return rel
	}
	if abs, err := filepath.Abs(full); err == nil {
		return abs
	}
	return full
}

func rebaseAll(to, from string, ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = rebase(to, from, p)
	}
	return out
}
