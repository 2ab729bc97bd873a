package ledger

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func runLedger(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := RunLedger(args, &out, &errb)
	return code, out.String(), errb.String()
}

func runPrice(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := RunPrice(args, &out, &errb)
	return code, out.String(), errb.String()
}

const (
	serveLog = testdata + "qwen38_bf16_serve.log"
	benchLog = testdata + "qwen38_bf16_bench.log"
	calibLog = testdata + "qwen38_bf16_calib.log"
)

func TestRunLedgerText(t *testing.T) {
	code, out, errs := runLedger(serveLog, calibLog)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "8 x 32768 not backed: vram_kv 271.25 MiB is 0.26 full-length sessions") {
		t.Errorf("no refusal sentence in\n%s", out)
	}
	// Flags may come after the files.
	code, out2, _ := runLedger(serveLog, "--format", "text", calibLog)
	if code != 0 || out2 != out {
		t.Errorf("interspersed flags: exit %d, output differs:\n%s", code, out2)
	}
}

func TestRunLedgerJSON(t *testing.T) {
	code, out, errs := runLedger("--format=json", serveLog, testdata+"truncated.log")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 2 {
		t.Fatalf("%v: %s", err, out)
	}
	if got[0]["file"] != serveLog || got[1]["vram_kv_mib"] != nil {
		t.Errorf("got %v", got)
	}
	// Notes go to stderr so stdout stays JSON.
	if !strings.Contains(errs, "servelint ledger: note: "+testdata+"truncated.log") {
		t.Errorf("stderr = %q", errs)
	}
}

func TestRunLedgerUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		out  string // on stdout
		err  string // on stderr
	}{
		{[]string{"-h"}, 0, "usage: servelint ledger", ""},
		{[]string{"--help"}, 0, "usage: servelint ledger", ""},
		{nil, 2, "", "servelint ledger: no ledger given"},
		{[]string{"--bogus", serveLog}, 2, "", "flag provided but not defined: -bogus"},
		{[]string{"--format=xml", serveLog}, 2, "", `unknown format "xml"`},
		{[]string{serveLog, testdata + "missing.log"}, 3, "", "servelint ledger: open " + testdata + "missing.log: no such file"},
		{[]string{testdata + "empty.log"}, 3, "", "servelint ledger: " + testdata + "empty.log: empty ledger"},
		{[]string{testdata + "not_a_ledger.log"}, 3, "", testdata + "not_a_ledger.log: not a boot ledger"},
		{[]string{"--", "--format=json"}, 3, "", "open --format=json"},
		{[]string{serveLog, ""}, 2, "", `servelint ledger: an empty path ("") names no ledger`},
	} {
		code, out, errs := runLedger(tc.args...)
		if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errs, tc.err) {
			t.Errorf("ledger %q: exit %d (want %d)\nstdout %q (want %q)\nstderr %q (want %q)", tc.args, code, tc.code, out, tc.out, errs, tc.err)
		}
		if tc.code != 0 && out != "" {
			t.Errorf("ledger %q: failed but printed %q", tc.args, out)
		}
	}
}

func TestRunPrice(t *testing.T) {
	code, out, errs := runPrice("--ledger", serveLog, "--ledger", benchLog, "--max-num-batched-tokens", "8,192")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "a = 338.90 MiB") || !strings.Contains(out, "yes (64% backing") {
		t.Errorf("output:\n%s", out)
	}
	code, out, errs = runPrice("--format=json", "--ledger="+serveLog, "--ledger="+benchLog, "--max-num-batched-tokens=65536", "--max-num-seqs=8")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got["backed"] != false || got["backed_if_weights_move"] != true || got["max_num_batched_tokens"] != 65536.0 || got["arena_mib"] != 10905.6 {
		t.Errorf("got %v", got)
	}
	code, out, errs = runPrice("--format=json", "--ledger="+serveLog, "--ledger="+benchLog, "--max-num-batched-tokens=131072", "--max-num-seqs=8")
	if code != 0 || !strings.Contains(out, `"backed_if_weights_move": false`) || !strings.Contains(errs, "servelint price: note: claimable") {
		t.Errorf("exit %d, stdout %s, stderr %q", code, out, errs)
	}
	code, out, _ = runPrice("--ledger", serveLog, "--ledger", benchLog, "--max-num-batched-tokens", "65536", "--max-num-seqs", "16", "--max-model-len", "32768")
	if code != 0 || !strings.Contains(out, "measured: "+benchLog+" booted this shape (started)") {
		t.Errorf("exit %d, stdout:\n%s", code, out)
	}
}

func TestRunPriceUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		out  string
		err  string
	}{
		{[]string{"-h"}, 0, "usage: servelint price", ""},
		{[]string{"--max-num-batched-tokens", "8192"}, 2, "", "no --ledger given"},
		{[]string{"--ledger", serveLog, "--ledger", benchLog}, 2, "", "--max-num-batched-tokens is required"},
		{[]string{"--ledger", serveLog, "--max-num-batched-tokens", "lots"}, 2, "", `--max-num-batched-tokens: "lots" is not a number`},
		{[]string{"--ledger", serveLog, "--max-num-batched-tokens", "0"}, 2, "", "not a positive whole number"},
		{[]string{"--ledger", serveLog, "--max-num-batched-tokens", "8192", "--max-num-seqs", "2.5"}, 2, "", "--max-num-seqs: 2.5 is not a positive whole number"},
		{[]string{"--ledger", serveLog, "--max-num-batched-tokens", "8192", "--format", "yaml"}, 2, "", `unknown format "yaml"`},
		{[]string{"--ledger", serveLog, "--max-num-batched-tokens", "8192", benchLog}, 2, "", "unexpected argument"},
		{[]string{"--ledger", "", "--max-num-batched-tokens", "8192"}, 2, "", "empty file name"},
		{[]string{"--ledger", serveLog, "--max-num-batched-tokens", "8192"}, 3, "", "servelint price: the slope of the arena is unknown"},
		{[]string{"--ledger", testdata + "empty.log", "--ledger", serveLog, "--max-num-batched-tokens", "8192"}, 3, "", "empty.log: empty ledger"},
		{[]string{"--ledger", testdata + "truncated.log", "--max-num-batched-tokens", "8192"}, 3, "", "truncated.log: lacks"},
		{[]string{"--ledger", serveLog, "--max-num-batched-tokens", "8192", "--max-model-len", "-1"}, 2, "", `--max-model-len: "-1" is not a number`},
	} {
		code, out, errs := runPrice(tc.args...)
		if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errs, tc.err) {
			t.Errorf("price %q: exit %d (want %d)\nstdout %q (want %q)\nstderr %q (want %q)", tc.args, code, tc.code, out, tc.out, errs, tc.err)
		}
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("pipe closed") }

func TestRunWriteFailure(t *testing.T) {
	var errb bytes.Buffer
	if code := RunLedger([]string{serveLog}, failWriter{}, &errb); code != 3 || !strings.Contains(errb.String(), "pipe closed") {
		t.Errorf("ledger: exit %d, stderr %q", code, errb.String())
	}
	errb.Reset()
	if code := RunPrice([]string{"--ledger", serveLog, "--ledger", benchLog, "--max-num-batched-tokens", "8192"}, failWriter{}, &errb); code != 3 || !strings.Contains(errb.String(), "pipe closed") {
		t.Errorf("price: exit %d, stderr %q", code, errb.String())
	}
}
