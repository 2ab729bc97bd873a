package parser

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestEnvScaleAdhoc(t *testing.T) {
	var sb strings.Builder
	for i := 0; i < 50000; i++ {
		fmt.Fprintf(&sb, "KEY_%d=${KEY_%d}x\n", i, max(i-1, 0))
	}
	for name, src := range map[string]string{
		"errors":  strings.Repeat("A='\n", 250000),
		"refs":    sb.String(),
		"plain":   strings.Repeat("A=1\n", 250000),
		"crlf":    strings.Repeat("A=\"1\r\n2\"\r\n", 100000),
		"bomline": "\xEF\xBB\xBF" + strings.Repeat("x ", 500000),
	} {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		st := time.Now()
		f := ParseEnv("x", []byte(src))
		for _, e := range f.Entries {
			e.Portable(f)
			e.Disagreement(AllReaders)
			f.Defs(e.Key)
		}
		runtime.ReadMemStats(&m1)
		t.Logf("%s: %d bytes, %d entries, %v, alloc %d MB, bashErr %v", name, len(src), len(f.Entries), time.Since(st), (m1.TotalAlloc-m0.TotalAlloc)>>20, f.BashErr)
	}
}
