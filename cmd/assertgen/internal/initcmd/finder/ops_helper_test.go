package finder

import "github.com/assertgen/assertgen/schema"

// Ops is OpsOf's ops alone.
func Ops(s *schema.Schema, tensor, elem string, forms ...Form) []*Op {
	ops, _ := OpsOf(s, tensor, elem, forms...)
	return ops
}
