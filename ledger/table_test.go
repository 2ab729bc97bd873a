package ledger

import (
	"encoding/json"
	"strings"
	"testing"
)

// tableLine returns the line of the table whose label is label.
func tableLine(t *testing.T, table, label string) string {
	t.Helper()
	for _, line := range strings.Split(table, "\n") {
		if strings.HasPrefix(line, label+"  ") {
			return line
		}
	}
	t.Fatalf("no %q row in\n%s", label, table)
	return ""
}

func TestFormatTableServeCalib(t *testing.T) {
	serve, calib := load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_calib.log")
	out := FormatTable([]*Ledger{serve, calib})

	// Rows come in the audit's order.
	order := []string{
		"--max-model-len", "--max-num-seqs", "--max-num-batched-tokens", "--host-pool-mib", "--tp",
		"--kv-cache-dtype", "--placement", "activation arena", "claimable", "weights: vram",
		"weights: on disk", "vram_kv", "full-length sessions", "expert prefetch", "boot",
	}
	last := -1
	for _, label := range order {
		i := strings.Index(out, "\n"+label+"  ")
		if i < 0 || i < last {
			t.Fatalf("row %q missing or out of order in\n%s", label, out)
		}
		last = i
	}

	for _, tc := range []struct {
		label, want string
	}{
		{"--max-num-seqs", "8  8"},
		{"--max-num-batched-tokens", "1024  * 65536"},
		{"--ngram-placement", "ram  * disk"},
		{"activation arena", "504.00 MiB (step 1,024)  * 10.65 GiB (step 65,536)"},
		{"runtime", "1.12 GiB (8 seats)  1.12 GiB (8 seats)"},
		{"claimable", "30.87 GiB  * 20.71 GiB"},
		{"weights: vram", "24.61 GiB  * 20.44 GiB"},
		{"weights: on disk", "45.58 GiB  * 49.75 GiB"},
		{"vram_kv", "6.26 GiB (205,127 tokens)  * 271.25 MiB (8,476 tokens)"},
		{"full-length sessions", "6.26 (8 x 32768, 78% backing)  * 0.26 (8 x 32768, 3% backing)"},
		{"expert prefetch", "0 B (no lender)  * missing"},
		{"boot", "started  * refused"},
	} {
		line := tableLine(t, out, tc.label)
		if got := strings.Join(strings.Fields(line[len(tc.label):]), " "); got != strings.Join(strings.Fields(tc.want), " ") {
			t.Errorf("row %s = %q, want %q", tc.label, got, tc.want)
		}
	}

	// Columns are aligned: every cell of the calib column starts at the
	// same offset as its header.
	header := strings.SplitN(out, "\n", 2)[0]
	col := strings.Index(header, calib.File)
	for _, label := range []string{"--tp", "claimable", "boot"} {
		line := tableLine(t, out, label)
		if len(line) <= col || line[col-1] != ' ' || line[col] == ' ' {
			t.Errorf("row %s is not aligned to column %d:\n%s\n%s", label, col, header, line)
		}
	}

	wantRefusal := calib.File + " was refused: 8 x 32768 not backed: vram_kv 271.25 MiB is 0.26 full-length sessions; the arena took 10.65 GiB.\n"
	if !strings.Contains(out, wantRefusal) {
		t.Errorf("no refusal sentence %q in\n%s", wantRefusal, out)
	}
	if !strings.Contains(out, "* differs from the first boot ("+serve.File+")") {
		t.Errorf("no legend in\n%s", out)
	}
	if strings.Count(out, " was refused: ") != 1 {
		t.Errorf("want exactly one refusal sentence in\n%s", out)
	}
}

func TestFormatTableSameBoots(t *testing.T) {
	serve, units := load(t, "qwen38_bf16_serve.log"), load(t, "units.log")
	out := FormatTable([]*Ledger{serve, units})
	// The same boot in other units: only the echoed step differs in
	// spelling ("1,024"), nothing else.
	if n := strings.Count(out, "* "); n != 2 {
		t.Errorf("%d marks, want 2 (the step and the legend) in\n%s", n, out)
	}
	if FormatTable(nil) != "" {
		t.Error("FormatTable(nil) is not empty")
	}
}

func TestFormatTableNotesAndMissing(t *testing.T) {
	out := FormatTable([]*Ledger{load(t, "truncated.log")})
	for label, want := range map[string]string{
		"vram_kv":              "missing",
		"full-length sessions": "missing",
		"claimable":            "30.87 GiB",
		"boot":                 "no outcome (truncated?)",
	} {
		if got := strings.TrimSpace(tableLine(t, out, label)[len(label):]); got != want {
			t.Errorf("row %s = %q, want %q", label, got, want)
		}
	}
	const note = "note: " + testdata + "truncated.log:18: vram_kv: size 6.2 has no unit; the row is left missing\n"
	if !strings.Contains(out, note) {
		t.Errorf("table lacks %q:\n%s", note, out)
	}
	if strings.Contains(out, "* ") {
		t.Errorf("a single boot has nothing to differ from:\n%s", out)
	}
}

func TestMarshalLedgers(t *testing.T) {
	data, err := MarshalLedgers([]*Ledger{load(t, "qwen38_bf16_serve.log"), load(t, "qwen38_bf16_calib.log"), load(t, "truncated.log")})
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("%v in\n%s", err, data)
	}
	if len(got) != 3 {
		t.Fatalf("%d objects, want 3", len(got))
	}
	keys := []string{"file", "flags", "arena_mib", "claimable_mib", "runtime_mib", "weights_vram_mib",
		"weights_disk_mib", "vram_kv_mib", "kv_tokens", "full_length_sessions", "refused", "refusal"}
	for i, obj := range got {
		if len(obj) != len(keys) {
			t.Errorf("object %d has keys %v, want exactly %v", i, obj, keys)
		}
		for _, k := range keys {
			if _, ok := obj[k]; !ok {
				t.Errorf("object %d lacks %q", i, k)
			}
		}
	}
	serve, calib, trunc := got[0], got[1], got[2]
	for k, want := range map[string]any{
		"file": testdata + "qwen38_bf16_serve.log", "arena_mib": 504.0, "claimable_mib": 31610.88,
		"runtime_mib": 1146.88, "weights_vram_mib": 25200.64, "weights_disk_mib": 46673.92,
		"vram_kv_mib": 6410.24, "kv_tokens": 205127.0, "full_length_sessions": 6.26,
		"refused": false, "refusal": "",
	} {
		if serve[k] != want {
			t.Errorf("serve %s = %v, want %v", k, serve[k], want)
		}
	}
	if flags, _ := serve["flags"].(map[string]any); flags["--max-num-seqs"] != "8" || len(flags) != 11 {
		t.Errorf("serve flags = %v", serve["flags"])
	}
	if calib["refused"] != true || calib["full_length_sessions"] != 0.26 || calib["arena_mib"] != 10905.6 ||
		!strings.HasSuffix(calib["refusal"].(string), "\nE startup stopped: out of memory") {
		t.Errorf("calib = %v", calib)
	}
	for _, k := range []string{"vram_kv_mib", "kv_tokens", "full_length_sessions"} {
		if v, ok := trunc[k]; !ok || v != nil {
			t.Errorf("truncated %s = %v, want null", k, v)
		}
	}
	if trunc["refused"] != false || trunc["claimable_mib"] != 31610.88 {
		t.Errorf("truncated = %v", trunc)
	}
	if data[len(data)-1] != '\n' {
		t.Error("output does not end with a newline")
	}
	empty, err := MarshalLedgers([]*Ledger{{File: "x"}})
	if err != nil || !strings.Contains(string(empty), `"flags": {}`) || !strings.Contains(string(empty), `"arena_mib": null`) {
		t.Errorf("zero ledger: %s, %v", empty, err)
	}
}

func TestFormatTableControlCharacters(t *testing.T) {
	l, err := Parse("tab\tname.log", strings.NewReader("I  --model a\tb\vc\nI vram_budget: claimable 1 GiB\n"))
	if err != nil {
		t.Fatal(err)
	}
	out := FormatTable([]*Ledger{l})
	if !strings.HasSuffix(strings.SplitN(out, "\n", 2)[0], " tab name.log") || !strings.HasSuffix(tableLine(t, out, "--model"), "  a b c") {
		t.Errorf("control characters not neutralised:\n%q", out)
	}
}

// A hostile ledger's C1 control (U+009B, a CSI) never reaches the table.
func TestTableNoC1(t *testing.T) {
	l := &Ledger{File: "x.log", Flags: map[string]string{"--model": "/m\u009b2J\x1b[2J"}, FlagOrder: []string{"--model"}}
	out := FormatTable([]*Ledger{l})
	if strings.ContainsAny(out, "\u009b\x1b") {
		t.Errorf("table holds a control character: %q", out)
	}
}
