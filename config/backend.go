package config

import (
	"fmt"

	"github.com/assertgen/assertgen/schema"
)

// checkBackend checks every op name of the backend b against s, symint and
// ir_gen too, as torchgen does ("Found an invalid operator name"). Unlike
// torchgen, it reports all of them, at path:line:col, with the closest
// names of s.
func checkBackend(b *schema.Backend, s *schema.Schema) error {
	names := make(map[string]bool, len(s.Ops))
	for _, o := range s.Ops {
		names[o.Name] = true
	}
	var errs schema.ErrorList
	var all *schema.OpList // made at the first name that is no op
	for _, list := range []struct {
		key string
		ops []schema.BackendOp
	}{{"supported", b.Supported}, {"autograd", b.Autograd}, {"full_codegen", b.FullCodegen}, {"symint", b.SymInt}, {"ir_gen", b.IRGen}} {
		for _, op := range list.ops {
			if names[op.Name] {
				continue
			}
			if all == nil {
				all = s.OpList()
			}
			msg, _ := all.SelectsNone(op.Name, true)
			errs.Addf(op.Pos, "%s: %s", list.key, msg)
		}
	}
	return errs.Err()
}

// BackendOps checks the backend b against s. It returns the names of its
// ops that c's ops list selects, in file order; all of them when the list
// is empty. An entry of the list that selects no op of the backend is an
// error at its position.
func (c *Config) BackendOps(b *schema.Backend, s *schema.Schema) ([]string, error) {
	if err := checkBackend(b, s); err != nil {
		return nil, err
	}
	if err := b.CheckKeys(s); err != nil {
		return nil, err
	}
	var out []string
	hit := make([]bool, len(c.Ops))
	for _, op := range b.Ops() {
		if len(c.Ops) == 0 {
			out = append(out, op.Name)
			continue
		}
		name, err := schema.ParseOperatorName(op.Name)
		if err != nil {
			continue // checkBackend reported it
		}
		for i, text := range c.Ops {
			if sel, err := schema.ParseSelector(text); err == nil && sel.Matches(name) {
				hit[i] = true
				out = append(out, op.Name)
				break
			}
		}
	}
	var errs schema.ErrorList
	for i, pat := range c.Ops {
		if !hit[i] {
			errs = append(errs, c.Errorf(fmt.Sprintf("ops.%d", i), "%q selects no op of the backend %s", pat, b.Path))
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: the backend lists no op with a kernel (supported, full_codegen, autograd)", b.Path)
	}
	return out, nil
}
