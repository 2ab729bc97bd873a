package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The language server lints for hours: a ledger rewritten since it was
// read is read again, not served from the cache.
func TestLoadLedgersRereadsChanged(t *testing.T) {
	src, err := os.ReadFile("../examples/ledgers/qwen38_bf16_serve.log")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "serve.log")
	if err := os.WriteFile(p, src, 0o644); err != nil {
		t.Fatal(err)
	}
	ls, err := loadLedgers(p)
	if err != nil || len(ls) != 1 || ls[0].WeightsVRAM.V != 25200.64 {
		t.Fatalf("first read: %v, %v", ls, err)
	}
	changed := strings.Replace(string(src), "vram 24.61 GiB", "vram 14.16 GiB", 1)
	if err := os.WriteFile(p, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	// The same size: the modification time tells the change.
	later := time.Now().Add(2 * time.Second)
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	ls, err = loadLedgers(p)
	if err != nil || len(ls) != 1 || ls[0].WeightsVRAM.V != 14499.84 {
		t.Fatalf("after the rewrite: weights %v, %v", ls[0].WeightsVRAM, err)
	}
}
