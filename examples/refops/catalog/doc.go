// Package catalog is the bug catalog of the refops suite; it has only
// tests. Each entry is a realistic kernel bug: a type that embeds
// [github.com/assertgen/assertgen/examples/refops.Reference] (the correct kernels) and overrides one method with a
// broken kernel. The test calls it through the generated decorator
// checkedif.Checked, built with -tags debugasserts, and asserts that
// exactly the expected check caught it, at the expected argument or
// return, with the expected words in the message, and that the correct
// kernel in the same scenario is not flagged. The subclass cases of the
// skip policy (DESIGN.md) are here too, with the skips they must report.
//
//	go test -tags debugasserts -v ./examples/refops/catalog
//
// Without the tag the decorator does not check, and the tests are skipped.
package catalog
