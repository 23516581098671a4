//go:build !assertgen_writepace

package output

// pause marks the point between two steps of a write. It is called before
// each staged file, before the journal's rename (the commit point), and
// before each file of the journal is moved in or removed. It does nothing.
// A command built with the tag assertgen_writepace waits there
// (pause_writepace.go). That is how cmd/assertgen's interrupt tests send a
// signal in the middle of a write.
func pause() {}
