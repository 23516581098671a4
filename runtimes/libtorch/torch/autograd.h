// The C ABI of package torch's accounting of autograd's saved tensors
// (autograd.cpp). See autograd.go.
#ifndef AG_AUTOGRAD_H
#define AG_AUTOGRAD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// ag_saved_live is the number of saved tensors currently held; Go reads it
// without a call to skip the lookup when it is 0.
extern int64_t ag_saved_live;

void ag_track_saved(void);
int64_t ag_saved_storage_refs(void *t);
// ag_set_grad_enabled sets grad mode on the calling thread and returns the
// mode it had.
int ag_set_grad_enabled(int on);

#ifdef __cplusplus
}
#endif
#endif
