// The declarations in include/FuzzSupport.h are all this target provides: libFuzzer,
// linked by -sanitize=fuzzer, defines the functions. SwiftPM needs one source file per target.
#include "FuzzSupport.h"
