//go:build unix

package fsread

import (
	"errors"
	"os"
	"syscall"
)

// Read reads the whole file at path. When limit > 0 and the file is larger,
// it returns a *TooBigError and reads nothing (a pipe: stops reading past
// the limit). A pipe is read to its end; a FIFO nothing was written to
// (no writer when it was opened, or one that wrote nothing) is
// ErrEmptyPipe, never waited on; a device or socket is refused. Errors are
// *os.PathError as os.ReadFile's are.
func Read(path string, limit int64) ([]byte, error) { return read(path, limit, false, false) }

// ReadRegular is Read for a regular file only, never through a symlink:
// anything else, a pipe included, is refused ("not a regular file").
func ReadRegular(path string, limit int64) ([]byte, error) { return read(path, limit, true, true) }

// ReadRegularFollow is Read for a regular file only, through symlinks: a
// FIFO (which a writer holding it open would keep the read waiting on
// forever), a device or a socket is refused without a byte read.
func ReadRegularFollow(path string, limit int64) ([]byte, error) {
	return read(path, limit, true, false)
}

func read(path string, limit int64, regularOnly, noFollow bool) ([]byte, error) {
	flags := syscall.O_RDONLY | syscall.O_CLOEXEC | syscall.O_NONBLOCK
	if noFollow {
		flags |= syscall.O_NOFOLLOW
	}
	var fd int
	var err error
	for {
		// O_NONBLOCK: opening a FIFO must not wait for a writer. It has no
		// effect on reading a regular file.
		fd, err = syscall.Open(path, flags, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer func() { _ = syscall.Close(fd) }()
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	pipe := false
	switch st.Mode & syscall.S_IFMT {
	case syscall.S_IFREG:
	case syscall.S_IFIFO:
		if regularOnly {
			return nil, &os.PathError{Op: "read", Path: path, Err: errNotRegular}
		}
		pipe = true
		// A pipe (servelint <(git show REV:run.sh), /dev/stdin): read
		// it to its end, blocking. Opened without waiting, a FIFO that has
		// no writer reads as empty instead of hanging.
		if err := syscall.SetNonblock(fd, false); err != nil {
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		}
	case syscall.S_IFDIR:
		return nil, &os.PathError{Op: "read", Path: path, Err: syscall.EISDIR}
	default:
		if regularOnly {
			return nil, &os.PathError{Op: "read", Path: path, Err: errNotRegular}
		}
		return nil, &os.PathError{Op: "open", Path: path, Err: errors.New("not a regular file or a pipe")}
	}
	size := st.Size
	if limit > 0 && size > limit {
		return nil, &TooBigError{Path: path, Size: size, Limit: limit}
	}
	// One byte more than the size, so that a file read whole needs no
	// second read to see the end (files in /proc report 0).
	buf := make([]byte, 0, size+1)
	if size == 0 {
		buf = make([]byte, 0, 512)
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			if pipe && len(buf) == 0 {
				// No writer (a FIFO nobody has opened yet, or one that
				// closed without writing): say so rather than lint
				// nothing and pass.
				return nil, &os.PathError{Op: "read", Path: path, Err: ErrEmptyPipe}
			}
			return buf, nil
		}
		buf = buf[:len(buf)+n]
		if limit > 0 && int64(len(buf)) > limit {
			// Past the limit while reading (a pipe, a file that grew or
			// whose fstat said 0): its size is not known.
			return nil, &TooBigError{Path: path, Size: -1, Limit: limit}
		}
	}
}

var errNotRegular = errors.New("not a regular file")
