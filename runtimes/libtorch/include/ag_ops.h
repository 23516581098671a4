// Decoding of op arguments and encoding of op returns for the generated
// shims (internal/shim/ops_*.cpp). The Go side (aten/args.go) encodes the
// arguments of a call, in schema order, into four flat arrays: tensors
// (at::Tensor* or NULL), integers (ints, bools, enums, list lengths,
// presence flags, scalar kinds), doubles, and string bytes.
#ifndef AG_OPS_H
#define AG_OPS_H

#include "ag.h"

#include <torch/version.h>

#include <ATen/core/Tensor.h>
#include <ATen/core/List.h>
// Named tensors (Dimname) are gone from libtorch 2.14: no op of its schema
// takes one, and the header is gone.
#if TORCH_VERSION_MAJOR < 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR < 14)
#define AG_HAS_DIMNAME 1
#include <ATen/core/Dimname.h>
#endif
#include <ATen/core/Generator.h>
#include <c10/core/SymIntArrayRef.h>
#include <c10/util/OptionalArrayRef.h>

#include <array>
#include <deque>
#include <tuple>
#include <vector>

namespace ag {

struct Reader {
	void **ts;
	const int64_t *is;
	const double *ds;
	const char *ss;
	int64_t t = 0, i = 0, d = 0, s = 0;
	// Undefined tensors passed where the schema says Tensor live here, one
	// per argument, so that a kernel writing one writes only its own.
	std::deque<at::Tensor> undefs;

	Reader(void **ts, const int64_t *is, const double *ds, const char *ss) : ts(ts), is(is), ds(ds), ss(ss) {}

	at::Tensor &tensor() {
		void *p = ts[t++];
		if (p == nullptr) {
			undefs.emplace_back();
			return undefs.back();
		}
		return *static_cast<at::Tensor *>(p);
	}
	c10::optional<at::Tensor> opt_tensor() {
		void *p = ts[t++];
		if (p == nullptr) return c10::nullopt;
		return *static_cast<at::Tensor *>(p);
	}
	std::vector<at::Tensor> tensors() {
		int64_t n = i64();
		std::vector<at::Tensor> v;
		v.reserve(n);
		for (int64_t k = 0; k < n; k++) {
			void *p = ts[t++];
			v.push_back(p ? *static_cast<at::Tensor *>(p) : at::Tensor());
		}
		return v;
	}
	c10::List<c10::optional<at::Tensor>> opt_tensors() {
		int64_t n = i64();
		c10::List<c10::optional<at::Tensor>> v;
		v.reserve(n);
		for (int64_t k = 0; k < n; k++) {
			void *p = ts[t++];
			if (p) v.push_back(c10::optional<at::Tensor>(*static_cast<at::Tensor *>(p)));
			else v.push_back(c10::nullopt);
		}
		return v;
	}
	int64_t i64() { return is[i++]; }
	bool present() { return is[i++] != 0; }
	double f64() { return ds[d++]; }
	at::IntArrayRef ints() {
		int64_t n = i64();
		at::IntArrayRef r(is + i, n);
		i += n;
		return r;
	}
	at::OptionalIntArrayRef opt_ints() {
		if (!present()) return c10::nullopt;
		return ints();
	}
	// symints reads a SymInt[]; each value must fit a SymInt (not in the
	// range c10 keeps for symbolic ones). c10 renamed the checked
	// conversion after 1.13.
	c10::SymIntArrayRef symints() {
#if TORCH_VERSION_MAJOR >= 2
		return c10::fromIntArrayRefSlow(ints());
#else
		return c10::fromIntArrayRef(ints());
#endif
	}
	at::OptionalSymIntArrayRef opt_symints() {
		if (!present()) return c10::nullopt;
		return symints();
	}
	at::ArrayRef<double> floats() {
		int64_t n = i64();
		at::ArrayRef<double> r(ds + d, n);
		d += n;
		return r;
	}
	c10::optional<at::ArrayRef<double>> opt_floats() {
		if (!present()) return c10::nullopt;
		return floats();
	}
	template <size_t N>
	std::array<bool, N> bool_array() {
		int64_t n = i64();
		TORCH_CHECK_VALUE(n == static_cast<int64_t>(N), "a bool[", N, "] argument got ", n, " values");
		std::array<bool, N> a{};
		for (size_t k = 0; k < N; k++) a[k] = is[i++] != 0;
		return a;
	}
	c10::string_view str() {
		int64_t n = i64();
		c10::string_view v(ss + s, n);
		s += n;
		return v;
	}
	at::Scalar scalar() {
		int64_t kind = i64();
		int64_t iv = i64();
		double fv = f64();
		switch (kind) {
		case 1: return at::Scalar(iv);
		case 2: return at::Scalar(iv != 0);
		default: return at::Scalar(fv);
		}
	}
	std::vector<at::Scalar> scalars() {
		int64_t n = i64();
		std::vector<at::Scalar> v;
		for (int64_t k = 0; k < n; k++) v.push_back(scalar());
		return v;
	}
#ifdef AG_HAS_DIMNAME
	at::Dimname dimname() {
		std::string n(str());
		if (n == "*") return at::Dimname::wildcard();
		return at::Dimname::fromSymbol(at::Symbol::dimname(n));
	}
	// dimnames reads a Dimname[] (or a Dimname[]? and reports presence).
	bool dimnames(std::vector<at::Dimname> &v) {
		int64_t n = i64();
		if (n < 0) return false;
		for (int64_t k = 0; k < n; k++) v.push_back(dimname());
		return true;
	}
#endif
};

struct Writer {
	std::vector<void *> ts;
	int ni = 0, nd = 0;
	int64_t is[8] = {};
	double ds[8] = {};

	void put(const at::Tensor &t) { ts.push_back(new at::Tensor(t)); }
	void put(const std::vector<at::Tensor> &v) {
		put_int(static_cast<int64_t>(v.size()));
		for (const auto &t : v) put(t);
	}
	void put(int64_t v) { put_int(v); }
	void put(bool v) { put_int(v ? 1 : 0); }
	void put(double v) { put_double(v); }
	void put(const c10::SymInt &v) { put_int(v.expect_int()); }
	void put(at::ScalarType v) { put_int(static_cast<int64_t>(v)); }
	void put(at::QScheme v) { put_int(static_cast<int64_t>(v)); }
	void put(const at::Scalar &v) {
		if (v.isIntegral(false)) {
			put_int(1);
			put_int(v.toLong());
			put_double(0);
		} else if (v.isBoolean()) {
			put_int(2);
			put_int(v.toBool());
			put_double(0);
		} else {
			TORCH_CHECK(!v.isComplex(), "complex Scalar returns are not supported");
			put_int(0);
			put_int(0);
			put_double(v.toDouble());
		}
	}
	template <class... T>
	void put(const std::tuple<T...> &tup) {
		std::apply([this](const auto &...x) { (put(x), ...); }, tup);
	}
	void put_int(int64_t v) {
		TORCH_CHECK(ni < 8, "too many integer returns");
		is[ni++] = v;
	}
	void put_double(double v) {
		TORCH_CHECK(nd < 8, "too many float returns");
		ds[nd++] = v;
	}
	void finish(ag_out *out) {
		out->nt = static_cast<int64_t>(ts.size());
		out->t = nullptr;
		if (!ts.empty()) {
			out->t = static_cast<void **>(std::malloc(sizeof(void *) * ts.size()));
			std::memcpy(out->t, ts.data(), sizeof(void *) * ts.size());
		}
		std::memcpy(out->i, is, sizeof is);
		std::memcpy(out->d, ds, sizeof ds);
		ts.clear();
	}
	~Writer() {
		for (void *p : ts) delete static_cast<at::Tensor *>(p);
	}
};

} // namespace ag

#endif
