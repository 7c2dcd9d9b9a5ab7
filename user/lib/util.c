// SPDX-License-Identifier: GPL-2.0
/* Small helpers every part of zns-stat uses: key-value lists, the clock, growing arrays. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
