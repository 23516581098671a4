package asserts

// Metadata is the optional contract of runtimes that can report a
// tensor's metadata. The same_metadata check uses it; for tensors that do
// not implement it (or cannot report), same_metadata is skipped with
// reason no_metadata_access.
type Metadata interface {
	// MetadataFingerprint returns a fingerprint of the tensor's sizes,
	// strides and storage offset, read at one instant: equal metadata must
	// give equal fingerprints, and a change of any of them should change
	// the fingerprint. [FingerprintMetadata] computes one from the three
	// without allocating; a runtime whose metadata fits in 64 bits may
	// return it exactly instead. ok is false when the tensor has no
	// metadata to report (an undefined tensor). It must be safe to call
	// on an undefined handle, including a nil pointer, and from several
	// goroutines at once, and it is called twice per argument per checked
	// call: keep it cheap (no allocation, no lock where the runtime has
	// none for its geometry).
	MetadataFingerprint() (fp uint64, ok bool)
}

// FingerprintMetadata returns a fingerprint of a tensor's sizes, strides
// and storage offset for [Metadata]: order-sensitive (a transpose that
// swaps two strides changes it), sensitive to the rank, and such that a
// change of any one value always changes it; changes of several values
// collide with probability about 2^-64. It does not allocate, costs two
// multiplies per dimension, and is small enough to be inlined into the
// runtime's method (it is not generic for that reason: a runtime with
// int64 geometry calls [FingerprintMetadata64]). sizes and strides have the same length for a strided tensor; a
// runtime without strides (a layout without them) passes nil.
func FingerprintMetadata(sizes, strides []int, offset int) uint64 {
	h := uint64(offset)*fpMulStrides + uint64(len(sizes)) + fpSeed
	for _, v := range sizes {
		h = (h ^ uint64(v)) * fpMulSizes
	}
	for _, v := range strides {
		h = (h ^ uint64(v)) * fpMulStrides
	}
	return h
}

// FingerprintMetadata64 is [FingerprintMetadata] for a runtime that keeps
// its geometry in int64, as the schema's int[] is in Go: the same sizes,
// strides and offset give the same fingerprint in either form, without
// a conversion or an allocation.
func FingerprintMetadata64(sizes, strides []int64, offset int64) uint64 {
	h := uint64(offset)*fpMulStrides + uint64(len(sizes)) + fpSeed
	for _, v := range sizes {
		h = (h ^ uint64(v)) * fpMulSizes
	}
	for _, v := range strides {
		h = (h ^ uint64(v)) * fpMulStrides
	}
	return h
}

// Odd multipliers of the fingerprint's steps (each step a bijection of
// the running value, so a change of any single value always changes the
// fingerprint).
const (
	fpMulSizes   = 0x9e3779b97f4a7c15
	fpMulStrides = 0xc2b2ae3d27d4eb4f
	// fpSeed starts each chain: a chain started at the rank alone would
	// be zeroed by a first value equal to it (the sizes [] and [1], offset
	// 0, of a 1-byte element's tensor, gave one fingerprint).
	fpSeed = 0x165667b19e3779f9
)
