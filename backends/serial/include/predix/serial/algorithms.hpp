#pragma once
// The serial backend: the reference every other backend must match.
#include <predix/serial/copy_if.hpp>
#include <predix/serial/count_if.hpp>
#include <predix/serial/find_if.hpp>
#include <predix/serial/partition.hpp>
#include <predix/serial/reduce.hpp>
#include <predix/serial/remove_if.hpp>
#include <predix/serial/scan.hpp>
