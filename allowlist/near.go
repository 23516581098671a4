package allowlist

// Near returns the candidates close enough to s to be a typo of it, nearest
// first, by the rule the allowlist lint uses for op names (at most 1 edit
// for short names, up to 3 for long ones). It serves the "did you mean"
// of other inputs (config keys, type names) so that every message suggests
// by one rule.
func Near(s string, cands []string) []string { return near(s, cands) }
