// Host backends: an exception thrown by a user functor reaches the caller as itself, and
// remove_if, partition and stable_partition leave their input unchanged (DESIGN.md §6).
// Built per host backend.
#include <stdexcept>

#include "../conformance/suite.hpp"

namespace predix_test {
namespace {

struct functor_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr std::int32_t trigger = 0x7EADBEEF;  // never made by make_selection_input's pattern

/// is_selected, except that it throws on the trigger value.
struct throwing_pred {
  unsigned operator()(std::int32_t x) const {
    if (x == trigger) throw functor_error("predicate threw");
    return is_selected{}(x);
  }
};

/// plus, except that it throws when either side is the trigger value.
struct throwing_plus {
  std::int32_t operator()(std::int32_t a, std::int32_t b) const {
    if (a == trigger || b == trigger) throw functor_error("operator threw");
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
  }
};

template <class Policy>
class Exceptions : public conformance<Policy> {};
TYPED_TEST_SUITE_P(Exceptions);

/// Inputs with exactly one trigger value, at the front, the back and a random place.
template <class Body>
void for_each_trigger_case(Body&& body) {
  // body(input, at): input holds the trigger at index at.
  const std::uint64_t seed = test_seed();
  SCOPED_TRACE(seed_message(seed));
  rng r(seed);
  std::vector<std::ptrdiff_t> sizes{1, 2, 33, 1025, 101513, (1 << 20) + 7};
  if (quick_mode()) sizes.resize(4);  // sanitizer runs
  for (std::ptrdiff_t n : sizes) {
    for (std::ptrdiff_t at : {std::ptrdiff_t(0), n - 1, std::ptrdiff_t(r.below(n))}) {
      SCOPED_TRACE("n = " + std::to_string(n) + ", trigger at " + std::to_string(at));
      auto input = make_selection_input<std::int32_t>(r, n, selectivity{0.5, false});
      for (auto& x : input) x &= 0x3FFFFFFF;
      input[at] = trigger;
      body(input, at);
    }
  }
}

TYPED_TEST_P(Exceptions, InPlaceAlgorithmsLeaveInputUnchanged) {
  const auto& p = this->policy;
  for_each_trigger_case([&](const host_array<std::int32_t>& input, std::ptrdiff_t) {
    auto stencil = input;  // the stencil forms throw from the stencil
    host_array<std::int32_t> data = input;
    auto expect_unchanged = [&](const char* name, auto&& call) {
      SCOPED_TRACE(name);
      data = input;
      EXPECT_THROW(call(), functor_error);
      EXPECT_TRUE(same_elements(data, input));
    };
    const throwing_pred pred{};
    auto b = [&] { return data.begin(); };
    auto e = [&] { return data.end(); };
    expect_unchanged("remove_if", [&] { predix::remove_if(p, b(), e(), pred); });
    expect_unchanged("remove_if stencil",
                     [&] { predix::remove_if(p, b(), e(), stencil.begin(), pred); });
    expect_unchanged("partition", [&] { predix::partition(p, b(), e(), pred); });
    expect_unchanged("partition stencil",
                     [&] { predix::partition(p, b(), e(), stencil.begin(), pred); });
    expect_unchanged("stable_partition", [&] { predix::stable_partition(p, b(), e(), pred); });
    expect_unchanged("stable_partition stencil",
                     [&] { predix::stable_partition(p, b(), e(), stencil.begin(), pred); });
  });
}

TYPED_TEST_P(Exceptions, PropagateFromEveryAlgorithm) {
  const auto& p = this->policy;
  for_each_trigger_case([&](const host_array<std::int32_t>& input, std::ptrdiff_t at) {
    const std::ptrdiff_t n = input.size();
    host_array<std::int32_t> out(input.size()), out2(input.size());
    const auto b = input.begin(), e = input.end();
    // Every element is rejected by the negated predicates below, so the finds must reach
    // the trigger wherever it is.
    auto never = [](std::int32_t x) {
      if (x == trigger) throw functor_error("predicate threw");
      return false;
    };
    const throwing_pred pred{};
    EXPECT_THROW(predix::copy_if(p, b, e, out.begin(), pred), functor_error);
    EXPECT_THROW(predix::copy_if(p, b, e, b, out.begin(), pred), functor_error);
    EXPECT_THROW(predix::remove_copy_if(p, b, e, out.begin(), pred), functor_error);
    EXPECT_THROW(predix::partition_copy(p, b, e, out.begin(), out2.begin(), pred), functor_error);
    EXPECT_THROW(predix::stable_partition_copy(p, b, e, b, out.begin(), out2.begin(), pred),
                 functor_error);
    EXPECT_THROW(predix::count_if(p, b, e, pred), functor_error);
    EXPECT_THROW(predix::find_if(p, b, e, never), functor_error);
    EXPECT_THROW(predix::any_of(p, b, e, never), functor_error);
    EXPECT_THROW(predix::none_of(p, b, e, never), functor_error);
    // A scan applies op to the trigger unless nothing is combined with it: an inclusive scan
    // of one element, or the last element of an exclusive scan (its total is not output).
    if (n > 1) {
      EXPECT_THROW(predix::inclusive_scan(p, b, e, out.begin(), throwing_plus{}), functor_error);
    }
    if (at < n - 1) {
      EXPECT_THROW(predix::exclusive_scan(p, b, e, out.begin(), 0, throwing_plus{}),
                   functor_error);
    }
    EXPECT_THROW(predix::reduce(p, b, e, 0, throwing_plus{}), functor_error);
  });
}

REGISTER_TYPED_TEST_SUITE_P(Exceptions, InPlaceAlgorithmsLeaveInputUnchanged,
                            PropagateFromEveryAlgorithm);
PREDIX_CONFORMANCE_INSTANTIATE(Exceptions);

}  // namespace
}  // namespace predix_test
