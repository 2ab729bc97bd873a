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
