package dep

// Neg returns -v.
func Neg(v float64) float64 { return -v }
