// Package setup is the assertgen command's work below its main.
//
// For plan, explain, gen and vet it parses the command line (flag sets
// whose errors are one line with the closest flag name; ConfigFlags, the
// flags of assertgen.yaml's keys) and, the flags parsed, runs the command
// (ConfigFlags.Plan, Explain, Gen, Vet; SetGC tunes the collector for
// each): it turns a config into gen's input, the schema, the plan of the
// selected ops and gen's options (Input, Ops, New), with the kernels
// package loaded (internal/discover) and the type map, the tensor type and
// the output directory checked before anything is generated; gen itself
// loads no package and only prints the plan it is given. It reports the
// selected ops without a kernel (PrintMissing: the declaration to write,
// the closest unused function) and writes their stubs on request (Stubs),
// checked to build in the kernels package.
//
// For init (Init) it writes the files that start a runtime's package on
// assertgen: the config, the go:generate line, the contract adapter
// skeleton, the conformance and sweep tests and the stubs of missing
// kernels, only if the package builds with them, in the release and the
// debug build, and only as new files, all of them or none
// (output.WriteNew). For a library's type (init -type IMPORTPATH.Type,
// library.go) it writes the config of the library's methods and functions
// whose values internal/library checked against internal/refvalues, the
// memory function built from the type's exported API and the tests, the
// same way.
//
// Every command's writes are guarded (Guard): SIGINT or SIGTERM before a
// write ends the process at once; during one it lets the write finish or
// undo itself and then reports the signal, so that an output directory
// holds either its previous files or the complete new ones. gen shows its
// progress on a terminal (Progress).
package setup
