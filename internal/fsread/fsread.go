// Package fsread reads whole files as os.ReadFile does, in fewer system
// calls, with a size limit checked before any byte is read, and without
// waiting forever on a FIFO nobody writes to.
//
// os.Open registers every file with the runtime's poller: on Linux, for a
// regular file, two fcntl calls to set O_NONBLOCK, an epoll_ctl that fails,
// and two fcntl calls to clear it again. A lint run opens thousands of small
// files (strace on 1,600 repositories: 15,000 fcntl and 3,800 failed
// epoll_ctl), and the linter also stated each one for its size first.
// Read opens, stats and reads with plain system calls.
package fsread

import (
	"errors"
	"fmt"
)

// TooBigError is returned by Read for a file over the limit. Size is -1
// when it is not known (a pipe, or a file found over the limit only while
// being read: abandoned there).
type TooBigError struct {
	Path        string
	Size, Limit int64
	// Total says that Limit bounds the bytes of all the files of a run
	// (servelint --max-total-size), which this file would take past it.
	Total bool
}

func (e *TooBigError) Error() string {
	if e.Total {
		return fmt.Sprintf("%s (%d bytes) is past the %d-byte limit on all the files together", e.Path, e.Size, e.Limit)
	}
	if e.Size < 0 {
		return fmt.Sprintf("%s is over the %d-byte limit", e.Path, e.Limit)
	}
	return fmt.Sprintf("%s is %d bytes, over the %d-byte limit", e.Path, e.Size, e.Limit)
}

// ErrEmptyPipe is why a pipe nothing was written to is not read as an
// empty file.
var ErrEmptyPipe = errors.New("a pipe with nothing written to it (no writer)")

// ReadFile is os.ReadFile, without a size limit.
func ReadFile(path string) ([]byte, error) { return Read(path, 0) }
