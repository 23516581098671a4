package engine

import "github.com/assertgen/assertgen/asserts"

func savedFlags(st asserts.EnvState) asserts.Traits {
	if st.ModeActive {
		return fPending | fMode
	}
	return fPending
}
