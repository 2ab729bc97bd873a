package parser

// computedOwnValue reports whether an env entry whose value reads other
// keys is still its own for flag: bash, sourcing the file, computes a
// fixed value from keys the same file defines earlier as plain literals
// (TP=2 / MAX_NUM_SEQS=$((64 * TP)), MAX_NUM_SEQS=${TP}00,
// MAX_NUM_BATCHED_TOKENS=$((MAX_MODEL_LEN * 2))). Those keys are the
// file's, so the entry is the one place the flag's number is set. Not when
// a key read is named for the same flag (MAX_NUM_SEQS=$FRANK_MAX_SEQS is
// an alias of the key that owns it), nor when the entry reads itself or
// anything the host may set.
func computedOwnValue(d EnvDef, p *Profile, flag string) bool {
	en := d.Entry
	if en == nil || d.File == nil || len(en.Refs) == 0 || !en.Bash.Defined || en.Bash.Err != "" || en.Bash.Dynamic {
		return false
	}
	for _, r := range en.Refs {
		if r == en.Key {
			return false
		}
		def := d.File.defBefore(r, en)
		if def == nil || !def.plainLiteral() {
			return false
		}
		if g, ok := p.FlagForKey(r); ok && g.Name == flag {
			return false
		}
	}
	return true
}
