package fixes

import (
	"bytes"
	"errors"
	"slices"
	"testing"
)

func TestApply(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		fixes    [][]Edit
		want     string
		applied  []int
		deferred []int
		wantErr  bool
	}{
		{
			name:    "single edit",
			src:     "hello world",
			fixes:   [][]Edit{{{6, 11, "there"}}},
			want:    "hello there",
			applied: []int{0},
		},
		{
			name:    "no fixes",
			src:     "unchanged\n",
			want:    "unchanged\n",
			applied: nil,
		},
		{
			name:    "fix without edits is applied",
			src:     "abc",
			fixes:   [][]Edit{{}},
			want:    "abc",
			applied: []int{0},
		},
		{
			name:    "edits of one fix in reverse order",
			src:     "a b c d",
			fixes:   [][]Edit{{{6, 7, "D"}, {4, 5, "C"}, {0, 1, "A"}}},
			want:    "A b C D",
			applied: []int{0},
		},
		{
			name:    "edits of one fix in shuffled order",
			src:     "a b c d",
			fixes:   [][]Edit{{{4, 5, "C"}, {0, 1, "A"}, {6, 7, "D"}, {2, 3, "B"}}},
			want:    "A B C D",
			applied: []int{0},
		},
		{
			name:    "fixes with non-overlapping edits in any order",
			src:     "one two three",
			fixes:   [][]Edit{{{8, 13, "3"}}, {{0, 3, "1"}}, {{4, 7, "2"}}},
			want:    "1 2 3",
			applied: []int{0, 1, 2},
		},
		{
			name:    "adjacent replacements do not overlap",
			src:     "abcd",
			fixes:   [][]Edit{{{0, 2, "X"}}, {{2, 4, "Y"}}},
			want:    "XY",
			applied: []int{0, 1},
		},
		{
			name:     "overlapping fixes: second deferred",
			src:      "hello world",
			fixes:    [][]Edit{{{0, 5, "HELLO"}}, {{3, 8, "--"}}},
			want:     "HELLO world",
			applied:  []int{0},
			deferred: []int{1},
		},
		{
			name:     "overlapping fixes: first one wins whatever its position",
			src:      "hello world",
			fixes:    [][]Edit{{{3, 8, "--"}}, {{0, 5, "HELLO"}}, {{9, 11, "LD"}}},
			want:     "hel--rLD",
			applied:  []int{0, 2},
			deferred: []int{1},
		},
		{
			name:     "fix containing another",
			src:      "echo `cat $x`",
			fixes:    [][]Edit{{{10, 12, `"$x"`}}, {{5, 13, "$(cat $x)"}}},
			want:     `echo ` + "`cat \"$x\"`",
			applied:  []int{0},
			deferred: []int{1},
		},
		{
			name:     "deferred fix is not partially applied",
			src:      "a b c",
			fixes:    [][]Edit{{{2, 3, "B"}}, {{0, 1, "A"}, {2, 3, "bee"}, {4, 5, "C"}}},
			want:     "a B c",
			applied:  []int{0},
			deferred: []int{1},
		},
		{
			name:     "fix whose own edits overlap is deferred",
			src:      "abcdef",
			fixes:    [][]Edit{{{0, 3, "X"}, {2, 4, "Y"}}, {{5, 6, "F"}}},
			want:     "abcdeF",
			applied:  []int{1},
			deferred: []int{0},
		},
		{
			name:     "fix with two different replacements of one span is deferred",
			src:      "abc",
			fixes:    [][]Edit{{{0, 1, "X"}, {0, 1, "Y"}}},
			want:     "abc",
			deferred: []int{0},
		},
		{
			name:     "insertion strictly inside a replacement overlaps",
			src:      "abcdef",
			fixes:    [][]Edit{{{1, 4, "X"}}, {{2, 2, "I"}}},
			want:     "aXef",
			applied:  []int{0},
			deferred: []int{1},
		},
		{
			name:    "insertion at the start of a replacement goes before it",
			src:     "abc",
			fixes:   [][]Edit{{{1, 2, "X"}}, {{1, 1, "I"}}},
			want:    "aIXc",
			applied: []int{0, 1},
		},
		{
			name:    "insertion at the end of a replacement goes after it",
			src:     "abc",
			fixes:   [][]Edit{{{2, 2, "I"}}, {{1, 2, "X"}}},
			want:    "aXIc",
			applied: []int{0, 1},
		},
		{
			name:    "identical edits from two fixes count once",
			src:     "x=$1\n",
			fixes:   [][]Edit{{{2, 4, `"$1"`}}, {{2, 4, `"$1"`}}},
			want:    "x=\"$1\"\n",
			applied: []int{0, 1},
		},
		{
			name:    "identical insertions from two fixes count once",
			src:     "echo\n",
			fixes:   [][]Edit{{{0, 0, "set -e\n"}}, {{0, 0, "set -e\n"}}},
			want:    "set -e\necho\n",
			applied: []int{0, 1},
		},
		{
			name:    "identical edits within one fix count once",
			src:     "abc",
			fixes:   [][]Edit{{{1, 2, "B"}, {1, 2, "B"}, {3, 3, "!"}, {3, 3, "!"}}},
			want:    "aBc!",
			applied: []int{0},
		},
		{
			name:    "fix sharing one edit with an applied fix and adding others",
			src:     "a b c",
			fixes:   [][]Edit{{{0, 1, "A"}}, {{0, 1, "A"}, {4, 5, "C"}}},
			want:    "A b C",
			applied: []int{0, 1},
		},
		{
			name:     "fix sharing one edit but overlapping another",
			src:      "a b c",
			fixes:    [][]Edit{{{0, 1, "A"}, {2, 5, "XY"}}, {{0, 1, "A"}, {4, 5, "C"}}},
			want:     "A XY",
			applied:  []int{0},
			deferred: []int{1},
		},
		{
			name:    "insertions at the same offset keep fix order",
			src:     "x",
			fixes:   [][]Edit{{{0, 0, "A"}}, {{0, 0, "B"}}, {{0, 0, "C"}}},
			want:    "ABCx",
			applied: []int{0, 1, 2},
		},
		{
			name:    "insertions at the same offset keep edit order within a fix",
			src:     "x",
			fixes:   [][]Edit{{{0, 0, "2"}, {1, 1, "!"}, {0, 0, "1"}}, {{0, 0, "3"}}},
			want:    "213x!",
			applied: []int{0, 1},
		},
		{
			name:    "insertions at one offset before a replacement there",
			src:     "abc",
			fixes:   [][]Edit{{{1, 3, "Z"}}, {{1, 1, "A"}}, {{1, 1, "B"}}},
			want:    "aABZ",
			applied: []int{0, 1, 2},
		},
		{
			name:    "no-op edit does not block an overlapping fix",
			src:     "hello",
			fixes:   [][]Edit{{{0, 5, "hello"}}, {{1, 2, "E"}}},
			want:    "hEllo",
			applied: []int{0, 1},
		},
		{
			name:    "deletion of a whole line",
			src:     "a\nb\nc\n",
			fixes:   [][]Edit{{{2, 4, ""}}},
			want:    "a\nc\n",
			applied: []int{0},
		},
		{
			name:    "deletion of adjacent whole lines by two fixes",
			src:     "a\nb\nc\n",
			fixes:   [][]Edit{{{2, 4, ""}}, {{0, 2, ""}}},
			want:    "c\n",
			applied: []int{0, 1},
		},
		{
			name:    "deletion of the last line without newline",
			src:     "a\nb",
			fixes:   [][]Edit{{{1, 3, ""}}},
			want:    "a",
			applied: []int{0},
		},
		{
			name:    "deletion of a whole CRLF line",
			src:     "a\r\nb\r\nc\r\n",
			fixes:   [][]Edit{{{3, 6, ""}}},
			want:    "a\r\nc\r\n",
			applied: []int{0},
		},
		{
			name:    "CRLF file: newline in New becomes CRLF",
			src:     "a\r\nb\r\n",
			fixes:   [][]Edit{{{3, 3, "x\ny\n"}}},
			want:    "a\r\nx\r\ny\r\nb\r\n",
			applied: []int{0},
		},
		{
			name:    "CRLF file: CRLF in New is kept, not doubled",
			src:     "a\r\nb\r\n",
			fixes:   [][]Edit{{{0, 0, "x\r\ny\n"}}},
			want:    "x\r\ny\r\na\r\nb\r\n",
			applied: []int{0},
		},
		{
			name:    "CRLF file: leading newline in New",
			src:     "a\r\nb",
			fixes:   [][]Edit{{{4, 4, "\nc"}}},
			want:    "a\r\nb\r\nc",
			applied: []int{0},
		},
		{
			name:    "mostly CRLF file with one LF line is CRLF",
			src:     "a\r\nb\nc\r\n",
			fixes:   [][]Edit{{{0, 0, "x\n"}}},
			want:    "x\r\na\r\nb\nc\r\n",
			applied: []int{0},
		},
		{
			name:    "mostly LF file with one CRLF line is LF",
			src:     "a\nb\r\nc\n",
			fixes:   [][]Edit{{{0, 0, "x\n"}}},
			want:    "x\na\nb\r\nc\n",
			applied: []int{0},
		},
		{
			name:    "tie between CRLF and LF is LF",
			src:     "a\nb\r\n",
			fixes:   [][]Edit{{{0, 0, "x\n"}}},
			want:    "x\na\nb\r\n",
			applied: []int{0},
		},
		{
			name:    "CRLF conversion makes edits identical",
			src:     "a\r\n",
			fixes:   [][]Edit{{{0, 0, "x\n"}}, {{0, 0, "x\r\n"}}},
			want:    "x\r\na\r\n",
			applied: []int{0, 1},
		},
		{
			name:    "LF file: New is written as is",
			src:     "a\n",
			fixes:   [][]Edit{{{2, 2, "b\r\n"}}},
			want:    "a\nb\r\n",
			applied: []int{0},
		},
		{
			name:    "BOM kept by an edit after it",
			src:     "\ufeffecho hi\n",
			fixes:   [][]Edit{{{3, 7, "printf"}}},
			want:    "\ufeffprintf hi\n",
			applied: []int{0},
		},
		{
			name:    "BOM kept by an insertion right after it",
			src:     "\ufeffecho hi\n",
			fixes:   [][]Edit{{{3, 3, "#!/bin/sh\n"}}},
			want:    "\ufeff#!/bin/sh\necho hi\n",
			applied: []int{0},
		},
		{
			name:    "BOM kept when all content is replaced",
			src:     "\ufeffa\r\nb\r\n",
			fixes:   [][]Edit{{{3, 9, "c\n"}}},
			want:    "\ufeffc\r\n",
			applied: []int{0},
		},
		{
			name:    "BOM: edit removing it is rejected",
			src:     "\ufeffecho\n",
			fixes:   [][]Edit{{{0, 3, ""}}},
			wantErr: true,
		},
		{
			name:    "BOM: edit starting inside it is rejected",
			src:     "\ufeffecho\n",
			fixes:   [][]Edit{{{2, 5, "x"}}},
			wantErr: true,
		},
		{
			name:    "BOM: insertion before it is rejected",
			src:     "\ufeffecho\n",
			fixes:   [][]Edit{{{0, 0, "x"}}},
			wantErr: true,
		},
		{
			name:    "end out of range",
			src:     "abc",
			fixes:   [][]Edit{{{1, 4, "x"}}},
			wantErr: true,
		},
		{
			name:    "start out of range",
			src:     "abc",
			fixes:   [][]Edit{{{4, 4, "x"}}},
			wantErr: true,
		},
		{
			name:    "negative start",
			src:     "abc",
			fixes:   [][]Edit{{{-1, 1, "x"}}},
			wantErr: true,
		},
		{
			name:    "reversed span",
			src:     "abc",
			fixes:   [][]Edit{{{2, 1, "x"}}},
			wantErr: true,
		},
		{
			name:    "bad edit in a later fix fails the whole call",
			src:     "abc",
			fixes:   [][]Edit{{{0, 1, "A"}}, {{0, 1, "A"}}, {{1, 9, ""}}},
			wantErr: true,
		},
		{
			name:    "edit at the very end",
			src:     "abc",
			fixes:   [][]Edit{{{3, 3, "\n"}}},
			want:    "abc\n",
			applied: []int{0},
		},
		{
			name:    "empty file: no fixes",
			src:     "",
			want:    "",
			applied: nil,
		},
		{
			name:    "empty file: insertion",
			src:     "",
			fixes:   [][]Edit{{{0, 0, "#!/bin/sh\n"}}, {{0, 0, "set -eu\n"}}},
			want:    "#!/bin/sh\nset -eu\n",
			applied: []int{0, 1},
		},
		{
			name:    "empty file: out of range",
			src:     "",
			fixes:   [][]Edit{{{0, 1, ""}}},
			wantErr: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			out, applied, deferred, err := Apply(src, tt.fixes)
			if string(src) != tt.src {
				t.Errorf("Apply modified src: %q", src)
			}
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Apply = %q, %v, %v, nil; want an error", out, applied, deferred)
				}
				if !errors.Is(err, ErrBadEdit) {
					t.Errorf("error %v does not wrap ErrBadEdit", err)
				}
				if out != nil || applied != nil || deferred != nil {
					t.Errorf("Apply returned results with an error: %q, %v, %v", out, applied, deferred)
				}
				return
			}
			if err != nil {
				t.Fatalf("Apply: unexpected error %v", err)
			}
			if string(out) != tt.want {
				t.Errorf("out = %q, want %q", out, tt.want)
			}
			if !slices.Equal(applied, tt.applied) {
				t.Errorf("applied = %v, want %v", applied, tt.applied)
			}
			if !slices.Equal(deferred, tt.deferred) {
				t.Errorf("deferred = %v, want %v", deferred, tt.deferred)
			}
			// Applying again the fixes that were applied gives the same
			// result and defers nothing.
			var again [][]Edit
			for _, i := range applied {
				again = append(again, tt.fixes[i])
			}
			out2, _, deferred2, err := Apply(src, again)
			if err != nil || !bytes.Equal(out2, out) || len(deferred2) != 0 {
				t.Errorf("Apply(applied fixes only) = %q, deferred %v, %v; want %q, none, nil", out2, deferred2, err, out)
			}
		})
	}
}

// TestApplyDeferredThenApplied checks that a deferred fix, its offsets
// recomputed for the new content, applies in the next pass.
func TestApplyDeferredThenApplied(t *testing.T) {
	src := []byte("hello world")
	out, applied, deferred, err := Apply(src, [][]Edit{{{0, 5, "HELLO"}}, {{3, 8, "--"}}})
	if err != nil || !slices.Equal(applied, []int{0}) || !slices.Equal(deferred, []int{1}) {
		t.Fatalf("first pass: %q %v %v %v", out, applied, deferred, err)
	}
	// The deferred fix, recomputed for the new content, now applies.
	out, applied, deferred, err = Apply(out, [][]Edit{{{3, 8, "--"}}})
	if err != nil || string(out) != "HEL--rld" || !slices.Equal(applied, []int{0}) || len(deferred) != 0 {
		t.Fatalf("second pass: %q %v %v %v", out, applied, deferred, err)
	}
}

func TestToCRLF(t *testing.T) {
	for in, want := range map[string]string{
		"":           "",
		"abc":        "abc",
		"\n":         "\r\n",
		"a\nb":       "a\r\nb",
		"a\r\nb\n":   "a\r\nb\r\n",
		"\r\n\n\r\n": "\r\n\r\n\r\n",
		"\r\r\n":     "\r\r\n",
		"\n\n":       "\r\n\r\n",
	} {
		if got := toCRLF(in); got != want {
			t.Errorf("toCRLF(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFixPaths(t *testing.T) {
	f := Fix{Edits: map[string][]Edit{"b": {{0, 0, "x"}}, "a": {{0, 0, "y"}}, "c": nil}}
	if got := f.Paths(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Paths() = %v, want [a b]", got)
	}
}
