// SPDX-License-Identifier: GPL-2.0
/* Small helpers every part of zns-stat uses: key-value lists, the clock, a wait, growing arrays. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/util.h"

double now_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int kv_set(struct kv *list, int *n, int max, const char *key, const char *value)
{
	char *v = strdup(value);
	int i;

	if (!v)
		return -1;
	for (i = 0; i < *n; i++) {
		if (!strcmp(list[i].key, key)) {
			free(list[i].value);
			list[i].value = v;
			return 0;
		}
	}
	if (*n == max || !(list[i].key = strdup(key))) {
		free(v);
		return -1;
	}
	list[i].value = v;
	++*n;
	return 0;
}

const char *kv_get(const struct kv *list, int n, const char *key)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i].key, key))
			return list[i].value;
	return NULL;
}

void kv_free(struct kv *list, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(list[i].key);
		free(list[i].value);
	}
}

/* Full at 16, 32, 64...: grown to 16, then doubled. */
int room_for_one(void *arr, int n, size_t size)
{
	void **p = arr, *grown;

	if (n && (n < 16 || (n & (n - 1))))
		return 0;
	grown = realloc(*p, size * (n ? 2 * n : 16));
	if (!grown)
		return -1;
	*p = grown;
	return 0;
}

int wait_until_signal(const sigset_t *set, double next)
{
	double left = next - now_mono();
	struct timespec ts;

	if (left < 0)
		left = 0;
	ts.tv_sec = (time_t)left;
	ts.tv_nsec = (long)((left - ts.tv_sec) * 1e9);
	for (;;) {
		if (sigtimedwait(set, NULL, &ts) > 0)
			return 1;
		if (errno == EAGAIN)
			return 0;
		/* EINTR (a stop and continue): wait for what is left */
		left = next - now_mono();
		if (left <= 0)
			return 0;
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - ts.tv_sec) * 1e9);
	}
}

int run_every(double seconds, int (*tick)(void *arg), void *arg)
{
	sigset_t set;
	double next;
	int ret;

	/* taken only in wait_until_signal: a tick in progress always completes */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	next = now_mono();
	for (;;) {
		ret = tick(arg);
		if (seconds <= 0)
			return ret;
		next += seconds;
		if (wait_until_signal(&set, next))
			return 0;
		if (next < now_mono() - seconds)	/* fell behind: no burst */
			next = now_mono();
	}
}

int usable_dir(const char *dir, int mode, const char *option)
{
	struct stat st;

	errno = 0;
	if (stat(dir, &st) || !S_ISDIR(st.st_mode) || access(dir, mode)) {
		fprintf(stderr, "zns-stat: %s %s: %s\n", option, dir,
			errno ? strerror(errno) : "not a directory");
		return -1;
	}
	return 0;
}

/*
 * A table fits a terminal (COLUMNS, else its window size), like iostat
 * and lsblk; a pipe or a file gets every column.
 */
int terminal_width(void)
{
	const char *columns = getenv("COLUMNS");
	struct winsize ws;

	if (!isatty(STDOUT_FILENO))
		return 0;
	if (columns && atoi(columns) > 0)
		return atoi(columns);
	if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col)
		return ws.ws_col;
	return 80;
}
