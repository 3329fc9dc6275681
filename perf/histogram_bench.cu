// Histograms on CUDA: cub::DeviceHistogram::HistogramEven (the baseline) against
// predix::histogram_even, uint8 samples in 256 bins (int levels 0 … 256) and float samples in
// 1024 bins of [0, 1); samples spread evenly (`uniform`), 90% of them in 4 hot bins (`hot4`), or
// all in one bin (`one`). Bytes: n·s (the samples read once; the bins are noise).
#include "common/cuda.cuh"

namespace {

/// The histogram of T: its bins and levels.
template <class T> struct shape;
template <> struct shape<std::uint8_t> {
  static constexpr int bins = 256;
  static constexpr int lower = 0, upper = 256;
};
template <> struct shape<float> {
  static constexpr int bins = 1024;
  static constexpr float lower = 0.0f, upper = 1.0f;
};

/// Sample i of the spread: uniform over the bins, 90% in 4 hot bins, or all in one.
template <class T>
__device__ T sample(const char spread, std::int64_t i) {
  const std::uint64_t h = perf::mix(0x9e3779b97f4a7c15ull * std::uint64_t(i + 1));
  constexpr int hot[4] = {3, shape<T>::bins / 4 + 5, shape<T>::bins / 2 + 7, shape<T>::bins - 9};
  int bin = int(h % shape<T>::bins);
  if (spread == 'o' || (spread == 'h' && (h >> 32) % 10 != 0)) {
    bin = spread == 'o' ? hot[1] : hot[(h >> 40) & 3];
  }
  if constexpr (std::is_same_v<T, float>) {
    return (float(bin) + float((h >> 20) & 1023) / 1024.0f) / float(shape<T>::bins);
  } else {
    return T(bin);
  }
}

/// Every slot of b filled with the samples of the spread ('u', 'h' or 'o').
template <class T>
void fill_samples(perf::dbuf<T>& b, char spread) {
  T* d = b.at(0);
  perf::generate(b.n * b.slots, b.n, [=] __device__(std::int64_t j, std::int64_t i) {
    d[j] = sample<T>(spread, i);
  });
}

template <class T>
struct histogram_case {
  std::int64_t n;
  int slots;
  perf::dbuf<T> in;
  perf::dbuf<int> counts{shape<T>::bins};
  explicit histogram_case(const perf::case_spec& c)
      : n(c.n()), slots(perf::slots_for(double(n) * sizeof(T))), in(n, slots) {
    fill_samples(in, c.sel[0]);
  }
  double bytes() const { return double(n) * sizeof(T); }
};

template <perf::cub_end END, class Api>
struct cub_histogram {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    histogram_case<T> d(c);
    perf::cub_run<END>(st, c, d.bytes(), d.slots, [&](void* temp, std::size_t& bytes, int s) {
      return Api::DeviceHistogram::HistogramEven(temp, bytes, d.in.at(s), d.counts.p,
                                                 shape<T>::bins + 1, shape<T>::lower,
                                                 shape<T>::upper, perf::cub_items(d.n),
                                                 perf::stream());
    });
  }
};

const bool registered =
    perf::add_cub<cub_histogram>(perf::types<std::uint8_t, float>{}, "histogram_even",
                                 perf::axis::spread);

#if PREDIX_HAS_CUDA
struct predix_histogram {
  template <class T>
  static void run(benchmark::State& st, const perf::case_spec& c) {
    histogram_case<T> d(c);
    perf::cuda_run(st, c, d.bytes(), d.slots, [&](int s) {
      predix::histogram_even(predix::cuda.on(perf::stream()), d.in.at(s), d.in.at(s) + d.n,
                             d.counts.p, shape<T>::bins + 1, shape<T>::lower, shape<T>::upper);
    });
  }
};

template <class T>
using probe = decltype(predix::histogram_even(predix::cuda, (T*)0, (T*)0, (int*)0, 2, T(0), T(1)));

const bool registered_predix = perf::add_predix<probe, predix_histogram>(
    perf::types<std::uint8_t, float>{}, "histogram_even", perf::axis::spread);
#endif

}  // namespace
