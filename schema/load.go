package schema

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/assertgen/assertgen/internal/input"
)

// Load reads a schema file. Its extension chooses the reader: .yaml and
// .yml are native_functions.yaml files, .txt a schema list. For yaml,
// tagsPath names tags.yaml. When it is empty, a tags.yaml next to the file
// is used if there is one; otherwise tags are not checked. opts.Version
// selects the release whose rules apply, the newest when empty.
func Load(path, tagsPath string, opts Options) (*Schema, error) {
	rel, err := lookupRules(opts.Version)
	if err != nil {
		return nil, err
	}
	src, err := input.ReadFile(path)
	if err != nil {
		return nil, err
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml":
	case ".txt":
		s, err := ParseList(path, src)
		if s != nil {
			s.Version = rel.Version
		}
		return s, err
	default:
		return nil, errors.New(path + ": unknown schema format (want .yaml, .yml or .txt)")
	}
	if opts.Tags == nil {
		if tagsPath == "" {
			cand := filepath.Join(filepath.Dir(path), "tags.yaml")
			if _, err := os.Stat(cand); err == nil {
				tagsPath = cand
			}
		}
		if tagsPath != "" {
			tsrc, err := input.ReadFile(tagsPath)
			if err != nil {
				return nil, err
			}
			tags, err := ParseTags(tagsPath, tsrc)
			if err != nil {
				return nil, err
			}
			opts.Tags = tags
		}
	}
	return ParseYAML(path, src, opts)
}

// Default loads the native_functions.yaml of the newest PyTorch release
// embedded in assertgen (2.14.1), checked against its tags.yaml.
func Default() (*Schema, error) { return Embedded("") }

// Embedded loads the native_functions.yaml that assertgen embeds for a
// release, with that release's rules and tags.yaml. The release is named
// as "1.13", "2.6.0" or "2.14"; "" is the newest.
func Embedded(version string) (*Schema, error) {
	rel, err := lookupRules(version)
	if err != nil {
		return nil, err
	}
	files := rel.files
	tags, err := ParseTags(files.TagsPath, files.Tags)
	if err != nil {
		return nil, err
	}
	s, err := ParseYAML(files.NativeFunctionsPath, files.NativeFunctions, Options{Tags: tags, Version: rel.Version})
	if err != nil {
		return nil, err
	}
	s.Embedded = true
	return s, nil
}
