#pragma once
// Differential testing of one decoded case (decoder.hpp): run(policy, shape, data) calls the
// case's form on a backend and records its outcome; differential(case, backends...) runs the
// serial reference and each backend on the same data and describes the first difference ("" when
// every backend agrees). A backend is a policy (data where backend_memory<Policy> puts them) or
// an object with its own run() and backend_name() overloads (tests/cuda/fuzz_runner.cuh).
#include <algorithm>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <predix/predix.hpp>

#include "../support/iterators.hpp"
#include "decoder.hpp"
#include "outcome.hpp"

namespace predix_test::fuzz {

inline const char* backend_name(const predix::serial_policy&) { return "serial"; }
#if PREDIX_HAS_OPENMP
inline const char* backend_name(const predix::openmp_policy&) { return "openmp"; }
#endif
#if PREDIX_HAS_KOKKOS
template <class Space>
const char* backend_name(const predix::kokkos_policy<Space>&) {
  return "kokkos";
}
#endif
#if PREDIX_HAS_CUDA
inline const char* backend_name(const predix::cuda_policy&) { return "cuda"; }
#endif

/// "inclusive_scan_op, int8, n = 517, x % 3 == 1, op 4, runs, in place, 3 threads"
inline std::string describe(const shape& s) {
  std::ostringstream os;
  os << form_names[static_cast<int>(s.what)] << ", ";
  visit_type(s.type, [&](auto tag) { os << type_name<typename decltype(tag)::type>; });
  os << ", n = " << s.n << ", ";
  switch (s.pred.kind) {
    case predicate::modulo: os << "key % " << s.pred.k << " == " << s.pred.r; break;
    case predicate::less: os << "key < threshold"; break;
    case predicate::always: os << "always"; break;
    case predicate::never: os << "never"; break;
    default: os << "is_selected"; break;
  }
  os << ", op " << s.op << ", " << layout_names[static_cast<int>(s.arrangement)]
     << (s.in_place ? ", in place" : "") << ", " << s.threads << " threads";
  return os.str();
}

/// The operators of the exclusive_scan_flags form: bools into an int32 init.
template <class F>
void visit_count_op(int index, F&& f) {
  switch (index % 3) {
    case 0: f(std::plus<>{}); break;
    case 1: f(std::bit_xor<>{}); break;
    default: f(std::bit_or<>{}); break;
  }
}

/// The histogram forms (decoder.hpp): the counts (int64, poisoned first) and their end.
template <class M, class Policy, class T>
void histogram(M, const shape& s, const data<T>& d, T* first, T* last, outcome& o,
               const Policy& p) {
  const int bins = 1 + s.op;
  auto counts = M::upload(host_array<std::int64_t>(bins + 1, value_traits<std::int64_t>::poison()));
  std::int64_t* end = counts.begin();
  if (s.what == form::histogram_even) {
    const T lower = std::min(d.value, d.init), upper = std::max(d.value, d.init);
    if (!(lower < upper)) return;
    if constexpr (std::is_integral_v<T>) {  // (upper - lower) * bins within 64 bits
      const auto range = static_cast<std::uint64_t>(upper) - static_cast<std::uint64_t>(lower);
      if (range > ~std::uint64_t(0) / static_cast<std::uint64_t>(bins)) return;
    }
    end = predix::histogram_even(p, first, last, counts.begin(), bins + 1, lower, upper);
  } else {
    std::vector<T> picked(d.values.begin(), d.values.begin() + std::min<std::ptrdiff_t>(
                                                                  last - first, 2 + s.op % 32));
    std::sort(picked.begin(), picked.end());
    picked.erase(std::unique(picked.begin(), picked.end()), picked.end());
    if (picked.size() < 2) return;
    host_array<T> levels(static_cast<std::ptrdiff_t>(picked.size()));
    std::copy(picked.begin(), picked.end(), levels.begin());
    auto device_levels = M::upload(levels);
    end = predix::histogram_range(p, first, last, counts.begin(), device_levels.begin(),
                                  device_levels.begin() + levels.size());
  }
  o.scalar("end of counts", end - counts.begin());
  o.array("counts", M::download(counts));
}

/// Which forms run() compiles in: all of them, or the by-key forms or the others alone (the
/// CUDA fuzz runner compiles the two apart, in parallel: tests/cuda/fuzz_runner.cu).
enum class forms { all, by_key, others };
inline bool is_by_key(form f) {
  return f >= form::inclusive_scan_by_key && f <= form::reduce_by_key_flags;
}

/// The case's form on `policy`, with data moved by M (upload / download, as backend_memory).
template <class Policy, class T, class M = backend_memory<Policy>, forms F = forms::all>
outcome run(const Policy& policy, const shape& s, const data<T>& d) {
  outcome o;
  const std::ptrdiff_t n = s.n;
  auto in = M::upload(d.values);
  const auto stencil = M::upload(d.stencil);
  T* const first = in.begin();
  T* const last = first + n;
  const std::uint8_t* const st = stencil.begin();
  const predicate pred = d.pred;
  const auto flags = make_transform_iterator(first, flag_of{pred});
  const bool scan_in_place = s.in_place && s.what <= form::exclusive_scan_init_op;
  // call(out) → end, out poisoned first (the data themselves for scans in place)
  auto output = [&](auto zero, auto call) {
    using U = decltype(zero);
    if constexpr (std::is_same_v<U, T>) {
      if (scan_in_place) {
        o.scalar("end", call(first) - first);
        o.array("output", M::download(in));
        return;
      }
    }
    auto out = M::upload(host_array<U>(n, value_traits<U>::poison()));
    o.scalar("end", call(out.begin()) - out.begin());
    o.array("output", M::download(out));
  };
  auto result = [&](auto value) { o.array("result", host_array<decltype(value)>(1, value)); };
  // In place: the end, then the data up to it (remove_if) or all of them (partitions).
  auto in_place = [&](T* end, bool all) {
    o.scalar("end", end - first);
    const auto after = M::download(in);
    o.array("data", after, all ? n : std::clamp<std::ptrdiff_t>(end - first, 0, n));
    if (all && !same_elements_as(d.values, {{after.begin(), n}})) o.lost = "data lost";
  };
  auto split = [&](auto call) {
    const host_array<T> poison(n, value_traits<T>::poison());
    auto yes = M::upload(poison), no = M::upload(poison);
    const auto ends = call(yes.begin(), no.begin());
    const std::ptrdiff_t k = ends.first - yes.begin(), rejected = ends.second - no.begin();
    o.scalar("end of selected", k);
    o.scalar("end of rejected", rejected);
    const auto a = M::download(yes), b = M::download(no);
    o.array("selected", a);
    o.array("rejected", b);
    if (k < 0 || rejected < 0 || k + rejected != n ||
        !same_elements_as(d.values, {{a.begin(), k}, {b.begin(), rejected}})) {
      o.lost = "the outputs do not hold the input";
    }
  };
  auto with_op = [&](auto f) { visit_op<T>(s.op, [&](auto op, const char*) { f(op); }); };
  constexpr bool plus = !std::is_same_v<T, affine>;  // decode() gives affine an op form
  const auto& p = policy;
  if constexpr (F != forms::by_key) {
    switch (s.what) {
      case form::inclusive_scan:
        if constexpr (plus)
          output(T{}, [&](T* out) { return predix::inclusive_scan(p, first, last, out); });
        break;
      case form::inclusive_scan_op:
        with_op([&](auto op) {
          output(T{}, [&](T* out) { return predix::inclusive_scan(p, first, last, out, op); });
        });
        break;
      case form::exclusive_scan:
        if constexpr (plus)
          output(T{}, [&](T* out) { return predix::exclusive_scan(p, first, last, out); });
        break;
      case form::exclusive_scan_init:
        if constexpr (plus)
          output(T{}, [&](T* out) { return predix::exclusive_scan(p, first, last, out, d.init); });
        break;
      case form::exclusive_scan_init_op:
        with_op([&](auto op) {
          output(T{},
                 [&](T* out) { return predix::exclusive_scan(p, first, last, out, d.init, op); });
        });
        break;
      case form::inclusive_scan_flags:
        visit_op<bool>(s.op, [&](auto op, const char*) {
          output(bool{},
                 [&](bool* out) { return predix::inclusive_scan(p, flags, flags + n, out, op); });
        });
        break;
      case form::exclusive_scan_flags:
        visit_count_op(s.op, [&](auto op) {
          output(std::int32_t{}, [&](std::int32_t* out) {
            return predix::exclusive_scan(p, flags, flags + n, out, d.count_init, op);
          });
        });
        break;
      case form::reduce:
        if constexpr (plus) result(predix::reduce(p, first, last));
        break;
      case form::reduce_init:
        if constexpr (plus) result(predix::reduce(p, first, last, d.init));
        break;
      case form::reduce_init_op:
        with_op([&](auto op) { result(predix::reduce(p, first, last, d.init, op)); });
        break;
      case form::reduce_flags:
        visit_count_op(
            s.op, [&](auto op) { result(predix::reduce(p, flags, flags + n, d.count_init, op)); });
        break;
      case form::copy_if:
        output(T{}, [&](T* out) { return predix::copy_if(p, first, last, out, pred); });
        break;
      case form::copy_if_stencil:
        output(T{}, [&](T* out) { return predix::copy_if(p, first, last, st, out, pred); });
        break;
      case form::remove_copy_if:
        output(T{}, [&](T* out) { return predix::remove_copy_if(p, first, last, out, pred); });
        break;
      case form::remove_copy_if_stencil:
        output(T{}, [&](T* out) { return predix::remove_copy_if(p, first, last, st, out, pred); });
        break;
      case form::remove_if: in_place(predix::remove_if(p, first, last, pred), false); break;
      case form::remove_if_stencil:
        in_place(predix::remove_if(p, first, last, st, pred), false);
        break;
      case form::partition: in_place(predix::partition(p, first, last, pred), true); break;
      case form::partition_stencil:
        in_place(predix::partition(p, first, last, st, pred), true);
        break;
      case form::stable_partition:
        in_place(predix::stable_partition(p, first, last, pred), true);
        break;
      case form::stable_partition_stencil:
        in_place(predix::stable_partition(p, first, last, st, pred), true);
        break;
      case form::partition_copy:
        split([&](T* y, T* x) { return predix::partition_copy(p, first, last, y, x, pred); });
        break;
      case form::partition_copy_stencil:
        split([&](T* y, T* x) { return predix::partition_copy(p, first, last, st, y, x, pred); });
        break;
      case form::stable_partition_copy:
        split([&](T* y, T* x) {
          return predix::stable_partition_copy(p, first, last, y, x, pred);
        });
        break;
      case form::stable_partition_copy_stencil:
        split([&](T* y, T* x) {
          return predix::stable_partition_copy(p, first, last, st, y, x, pred);
        });
        break;
      case form::is_partitioned:
        o.scalar("is_partitioned", predix::is_partitioned(p, first, last, pred));
        break;
      case form::partition_point:
        o.scalar("partition_point", predix::partition_point(p, first, last, pred) - first);
        break;
      case form::count_if: o.scalar("count_if", predix::count_if(p, first, last, pred)); break;
      case form::count: o.scalar("count", predix::count(p, first, last, d.value)); break;
      case form::any_of: o.scalar("any_of", predix::any_of(p, first, last, pred)); break;
      case form::all_of: o.scalar("all_of", predix::all_of(p, first, last, pred)); break;
      case form::none_of: o.scalar("none_of", predix::none_of(p, first, last, pred)); break;
      case form::find_if: o.scalar("find_if", predix::find_if(p, first, last, pred) - first); break;
      case form::find_if_not:
        o.scalar("find_if_not", predix::find_if_not(p, first, last, pred) - first);
        break;
      case form::find: o.scalar("find", predix::find(p, first, last, d.value) - first); break;
      case form::unique: in_place(predix::unique(p, first, last), false); break;
      case form::unique_eq: in_place(predix::unique(p, first, last, same_flag{pred}), false); break;
      case form::unique_copy:
        output(T{}, [&](T* out) { return predix::unique_copy(p, first, last, out); });
        break;
      case form::unique_copy_eq:
        output(T{}, [&](T* out) {
          return predix::unique_copy(p, first, last, out, same_flag{pred});
        });
        break;
      case form::unique_count:
        o.scalar("unique_count", predix::unique_count(p, first, last));
        break;
      case form::unique_count_eq:
        o.scalar("unique_count", predix::unique_count(p, first, last, same_flag{pred}));
        break;
      case form::histogram_even:
      case form::histogram_range:
        if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
          histogram(M{}, s, d, first, last, o, p);
        }
        break;
      default: break;
    }
  }
  if constexpr (F != forms::others) {
    if (is_by_key(s.what)) {
      // The by-key forms: the input is the keys, a copy of it the values; call(keys out, values
      // out) → their ends, both poisoned first.
      auto values = M::upload(d.values);
      T* const v = values.begin();
      const same_flag eq{pred};
      // Their one op (plus; affine maps: composition): each op instantiates the scans of every
      // by-key form again, and the CUDA fuzz runner's compile time grows with each.
      const auto by_key_op = [] {
        if constexpr (std::is_same_v<T, affine>) {
          return compose{};
        } else {
          return std::plus<>{};
        }
      }();
      constexpr bool flag_keys = std::is_same_v<T, std::uint8_t> ||
                                 std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>;
      auto by_key = [&](auto value, auto call) {  // values out of the type of `value`
        using V = decltype(value);
        auto keys_out = M::upload(host_array<T>(n, value_traits<T>::poison()));
        auto values_out = M::upload(host_array<V>(n, value_traits<V>::poison()));
        const auto ends = call(keys_out.begin(), values_out.begin());
        o.scalar("end of keys", ends.first - keys_out.begin());
        o.scalar("end of values", ends.second - values_out.begin());
        o.array("keys", M::download(keys_out));
        o.array("values", M::download(values_out));
      };
      switch (s.what) {
        case form::inclusive_scan_by_key:
          output(T{}, [&](T* out) {
            return predix::inclusive_scan_by_key(p, first, last, v, out, eq, by_key_op);
          });
          break;
        case form::exclusive_scan_by_key:
          output(T{}, [&](T* out) {
            return predix::exclusive_scan_by_key(p, first, last, v, out, d.init, eq, by_key_op);
          });
          break;
        case form::inclusive_scan_by_key_flags:
          if constexpr (flag_keys) {
            output(bool{}, [&](bool* out) {
              return predix::inclusive_scan_by_key(p, first, last, flags, out, eq,
                                                   std::bit_xor<>{});
            });
          }
          break;
        case form::exclusive_scan_by_key_flags:
          if constexpr (flag_keys) {
            output(std::int32_t{}, [&](std::int32_t* out) {
              return predix::exclusive_scan_by_key(p, first, last, flags, out, d.count_init, eq,
                                                   std::plus<>{});
            });
          }
          break;
        case form::reduce_by_key:
          by_key(T{}, [&](T* ko, T* vo) {
            return predix::reduce_by_key(p, first, last, v, ko, vo, eq, by_key_op);
          });
          break;
        case form::reduce_by_key_flags:
          if constexpr (flag_keys) {
            by_key(bool{}, [&](T* ko, bool* vo) {
              return predix::reduce_by_key(p, first, last, flags, ko, vo, eq, std::bit_xor<>{});
            });
          }
          break;
        case form::unique_by_key_copy:
          by_key(T{}, [&](T* ko, T* vo) {
            return predix::unique_by_key_copy(p, first, last, v, ko, vo, eq);
          });
          break;
        case form::unique_by_key: {
          const auto ends = predix::unique_by_key(p, first, last, v, eq);
          const std::ptrdiff_t k = std::clamp<std::ptrdiff_t>(ends.first - first, 0, n);
          o.scalar("end of keys", ends.first - first);
          o.scalar("end of values", ends.second - v);
          o.array("keys", M::download(in), k);
          o.array("values", M::download(values), k);
          break;
        }
        default: break;
      }
    }
  }
  const bool writes_input =
      scan_in_place || (s.what >= form::remove_if && s.what <= form::stable_partition_stencil) ||
      s.what == form::unique || s.what == form::unique_eq || s.what == form::unique_by_key;
  if (!writes_input) o.array("input afterwards", M::download(in));
  return o;
}

/// Runs the case on the serial reference and on each backend; "" when all agree, else the
/// case and the first difference.
template <class... Policies>
std::string differential(const fuzz_case& c, const Policies&... backends) {
  std::string failure;
  visit_type(c.s.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const data<T> d = materialize<T>(c);
    const outcome expected = run(predix::seq, c.s, d);
    if (!expected.lost.empty()) failure = std::string("serial: ") + expected.lost;
    auto check = [&](const auto& policy) {
      if (!failure.empty()) return;
      const std::string difference = compare(expected, run(policy, c.s, d));
      if (!difference.empty()) failure = std::string(backend_name(policy)) + ": " + difference;
    };
    (check(backends), ...);
  });
  return failure.empty() ? failure : describe(c.s) + ": " + failure;
}

}  // namespace predix_test::fuzz
