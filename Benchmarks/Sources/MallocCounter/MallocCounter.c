// An allocation counter to preload (LD_PRELOAD=libMallocCounter.so): it wraps glibc's
// allocation functions and, between malloc_counter_begin and malloc_counter_end, counts
// every call. The benchmark finds the two functions with dlsym, so it runs unchanged
// without the counter. Glibc exports the __libc_* functions that it wraps.

#include "MallocCounter.h"

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static int counting;
static long allocations;

static void count_one(void) {
    if (__atomic_load_n(&counting, __ATOMIC_RELAXED)) {
        __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    }
}

void malloc_counter_begin(void) {
    __atomic_store_n(&allocations, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&counting, 1, __ATOMIC_SEQ_CST);
}

long malloc_counter_end(void) {
    __atomic_store_n(&counting, 0, __ATOMIC_SEQ_CST);
    return __atomic_load_n(&allocations, __ATOMIC_SEQ_CST);
}

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}
