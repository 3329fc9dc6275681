// thrust::inclusive_scan_by_key, exclusive_scan_by_key, reduce_by_key, unique_by_key and
// unique_by_key_copy on predix::thrust::par, every form, over device_vector iterators: each call
// reaches predix and gives the result of the same call on thrust::device. One exception:
// reduce_by_key with a predicate coarser than == writes the first key of each run, as Thrust
// documents and its OMP and CPP systems do, where Thrust's CUDA system writes the last (its
// kernel scatters each head's predecessor key); there the keys are compared by their class.
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform.h>
#include <thrust/unique.h>

#include "compat_test.hpp"

namespace predix_test {
namespace {

/// A key's class under same_parity (the poison, -7, has its own).
struct parity_of {
  PREDIX_HOST_DEVICE int operator()(int k) const { return k < 0 ? k : k % 2; }
};

TEST(ThrustByKey, Scans) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints keys = runs(r, n, threshold);
    const ints values = random_ints(r, n);
    const auto k0 = keys.begin(), k1 = keys.end();
    const auto v = values.begin();
    const thrust::maximum<int> most;
    auto check = [&](const char* algorithm, auto&& on_thrust, auto&& on_predix) {
      ints expected(n, poison), actual(n, poison);
      const auto e = on_thrust(expected.begin());
      const auto a = via_predix(algorithm, [&] { return on_predix(actual.begin()); });
      EXPECT_EQ(a - actual.begin(), e - expected.begin());
      EXPECT_TRUE(same_range(actual, expected)) << algorithm;
    };
    check("inclusive_scan_by_key",
          [&](auto out) { return thrust::inclusive_scan_by_key(thrust::device, k0, k1, v, out); },
          [&](auto out) { return thrust::inclusive_scan_by_key(par, k0, k1, v, out); });
    check("inclusive_scan_by_key",
          [&](auto out) {
            return thrust::inclusive_scan_by_key(thrust::device, k0, k1, v, out, same_parity{});
          },
          [&](auto out) {
            return thrust::inclusive_scan_by_key(par, k0, k1, v, out, same_parity{});
          });
    check("inclusive_scan_by_key",
          [&](auto out) {
            return thrust::inclusive_scan_by_key(thrust::device, k0, k1, v, out, same_parity{},
                                                 most);
          },
          [&](auto out) {
            return thrust::inclusive_scan_by_key(par, k0, k1, v, out, same_parity{}, most);
          });
    check("exclusive_scan_by_key",
          [&](auto out) { return thrust::exclusive_scan_by_key(thrust::device, k0, k1, v, out); },
          [&](auto out) { return thrust::exclusive_scan_by_key(par, k0, k1, v, out); });
    check("exclusive_scan_by_key",
          [&](auto out) {
            return thrust::exclusive_scan_by_key(thrust::device, k0, k1, v, out, 7);
          },
          [&](auto out) { return thrust::exclusive_scan_by_key(par, k0, k1, v, out, 7); });
    check("exclusive_scan_by_key",
          [&](auto out) {
            return thrust::exclusive_scan_by_key(thrust::device, k0, k1, v, out, 7,
                                                 same_parity{});
          },
          [&](auto out) {
            return thrust::exclusive_scan_by_key(par, k0, k1, v, out, 7, same_parity{});
          });
    check("exclusive_scan_by_key",
          [&](auto out) {
            return thrust::exclusive_scan_by_key(thrust::device, k0, k1, v, out, 7,
                                                 same_parity{}, most);
          },
          [&](auto out) {
            return thrust::exclusive_scan_by_key(par, k0, k1, v, out, 7, same_parity{}, most);
          });
  });
}

TEST(ThrustByKey, ReduceAndUnique) {
  for_each_case([](std::ptrdiff_t n, int threshold, rng& r) {
    const ints keys = runs(r, n, threshold);
    const ints values = random_ints(r, n);
    const auto k0 = keys.begin(), k1 = keys.end();
    const auto v = values.begin();
    const thrust::maximum<int> most;
    // call(thrust policy, keys out, values out) → a pair of ends, on thrust::device and par;
    // by_class: keys compared by their parity only (see above)
    auto check = [&](const char* algorithm, auto&& call, bool by_class = false) {
      ints keys_expected(n, poison), values_expected(n, poison);
      ints keys_actual(n, poison), values_actual(n, poison);
      const auto e = call(thrust::device, keys_expected.begin(), values_expected.begin());
      const auto a = via_predix(
          algorithm, [&] { return call(par, keys_actual.begin(), values_actual.begin()); });
      EXPECT_EQ(a.first - keys_actual.begin(), e.first - keys_expected.begin());
      EXPECT_EQ(a.second - values_actual.begin(), e.second - values_expected.begin());
      if (by_class) {
        for (ints* keys_out : {&keys_actual, &keys_expected}) {
          thrust::transform(thrust::device, keys_out->begin(), keys_out->end(), keys_out->begin(),
                            parity_of{});
        }
      }
      EXPECT_TRUE(same_range(keys_actual, keys_expected)) << algorithm;
      EXPECT_TRUE(same_range(values_actual, values_expected)) << algorithm;
    };
#if PREDIX_THRUST_CUDA
    constexpr bool cuda = true;
#else
    constexpr bool cuda = false;
#endif
    check("reduce_by_key", [&](auto& p, auto ko, auto vo) {
      return thrust::reduce_by_key(p, k0, k1, v, ko, vo);
    });
    check(
        "reduce_by_key",
        [&](auto& p, auto ko, auto vo) {
          return thrust::reduce_by_key(p, k0, k1, v, ko, vo, same_parity{});
        },
        cuda);
    check(
        "reduce_by_key",
        [&](auto& p, auto ko, auto vo) {
          return thrust::reduce_by_key(p, k0, k1, v, ko, vo, same_parity{}, most);
        },
        cuda);
    check("unique_by_key_copy", [&](auto& p, auto ko, auto vo) {
      return thrust::unique_by_key_copy(p, k0, k1, v, ko, vo);
    });
    check("unique_by_key_copy", [&](auto& p, auto ko, auto vo) {
      return thrust::unique_by_key_copy(p, k0, k1, v, ko, vo, same_parity{});
    });
    for (const bool parity : {false, true}) {  // in place: the ends and what precedes them
      ints ke = keys, ve = values, ka = keys, va = values;
      const auto e = parity ? thrust::unique_by_key(thrust::device, ke.begin(), ke.end(),
                                                    ve.begin(), same_parity{})
                            : thrust::unique_by_key(thrust::device, ke.begin(), ke.end(),
                                                    ve.begin());
      const auto a = via_predix("unique_by_key", [&] {
        return parity ? thrust::unique_by_key(par, ka.begin(), ka.end(), va.begin(),
                                              same_parity{})
                      : thrust::unique_by_key(par, ka.begin(), ka.end(), va.begin());
      });
      ASSERT_EQ(a.first - ka.begin(), e.first - ke.begin());
      ASSERT_EQ(a.second - va.begin(), e.second - ve.begin());
      const auto m = static_cast<std::size_t>(a.first - ka.begin());
      for (ints* x : {&ke, &ve, &ka, &va}) x->resize(m);
      EXPECT_TRUE(same_range(ka, ke));
      EXPECT_TRUE(same_range(va, ve));
    }
  });
}

}  // namespace
}  // namespace predix_test
