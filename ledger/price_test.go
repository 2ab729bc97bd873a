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
		if _, err := Price(ls, 8192, 0, 0); err == nil || !strings.Contains(err.Error(), "slope") {
			t.Errorf("%v: Price error = %v", files, err)
		}
	}
	if _, err := FitArena([]*Ledger{{File: "x"}}); err == nil || !strings.Contains(err.Error(), "no ledger gives an activation arena") {
		t.Errorf("error = %v", err)
	}
}

func TestPriceServeBench(t *testing.T) {
	serve, bench := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_bench.log")
	e, err := Price([]*Ledger{serve, bench}, 8192, 0, 0)
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
	if len(got) != len(want)+2 || got["backed_if_weights_move"] != true {
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

// At the calib boot's step and seats, with serve's placement, the KV cache
// cannot be funded; bench's boot shows the engine moving weights off the
// card far enough to back it, so the shape is not known to fail.
func TestPriceWideStepNotBacked(t *testing.T) {
	serve, bench := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_bench.log")
	e, err := Price([]*Ledger{serve, bench}, 65536, 8, 0)
	if err != nil {
		t.Fatal(err)
	}
	if e.Base != serve || e.ArenaFrom != bench.File || e.ArenaMiB != 10905.6 {
		t.Errorf("base %s, arena %v from %q", e.Base.File, e.ArenaMiB, e.ArenaFrom)
	}
	if !near(e.ClaimableMiB, 31610.88-(10905.6-504), 1e-6) || e.VRAMKVMiB >= 0 || e.KVTokens != 0 || e.Sessions != 0 || e.Backed {
		t.Errorf("claimable %v, vram_kv %v, tokens %v, sessions %v, backed %v", e.ClaimableMiB, e.VRAMKVMiB, e.KVTokens, e.Sessions, e.Backed)
	}
	if e.LeastWeightsFrom != bench.File || !near(e.LeastVRAMKVMiB, e.ClaimableMiB-14499.84, 1e-6) || !e.MayBack {
		t.Errorf("least weights from %s: vram_kv %v, may back %v", e.LeastWeightsFrom, e.LeastVRAMKVMiB, e.MayBack)
	}
	text := e.Text()
	for _, want := range []string{"no (0% backing of the 8 x 32768 worst case)", "measured at this step", "backed: only if the engine moves weights off the card"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	// Twice the step: not backed even with bench's placement.
	e, err = Price([]*Ledger{serve, bench}, 131072, 8, 0)
	if err != nil {
		t.Fatal(err)
	}
	if e.MayBack || e.LeastSessions != 0 || len(e.Notes) != 2 || !strings.Contains(e.Notes[1], "nothing is left for the KV cache") {
		t.Errorf("may back %v, sessions %v, notes %q", e.MayBack, e.LeastSessions, e.Notes)
	}
}

// A shape a ledger booted is answered by that ledger, whichever order the
// ledgers come in; a refused boot answers "not backed".
func TestPriceMeasuredShape(t *testing.T) {
	serve, bench, calib := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_bench.log"), load(t, "qwen38_bf16_calib.log")
	for _, tc := range []struct {
		ledgers     []*Ledger
		step, seats int
		want        *Ledger
		sessions    float64
		backed      bool
	}{
		{[]*Ledger{serve, bench}, 65536, 16, bench, 2.69, true},
		{[]*Ledger{bench, serve}, 1024, 8, serve, 6.26, true},
		{[]*Ledger{bench, serve}, 1024, 0, nil, 0, true}, // bench's 16 seats: not measured
		{[]*Ledger{serve, bench, calib}, 65536, 8, calib, 0.26, false},
		{[]*Ledger{calib, serve, bench}, 65536, 8, calib, 0.26, false},
	} {
		e, err := Price(tc.ledgers, tc.step, tc.seats, 0)
		if err != nil {
			t.Fatal(err)
		}
		if e.Measured != tc.want || e.Backed != tc.backed || e.MayBack != tc.backed {
			t.Errorf("%d x %d: measured %v, backed %v/%v", tc.step, tc.seats, e.Measured, e.Backed, e.MayBack)
		}
		if tc.want != nil && (e.Sessions != tc.sessions || len(e.Basis) != 1 || e.Basis[0] != tc.want.File ||
			!strings.Contains(e.Text(), "measured: "+tc.want.File+" booted this shape")) {
			t.Errorf("%d x %d: sessions %v, basis %v, text:\n%s", tc.step, tc.seats, e.Sessions, e.Basis, e.Text())
		}
	}
}

// The base is the started boot with the same seats at the nearest step: a
// refused boot given first is not the base, and the order given does not
// change the estimate.
func TestPriceBase(t *testing.T) {
	serve, bench, calib := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_bench.log"), load(t, "qwen38_bf16_calib.log")
	a, err := Price([]*Ledger{calib, serve, bench}, 8192, 8, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Price([]*Ledger{bench, serve, calib}, 8192, 8, 0)
	if err != nil {
		t.Fatal(err)
	}
	if a.Base != serve || b.Base != serve || a.ClaimableMiB != b.ClaimableMiB || a.Sessions != b.Sessions {
		t.Errorf("bases %s, %s; claimable %v, %v", a.Base.File, b.Base.File, a.ClaimableMiB, b.ClaimableMiB)
	}
	// The refused calib boot still gives the fit its point.
	if len(a.Fit.Points) != 3 {
		t.Errorf("fit points = %v", a.Fit.Points)
	}
	// Only refused boots: nothing to start from.
	if _, err := Price([]*Ledger{calib}, 8192, 8, 0); err == nil || !strings.Contains(err.Error(), "no ledger of a started boot") {
		t.Errorf("refused only: error = %v", err)
	}
}

// The window is the mode's when given: sessions are counted at it.
func TestPriceWindow(t *testing.T) {
	serve, bench := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_bench.log")
	full, err := Price([]*Ledger{serve, bench}, 36864, 8, 0)
	if err != nil {
		t.Fatal(err)
	}
	short, err := Price([]*Ledger{serve, bench}, 36864, 8, 8192)
	if err != nil {
		t.Fatal(err)
	}
	if short.MaxModelLen != 8192 || short.KVTokens != full.KVTokens || !near(short.Sessions, full.Sessions*4, 1e-9) {
		t.Errorf("window %d: tokens %v (%v), sessions %v (%v)", short.MaxModelLen, short.KVTokens, full.KVTokens, short.Sessions, full.Sessions)
	}
}

func TestPriceChangedSeats(t *testing.T) {
	serve, bench := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_bench.log")
	// 16 seats: bench, which booted with them, is the base.
	e, err := Price([]*Ledger{serve, bench}, 8192, 16, 0)
	if err != nil {
		t.Fatal(err)
	}
	b := (10905.6 - 504) / 64512
	want := 17254.4 - b*(8192-65536)
	if e.Base != bench || !near(e.ClaimableMiB, want, 1e-6) || e.RuntimeFrom != bench.File {
		t.Errorf("base %s, claimable %v (want %v), runtime from %s", e.Base.File, e.ClaimableMiB, want, e.RuntimeFrom)
	}
	// 16 seats priced from serve alone is a change of seats: bench gives
	// the runtime.
	serveOnly := *serve
	serveOnly.File = "s2.log"
	serveOnly.Flags = map[string]string{"--max-model-len": "32768", "--max-num-batched-tokens": "2048"}
	serveOnly.ArenaStep = Value{V: 2048, OK: true}
	serveOnly.Arena = Value{V: 504 + b*1024, OK: true}
	e, err = Price([]*Ledger{serve, &serveOnly}, 8192, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if e.Base != &serveOnly {
		t.Errorf("base %s, want the nearer step", e.Base.File)
	}
	_, err = Price([]*Ledger{serve, bench}, 8192, 12, 0)
	if err == nil || !strings.Contains(err.Error(), "the runtime for 12 seats is unknown") {
		t.Errorf("12 seats: error = %v", err)
	}
}

func TestPriceNotes(t *testing.T) {
	serve, calib, trunc := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_calib.log"), load(t, "truncated.log")
	e, err := Price([]*Ledger{serve, calib, {File: "bare.log"}}, 131072, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(e.Notes, "\n")
	for _, want := range []string{
		"left out of the fit: bare.log: no activation arena row",
		"step 131,072 is outside the measured steps 1,024 to 65,536: the arena is extrapolated",
		"the ledgers also differ in --ngram-placement; the estimate assumes",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if strings.Join(e.Basis, ",") != serve.File+","+calib.File {
		t.Errorf("basis = %v", e.Basis)
	}
	// A ledger lacking what the estimate starts from is passed over, and
	// named when no other can be the base.
	_, err = Price([]*Ledger{trunc}, 8192, 0, 0)
	if err == nil || !strings.Contains(err.Error(), "truncated.log: lacks vram_kv, vram_kv tokens") {
		t.Errorf("error = %v", err)
	}
	odd := *serve
	odd.Flags = map[string]string{"--max-num-seqs": "8.5", "--max-model-len": "32768"}
	odd.RuntimeSeats = Value{}
	_, err = Price([]*Ledger{&odd}, 8192, 0, 0)
	if err == nil || !strings.Contains(err.Error(), "figures that cannot be priced from: 205127 KV tokens, 8.5 seats, a window of 32768 tokens") {
		t.Errorf("fractional seats: error = %v", err)
	}
	if _, err := Price(nil, 8192, 0, 0); err == nil {
		t.Error("no ledgers: no error")
	}
	if _, err := Price([]*Ledger{serve}, 0, 0, 0); err == nil {
		t.Error("step 0: no error")
	}
}
