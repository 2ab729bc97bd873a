//go:build !unix

package fsread

import (
	"errors"
	"os"
)

// Read reads the whole file at path. When limit > 0 and the file is larger,
// it returns a *TooBigError and reads nothing.
func Read(path string, limit int64) ([]byte, error) {
	if limit > 0 {
		if st, err := os.Stat(path); err == nil && st.Size() > limit {
			return nil, &TooBigError{Path: path, Size: st.Size(), Limit: limit}
		}
	}
	return os.ReadFile(path)
}

// ReadRegular is Read for a regular file only, never through a symlink.
func ReadRegular(path string, limit int64) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "read", Path: path, Err: errors.New("not a regular file")}
	}
	return Read(path, limit)
}

// ReadRegularFollow is Read for a regular file only, through symlinks.
func ReadRegularFollow(path string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "read", Path: path, Err: errors.New("not a regular file")}
	}
	return Read(path, limit)
}
