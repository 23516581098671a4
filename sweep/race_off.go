//go:build !race

package sweep

// raceEnabled: the binary is built with -race (race_on.go).
const raceEnabled = false
