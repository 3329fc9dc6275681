#pragma once
// The OpenMP backend: every core operation of the serial reference, in parallel, with the same
// results (exactly, for integers). Shared plumbing: detail.hpp (pieces, rounds, exceptions)
// and compact.hpp (the flag / count / scatter behind every selection algorithm).
#include <predix/openmp/copy_if.hpp>
#include <predix/openmp/count_if.hpp>
#include <predix/openmp/find_if.hpp>
#include <predix/openmp/histogram.hpp>
#include <predix/openmp/partition.hpp>
#include <predix/openmp/reduce.hpp>
#include <predix/openmp/remove_if.hpp>
#include <predix/openmp/scan.hpp>
