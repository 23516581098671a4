// Package badkernels has a kernel whose signature does not match its
// schema, for the vet test.
package badkernels

import "github.com/assertgen/assertgen/gen/testdata/small/kernels"

// AddTensor forgot alpha.
func AddTensor(self *kernels.Tensor, other *kernels.Tensor) *kernels.Tensor { return self }

// Cat takes the right types.
func Cat(tensors []*kernels.Tensor, dim int64) *kernels.Tensor { return nil }
