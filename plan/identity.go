package plan

import "fmt"

// Identity is the identity kind of a runtime. It says where the wrappers
// of a plan read a tensor's identities from, and whether they read use
// counts. It is decided once, from the config's use_counts and memory
// (config.Config.Identity). The plan carries it (Plan.Identity), and the
// generator reads it to pick the snapshot entries of the kind. Its zero
// value is Counted.
//
// How a tensor is held is a property of its Go type, not a kind. Each of
// these types is held in one of the kinds:
//   - an interface type: asserts.Tensor without a type map, or the
//     runtime's own interface;
//   - a generic type (type_params:);
//   - a library's type with its kernels bound in the config (bind:).
type Identity uint8

const (
	// Counted: the tensor type has identities and use counts of its own
	// (asserts.Tensor). The default.
	Counted Identity = iota
	// OwnIDs: the tensor type has identities of its own and no use counts
	// (asserts.Identity; use_counts: false), as in a garbage-collected
	// runtime. Each fresh return gets a fresh_not_held row.
	OwnIDs
	// Memory: the tensor type has no identities of its own. The handle and
	// the memory a function of the config gives (memory:, asserts.Memory)
	// stand for them. There are no use counts.
	Memory

	numIdentities
)

var identityNames = [numIdentities]string{Counted: "counted", OwnIDs: "own_ids", Memory: "memory"}

// String is the kind's name in the plan's JSON: counted, own_ids or
// memory.
func (k Identity) String() string {
	if k < numIdentities {
		return identityNames[k]
	}
	return fmt.Sprintf("Identity(%d)", uint8(k))
}

// UseCounts reports whether the kind reads use counts: only Counted does.
// A plan of a kind without them plans fresh_not_held rows, and its
// use-count rows are skipped at run time under no_use_counts.
func (k Identity) UseCounts() bool { return k == Counted }

// MarshalText writes the kind's name.
func (k Identity) MarshalText() ([]byte, error) {
	if k >= numIdentities {
		return nil, fmt.Errorf("unknown identity kind %d", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name (see Identity.String).
func (k *Identity) UnmarshalText(b []byte) error {
	for v, n := range identityNames {
		if n == string(b) {
			*k = Identity(v)
			return nil
		}
	}
	return fmt.Errorf("unknown identity kind %q (want counted, own_ids or memory)", b)
}
