package asserts

import "github.com/assertgen/assertgen/asserts/checks"

// The checks' vocabulary under its former names in this package: each is
// an alias of the name in package asserts/checks, which plans, allowlists
// and generated code use. They stay for users' code; CHANGELOG.md says
// until when.

// Check is checks.Check.
//
// Deprecated: use [checks.Check].
type Check = checks.Check

// CheckSet is checks.Set.
//
// Deprecated: use [checks.Set].
type CheckSet = checks.Set

// Policy is checks.Policy.
//
// Deprecated: use [checks.Policy].
type Policy = checks.Policy

// Reason is checks.Reason.
//
// Deprecated: use [checks.Reason].
type Reason = checks.Reason

// TestingT is what [Testing] takes: the two methods of testing.TB it uses.
//
// Deprecated: pass the *testing.T (or anything with these methods) to
// [Testing]; nothing else takes a TestingT.
type TestingT = interface {
	Helper()
	Errorf(format string, args ...any)
}

// The checks, under their former names.
//
// Deprecated: use the constant of package checks without the Check prefix
// (CheckSameImpl is [checks.SameImpl]).
const (
	CheckSameImpl            = checks.SameImpl
	CheckSameStorage         = checks.SameStorage
	CheckImplUseCountLE1     = checks.ImplUseCountLE1
	CheckStorageUseCountEq1  = checks.StorageUseCountEq1
	CheckSharesStorage       = checks.SharesStorage
	CheckFreshOrAlias        = checks.FreshOrAlias
	CheckReturnsArg          = checks.ReturnsArg
	CheckNoMutation          = checks.NoMutation
	CheckDistinctOutputs     = checks.DistinctOutputs
	CheckBindingContext      = checks.BindingContext
	CheckFreshNoAlias        = checks.FreshNoAlias
	CheckSameContent         = checks.SameContent
	CheckImplUseCountEqFresh = checks.ImplUseCountEqFresh
	CheckFreshNotHeld        = checks.FreshNotHeld
	CheckSameMetadata        = checks.SameMetadata
	CheckNotArgHandle        = checks.NotArgHandle
)

// The sizes of the vocabulary, under their former names.
//
// Deprecated: use [checks.NumChecks], [checks.NumPlanChecks] and
// [checks.NumReasons].
const (
	NumChecks     = checks.NumChecks
	NumPlanChecks = checks.NumPlanChecks
	NumReasons    = checks.NumReasons
)

// AllChecks holds every check.
//
// Deprecated: use [checks.All].
const AllChecks = checks.All

// The skip policies, under their former names.
//
// Deprecated: use [checks.Strict], [checks.PyTorch] and [checks.PyTorch113].
const (
	Strict     = checks.Strict
	PyTorch    = checks.PyTorch
	PyTorch113 = checks.PyTorch113
)

// The reasons a check is skipped, under their former names.
//
// Deprecated: use the constant of the same name in package checks
// (ReasonMeta is [checks.ReasonMeta]).
const (
	ReasonAbsent             = checks.ReasonAbsent
	ReasonAliasesMutable     = checks.ReasonAliasesMutable
	ReasonConcurrentWrite    = checks.ReasonConcurrentWrite
	ReasonContentOff         = checks.ReasonContentOff
	ReasonCounted            = checks.ReasonCounted
	ReasonDirectSubclass     = checks.ReasonDirectSubclass
	ReasonFunctional         = checks.ReasonFunctional
	ReasonHiddenStorageRefs  = checks.ReasonHiddenStorageRefs
	ReasonMeta               = checks.ReasonMeta
	ReasonModeActive         = checks.ReasonModeActive
	ReasonNoAnchor           = checks.ReasonNoAnchor
	ReasonNoBinding          = checks.ReasonNoBinding
	ReasonNoContent          = checks.ReasonNoContent
	ReasonNoEnv              = checks.ReasonNoEnv
	ReasonNoMetadata         = checks.ReasonNoMetadata
	ReasonNoStorage          = checks.ReasonNoStorage
	ReasonNoUseCounts        = checks.ReasonNoUseCounts
	ReasonNoVersion          = checks.ReasonNoVersion
	ReasonPlan               = checks.ReasonPlan
	ReasonUndefined          = checks.ReasonUndefined
	ReasonWrapperPropagating = checks.ReasonWrapperPropagating
	ReasonWrapperStub        = checks.ReasonWrapperStub
)

// ParseCheck returns the check of a name ("same_impl").
//
// Deprecated: use [checks.Parse].
func ParseCheck(name string) (Check, bool) { return checks.Parse(name) }

// ParsePolicy returns the skip policy of a name ("strict").
//
// Deprecated: use [checks.ParsePolicy].
func ParsePolicy(name string) (Policy, bool) { return checks.ParsePolicy(name) }

// SetOf returns the set of the checks ks.
//
// Deprecated: use [checks.SetOf].
func SetOf(ks ...Check) CheckSet { return checks.SetOf(ks...) }
