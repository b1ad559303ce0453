#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// Starts counting calls to the allocation functions of this process.
void malloc_counter_begin(void);

/// Stops counting and returns how many allocations there were since the last begin.
long malloc_counter_end(void);

#endif
