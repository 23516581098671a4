package gen

import (
	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/kernels"
)

// AssertsPath is the import path of the runtime the generated code calls
// (kernels.AssertsPath).
const AssertsPath = kernels.AssertsPath

// typeCode renders a Go type for jennifer.
func typeCode(t kernels.GoType) jen.Code {
	s := jen.Op(t.Prefix)
	if t.Prefix == "" {
		s = jen.Null()
	}
	if t.Path == "" {
		return s.Id(t.Name)
	}
	return s.Qual(t.Path, t.Name)
}
