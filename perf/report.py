#!/usr/bin/env python3
"""Turns the Google Benchmark JSON of predix_perf_host / predix_perf_cuda into a markdown
report (a table per algorithm: predix and baseline GB/s, % of the measured copy bandwidth,
speedup) and PNG plots (throughput against size, one per algorithm and type).

    perf/report.py [--out DIR] [--machine NAME] [--command CMD] [--commit SHA] JSON...

Writes DIR/<machine>.md and DIR/<machine>/<platform>_<algo>_<type>.png (DIR: perf/results)
and prints the markdown. Works with baseline rows only (CUDA before the predix backend) and
with host rows only. Row names: ALGO/IMPL/TYPE/log2n:K[/sel:S|/hit:H|/run:R|/spread:D][/manual_time].
"""
import argparse
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

BYTES = {
    "inclusive_scan": "n·s_in + n·s_out",
    "exclusive_scan": "n·s_in + n·s_out",
    "copy_if": "n·s + k·s (k selected)",
    "copy_if_flagged": "n·s + n (flags) + k·s",
    "copy_if_graph10": "10 × (n·s + k·s): ten copy_if calls captured into a CUDA graph, replayed",
    "remove_copy_if": "n·s + (n − k)·s",
    "partition_copy": "2n·s",
    "partition": "2n·s",
    "stable_partition": "2n·s",
    "count_if": "n·s",
    "histogram_even": "n·s (the samples; the bins are not counted)",
    "reduce": "n·s",
    "find_if": "(index of the match + 1)·s; n·s when nothing matches",
    "any_of": "(index of the match + 1)·s; n·s when nothing matches",
    "all_of": "(index of the first item it rejects + 1)·s; n·s when it accepts all",
    "unique_copy": "n·sk + k·sk (k runs of keys)",
    "run_length_encode": "n·sk + k·(sk + 4) (k runs; int32 counts)",
    "reduce_by_key": "(n + k)·(sk + sv) (k runs; type K+V: keys K, values V)",
    "inclusive_scan_by_key": "n·(sk + 2·sv) (type K+V: keys K, values V)",
    "exclusive_scan_by_key": "n·(sk + 2·sv) (type K+V: keys K, values V)",
}
BASELINE_NAMES = {
    "std": "serial std:: algorithm",
    "std_par": "std:: algorithm with std::execution::par (libstdc++ over TBB)",
    "thrust_omp": "Thrust, OpenMP backend (thrust::omp::par)",
    "thrust_tbb": "Thrust, TBB backend (thrust::tbb::par)",
    "kokkos_std": "Kokkos::Experimental's algorithm on Kokkos' default host space",
    "cub": "CUB device algorithm, its result left in device memory",
    "cub_sync": "the same CUB call ending as predix and Thrust do (its result copied to the host, the stream synchronized)",
    "thrust": "Thrust, CUDA backend",
}
TYPE_ORDER = ["uint8", "int16", "int32", "int64", "float", "uint8>int32", "bool>int32", "uint8+int32",
              "uint8+float", "int32+int32", "int32+float", "int64+int32", "int64+float",
              "uint8+bool", "int32+bool", "int64+bool"]
CASE_ORDER = ["1", "8", "50", "99", "256", "clustered", "none", "uniform", "hot4", "one", ""]


def slug(text):
    text = re.sub(r"\((r|tm|c)\)", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "machine"


def is_predix(impl):
    return impl.startswith("predix")


def impl_key(impl):
    """Baselines first, then predix backends from serial to CUDA."""
    order = ["std", "std_par", "thrust_omp", "thrust_tbb", "kokkos_std", "cub", "cub_sync", "thrust", "predix_seq", "predix_omp", "predix_kokkos", "predix_cuda", "predix_unordered", "predix_cub"]
    return (is_predix(impl), order.index(impl) if impl in order else len(order), impl)


def parse_name(name):
    parts = [p for p in name.split("/") if p != "manual_time"]
    if len(parts) < 4:
        return None
    row = {"algo": parts[0], "impl": parts[1], "type": parts[2], "case_key": "", "case": ""}
    for p in parts[3:]:
        key, _, value = p.partition(":")
        if key == "log2n":
            row["log2n"] = int(value)
        else:
            row["case_key"], row["case"] = key, value
    return row if "log2n" in row else None


def load(paths):
    """Returns (contexts by platform, rows, skipped rows, names of rows in no table)."""
    contexts, rows, skipped, others = {}, [], [], set()
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        ctx = data.get("context", {})
        platform = ctx.get("perf_platform", "host")
        contexts.setdefault(platform, ctx)
        copy = float(ctx.get("copy_GBps", 0) or 0)
        runs = defaultdict(list)
        for b in data.get("benchmarks", []):
            if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
                continue
            row = parse_name(b.get("run_name", b["name"]))
            if row is None:
                others.add(b.get("run_name", b["name"]).split("/")[0])
                continue
            row["platform"] = platform
            if b.get("error_occurred") or b.get("skipped"):
                message = b.get("error_message") or b.get("skip_message", "")
                skipped.append((platform, b.get("run_name", b["name"]), message))
                continue
            if "GBps" not in b:
                continue
            runs[(row["algo"], row["impl"], row["type"], row["log2n"], row["case"])].append((row, b))
        for entries in runs.values():
            medians = [b for _, b in entries if b.get("run_type") == "aggregate"]
            chosen = medians or [b for _, b in entries]
            row = dict(entries[0][0])
            row["gbps"] = sum(b["GBps"] for b in chosen) / len(chosen)
            row["frac"] = row["gbps"] / copy if copy > 0 else None
            rows.append(row)
    return contexts, rows, skipped, others


def fmt_gbps(v):
    if v is None:
        return "—"
    return f"{v:.0f}" if v >= 100 else f"{v:.1f}" if v >= 10 else f"{v:.2f}" if v >= 0.1 else f"{v:.2g}"


def fmt_pct(v):
    return "—" if v is None else f"{100 * v:.0f}%" if v >= 0.1 else f"{100 * v:.1f}%"


def fmt_x(v):
    return "—" if v is None else f"{v:.2f}×"


def sort_key(row):
    t = TYPE_ORDER.index(row["type"]) if row["type"] in TYPE_ORDER else len(TYPE_ORDER)
    c = CASE_ORDER.index(row["case"]) if row["case"] in CASE_ORDER else len(CASE_ORDER)
    return (t, row["type"], row["log2n"], c, row["case"])


def case_label(row):
    if row["case_key"] == "sel":
        return "clustered 50%" if row["case"] == "clustered" else row["case"] + "%"
    if row["case_key"] == "hit":
        return "none" if row["case"] == "none" else "at " + row["case"] + "%"
    if row["case_key"] in ("run", "spread"):
        return row["case"]
    return ""


def algo_table(rows):
    """Markdown lines of one algorithm's table: a line per case and predix backend."""
    predix = sorted({r["impl"] for r in rows if is_predix(r["impl"])}, key=impl_key)
    baselines = sorted({r["impl"] for r in rows if not is_predix(r["impl"])}, key=impl_key)
    case_key = next((r["case_key"] for r in rows if r["case_key"]), "")
    by_case = defaultdict(dict)
    for r in rows:
        by_case[(r["type"], r["log2n"], r["case"])][r["impl"]] = r
    head = ["type", "n"] + ([{"sel": "selected", "hit": "match", "run": "mean run", "spread": "samples"}[case_key]] if case_key else [])
    if predix:
        head += ["predix", "GB/s", "% copy"]
    for b in baselines:
        head += [f"{b} GB/s", f"{b} % copy"] + ([f"× {b}"] if predix else [])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for key in sorted(by_case, key=lambda k: sort_key(next(iter(by_case[k].values())))):
        impls = by_case[key]
        first = next(iter(impls.values()))
        lead = [first["type"], f"2^{first['log2n']}"] + ([case_label(first)] if case_key else [])
        for p in predix or [None]:
            cells = list(lead)
            pr = impls.get(p) if p else None
            if predix:
                cells += [p.replace("predix_", ""), fmt_gbps(pr and pr["gbps"]), fmt_pct(pr and pr["frac"])]
            for b in baselines:
                br = impls.get(b)
                cells += [fmt_gbps(br and br["gbps"]), fmt_pct(br and br["frac"])]
                if predix:
                    cells.append(fmt_x(pr["gbps"] / br["gbps"] if pr and br and br["gbps"] > 0 else None))
            lines.append("| " + " | ".join(cells) + " |")
    return lines


def summary(rows, platform):
    """% of copy of every implementation at the reference size (2^28, or the largest run) with
    50% selected (find: no match, the whole range read; by key: runs of 8): the numbers of DESIGN.md §8."""
    rows = [r for r in rows if r["platform"] == platform
            and (r["case"] in ("50", "", "none") or (r["case_key"] == "run" and r["case"] == "8"))]
    if not rows:
        return []
    sizes = {r["log2n"] for r in rows}
    ref = 28 if 28 in sizes else max(sizes)
    rows = [r for r in rows if r["log2n"] == ref]
    impls = sorted({r["impl"] for r in rows}, key=impl_key)
    cells = defaultdict(dict)
    for r in rows:
        cells[(r["algo"], r["type"])][r["impl"]] = r
    lines = [f"### Summary ({platform}): GB/s and % of copy at n = 2^{ref}, 50% selected (find_if/any_of/all_of: no match; by key: runs of 8)",
             "", "| algorithm | type | " + " | ".join(impls) + " |", "|---|---|" + "---|" * len(impls)]
    for (algo, type_) in sorted(cells, key=lambda k: (k[0], sort_key({"type": k[1], "log2n": 0, "case": ""}))):
        row = cells[(algo, type_)]
        vals = [f"{fmt_gbps(row[i]['gbps'])} ({fmt_pct(row[i]['frac'])})" if i in row else "—" for i in impls]
        lines.append(f"| {algo} | {type_} | " + " | ".join(vals) + " |")
    return lines + [""]


def plot(rows, platform, algo, type_, copy, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cases = sorted({r["case"] for r in rows}, key=lambda c: CASE_ORDER.index(c) if c in CASE_ORDER else 99)
    impls = sorted({r["impl"] for r in rows}, key=impl_key)
    fig, axes = plt.subplots(1, len(cases), figsize=(4.2 * len(cases) + 0.8, 3.6), sharey=True, squeeze=False)
    for ax, case in zip(axes[0], cases):
        for i, impl in enumerate(impls):
            pts = sorted((r["log2n"], r["gbps"]) for r in rows if r["case"] == case and r["impl"] == impl)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o" if is_predix(impl) else "s",
                        linestyle="-" if is_predix(impl) else "--", label=impl)
        if copy > 0:
            ax.axhline(copy, color="gray", linestyle=":", linewidth=1, label="copy")
        sample = next(r for r in rows if r["case"] == case)
        label = case_label(sample)
        titles = {"sel": f"{label} selected", "hit": f"match {label}", "run": f"runs of {label} (mean)"}
        ax.set_title(titles.get(sample["case_key"], algo), fontsize=10)
        sizes = sorted({r["log2n"] for r in rows})
        ax.set_xticks(sizes)
        ax.set_xticklabels([f"$2^{{{k}}}$" for k in sizes])
        ax.set_xlabel("n (items)")
        ax.set_yscale("log")
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].set_ylabel("GB/s")
    axes[0][-1].legend(fontsize=8, loc="lower right")
    fig.suptitle(f"{algo} · {type_} · {platform}", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def git_commit():
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        sha = subprocess.run(["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", here, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return sha + (" (with uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def machine_name(contexts):
    if "cuda" in contexts and contexts["cuda"].get("device_name"):
        return slug(contexts["cuda"]["device_name"])
    ctx = next(iter(contexts.values()), {})
    return f"{slug(ctx.get('cpu_name') or ctx.get('host_name', 'host'))}-{ctx.get('num_cpus', '')}cpu"


def header(contexts, args, impls):
    lines = [f"# predix benchmarks — {args.machine}", ""]
    for platform, ctx in sorted(contexts.items()):
        lines.append(f"- date: {ctx.get('date', '?')}")
        if platform == "cuda":
            lines.append(f"- device: {ctx.get('device_name', '?')} (compute capability {ctx.get('device_cc', '?')}, "
                         f"{float(ctx.get('device_memory_GiB', 0)):.0f} GiB, L2 {float(ctx.get('device_l2_MiB', 0)):.0f} MiB, "
                         f"{ctx.get('device_sms', '?')} SMs), CUDA runtime {ctx.get('cuda_runtime', '?')}, "
                         f"driver {ctx.get('cuda_driver', '?')}, CCCL {ctx.get('cccl', '?')}")
            copy_how = "cudaMemcpy device to device"
        else:
            lines.append(f"- CPU: {ctx.get('cpu_name') or '?'}, {ctx.get('num_cpus', '?')} logical CPUs, "
                         f"{ctx.get('omp_threads', '?')} OpenMP threads")
            copy_how = "parallel memcpy, one chunk per thread"
            if ctx.get("absent_baselines"):
                lines.append(f"- baselines not in this build: {ctx['absent_baselines']}")
        if ctx.get("offset_items", "0") != "0":
            lines.append(f"- every buffer starts {ctx['offset_items']} item(s) past a 16-byte boundary (--offset)")
        lines.append(f"- {platform} copy bandwidth: {float(ctx.get('copy_GBps', 0)):.1f} GB/s "
                     f"(bytes read + written, {copy_how})")
        if ctx.get("library_build_type") == "debug":
            lines.append("- note: the Google Benchmark library reports a debug build (its own checks; timing unaffected)")
    lines += [f"- commit: {args.commit or git_commit()}", f"- command: `{args.command}`", "",
              "GB/s = bytes moved (DESIGN.md §8 minimal traffic) / time; % copy = GB/s / copy bandwidth; "
              "× = baseline time / predix time. Baselines: "
              + "; ".join(f"{k}: {v}" for k, v in BASELINE_NAMES.items() if k in impls) + ".", ""]
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json", nargs="+")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"))
    ap.add_argument("--machine", help="report name (default: from the device or CPU name)")
    ap.add_argument("--command", default="perf/report.py " + " ".join(sys.argv[1:]))
    ap.add_argument("--commit", help="commit measured (default: git rev-parse of this tree)")
    ap.add_argument("--no-plots", action="store_true")
    args = ap.parse_args()
    if not args.no_plots:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            print(f"report.py: no matplotlib for {sys.executable}: tables only (apt-get install python3-matplotlib)",
                  file=sys.stderr)
            args.no_plots = True

    contexts, rows, skipped, others = load(args.json)
    if not rows and not skipped:
        sys.exit("report.py: no benchmark rows in " + " ".join(args.json))
    args.machine = args.machine or machine_name(contexts)
    plot_dir = os.path.join(args.out, args.machine)
    os.makedirs(plot_dir, exist_ok=True)

    lines = header(contexts, args, {r["impl"] for r in rows})
    for platform in sorted(contexts):
        lines += summary(rows, platform)
    groups = defaultdict(list)
    for r in rows:
        groups[(r["platform"], r["algo"])].append(r)
    for (platform, algo), group in sorted(groups.items()):
        lines += [f"## {algo} ({platform})", "", f"Bytes: {BYTES.get(algo, '?')}.", ""]
        lines += algo_table(group)
        lines.append("")
        if args.no_plots:
            continue
        copy = float(contexts[platform].get("copy_GBps", 0) or 0)
        for type_ in sorted({r["type"] for r in group}, key=lambda t: sort_key({"type": t, "log2n": 0, "case": ""})):
            name = f"{platform}_{algo}_{type_.replace('>', '_to_').replace('+', '_')}.png"
            plot([r for r in group if r["type"] == type_], platform, algo, type_, copy, os.path.join(plot_dir, name))
            lines.append(f"![{algo} {type_}]({args.machine}/{name})")
        lines.append("")
    if others:
        lines += [f"Rows not in the ALGO/IMPL/TYPE/log2n form, left to the JSON: {', '.join(sorted(others))}.", ""]
    if skipped:
        lines += ["## Skipped", ""] + [f"- {p}: `{n}` — {m}" for p, n, m in skipped] + [""]

    text = "\n".join(lines)
    path = os.path.join(args.out, f"{args.machine}.md")
    with open(path, "w") as f:
        f.write(text)
    print(text)
    print(f"report.py: wrote {path} and the plots in {plot_dir}/", file=sys.stderr)


if __name__ == "__main__":
    main()
