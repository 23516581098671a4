// Package findings holds a repro test for each gorgonia behaviour that the
// checks found breaking a PyTorch op's contract (README.md, "Findings"):
// each test shows the behaviour on gorgonia's own API, and that the
// binding in package ops now keeps the contract.
package findings
