// Package checktable is assertgen's table of checks, the only one. It has
// one row per plan check: the checks of asserts/checks and not_arg_handle.
// A row holds everything assertgen says and does about its check, except
// the run-time functions.
//
// The package is a leaf: it imports asserts/checks alone. So plan and
// gen/steps read the generator's facts without the engine, and asserts and
// internal/engine read the report's words without each other.
//
// docs/asserts.md, "Adding a check", lists the places a new check touches.
package checktable
