package q_test

import (
	"testing"

	"example.com/callers/p"
)

func TestOther(t *testing.T) { p.CalledByOtherTest() }
