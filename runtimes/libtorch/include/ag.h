// Shared by the C++ files of the libtorch runtime: the C ABI between Go and
// the C++ side, and the macro that keeps C++ exceptions inside the cgo call.
#ifndef AG_H
#define AG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// ag_out receives what an op returns: tensors (each a new heap at::Tensor*,
// in a malloc'd array the caller frees), and up to 8 integers and doubles.
typedef struct {
	void **t;
	int64_t nt;
	int64_t i[8];
	double d[8];
} ag_out;

#ifdef __cplusplus
}
#endif

#ifdef __cplusplus
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <c10/util/Exception.h>

// ag_err returns a malloc'd "Class\nmessage" for the Go side to free.
static inline char *ag_err(const char *cls, const char *msg) {
	size_t a = std::strlen(cls), b = std::strlen(msg);
	char *s = static_cast<char *>(std::malloc(a + b + 2));
	if (s == nullptr) return nullptr;
	std::memcpy(s, cls, a);
	s[a] = '\n';
	std::memcpy(s + a + 1, msg, b + 1);
	return s;
}

// AG_TRY ... AG_CATCH wraps a function body so that every exception becomes an
// error string returned from the same call; nothing escapes into Go.
#define AG_TRY try {
#define AG_CATCH                                                                  \
	}                                                                             \
	catch (const c10::NotImplementedError &e) { return ag_err("NotImplementedError", e.what_without_backtrace()); } \
	catch (const c10::IndexError &e) { return ag_err("IndexError", e.what_without_backtrace()); } \
	catch (const c10::ValueError &e) { return ag_err("ValueError", e.what_without_backtrace()); } \
	catch (const c10::TypeError &e) { return ag_err("TypeError", e.what_without_backtrace()); } \
	catch (const c10::LinAlgError &e) { return ag_err("LinAlgError", e.what_without_backtrace()); } \
	catch (const c10::OutOfMemoryError &e) { return ag_err("OutOfMemoryError", e.what_without_backtrace()); } \
	catch (const c10::Error &e) { return ag_err("Error", e.what_without_backtrace()); } \
	catch (const std::bad_alloc &e) { return ag_err("std::bad_alloc", e.what()); } \
	catch (const std::exception &e) { return ag_err("std::exception", e.what()); } \
	catch (...) { return ag_err("unknown", "a non-standard C++ exception"); } \
	return nullptr;

#endif
#endif
