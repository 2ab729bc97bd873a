package lint

// SetTestMemLimit sets the memory bound of evaluators made after it (0:
// the default).
func SetTestMemLimit(n uint64) { testMemLimit = n }
