// A work queue in Thrust, one step at a time: a task whose work is done retires (its id goes
// to a log), a large task splits into 2–4 children sharing its work, and every other task
// does one unit of work. Each step prints the queue's size, how many distinct amounts of work
// it holds and the most common one (unique_count and reduce_by_key over the sorted amounts),
// and checksums.
//
// Switched to predix by one token, the policy:   thrust::device  →  predix::thrust::par
// (here through the macro WORK_QUEUE_PREDIX, so that one source builds both ways). The same
// source builds with nvcc for the GPU and with g++ for Thrust's OMP or CPP system.
//
// Every number printed is independent of the order of the queue (sums, counts, maxima), so
// builds whose partition orders differ print the same lines.
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/extrema.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/partition.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/unique.h>

#include <cstdio>
#include <exception>

#ifdef WORK_QUEUE_PREDIX
#include <predix/thrust.hpp>
#endif

#ifndef __CUDACC__  // g++: Thrust's OMP or CPP system
#define __host__
#define __device__
#endif

using task_id = unsigned long long;

/// A task is (id, work); its work is done when it reaches 0.
struct work_done {
  __host__ __device__ bool operator()(int work) const { return work == 0; }
};

struct task_done {
  template <class Task>
  __host__ __device__ bool operator()(const Task& task) const {
    return thrust::get<1>(task) == 0;
  }
};

/// The work a task starts with, 0 to 384, from its id.
struct initial_work {
  __host__ __device__ int operator()(task_id id) const {
    const task_id h = id * 2654435761u;
    return static_cast<int>(h % 97 * (1 + h / 97 % 4));
  }
};

struct is_large {
  template <class Task>
  __host__ __device__ bool operator()(const Task& task) const {
    return thrust::get<1>(task) > 24;
  }
};

/// How many children a large task splits into: 2, 3 or 4, from its id.
struct children_of {
  __host__ __device__ int operator()(task_id id) const { return 2 + static_cast<int>(id % 3); }
};

/// Writes the children of large task i at offsets[i]: ids id·4 + 1.., the work shared.
struct split {
  const task_id* ids;
  const int* work;
  const int* offsets;
  task_id* child_ids;
  int* child_work;
  __host__ __device__ void operator()(int i) const {
    const int k = children_of{}(ids[i]);
    for (int j = 0; j < k; ++j) {
      child_ids[offsets[i] + j] = ids[i] * 4 + 1 + j;
      child_work[offsets[i] + j] = work[i] / k + (j < work[i] % k ? 1 : 0);
    }
  }
};

struct one_unit_of_work {
  __host__ __device__ int operator()(int work) const { return work - 1; }
};

/// A task's contribution to the queue checksum.
struct task_hash {
  template <class Task>
  __host__ __device__ task_id operator()(const Task& task) const {
    task_id h = thrust::get<0>(task) * 0x9E3779B97F4A7C15ull + task_id(thrust::get<1>(task));
    return h ^ (h >> 29);
  }
};

template <class T>
T* raw(thrust::device_vector<T>& v) {
  return thrust::raw_pointer_cast(v.data());
}

void run() {
#ifdef WORK_QUEUE_PREDIX
  const auto policy = predix::thrust::par;
#else
  const auto policy = thrust::device;
#endif
  const int n0 = 50000;
  thrust::device_vector<task_id> ids(n0);
  thrust::device_vector<int> work(n0);
  thrust::sequence(policy, ids.begin(), ids.end());
  thrust::transform(policy, ids.begin(), ids.end(), work.begin(), initial_work{});
  thrust::device_vector<task_id> retired(0);
  for (int step = 1; step <= 16 && !ids.empty(); ++step) {
    const long n = static_cast<long>(ids.size());
    auto tasks = thrust::make_zip_iterator(ids.begin(), work.begin());

    // Retire the tasks whose work is done: log their ids, drop them from the queue.
    const long done = thrust::count_if(policy, work.begin(), work.end(), work_done{});
    const long logged = static_cast<long>(retired.size());
    retired.resize(logged + done);
    thrust::copy_if(policy, ids.begin(), ids.end(), work.begin(), retired.begin() + logged,
                    work_done{});
    const long left = thrust::remove_if(policy, tasks, tasks + n, task_done{}) - tasks;

    // Large tasks first; each splits into children placed by an exclusive scan of counts.
    const long large = thrust::partition(policy, tasks, tasks + left, is_large{}) - tasks;
    auto counts = thrust::make_transform_iterator(ids.begin(), children_of{});
    thrust::device_vector<int> offsets(large);
    thrust::exclusive_scan(policy, counts, counts + large, offsets.begin());
    const long children = thrust::reduce(policy, counts, counts + large, 0L);
    thrust::device_vector<task_id> next_ids(left - large + children);
    thrust::device_vector<int> next_work(next_ids.size());
    thrust::for_each(policy, thrust::counting_iterator<int>(0),
                     thrust::counting_iterator<int>(static_cast<int>(large)),
                     split{raw(ids), raw(work), raw(offsets), raw(next_ids), raw(next_work)});

    // The other tasks do one unit of work.
    thrust::copy(policy, ids.begin() + large, ids.begin() + left, next_ids.begin() + children);
    thrust::transform(policy, work.begin() + large, work.begin() + left,
                      next_work.begin() + children, one_unit_of_work{});
    ids.swap(next_ids);
    work.swap(next_work);

    const long long total_work = thrust::reduce(policy, work.begin(), work.end(), 0LL);
    const int largest = thrust::reduce(policy, work.begin(), work.end(), 0, thrust::maximum<int>());
    auto next = thrust::make_zip_iterator(ids.begin(), work.begin());
    const task_id checksum = thrust::transform_reduce(policy, next, next + ids.size(), task_hash{},
                                                   task_id(0), thrust::plus<task_id>());
    // The distinct amounts of work: sorted, then counted once per run of equal amounts.
    thrust::device_vector<int> amounts = work;
    thrust::sort(policy, amounts.begin(), amounts.end());
    const long distinct = thrust::unique_count(policy, amounts.begin(), amounts.end());
    // How many tasks hold each amount (runs of the sorted amounts), and the most common one.
    thrust::device_vector<int> amount(distinct), tasks_with(distinct);
    thrust::reduce_by_key(policy, amounts.begin(), amounts.end(),
                          thrust::constant_iterator<int>(1), amount.begin(), tasks_with.begin());
    const long most = distinct == 0 ? 0
                                    : thrust::max_element(policy, tasks_with.begin(),
                                                          tasks_with.end()) - tasks_with.begin();
    const int common = distinct == 0 ? 0 : static_cast<int>(amount[most]);
    const int common_tasks = distinct == 0 ? 0 : static_cast<int>(tasks_with[most]);
    std::printf("step %2d: %6ld tasks, %6ld retired, %5ld split into %6ld, work %8lld (max %3d, "
                "%3ld amounts, most often %3d in %5d tasks), checksum %016llx\n",
                step, n, done, large, children, total_work, largest, distinct, common,
                common_tasks, checksum);
  }
  const task_id id_sum = thrust::reduce(policy, retired.begin(), retired.end(), task_id(0));
  std::printf("retired %ld tasks, id sum %llu\n", static_cast<long>(retired.size()), id_sum);
}

int main() {
  try {
    run();
    return 0;
  } catch (const std::exception& e) {  // thrust::system_error, std::bad_alloc
    std::fprintf(stderr, "work_queue: %s\n", e.what());
    return 1;
  }
}
