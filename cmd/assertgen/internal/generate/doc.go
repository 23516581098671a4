// Package generate holds the commands gen, vet, plan and explain.
//
// Each turns a config into gen's input: the schema, the plan of the
// selected ops and gen's options. Before anything is written, it loads the
// kernels package (internal/discover), and checks the type map, the tensor
// type and the output directory. gen only prints the plan it is given;
// this package loads packages and writes files.
//
// It also reports the selected ops that lack a kernel (PrintMissing), with
// the declaration to write and the closest unused function. It writes
// their stubs (Stubs), checked to build in the kernels package. init uses
// the same Job.
package generate
