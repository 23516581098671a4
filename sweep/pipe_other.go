//go:build !windows

package sweep

import (
	"os"
	"os/exec"
	"syscall"
)

// passFiles gives the worker cmd starts the channel's ends from and to,
// and returns the descriptors they have in it.
func passFiles(cmd *exec.Cmd, from, to *os.File) (uintptr, uintptr) {
	cmd.ExtraFiles = []*os.File{from, to}
	return 3, 4
}

// privateChannel keeps the channel's descriptors, in a worker, from the
// processes its code starts (a kernel's child that outlives its call
// would hold the master's end of file open): close on exec.
func privateChannel(from, to uintptr) {
	syscall.CloseOnExec(int(from))
	syscall.CloseOnExec(int(to))
}

// outputOffset is where the worker's output file (its stdout and
// stderr, one open file) is at: the next byte written goes there.
func outputOffset() int64 {
	off, err := syscall.Seek(1, 0, 1)
	if err != nil {
		return -1
	}
	return off
}
