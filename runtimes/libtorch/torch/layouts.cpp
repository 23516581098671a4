// Layouts, dtypes and autograd for package torch: constructors of the
// tensor kinds the checks meet beyond dense real tensors, and the queries
// that tell them apart. See layouts.h for the ABI.
#include "layouts.h"
#include "ag.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/variable.h>

namespace {

at::Tensor &L(void *p) { return *static_cast<at::Tensor *>(p); }

char *wrap(at::Tensor t, void **out) {
	*out = new at::Tensor(std::move(t));
	return nullptr;
}

char *dup(const char *s, char **out) {
	size_t n = std::strlen(s);
	*out = static_cast<char *>(std::malloc(n + 1));
	std::memcpy(*out, s, n + 1);
	return nullptr;
}

} // namespace

extern "C" char *ag_layout(void *p, ag_layout_t *out) {
	AG_TRY
	*out = ag_layout_t{};
	const at::Tensor &t = L(p);
	TORCH_CHECK(t.defined(), "undefined tensor");
	switch (t.layout()) {
	case at::kStrided: out->layout = 0; break;
	case at::kSparse: out->layout = 1; break;
	case at::kSparseCsr: out->layout = 2; break;
	case at::kMkldnn: out->layout = 3; break;
	default: out->layout = 100 + static_cast<int>(t.layout());
	}
	out->quantized = t.is_quantized();
	out->conj = t.is_conj();
	out->neg = t.is_neg();
	out->requires_grad = t.requires_grad();
	out->is_leaf = t.is_leaf();
	out->is_view = t.is_view();
	AG_CATCH
}

extern "C" char *ag_neg_view(void *p, void **out) {
	AG_TRY
	return wrap(L(p)._neg_view(), out);
	AG_CATCH
}

extern "C" char *ag_to_sparse_csr(void *p, void **out) {
	AG_TRY
	return wrap(L(p).to_sparse_csr(), out);
	AG_CATCH
}

extern "C" char *ag_to_sparse_blocked(void *p, int column, void **out) {
	AG_TRY
	return wrap(column ? L(p).to_sparse_bsc({1, 1}) : L(p).to_sparse_bsr({1, 1}), out);
	AG_CATCH
}

extern "C" char *ag_mark_uncoalesced(void *p) {
	AG_TRY
	L(p)._coalesced_(false);
	AG_CATCH
}

#if __has_include(<ATen/core/NamedTensor.h>)
#include <ATen/core/NamedTensor.h>
#define AG_NAMES 1
#endif

extern "C" int ag_has_names(void) {
#ifdef AG_NAMES
	return 1;
#else
	return 0;
#endif
}

// ag_set_names names t's dims in place (at::internal_set_names_inplace,
// what refine_names and names_ do underneath): names holds one name per
// dim, comma-separated; "" removes the names.
extern "C" char *ag_set_names(void *p, const char *names) {
	AG_TRY
#ifdef AG_NAMES
	std::vector<at::Dimname> dims;
	std::string all(names);
	for (size_t i = 0; !all.empty() && i <= all.size();) {
		size_t j = all.find(',', i);
		if (j == std::string::npos) {
			j = all.size();
		}
		dims.push_back(at::Dimname::fromSymbol(at::Symbol::dimname(all.substr(i, j - i))));
		i = j + 1;
	}
	if (dims.empty()) {
		at::internal_set_names_inplace(L(p), c10::nullopt);
	} else {
		at::internal_set_names_inplace(L(p), std::move(dims), /*validate_names=*/true);
	}
#else
	(void)p;
	(void)names;
	TORCH_CHECK(false, "this libtorch has no named tensors");
#endif
	AG_CATCH
}

// ag_names returns t's dim names comma-separated, "" for an unnamed t.
extern "C" char *ag_names(void *p, char **out) {
	AG_TRY
	std::string s;
#ifdef AG_NAMES
	const at::Tensor &t = L(p);
	if (t.has_names()) {
		for (const auto &d : t.names()) {
			if (!s.empty()) {
				s += ',';
			}
			s += d.symbol().toUnqualString();
		}
	}
#endif
	return dup(s.c_str(), out);
	AG_CATCH
}

extern "C" char *ag_to_dense(void *p, void **out) {
	AG_TRY
	return wrap(L(p).to_dense(), out);
	AG_CATCH
}

extern "C" char *ag_quantize_per_tensor(void *p, double scale, int64_t zero_point, int qdtype, void **out) {
	AG_TRY
	at::ScalarType q = at::kQUInt8;
	switch (qdtype) {
	case 0: q = at::kQUInt8; break;
	case 1: q = at::kQInt8; break;
	case 2: q = at::kQInt32; break;
	default: TORCH_CHECK(false, "ag_quantize_per_tensor: unknown quantized dtype ", qdtype);
	}
	return wrap(at::quantize_per_tensor(L(p), scale, zero_point, q), out);
	AG_CATCH
}

extern "C" char *ag_dequantize(void *p, void **out) {
	AG_TRY
	return wrap(L(p).dequantize(), out);
	AG_CATCH
}

extern "C" char *ag_to_mkldnn(void *p, void **out) {
	AG_TRY
	return wrap(L(p).to_mkldnn(), out);
	AG_CATCH
}

extern "C" int ag_has_mkldnn(void) { return at::hasMKLDNN() ? 1 : 0; }

extern "C" char *ag_set_requires_grad(void *p, int on) {
	AG_TRY
	L(p).set_requires_grad(on != 0);
	AG_CATCH
}

// ag_clone is at::clone through the dispatcher: with autograd on, a
// non-leaf whose grad_fn is CloneBackward.
extern "C" char *ag_clone(void *p, void **out) {
	AG_TRY
	return wrap(L(p).clone(), out);
	AG_CATCH
}

extern "C" char *ag_grad_fn(void *p, char **name) {
	AG_TRY
	const auto &fn = L(p).grad_fn();
	return dup(fn ? fn->name().c_str() : "", name);
	AG_CATCH
}

// ag_backward_sum runs t.sum().backward(): the saved tensors of t's graph
// are unpacked and the leaves get their .grad.
extern "C" char *ag_backward_sum(void *p) {
	AG_TRY
	L(p).sum().backward();
	AG_CATCH
}

extern "C" char *ag_grad(void *p, void **out) {
	AG_TRY
	return wrap(L(p).grad(), out);
	AG_CATCH
}

// ag_call calls the operator name.overload through the dispatcher, boxed:
// its Tensor arguments from ts and its int arguments from ints, in schema
// order; every other argument takes its schema default (None when it has
// none). It returns the Tensor returns, each a new handle, in a malloc'd
// array. For tests that need an op on any release without that release's
// bindings.
extern "C" char *ag_call(const char *name, const char *overload, void **ts, int64_t nt, const int64_t *ints, int64_t ni,
                         void ***outs, int64_t *nout) {
	AG_TRY
	*outs = nullptr;
	*nout = 0;
	auto op = c10::Dispatcher::singleton().findSchemaOrThrow(name, overload);
	const auto &schema = op.schema();
	torch::jit::Stack stack;
	int64_t it = 0, ii = 0;
	for (const auto &a : schema.arguments()) {
		auto kind = a.type()->kind();
		if (kind == c10::TypeKind::TensorType) {
			TORCH_CHECK(it < nt, "ag_call: ", name, " takes more tensors than the ", nt, " given");
			stack.emplace_back(L(ts[it++]));
		} else if (kind == c10::TypeKind::IntType && ii < ni) {
			stack.emplace_back(ints[ii++]);
		} else if (a.default_value()) {
			stack.push_back(*a.default_value());
		} else {
			stack.emplace_back();
		}
	}
	op.callBoxed(&stack);
	std::vector<at::Tensor> r;
	for (auto &v : stack)
		if (v.isTensor()) r.push_back(v.toTensor());
	*outs = static_cast<void **>(std::malloc(sizeof(void *) * (r.size() + 1)));
	for (size_t i = 0; i < r.size(); i++) (*outs)[i] = new at::Tensor(r[i]);
	*nout = static_cast<int64_t>(r.size());
	AG_CATCH
}
