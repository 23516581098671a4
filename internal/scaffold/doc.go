// Package scaffold writes the files that start a user's runtime on
// assertgen, `assertgen init` (Init): the config, the go:generate line,
// the contract adapter skeleton, the conformance and sweep tests and the
// stubs of missing kernels. It writes them only if the package builds
// with them, in the release and the debug build, and only as new files,
// all of them or none (output.WriteNew).
package scaffold
