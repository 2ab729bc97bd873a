//go:build unix

package fixes

import (
	"errors"
	"os"
	"syscall"
)

// keepOwner gives f the owner and group of the file described by fi, when
// they differ from f's.
func keepOwner(f *os.File, fi os.FileInfo) error {
	want, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	tfi, err := f.Stat()
	if err != nil {
		return err
	}
	have, ok := tfi.Sys().(*syscall.Stat_t)
	if !ok || (have.Uid == want.Uid && have.Gid == want.Gid) {
		return nil
	}
	return f.Chown(int(want.Uid), int(want.Gid))
}

// linkCount is the number of hard links to the file fi describes (1 when
// it cannot be told).
func linkCount(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return widen(st.Nlink)
	}
	return 1
}

// widen converts a link count to uint64: Nlink is a uint16 on darwin, a
// uint32 on linux/arm64 and a uint64 on linux/amd64.
func widen[T ~uint16 | ~uint32 | ~uint64](n T) uint64 { return uint64(n) }

// syncDir fsyncs the directory dir so that a rename in it is durable.
// File systems that cannot fsync a directory are not an error.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	serr := d.Sync()
	if errors.Is(serr, syscall.EINVAL) || errors.Is(serr, syscall.ENOTSUP) {
		serr = nil
	}
	return errors.Join(serr, d.Close())
}
