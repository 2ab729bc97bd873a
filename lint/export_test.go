package lint

// SetTestMemLimit sets the memory bound of evaluators made after it (0:
// the default).
func SetTestMemLimit(n uint64) { testMemLimit = n }

// SetTestNoLoaded makes evaluators made after it read every file from
// the disk, not from the unit's loaded bytes.
func SetTestNoLoaded(v bool) { testNoLoaded = v }
