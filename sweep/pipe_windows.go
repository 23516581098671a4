//go:build windows

package sweep

import (
	"os"
	"os/exec"
	"syscall"
)

// passFiles gives the worker cmd starts the channel's ends from and to,
// and returns the handles they have in it (the same values: Windows
// passes handles on as they are).
func passFiles(cmd *exec.Cmd, from, to *os.File) (uintptr, uintptr) {
	cmd.SysProcAttr = &syscall.SysProcAttr{AdditionalInheritedHandles: []syscall.Handle{syscall.Handle(from.Fd()), syscall.Handle(to.Fd())}}
	return from.Fd(), to.Fd()
}

// privateChannel: a Windows process inherits only the handles its
// creator lists, which a worker's code does not know of.
func privateChannel(from, to uintptr) {}

// outputOffset: -1, the worker marks each step in its output instead.
func outputOffset() int64 { return -1 }
