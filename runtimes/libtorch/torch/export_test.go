package torch

// For the package's tests, which branch on the release and watch the
// identity table's pruning.

// Series is the libtorch release series the package was compiled against:
// "1.13", "2.6", "2.14".
func Series() string { return series() }

// RegistrySize is the number of TensorImpls and StorageImpls the identity
// table currently remembers.
func RegistrySize() int { return registrySize() }
