// Package pytorch embeds the files of each PyTorch release assertgen ships
// data for: aten/src/ATen/native/native_functions.yaml,
// aten/src/ATen/native/tags.yaml and tools/autograd/derivatives.yaml, from
// the release's source (Debian's orig tarballs, pytorch_1.13.1+dfsg and
// pytorch_2.6.0+dfsg), one directory per release with its LICENSE
// (BSD-3-Clause). They are the schema assertgen uses when none is given and
// the derivative formulas that decide which ops PyTorch's autograd codegen
// wraps with debug asserts.
//
// The rules that differ between the releases are not here but in package
// schema (schema.Releases): this package is only the bytes.
package pytorch

import _ "embed"

// A Release is the embedded files of one PyTorch release.
type Release struct {
	// Version is the release, "2.6.0".
	Version string
	// The files, and the names messages give them
	// ("pytorch-2.6.0/native_functions.yaml").
	NativeFunctions, Tags, Derivatives             []byte
	NativeFunctionsPath, TagsPath, DerivativesPath string
}

var (
	//go:embed 1.13.1/native_functions.yaml
	nf1131 []byte
	//go:embed 1.13.1/tags.yaml
	tags1131 []byte
	//go:embed 1.13.1/derivatives.yaml
	deriv1131 []byte

	//go:embed 2.6.0/native_functions.yaml
	nf260 []byte
	//go:embed 2.6.0/tags.yaml
	tags260 []byte
	//go:embed 2.6.0/derivatives.yaml
	deriv260 []byte

	//go:embed 2.14.1/native_functions.yaml
	nf2141 []byte
	//go:embed 2.14.1/tags.yaml
	tags2141 []byte
	//go:embed 2.14.1/derivatives.yaml
	deriv2141 []byte
)

func release(v string, nf, tags, deriv []byte) *Release {
	return &Release{Version: v, NativeFunctions: nf, Tags: tags, Derivatives: deriv,
		NativeFunctionsPath: "pytorch-" + v + "/native_functions.yaml",
		TagsPath:            "pytorch-" + v + "/tags.yaml",
		DerivativesPath:     "pytorch-" + v + "/derivatives.yaml"}
}

// Releases are the embedded releases, oldest first. The last is the newest.
var Releases = []*Release{
	release("1.13.1", nf1131, tags1131, deriv1131),
	release("2.6.0", nf260, tags260, deriv260),
	release("2.14.1", nf2141, tags2141, deriv2141),
}

// Newest returns the newest embedded release.
func Newest() *Release { return Releases[len(Releases)-1] }

// Lookup returns the embedded release with the exact version ("2.6.0"), or
// nil.
func Lookup(version string) *Release {
	for _, r := range Releases {
		if r.Version == version {
			return r
		}
	}
	return nil
}
