package ledger

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// FuzzParse checks that no input makes Parse, or what is built on its
// result, panic, and that what Parse returns is consistent.
func FuzzParse(f *testing.F) {
	for _, name := range []string{
		"qwen38_bf16_serve.log", "qwen38_bf16_bench.log", "qwen38_bf16_calib.log",
		"units.log", "reordered.log", "malformed_rows.log", "truncated.log",
	} {
		data, err := os.ReadFile(testdata + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("")
	f.Add("I  --max-num-seqs=8\nE vram_budget: 0.5 full-length sessions (1 x 2 worst case)\n")
	f.Add("I vram_budget: weights by tier: vram 1,0 GiB\nI vram_budget: vram_kv \u212a GiB")
	serve, err := ParseFile(testdata + "qwen38_bf16_serve.log")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in string) {
		l, err := Parse("fuzz.log", strings.NewReader(in))
		if err != nil {
			if l != nil || !strings.HasPrefix(err.Error(), "fuzz.log: ") {
				t.Fatalf("error %q (ledger %v): must name the file and return no ledger", err, l)
			}
			return
		}
		if l.File != "fuzz.log" || len(l.Flags) != len(l.FlagOrder) {
			t.Fatalf("file %q, flags %v, order %v", l.File, l.Flags, l.FlagOrder)
		}
		if l.Refused() != (len(l.Refusal) > 0) {
			t.Fatalf("refused %v with refusal lines %q", l.Refused(), l.Refusal)
		}
		if l.Refused() && l.Explain() == "" {
			t.Fatal("a refused boot without an explanation")
		}
		_ = FormatTable([]*Ledger{l, l})
		if _, err := MarshalLedgers([]*Ledger{l}); err != nil {
			t.Fatal(err)
		}
		for _, ls := range [][]*Ledger{{l, serve}, {serve, l}} {
			if e, err := Price(ls, 4096, 0, 0); err == nil {
				_ = e.Text()
				if _, err := json.Marshal(e); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
