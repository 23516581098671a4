// Package f32 names tensor.Tensor32 once more, as a user's package does.
package f32

import "github.com/assertgen/assertgen/internal/discover/testdata/generic/tensor"

type Tensor = tensor.Tensor32
