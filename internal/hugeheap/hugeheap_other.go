//go:build !linux

package hugeheap

// Advised reports false: only Linux is asked for huge pages.
func Advised() bool { return false }

// Reserve does nothing outside Linux.
func Reserve(int64) bool { return false }
