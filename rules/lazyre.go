package rules

import "github.com/servelint/servelint/internal/lazyre"

// lazyRE is a regular expression compiled on its first use, not when the
// program starts (internal/lazyre): most of the rules' prose and name
// patterns are only asked once a comment makes a claim or a script names a
// tap.
type lazyRE = lazyre.RE

// lazy returns expr compiled on first use.
func lazy(expr string) lazyRE { return lazyre.New(expr) }
