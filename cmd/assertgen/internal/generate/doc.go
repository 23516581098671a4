// Package generate holds the commands gen, vet, plan and explain.
//
// Each turns a config into gen's input: the schema, the plan of the
// selected ops and gen's options, with the kernels package loaded
// (internal/discover) and the type map, tensor type and output directory
// checked before anything is written. gen only prints the plan it is
// given; this package loads packages and writes files. It also reports
// the selected ops that lack a kernel (PrintMissing: the declaration to
// write, the closest unused function) and writes their stubs (Stubs),
// checked to build in the kernels package. init uses the same Job.
package generate
