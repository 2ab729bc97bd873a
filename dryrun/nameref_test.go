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

// TestFuncNamerefWholeArray: a whole-array read through a function's own
// nameref ("${o[@]}", ${o[*]}, with a per-element operator) is read from a
// copy of the target taken right before its statement (rewriteRefReads),
// where interp expanded it as one field and the run was refused at the
// call: the argvs below are bash's (a write through the nameref before
// the read, the loop's own appends after its words were expanded, a join
// captured by a substitution, a helper that only logs).
func TestFuncNamerefWholeArray(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"opts=(a \"b c\")\ng() { local -n o=$1; exec radiance serve /m \"${o[@]}\"; }\ng opts\n",
			[]string{"radiance", "serve", "/m", "a", "b c"}},
		{"args=(--x \"1 2\" --y)\njoin() { local -n a=$1; local IFS=,; echo \"${a[*]}\"; }\ns=$(join args)\nexec radiance serve /m \"$s\"\n",
			[]string{"radiance", "serve", "/m", "--x,1 2,--y"}},
		{"args=(-a -b)\ng() { local -n o=$1; o+=(-c); exec radiance serve /m \"${o[@]#-}\" \"${#o[@]}\"; }\ng args\n",
			[]string{"radiance", "serve", "/m", "a", "b", "c", "3"}},
		{"args=(p q)\ng() { local -n o=$1; for x in \"${o[@]}\"; do o+=(\"$x$x\"); done; exec radiance serve /m \"${o[@]}\"; }\ng args\n",
			[]string{"radiance", "serve", "/m", "p", "q", "pp", "qq"}},
		{"args=(p)\nshow() { local -n a=$1; printf '%q ' \"${a[@]}\" >&2; echo >&2; }\nshow args\nexec radiance serve /m \"${args[@]}\"\n",
			[]string{"radiance", "serve", "/m", "p"}},
		// In a subshell of the function (a pipeline's stage, $(…), ( … )),
		// where interp's local fails ("can only be used in a function").
		{"set -eo pipefail\nargs=(a \"b c\")\ng() { local -n o=$1; echo \"${o[@]}\" | cat >/dev/null; s=$(printf '%s,' \"${o[@]}\"); ( exec radiance serve /m \"${o[@]}\" \"$s\" ); }\ng args\n",
			[]string{"radiance", "serve", "/m", "a", "b c", "a,b c,"}},
		// A read in the statement's heredoc, expanded after the copy.
		{"set -u\nargs=(a \"b c\")\ng() { local -n o=$1; read -r s <<EOF\n${o[*]}\nEOF\nexec radiance serve /m \"$s\"; }\ng args\n",
			[]string{"radiance", "serve", "/m", "a b c"}},
		{"set -eo pipefail\nargs=(a)\ng() { local -n o=$1; echo \"${o[@]}\"; o+=(b); echo \"${o[@]}\" | cat; exec radiance serve /m \"${o[@]}\"; }\ng args\n",
			[]string{"radiance", "serve", "/m", "a", "b"}},
	} {
		r := evalSrc(t, c.src, "serve", nil, Options{})
		if r.Err != nil || !slices.Equal(r.Argv, c.want) {
			t.Errorf("%q: Err = %v, argv %q; want %q", c.src, r.Err, r.Argv, c.want)
		}
	}
}

// TestFuncNamerefGlobal: a function's nameref to a global (add_env
// docker_opts with add_env() { local -n out=$1; out+=(…); }) is evaluated,
// as interp writes and reads a global through it as bash does (the argvs
// below are bash's); one to a caller's local, or one used in a form
// interp gets wrong (an element assignment, "${out[@]}", read -a out,
// printf -v out, unset out), still stops the run.
func TestFuncNamerefGlobal(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"opts=(-p 80 \"a b\")\nadd() { local -n out=$1; out+=(-e \"T=$2\"); }\nadd opts tok\nexec radiance serve /m \"${opts[@]}\"\n",
			[]string{"radiance", "serve", "/m", "-p", "80", "a b", "-e", "T=tok"}},
		{"set_() { local -n o=\"$1\"; o=(x \"y z\"); }\nset_ opts\nexec radiance serve /m \"${opts[@]}\"\n",
			[]string{"radiance", "serve", "/m", "x", "y z"}},
		{"sc() { declare -n o=${1}; o=val; o+=more; }\nsc v\nexec radiance serve /m \"$v\"\n",
			[]string{"radiance", "serve", "/m", "valmore"}},
		{"opts=(-p 80 \"a b\")\nrd() { local -n o=opts; exec radiance serve /m \"${o[1]}\" \"${#o[@]}\" \"$o\" \"${o[2]// /_}\"; }\nrd\n",
			[]string{"radiance", "serve", "/m", "80", "3", "-p", "a_b"}},
		{"opts=(x)\nhelper() { o+=(h); }\nadd() { local -n o=$1; helper; }\nadd opts\nexec radiance serve /m \"${opts[@]}\"\n",
			[]string{"radiance", "serve", "/m", "x", "h"}},
		// two helpers each with a nameref of the same name: each one's o
		// is its own local
		{"opts=(x)\nadd() { local -n o=$1; o+=(-e \"$2\"); }\nshow() { local -n o=$1; echo \"${o[1]}\" >&2; }\nadd opts X\nshow opts\nexec radiance serve /m \"${opts[@]}\"\n",
			[]string{"radiance", "serve", "/m", "x", "-e", "X"}},
		// a shift after the declaration: the target was bound to the call's $1
		{"opts=(x)\nadd() { local -n o=$1; shift; o+=(\"$@\"); }\nadd opts -e \"Y Z\"\nexec radiance serve /m \"${opts[@]}\"\n",
			[]string{"radiance", "serve", "/m", "x", "-e", "Y Z"}},
		{"add() { local -n o=$1; o+=(-e X); }\nrun() { local out=(1); exec radiance serve /m \"${opts[@]}\"; }\nadd opts\nrun\n",
			[]string{"radiance", "serve", "/m", "-e", "X"}},
	} {
		r := evalSrc(t, c.src, "serve", nil, Options{})
		if r.Err != nil || !slices.Equal(r.Argv, c.want) {
			t.Errorf("%q: Err = %v, argv %q; want %q", c.src, r.Err, r.Argv, c.want)
		}
	}
	for _, src := range []string{
		// a caller's local: interp does not reach it
		"g() { local -n o=$1; o+=(1); }\nh() { local v=(0); g v; exec radiance serve /m \"${v[@]}\"; }\nh\n",
		"g() { local -n o=$1; o+=(1); }\nh() { local v; g v; exec radiance serve /m \"${v[@]}\"; }\nh\n",
		// forms interp gets wrong
		"opts=(a b)\ng() { local -n o=$1; exec radiance serve /m \"${o[@]:1}\"; }\ng opts\n",
		"opts=(a b)\ng() { local -n o=$1; exec radiance serve /m \"${!o[@]}\"; }\ng opts\n",
		// a whole-array read in a caller's local through the nameref
		"g() { local -n o=$1; echo \"${o[@]}\"; }\nh() { local v=(0); g v; exec radiance serve /m \"${v[@]}\"; }\nh\n",
		"opts=(a b)\ng() { local -n o=$1; o[1]=Q; }\ng opts\nexec radiance serve /m \"${opts[@]}\"\n",
		"g() { local -n o=$1; read -ra o <<< \"r1 r2\"; }\ng opts\nexec radiance serve /m \"${opts[@]}\"\n",
		"g() { local -n o=$1; printf -v o %s PV; }\ng v\nexec radiance serve /m \"$v\"\n",
		"v=1\ng() { local -n o=$1; unset o; }\ng v\nexec radiance serve /m \"$v\"\n",
		"opts=(a b)\nhelper() { exec radiance serve /m \"${o[@]}\"; }\ng() { local -n o=$1; helper; }\ng opts\n",
		// targets it cannot tell
		"g() { local -n o=$2; o+=(1); }\ng opts\nexec radiance serve /m \"${opts[@]}\"\n",
		"g() { shift; local -n o=$1; o+=(1); }\ng x opts\nexec radiance serve /m \"${opts[@]}\"\n",
		"g() { for t in \"$@\"; do local -n o=$1; o+=(1); shift; done; }\ng x opts\nexec radiance serve /m \"${opts[@]}\"\n",
		"g() { local -n o=$1; shift; local -n p=$1; p+=(1); }\ng x opts\nexec radiance serve /m \"${opts[@]}\"\n",
		"g() { local -n o=opts_$1; o+=(1); }\ng x\nexec radiance serve /m \"${opts_x[@]}\"\n",
		"g() { local -n o=$1; o+=(1); }\ng 'opts[1]'\nexec radiance serve /m \"${opts[@]}\"\n",
		"g() { local -gn o=$1; o+=(1); }\ng opts\nexec radiance serve /m \"${o[@]}\"\n",
	} {
		r := evalSrc(t, src, "serve", nil, Options{})
		if !errors.Is(r.Err, ErrUnsupported) {
			t.Errorf("%q: Err = %v, argv %q; want ErrUnsupported", src, r.Err, r.Argv)
		}
	}
}
