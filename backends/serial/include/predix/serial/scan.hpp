#pragma once
// Serial scans. in 3 1 4 1 5 with plus → inclusive 3 4 8 9 14, exclusive(init 0) 0 3 4 8 9.
// inclusive_scan accumulates in the input's value type, exclusive_scan in the init's type
// (Thrust 3.0.1). Both work in place (out == first). counted: a number that a scan's writes
// leave (reduce_by_key's segments, stored by its last item), in a variable of the caller here
// and on every backend whose policy derives from serial_policy.
#include <predix/detail/range.hpp>
#include <predix/serial/policy.hpp>

namespace predix::impl {

template <class In, class Out, class Op>
Out inclusive_scan(const serial_policy&, In first, In last, Out out, Op op, const char*) {
  if (first == last) return out;
  detail::value_t<In> acc = *first;
  *out = acc;
  for (++first, ++out; first != last; ++first, ++out) {
    acc = op(acc, *first);
    *out = acc;
  }
  return out;
}

template <class In, class Out, class T, class Op>
Out exclusive_scan(const serial_policy&, In first, In last, Out out, T init, Op op, const char*) {
  T acc = init;
  for (; first != last; ++first, ++out) {
    T next = op(acc, *first);  // read before the write: in-place safe
    *out = acc;
    acc = next;
  }
  return out;
}

/// run(count), count a D* that the backend's scans may store to, then what they stored.
template <class D, class Run>
D counted(const serial_policy&, Run&& run, const char*) {
  D count{};
  run(&count);
  return count;
}

}  // namespace predix::impl
