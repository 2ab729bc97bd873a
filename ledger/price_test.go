package ledger

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestFitServeBench(t *testing.T) {
	f, err := FitArena([]*Ledger{load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_bench.log")})
	if err != nil {
		t.Fatal(err)
	}
	// About 339 MiB + 0.161 MiB per token of step.
	if !near(f.A, 339, 0.5) || !near(f.B, 0.161, 0.0005) {
		t.Errorf("fit a = %v MiB, b = %v MiB/token; want about 339 and 0.161", f.A, f.B)
	}
	// Exactly through both points: b = (10905.6 - 504) / (65536 - 1024).
	if wantB := (10905.6 - 504) / 64512; !near(f.B, wantB, 1e-12) || !near(f.At(1024), 504, 1e-9) {
		t.Errorf("b = %v, want %v; at 1024: %v", f.B, wantB, f.At(1024))
	}
	if len(f.Points) != 2 || len(f.Skipped) != 0 {
		t.Errorf("points %v, skipped %v", f.Points, f.Skipped)
	}
}

func TestFitLeastSquares(t *testing.T) {
	mk := func(name string, step, arena float64) *Ledger {
		return &Ledger{File: name, ArenaStep: Value{step, true}, Arena: Value{arena, true}}
	}
	// Points off the line 100 + 2x by +1, -2, +1, which least squares
	// recovers; a ledger without an arena is left out.
	f, err := FitArena([]*Ledger{mk("a", 0, 101), mk("b", 10, 118), mk("c", 20, 141), {File: "d"}})
	if err != nil {
		t.Fatal(err)
	}
	if !near(f.A, 100, 1e-9) || !near(f.B, 2, 1e-12) {
		t.Errorf("fit a = %v, b = %v", f.A, f.B)
	}
	if len(f.Skipped) != 1 || !strings.HasPrefix(f.Skipped[0], "d: no activation arena") {
		t.Errorf("skipped = %q", f.Skipped)
	}
}

func TestFitNeedsTwoSteps(t *testing.T) {
	for _, files := range [][]string{
		{"qwen38_bf16_serve.log"},
		{"qwen38_bf16_bench.log", "qwen38_bf16_calib.log"},
	} {
		var ls []*Ledger
		for _, f := range files {
			ls = append(ls, load(t, f))
		}
		_, err := FitArena(ls)
		if err == nil || !strings.Contains(err.Error(), "the slope of the arena is unknown") ||
			!strings.Contains(err.Error(), files[0]) {
			t.Errorf("%v: error = %v", files, err)
		}
		if _, err := Price(ls, 8192, 0); err == nil || !strings.Contains(err.Error(), "slope") {
			t.Errorf("%v: Price error = %v", files, err)
		}
	}
	if _, err := FitArena([]*Ledger{{File: "x"}}); err == nil || !strings.Contains(err.Error(), "no ledger gives an activation arena") {
		t.Errorf("error = %v", err)
	}
}

func TestPriceServeBench(t *testing.T) {
	serve, bench := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_bench.log")
	e, err := Price([]*Ledger{serve, bench}, 8192, 0)
	if err != nil {
		t.Fatal(err)
	}
	b := (10905.6 - 504) / 64512
	arena := 504 + b*(8192-1024)
	claimable := 31610.88 - (arena - 504)
	kv := claimable - 25200.64
	tokens := math.Floor(kv / (6410.24 / 205127))
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"arena", e.ArenaMiB, arena},
		{"claimable", e.ClaimableMiB, claimable},
		{"vram_kv", e.VRAMKVMiB, kv},
		{"kv tokens", e.KVTokens, tokens},
		{"sessions", e.Sessions, tokens / 32768},
		{"runtime", e.RuntimeMiB, 1146.88},
	} {
		if !near(tc.got, tc.want, 1e-6) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	// Rough figures, as a reader would check them by hand.
	if !near(e.ArenaMiB, 1660, 1) || !near(e.VRAMKVMiB, 5254, 1) || !near(e.Sessions, 5.13, 0.005) || !e.Backed {
		t.Errorf("arena %v, vram_kv %v, sessions %v, backed %v", e.ArenaMiB, e.VRAMKVMiB, e.Sessions, e.Backed)
	}
	if e.Seats != 8 || e.MaxModelLen != 32768 || strings.Join(e.Basis, ",") != serve.File+","+bench.File {
		t.Errorf("seats %d, window %d, basis %v", e.Seats, e.MaxModelLen, e.Basis)
	}
	if len(e.Notes) != 0 {
		t.Errorf("notes = %q", e.Notes)
	}

	text := e.Text()
	for _, want := range []string{
		"price of --max-num-batched-tokens 8,192 with --max-num-seqs 8 (--max-model-len 32768)",
		"fit: arena = a + b × step, least squares through 2 points",
		"a = 338.90 MiB",
		"b = 0.161235 MiB per token of step",
		"1,024   504.00 MiB",
		"65,536  10,905.60 MiB",
		"32.00 KiB per KV token",
		"338.90 + 0.161235 × 8,192",
		"31,610.88 - (1,659.73 - 504.00)",
		"30,455.15 - 25,200.64",
		"floor(5,254.51 MiB ÷ 32.00 KiB)",
		"168,143 ÷ 32,768",
		"yes (64% backing of the 8 x 32768 worst case)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}

	data, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"max_num_batched_tokens": 8192.0, "arena_mib": 1659.73, "claimable_mib": 30455.15,
		"vram_kv_mib": 5254.51, "kv_tokens": 168143.0, "full_length_sessions": 5.13, "backed": true,
	}
	if len(got) != len(want)+1 {
		t.Errorf("keys = %v", got)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("json %s = %v, want %v", k, got[k], w)
		}
	}
	if basis, _ := got["basis"].([]any); len(basis) != 2 || basis[0] != serve.File {
		t.Errorf("json basis = %v", got["basis"])
	}
}

// At the calib step with serve's placement the KV cache cannot be funded:
// the estimate agrees with the calib boot's refusal.
func TestPriceWideStepNotBacked(t *testing.T) {
	serve, bench := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_bench.log")
	e, err := Price([]*Ledger{serve, bench}, 65536, 8)
	if err != nil {
		t.Fatal(err)
	}
	if !near(e.ClaimableMiB, 31610.88-(10905.6-504), 1e-6) || e.VRAMKVMiB >= 0 || e.KVTokens != 0 || e.Sessions != 0 || e.Backed {
		t.Errorf("claimable %v, vram_kv %v, tokens %v, sessions %v, backed %v", e.ClaimableMiB, e.VRAMKVMiB, e.KVTokens, e.Sessions, e.Backed)
	}
	if len(e.Notes) != 1 || !strings.Contains(e.Notes[0], "nothing is left for the KV cache") {
		t.Errorf("notes = %q", e.Notes)
	}
	if text := e.Text(); !strings.Contains(text, "no (0% backing of the 8 x 32768 worst case)") {
		t.Errorf("text:\n%s", text)
	}
}

func TestPriceChangedSeats(t *testing.T) {
	serve, bench := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_bench.log")
	e, err := Price([]*Ledger{serve, bench}, 8192, 16)
	if err != nil {
		t.Fatal(err)
	}
	b := (10905.6 - 504) / 64512
	want := 31610.88 - b*(8192-1024) - (5099.52 - 1146.88)
	if !near(e.ClaimableMiB, want, 1e-6) || e.RuntimeFrom != bench.File || e.RuntimeMiB != 5099.52 {
		t.Errorf("claimable %v (want %v), runtime %v from %s", e.ClaimableMiB, want, e.RuntimeMiB, e.RuntimeFrom)
	}
	if !strings.Contains(e.Text(), "measured in "+bench.File) {
		t.Errorf("text:\n%s", e.Text())
	}
	_, err = Price([]*Ledger{serve, bench}, 8192, 12)
	if err == nil || !strings.Contains(err.Error(), "the runtime for 12 seats is unknown") {
		t.Errorf("12 seats: error = %v", err)
	}
}

func TestPriceNotes(t *testing.T) {
	serve, calib, trunc := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_calib.log"), load(t, "truncated.log")
	e, err := Price([]*Ledger{serve, calib, {File: "bare.log"}}, 131072, 0)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(e.Notes, "\n")
	for _, want := range []string{
		"left out of the fit: bare.log: no activation arena row",
		"step 131,072 is outside the measured steps 1,024 to 65,536: the arena is extrapolated",
		"the ledgers also differ in --ngram-placement; the fit assumes the arena depends on the step alone",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if strings.Join(e.Basis, ",") != serve.File+","+calib.File {
		t.Errorf("basis = %v", e.Basis)
	}
	// The first ledger must hold what the estimate starts from.
	_, err = Price([]*Ledger{trunc, serve}, 8192, 0)
	if err == nil || !strings.Contains(err.Error(), "truncated.log: the first ledger lacks what the estimate starts from: vram_kv, vram_kv tokens") {
		t.Errorf("error = %v", err)
	}
	odd := *serve
	odd.Flags = map[string]string{"--max-num-seqs": "8.5", "--max-model-len": "32768"}
	odd.RuntimeSeats = Value{}
	_, err = Price([]*Ledger{&odd, serve}, 8192, 0)
	if err == nil || !strings.Contains(err.Error(), "cannot be priced from: 205127 KV tokens, 8.5 seats, a window of 32768 tokens") {
		t.Errorf("fractional seats: error = %v", err)
	}
	if _, err := Price(nil, 8192, 0); err == nil {
		t.Error("no ledgers: no error")
	}
	if _, err := Price([]*Ledger{serve}, 0, 0); err == nil {
		t.Error("step 0: no error")
	}
}
