//go:build debugasserts

package torch

// The checks run in debug builds only; there, autograd's saved tensors are
// accounted for from the start (TrackSavedTensors).
func init() { TrackSavedTensors() }
