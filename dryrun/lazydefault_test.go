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

// TestLazyAlternates: under set -u, bash expands an alternate's word only
// when the variable is set (and not null, with the colon): "${A:+$B}" with
// A unset reads neither, but interp expanded the word first and stopped
// the dry run ("B: unbound variable"). The argvs below are bash's (bash
// -c 'set -u; …'); where bash expands the word and B is unset, bash
// stops, and so does the dry run.
func TestLazyAlternates(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"set -u\nexec radiance serve \"${A:+$B}\" x\n", []string{"radiance", "serve", "", "x"}},
		{"set -u\nX=${A:+--f $B}\nexec radiance serve \"$X\" \"${A+\"$B\"}\" x\n", []string{"radiance", "serve", "", "", "x"}},
		{"set -u\nA=\nexec radiance serve \"${A:+$B}\" x\n", []string{"radiance", "serve", "", "x"}},
		{"set -u\nA=1 B=2\nexec radiance serve \"${A:+a$B}\" \"${A:+--f $A}\" ${A:+--g \"$B\"} \"${A+${B:?}}\"\n", []string{"radiance", "serve", "a2", "--f 1", "--g", "2", "2"}},
	} {
		r := evalSrc(t, c.src, "serve", nil, Options{})
		if r.Err != nil || !slices.Equal(r.Argv, c.want) {
			t.Errorf("%q: Err = %v, argv %q; want %q", c.src, r.Err, r.Argv, c.want)
		}
	}
	for _, src := range []string{
		"set -u\nA=1\nexec radiance serve \"${A:+$B}\"\n",
		"set -u\nA=\nexec radiance serve \"${A+$B}\"\n",
		"set -u\nA=1 B=\nexec radiance serve \"${A:+${B:?no extra}}\"\n",
	} {
		r := evalSrc(t, src, "serve", nil, Options{})
		if r.Err == nil || !strings.Contains(r.Err.Error(), "B") {
			t.Errorf("%q: Err = %v, argv %q; want B's error, as bash", src, r.Err, r.Argv)
		}
	}
}

// TestLazySourcedDefaults: a sourced library's default or alternate that
// reads another variable reads it only where bash does, as the script's own
// (lazyDefaults): lazySourced puts the check before the command in the
// file's text, every line where it was. The argvs and stops are bash's.
func TestLazySourcedDefaults(t *testing.T) {
	lib := "M=${SERVED:-$DIR}\nexport X=\"${A:+a$B}\"\nf() { echo \"${1:-$DIR}\" $LINENO; }\nL=$(f x)\n"
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"set -u\nSERVED=/m\n. ./lib.sh\nexec radiance serve \"$M\" \"$X\" \"$L\" $LINENO\n", []string{"radiance", "serve", "/m", "", "x 3", "4"}},
		{"set -u\nDIR=/d A=1 B=2\n. ./lib.sh\nexec radiance serve \"$M\" \"$X\" \"$L\"\n", []string{"radiance", "serve", "/d", "a2", "x 3"}},
	} {
		r := evalSrc(t, c.src, "serve", map[string]string{"lib.sh": lib}, Options{})
		if r.Err != nil || !slices.Equal(r.Argv, c.want) {
			t.Errorf("%q: Err = %v, argv %q; want %q", c.src, r.Err, r.Argv, c.want)
		}
	}
	for _, src := range []string{
		"set -u\n. ./lib.sh\nexec radiance serve \"$M\"\n",
		"set -u\nSERVED=/m A=1\n. ./lib.sh\nexec radiance serve \"$M\"\n",
	} {
		r := evalSrc(t, src, "serve", map[string]string{"lib.sh": lib}, Options{})
		if r.Err == nil || !strings.Contains(r.Err.Error(), "unbound") {
			t.Errorf("%q: Err = %v, argv %q; want an unbound variable, as bash", src, r.Err, r.Argv)
		}
	}
	got := string(lazySourced([]byte("a | b \"${X:-$Y}\" >f &\nZ=${A+${B:?no b}} <<EOF\n$Y\nEOF\n! c ${X:-$Y}\n"), nil))
	want := "a | { [[ -n ${X:+x} ]] || : \"$Y\"; b \"${X:-${Y-}}\" >f ; } &\nZ=${A+${B:?no b}} <<EOF\n$Y\nEOF\n! c ${X:-$Y}\n"
	if got != want {
		t.Errorf("lazySourced:\n got %q\nwant %q", got, want)
	}
}
