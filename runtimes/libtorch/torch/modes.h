// The C ABI of package torch's thread-local modes (modes.cpp): inference
// mode and forward-AD levels. Same conventions as tensor.h.
#ifndef AG_MODES_H
#define AG_MODES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// ag_inference_enter enables inference mode on the calling thread and
// returns the guard that ag_inference_exit, called on the same thread,
// deletes, restoring the modes and dispatch keys that were in force.
void *ag_inference_enter(void);
void ag_inference_exit(void *guard);
// ag_is_inference tells whether t is an inference tensor (made in
// inference mode: no version counter, no autograd metadata).
int ag_is_inference(void *t);
// ag_dual_level_enter opens a forward-AD level (torch.autograd.forward_ad's
// dual_level) and stores its index; ag_dual_level_exit closes it, freeing
// the tangents made in it.
char *ag_dual_level_enter(int64_t *level);
char *ag_dual_level_exit(int64_t level);

#ifdef __cplusplus
}
#endif
#endif
