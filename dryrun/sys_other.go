//go:build !unix

package dryrun

import "strings"

// zeroStat returns nil where the platform has no stat structure.
func zeroStat() any { return nil }

// isNotDir reports whether err says a path component is not a directory.
func isNotDir(err error) bool {
	return err != nil && strings.Contains(err.Error(), "not a directory")
}
