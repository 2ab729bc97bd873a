package dryrun

import "testing"

// TestTrGNU: what GNU tr rejects is refused, not mapped (a class in SET2
// other than [:upper:]/[:lower:] facing its opposite, a range to an
// escape).
func TestTrGNU(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		in      string
		refused bool
		want    string
	}{
		{[]string{"tr", "[:upper:]", "[:lower:]"}, "KL\n", false, "kl\n"},
		{[]string{"tr", "A-Z", "a-z"}, "KL\n", false, "kl\n"},
		{[]string{"tr", "-d", `\r`}, "a\r\n", false, "a\n"},
		{[]string{"tr", "a-z", "[:digit:]"}, "a\n", true, ""},
		{[]string{"tr", "[:alpha:]", "[:upper:]"}, "a\n", true, ""},
		{[]string{"tr", "[:digit:]", "[:blank:]"}, "1\n", true, ""},
		{[]string{"tr", "-d", `a-\n`}, "a\n", true, ""},
		{[]string{"tr", "[", `a-\r`}, "[\n", true, ""},
		// A flag's name from its env key: more after both classes.
		{[]string{"tr", "[:upper:]_", "[:lower:]-"}, "MAX_NUM_SEQS\n", false, "max-num-seqs\n"},
		{[]string{"tr", "[:upper:]", "[:lower:]_"}, "MAX_NUM\n", false, "max_num\n"},
		{[]string{"tr", "[:upper:]_-", "[:lower:]"}, "MAX_NUM\n", true, ""},
	} {
		got, _, skipped := runHelper(helperTr, tc.args, tc.in)
		if skipped != tc.refused || !skipped && got != tc.want {
			t.Errorf("%q on %q: %q, refused %v; want %q, refused %v", tc.args, tc.in, got, skipped, tc.want, tc.refused)
		}
	}
}
