package pool

//go:generate go tool assertgen gen
