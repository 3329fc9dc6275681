#pragma once
// predix: STL/Thrust-style parallel algorithms that know when they work on booleans.
// Every algorithm takes an execution policy first: predix::seq, predix::host,
// predix::device, and predix::omp / predix::kokkos / predix::cuda where built.
#include <predix/config.hpp>
#include <predix/execution.hpp>

#include <predix/copy_if.hpp>
#include <predix/count.hpp>
#include <predix/find.hpp>
#include <predix/histogram.hpp>
#include <predix/partition.hpp>
#include <predix/reduce.hpp>
#include <predix/reduce_by_key.hpp>
#include <predix/remove_if.hpp>
#include <predix/scan.hpp>
#include <predix/scan_by_key.hpp>
#include <predix/unique.hpp>
