// Package compat holds a snapshot of the API of assertgen's user
// packages (asserts, asserts/checks, asserts/assertstest, sweep): every
// exported name, used with its type. It builds only while each name is
// still there with the same kind and signature; TestPublicAPIHolds builds
// it against the current tree. Written by scripts/apisnapshot.go and
// frozen: it is written again only when CHANGELOG.md records a version
// whose removals are due.
package compat

import (
	asserts "github.com/assertgen/assertgen/asserts"
	assertstest "github.com/assertgen/assertgen/asserts/assertstest"
	checks "github.com/assertgen/assertgen/asserts/checks"
	funcschema "github.com/assertgen/assertgen/schema/funcschema"
	sweep "github.com/assertgen/assertgen/sweep"
	io "io"
	iter "iter"
	reflect "reflect"
	testing "testing"
	unsafe "unsafe"
)

// package github.com/assertgen/assertgen/asserts
var _ asserts.Traits = asserts.AddressIdentity
var _ checks.Set = asserts.AllChecks
var _ *asserts.Anchored
var _ func(asserts.Anchored) unsafe.Pointer = asserts.Anchored.StorageAnchor
var _ *asserts.Binding
var _ = func(x *asserts.Binding) asserts.ContextID { return x.Context }
var _ = func(x *asserts.Binding) bool { return x.Hermetic }
var _ *asserts.Bound
var _ func(asserts.Bound) asserts.Ident = asserts.Bound.Ident
var _ func(asserts.Bound) (asserts.Binding, bool) = asserts.Bound.StorageBinding
var _ *asserts.Check
var _ checks.Check = asserts.CheckBindingContext
var _ checks.Check = asserts.CheckDistinctOutputs
var _ checks.Check = asserts.CheckFreshNoAlias
var _ checks.Check = asserts.CheckFreshNotHeld
var _ checks.Check = asserts.CheckFreshOrAlias
var _ checks.Check = asserts.CheckImplUseCountEqFresh
var _ checks.Check = asserts.CheckImplUseCountLE1
var _ checks.Check = asserts.CheckNoMutation
var _ checks.Check = asserts.CheckNotArgHandle
var _ checks.Check = asserts.CheckReturnsArg
var _ checks.Check = asserts.CheckSameContent
var _ checks.Check = asserts.CheckSameImpl
var _ checks.Check = asserts.CheckSameMetadata
var _ checks.Check = asserts.CheckSameStorage
var _ *asserts.CheckSet
var _ checks.Check = asserts.CheckSharesStorage
var _ checks.Check = asserts.CheckStorageUseCountEq1
var _ func() bool = asserts.Checking
var _ func(f func()) []asserts.Violation = asserts.Collect
var _ *asserts.Collector
var _ func(*asserts.Collector, *asserts.Violation) = (*asserts.Collector).Handle
var _ func(*asserts.Collector) = (*asserts.Collector).Reset
var _ func(*asserts.Collector) []asserts.Violation = (*asserts.Collector).Violations
var _ func(*asserts.Collector) asserts.Report = (*asserts.Collector).Report
var _ func(*asserts.Collector, io.Writer) error = (*asserts.Collector).WriteJSON
var _ func(*asserts.Collector) string = (*asserts.Collector).Summary
var _ bool = asserts.Compiled
var _ *asserts.Contents
var _ func(asserts.Contents) (uint64, bool) = asserts.Contents.ContentDigest
var _ *asserts.ContextID
var _ func() asserts.Env = asserts.CurrentEnv
var _ func() asserts.Handler = asserts.CurrentHandler
var _ func(vs []asserts.Violation) []asserts.Repeated = asserts.Deduplicate
var _ asserts.Traits = asserts.DirectSubclass
var _ *asserts.Env
var _ func(asserts.Env) asserts.EnvState = asserts.Env.State
var _ *asserts.EnvState
var _ = func(x *asserts.EnvState) bool { return x.ModeActive }
var _ = func(x *asserts.EnvState) asserts.ContextID { return x.Context }
var _ = func(x *asserts.EnvState) bool { return x.Hermetic }
var _ func(sizes []int, strides []int, offset int) uint64 = asserts.FingerprintMetadata
var _ func(sizes []int64, strides []int64, offset int64) uint64 = asserts.FingerprintMetadata64
var _ asserts.Traits = asserts.FunctionalWrapper
var _ func(f func()) = asserts.Go
var _ *asserts.Handler
var _ func(asserts.Handler, *asserts.Violation) = asserts.Handler.Handle
var _ *asserts.HandlerFunc
var _ func(asserts.HandlerFunc, *asserts.Violation) = asserts.HandlerFunc.Handle
var _ asserts.Traits = asserts.HiddenStorageRefs
var _ *asserts.ID
var _ func(asserts.ID) string = asserts.ID.String
var _ *asserts.Ident
var _ func(asserts.Ident) bool = asserts.Ident.Defined
var _ func(asserts.Ident) bool = asserts.Ident.HasStorage
var _ = func(x *asserts.Ident) asserts.ID { return x.Impl }
var _ = func(x *asserts.Ident) asserts.ID { return x.Storage }
var _ = func(x *asserts.Ident) uint64 { return x.Version }
var _ = func(x *asserts.Ident) asserts.Traits { return x.Traits }
var _ *asserts.IdentCounter
var _ func(asserts.IdentCounter) asserts.Ident = asserts.IdentCounter.Ident
var _ func(asserts.IdentCounter) (asserts.Ident, int, int) = asserts.IdentCounter.IdentCounts
var _ func(asserts.IdentCounter) (int, int) = asserts.IdentCounter.UseCounts
var _ *asserts.Identity
var _ func(asserts.Identity) asserts.Ident = asserts.Identity.Ident
var _ *asserts.ImplBound
var _ func(asserts.ImplBound) asserts.Ident = asserts.ImplBound.Ident
var _ func(asserts.ImplBound) (asserts.Binding, bool) = asserts.ImplBound.ImplBinding
var _ func(asserts.ImplBound) (int, int) = asserts.ImplBound.UseCounts
var _ *asserts.Memory
var _ func(asserts.Memory, []int, []int) asserts.Memory = asserts.Memory.Strided
var _ func(asserts.Memory, int, int, int, int) asserts.Memory = asserts.Memory.Matrix
var _ func(asserts.Memory, unsafe.Pointer) asserts.Ident = asserts.Memory.Ident
var _ func(asserts.Memory) unsafe.Pointer = asserts.Memory.Anchor
var _ func(asserts.Memory) uintptr = asserts.Memory.Extent
var _ func(asserts.Memory) (uint64, bool) = asserts.Memory.Metadata
var _ func(asserts.Memory) (uint64, bool) = asserts.Memory.Digest
var _ asserts.Traits = asserts.Meta
var _ *asserts.Metadata
var _ func(asserts.Metadata) (uint64, bool) = asserts.Metadata.MetadataFingerprint
var _ func() *asserts.Collector = asserts.NewCollector
var _ int = asserts.NumChecks
var _ int = asserts.NumPlanChecks
var _ int = asserts.NumReasons
var _ asserts.Handler = asserts.Panic
var _ func(name string) (asserts.Check, bool) = asserts.ParseCheck
var _ func(name string) (asserts.Policy, bool) = asserts.ParsePolicy
var _ asserts.Traits = asserts.Plain
var _ *asserts.Policy
var _ asserts.Traits = asserts.PropagatesStorage
var _ checks.Policy = asserts.PyTorch
var _ checks.Policy = asserts.PyTorch113
var _ func() asserts.Stats = asserts.ReadStats
var _ *asserts.Reason
var _ checks.Reason = asserts.ReasonAbsent
var _ checks.Reason = asserts.ReasonAliasesMutable
var _ checks.Reason = asserts.ReasonConcurrentWrite
var _ checks.Reason = asserts.ReasonContentOff
var _ checks.Reason = asserts.ReasonCounted
var _ checks.Reason = asserts.ReasonDirectSubclass
var _ checks.Reason = asserts.ReasonFunctional
var _ checks.Reason = asserts.ReasonHiddenStorageRefs
var _ checks.Reason = asserts.ReasonMeta
var _ checks.Reason = asserts.ReasonModeActive
var _ checks.Reason = asserts.ReasonNoAnchor
var _ checks.Reason = asserts.ReasonNoBinding
var _ checks.Reason = asserts.ReasonNoContent
var _ checks.Reason = asserts.ReasonNoEnv
var _ checks.Reason = asserts.ReasonNoMetadata
var _ checks.Reason = asserts.ReasonNoStorage
var _ checks.Reason = asserts.ReasonNoUseCounts
var _ checks.Reason = asserts.ReasonNoVersion
var _ checks.Reason = asserts.ReasonPlan
var _ checks.Reason = asserts.ReasonUndefined
var _ checks.Reason = asserts.ReasonWrapperPropagating
var _ checks.Reason = asserts.ReasonWrapperStub
var _ func(anchor unsafe.Pointer) = asserts.Recycled
var _ func(t asserts.Identity) = asserts.Released
var _ func(m asserts.Memory) = asserts.ReleasedMemory
var _ *asserts.Repeated
var _ func(asserts.Repeated) string = asserts.Repeated.String
var _ = func(x *asserts.Repeated) asserts.Violation { return x.Violation }
var _ = func(x *asserts.Repeated) int { return x.Count }
var _ *asserts.Report
var _ = func(x *asserts.Report) uint64 { return x.Calls }
var _ = func(x *asserts.Report) map[string]uint64 { return x.ChecksRun }
var _ = func(x *asserts.Report) map[string]uint64 { return x.Skipped }
var _ = func(x *asserts.Report) uint64 { return x.ViolationCount }
var _ = func(x *asserts.Report) uint64 { return x.Collected }
var _ = func(x *asserts.Report) map[string]map[string]int { return x.ByOp }
var _ = func(x *asserts.Report) []asserts.Violation { return x.Violations }
var _ func() = asserts.ResetStats
var _ func(anchor unsafe.Pointer) = asserts.Reused
var _ func(on bool) (prev bool) = asserts.SetContentCheck
var _ func(v string) = asserts.SetContentCheckFrom
var _ func(names ...string) = asserts.SetContentCheckOps
var _ func(on bool) (prev bool) = asserts.SetEnabled
var _ func(e asserts.Env) (prev asserts.Env) = asserts.SetEnv
var _ func(h asserts.Handler) (prev asserts.Handler) = asserts.SetHandler
var _ func(ks ...asserts.Check) asserts.CheckSet = asserts.SetOf
var _ func(s []int) asserts.Memory = asserts.SliceMemory[int]
var _ *asserts.Stats
var _ func(asserts.Stats, asserts.Stats) asserts.Stats = asserts.Stats.Add
var _ func(asserts.Stats, asserts.Stats) asserts.Stats = asserts.Stats.Sub
var _ func(asserts.Stats) uint64 = asserts.Stats.TotalRan
var _ func(asserts.Stats) uint64 = asserts.Stats.TotalSkipped
var _ func(asserts.Stats) uint64 = asserts.Stats.TotalViolations
var _ func(asserts.Stats) ([]byte, error) = asserts.Stats.MarshalJSON
var _ = func(x *asserts.Stats) uint64 { return x.Calls }
var _ = func(x *asserts.Stats) [16]uint64 { return x.Ran }
var _ = func(x *asserts.Stats) [16]uint64 { return x.Violations }
var _ = func(x *asserts.Stats) [23]uint64 { return x.Skipped }
var _ asserts.Traits = asserts.Storageless
var _ checks.Policy = asserts.Strict
var _ *asserts.Tensor
var _ func(asserts.Tensor) asserts.Ident = asserts.Tensor.Ident
var _ func(asserts.Tensor) (int, int) = asserts.Tensor.UseCounts
var _ func(t interface {
	Errorf(format string, args ...any)
	Helper()
}) asserts.Handler = asserts.Testing
var _ *asserts.TestingT
var _ *asserts.Traits
var _ func(asserts.Traits) string = asserts.Traits.String
var _ func(asserts.Traits) ([]byte, error) = asserts.Traits.MarshalText
var _ func(*asserts.Traits, []byte) error = (*asserts.Traits).UnmarshalText
var _ asserts.Traits = asserts.Versioned
var _ *asserts.Violation
var _ func(*asserts.Violation) string = (*asserts.Violation).Where
var _ func(*asserts.Violation) string = (*asserts.Violation).OpName
var _ func(*asserts.Violation) string = (*asserts.Violation).Error
var _ func(*asserts.Violation) string = (*asserts.Violation).String
var _ = func(x *asserts.Violation) string { return x.Op }
var _ = func(x *asserts.Violation) string { return x.Overload }
var _ = func(x *asserts.Violation) checks.Policy { return x.Policy }
var _ = func(x *asserts.Violation) checks.Check { return x.Check }
var _ = func(x *asserts.Violation) string { return x.Arg }
var _ = func(x *asserts.Violation) int { return x.Ret }
var _ = func(x *asserts.Violation) int { return x.Index }
var _ = func(x *asserts.Violation) string { return x.Other }
var _ = func(x *asserts.Violation) bool { return x.OtherIsList }
var _ = func(x *asserts.Violation) uint64 { return x.Want }
var _ = func(x *asserts.Violation) uint64 { return x.Got }
var _ = func(x *asserts.Violation) uint64 { return x.WantStorage }
var _ = func(x *asserts.Violation) uint64 { return x.GotStorage }
var _ = func(x *asserts.Violation) int { return x.ImplUses }
var _ = func(x *asserts.Violation) int { return x.StorageUses }
var _ = func(x *asserts.Violation) asserts.Traits { return x.Traits }
var _ = func(x *asserts.Violation) bool { return x.Released }
var _ = func(x *asserts.Violation) bool { return x.WhileCalled }
var _ = func(x *asserts.Violation) bool { return x.AnchorMoved }
var _ = func(x *asserts.Violation) bool { return x.SameMemory }
var _ = func(x *asserts.Violation) bool { return x.Recycled }
var _ = func(x *asserts.Violation) *asserts.Binding { return x.Binding }
var _ = func(x *asserts.Violation) *asserts.EnvState { return x.Env }
var _ = func(x *asserts.Violation) string { return x.Provenance }
var _ = func(x *asserts.Violation) string { return x.Hint }
var _ asserts.Traits = asserts.WrapperSubclass

// package github.com/assertgen/assertgen/asserts/assertstest
var _ *assertstest.Kind
var _ = func(x *assertstest.Kind) string { return x.Name }
var _ = func(x *assertstest.Kind) asserts.Traits { return x.Traits }
var _ = func(x *assertstest.Kind) func() asserts.Tensor { return x.New }
var _ func(t *testing.T, rt assertstest.Runtime) = assertstest.Run
var _ func(t *testing.T, u assertstest.Uncounted) = assertstest.RunUncounted
var _ *assertstest.Runtime
var _ = func(x *assertstest.Runtime) func() asserts.Tensor { return x.New }
var _ = func(x *assertstest.Runtime) func() asserts.Tensor { return x.Undefined }
var _ = func(x *assertstest.Runtime) func(t asserts.Tensor) asserts.Tensor { return x.Share }
var _ = func(x *assertstest.Runtime) func(t asserts.Tensor) { return x.Release }
var _ = func(x *assertstest.Runtime) func(t asserts.Tensor) asserts.Tensor { return x.View }
var _ = func(x *assertstest.Runtime) func(t asserts.Tensor) { return x.Write }
var _ = func(x *assertstest.Runtime) func(dst asserts.Tensor, src asserts.Tensor) { return x.SetStorage }
var _ = func(x *assertstest.Runtime) func(t asserts.Tensor) { return x.Resize }
var _ = func(x *assertstest.Runtime) func(t asserts.Tensor) { return x.Recycle }
var _ = func(x *assertstest.Runtime) []assertstest.Kind { return x.Kinds }
var _ = func(x *assertstest.Runtime) asserts.Env { return x.Env }
var _ = func(x *assertstest.Runtime) func() { return x.PushMode }
var _ = func(x *assertstest.Runtime) func() { return x.PopMode }
var _ = func(x *assertstest.Runtime) func() (exit func()) { return x.EnterHermetic }
var _ = func(x *assertstest.Runtime) func(t asserts.Tensor) { return x.Bind }
var _ = func(x *assertstest.Runtime) func(t asserts.Tensor) { return x.BindImpl }
var _ = func(x *assertstest.Runtime) func(t asserts.Tensor) { return x.UnbindImpl }
var _ = func(x *assertstest.Runtime) func(t asserts.Tensor) { return x.RawWrite }
var _ *assertstest.Uncounted
var _ = func(x *assertstest.Uncounted) func() asserts.Identity { return x.New }
var _ = func(x *assertstest.Uncounted) func() asserts.Identity { return x.Undefined }
var _ = func(x *assertstest.Uncounted) func(t asserts.Identity) asserts.Identity { return x.View }
var _ = func(x *assertstest.Uncounted) func(t asserts.Identity) asserts.Identity { return x.Copy }
var _ = func(x *assertstest.Uncounted) func(t asserts.Identity) { return x.Write }
var _ = func(x *assertstest.Uncounted) func(t asserts.Identity) { return x.Rebind }

// package github.com/assertgen/assertgen/asserts/checks
var _ checks.Set = checks.All
var _ checks.Check = checks.BindingContext
var _ *checks.Check
var _ func(checks.Check) string = checks.Check.String
var _ func(checks.Check) string = checks.Check.GoName
var _ func(checks.Check) ([]byte, error) = checks.Check.MarshalText
var _ func(*checks.Check, []byte) error = (*checks.Check).UnmarshalText
var _ checks.Check = checks.DistinctOutputs
var _ checks.Check = checks.FreshNoAlias
var _ checks.Check = checks.FreshNotHeld
var _ checks.Check = checks.FreshOrAlias
var _ checks.Check = checks.ImplUseCountEqFresh
var _ checks.Check = checks.ImplUseCountLE1
var _ checks.Check = checks.NoMutation
var _ checks.Check = checks.NotArgHandle
var _ int = checks.NumChecks
var _ int = checks.NumPlanChecks
var _ int = checks.NumPolicies
var _ int = checks.NumReasons
var _ func(name string) (checks.Check, bool) = checks.Parse
var _ func(name string) (checks.Policy, bool) = checks.ParsePolicy
var _ func(name string) (checks.Reason, bool) = checks.ParseReason
var _ *checks.Policy
var _ func(checks.Policy) string = checks.Policy.String
var _ func(checks.Policy) string = checks.Policy.GoName
var _ func(checks.Policy) ([]byte, error) = checks.Policy.MarshalText
var _ func(*checks.Policy, []byte) error = (*checks.Policy).UnmarshalText
var _ checks.Policy = checks.PyTorch
var _ checks.Policy = checks.PyTorch113
var _ *checks.Reason
var _ func(checks.Reason) string = checks.Reason.String
var _ func(checks.Reason) ([]byte, error) = checks.Reason.MarshalText
var _ func(*checks.Reason, []byte) error = (*checks.Reason).UnmarshalText
var _ checks.Reason = checks.ReasonAbsent
var _ checks.Reason = checks.ReasonAliasesMutable
var _ checks.Reason = checks.ReasonConcurrentWrite
var _ checks.Reason = checks.ReasonContentOff
var _ checks.Reason = checks.ReasonCounted
var _ checks.Reason = checks.ReasonDirectSubclass
var _ checks.Reason = checks.ReasonFunctional
var _ checks.Reason = checks.ReasonHiddenStorageRefs
var _ checks.Reason = checks.ReasonMeta
var _ checks.Reason = checks.ReasonModeActive
var _ checks.Reason = checks.ReasonNoAnchor
var _ checks.Reason = checks.ReasonNoBinding
var _ checks.Reason = checks.ReasonNoContent
var _ checks.Reason = checks.ReasonNoEnv
var _ checks.Reason = checks.ReasonNoMetadata
var _ checks.Reason = checks.ReasonNoStorage
var _ checks.Reason = checks.ReasonNoUseCounts
var _ checks.Reason = checks.ReasonNoVersion
var _ checks.Reason = checks.ReasonOtherHolders
var _ checks.Reason = checks.ReasonPlan
var _ checks.Reason = checks.ReasonUndefined
var _ checks.Reason = checks.ReasonWrapperPropagating
var _ checks.Reason = checks.ReasonWrapperStub
var _ checks.Check = checks.ReturnsArg
var _ checks.Check = checks.SameContent
var _ checks.Check = checks.SameImpl
var _ checks.Check = checks.SameMetadata
var _ checks.Check = checks.SameStorage
var _ *checks.Set
var _ func(checks.Set, checks.Check) bool = checks.Set.Has
var _ func(checks.Set) []checks.Check = checks.Set.Checks
var _ func(checks.Set) string = checks.Set.String
var _ func(ks ...checks.Check) checks.Set = checks.SetOf
var _ checks.Check = checks.SharesStorage
var _ checks.Check = checks.StorageUseCountEq1
var _ checks.Policy = checks.Strict
var _ checks.Check = checks.ViewHoldsStorage

// package github.com/assertgen/assertgen/sweep
var _ *sweep.Arg
var _ = func(x *sweep.Arg) *funcschema.Argument { return x.Schema }
var _ = func(x *sweep.Arg) []int { return x.Tensors }
var _ = func(x *sweep.Arg) bool { return x.List }
var _ = func(x *sweep.Arg) bool { return x.Absent }
var _ = func(x *sweep.Arg) []int64 { return x.Ints }
var _ = func(x *sweep.Arg) []float64 { return x.Floats }
var _ = func(x *sweep.Arg) []bool { return x.Bools }
var _ = func(x *sweep.Arg) []string { return x.Strs }
var _ func(t iter.Seq2[string, any]) map[string]any = sweep.ByName
var _ func(rt sweep.Runtime, fn reflect.Value, s *sweep.Sample) (err error) = sweep.Call
var _ *sweep.Crash
var _ func(*sweep.Crash) string = (*sweep.Crash).String
var _ = func(x *sweep.Crash) string { return x.Op }
var _ = func(x *sweep.Crash) string { return x.Text }
var _ = func(x *sweep.Crash) string { return x.At }
var _ = func(x *sweep.Crash) []string { return x.Variants }
var _ = func(x *sweep.Crash) int { return x.Count }
var _ *sweep.DimError
var _ func(*sweep.DimError) string = (*sweep.DimError).Error
var _ = func(x *sweep.DimError) int { return x.Lo }
var _ = func(x *sweep.DimError) int { return x.Hi }
var _ = func(x *sweep.DimError) int { return x.Got }
var _ func(n int) []string = sweep.DimNames
var _ *sweep.DtypeError
var _ func(*sweep.DtypeError) string = (*sweep.DtypeError).Error
var _ = func(x *sweep.DtypeError) string { return x.Arg }
var _ = func(x *sweep.DtypeError) string { return x.Want }
var _ = func(x *sweep.DtypeError) string { return x.Got }
var _ string = sweep.DualLevelArg
var _ *sweep.Finding
var _ func(*sweep.Finding) string = (*sweep.Finding).Key
var _ = func(x *sweep.Finding) string { return x.Op }
var _ = func(x *sweep.Finding) checks.Check { return x.Check }
var _ = func(x *sweep.Finding) string { return x.Where }
var _ = func(x *sweep.Finding) string { return x.Message }
var _ = func(x *sweep.Finding) []string { return x.Variants }
var _ = func(x *sweep.Finding) int { return x.Count }
var _ func(op *funcschema.Func, v int) *sweep.Sample = sweep.For
var _ func(f *testing.F, rt sweep.Runtime, ops iter.Seq2[string, any]) = sweep.Fuzz
var _ *sweep.IndexError
var _ func(*sweep.IndexError) string = (*sweep.IndexError).Error
var _ = func(x *sweep.IndexError) string { return x.Arg }
var _ *sweep.MakeError
var _ func(*sweep.MakeError) string = (*sweep.MakeError).Error
var _ func(*sweep.MakeError) error = (*sweep.MakeError).Unwrap
var _ = func(x *sweep.MakeError) sweep.Spec { return x.Spec }
var _ = func(x *sweep.MakeError) error { return x.Err }
var _ string = sweep.Mkldnn
var _ func(dtype string, shape ...int) sweep.Spec = sweep.NewSpec
var _ *sweep.Options
var _ = func(x *sweep.Options) int { return x.Samples }
var _ = func(x *sweep.Options) bool { return x.Content }
var _ = func(x *sweep.Options) bool { return x.NoValues }
var _ = sweep.Probes // of a type users cannot name
var _ string = sweep.Quantized
var _ string = sweep.QuantizedPerChannel
var _ *sweep.RankError
var _ func(*sweep.RankError) string = (*sweep.RankError).Error
var _ = func(x *sweep.RankError) string { return x.Arg }
var _ = func(x *sweep.RankError) int { return x.Want }
var _ *sweep.Report
var _ func(*sweep.Report) string = (*sweep.Report).String
var _ = func(x *sweep.Report) int { return x.Ops }
var _ = func(x *sweep.Report) int { return x.Samples }
var _ = func(x *sweep.Report) map[string]int { return x.Exercised }
var _ = func(x *sweep.Report) map[string]string { return x.NotReached }
var _ = func(x *sweep.Report) int { return x.Repaired }
var _ = func(x *sweep.Report) int { return x.Rejected }
var _ = func(x *sweep.Report) map[string]int { return x.RejectedBy }
var _ = func(x *sweep.Report) map[string]int { return x.Unmade }
var _ = func(x *sweep.Report) map[string]int { return x.RepairsUsed }
var _ = func(x *sweep.Report) int { return x.Again }
var _ = func(x *sweep.Report) map[string]string { return x.AgainFailed }
var _ = func(x *sweep.Report) map[string]string { return x.Tried }
var _ = func(x *sweep.Report) uint64 { return x.Checks }
var _ = func(x *sweep.Report) []*sweep.Finding { return x.Findings }
var _ = func(x *sweep.Report) []*sweep.Crash { return x.Crashes }
var _ func(t testing.TB, rt sweep.Runtime, ops iter.Seq2[string, any]) *sweep.Report = sweep.Run
var _ *sweep.Runtime
var _ func(sweep.Runtime, sweep.Spec, []reflect.Value) (reflect.Value, error) = sweep.Runtime.Tensor
var _ func(sweep.Runtime, *sweep.Arg, reflect.Type) (reflect.Value, bool, error) = sweep.Runtime.Value
var _ *sweep.Sample
var _ func(*sweep.Sample) string = (*sweep.Sample).Describe
var _ func(*sweep.Sample, int) (*sweep.Sample, byte) = (*sweep.Sample).ApplyProbe
var _ func(*sweep.Sample, func(*sweep.Sample) error) error = (*sweep.Sample).Run
var _ = func(x *sweep.Sample) *funcschema.Func { return x.Func }
var _ = func(x *sweep.Sample) int { return x.Variant }
var _ = func(x *sweep.Sample) []sweep.Spec { return x.Specs }
var _ = func(x *sweep.Sample) []sweep.Arg { return x.Args }
var _ = func(x *sweep.Sample) []string { return x.Repairs }
var _ = func(x *sweep.Sample) bool { return x.NoGrad }
var _ = func(x *sweep.Sample) bool { return x.Inference }
var _ = func(x *sweep.Sample) bool { return x.DualLevel }
var _ = func(x *sweep.Sample) any { return x.Probe } // of a type users cannot name
var _ func(dtype string) (int, bool) = sweep.ScalarTypeCode
var _ *sweep.ShapeError
var _ func(*sweep.ShapeError) string = (*sweep.ShapeError).Error
var _ = func(x *sweep.ShapeError) string { return x.Arg }
var _ = func(x *sweep.ShapeError) []int { return x.Want }
var _ string = sweep.SparseBSC
var _ string = sweep.SparseBSR
var _ string = sweep.SparseCOO
var _ string = sweep.SparseCOOUncoalesced
var _ string = sweep.SparseCSC
var _ string = sweep.SparseCSR
var _ *sweep.Spec
var _ func(sweep.Spec) string = sweep.Spec.String
var _ func(*sweep.Spec) int = (*sweep.Spec).StorageSize
var _ func(*sweep.Spec) []float64 = (*sweep.Spec).Elements
var _ = func(x *sweep.Spec) string { return x.Dtype }
var _ = func(x *sweep.Spec) []int { return x.Shape }
var _ = func(x *sweep.Spec) bool { return x.Transposed }
var _ = func(x *sweep.Spec) int { return x.Same }
var _ = func(x *sweep.Spec) int { return x.ViewOf }
var _ = func(x *sweep.Spec) int { return x.Index }
var _ = func(x *sweep.Spec) string { return x.Layout }
var _ = func(x *sweep.Spec) bool { return x.Conj }
var _ = func(x *sweep.Spec) bool { return x.Neg }
var _ = func(x *sweep.Spec) bool { return x.RequiresGrad }
var _ = func(x *sweep.Spec) bool { return x.NonLeafView }
var _ = func(x *sweep.Spec) bool { return x.NonLeafBase }
var _ = func(x *sweep.Spec) bool { return x.Named }
var _ = func(x *sweep.Spec) string { return x.Fill }
var _ = func(x *sweep.Spec) []float64 { return x.Data }
var _ = func(x *sweep.Spec) []int { return x.Strides }
var _ = func(x *sweep.Spec) int { return x.Offset }
var _ *sweep.SquareError
var _ func(*sweep.SquareError) string = (*sweep.SquareError).Error
var _ = func(x *sweep.SquareError) string { return x.Arg }
var _ func(ops iter.Seq2[string, any], rt sweep.Runtime, o sweep.Options) (*sweep.Report, error) = sweep.Sweep
var _ *sweep.Table
var _ func(dtype string, n int) []float64 = sweep.Values
var _ = sweep.Variants // of a type users cannot name
