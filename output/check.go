package output

// Check compares dir with the set files of prefix without writing, as
// `assertgen gen -check` does. It returns a line for each file that is
// stale (missing or different; see Stale), obsolete (see Obsolete) or
// left by an interrupted Write (see Interrupted). Each line tells the fix.
// No line means dir holds exactly the set.
func Check(dir, prefix string, files []File) ([]string, error) {
	stale, err := Stale(dir, files)
	if err != nil {
		return nil, err
	}
	obsolete, err := Obsolete(dir, prefix, files)
	if err != nil {
		return nil, err
	}
	interrupted, err := Interrupted(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, s := range stale {
		out = append(out, s+": stale; run assertgen gen")
	}
	for _, s := range obsolete {
		out = append(out, s+": obsolete; run assertgen gen")
	}
	for _, s := range interrupted {
		out = append(out, s+": left by an interrupted run; run assertgen gen")
	}
	return out, nil
}
