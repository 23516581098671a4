package q

import (
	"fmt"

	"example.com/callers/p"
)

// I is the interface q calls M through.
type I interface{ M() }

// Outer has T's methods, promoted.
type Outer struct{ p.T }

var _ p.Exported

// Run calls p's names.
func Run(i I) {
	r := p.Used()
	fmt.Println(r)
	i.M()
	Run(Outer{})
}
