// Assertgen generates Go wrappers that check tensor kernels in debug
// builds. The checks are the TensorImpl and StorageImpl invariants that
// the kernels' PyTorch-style schemas promise.
//
// It reads operator schemas: a native_functions.yaml, or a list of
// schemas one per line. It classifies every operator as torchgen does:
// functional, in-place, out=, mutable or scratch, with view, may-alias or
// fresh outputs. It decides the checks of each operator (the plan). Then
// it emits wrappers that save the tensors before the kernel and check
// them after it. Under both profiles (-profile):
//
//   - a kernel never replaces an input's TensorImpl or StorageImpl;
//   - a fresh output is fresh: TensorImpl use count <= 1, StorageImpl use
//     count == 1;
//   - a view shares the StorageImpl of the input it views.
//
// The strict profile, the default, also checks that:
//
//   - an in-place or out= kernel returns the tensor it mutated;
//   - an input the schema does not mark mutable is not written;
//   - fresh outputs do not share storage;
//   - in a hermetic context, no input's storage is bound outside it.
//
// # Usage
//
// In the package that holds your kernels:
//
//	//go:generate go run github.com/assertgen/assertgen/cmd/assertgen gen
//
// with an assertgen.yaml next to it:
//
//	package: checked
//	output: ./checked
//	mode: function
//	kernels: .
//	types:
//	  Tensor: "*example.com/rt.Tensor"
//	  Scalar: float64
//	ops: [add.Tensor, add_.Tensor, add.out, transpose.int, split.Tensor]
//
// Then `go generate ./...` writes two files:
//
//   - checked/assertgen_checked.go, built with -tags debugasserts: the
//     checking wrappers;
//   - checked/assertgen_direct.go, built without it: direct calls, at no
//     cost.
//
// `go test -tags debugasserts ./...` then runs your tests with every
// kernel checked.
//
// # Commands
//
//	assertgen init [-type T] [-ops LIST] [-types T=GOTYPE] [-use-counts auto|true|false]
//	               [-type-params P=TYPES] [-memory] [-kernels PKGS]
//	                                    start the package of your tensor type on assertgen
//	assertgen gen [flags]               generate the wrappers
//	assertgen gen -check [flags]        write nothing; exit 1 and name the stale files (for CI)
//	assertgen gen -stubs FILE [flags]   also write a stub of each missing kernel to FILE
//	assertgen vet [-v] [-stubs FILE] [flags]
//	                                    check kernel signatures against the schema, list
//	                                    missing kernels, lint allowlists; its last line
//	                                    counts the ops it checked
//	assertgen plan [-json] [-o FILE] [OP...]
//	                                    print the plan: each op's checks and skipped checks
//	assertgen explain OP [flags]        explain one op's kind, aliasing, checks and skips
//	assertgen version                   print the version
//
// vet names each missing kernel with the function of a close name, if
// any, and the declaration to write. -v lists each missing kernel. -stubs
// writes a stub of each missing kernel to the new FILE.
//
// plan prints the plan of the ops named: op selectors, or a name with
// overloads for all of them, as explain takes it. Without names, it
// prints that of -ops, or of the config's ops: and backend:, or else of
// all ops. -o writes it to FILE, atomically. A device, a FIFO or a
// symbolic link, such as /dev/stdout, is written through.
//
// # Starting: init
//
// Run init in the package that declares your tensor type, after `go get
// -tool github.com/assertgen/assertgen/cmd/assertgen`. It writes:
//
//   - assertgen.yaml: function mode, kernels: ., output: ./checked, the
//     type map's Tensor, use_counts, and the ops to wrap. The ops are
//     -ops. By default they are the schema ops the package already has a
//     kernel for, by the naming rule below; with none, -ops is required.
//   - generate.go: the //go:generate go tool assertgen gen line.
//   - assertgen_contract.go: the methods of the contract the type lacks,
//     built with -tags debugasserts alone, as the wrappers that call them
//     are: the release build links no package of assertgen. Each has a
//     TODO body (a panic) and a line saying what it must return. For a runtime with use counts, they are Ident and UseCounts
//     (asserts.Tensor). For one without, they are Ident and StorageAnchor
//     (asserts.Identity, asserts.Anchored).
//   - assertgen_contract_test.go: the conformance suite of
//     asserts/assertstest: Run, or RunUncounted without use counts. It is
//     written with what the package has (below). The functions it lacks
//     are marked TODO.
//   - with -memory, in place of the two above: assertgen_memory.go, the
//     memory function with a TODO body, and its conformance test,
//     checked/assertgen_memory_test.go (see -memory below). The memory
//     function's file is built with -tags debugasserts alone.
//   - assertgen_sweep_test.go: the sweep of every wrapped op (package
//     sweep). Its adapter is written with the package's constructor and
//     view kernels, or marked TODO. Its init function switches
//     same_content on for every debug test of the package, unless
//     ASSERTGEN_CONTENT is set.
//   - assertgen_kernels_todo.go: a stub of each selected op's missing
//     kernel, as gen -stubs writes them.
//
// -type names the tensor type; the default is Tensor. It is an exported
// named type of the package, or an alias of one, and not an interface.
// The methods go on its pointer. A library's type is named by its import
// path: -type '*gonum.org/v1/gonum/mat.Dense' (below, "A library's
// type"). A package main is refused: the generated wrappers import the
// package, and a program cannot be imported.
//
// -use-counts auto, the default, chooses use_counts. It is true when *T
// has UseCounts, or a method that drops a reference: Release, DecRef,
// Unref, Free, Drop, Dispose or Close. Otherwise it is false, for a
// garbage-collected runtime. init says which, and why.
//
// Without a Scalar entry in -types, init takes the type of the kernels'
// Scalar arguments (alpha of add.Tensor: float64) when they all have one,
// and says so. Kernels that disagree leave it any, and init names each
// kernel whose signature then differs.
//
// A bad -type, -types, -ops or -use-counts value is a usage error (exit 2)
// that names the flag.
//
// -memory is for a type with no ids of its own: a garbage-collected
// runtime whose tensors are windows on shared buffers. Instead of the
// contract's methods, init writes one function to fill in. It is
// assertgen_memory.go's func Memory(t *T) asserts.Memory, or
// AssertgenMemory if the package declares Memory. It says where a
// tensor's elements are. The config names it (memory:, use_counts:
// false). The checks take a tensor's identities from it, as from a
// library's type: the TensorImpl is the handle's address, and the storage
// its memory's anchor (see "Foreign types" below). Its conformance test,
// checked/assertgen_memory_test.go, runs assertstest.RunUncounted beside
// the wrappers, through the adapter gen writes there. It is written with
// what init found in the package: its constructor, a view and a write
// kernel. A generic type, a type that has Ident, and -use-counts true are
// refused.
//
// assertgen_memory.go is built with -tags debugasserts alone, as the
// generated code that calls the function is. The release build of the
// package neither declares it nor links a package of assertgen. gen takes
// a memory function of either build, so one of both builds, as init wrote
// it before, keeps working.
//
// init looks at the package in the release build, and with -tags
// debugasserts, where the wrappers are built:
//
//   - It writes only the contract methods that build lacks; a method may
//     live in a debugasserts file.
//   - It puts the conformance test under //go:build debugasserts when the
//     release build lacks a method the suite needs (the ones init writes
//     are in the debug build alone).
//
// Its tests are of package NAME_test. A name they would declare or import
// that the package's external tests already declare gets another: TestSweep
// becomes TestAssertgenSweep, sweepAdapter another name, an import an
// aliased import.
//
// Before writing, init type-checks the package with the Go files it adds,
// in both builds. It refuses what would not build, and writes nothing.
// The package's own test files (package NAME in a _test.go file) count
// too, since go test builds them with it:
//
//   - a contract method they declare on the tensor type is refused at its
//     line, since init would declare it again;
//   - -memory names its function AssertgenMemory when they declare Memory.
//
// init also refuses:
//
//   - a ./checked that holds a package of the user's (Go files gen did not
//     write), at its package clause. The config init writes has gen write
//     the wrappers there, and -memory writes its test there.
//   - a tensor type declared only in a test file, as such, with its place;
//   - -type naming an alias of an instance of a generic type (F32 =
//     Tensor[float32]). The error names the generic type and the
//     -type-params that check that instance. With -memory, which writes no
//     methods, such an alias is taken: the memory function is of *F32.
//
// init writes only new files, all of them or none: if one of them exists,
// it writes none. They are written as gen writes its set: staged in a
// hidden directory, committed by a journal, and linked into place, never
// over a file. So SIGINT or SIGTERM leaves none or all of them. A run
// killed outright (SIGKILL) leaves a hidden .assertgen-new, which the next
// init completes or removes.
//
// After init, `go generate ./... && go test -tags debugasserts ./...`
// builds and fails, naming what is left. The conformance suite lists the
// functions it lacks, and a TODO method or kernel panics with its name
// when called.
//
// A generic tensor type (type Tensor[T float32 | float64]) gets:
//
//   - the type map's "*example.com/rt.Tensor[T]";
//   - type_params: with the element types of its constraint's finite type
//     set. -type-params T=float32,float64 names them, and must for a
//     constraint without one, such as any.
//   - the contract methods on *Tensor[T];
//   - generic stubs, only of the kernels the package lacks;
//   - types: Scalar: T, or the builtin type, when every kernel's Scalar
//     arguments take it and -types does not say.
//
// Its tests run once per element type. init writes in them what the
// package has:
//
//   - the conformance suite's New, from a constructor F[E](values []E,
//     shape ...int) *Tensor[E], or with []int or int64 sizes;
//   - Share and Release, from methods of those names: Share, Retain, Ref,
//     IncRef or Acquire, and a releaser above;
//   - View, from the kernel of alias, t, transpose.int or select.int;
//   - Write, from that of zero_, neg_, exp_, log_, sqrt_, sin_, cos_,
//     tanh_, sigmoid_, reciprocal_ or add_.Tensor. add_.Tensor adds x to
//     itself; its result is released when the runtime counts.
//   - the optional Copy of a runtime without use counts, from the kernel
//     of clone, its memory format nil;
//   - the sweep's tensors, with the constructor and the transpose.int and
//     select.int kernels.
//
// What the package lacks is left TODO, and init's report names it.
// examples/pool is written this way, with no hand-written line
// (docs/guide.md, "A generic runtime").
//
// A plain tensor type's tests are written the same way, for the element
// type of its constructor. The constructor is F(values []E, shape ...int)
// *Tensor, or with the other sizes above. Less preferred is F(values ...E)
// *Tensor, or with []E, which makes 1-D tensors; the sweep then makes its
// 1-D samples only. Without a constructor, its tests are left TODO.
//
// # A library's type: init -type IMPORTPATH.Type
//
// A tensor type of a library (gonum's *mat.Dense) is named by its import
// path, in a package of yours that does not declare it. An empty one will
// do, after `go get` of the library:
//
//	go tool assertgen init -type '*gonum.org/v1/gonum/mat.Dense'
//
// -type is read as an import path whenever the type is qualified by one:
// '*PATH.Name', with type arguments for a generic type,
// '*PATH.Name[float64]'. A type of the package has no dot. The type is
// named by its pointer, since a handle's address is a tensor's identity.
// An interface is refused, and the error names the package's pointer
// types that implement it. With -memory, -type may also name an alias of
// a library's type in the package (type Tensor = mat.Dense), which is then
// that type.
//
// init loads the library in your module. By its exported API, it finds
// a constructor, an element access and the bindings.
//
// The constructor makes a tensor from its rows, columns and values: func
// F(rows, cols int, data []E) *T. A generic one is instantiated with
// -type's arguments, F[float64]. It may also be one of options alone,
// F(opts ...O) *T, with the package's one option of sizes (...int) and one
// of values ([]E): F(WithShape(shape...), WithBacking(data)). E is the
// element type, and the config's Scalar. A values option of interface{}
// (gorgonia's WithBacking(x interface{}, mask ...[]bool)) is chosen by its
// name: backing, data, values or elements. E is then init's choice,
// float64, which the report says.
//
// The element access is where the API reaches the elements: a method
// without parameters that returns one of
//
//   - a struct that holds a slice of E, with fields named for the rows,
//     columns and stride (gonum's RawMatrix);
//   - a value of an interface whose method returns the slice (spago's
//     Data().F64());
//   - the slice itself (gorgonia's Float64s()), its geometry from
//     Strides() where the type has it.
//
// For the last two, the sizes come from a method returning []int, one
// named Shape first. The elements are then taken as contiguous and
// row-major, a guess the report states. The memory function is built from
// the element access. The value check first makes sure it reaches the
// tensor's own buffer: a write through it shows, and two reads are one
// slice. The report says when it allocates.
//
// The bindings are for each op of the schema whose values assertgen's
// reference knows (internal/refvalues, each case checked against
// PyTorch's values) on 2-D float64 matrices. Those are elementwise ops and
// their scalar forms, mul, div, mm, matmul, kron, inverse, matrix_power,
// addmm, elu, softplus, clamp_min, clamp_max, clone, copy, fill and zero,
// with their in-place and out= forms. For
// each, init takes each exported method and function whose parameters take
// the op's, in the forms a library spells it:
//
//   - into a receiver: ret.M(self, other) for the functional op,
//     out.M(...) for out=, self.M(self, other) in place;
//   - in place on the receiver: self.M(other);
//   - returning the result: self.M(other), pkg.F(self, other), or
//     type-asserted from an interface;
//   - a method that maps a function of each element, with the op's
//     expression of an element, into the receiver (gonum's Apply) or
//     returning the result (spago's).
//
// Numbers are converted to the method's types. A callable without a
// parameter for the op's last scalars, each with a default in the schema
// (an Add(a, b) has no alpha), is tried with them held at their defaults:
// it runs on the cases at those values, and its code refuses another
// first: if alpha != 1 { panic("ops.Add has no alpha parameter: bound for
// alpha = 1 only") }; return ops.Add(self, other). One that takes every
// scalar is bound before it. An interface{} parameter
// takes the next tensor, else the next number as an element. A trailing
// variadic parameter (gorgonia's opts ...FuncOpt) is left empty, or, for
// an in-place or out= op, given each function of the package that makes
// its element type:
//
//   - from nothing, in place: gorgonia's tensor.UseUnsafe();
//   - from a tensor, given out, for out=: tensor.WithReuse(out).
//
// The call's result is then returned: res, err := self.Mul(other,
// tensor.UseUnsafe()); ...; return res. The value check keeps those whose
// call writes the argument and returns it. Gorgonia's tensor.WithIncr(out)
// adds into out, and tensor.UseSafe() returns a new tensor: neither binds.
// The report names the option each binds with (chosen:), and why one
// bound nothing (found:).
//
// A result of a method called into its receiver (the receiver, for
// chaining) is dropped. An error result panics. A call returning a result
// and an error is bound as statements: res, err := self.Mul(other); if err
// != nil { panic(err) }; return res.
//
// Each op bound is run once more on empty inputs. Those that crash there
// inside the library (a Go runtime error) are reported (found:), and the
// sweep test then makes no empty sample.
//
// A kernel library over the type is bound the same way, in the same
// config: operators of your own, or a third party's, over gorgonia's
// *tensor.Dense. -kernels names its packages, comma-separated: import
// paths, or . for the package init runs in. By default, it is the package
// init runs in, when a file of it imports the library and declares
// exported functions or methods of exported types. Candidates are:
//
//   - their exported functions that take or return the type, as the
//     library's are, called by their package's name (user.Relu(self)).
//     They are also called into their first tensor, as a method into its
//     receiver: user.Sigmoid(ret, self), user.Sigmoid(out, self).
//   - the methods of their exported types, on a receiver each call makes.
//     It is made by the type's zero-argument constructor
//     (user.NewOps().Add(self, other)), or as its zero value
//     (new(user.Math).Log1p(self)).
//   - operator values: a type whose method (Apply, Forward...) takes and
//     returns the type or a slice of it. It is named by the type (Relu6.Forward
//     is relu6), or bound by its values alone. Its zero value's number
//     fields are set to the op's scalars: (&user.Concat{Axis:
//     int(dim)}).Apply(tensors) for cat.
//
// bind_imports: lists the packages. The report says what each binds, and
// names each operator bound to no op, and why. A config of yours that
// includes init's may list and bind again an op init bound: yours wins.
//
// Each method's candidates run in a program of their own: a process
// group, killed whole when it ends, with what it started.
//
//   - A method that ends its program (log.Fatal, os.Exit, a panic on a
//     goroutine of its own) is not bound. The report names it with its
//     exit status, and the line that says why.
//   - A method that does not return within 10 s, or stops its program
//     (killed after 2 minutes), is not bound, and its other candidates are
//     not run.
//
// The library is loaded with -mod=readonly, whatever GOFLAGS says: init
// writes nothing to go.mod. A library go.mod does not require is refused,
// and the error names its go get. go mod tidy drops one that nothing
// imports yet.
//
// A name is not a meaning, and the aliasing checks never look at values.
// So init builds and runs a program in your module. It is given to the go
// command as an overlay, so nothing is written. The program runs every
// candidate on small inputs, and keeps those that:
//
//   - give the reference's values on every case;
//   - write an in-place or out= result into the buffer the tensor has,
//     and return that tensor, as gen's bound kernel returns it;
//   - leave the inputs they only read as they were.
//
// For each op, init binds the first that passes of:
//
//  1. one whose name is the op's: MulElem for mul.Tensor, Kronecker for
//     kron;
//  2. one of another name whose values are the op's: Dense.Mul for mm,
//     Dense.Scale for mul.Scalar. Not for an op whose values are one
//     constant, such as zero_.
//  3. the op mapped over the elements.
//
// It writes:
//
//   - assertgen.yaml: memory:, use_counts: false, the type map (Tensor,
//     Scalar), bind_imports:, the bound ops (ops:), sweep: true, and a
//     bind: entry per op. Each entry has a comment naming what it calls
//     and how it was found. gen type-checks them as any binding.
//   - generate.go.
//   - assertgen_memory.go: the memory function, Memory, or AssertgenMemory
//     if the package declares Memory. It is built with -tags debugasserts
//     alone, so the release build of the package links nothing of
//     assertgen.
//   - checked/assertgen_memory_test.go: the conformance suite of runtimes
//     without use counts. Its tensors are made with the constructor,
//     written through the elements and copied into a new tensor.
//   - assertgen_sweep_test.go: the sweep. Its adapter makes the
//     constructor's tensors. Samples of another rank, a view, or sizes the
//     constructor refuses count as ones it cannot make. It is judged by
//     assertgen_verdicts.json when the package has one (sweep.ReadVerdicts:
//     the library's known findings, crashes, and ops refused on every
//     sample). same_content is on for the package's debug tests.
//   - assertgen_values_test.go: TestBoundValues. Each bound op, called
//     through the checked wrappers on the inputs init checked it on, must
//     give the reference's values. So a binding that stops computing its
//     op fails a test: after the library is upgraded, or assertgen.yaml
//     edited.
//
// Nothing is left to fill in. As for any type, the Go files init adds to
// the package are type-checked with it, in both builds, before anything is
// written. A module that does not require assertgen is refused, saying so.
//
// Its report lists:
//
//   - the ops bound: by name, by values alone, or mapped;
//   - each callable whose name is that of ops it was not bound to, and
//     why. The reason is its values, on which input, got and want. Or it
//     is a panic; a new buffer for the tensor it writes, or another tensor
//     returned; or an input it writes where the op only reads it. Or its
//     parameters do not take the op's, as gonum's Add, which has no alpha.
//   - where it guessed. An out= tensor is written through the library's
//     receiver, and checked with an out of the result's size, where
//     PyTorch resizes it. Values were checked without broadcasting. No
//     view is bound.
//
// For gonum v0.17.0, init binds 194 ops. Mul's values are a matrix
// product, so it is bound to mm and matmul, not mul. Exp is the matrix
// exponential, and Pow a matrix power: they are bound to no op. For spago
// v1.1.0's '*github.com/nlpodyssey/spago/mat.Dense[float64]', it binds 161
// ops. Its Maximum and Minimum are not maximum and minimum: where the
// first operand is NaN, they keep the second. spago's Data() allocates an
// interface per call, so the memory function does too. The conformance
// test's metadata case refuses a memory function that allocates, and so
// fails; the report says so.
//
// -ops narrows the ops: op names or base names. mul selects mul.Tensor,
// mul.out, mul_.Scalar... -use-counts true, -type-params and -types are
// refused with a library's type. A library without such a constructor or
// element access is refused, saying so. Its config is then written by
// hand (docs/guide.md, "A library's type as it is").
//
// # Configuration and flags
//
// gen and vet read assertgen.yaml from the current directory, or the file
// given with -config. plan and explain read a config file only when given
// -config. They then apply the keys that shape the plan as gen and vet do:
// schema, tags_yaml, derivatives, profile, pytorch_version, allowlists,
// use_counts, memory and metadata. plan also applies ops and backend. The
// other keys are checked, not used.
//
// Every key but include, sweep, bind and bind_imports has a flag of the
// same meaning and name, with - for _ (build_tag:, -build-tag). Flags win.
// plan and explain take the flags of the keys that shape the plan; plan
// also takes -ops. The flags:
//
//	-config FILE      the config file; default: assertgen.yaml in the working
//	                  directory, if any (gen, vet); none (plan, explain)
//	-schema FILE      native_functions.yaml (.yaml, .yml) or schema list (.txt);
//	                  default: the yaml of the -pytorch-version release embedded
//	                  in assertgen (PyTorch 2.14.1 unless told)
//	-tags-yaml FILE   tags.yaml (config key: tags_yaml); default: the one next
//	                  to the schema, if any
//	-derivatives FILE derivatives.yaml, for the pytorch profile; default: the
//	                  release's embedded file with the embedded schema, none otherwise
//	-profile P        strict (default) or pytorch: the rows the plan has; the
//	                  wrappers run under the skip policy it implies (checks.Policy:
//	                  strict, or pytorch / pytorch-1.13 by release; runtime in
//	                  plan -json)
//	-pytorch-version V  the PyTorch release: 1.13 (1.13.1), 2.6 (2.6.0) or
//	                  2.14 (2.14.1); default: 2.14. It selects the
//	                  torchgen rules the schema is read with (dispatch keys,
//	                  tags syntax, view and autogen rules), the embedded files
//	                  when no -schema is given, and the release's built-in
//	                  allowlist entries. Another value is an error naming these.
//	-allowlists FILE  an allowlist, merged over the built-in one (repeatable)
//	-package NAME     the generated package's name; default: the output directory's
//	-output DIR       output directory; default: the config file's directory,
//	                  or the working directory without one
//	-prefix P         file name prefix; default assertgen
//	-mode M           function (default) or interface
//	-build-tag T      build tag of the checked files; default debugasserts
//	-use-counts B     false: the Tensor type keeps no use counts (config key: use_counts):
//	                  returns are snapshot without them, fresh_not_held checks freshness
//	-memory FUNC      the function that says where a Tensor's elements are, for a Tensor
//	                  type without ids of its own (config key: memory), e.g.
//	                  example.com/rt.Memory: func(T) asserts.Memory; implies
//	                  -use-counts=false (see Foreign types)
//	-metadata B       false: the Tensor type cannot report its sizes, strides and storage
//	                  offset (config key: metadata): the strict plan has no same_metadata rows
//	-kernels PKG      the kernels package, ./dir or an import path (function mode: the
//	                  functions to wrap; interface mode: the adapter Functions calls them)
//	-allow-missing-kernels  selected ops without a kernel are expected (config key:
//	                  allow_missing_kernels: true): gen wraps the others and exits 0
//	-types T=GOTYPE   a type map entry (repeatable), e.g. Tensor=*example.com/rt.Tensor
//	-type-params P=TYPES  a type parameter of a generic Tensor type and the element
//	                  types to check it with (repeatable; config key: type_params),
//	                  e.g. -types 'Tensor=*example.com/rt.Tensor[T]' -type-params T=float32,float64
//	-backend FILE     an out-of-tree backend's yaml in torchgen's format (see
//	                  Backends): wrap the ops it registers kernels for
//	-ops LIST         comma-separated op selectors (spaces around the commas are
//	                  allowed); default: all ops, or all ops of the backend
//
// Earlier spellings still work and say on stderr that they are deprecated:
// -out (for -output), -tag (-build-tag), -allowlist (-allowlists),
// -type (-types), -tags (-tags-yaml; -build-tag is the build tag), and the
// config key tags: (tags_yaml:).
//
// A misspelt flag gets one line with the closest flag, not the whole list,
// which -h prints:
//
//	assertgen plan: unknown flag -jsn; did you mean -json? (assertgen plan -h lists the flags)
//
// A value that a flag gives badly is a usage error (exit 2): -profile
// lenient, -types Scalar=x y, -ops with an unknown op. A bad value in the
// config file is an error at its file:line:col (exit 1). Both come with a
// suggestion when a close valid value exists:
//
//	assertgen.yaml:3:10: profile: unknown profile "strct" (want strict or pytorch); did you mean "strict"?
//	assertgen.yaml:9:3: types: unknown schema type "Scalr"; did you mean "Scalar"?
//	assertgen.yaml:12:5: ops: duplicate op "add.Tensor" (first at assertgen.yaml:11:5)
//	assertgen.yaml:13:5: ops: unknown op "add.Tensr" in native_functions.yaml; did you mean add.Tensor, add_.Tensor?
//	assertgen.yaml:2:1: unknown key "kernel"; did you mean "kernels"?
//
// An op selector selects ops in ops:, -ops, plan's OPs and allowlists. It
// is one of:
//
//   - an op's name: add.Tensor, reshape;
//   - name.* for every overload of name: add.* is add.Tensor, add.out,
//     ...; sum.* includes sum; add_ is add_.*;
//   - * for every op, but not in allowlists.
//
// Each entry of the ops list must select an op, once. An empty list (-ops
// "", ops: []) is an error: leave it out to select every op. The first ten
// unknown names come with the closest names. Another pattern, such as
// add*, is refused with the selectors to write instead.
//
// Paths in the config file are relative to its directory. Paths given as
// flags are relative to the working directory.
//
// # PyTorch releases
//
// assertgen embeds the native_functions.yaml, tags.yaml and
// derivatives.yaml of PyTorch 1.13.1, 2.6.0 and 2.14.1, and reproduces
// each release's torchgen. `assertgen gen -mode interface -package pytorch
// -output DIR` wraps all 3,103 ops of 2.14.1, the newest and the default.
// With -pytorch-version 2.6, or pytorch_version: "2.6" in assertgen.yaml,
// it wraps the 3,144 ops of 2.6.0; with 1.13, the 2,952 ops of 1.13.1.
//
// A yaml of your own is read with the newest release's rules, unless
// -pytorch-version says otherwise. An entry that only another supported
// release accepts fails with a hint, at its line and column:
//
//	nf.yaml:3:10: unknown dispatch key "SparseCsrMeta" in PyTorch 1.13.1 (valid in PyTorch 2.6.0, 2.14.1: pass -pytorch-version 2.6 or 2.14)
//	nf.yaml:332:28: dispatch key SparseMPS is not supported in native_functions.yaml by PyTorch 2.6.0 (valid in PyTorch 2.14.1: pass -pytorch-version 2.14)
//	nf.yaml:147:34: rename_: Dimname is not a type in PyTorch 2.14.1 (a type in PyTorch 1.13.1, 2.6.0: pass -pytorch-version 1.13 or 2.6)
//
// # Backends
//
// An out-of-tree backend keeps a yaml in the format torchgen's
// gen_backend_stubs reads:
//
//	backend: PrivateUse1
//	cpp_namespace: my_device
//	supported:
//	  - add.Tensor
//	  - abs
//	autograd:
//	  - max_pool3d
//
// With -backend FILE (config key: backend), gen and vet wrap the ops the
// backend registers a kernel for: supported, full_codegen and autograd.
// torchgen adds full_codegen to supported. symint, ir_gen and non_native
// are read and checked, not selected. ops: then narrows the selection:
// each entry must select at least one of the backend's ops. Without ops:,
// all of them are wrapped.
//
// The backend promises a kernel for each of its ops. So vet reports a
// missing one as a finding, at the op's line in the backend file, as for
// an explicit ops: list.
//
// The keys are torchgen's: backend, cpp_namespace, class_name,
// use_out_as_primary, device_guard, supported, autograd, full_codegen,
// symint, ir_gen and non_native. backend and cpp_namespace are required.
// These are errors at file:line:col:
//
//   - another key;
//   - an op name that is not in the schema, with the closest names;
//   - an op listed twice, or under both supported and autograd.
//
// # Modes
//
// Function mode finds the function of each selected op in the kernels
// package, by the naming rule below. It checks that its signature is the
// one the schema and the type map give. They are compared as Go types: an
// alias is the type it stands for, and a generic function is compared once
// instantiated (see Generic tensor types). It emits a function of the same
// name and signature in the output package. Ops without a kernel are
// skipped.
//
// When the config selects its ops by name or backend (ops:, backend:),
// each needs a kernel. gen writes the wrappers of the others. Then, for
// each op without a kernel, it prints where the op is selected and the
// declaration to write in the kernels package, ready to paste, and exits
// 1. vet prints the same as findings:
//
//	assertgen.yaml:6:12: abs: no kernel Abs in example.com/k; write:
//		func Abs(self *Tensor) *Tensor
//
// -stubs FILE (gen or vet) writes those declarations to FILE, a new file
// of the kernels package. Each has a body that panics "TODO: implement Abs
// (abs)". So the package builds, the next gen wraps every op, and the
// tests that call an unimplemented kernel say which.
//
// FILE must be in the kernels package's directory. It must be a .go file
// the go command builds there on every system:
//
//   - not a test file;
//   - not starting with _ or .;
//   - without a system or architecture suffix (_windows.go).
//
// Another name is a usage error that names one that would do. A kernel
// name the package declares as something else is refused: a variable, a
// constant, a type, or a name of its test files. vet's finding says what
// it is.
//
// The stubs are type-checked with the package, in the release build and
// with the build tag, before they are written. The file is written as gen
// writes its set: whole or absent, also when stopped by a signal, and
// never over a file that exists. Before gen writes its set, it checks the
// stubs it will write. So a refusal leaves every file as it was. gen
// -check, which writes nothing, takes no -stubs.
//
// allow_missing_kernels: true says the gap is expected: gen exits 0 and
// counts the ops without a kernel. Without ops: and backend:, every op of
// the schema is selected. The package then implements those it has. gen
// counts the others, and vet -v lists them.
//
// Interface mode emits a Kernels interface with one method per selected
// op, and Checked(next Kernels) Kernels. Checked is a decorator that
// checks every call of next. Without the build tag, Checked returns next
// itself.
//
// Given a kernels package (kernels: or -kernels), interface mode also
// writes PREFIX_adapter.go, built in both builds. It declares type
// Functions struct{}, which implements Kernels by calling the package's
// function of each op. Function mode's naming and signature rules apply,
// and every selected op needs its kernel. So Checked(Functions{}) checks
// those functions. vet then checks them as in function mode: a wrong
// signature and a missing kernel are findings, which gen refuses. -stubs
// writes the missing ones.
//
// # Kernels bound in the config
//
// A library whose operations are methods (gonum's dst.Add(a, b), spago's
// a.AddInPlace(b)) needs no function per op. bind: gives an op's kernel as
// Go code over its parameters, by op name:
//
//	bind:
//	  add.out: out.Add(self, other)        # returns out, the argument it writes
//	  add_.Tensor: self.Add(self, other)   # returns self
//	  mm: ret.Mul(self, mat2)              # ret: a new Tensor (new(mat.Dense)), returned
//	  t: self.T().(*mat.Dense)             # an expression: returned
//	bind_imports: [gonum.org/v1/gonum/floats]
//
// What the bound kernel returns depends on the code:
//
//   - Code that uses the name ret gets ret := new(T) for the Tensor type
//     *T, and returns it. That is for an op with one fresh Tensor return.
//   - Other code of an op whose returns are the arguments it writes: see
//     below.
//   - Any other code: an expression is returned, and statements (several,
//     separated by ;) run as written.
//
// An op whose returns are the arguments it writes returns them after the
// code. returns_arg then cannot fail. gen counts such ops, and so does
// vet, naming up to five and listing more with -v. Three kinds of code
// return their own value instead, which the checks then see:
//
//   - a call whose one result the op's return can hold, as the
//     type-checked code says: self.AddTo(b) returning *T is returned, and
//     returns_arg checks it;
//   - an expression but no call: a type assertion of the library's result,
//     self.AddInPlace(b).(*mat.Dense);
//   - statements whose last is a return, which return what it returns:
//     res, err := self.Mul(b, tensor.UseUnsafe()); if err != nil {
//     panic(err) }; return res.
//
// The code names the op's arguments by their Go parameter names. Those are
// the schema's, except where Go's differ: clamp's min is min_, and an
// error about min says so. The code names the type map's packages, and
// those of bind_imports, by their package names.
//
// gen prints the bound kernels in PREFIX_bound.go, in both builds, and the
// wrappers call them. A library's panic is the call's. A bound op must be
// selected (ops:), and have no function in the kernels package; kernels:
// may then be left out.
//
// gen and vet type-check the code before writing anything. Each error is
// at the line and column in the config of the code it is about. That holds
// for a value of any YAML style: plain, quoted, a literal | or folded >
// block, over several lines:
//
//	assertgen.yaml:11:11: bind: mm: ret.Mull undefined (type *mat.Dense has no field or method Mull)
//
// Refused, at their line:
//
//   - an op that is not selected, or has a kernel in the kernels package
//     too;
//   - code that is not Go, or does not type-check;
//   - two packages of one name among bind_imports and the type map's, at
//     the second's place in bind_imports: bound code names a package by its
//     name;
//   - a package of bind_imports that imports the package gen writes: an
//     import cycle.
//
// The Tensor type's package may be hidden by a parameter of the same name:
// addmv's mat, with gonum's mat. gen then makes ret in a function of its
// own, newBound<Op>.
//
// A config written by a tool (init -type's) stays as the tool wrote it,
// when what you add by hand is a config of its own that includes it:
//
//	include: [../assertgen.yaml]         # the keys of the file init wrote
//	memory: example.com/rt.FastMemory    # a key set here wins over the included one
//	ops: [narrow]                        # lists add to the included ones
//	bind:                                # and so do mappings; here wins for an op in both
//	  narrow: mylib.Narrow(self, dim, start, length)
//
// The included file's relative paths are read from its directory, and its
// errors are at their place in it. An op listed in both is one op, which
// this file may rebind: its bind: entry wins. An op listed twice here is
// an error.
//
// Both modes write the checked rows into shape helpers (PREFIX_shapes.go,
// with the build tag). They are shared by the ops whose rows differ only
// in names, and the wrappers call them. On a terminal, a long gen prints
// its progress to stderr every 2 s (ops done / total). Otherwise it prints
// only its final line.
//
// # Names
//
// Op names map to Go identifiers by one rule (plan.GoName):
//
//   - words separated by underscores are capitalised and joined: add_relu
//     → AddRelu;
//   - leading underscores become X: _cast_Byte → XCastByte;
//   - an in-place name keeps its trailing underscore: add_ → Add_;
//   - dunders become Dunder...: __iand__ → DunderIand;
//   - the overload follows: add.Tensor → AddTensor, add_.Tensor →
//     Add_Tensor, sum.dim_IntList → SumDimIntList.
//
// The rule is collision-free over all 2,952 ops of PyTorch 1.13.1, all
// 3,144 of 2.6.0 and all 3,103 of 2.14.1. In other schemas, a later op
// whose name collides gets a suffix _2, _3, ... in schema order.
//
// Parameters keep their schema names. A trailing underscore is added to
// the names Go or the wrapper already uses:
//
//   - keywords and predeclared names: type → type_, len → len_;
//   - the packages the wrapper refers to: asserts, kernels;
//   - the wrapper's own locals. fr is the Frame. k and next are the
//     receiver and its field in interface mode. r0, r1, ... are the
//     results. before_<hash>, after_<hash> and shape_<hash> are the shape
//     helpers and Shapes the wrapper refers to.
//   - c, a0, l0, o0, ol0, locs_<hash>, checksPre_<hash> and
//     checksPost_<hash>, so that parameter names stay the same across
//     assertgen's releases.
//
// # Types
//
// Schema types map to Go types through the type map. The defaults:
//
//   - Tensor → asserts.Tensor. Set it to your tensor handle type (see
//     below).
//   - int and SymInt → int64; float → float64; bool → bool; str → string;
//   - Scalar, Generator, Storage and Stream → any;
//   - ScalarType, Layout, MemoryFormat and QScheme → int;
//   - Device and Dimname → string.
//
// T[] is []T, int[2] too. T? is *T, except for tensors, lists and other
// nil-able types, where nil stands for None. An entry for an exact
// spelling ("int[]", "Tensor?[]", "Scalar?") wins.
//
// The tensor handle type must be a pointer or an interface, since nil
// stands for an absent Tensor?. A nil interface is also the undefined
// tensor, which the wrappers hand to asserts as one. The interface must
// have the contract's methods: Ident and, with use counts, UseCounts. A
// type of the Go language (any, error, int, *float64), an interface
// literal and a type parameter are no tensor type. They are errors at
// their entry.
//
// gen's work is linear in how deep a type nests: Tensor[] nested 10,000
// deep takes a tenth of a second.
//
// # Foreign types
//
// A Tensor type may have no identities of its own and no contract methods:
// a library's type as it is, such as gonum's *mat.Dense. It is checked
// through one function of yours that says where a tensor's elements are,
// named by memory: (or -memory):
//
//	memory: example.com/rt.Memory     # func Memory(m *mat.Dense) asserts.Memory
//	types:
//	  Tensor: "*gonum.org/v1/gonum/mat.Dense"
//
// The function returns asserts.SliceMemory of the backing slice, with
// Memory.Strided for the geometry. The shape helpers' package then
// declares an adapter type over the Tensor type's base: type ForeignDense
// mat.Dense. Its methods give asserts' contract from the handle's address
// and that memory. The wrappers pass their tensors to the checks converted
// to it: the same pointer. memory: implies use_counts: false. The memory
// function's result may be asserts.Memory, or an alias of it.
//
// These are errors at their line:
//
//   - a Tensor type without a method Ident() asserts.Ident, and no
//     memory:;
//   - a memory function of another signature;
//   - memory: for a type that has Ident;
//   - memory: for a type that is not a pointer to a named type;
//   - memory: without a Tensor in the type map (Tensor is then
//     asserts.Tensor);
//   - a struct with a field named as one of the adapter's methods: Memory,
//     Ident, StorageAnchor, MetadataFingerprint or ContentDigest. Go
//     refuses a field and a method of one name. The error is at types:
//     Tensor.
//   - a memory function's package that imports the package gen writes (an
//     import cycle), at memory:.
//
// # What gen writes builds
//
// Before writing, gen loads the files it is about to write as the go
// command builds them: go list with an overlay of them, in the release
// build and with build_tag. It refuses an import cycle, and an internal
// package the output may not import; for the latter, write the output
// under the internal package's parent. The error is at the config's line
// that brought the import in: kernels:, memory:, bind_imports: or types:.
//
// What a command fixes once the files are written is one note line, and
// exit 0: a module that vendors is told to run go mod vendor. gen -check
// and vet, which write nothing, run the same load and refuse the same.
// Outside any module, nothing is loaded, and a note says the package builds
// only in one.
//
// Two sets of two prefixes may share an output directory. But a second set
// with sweep: true (SweepOps), or with memory: over the same type (its
// adapter type, ForeignT), would declare a name twice. gen, gen -check and
// vet refuse it at that key.
//
// A StorageAnchor that a test file of the tensor type's package declares
// is refused at the method. gen reads the package without its test files,
// so the package's tests would have the method the wrappers were generated
// without.
//
// A kernel declared on some platforms only is refused at its declaration,
// by gen, gen -check and vet, on every platform. That is a file k_linux.go,
// or a //go:build line on GOOS or GOARCH. gen would bind the op on those
// platforms and not on the others, and write other files there. Declare it
// in a file every platform builds, or in one for each; a stub that panics
// will do.
//
// gen and vet check the type map before generating anything:
//
//   - Each Go type with an import path must exist in its package, loaded
//     from the config's directory as the generated package will be built.
//     A misspelt name gets the closest one.
//   - Tensor's Go type must be able to hold nil.
//   - In function mode, a type map without Tensor, while the kernels take a
//     tensor type of their own, is an error that names the entry to add.
//   - Function mode without a kernels package is an error at mode: (or the
//     config's first line), or a usage error without a config.
//   - A kernels package, or a type map entry's package, that is a program
//     (package main) is an error at its value: the generated package would
//     have to import it.
//
// Some of these errors:
//
//	assertgen.yaml:4:11: types: Tensor: no type Tensr in example.com/mt; did you mean "*example.com/mt.Tensor"?
//	assertgen.yaml:4:11: types: Tensor: example.com/mt.Tensor cannot be nil, which stands for an absent Tensor?; did you mean "*example.com/mt.Tensor"?
//	assertgen.yaml:4:11: types: Tensor: the interface example.com/mt.Handle has no method Ident() asserts.Ident (asserts.Identity), which the wrappers call on every tensor: add it to the interface (a library's interface you cannot change: map Tensor to the pointer type its values have, with memory:)
//	assertgen.yaml:4:11: types: Tensor: example.com/mt.Tensor is generic (type parameters T): write example.com/mt.Tensor[T] with T under type_params:, or an instantiation such as example.com/mt.Tensor[float32]
//	assertgen.yaml:1:1: the type map has no Tensor, so Tensor is asserts.Tensor, but kernel Neg (k.go:5:6) takes *example.com/mt.Tensor: add types: {Tensor: "*example.com/mt.Tensor"}
//	assertgen.yaml:1:1: function mode (the default) needs the kernels package: add kernels: ./dir (or an import path: the package of the functions to wrap), or mode: interface
//	assertgen.yaml:1:10: kernels: example.com/k is a program (package main), which the generated package cannot import: move the kernels and the tensor type into a package of their own
//
// # Generic tensor types
//
// A runtime generic in its element type keeps its kernels generic, and its
// wrappers are generic too. Code generic in T calls checked.AddTensor(x, y,
// 1) where it called the kernel, for every element type. The type map names
// the tensor type with a type parameter. type_params: declares it, with the
// element types to check it with:
//
//	types:
//	  Tensor: "*example.com/rt.Tensor[T]"
//	  Scalar: T                       # a type parameter may stand anywhere
//	type_params:
//	  T: [float32, float64]
//
// A type parameter's name starts with an upper-case letter; the generated
// code's own names are lower-case. It is a type argument of the Tensor
// type. Its constraint is the one the tensor type's declaration gives that
// place: type Tensor[T float32 | float64]. The generated code spells it as
// the declaration does, or by its terms when it is unexported. A
// constraint with methods that is not exported cannot be spelled, and is
// an error. Each element type must satisfy the constraint.
//
// The wrappers and the shape helpers are declared as func AddTensor[T
// float32 | float64](self *rt.Tensor[T], other *rt.Tensor[T], alpha T)
// *rt.Tensor[T]. They call the kernel instantiated with their T, whatever
// the kernel names its own type parameter. A kernel is bound when:
//
//   - its type parameters are determined by its parameters and results:
//     *Tensor[E] against *Tensor[T] binds E to T;
//   - its constraint admits the whole type set of T's;
//   - the instantiated signature is then the schema's, as Go types.
//
// The compile-time guards instantiate each kernel with each element type
// of type_params:, so the build checks every one. SweepOps is generic:
// SweepOps[float32] is the table of one element type. Its type parameter is
// renamed where a wrapper has its name, as t's T does. In interface mode,
// Kernels, Checked, Functions and SweepOps are generic in the same type
// parameters. Without the tag, the wrappers are direct calls, which the
// compiler inlines once instantiated.
//
// A type map may instead name one instantiation, with no type_params:
// Tensor: "*example.com/rt.Tensor[float32]". The wrappers are then not
// generic, and generic kernels are instantiated with float32. A second
// config, in another output directory, checks float64. Kernels bound in
// the config (bind:) and a memory function (memory:) are not supported
// with type_params:, which refuses them.
//
// # Output
//
// Every file starts with "// Code generated by assertgen. DO NOT EDIT.",
// is gofmt'd, and is byte-identical on every run.
//
// Files are written all or nothing, also when gen is stopped by SIGINT or
// SIGTERM. The new files are staged in a hidden directory inside the
// output directory. They are moved in after a journal commits them. So the
// directory holds either the complete previous set or the complete new
// set. Obsolete parts of a previous run are removed in the same step, and
// no temporary file is left. A run killed outright (SIGKILL) leaves the
// staging directory; the next gen completes or removes it, and gen -check
// reports it. A read-only generated file is an error, not silently
// replaced.
//
// gen removes only files of its own set. A file is removed as obsolete
// when both hold:
//
//   - its name is one gen gives with the prefix: PREFIX_KIND.go or
//     PREFIX_KIND_N.go, KIND one of checked, direct, kernels, adapter and
//     shapes;
//   - it starts with the generated-code header.
//
// So several prefixes can share a directory: gen -prefix ops never touches
// ops_extra_checked.go. A prefix is made of ASCII letters, digits, _, -
// and ., and does not start with ., - or _: the go command ignores files
// whose names start with . or _.
//
// gen reads and replaces only regular files in the output directory. A Go
// file there that is a symbolic link, a FIFO or a device is an error
// naming it: remove it and run again. A Go file that is not generated is
// read whole only if it is 1 MiB or less.
//
// Two gens (or plan -o) writing into one directory at once take turns. A
// run that finds another writing there says so on stderr ("another
// assertgen is writing into it; waiting for it to finish"), and waits. The
// directory ends with the complete set of the run that wrote last. The
// turn is an advisory lock (flock) on the directory itself. It is taken
// only for the write, and the system releases it when its holder exits.
//
// Stale wrappers fail to build:
//
//   - Every generated package names the version of the asserts/wrap API it
//     was written for, in constants that compile only while the runtime
//     accepts that version. vet and gen -check name a set it does not
//     accept, and say to run go generate.
//   - Function mode assigns each kernel to a variable of the expected
//     function type. So a change of the asserts API or of a kernel's
//     signature fails the build.
//
// The generated package imports github.com/assertgen/assertgen/asserts.
// So it builds inside a Go module that requires assertgen: yours, or this
// repository's (the README's main command writes ./_pytorch in it). gen
// adds a note on stderr when the output directory is in no module, with no
// go.mod there or above, where the package cannot build.
//
// The output directory belongs to the generated package. gen and gen
// -check refuse one that holds any other Go file (exit 1, naming it), so
// that gen never writes into an existing package. Allowed besides
// assertgen's own files are:
//
//   - tests (*_test.go);
//   - a package doc file: a package clause with the generated package's
//     name, and comments, such as a doc.go with the //go:generate line. It
//     has no imports and no declarations.
//
// At run time, ASSERTGEN_ASSERTS=off (or asserts.SetEnabled(false)) turns
// checking off in a debug build without rebuilding.
//
// # Input files
//
// Every file assertgen reads as input must be a regular file, or a
// symbolic link to one, of at most 16 MiB: 26 times PyTorch 2.14.1's
// native_functions.yaml. That holds for the schema, tags.yaml,
// derivatives.yaml, assertgen.yaml, allowlists and a backend yaml. A
// device, FIFO, socket or directory, and a larger file, are refused before
// they are read:
//
//	/dev/zero: not a regular file (a character device)
//	big.yaml: larger than the 16 MiB limit on input files
//
// A YAML file holds one document. A second one (a second "---" line), or
// anything but comments after a "..." line, is an error where it starts.
// It is never ignored, in every YAML file assertgen reads:
//
//	assertgen.yaml:4:1: a second YAML document starts here; the file must hold one document
//
// In a schema list (.txt), lines end at "\n", "\r\n" or "\r" alone, as in
// YAML. A UTF-8 byte order mark at the start is skipped. Invalid UTF-8,
// and the control characters YAML forbids, are errors at their place,
// printed escaped: ops.txt:3:24: control character '\x00' is not allowed.
// So is any invisible character a message quotes: '\ufeff'.
//
// Positions are file:line:col, both 1-based, in every kind of file. The
// column counts bytes, as Go's tools do. After "ééé" on a line, it is 3
// more than the count of characters. A tab is one byte. A byte order mark
// counts on the first line.
//
// # Exit status
//
//   - 0: success, and -h on a command.
//   - 1: errors in the input, reported as file:line:col: message, all of
//     them, sorted. Or findings of vet, or stale files for gen -check. Or
//     ops the config selects that have no kernel (gen, function mode,
//     without allow_missing_kernels).
//   - 2: a wrong command line.
//   - 130 and 143: stopped by SIGINT or SIGTERM. gen, init, vet -stubs and
//     plan -o say which files the directory holds.
package main
