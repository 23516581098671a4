// Package pytorch embeds PyTorch 1.13.1's native_functions.yaml, tags.yaml
// and tools/autograd/derivatives.yaml (BSD-3-Clause, see LICENSE in this
// directory): the schema assertgen uses when none is given, and the
// derivative formulas that decide which of its ops PyTorch's autograd
// codegen wraps with debug asserts.
package pytorch

import _ "embed"

// Version is the PyTorch release the embedded files come from.
const Version = "1.13.1"

// NativeFunctionsPath, TagsPath and DerivativesPath name the embedded files
// in messages.
const (
	NativeFunctionsPath = "pytorch-1.13.1/native_functions.yaml"
	TagsPath            = "pytorch-1.13.1/tags.yaml"
	DerivativesPath     = "pytorch-1.13.1/derivatives.yaml"
)

// NativeFunctions is aten/src/ATen/native/native_functions.yaml.
//
//go:embed native_functions.yaml
var NativeFunctions []byte

// Tags is aten/src/ATen/native/tags.yaml.
//
//go:embed tags.yaml
var Tags []byte

// Derivatives is tools/autograd/derivatives.yaml.
//
//go:embed derivatives.yaml
var Derivatives []byte
