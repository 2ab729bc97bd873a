package dryrun

import (
	"errors"
	"slices"
	"testing"
)

// TestTopNamerefArrays: interp looks a whole-array expansion up by the
// nameref's own name, not its target's ("${ref[@]}" of (a "b c" d) was the
// one field "a b c d"; ${!ref[@]} the target's name; ref[0]=z replaced
// the array): such uses stop the mode (differential run against bash,
// fa3/a43). The forms interp resolves, ${ref[1]}, ${#ref[@]}, $ref and
// ref+=(…), still evaluate, as bash does.
func TestTopNamerefArrays(t *testing.T) {
	for _, src := range []string{
		"args=(a \"b c\" d)\ndeclare -n ref=args\nexec radiance serve /m \"${ref[@]}\"\n",
		"args=(a \"b c\" d)\ndeclare -n ref=args\nexec radiance serve /m ${ref[*]}\n",
		"args=(a \"b c\" d)\ntypeset -n ref=args\nexec radiance serve /m \"${ref[@]:1}\"\n",
		"args=(a \"b c\" d)\ndeclare -n ref=args\nexec radiance serve /m \"${!ref[@]}\"\n",
		"args=(a \"b c\" d)\ndeclare -n ref=args\nref[0]=z\nexec radiance serve /m \"${args[@]}\"\n",
		"args=(a \"b c\" d)\ndeclare -n ref=args\nf() { exec radiance serve /m \"${ref[@]}\"; }\nf\n",
	} {
		r := evalSrc(t, src, "serve", nil, Options{})
		if !errors.Is(r.Err, ErrUnsupported) {
			t.Errorf("%q: Err = %v, argv %q; want ErrUnsupported", src, r.Err, r.Argv)
		}
	}
	r := evalSrc(t, "args=(a \"b c\" d)\ndeclare -n ref=args\nref+=(e)\nexec radiance serve /m \"${ref[1]}\" \"${#ref[@]}\" \"$ref\" \"${args[@]}\"\n", "serve", nil, Options{})
	want := []string{"radiance", "serve", "/m", "b c", "4", "a", "a", "b c", "d", "e"}
	if r.Err != nil || !slices.Equal(r.Argv, want) {
		t.Errorf("resolved nameref forms: Err = %v, argv %q; want %q", r.Err, r.Argv, want)
	}
}
