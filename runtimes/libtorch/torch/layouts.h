// The C ABI of package torch's layouts, dtypes and autograd constructors
// (layouts.cpp): complex tensors and their conjugate and negative bits,
// sparse COO and CSR, quantized and mkldnn tensors, requires_grad leaves.
// Same conventions as tensor.h: handles are heap at::Tensor*, every function
// that can fail returns a malloc'd "Class\nmessage" or NULL.
#ifndef AG_LAYOUTS_H
#define AG_LAYOUTS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// ag_layout_t describes what a tensor is beyond its shape and dtype.
typedef struct {
	int layout;     // 0 strided, 1 sparse COO, 2 sparse CSR, 3 mkldnn, 100+c10 code otherwise
	int quantized;  // a quantized dtype (QTensorImpl)
	int conj, neg;  // the conjugate and negative bits
	int requires_grad, is_leaf, is_view;
} ag_layout_t;

char *ag_layout(void *t, ag_layout_t *out);
char *ag_neg_view(void *t, void **out);
char *ag_to_sparse_csr(void *t, void **out);
char *ag_to_sparse_blocked(void *t, int column, void **out); // BSR (BSC when column), 1x1 blocks
char *ag_mark_uncoalesced(void *t); // _coalesced_(false)
char *ag_to_dense(void *t, void **out);
int ag_has_names(void); // whether this release names dims (named tensors; 2.14.1 has none)
char *ag_set_names(void *t, const char *names); // names dims in place: names comma-separated, "" for none
char *ag_names(void *t, char **out);           // t's dim names comma-separated, "" for an unnamed t
char *ag_quantize_per_tensor(void *t, double scale, int64_t zero_point, int qdtype, void **out);
char *ag_dequantize(void *t, void **out);
char *ag_to_mkldnn(void *t, void **out);
int ag_has_mkldnn(void);
char *ag_set_requires_grad(void *t, int on);
char *ag_clone(void *t, void **out);
char *ag_grad_fn(void *t, char **name);
char *ag_backward_sum(void *t);
char *ag_grad(void *t, void **out);
char *ag_call(const char *name, const char *overload, void **ts, int64_t nt, const int64_t *ints, int64_t ni, void ***outs, int64_t *nout);

#ifdef __cplusplus
}
#endif
#endif
