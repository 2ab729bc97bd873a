package ledger

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/servelint/servelint/internal/lazyre"
)

// numberPattern matches a number-like token: digits, commas between digits,
// an optional decimal part. parseNumber then checks the separators.
const numberPattern = `[0-9](?:[0-9,]*[0-9])?(?:\.[0-9]+)?`

// numberRE is a decimal number, either plain or with comma thousands
// separators in groups of three.
var numberRE = lazyre.New(`^(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?$`)

// sizeRE is the start of a size: a number-like token and an optional unit.
var sizeRE = lazyre.New(`^\s*(` + numberPattern + `)\s*([A-Za-z]*)`)

// unitMiB is the size of each accepted unit in MiB (keys lower case).
var unitMiB = map[string]float64{
	"b":     1.0 / (1 << 20),
	"byte":  1.0 / (1 << 20),
	"bytes": 1.0 / (1 << 20),
	"kib":   1.0 / (1 << 10),
	"mib":   1,
	"gib":   1 << 10,
	"tib":   1 << 20,
}

// parseNumber reads a non-negative decimal number such as "65536", "65,536"
// or "10.65".
func parseNumber(s string) (float64, error) {
	if !numberRE.MatchString(s) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
}

// parseSize reads the size at the start of s ("10.65 GiB", "1,024KiB",
// "0 B") and returns it in MiB. Decimal units (KB, MB, GB) are refused: which
// of 1000 or 1024 they mean would be a guess.
func parseSize(s string) (float64, error) {
	m := sizeRE.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("no size in %q", clip(s))
	}
	n, err := parseNumber(m[1])
	if err != nil {
		return 0, err
	}
	if m[2] == "" {
		return 0, fmt.Errorf("size %s has no unit", m[1])
	}
	f, ok := unitMiB[strings.ToLower(m[2])]
	if !ok {
		return 0, fmt.Errorf("unit %q of %s is not one of B, KiB, MiB, GiB, TiB", m[2], m[1])
	}
	if mib := n * f; !math.IsInf(mib, 0) {
		return mib, nil
	}
	return 0, fmt.Errorf("size %s %s is out of range", clip(m[1]), m[2])
}

// countIn reads the number captured by the first group of re in s. A match
// that is not a number is an error; no match is an unset Value and no error.
func countIn(re lazyre.RE, s string) (Value, error) {
	m := re.FindStringSubmatch(s)
	if m == nil {
		return Value{}, nil
	}
	n, err := parseNumber(m[1])
	if err != nil {
		return Value{}, err
	}
	return Value{V: n, OK: true}, nil
}

// formatSize renders a size given in MiB the way the engine prints it: GiB
// from 1 GiB up, MiB from 1 MiB up, then KiB and B, two decimals.
func formatSize(mib float64) string {
	a := math.Abs(mib)
	switch {
	case a >= 1<<10:
		return strconv.FormatFloat(mib/(1<<10), 'f', 2, 64) + " GiB"
	case a >= 1:
		return strconv.FormatFloat(mib, 'f', 2, 64) + " MiB"
	case a*(1<<10) >= 1:
		return strconv.FormatFloat(mib*(1<<10), 'f', 2, 64) + " KiB"
	default:
		return strconv.FormatFloat(mib*(1<<20), 'f', 0, 64) + " B"
	}
}

// formatMiB renders a size in MiB with thousands separators and two decimals,
// for arithmetic a reader can check.
func formatMiB(mib float64) string {
	return group(strconv.FormatFloat(mib, 'f', 2, 64)) + " MiB"
}

// formatCount renders a whole number with thousands separators.
func formatCount(n float64) string {
	return group(strconv.FormatFloat(math.Round(n), 'f', 0, 64))
}

// formatPlain renders a number as the engine does in a shape ("8 x 32768"):
// no separators, no trailing zeros.
func formatPlain(n float64) string {
	return strconv.FormatFloat(n, 'f', -1, 64)
}

// group inserts comma thousands separators into the integer part of a
// formatted number.
func group(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if hasFrac {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return sign + b.String()
}

// clip shortens s for quoting in a message, cutting between runes.
func clip(s string) string {
	const limit = 40
	if len(s) <= limit {
		return s
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
