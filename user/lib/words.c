// SPDX-License-Identifier: GPL-2.0
/* Counts in words: the nouns the views share (words.h). */
#include <stdio.h>
#include <string.h>

#include "lib/words.h"

const char *plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static const struct {
	const char *key, *one, *many;
} phrases[] = {
	{ "reset_all", "reset of all zones", "resets of all zones" },
	{ "finish_all", "finish of all zones", "finishes of all zones" },
	{ "open_all", "open of all zones", "opens of all zones" },
	{ "close_all", "close of all zones", "closes of all zones" },
	{ "select_all_errors", "failed select-all command", "failed select-all commands" },
	{ "dropped", "command not attributed to a zone", "commands not attributed to a zone" },
};

void disk_counter_phrase(char *out, size_t n, const char *key, uint64_t v)
{
	size_t i;

	for (i = 0; i < sizeof(phrases) / sizeof(phrases[0]); i++)
		if (!strcmp(key, phrases[i].key)) {
			snprintf(out, n, "%llu %s", (unsigned long long)v,
				 plural(v, phrases[i].one, phrases[i].many));
			return;
		}
	snprintf(out, n, "%s: %llu", key, (unsigned long long)v);
}

const char *disk_counter_noun(const char *key)
{
	size_t i;

	for (i = 0; i < sizeof(phrases) / sizeof(phrases[0]); i++)
		if (!strcmp(key, phrases[i].key))
			return phrases[i].many;
	return key;
}
