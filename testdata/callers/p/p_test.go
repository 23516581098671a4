package p

import (
	"fmt"
	"testing"
)

func TestOnlyTested(t *testing.T) { OnlyTested(); Unused0() }

// Unused0 is declared by a test file: not checked.
func Unused0() {}

func ExampleShown() {
	Shown()
	fmt.Println("shown")
	// Output: shown
}
