#ifndef FUZZ_SUPPORT_H
#define FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's built-in mutation of `data` in place, up to `maxSize` bytes; returns the new
/// size. Only for use inside LLVMFuzzerCustomMutator.
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

/// Runs libFuzzer with the command line `argc`/`argv` and the target `callback`: the
/// program's `main` calls it, since SwiftPM gives every executable its own `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
