//go:build unix

package dryrun

import (
	"errors"
	"syscall"
)

// zeroStat returns the platform's stat structure, zeroed.
func zeroStat() any { return &syscall.Stat_t{} }

// isNotDir reports whether err says a path component is not a directory.
func isNotDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }
