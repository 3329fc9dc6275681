#pragma once
// The serial backend: the reference every other backend must match. Each core operation's last
// parameter, the name of the algorithm the user called, is for error messages: unused here.
#include <predix/serial/copy_if.hpp>
#include <predix/serial/count_if.hpp>
#include <predix/serial/find_if.hpp>
#include <predix/serial/histogram.hpp>
#include <predix/serial/partition.hpp>
#include <predix/serial/reduce.hpp>
#include <predix/serial/remove_if.hpp>
#include <predix/serial/scan.hpp>
