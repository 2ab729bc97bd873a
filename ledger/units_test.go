package ledger

import (
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
	}{
		{"504.00 MiB", 504},
		{"10.65 GiB", 10905.6},
		{"10.65GiB (step 65,536)", 10905.6},
		{"1,024 KiB", 1},
		{"516,096 KiB", 504},
		{"528,482,304 B", 504},
		{"0 B (no lender)", 0},
		{"1,048,576 bytes", 1},
		{"0.09375 TiB", 98304},
		{"31,610.88 MiB", 31610.88},
		{"2 gib", 2048},
	} {
		got, err := parseSize(tc.in)
		if err != nil {
			t.Errorf("parseSize(%q): %v", tc.in, err)
			continue
		}
		if got != tc.want {
			t.Errorf("parseSize(%q) = %v MiB, want %v", tc.in, got, tc.want)
		}
	}
}

func TestParseSizeErrors(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"10,65 GiB", `"10,65" is not a number`},
		{"1,0245 MiB", `"1,0245" is not a number`},
		{"20.71 GB", `unit "GB" of 20.71 is not one of B, KiB, MiB, GiB, TiB`},
		{"271.25 (8,476 tokens)", "size 271.25 has no unit"},
		{"lots", `no size in "lots"`},
		{"", `no size in ""`},
	} {
		_, err := parseSize(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parseSize(%q) error = %v, want it to say %q", tc.in, err, tc.want)
		}
	}
}

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{formatSize(10905.6), "10.65 GiB"},
		{formatSize(504), "504.00 MiB"},
		{formatSize(271.25), "271.25 MiB"},
		{formatSize(0.5), "512.00 KiB"},
		{formatSize(0), "0 B"},
		{formatSize(-3991.36), "-3.90 GiB"},
		{formatMiB(31610.88), "31,610.88 MiB"},
		{formatMiB(-3991.36), "-3,991.36 MiB"},
		{formatCount(205127), "205,127"},
		{formatCount(1024), "1,024"},
		{formatCount(999), "999"},
		{formatPlain(32768), "32768"},
		{formatSessions(0.26), "0.26"},
		{clip(strings.Repeat("é", 30)), strings.Repeat("é", 20) + "…"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
