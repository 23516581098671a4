// Autograd's saved tensors, accounted for. When a VariableType kernel
// records an op for backward it saves some of the op's inputs and outputs
// in the grad_fn it makes (SavedVariable). A saved output is kept as a
// second TensorImpl on the output's storage (tensor_data()), a saved
// non-differentiable output or input as the tensor itself. Both are owners
// the user cannot reach, and PyTorch's own debug asserts never see them:
// those run in the VariableType kernel on the result of the redispatch,
// before set_history and the saves. The checks here run around the whole
// op, so they would count them.
//
// ag_track_saved installs an autograd engine whose default saved-tensor
// hooks (SavedVariableHooks, the C++ side of torch.autograd.graph's
// saved_tensors_hooks) keep every saved tensor as a tensor_data() copy
// (what SavedVariable keeps for an output without hooks) and record the
// StorageImpl each copy holds. ag_saved_storage_refs tells how many of a
// storage's references are such copies, which UseCounts leaves out. With
// hooks, SavedVariable leaves the version check of an unpacked tensor to
// them; the unpack hook makes it, as SavedVariable does without hooks.
#include "autograd.h"

#include <ATen/ATen.h>
#include <c10/core/GradMode.h>
#include <torch/csrc/autograd/engine.h>
#include <torch/csrc/autograd/saved_variable_hooks.h>
#include <torch/csrc/autograd/variable.h>

#include <atomic>
#include <mutex>
#include <unordered_map>

int64_t ag_saved_live = 0;

namespace {

std::mutex saved_mu;
std::unordered_map<const c10::StorageImpl *, int64_t> saved_refs;

void account(const c10::StorageImpl *s, int64_t d) {
	std::lock_guard<std::mutex> g(saved_mu);
	int64_t &n = saved_refs[s];
	n += d;
	if (n == 0) saved_refs.erase(s);
	__atomic_add_fetch(&ag_saved_live, d, __ATOMIC_RELAXED);
}

struct CountedHooks : torch::autograd::SavedVariableHooks {
	at::Tensor data;
	uint32_t version = 0;
	const c10::StorageImpl *storage = nullptr;

	void call_pack_hook(const at::Tensor &t) override {
		version = t._version();
		data = t.tensor_data();
		if (data.unsafeGetTensorImpl()->has_storage()) {
			storage = data.storage().unsafeGetStorageImpl();
			if (storage != nullptr) account(storage, 1);
		}
	}

	at::Tensor call_unpack_hook() override {
		TORCH_CHECK(data._version() == version,
		            "one of the variables needed for gradient computation has been modified by an inplace "
		            "operation: saved at version ",
		            version, ", now at version ", data._version());
		return data;
	}

	~CountedHooks() override {
		if (storage != nullptr) account(storage, -1);
	}
};

struct CountingEngine : torch::autograd::Engine {
	std::unique_ptr<torch::autograd::SavedVariableHooks> get_default_saved_variable_hooks() override {
		return std::make_unique<CountedHooks>();
	}
};

// The engine lives as long as the process (Engine expects one instance for
// the process lifetime and its destructor stops worker threads).
CountingEngine *engine = nullptr;

torch::autograd::Engine &counting_engine() { return *engine; }

std::once_flag once;

} // namespace

extern "C" void ag_track_saved(void) {
	std::call_once(once, [] {
		engine = new CountingEngine();
		torch::autograd::set_default_engine_stub(counting_engine);
	});
}

extern "C" int64_t ag_saved_storage_refs(void *p) {
	const at::Tensor &t = *static_cast<at::Tensor *>(p);
	if (!t.defined() || !t.unsafeGetTensorImpl()->has_storage()) return 0;
	const c10::StorageImpl *s = t.storage().unsafeGetStorageImpl();
	std::lock_guard<std::mutex> g(saved_mu);
	auto it = saved_refs.find(s);
	return it == saved_refs.end() ? 0 : it->second;
}

#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/functions/accumulate_grad.h>

#include <unordered_set>
#include <vector>

// ag_accumulator_refs counts the references to view t's base that t's own
// autograd graph holds: a view of a leaf that requires grad has a grad_fn
// whose edges lead to the leaf's AccumulateGrad node, which holds the leaf
// itself. When the leaf is the view's base and nothing else holds it (the
// user released it), it is reachable only through the view's metadata, as
// the ViewInfo's own reference is, and must not count as an owner of the
// storage either (tensor.cpp, view_base_refs). The walk follows the graph
// from t's grad_fn up to a bound; a reference it does not reach is counted
// as an owner (a use count too high, never one too low).
int64_t ag_accumulator_refs(const at::Tensor &t, const at::TensorBase &base) {
	auto *meta = torch::autograd::impl::get_autograd_meta(t);
	if (meta == nullptr || !meta->grad_fn_ || !base.requires_grad()) return 0;
	std::vector<torch::autograd::Node *> todo{meta->grad_fn_.get()};
	std::unordered_set<torch::autograd::Node *> seen;
	int64_t n = 0;
	while (!todo.empty() && seen.size() < 64) {
		torch::autograd::Node *fn = todo.back();
		todo.pop_back();
		if (fn == nullptr || !seen.insert(fn).second) continue;
		if (auto *acc = dynamic_cast<torch::autograd::AccumulateGrad *>(fn)) {
			if (acc->variable.is_same(base)) n++;
			continue;
		}
		for (const auto &e : fn->next_edges()) todo.push_back(e.function.get());
	}
	return n;
}

extern "C" int ag_set_grad_enabled(int on) {
	bool was = c10::GradMode::is_enabled();
	c10::GradMode::set_enabled(on != 0);
	return was ? 1 : 0;
}
