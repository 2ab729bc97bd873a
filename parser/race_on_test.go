//go:build race

package parser

// raceFactor stretches the bounds of the scale tests under the race
// detector, which runs this code 5-10x slower: they guard against
// quadratic blow-ups (tens of seconds), not against a constant factor.
const raceFactor = 8
