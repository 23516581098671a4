//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package output

import (
	"errors"
	"os"
	"syscall"
)

// lockDir takes an exclusive advisory lock (flock) on the directory dir
// itself, without waiting. It returns ErrLocked if another process holds
// it. The lock needs no file of its own. The kernel releases it when its
// holder exits, however it exits, so a killed run leaves no stale lock.
func lockDir(dir string) (unlock func(), err error) {
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(d.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		d.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrLocked
		}
		return nil, &os.PathError{Op: "lock", Path: dir, Err: err}
	}
	return func() { d.Close() }, nil // closing the last descriptor unlocks
}
