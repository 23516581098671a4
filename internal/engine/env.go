package engine

import "github.com/assertgen/assertgen/asserts"

// loadEnv reads the registered Env into c, with the flags Save sets under
// it, and the write clock (see concurrent.go).
func (c *Call) loadEnv() {
	c.since = writeClock.Load()
	e := asserts.CurrentEnv()
	if e == nil {
		c.env, c.saved, c.bind = asserts.EnvState{}, fPending, bindNoEnv
		return
	}
	c.env = e.State()
	c.saved, c.bind = savedFlags(c.env), bindRun
}

func savedFlags(st asserts.EnvState) asserts.Traits {
	if st.ModeActive {
		return fPending | fMode
	}
	return fPending
}
