// aten::copy (the functional copy), called from C++:
//   - its result keeps an extra TensorImpl reference that is never released:
//     use count 2 on return, and still alive after the caller drops it (a
//     leak per call; the sweep's impl_use_count_le_1 finding);
//   - on a view input it returns a view of the input's base, where the
//     schema promises a fresh tensor (the storage_use_count_eq_1 finding).
//
//	g++ -std=c++17 copy.cpp -o /tmp/copy -ltorch_cpu -lc10 -Wno-deprecated-declarations && /tmp/copy
#include <ATen/ATen.h>
#include <ATen/ops/copy_ops.h>

#include <iostream>

int main() {
	at::Tensor x = at::ones({2}), y = at::zeros({2});
	at::Tensor r = at::_ops::copy::call(x, y, false);
	c10::weak_intrusive_ptr<c10::TensorImpl, c10::UndefinedTensorImpl> w(r.getIntrusivePtr());
	std::cout << "result use count: " << r.use_count() << "\n";
	r.reset();
	std::cout << "alive after the caller dropped it: " << !w.expired() << "\n";

	at::Tensor base = at::ones({2, 2, 3});
	at::Tensor v = at::_ops::copy::call(base.select(0, 0), base.select(0, 1), false);
	std::cout << "on views: result shares the base's storage: " << v.is_alias_of(base) << "\n";
}
