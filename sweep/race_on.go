//go:build race

package sweep

// raceEnabled: the binary is built with -race, and a worker marks each
// step's start on its stderr too, where the race detector's reports go,
// so that the master tells the step a report is of.
const raceEnabled = true
