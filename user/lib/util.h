/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers every part of zns-stat uses: key-value lists, the clock, growing arrays. */
#ifndef ZNS_STAT_UTIL_H
#define ZNS_STAT_UTIL_H

#include <signal.h>
#include <stddef.h>

/* A small list of text keys and values, in insertion order (metadata, summary). */
struct kv {
	char *key;
	char *value;
};

/* Set key (a new one goes last); 0, or -1 when *n == max or out of memory. */
int kv_set(struct kv *list, int *n, int max, const char *key, const char *value);
/* Its value, or NULL. */
const char *kv_get(const struct kv *list, int n, const char *key);
void kv_free(struct kv *list, int n);

double now_mono(void);	/* seconds, CLOCK_MONOTONIC */

/*
 * Sleep until monotonic time next, or until one of set's signals (blocked
 * by the caller) arrives: 1 for a signal. A loop takes SIGINT and SIGTERM
 * only here, so a file being written is always written whole.
 */
int wait_until_signal(const sigset_t *set, double next);
/*
 * tick(arg) now, then every seconds on a fixed schedule (no burst after
 * falling behind) until SIGINT or SIGTERM, which are blocked and taken only
 * between two ticks; seconds <= 0: once. The status of the only tick, or 0
 * after a signal.
 */
int run_every(double seconds, int (*tick)(void *arg), void *arg);

/*
 * dir is a directory that allows mode (access(2)'s R_OK, W_OK, X_OK): 0;
 * else "zns-stat: OPTION DIR: why" on stderr and -1 (option: "export:
 * --textfile-dir").
 */
int usable_dir(const char *dir, int mode, const char *option);

/*
 * Room for one more element in *arr (a pointer to the array) of n elements
 * of size bytes: 16, then doubling. 0, or -1 out of memory.
 */
int room_for_one(void *arr, int n, size_t size);
/* The terminal's width for a table on standard output; 0: not a terminal. */
int terminal_width(void);

#endif
