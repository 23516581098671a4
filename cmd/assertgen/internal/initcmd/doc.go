// Package initcmd is `assertgen init`: it writes the files that start a
// package on assertgen.
//
// For a tensor type of the package (Init), it writes the config, the line
// that runs gen (go:generate), the contract methods the type lacks, the
// conformance and sweep tests, and the stubs of missing kernels.
//
// For a library's type (-type IMPORTPATH.Type), it writes the config, the
// memory function and the tests. The config binds the ops to the methods
// and functions whose values package finder checked.
//
// Either way, the files are written only if the package builds with them,
// in the release and the debug build. They are written only as new files,
// all of them or none (output.WriteNew).
package initcmd
