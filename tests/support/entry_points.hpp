#pragma once
// Every public entry point of predix (DESIGN.md §1), every form, as one table: the algorithm
// each call must name in its errors (DESIGN.md §6: "predix::<algorithm>: ...", the name the
// user called, never the core operation it is built on) and the call. The tests of bad input
// run the whole table: last < first on every backend (conformance/errors_test.cpp), a host
// pointer on CUDA (cuda/errors_test.cu), Kokkos not initialized (kokkos/initialization_test.cpp).
#include <gtest/gtest.h>

#include <cctype>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include <predix/predix.hpp>

namespace predix_test {

struct entry_point {
  const char* algorithm;  // the name its errors carry
  const char* form;       // which overload, for the failure message
  std::function<void()> call;
};

/// Every form of every algorithm on policy p over [f, l): `s` is the stencil of the stencil
/// forms, `o` and `o2` the outputs (o2: partition_copy's rejected items), `pred` the
/// predicate and 3 the value of count and find.
template <class Policy, class It, class Stencil, class Out, class Pred>
std::vector<entry_point> entry_points(const Policy& p, It f, It l, Stencil s, Out o, Out o2,
                                      Pred pred) {
  return {
      {"inclusive_scan", "", [=] { predix::inclusive_scan(p, f, l, o); }},
      {"inclusive_scan", "op", [=] { predix::inclusive_scan(p, f, l, o, std::plus<>{}); }},
      {"exclusive_scan", "", [=] { predix::exclusive_scan(p, f, l, o); }},
      {"exclusive_scan", "init", [=] { predix::exclusive_scan(p, f, l, o, 1); }},
      {"exclusive_scan", "init op",
       [=] { predix::exclusive_scan(p, f, l, o, 1, std::plus<>{}); }},
      {"reduce", "", [=] { (void)predix::reduce(p, f, l); }},
      {"reduce", "init", [=] { (void)predix::reduce(p, f, l, 0); }},
      {"reduce", "init op", [=] { (void)predix::reduce(p, f, l, 0, std::plus<>{}); }},
      {"copy_if", "", [=] { predix::copy_if(p, f, l, o, pred); }},
      {"copy_if", "stencil", [=] { predix::copy_if(p, f, l, s, o, pred); }},
      {"remove_copy_if", "", [=] { predix::remove_copy_if(p, f, l, o, pred); }},
      {"remove_copy_if", "stencil", [=] { predix::remove_copy_if(p, f, l, s, o, pred); }},
      {"remove_if", "", [=] { predix::remove_if(p, f, l, pred); }},
      {"remove_if", "stencil", [=] { predix::remove_if(p, f, l, s, pred); }},
      {"partition", "", [=] { predix::partition(p, f, l, pred); }},
      {"partition", "stencil", [=] { predix::partition(p, f, l, s, pred); }},
      {"stable_partition", "", [=] { predix::stable_partition(p, f, l, pred); }},
      {"stable_partition", "stencil", [=] { predix::stable_partition(p, f, l, s, pred); }},
      {"partition_copy", "", [=] { predix::partition_copy(p, f, l, o, o2, pred); }},
      {"partition_copy", "stencil", [=] { predix::partition_copy(p, f, l, s, o, o2, pred); }},
      {"stable_partition_copy", "",
       [=] { predix::stable_partition_copy(p, f, l, o, o2, pred); }},
      {"stable_partition_copy", "stencil",
       [=] { predix::stable_partition_copy(p, f, l, s, o, o2, pred); }},
      {"is_partitioned", "", [=] { (void)predix::is_partitioned(p, f, l, pred); }},
      {"partition_point", "", [=] { (void)predix::partition_point(p, f, l, pred); }},
      {"count_if", "", [=] { (void)predix::count_if(p, f, l, pred); }},
      {"count", "", [=] { (void)predix::count(p, f, l, 3); }},
      {"any_of", "", [=] { (void)predix::any_of(p, f, l, pred); }},
      {"all_of", "", [=] { (void)predix::all_of(p, f, l, pred); }},
      {"none_of", "", [=] { (void)predix::none_of(p, f, l, pred); }},
      {"find_if", "", [=] { (void)predix::find_if(p, f, l, pred); }},
      {"find_if_not", "", [=] { (void)predix::find_if_not(p, f, l, pred); }},
      {"find", "", [=] { (void)predix::find(p, f, l, 3); }},
  };
}

/// Success when `what` starts with "predix::<algorithm>" followed by no further letter of a
/// name ("predix::partition: ..." names partition; "predix::partition_copy: ..." does not).
inline ::testing::AssertionResult names_algorithm(const std::string& what,
                                                  const std::string& algorithm) {
  const std::string prefix = "predix::" + algorithm;
  const bool named = what.compare(0, prefix.size(), prefix) == 0 &&
                     (what.size() == prefix.size() ||
                      !(std::isalnum(static_cast<unsigned char>(what[prefix.size()])) ||
                        what[prefix.size()] == '_'));
  if (named) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << what << "\" does not start with \"" << prefix
                                       << "\"";
}

/// Runs every entry and expects it to throw Error whose message names the entry's algorithm
/// and contains `expected`.
template <class Error>
void expect_every_entry_point_throws(const std::vector<entry_point>& entries,
                                     const std::string& expected) {
  for (const entry_point& e : entries) {
    SCOPED_TRACE(std::string(e.algorithm) + (*e.form ? std::string(", ") + e.form + " form" : ""));
    try {
      e.call();
      ADD_FAILURE() << "no exception";
    } catch (const Error& error) {
      const std::string what = error.what();
      EXPECT_TRUE(names_algorithm(what, e.algorithm));
      EXPECT_NE(what.find(expected), std::string::npos) << what;
    } catch (const std::exception& other) {
      ADD_FAILURE() << "another exception: " << other.what();
    }
  }
}

}  // namespace predix_test
