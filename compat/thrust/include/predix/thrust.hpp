#pragma once
// predix's Thrust compatibility layer (DESIGN.md §5): switch Thrust code to predix by one
// token, thrust::device → predix::thrust::par:
//   thrust::copy_if(predix::thrust::par, v.begin(), v.end(), out.begin(), is_odd{});
//   thrust::sort(predix::thrust::par.on(stream), v.begin(), v.end());   // still Thrust's
// Overloaded here, every form (stencil and not, with and without init/op): inclusive_scan,
// exclusive_scan, reduce, copy_if, remove_copy_if, remove_if, partition, stable_partition,
// partition_copy, stable_partition_copy, partition_point, is_partitioned, count_if, count,
// find_if, find_if_not, find, any_of, all_of, none_of, unique, unique_copy, unique_count,
// unique_by_key, unique_by_key_copy, inclusive_scan_by_key, exclusive_scan_by_key,
// reduce_by_key.
// Thrust finds them by argument-dependent lookup on the policy (policy.hpp); any other
// algorithm is Thrust's. As in Thrust, predix sees contiguous iterators as raw pointers (user
// functors get T&, not thrust::device_reference<T>), and in device code (a kernel given par)
// each runs Thrust's own implementation, as thrust::device does there (detail/run.hpp).
#include <predix/thrust/policy.hpp>

#include <predix/thrust/copy_if.hpp>
#include <predix/thrust/count.hpp>
#include <predix/thrust/find.hpp>
#include <predix/thrust/partition.hpp>
#include <predix/thrust/reduce.hpp>
#include <predix/thrust/reduce_by_key.hpp>
#include <predix/thrust/remove_if.hpp>
#include <predix/thrust/scan.hpp>
#include <predix/thrust/scan_by_key.hpp>
#include <predix/thrust/unique.hpp>
