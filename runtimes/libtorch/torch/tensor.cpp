// The C++ side of package torch: identities, use counts and the few tensor
// operations the runtime itself needs. See tensor.h for the ABI.
#include "tensor.h"
#include "ag.h"

#include <ATen/ATen.h>
#include <ATen/FunctionalTensorWrapper.h>
#include <ATen/Parallel.h>
#include <c10/util/Logging.h>
#include <torch/csrc/autograd/variable.h>
#include <torch/version.h>

#include <atomic>
#include <cstring>
#include <typeinfo>
#include <mutex>
#include <sstream>
#include <unordered_map>

int64_t ag_accumulator_refs(const at::Tensor &t, const at::TensorBase &base); // autograd.cpp

namespace {

// Identities are numbers from one counter, never addresses. An address is
// mapped to its number while the registry holds a weak reference to the
// object: c10 frees an intrusive_ptr target's memory only once the last
// weak reference is gone, so no other object can be allocated at a
// registered address. The entry of an object that dies with the release of
// a Go handle (the handle held its last reference) is dropped at once, by
// ag_free (forget); other dead entries are pruned when the table doubles.
// The address may then be reused, and the new object gets a new number.
//
// Dropping at release matters for speed, not for correctness: a weak
// reference keeps the dead TensorImpl's memory (not its data) from the
// allocator, so without it every checked call's results would land in
// fresh, cache-cold memory until the next prune (the 2.14.1 workload's
// checked/direct median fell from 1.18 to 1.04 with it; see the Overhead
// paragraph of runtimes/libtorch/README.md).
constexpr size_t kPruneMin = 256;

template <class T, class NullType>
struct Table {
	struct Entry {
		c10::weak_intrusive_ptr<T, NullType> weak;
		uint64_t id;
	};
	std::unordered_map<const T *, Entry> m;
	size_t prune_at = kPruneMin;
};

std::mutex mu;
uint64_t next_id = 1;
// registered turns true with the first entry: until then (a build without
// checks) ag_free takes no lock.
std::atomic<bool> registered{false};
Table<c10::TensorImpl, c10::UndefinedTensorImpl> impls;
Table<c10::StorageImpl, c10::detail::intrusive_target_default_null_type<c10::StorageImpl>> storages;

template <class T, class N, class MakeWeak>
uint64_t lookup(Table<T, N> &tab, const T *key, MakeWeak make_weak) {
	auto it = tab.m.find(key);
	if (it != tab.m.end()) return it->second.id;
	if (tab.m.size() >= tab.prune_at) {
		for (auto i = tab.m.begin(); i != tab.m.end();) {
			if (i->second.weak.expired()) i = tab.m.erase(i);
			else ++i;
		}
		tab.prune_at = std::max<size_t>(kPruneMin, 2 * tab.m.size());
	}
	uint64_t id = next_id++;
	tab.m.emplace(key, typename Table<T, N>::Entry{make_weak(), id});
	registered.store(true, std::memory_order_relaxed);
	return id;
}

// A functionalization wrapper's StorageImpl is a FunctionalStorageImpl: the
// alias group functionalization keeps for the wrapper and its views. c10
// replaces it in one case the kernel does not decide: a resize_ that grows
// a wrapper (FunctionalTensorWrapper::maybe_replace_storage, reached from
// resize_output in an out= kernel) gives the wrapper a new one, and only
// after checking that nothing else holds the old one (storage use count 1,
// no views). The group goes on, with its one member; so the new storage
// keeps the old one's number when the wrapper's last seen storage is dead
// and the new one is not registered yet. set_ also swaps a wrapper's
// storage, to another's: that one is not new, and from 2.x c10 marks it
// (was_storage_changed), so it gets no number but its own. fstorages holds,
// per wrapper, the storage it had when last read.
struct FuncStorage {
	c10::weak_intrusive_ptr<c10::StorageImpl> weak;
	uint64_t id;
};
std::unordered_map<const c10::TensorImpl *, FuncStorage> fstorages;
size_t fstorages_prune_at = kPruneMin;

bool storage_changed_by_set(const at::Tensor &t) {
#if TORCH_VERSION_MAJOR >= 2
	return at::functionalization::impl::unsafeGetFunctionalWrapper(t)->was_storage_changed();
#else
	(void)t;
	return false; // 1.13 does not mark it (and its functionalization has no set_)
#endif
}

// functional_storage returns the number of functionalization wrapper t's
// storage s (under mu).
uint64_t functional_storage(const at::Tensor &t, const c10::TensorImpl *impl, const c10::Storage &s) {
	const c10::StorageImpl *key = s.unsafeGetStorageImpl();
	auto weak = [&] { return s.getWeakStorageImpl(); };
	auto f = fstorages.find(impl);
	if (f != fstorages.end() && f->second.weak.expired() && storages.m.find(key) == storages.m.end() &&
	    !storage_changed_by_set(t)) {
		storages.m.emplace(key, decltype(storages)::Entry{weak(), f->second.id});
		f->second.weak = weak();
		return f->second.id;
	}
	uint64_t id = lookup(storages, key, weak);
	if (f != fstorages.end()) {
		f->second = FuncStorage{weak(), id};
		return id;
	}
	if (fstorages.size() >= fstorages_prune_at) {
		for (auto i = fstorages.begin(); i != fstorages.end();) {
			auto e = impls.m.find(i->first);
			if (e == impls.m.end() || e->second.weak.expired()) i = fstorages.erase(i);
			else ++i;
		}
		fstorages_prune_at = std::max<size_t>(kPruneMin, 2 * fstorages.size());
	}
	fstorages.emplace(impl, FuncStorage{weak(), id});
	return id;
}

// forget drops the entries of t's TensorImpl and StorageImpl when t holds
// the last reference to them, just before t is destroyed. The counts cannot
// rise meanwhile: only t refers to the objects, and the table never turns
// its weak references into strong ones.
void forget(const at::Tensor &t) {
	if (!registered.load(std::memory_order_relaxed) || !t.defined() || t.use_count() != 1) return;
	c10::TensorImpl *impl = t.unsafeGetTensorImpl();
	c10::StorageImpl *st = nullptr;
	if (impl->has_storage() && impl->storage().use_count() == 1) st = impl->storage().unsafeGetStorageImpl();
	std::lock_guard<std::mutex> g(mu);
	impls.m.erase(impl);
	fstorages.erase(impl);
	if (st != nullptr) storages.m.erase(st);
}

// Trait bits, as asserts.Traits numbers them.
constexpr uint64_t kMeta = 1 << 3, kStorageless = 1 << 4, kFunctional = 1 << 5, kVersioned = 1 << 6,
		   kHiddenStorageRefs = 1 << 7;

at::Tensor &T(void *p) { return *static_cast<at::Tensor *>(p); }

at::ScalarType dtype_of(int d) {
	switch (d) {
	case 1: return at::kDouble;
	case 2: return at::kLong;
	case 3: return at::kInt;
	case 4: return at::kBool;
	case 5: return at::kComplexFloat;
	case 6: return at::kByte;
	case 7: return at::kComplexDouble;
	default:
		// 100 + a c10::ScalarType number (Dtype.String's other types)
		if (d >= 100 && d < 100 + static_cast<int>(at::ScalarType::NumOptions)) return static_cast<at::ScalarType>(d - 100);
		TORCH_CHECK(d < 100, "this libtorch has no c10::ScalarType ", d - 100);
		return at::kFloat;
	}
}

int dtype_code(at::ScalarType s) {
	switch (s) {
	case at::kFloat: return 0;
	case at::kDouble: return 1;
	case at::kLong: return 2;
	case at::kInt: return 3;
	case at::kBool: return 4;
	case at::kComplexFloat: return 5;
	case at::kByte: return 6;
	case at::kComplexDouble: return 7;
	default: return 100 + static_cast<int>(s);
	}
}

at::TensorOptions options(int dtype, int device) {
	auto o = at::TensorOptions().dtype(dtype_of(dtype));
	if (device == 1) o = o.device(at::kMeta);
	return o;
}

} // namespace

extern "C" {

void ag_init(void) {
	// A thrown c10::Error collects a stack trace by default (milliseconds);
	// errors are part of normal operation here, so make them cheap.
	c10::SetStackTraceFetcher([]() -> std::string { return std::string(); });
}

int ag_version(void) { return TORCH_VERSION_MAJOR * 100 + TORCH_VERSION_MINOR; }

int ag_scalar_types(void) { return static_cast<int>(at::ScalarType::NumOptions); }

void ag_set_num_threads(int n) {
	try {
		at::set_num_threads(n);
	} catch (...) {
	}
}

// view_base_refs counts the references to view t's base that t's own
// autograd metadata holds: its ViewInfo's base_, and, from libtorch 2 on,
// the reverse view function of a view that is not as_strided-replayable
// (conj, view_as_real, ...), which keeps the base captured (measured: a conj
// view holds its base twice on 2.6 and 2.14, once on 1.13). The function's
// references are counted exactly, without touching the view: a copy of the
// function adds one reference per capture of the base.
static int64_t view_base_refs(const at::Tensor &t, const at::TensorBase &base) {
	// the ViewInfo's base_, and the leaf's AccumulateGrad node in the
	// view's own graph (a view of a leaf that requires grad)
	int64_t n = 1 + ag_accumulator_refs(t, base);
#if TORCH_VERSION_MAJOR >= 2
	auto *m = torch::autograd::impl::get_view_autograd_meta(t);
	if (m == nullptr || !m->has_bw_view()) return n;
	std::vector<const torch::autograd::ViewInfo *> infos{&m->get_backward_view()};
	if (m->has_fw_view() && &m->get_forward_view() != infos[0]) {
		if (m->get_forward_view().base_.is_same(base)) n++;
		infos.push_back(&m->get_forward_view());
	}
	std::lock_guard<std::mutex> g(mu);
	for (const auto *vi : infos) {
		if (!vi->rev_view_fn_) continue;
		int64_t before = static_cast<int64_t>(base.use_count());
		std::function<at::Tensor(const at::Tensor &)> copy = vi->rev_view_fn_;
		n += static_cast<int64_t>(base.use_count()) - before;
	}
#endif
	return n;
}

// chained_view_fn reports whether view t was made from another view by a
// view that as_strided cannot replay, on libtorch 2.x: its ViewInfo (the
// backward one, or the forward one) then has a view function that chains
// two (ChainedViewFunc), and its reverse view function, a type-erased
// std::function, may keep the intermediate view captured: a TensorImpl on
// the storage that no user can reach and no count tells from one a user
// holds (TestChainedViewOfTemporary). A view made from its root by one
// view captures the root only, which view_base_refs counts exactly. The
// type is told by its name: ChainedViewFunc is not exported from
// libtorch_cpu (no typeinfo symbol to link a dynamic_cast against), but
// every object carries its dynamic type's name (Itanium C++ ABI, g++).
static bool chained_view_fn(const at::Tensor &t) {
#if TORCH_VERSION_MAJOR >= 2
	auto *m = torch::autograd::impl::get_view_autograd_meta(t);
	if (m == nullptr) return false;
	auto chained = [](const torch::autograd::ViewInfo &vi) {
		return vi.has_view_fn() &&
		       std::strcmp(typeid(vi.view_fn()).name(), "N5torch8autograd15ChainedViewFuncE") == 0;
	};
	return (m->has_bw_view() && chained(m->get_backward_view())) ||
	       (m->has_fw_view() && chained(m->get_forward_view()));
#else
	(void)t;
	return false; // 1.13: view functions capture the root only (TestChainedViewOfTemporary)
#endif
}

void ag_ident(void *p, ag_ident_t *out) {
	*out = ag_ident_t{};
	if (p == nullptr) return;
	const at::Tensor &t = T(p);
	if (!t.defined()) return;
	c10::TensorImpl *impl = t.unsafeGetTensorImpl();
	uint64_t traits = 0;
	if (impl->is_meta()) traits |= kMeta;
	if (at::functionalization::impl::isFunctionalTensor(t)) traits |= kFunctional;
	if (!impl->is_inference()) {
		traits |= kVersioned;
		out->version = impl->version_counter().current_version();
	}
	out->impl_uses = static_cast<int64_t>(t.use_count());
	bool has_storage = impl->has_storage();
	if (has_storage) {
		int64_t uses = static_cast<int64_t>(impl->storage().use_count());
		// An autograd view keeps its base alive. A base that nothing but
		// this view's autograd metadata holds (the temporary of a
		// decomposition such as ravel = contiguous().view(-1), or of
		// fft_ifft's conj view on 2.x) cannot be reached by any user and
		// owns nothing: it is not counted.
		if (t.is_view()) {
			const at::TensorBase &base = t._base();
			if (base.defined() && base.has_storage() &&
			    base.storage().unsafeGetStorageImpl() == impl->storage().unsafeGetStorageImpl() &&
			    static_cast<int64_t>(base.use_count()) == view_base_refs(t, base))
				uses--;
			if (chained_view_fn(t)) traits |= kHiddenStorageRefs;
		}
		out->storage_uses = uses;
	} else {
		traits |= kStorageless;
	}
	out->traits = traits;
	std::lock_guard<std::mutex> g(mu);
	out->impl = lookup(impls, impl, [&] {
		return c10::weak_intrusive_ptr<c10::TensorImpl, c10::UndefinedTensorImpl>(t.getIntrusivePtr());
	});
	if (has_storage) {
		const c10::Storage &s = impl->storage();
		if (traits & kFunctional) out->storage = functional_storage(t, impl, s);
		else out->storage = lookup(storages, s.unsafeGetStorageImpl(), [&] { return s.getWeakStorageImpl(); });
	}
}

int64_t ag_registry_size(void) {
	std::lock_guard<std::mutex> g(mu);
	return static_cast<int64_t>(impls.m.size() + storages.m.size());
}

void *ag_undefined(void) { return new at::Tensor(); }

void *ag_share(void *p) { return new at::Tensor(T(p)); }

void ag_free(void *p) {
	auto *t = static_cast<at::Tensor *>(p);
	forget(*t);
	delete t;
}

char *ag_empty(const int64_t *sizes, int64_t ndim, int dtype, int device, void **out) {
	AG_TRY
	*out = new at::Tensor(at::zeros(at::IntArrayRef(sizes, ndim), options(dtype, device)));
	AG_CATCH
}

char *ag_from_doubles(const double *v, const int64_t *sizes, int64_t ndim, int dtype, void **out) {
	AG_TRY
	at::IntArrayRef sz(sizes, ndim);
	int64_t n = c10::multiply_integers(sz);
	at::Tensor d = at::empty({n}, at::kDouble);
	if (n > 0) std::memcpy(d.data_ptr<double>(), v, sizeof(double) * n);
	*out = new at::Tensor(d.to(dtype_of(dtype)).reshape(sz).clone());
	AG_CATCH
}

char *ag_to_doubles(void *p, double *v, int64_t n) {
	AG_TRY
	at::Tensor d = T(p).detach().to(at::kDouble).contiguous().reshape({-1});
	TORCH_CHECK(d.numel() == n, "ag_to_doubles: tensor has ", d.numel(), " elements, buffer ", n);
	if (n > 0) std::memcpy(v, d.data_ptr<double>(), sizeof(double) * n);
	AG_CATCH
}

char *ag_detach(void *p, void **out) {
	AG_TRY
	*out = new at::Tensor(T(p).detach());
	AG_CATCH
}

char *ag_set(void *dst, void *src) {
	AG_TRY
	T(dst).set_(T(src));
	AG_CATCH
}

char *ag_resize(void *p, const int64_t *sizes, int64_t ndim) {
	AG_TRY
	T(p).resize_(at::IntArrayRef(sizes, ndim));
	AG_CATCH
}

char *ag_fill(void *p, double v) {
	AG_TRY
	T(p).fill_(v);
	AG_CATCH
}

char *ag_to_sparse(void *p, void **out) {
	AG_TRY
	*out = new at::Tensor(T(p).to_sparse());
	AG_CATCH
}

char *ag_describe(void *p, int64_t *ndim, int64_t *sizes, int64_t *strides, int64_t max, int *dtype, int *device) {
	AG_TRY
	const at::Tensor &t = T(p);
	TORCH_CHECK(t.defined(), "undefined tensor");
	*ndim = t.dim();
	*dtype = dtype_code(t.scalar_type());
	*device = t.is_meta() ? 1 : 0;
	bool strided = t.layout() == at::kStrided;
	for (int64_t i = 0; i < t.dim() && i < max; i++) {
		sizes[i] = t.size(i);
		strides[i] = strided ? t.stride(i) : 0;
	}
	AG_CATCH
}

char *ag_string(void *p, char **out) {
	AG_TRY
	std::ostringstream s;
	if (!T(p).defined()) s << "[undefined]";
	else s << T(p).toString() << T(p).sizes();
	std::string str = s.str();
	*out = static_cast<char *>(std::malloc(str.size() + 1));
	std::memcpy(*out, str.c_str(), str.size() + 1);
	AG_CATCH
}

} // extern "C"

extern "C" char *ag_transpose(void *p, int64_t d0, int64_t d1, void **out) {
	AG_TRY
	*out = new at::Tensor(T(p).transpose(d0, d1));
	AG_CATCH
}

extern "C" char *ag_conj(void *p, void **out) {
	AG_TRY
	*out = new at::Tensor(T(p).conj());
	AG_CATCH
}

extern "C" char *ag_select(void *p, int64_t dim, int64_t index, void **out) {
	AG_TRY
	*out = new at::Tensor(T(p).select(dim, index));
	AG_CATCH
}

extern "C" char *ag_as_strided(void *p, const int64_t *sizes, const int64_t *strides, int64_t ndim, int64_t offset,
                                void **out) {
	AG_TRY
	*out = new at::Tensor(T(p).as_strided(at::IntArrayRef(sizes, ndim), at::IntArrayRef(strides, ndim), offset));
	AG_CATCH
}

extern "C" char *ag_to_meta(void *p, void **out) {
	AG_TRY
	*out = new at::Tensor(T(p).detach().to(at::kMeta));
	AG_CATCH
}

extern "C" char *ag_to_functional(void *p, void **out) {
	AG_TRY
	*out = new at::Tensor(at::functionalization::impl::to_functional_tensor(T(p)));
	AG_CATCH
}

namespace {

// mix64 is the finalizer of SplitMix64: every input bit reaches every output bit.
inline uint64_t mix64(uint64_t x) {
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

// digest_bytes hashes n bytes eight at a time (FNV-1a's structure over
// 64-bit words, each word mixed first so that a change in any bit of it
// spreads), then the tail bytes and the length.
uint64_t digest_bytes(const unsigned char *b, size_t n) {
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		std::memcpy(&w, b + i, 8);
		h = (h ^ mix64(w)) * 0x100000001b3ULL;
	}
	for (; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ULL;
	return mix64(h ^ static_cast<uint64_t>(n));
}

// reach returns the byte range [lo, hi) of t's storage that its sizes,
// strides and offset cover, gaps between strided elements included; false
// when the range cannot be read safely.
bool reach(const at::Tensor &t, const unsigned char *&base, size_t &lo, size_t &hi) {
	if (!t.defined()) return false;
	c10::TensorImpl *impl = t.unsafeGetTensorImpl();
	if (!impl->has_storage() || t.layout() != at::kStrided || !t.device().is_cpu()) return false;
	if (impl->is_meta() || t.is_quantized() || t.is_nested() ||
	    at::functionalization::impl::isFunctionalTensor(t))
		return false;
	const c10::Storage &s = impl->storage();
	size_t item = t.dtype().itemsize();
	size_t nbytes = s.nbytes();
	lo = hi = 0;
	base = static_cast<const unsigned char *>(s.data());
	if (t.numel() == 0) return true;
	int64_t last = t.storage_offset();
	if (last < 0) return false;
	for (int64_t d = 0; d < t.dim(); d++) {
		int64_t st = t.stride(d);
		if (st < 0) return false;
		last += (t.size(d) - 1) * st;
	}
	lo = static_cast<size_t>(t.storage_offset()) * item;
	hi = (static_cast<size_t>(last) + 1) * item;
	// A range past the storage's end (a tensor left inconsistent by a
	// failed kernel) or a storage without memory is not read.
	return base != nullptr && hi <= nbytes;
}

} // namespace

// ag_content_digest digests the bytes t reaches; it returns 1 and sets
// *digest, or 0 when they cannot be read. No exception leaves it.
extern "C" int ag_content_digest(void *p, uint64_t *digest) {
	*digest = 0;
	if (p == nullptr) return 0;
	try {
		const unsigned char *base;
		size_t lo, hi;
		if (!reach(T(p), base, lo, hi)) return 0;
		*digest = digest_bytes(base == nullptr ? base : base + lo, hi - lo);
		return 1;
	} catch (...) {
		return 0;
	}
}

// ag_raw_write adds 1 to the first byte t reaches through the data pointer,
// below every dispatcher layer: the version counter does not move.
extern "C" char *ag_raw_write(void *p) {
	AG_TRY
	const unsigned char *base;
	size_t lo, hi;
	TORCH_CHECK(reach(T(p), base, lo, hi) && hi > lo, "ag_raw_write: no bytes to write");
	const_cast<unsigned char *>(base)[lo]++;
	AG_CATCH
}
