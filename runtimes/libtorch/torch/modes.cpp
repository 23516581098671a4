// Inference mode and forward-AD levels: the two modes some ops demand.
// _fw_primal_copy and _make_dual_copy have no kernel but the composite one
// autograd skips only in inference mode, and it asserts that it runs there
// on inference tensors; _make_dual takes the index of a live forward-AD
// level. c10 keeps inference mode per thread, so the Go side (modes.go)
// holds its goroutine on one OS thread between enter and exit; forward-AD
// levels are the process's, one at a time.
#include "modes.h"
#include "ag.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <torch/csrc/autograd/forward_grad.h>

extern "C" void *ag_inference_enter(void) { return new c10::InferenceMode(true); }

extern "C" void ag_inference_exit(void *guard) { delete static_cast<c10::InferenceMode *>(guard); }

extern "C" int ag_is_inference(void *p) {
	const at::Tensor &t = *static_cast<at::Tensor *>(p);
	return t.defined() && t.is_inference();
}

extern "C" char *ag_dual_level_enter(int64_t *level) {
	AG_TRY
	*level = static_cast<int64_t>(torch::autograd::ForwardADLevel::get_next_idx());
	AG_CATCH
}

extern "C" char *ag_dual_level_exit(int64_t level) {
	AG_TRY
	torch::autograd::ForwardADLevel::release_idx(static_cast<uint64_t>(level));
	AG_CATCH
}
