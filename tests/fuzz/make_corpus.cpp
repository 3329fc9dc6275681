// Writes the seed corpus of the differential fuzzer into a folder: an input per form, cycling
// through the types, predicates, operators, layouts, team sizes and sizes, then two per type
// (partition and inclusive_scan_op at 1025 items). Each input is a header (encode) and 32 payload
// bytes; the names say what they decode to. Deterministic:
//   build/.../tests/fuzz/fuzz_make_corpus tests/fuzz/corpus
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "decoder.hpp"

using namespace predix_test;
using namespace predix_test::fuzz;

/// The index of T among the types (types.hpp).
template <class T>
int index_of_type() {
  for (int i = 0; i < type_count(); ++i) {
    bool same = false;
    visit_type(i, [&](auto tag) { same = std::is_same_v<typename decltype(tag)::type, T>; });
    if (same) return i;
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FOLDER\n", argv[0]);
    return 2;
  }
  const std::filesystem::path folder = argv[1];
  std::filesystem::create_directories(folder);
  rng r(10);
  int written = 0;
  auto write = [&](const shape& s) {
    auto bytes = encode(s);
    for (int i = 0; i < 32; ++i) bytes.push_back(static_cast<std::uint8_t>(r.next()));
    const shape decoded = decode(bytes).s;
    std::string name = form_names[static_cast<int>(decoded.what)];
    visit_type(decoded.type, [&](auto tag) {
      name += std::string("-") + type_name<typename decltype(tag)::type>;
    });
    name += "-" + std::to_string(decoded.n);
    std::ofstream(folder / name, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    ++written;
  };
  const std::ptrdiff_t sizes[] = {0, 1, 2, 31, 33, 1000, 4097, 65535};
  for (int f = 0; f < form_count; ++f) {
    shape s;
    s.what = static_cast<form>(f);
    s.type = f % type_count();
    s.pred.kind = static_cast<predicate::kind_t>(f % predicate_kinds);
    s.pred.k = f % 8 + 1;
    s.pred.r = f % s.pred.k;
    s.op = f;
    s.arrangement = static_cast<layout>(f % 4);
    s.in_place = f % 2;
    s.threads = f % 8 + 1;
    s.n = sizes[f % 8];
    if (decode(encode(s)).s.what != s.what) s.type = 0;  // affine maps take the op forms
    if (s.what == form::inclusive_scan_by_key_flags) s.type = index_of_type<std::int32_t>();
    if (s.what == form::exclusive_scan_by_key_flags) s.type = index_of_type<std::int64_t>();
    if (s.what == form::reduce_by_key_flags) s.type = index_of_type<std::uint8_t>();
    write(s);
  }
  for (int type = 0; type < type_count(); ++type) {
    for (form f : {form::partition, form::inclusive_scan_op}) {
      shape s;
      s.what = f;
      s.type = type;
      s.pred.kind = predicate::modulo;
      s.pred.k = 3;
      s.op = type;
      s.threads = 3;
      s.n = 1025;
      write(s);
    }
  }
  std::printf("%d inputs in %s\n", written, folder.c_str());
}
