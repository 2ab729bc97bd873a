package dryrun

import (
	"slices"
	"strings"
	"testing"
)

// TestLazyDefaults: under set -u, bash expands a default's word only when
// the variable is unset (or null, with the colon): "${MODEL:-$DEFAULT}"
// with MODEL set reads MODEL and never DEFAULT, but interp expanded the
// word first and stopped the dry run ("DEFAULT: unbound variable"). The
// argvs below are bash's; with both unset, bash stops, and so does the
// dry run.
func TestLazyDefaults(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"set -u\nM=/m\nexec radiance serve \"${M:-$D}\"\n", []string{"radiance", "serve", "/m"}},
		{"set -u\nM=/m\nexec radiance serve ${M-\"$D\"} \"${M:-a${D}b}\" \"${M:=$D}\" \"${M:-${D:?no default}}\"\n", []string{"radiance", "serve", "/m", "/m", "/m", "/m"}},
		{"set -u\nM=/m\nargs=(--model \"${M:-$D}\")\nf() { local m=${1:-$D}; exec radiance serve \"$m\" \"${args[@]}\"; }\nf /x\n", []string{"radiance", "serve", "/x", "--model", "/m"}},
		{"set -u\nD=/d\nexec radiance serve \"${M:-$D}\" \"${M:=x$D}\" \"$M\"\n", []string{"radiance", "serve", "/d", "x/d", "x/d"}},
		{"set -u\nM=\nD=/d\nexec radiance serve \"${M-$D}\" \"${M:-$D}\"\n", []string{"radiance", "serve", "", "/d"}},
	} {
		r := evalSrc(t, c.src, "serve", nil, Options{})
		if r.Err != nil || !slices.Equal(r.Argv, c.want) {
			t.Errorf("%q: Err = %v, argv %q; want %q", c.src, r.Err, r.Argv, c.want)
		}
	}
	for _, src := range []string{
		"set -u\nexec radiance serve \"${M:-$D}\"\n",
		"set -u\nM=\nexec radiance serve \"${M:-$D}\"\n",
		"set -u\nD=\nexec radiance serve \"${M:-${D:?no default}}\"\n",
	} {
		r := evalSrc(t, src, "serve", nil, Options{})
		if r.Err == nil || !strings.Contains(r.Err.Error(), "D") {
			t.Errorf("%q: Err = %v, argv %q; want D's error, as bash", src, r.Err, r.Argv)
		}
	}
}
