#!/bin/sh
# Prints what the MVVM runtime costs per operation, measured in a release build:
# Responder sends through a chain, TaskOwner work, and a ChangeRecorder expectation.
# Results are recorded in docs/benchmarks.md.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product MVVMBenchmarks >&2
"$(swift build -c release --show-bin-path)/MVVMBenchmarks"
