package schema

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/assertgen/assertgen/internal/pytorch"
)

// Load reads a schema file, choosing the reader from its extension: .yaml
// and .yml are native_functions.yaml files, .txt a schema list. For yaml,
// tagsPath names tags.yaml; when empty, a tags.yaml next to the file is used
// if there is one, and tags are not checked if not.
func Load(path, tagsPath string, opts Options) (*Schema, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml":
	case ".txt":
		return ParseList(path, src)
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
			tsrc, err := os.ReadFile(tagsPath)
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

// Default loads the PyTorch 1.13.1 native_functions.yaml embedded in
// assertgen, checked against its tags.yaml.
func Default() (*Schema, error) {
	tags, err := ParseTags(pytorch.TagsPath, pytorch.Tags)
	if err != nil {
		return nil, err
	}
	return ParseYAML(pytorch.NativeFunctionsPath, pytorch.NativeFunctions, Options{Tags: tags})
}
