//go:build !race

package parser

// raceFactor stretches the bounds of the scale tests under the race
// detector (race_on_test.go); without it they are as written.
const raceFactor = 1
