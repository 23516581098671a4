// Package quickstart holds the end-to-end test of docs/guide.md's first
// section: it follows the section as written, in a new module outside the
// repository, from `go mod init` to the checked tests, and then shows that
// a broken kernel fails them. The package has no code of its own.
package quickstart
