// Package scaffold writes the files that start a user's runtime on
// assertgen: `assertgen init` (Init: the config, the go:generate line, the
// contract adapter skeleton, the conformance and sweep tests) and the
// kernel stubs of `gen -stubs` (WriteNew). It writes only new files, each
// whole or not at all.
package scaffold
