// The C ABI of package torch: handles are heap-allocated at::Tensor objects
// passed as void*. Every function that can fail returns a malloc'd error
// string ("Class\nmessage") or NULL.
#ifndef AG_TORCH_H
#define AG_TORCH_H

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// ag_ident_t is everything asserts reads from a handle, filled by one call.
typedef struct {
	uint64_t impl, storage, version, traits;
	int64_t impl_uses, storage_uses;
} ag_ident_t;

void ag_init(void);
void ag_set_num_threads(int n);
int ag_version(void); // TORCH_VERSION_MAJOR * 100 + TORCH_VERSION_MINOR
int ag_scalar_types(void); // c10::ScalarType::NumOptions: the dtype numbers this release has
void ag_ident(void *t, ag_ident_t *out);
void *ag_undefined(void);
void *ag_share(void *t);
void ag_free(void *t);
char *ag_empty(const int64_t *sizes, int64_t ndim, int dtype, int device, void **out);
char *ag_from_doubles(const double *v, const int64_t *sizes, int64_t ndim, int dtype, void **out);
char *ag_to_doubles(void *t, double *v, int64_t n);
char *ag_detach(void *t, void **out);
char *ag_transpose(void *t, int64_t d0, int64_t d1, void **out);
char *ag_conj(void *t, void **out);
char *ag_select(void *t, int64_t dim, int64_t index, void **out);
char *ag_as_strided(void *t, const int64_t *sizes, const int64_t *strides, int64_t ndim, int64_t offset, void **out);
char *ag_set(void *dst, void *src);
char *ag_resize(void *t, const int64_t *sizes, int64_t ndim);
char *ag_fill(void *t, double v);
char *ag_to_sparse(void *t, void **out);
char *ag_to_functional(void *t, void **out);
char *ag_to_meta(void *t, void **out);
char *ag_describe(void *t, int64_t *ndim, int64_t *sizes, int64_t *strides, int64_t max, int *dtype, int *device);
char *ag_string(void *t, char **out);
int64_t ag_registry_size(void);
int ag_content_digest(void *t, uint64_t *digest);
char *ag_raw_write(void *t);

#ifdef __cplusplus
}
#endif
#endif
