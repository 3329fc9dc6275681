#pragma once
#include <iterator>
#include <stdexcept>
#include <string>

namespace predix::detail {

template <class It>
using diff_t = typename std::iterator_traits<It>::difference_type;

template <class It>
using value_t = typename std::iterator_traits<It>::value_type;

/// Number of elements in [first, last); throws std::invalid_argument if last < first.
template <class It>
diff_t<It> checked_size(It first, It last, const char* algorithm) {
  const diff_t<It> n = last - first;
  if (n < 0) {
    throw std::invalid_argument(std::string("predix::") + algorithm +
                                ": last precedes first (negative range)");
  }
  return n;
}

}  // namespace predix::detail
