// SPDX-License-Identifier: GPL-2.0
/* A state directory's ledgers, read only (ledger_dir.h). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "source/ledger_dir.h"
#include "source/ledger_file.h"

/* NAME.ledger, not hidden (temporaries and the lock are) */
static int ledger_name(const struct dirent *de)
{
	size_t n = strlen(de->d_name), k = strlen(LEDGER_FILE_SUFFIX);

	return de->d_name[0] != '.' && n > k &&
	       !strcmp(de->d_name + n - k, LEDGER_FILE_SUFFIX);
}

/* strcmp, not the locale's order: the same file whoever runs it */
static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* 1: l is the identity's current ledger, not one kept of an older geometry */
static int current(const struct ledger *l, const char *dir, const char *path)
{
	char want[4096];

	ledger_path(want, sizeof(want), dir, l->identity);
	return !strcmp(want, path);
}

int ledger_dir_read(const char *dir, struct ledger **out, int *n, char *err,
		    size_t errlen)
{
	struct dirent **names;
	char path[4096];
	int nr, i;

	*out = NULL;
	*n = 0;
	nr = scandir(dir, &names, ledger_name, by_name);
	if (nr < 0) {
		snprintf(err, errlen, "%s: %s: no lifetime series", dir, strerror(errno));
		return -1;
	}
	for (i = 0; i < nr; i++) {
		struct ledger l;
		int ret;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		free(names[i]);
		ret = ledger_load(&l, path, err, errlen);
		if (ret)	/* gone since (1), or said in err */
			continue;
		if (!current(&l, dir, path)) {
			ledger_free(&l);
			continue;
		}
		if (room_for_one(out, *n, sizeof(**out))) {
			snprintf(err, errlen, "out of memory");
			ledger_free(&l);
			continue;
		}
		(*out)[(*n)++] = l;
	}
	free(names);
	return 0;
}

void ledger_dir_free(struct ledger *l, int n)
{
	int i;

	for (i = 0; i < n; i++)
		ledger_free(&l[i]);
	free(l);
}
