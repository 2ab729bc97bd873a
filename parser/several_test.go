package parser

import (
	"testing"
)

// A mode that may start two engines in one run, one in the background,
// has no one argv; alternatives in the branches of one if or case (also
// through a function called from one of them) are not two engines.
func TestSeveralEngines(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		mode      string
		want      int
	}{
		{"two in the background", `X=1
case "$1" in
  serve) vllm serve /m --port 8000 & ;;
  kl) vllm serve /m --port 8001 & vllm serve /ref --port 8002 & ;;
esac
wait
`, "kl", 2},
		{"one each", `case "$1" in
  serve) vllm serve /m --port 8000 & ;;
  kl) vllm serve /m --port 8001 & ;;
esac
wait
`, "kl", 0},
		{"detach or exec", `mode=$1
if [ "$DETACH" = 1 ]; then
  nohup vllm serve /m --port 8000 &
else
  exec vllm serve /m --port 8000
fi
`, "", 0},
		{"through functions", `bg() { nohup vllm serve /m --port "$PORT" & }
fg() { exec vllm serve /m --port "$PORT"; }
PORT=8000
case "$1" in serve) ;; kl) PORT=9000 ;; esac
if [ "$DETACH" = 1 ]; then bg; else fg; fi
`, "kl", 0},
		{"three servers", `gen() { vllm serve /m --port "$1" & }
emb() { vllm serve /e --task embed --port "$1" & }
case "$1" in
  serve) gen 8000; emb 8001 ;;
  kl) gen 9000 ;;
esac
wait
`, "serve", 2},
		{"foreground only", `PORT=8000
case "$1" in serve) ;; kl) PORT=9000 ;; esac
vllm serve /ref --port 8002
exec vllm serve /m --port "$PORT"
`, "kl", 0},
	} {
		s := ParseScript("s.sh", []byte(tc.src))
		s.Analyze(RoleMatcher{})
		m := s.ModeNamed(tc.mode)
		if tc.mode == "" {
			m = &Mode{Name: "none"}
		} else if m == nil {
			t.Fatalf("%s: no mode %s (modes %v)", tc.name, tc.mode, s.Modes)
		}
		if got := len(s.SeveralEngines(m)); got != tc.want {
			t.Errorf("%s: SeveralEngines(%s) = %d invocations, want %d", tc.name, tc.mode, got, tc.want)
		}
	}
}
