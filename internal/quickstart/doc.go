// Package quickstart holds the end-to-end tests of docs/guide.md's
// walk-throughs: the first section ("Start in your own module"), the
// garbage-collected runtime's ("A garbage-collected runtime: no use
// counts") and the generic runtime's ("A generic runtime: Tensor[T]", the
// pooling runtime of examples/pool from init to its generated tests).
// Each follows its section as written, in a new module outside the
// repository, from `go mod init` to the checked tests, and then shows
// that a broken kernel fails them. It also checks README.md's commands,
// that every command of the docs is run by CI or a test or is exempt with
// a reason (TestDocCommands), and docs/DESIGN.md's list of packages
// against the code (TestDesignLayers).
// The exported-names linter is internal/namecheck's.
// The package has no code of its own.
package quickstart
