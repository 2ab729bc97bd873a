package fixes

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

// fuzzTexts are the replacement texts the fuzz decoder picks from.
var fuzzTexts = []string{"", "x", "yy", "\n", "a\nb", "\r\n", "\r", "z\r\n", "\ufeff", "long text\n"}

// fuzzReader hands out the bytes of a fuzz input, then zeros.
type fuzzReader struct{ b []byte }

func (r *fuzzReader) next() int {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return int(c)
}

func (r *fuzzReader) done() bool { return len(r.b) == 0 }

// randomFixes decodes arbitrary fixes for a content of n bytes, including
// out-of-range and reversed spans, four bytes per edit.
func randomFixes(n int, r *fuzzReader) [][]Edit {
	var fixes [][]Edit
	for !r.done() && len(fixes) < 64 {
		sel, s, l, txt := r.next(), r.next(), r.next(), r.next()
		if len(fixes) == 0 || sel%3 == 0 {
			fixes = append(fixes, nil)
		}
		start := s % (n + 2)
		end := start + l%6
		if l >= 250 {
			end = start - 1 // reversed span
		}
		e := Edit{Start: start, End: end, New: fuzzTexts[txt%len(fuzzTexts)]}
		fixes[len(fixes)-1] = append(fixes[len(fixes)-1], e)
	}
	return fixes
}

// disjointFixes decodes fixes whose edits do not overlap, for a content of n
// bytes starting at offset lo (after a BOM): edits are laid out left to
// right, dealt to fixes, and shuffled within each fix. It returns the edits in
// layout order too. No two insertions share an offset.
func disjointFixes(n, lo int, r *fuzzReader) (fixes [][]Edit, layout []Edit) {
	pos := lo
	prevInsert := false
	for !r.done() && len(layout) < 64 {
		gap, l, txt, sel := r.next()%4, r.next()%5, r.next(), r.next()
		if gap == 0 && prevInsert && l == 0 {
			gap = 1
		}
		start := pos + gap
		end := start + l
		if end > n {
			break
		}
		e := Edit{Start: start, End: end, New: fuzzTexts[txt%len(fuzzTexts)]}
		layout = append(layout, e)
		pos, prevInsert = end, l == 0
		if len(fixes) == 0 || sel%3 == 0 {
			fixes = append(fixes, nil)
		}
		f := fixes[len(fixes)-1]
		f = append(f, e)
		// Move the new edit to a position chosen by sel.
		j := (sel / 3) % len(f)
		f[j], f[len(f)-1] = f[len(f)-1], f[j]
		fixes[len(fixes)-1] = f
	}
	return fixes, layout
}

// refCRLF is an implementation of the line-ending conversion independent
// of toCRLF (the fuzz texts contain no NUL byte).
func refCRLF(src []byte, s string) string {
	lf, crlf := 0, 0
	for i, c := range src {
		if c == '\n' {
			if i > 0 && src[i-1] == '\r' {
				crlf++
			} else {
				lf++
			}
		}
	}
	if crlf <= lf {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\x00")
	s = strings.ReplaceAll(s, "\n", "\r\n")
	return strings.ReplaceAll(s, "\x00", "\r\n")
}

// refSplice applies edits that are sorted and do not overlap, back to front.
func refSplice(src []byte, edits []Edit) string {
	s := string(src)
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		s = s[:e.Start] + refCRLF(src, e.New) + s[e.End:]
	}
	return s
}

func validEdit(src []byte, e Edit) bool {
	if e.Start < 0 || e.End < e.Start || e.End > len(src) {
		return false
	}
	return !bytes.HasPrefix(src, []byte(bom)) || e.Start >= len(bom)
}

func FuzzApply(f *testing.F) {
	f.Add([]byte("hello world\n"), []byte{0, 0, 5, 1, 3, 3, 5, 2})
	f.Add([]byte("a\r\nb\r\nc\r\n"), []byte{1, 1, 2, 3, 3, 0, 0, 4, 0, 2, 0, 1})
	f.Add([]byte("\ufeffecho $x\n"), []byte{0, 3, 2, 5, 3, 0, 0, 2, 1, 4, 1, 3})
	f.Add([]byte("\ufeffecho $x\n"), []byte{1, 0, 2, 5, 3})
	f.Add([]byte(""), []byte{0, 0, 0, 1, 0, 0, 0, 1, 3, 0, 0, 2})
	f.Add([]byte("x=1\ny=2\nz=3\n"), []byte{1, 0, 4, 0, 0, 0, 4, 0, 3, 1, 2, 7, 6})
	f.Add([]byte("abc"), []byte{0, 0, 255, 1})
	f.Fuzz(func(t *testing.T, src []byte, spec []byte) {
		if len(spec) == 0 {
			return
		}
		r := &fuzzReader{b: spec[1:]}
		if spec[0]%2 == 0 {
			checkRandom(t, src, randomFixes(len(src), r))
		} else {
			lo := 0
			if bytes.HasPrefix(src, []byte(bom)) {
				lo = len(bom)
			}
			fixes, layout := disjointFixes(len(src), lo, r)
			checkDisjoint(t, src, fixes, layout)
		}
	})
}

// checkRandom checks the properties of Apply on arbitrary fixes.
func checkRandom(t *testing.T, src []byte, fixes [][]Edit) {
	orig := bytes.Clone(src)
	out, applied, deferred, err := Apply(src, fixes)
	if !bytes.Equal(src, orig) {
		t.Fatalf("Apply modified src")
	}
	allValid := true
	for _, f := range fixes {
		for _, e := range f {
			allValid = allValid && validEdit(src, e)
		}
	}
	if err != nil {
		if allValid {
			t.Fatalf("Apply: error %v for valid edits %v", err, fixes)
		}
		if !errors.Is(err, ErrBadEdit) {
			t.Fatalf("Apply: error %v does not wrap ErrBadEdit", err)
		}
		return
	}
	if !allValid {
		t.Fatalf("Apply accepted invalid edits %v", fixes)
	}
	// Every fix is either applied or deferred, indexes increasing.
	all := slices.Concat(applied, deferred)
	slices.Sort(all)
	for i, x := range all {
		if x != i {
			t.Fatalf("applied %v and deferred %v do not partition %d fixes", applied, deferred, len(fixes))
		}
	}
	if !slices.IsSorted(applied) || !slices.IsSorted(deferred) || len(all) != len(fixes) {
		t.Fatalf("applied %v, deferred %v: not increasing or not %d fixes", applied, deferred, len(fixes))
	}
	// Deterministic.
	out2, applied2, deferred2, err := Apply(src, fixes)
	if err != nil || !bytes.Equal(out, out2) || !slices.Equal(applied, applied2) || !slices.Equal(deferred, deferred2) {
		t.Fatalf("Apply is not deterministic")
	}
	// The applied fixes alone give the same result, all applied.
	var accepted [][]Edit
	for _, i := range applied {
		accepted = append(accepted, fixes[i])
	}
	out3, applied3, deferred3, err := Apply(src, accepted)
	if err != nil || !bytes.Equal(out, out3) || len(applied3) != len(accepted) || len(deferred3) != 0 {
		t.Fatalf("applied fixes alone: %q, %v, %v, %v; want %q, all applied", out3, applied3, deferred3, err, out)
	}
	// A deferred fix does overlap: it cannot be applied right after the
	// applied fixes.
	for _, i := range deferred {
		_, _, d, err := Apply(src, append(slices.Clone(accepted), fixes[i]))
		if err != nil || !slices.Equal(d, []int{len(accepted)}) {
			t.Fatalf("deferred fix %d %v applies after the applied fixes", i, fixes[i])
		}
	}
	// A BOM is kept.
	if bytes.HasPrefix(src, []byte(bom)) && !bytes.HasPrefix(out, []byte(bom)) {
		t.Fatalf("BOM lost: %q", out)
	}
}

// checkDisjoint checks that fixes whose edits do not overlap are all
// applied, with the result of a straightforward splice.
func checkDisjoint(t *testing.T, src []byte, fixes [][]Edit, layout []Edit) {
	out, applied, deferred, err := Apply(src, fixes)
	if err != nil {
		t.Fatalf("Apply(%q, %v): %v", src, fixes, err)
	}
	if len(deferred) != 0 || len(applied) != len(fixes) {
		t.Fatalf("Apply(%q, %v): applied %v, deferred %v; want all applied", src, fixes, applied, deferred)
	}
	if want := refSplice(src, layout); string(out) != want {
		t.Fatalf("Apply(%q, %v) = %q, want %q", src, fixes, out, want)
	}
}
