package asserts

import (
	"os"
	"strings"
	"sync"

	"github.com/assertgen/assertgen/internal/shared"
)

// Contents is the optional contract of runtimes that can read a tensor's
// bytes. The same_content check uses it; for tensors that do not implement
// it (or cannot be read), same_content is skipped with reason
// no_content_access.
type Contents interface {
	// ContentDigest returns a digest of the bytes the tensor can reach:
	// the range of its storage that its sizes, strides and offset cover
	// (every byte of that range, not only the elements: a write into a gap
	// of a strided view may still be a write into another view's element).
	// Equal bytes must give equal digests; a change of any byte should
	// change the digest (a 64-bit hash such as FNV-1a or maphash). ok is
	// false when the bytes cannot be read: an undefined tensor, a tensor
	// without storage, a meta-device tensor, a storage the runtime cannot
	// map into memory.
	ContentDigest() (digest uint64, ok bool)
}

func init() {
	SetContentCheckFrom(os.Getenv("ASSERTGEN_CONTENT"))
}

// contentMu serializes the writers of the switch.
var contentMu sync.Mutex

// SetContentCheck switches the same_content check on or off for every op
// and returns whether it was on for every op before. It is off by default:
// the check reads every byte each argument the schema does not mark as
// written can reach, before and after the kernel, which costs time in
// proportion to the bytes. While it is off, each same_content row of a
// call is counted as skipped with reason content_check_off and takes no
// digest.
//
// The environment variable ASSERTGEN_CONTENT sets it when the program
// starts (see [SetContentCheckFrom]).
func SetContentCheck(on bool) (prev bool) {
	contentMu.Lock()
	defer contentMu.Unlock()
	prev = shared.ContentMode.Load() == shared.ContentAll
	shared.ContentOps.Store(nil)
	if on {
		shared.ContentMode.Store(shared.ContentAll)
	} else {
		shared.ContentMode.Store(shared.ContentOff)
	}
	return prev
}

// SetContentCheckOps switches the same_content check on for the named ops
// only, and off for the others. A name is an op's full name
// ("add.Tensor", see wrap.Op.FullName) or its base name ("add_", every
// overload). No names switches the check off.
func SetContentCheckOps(names ...string) {
	contentMu.Lock()
	defer contentMu.Unlock()
	if len(names) == 0 {
		shared.ContentOps.Store(nil)
		shared.ContentMode.Store(shared.ContentOff)
		return
	}
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	shared.ContentOps.Store(&m)
	shared.ContentMode.Store(shared.ContentSome)
}

// SetContentCheckFrom sets the switch from the value of ASSERTGEN_CONTENT:
// "on", "1", "true" or "all" switch the check on for every op; "",
// "off", "0" or "false" switch it off; anything else is a comma-separated
// list of op names for [SetContentCheckOps] (e.g.
// "add.Tensor,rrelu_with_noise_"; spaces around names are ignored).
func SetContentCheckFrom(v string) {
	switch strings.TrimSpace(v) {
	case "", "off", "0", "false":
		SetContentCheck(false)
		return
	case "on", "1", "true", "all":
		SetContentCheck(true)
		return
	}
	var names []string
	for _, n := range strings.Split(v, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	SetContentCheckOps(names...)
}
