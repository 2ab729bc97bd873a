package ledger

import (
	"errors"
	"io"
	"math"
	"os"
	"strings"
	"testing"
	"testing/iotest"
)

// testdata is where the ledgers the tests read live.
const testdata = "../testdata/ledgers/"

// load parses a ledger from the test data, failing the test on error.
func load(t *testing.T, name string) *Ledger {
	t.Helper()
	l, err := ParseFile(testdata + name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// near reports whether a and b agree to within tol.
func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol
}

// checkValues compares named values with what is expected; want NaN means
// the value must be missing.
func checkValues(t *testing.T, file string, got map[string]Value, want map[string]float64) {
	t.Helper()
	for name, w := range want {
		g := got[name]
		switch {
		case math.IsNaN(w) && g.OK:
			t.Errorf("%s: %s = %v, want missing", file, name, g.V)
		case math.IsNaN(w):
		case !g.OK:
			t.Errorf("%s: %s missing, want %v", file, name, w)
		case !near(g.V, w, 1e-9):
			t.Errorf("%s: %s = %v, want %v", file, name, g.V, w)
		}
	}
}

// values names the numbers of a ledger for checkValues.
func values(l *Ledger) map[string]Value {
	return map[string]Value{
		"runtime": l.Runtime, "runtime seats": l.RuntimeSeats,
		"arena": l.Arena, "step": l.ArenaStep, "claimable": l.Claimable,
		"vram": l.WeightsVRAM, "dense": l.WeightsDense, "experts": l.WeightsExperts,
		"host": l.WeightsHost, "disk": l.WeightsDisk,
		"vram_kv": l.VRAMKV, "tokens": l.KVTokens, "sessions": l.Sessions,
		"shape seats": l.ShapeSeats, "shape len": l.ShapeLen, "backing": l.BackingPct,
		"prefetch": l.Prefetch,
	}
}

// serveValues is what the serve ledger says, in MiB and counts.
var serveValues = map[string]float64{
	"runtime": 1146.88, "runtime seats": 8,
	"arena": 504, "step": 1024, "claimable": 31610.88,
	"vram": 25200.64, "dense": 3256.32, "experts": 21944.32,
	"host": 98304, "disk": 46673.92,
	"vram_kv": 6410.24, "tokens": 205127, "sessions": 6.26,
	"shape seats": 8, "shape len": 32768, "backing": 78,
	"prefetch": 0,
}

var serveFlags = map[string]string{
	"--model":                  "/models/qwen38-a3b-bf16",
	"--max-model-len":          "32768",
	"--max-num-seqs":           "8",
	"--max-num-batched-tokens": "1024",
	"--host-pool-mib":          "98304",
	"--gpu-headroom-mib":       "1536",
	"--tp":                     "2",
	"--kv-cache-dtype":         "fp8",
	"--placement":              "auto",
	"--ngram-placement":        "ram",
	"--weights-disk-tier":      "/cache/qwen38",
}

func TestParseServe(t *testing.T) {
	l := load(t, "qwen38_bf16_serve.log")
	checkValues(t, l.File, values(l), serveValues)
	if len(l.Flags) != len(serveFlags) {
		t.Errorf("flags = %v, want %v", l.Flags, serveFlags)
	}
	for k, v := range serveFlags {
		if l.Flags[k] != v {
			t.Errorf("flag %s = %q, want %q", k, l.Flags[k], v)
		}
	}
	if l.FlagOrder[0] != "--model" || l.FlagOrder[len(l.FlagOrder)-1] != "--weights-disk-tier" {
		t.Errorf("flag order = %v", l.FlagOrder)
	}
	if l.Outcome != OutcomeStarted || l.Refused() || l.Refusal != nil || l.Explain() != "" {
		t.Errorf("outcome = %v, refusal %q, explain %q; want a started boot", l.Outcome, l.Refusal, l.Explain())
	}
	if l.PrefetchNote != "no lender" {
		t.Errorf("prefetch note = %q", l.PrefetchNote)
	}
	if len(l.Notes) != 0 {
		t.Errorf("notes = %q, want none", l.Notes)
	}
	if s, w := l.Step(), l.Seats(); s.V != 1024 || w.V != 8 || l.MaxModelLen().V != 32768 {
		t.Errorf("step %v, seats %v, window %v", s, w, l.MaxModelLen())
	}
}

func TestParseBench(t *testing.T) {
	l := load(t, "qwen38_bf16_bench.log")
	checkValues(t, l.File, values(l), map[string]float64{
		"runtime": 5099.52, "runtime seats": 16,
		"arena": 10905.6, "step": 65536, "claimable": 17254.4,
		"vram": 14499.84, "experts": 11243.52, "disk": 57374.72,
		"vram_kv": 2754.56, "tokens": 88149, "sessions": 2.69,
		"shape seats": 16, "backing": 17, "prefetch": 0,
	})
	if l.Refused() || l.Flags["--max-num-seqs"] != "16" {
		t.Errorf("refused %v, seats %q", l.Refused(), l.Flags["--max-num-seqs"])
	}
}

func TestParseCalib(t *testing.T) {
	l := load(t, "qwen38_bf16_calib.log")
	checkValues(t, l.File, values(l), map[string]float64{
		"runtime": 1146.88, "arena": 10905.6, "step": 65536, "claimable": 21207.04,
		"vram": 20930.56, "disk": 50944,
		"vram_kv": 271.25, "tokens": 8476,
		"sessions": 0.26, "shape seats": 8, "shape len": 32768, "backing": 3,
		"prefetch": math.NaN(),
	})
	if !l.Refused() {
		t.Fatalf("calib ledger not refused (outcome %v)", l.Outcome)
	}
	if len(l.Refusal) != 3 || !strings.HasPrefix(l.Refusal[0], "E vram_budget: kv cache 271.25 MiB") ||
		l.Refusal[2] != "E startup stopped: out of memory" {
		t.Errorf("refusal lines = %q", l.Refusal)
	}
	const want = "8 x 32768 not backed: vram_kv 271.25 MiB is 0.26 full-length sessions; the arena took 10.65 GiB"
	if got := l.Explain(); got != want {
		t.Errorf("Explain() = %q\nwant        %q", got, want)
	}
}

// The same boot as serve, written with other units, thousands separators
// and other timestamps (journald, bracketed, ISO with offset, glog).
func TestParseOtherUnitsAndTimestamps(t *testing.T) {
	l := load(t, "units.log")
	checkValues(t, l.File, values(l), serveValues)
	for k, v := range serveFlags {
		want := v
		if k == "--max-num-batched-tokens" {
			want = "1,024"
		}
		if l.Flags[k] != want {
			t.Errorf("flag %s = %q, want %q", k, l.Flags[k], want)
		}
	}
	if l.Step().V != 1024 || l.Outcome != OutcomeStarted || len(l.Notes) != 0 {
		t.Errorf("step %v, outcome %v, notes %q", l.Step(), l.Outcome, l.Notes)
	}
}

// The same boot as serve with its lines shuffled, CRLF ends, extra lines,
// --flag=value and a flag echoed twice.
func TestParseReordered(t *testing.T) {
	l := load(t, "reordered.log")
	checkValues(t, l.File, values(l), serveValues)
	want := []string{"--max-num-seqs", "--max-model-len", "--max-num-batched-tokens", "--model", "--tp"}
	if strings.Join(l.FlagOrder, " ") != strings.Join(want, " ") {
		t.Errorf("flag order = %v, want %v", l.FlagOrder, want)
	}
	if l.Flags["--max-num-seqs"] != "8" || l.Flags["--max-model-len"] != "32768" {
		t.Errorf("flags = %v", l.Flags)
	}
	if l.Outcome != OutcomeStarted || len(l.Notes) != 0 {
		t.Errorf("outcome %v, notes %q", l.Outcome, l.Notes)
	}
}

func TestParseMalformedRows(t *testing.T) {
	l := load(t, "malformed_rows.log")
	checkValues(t, l.File, values(l), map[string]float64{
		"runtime": 1146.88, "arena": math.NaN(), "step": 65536, "claimable": math.NaN(),
		"vram": 20930.56, "vram_kv": math.NaN(), "tokens": 8476, "prefetch": math.NaN(),
	})
	notes := strings.Join(l.Notes, "\n")
	for _, want := range []string{
		`malformed_rows.log:6: activation arena: "10,65" is not a number; the row is left missing`,
		`malformed_rows.log:7: claimable: unit "GB" of 20.71 is not one of B, KiB, MiB, GiB, TiB`,
		`malformed_rows.log:9: vram_kv: size 271.25 has no unit`,
		`malformed_rows.log:10: expert prefetch: no size in "lots (no lender)"`,
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes do not say %q:\n%s", want, notes)
		}
	}
}

func TestParseTruncated(t *testing.T) {
	l := load(t, "truncated.log")
	checkValues(t, l.File, values(l), map[string]float64{
		"arena": 504, "claimable": 31610.88, "vram": 25200.64,
		"vram_kv": math.NaN(), "tokens": math.NaN(), "sessions": math.NaN(), "prefetch": math.NaN(),
	})
	if l.Outcome != OutcomeUnknown || l.Refused() {
		t.Errorf("outcome = %v, want unknown", l.Outcome)
	}
	notes := strings.Join(l.Notes, "\n")
	for _, want := range []string{
		"truncated.log:18: vram_kv: size 6.2 has no unit",
		"truncated.log: the ledger ends before the boot's outcome",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes do not say %q:\n%s", want, notes)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, tc := range []struct {
		file, want string
	}{
		{"empty.log", "empty.log: empty ledger"},
		{"not_a_ledger.log", "not_a_ledger.log: not a boot ledger: none of its 4 lines"},
		{"no_such.log", "no_such.log: no such file"},
	} {
		_, err := ParseFile(testdata + tc.file)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseFile(%s) error = %v, want it to say %q", tc.file, err, tc.want)
		}
	}
	if _, err := Parse("blank.log", strings.NewReader("\n  \r\n\t\n")); err == nil || !strings.Contains(err.Error(), "blank.log: empty ledger") {
		t.Errorf("blank ledger: error = %v", err)
	}
	header := "I 2026-11-27T03:14:07Z radiance 2026.11.3 boot pid=1 container=x\n"
	if _, err := Parse("head.log", strings.NewReader(header)); err == nil || !strings.Contains(err.Error(), "head.log: not a boot ledger") {
		t.Errorf("header-only ledger: error = %v", err)
	}
}

func TestParseReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("I  --max-num-seqs 8\n"), iotest.ErrReader(boom))
	_, err := Parse("fire.log", r)
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "fire.log: ") {
		t.Errorf("error = %v, want fire.log: %v", err, boom)
	}
}

func TestParseLongLineSkipped(t *testing.T) {
	in := "I  --max-num-seqs 8\nI " + strings.Repeat("x", MaxLineBytes+10) + "\nI vram_budget: claimable 1.00 GiB\nI startup complete\n"
	l, err := Parse("long.log", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if !l.Claimable.OK || l.Claimable.V != 1024 || l.Outcome != OutcomeStarted {
		t.Errorf("claimable %v, outcome %v", l.Claimable, l.Outcome)
	}
	if len(l.Notes) != 1 || !strings.HasPrefix(l.Notes[0], "long.log:2: line longer than 64 KiB skipped") {
		t.Errorf("notes = %q", l.Notes)
	}
}

func TestParseStopsAtSecondBoot(t *testing.T) {
	data, err := os.ReadFile(testdata + "truncated.log")
	if err != nil {
		t.Fatal(err)
	}
	bench, err := os.ReadFile(testdata + "qwen38_bf16_bench.log")
	if err != nil {
		t.Fatal(err)
	}
	// A crashed boot followed by a new one: only the first is read.
	l, err := Parse("two.log", strings.NewReader(string(data)+" GiB\n"+string(bench)))
	if err != nil {
		t.Fatal(err)
	}
	if l.Arena.V != 504 || l.Flags["--max-num-seqs"] != "8" || l.Outcome != OutcomeUnknown {
		t.Errorf("arena %v, seats %q, outcome %v: want the first boot's", l.Arena, l.Flags["--max-num-seqs"], l.Outcome)
	}
	if !strings.Contains(strings.Join(l.Notes, "\n"), "two.log:19: a second boot starts here; only the first is read") {
		t.Errorf("notes = %q", l.Notes)
	}
}

func TestParseStopsAtOutcome(t *testing.T) {
	in := "I  --max-num-seqs 8\nI startup complete in 1 s\nI  --max-num-seqs 16\nI vram_budget: claimable 1 GiB\n"
	l, err := Parse("after.log", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if l.Flags["--max-num-seqs"] != "8" || l.Claimable.OK || len(l.Notes) != 0 {
		t.Errorf("flags %v, claimable %v, notes %q: lines after the outcome were read", l.Flags, l.Claimable, l.Notes)
	}
}

func TestParseSizeCap(t *testing.T) {
	line := "I request served in 12 ms " + strings.Repeat("-", 1000) + "\n"
	in := "I radiance boot pid=1\nI  --max-num-seqs 8\n" + strings.Repeat(line, MaxLedgerBytes/len(line)+10) + "I startup complete\n"
	l, err := Parse("big.log", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(l.Notes, "\n")
	if !strings.Contains(notes, "big.log: only the first 32 MiB were read") || l.Outcome != OutcomeUnknown {
		t.Errorf("outcome %v, notes %q", l.Outcome, notes)
	}
}

func TestParseConflictingRows(t *testing.T) {
	in := "I  --max-num-seqs 8\nI  --max-num-seqs 16\nI vram_budget: claimable 1.00 GiB\nI vram_budget: claimable 2.00 GiB\nI vram_budget: claimable 1,024 MiB\nI startup complete\n"
	l, err := Parse("twice.log", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if l.Flags["--max-num-seqs"] != "8" || l.Claimable.V != 1024 {
		t.Errorf("seats %q, claimable %v: the first value must win", l.Flags["--max-num-seqs"], l.Claimable)
	}
	want := []string{
		`twice.log:2: --max-num-seqs echoed again as "16"; the first value "8" is kept`,
		`twice.log:4: claimable given again as 2048; the first value 1024 is kept`,
	}
	if strings.Join(l.Notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes = %q\nwant %q", l.Notes, want)
	}
}

func TestSplitLevel(t *testing.T) {
	for _, tc := range []struct {
		in    string
		level byte
		msg   string
	}{
		{"I  --max-num-seqs 8", 'I', "--max-num-seqs 8"},
		{"E startup stopped: out of memory", 'E', "startup stopped: out of memory"},
		{"Nov 27 03:14:07 rig4 radiance[41822]: W vram_budget: x", 'W', "vram_budget: x"},
		{"[2026-11-27 03:14:07.001]\tI\t--tp 2", 'I', "--tp 2"},
		{"E1128 01:02:35.000001 60114 vram_budget.cpp:117] vram_budget: lower it", 'E', "vram_budget: lower it"},
		{"--max-num-seqs 8", 0, "--max-num-seqs 8"},
		{"exec docker run --rm radiance I serve", 0, "exec docker run --rm radiance I serve"},
		{"2026-11-27 vram_budget: claimable 1 GiB", 0, "2026-11-27 vram_budget: claimable 1 GiB"},
		{"a b c d e f g h i I late", 0, "a b c d e f g h i I late"},
	} {
		level, msg := splitLevel(tc.in)
		if level != tc.level || msg != tc.msg {
			t.Errorf("splitLevel(%q) = %q, %q; want %q, %q", tc.in, level, msg, tc.level, tc.msg)
		}
	}
}

func TestExplainOtherRefusal(t *testing.T) {
	in := `I  --max-num-seqs 8
I  --max-model-len 32768
I vram_budget: activation arena 504.00 MiB (step 1,024 tokens)
I vram_budget: 6.26 full-length sessions (8 x 32768 requested, 78% backing)
E ngram: table 38.20 GiB does not fit beside the host pool
E startup stopped: out of memory
`
	l, err := Parse("ngram.log", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	const want = "ngram: table 38.20 GiB does not fit beside the host pool (startup stopped: out of memory); the arena took 504.00 MiB"
	if got := l.Explain(); got != want {
		t.Errorf("Explain() = %q\nwant        %q", got, want)
	}
	// E lines without `startup stopped` still mark a refusal.
	l, err = Parse("e.log", strings.NewReader("I  --max-num-seqs 8\nE vram_budget: no card\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !l.Refused() || l.Explain() != "no card" {
		t.Errorf("refused %v, Explain() = %q", l.Refused(), l.Explain())
	}
}

func TestParseBoundsWhatItKeeps(t *testing.T) {
	in := "I  --max-num-seqs 8\n" + strings.Repeat("I vram_budget: claimable lots\n", maxLineNotes+50) +
		strings.Repeat("E boom\n", maxRefusalLines+30) + "E startup stopped: out of memory\n"
	l, err := Parse("noisy.log", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Notes) != maxLineNotes+1 || l.Notes[maxLineNotes] != "noisy.log: 50 more notes about single lines left out" {
		t.Errorf("%d notes, last %q", len(l.Notes), l.Notes[len(l.Notes)-1])
	}
	if len(l.Refusal) != maxRefusalLines+1 || l.Refusal[maxRefusalLines] != "E startup stopped: out of memory" {
		t.Errorf("%d refusal lines, last %q", len(l.Refusal), l.Refusal[len(l.Refusal)-1])
	}
	if got := l.Explain(); got != "boom (startup stopped: out of memory)" {
		t.Errorf("Explain() = %q", got)
	}
}

func TestParseUnreadableParts(t *testing.T) {
	in := `I vram_budget: weights by tier: nothing here
I vram_budget: 0.26 full-length sessions (8,47 x 32768 requested, 3% backing)
I vram_budget: vram_kv 1 GiB (1,0 tokens)
I vram_budget: weights by tier: vram 1 GiB, disk 2 GiB
I startup complete
`
	l, err := Parse("parts.log", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	checkValues(t, l.File, values(l), map[string]float64{
		"sessions": 0.26, "shape seats": math.NaN(), "shape len": 32768, "backing": 3,
		"vram_kv": 1024, "tokens": math.NaN(), "vram": 1024, "disk": 2048, "host": math.NaN(),
	})
	want := []string{
		`parts.log:1: weights by tier: no tier in "nothing here"; the rows are left missing`,
		`parts.log:2: shape seats: "8,47" is not a number; the row is left missing`,
		`parts.log:3: kv tokens: "1,0" is not a number; the row is left missing`,
	}
	if strings.Join(l.Notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes = %q\nwant %q", l.Notes, want)
	}
}

// A shell script's continued command lines start with flags too: without
// a boot line, a budget row or an outcome it is not a ledger.
func TestParseForeignScript(t *testing.T) {
	in := "#!/bin/sh\nexec radiance serve /m \\\n  --max-num-seqs \"$SEQS\" \\\n  --max-num-batched-tokens 1024\n"
	if _, err := Parse("serve.sh", strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), "serve.sh: not a boot ledger: it has no boot line") {
		t.Errorf("error = %v", err)
	}
}

// A file refused as no ledger says when only its first 32 MiB were read:
// one long line there may hide the ledger after it.
func TestParseSizeCapRefusal(t *testing.T) {
	in := strings.Repeat("x", MaxLedgerBytes+10) + "\nI radiance boot pid=1\nI  --max-num-seqs 8\n"
	_, err := Parse("long.log", strings.NewReader(in))
	if err == nil || !strings.Contains(err.Error(), "not a boot ledger") || !strings.Contains(err.Error(), "(only its first 32 MiB were read)") {
		t.Errorf("err %v", err)
	}
	_, err = Parse("short.log", strings.NewReader("hello\nworld\n"))
	if err == nil || strings.Contains(err.Error(), "MiB") {
		t.Errorf("err %v", err)
	}
}
