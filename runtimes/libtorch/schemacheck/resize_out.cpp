// resize.out and resize_as.out, called unboxed from C++, return self instead
// of out (the sweep's returns_arg finding). Through Python the same op
// returns out (torch.ops.aten.resize.out(x, [2], out=o) is o), so Python
// callers and SchemaCheckMode do not see it; C++ callers do.
//
//	g++ -std=c++17 resize_out.cpp -o /tmp/resize_out -ltorch_cpu -lc10 -Wno-deprecated-declarations && /tmp/resize_out
#include <ATen/ATen.h>
#include <ATen/ops/resize_as_ops.h>
#include <ATen/ops/resize_ops.h>

#include <iostream>

int main() {
	at::Tensor self = at::ones({2}), out = at::zeros({2});
	const at::Tensor &r = at::_ops::resize_out::call(self, c10::fromIntArrayRef({2}), c10::nullopt, out);
	std::cout << "resize.out returns out: " << (r.unsafeGetTensorImpl() == out.unsafeGetTensorImpl())
	          << ", returns self: " << (r.unsafeGetTensorImpl() == self.unsafeGetTensorImpl()) << "\n";
	const at::Tensor &r2 = at::_ops::resize_as_out::call(self, self, c10::nullopt, out);
	std::cout << "resize_as.out returns out: " << (r2.unsafeGetTensorImpl() == out.unsafeGetTensorImpl())
	          << ", returns self: " << (r2.unsafeGetTensorImpl() == self.unsafeGetTensorImpl()) << "\n";
}
