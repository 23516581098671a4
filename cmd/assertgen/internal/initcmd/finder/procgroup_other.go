//go:build !unix

package finder

import "os/exec"

// ownGroup does nothing where there are no process groups: cmd is
// killed alone when its context ends.
func ownGroup(cmd *exec.Cmd) {}

// killGroup does nothing where there are no process groups.
func killGroup(cmd *exec.Cmd) {}
